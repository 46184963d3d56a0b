/* bench/metrics_bench.c - what ludexd's metrics cost, measured apart from the noise of a busy
 * machine: the time of one update of each kind the hot paths make (a request counted and
 * timed, a move counted, a commit observed), with one thread and with two threads updating at
 * once (the loop and the commit thread share the registry's lock), and the time of one scrape
 * of the whole registry as the server holds it.
 *
 *   metrics_bench [ITERATIONS]     (default 2,000,000)
 *
 * Prints ns per update and us per scrape; bench/ops_bench metrics relates them to ludexd's CPU
 * time per move.  It uses the service's own registry (service/metrics.c and
 * metrics_families.c), not a copy. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "service/plumbing.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What the hot paths do for one HTTP move: the answer counted and timed, the move counted. */
static void one_move(srv *s)
{
    svc_metric_request(s, SVC_DOOR_HTTP, "200", 0.0012);
    svc_metric_move(s, SVC_DOOR_HTTP, G_HEX);
}

typedef struct run {
    srv *s;
    long n;
} run;

static void *commits(void *arg)
{
    run *r = arg;
    srv_metrics *m = plumbing_of(r->s)->metrics;
    for (long i = 0; i < r->n; i++) {
        metric_observe(m->commit_seconds, NULL, 0.002);
        metric_observe(m->batch_ops, NULL, 12);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 2000000;
    srv_plumbing p = {stdout, srv_metrics_new(), 0, 0, 0};
    srv *s = (srv *)&p;
    if (!p.metrics || n <= 0)
        return 1;
    double t = now();
    for (long i = 0; i < n; i++)
        one_move(s);
    double alone = (now() - t) / (double)n * 1e9;
    run r = {s, n};
    pthread_t th;
    t = now();
    pthread_create(&th, NULL, commits, &r);
    for (long i = 0; i < n; i++)
        one_move(s);
    pthread_join(th, NULL);
    double shared = (now() - t) / (double)n * 1e9;
    lx_buf text = LX_BUF_INIT;
    int scrapes = 2000;
    t = now();
    for (int i = 0; i < scrapes; i++) {
        lx_buf_clear(&text);
        metrics_text(p.metrics->reg, &text);
    }
    double scrape = (now() - t) / scrapes * 1e6;
    printf("metrics: one move's updates (request counted and timed, move counted) %.0f ns alone, %.0f ns with the"
           " commit thread observing at the same time; one scrape (%zu bytes) %.0f us\n",
           alone, shared, text.len, scrape);
    lx_buf_free(&text);
    srv_metrics_free(p.metrics);
    return 0;
}

/* check_jobs.c - the worker pool of `ludex check -j N`: items checked on N
 * threads, delivered on the calling thread in the order of the list.
 *
 * Workers take the next item from a shared counter, run `work` (which only
 * fills in that item's result: the library has no mutable globals, so
 * documents on different threads never meet), mark it done and wake the
 * calling thread.  That thread waits for item 0, delivers it (prints), then
 * item 1, and so on, calling `tick` every 200 ms while it waits (the
 * progress line).  Workers stay at most WINDOW items ahead of the delivery,
 * so the results waiting to be printed stay few whatever the number of
 * files.  With one job, or when no thread starts, all of it runs on the
 * calling thread, in the same order. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "cli/check.h"

enum { MAX_THREADS = 256, WINDOW_PER_JOB = 4, TICK_MS = 200 };

typedef struct pool {
    const check_pool_spec *s;
    pthread_mutex_t mu;
    pthread_cond_t cv;       /* an item done, or room to work ahead */
    unsigned char *done;     /* per item */
    size_t next, delivered, window;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (p->next < p->s->n && p->next >= p->delivered + p->window)
            pthread_cond_wait(&p->cv, &p->mu);
        size_t i = p->next < p->s->n ? p->next++ : p->s->n;
        pthread_mutex_unlock(&p->mu);
        if (i == p->s->n)
            return NULL;
        p->s->work(p->s->ctx, i);
        pthread_mutex_lock(&p->mu);
        p->done[i] = 1;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
}

static void run_here(const check_pool_spec *s)
{
    for (size_t i = 0; i < s->n; i++) {
        s->work(s->ctx, i);
        s->deliver(s->ctx, i);
        if (s->tick)
            s->tick(s->ctx);
    }
}

static struct timespec deadline_after(long ms)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += ms * 1000000L;
    ts.tv_sec += ts.tv_nsec / 1000000000L;
    ts.tv_nsec %= 1000000000L;
    return ts;
}

/* Wait for item i, ticking meanwhile; the mutex is held on entry and exit. */
static void wait_for(pool *p, size_t i)
{
    while (!p->done[i]) {
        struct timespec ts = deadline_after(TICK_MS);
        if (pthread_cond_timedwait(&p->cv, &p->mu, &ts) != 0 && !p->done[i] && p->s->tick) {
            pthread_mutex_unlock(&p->mu);
            p->s->tick(p->s->ctx);
            pthread_mutex_lock(&p->mu);
        }
    }
}

static void deliver_all(pool *p)
{
    for (size_t i = 0; i < p->s->n; i++) {
        pthread_mutex_lock(&p->mu);
        wait_for(p, i);
        pthread_mutex_unlock(&p->mu);
        p->s->deliver(p->s->ctx, i);
        pthread_mutex_lock(&p->mu);
        p->delivered++;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
}

void check_pool_run(const check_pool_spec *s)
{
    size_t want = s->jobs < 1 ? 1 : (size_t)s->jobs;
    if (want > s->n)
        want = s->n;
    if (want > MAX_THREADS)
        want = MAX_THREADS;
    pool p = {s, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, want * WINDOW_PER_JOB};
    pthread_t *threads = want > 1 ? malloc(want * sizeof *threads) : NULL;
    p.done = threads ? calloc(s->n, 1) : NULL;
    size_t started = 0;
    while (p.done && started < want && pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    if (started == 0) {
        run_here(s);
    } else {
        deliver_all(&p);
        for (size_t k = 0; k < started; k++)
            pthread_join(threads[k], NULL);
    }
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.mu);
    free(p.done);
    free(threads);
}

/* bot/pool.c - the bots' worker threads.
 *
 * Each worker keeps its own engine processes (one per bot, started when
 * first needed) and takes jobs from one queue (a work queue, workq.c); an
 * answered job goes on the done list and one byte down the loop's pipe, and
 * the loop plays it.  Stopping kills the engines, so a worker blocked on a
 * long answer returns at once; jobs still queued are not thought, and they
 * and the answers not taken are freed. */
#include <signal.h>
#include <stdlib.h>

#include "bot/bot_int.h"

struct bot_pool {
    const bot_config *cfg;
    workq *q;
    bot_engines engines[WORKQ_MAX_THREADS]; /* worker i's */
};

static void think(workq_job *w, void *shared, int thread)
{
    bot_pool *p = shared;
    bot_think(p->cfg, &p->engines[thread], WORKQ_JOB_OF(w, bot_job, wq));
}

/* cfg->workers workers, 1 to 8. */
bot_pool *bot_pool_start(const bot_config *cfg, int notify_fd)
{
    bot_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->cfg = cfg;
    workq_setup setup = {.threads = cfg->workers, .notify_fd = notify_fd, .shared = p, .finish_queued = 0};
    if (!(p->q = workq_start(&setup))) {
        free(p);
        return NULL;
    }
    return p;
}

void bot_pool_submit(bot_pool *p, bot_job *j)
{
    j->wq.run = think;
    workq_submit(p->q, &j->wq);
}

bot_job *bot_pool_take_done(bot_pool *p)
{
    workq_job *w = workq_take_done(p->q);
    return w ? WORKQ_JOB_OF(w, bot_job, wq) : NULL;
}

static void discard_job(workq_job *w)
{
    bot_job_free(WORKQ_JOB_OF(w, bot_job, wq));
}

void bot_pool_stop(bot_pool *p)
{
    if (!p)
        return;
    int n = workq_threads(p->q);
    workq_close(p->q);
    /* a worker waiting on an engine's answer sees the pipe close at once */
    for (int i = 0; i < n; i++)
        for (int b = 0; b < BOT_MAX; b++)
            if (p->engines[i].proc[b].pid > 0)
                kill(p->engines[i].proc[b].pid, SIGKILL);
    workq_stop(p->q, discard_job);
    for (int i = 0; i < n; i++)
        bot_engines_stop(&p->engines[i]);
    free(p);
}

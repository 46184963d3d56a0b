/* bot/pool.c - the bots' worker threads.
 *
 * Each worker keeps its own engine processes (one per bot, started when
 * first needed) and takes jobs from one queue; an answered job goes on the
 * done list and one byte down the loop's pipe, and the loop plays it.
 * Stopping kills the engines, so a worker blocked on a long answer returns at
 * once. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/bot_int.h"

#define POOL_MAX_WORKERS 8

struct bot_pool {
    const bot_config *cfg;
    pthread_mutex_t lock;
    pthread_cond_t more;
    bot_job *todo, *todo_tail, *done, *done_tail;
    int stop;
    int notify_fd;
    int nworkers;
    int started;              /* workers that have taken their engines */
    pthread_t threads[POOL_MAX_WORKERS];
    bot_engines engines[POOL_MAX_WORKERS];
};

static void put_done(bot_pool *p, bot_job *j)
{
    j->next = NULL;
    if (p->done_tail)
        p->done_tail->next = j;
    else
        p->done = j;
    p->done_tail = j;
    char b = 'b';
    if (write(p->notify_fd, &b, 1) < 0) {
        /* the pipe is full: the loop is awake already */
    }
}

static void *worker(void *arg)
{
    bot_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    bot_engines *engines = &p->engines[p->started++];
    for (;;) {
        while (!p->todo && !p->stop)
            pthread_cond_wait(&p->more, &p->lock);
        if (p->stop)
            break;
        bot_job *j = p->todo;
        p->todo = j->next;
        if (!p->todo)
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->lock);
        bot_think(p->cfg, engines, j);
        pthread_mutex_lock(&p->lock);
        put_done(p, j);
    }
    pthread_mutex_unlock(&p->lock);
    bot_engines_stop(engines);
    return NULL;
}

bot_pool *bot_pool_start(const bot_config *cfg, int notify_fd)
{
    bot_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->cfg = cfg;
    p->notify_fd = notify_fd;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->more, NULL);
    int want = cfg->workers < 1 ? 1 : cfg->workers > POOL_MAX_WORKERS ? POOL_MAX_WORKERS : cfg->workers;
    for (int i = 0; i < want; i++)
        if (pthread_create(&p->threads[p->nworkers], NULL, worker, p) == 0)
            p->nworkers++;
    if (p->nworkers == 0) {
        bot_pool_stop(p);
        return NULL;
    }
    return p;
}

void bot_pool_submit(bot_pool *p, bot_job *j)
{
    pthread_mutex_lock(&p->lock);
    j->next = NULL;
    if (p->todo_tail)
        p->todo_tail->next = j;
    else
        p->todo = j;
    p->todo_tail = j;
    pthread_cond_signal(&p->more);
    pthread_mutex_unlock(&p->lock);
}

bot_job *bot_pool_take_done(bot_pool *p)
{
    pthread_mutex_lock(&p->lock);
    bot_job *j = p->done;
    p->done = p->done_tail = NULL;
    pthread_mutex_unlock(&p->lock);
    return j;
}

static void free_list(bot_job *j)
{
    while (j) {
        bot_job *next = j->next;
        bot_job_free(j);
        j = next;
    }
}

void bot_pool_stop(bot_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->lock);
    /* a worker waiting on an engine's answer sees the pipe close at once */
    for (int i = 0; i < p->nworkers; i++)
        for (int b = 0; b < BOT_MAX; b++)
            if (p->engines[i].proc[b].pid > 0)
                kill(p->engines[i].proc[b].pid, SIGKILL);
    for (int i = 0; i < p->nworkers; i++)
        pthread_join(p->threads[i], NULL);
    free_list(p->todo);
    free_list(p->done);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->more);
    free(p);
}

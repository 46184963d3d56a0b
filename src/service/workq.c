/* service/workq.c - a work queue: worker threads run jobs off the event loop and hand them back
 * through a done list and a byte on the loop's wake-up pipe (workq.h says how it is used).
 * One mutex guards both lists and the stop flag; the condition variable wakes the workers. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "service/workq.h"

typedef struct job_list {
    workq_job *head, *tail;
} job_list;

typedef struct worker {
    workq *q;
    int index;
} worker;

struct workq {
    workq_setup setup;
    pthread_mutex_t lock;
    pthread_cond_t more;
    job_list todo, done;
    int stop;
    int nthreads;
    pthread_t threads[WORKQ_MAX_THREADS];
    worker workers[WORKQ_MAX_THREADS];
};

static void list_push(job_list *l, workq_job *j)
{
    j->next = NULL;
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
}

static workq_job *list_pop(job_list *l)
{
    workq_job *j = l->head;
    if (j && !(l->head = j->next))
        l->tail = NULL;
    return j;
}

/* Under the lock: the next job this worker should run, or NULL when it should leave. */
static workq_job *next_job(workq *q)
{
    while (!q->todo.head && !q->stop)
        pthread_cond_wait(&q->more, &q->lock);
    if (q->stop && !q->setup.finish_queued)
        return NULL;
    return list_pop(&q->todo); /* NULL: stopping, and nothing left to run */
}

static void *work(void *arg)
{
    worker *w = arg;
    workq *q = w->q;
    pthread_mutex_lock(&q->lock);
    workq_job *j;
    while ((j = next_job(q))) {
        pthread_mutex_unlock(&q->lock);
        j->run(j, q->setup.shared, w->index);
        pthread_mutex_lock(&q->lock);
        list_push(&q->done, j);
        char b = 'w';
        if (write(q->setup.notify_fd, &b, 1) < 0) {
            /* the pipe is full: the loop is awake already */
        }
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

workq *workq_start(const workq_setup *setup)
{
    workq *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->setup = *setup;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->more, NULL);
    int want = setup->threads < 1 ? 1 : setup->threads > WORKQ_MAX_THREADS ? WORKQ_MAX_THREADS : setup->threads;
    for (int i = 0; i < want; i++) {
        worker *w = &q->workers[q->nthreads];
        w->q = q;
        w->index = q->nthreads;
        if (pthread_create(&q->threads[q->nthreads], NULL, work, w) == 0)
            q->nthreads++;
    }
    if (q->nthreads == 0) {
        workq_stop(q, NULL);
        return NULL;
    }
    return q;
}

int workq_threads(const workq *q)
{
    return q->nthreads;
}

void workq_submit(workq *q, workq_job *j)
{
    pthread_mutex_lock(&q->lock);
    list_push(&q->todo, j);
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
}

workq_job *workq_take_done(workq *q)
{
    pthread_mutex_lock(&q->lock);
    workq_job *j = list_pop(&q->done);
    pthread_mutex_unlock(&q->lock);
    return j;
}

void workq_close(workq *q)
{
    pthread_mutex_lock(&q->lock);
    q->stop = 1;
    pthread_cond_broadcast(&q->more);
    pthread_mutex_unlock(&q->lock);
}

static void discard_list(job_list *l, void (*discard)(workq_job *j))
{
    for (workq_job *j; (j = list_pop(l));)
        discard(j);
}

void workq_stop(workq *q, void (*discard)(workq_job *j))
{
    if (!q)
        return;
    workq_close(q);
    for (int i = 0; i < q->nthreads; i++)
        pthread_join(q->threads[i], NULL);
    if (discard) {
        discard_list(&q->todo, discard);
        discard_list(&q->done, discard);
    }
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->more);
    free(q);
}

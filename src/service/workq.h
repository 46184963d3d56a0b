/* service/workq.h - a work queue: worker threads run jobs off the event loop and hand them back.
 *
 * Jobs are taken in the order they were submitted (FIFO) by one or more threads; a job run goes
 * on the done list (oldest first) and one byte down notify_fd, the loop's wake-up pipe, and the
 * loop takes the done jobs (workq_take_done) and finishes them.  The job is intrusive: embed a
 * workq_job in the job's struct and get back to it with WORKQ_JOB_OF.  Used by the password
 * hashing threads (hashpool.c), the store thread (dbjobs.c) and the bots' workers (bot/pool.c). */
#ifndef LUDEX_SERVICE_WORKQ_H
#define LUDEX_SERVICE_WORKQ_H

#include <stddef.h>

#define WORKQ_MAX_THREADS 8

typedef struct workq_job workq_job;
struct workq_job {
    workq_job *next;
    /* On a worker thread: `shared` is the queue's (workq_setup), `thread` the worker's index,
     * 0 .. workq_threads() - 1, for what each worker keeps of its own. */
    void (*run)(workq_job *j, void *shared, int thread);
};

/* The struct of type `type` whose member `member` (a workq_job) is at ptr. */
#define WORKQ_JOB_OF(ptr, type, member) ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

typedef struct workq_setup {
    int threads;        /* how many workers: at least 1, at most WORKQ_MAX_THREADS */
    int notify_fd;      /* one byte written here per job run (a full pipe: the loop is awake) */
    void *shared;       /* handed to every run */
    int finish_queued;  /* when stopping: 1 run the jobs still queued first, 0 leave them unrun */
} workq_setup;

typedef struct workq workq;

/* The queue and its threads (as many as could be started); NULL when none could be. */
workq *workq_start(const workq_setup *setup);
/* Workers started (the indexes runs see are below it). */
int workq_threads(const workq *q);
/* Queue j (its run set) for the workers. */
void workq_submit(workq *q, workq_job *j);
/* The oldest job run and not taken yet, or NULL. */
workq_job *workq_take_done(workq *q);
/* Tell the workers to stop: each leaves after its current job (with finish_queued, once the
 * queue is empty).  Returns at once; workq_stop waits for them. */
void workq_close(workq *q);
/* Close, wait for the workers, hand every job left (unrun, or run and not taken) to discard,
 * and free the queue.  NULL: nothing. */
void workq_stop(workq *q, void (*discard)(workq_job *j));

#endif

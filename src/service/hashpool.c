/* service/hashpool.c - argon2id off the event loop.
 *
 * crypto_pwhash_str and crypto_pwhash_str_verify take tens of milliseconds
 * and tens of megabytes by design; run on the loop they would stall every
 * connection.  A few threads (a work queue, workq.c) take jobs in order,
 * do the work, put the job on a done queue and write one byte to the loop's
 * wake-up pipe; the loop then runs each job's `done` function.  A job holds
 * the password only until it is freed, and it is wiped then. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "service/bridge.h"

struct hashpool {
    workq *q;
    unsigned long long ops;
    size_t mem;
};

static void run_job(workq_job *w, void *shared, int thread)
{
    (void)thread;
    hashpool *p = shared;
    hash_job *j = WORKQ_JOB_OF(w, hash_job, wq);
    if (j->verify) {
        j->ok = j->hash && crypto_pwhash_str_verify(j->hash, j->password, strlen(j->password)) == 0;
        return;
    }
    j->hash = malloc(crypto_pwhash_STRBYTES);
    j->ok = j->hash && crypto_pwhash_str(j->hash, j->password, strlen(j->password), p->ops, p->mem) == 0;
}

/* 1 to 8 threads (threads is clamped). */
hashpool *hashpool_start(int threads, unsigned long long ops, size_t mem, int notify_fd)
{
    hashpool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->ops = ops;
    p->mem = mem;
    workq_setup setup = {.threads = threads, .notify_fd = notify_fd, .shared = p, .finish_queued = 0};
    if (!(p->q = workq_start(&setup))) {
        free(p);
        return NULL;
    }
    return p;
}

static void discard_job(workq_job *w)
{
    hash_job_free(WORKQ_JOB_OF(w, hash_job, wq));
}

/* The threads finish the job in hand; jobs still queued are not run, and they and the answers
 * not taken are freed (their passwords wiped): the doors have let their clients go. */
void hashpool_stop(hashpool *p)
{
    if (!p)
        return;
    workq_stop(p->q, discard_job);
    free(p);
}

void hashpool_submit(hashpool *p, hash_job *j)
{
    j->wq.run = run_job;
    workq_submit(p->q, &j->wq);
}

hash_job *hashpool_take_done(hashpool *p)
{
    workq_job *w = workq_take_done(p->q);
    return w ? WORKQ_JOB_OF(w, hash_job, wq) : NULL;
}

void hash_job_free(hash_job *j)
{
    if (!j)
        return;
    if (j->password) {
        sodium_memzero(j->password, strlen(j->password));
        free(j->password);
    }
    free(j->hash);
    free(j);
}

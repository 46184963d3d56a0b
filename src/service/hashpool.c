/* service/hashpool.c - argon2id off the event loop.
 *
 * crypto_pwhash_str and crypto_pwhash_str_verify take tens of milliseconds
 * and tens of megabytes by design; run on the loop they would stall every
 * connection.  A few threads take jobs from a queue, do the work, put the
 * job on a done queue and write one byte to the loop's wake-up pipe; the
 * loop then runs each job's `done` function.  A job holds the password only
 * until it is freed, and it is wiped then. */
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "service/svc_int.h"

struct hashpool {
    pthread_mutex_t lock;
    pthread_cond_t more;
    hash_job *todo, *todo_tail, *done;
    int stop;
    int notify_fd;
    unsigned long long ops;
    size_t mem;
    int nthreads;
    pthread_t threads[8];
};

static void run_job(hashpool *p, hash_job *j)
{
    if (j->verify) {
        j->ok = j->hash && crypto_pwhash_str_verify(j->hash, j->password, strlen(j->password)) == 0;
        return;
    }
    j->hash = malloc(crypto_pwhash_STRBYTES);
    j->ok = j->hash && crypto_pwhash_str(j->hash, j->password, strlen(j->password), p->ops, p->mem) == 0;
}

static void *worker(void *arg)
{
    hashpool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->todo && !p->stop)
            pthread_cond_wait(&p->more, &p->lock);
        if (p->stop)
            break;
        hash_job *j = p->todo;
        p->todo = j->next;
        if (!p->todo)
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->lock);
        run_job(p, j);
        pthread_mutex_lock(&p->lock);
        j->next = p->done;
        p->done = j;
        char b = 'h';
        if (write(p->notify_fd, &b, 1) < 0) {
            /* the pipe is full: the loop is awake already */
        }
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

hashpool *hashpool_start(int threads, unsigned long long ops, size_t mem, int notify_fd)
{
    hashpool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->more, NULL);
    p->notify_fd = notify_fd;
    p->ops = ops;
    p->mem = mem;
    if (threads < 1)
        threads = 1;
    if (threads > 8)
        threads = 8;
    for (int i = 0; i < threads; i++)
        if (pthread_create(&p->threads[p->nthreads], NULL, worker, p) == 0)
            p->nthreads++;
    if (p->nthreads == 0) {
        hashpool_stop(p);
        return NULL;
    }
    return p;
}

void hashpool_stop(hashpool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    for (hash_job *j = p->todo, *nx; j; j = nx) {
        nx = j->next;
        hash_job_free(j);
    }
    for (hash_job *j = p->done, *nx; j; j = nx) {
        nx = j->next;
        hash_job_free(j);
    }
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->more);
    free(p);
}

void hashpool_submit(hashpool *p, hash_job *j)
{
    j->next = NULL;
    pthread_mutex_lock(&p->lock);
    if (p->todo_tail)
        p->todo_tail->next = j;
    else
        p->todo = j;
    p->todo_tail = j;
    pthread_cond_signal(&p->more);
    pthread_mutex_unlock(&p->lock);
}

hash_job *hashpool_take_done(hashpool *p)
{
    pthread_mutex_lock(&p->lock);
    hash_job *j = p->done;
    if (j)
        p->done = j->next;
    pthread_mutex_unlock(&p->lock);
    return j;
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

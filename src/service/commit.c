/* service/commit.c - group commit: many changes, one transaction, then OK.
 *
 * The loop adds changes (store_op) to the open batch and learns the batch's
 * sequence number; the reply that depends on them is held until that batch
 * has committed.  One commit thread takes the open batch whenever it is idle
 * and the batch is not empty, commits it in one transaction (one fsync for
 * all of its moves), publishes its number as committed and wakes the loop
 * through the pipe.  While it commits, the next batch fills up: the busier
 * the server, the bigger the batches, and the cost of durability is shared.
 *
 * A failed commit leaves memory ahead of the file: the loop is told, and
 * ludexd stops without acknowledging anything of that batch (a restart
 * loads the file, which is the truth). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "service/svc_int.h"

typedef struct batch {
    store_op *ops;
    size_t n, cap;
} batch;

struct commit_queue {
    pthread_mutex_t lock;
    pthread_cond_t more;
    pthread_t thread;
    store *w;
    int notify_fd;
    batch open;
    uint64_t open_seq;     /* the number of the open batch */
    uint64_t committed;    /* the last batch committed */
    int failed;
    char err[256];
    int stop;
    uint64_t nbatches, nops;
};

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static void op_free(store_op *op)
{
    store_user_clear(&op->user);
    store_game_clear(&op->game);
    free(op->move.text);
}

static int op_copy(store_op *dst, const store_op *src)
{
    *dst = *src;
    dst->user.pwhash = dup_or_null(src->user.pwhash);
    dst->user.email = dup_or_null(src->user.email);
    dst->game.options = dup_or_null(src->game.options);
    dst->game.state = dup_or_null(src->game.state);
    dst->move.text = dup_or_null(src->move.text);
    if ((src->user.pwhash && !dst->user.pwhash) || (src->user.email && !dst->user.email) ||
        (src->game.options && !dst->game.options) || (src->game.state && !dst->game.state) ||
        (src->move.text && !dst->move.text)) {
        op_free(dst);
        return -1;
    }
    return 0;
}

static void batch_clear(batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        op_free(&b->ops[i]);
    b->n = 0;
}

static void wake_loop(commit_queue *q)
{
    char c = 'c';
    if (write(q->notify_fd, &c, 1) < 0) {
        /* the pipe is full: the loop will look anyway */
    }
}

static void *committer(void *arg)
{
    commit_queue *q = arg;
    batch work = {0};
    pthread_mutex_lock(&q->lock);
    for (;;) {
        while (q->open.n == 0 && !q->stop)
            pthread_cond_wait(&q->more, &q->lock);
        if (q->open.n == 0 && q->stop)
            break;
        batch t = work;
        work = q->open;
        q->open = t;
        uint64_t seq = q->open_seq++;
        pthread_mutex_unlock(&q->lock);
        char err[256];
        int rc = q->w->be->commit(q->w, work.ops, work.n, err, sizeof err);
        size_t n = work.n;
        batch_clear(&work);
        pthread_mutex_lock(&q->lock);
        if (rc != 0 && !q->failed) {
            q->failed = 1;
            snprintf(q->err, sizeof q->err, "%s", err);
        }
        if (rc == 0) {
            q->committed = seq;
            q->nbatches++;
            q->nops += n;
        }
        wake_loop(q);
        if (rc != 0)
            break;
    }
    pthread_mutex_unlock(&q->lock);
    free(work.ops);
    return NULL;
}

commit_queue *commit_start(srv *s, store *w, int notify_fd)
{
    (void)s;
    commit_queue *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->more, NULL);
    q->w = w;
    q->notify_fd = notify_fd;
    q->open_seq = 1;
    if (pthread_create(&q->thread, NULL, committer, q) != 0) {
        free(q);
        return NULL;
    }
    return q;
}

void commit_stop(commit_queue *q)
{
    if (!q)
        return;
    pthread_mutex_lock(&q->lock);
    q->stop = 1;
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->thread, NULL);
    batch_clear(&q->open);
    free(q->open.ops);
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->more);
    free(q);
}

uint64_t commit_add(commit_queue *q, const store_op *op)
{
    uint64_t seq = 0;
    pthread_mutex_lock(&q->lock);
    if (q->open.n == q->open.cap) {
        size_t cap = q->open.cap ? q->open.cap * 2 : 64;
        store_op *ops = realloc(q->open.ops, cap * sizeof *ops);
        if (!ops)
            goto out;
        q->open.ops = ops;
        q->open.cap = cap;
    }
    if (op_copy(&q->open.ops[q->open.n], op) != 0)
        goto out;
    q->open.n++;
    seq = q->open_seq;
    pthread_cond_signal(&q->more);
out:
    pthread_mutex_unlock(&q->lock);
    return seq;
}

uint64_t commit_done(commit_queue *q, int *failed, char *err, size_t errcap)
{
    pthread_mutex_lock(&q->lock);
    uint64_t c = q->committed;
    *failed = q->failed;
    if (q->failed)
        snprintf(err, errcap, "%s", q->err);
    pthread_mutex_unlock(&q->lock);
    return c;
}

void commit_stats(commit_queue *q, uint64_t *batches, uint64_t *ops)
{
    pthread_mutex_lock(&q->lock);
    *batches = q->nbatches;
    *ops = q->nops;
    pthread_mutex_unlock(&q->lock);
}

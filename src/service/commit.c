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
 * A batch's conditional ops (store_op's guard: another server wrote the
 * board first) may be refused one by one while the rest commits: their
 * boards are noted with the batch's number (commit_take_conflicts), and the
 * loop reloads those boards and answers their movers as on fresh memory.
 * Between batches the thread also reserves blocks of ids the loop asks for
 * (commit_ask_ids; with SQLite: the store thread does with PostgreSQL), so
 * creating a game does not wait for the database.
 *
 * A commit refused because the disk is full (STORE_FULL) is kept, with
 * every batch after it, until the loop takes them (commit_take_refused): the
 * loop then puts the games and users they touched back to the store's state
 * and answers their requests ERR STORAGE_FULL; later batches are tried
 * again, so writes resume by themselves when space returns.  Any other
 * failure leaves memory ahead of a file whose state is unknown: the loop is
 * told, and ludexd stops without acknowledging anything of that batch (a
 * restart loads the file, which is the truth). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "service/bridge.h"

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
    int refusing;          /* the store is full: batches are refused until the loop takes them */
    uint64_t last_good;    /* the last batch actually committed */
    refused_batch *refused;
    char full_err[256];
    int stop;
    int held;              /* the loop is adding ops that must share one batch */
    uint64_t nbatches, nops;
    unsigned char *refused_ops;  /* per op of the batch being committed: a conditional op refused */
    size_t refused_cap;
    commit_conflict *conflicts;  /* boards whose conditional ops were refused, for the loop */
    size_t nconflicts, conflicts_cap;
    int want_ids[IDS_KINDS];     /* the loop asks for a block of so many ids ... */
    int64_t spare_ids[IDS_KINDS]; /* ... and finds its first here (0: none yet) */
    srv_metrics *metrics;        /* each batch's commit time and size observed (NULL: none) */
};

static void batch_clear(batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        store_op_clear(&b->ops[i]);
    b->n = 0;
}

static void wake_loop(commit_queue *q)
{
    char c = 'c';
    if (write(q->notify_fd, &c, 1) < 0) {
        /* the pipe is full: the loop will look anyway */
    }
}

/* Keep a refused batch's ops for the loop, which puts memory back to the
 * store's state (caller holds the lock; the batch's ops move into the node). */
static void keep_refused(commit_queue *q, batch *b, uint64_t seq)
{
    refused_batch *r = calloc(1, sizeof *r);
    if (!r) { /* cannot tell the loop what to undo: stop, as for an unknown state */
        q->failed = 1;
        snprintf(q->err, sizeof q->err, "out of memory while refusing a batch");
        batch_clear(b);
        return;
    }
    r->seq = seq;
    r->ops = b->ops;
    r->n = b->n;
    *b = (batch){0};
    r->next = q->refused;
    q->refused = r;
}

/* One batch: committed, refused (the store is full: this one and every one
 * after it until the loop has undone them), or a failure that stops. */
static void settle_batch(commit_queue *q, batch *work, uint64_t seq, int rc, const char *err)
{
    if (rc == STORE_FULL || (rc == 0 && q->refusing)) {
        if (!q->refusing)
            snprintf(q->full_err, sizeof q->full_err, "%s", err);
        q->refusing = 1;
        keep_refused(q, work, seq);
    } else if (rc != 0) {
        if (!q->failed) {
            q->failed = 1;
            snprintf(q->err, sizeof q->err, "%s", err);
        }
        batch_clear(work);
        return;
    } else {
        q->nbatches++;
        q->nops += work->n;
        q->last_good = seq;
        batch_clear(work);
    }
    q->committed = seq;
}

/* Note the boards of the refused ops of batch seq (caller holds the lock); 0, or -1 out of memory. */
static int note_conflicts(commit_queue *q, const batch *work, uint64_t seq)
{
    for (size_t i = 0; i < work->n; i++) {
        if (!q->refused_ops[i])
            continue;
        if (q->nconflicts == q->conflicts_cap) {
            size_t cap = q->conflicts_cap ? q->conflicts_cap * 2 : 16;
            commit_conflict *c = realloc(q->conflicts, cap * sizeof *c);
            if (!c)
                return -1;
            q->conflicts = c;
            q->conflicts_cap = cap;
        }
        store_op *rating = NULL;
        if (work->ops[i].kind == STORE_RATING_SET) { /* kept whole: the loop may compute it again */
            if (!(rating = malloc(sizeof *rating)))
                return -1;
            *rating = work->ops[i];
        }
        q->conflicts[q->nconflicts++] = (commit_conflict){seq, work->ops[i].guard_board, rating};
    }
    return 0;
}

/* Blocks of ids the loop asked for, reserved between batches (off the loop). */
static void reserve_ids(commit_queue *q)
{
    static const char *const names[IDS_KINDS] = {"games", "seeks"};
    for (int k = 0; k < IDS_KINDS; k++) {
        int count = q->want_ids[k];
        if (!count)
            continue;
        q->want_ids[k] = 0;
        pthread_mutex_unlock(&q->lock);
        int64_t first = q->w->be->ids_reserve(q->w, names[k], count);
        pthread_mutex_lock(&q->lock);
        q->spare_ids[k] = first > 0 ? first : 0;
        wake_loop(q);
    }
}

static void *committer(void *arg)
{
    commit_queue *q = arg;
    batch work = {0};
    pthread_mutex_lock(&q->lock);
    for (;;) {
        while ((q->open.n == 0 || q->held) && !q->stop && !q->want_ids[0] && !q->want_ids[1])
            pthread_cond_wait(&q->more, &q->lock);
        reserve_ids(q);
        if (q->open.n == 0 && q->stop)
            break;
        if (q->open.n == 0 || (q->held && !q->stop))
            continue;
        batch t = work;
        work = q->open;
        q->open = t;
        uint64_t seq = q->open_seq++;
        int refusing = q->refusing;
        if (work.n > q->refused_cap) {
            unsigned char *r = realloc(q->refused_ops, work.n);
            if (r) {
                q->refused_ops = r;
                q->refused_cap = work.n;
            }
        }
        unsigned char *refused = work.n <= q->refused_cap ? q->refused_ops : NULL;
        pthread_mutex_unlock(&q->lock);
        char err[256] = "";
        double began = svc_now();
        int rc = refusing  ? STORE_FULL
                 : !refused ? (snprintf(err, sizeof err, "out of memory"), STORE_FULL)
                            : q->w->be->commit(q->w, work.ops, work.n, refused, err, sizeof err);
        if (rc == 0 && q->metrics) {
            metric_observe(q->metrics->commit_seconds, NULL, svc_now() - began);
            metric_observe(q->metrics->batch_ops, NULL, (double)work.n);
        }
        pthread_mutex_lock(&q->lock);
        if (rc == 0 && !q->refusing && note_conflicts(q, &work, seq) != 0) {
            q->failed = 1; /* cannot tell the loop which boards to reload: stop, as for an unknown state */
            snprintf(q->err, sizeof q->err, "out of memory while noting refused moves");
        }
        settle_batch(q, &work, seq, rc, err);
        wake_loop(q);
        if (q->failed)
            break;
    }
    pthread_mutex_unlock(&q->lock);
    batch_clear(&work);
    free(work.ops);
    return NULL;
}

refused_batch *commit_take_refused(commit_queue *q, char *err, size_t errcap)
{
    pthread_mutex_lock(&q->lock);
    refused_batch *list = q->refused;
    q->refused = NULL;
    if (q->refusing && q->open.n > 0) { /* ops added before the loop knew: refused with the rest */
        batch open = q->open;
        q->open = (batch){0};
        keep_refused(q, &open, q->open_seq++);
        q->committed = q->open_seq - 1;
        refused_batch *extra = q->refused;
        q->refused = NULL;
        extra->next = list;
        list = extra;
    }
    if (list)
        snprintf(err, errcap, "%s", q->full_err);
    q->refusing = 0;
    pthread_mutex_unlock(&q->lock);
    return list;
}

commit_conflict *commit_take_conflicts(commit_queue *q, size_t *n, uint64_t *committed)
{
    pthread_mutex_lock(&q->lock);
    *committed = q->committed;
    commit_conflict *list = q->conflicts;
    *n = q->nconflicts;
    q->conflicts = NULL;
    q->nconflicts = q->conflicts_cap = 0;
    pthread_mutex_unlock(&q->lock);
    return list;
}

void commit_conflicts_free(commit_conflict *list, size_t n)
{
    for (size_t i = 0; list && i < n; i++)
        free(list[i].rating);
    free(list);
}

void commit_ask_ids(commit_queue *q, int kind, int count)
{
    pthread_mutex_lock(&q->lock);
    q->want_ids[kind] = count;
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
}

int64_t commit_take_ids(commit_queue *q, int kind)
{
    pthread_mutex_lock(&q->lock);
    int64_t first = q->spare_ids[kind];
    q->spare_ids[kind] = 0;
    pthread_mutex_unlock(&q->lock);
    return first;
}

int commit_any_committed(commit_queue *q, uint64_t since)
{
    pthread_mutex_lock(&q->lock);
    int yes = q->last_good > since;
    pthread_mutex_unlock(&q->lock);
    return yes;
}

void commit_refused_free(refused_batch *list)
{
    while (list) {
        refused_batch *r = list;
        list = r->next;
        batch b = {r->ops, r->n, r->n};
        batch_clear(&b);
        free(b.ops);
        free(r);
    }
}

commit_queue *commit_start(srv *s, store *w, int notify_fd)
{
    commit_queue *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->metrics = plumbing_of(s)->metrics;
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
    free(q->refused_ops);
    commit_conflicts_free(q->conflicts, q->nconflicts);
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
    if (store_op_copy(&q->open.ops[q->open.n], op) != 0)
        goto out;
    q->open.n++;
    seq = q->open_seq;
    pthread_cond_signal(&q->more);
out:
    pthread_mutex_unlock(&q->lock);
    return seq;
}

void commit_hold(commit_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->held++;
    pthread_mutex_unlock(&q->lock);
}

void commit_release(commit_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->held--;
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
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

/* service/rate_shared.c - the signup and challenge limits counted across every ludexd on one
 * database, so that N instances do not give an address N times its accounts an hour, or a user
 * N times their games a minute.
 *
 * Each instance first counts in memory (rate_limit, auth.c), which turns a flood away at no
 * cost.  With a store several servers share (store_backend.rate_count: PostgreSQL), each event
 * that passes is also counted in the store, in one statement that adds it and returns the count
 * of every instance (an atomic upsert, so two instances never both take the last place), on the
 * store thread: a signup before its password is hashed (rate_shared_then, a continuation), a
 * challenge as a read its request waits for and runs again with (rate_shared_check).  The
 * windows are the memory's: fixed hours or minutes.  A store that cannot count leaves memory's
 * limit alone in force (logged), as a store that forgets (the table is UNLOGGED) only lifts a
 * limit early. */
#include <stdlib.h>
#include <time.h>

#include "service/bridge.h"

typedef struct rate_job {
    db_job base;
    const rate_limit *limit;
    char kind[16];
    char key[STORE_NAME_MAX + 80];
    int64_t window;
    long count;
    int rc;                                   /* rate_count's: 0, or -1 */
    void (*then)(srv *s, void *ctx, int over); /* rate_shared_then's */
    void *ctx;
} rate_job;

int rate_shared(const srv *s, const rate_limit *limit) { return limit && bridge_of(s)->rstore->be->rate_count; }

/* The window now is in, numbered as the store keeps it. */
static int64_t window_now(const rate_limit *limit) { return (int64_t)time(NULL) / rate_limit_window(limit); }

static void rate_run(store *st, db_job *d)
{
    rate_job *j = (rate_job *)d;
    j->rc = st->be->rate_count(st, j->kind, j->key, j->window, &j->count);
}

static void rate_discard(db_job *d) { free(d); }

/* The count read (by a job or at once): 1 over the limit, 0 not (or not counted: logged). */
static int over_limit(srv *s, const rate_limit *limit, const char *kind, int rc, long count)
{
    if (rc != 0) {
        srv_log(s, "the database did not count a %s: this server's own count limits it alone", kind);
        return 0;
    }
    return rate_limit_over(limit, count - 1); /* the count holds this one */
}

static rate_job *rate_job_new(const rate_limit *limit, const char *kind, const char *key,
                              void (*done)(srv *s, db_job *j))
{
    rate_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    dbjobs_setup(&j->base, rate_run, done, rate_discard);
    j->limit = limit;
    snprintf(j->kind, sizeof j->kind, "%s", kind);
    snprintf(j->key, sizeof j->key, "%s", key);
    j->window = window_now(limit);
    return j;
}

/* ---- a continuation (a signup) ----------------------------------------------------------- */
static void then_done(srv *s, db_job *d)
{
    rate_job *j = (rate_job *)d;
    int over = over_limit(s, j->limit, j->kind, j->rc, j->count);
    j->then(s, j->ctx, over);
    free(j);
}

int rate_shared_then(srv *s, const rate_limit *limit, const char *kind, const char *key,
                     void (*then)(srv *s, void *ctx, int over), void *ctx)
{
    rate_job *j = rate_shared(s, limit) ? rate_job_new(limit, kind, key, then_done) : NULL;
    if (!j)
        return 0; /* nothing to count there, or no memory: memory's limit alone */
    j->then = then;
    j->ctx = ctx;
    dbjobs_run(s, &j->base);
    return 1;
}

/* ---- a request's read (a challenge) ---------------------------------------------------------- */
static void check_done(srv *s, db_job *d) { dbjobs_keep(s, d); }

int rate_shared_check(srv *s, const rate_limit *limit, const char *kind, const char *key, svc_status *st)
{
    if (!rate_shared(s, limit))
        return 0;
    rate_job *j = (rate_job *)dbjobs_answer(s, check_done);
    if (j) { /* this request's count, read before this run */
        int over = over_limit(s, limit, kind, j->rc, j->count);
        free(j);
        return over;
    }
    svc_wait *w = dbjobs_request(s);
    if (w && (j = rate_job_new(limit, kind, key, check_done))) {
        dbjobs_run_for(s, w, &j->base);
        svc_fail(st, "BUSY", "counting your %ss", kind);
        return -1;
    }
    long count = 0; /* a request that cannot wait (no store thread, or it ran 8 times): at once */
    int rc = bridge_of(s)->rstore->be->rate_count(bridge_of(s)->rstore, kind, key, window_now(limit), &count);
    return over_limit(s, limit, kind, rc, count);
}

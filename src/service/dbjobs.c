/* service/dbjobs.c - store work that must not run on the event loop: a round trip to a remote
 * database (several ludexd on one PostgreSQL) that decides a request, such as a signup's insert.
 *
 * One thread (a work queue of one, workq.c) with its own store connection takes jobs in order,
 * runs each job's `run` against that connection, puts it on a done queue and writes one byte to
 * the loop's wake-up pipe; the loop then runs the job's `done` (loop.c's on_wake).  With a store
 * that serves one server and is read locally (SQLite) there is no thread: dbjobs_run runs `run`
 * against the loop's own connection and then `done`, at once - the same two functions either
 * way. */
#include <stdlib.h>

#include "service/bridge.h"

struct dbjobs {
    store *st; /* the thread's own connection */
    workq *q;  /* one thread */
};

static void run_job(workq_job *w, void *shared, int thread)
{
    (void)thread;
    dbjobs *p = shared;
    db_job *j = WORKQ_JOB_OF(w, db_job, wq);
    j->run(p->st, j);
}

dbjobs *dbjobs_start(const char *db, int notify_fd, char *err, size_t errcap)
{
    dbjobs *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    if (!(p->st = store_open(db, err, errcap))) {
        free(p);
        return NULL;
    }
    workq_setup setup = {.threads = 1, .notify_fd = notify_fd, .shared = p, .finish_queued = 1};
    if (!(p->q = workq_start(&setup))) {
        snprintf(err, errcap, "cannot start the store thread");
        store_close(p->st);
        free(p);
        return NULL;
    }
    return p;
}

static void discard_job(workq_job *w)
{
    db_job *j = WORKQ_JOB_OF(w, db_job, wq);
    j->discard(j);
}

/* Jobs still queued are run first (a signup's insert is not dropped half way); their answers
 * are dropped (discard), as the hash threads' are: the doors have let their clients go. */
void dbjobs_stop(dbjobs *p)
{
    if (!p)
        return;
    workq_stop(p->q, discard_job);
    store_close(p->st);
    free(p);
}

void dbjobs_run(srv *s, db_job *j)
{
    if (!bridge_of(s)->dbj) { /* one server on a local store (SQLite): here and now */
        j->run(bridge_of(s)->rstore, j);
        j->done(s, j);
        return;
    }
    j->wq.run = run_job;
    workq_submit(bridge_of(s)->dbj->q, &j->wq);
}

db_job *dbjobs_take_done(dbjobs *p)
{
    workq_job *w = p ? workq_take_done(p->q) : NULL;
    return w ? WORKQ_JOB_OF(w, db_job, wq) : NULL;
}

void dbjobs_setup(db_job *j, void (*run)(store *st, db_job *j), void (*done)(srv *s, db_job *j),
                  void (*discard)(db_job *j))
{
    j->run = run;
    j->done = done;
    j->discard = discard;
}

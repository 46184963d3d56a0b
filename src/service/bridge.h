/* service/bridge.h - the store bridge: how the service reaches the store and its threads.
 *
 * The commit queue and its thread (commit.c), the door answers that wait for a batch or a read
 * (waits.c), the store thread's jobs (dbjobs.c) and a request's jobs that join the two
 * (request_jobs.c), the hash threads (hashpool.c), blocks of ids
 * (ids.c), the limits the store counts across servers (rate_shared.c) and the reading side of
 * other servers' notices (listen.c, which hands each notice to whoever subscribed to its first
 * word: listen_subscribe).  It knows batches, jobs and tickets; no user, game or rule. */
#ifndef LUDEX_SERVICE_BRIDGE_H
#define LUDEX_SERVICE_BRIDGE_H

#include "service/plumbing.h"
#include "service/workq.h"
#include "store/store.h"

typedef struct commit_queue commit_queue;

typedef struct hashpool hashpool;

commit_queue *commit_start(srv *s, store *w, int notify_fd);

void commit_stop(commit_queue *q);

/* Add an op to the open batch (strings copied).  The batch's sequence number, 0 out of memory. */
uint64_t commit_add(commit_queue *q, const store_op *op);

/* Ops added between hold and release go into one batch (a move and its mails). */
void commit_hold(commit_queue *q);

void commit_release(commit_queue *q);

/* A batch the store refused for want of space, kept for the loop to undo. */
typedef struct refused_batch {
    uint64_t seq;
    store_op *ops;
    size_t n;
    struct refused_batch *next;
} refused_batch;

/* Every refused batch (with the open one's ops when refusing), newest
 * first; the store's message in err.  Batches after this are tried again. */
refused_batch *commit_take_refused(commit_queue *q, char *err, size_t errcap);

void commit_refused_free(refused_batch *list);

/* A board whose conditional op (another server wrote it first) was refused in batch seq; or
 * (rating not NULL) a game end's rating write of that board refused, its op (malloc'd): either
 * the game's end was refused too (a board conflict of the same batch says so), or another
 * server's game end changed the rating row first and the rating is computed again (ratings.c). */
typedef struct commit_conflict {
    uint64_t seq;
    int64_t board;
    store_op *rating;
} commit_conflict;

/* The conflicts noted since the last call (malloc'd, *n of them; the caller frees with
 * commit_conflicts_free), and the last batch decided when they were taken (so none of the
 * batches up to it has a conflict left behind). */
commit_conflict *commit_take_conflicts(commit_queue *q, size_t *n, uint64_t *committed);

void commit_conflicts_free(commit_conflict *list, size_t n);

/* 1 when the conflicts hold board of batch seq (a board conflict, not a rating). */
int commit_board_conflict(const commit_conflict *c, size_t n, uint64_t seq, int64_t board);

/* Ids handed out in blocks (ids.c): ask the commit thread for a block of count ids of a kind; take its
 * first (0: not yet). */
enum { IDS_GAMES, IDS_SEEKS, IDS_KINDS };

#define IDS_BLOCK 64

typedef struct id_block {
    int64_t next, end;       /* the ids [next, end) are this server's */
    int asked;               /* the next block is asked for, and not yet in use */
    uint64_t ticket;         /* a shared store: the block in flight on the store thread (requests wait on it), 0 none */
    int64_t spare;           /* a shared store: the next block, come before the one in use was gone (0 none) */
    int spare_count;
} id_block;

void commit_ask_ids(commit_queue *q, int kind, int count);

int64_t commit_take_ids(commit_queue *q, int kind);

/* The next id of a kind no other server on the database hands out, or -1 (the database away; with a
 * shared store, none left: ids_ready first). */
int64_t ids_next(srv *s, int kind);

/* Before a request's ids_next, with nothing changed yet: 0 when the call may take an id (one is held,
 * or the store is local); else -1 with st, and the request waits for the block in flight and runs
 * again (svc_request), or (it cannot) BUSY. */
int ids_ready(srv *s, int kind, svc_status *st);

void ids_start(srv *s); /* ask for the first blocks (a shared store) */

/* 1 when a batch after `since` was committed (not refused). */
int commit_any_committed(commit_queue *q, uint64_t since);

/* The last batch decided (committed or refused); *failed set when a commit failed. */
uint64_t commit_done(commit_queue *q, int *failed, char *err, size_t errcap);

/* Counters for the log at exit. */
void commit_stats(commit_queue *q, uint64_t *batches, uint64_t *ops);

typedef struct hash_job {
    int verify;             /* 1: check password against hash; 0: make a hash of password */
    char *password;         /* wiped and freed when the job is freed */
    char *hash;             /* verify: the stored hash; make: the result */
    int ok;                 /* verify: matched; make: succeeded */
    void (*done)(srv *s, struct hash_job *j);   /* on the loop, when the work is done */
    svc_done_fn door_done;  /* the door's continuation, and its context */
    void *door_ctx;
    char user[STORE_NAME_MAX + 1];
    char extra[STORE_NAME_MAX + 256]; /* email, or the command line's user */
    char addr[65];          /* the client's address: failures are counted, and a verified password cached, for it */
    workq_job wq;           /* on the hash threads' queue */
} hash_job;

hashpool *hashpool_start(int threads, unsigned long long ops, size_t mem, int notify_fd);

void hashpool_stop(hashpool *p);

void hashpool_submit(hashpool *p, hash_job *j);

hash_job *hashpool_take_done(hashpool *p); /* one finished job, or NULL */

void hash_job_free(hash_job *j);

/* A job: `run` on the store thread against its own connection (or on the loop against
 * s->rstore when the store is local: SQLite), then `done` on the loop, which frees it; `discard`
 * frees it unanswered (the server stopping).  Embedded first in each kind of job. */
typedef struct db_job {
    void (*run)(store *st, struct db_job *j);
    void (*done)(srv *s, struct db_job *j);
    void (*discard)(struct db_job *j);
    uint64_t ticket;         /* the request waiting for it (dbjobs_run_for), 0 none */
    workq_job wq;            /* on the store thread's queue */
    struct db_job *next;     /* on s->kept (dbjobs_keep) */
} db_job;

typedef struct dbjobs dbjobs;

/* The thread and its connection to db (a shared store: PostgreSQL).  NULL with err. */
dbjobs *dbjobs_start(const char *db, int notify_fd, char *err, size_t errcap);

/* A job's three functions set (the rest of the job is its kind's). */
void dbjobs_setup(db_job *j, void (*run)(store *st, db_job *j), void (*done)(srv *s, db_job *j),
                  void (*discard)(db_job *j));

/* Run what is queued, stop the thread, discard the answers not taken, free. */
void dbjobs_stop(dbjobs *p);

/* Queue j for the thread, or (no thread: SQLite) run it and finish it now. */
void dbjobs_run(srv *s, db_job *j);

db_job *dbjobs_take_done(dbjobs *p); /* one finished job, or NULL */

/* ---- a request's jobs (request_jobs.c) ---- */
/* The request running now (svc_request) if it can wait for a job of the store thread: there is
 * one, the request can run again and has runs left, and it waits for nothing yet; else NULL. */
svc_wait *dbjobs_request(srv *s);

/* Queue j for request w (from dbjobs_request): w waits for it under a new ticket (j->ticket,
 * which j's done hands to waits_read, or dbjobs_keep), and runs again once it is done. */
void dbjobs_run_for(srv *s, svc_wait *w, db_job *j);

/* In a done: j is kept for its request's next run, which takes it (dbjobs_answer), and the
 * request runs again.  A request cancelled meanwhile drops it (dbjobs_forget). */
void dbjobs_keep(srv *s, db_job *j);

/* The job kept for the request running now whose done is `done` (its kind), taken out; or NULL. */
db_job *dbjobs_answer(srv *s, void (*done)(srv *s, db_job *j));

/* The same job left where it is, for a later call of the same run to take. */
db_job *dbjobs_kept(srv *s, void (*done)(srv *s, db_job *j));

/* Drop the kept jobs of ticket (0: every one, at close). */
void dbjobs_forget(srv *s, uint64_t ticket);

/* An event of `kind` ("signup", key the address; "challenge", key the user) under limit, counted
 * in the store too when several servers share it (rate_shared: 1 then, 0 with no limit or one
 * server).  then: 1 when then(s, ctx, over) will be called once the store has counted, 0 when
 * there is nothing to count there or no memory for it: go on now.  check, in a request: 0 go on,
 * 1 over the limit, -1 the request waits for the store's count and runs again with it (st: BUSY). */
int rate_shared(const srv *s, const rate_limit *limit);

int rate_shared_then(srv *s, const rate_limit *limit, const char *kind, const char *key,
                     void (*then)(srv *s, void *ctx, int over), void *ctx);

int rate_shared_check(srv *s, const rate_limit *limit, const char *kind, const char *key, svc_status *st);

/* Listen to what other servers change (PostgreSQL; nothing for SQLite).  0, or -1 with err. */
int listen_start(srv *s, char *err, size_t errcap);

void listen_close(srv *s);

void listen_stop(srv *s);

/* Take the notifications that have arrived, now (without waiting). */
void listen_poll(srv *s);

/* 1 when other servers may share the store (PostgreSQL). */
int listen_shared(const srv *s);

/* One notification's payload ("BOARDS ID VERSION ...", "USER ..."): what it says is done. */
void svc_notified(srv *s, const char *payload);

/* A layer above hears the payloads that begin with `word` (its args after the word and a space);
 * subscribed at open.  0, or -1 when the table is full. */
#define LISTEN_SUBS_MAX 8

typedef struct listen_sub {
    char word[16];
    void (*heard)(srv *s, const char *args);
} listen_sub;

int listen_subscribe(srv *s, const char *word, void (*heard)(srv *s, const char *args));

/* Notices may have been lost (the connection was): lost(s) says what becomes of what is held. */
void listen_on_lost(srv *s, void (*lost)(srv *s));

/* ---- waits (waits.c) ---- */
/* Take w off the list of waits (nothing when it is not on it). */
void waits_unlink(srv *s, svc_wait *w);

void waits_release(srv *s, uint64_t committed, const refused_batch *refused, const commit_conflict *conflicts,
                   size_t nconflicts);

/* A new ticket for a job of the store thread a request waits for (svc_wait.read_ticket). */
uint64_t svc_read_ticket(srv *s);

/* The store thread's job `ticket` is done: the request waiting for it runs again. */
void waits_read(srv *s, uint64_t ticket);

/* The requests waiting for `ticket` (a job several wait for: a block of ids). */
size_t waits_reading(srv *s, uint64_t ticket);

/* Of those, the `most` oldest run again; the others wait for `later` instead. */
void waits_read_some(srv *s, uint64_t ticket, size_t most, uint64_t later);

/* ---- the store's health (health.c) ---- */
typedef struct health health;
/* Probe the store every second off the loop (0, or -1 out of memory); stop probing (close). */
int health_start(srv *s);
void health_stop(srv *s);
/* 1 when the store's last answer was good and at most SVC_PROBE_STALE seconds old; else 0 with why. */
int health_store_answers(srv *s, char *why, size_t cap);
/* The last good probe's mails not sent yet and games whose deadline has passed (-1: none yet). */
void health_counts(srv *s, long out[2]);

/* This layer's part of struct srv (life.h), after the part below. */
typedef struct srv_bridge {
    srv_plumbing plumbing; /* first: a srv * is a srv_plumbing * too */
    struct event_base *base;
    store *rstore;           /* reads, on the loop thread */
    commit_queue *cq;
    dbjobs *dbj;             /* store work off the loop (a shared store: PostgreSQL), else NULL */
    svc_wait *request;       /* the door request running now (svc_request), NULL: none */
    uint64_t read_tickets;   /* the last svc_read_ticket */
    db_job *kept;            /* store jobs' answers kept for their requests' next runs (dbjobs_keep) */
    id_block ids[IDS_KINDS]; /* the blocks of ids in use (ids.c) */
    int id_block;            /* ids reserved at a time (IDS_BLOCK, or svc_config's) */
    unsigned long id_waits;  /* requests that waited for a block of ids (logged at exit) */
    unsigned long races_run_again; /* requests run again after another server wrote their board first (logged at exit) */
    svc_wait *waits;         /* door answers held for a commit */
    uint64_t committed;
    const char *db;          /* the store's location (the listener opens its own connection) */
    store *lstore;           /* listens to other servers' changes (listen.c), NULL with SQLite */
    struct event *listen_ev, *listen_retry;
    listen_sub notice_subs[LISTEN_SUBS_MAX]; /* who hears which notices (listen_subscribe) */
    int nnotice_subs;
    void (*notices_lost)(srv *s);
    int polling;             /* listen_poll is running */
    health *health;          /* the store's probe and the drain flag (health.c) */
} srv_bridge;
#define bridge_of(s) ((srv_bridge *)(s))

#endif

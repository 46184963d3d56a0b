/* service/ids.c - ids of games and seeks, unique among every server on the database.
 *
 * Ids come from the store in blocks (store_backend.ids_reserve: one row per
 * kind, moved on by a block in one statement; IDS_BLOCK ids, or ludexd's
 * --id-block), so several ludexd on one PostgreSQL never hand out the same id
 * and none asks the database for each game.  The next block is asked for when
 * half of the one in use is gone, and at start with a shared store: on the
 * store thread with PostgreSQL (ids_job), on the commit thread between batches
 * with SQLite.  With PostgreSQL no block is reserved on the loop: a request
 * that finds no id left (a burst used a whole block before the next came)
 * waits for the block in flight and runs again (ids_ready; svc_wait.again);
 * when it comes, as many of the waiting requests run again as it holds ids,
 * oldest first, and the others wait for a block reserved for them all.  A
 * call that cannot wait (it ran SVC_RUNS_MAX times) is answered BUSY.  With
 * SQLite the loop reserves a block itself when the commit thread's has not
 * come.  Ids are unique, not dense: a server that stops leaves the rest of its
 * block unused, so lists walk the store, never an id range. */
#include <stdint.h>
#include <stdlib.h>

#include "service/bridge.h"

static const char *const kind_names[IDS_KINDS] = {"games", "seeks"};

/* A block reserved on the store thread (a shared store). */
typedef struct ids_job {
    db_job base;
    int kind, count;
    int64_t first; /* ids_reserve's: the first of the count ids, <= 0 when it failed */
} ids_job;

static void ids_job_run(store *st, db_job *d)
{
    ids_job *j = (ids_job *)d;
    j->first = st->be->ids_reserve(st, kind_names[j->kind], j->count);
}

static void ids_job_discard(db_job *d) { free(d); }

static void ids_job_done(srv *s, db_job *d);

/* Ask for the next block of count ids (b->asked set until it is in use): a job of the store thread,
 * whose ticket the requests out of ids wait on (b->ticket), or the commit thread's.  0, or -1 (out of
 * memory: not asked). */
static int ask(srv *s, int kind, int count)
{
    id_block *b = &bridge_of(s)->ids[kind];
    if (!bridge_of(s)->dbj) {
        commit_ask_ids(bridge_of(s)->cq, kind, count);
        b->asked = 1;
        return 0;
    }
    ids_job *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    dbjobs_setup(&j->base, ids_job_run, ids_job_done, ids_job_discard);
    j->kind = kind;
    j->count = count;
    j->base.ticket = b->ticket = svc_read_ticket(s);
    b->asked = 1;
    dbjobs_run(s, &j->base);
    return 0;
}

static void use_block(id_block *b, int64_t first, int count)
{
    b->next = first;
    b->end = first + count;
    b->asked = 0;
}

/* On the loop: the block is in use at once when none is left, else kept for when the one in use is
 * gone.  The requests waiting for it run again, as many as there are ids (oldest first); the others
 * wait for one more block, of as many ids as they are at least.  A reservation that failed runs
 * them all again (they ask again, up to their runs). */
static void ids_job_done(srv *s, db_job *d)
{
    ids_job *j = (ids_job *)d;
    id_block *b = &bridge_of(s)->ids[j->kind];
    uint64_t ticket = d->ticket;
    size_t room = SIZE_MAX;
    b->ticket = 0;
    if (j->first <= 0) {
        srv_log(s, "cannot reserve a block of %s ids: the database is away", kind_names[j->kind]);
        b->asked = 0;
    } else if (b->next == b->end) {
        use_block(b, j->first, j->count);
    } else if (!b->spare) {
        b->spare = j->first;
        b->spare_count = j->count;
    } /* else (never asked for while one is kept) its ids are never handed out */
    if (j->first > 0)
        room = (size_t)(b->end - b->next) + (b->spare ? (size_t)b->spare_count : 0);
    size_t waiting = waits_reading(s, ticket);
    if (waiting > room) {
        size_t more = waiting - room > (size_t)bridge_of(s)->id_block ? waiting - room : (size_t)bridge_of(s)->id_block;
        if (ask(s, j->kind, more > INT32_MAX ? INT32_MAX : (int)more) != 0)
            room = SIZE_MAX;
    }
    ids_job_discard(d);
    waits_read_some(s, ticket, room, b->ticket);
}

/* The block asked for put in use if it has come: 1, else 0. */
static int take_asked(srv *s, int kind)
{
    id_block *b = &bridge_of(s)->ids[kind];
    int64_t first = bridge_of(s)->dbj ? b->spare : commit_take_ids(bridge_of(s)->cq, kind);
    int count = bridge_of(s)->dbj ? b->spare_count : bridge_of(s)->id_block;
    if (first <= 0)
        return 0;
    b->spare = 0;
    use_block(b, first, count);
    return 1;
}

int64_t ids_next(srv *s, int kind)
{
    id_block *b = &bridge_of(s)->ids[kind];
    if (b->next == b->end && !take_asked(s, kind)) {
        int64_t first = bridge_of(s)->dbj ? -1 : bridge_of(s)->rstore->be->ids_reserve(bridge_of(s)->rstore, kind_names[kind], bridge_of(s)->id_block);
        if (first <= 0) /* a shared store's blocks are never reserved on the loop: see ids_ready */
            return -1;
        use_block(b, first, bridge_of(s)->id_block);
    }
    if (!b->asked && b->end - b->next <= bridge_of(s)->id_block / 2)
        ask(s, kind, bridge_of(s)->id_block);
    return b->next++;
}

int ids_ready(srv *s, int kind, svc_status *st)
{
    id_block *b = &bridge_of(s)->ids[kind];
    if (!bridge_of(s)->dbj || b->next < b->end || b->spare)
        return 0;
    svc_wait *w = dbjobs_request(s);
    if (!w || (!b->ticket && ask(s, kind, bridge_of(s)->id_block) != 0))
        return svc_fail(st, "BUSY", "this server has no free %s id yet: try again", kind == IDS_GAMES ? "game" : "seek");
    w->read_ticket = b->ticket;
    w->reading = 1;
    bridge_of(s)->id_waits++;
    return svc_fail(st, "BUSY", "waiting for a block of %s ids", kind_names[kind]);
}

/* At start, with a shared store: the store thread reserves each kind's first block, so that the first
 * game or seek normally finds it there. */
void ids_start(srv *s)
{
    for (int k = 0; k < IDS_KINDS; k++)
        ask(s, k, bridge_of(s)->id_block);
}

/* service/game_lists.c - a user's list of games: the boards where a user plays (or anyone's),
 * newest first, up to a cap, by filter (next, active, finished, pending, all); the boards where
 * it is someone's turn most urgent deadline first.
 *
 * The ids come from the store (every server's games: the newest the filter passes, read
 * from the games' rows by one query on the players' indexes: store_list), the boards of those
 * shown from memory (read when not held; a list never reads more boards than it shows, but for a
 * row too old to say, or memory ahead of the store).  With a store shared by several servers (PostgreSQL) neither is read on the event
 * loop: one job of the store thread (dbjobs.c) reads the ids, then, round by round, the boards
 * memory lacks (or holds stale) that the filter must look at next, as many as could still fill
 * the list, until it is full or every id has been looked at; each round's boards are put in
 * memory on the loop as any board read off the loop is (games_put_read).  A door's request
 * (svc_games_list_request) fails BUSY meanwhile and runs again with the job's answer; the
 * service's other callers (the bots' scan, the daily digest) get the list in a continuation
 * (svc_games_list_then).  A board read for a list is used as it came (stale again: as it is).
 * With SQLite, or outside a request, the ids and boards are read at once, on the loop. */
#include <stdlib.h>
#include <string.h>

#include "service/ops.h"

enum { LOOK_AT = 5000, ROUND_MIN = 16 }; /* the most ids a list looks at; the fewest boards a round reads */

static int passes(const srv_game *sg, const char *user, svc_filter filter)
{
    if (filter == SVC_ALL)
        return 1;
    char re[32];
    games_result(sg, re);
    if (filter == SVC_WAITING)
        return sg->waiting && !re[0];
    if (sg->waiting && !re[0])
        return filter == SVC_ACTIVE;
    if (filter == SVC_FINISHED)
        return re[0] != 0;
    if (filter == SVC_ACTIVE)
        return re[0] == 0;
    int t = games_to_move(sg);
    return t >= 0 && user && !strcmp(sg->player[t], user);
}

int svc_filter_of(const char *word, svc_filter *out)
{
    static const char *const names[] = {"all", "next", "active", "finished", "pending"};
    for (int i = 0; i < 5; i++)
        if (proto_word_is(word, names[i])) {
            *out = (svc_filter)i;
            return 1;
        }
    return 0;
}

/* What a list asks for. */
typedef struct list_ask {
    proto_game kind;
    const char *user; /* NULL: anyone's */
    svc_filter filter;
    size_t cap;
} list_ask;

static int wanted(const srv_game *sg, const list_ask *a)
{
    return (a->kind == G_NONE || sg->kind == a->kind) && (!a->user || games_seat_of(sg, a->user) >= 0) &&
           passes(sg, a->user, a->filter);
}

/* Board id as a list looks at it: read at once when not held (at_once), else as memory holds it. */
static srv_game *board_of(srv *s, int64_t id, int at_once)
{
    srv_game *sg = at_once ? games_find(s, id) : games_held(s, id);
    return sg && !sg->gone ? sg : NULL;
}

/* The most urgent first: the nearest deadline, games without a clock last, the newest first among equals. */
static void by_deadline(srv *s, int64_t *ids, long n, int at_once)
{
    int64_t key[200];
    for (long i = 0; i < n && i < 200; i++) {
        srv_game *sg = board_of(s, ids[i], at_once);
        int64_t d = sg && !games_over(sg) ? clock_deadline(sg) : 0;
        key[i] = d > 0 ? d : INT64_MAX;
    }
    for (long i = 1; i < n && i < 200; i++)
        for (long j = i; j > 0 && key[j] < key[j - 1]; j--) {
            int64_t k = key[j], id = ids[j];
            key[j] = key[j - 1], ids[j] = ids[j - 1];
            key[j - 1] = k, ids[j - 1] = id;
        }
}

/* The list from the ids found (newest first), their boards as memory holds them or read at once. */
static long pick(srv *s, const list_ask *a, const int64_t *found, long nfound, int64_t *ids, svc_status *st,
                 int at_once)
{
    if (nfound < 0)
        return svc_fail(st, "INTERNAL", "cannot read the list of games (the database is away?)");
    long n = 0;
    for (long i = 0; i < nfound && (size_t)n < a->cap; i++) {
        srv_game *sg = board_of(s, found[i], at_once);
        if (sg && wanted(sg, a)) {
            ids[n++] = sg->id;
            if (sg->write_seq > st->wait_seq)
                st->wait_seq = sg->write_seq;
        }
    }
    if (a->filter == SVC_NEXT || a->filter == SVC_ACTIVE)
        by_deadline(s, ids, n, at_once);
    return n;
}

_Static_assert(STORE_LIST_ALL == (int)SVC_ALL && STORE_LIST_NEXT == (int)SVC_NEXT && STORE_LIST_ACTIVE == (int)SVC_ACTIVE &&
                   STORE_LIST_FINISHED == (int)SVC_FINISHED && STORE_LIST_PENDING == (int)SVC_WAITING,
               "a list's filter is the store's");

/* The ids of the games the list may show, from the store's rows (one query by index, no board read):
 * those the filter passes by their rows, newest first, twice as many as the list holds (a board
 * may still fail: memory ahead of the store, a row too old to say), LOOK_AT at most. */
static long ids_of(store *rs, const list_ask *a, int64_t *found)
{
    store_list ask = {a->user, a->kind == G_NONE ? "" : proto_game_name(a->kind), (int)a->filter};
    size_t most = 2 * a->cap + ROUND_MIN;
    return rs->be->games_of(rs, &ask, found, most < LOOK_AT ? most : LOOK_AT);
}

/* The list read now, on the loop: its ids and the boards not held (SQLite; or no store thread to wait for). */
static long at_once(srv *s, const list_ask *a, int64_t *ids, svc_status *st)
{
    int64_t *found = malloc(LOOK_AT * sizeof *found);
    long nfound = found ? ids_of(bridge_of(s)->rstore, a, found) : -1;
    long n = pick(s, a, found, nfound, ids, st, 1);
    free(found);
    return n;
}

/* ---- the job of the store thread ------------------------------------------------------------ */
typedef struct board_got {
    int64_t id;
    srv_game *fresh;
    int unread;
} board_got;

typedef struct list_job {
    db_job base;
    srv *s;
    char user[STORE_NAME_MAX + 1];
    list_ask ask;            /* ask.user: user, or NULL */
    svc_games_listed listed; /* NULL: kept for the request's next run */
    void *ctx;
    int have_ids;
    long nfound; /* -1: the store failed */
    int64_t found[LOOK_AT];
    unsigned char tried[LOOK_AT]; /* its board was read by this job */
    board_got *round;             /* the boards this round reads */
    size_t nround;
} list_job;

static void list_run(store *st, db_job *d)
{
    list_job *j = (list_job *)d;
    if (!j->have_ids)
        j->nfound = ids_of(st, &j->ask, j->found);
    for (size_t i = 0; i < j->nround; i++)
        j->round[i].fresh = games_load(j->s, st, j->round[i].id, &j->round[i].unread);
}

static void list_discard(db_job *d)
{
    list_job *j = (list_job *)d;
    for (size_t i = 0; i < j->nround; i++)
        games_drop_read(j->round[i].fresh);
    free(j->round);
    if (j->listed) /* the server stops: the caller frees what it made for the list */
        j->listed(NULL, j->ctx, NULL, -1, NULL);
    free(j);
}

/* The boards the filter must look at next that memory lacks or holds stale, each read once by
 * the job: as many as could still fill the list, ROUND_MIN at least.  0 when there are none
 * (the list is full, or every id was looked at). */
static size_t next_round(srv *s, list_job *j)
{
    size_t most = j->ask.cap + ROUND_MIN, passing = 0;
    if (!(j->round = calloc(most, sizeof *j->round)))
        return 0;
    for (long i = 0; i < j->nfound && passing < j->ask.cap && (passing + j->nround < j->ask.cap || j->nround < ROUND_MIN);
         i++) {
        srv_game *sg = games_held(s, j->found[i]);
        if (sg && (!sg->stale || j->tried[i])) {
            passing += !sg->gone && wanted(sg, &j->ask);
        } else if (!j->tried[i]) {
            j->tried[i] = 1;
            j->round[j->nround++].id = j->found[i];
        }
    }
    if (!j->nround) {
        free(j->round);
        j->round = NULL;
    }
    return j->nround;
}

static void list_done(srv *s, db_job *d)
{
    list_job *j = (list_job *)d;
    if (!j->have_ids) {
        j->have_ids = 1;
        ops_of(s)->list_reads++;
    }
    for (size_t i = 0; i < j->nround; i++)
        games_put_read(s, j->round[i].id, j->round[i].fresh, j->round[i].unread);
    free(j->round);
    j->round = NULL;
    j->nround = 0;
    if (next_round(s, j)) {
        dbjobs_run(s, d); /* a store thread's job (never made without one): not run here */
        return;
    }
    if (!j->listed) {
        dbjobs_keep(s, d);
        return;
    }
    svc_status st;
    svc_status_init(&st);
    int64_t *ids = malloc(j->ask.cap * sizeof *ids);
    long n = ids ? pick(s, &j->ask, j->found, j->nfound, ids, &st, 0) : svc_fail(&st, "INTERNAL", "out of memory");
    j->listed(s, j->ctx, ids, n, &st);
    j->listed = NULL;
    free(ids);
    list_discard(d);
}

static list_job *list_job_new(srv *s, const list_ask *a)
{
    list_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->s = s;
    j->ask = *a;
    snprintf(j->user, sizeof j->user, "%s", a->user ? a->user : "");
    j->ask.user = a->user ? j->user : NULL;
    dbjobs_setup(&j->base, list_run, list_done, list_discard);
    return j;
}

static int same_ask(const list_job *j, const list_ask *a)
{
    return j->ask.kind == a->kind && j->ask.filter == a->filter && j->ask.cap == a->cap &&
           !strcmp(j->user, a->user ? a->user : "");
}

/* ---- the callers ---------------------------------------------------------------------------- */
int games_list_ready(srv *s, proto_game kind, const char *user, svc_filter filter, size_t cap, svc_status *st)
{
    list_ask a = {kind, user, filter, cap};
    list_job *j = (list_job *)dbjobs_kept(s, list_done);
    if (j && same_ask(j, &a))
        return 0;
    if (j) /* another list's: not this run's */
        list_discard(dbjobs_answer(s, list_done));
    svc_wait *w = dbjobs_request(s);
    list_job *nj = w ? list_job_new(s, &a) : NULL;
    if (!nj)
        return 0; /* read at once when asked */
    dbjobs_run_for(s, w, &nj->base);
    return svc_fail(st, "BUSY", "the list of games is being read");
}

long svc_games_list_request(srv *s, proto_game kind, const char *user, svc_filter filter, int64_t *ids, size_t cap,
                            svc_status *st)
{
    list_ask a = {kind, user, filter, cap};
    if (user && !svc_user_exists(s, user, NULL))
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (games_list_ready(s, kind, user, filter, cap, st) != 0)
        return -1;
    list_job *j = (list_job *)dbjobs_answer(s, list_done);
    if (!j)
        return at_once(s, &a, ids, st);
    long n = pick(s, &a, j->found, j->nfound, ids, st, 0);
    list_discard(&j->base);
    return n;
}

void svc_games_list_then(srv *s, proto_game kind, const char *user, svc_filter filter, size_t cap,
                         svc_games_listed listed, void *ctx)
{
    list_ask a = {kind, user, filter, cap};
    list_job *j = bridge_of(s)->dbj ? list_job_new(s, &a) : NULL;
    if (j) {
        j->listed = listed;
        j->ctx = ctx;
        dbjobs_run(s, &j->base);
        return;
    }
    svc_status st;
    svc_status_init(&st);
    int64_t *ids = malloc(cap * sizeof *ids);
    long n = ids ? at_once(s, &a, ids, &st) : svc_fail(&st, "INTERNAL", "out of memory");
    listed(s, ctx, ids, n, &st);
    free(ids);
}

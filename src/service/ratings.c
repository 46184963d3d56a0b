/* service/ratings.c - Glicko-2 ratings per class of games, updated once
 * when a rated game ends.
 *
 * A class is a game kind, and for Hex the board size (small up to 9,
 * medium up to 13, large beyond) and for Backgammon the match length (1,
 * short up to 7, long beyond): a 19x19 Hex rating says little of 9x9 play.
 * Each finished game is a rating period of one game for each player, as
 * online servers do, so ratings move after every game.  The two new
 * ratings are queued in the batch of the move that ended the game (the
 * caller holds the commit thread), so a game counts exactly once: both or
 * neither.  Memory is the truth for the ratings it holds; a refused batch
 * makes it forget them (the store has the truth again).  With several
 * ludexd on one PostgreSQL, each rating change is told to the others (a
 * RATING notice in its batch, loop.c, carrying the new values): each holds
 * them (ratings_changed), so it reads a player's rating once, on the store
 * thread before a move or a draw's agreement (ratings_for_move), never at
 * a game's end, which cannot run again.  A notice without values (an older
 * server) makes it forget the rating (once its own changes in flight have
 * committed), so its next game end computes from what the store has.
 * Two game ends of one player committing at the same moment on two servers
 * would both start from the same row: each rating write is conditional on
 * the row it was computed from, and one refused is computed again from the
 * row the other wrote (ratings_again: the row read on the store thread, the
 * rating computed on the loop when it has come) and written again, so both
 * count.  The rows held are a cache of the store with a budget (rating_cache.c): one dropped is
 * read again as one never held, and one whose change has not committed is never dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/glicko2.h"
#include "service/rules_util.h"
#include "service/ops.h"

static const char *const class_names[G_COUNT][3] = {
    [G_TWIXT] = {"twixt", NULL, NULL},
    [G_HEX] = {"hex-small", "hex-medium", "hex-large"},
    [G_BACKGAMMON] = {"backgammon-1", "backgammon-short", "backgammon-long"},
    [G_CROSSWORD] = {"crossword", NULL, NULL},
};

const char *ratings_class(const srv_game *sg)
{
    if (sg->kind == G_HEX) {
        long cols = opt_long(sg->options, "cols", 11), rows = opt_long(sg->options, "rows", 11);
        long size = cols > rows ? cols : rows;
        return class_names[G_HEX][size <= 9 ? 0 : size <= 13 ? 1 : 2];
    }
    if (sg->kind == G_BACKGAMMON) {
        long match = opt_long(sg->options, "match", 1);
        return class_names[G_BACKGAMMON][match <= 1 ? 0 : match <= 7 ? 1 : 2];
    }
    return class_names[sg->kind][0];
}

int ratings_classes(proto_game kind, const char *const **names)
{
    if (kind < 0 || kind >= G_COUNT)
        return 0;
    *names = class_names[kind];
    return class_names[kind][1] ? 3 : 1;
}

/* Forget what other servers changed while changes of ours were in flight, once ours have committed. */
static void settle_later(srv *s)
{
    if (!ops_of(s)->nratings_later || model_of(s)->ratings_written > bridge_of(s)->committed)
        return;
    if (ops_of(s)->nratings_later < 0) /* too many to list: forget every rating held */
        rating_cache_clear(s);
    for (int i = 0; i < ops_of(s)->nratings_later; i++)
        rating_cache_drop(s, ops_of(s)->ratings_later[i]);
    ops_of(s)->nratings_later = 0;
}

static int held(srv *s, const char *user, const char *cls)
{
    char key[80];
    rating_key(user, cls, key, sizeof key);
    return rating_cache_get(s, key) != NULL;
}

/* A newcomer's rating: no row in the store. */
static void newcomer(store_rating *r, const char *user, const char *cls)
{
    glicko2_rating fresh = GLICKO2_NEW;
    memset(r, 0, sizeof *r);
    snprintf(r->user, sizeof r->user, "%s", user);
    snprintf(r->cls, sizeof r->cls, "%s", cls);
    r->r = fresh.r;
    r->rd = fresh.rd;
    r->sigma = fresh.sigma;
}

/* The rating held for user in cls: memory, else the store, else a newcomer's. */
static store_rating *rating_of(srv *s, const char *user, const char *cls)
{
    settle_later(s);
    char key[80];
    rating_key(user, cls, key, sizeof key);
    store_rating *r = rating_cache_use(s, key), row;
    if (r)
        return r;
    if (bridge_of(s)->rstore->be->rating_get(bridge_of(s)->rstore, user, cls, &row) != 1)
        newcomer(&row, user, cls);
    ops_of(s)->rating_cache.misses++;
    return rating_cache_put(s, key, &row);
}

void ratings_forget(srv *s, const char *user, const char *cls)
{
    char key[80];
    rating_key(user, cls, key, sizeof key);
    rating_cache_drop(s, key);
}

/* The rating a notice carries, held in place of the one memory had unless that one counts as
 * many games or more: each committed write counts one more game, and a notice may come after a
 * newer write of ours has committed (an older value would be a stale opponent for the next
 * game's end, which no row check catches). */
static void hold_told(srv *s, const store_rating *told)
{
    char key[80];
    rating_key(told->user, told->cls, key, sizeof key);
    store_rating *m = rating_cache_get(s, key);
    if (m && m->games >= told->games)
        return;
    if (m)
        *m = *told;
    else if (!rating_cache_put(s, key, told))
        ops_of(s)->rating_changes++; /* a read in flight may be older than this change, and none is held */
}

void ratings_changed(srv *s, const char *args)
{
    char *end;
    unsigned long from = strtoul(args, &end, 10);
    store_rating told = {0};
    int n = sscanf(end, " %23s %32s %lf %lf %lf %d", told.cls, told.user, &told.r, &told.rd, &told.sigma,
                   &told.games);
    if (*end != ' ' || from == model_of(s)->instance || n < 2)
        return; /* not a notice, or our own change */
    if (n == 6) { /* the values it carries: the row as it committed (a write of ours computed from an
                     older one is refused by its check, and computed again from the store's) */
        hold_told(s, &told); /* a read in flight finds it held and keeps it */
        return;
    }
    ops_of(s)->rating_changes++; /* a read off the loop in flight may be older than this change */
    if (model_of(s)->ratings_written <= bridge_of(s)->committed) {
        ratings_forget(s, told.user, told.cls);
        return;
    }
    const char *cls = told.cls, *user = told.user;
    if (ops_of(s)->nratings_later >= 0 && ops_of(s)->nratings_later < 16) /* ours in flight: forget once it has committed */
        rating_key(user, cls, ops_of(s)->ratings_later[ops_of(s)->nratings_later++], sizeof ops_of(s)->ratings_later[0]);
    else
        ops_of(s)->nratings_later = -1;
}

/* Seat 0's score from the result: 1, 0.5 or 0; -1 when nobody is rated (void, or not known). */
static double seat0_score(const srv_game *sg, const char *re)
{
    if (!strcmp(re, "0") || !strncasecmp(re, "Draw", 4))
        return 0.5;
    const char *plus = strchr(re, '+');
    if (!plus || plus == re)
        return -1;
    size_t n = (size_t)(plus - re);
    for (int seat = 0; seat < 2; seat++) { /* the winner's colour, as its seat plays it now (a swap exchanges them) */
        char colour[8];
        games_colour_of(sg, seat, colour);
        if (strlen(colour) == n && !strncmp(colour, re, n))
            return seat == 0 ? 1.0 : 0.0;
    }
    return -1;
}

int ratings_game_over(srv *s, srv_game *sg, svc_status *st)
{
    char re[32];
    if (!opt_long(sg->options, "rated", 1) || !strcmp(sg->player[0], sg->player[1]))
        return 0;
    games_result(sg, re);
    double score = re[0] ? seat0_score(sg, re) : -1;
    if (score < 0)
        return 0;
    const char *cls = ratings_class(sg);
    settle_later(s);
    ops_of(s)->end_rating_reads += !held(s, sg->player[0], cls) + !held(s, sg->player[1], cls); /* on the loop */
    store_rating *a = rating_of(s, sg->player[0], cls), *b = rating_of(s, sg->player[1], cls);
    if (!a || !b)
        return svc_fail(st, "INTERNAL", "out of memory");
    glicko2_result ra = {b->r, b->rd, score}, rb = {a->r, a->rd, 1.0 - score};
    glicko2_rating na = glicko2_update((glicko2_rating){a->r, a->rd, a->sigma}, &ra, 1, GLICKO2_TAU);
    glicko2_rating nb = glicko2_update((glicko2_rating){b->r, b->rd, b->sigma}, &rb, 1, GLICKO2_TAU);
    store_rating *both[2] = {a, b};
    glicko2_rating now[2] = {na, nb};
    const glicko2_result *vs[2] = {&ra, &rb};
    for (int i = 0; i < 2; i++) {
        store_op op = {.kind = STORE_RATING_SET};
        op.rating_from.check = 1; /* and only while the row is still the one it was computed from */
        op.rating_from.was = *both[i];
        op.rating_from.vs_r = vs[i]->r;
        op.rating_from.vs_rd = vs[i]->rd;
        op.rating_from.score = vs[i]->score;
        op.rating_from.board = sg->id; /* and the history of ratings gets a row with it */
        op.rating_from.at = svc_clock_now(s);
        both[i]->r = now[i].r;
        both[i]->rd = now[i].rd;
        both[i]->sigma = now[i].sigma;
        both[i]->games++;
        op.rating = *both[i];
        if (svc_commit(s, &op, sg, st) != 0) /* kept only when the game's end is (its version) */
            return -1;
        rating_cache_written(both[i], model_of(s)->ratings_written); /* held until it has committed */
    }
    return 0;
}

/* ---- reading ---------------------------------------------------------------------------- */
/* Ratings read off the loop for a request (several servers on one database), one or a game's
 * two players' in one class: put in memory when they come, unless memory has one by then or
 * another server changed a rating meanwhile. */
typedef struct rating_read {
    db_job base;
    char user[2][STORE_NAME_MAX + 1], cls[24];
    int n;
    unsigned long changes; /* ops_of(s)->rating_changes when queued */
    int found[2];
    store_rating r[2];
    int64_t game;                      /* ratings_read_then's: then(s, game) when done */
    void (*then)(srv *s, int64_t id);
} rating_read;

static void rating_run(store *st, db_job *d)
{
    rating_read *r = (rating_read *)d;
    for (int i = 0; i < r->n; i++)
        r->found[i] = st->be->rating_get(st, r->user[i], r->cls, &r->r[i]);
}

static void rating_discard(db_job *d) { free(d); }

static void rating_done(srv *s, db_job *d)
{
    rating_read *r = (rating_read *)d;
    settle_later(s);
    for (int i = 0; i < r->n; i++) {
        char key[80];
        ops_of(s)->rating_reads++;
        rating_key(r->user[i], r->cls, key, sizeof key);
        if (r->changes == ops_of(s)->rating_changes && !rating_cache_get(s, key)) {
            store_rating row = r->r[i];
            if (r->found[i] != 1)
                newcomer(&row, r->user[i], r->cls);
            ops_of(s)->rating_cache.misses++;
            rating_cache_put(s, key, &row);
        }
    }
    waits_read(s, r->base.ticket);
    if (r->then)
        r->then(s, r->game);
    free(r);
}

/* r set to read the ratings in cls of the n users (1 or 2), then done. */
static void rating_read_setup(srv *s, rating_read *r, const char *const *users, int n, const char *cls,
                              void (*done)(srv *s, db_job *d))
{
    dbjobs_setup(&r->base, rating_run, done, rating_discard);
    for (int i = 0; i < n && i < 2; i++)
        snprintf(r->user[i], sizeof r->user[i], "%s", users[i]);
    r->n = n < 2 ? n : 2;
    snprintf(r->cls, sizeof r->cls, "%s", cls);
    r->changes = ops_of(s)->rating_changes;
}

/* A read of the ratings in cls of the n users (1 or 2), not yet queued; NULL out of memory. */
static rating_read *rating_job(srv *s, const char *const *users, int n, const char *cls)
{
    rating_read *r = calloc(1, sizeof *r);
    if (r)
        rating_read_setup(s, r, users, n, cls, rating_done);
    return r;
}

/* The ratings in cls of the n users (1 or 2) not held, for the request running now: 1 when it
 * will run again (queued for the store thread, or the request waits for another read already);
 * 0 read them now (no store thread, no request that can run again). */
static int rating_later(srv *s, const char *const *users, int n, const char *cls)
{
    svc_wait *w = bridge_of(s)->request;
    if (!bridge_of(s)->dbj || !w || w->runs >= SVC_RUNS_MAX)
        return 0;
    if (w->reading) /* it runs again anyway: these ratings are read then */
        return 1;
    rating_read *r = rating_job(s, users, n, cls);
    if (!r)
        return 0;
    dbjobs_run_for(s, w, &r->base);
    return 1;
}

/* The players of rated game sg whose ratings in its class (*cls) memory does not hold: their
 * number, names in missing. */
static int missing_ratings(srv *s, const srv_game *sg, const char **cls, const char *missing[2])
{
    if (!opt_long(sg->options, "rated", 1) || !strcmp(sg->player[0], sg->player[1]))
        return 0;
    int n = 0;
    *cls = ratings_class(sg);
    settle_later(s);
    for (int seat = 0; seat < 2; seat++)
        if (!held(s, sg->player[seat], *cls))
            missing[n++] = sg->player[seat];
    return n;
}

int ratings_for_move(srv *s, const srv_game *sg)
{
    const char *cls, *missing[2];
    int n = missing_ratings(s, sg, &cls, missing);
    return n && rating_later(s, missing, n, cls);
}

int ratings_read_then(srv *s, const srv_game *sg, void (*then)(srv *s, int64_t id))
{
    const char *cls, *missing[2];
    int n = bridge_of(s)->dbj ? missing_ratings(s, sg, &cls, missing) : 0;
    rating_read *r = n ? rating_job(s, missing, n, cls) : NULL;
    if (!r)
        return 0;
    r->game = sg->id;
    r->then = then;
    dbjobs_run(s, &r->base);
    return 1;
}

/* A game end's rating write refused (another server's game end changed the row first): the row
 * read again on the store thread, and the rating computed again from it and written (again_done). */
typedef struct rating_again {
    rating_read read; /* first: its one user and class, and the row */
    store_op refused;
    srv *s;           /* for again_discard */
    int ran;          /* the row was read (on the store thread) */
} rating_again;

static void again_run(store *st, db_job *d)
{
    rating_run(st, d);
    ((rating_again *)d)->ran = 1;
}

/* On the loop: the row another server wrote has come.  The rating is computed again from it, against
 * the same opponent and score, held, and written conditional on that row alone (refused again, it
 * comes back here: each game counts once, in the first write that commits). */
static void again_done(srv *s, db_job *d)
{
    rating_again *a = (rating_again *)d;
    const rating_read *r = &a->read;
    store_rating row;
    ops_of(s)->rating_reads++;
    ops_of(s)->ratings_redone++;
    settle_later(s);
    if (r->found[0] == 1)
        row = r->r[0];
    else
        newcomer(&row, r->user[0], r->cls);
    store_op op = a->refused;
    op.guard_board = op.guard_version = op.new_version = 0; /* the game's end has committed */
    op.rating_from.tries++;
    op.rating_from.was = row;
    glicko2_result res = {op.rating_from.vs_r, op.rating_from.vs_rd, op.rating_from.score};
    glicko2_rating n = glicko2_update((glicko2_rating){row.r, row.rd, row.sigma}, &res, 1, GLICKO2_TAU);
    op.rating = row;
    op.rating.r = n.r;
    op.rating.rd = n.rd;
    op.rating.sigma = n.sigma;
    op.rating.games++;
    ratings_forget(s, r->user[0], r->cls); /* the row read, and our game on it, are the truth now */
    char key[80];
    rating_key(r->user[0], r->cls, key, sizeof key);
    store_rating *m = rating_cache_put(s, key, &op.rating);
    svc_status st;
    svc_status_init(&st);
    if (svc_commit(s, &op, NULL, &st) != 0) {
        srv_log(s, "out of memory: the %s rating of %s not written again: one game not counted", r->cls, r->user[0]);
        ratings_forget(s, r->user[0], r->cls);
    } else if (m) {
        rating_cache_written(m, model_of(s)->ratings_written); /* held until it has committed */
    }
    free(a);
}

/* The server stops with the row read and not yet handed to the loop (svc_close stops the store
 * thread before the commit thread): computed and queued now, so the game still counts. */
static void again_discard(db_job *d)
{
    rating_again *a = (rating_again *)d;
    if (a->ran && !ops_of(a->s)->failed) {
        again_done(a->s, d);
        return;
    }
    srv_log(a->s, "stopping: the %s rating of %s not computed again: one game not counted", a->read.cls,
            a->read.user[0]);
    free(a);
}

void ratings_again(srv *s, const store_op *refused)
{
    const store_rating *was = &refused->rating;
    ratings_forget(s, was->user, was->cls); /* ours lost: the store's row is the truth */
    if (refused->rating_from.tries >= 16) {
        srv_log(s, "the %s rating of %s could not be written after 16 tries: one game not counted", was->cls,
                was->user);
        return;
    }
    rating_again *a = calloc(1, sizeof *a);
    if (!a) {
        srv_log(s, "out of memory: the %s rating of %s not computed again: one game not counted", was->cls, was->user);
        return;
    }
    const char *user = was->user;
    rating_read_setup(s, &a->read, &user, 1, was->cls, again_done);
    dbjobs_setup(&a->read.base, again_run, again_done, again_discard);
    a->refused = *refused;
    a->s = s;
    dbjobs_run(s, &a->read.base); /* without a store thread (SQLite), read and written again at once */
}

_Static_assert(SVC_NAME_MAX == STORE_NAME_MAX, "a door's user names are the store's");

/* A rating as the doors are handed it. */
static void rating_to_door(svc_rating *out, const store_rating *r)
{
    snprintf(out->user, sizeof out->user, "%s", r->user);
    snprintf(out->cls, sizeof out->cls, "%s", r->cls);
    out->r = r->r;
    out->rd = r->rd;
    out->sigma = r->sigma;
    out->games = r->games;
}

int svc_rating_of(srv *s, const char *user, const char *cls, svc_rating *out)
{
    char key[80];
    settle_later(s);
    rating_key(user, cls, key, sizeof key);
    if (!rating_cache_get(s, key) && rating_later(s, &user, 1, cls))
        return -1;
    store_rating *r = rating_of(s, user, cls);
    if (!r)
        return -1;
    rating_to_door(out, r);
    return 0;
}

/* The standings of a game's classes (one to three), read in one job: on the store thread for a
 * request that can run again (kept for its next run), else at once. */
typedef struct standings_read {
    db_job base;
    const char *const *classes;
    int n;
    size_t cap;
    store_rating *out; /* n * cap */
    long count[SVC_CLASSES_MAX];
} standings_read;

static void standings_run(store *st, db_job *d)
{
    standings_read *r = (standings_read *)d;
    for (int i = 0; i < r->n; i++)
        r->count[i] = st->be->ratings_of(st, r->classes[i], r->out + (size_t)i * r->cap, r->cap);
}

static void standings_discard(db_job *d)
{
    free(((standings_read *)d)->out);
    free(d);
}

static void standings_done(srv *s, db_job *d)
{
    ops_of(s)->standings_reads++;
    dbjobs_keep(s, d);
}

/* want's rows from the read kept for the request running now (0); else queued for the store
 * thread (1: the request runs again with them); else read now (0). */
static int standings_read_rows(srv *s, standings_read *want)
{
    standings_read *r = (standings_read *)dbjobs_answer(s, standings_done);
    int mine = r && r->classes == want->classes && r->n == want->n && r->cap == want->cap;
    if (mine) {
        memcpy(want->count, r->count, sizeof want->count);
        memcpy(want->out, r->out, (size_t)want->n * want->cap * sizeof *want->out);
    }
    if (r)
        standings_discard(&r->base);
    if (mine)
        return 0;
    svc_wait *w = dbjobs_request(s);
    standings_read *j = w ? calloc(1, sizeof *j) : NULL;
    if (j) {
        *j = *want;
        j->out = calloc((size_t)want->n * want->cap, sizeof *j->out);
        if (j->out) {
            dbjobs_setup(&j->base, standings_run, standings_done, standings_discard);
            dbjobs_run_for(s, w, &j->base);
            return 1;
        }
        free(j);
    }
    standings_run(bridge_of(s)->rstore, &want->base);
    return 0;
}

/* cls's rows as read, each replaced by memory's when held (a batch ahead of the store), best first. */
static void standings_settle(srv *s, const char *cls, store_rating *out, long n)
{
    for (long i = 0; i < n; i++) {
        char key[80];
        rating_key(out[i].user, cls, key, sizeof key);
        store_rating *m = rating_cache_get(s, key);
        if (m)
            out[i] = *m;
    }
    for (long i = 1; i < n; i++) /* keep best first after that (a short insertion sort) */
        for (long j = i; j > 0 && out[j].r > out[j - 1].r; j--) {
            store_rating t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

/* r's rows (read, settled) handed to the door's out and counts: the number of classes, or -1. */
static int standings_to_door(srv *s, standings_read *r, svc_rating *out, long *counts, svc_status *st)
{
    for (int i = 0; i < r->n; i++) {
        if (r->count[i] < 0)
            return svc_fail(st, "INTERNAL", "the ratings cannot be read");
        store_rating *rows = r->out + (size_t)i * r->cap;
        standings_settle(s, r->classes[i], rows, r->count[i]);
        for (long k = 0; k < r->count[i]; k++)
            rating_to_door(&out[(size_t)i * r->cap + (size_t)k], &rows[k]);
        counts[i] = r->count[i];
    }
    return r->n;
}

int svc_standings(srv *s, proto_game kind, svc_rating *out, size_t cap, long *counts, svc_status *st)
{
    standings_read r = {.cap = cap};
    r.n = ratings_classes(kind, &r.classes);
    if (!r.n || r.n > SVC_CLASSES_MAX)
        return svc_fail(st, "UNKNOWN_GAME", "games are twixt, hex, backgammon and crossword");
    r.out = calloc((size_t)r.n * (cap ? cap : 1), sizeof *r.out);
    if (!r.out)
        return svc_fail(st, "INTERNAL", "out of memory");
    int n = standings_read_rows(s, &r) ? svc_fail(st, "BUSY", "the standings are being read")
                                       : standings_to_door(s, &r, out, counts, st);
    free(r.out);
    return n;
}

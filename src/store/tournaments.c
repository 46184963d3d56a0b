/* store/tournaments.c - a tournament's rows, the same SQL for both backends (tournaments.h).
 *
 * Each call is one transaction through the backend's few primitives (tournaments_int.h):
 * statements with ?N parameters given as text, rows read back as text.  What must happen once
 * is decided inside the transaction: a join locks the tournament's row and counts its entrants;
 * a start and a finish change the state only from the one expected; a round's pairing inserts
 * its claim (tournament, round), the primary key of tournament_rounds, with ON CONFLICT DO
 * NOTHING: the server that inserts no row rolls back, having written nothing.  The schema is
 * migration 14 of sqlite_migrate.c and pg_migrate.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/tournaments_int.h"

const char *const tournament_pairing_insert_sql =
    "INSERT INTO tournament_pairings(tournament_id, round, board, player1, player2, game_id)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
const char *const tournament_game_insert_sql =
    "INSERT INTO games(id, kind, player1, player2, options, state, created, version, clock, deadline, nag_at,"
    " status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";

#define T_COLUMNS                                                                                           \
    "id, name, kind, format, options, organizer, min_players, max_players, start_at, rated, sequential,"  \
    " state, round, created"

static const tournament_backend *backend_of(const store *s)
{
    return s->be == &store_pg_backend ? &pg_tournament_backend : &sqlite_tournament_backend;
}

static void copy_text(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

static int64_t num(const char *s)
{
    return s ? strtoll(s, NULL, 10) : 0;
}

typedef struct list_ctx {
    void *out;
    size_t cap, n;
} list_ctx;

static int tournament_row(void *ctx, int ncols, const char *const *c)
{
    list_ctx *l = ctx;
    if (ncols < 14 || l->n >= l->cap)
        return 0;
    store_tournament *t = (store_tournament *)l->out + l->n++;
    memset(t, 0, sizeof *t);
    t->id = num(c[0]);
    copy_text(t->name, sizeof t->name, c[1]);
    copy_text(t->kind, sizeof t->kind, c[2]);
    copy_text(t->format, sizeof t->format, c[3]);
    copy_text(t->options, sizeof t->options, c[4]);
    copy_text(t->organizer, sizeof t->organizer, c[5]);
    t->min_players = (int)num(c[6]);
    t->max_players = (int)num(c[7]);
    t->start_at = num(c[8]);
    t->rated = (int)num(c[9]);
    t->sequential = (int)num(c[10]);
    t->state = (int)num(c[11]);
    t->round = (int)num(c[12]);
    t->created = num(c[13]);
    return 0;
}

static int entrant_row(void *ctx, int ncols, const char *const *c)
{
    list_ctx *l = ctx;
    if (ncols < 4 || l->n >= l->cap)
        return 0;
    store_entrant *e = (store_entrant *)l->out + l->n++;
    copy_text(e->user, sizeof e->user, c[0]);
    e->seed = (int)num(c[1]);
    e->joined = num(c[2]);
    e->withdrawn = (int)num(c[3]);
    return 0;
}

static int pairing_row(void *ctx, int ncols, const char *const *c)
{
    list_ctx *l = ctx;
    if (ncols < 5 || l->n >= l->cap)
        return 0;
    store_pairing *p = (store_pairing *)l->out + l->n++;
    p->round = (int)num(c[0]);
    p->board = (int)num(c[1]);
    copy_text(p->first, sizeof p->first, c[2]);
    copy_text(p->second, sizeof p->second, c[3]);
    p->game_id = num(c[4]);
    return 0;
}

/* Decimal text of x into buf (for a parameter). */
static const char *dec(char *buf, int64_t x)
{
    snprintf(buf, 24, "%" PRId64, x);
    return buf;
}

/* One statement in a transaction of its own: its count, or -1. */
static long exec_alone(store *s, const char *sql, const char *const *p, int np, char *err, size_t errcap)
{
    const tournament_backend *be = backend_of(s);
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    long n = be->exec(s, sql, p, np, NULL, NULL, err, errcap);
    if (n < 0 || be->tx(s, "COMMIT", err, errcap) != 0) {
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    return n;
}

int store_tournament_create(store *s, store_tournament *t, char *err, size_t errcap)
{
    char b[8][24];
    const char *p[13] = {t->name, t->kind, t->format, t->options, t->organizer, dec(b[0], t->min_players),
                         dec(b[1], t->max_players), dec(b[2], t->start_at), dec(b[3], t->rated),
                         dec(b[4], t->sequential), dec(b[5], t->created)};
    const tournament_backend *be = backend_of(s);
    store_tournament made;
    list_ctx l = {&made, 1, 0};
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    long n = be->exec(s,
                      "INSERT INTO tournaments(name, kind, format, options, organizer, min_players, max_players,"
                      " start_at, rated, sequential, state, round, created)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, 0, ?11) RETURNING " T_COLUMNS,
                      p, 11, tournament_row, &l, err, errcap);
    if (n != 1 || be->tx(s, "COMMIT", err, errcap) != 0) {
        if (n >= 0 && n != 1)
            snprintf(err, errcap, "the new tournament's row was not returned");
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    *t = made;
    return 0;
}

int store_tournament_get(store *s, int64_t id, store_tournament *out)
{
    char b[24], err[200];
    const char *p[1] = {dec(b, id)};
    list_ctx l = {out, 1, 0};
    long n = backend_of(s)->exec(s, "SELECT " T_COLUMNS " FROM tournaments WHERE id = ?1", p, 1, tournament_row,
                                 &l, err, sizeof err);
    return n < 0 ? -1 : l.n == 1;
}

/* Tournaments the query sql with params p finds, up to cap: the count, or -1. */
static long tournaments_query(store *s, const char *sql, const char *const *p, int np, store_tournament *out,
                              size_t cap)
{
    char err[200];
    list_ctx l = {out, cap, 0};
    long n = backend_of(s)->exec(s, sql, p, np, tournament_row, &l, err, sizeof err);
    return n < 0 ? -1 : (long)l.n;
}

long store_tournaments_list(store *s, int state, store_tournament *out, size_t cap)
{
    char b[2][24];
    const char *p[2] = {dec(b[0], state), dec(b[1], (int64_t)cap)};
    return tournaments_query(s,
                             "SELECT " T_COLUMNS " FROM tournaments WHERE CAST(?1 AS INTEGER) < 0 OR"
                             " state = CAST(?1 AS INTEGER) ORDER BY id DESC LIMIT CAST(?2 AS INTEGER)",
                             p, 2, out, cap);
}

long store_tournaments_after(store *s, int state, int64_t after, store_tournament *out, size_t cap)
{
    char b[3][24];
    const char *p[3] = {dec(b[0], state), dec(b[1], after), dec(b[2], (int64_t)cap)};
    return tournaments_query(s,
                             "SELECT " T_COLUMNS " FROM tournaments WHERE state = CAST(?1 AS INTEGER) AND"
                             " id > CAST(?2 AS BIGINT) ORDER BY id LIMIT CAST(?3 AS INTEGER)",
                             p, 3, out, cap);
}

/* Within the join's transaction: 1 the tournament is open with room for one more. */
static int room_to_join(store *s, int64_t id, char *err, size_t errcap)
{
    char b[24];
    const char *p[1] = {dec(b, id)};
    long n = backend_of(s)->exec(s,
                                 "SELECT id FROM tournaments WHERE id = ?1 AND state = 0 AND (SELECT COUNT(*)"
                                 " FROM tournament_entrants WHERE tournament_id = ?1) < max_players",
                                 p, 1, NULL, NULL, err, errcap);
    return n < 0 ? -1 : n > 0;
}

int store_tournament_join(store *s, int64_t id, const char *user, int64_t now, char *err, size_t errcap)
{
    const tournament_backend *be = backend_of(s);
    char b[2][24];
    const char *p[3] = {dec(b[0], id), user, dec(b[1], now)};
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    long locked = be->exec(s, be->lock_sql, p, 1, NULL, NULL, err, errcap);
    int r = locked < 0 ? -1 : locked == 0 ? 0 : room_to_join(s, id, err, errcap);
    long n = 0;
    if (r == 1)
        n = be->exec(s,
                     "INSERT INTO tournament_entrants(tournament_id, player, seed, joined, withdrawn)"
                     " VALUES (?1, ?2, 0, ?3, 0) ON CONFLICT DO NOTHING",
                     p, 3, NULL, NULL, err, errcap);
    if (r < 0 || n < 0 || be->tx(s, r == 1 && n == 1 ? "COMMIT" : "ROLLBACK", err, errcap) != 0) {
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    return r == 1 && n == 1;
}

int store_tournament_leave(store *s, int64_t id, const char *user, char *err, size_t errcap)
{
    char b[24];
    const char *p[2] = {dec(b, id), user};
    const tournament_backend *be = backend_of(s);
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    long gone = be->exec(s,
                         "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND player = ?2 AND"
                         " (SELECT state FROM tournaments WHERE id = ?1) = 0",
                         p, 2, NULL, NULL, err, errcap);
    long marked = gone == 0 ? be->exec(s,
                                       "UPDATE tournament_entrants SET withdrawn = 1 WHERE tournament_id = ?1"
                                       " AND player = ?2 AND withdrawn = 0",
                                       p, 2, NULL, NULL, err, errcap)
                            : 0;
    if (gone < 0 || marked < 0 || be->tx(s, "COMMIT", err, errcap) != 0) {
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    return gone + marked > 0;
}

int store_tournament_withdraw_disabled(store *s, int64_t id, char *err, size_t errcap)
{
    char b[24];
    const char *p[1] = {dec(b, id)};
    long n = backend_of(s)->exec(s,
                                 "UPDATE tournament_entrants SET withdrawn = 1 WHERE tournament_id = ?1 AND"
                                 " withdrawn = 0 AND (SELECT state FROM tournaments WHERE id = ?1) = 1 AND"
                                 " player IN (SELECT name FROM users WHERE disabled <> 0)",
                                 p, 1, NULL, NULL, err, errcap);
    return n < 0 ? -1 : (int)n;
}

/* Within the start's transaction: the seeds written, the others' entries removed. */
static int write_seeds(store *s, int64_t id, const char *const *seeded, size_t n, char *err, size_t errcap)
{
    const tournament_backend *be = backend_of(s);
    char b[2][24];
    const char *p[3] = {dec(b[0], id), NULL, NULL};
    if (be->exec(s, "UPDATE tournament_entrants SET seed = 0 WHERE tournament_id = ?1", p, 1, NULL, NULL, err,
                 errcap) < 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        p[1] = seeded[i];
        p[2] = dec(b[1], (int64_t)i + 1);
        if (be->exec(s, "UPDATE tournament_entrants SET seed = ?3 WHERE tournament_id = ?1 AND player = ?2", p, 3,
                     NULL, NULL, err, errcap) != 1) {
            snprintf(err, errcap, "%s is not an entrant of tournament %" PRId64, seeded[i], id);
            return -1;
        }
    }
    return be->exec(s, "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND seed = 0", p, 1, NULL, NULL, err,
                    errcap) < 0 ? -1 : 0;
}

int store_tournament_start(store *s, int64_t id, const char *const *seeded, size_t n, char *err, size_t errcap)
{
    const tournament_backend *be = backend_of(s);
    char b[24];
    const char *p[1] = {dec(b, id)};
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    long started = be->exec(s, "UPDATE tournaments SET state = 1 WHERE id = ?1 AND state = 0", p, 1, NULL, NULL,
                            err, errcap);
    int ok = started >= 0 && (started == 0 || write_seeds(s, id, seeded, n, err, errcap) == 0);
    if (!ok || be->tx(s, started == 1 ? "COMMIT" : "ROLLBACK", err, errcap) != 0) {
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    return started == 1;
}

int store_tournament_finish(store *s, int64_t id, char *err, size_t errcap)
{
    char b[24];
    const char *p[1] = {dec(b, id)};
    long n = exec_alone(s, "UPDATE tournaments SET state = 2 WHERE id = ?1 AND state = 1", p, 1, err, errcap);
    return n < 0 ? -1 : n == 1;
}

/* Rows of a tournament's list query (?1 its id, ?2 the cap) through fn into out: the count, or -1. */
static long list_of(store *s, const char *sql, int64_t id, tsql_row_fn fn, void *out, size_t cap)
{
    char b[2][24], err[200];
    const char *p[2] = {dec(b[0], id), dec(b[1], (int64_t)cap)};
    list_ctx l = {out, cap, 0};
    long n = backend_of(s)->exec(s, sql, p, 2, fn, &l, err, sizeof err);
    return n < 0 ? -1 : (long)l.n;
}

long store_tournament_entrants(store *s, int64_t id, store_entrant *out, size_t cap)
{
    return list_of(s,
                   "SELECT player, seed, joined, withdrawn FROM tournament_entrants WHERE tournament_id = ?1"
                   " ORDER BY seed = 0, seed, joined, player LIMIT CAST(?2 AS INTEGER)",
                   id, entrant_row, out, cap);
}

static int count_entered_row(void *ctx, int ncols, const char *const *c)
{
    int64_t *v = ctx;
    if (ncols >= 2) {
        v[0] = num(c[0]);
        v[1] = num(c[1]);
    }
    return 0;
}

long store_tournament_entry_count(store *s, int64_t id, const char *user, int *entered)
{
    char b[24], err[200];
    const char *p[2] = {dec(b, id), user ? user : ""};
    int64_t v[2] = {0, 0};
    long n = backend_of(s)->exec(s,
                                 "SELECT COUNT(*), COALESCE(SUM(CASE WHEN player = ?2 AND withdrawn = 0 THEN 1 ELSE 0"
                                 " END), 0) FROM tournament_entrants WHERE tournament_id = ?1",
                                 p, 2, count_entered_row, v, err, sizeof err);
    *entered = n >= 0 && v[1] > 0;
    return n < 0 ? -1 : (long)v[0];
}

long store_tournament_pairings(store *s, int64_t id, store_pairing *out, size_t cap)
{
    return list_of(s,
                   "SELECT round, board, player1, player2, game_id FROM tournament_pairings WHERE"
                   " tournament_id = ?1 ORDER BY round, board LIMIT CAST(?2 AS INTEGER)",
                   id, pairing_row, out, cap);
}

static int game_of_row(void *ctx, int ncols, const char *const *c)
{
    int64_t *v = ctx;
    if (ncols >= 2) {
        v[0] = num(c[0]);
        v[1] = num(c[1]);
    }
    return 0;
}

int store_tournament_of_game(store *s, int64_t game_id, int64_t *tournament, int *round)
{
    char b[24], err[200];
    const char *p[1] = {dec(b, game_id)};
    int64_t v[2] = {0, 0};
    long n = backend_of(s)->exec(s, "SELECT tournament_id, round FROM tournament_pairings WHERE game_id = ?1", p, 1,
                                 game_of_row, v, err, sizeof err);
    if (n <= 0)
        return n < 0 ? -1 : 0;
    *tournament = v[0];
    *round = (int)v[1];
    return 1;
}

static int count_row(void *ctx, int ncols, const char *const *c)
{
    if (ncols >= 1)
        *(long *)ctx = (long)num(c[0]);
    return 0;
}

long store_tournament_games_running(store *s, int64_t id, int from_round)
{
    char b[2][24], err[200];
    const char *p[2] = {dec(b[0], id), dec(b[1], from_round)};
    long count = 0;
    long n = backend_of(s)->exec(s,
                                 "SELECT COUNT(*) FROM tournament_pairings p JOIN games g ON g.id = p.game_id"
                                 " WHERE p.tournament_id = ?1 AND p.round >= CAST(?2 AS INTEGER) AND g.deadline <> 0",
                                 p, 2, count_row, &count, err, sizeof err);
    return n < 0 ? -1 : count;
}

/* Within the pairing's transaction: the claims on rounds first..last, each inserted here (1), or
 * one of them was claimed already (0), or -1. */
static int claim_rounds(store *s, const char *id, int first, int last, const char *at, char *err, size_t errcap)
{
    for (int r = first; r <= last; r++) {
        char b[24];
        const char *p[3] = {id, dec(b, r), at};
        long claimed = backend_of(s)->exec(s,
                                           "INSERT INTO tournament_rounds(tournament_id, round, paired_at) VALUES"
                                           " (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                                           p, 3, NULL, NULL, err, errcap);
        if (claimed != 1)
            return claimed < 0 ? -1 : 0;
    }
    return 1;
}

int store_tournament_pair_rounds(store *s, int64_t id, int first, int last, const store_game *games, size_t ngames,
                                 const store_pairing *pairs, size_t npairs, char *err, size_t errcap)
{
    const tournament_backend *be = backend_of(s);
    char b[3][24];
    const char *p[3] = {dec(b[0], id), dec(b[1], last), dec(b[2], games && ngames ? games[0].created : 0)};
    if (first < 1 || last < first) {
        snprintf(err, errcap, "rounds %d to %d", first, last);
        return -1;
    }
    if (be->tx(s, "BEGIN", err, errcap) != 0)
        return -1;
    int claimed = claim_rounds(s, p[0], first, last, p[2], err, errcap);
    int ok = claimed >= 0;
    if (claimed == 1)
        ok = be->insert_games(s, games, ngames, err, errcap) == 0 &&
             be->insert_pairings(s, id, pairs, npairs, err, errcap) == 0 &&
             be->exec(s, "UPDATE tournaments SET round = ?2 WHERE id = ?1 AND round < ?2", p, 2, NULL, NULL, err,
                      errcap) >= 0;
    if (!ok || be->tx(s, claimed == 1 ? "COMMIT" : "ROLLBACK", err, errcap) != 0) {
        be->tx(s, "ROLLBACK", NULL, 0);
        return -1;
    }
    return claimed == 1;
}

int store_tournament_pair_round(store *s, int64_t id, int round, const store_game *games, size_t ngames,
                                const store_pairing *pairs, size_t npairs, char *err, size_t errcap)
{
    return store_tournament_pair_rounds(s, id, round, round, games, ngames, pairs, npairs, err, errcap);
}

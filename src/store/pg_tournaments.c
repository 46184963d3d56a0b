/* store/pg_tournaments.c - the PostgreSQL side of a tournament's rows (tournaments_int.h).
 *
 * Statements go as text with their parameters as text (?N written $N), on the store's own
 * connection between its batches.  A join's transaction locks the tournament's row (SELECT ...
 * FOR UPDATE), so two servers' joins count the entrants one after the other.  A round's games
 * and pairings go as two statements over arrays (unnest of array literals, pg_array.h) whatever
 * their number: a 100-player round robin's 4,950 games are one INSERT. */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/pg_array.h"
#include "store/pg_store.h"
#include "store/tournaments_int.h"

#define MAX_SQL 2048

static void say_error(PGconn *c, char *err, size_t errcap)
{
    if (err && errcap)
        snprintf(err, errcap, "%s", c ? PQerrorMessage(c) : "no connection to PostgreSQL");
}

/* sql with ?N written $N into out; 0, or -1 when it does not fit. */
static int dollars(const char *sql, char *out, size_t cap)
{
    size_t n = 0;
    for (; *sql && n + 1 < cap; sql++)
        out[n++] = *sql == '?' ? '$' : *sql;
    out[n] = 0;
    return *sql ? -1 : 0;
}

static long pq_exec(store *s, const char *sql, const char *const *params, int nparams, tsql_row_fn fn, void *ctx,
                    char *err, size_t errcap)
{
    PGconn *c = pg_store_conn(s, err, errcap);
    char text[MAX_SQL];
    if (!c)
        return -1;
    if (dollars(sql, text, sizeof text) != 0) {
        snprintf(err, errcap, "a statement longer than %d bytes", MAX_SQL);
        return -1;
    }
    PGresult *r = PQexecParams(c, text, nparams, NULL, params, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(r);
    long rows = -1;
    if (st == PGRES_TUPLES_OK) {
        int ncols = PQnfields(r) < 16 ? PQnfields(r) : 16;
        rows = PQntuples(r);
        for (int i = 0; fn && i < rows; i++) {
            const char *cols[16];
            for (int k = 0; k < ncols; k++)
                cols[k] = PQgetisnull(r, i, k) ? NULL : PQgetvalue(r, i, k);
            fn(ctx, ncols, cols);
        }
    } else if (st == PGRES_COMMAND_OK) {
        rows = strtol(PQcmdTuples(r), NULL, 10);
    } else {
        say_error(c, err, errcap);
    }
    PQclear(r);
    return rows;
}

static int pq_tx(store *s, const char *what, char *err, size_t errcap)
{
    return pq_exec(s, what, NULL, 0, NULL, NULL, err, errcap) < 0 ? -1 : 0;
}

/* Run sql with the ncols array literals as its parameters; 0 or -1 (out of memory too). */
static int run_arrays(store *s, const char *sql, pg_lit *cols, int ncols, char *err, size_t errcap)
{
    const char *p[12];
    int ok = 1;
    for (int k = 0; k < ncols; k++) {
        pg_lit_close(&cols[k]);
        ok = ok && cols[k].ok;
        p[k] = cols[k].s;
    }
    if (!ok)
        snprintf(err, errcap, "out of memory for a round's rows");
    int rc = ok && pq_exec(s, sql, p, ncols, NULL, NULL, err, errcap) >= 0 ? 0 : -1;
    for (int k = 0; k < ncols; k++)
        free(cols[k].s);
    return rc;
}

static int pq_insert_games(store *s, const store_game *games, size_t n, char *err, size_t errcap)
{
    pg_lit col[12];
    for (int k = 0; k < 12; k++)
        pg_lit_open(&col[k]);
    for (size_t i = 0; i < n; i++) {
        const store_game *g = &games[i];
        pg_lit_int(&col[0], g->id);
        pg_lit_text(&col[1], g->kind);
        pg_lit_text(&col[2], g->player[0]);
        pg_lit_text(&col[3], g->player[1]);
        pg_lit_text(&col[4], g->options);
        pg_lit_text(&col[5], g->state);
        pg_lit_int(&col[6], g->created);
        pg_lit_int(&col[7], g->version);
        pg_lit_text(&col[8], g->clock);
        pg_lit_int(&col[9], g->deadline);
        pg_lit_int(&col[10], g->nag_at);
        pg_lit_int(&col[11], g->status);
    }
    return run_arrays(s,
                      "INSERT INTO games(id, kind, player1, player2, options, state, created, version, clock,"
                      " deadline, nag_at, status) SELECT * FROM unnest(?1::bigint[], ?2::text[], ?3::text[],"
                      " ?4::text[], ?5::text[], ?6::text[], ?7::bigint[], ?8::bigint[], ?9::text[], ?10::bigint[],"
                      " ?11::bigint[], ?12::int[])",
                      col, 12, err, errcap);
}

static int pq_insert_pairings(store *s, int64_t id, const store_pairing *pairs, size_t n, char *err, size_t errcap)
{
    pg_lit col[6];
    for (int k = 0; k < 6; k++)
        pg_lit_open(&col[k]);
    for (size_t i = 0; i < n; i++) {
        pg_lit_int(&col[0], id);
        pg_lit_int(&col[1], pairs[i].round);
        pg_lit_int(&col[2], pairs[i].board);
        pg_lit_text(&col[3], pairs[i].first);
        pg_lit_text(&col[4], pairs[i].second);
        pg_lit_int(&col[5], pairs[i].game_id);
    }
    return run_arrays(s,
                      "INSERT INTO tournament_pairings(tournament_id, round, board, player1, player2, game_id)"
                      " SELECT * FROM unnest(?1::bigint[], ?2::int[], ?3::int[], ?4::text[], ?5::text[],"
                      " ?6::bigint[])",
                      col, 6, err, errcap);
}

const tournament_backend pg_tournament_backend = {
    pq_exec, pq_tx, "SELECT id FROM tournaments WHERE id = ?1 FOR UPDATE", pq_insert_games, pq_insert_pairings,
};

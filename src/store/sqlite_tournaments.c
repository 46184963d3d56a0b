/* store/sqlite_tournaments.c - the SQLite side of a tournament's rows (tournaments_int.h).
 *
 * Statements are prepared for each call (tournaments are rare next to moves), a parameter that
 * is a whole decimal number bound as an integer and any other as text.  BEGIN IMMEDIATE takes
 * the database's write lock at once, so a transaction here needs no row lock: one instance
 * serves an SQLite store and its writes run one at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/sqlite_store.h"
#include "store/tournaments_int.h"

static void say_error(sqlite3 *db, char *err, size_t errcap)
{
    if (err && errcap)
        snprintf(err, errcap, "%s", sqlite3_errmsg(db));
}

static void bind_param(sqlite3_stmt *st, int i, const char *v)
{
    char *end;
    if (!v) {
        sqlite3_bind_null(st, i);
        return;
    }
    long long x = strtoll(v, &end, 10);
    if (*v && *end == 0 && (v[0] != '0' || v[1] == 0) && v[0] != '+')
        sqlite3_bind_int64(st, i, x);
    else
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
}

static long sq_exec(store *s, const char *sql, const char *const *params, int nparams, tsql_row_fn fn, void *ctx,
                    char *err, size_t errcap)
{
    sqlite3 *db = sqlite_store_db(s);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        say_error(db, err, errcap);
        return -1;
    }
    for (int i = 0; i < nparams; i++)
        bind_param(st, i + 1, params[i]);
    long rows = 0;
    int rc, ncols = sqlite3_column_count(st);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *cols[16];
        for (int c = 0; c < ncols && c < 16; c++)
            cols[c] = (const char *)sqlite3_column_text(st, c);
        rows++;
        if (fn)
            fn(ctx, ncols < 16 ? ncols : 16, cols);
    }
    if (rc != SQLITE_DONE) {
        say_error(db, err, errcap);
        sqlite3_finalize(st);
        return -1;
    }
    if (ncols == 0)
        rows = sqlite3_changes(db);
    sqlite3_finalize(st);
    return rows;
}

static int sq_tx(store *s, const char *what, char *err, size_t errcap)
{
    sqlite3 *db = sqlite_store_db(s);
    const char *sql = strcmp(what, "BEGIN") == 0 ? "BEGIN IMMEDIATE" : what;
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        say_error(db, err, errcap);
        return -1;
    }
    return 0;
}

/* One statement prepared once, run for each row's parameters. */
static int run_rows(sqlite3 *db, const char *sql, size_t n, void (*bind)(sqlite3_stmt *st, const void *rows, size_t i),
                    const void *rows, char *err, size_t errcap)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        say_error(db, err, errcap);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        bind(st, rows, i);
        if (sqlite3_step(st) != SQLITE_DONE) {
            say_error(db, err, errcap);
            sqlite3_finalize(st);
            return -1;
        }
    }
    sqlite3_finalize(st);
    return 0;
}

static void bind_game(sqlite3_stmt *st, const void *rows, size_t i)
{
    const store_game *g = (const store_game *)rows + i;
    sqlite3_bind_int64(st, 1, g->id);
    sqlite3_bind_text(st, 2, g->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, g->player[0], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, g->player[1], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, g->options ? g->options : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, g->state ? g->state : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 7, g->created);
    sqlite3_bind_int64(st, 8, g->version);
    sqlite3_bind_text(st, 9, g->clock ? g->clock : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 10, g->deadline);
    sqlite3_bind_int64(st, 11, g->nag_at);
    sqlite3_bind_int(st, 12, g->status);
}

static int sq_insert_games(store *s, const store_game *games, size_t n, char *err, size_t errcap)
{
    return run_rows(sqlite_store_db(s), tournament_game_insert_sql, n, bind_game, games, err, errcap);
}

typedef struct pairing_rows {
    int64_t id;
    const store_pairing *p;
} pairing_rows;

static void bind_pairing(sqlite3_stmt *st, const void *rows, size_t i)
{
    const pairing_rows *r = rows;
    const store_pairing *p = r->p + i;
    sqlite3_bind_int64(st, 1, r->id);
    sqlite3_bind_int(st, 2, p->round);
    sqlite3_bind_int(st, 3, p->board);
    sqlite3_bind_text(st, 4, p->first, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, p->second, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, p->game_id);
}

static int sq_insert_pairings(store *s, int64_t id, const store_pairing *pairs, size_t n, char *err, size_t errcap)
{
    pairing_rows r = {id, pairs};
    return run_rows(sqlite_store_db(s), tournament_pairing_insert_sql, n, bind_pairing, &r, err, errcap);
}

const tournament_backend sqlite_tournament_backend = {
    sq_exec, sq_tx, "SELECT id FROM tournaments WHERE id = ?1", sq_insert_games, sq_insert_pairings,
};

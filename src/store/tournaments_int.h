/* store/tournaments_int.h - what tournaments.c asks of a backend: run one statement (?N
 * parameters, all given as text; rows handed back as text), a transaction, a row lock, and the
 * bulk inserts of a round (sqlite_tournaments.c, pg_tournaments.c). */
#ifndef LUDEX_STORE_TOURNAMENTS_INT_H
#define LUDEX_STORE_TOURNAMENTS_INT_H

#include "store/tournaments.h"

typedef int (*tsql_row_fn)(void *ctx, int ncols, const char *const *cols);

typedef struct tournament_backend {
    /* Run sql with params (NULL: SQL NULL) through fn for each row (fn may be NULL): the rows
     * returned, or for a statement returning none the rows it changed; -1 with err. */
    long (*exec)(store *s, const char *sql, const char *const *params, int nparams, tsql_row_fn fn, void *ctx,
                 char *err, size_t errcap);
    /* "BEGIN" (SQLite: IMMEDIATE, the database's write lock), "COMMIT", "ROLLBACK": 0 or -1. */
    int (*tx)(store *s, const char *what, char *err, size_t errcap);
    /* Within a transaction, ?1 the tournament's id: its row, locked until the transaction ends
     * (PostgreSQL: FOR UPDATE; SQLite: BEGIN IMMEDIATE has locked the database already). */
    const char *lock_sql;
    /* Rows of a round's games and pairings, within a transaction: 0 or -1 with err. */
    int (*insert_games)(store *s, const store_game *games, size_t n, char *err, size_t errcap);
    int (*insert_pairings)(store *s, int64_t id, const store_pairing *pairs, size_t n, char *err, size_t errcap);
} tournament_backend;

extern const tournament_backend sqlite_tournament_backend;
extern const tournament_backend pg_tournament_backend;

/* The SQL of one pairing row and of one game row, ?1 .. in the columns' order (both backends). */
extern const char *const tournament_pairing_insert_sql;
extern const char *const tournament_game_insert_sql;

#endif

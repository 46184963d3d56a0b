/* store/sqlite_migrate.c - the SQLite schema, one numbered migration at a time.
 *
 * PRAGMA user_version holds the number of migrations applied.  Opening a
 * database applies the missing ones in order, each in its own transaction, so
 * an old file is brought up to date and a new one is made from nothing.  A
 * migration is never edited once released: a change of schema is a new
 * entry at the end.  The SQL is plain enough for PostgreSQL to take too. */
#include <sqlite3.h>
#include <stdio.h>

#include "store/sqlite_store.h"

static const char *const migrations[] = {
    /* 1: users, games, moves */
    "CREATE TABLE users ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL UNIQUE,"
    "  pwhash TEXT NOT NULL,"
    "  email TEXT,"
    "  display INTEGER NOT NULL DEFAULT 2,"
    "  created INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE games ("
    "  id INTEGER PRIMARY KEY,"
    "  kind TEXT NOT NULL,"
    "  player1 TEXT NOT NULL,"
    "  player2 TEXT NOT NULL,"
    "  options TEXT NOT NULL,"
    "  state TEXT NOT NULL DEFAULT '',"
    "  created INTEGER NOT NULL);"
    "CREATE INDEX games_player1 ON games(player1);"
    "CREATE INDEX games_player2 ON games(player2);"
    "CREATE TABLE moves ("
    "  game_id INTEGER NOT NULL REFERENCES games(id),"
    "  n INTEGER NOT NULL,"
    "  seat INTEGER NOT NULL,"
    "  text TEXT NOT NULL,"
    "  PRIMARY KEY (game_id, n));",
    /* 2: web sessions, by the SHA-256 of their token */
    "CREATE TABLE sessions ("
    "  token_hash TEXT PRIMARY KEY,"
    "  user TEXT NOT NULL,"
    "  csrf TEXT NOT NULL,"
    "  expires INTEGER NOT NULL);",
    /* 3: accounts an operator has disabled (ludex-admin disable) */
    "ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;",
    /* 4: mail: verified addresses, what each user wants, inbound messages applied, the outbox */
    "ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE users ADD COLUMN verify_hash TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE users ADD COLUMN notify INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE mail_seen ("
    "  message_id TEXT PRIMARY KEY,"
    "  at INTEGER NOT NULL);"
    "CREATE TABLE outbox ("
    "  id INTEGER PRIMARY KEY,"
    "  event TEXT NOT NULL UNIQUE,"
    "  recipient TEXT NOT NULL,"
    "  message TEXT NOT NULL,"
    "  created INTEGER NOT NULL,"
    "  sent INTEGER NOT NULL DEFAULT 0,"
    "  attempts INTEGER NOT NULL DEFAULT 0,"
    "  next_try INTEGER NOT NULL DEFAULT 0,"
    "  error TEXT NOT NULL DEFAULT '');"
    "CREATE INDEX outbox_due ON outbox(sent, next_try);",
    /* 5: Glicko-2 ratings, per user and class of games */
    "CREATE TABLE ratings ("
    "  user TEXT NOT NULL,"
    "  class TEXT NOT NULL,"
    "  rating REAL NOT NULL,"
    "  rd REAL NOT NULL,"
    "  volatility REAL NOT NULL,"
    "  games INTEGER NOT NULL,"
    "  PRIMARY KEY (user, class));"
    "CREATE INDEX ratings_by_class ON ratings(class, rating);",
    /* 6: game clocks: their state, the next deadline and reminder (indexed for the sweep), a result on time */
    "ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN deadline INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN nag_at INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT '';"
    "CREATE INDEX games_deadline ON games(deadline) WHERE deadline > 0;"
    "CREATE INDEX games_nag ON games(nag_at) WHERE nag_at > 0;",
    /* 7: messages between users and boards' chat (a chat line's recipient is the board's other
     * player), unread ones found by recipient; the comments written with moves */
    "CREATE TABLE messages ("
    "  id INTEGER PRIMARY KEY,"
    "  board INTEGER NULL,"
    "  sender TEXT NOT NULL,"
    "  recipient TEXT NULL,"
    "  text TEXT NOT NULL,"
    "  created INTEGER NOT NULL,"
    "  seen INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX messages_unread ON messages(recipient, id) WHERE seen = 0;"
    "CREATE INDEX messages_board ON messages(board, id) WHERE board IS NOT NULL;"
    "CREATE TABLE move_comments ("
    "  game_id INTEGER NOT NULL,"
    "  n INTEGER NOT NULL,"
    "  text TEXT NOT NULL,"
    "  PRIMARY KEY (game_id, n));",
    /* 8: consent, offers and vacations: who may challenge whom, seeks, a challenge waiting, an offer waiting */
    "ALTER TABLE users ADD COLUMN challenges INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE users ADD COLUMN vacation_until INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE users ADD COLUMN vacation_year INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE users ADD COLUMN vacation_used INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN status INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN offer TEXT NOT NULL DEFAULT '';"
    "CREATE TABLE blocks ("
    "  user TEXT NOT NULL,"
    "  other TEXT NOT NULL,"
    "  PRIMARY KEY (user, other));"
    "CREATE TABLE seeks ("
    "  id INTEGER PRIMARY KEY,"
    "  kind TEXT NOT NULL,"
    "  user TEXT NOT NULL,"
    "  options TEXT NOT NULL,"
    "  created INTEGER NOT NULL);",
    /* 9: several servers on one database (PostgreSQL): ids handed out in blocks, a version per game */
    "CREATE TABLE id_blocks ("
    "  name TEXT PRIMARY KEY,"
    "  next INTEGER NOT NULL);"
    "INSERT INTO id_blocks(name, next) VALUES ('games', (SELECT COALESCE(MAX(id), 0) + 1 FROM games)),"
    "  ('seeks', (SELECT COALESCE(MAX(id), 0) + 1 FROM seeks));"
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
    /* 10: the claims several PostgreSQL instances make (kept here too, so both schemas stay one; SQLite
     * serves one instance and claims nothing) */
    ("ALTER TABLE outbox ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN swept_until INTEGER NOT NULL DEFAULT 0;"),
    /* 11: PostgreSQL drops a trigger here (its notifications); SQLite has none: the number only, so
     * both schemas keep one numbering */
    "SELECT 1;",
    /* 12: PostgreSQL counts signups and challenges across instances here (rate_counts); SQLite
     * serves one instance, which counts them in memory: the number only */
    "SELECT 1;",
    /* 13: each player's conditional moves on a board (lines of stored moves; private to the player) */
    "CREATE TABLE conditionals ("
    "  game_id INTEGER NOT NULL,"
    "  seat INTEGER NOT NULL,"
    "  lines TEXT NOT NULL,"
    "  PRIMARY KEY (game_id, seat));",
    /* 14: tournaments, their entrants, their rounds (one row a round paired: the claim that pairs it
     * once) and pairings (store/tournaments.c) */
    "CREATE TABLE tournaments ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  format TEXT NOT NULL,"
    "  options TEXT NOT NULL,"
    "  organizer TEXT NOT NULL,"
    "  min_players INTEGER NOT NULL,"
    "  max_players INTEGER NOT NULL,"
    "  start_at INTEGER NOT NULL DEFAULT 0,"
    "  rated INTEGER NOT NULL DEFAULT 1,"
    "  sequential INTEGER NOT NULL DEFAULT 1,"
    "  state INTEGER NOT NULL DEFAULT 0,"
    "  round INTEGER NOT NULL DEFAULT 0,"
    "  created INTEGER NOT NULL);"
    "CREATE INDEX tournaments_by_state ON tournaments(state, id);"
    "CREATE TABLE tournament_entrants ("
    "  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
    "  player TEXT NOT NULL,"
    "  seed INTEGER NOT NULL DEFAULT 0,"
    "  joined INTEGER NOT NULL,"
    "  withdrawn INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY (tournament_id, player));"
    "CREATE TABLE tournament_rounds ("
    "  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
    "  round INTEGER NOT NULL,"
    "  paired_at INTEGER NOT NULL,"
    "  PRIMARY KEY (tournament_id, round));"
    "CREATE TABLE tournament_pairings ("
    "  tournament_id INTEGER NOT NULL,"
    "  round INTEGER NOT NULL,"
    "  board INTEGER NOT NULL,"
    "  player1 TEXT NOT NULL,"
    "  player2 TEXT NOT NULL,"
    "  game_id INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY (tournament_id, round, board),"
    "  FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, round));"
    "CREATE INDEX tournament_pairings_game ON tournament_pairings(game_id) WHERE game_id > 0;",
    /* 15: each player's games not over, by a partial index of each seat (lists of games: store_list,
     * Q_GAMES_OPEN_OF), so that finding a player's games in play never reads the finished ones */
    ("CREATE INDEX games_open_player1 ON games(player1) WHERE result = '' AND (status > 0 OR substr(clock, 1, 3) <> '-1 ');"
     "CREATE INDEX games_open_player2 ON games(player2) WHERE result = '' AND (status > 0 OR substr(clock, 1, 3) <> '-1 ');"),
    /* 16: the history of ratings: each player's rating in a class as each rated game's end left it,
     * written with the rating (STORE_RATING_SET of a game's end), read newest first (rating_history) */
    ("CREATE TABLE rating_history ("
     "  id INTEGER PRIMARY KEY,"
     "  \"user\" TEXT NOT NULL,"
     "  class TEXT NOT NULL,"
     "  at INTEGER NOT NULL,"
     "  rating DOUBLE PRECISION NOT NULL,"
     "  rd DOUBLE PRECISION NOT NULL,"
     "  board INTEGER NOT NULL);"
     "CREATE INDEX rating_history_of ON rating_history(\"user\", class, id);"),
};

#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

static int user_version(sqlite3 *db)
{
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

static int apply_one(sqlite3 *db, int i, char *err, size_t errcap)
{
    char sql[64];
    char *msg = NULL;
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", i + 1);
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(db, migrations[i], NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errcap, "migration %d: %s", i + 1, msg ? msg : sqlite3_errmsg(db));
        sqlite3_free(msg);
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

int sqlite_store_migrate(sqlite3 *db, char *err, size_t errcap)
{
    int v = user_version(db);
    if (v < 0) {
        snprintf(err, errcap, "cannot read the schema version: %s", sqlite3_errmsg(db));
        return -1;
    }
    if (v > NMIGRATIONS) {
        snprintf(err, errcap, "database schema version %d is newer than this ludexd (%d)", v, NMIGRATIONS);
        return -1;
    }
    for (int i = v; i < NMIGRATIONS; i++)
        if (apply_one(db, i, err, errcap) != 0)
            return -1;
    return 0;
}

int sqlite_store_schema_version(void) { return NMIGRATIONS; }

/* store/queries.h - the SQL both backends run, one table (store/queries.c).
 *
 * Parameters are written ?1, ?2 ... (SQLite's form); the PostgreSQL backend
 * prepares each with $1, $2 ... instead and overrides the few statements
 * whose words differ (pg_store.c: BEGIN, and byte-order sorting of names).
 * Every statement is fixed text: nothing is ever built from input. */
#ifndef LUDEX_STORE_QUERIES_H
#define LUDEX_STORE_QUERIES_H

enum {
    Q_BEGIN, Q_COMMIT, Q_ROLLBACK,
    Q_USER_INSERT, Q_USER_PASSWORD, Q_USER_DISPLAY, Q_USER_DISABLE, Q_USER_GET,
    Q_GAME_INSERT, Q_GAME_STATE, Q_GAME_GET, Q_MOVE_INSERT, Q_MOVES,
    Q_GAMES_OF, Q_GAMES_OPEN_OF, Q_GAMES_ALL, Q_MAX_GAME,
    Q_SESSION_INSERT, Q_SESSION_DELETE, Q_SESSION_GET, Q_USERS_ALL,
    Q_USER_MAIL, Q_MAIL_SEEN_INSERT, Q_MAIL_SEEN_GET, Q_OUTBOX_INSERT, Q_OUTBOX_DONE, Q_OUTBOX_DUE,
    Q_RATING_SET, Q_RATING_GET, Q_RATINGS_OF, Q_GAME_CLOCK, Q_GAMES_DUE,
    Q_USER_PREFS, Q_BLOCK_ADD, Q_BLOCK_DELETE, Q_BLOCKS_OF, Q_SEEK_ADD, Q_SEEK_DELETE, Q_SEEKS_ALL, Q_MOVE_DELETE,
    Q_MESSAGE_INSERT, Q_MESSAGES_SEEN, Q_COMMENT_SET, Q_MESSAGES_UNREAD, Q_MESSAGES_UNREAD_COUNT, Q_CHAT_OF, Q_COMMENTS, Q_COMMENT_DELETE,
    Q_MESSAGE_COPY, Q_OUTBOX_COPY,
    Q_IDS_RESERVE, Q_IDS_BLOCKS_SETTLE,
    Q_GAME_BUMP, Q_GAME_STATE_IF, Q_GAME_CLOCK_IF, Q_MOVE_INSERT_IF, Q_MOVE_DELETE_IF, Q_COMMENT_SET_IF,
    Q_COMMENT_DELETE_IF, Q_RATING_SET_IF, Q_OUTBOX_INSERT_IF, Q_MAIL_SEEN_INSERT_IF, Q_OUTBOX_REPLACE,
    Q_CONDITIONAL_PUT, Q_CONDITIONAL_DELETE, Q_CONDITIONAL_PUT_IF, Q_CONDITIONAL_DELETE_IF, Q_CONDITIONALS,
    Q_COUNTS, Q_RATING_HISTORY_ADD, Q_RATING_HISTORY, Q_RATING_HISTORY_COPY,
    Q_TOURNAMENT_COPY, Q_TOURNAMENT_ENTRANT_COPY, Q_TOURNAMENT_ROUND_COPY, Q_TOURNAMENT_PAIRING_COPY,
    NQUERIES
};

/* The copy query of a tournament table (STORE_T_TOURNAMENT*) and its number of columns, or -1. */
int store_tournament_copy_query(int table);
int store_tournament_copy_columns(int table);

extern const char *const store_query_sql[NQUERIES];

/* The statement of a list of games (store_list): a player's games not over by their partial
 * indexes (next, active, pending), any of a player's, or everyone's. */
#define store_list_query(ask)                                                                                 \
    (!(ask)->user ? Q_GAMES_ALL                                                                               \
     : (ask)->filter == STORE_LIST_NEXT || (ask)->filter == STORE_LIST_ACTIVE || (ask)->filter == STORE_LIST_PENDING \
         ? Q_GAMES_OPEN_OF                                                                                    \
         : Q_GAMES_OF)

#endif

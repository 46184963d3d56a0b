/* store/queries.c - the SQL both backends run (see queries.h).  Plain SQL that
 * SQLite (3.24 or later: ON CONFLICT) and PostgreSQL both take; "user" is quoted
 * (a reserved word in PostgreSQL; SQLite takes the quotes too). */
#include "store/queries.h"
#include "store/store.h"

/* A list's filter (store_list; ?1 the user, ?2 STORE_LIST_*, ?3 the kind or ''), from the row alone: a
 * result column for results the rules did not make, status > 0 for a challenge waiting, and the seat
 * at the head of the clock text ("0 ", "1 ", "-1 ": nobody moves, the rules ended the game).  A row
 * whose clock names no seat is listed by every filter but pending's, for its board to decide. */
#define LIST_FILTER                                                                                          \
    "(CAST(?3 AS TEXT) = '' OR kind = ?3) AND CASE CAST(?2 AS INTEGER)"                                     \
    " WHEN 1 THEN result = '' AND status = 0 AND (substr(clock, 1, 2) = '0 ' AND player1 = ?1 OR"            \
    " substr(clock, 1, 2) = '1 ' AND player2 = ?1 OR NOT (substr(clock, 1, 2) IN ('0 ', '1 ') OR"          \
    " substr(clock, 1, 3) = '-1 '))"                                                                         \
    " WHEN 2 THEN result = '' AND NOT (status = 0 AND substr(clock, 1, 3) = '-1 ')"                         \
    " WHEN 3 THEN result <> '' OR (status = 0 AND NOT substr(clock, 1, 2) IN ('0 ', '1 '))"                 \
    " WHEN 4 THEN status > 0 AND result = '' ELSE 1 = 1 END"
/* A game not over by its row (the condition of migration 15's partial indexes, word for word) */
#define LIST_OPEN "result = '' AND (status > 0 OR substr(clock, 1, 3) <> '-1 ')"

const char *const store_query_sql[NQUERIES] = {
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
    [Q_USER_INSERT] = "INSERT INTO users(name, pwhash, email, display, created) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_USER_PASSWORD] = "UPDATE users SET pwhash = ?2 WHERE name = ?1",
    [Q_USER_DISPLAY] = "UPDATE users SET display = ?2 WHERE name = ?1",
    [Q_USER_GET] = "SELECT id, name, pwhash, email, display, disabled, email_verified, verify_hash, notify,"
                   " challenges, vacation_until, vacation_year, vacation_used FROM users WHERE name = ?1",
    [Q_USER_DISABLE] = "UPDATE users SET disabled = ?2 WHERE name = ?1",
    [Q_GAME_INSERT] = "INSERT INTO games(id, kind, player1, player2, options, state, created, version)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [Q_GAME_STATE] = "UPDATE games SET state = ?2 WHERE id = ?1",
    [Q_GAME_GET] = "SELECT id, kind, player1, player2, options, state, created, clock, deadline, nag_at, result,"
                   " status, offer, version FROM games WHERE id = ?1",
    [Q_MOVE_INSERT] = "INSERT INTO moves(game_id, n, seat, text) VALUES (?1, ?2, ?3, ?4)",
    [Q_MOVES] = "SELECT game_id, n, seat, text FROM moves WHERE game_id = ?1 ORDER BY n",
    /* a list of games (store_list): each seat by its own index (player, id), newest first, at most ?4 */
    [Q_GAMES_OF] = "SELECT id FROM (SELECT id FROM games WHERE player1 = ?1 AND " LIST_FILTER " ORDER BY id DESC"
                   " LIMIT ?4) a UNION SELECT id FROM (SELECT id FROM games WHERE player2 = ?1 AND " LIST_FILTER
                   " ORDER BY id DESC LIMIT ?4) b ORDER BY id DESC LIMIT ?4",
    /* the same for the filters that want games not over (next, active, pending): by the partial indexes
     * of migration 15, whose condition (LIST_OPEN) each half repeats word for word, so that a player's
     * finished games are never read to find none */
    [Q_GAMES_OPEN_OF] = "SELECT id FROM (SELECT id FROM games WHERE player1 = ?1 AND " LIST_OPEN " AND " LIST_FILTER
                        " ORDER BY id DESC LIMIT ?4) a UNION SELECT id FROM (SELECT id FROM games WHERE player2 = ?1"
                        " AND " LIST_OPEN " AND " LIST_FILTER " ORDER BY id DESC LIMIT ?4) b ORDER BY id DESC LIMIT ?4",
    [Q_GAMES_ALL] = "SELECT id FROM games WHERE " LIST_FILTER " ORDER BY id DESC LIMIT ?4",
    [Q_MAX_GAME] = "SELECT COALESCE(MAX(id), 0) FROM games",
    [Q_SESSION_INSERT] = "INSERT INTO sessions(token_hash, \"user\", csrf, expires) VALUES (?1, ?2, ?3, ?4)",
    [Q_SESSION_DELETE] = "DELETE FROM sessions WHERE token_hash = ?1 OR expires < ?2",
    [Q_SESSION_GET] = "SELECT token_hash, \"user\", csrf, expires FROM sessions WHERE token_hash = ?1",
    [Q_USERS_ALL] = "SELECT id, name, pwhash, email, display, disabled, email_verified, verify_hash, notify,"
                    " challenges, vacation_until, vacation_year, vacation_used FROM users ORDER BY name",
    [Q_USER_MAIL] = "UPDATE users SET email = ?2, email_verified = ?3, verify_hash = ?4, notify = ?5 WHERE name = ?1",
    [Q_MAIL_SEEN_INSERT] = "INSERT INTO mail_seen(message_id, at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
    [Q_MAIL_SEEN_GET] = "SELECT 1 FROM mail_seen WHERE message_id = ?1",
    [Q_OUTBOX_INSERT] = "INSERT INTO outbox(event, recipient, message, created, next_try) VALUES (?1, ?2, ?3, ?4, ?5)"
                        " ON CONFLICT (event) DO NOTHING",
    /* a mail queued to wait (next_try later) gets its whole message and is due now, unless a
     * sender has claimed or tried it already (then it goes, or went, as it was: one mail) */
    [Q_OUTBOX_REPLACE] = "UPDATE outbox SET message = ?2, next_try = 0 WHERE event = ?1 AND sent = 0 AND attempts = 0"
                         " AND claimed_until <= ?3",
    /* the attempt recorded ends the sender's claim (PostgreSQL's outbox_due) */
    [Q_OUTBOX_DONE] = "UPDATE outbox SET sent = ?2, attempts = ?3, next_try = ?4, error = ?5, claimed_until = 0"
                      " WHERE id = ?1",
    [Q_OUTBOX_DUE] = "SELECT id, event, recipient, message, attempts, next_try FROM outbox"
                     " WHERE sent = 0 AND next_try <= ?1 ORDER BY id LIMIT ?2",
    [Q_RATING_SET] = "INSERT INTO ratings(\"user\", class, rating, rd, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
                     " ON CONFLICT (\"user\", class) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,"
                     " volatility = excluded.volatility, games = excluded.games",
    [Q_RATING_GET] = "SELECT \"user\", class, rating, rd, volatility, games FROM ratings WHERE \"user\" = ?1 AND class = ?2",
    [Q_RATINGS_OF] = "SELECT \"user\", class, rating, rd, volatility, games FROM ratings WHERE class = ?1"
                     " ORDER BY rating DESC, \"user\" LIMIT ?2",
    /* a new clock state ends a sweep's claim on the game (PostgreSQL's games_due): what is due next is new */
    [Q_GAME_CLOCK] = "UPDATE games SET clock = ?2, deadline = ?3, nag_at = ?4, result = ?5, status = ?6, offer = ?7,"
                     " swept_until = 0 WHERE id = ?1",
    [Q_USER_PREFS] = "UPDATE users SET challenges = ?2, vacation_until = ?3, vacation_year = ?4, vacation_used = ?5"
                     " WHERE name = ?1",
    [Q_BLOCK_ADD] = "INSERT INTO blocks(\"user\", other) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
    [Q_BLOCK_DELETE] = "DELETE FROM blocks WHERE \"user\" = ?1 AND other = ?2",
    [Q_BLOCKS_OF] = "SELECT other FROM blocks WHERE \"user\" = ?1 ORDER BY other",
    [Q_SEEK_ADD] = "INSERT INTO seeks(id, kind, \"user\", options, created) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_SEEK_DELETE] = "DELETE FROM seeks WHERE id = ?1",
    [Q_SEEKS_ALL] = "SELECT id, kind, \"user\", options, created FROM seeks ORDER BY id",
    [Q_MOVE_DELETE] = "DELETE FROM moves WHERE game_id = ?1 AND n = ?2",
    /* each half by its own index, earliest first and at most ?2, so a backlog costs no more than a sweep takes */
    [Q_GAMES_DUE] = "SELECT id FROM (SELECT id FROM games WHERE deadline > 0 AND deadline <= ?1 ORDER BY deadline LIMIT ?2) d"
                    " UNION SELECT id FROM (SELECT id FROM games WHERE nag_at > 0 AND nag_at <= ?1 ORDER BY nag_at"
                    " LIMIT ?2) a LIMIT ?2",
    [Q_MESSAGE_INSERT] = "INSERT INTO messages(board, sender, recipient, text, created) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_MESSAGES_SEEN] = "UPDATE messages SET seen = 1 WHERE recipient = ?1 AND seen = 0 AND id <= ?2",
    [Q_COMMENT_SET] = "INSERT INTO move_comments(game_id, n, text) VALUES (?1, ?2, ?3)"
                      " ON CONFLICT (game_id, n) DO UPDATE SET text = excluded.text",
    [Q_MESSAGES_UNREAD] = "SELECT id, board, sender, recipient, text, created, seen FROM messages"
                          " WHERE recipient = ?1 AND seen = 0 ORDER BY id LIMIT ?2",
    [Q_MESSAGES_UNREAD_COUNT] = "SELECT COUNT(*) FROM messages WHERE recipient = ?1 AND seen = 0",
    [Q_CHAT_OF] = "SELECT id, board, sender, recipient, text, created, seen FROM messages"
                  " WHERE board = ?1 ORDER BY id DESC LIMIT ?2",
    [Q_COMMENTS] = "SELECT n, text FROM move_comments WHERE game_id = ?1 ORDER BY n",
    [Q_COMMENT_DELETE] = "DELETE FROM move_comments WHERE game_id = ?1 AND n = ?2",
    [Q_MESSAGE_COPY] = "INSERT INTO messages(id, board, sender, recipient, text, created, seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [Q_OUTBOX_COPY] = "INSERT INTO outbox(id, event, recipient, message, created, sent, attempts, next_try, error)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    /* ids no other server on the database gets (store_backend.ids_reserve) */
    [Q_IDS_RESERVE] = "UPDATE id_blocks SET next = next + ?2 WHERE name = ?1 RETURNING next - ?2",
    [Q_IDS_BLOCKS_SETTLE] = "UPDATE id_blocks SET next = CASE name WHEN 'games' THEN (SELECT COALESCE(MAX(id), 0) + 1"
                            " FROM games) ELSE (SELECT COALESCE(MAX(id), 0) + 1 FROM seeks) END",
    /* Conditional writes (store_op's guard): ?1 the board, then the op's values, then the version
     * it was computed from and the version it makes.  A move's row goes in only after its game's
     * version became this op's own (unique) new one. */
    [Q_GAME_BUMP] = "UPDATE games SET version = ?3 WHERE id = ?1 AND version = ?2",
    [Q_GAME_STATE_IF] = "UPDATE games SET state = ?2, version = ?4 WHERE id = ?1 AND version = ?3",
    [Q_GAME_CLOCK_IF] = "UPDATE games SET clock = ?2, deadline = ?3, nag_at = ?4, result = ?5, status = ?6, offer = ?7,"
                        " swept_until = 0, version = ?9 WHERE id = ?1 AND version = ?8",
    [Q_MOVE_INSERT_IF] = "INSERT INTO moves(game_id, n, seat, text) SELECT CAST(?1 AS BIGINT), CAST(?2 AS INTEGER),"
                         " CAST(?3 AS INTEGER), CAST(?4 AS TEXT) WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1"
                         " AND version = ?5) ON CONFLICT (game_id, n) DO NOTHING",
    [Q_MOVE_DELETE_IF] = "DELETE FROM moves WHERE game_id = ?1 AND n = ?2 AND EXISTS (SELECT 1 FROM games WHERE id = ?1"
                         " AND version = ?3)",
    [Q_COMMENT_SET_IF] = "INSERT INTO move_comments(game_id, n, text) SELECT CAST(?1 AS BIGINT), CAST(?2 AS INTEGER),"
                         " CAST(?3 AS TEXT) WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND version = ?4)"
                         " ON CONFLICT (game_id, n) DO UPDATE SET text = excluded.text",
    [Q_COMMENT_DELETE_IF] = "DELETE FROM move_comments WHERE game_id = ?1 AND n = ?2 AND EXISTS (SELECT 1 FROM games"
                            " WHERE id = ?1 AND version = ?3)",
    [Q_RATING_SET_IF] = "INSERT INTO ratings(\"user\", class, rating, rd, volatility, games) SELECT CAST(?1 AS TEXT),"
                        " CAST(?2 AS TEXT), CAST(?3 AS DOUBLE PRECISION), CAST(?4 AS DOUBLE PRECISION),"
                        " CAST(?5 AS DOUBLE PRECISION), CAST(?6 AS INTEGER) WHERE CAST(?7 AS BIGINT) = 0 OR EXISTS"
                        " (SELECT 1 FROM games WHERE id = ?7 AND version = ?8) ON CONFLICT (\"user\", class) DO UPDATE SET"
                        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games"
                        " WHERE CAST(?13 AS INTEGER) = 0 OR (ratings.rating = CAST(?9 AS DOUBLE PRECISION) AND ratings.rd = CAST(?10 AS"
                        " DOUBLE PRECISION) AND ratings.volatility = CAST(?11 AS DOUBLE PRECISION) AND ratings.games ="
                        " CAST(?12 AS INTEGER))",
    [Q_OUTBOX_INSERT_IF] = "INSERT INTO outbox(event, recipient, message, created, next_try) SELECT CAST(?1 AS TEXT),"
                           " CAST(?2 AS TEXT), CAST(?3 AS TEXT), CAST(?4 AS BIGINT), CAST(?5 AS BIGINT) WHERE EXISTS"
                           " (SELECT 1 FROM games WHERE id = ?6 AND version = ?7) ON CONFLICT (event) DO NOTHING",
    [Q_MAIL_SEEN_INSERT_IF] = "INSERT INTO mail_seen(message_id, at) SELECT CAST(?1 AS TEXT), CAST(?2 AS BIGINT) WHERE EXISTS"
                              " (SELECT 1 FROM games WHERE id = ?3 AND version = ?4) ON CONFLICT DO NOTHING",
    /* a player's conditional moves: plain (a whole copy), and after the board's version changed (?4 the new one) */
    [Q_CONDITIONAL_PUT] = "INSERT INTO conditionals(game_id, seat, lines) VALUES (?1, ?2, ?3)"
                          " ON CONFLICT (game_id, seat) DO UPDATE SET lines = excluded.lines",
    [Q_CONDITIONAL_DELETE] = "DELETE FROM conditionals WHERE game_id = ?1 AND seat = ?2",
    [Q_CONDITIONAL_PUT_IF] = "INSERT INTO conditionals(game_id, seat, lines) SELECT CAST(?1 AS BIGINT), CAST(?2 AS INTEGER),"
                             " CAST(?3 AS TEXT) WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND version = ?4)"
                             " ON CONFLICT (game_id, seat) DO UPDATE SET lines = excluded.lines",
    [Q_CONDITIONAL_DELETE_IF] = "DELETE FROM conditionals WHERE game_id = ?1 AND seat = ?2 AND EXISTS"
                                " (SELECT 1 FROM games WHERE id = ?1 AND version = ?3)",
    [Q_CONDITIONALS] = "SELECT seat, lines FROM conditionals WHERE game_id = ?1 ORDER BY seat",
    /* the health probe's figures: the outbox's depth and the clocks due (store_backend.counts) */
    [Q_COUNTS] = "SELECT (SELECT COUNT(*) FROM outbox WHERE sent = 0),"
                 " (SELECT COUNT(*) FROM games WHERE deadline > 0 AND deadline <= ?1)",
    /* a game's end in the history of ratings (?1 user, ?2 class, ?3 rating, ?4 rd, ?5 volatility, ?6 games,
     * ?7 at, ?8 board), after its STORE_RATING_SET in the same transaction: only when that wrote the row */
    [Q_RATING_HISTORY_ADD] = "INSERT INTO rating_history(\"user\", class, at, rating, rd, board) SELECT CAST(?1 AS TEXT),"
                             " CAST(?2 AS TEXT), CAST(?7 AS BIGINT), CAST(?3 AS DOUBLE PRECISION), CAST(?4 AS DOUBLE"
                             " PRECISION), CAST(?8 AS BIGINT) WHERE EXISTS (SELECT 1 FROM ratings WHERE \"user\" = ?1"
                             " AND class = ?2 AND rating = ?3 AND rd = ?4 AND volatility = ?5 AND games = ?6)",
    [Q_RATING_HISTORY_COPY] = "INSERT INTO rating_history(\"user\", class, at, rating, rd, board) VALUES (?1, ?2, ?3, ?4,"
                              " ?5, ?6)",
    [Q_TOURNAMENT_COPY] = "INSERT INTO tournaments(id, name, kind, format, options, organizer, min_players, max_players,"
                          " start_at, rated, sequential, state, round, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
                          " ?9, ?10, ?11, ?12, ?13, ?14)",
    [Q_TOURNAMENT_ENTRANT_COPY] = "INSERT INTO tournament_entrants(tournament_id, player, seed, joined, withdrawn)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_TOURNAMENT_ROUND_COPY] = "INSERT INTO tournament_rounds(tournament_id, round, paired_at) VALUES (?1, ?2, ?3)",
    [Q_TOURNAMENT_PAIRING_COPY] = "INSERT INTO tournament_pairings(tournament_id, round, board, player1, player2, game_id)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [Q_RATING_HISTORY] = "SELECT id, at, board, rating, rd FROM rating_history WHERE \"user\" = ?1 AND class = ?2"
                         " AND (CAST(?3 AS BIGINT) = 0 OR id < ?3) ORDER BY id DESC LIMIT ?4",
};

int store_tournament_copy_query(int table)
{
    switch (table) {
    case STORE_T_TOURNAMENTS: return Q_TOURNAMENT_COPY;
    case STORE_T_TOURNAMENT_ENTRANTS: return Q_TOURNAMENT_ENTRANT_COPY;
    case STORE_T_TOURNAMENT_ROUNDS: return Q_TOURNAMENT_ROUND_COPY;
    case STORE_T_TOURNAMENT_PAIRINGS: return Q_TOURNAMENT_PAIRING_COPY;
    default: return -1;
    }
}

int store_tournament_copy_columns(int table)
{
    static const int n[] = {14, 5, 3, 6};
    return table >= STORE_T_TOURNAMENTS && table <= STORE_T_TOURNAMENT_PAIRINGS ? n[table - STORE_T_TOURNAMENTS] : -1;
}

/* store/store.h - the persistence interface of ludexd: users, games, moves.
 *
 * The server keeps live games in memory and asks the store only to load what
 * it has not seen yet and to make changes durable.  Changes are described as
 * a batch of write operations (store_op) that a backend applies in ONE
 * transaction: all of them or none.  That is what makes group commit
 * possible: the server collects the moves of many connections into a batch,
 * commits it once, and only then answers OK to each of them.
 *
 * A backend is a table of functions (store_backend); store_open() picks one by
 * the form of its location: "postgresql://..." (or "postgres://...") is
 * PostgreSQL (pg_store.c), "sqlite:PATH" or any other path SQLite.  Nothing
 * here knows the command language of the server, and every query of both
 * backends is a prepared statement with bound parameters.  A store handle is used by one thread at a time; the server
 * opens one for reading (event loop) and one for writing (commit thread).
 */
#ifndef LUDEX_STORE_H
#define LUDEX_STORE_H

#include <stddef.h>
#include <stdint.h>

#define STORE_NAME_MAX 32      /* bytes of a user name */
#define STORE_TEXT_MAX 4096    /* bytes of a move, options or state text */

typedef struct store store;

#define STORE_FULL (-2)        /* a commit refused for want of space (see store_backend.commit) */

typedef struct store_user {
    int64_t id;
    char name[STORE_NAME_MAX + 1];
    char *pwhash;   /* argon2id string (crypto_pwhash_str), malloc'd */
    char *email;    /* malloc'd, may be NULL */
    int display;    /* default drawing size 1..4 */
    int disabled;   /* an operator disabled the account: no login, no session */
    int email_verified;       /* the user proved the address (verify TOKEN, or a reply) */
    char verify_hash[65];     /* SHA-256 (hex) of the address's pending verification token, "" when none */
    int notify;               /* STORE_NOTIFY_*: what mail the user gets */
    int challenges;           /* STORE_CHALLENGES_*, or -1: the server's default */
    int64_t vacation_until;   /* the user's clocks stand still until then (Unix time of the service's clock) */
    int vacation_year;        /* the year vacation_used counts */
    int vacation_used;        /* vacation days taken that year */
    int64_t created;          /* STORE_USER_CREATE: when the account was made (0: now) */
} store_user;

/* Who may start a game with a user (set challenges ...). */
enum { STORE_CHALLENGES_OPEN = 0, STORE_CHALLENGES_ASK = 1, STORE_CHALLENGES_CLOSED = 2 };

/* An open seek: a game anyone may join. */
typedef struct store_seek {
    int64_t id;
    char kind[16];
    char user[STORE_NAME_MAX + 1];
    char options[STORE_TEXT_MAX];   /* canonical options */
    int64_t created;
} store_seek;

/* A Glicko-2 rating of a user in one class of games ("twixt", "hex-small", ...). */
typedef struct store_rating {
    char user[STORE_NAME_MAX + 1];
    char cls[24];
    double r, rd, sigma;
    int games;
} store_rating;

/* A rating as a game's end left it (rating_history): one row a rated game end a player. */
typedef struct store_rating_point {
    int64_t id;     /* the row's number: later rows have larger ones (a page's "before") */
    int64_t at;     /* when (Unix seconds) */
    int64_t board;  /* the game that ended */
    double r, rd;
} store_rating_point;

/* What mail a user gets (set notify ...). */
enum {
    STORE_NOTIFY_TURN = 0,   /* "mail": one mail when it becomes their turn and they are not connected */
    STORE_NOTIFY_BOARD = 1,  /* "board": the move list and board after every move (the classic server) */
    STORE_NOTIFY_DIGEST = 2, /* "digest": one mail a day listing the games where it is their turn */
    STORE_NOTIFY_OFF = 3     /* "off": nothing but replies to their own mail */
};

/* A mail: an outbound one in the outbox, or the Message-ID of an inbound one seen. */
typedef struct store_mail {
    int64_t id;
    char event[160];          /* what it tells, unique: never two mails for one event */
    char recipient[256];
    char *message;            /* the whole RFC 5322 message, malloc'd */
    int sent;                 /* 1: the MTA took it */
    int attempts;
    int64_t next_try;         /* Unix time of the next attempt */
    char error[200];          /* why the last attempt failed */
    char message_id[256];     /* inbound: the Message-ID applied */
    int64_t created;          /* STORE_OUTBOX_COPY: when it was queued */
} store_mail;

typedef struct store_game {
    int64_t id;
    char kind[16];                         /* "twixt", "hex", "backgammon", "crossword" */
    char player[2][STORE_NAME_MAX + 1];    /* USER1 moves first */
    char *options;  /* canonical challenge options, malloc'd */
    char *state;    /* game-specific hidden state (dice, bag), malloc'd, may be "" */
    int64_t created;
    char *clock;    /* the game clock's state (service/clock.c), malloc'd, "" when it has none */
    int64_t deadline;  /* when the player to move loses on time (Unix time), 0 when nobody's clock runs */
    int64_t nag_at;    /* when that player is reminded, 0 when not (any more) */
    char result[32];   /* a result the rules did not make (a loss on time), "" when none */
    int status;        /* 0: begun; 1 + SEAT: a challenge waiting for SEAT to accept */
    char offer[16];    /* an offer waiting for an answer: "draw 0", "takeback 1" ..., "" when none */
    int64_t version;   /* changes with every write of the game (an opaque token, not a count); 0 for an old row */
} store_game;

typedef struct store_move {
    int64_t game_id;
    int n;          /* 1-based */
    int seat;       /* 0: USER1, 1: USER2 */
    char *text;     /* as stored by the game's rules adapter, malloc'd */
} store_move;

#define STORE_MESSAGE_MAX 1024  /* bytes of a message's text (the service allows fewer) */

/* A message to a user, or a line of a board's chat (to the board's other player). */
typedef struct store_message {
    int64_t id;
    int64_t board;                          /* 0: a message; else the board of a chat line */
    char sender[STORE_NAME_MAX + 1];
    char recipient[STORE_NAME_MAX + 1];     /* "" when none */
    char text[STORE_MESSAGE_MAX + 1];
    int64_t created;                        /* Unix time */
    int seen;
} store_message;

typedef struct store_session {
    char token_hash[65];   /* SHA-256 of the token, hex: the token itself is never stored */
    char user[STORE_NAME_MAX + 1];
    char csrf[65];         /* the session's CSRF token, hex */
    int64_t expires;       /* Unix time */
} store_session;

typedef enum store_op_kind {
    STORE_USER_CREATE,   /* user: name, pwhash, email, display */
    STORE_USER_PASSWORD, /* user: name, pwhash */
    STORE_USER_DISPLAY,  /* user: name, display */
    STORE_USER_DISABLE,  /* user: name, disabled */
    STORE_GAME_CREATE,   /* game: all fields */
    STORE_GAME_STATE,    /* game: id, state */
    STORE_MOVE_APPEND,   /* move: all fields */
    STORE_SESSION_CREATE, /* session: all fields */
    STORE_SESSION_DELETE, /* session: token_hash */
    STORE_USER_MAIL,      /* user: name, email, email_verified, verify_hash, notify */
    STORE_MAIL_SEEN,      /* mail: message_id (an inbound message applied) */
    STORE_OUTBOX_ADD,     /* mail: event, recipient, message, next_try (0: due now; ignored when the event has one already) */
    STORE_OUTBOX_DONE,    /* mail: id, sent, attempts, next_try, error */
    STORE_RATING_SET,     /* rating: all fields */
    STORE_GAME_CLOCK,     /* game: id, clock, deadline, nag_at, result, status, offer */
    STORE_USER_PREFS,     /* user: name, challenges, vacation_until, vacation_year, vacation_used */
    STORE_BLOCK,          /* block: user blocks (on 1) or unblocks (on 0) other */
    STORE_SEEK_ADD,       /* seek: all fields */
    STORE_SEEK_DELETE,    /* seek: id */
    STORE_MOVE_DELETE,    /* move: game_id, n (a move taken back) */
    STORE_MESSAGE_ADD,    /* message: board, sender, recipient, text, created */
    STORE_MESSAGES_SEEN,  /* message: recipient, id (every unread one of recipient up to id is seen) */
    STORE_MOVE_COMMENT,   /* move: game_id, n, text (the comment written with the move; NULL: none) */
    STORE_LOGIN_FAIL,     /* login: a failed login of user from address in that minute (counted across instances) */
    STORE_OUTBOX_REPLACE, /* mail: event, message: a mail queued to wait gets this message and is due now,
                             unless it was sent, tried or claimed meanwhile (then nothing changes) */
    /* Only for copying a whole store into an empty one (store_export, ludex-admin migrate): */
    STORE_MESSAGE_COPY,   /* message: all fields, its id and seen mark kept */
    STORE_OUTBOX_COPY,    /* mail: id, event, recipient, message, created, sent, attempts, next_try, error */
    STORE_IDS_SETTLE,     /* nothing: ids the store numbers itself go on after the largest copied */
    /* For every server on the database: */
    STORE_NOTIFY,         /* message.text: a payload every listening server gets once the batch commits
                             (PostgreSQL's NOTIFY; nothing with SQLite).  Boards notify by themselves. */
    STORE_CONDITIONAL_SET, /* move: game_id, seat, text (a player's conditional moves, lines of stored moves;
                             NULL: none).  A write of the game: it changes the board's version */
    /* Only for copying a whole store into an empty one, like STORE_MESSAGE_COPY: */
    STORE_RATING_HISTORY_COPY, /* rating: user, cls, r, rd; rating_from: at, board (a row of the history
                                 of ratings, numbered anew in the order copied) */
    STORE_TOURNAMENT_ROW_COPY  /* row: a row of a tournament table (STORE_T_TOURNAMENT*), its columns as
                                  store_table_query read them, ids kept */
} store_op_kind;

typedef struct store_op {
    store_op_kind kind;
    /* A conditional op (guard_board > 0): it applies only while board guard_board's version is
     * guard_version.  The ops that write the game's row or its moves (STORE_GAME_STATE,
     * STORE_GAME_CLOCK, STORE_MOVE_APPEND, STORE_MOVE_DELETE) then set the version to new_version,
     * and one that finds another version changes nothing and is refused on its own (store_backend.commit:
     * refused[i]); the others (a comment, a rating, a mail of the move, an inbound mail's
 * "applied" mark) are silently skipped.  So of two
     * servers racing on one board, the one that wrote first wins and the other's ops find it. */
    int64_t guard_board, guard_version, new_version;
    store_user user;
    store_game game;
    store_move move;
    store_session session;
    store_mail mail;
    store_rating rating;
    /* STORE_RATING_SET of a game's end (check 1): written only while the user's row is still the
     * one it was computed from (was: rating, rd, volatility, games; no row at all passes too), else
     * refused (refused[i]) - with several servers on one database another's game end may have
     * changed it first.  vs_r, vs_rd and score (the opponent's rating and the user's score, as
     * Glicko-2 took them) let the service compute it again from the fresh row; tries counts those.
     * Conditional on the row alone when guard_board is 0 (the game's end has committed).
     * board > 0: the game that ended, written with `at` to the history of ratings
     * (rating_history) in the same transaction, when the rating is written. */
    struct {
        int check, tries;
        int64_t board, at;
        store_rating was;
        double vs_r, vs_rd, score;
    } rating_from;
    struct {
        char user[STORE_NAME_MAX + 1], other[STORE_NAME_MAX + 1];
        int on;
    } block;
    struct {
        char address[80], user[STORE_NAME_MAX + 1];
        int64_t minute;   /* Unix time / 60 */
    } login;
    struct {
        int table;  /* STORE_T_TOURNAMENTS .. STORE_T_TOURNAMENT_PAIRINGS */
        int n;      /* columns */
        size_t len; /* bytes of data */
        char *data; /* the columns, each ended by a NUL (owned, like move.text) */
    } row;
    /* Last, the two members few kinds use (5 KB of the op's 7): store_op_copy copies them only for those */
    store_message message;
    store_seek seek;
} store_op;

/* What a list of games asks the store (store_backend.games_of).  The filter is read from the
 * game's row: its result column (a result the rules did not make), its status (a challenge
 * waiting) and the seat at the head of its clock text (the seat to move as of the game's last
 * write, "-1" when nobody moves: the rules ended it).  A row whose clock text names no seat (a
 * game older than its clock) is always listed, for the caller to look at its board. */
enum { STORE_LIST_ALL, STORE_LIST_NEXT, STORE_LIST_ACTIVE, STORE_LIST_FINISHED, STORE_LIST_PENDING };
typedef struct store_list {
    const char *user; /* whose games (either seat); NULL: everyone's */
    const char *kind; /* "hex" ...; NULL or "": any */
    int filter;       /* STORE_LIST_*: NEXT lists the games where it is user's turn */
} store_list;

typedef struct store_backend {
    const char *name;
    store *(*open)(const char *location, char *err, size_t errcap);
    void (*close)(store *s);
    /* Apply every op in one transaction.  0; STORE_FULL with err when the disk
     * (or the database's size limit) is full: nothing applied, the store as it
     * was, and a later commit may succeed; or -1 with err when the store's
     * state is not known (an I/O error).  With 0, refused[i] (when refused is not
     * NULL) is 1 for a conditional op that found its board changed (see store_op)
     * and changed nothing; the rest of the batch is committed. */
    int (*commit)(store *s, const store_op *ops, size_t n, unsigned char *refused, char *err, size_t errcap);
    /* 1 found, 0 not found, -1 error.  The caller frees with store_user_clear. */
    int (*user_get)(store *s, const char *name, store_user *out);
    int (*game_get)(store *s, int64_t id, store_game *out);
    /* Every move of a game in order, through `fn`; 0, or -1. */
    int (*moves_each)(store *s, int64_t game_id, int (*fn)(void *ctx, const store_move *m), void *ctx);
    /* Ids of the games a list may show (store_list), newest first, up to cap; -1 on error.  One
     * query by the players' indexes: the boards are not read. */
    long (*games_of)(store *s, const store_list *ask, int64_t *ids, size_t cap);
    int64_t (*max_game_id)(store *s);
    /* The session whose token hashes to token_hash: 1 found (expired or not), 0 not, -1 error. */
    int (*session_get)(store *s, const char *token_hash, store_session *out);
    /* For operations (ludex-admin). Every user in name order through fn; 0, or -1. */
    int (*users_each)(store *s, int (*fn)(void *ctx, const store_user *u), void *ctx);
    /* A consistent copy of the whole store into a new file at `out`, taken
     * while others go on writing (SQLite's online backup).  0, or -1 with err. */
    int (*backup)(store *s, const char *out, char *err, size_t errcap);
    /* The store's own integrity check: 0 when sound, or -1 with what is wrong in err. */
    int (*integrity)(store *s, char *err, size_t errcap);
    /* 1 when an inbound message with this Message-ID was applied, 0 when not, -1 error. */
    int (*mail_seen)(store *s, const char *message_id);
    /* Outbound mails not sent yet whose next_try has come, oldest first, up to cap;
     * the count or -1.  The caller frees each with store_mail_clear.  PostgreSQL
     * (several ludexd on one database) claims the rows it returns until
     * claim_until: no other instance gets them before then, unless their
     * STORE_OUTBOX_DONE (which ends the claim) says to try again.  SQLite (one
     * instance) claims nothing. */
    long (*outbox_due)(store *s, int64_t now, int64_t claim_until, store_mail *out, size_t cap);
    /* A user's rating in a class: 1 found, 0 not, -1 error. */
    int (*rating_get)(store *s, const char *user, const char *cls, store_rating *out);
    /* The ratings of a class, best first (user's name breaking ties), up to cap; the count or -1. */
    long (*ratings_of)(store *s, const char *cls, store_rating *out, size_t cap);
    /* Games whose deadline or reminder is due at `now` (found by index, not a scan), up to cap; count or -1.
     * PostgreSQL claims the games it returns until claim_until or their next STORE_GAME_CLOCK (another
     * instance's sweep skips them meanwhile); SQLite (one instance) claims nothing. */
    long (*games_due)(store *s, int64_t now, int64_t claim_until, int64_t *ids, size_t cap);
    /* Whom user blocks, through fn; 0 or -1. */
    int (*blocks_of)(store *s, const char *user, int (*fn)(void *ctx, const char *other), void *ctx);
    /* Every open seek, oldest first, through fn; 0 or -1. */
    int (*seeks_each)(store *s, int (*fn)(void *ctx, const store_seek *k), void *ctx);
    /* The unread messages and chat lines to `user`, oldest first, up to cap; the count or -1. */
    long (*messages_unread)(store *s, const char *user, store_message *out, size_t cap);
    /* How many there are; -1 on error. */
    long (*messages_unread_count)(store *s, const char *user);
    /* The last `cap` chat lines of a board, oldest first; the count or -1. */
    long (*chat_of)(store *s, int64_t board, store_message *out, size_t cap);
    /* Every move comment of a game, by move number, through fn; 0, or -1. */
    int (*comments_each)(store *s, int64_t game_id, int (*fn)(void *ctx, int n, const char *text), void *ctx);
    /* Every row of a table (store_table_columns says which columns, in order) as text, NULL for
     * SQL NULL, numbers as decimal (reals exact: %.17g), through fn; 0, or -1 with err. */
    int (*table_each)(store *s, int table, int (*fn)(void *ctx, const char *const *cols), void *ctx, char *err,
                      size_t errcap);
    /* Reserve `count` ids of `what` ("games", "seeks") for this process alone, whatever other
     * servers on the same database do: the first of them, or -1 on error. */
    int64_t (*ids_reserve)(store *s, const char *what, int count);
    /* Changes made by other servers, as they commit (PostgreSQL's LISTEN; NULL for SQLite, which has
     * one server).  listen: this handle now only listens; the socket to watch for reading, or -1
     * with err.  notifications: every payload that arrived, through fn, without blocking; 0, or -1
     * when the connection is lost (listen again on a new handle: what came meanwhile is lost). */
    int (*listen)(store *s, char *err, size_t errcap);
    int (*notifications)(store *s, void (*fn)(void *ctx, const char *payload), void *ctx);
    /* Failed logins in `minute` (STORE_LOGIN_FAIL) of address with user, of user, of address,
     * every instance's: 0, or -1.  NULL in a backend that serves one instance (SQLite): the
     * service counts in memory then. */
    int (*login_failures)(store *s, const char *address, const char *user, int64_t minute, long out[3]);
    /* A new user, committed at once and only if the name is free, whatever other servers on the
     * database do meanwhile (the user's name, pwhash, email, display): 1 made, 0 the name is
     * taken, -1 error (its message in err).  NULL in a backend that serves one instance (SQLite): the service queues
     * STORE_USER_CREATE in a batch then, its memory deciding whether a name is free. */
    int (*user_insert)(store *s, const store_user *u, char *err, size_t errcap);
    /* An open seek taken (deleted) at once, whatever other servers on the database do meanwhile:
     * 1 taken here, 0 it was gone already (another server took or withdrew it), -1 error (its
     * message in err).  NULL
     * in a backend that serves one instance (SQLite): the service queues STORE_SEEK_DELETE then,
     * its memory deciding whether a seek is open. */
    int (*seek_take)(store *s, int64_t id, char *err, size_t errcap);
    /* One more event of `kind` (a short word: "signup", "challenge") by key (an address, a user)
     * in `window` (the caller's number for it: the hour, the minute), counted at once for every
     * server on the database, the windows of that kind before the last dropped: the count with
     * this one in *count; 0, or -1.  NULL in a backend that serves one instance (SQLite): the
     * service counts in memory then. */
    int (*rate_count)(store *s, const char *kind, const char *key, int64_t window, long *count);
    /* The SQL of statement qi as this backend runs it (for a log), NULL past the last; NULL
     * in a backend that does not count its statements (SQLite). */
    const char *(*query_text)(int qi);
    /* The conditional moves of a game's players (STORE_CONDITIONAL_SET), seat by seat, through fn;
     * 0, or -1. */
    int (*conditionals_each)(store *s, int64_t game_id, int (*fn)(void *ctx, int seat, const char *lines), void *ctx);
    /* Operators' figures, one cheap statement (by the outbox's and the deadlines' indexes): the
     * mails not sent yet (out[0]) and the games whose deadline has passed at `now` and is not
     * settled yet (out[1]).  0, or -1 (the store does not answer: the service's health probe). */
    int (*counts)(store *s, int64_t now, long out[2]);
    /* user's ratings in cls as rated games' ends left them (STORE_RATING_SET's rating_from.board),
     * the last cap whose id is below `before` (0: any), newest first; the count or -1. */
    long (*rating_history)(store *s, const char *user, const char *cls, int64_t before, store_rating_point *out,
                           size_t cap);
} store_backend;

/* Statements a store counts, by query (store/queries.h and the backend's own); more than
 * there are queries. */
#define STORE_COUNTED_QUERIES 96

struct store {
    const store_backend *be;
    /* statements run on this connection, by query: counted by the PostgreSQL backend
     * (one round trip each), so that the service can say which ran on its event loop */
    unsigned long statements[STORE_COUNTED_QUERIES];
};

extern const store_backend store_sqlite_backend;
extern const store_backend store_pg_backend;

/* Open the store at `location`: "postgresql://USER@HOST:PORT/DB" (libpq's URI) or
 * "postgres://...", else an SQLite file ("sqlite:PATH" or PATH).  NULL with a message in err. */
store *store_open(const char *location, char *err, size_t errcap);
/* 1 when `location` names a PostgreSQL database. */
int store_is_pg(const char *location);
void store_close(store *s);
/* The SQL of statement qi as s runs it, for a log; NULL past the last. */
const char *store_query_text(const store *s, int qi);

/* The tables a whole copy reads, in the order they are written (games before their moves). */
enum {
    STORE_T_USERS, STORE_T_BLOCKS, STORE_T_GAMES, STORE_T_MOVES, STORE_T_COMMENTS, STORE_T_RATINGS, STORE_T_SEEKS,
    STORE_T_MESSAGES, STORE_T_SESSIONS, STORE_T_MAIL_SEEN, STORE_T_OUTBOX,
    STORE_T_RATING_HISTORY, STORE_T_CONDITIONALS, STORE_T_TOURNAMENTS, STORE_T_TOURNAMENT_ENTRANTS,
    STORE_T_TOURNAMENT_ROUNDS, STORE_T_TOURNAMENT_PAIRINGS, STORE_NTABLES
};
/* "SELECT <columns> FROM <table> ORDER BY <key>" for table t: the same text in both backends. */
const char *store_table_query(int t);

/* Every row of the store as the ops that make it again in an empty store, through fn
 * (store/export.c); 0, or -1 with err (fn's non-zero stops it, -1 too). */
int store_export(store *s, int (*fn)(void *ctx, const store_op *op), void *ctx, char *err, size_t errcap);

/* 1 when op is conditional on its board's version (store_op's guard) and of a kind that can be. */
int store_op_guarded(const store_op *op);
/* 1 when op, applied, changes its board's version (and can be refused on its own). */
int store_op_bumps(store_op_kind kind);
/* A STORE_NOTIFY telling every server that user `name` changed (its password, disabled flag,
 * blocks ...): "USER INSTANCE NAME", the instance of the server that changed it (0: not a
 * server, ludex-admin).  Those that hold the user read it again (service/users.c). */
void store_user_notice(store_op *op, uint32_t instance, const char *name);

/* How a batch's conditional ops are run (store_plan_guards): on which version of its board each
 * is checked, and whether it sets the board's version to its new_version.  A move (or a move taken
 * back) followed in the batch by a write of its game that goes on from the move's version (its
 * clock) leaves the version to that write: one write of the game's row for both, and the two
 * still apply together or not at all.  Ops that are not conditional keep guard_version, bump 0. */
typedef struct store_guard {
    int64_t version;
    int bump;
} store_guard;
/* out[i] for each of the n ops; 0, or -1 out of memory. */
int store_plan_guards(const store_op *ops, size_t n, store_guard *out);

/* A copy of op that owns its strings (store_op_clear frees them); 0, or -1 out of memory.  Its
 * message and seek are copied only when its kind uses them (STORE_MESSAGE_*, STORE_NOTIFY;
 * STORE_SEEK_*), and left unwritten otherwise: the group commit copies every op of every move. */
int store_op_copy(store_op *dst, const store_op *src);
void store_op_clear(store_op *op);
void store_user_clear(store_user *u);
void store_game_clear(store_game *g);
void store_mail_clear(store_mail *m);

#endif

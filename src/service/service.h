/* service/service.h - what every door of ludexd may ask of the server.
 *
 * The service is the server's one truth: accounts, games in play, moves,
 * commits, watchers.  Each player operation is a plain function here that
 * takes an actor (a user name a door has authenticated, or NULL for anyone)
 * and typed arguments, and answers with an svc_status: success, or an error
 * code ("NOT_YOUR_TURN") and a sentence.  The codes are the same on every
 * door; a door only parses its requests into these calls and formats the
 * answers (line replies, JSON, mail).  Nothing here knows a socket.
 *
 * Durability: a call that changed something sets st->wait_seq, the commit
 * batch that holds the change; a door must not tell anyone of the change
 * before that batch has committed (svc_wait_for).  Reads of a game set it
 * too, so no one sees a move that a crash could still undo.
 *
 * Slow work (argon2id) runs on worker threads: such a call answers
 * SVC_PENDING and later calls the door's `done(ctx, st)` on the loop thread,
 * exactly once, even when the door has lost its client meanwhile (the door
 * keeps ctx alive until then).
 *
 * Everything here runs on the loop thread only. */
#ifndef LUDEX_SERVICE_H
#define LUDEX_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/buf.h"
#include "ludex/diag.h"
#include "service/game_kind.h"
#include "service/workq.h" /* the doors' own worker threads use it too (bot/pool.c) */
#include "service/commands.h" /* the classic command language of the line and mail doors */

typedef struct srv srv;
typedef struct srv_game srv_game;

/* ---- the rows a door is handed ---------------------------------------------------
 * The service's own types and limits: a door never sees the store's.  The service keeps
 * each equal to the store's (checked where it converts: challenge.c, svc_mail.c, messages.c,
 * ratings.c). */
#define SVC_NAME_MAX 32      /* bytes of a user name */
#define SVC_TEXT_MAX 4096    /* bytes of a seek's options */
/* Who may challenge a user (set challenges ...). */
enum { SVC_CHALLENGES_OPEN = 0, SVC_CHALLENGES_ASK = 1, SVC_CHALLENGES_CLOSED = 2 };
/* What mail a user gets (set notify ...): "mail" (their turn, when not connected), "board"
 * (every move, the classic server), "digest" (once a day), "off" (only replies). */
enum { SVC_NOTIFY_TURN = 0, SVC_NOTIFY_BOARD = 1, SVC_NOTIFY_DIGEST = 2, SVC_NOTIFY_OFF = 3 };

#define SVC_MESSAGE_MAX 500  /* bytes of a message's or a chat line's text */
/* A message to a user (board 0) or a line of a board's chat. */
typedef struct svc_message {
    int64_t id;
    int64_t board;                       /* 0: a message; else the board of a chat line */
    char sender[SVC_NAME_MAX + 1];
    char recipient[SVC_NAME_MAX + 1];    /* "" when none */
    char text[SVC_MESSAGE_MAX + 1];
    int64_t created;                     /* Unix time */
    int seen;
} svc_message;

/* A Glicko-2 rating of a user in one class of games ("twixt", "hex-small", ...). */
typedef struct svc_rating {
    char user[SVC_NAME_MAX + 1];
    char cls[24];
    double r, rd, sigma;
    int games;
} svc_rating;

/* A rating as a rated game's end left it (svc_rating_history). */
typedef struct svc_rating_point {
    int64_t id;     /* later points have larger ones: a page's "before" */
    int64_t at;     /* Unix time */
    int64_t board;  /* the game that ended */
    double r, rd;
} svc_rating_point;

/* An open seek: anyone may join it. */
typedef struct svc_seek {
    int64_t id;
    char kind[16];                       /* "twixt", "hex" ... */
    char user[SVC_NAME_MAX + 1];
    char options[SVC_TEXT_MAX];          /* canonical options */
    int64_t created;
} svc_seek;

/* A mail of the outbox claimed for sending; the sender records its attempt (svc_outbox_done). */
typedef struct svc_mail {
    int64_t id;
    char event[160];          /* what it tells, unique: never two mails for one event */
    char recipient[256];
    char *message;            /* the whole RFC 5322 message, malloc'd (svc_mail_clear frees it) */
    int sent;                 /* 1: the MTA took it */
    int attempts;
    int64_t next_try;         /* Unix time of the next attempt */
    char error[200];          /* why the last attempt failed */
} svc_mail;
void svc_mail_clear(svc_mail *m);

/* ---- answers ------------------------------------------------------------------ */
typedef struct svc_status {
    const char *code;                  /* NULL: done; else the error code (static string) */
    char msg[512];                     /* the error's sentence */
    char user[SVC_NAME_MAX + 1];     /* the user an account call concerns, as spelled at signup */
    uint64_t wait_seq;                 /* hold the answer until this batch has committed (0: none) */
    int64_t wait_board;                /* the board the call wrote, 0: none (svc_wait.board) */
} svc_status;

enum { SVC_DONE = 0, SVC_PENDING = 1 };
typedef void (*svc_done_fn)(void *ctx, const svc_status *st);

/* Fill st with an error: the code (a static string) and a sentence.  Returns -1. */
int svc_fail(svc_status *st, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void svc_status_init(svc_status *st);

/* ---- the server itself ---------------------------------------------------------- */
typedef struct svc_config {
    const char *db;                 /* store location */
    const char *pwhash_cost;        /* "interactive", "moderate", "min" */
    int hash_threads;
    int quiet;                      /* no line per request in the log */
    int signups_per_hour;           /* accounts one address may make in an hour; 0: no limit */
    int challenges_per_minute;      /* games one user may start in a minute; 0: no limit */
    int max_per_address;            /* connections one address may hold, all doors together; 0: no limit */
    void *log;                      /* FILE * for the log */
    long clock_offset;              /* seconds added to the system's time for game clocks (a testing aid) */
    int default_challenges;         /* SVC_CHALLENGES_* for users who never chose (ask) */
    int id_block;                   /* game and seek ids reserved from the store at a time; 0: 64 */
    int mail_read_hold;             /* seconds svc_mail_reads waits before it reads (a testing aid: a
                                       kill inside that window); 0: none */
    int min_password;               /* bytes a new password holds at least; 0: SVC_MIN_PASSWORD */
    int tournament_sweep;           /* seconds between two looks at every running tournament (the safety
                                       net: a game's end pairs its round at once); 0: 1 */
    int tournament_pair_hold;       /* seconds a round's pairing waits before it is written (a testing
                                       aid: a kill inside that window); 0: none */
} svc_config;
#define SVC_CACHE_MB 64             /* the budget of what is held, until svc_cache_budget sets one */
#define SVC_MIN_PASSWORD 8          /* the default shortest password */
#define SVC_MAX_PASSWORD 256        /* the longest password */

/* Open the store, start the commit and hash threads and register the wake-up
 * event on `base` (a struct event_base *).  NULL with a message in err. */
srv *svc_open(void *base, const svc_config *cfg, char *err, size_t errcap);
/* Commit what is queued, stop the threads, free everything.  Doors first drop their clients. */
void svc_close(srv *s);
void svc_log(srv *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int svc_quiet(const srv *s);
/* 1 when a commit failed with the store's state unknown: the service stopped the
 * loop, and the program must exit without closing (nothing more may be acknowledged). */
int svc_failed(const srv *s);
double svc_now(void);
void svc_random(void *buf, size_t len);
/* A new connection from addr: 1 to serve it (counted), 0 when the address
 * holds the most it may; every counted one ends with svc_connection_close. */
int svc_connection_open(srv *s, const char *addr);
void svc_connection_close(srv *s, const char *addr);
int svc_connections_max(const srv *s);
/* Counters for the log at exit. */
void svc_count_request(srv *s);
void svc_stats(srv *s, unsigned long *requests, uint64_t *changes, uint64_t *batches);
/* ---- for operators: metrics, health, drain (metrics_families.c, metrics_scrape.c, health.c) ----
 * The doors report what only they see: each answer (its door, its result code: an HTTP status,
 * or OK / the ERR code), each acknowledged move, connections and live-update streams opened and
 * closed.  Labels come from fixed sets (doors, games, codes), never a user or a board. */
typedef enum svc_door { SVC_DOOR_LINE, SVC_DOOR_HTTP, SVC_DOOR_MAIL, SVC_DOOR_BOT, SVC_DOORS } svc_door;
const char *svc_door_name(svc_door door);
void svc_metric_request(srv *s, svc_door door, const char *code, double seconds);
void svc_metric_move(srv *s, svc_door door, proto_game kind);
void svc_metric_connection(srv *s, svc_door door, int delta);
void svc_metric_stream(srv *s, int delta);
/* Every metric in Prometheus's text format 0.0.4, the gauges read now (on the loop).  0 or -1. */
int svc_metrics_text(srv *s, lx_buf *out);
/* Ready for new work: not draining, the store answered its last probe (made off the loop every
 * second; one older than SVC_PROBE_STALE seconds counts as no answer) and takes writes (the last
 * commit was not refused for a full disk).  1, or 0 with why in `why`. */
#define SVC_PROBE_STALE 3
int svc_ready(srv *s, char *why, size_t cap);
/* The log as JSON lines (--log-format json, log_json.c): svc_log writes {"time","level","msg"},
 * and a door logs each answered request with svc_log_request instead of its text line. */
void svc_log_format(srv *s, int json);
int svc_log_json(const srv *s);
typedef struct svc_log_entry {
    svc_door door;
    const char *request_id;  /* the client's (HTTP X-Request-ID), NULL: one is made */
    const char *addr;
    const char *user;        /* the account it acted as, "" for anyone; never a password */
    const char *request;     /* "POST /api/v1/games/3/moves", "hex move 3": no argument that may be secret */
    const char *outcome;     /* "200", "OK", "NOT_YOUR_TURN" */
    int error;               /* the server's fault (5xx, INTERNAL, STORAGE_FULL): level "error" */
    double seconds;
} svc_log_entry;
void svc_log_request(srv *s, const svc_log_entry *e);
/* 1 when no door's answer waits for a commit (a drain is over once the doors are idle too). */
int svc_settled(srv *s);
/* From now on not ready (SIGTERM: the load balancer sends new work elsewhere). */
void svc_drain(srv *s);
int svc_draining(const srv *s);

/* What the service holds in memory are caches of the store with one budget (--cache-mb): the
 * games (games.c, game_cache.c) three quarters of it, the users (users.c, user_cache.c) an
 * eighth, the rating rows (ratings.c, rating_cache.c) an eighth.  Each cache's stats: its name
 * ("games", "users", "ratings"), how many items it holds now and their estimated bytes, its
 * budget, uses that found an item held (hits), reads of an item not held (misses) and items
 * dropped for the budget (evictions). */
enum { SVC_CACHE_GAMES, SVC_CACHE_USERS, SVC_CACHE_RATINGS, SVC_CACHES };
typedef struct svc_cache_stats {
    const char *name;
    size_t held, bytes, budget;
    unsigned long hits, misses, evictions;
} svc_cache_stats;
/* The stats of cache `which` (SVC_CACHE_*). */
void svc_cache_stats_of(srv *s, int which, svc_cache_stats *out);
/* The games cache's (svc_cache_stats_of SVC_CACHE_GAMES). */
void svc_cache_stats_get(srv *s, svc_cache_stats *out);
/* One line per cache, "cache NAME held N bytes N budget N hits N misses N evictions N" (the admin
 * address's /stats and the exit log say the same). */
int svc_cache_stats_text(srv *s, lx_buf *out);
/* Set the budget in bytes (--cache-mb; 0: only what is pinned stays), shared among the caches as
 * above, and drop what it has no room for now, as the loop does after each commit and each
 * second.  Never inside a call. */
void svc_cache_budget(srv *s, size_t bytes);

/* ---- waiting for durability ------------------------------------------------------- */
typedef struct svc_wait {
    uint64_t seq;
    int refused;          /* set when ready() runs: SVC_REFUSED_FULL or SVC_REFUSED_CONFLICT, else 0 */
    int64_t board;        /* set by the door before svc_wait_for: the board its call wrote (st->wait_board) */
    void (*ready)(void *ctx);
    /* Set by a door that can run its request again from the start (NULL: it cannot); the door
     * calls svc_request_begin when a new request begins.  When another server wrote the wait's
     * board first, the service calls again(ctx) instead of ready (counting races, SVC_RACES_MAX at
     * most): the request then answers as one server answers it on the fresh board.  Runs again for
     * a read off the loop are counted apart (runs, SVC_RUNS_MAX at most). */
    void (*again)(void *ctx);
    int runs, races;
    /* The service's: the board read, or the seek taken, off the loop for this request
     * (svc_request), 0 none; the job's ticket, and 1 while it is in flight.  A door sets
     * read_board and read_seek to 0 and read_user to "" with runs when a request begins. */
    int64_t read_board, read_seek;
    char read_user[SVC_NAME_MAX + 1]; /* likewise a user read ("" none) */
    uint64_t read_ticket;
    int reading;
    void *ctx;
    struct svc_wait *prev, *next;
    int linked;
} svc_wait;
/* Why a wait's changes were not kept: the store was full and refused the whole batch (ERR
 * STORAGE_FULL); or another server wrote the wait's board first (several ludexd on one
 * PostgreSQL), so nothing of the call on that board was kept and the board is fresh again in
 * memory: the service runs the request again (w->again) up to SVC_RACES_MAX times, whatever the
 * door, and only a request still refused then (or one of a door without again) gets ready()
 * with the refusal (ERR CONFLICT).  A request runs again for what it reads off the loop up to
 * SVC_RUNS_MAX times, a bound of its own: what it reads does not use up its races. */
enum { SVC_REFUSED_FULL = 1, SVC_REFUSED_CONFLICT = 2 };
#define SVC_RUNS_MAX 8
#define SVC_RACES_MAX 8
/* A door's request begins (its first run): its runs, races and reads so far forgotten. */
void svc_request_begin(svc_wait *w);
/* A door's request runs (w: its wait, with again set), or has stopped running (NULL): the calls
 * made in between are that request's.  With a store on another machine (PostgreSQL), a board such
 * a call needs that the service does not hold (or holds stale: another server changed it) is read
 * off the loop, on the store thread: the call fails as if there were no such board, having
 * changed nothing, and the door's svc_wait_for on w then waits for the read and runs the request
 * again (w->again) with the board in memory; so is a user that a login, a signup or a
 * challenge names.  A seek joined is taken in the store likewise
 * (several servers may race for it), and the join's second run goes on with the store's answer.  Without a request (NULL), or after SVC_RUNS_MAX
 * runs, the board is read at once, on the loop. */
void svc_request(srv *s, svc_wait *w);
/* 1 when batch `seq` has committed already (go on now); else 0, and
 * w->ready(ctx) runs once it has (w must stay valid until then or svc_wait_cancel). */
int svc_wait_for(srv *s, svc_wait *w, uint64_t seq, void (*ready)(void *), void *ctx);
void svc_wait_cancel(srv *s, svc_wait *w);

/* ---- accounts ----------------------------------------------------------------------- */
/* Check a password: SVC_DONE with st->code NULL and st->user the name as
 * spelled at signup, SVC_DONE with an error (NO_SUCH_USER, BAD_PASSWORD,
 * RATE_LIMITED), or SVC_PENDING and done(ctx, st) later.  A password the
 * cache has proved is accepted at once even while failures are limited.
 * Failures are limited per (address, user) first, per user (attempts spread
 * over addresses) and, with a much higher ceiling, per address, so one
 * address's mistakes do not lock out the other users behind it (a NAT). */
int svc_authenticate(srv *s, const char *user, const char *password, const char *addr, svc_status *st,
                     svc_done_fn done, void *ctx);
/* A new account (BAD_NAME, BAD_EMAIL, BAD_PASSWORD, USER_EXISTS, RATE_LIMITED
 * when `addr` made too many this hour).  SVC_DONE (an error) or SVC_PENDING; on
 * success st->user is the name and st->wait_seq set. */
int svc_signup(srv *s, const char *user, const char *password, const char *email, const char *addr, svc_status *st,
               svc_done_fn done, void *ctx);
/* A new password for `user` (already authenticated with the old one). */
int svc_set_password(srv *s, const char *user, const char *password, svc_status *st, svc_done_fn done, void *ctx);
int svc_set_display(srv *s, const char *user, int size, svc_status *st);
/* 1 when the user exists (its spelling in `name`, which may be NULL).  A user not held is read
 * off the loop for a request that can run again: 0 meanwhile, and the request runs again. */
int svc_user_exists(srv *s, const char *user, char name[SVC_NAME_MAX + 1]);
/* The user's display size 1..4 (2 for anyone unknown). */
int svc_user_display(srv *s, const char *user);
/* 1..4 for small, medium, big, large (or the digit); 0 when neither. */
int svc_display_size_of(const char *word);

/* Web sessions: a random token for `user` (hex, 64 characters) kept only as
 * its SHA-256, valid `seconds`; its CSRF token in csrf (hex, 64).  0 or -1. */
int svc_session_create(srv *s, const char *user, long seconds, char token[65], char csrf[65], svc_status *st);
/* The user of a live session (and its CSRF token): 1, or 0 when none or expired; or -1 when it
 * is being read off the loop for the request running now (svc_request): the door answers
 * nothing yet, and its svc_wait_for runs the request again once it has been read. */
int svc_session_user(srv *s, const char *token, char user[SVC_NAME_MAX + 1], char csrf[65]);
void svc_session_end(srv *s, const char *token, svc_status *st);

/* ---- games ----------------------------------------------------------------------------- */
/* A new game between p1 (moves first) and p2 with the options' words
 * ("-size=11"...).  The actor must be one of the two (NOT_A_PLAYER; NULL
 * only for the service's own callers) and may start only so many games a
 * minute (RATE_LIMITED).  *board is the new board's id. */
int svc_challenge(srv *s, const char *actor, proto_game kind, const char *p1, const char *p2, int argc,
                  char *const *argv, int64_t *board, svc_status *st);

/* What a move did, for the door to tell. */
typedef struct svc_played {
    int state_only;        /* nothing was recorded: the server rolled, say */
    const char *state;     /* then: the new hidden-state text as the line protocol shows it */
    size_t n;              /* the move's number */
    char colour[8];
    lx_buf shown;          /* the move as history writes it */
    lx_buf stored;         /* the move as the rules stored it (the line protocol's reply) */
    char result[32];       /* the result when the move ended the game, else "" */
    lx_buf note;           /* more for a move's reply (" game 1 W+2; score ...") */
    /* The answer the opponent's conditional moves gave it, played in the same batch (Hex, Twixt;
     * svc_conditional_set): answer_n is 0 when none.  result is the game's after both. */
    size_t answer_n;
    char answer_colour[8];
    lx_buf answer_shown, answer_stored;
} svc_played;
void svc_played_free(svc_played *p);

/* Play `text` (the line protocol's move syntax, or swap, resign, roll ...)
 * for `actor` on `board`; want_n is the number the move must have (0: any).
 * `kind` G_NONE accepts any game, else WRONG_GAME when it differs.  A text of more than
 * SVC_MOVE_MAX bytes, or with a control character or a '#', is BAD_MOVE whatever the door. */
#define SVC_MOVE_MAX 1024
int svc_play(srv *s, const char *actor, int64_t board, proto_game kind, const char *text, long want_n,
             svc_played *out, svc_status *st);

/* The game on `board` (NO_SUCH_BOARD; WRONG_GAME when kind is not G_NONE and differs);
 * st->wait_seq is the batch of its last change. */
srv_game *svc_game(srv *s, int64_t board, proto_game kind, svc_status *st);
/* The board a command of the classic language names by `word` (of cmd->game's kind): the game and
 * its id in *board, or NULL with st NO_SUCH_BOARD ("there is no board 'WORD'") or WRONG_GAME; as
 * svc_game, st->wait_seq the batch of its last change.  The line and mail doors' one lookup of a
 * board (service/commands_board.c). */
srv_game *proto_board(srv *s, const proto_cmd *cmd, const char *word, int64_t *board, svc_status *st);

typedef struct svc_game_info {
    int64_t board;
    proto_game kind;
    const char *name;                  /* "hex" */
    const char *player[2];
    char colour[2][8];                 /* how each seat's moves are written: "B", "W" ... */
    size_t nmoves;
    int to_move;                       /* seat, -1 when over */
    char result[32];                   /* "" while it goes on */
    uint64_t version;                  /* grows with every change of the game (moves, hidden state) */
    int64_t deadline;                  /* when that seat loses on time (the service's clock), 0 when none */
    int reminded;                      /* that seat has been reminded: a quarter of its time or less is left */
    int waiting;                       /* the seat whose answer to the challenge the game waits for, -1 when begun */
    const char *options;               /* the game's canonical options ("size=11 swap=1 clock=..."): public */
    int public_chat;                   /* challenged with -publicchat: anyone may read the board's chat */
    uint64_t write_seq;                /* the store batch holding its last change: wait for it before telling */
} svc_game_info;
void svc_game_describe(const srv_game *sg, svc_game_info *info);
/* Seconds left on the clock of the seat to move (0 when it has run out), -1 when no clock runs. */
long svc_game_time_left(srv *s, const srv_game *sg);
/* "3d 4h", "5h 12m", "40m": a time left for people. */
void svc_format_duration(long seconds, char out[32]);
/* Move i (0-based): its colour, its player's seat and its text as history
 * writes it for `viewer` (a seat, -1 for anyone else: while the game goes on,
 * a crossword exchange shows its tiles to its mover only), appended to out. */
int svc_game_move(const srv_game *sg, size_t i, int viewer, char colour[8], int *seat, lx_buf *out);
/* The seat `user` plays (the seat to move when both are the same user), or -1. */
int svc_game_seat_of(const srv_game *sg, const char *user);
/* Drawings for `viewer` (a seat, -1 for anyone else): text at size 1..4, or SVG. */
int svc_game_draw(const srv_game *sg, int viewer, int size, lx_buf *out);
int svc_game_svg(const srv_game *sg, int viewer, lx_buf *out);
/* The record (SGF, or GCG for crossword); flavour NULL or "gnubg".  0, 1 when
 * the flavour is unknown (st BAD_ARG), -1 (st INTERNAL). */
int svc_game_record(const srv_game *sg, const char *flavour, lx_buf *out, svc_status *st);
/* Check the game's record as `ludex check` would (the SGF replayed under
 * the rules, or the GCG read and replayed): its diagnostics into diags
 * (resolved to lines), the number of errors, or -1 (st INTERNAL). */
long svc_game_check_record(const srv_game *sg, lx_diag_list *diags, svc_status *st);
/* Crossword: the tiles of seat's rack (appended to out); 0, or 1 when the game has no rack. */
int svc_game_rack(const srv_game *sg, int seat, lx_buf *out);
/* The position as `viewer` (a seat, -1 anyone else) may see it, in the game's own position
 * format: crossword CGP, with the viewer's rack only when it is the viewer's turn.  0, 1 when
 * the game has no such format, -1 out of memory. */
int svc_game_position(const srv_game *sg, int viewer, lx_buf *out);
/* What the user in `seat` may do now: a bit for each action below. */
enum { SVC_ACT_MOVE = 1, SVC_ACT_SWAP = 2, SVC_ACT_RESIGN = 4, SVC_ACT_ROLL = 8, SVC_ACT_DOUBLE = 16,
       SVC_ACT_TAKE = 32, SVC_ACT_DROP = 64 };
unsigned svc_game_actions(const srv_game *sg, int seat);
/* Hex, Twixt: 1 when the game has no swap at all (made with -noswap; a Twixt handicap), else 0. */
int svc_game_noswap(const srv_game *sg);
/* Backgammon: the dice rolled and not played (0 0 when none), and the cube value; 0, or 1 for other games. */
int svc_game_dice(const srv_game *sg, int dice[2], int *cube);
/* What a scoreboard shows that anyone may know, per seat: crossword the points, the tiles in the
 * bag and the tiles `viewer` (a seat, -1 anyone else) cannot see (the bag and the racks not
 * theirs: counts, never letters); backgammon the match score, its length (0 money) and the pips. */
typedef struct svc_scoreboard {
    int has_score, has_pips, has_bag;
    long score[2];
    int match_length;
    int pips[2];
    int bag, unseen;
} svc_scoreboard;
void svc_game_scoreboard(const srv_game *sg, int viewer, svc_scoreboard *out);
/* Crossword: each tile's label and value in the game's distribution, a line "A 1" each (the blank
 * "? 0"), appended to out; 0, or 1 for a game without tiles. */
int svc_game_tile_values(const srv_game *sg, lx_buf *out);
/* Crossword: score `text` (a play in the move syntax) for `actor` as if played now, from their own
 * rack, without playing it (NOT_A_PLAYER, WRONG_GAME, GAME_OVER, the play's own refusal:
 * TILE_NOT_IN_RACK, PHONY ...): *score and the words made (upper case, one per line) in words. */
int svc_preview(srv *s, const char *actor, int64_t board, const char *text, long *score, int *bingo, lx_buf *words,
                svc_status *st);

typedef enum svc_filter { SVC_ALL, SVC_NEXT, SVC_ACTIVE, SVC_FINISHED, SVC_WAITING } svc_filter;
/* The filter a word names ("all", "next", "active", "finished", "pending"): 1, or 0 when none. */
int svc_filter_of(const char *word, svc_filter *out);
/* Boards of `kind` (G_NONE: any) where `user` plays (NULL: anyone), newest first, by filter; the
 * count, up to cap; st->wait_seq covers them all (service/game_lists.c).  For a line, web or
 * mail request that can run again (svc_request): with a store thread the ids, and the boards
 * they name that are not held, are read there, -1 (BUSY) meanwhile, and the request runs again
 * with them; else (SQLite, or no request) read at once. */
long svc_games_list_request(srv *s, proto_game kind, const char *user, svc_filter filter, int64_t *ids, size_t cap,
                            svc_status *st);
/* A list's answer: ids[0..n) (n < 0: st tells why).  s NULL (ids NULL) when the server stopped
 * before the list came: the callee frees ctx and touches nothing else. */
typedef void (*svc_games_listed)(srv *s, void *ctx, const int64_t *ids, long n, svc_status *st);
/* The same list for the service's callers outside a request (the bots' scan, the daily digest),
 * user naming a user who exists: with a store thread read there, and listed(ctx, ...) called on
 * the loop when it has come; else read and called at once, before this returns. */
void svc_games_list_then(srv *s, proto_game kind, const char *user, svc_filter filter, size_t cap,
                         svc_games_listed listed, void *ctx);

/* ---- watching ----------------------------------------------------------------------------- */
typedef struct svc_event {
    int64_t board;
    proto_game kind;
    int state_only;       /* not a move: the hidden state changed (a roll) */
    size_t n;             /* the move's number */
    const char *colour;
    const char *player;
    const char *move;     /* as history writes it */
    const char *result;   /* "" unless this move ended the game */
} svc_event;

/* A subscription to a board's moves, owned by the door.  Moves reach
 * on_event in order, each once, after their commit: only moves numbered
 * above last_n, which the service advances. */
typedef struct svc_watch {
    void (*on_event)(void *ctx, const svc_event *e);
    void *ctx;
    int64_t board;
    size_t last_n;
    int want_state;       /* also state_only events */
    struct svc_watch *next;
    int linked;
} svc_watch;
/* Watch `board` from move after_n on ((size_t)-1: from the moves to come): the moves already committed
 * above it are delivered at once, the rest as they commit.  0, or -1 (NO_SUCH_BOARD; also while a
 * board memory holds fewer moves of than after_n is read again, the request then running again). */
int svc_watch_add(srv *s, int64_t board, svc_watch *w, size_t after_n, svc_status *st);
void svc_watch_remove(srv *s, svc_watch *w);
/* Committed moves so far on a watched board (for a line watcher's start). */
size_t svc_game_committed_moves(srv *s, const srv_game *sg);

/* ---- mail (svc_mail.c, presence.c) ---------------------------------------------------------- */
/* A door's hooks (the mail door's, the bots').  They run on the loop inside the call that
 * made the change, so mails they queue (svc_outbox_add) commit in the change's batch:
 * a move and the mails that tell of it are durable together or not at all.  Any hook
 * may be NULL. */
typedef struct svc_notifier {
    void *ctx;
    /* A game began or changed (a move, swap, resign); `actor` made the change. */
    void (*game_changed)(void *ctx, srv *s, srv_game *sg, const char *actor);
    /* `user`'s address must be proved: mail `token` to it (nothing else goes there before). */
    void (*verify_address)(void *ctx, srv *s, const char *user, const char *address, const char *token);
    /* A quarter of the time of the player in `seat` is left (`left` seconds): remind them, once a turn. */
    void (*reminder)(void *ctx, srv *s, srv_game *sg, int seat, long left);
    /* A message or a chat line (m->board != 0) was sent; it is durable once batch wait_seq has
     * committed (svc_wait_for): tell no one before. */
    void (*message_sent)(void *ctx, srv *s, const svc_message *m, uint64_t wait_seq);
    /* Another server on the database changed `board` of these players (a challenge, an answer, a
     * move, an end; "" for no player), committed there (PostgreSQL's notices; NULL: not wanted). */
    void (*game_elsewhere)(void *ctx, srv *s, int64_t board, const char *const players[2]);
} svc_notifier;
#define SVC_MAX_NOTIFIERS 4
/* Add hooks (0), or -1 when SVC_MAX_NOTIFIERS are in place; remove those with this ctx. */
int svc_add_notifier(srv *s, const svc_notifier *n);
void svc_remove_notifier(srv *s, void *ctx);

typedef struct svc_user_mail {
    char name[SVC_NAME_MAX + 1];
    char email[256];     /* "" when none */
    int verified;        /* mail other than a verification may go to it */
    int notify;          /* SVC_NOTIFY_* */
    int display;         /* 1..4 */
} svc_user_mail;
/* 1 and *out filled when the user exists, else 0. */
int svc_user_mail_get(srv *s, const char *user, svc_user_mail *out);
/* 1 and *out filled when memory holds the user, else 0 (nothing read). */
int svc_user_mail_held(srv *s, const char *user, svc_user_mail *out);

/* What the mails telling of a change (mail/notify.c) read from the store besides the board: its
 * last chat lines, and the mail settings of the players memory does not hold.  With a store on
 * another machine (several servers on one PostgreSQL) none of it is read on the event loop: once
 * the change's batch (the game given to svc_mail_reads_start has it) has committed, the store
 * thread reads it, and done(r) runs on the loop when it has come, the mails then queued in a
 * batch of their own; kept is 0 when the change was not kept (a full disk, another server wrote
 * the board first): nothing to tell.  With a local store (SQLite) it is read at once and done(r)
 * runs before svc_mail_reads_start returns, inside the change: the mails join its batch, kept
 * only when it is.  r must stay valid until done(r) runs, which may free it. */
#define SVC_MAIL_CHAT_LINES 5
typedef struct svc_mail_reads {
    /* the caller's */
    char user[2][SVC_NAME_MAX + 1]; /* the players whose settings are wanted ("": none) */
    void (*done)(struct svc_mail_reads *r);
    /* the answer, when done runs */
    int kept;
    int found[2]; /* user[i] exists: its settings in um[i] */
    svc_user_mail um[2];
    long nchat;   /* the board's last chat lines, oldest first; -1 when they cannot be read */
    svc_message chat[SVC_MAIL_CHAT_LINES];
    /* the service's */
    srv *s;
    int64_t board;
    svc_wait wait;
    struct mail_read_job *job;
    struct event *held;           /* svc_config.mail_read_hold's wait, before the job */
} svc_mail_reads;
void svc_mail_reads_start(srv *s, srv_game *sg, svc_mail_reads *r);
/* 1 when done(r) comes later, after the change's batch (a store on another machine), 0 at once. */
int svc_mail_reads_later(const srv *s);
/* Read at once, on the loop (the door is closing: what it was to tell is not lost); done(r) runs
 * before this returns, its mails kept only when the change is, if that is not decided yet. */
void svc_mail_reads_now(srv *s, svc_mail_reads *r);
/* SVC_NOTIFY_* for "mail", "board", "digest", "off"; -1 when none. */
int svc_notify_mode_of(const char *word);
const char *svc_notify_name(int mode);
int svc_set_notify(srv *s, const char *user, int mode, svc_status *st);
/* A new address for `user` (BAD_EMAIL): unproved until verified; a token is mailed to it.
 * An empty `address` mails a new token to the current one. */
int svc_set_address(srv *s, const char *user, const char *address, svc_status *st);
/* Prove the address with the token mailed to it (BAD_TOKEN, NO_ADDRESS). */
int svc_verify_address(srv *s, const char *user, const char *token, svc_status *st);
/* 1 when an address is a plausible addr-spec (local@domain, no spaces or controls, <= 254 bytes). */
int svc_address_valid(const char *address);

/* Presence: a user counts as connected while a line connection is logged in
 * as them or a web stream of theirs is open, or for two minutes after a
 * request of theirs on a door without connections. */
void svc_presence_add(srv *s, const char *user);
void svc_presence_remove(srv *s, const char *user);
void svc_presence_touch(srv *s, const char *user);
int svc_user_present(srv *s, const char *user);

/* Inbound messages applied (by Message-ID) and the outbox of mail to send. */
/* Whether message_id was applied, read on the store thread: got(arg, seen) on the loop, seen 1
 * applied, 0 not, -1 (the store cannot say); at once when the store is local (SQLite). */
typedef void (*svc_mail_seen_got)(void *arg, int seen);
void svc_mail_seen(srv *s, const char *message_id, svc_mail_seen_got got, void *arg);
int svc_mail_mark_seen(srv *s, const char *message_id, svc_status *st);
/* The end of an inbound message: its answer queued (message may be NULL: none) and its
 * Message-ID marked applied, in one batch: both or neither.  The mail door calls it once every
 * change its commands made to a board has committed (each line waits for its batch, and a line
 * that lost a race to another server was run again by the service), so the answer tells what
 * was kept. */
int svc_mail_answer(srv *s, const char *message_id, const char *event, const char *recipient, const char *message,
                    svc_status *st);
/* Queue a mail (the whole message) for `event`, unique: a second mail for one event is dropped. */
int svc_outbox_add(srv *s, const char *event, const char *recipient, const char *message, svc_status *st);
/* The same, to be sent no sooner than next_try (Unix time) unless svc_outbox_replace comes first. */
int svc_outbox_add_later(srv *s, const char *event, const char *recipient, const char *message, int64_t next_try,
                         svc_status *st);
/* The mail queued for `event` to wait gets `message` and is due now; nothing changes when a sender
 * has claimed, tried or sent it meanwhile (it goes, or went, as it was: one mail either way). */
int svc_outbox_replace(srv *s, const char *event, const char *message, svc_status *st);
/* Claim up to cap committed mails due to be sent: `got` runs on the loop with them (the caller's to
 * free, each with svc_mail_clear) and their count, or -1 - later, when the store thread has read
 * them (several ludexd on one PostgreSQL: then they are this instance's for claim_seconds, or
 * until svc_outbox_done), else at once.  One claim at a time: 0 asked, -1 not (one in flight, or
 * out of memory).  svc_outbox_claim_cancel: `got` will not run (the sender stops). */
typedef void (*svc_outbox_got)(void *arg, svc_mail *rows, long n);
int svc_outbox_claim(srv *s, long claim_seconds, size_t cap, svc_outbox_got got, void *arg);
void svc_outbox_claim_cancel(srv *s);
/* Record an attempt: sent, or failed with when to try again. */
int svc_outbox_done(srv *s, const svc_mail *m, svc_status *st);
/* Every user whose notify mode is `mode`, with a proved address, through fn (digests; nonzero
 * stops), then done(s, ctx, rc) (rc -1: the users could not be read).  With a store thread they
 * are read there and both called on the loop when they have come (done with s NULL when the
 * server stopped first: it frees ctx and touches nothing else); else at once, before this returns. */
typedef void (*svc_notify_done)(srv *s, void *ctx, int rc);
void svc_users_with_notify(srv *s, int mode, int (*fn)(void *ctx, const svc_user_mail *u), svc_notify_done done,
                           void *ctx);

/* ---- consent, seeks, offers (challenge.c, offers.c) ----------------------------------------- */
/* SVC_CHALLENGES_* for "open", "ask", "closed"; -1 when none. */
int svc_challenges_mode_of(const char *word);
const char *svc_challenges_name(int mode);
int svc_set_challenges(srv *s, const char *user, int mode, svc_status *st);
/* user blocks (on 1) or unblocks (on 0) other: no challenge, seek or message from them. */
int svc_block(srv *s, const char *user, const char *other, int on, svc_status *st);
/* Accept (yes 1) or decline the challenge or the offer (a draw, a takeback) on board that waits
 * for actor; *what names it ("challenge", "draw", "takeback"). */
int svc_answer(srv *s, const char *actor, int64_t board, int yes, const char **what, svc_status *st);
/* Offer a draw (NO_DRAWS where there are none); *agreed when it answers the opponent's offer. */
int svc_offer_draw(srv *s, const char *actor, int64_t board, int *agreed, svc_status *st);
/* Ask to take back one's last move (Twixt, Hex), before the opponent has moved. */
int svc_takeback(srv *s, const char *actor, int64_t board, svc_status *st);
/* The offer waiting on a game ("draw", "takeback") and the seat that made it, or NULL. */
const char *svc_game_offer(const srv_game *sg, int *by);
/* A new game against the same opponent, the colours swapped, the same options (their consent applies). */
int svc_rematch(srv *s, const char *actor, int64_t board, int64_t *new_board, svc_status *st);
/* An open seek anyone may join; the list; joining one (one's own: withdrawn, *board 0). */
int svc_post_seek(srv *s, const char *actor, proto_game kind, int argc, char *const *argv, int64_t *id, svc_status *st);
long svc_seeks(srv *s, proto_game kind, svc_seek *out, size_t cap);
int svc_join(srv *s, const char *actor, int64_t id, int64_t *board, svc_status *st);
typedef struct svc_user_prefs {
    int challenges;            /* SVC_CHALLENGES_* (the server's default when the user never chose) */
    int64_t vacation_until;    /* 0 when not on vacation */
    int vacation_left;         /* days left this year */
} svc_user_prefs;
int svc_user_prefs_get(srv *s, const char *user, svc_user_prefs *out);
/* vacation DAYS / vacation off: *until the vacation's end (0 when off), *left the days left this year.
 * The games whose clocks move are listed first (svc_games_list_request: in a request, off the loop,
 * the request run again), before anything changes. */
int svc_vacation(srv *s, const char *user, const char *word, int64_t *until, int *left, svc_status *st);
/* For a request that changes other things before its vacation (the web's settings): 0 when
 * svc_vacation can list the user's games in this run without waiting, else -1 (BUSY), called
 * before those changes so that the request's next run makes them once. */
int svc_vacation_ready(srv *s, const char *user, svc_status *st);

/* ---- ratings (ratings.c) ------------------------------------------------------------------ */
/* The classes of a game kind's ratings (twixt: "twixt"; hex: small, medium, large boards;
 * backgammon: 1-point, short and long matches); their count. */
int ratings_classes(proto_game kind, const char *const **names);
/* user's rating in a class (a newcomer's 1500/350/0.06 when none).  0 or -1. */
int svc_rating_of(srv *s, const char *user, const char *cls, svc_rating *out);
/* The ratings of each class of kind (ratings_classes, at most SVC_CLASSES_MAX), best first, up
 * to cap each: class i's in out[i * cap ...], their count in counts[i]; the number of classes or
 * -1 (st).  For a request that can run again (svc_request) they are read on the store thread,
 * every class in one job: -1 (BUSY) meanwhile, and the request runs again with them. */
#define SVC_CLASSES_MAX 3
int svc_standings(srv *s, proto_game kind, svc_rating *out, size_t cap, long *counts, svc_status *st);
/* user's ratings in each class of kind as the last cap rated games' ends left them (as committed),
 * those whose id is below before (0: the newest), newest first: class i's in out[i * cap ...],
 * their count in counts[i]; the number of classes or -1 (st).  Read like svc_standings (rating_history.c). */
int svc_rating_history(srv *s, const char *user, proto_game kind, int64_t before, svc_rating_point *out, size_t cap,
                       long *counts, svc_status *st);
#define SVC_PROVISIONAL_RD 110.0   /* a rating whose deviation is above this is provisional */

/* ---- tournaments (tournaments.c, issue 32) ------------------------------------------------- */
/* Round robin, Swiss and knockout tournaments whose games are ordinary games.  Each call reads or
 * writes the store on the store thread for a request that can run again (-1 BUSY meanwhile, the
 * request run again with the answer), else at once.  The pairing of rounds, the start at a date
 * and the end are the sweep's (tournaments_sweep), never a door's. */
#define SVC_TOURNAMENT_NAME_MAX 64
#define SVC_TOURNAMENTS_MAX 100       /* a list's lines at most */
typedef struct svc_tournament {
    int64_t id;
    char name[SVC_TOURNAMENT_NAME_MAX + 1];
    char game[16];                    /* "twixt", "hex", "backgammon", "crossword" */
    char format[24];                  /* "roundrobin", "roundrobin:2", "swiss:R", "knockout" */
    char options[512];                /* the games' options, canonical */
    char organizer[SVC_NAME_MAX + 1];
    const char *state;                /* "open", "running", "finished" */
    int round;                        /* rounds paired so far */
    int players, min_players, max_players;
    int rated, sequential;
    int64_t start_at;                 /* 0: when full (or started by its organizer) */
    int entered;                      /* svc_tournaments: the actor has entered it (not withdrawn) */
} svc_tournament;
typedef struct svc_tournament_row {   /* a line of the standings, best first */
    int rank;
    char user[SVC_NAME_MAX + 1];
    double points;
    double tiebreak[2];               /* round robin: Sonneborn-Berger, head-to-head; else Buchholz, median */
    int games;
    int withdrawn;
} svc_tournament_row;
typedef struct svc_tournament_pairing {
    int round, board;
    char first[SVC_NAME_MAX + 1], second[SVC_NAME_MAX + 1]; /* second "" for a bye */
    int64_t game;                     /* the board, 0 for a bye */
    char result[8];                   /* "1-0", "0-1", "1/2", "*" playing, "bye" */
} svc_tournament_pairing;
typedef struct svc_tournament_view {
    svc_tournament head;
    svc_tournament_row *rows;         /* malloc'd: svc_tournament_view_free */
    size_t nrows;
    svc_tournament_pairing *pairings; /* malloc'd */
    size_t npairings;
} svc_tournament_view;
/* "open", "running", "finished" into 0, 1, 2; -1 for none of them. */
int svc_tournament_state_of(const char *word);
/* tournament new NAME GAME FORMAT [game options] [-players=MIN-MAX] [-start=full|YYYY-MM-DD]
 * [-rated|-unrated] [-rounds=together|sequential] [-days=N]: actor organizes it; *id its number. */
int svc_tournament_new(srv *s, const char *actor, const char *name, const char *game, const char *format,
                       int argc, char *const *argv, int64_t *id, svc_status *st);
/* actor joins or leaves (before the start: the entry goes; after: withdrawn), or starts it (its
 * organizer; with at least its minimum of players).  A join that fills it starts it. */
int svc_tournament_join(srv *s, const char *actor, int64_t id, svc_status *st);
int svc_tournament_leave(srv *s, const char *actor, int64_t id, svc_status *st);
int svc_tournament_start(srv *s, const char *actor, int64_t id, svc_status *st);
/* The tournament, its standings and its pairings (out freed by svc_tournament_view_free). */
int svc_tournament_show(srv *s, int64_t id, svc_tournament_view *out, svc_status *st);
void svc_tournament_view_free(svc_tournament_view *v);
/* Tournaments in state (-1: any), newest first, up to cap, each with its count of players and
 * whether actor (NULL: nobody) has entered it: the count, or -1. */
long svc_tournaments(srv *s, const char *actor, int state, svc_tournament *out, size_t cap, svc_status *st);

/* ---- messages, chat and move comments (messages.c) ------------------------------------------ */
/* A text is 1 to SVC_MESSAGE_MAX bytes of UTF-8 without control characters (BAD_TEXT,
 * TEXT_TOO_LONG); a door escapes it for where it shows it.  One user sends at most
 * SVC_MESSAGES_PER_MINUTE messages and chat lines together in a minute (RATE_LIMITED). */
#define SVC_MESSAGES_PER_MINUTE 30
/* A message from `from` to the user `to` (NO_SUCH_USER; BAD_RECIPIENT: oneself). */
int svc_send_message(srv *s, const char *from, const char *to, const char *text, svc_status *st);
/* A line of board's chat from one of its players (NOT_A_PLAYER).  A board's chat is read by its
 * two players only (not by watchers): each line is addressed to the other player. */
int svc_chat(srv *s, const char *from, int64_t board, const char *text, svc_status *st);
/* user's unread messages and chat lines, oldest first, up to cap, marked read by the
 * same call (st->wait_seq: the batch that marks them); the count, or -1 (st).  For a request
 * that can run again (svc_request) they are read on the store thread: -1 (BUSY) meanwhile,
 * having changed nothing, and the request runs again with them (several servers, PostgreSQL). */
long svc_messages_unread(srv *s, const char *user, svc_message *out, size_t cap, svc_status *st);
/* The last cap lines of board's chat, oldest first, for viewer (a player, else NOT_A_PLAYER);
 * they stay unread.  The count or -1.  unread (NULL: not wanted) gets how many unread messages
 * and chat lines viewer has (0 when the store cannot say), even when viewer is not a player.
 * Both are read in one go; for a request that can run again (svc_request) on the store
 * thread: -1 (BUSY) meanwhile, and the request runs again with them, as svc_messages_unread. */
long svc_chat_of(srv *s, int64_t board, const char *viewer, svc_message *out, size_t cap, long *unread,
                 svc_status *st);
/* A comment on move n (1-based) of board by the one who made it (NO_SUCH_MOVE, NOT_YOUR_MOVE,
 * COMMENT_EXISTS): kept with the move, and in the record as the move node's C[] (a GCG note). */
int svc_comment_move(srv *s, const char *actor, int64_t board, long n, const char *text, svc_status *st);
/* svc_play with a comment for the move (NULL or "": none): the comment is checked before the
 * move is played, and stored in the move's own batch before anyone is told of the move.  A
 * play that records no move (a roll) drops it. */
int svc_play_commented(srv *s, const char *actor, int64_t board, proto_game kind, const char *text, long want_n,
                       const char *comment, svc_played *out, svc_status *st);
/* Move i's (0-based) comment, NULL when none. */
const char *svc_game_move_comment(const srv_game *sg, size_t i);

/* ---- conditional moves (Hex, Twixt; svc_conditional.c) ------------------------------------------ */
/* "If my opponent plays M1 I answer R1; then if M2, R2 ...": `lines` one a '\n', each its moves
 * apart by spaces, from the position now (the opponent to move; refused YOUR_TURN when it is the
 * actor's).  Each move is played along its line on a copy of the game: an illegal one is
 * refused naming the line, the move in it and the game's move number.  replace 0 adds them to
 * the actor's lines (lines sharing a beginning form a tree; one answering a move otherwise than
 * another is refused CONFLICT), 1 makes them the only ones ("": none).  Private: only the actor
 * reads them.  When the opponent's move begins lines, the answer is played at once in the same
 * commit, without charging the actor's clock; any other move ends them all, and so do a
 * takeback and the game's end.  Then as svc_conditional_get. */
int svc_conditional_set(srv *s, const char *actor, int64_t board, proto_game kind, const char *lines, int replace,
                        lx_buf *out, size_t *from, svc_status *st);
/* The actor's lines on board (one a '\n', moves as history writes them, apart by one space) and
 * the number of the move they begin at (*from). */
int svc_conditional_get(srv *s, const char *actor, int64_t board, proto_game kind, lx_buf *out, size_t *from,
                        svc_status *st);
/* "GAME conditional BOARD [M1 R1 ... | clear]" as the command grammar read it (the line and mail
 * doors): listed, added or cleared, then as svc_conditional_get. */
int svc_conditional_command(srv *s, const char *actor, const proto_cmd *cmd, lx_buf *out, size_t *from,
                            svc_status *st);

/* ---- help ----------------------------------------------------------------------------------- */
const char *svc_game_help(proto_game kind);

#endif

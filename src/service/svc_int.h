/* service/svc_int.h - the service's parts and how they meet (not for doors:
 * they see service/service.h only).
 *
 * One thread runs the libevent loop: the doors read requests on it and call
 * the service, which runs them against games and users held in memory.  Two
 * other kinds of thread do the slow work so the loop never waits:
 *   - the commit thread (commit.c) makes batches of changes durable, one
 *     transaction per batch (group commit);
 *   - the hash threads (hashpool.c) run argon2id for signup, login and
 *     password changes;
 *   - with a shared store (PostgreSQL), the store thread (dbjobs.c) runs the
 *     round trips that decide a request (a signup's insert).
 * All hand results back through a pipe that wakes the loop.
 *
 * A call either answers at once, or waits for a hash job whose completion
 * (on the loop) runs the rest of it and then the door's continuation.  A
 * door holds an answer until the batch holding its changes has committed
 * (svc_wait_for, loop.c).
 */
#ifndef LUDEX_SERVICE_INT_H
#define LUDEX_SERVICE_INT_H

#include <event2/event.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "ludex/ludex.h"
#include "service/service.h"
#include "store/store.h"

typedef struct srv_user srv_user;
typedef struct srv_rules srv_rules;
typedef struct commit_queue commit_queue;
typedef struct hashpool hashpool;
typedef struct cred_cache cred_cache;
typedef struct rate_limit rate_limit;
typedef struct srv_map srv_map;

/* ---- small string-keyed hash map (map.c) ---------------------------------------- */
srv_map *map_new(void);
void map_free(srv_map *m, void (*free_value)(void *));
void *map_get(const srv_map *m, const char *key);
int map_put(srv_map *m, const char *key, void *value); /* 0, -1 out of memory */
void *map_remove(srv_map *m, const char *key);          /* the value removed, or NULL */
void map_each(const srv_map *m, void (*fn)(void *ctx, void *value), void *ctx);

/* ---- users (users.c) ---------------------------------------------------------- */
struct srv_user {
    char name[STORE_NAME_MAX + 1];
    char *pwhash;
    int display;      /* 1..4 */
    int disabled;     /* an operator disabled it: no login, no session */
    char email[256];  /* "" when none */
    int email_verified;
    char verify_hash[65]; /* SHA-256 (hex) of the pending verification token */
    int notify;       /* STORE_NOTIFY_* */
    int present;      /* connections where the user is logged in (line) or watching (web streams) */
    double last_seen; /* the user's last request on a door without connections (HTTP) */
    int challenges;   /* STORE_CHALLENGES_*, or -1: the server's default */
    int64_t vacation_until;
    int vacation_year, vacation_used;
    char (*blocks)[STORE_NAME_MAX + 1]; /* whom the user blocks */
    size_t nblocks;
    unsigned notices; /* other servers' notices of a change so far (a read for an older one is dropped) */
    uint64_t reload_ticket; /* the read after the last notice, not come yet: requests wait for it */
};
/* The user named (loaded from the store on first use), or NULL. */
srv_user *users_find(srv *s, const char *name);
srv_user *users_add(srv *s, const char *name, const char *pwhash, int display);
/* A display size as a user holds it: 1 to 4 (small to large), else 2 (medium). */
int users_display_of(int display);
/* The user a door's request names (svc_request): as users_find, but with a store thread and a
 * request that can run again, a user not held is read off the loop: NULL with *reading set, and
 * the request runs again once it has come (then NULL means no such user). */
srv_user *users_for_request(srv *s, const char *name, int *reading);
/* Both players of sg, for the request running now (svc_request): those memory does not hold read
 * off the loop in one job, and the request run again once they have come (1); 0 when both are
 * held, or without a store thread or a request that can run again (users_find reads them). */
int users_for_game(srv *s, const srv_game *sg);
/* The users named (1 or 2) that memory does not hold, outside a request (the sweep), when there is
 * a store thread: read there, then(s, id) on the loop once they are held (1); else 0 (none to
 * read, or no thread: users_find reads them at once when asked). */
int users_read_then(srv *s, const char *const *names, int n, int64_t id, void (*then)(srv *s, int64_t id));
/* A user's row and whom they block, read on the store thread (user_row_read, name set first), then
 * held in memory on the loop unless it holds the user by then (user_row_hold: the user held, or
 * NULL when there is none); user_row_clear frees what was not taken. */
typedef struct user_row {
    char name[STORE_NAME_MAX + 1];
    int found;       /* user_get's: 1, 0 none, -1 error */
    store_user su;
    srv_user blocks; /* only its blocks and nblocks */
} user_row;
void user_row_read(store *st, user_row *r);
srv_user *user_row_hold(srv *s, user_row *r);
void user_row_clear(user_row *r);
/* The user's mail settings and preferences from a store row (and whom they block, from the store). */
void users_set_mail(srv_user *u, const store_user *su);
void users_load_blocks(srv *s, srv_user *u);
/* Queue u's preferences (STORE_USER_PREFS). 0, or -1 (st INTERNAL). */
int users_commit_prefs(srv *s, const srv_user *u, svc_status *st);
int users_blocks(const srv_user *u, const char *other);
/* Queue u's mail settings (STORE_USER_MAIL). 0, or -1 (st INTERNAL). */
int users_commit_mail(srv *s, const srv_user *u, svc_status *st);
/* u's mail settings into out (1), or 0 when u is NULL. */
int users_mail_of(const srv_user *u, svc_user_mail *out);
/* Call every door's hooks (svc_mail.c). */
void notify_game_changed(srv *s, srv_game *sg, const char *actor);
void notify_reminder(srv *s, srv_game *sg, int seat, long left);
int user_name_valid(const char *name);
void users_free_all(srv *s);
/* Back to the store's state after a refused commit: reloaded, or forgotten when the store has none. */
void users_reload(srv *s, const char *name);
/* Another server changed a user ("INSTANCE NAME" of a USER notice): read it again if held (with
 * a store thread there, once this server's own user changes in flight have committed: the held
 * copy replaced when the row has come, unless a newer notice came meanwhile). */
void users_changed(srv *s, const char *args);
/* A held user that memory may hold ahead of the store (a notice; a batch refused whole): read
 * again as users_changed says, off the loop with a store thread, at once without. */
void users_read_again(srv *s, const char *name);
/* This server's user changes have committed: the reads users_changed put off are queued. */
void users_settle(srv *s);
/* Another server changed a rating ("INSTANCE CLASS USER [R RD SIGMA GAMES]" of a RATING notice): held
 * with the values the notice carries, else forgotten. */
void ratings_changed(srv *s, const char *args);
/* Another server changed the seeks ("INSTANCE" of a SEEKS notice): read them again, now or once
 * this server's own seek changes have committed (seeks_settle). */
void seeks_changed(srv *s, const char *args);
void seeks_settle(srv *s);

/* ---- games (games.c, rules_*.c) --------------------------------------------------- */
typedef struct srv_move {
    int seat;
    char colour[8];   /* who moved, as the history shows it: "W", "B", "1", "2" */
    char *text;       /* as stored */
    uint64_t seq;     /* the batch that holds it */
    char *comment;    /* written with the move (messages.c), NULL when none */
} srv_move;


typedef struct srv_clock {
    int seat;          /* whose clock runs, -1 none (the game is over) */
    int64_t since;     /* when that seat's turn began (the service's clock) */
    long bank[2];      /* seconds each seat had at the start of its turn */
    int nagged;        /* the reminder of this turn went out */
} srv_clock;

struct srv_game {
    int64_t id;
    const srv_rules *rules;
    proto_game kind;
    char player[2][STORE_NAME_MAX + 1];
    char *options;
    char *state_text;      /* hidden state last persisted */
    void *g;               /* the rules' live game */
    srv_move *moves;
    size_t nmoves, cap;
    uint64_t write_seq;    /* batch that holds the last change */
    int64_t version;       /* the version its last change makes (games_new_version; the store's when loaded) */
    uint64_t changes;      /* counts every change (a door's cache key) */
    int gone;              /* its creation was refused (a full disk): no such board */
    int stale;             /* a reload could not read the store (the database away): read again when next asked */
    svc_watch *watchers;
    srv_clock clock;
    char forced_result[32]; /* a result the rules did not make ("B+Time"), "" when none */
    int waiting;            /* a challenge waits for this seat to accept (1 + seat), 0 when begun */
    int64_t waiting_until;  /* when that challenge expires */
    char offer[16];         /* "draw 0", "takeback 1": an offer by that seat waiting for an answer */
    char re_memo[32];       /* the result when changes was re_memo_at - 1 and nmoves re_memo_n (a Twixt
                               result searches for a draw: once per change, not once per use) */
    uint64_t re_memo_at;
    size_t re_memo_n;
};

/* How a game is played: one table per game kind (rules_twixt.c ...). */
struct srv_rules {
    const char *name;
    /* Challenge options (words like "-size=12") into canonical text.  0, or -1 with err. */
    int (*options)(int argc, char *const *argv, lx_buf *canon, lx_game_error *err);
    /* A new game for canonical options.  NULL with err. */
    void *(*create)(const char *options, lx_game_error *err);
    void (*destroy)(void *g);
    /* Play `text` for `seat`, all or nothing: 0 with the text to store and the
     * mover's colour, or -1 with err and nothing changed. */
    int (*play)(void *g, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err);
    /* Re-apply a stored move (from the store, or to build a record). */
    int (*replay)(void *g, int seat, const char *stored, char colour[8]);
    /* The seat to act next, -1 when the game is over. */
    int (*seat_to_move)(const void *g);
    /* The result as an SGF RE value, "" while the game goes on. */
    void (*result)(const void *g, char re[32]);
    /* Draw for `viewer` (seat 0/1, or -1 for anyone else) at size 1..4. */
    int (*show)(const void *g, int viewer, int size, lx_buf *out);
    /* The written form of a stored move for history. */
    int (*history_text)(const char *stored, lx_buf *out);
    /* The record of the game (SGF, GCG) from its moves. */
    int (*record)(const srv_game *sg, lx_buf *out);
    /* Hidden state to persist (dice rolled, not played yet), "" when none;
     * restore puts it back after the stored moves have been replayed. */
    const char *(*state)(const void *g);
    int (*restore)(void *g, const char *state);
    /* Something the rules do between turns that must be persisted (a roll
     * of the dice): 1 when the state changed, 0 when not. */
    int (*between_turns)(void *g);
    /* The help text for this game. */
    const char *help;
    /* Optional: more for the reply to a move (" game 1 W+2; score ..."). */
    int (*note)(const void *g, lx_buf *out);
    /* Optional: the record in another flavour ("gnubg"); 1 when unknown. */
    int (*record_as)(const srv_game *sg, const char *flavour, lx_buf *out);
    /* The SVG drawing for `viewer` (libludex's, places marked for clicks). */
    int (*svg)(const void *g, int viewer, lx_buf *out);
    /* Optional: what the player in `seat` may do now when it is their turn
     * (SVC_ACT_*); without it, move and resign. */
    unsigned (*actions)(const void *g, int seat, size_t nmoves);
    /* Optional: the dice not played yet and the cube (backgammon). */
    int (*dice)(const void *g, int dice[2], int *cube);
    /* Optional: a stored move as history writes it for everyone but its mover
     * while the game goes on (crossword: an exchange's count, not its tiles). */
    int (*history_public)(const char *stored, lx_buf *out);
    /* Optional: check a record of this game that is not SGF (crossword's GCG): 0, -1 out of memory. */
    int (*check_record)(const char *bytes, size_t len, lx_diag_list *diags);
    /* Optional: seat's rack, as tiles written for people (crossword); 1 when seat has none. */
    int (*rack)(const void *g, int seat, lx_buf *out);
    /* Optional: the position as `viewer` may see it, in the game's position format (crossword: CGP). */
    int (*position)(const void *g, int viewer, lx_buf *out);
};

/* A text drawing at display size 1..4 (rules_hex.c): small drops the lines
 * after the board (`keep` lines kept, 0: all), medium is the drawing as it
 * is, big and large widen it two and three times (a space or two after
 * each character).  0 or -1. */
int draw_scaled(const char *text, size_t len, int size, size_t keep, lx_buf *out);

extern const srv_rules rules_twixt, rules_hex, rules_backgammon, rules_crossword;
const srv_rules *rules_for(proto_game kind);

srv_game *games_find(srv *s, int64_t id);   /* loads from the store on first use */
srv_game *games_held_fresh(srv *s, int64_t id); /* held, not stale nor gone; never reads */
srv_game *games_held(srv *s, int64_t id);       /* held, whatever its state (stale, gone); never reads */
/* The game a door's request needs (svc_game): as games_find, but with a store thread and a
 * request that can run again (svc_request), a game not held or held stale is read off the loop:
 * NULL with *reading set, and the request runs again once it has come. */
srv_game *games_for_request(srv *s, int64_t id, int *reading);
/* A request is about to be refused for sg's state, which another server may have moved on: sg
 * read again off the loop and the request run again once it has come (1), if the request can
 * wait and sg was not read for it yet; else 0. */
int games_refresh_for_request(srv *s, srv_game *sg);
/* Read game id again off the loop (another server changed it): applied on the loop when it has
 * come, if still stale then, and its watchers told.  Its ticket (svc_read_ticket), or 0 when
 * it was read at once (no store thread, or no memory for the job). */
uint64_t games_read(srv *s, int64_t id);
/* The same, and then (if not 0) runs on the loop once the read has been put in memory. */
uint64_t games_read_then(srv *s, int64_t id, void (*then)(srv *s, int64_t id));
/* A read of game id in a job of the store thread's own (st its connection): the game as the store
 * has it, not in memory, or NULL (*unread set when the store could not be read).  Then, on the
 * loop, games_put_read puts it in memory as games_read does (it takes fresh, which may be NULL). */
srv_game *games_load(srv *s, store *st, int64_t id, int *unread);
void games_put_read(srv *s, int64_t id, srv_game *fresh, int unread);
void games_drop_read(srv_game *fresh); /* a read not put in memory (the server stopping) */
/* For a request that must not run again after it has changed something (a vacation among the
 * web's settings): 0 when the list svc_games_list_request gives for these can be given in this
 * run without waiting, else -1 (BUSY) with it being read off the loop for the request's next run. */
int games_list_ready(srv *s, proto_game kind, const char *user, svc_filter filter, size_t cap, svc_status *st);
/* A version no server on the database has made (see games.c). */
int64_t games_new_version(srv *s);
/* A new game, numbered id (0: the next, ids_next), in memory. */
srv_game *games_create(srv *s, int64_t id, proto_game kind, const char *p1, const char *p2, const char *options,
                       void *g, const char *state);
int games_append_move(srv_game *sg, int seat, const char *text, const char *colour);
/* What the rules do between turns (a roll of the dice), and the hidden state
 * queued for saving when it changed: 0 with the batch in *seq (0: nothing
 * to save), -1 out of memory. */
int games_settle(srv *s, srv_game *sg, uint64_t *seq);
/* Move i as history writes it for viewer (a seat or -1): what svc_game_move gives. */
int games_history_text(const srv_game *sg, size_t i, int viewer, lx_buf *out);
/* The seat `user` plays in game sg (the seat to move when both are the same user), or -1. */
int games_seat_of(const srv_game *sg, const char *user);
void games_free_all(srv *s);
/* The result (the rules', or a loss on time), "" while the game goes on; 1 when it is over. */
void games_result(const srv_game *sg, char re[32]);
int games_over(const srv_game *sg);
/* The seat to move: -1 while a challenge waits for its answer or when the game is over. */
int games_to_move(const srv_game *sg);
/* How seat's moves are written when the game begins: "W", "B", "1", "2". */
const char *games_first_colour(proto_game kind, int seat);
/* The colour seat plays now: its last move's (a swap exchanges colours), else the game's first for it. */
void games_colour_of(const srv_game *sg, int seat, char out[8]);
/* Back to the store's state after a refused commit: the moves and hidden
 * state replayed from the store into the same game (its watchers stay), or
 * the game gone when the store never had it. */
void games_reload(srv *s, int64_t id);
/* Another server wrote game id first (a refused write): with a store thread, marked stale and
 * read on its next use (a request's off the loop); without, reloaded at once. */
void games_conflict(srv *s, int64_t id);
/* A held game whose change the store refused with its whole batch (a full disk, a database gone):
 * with a store thread, marked stale and read at once off the loop (its watchers told when it has
 * come; while the store cannot be read it stays stale, read again on its next use); without,
 * reloaded at once. */
void games_refused(srv *s, int64_t id);

/* Before a change of sg that cannot run again once made (a move, a takeback, a rematch): its
 * players (whom a clock's vacation and a challenge's consent look up) when `users`, and their
 * ratings when `rated` (a game's end), held; or read off the loop for the request running now,
 * which runs again once they have come (1: the call changes nothing). */
int players_later(srv *s, const srv_game *sg, int users, int rated);

/* ---- clocks (clock.c) --------------------------------------------------------------- */
int64_t svc_clock_now(const srv *s);
/* A challenge's clock option (-days=D, -clock=I+J/M) into canon: 1 taken, 0 not a clock option, -1 bad (st). */
int clock_option(const char *word, lx_buf *canon, svc_status *st);
/* Start a new game's clock / move it on after a play / its state from the store. 0 or -1. */
int clock_start(srv *s, srv_game *sg, svc_status *st);
int clock_after_play(srv *s, srv_game *sg, svc_status *st);
void clock_restore(srv_game *sg, const store_game *row);
/* Queue the game's clock, result, waiting challenge and offer as they are now. */
int clock_persist(srv *s, srv_game *sg, svc_status *st);
int64_t clock_deadline(const srv_game *sg);
long clock_left(const srv *s, const srv_game *sg);
/* The game ends with a result the rules did not make ("B+Time", "0" agreed, "Void"): stored,
 * rated, told, in one batch. 0 or -1. */
int clock_end_game(srv *s, srv_game *sg, const char *result, svc_status *st);
/* The seat to move has lost on time: the game ends, once. 0 or -1. */
int clock_time_out(srv *s, srv_game *sg, svc_status *st);
/* Reminders and losses on time that are due. */
void clock_sweep(srv *s);

/* ---- challenges, seeks, offers (challenge.c, offers.c) --------------------------------- */
void seeks_load(srv *s);   /* at start: read at once */
void seeks_reload(srv *s); /* read again: on the store thread if there is one, else at once */
void seeks_free_all(srv *s);
/* A pending challenge whose time is up: void. */
void challenge_expire(srv *s, srv_game *sg);
/* The challenge on sg waiting for actor: begun (its clock starts), or declined (void). */
int challenge_accept(srv *s, const char *actor, srv_game *sg, svc_status *st);
int challenge_decline(srv *s, srv_game *sg, svc_status *st);
#define CHALLENGE_DAYS 14
/* When user's vacation ends, 0 when they are not on one. */
int64_t vacation_until(srv *s, const char *user);

/* ---- ratings (ratings.c) ------------------------------------------------------------ */
/* The rating class of a game ("hex-small", "backgammon-long", "twixt" ...). */
const char *ratings_class(const srv_game *sg);
/* sg has just ended: both players' new ratings queued (the caller holds the batch). 0 or -1. */
int ratings_game_over(srv *s, srv_game *sg, svc_status *st);
/* Before a move of the request running now on rated game sg: both players' ratings not held are
 * read off the loop so that a game's end finds them in memory (1: the request runs again once
 * they have come); 0 held, or no store thread or request that can run again. */
int ratings_for_move(srv *s, const srv_game *sg);
/* The ratings sg's end will need, when memory lacks them and there is a store thread: read
 * there, then(s, sg->id) on the loop when they have come (1); else 0 (read at the end). */
int ratings_read_then(srv *s, const srv_game *sg, void (*then)(srv *s, int64_t id));
/* Forget a rating held in memory (its change was refused): the store's is the truth again. */
void ratings_forget(srv *s, const char *user, const char *cls);
/* A game end's rating write refused because another server changed the row first: computed
 * again from the store's row (read on the store thread when there is one, the rating forgotten
 * meanwhile), against the same opponent and score, and written again. */
void ratings_again(srv *s, const store_op *refused);

/* ---- messages, chat and move comments (messages.c) ------------------------------------ */
/* The game's move comments from the store, onto its moves (a game being loaded).  0, or -1. */
int comments_load(store *st, srv_game *sg);
/* A move was just recorded: the comment svc_play_commented holds for it, attached in its batch. 0 or -1. */
int comments_attach_pending(srv *s, srv_game *sg, const char *actor, svc_status *st);

/* ---- commits (commit.c) -------------------------------------------------------- */
commit_queue *commit_start(srv *s, store *w, int notify_fd);
void commit_stop(commit_queue *q);
/* Add an op to the open batch (strings copied).  The batch's sequence number, 0 out of memory. */
uint64_t commit_add(commit_queue *q, const store_op *op);
/* Ops added between hold and release go into one batch (a move and its mails). */
void commit_hold(commit_queue *q);
void commit_release(commit_queue *q);
/* A batch the store refused for want of space, kept for the loop to undo. */
typedef struct refused_batch {
    uint64_t seq;
    store_op *ops;
    size_t n;
    struct refused_batch *next;
} refused_batch;
/* Every refused batch (with the open one's ops when refusing), newest
 * first; the store's message in err.  Batches after this are tried again. */
refused_batch *commit_take_refused(commit_queue *q, char *err, size_t errcap);
void commit_refused_free(refused_batch *list);
/* A board whose conditional op (another server wrote it first) was refused in batch seq; or
 * (rating not NULL) a game end's rating write of that board refused, its op (malloc'd): either
 * the game's end was refused too (a board conflict of the same batch says so), or another
 * server's game end changed the rating row first and the rating is computed again (ratings.c). */
typedef struct commit_conflict {
    uint64_t seq;
    int64_t board;
    store_op *rating;
} commit_conflict;
/* The conflicts noted since the last call (malloc'd, *n of them; the caller frees with
 * commit_conflicts_free), and the last batch decided when they were taken (so none of the
 * batches up to it has a conflict left behind). */
commit_conflict *commit_take_conflicts(commit_queue *q, size_t *n, uint64_t *committed);
void commit_conflicts_free(commit_conflict *list, size_t n);
/* 1 when the conflicts hold board of batch seq (a board conflict, not a rating). */
int commit_board_conflict(const commit_conflict *c, size_t n, uint64_t seq, int64_t board);
/* Ids handed out in blocks (ids.c): ask the commit thread for a block of count ids of a kind; take its
 * first (0: not yet). */
enum { IDS_GAMES, IDS_SEEKS, IDS_KINDS };
#define IDS_BLOCK 64
typedef struct id_block {
    int64_t next, end;       /* the ids [next, end) are this server's */
    int asked;               /* the next block is asked for, and not yet in use */
    uint64_t ticket;         /* a shared store: the block in flight on the store thread (requests wait on it), 0 none */
    int64_t spare;           /* a shared store: the next block, come before the one in use was gone (0 none) */
    int spare_count;
} id_block;
void commit_ask_ids(commit_queue *q, int kind, int count);
int64_t commit_take_ids(commit_queue *q, int kind);
/* The next id of a kind no other server on the database hands out, or -1 (the database away; with a
 * shared store, none left: ids_ready first). */
int64_t ids_next(srv *s, int kind);
/* Before a request's ids_next, with nothing changed yet: 0 when the call may take an id (one is held,
 * or the store is local); else -1 with st, and the request waits for the block in flight and runs
 * again (svc_request), or (it cannot) BUSY. */
int ids_ready(srv *s, int kind, svc_status *st);
void ids_start(srv *s); /* ask for the first blocks (a shared store) */
/* 1 when a batch after `since` was committed (not refused). */
int commit_any_committed(commit_queue *q, uint64_t since);
/* The last batch decided (committed or refused); *failed set when a commit failed. */
uint64_t commit_done(commit_queue *q, int *failed, char *err, size_t errcap);
/* Counters for the log at exit. */
void commit_stats(commit_queue *q, uint64_t *batches, uint64_t *ops);

/* ---- password hashing threads (hashpool.c) ------------------------------------------- */
typedef struct hash_job {
    int verify;             /* 1: check password against hash; 0: make a hash of password */
    char *password;         /* wiped and freed when the job is freed */
    char *hash;             /* verify: the stored hash; make: the result */
    int ok;                 /* verify: matched; make: succeeded */
    void (*done)(srv *s, struct hash_job *j);   /* on the loop, when the work is done */
    svc_done_fn door_done;  /* the door's continuation, and its context */
    void *door_ctx;
    char user[STORE_NAME_MAX + 1];
    char extra[STORE_NAME_MAX + 256]; /* email, or the command line's user */
    char addr[65];          /* the client's address: failures are counted, and a verified password cached, for it */
    workq_job wq;           /* on the hash threads' queue */
} hash_job;

hashpool *hashpool_start(int threads, unsigned long long ops, size_t mem, int notify_fd);
void hashpool_stop(hashpool *p);
void hashpool_submit(hashpool *p, hash_job *j);
hash_job *hashpool_take_done(hashpool *p); /* one finished job, or NULL */
void hash_job_free(hash_job *j);

/* ---- store work off the loop (dbjobs.c) ------------------------------------------------ */
/* A job: `run` on the store thread against its own connection (or on the loop against
 * s->rstore when the store is local: SQLite), then `done` on the loop, which frees it; `discard`
 * frees it unanswered (the server stopping).  Embedded first in each kind of job. */
typedef struct db_job {
    void (*run)(store *st, struct db_job *j);
    void (*done)(srv *s, struct db_job *j);
    void (*discard)(struct db_job *j);
    uint64_t ticket;         /* the request waiting for it (dbjobs_run_for), 0 none */
    workq_job wq;            /* on the store thread's queue */
    struct db_job *next;     /* on s->kept (dbjobs_keep) */
} db_job;
typedef struct dbjobs dbjobs;
/* The thread and its connection to db (a shared store: PostgreSQL).  NULL with err. */
dbjobs *dbjobs_start(const char *db, int notify_fd, char *err, size_t errcap);
/* A job's three functions set (the rest of the job is its kind's). */
void dbjobs_setup(db_job *j, void (*run)(store *st, db_job *j), void (*done)(srv *s, db_job *j),
                  void (*discard)(db_job *j));
/* Run what is queued, stop the thread, discard the answers not taken, free. */
void dbjobs_stop(dbjobs *p);
/* Queue j for the thread, or (no thread: SQLite) run it and finish it now. */
void dbjobs_run(srv *s, db_job *j);
db_job *dbjobs_take_done(dbjobs *p); /* one finished job, or NULL */
/* The request running now (svc_request) if it can wait for a job of the store thread: there is
 * one, the request can run again and has runs left, and it waits for nothing yet; else NULL. */
svc_wait *dbjobs_request(srv *s);
/* Queue j for request w (from dbjobs_request): w waits for it under a new ticket (j->ticket,
 * which j's done hands to waits_read, or dbjobs_keep), and runs again once it is done. */
void dbjobs_run_for(srv *s, svc_wait *w, db_job *j);
/* In a done: j is kept for its request's next run, which takes it (dbjobs_answer), and the
 * request runs again.  A request cancelled meanwhile drops it (dbjobs_forget). */
void dbjobs_keep(srv *s, db_job *j);
/* The job kept for the request running now whose done is `done` (its kind), taken out; or NULL. */
db_job *dbjobs_answer(srv *s, void (*done)(srv *s, db_job *j));
/* The same job left where it is, for a later call of the same run to take. */
db_job *dbjobs_kept(srv *s, void (*done)(srv *s, db_job *j));
/* Drop the kept jobs of ticket (0: every one, at close). */
void dbjobs_forget(srv *s, uint64_t ticket);

/* ---- credentials (auth.c) --------------------------------------------------------- */
#define CRED_CACHE_TTL 600 /* seconds a verified password is taken without hashing it again */
cred_cache *cred_cache_new(size_t slots, int ttl_seconds);
void cred_cache_free(cred_cache *cc);
int cred_cache_has(const cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                   time_t now);
void cred_cache_put(cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                    time_t now);

rate_limit *rate_limit_new(int max_failures, int window_seconds);
void rate_limit_free(rate_limit *r);
int rate_limit_blocked(rate_limit *r, const char *key);   /* 1 when too many recent failures */
void rate_limit_fail(rate_limit *r, const char *key);
void rate_limit_block(rate_limit *r, const char *key);    /* limited until the window ends */
size_t rate_limit_size(const rate_limit *r);              /* the keys it holds now */
/* An argon2id hash string at (ops, mem) that no password matches (a random salt and digest):
 * verifying against it costs what verifying a real one costs.  0, or -1 when cap is too small. */
int no_password_hash(unsigned long long ops, size_t mem, char *out, size_t cap);
int rate_limit_over(const rate_limit *r, long failures); /* 1 when failures reach the limit */
int rate_limit_window(const rate_limit *r);              /* its window in seconds */

/* ---- limits counted across servers (rate_shared.c) ---------------------------------------- */
/* An event of `kind` ("signup", key the address; "challenge", key the user) under limit, counted
 * in the store too when several servers share it (rate_shared: 1 then, 0 with no limit or one
 * server).  then: 1 when then(s, ctx, over) will be called once the store has counted, 0 when
 * there is nothing to count there or no memory for it: go on now.  check, in a request: 0 go on,
 * 1 over the limit, -1 the request waits for the store's count and runs again with it (st: BUSY). */
int rate_shared(const srv *s, const rate_limit *limit);
int rate_shared_then(srv *s, const rate_limit *limit, const char *kind, const char *key,
                     void (*then)(srv *s, void *ctx, int over), void *ctx);
int rate_shared_check(srv *s, const rate_limit *limit, const char *kind, const char *key, svc_status *st);

/* ---- watchers (watch.c) ----------------------------------------------------------- */
/* A move or a state change of sg is queued; watchers get it once batch seq has committed. */
void watch_queue(srv *s, srv_game *sg, int state_only);
void watch_flush(srv *s, uint64_t committed);
void watch_free_all(srv *s);
/* Moves above n were taken back: watchers get the moves played in their place. */
void watch_rewind(srv_game *sg, size_t n);

/* ---- other servers on the database (listen.c) ----------------------------------------- */
/* Listen to what other servers change (PostgreSQL; nothing for SQLite).  0, or -1 with err. */
int listen_start(srv *s, char *err, size_t errcap);
void listen_close(srv *s);
void listen_stop(srv *s);
/* Take the notifications that have arrived, now (without waiting). */
void listen_poll(srv *s);
/* 1 when other servers may share the store (PostgreSQL). */
int listen_shared(const srv *s);
/* One notification's payload ("BOARDS ID VERSION ...", "USER ..."): what it says is done. */
void svc_notified(srv *s, const char *payload);
/* Commits were decided: the games whose notification waited for our writes are looked at. */
void listen_settled(srv *s);
/* A layer above hears the payloads that begin with `word` (its args after the word and a space);
 * subscribed at open.  0, or -1 when the table is full. */
#define LISTEN_SUBS_MAX 8
typedef struct listen_sub {
    char word[16];
    void (*heard)(srv *s, const char *args);
} listen_sub;
int listen_subscribe(srv *s, const char *word, void (*heard)(srv *s, const char *args));
/* Notices may have been lost (the connection was): lost(s) says what becomes of what is held. */
void listen_on_lost(srv *s, void (*lost)(srv *s));
/* Another server's BOARDS notice ("ID VERSION ..."), the games held (board_notices.c). */
void boards_changed(srv *s, const char *list);
void boards_settled(srv *s);
void boards_all_stale(srv *s);
/* The user whose row (or block list) op changes, or NULL (changes.c). */
const char *user_changed_by(const store_op *op);
int64_t clock_nag_time(const srv_game *sg);
/* A watched game was reloaded with another server's changes: its watchers get them (watch.c). */
void watch_notified(srv *s, srv_game *sg);

/* ---- the service's loop side (loop.c) ----------------------------------------------- */
/* Queue op, conditional on sg's version when it concerns a game (sg, or the play in progress:
 * s->guard): see store_op's guard and games.c.  The batch's number, 0 out of memory. */
uint64_t svc_queue(srv *s, const store_op *op, srv_game *sg);
/* A change made by a call: queue it, and raise st->wait_seq (and sg's write_seq); a write of a
 * game also sets st->wait_board. 0, or -1 (INTERNAL). */
int svc_commit(srv *s, const store_op *op, srv_game *sg, svc_status *st);
void waits_release(srv *s, uint64_t committed, const refused_batch *refused, const commit_conflict *conflicts,
                   size_t nconflicts);
/* A new ticket for a job of the store thread a request waits for (svc_wait.read_ticket). */
uint64_t svc_read_ticket(srv *s);
/* The store thread's job `ticket` is done: the request waiting for it runs again. */
void waits_read(srv *s, uint64_t ticket);
/* The requests waiting for `ticket` (a job several wait for: a block of ids). */
size_t waits_reading(srv *s, uint64_t ticket);
/* Of those, the `most` oldest run again; the others wait for `later` instead. */
void waits_read_some(srv *s, uint64_t ticket, size_t most, uint64_t later);


/* ---- the server ----------------------------------------------------------------- */
struct srv {
    struct event_base *base;
    store *rstore;           /* reads, on the loop thread */
    store *wstore;           /* writes, on the commit thread */
    commit_queue *cq;
    hashpool *hp;
    dbjobs *dbj;             /* store work off the loop (a shared store: PostgreSQL), else NULL */
    svc_wait *request;       /* the door request running now (svc_request), NULL: none */
    uint64_t read_tickets;   /* the last svc_read_ticket */
    struct claim_job *outbox_claim; /* the outbox's claim on the store thread (svc_mail.c), or NULL */
    db_job *kept;            /* store jobs' answers kept for their requests' next runs (dbjobs_keep) */
    cred_cache *creds;
    rate_limit *fail_pair, *fail_user, *fail_addr; /* failed logins by (address, user), user, address */
    rate_limit *signups;     /* accounts made per address; NULL: no limit */
    rate_limit *challenges;  /* games started per user; NULL: no limit */
    srv_map *users;
    srv_map *games;
    id_block ids[IDS_KINDS]; /* the blocks of ids in use (ids.c) */
    int id_block;            /* ids reserved at a time (IDS_BLOCK, or svc_config's) */
    unsigned long id_waits;  /* requests that waited for a block of ids (logged at exit) */
    uint32_t instance;       /* this server among those on the database: the high half of its versions */
    uint32_t versions;       /* versions made so far (games_new_version) */
    srv_game *guard;         /* a play in progress: its ratings and mails are conditional on its board */
    svc_wait *waits;         /* door answers held for a commit */
    struct event *wake_ev;
    int wake[2];
    uint64_t committed;
    FILE *log;
    int quiet;
    unsigned long long pw_ops;
    size_t pw_mem;
    char no_user_hash[160];  /* a hash of no password at pw_ops/pw_mem: what a login for no user is verified against */
    int min_password;        /* bytes a new password holds at least */
    int stopping;
    unsigned long requests;
    struct pending_push *pushes, *pushes_tail; /* watch pushes waiting for their commit */
    uint64_t changes;
    int storage_full;        /* the last commit was refused for want of space (logged once) */
    int failed;              /* a commit failed with the store's state unknown: the loop was stopped */
    srv_map *conn_counts;    /* open connections by address (connections.c) */
    svc_notifier notifiers[SVC_MAX_NOTIFIERS]; /* doors' hooks (svc_mail.c) */
    int nnotifiers;
    srv_map *ratings;        /* ratings touched, by "class|user" (ratings.c) */
    uint64_t ratings_written; /* the batch of this server's last rating change */
    char ratings_later[16][80]; /* ratings other servers changed while ours were in flight (ratings.c) */
    int nratings_later;       /* how many; -1: too many, forget them all */
    uint64_t seeks_written;   /* the batch of this server's last seek change */
    uint64_t users_written;   /* the batch of this server's last user change */
    char (*users_later)[STORE_NAME_MAX + 1]; /* users other servers changed, to read again (users.c) */
    size_t nusers_later, capusers_later;
    int seeks_later;          /* another server changed the seeks: read them again (challenge.c) */
    int seeks_reading;        /* a read of the seeks is on the store thread */
    long clock_offset;       /* added to the system's time for game clocks (clock.c) */
    int mail_read_hold;      /* svc_config's (mail_reads.c) */
    struct event *sweep_ev;  /* clock_sweep, once a second */
    int sweeping;            /* a sweep's claim is on the store thread (clock.c) */
    int default_challenges;  /* STORE_CHALLENGES_* for users who never chose */
    struct srv_seek *seeks;  /* open seeks, oldest first (challenge.c) */
    int max_per_address;
    rate_limit *messages;    /* messages and chat lines sent per user a minute (messages.c) */
    const char *pending_comment; /* svc_play_commented's comment for the move it plays, else NULL */
    const char *db;          /* the store's location (the listener opens its own connection) */
    store *lstore;           /* listens to other servers' changes (listen.c), NULL with SQLite */
    struct event *listen_ev, *listen_retry;
    int64_t later[64];       /* boards another server changed while writes of ours were in flight */
    size_t nlater;
    listen_sub notice_subs[LISTEN_SUBS_MAX]; /* who hears which notices (listen_subscribe) */
    int nnotice_subs;
    void (*notices_lost)(srv *s);
    int polling;             /* listen_poll is running */
    unsigned long conflicts; /* boards reloaded because another server wrote them first (logged at exit) */
    unsigned long reads, user_reads; /* boards, users read off the loop on the store thread (logged at exit) */
    unsigned long message_reads;     /* messages and chat read off the loop likewise */
    unsigned long list_reads;        /* lists of a user's games read off the loop likewise */
    unsigned long standings_reads;   /* standings (a game's classes together) read off the loop likewise */
    unsigned long mail_reads;        /* a board mail's chat lines and players read off the loop likewise */
    unsigned long rating_reads;      /* and ratings */
    unsigned long loop_statements[STORE_COUNTED_QUERIES]; /* s->rstore's counts when the loop started */
    unsigned long end_rating_reads;  /* ratings a game's end read on the loop (not held) */
    unsigned long ratings_redone;    /* ratings computed again after a lost race (ratings_again) */
    unsigned long rating_changes;    /* other servers' rating notices so far (ratings.c) */
};

/* The service's own names for its public clock, log and random bytes (util.c). */
#define srv_now svc_now
#define srv_log svc_log
#define srv_random svc_random

#endif

/* service/model.h - the model: what the service holds in memory, as a cache of the store.
 *
 * Users (users.c, presence.c), games and their rules (games.c, game_state.c, rules_*.c, comments.c), clocks
 * (clock.c), watchers (watch.c), what another server's BOARDS notice does to the games held
 * (board_notices.c), and a change queued on a game (changes.c: svc_commit, with its version and
 * the notice other servers hear).  What it must tell the layers above (a notice for a user or
 * a rating, a batch refused) it does not call: they subscribe, or life calls down. */
#ifndef LUDEX_SERVICE_MODEL_H
#define LUDEX_SERVICE_MODEL_H

#include "service/bridge.h"

typedef struct srv_user srv_user;

typedef struct srv_rules srv_rules;

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
    uint64_t write_seq; /* the batch of its last change: memory is ahead of the store until it commits */
    lru_node lru;       /* its place among the users held, by last use (user_cache.c) */
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

/* A change of the user named is in batch seq: memory is ahead of the store until it commits. */
void users_written(srv *s, const char *name, uint64_t seq);

/* 1 while u counts as there (presence.c): logged in on a connection, watching, or a web request
 * of theirs within the last two minutes.  Memory alone knows it. */
int users_present(const srv_user *u);

/* The users held are a cache of the store with a budget (user_cache.c), as the games are: a user
 * entering the map is added, each use makes it the most recent (user_cache_hit; user_cache_touch
 * only counts its bytes again), one leaving the map is removed.  user_cache_victim is the least
 * recently used user nothing pins, while the users held cost more than their budget. */
void user_cache_add(srv *s, srv_user *u);

void user_cache_touch(srv *s, srv_user *u);

void user_cache_hit(srv *s, srv_user *u);

void user_cache_remove(srv *s, srv_user *u);

srv_user *user_cache_victim(srv *s);

/* Drop users nothing pins (present, a change in flight, another server's change being read, a
 * request that read it and runs again) until the users held fit their budget; each is read again
 * from the store on its next use.  Only where no call is running (the loop's wake-up, the sweep). */
void users_trim(srv *s);

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
    int quiet;             /* stale only by changes no one else may learn of (a player's own conditional moves,
                              games_version_hidden): read again without telling its watchers */
    svc_watch *watchers;
    srv_clock clock;
    char forced_result[32]; /* a result the rules did not make ("B+Time"), "" when none */
    int waiting;            /* a challenge waits for this seat to accept (1 + seat), 0 when begun */
    int64_t waiting_until;  /* when that challenge expires */
    char offer[16];         /* "draw 0", "takeback 1": an offer by that seat waiting for an answer */
    char *conditional[2];   /* each seat's conditional moves (conditional.h), NULL when none: private */
    char re_memo[32];       /* the result when changes was re_memo_at - 1 and nmoves re_memo_n (a Twixt
                               result searches for a draw: once per change, not once per use) */
    uint64_t re_memo_at;
    size_t re_memo_n;
    lru_node lru;           /* its place among the games held, by last use (game_cache.c) */
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
    /* Optional: the colour `seat` plays now ("B", "W"), after any swap of sides; without it, the
     * colour its seat starts with (games_first_colour). */
    void (*colour_now)(const void *g, int seat, char out[8]);
    /* Optional: check a record of this game that is not SGF (crossword's GCG): 0, -1 out of memory. */
    int (*check_record)(const char *bytes, size_t len, lx_diag_list *diags);
    /* Optional: seat's rack, as tiles written for people (crossword); 1 when seat has none. */
    int (*rack)(const void *g, int seat, lx_buf *out);
    /* Optional: the position as `viewer` may see it, in the game's position format (crossword: CGP). */
    int (*position)(const void *g, int viewer, lx_buf *out);
    /* Optional: the public figures of a scoreboard for `viewer` (svc_game_scoreboard). */
    void (*scoreboard)(const void *g, int viewer, svc_scoreboard *out);
    /* Optional: score `text` for `seat` as if played now, changing nothing (crossword). */
    int (*preview)(const void *g, int seat, const char *text, long *score, int *bingo, lx_buf *words,
                   lx_game_error *err);
    /* Optional: each tile's label and value, a line "A 1" each (crossword's distribution). */
    void (*tile_values)(const void *g, lx_buf *out);
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

/* The games held are a cache of the store with a budget (game_cache.c): a game entering the map
 * is added (its `changes` raised above any a game evicted had, so a door's cache never takes a
 * reloaded game for an older one), each use makes it the most recent and counts its bytes again,
 * and one leaving the map is removed.  game_cache_victim is the least recently used game nothing
 * pins, while the games held cost more than the budget (NULL: none to drop). */
void game_cache_add(srv *s, srv_game *sg);

void game_cache_touch(srv *s, srv_game *sg);

void game_cache_remove(srv *s, srv_game *sg);

srv_game *game_cache_victim(srv *s, const int64_t *read_boards, size_t nread);

/* Drop games nothing pins (watchers, a write in flight, a challenge or an offer waiting, a
 * request that read it and runs again) until the games held fit the budget; each is read again
 * from the store on its next use.  Only where no call is running (the loop's wake-up, the sweep). */
void games_trim(srv *s);

/* A version no server on the database has made (changes.c; why, in games.c). */
int64_t games_new_version(srv *s);

/* Whether version was made by a change only its maker may learn of (svc_commit_hidden): other
 * servers read the game again for their next use but tell no watcher or lobby of it. */
int games_version_hidden(int64_t version);

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

/* 1 when anyone may read sg's chat (challenged with -publicchat), 0 when its players only. */
int messages_chat_public(const srv_game *sg);

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

/* The colour `seat` plays now, after any swap of sides (the rules' colour_now). */
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


/* The game's move comments from the store, onto its moves (a game being loaded).  0, or -1. */
int comments_load(store *st, srv_game *sg);

/* Put text on move n (1-based) of sg and queue it in the open batch (the caller checked the text). 0 or -1. */
int comments_attach(srv *s, srv_game *sg, size_t n, const char *text, svc_status *st);

/* A move was just recorded: the comment svc_play_commented holds for it (pending_comment), attached
 * in its batch when actor made the move. 0 or -1. */
int comments_attach_pending(srv *s, srv_game *sg, const char *actor, svc_status *st);

/* A move or a state change of sg is queued; watchers get it once batch seq has committed. */
void watch_queue(srv *s, srv_game *sg, int state_only);

void watch_flush(srv *s, uint64_t committed);

void watch_free_all(srv *s);

/* Moves above n were taken back: watchers get the moves played in their place. */
void watch_rewind(srv_game *sg, size_t n);

/* One board of another server's BOARDS notice at p ("ID VERSION PLAYER1 PLAYER2 ...", '-' for no
 * player: "" in players): where the next begins, or NULL when there is none. */
const char *boards_notice_next(const char *p, long long *id, long long *version, char players[2][STORE_NAME_MAX + 1]);
/* Another server's BOARDS notice ("ID VERSION PLAYER1 PLAYER2 ..."), the games held (board_notices.c). */
void boards_changed(srv *s, const char *list);

void boards_settled(srv *s);

void boards_all_stale(srv *s);

/* The user whose row (or block list) op changes, or NULL (changes.c). */
const char *user_changed_by(const store_op *op);

int64_t clock_nag_time(const srv_game *sg);

/* A watched game was reloaded with another server's changes: its watchers get them (watch.c). */
void watch_notified(srv *s, srv_game *sg);

/* Queue op, conditional on sg's version when it concerns a game (sg, or the play in progress:
 * s->guard): see store_op's guard and games.c.  The batch's number, 0 out of memory. */
uint64_t svc_queue(srv *s, const store_op *op, srv_game *sg);

/* A change made by a call: queue it, and raise st->wait_seq (and sg's write_seq); a write of a
 * game also sets st->wait_board. 0, or -1 (INTERNAL). */
int svc_commit(srv *s, const store_op *op, srv_game *sg, svc_status *st);

/* The same for a write of sg no one but its maker may learn of (a player's own conditional
 * moves): its version is marked hidden (games_version_hidden) unless a change others see is
 * still in flight on sg, and sg's change count (svc_game_info's version) does not move. */
int svc_commit_hidden(srv *s, const store_op *op, srv_game *sg, svc_status *st);

/* This layer's part of struct srv (life.h), after the part below. */
typedef struct srv_model {
    srv_bridge bridge; /* first: a srv * is a srv_bridge * too */
    srv_map *users;
    srv_map *games;
    uint32_t instance;       /* this server among those on the database: the high half of its versions */
    uint32_t versions;       /* versions made so far (games_new_version) */
    srv_game *guard;         /* a play in progress: its ratings and mails are conditional on its board */
    const char *pending_comment; /* svc_play_commented's comment for the move it plays, else NULL (comments.c) */
    void (*game_read_again)(srv *s, srv_game *sg); /* a watched game read again with another server's changes
                                                      (games.c publishes; watch_notified subscribes at open) */
    struct pending_push *pushes, *pushes_tail; /* watch pushes waiting for their commit */
    uint64_t changes;
    uint64_t ratings_written; /* the batch of this server's last rating change */
    uint64_t seeks_written;   /* the batch of this server's last seek change */
    uint64_t users_written;   /* the batch of this server's last user change */
    char (*users_later)[STORE_NAME_MAX + 1]; /* users other servers changed, to read again (users.c) */
    size_t nusers_later, capusers_later;
    long clock_offset;       /* added to the system's time for game clocks (clock.c) */
    int64_t later[64];       /* boards another server changed while writes of ours were in flight */
    size_t nlater;
    unsigned long reads, user_reads; /* boards, users read off the loop on the store thread (logged at exit) */
    lru_list cache;              /* the games held, by last use, and their budget (game_cache.c) */
    uint64_t changes_floor;      /* above every evicted game's changes */
    lru_list user_cache;         /* the users held, by last use, and their budget (user_cache.c) */
    int users_scans;             /* reads of every user row in flight (the digest's: svc_mail.c) */
    uint64_t users_scan_from;    /* the batch committed when the oldest of them was queued */
} srv_model;
#define model_of(s) ((srv_model *)(s))

#endif

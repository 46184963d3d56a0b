/* server/server.h - the parts of ludexd and how they meet.
 *
 * One thread runs the libevent loop: it reads command lines, runs them
 * against games and users held in memory, and writes replies.  Two other
 * kinds of thread do the slow work so the loop never waits:
 *   - the commit thread (commit.c) makes batches of changes durable, one
 *     transaction per batch (group commit);
 *   - the hash threads (hashpool.c) run argon2id for signup, login and
 *     password changes.
 * Both hand results back through a pipe that wakes the loop.
 *
 * A connection runs one command at a time.  A command either answers at
 * once, or its answer is held until the batch holding its changes has
 * committed (conn.wait_seq), or it waits for a hash job whose completion
 * runs the rest of the command.  Lines that arrive meanwhile stay in the
 * input buffer, so answers always come back in order.
 */
#ifndef LUDEX_SERVER_H
#define LUDEX_SERVER_H

#include <event2/event.h>
#include <event2/bufferevent.h>
#include <stdint.h>
#include <stdio.h>

#include "ludex/ludex.h"
#include "server/proto.h"
#include "store/store.h"

typedef struct srv srv;
typedef struct conn conn;
typedef struct srv_game srv_game;
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
void map_each(const srv_map *m, void (*fn)(void *ctx, void *value), void *ctx);

/* ---- users (users.c) ---------------------------------------------------------- */
struct srv_user {
    char name[STORE_NAME_MAX + 1];
    char *pwhash;
    int display;      /* 1..4 */
};
/* The user named (loaded from the store on first use), or NULL. */
srv_user *users_find(srv *s, const char *name);
srv_user *users_add(srv *s, const char *name, const char *pwhash, int display);
int user_name_valid(const char *name);
void users_free_all(srv *s);

/* ---- games (games.c, rules_*.c) --------------------------------------------------- */
typedef struct srv_move {
    int seat;
    char colour[8];   /* who moved, as the history shows it: "W", "B", "1", "2" */
    char *text;       /* as stored */
} srv_move;

typedef struct srv_watcher {
    conn *c;
    struct srv_watcher *next;
} srv_watcher;

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
    srv_watcher *watchers;
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
};

/* A text drawing at display size 1..4 (rules_hex.c): small drops the lines
 * after the board (`keep` lines kept, 0: all), medium is the drawing as it
 * is, big and large widen it two and three times (a space or two after
 * each character).  0 or -1. */
int draw_scaled(const char *text, size_t len, int size, size_t keep, lx_buf *out);

extern const srv_rules rules_twixt, rules_hex, rules_backgammon, rules_crossword;
const srv_rules *rules_for(proto_game kind);

srv_game *games_find(srv *s, int64_t id);   /* loads from the store on first use */
srv_game *games_create(srv *s, proto_game kind, const char *p1, const char *p2, const char *options, void *g,
                       const char *state);
int games_append_move(srv_game *sg, int seat, const char *text, const char *colour);
/* What the rules do between turns (a roll of the dice), and the hidden state
 * queued for saving when it changed: 0 with the batch in *seq (0: nothing
 * to save), -1 out of memory. */
int games_settle(srv *s, srv_game *sg, uint64_t *seq);
/* The seat `user` plays in game sg (the seat to move when both are the same user), or -1. */
int games_seat_of(const srv_game *sg, const char *user);
void games_free_all(srv *s);

/* ---- commits (commit.c) -------------------------------------------------------- */
commit_queue *commit_start(srv *s, store *w, int notify_fd);
void commit_stop(commit_queue *q);
/* Add an op to the open batch (strings copied).  The batch's sequence number, 0 out of memory. */
uint64_t commit_add(commit_queue *q, const store_op *op);
/* The last committed sequence number; *failed set when a commit failed. */
uint64_t commit_done(commit_queue *q, int *failed, char *err, size_t errcap);
/* Counters for the log at exit. */
void commit_stats(commit_queue *q, uint64_t *batches, uint64_t *ops);

/* ---- password hashing threads (hashpool.c) ------------------------------------------- */
typedef struct hash_job {
    int verify;             /* 1: check password against hash; 0: make a hash of password */
    char *password;         /* wiped and freed when the job is freed */
    char *hash;             /* verify: the stored hash; make: the result */
    int ok;                 /* verify: matched; make: succeeded */
    conn *c;
    void (*done)(conn *c, struct hash_job *j);
    char user[STORE_NAME_MAX + 1];
    char extra[STORE_NAME_MAX + 256]; /* email, or the command line's user */
    struct hash_job *next;
} hash_job;

hashpool *hashpool_start(int threads, unsigned long long ops, size_t mem, int notify_fd);
void hashpool_stop(hashpool *p);
void hashpool_submit(hashpool *p, hash_job *j);
hash_job *hashpool_take_done(hashpool *p); /* one finished job, or NULL */
void hash_job_free(hash_job *j);

/* ---- credentials (auth.c) --------------------------------------------------------- */
cred_cache *cred_cache_new(size_t slots);
void cred_cache_free(cred_cache *cc);
int cred_cache_has(const cred_cache *cc, const char *user, const char *password, const char *pwhash);
void cred_cache_put(cred_cache *cc, const char *user, const char *password, const char *pwhash);

rate_limit *rate_limit_new(int max_failures, int window_seconds);
void rate_limit_free(rate_limit *r);
int rate_limit_blocked(rate_limit *r, const char *key);   /* 1 when too many recent failures */
void rate_limit_fail(rate_limit *r, const char *key);

/* ---- connections (conn.c) -------------------------------------------------------- */
struct conn {
    srv *s;
    struct bufferevent *bev;
    char addr[64];
    char user[STORE_NAME_MAX + 1];   /* logged in as, "" when not */
    int busy;            /* a command is running (waiting for a job or a commit) */
    int dead;            /* the socket is gone; freed when no job refers to it */
    int jobs;            /* hash jobs that refer to this connection */
    int closing;         /* close once the output has drained */
    uint64_t wait_seq;   /* the reply is held until this batch has committed */
    lx_buf reply;        /* the reply being built or held */
    char line[PROTO_LINE_MAX + 2];   /* the command running, for retries and the log */
    size_t line_len;
    int retried;         /* the command ran again after a credential check */
    double started;      /* when the command arrived (seconds) */
    int64_t watching[16];
    size_t nwatching;
    conn *prev_wait, *next_wait; /* in the list of connections waiting for a commit */
    int waiting;
    int skipping;        /* dropping the rest of a line that was too long */
    int in_input;        /* inside conn_input: do not re-enter */
    size_t slot;         /* index in srv.all */
};

void conn_accept(srv *s, evutil_socket_t fd, const char *addr);
/* The command's reply is complete in c->reply: send it now or after wait_seq. */
void conn_finish(conn *c);
/* Send text to a connection outside any command (watch pushes). */
void conn_push(conn *c, const char *text, size_t len);
void conn_release_committed(srv *s, uint64_t committed);
void conn_job_done(conn *c);    /* a hash job referring to c is over */
void conn_close_all(srv *s);

/* ---- replies (reply.c) ----------------------------------------------------------- */
void reply_ok(lx_buf *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void reply_err(lx_buf *r, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Append body text (any number of lines), dot-stuffed. */
void reply_body(lx_buf *r, const char *text, size_t len);
void reply_end(lx_buf *r);   /* the closing "." line */

/* ---- commands (cmd_*.c) -------------------------------------------------------- */
/* Run the command in c->line; the reply goes through conn_finish (now or later). */
void cmd_run(conn *c);
void cmd_account(conn *c, proto_cmd *cmd);
void cmd_game(conn *c, proto_cmd *cmd);
void cmd_watch(conn *c, proto_cmd *cmd);
void cmd_help(conn *c, proto_cmd *cmd);
/* Check USER PASSWORD for a command: 1 ok, 0 refused (reply made), -1 pending
 * (a hash job runs; the command will run again when it is over). */
int cmd_check_password(conn *c, const char *user, const char *password);
/* Queue a change; the reply is held until it has committed.  0, or -1 (reply made). */
int cmd_commit(conn *c, const store_op *op, srv_game *sg);
/* Tell the watchers of a game about its new move. */
void watch_notify(srv *s, srv_game *sg, const char *line);
/* Drop the pushes still waiting (at shutdown). */
void watch_free_all(srv *s);
void watch_drop_conn(srv *s, conn *c);
/* Send the pushes whose batch has committed. */
void watch_flush(srv *s, uint64_t committed);

/* ---- the server ----------------------------------------------------------------- */
struct srv {
    struct event_base *base;
    store *rstore;           /* reads, on the loop thread */
    store *wstore;           /* writes, on the commit thread */
    commit_queue *cq;
    hashpool *hp;
    cred_cache *creds;
    rate_limit *fail_user, *fail_addr;
    srv_map *users;
    srv_map *games;
    int64_t next_game_id;
    conn *waiters;           /* connections holding a reply for a commit */
    conn **all;
    size_t nall, capall;
    uint64_t committed;
    FILE *log;
    int quiet;
    unsigned long long pw_ops;
    size_t pw_mem;
    int stopping;
    unsigned long requests;
    struct pending_push *pushes, *pushes_tail; /* watch pushes waiting for their commit */
};

double srv_now(void);
void srv_log(srv *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Fill `buf` with cryptographically random bytes (getrandom). */
void srv_random(void *buf, size_t len);

#endif

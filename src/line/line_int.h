/* line/line_int.h - the line door's own parts and how they meet: a connection, its replies, its commands.
 *
 * One exit per command: a handler (cmd*.c) writes its answer into c->reply (a status line and
 * body lines, not the closing ".") and returns CMD_ANSWERED, or returns CMD_PENDING when a slow
 * service call will answer later.  Then the connection code (conn.c) ends the reply, sends it now
 * or once its batch has committed, and reads the next line from its own loop.  A slow call's
 * continuation (a cmd_then) is called by conn.c and returns the same way; it never sends or
 * reads on.  Nothing outside src/line includes this header. */
#ifndef LUDEX_LINE_INT_H
#define LUDEX_LINE_INT_H

#include <event2/bufferevent.h>
#include <stdarg.h>

#include "line/line.h"

typedef struct conn conn;

#define LINE_MAX_WATCHES 16
#define CONN_OUTPUT_SOFT (256 * 1024)      /* unsent bytes above which a client's lines wait */
#define CONN_OUTPUT_HARD (8 * 1024 * 1024) /* unsent bytes of pushes that disconnect a watcher */

/* How a command (or a slow call's continuation) ends. */
typedef enum cmd_end {
    CMD_ANSWERED, /* the answer is in c->reply: the connection ends, sends and reads on */
    CMD_PENDING,  /* a slow service call is running: its continuation ends the command */
    CMD_AGAIN,    /* run the line again (a password check is over: the credential is cached) */
} cmd_end;

/* A slow call's continuation: the service's answer into c->reply (conn.c calls it, once). */
typedef cmd_end cmd_then(conn *c, const svc_status *st);

struct conn {
    line_door *door;
    srv *s;
    struct bufferevent *bev;
    char addr[64];
    char user[SVC_NAME_MAX + 1];   /* logged in as, "" when not */
    int busy;            /* a command is running (waiting for a job or a commit) */
    int dead;            /* the socket is gone; freed when no job refers to it */
    int jobs;            /* service calls pending with this connection as their context */
    cmd_then *then;      /* the continuation of the slow call running, NULL when none */
    int closing;         /* close once the output has drained */
    uint64_t wait_seq;   /* the reply is held until this batch has committed */
    int64_t wait_board;  /* the board the command wrote (svc_wait.board), 0: none */
    svc_wait wait;
    lx_buf reply;        /* the reply being built or held */
    char line[PROTO_LINE_MAX + 2];   /* the command running, for retries and the log */
    size_t line_len;
    double started;      /* when the command arrived (seconds) */
    svc_watch watches[LINE_MAX_WATCHES];
    size_t nwatching;
    int skipping;        /* dropping the rest of a line that was too long */
    int throttled;       /* not read until its output drains */
    double throttled_since;
    int overflow;        /* over the hard limit: being dropped */
    int after_cr;        /* the last line ended with a CR that ended the data: drop an LF or NUL that follows */
    double last_active;  /* when its last command came (or it connected) */
    double partial_since; /* when the line now arriving began, 0 when none */
    int in_input;        /* inside conn_input: do not re-enter */
    size_t slot;         /* index in the door's list */
    int played;          /* 1 + the game of the move the command played: counted when answered OK */
};

/* ---- the connection (conn.c) ------------------------------------------------------ */
/* A slow service call with c as its context is about to start: `then` takes its answer.  The
 * callback and context to give the service; conn.c keeps c alive until it has come. */
svc_done_fn conn_call(conn *c, cmd_then *then);
/* The call did not go pending (it answered at once): no continuation will come. */
void conn_call_answered(conn *c);
/* Send text to a connection outside any command (watch pushes). */
void conn_push(conn *c, const char *text, size_t len);
/* Log c in as name ("" to log out), counting the user present while it is. */
void conn_set_user(conn *c, const char *name);

/* ---- replies (reply.c) ----------------------------------------------------------- */
void reply_ok(lx_buf *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void reply_err(lx_buf *r, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void reply_verr(lx_buf *r, const char *code, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
/* The service's error as the reply's status line. */
void reply_status_err(lx_buf *r, const svc_status *st);
/* Append body text (any number of lines), dot-stuffed. */
void reply_body(lx_buf *r, const char *text, size_t len);
void reply_end(lx_buf *r);   /* the closing "." line */

/* ---- commands (cmd*.c): each returns how it ended (above) -------------------------- */
/* Run the command in c->line as the connection's request to the service. */
cmd_end cmd_run(conn *c);
cmd_end cmd_account(conn *c, proto_cmd *cmd);
cmd_end cmd_game(conn *c, proto_cmd *cmd);
cmd_end cmd_conditional(conn *c, proto_cmd *cmd); /* GAME conditional (cmd_conditional.c) */
cmd_end cmd_ratings(conn *c, proto_cmd *cmd);
cmd_end cmd_tournament(conn *c, proto_cmd *cmd); /* tournament ..., tournaments (cmd_tournament.c) */
cmd_end cmd_list(conn *c, proto_cmd *cmd);
cmd_end cmd_consent(conn *c, proto_cmd *cmd);
/* message, chat, messages (cmd_messages.c); the board's chat lines and unread count under show. */
cmd_end cmd_messages(conn *c, proto_cmd *cmd);
void cmd_show_chat(conn *c, int64_t board);
cmd_end cmd_list_games(conn *c, proto_game kind, const char *user, svc_filter filter, int classic);
cmd_end cmd_watch(conn *c, proto_cmd *cmd);
cmd_end cmd_help(conn *c, proto_cmd *cmd);
/* The service's error as the answer (held for its commit when the refusal changed something). */
cmd_end cmd_error(conn *c, const svc_status *st);
/* A refusal of the door's own as the answer: "ERR CODE message". */
cmd_end cmd_refuse(conn *c, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A service call's end: its error, or the OK line already in c->reply held for its commit. */
cmd_end cmd_result(conn *c, int rc, const svc_status *st);
/* Check USER PASSWORD for a command: 1 with the name as spelled at signup in `name`; 0 when
 * not, *end saying how the command ends (refused: answered; pending: it runs again when the
 * check is over). */
int cmd_check_password(conn *c, const char *user, const char *password, char name[SVC_NAME_MAX + 1],
                       cmd_end *end);
/* Hold the reply until the service's batch has committed. */
void cmd_hold(conn *c, const svc_status *st);
/* Drop the connection's watches (it is closing). */
void watch_drop_conn(conn *c);

#endif

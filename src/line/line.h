/* line/line.h - the line-protocol door: TCP connections, one command per line.
 *
 * The door reads a line, parses it (service/commands.c), calls the service, and writes
 * the reply: "OK ..." or "ERR CODE message", body lines, ".".  It holds
 * no game or account logic: every rule is the service's, and every error
 * code comes from it.  A connection runs one command at a time; a reply the
 * service says must wait for a commit waits (svc_wait_for), and a command
 * whose password check runs on the hash threads runs again when it is over
 * (the verified credential is then in the service's cache).  Lines that
 * arrive meanwhile stay in the input buffer, so answers come back in order.
 */
#ifndef LUDEX_LINE_H
#define LUDEX_LINE_H

#include <event2/bufferevent.h>
#include <event2/event.h>

#include "service/service.h"

typedef struct conn conn;
typedef struct line_door line_door;

#define LINE_MAX_WATCHES 16
#define CONN_OUTPUT_SOFT (256 * 1024)      /* unsent bytes above which a client's lines wait */
#define CONN_OUTPUT_HARD (8 * 1024 * 1024) /* unsent bytes of pushes that disconnect a watcher */

struct conn {
    line_door *door;
    srv *s;
    struct bufferevent *bev;
    char addr[64];
    char user[STORE_NAME_MAX + 1];   /* logged in as, "" when not */
    int busy;            /* a command is running (waiting for a job or a commit) */
    int dead;            /* the socket is gone; freed when no job refers to it */
    int jobs;            /* service calls pending with this connection as their context */
    int closing;         /* close once the output has drained */
    uint64_t wait_seq;   /* the reply is held until this batch has committed */
    int64_t wait_board;  /* the board the command wrote (svc_wait.board), 0: none */
    svc_wait wait;
    lx_buf reply;        /* the reply being built or held */
    char line[PROTO_LINE_MAX + 2];   /* the command running, for retries and the log */
    size_t line_len;
    int retried;         /* the command ran again after a credential check */
    double started;      /* when the command arrived (seconds) */
    svc_watch watches[LINE_MAX_WATCHES];
    size_t nwatching;
    int skipping;        /* dropping the rest of a line that was too long */
    int throttled;       /* not read until its output drains */
    double throttled_since;
    int overflow;        /* over the hard limit: being dropped */
    int after_cr;
    double last_active;  /* when its last command came (or it connected) */
    double partial_since; /* when the line now arriving began, 0 when none */        /* the last line ended with a CR that ended the data: drop an LF or NUL that follows */
    int in_input;        /* inside conn_input: do not re-enter */
    size_t slot;         /* index in the door's list */
};

/* ---- the door (conn.c) --------------------------------------------------------- */
typedef struct line_config {
    const char *listen;      /* HOST:PORT; NULL: no listening socket (line_door_adopt only) */
    int line_timeout;        /* seconds a started command line may take to end, and a
                                client over its output limit may stay so */
    int idle_timeout;        /* seconds a connection not logged in may stay idle */
    int login_idle_timeout;  /* seconds a logged-in one may (watchers never time out) */
} line_config;

/* Listen.  NULL with a message in err. */
line_door *line_door_open(srv *s, struct event_base *base, const line_config *cfg, char *err, size_t errcap);
void line_door_stop_listening(line_door *d);
/* Serve a connected socket as if it had been accepted from `addr` (tests, fuzzing). */
void line_door_adopt(line_door *d, evutil_socket_t fd, const char *addr);
void line_door_close(line_door *d);

/* The command's reply is complete in c->reply: send it now or after wait_seq. */
void conn_finish(conn *c);
/* Send text to a connection outside any command (watch pushes). */
void conn_push(conn *c, const char *text, size_t len);
/* Log c in as name ("" to log out), counting the user present while it is. */
void conn_set_user(conn *c, const char *name);
/* A service call that had c as its context is over: 1 when c lives on, 0 when it was freed. */
int conn_call_done(conn *c);

/* ---- replies (reply.c) ----------------------------------------------------------- */
void reply_ok(lx_buf *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void reply_err(lx_buf *r, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The service's error as the reply's status line. */
void reply_status_err(lx_buf *r, const svc_status *st);
/* Append body text (any number of lines), dot-stuffed. */
void reply_body(lx_buf *r, const char *text, size_t len);
void reply_end(lx_buf *r);   /* the closing "." line */

/* ---- commands (cmd*.c) -------------------------------------------------------- */
/* Run the command in c->line; the reply goes through conn_finish (now or later). */
void cmd_run(conn *c);
void cmd_account(conn *c, proto_cmd *cmd);
void cmd_game(conn *c, proto_cmd *cmd);
void cmd_ratings(conn *c, proto_cmd *cmd);
void cmd_list(conn *c, proto_cmd *cmd);
void cmd_consent(conn *c, proto_cmd *cmd);
/* message, chat, messages (cmd_messages.c); the board's chat lines and unread count under show. */
void cmd_messages(conn *c, proto_cmd *cmd);
void cmd_show_chat(conn *c, int64_t board);
void cmd_list_games(conn *c, proto_game kind, const char *user, svc_filter filter, int classic);
void cmd_watch(conn *c, proto_cmd *cmd);
void cmd_help(conn *c, proto_cmd *cmd);
/* End the command: the "." line, then conn_finish. */
void cmd_finish(conn *c);
/* End the command with the service's error. */
void cmd_fail(conn *c, const svc_status *st);
/* Check USER PASSWORD for a command: 1 ok (the name as spelled at signup in
 * `name`), 0 refused (reply made), -1 pending (the command runs again when
 * the check is over). */
int cmd_check_password(conn *c, const char *user, const char *password, char name[STORE_NAME_MAX + 1]);
/* Hold the reply until the service's batch has committed. */
void cmd_hold(conn *c, const svc_status *st);
/* Drop the connection's watches (it is closing). */
void watch_drop_conn(conn *c);

#endif

/* line/cmd.c - running one command line: parse, dispatch, and the shared steps.
 *
 * cmd_run is where every command starts, and starts again after a password
 * check that had to run argon2id: the service then has the verified
 * credential in its cache, and the same line runs again and finds it there;
 * and when the service runs it again (svc_wait.again: a lost race against
 * another server, or a board read off the loop).
 * Every reply ends through cmd_finish (one exit per request); an error from
 * the service becomes "ERR CODE message" in one place, cmd_fail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line.h"

void cmd_finish(conn *c)
{
    reply_end(&c->reply);
    conn_finish(c);
}

void cmd_fail(conn *c, const svc_status *st)
{
    cmd_hold(c, st); /* a refusal that changed something (a failed login counted) waits for its commit too */
    reply_status_err(&c->reply, st);
    cmd_finish(c);
}

void cmd_hold(conn *c, const svc_status *st)
{
    if (st->wait_seq > c->wait_seq)
        c->wait_seq = st->wait_seq;
    if (st->wait_board)
        c->wait_board = st->wait_board;
}

static void check_done(void *ctx, const svc_status *st)
{
    conn *c = ctx;
    if (!conn_call_done(c) || c->dead)
        return;
    if (!st->code) {
        c->retried = 1;
        cmd_run(c);
        return;
    }
    cmd_fail(c, st);
}

int cmd_check_password(conn *c, const char *user, const char *password, char name[STORE_NAME_MAX + 1])
{
    svc_status st;
    svc_status_init(&st);
    c->jobs++;
    if (svc_authenticate(c->s, user, password, c->addr, &st, check_done, c) == SVC_PENDING)
        return -1;
    c->jobs--;
    if (st.code) {
        cmd_fail(c, &st);
        return 0;
    }
    snprintf(name, STORE_NAME_MAX + 1, "%s", st.user);
    return 1;
}

static void dispatch(conn *c);

/* Every run of the line is the connection's request to the service (svc_request): a board the
 * service must read first makes it run again, through svc_wait.again (conn.c), once it has. */
void cmd_run(conn *c)
{
    svc_request(c->s, &c->wait);
    dispatch(c);
    svc_request(c->s, NULL);
}

/* The door's handler of each family of verbs (service/commands.h: the verb table says which). */
static void (*const handlers[PF_COUNT])(conn *c, proto_cmd *cmd) = {
    [PF_ACCOUNT] = cmd_account, [PF_HELP] = cmd_help,         [PF_WATCH] = cmd_watch,
    [PF_RATINGS] = cmd_ratings, [PF_LIST] = cmd_list,         [PF_CONSENT] = cmd_consent,
    [PF_MESSAGES] = cmd_messages, [PF_GAME] = cmd_game,
};

static void dispatch(conn *c)
{
    proto_cmd cmd;
    const char *code;
    char msg[160];
    lx_buf_clear(&c->reply);
    if (proto_parse(c->line, c->line_len, &cmd, &code, msg, sizeof msg) != 0) {
        reply_err(&c->reply, code, "%s", msg);
        cmd_finish(c);
        return;
    }
    handlers[cmd.family](c, &cmd);
}

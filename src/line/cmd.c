/* line/cmd.c - running one command line: parse, dispatch, and the shared ends.
 *
 * cmd_run is where every command starts, and starts again after a password
 * check that had to run argon2id (its continuation answers CMD_AGAIN: the
 * service then has the verified credential in its cache, and the same line
 * runs again and finds it there); and when the service runs it again
 * (svc_wait.again: a lost race against another server, or a board read off
 * the loop).  A handler returns how it ended (line_int.h); an error from the
 * service becomes "ERR CODE message" in one place, cmd_error. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

void cmd_hold(conn *c, const svc_status *st)
{
    if (st->wait_seq > c->wait_seq)
        c->wait_seq = st->wait_seq;
    if (st->wait_board)
        c->wait_board = st->wait_board;
}

cmd_end cmd_error(conn *c, const svc_status *st)
{
    cmd_hold(c, st); /* a refusal that changed something (a failed login counted) waits for its commit too */
    reply_status_err(&c->reply, st);
    return CMD_ANSWERED;
}

cmd_end cmd_refuse(conn *c, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    reply_verr(&c->reply, code, fmt, ap);
    va_end(ap);
    return CMD_ANSWERED;
}

cmd_end cmd_result(conn *c, int rc, const svc_status *st)
{
    if (rc != 0)
        return cmd_error(c, st);
    cmd_hold(c, st);
    return CMD_ANSWERED;
}

/* The password check's continuation: refused, or the line runs again and finds the credential cached. */
static cmd_end checked(conn *c, const svc_status *st)
{
    return st->code ? cmd_error(c, st) : CMD_AGAIN;
}

int cmd_check_password(conn *c, const char *user, const char *password, char name[SVC_NAME_MAX + 1],
                       cmd_end *end)
{
    svc_status st;
    svc_status_init(&st);
    if (svc_authenticate(c->s, user, password, c->addr, &st, conn_call(c, checked), c) == SVC_PENDING) {
        *end = CMD_PENDING;
        return 0;
    }
    conn_call_answered(c);
    if (st.code) {
        *end = cmd_error(c, &st);
        return 0;
    }
    snprintf(name, SVC_NAME_MAX + 1, "%s", st.user);
    return 1;
}

/* The door's handler of each family of verbs (service/commands.h: the verb table says which). */
static cmd_end (*const handlers[PF_COUNT])(conn *c, proto_cmd *cmd) = {
    [PF_ACCOUNT] = cmd_account, [PF_HELP] = cmd_help,         [PF_WATCH] = cmd_watch,
    [PF_RATINGS] = cmd_ratings, [PF_LIST] = cmd_list,         [PF_CONSENT] = cmd_consent,
    [PF_MESSAGES] = cmd_messages, [PF_GAME] = cmd_game,       [PF_TOURNAMENT] = cmd_tournament,
};

static cmd_end dispatch(conn *c)
{
    proto_cmd cmd;
    const char *code;
    char msg[160];
    lx_buf_clear(&c->reply);
    if (proto_parse(c->line, c->line_len, &cmd, &code, msg, sizeof msg) != 0)
        return cmd_refuse(c, code, "%s", msg);
    return handlers[cmd.family](c, &cmd);
}

/* Every run of the line is the connection's request to the service (svc_request): a board the
 * service must read first makes it run again, through svc_wait.again (conn.c), once it has. */
cmd_end cmd_run(conn *c)
{
    svc_request(c->s, &c->wait);
    cmd_end end = dispatch(c);
    svc_request(c->s, NULL);
    return end;
}

/* line/cmd_account.c - signup, login, password, set display, whoami, quit.
 *
 * Each parses its words into one service call and formats the answer; a
 * call that hashes a password answers later, through the continuation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line.h"

/* The continuation of signup and password: the answer once the hash is made. */
static void hashed_done(void *ctx, const svc_status *st)
{
    conn *c = ctx;
    if (!conn_call_done(c) || c->dead)
        return;
    if (st->code) {
        cmd_fail(c, st);
        return;
    }
    cmd_hold(c, st);
    if (c->user[0] && !strcmp(c->user, st->user)) {
        reply_ok(&c->reply, "password changed");
    } else {
        conn_set_user(c, st->user);
        reply_ok(&c->reply, "welcome, %s", st->user);
    }
    cmd_finish(c);
}

/* Run a call that may hash: its answer comes now (an error) or through hashed_done. */
static void hashing(conn *c, int rc, const svc_status *st)
{
    if (rc == SVC_PENDING)
        return;
    c->jobs--;
    cmd_fail(c, st);
}

static void do_signup(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    c->jobs++;
    int rc = svc_signup(c->s, cmd->argv[0], cmd->argv[1], cmd->argc > 2 ? cmd->argv[2] : NULL, c->addr, &st,
                        hashed_done, c);
    hashing(c, rc, &st);
}

static void do_login(conn *c, proto_cmd *cmd)
{
    char name[STORE_NAME_MAX + 1];
    if (cmd_check_password(c, cmd->argv[0], cmd->argv[1], name) != 1)
        return;
    conn_set_user(c, name);
    reply_ok(&c->reply, "logged in as %s", name);
    cmd_finish(c);
}

static int need_login(conn *c)
{
    if (c->user[0])
        return 1;
    reply_err(&c->reply, "NOT_LOGGED_IN", "log in first: login USER PASSWORD");
    cmd_finish(c);
    return 0;
}

static void do_password(conn *c, proto_cmd *cmd)
{
    char name[STORE_NAME_MAX + 1];
    if (!need_login(c))
        return;
    if (cmd_check_password(c, c->user, cmd->argv[0], name) != 1)
        return;
    svc_status st;
    svc_status_init(&st);
    c->jobs++;
    hashing(c, svc_set_password(c->s, c->user, cmd->argv[1], &st, hashed_done, c), &st);
}

static void do_display(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    if (!need_login(c))
        return;
    if (svc_set_display(c->s, c->user, svc_display_size_of(cmd->argv[0]), &st) != 0) {
        cmd_fail(c, &st);
        return;
    }
    cmd_hold(c, &st);
    reply_ok(&c->reply, "display %s", cmd->argv[0]);
    cmd_finish(c);
}

/* set notify MODE, verify [TOKEN], address ADDRESS: the mail settings of the user logged in. */
static void do_mail_setting(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    if (!need_login(c))
        return;
    int rc, mode = -1;
    if (cmd->verb == V_SET_NOTIFY) {
        mode = svc_notify_mode_of(cmd->argv[0]);
        rc = svc_set_notify(c->s, c->user, mode, &st);
    } else if (cmd->verb == V_VERIFY) {
        rc = cmd->argc ? svc_verify_address(c->s, c->user, cmd->argv[0], &st) : svc_set_address(c->s, c->user, "", &st);
    } else {
        rc = svc_set_address(c->s, c->user, cmd->argv[0], &st);
    }
    if (rc != 0) {
        cmd_fail(c, &st);
        return;
    }
    cmd_hold(c, &st);
    if (cmd->verb == V_SET_NOTIFY)
        reply_ok(&c->reply, "notify %s", svc_notify_name(mode));
    else if (cmd->verb == V_VERIFY && cmd->argc)
        reply_ok(&c->reply, "address verified");
    else
        reply_ok(&c->reply, "a code is on its way to the address: verify CODE, or reply to that mail");
    cmd_finish(c);
}

void cmd_account(conn *c, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_SET_NOTIFY: case V_VERIFY: case V_ADDRESS: do_mail_setting(c, cmd); return;
    case V_SIGNUP: do_signup(c, cmd); return;
    case V_LOGIN: do_login(c, cmd); return;
    case V_PASSWORD: do_password(c, cmd); return;
    case V_SET_DISPLAY: do_display(c, cmd); return;
    case V_WHOAMI:
        if (c->user[0])
            reply_ok(&c->reply, "%s", c->user);
        else
            reply_err(&c->reply, "NOT_LOGGED_IN", "not logged in");
        cmd_finish(c);
        return;
    default:
        reply_ok(&c->reply, "bye");
        c->closing = 1;
        cmd_finish(c);
        return;
    }
}

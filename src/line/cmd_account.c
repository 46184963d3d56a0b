/* line/cmd_account.c - signup, login, password, set display, whoami, quit.
 *
 * Each parses its words into one service call and formats the answer; a
 * call that hashes a password answers later, through the continuation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

/* The continuation of signup and password: the answer once the hash is made. */
static cmd_end hashed_done(conn *c, const svc_status *st)
{
    if (st->code)
        return cmd_error(c, st);
    cmd_hold(c, st);
    if (c->user[0] && !strcmp(c->user, st->user)) {
        reply_ok(&c->reply, "password changed");
    } else {
        conn_set_user(c, st->user);
        reply_ok(&c->reply, "welcome, %s", st->user);
    }
    return CMD_ANSWERED;
}

/* A call that may hash: its answer comes now (an error) or through hashed_done. */
static cmd_end hashing(conn *c, int rc, const svc_status *st)
{
    if (rc == SVC_PENDING)
        return CMD_PENDING;
    conn_call_answered(c);
    return cmd_error(c, st);
}

static cmd_end do_signup(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    int rc = svc_signup(c->s, cmd->argv[0], cmd->argv[1], cmd->argc > 2 ? cmd->argv[2] : NULL, c->addr, &st,
                        conn_call(c, hashed_done), c);
    return hashing(c, rc, &st);
}

static cmd_end do_login(conn *c, proto_cmd *cmd)
{
    char name[SVC_NAME_MAX + 1];
    cmd_end end;
    if (!cmd_check_password(c, cmd->argv[0], cmd->argv[1], name, &end))
        return end;
    conn_set_user(c, name);
    reply_ok(&c->reply, "logged in as %s", name);
    return CMD_ANSWERED;
}

static cmd_end not_logged_in(conn *c)
{
    return cmd_refuse(c, "NOT_LOGGED_IN", "log in first: login USER PASSWORD");
}

static cmd_end do_password(conn *c, proto_cmd *cmd)
{
    char name[SVC_NAME_MAX + 1];
    cmd_end end;
    if (!c->user[0])
        return not_logged_in(c);
    if (!cmd_check_password(c, c->user, cmd->argv[0], name, &end))
        return end;
    svc_status st;
    svc_status_init(&st);
    return hashing(c, svc_set_password(c->s, c->user, cmd->argv[1], &st, conn_call(c, hashed_done), c), &st);
}

static cmd_end do_display(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    if (!c->user[0])
        return not_logged_in(c);
    int rc = svc_set_display(c->s, c->user, svc_display_size_of(cmd->argv[0]), &st);
    if (rc == 0)
        reply_ok(&c->reply, "display %s", cmd->argv[0]);
    return cmd_result(c, rc, &st);
}

/* set notify MODE, verify [TOKEN], address ADDRESS: the mail settings of the user logged in. */
static cmd_end do_mail_setting(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    if (!c->user[0])
        return not_logged_in(c);
    int rc, mode = -1;
    if (cmd->verb == V_SET_NOTIFY) {
        mode = svc_notify_mode_of(cmd->argv[0]);
        rc = svc_set_notify(c->s, c->user, mode, &st);
    } else if (cmd->verb == V_VERIFY) {
        rc = cmd->argc ? svc_verify_address(c->s, c->user, cmd->argv[0], &st) : svc_set_address(c->s, c->user, "", &st);
    } else {
        rc = svc_set_address(c->s, c->user, cmd->argv[0], &st);
    }
    if (rc != 0)
        return cmd_error(c, &st);
    if (cmd->verb == V_SET_NOTIFY)
        reply_ok(&c->reply, "notify %s", svc_notify_name(mode));
    else if (cmd->verb == V_VERIFY && cmd->argc)
        reply_ok(&c->reply, "address verified");
    else
        reply_ok(&c->reply, "a code is on its way to the address: verify CODE, or reply to that mail");
    return cmd_result(c, 0, &st);
}

cmd_end cmd_account(conn *c, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_SET_NOTIFY: case V_VERIFY: case V_ADDRESS: return do_mail_setting(c, cmd);
    case V_SIGNUP: return do_signup(c, cmd);
    case V_LOGIN: return do_login(c, cmd);
    case V_PASSWORD: return do_password(c, cmd);
    case V_SET_DISPLAY: return do_display(c, cmd);
    case V_WHOAMI:
        if (!c->user[0])
            return cmd_refuse(c, "NOT_LOGGED_IN", "not logged in");
        reply_ok(&c->reply, "%s", c->user);
        return CMD_ANSWERED;
    default:
        reply_ok(&c->reply, "bye");
        c->closing = 1;
        return CMD_ANSWERED;
    }
}

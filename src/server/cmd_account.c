/* server/cmd_account.c - signup, login, password, set display, whoami, quit.
 *
 * Password hashes are made on the hash threads (hashpool.c); the user is
 * added in memory when the hash is ready and the reply waits for the
 * commit.  Passwords are 1 to 256 bytes; nothing keeps one once its job is
 * over except the keyed digest in the credential cache. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

static void finish(conn *c) { reply_end(&c->reply); conn_finish(c); }

static int password_ok(conn *c, const char *pw)
{
    size_t n = strlen(pw);
    if (n >= 1 && n <= 256)
        return 1;
    reply_err(&c->reply, "BAD_PASSWORD", "a password holds 1 to 256 bytes");
    finish(c);
    return 0;
}

static int hash_submit(conn *c, const char *user, const char *pw, const char *extra,
                       void (*done)(conn *, hash_job *))
{
    hash_job *j = calloc(1, sizeof *j);
    if (!j || !(j->password = strdup(pw))) {
        hash_job_free(j);
        reply_err(&c->reply, "INTERNAL", "out of memory");
        finish(c);
        return -1;
    }
    j->c = c;
    j->done = done;
    snprintf(j->user, sizeof j->user, "%s", user);
    snprintf(j->extra, sizeof j->extra, "%s", extra ? extra : "");
    c->jobs++;
    hashpool_submit(c->s->hp, j);
    return 0;
}

static void signup_done(conn *c, hash_job *j)
{
    srv *s = c->s;
    if (!j->ok) {
        reply_err(&c->reply, "INTERNAL", "cannot hash the password");
    } else if (users_find(s, j->user)) {
        reply_err(&c->reply, "USER_EXISTS", "the name '%s' is taken", j->user);
    } else if (!users_add(s, j->user, j->hash, 2)) {
        reply_err(&c->reply, "INTERNAL", "out of memory");
    } else {
        store_op op = {.kind = STORE_USER_CREATE};
        snprintf(op.user.name, sizeof op.user.name, "%s", j->user);
        op.user.pwhash = j->hash;
        op.user.email = j->extra[0] ? j->extra : NULL;
        op.user.display = 2;
        if (cmd_commit(c, &op, NULL) == 0) {
            cred_cache_put(s->creds, j->user, j->password, j->hash);
            snprintf(c->user, sizeof c->user, "%s", j->user);
            reply_ok(&c->reply, "welcome, %s", j->user);
        }
    }
    finish(c);
}

static void do_signup(conn *c, proto_cmd *cmd)
{
    const char *user = cmd->argv[0], *pw = cmd->argv[1], *email = cmd->argc > 2 ? cmd->argv[2] : NULL;
    if (!user_name_valid(user)) {
        reply_err(&c->reply, "BAD_NAME", "a user name is 1 to %d letters, digits, '_', '-' or '.'", STORE_NAME_MAX);
        finish(c);
        return;
    }
    if (email && strlen(email) > 254) {
        reply_err(&c->reply, "BAD_EMAIL", "that e-mail address is too long");
        finish(c);
        return;
    }
    if (!password_ok(c, pw))
        return;
    if (users_find(c->s, user)) {
        reply_err(&c->reply, "USER_EXISTS", "the name '%s' is taken", user);
        finish(c);
        return;
    }
    hash_submit(c, user, pw, email, signup_done);
}

static void do_login(conn *c, proto_cmd *cmd)
{
    int rc = cmd_check_password(c, cmd->argv[0], cmd->argv[1]);
    if (rc != 1)
        return;
    srv_user *u = users_find(c->s, cmd->argv[0]);
    snprintf(c->user, sizeof c->user, "%s", u->name);
    reply_ok(&c->reply, "logged in as %s", u->name);
    finish(c);
}

static void password_done(conn *c, hash_job *j)
{
    srv_user *u = users_find(c->s, j->user);
    if (!j->ok || !u) {
        reply_err(&c->reply, "INTERNAL", "cannot hash the password");
        finish(c);
        return;
    }
    char *h = strdup(j->hash);
    if (!h) {
        reply_err(&c->reply, "INTERNAL", "out of memory");
        finish(c);
        return;
    }
    free(u->pwhash);
    u->pwhash = h;
    store_op op = {.kind = STORE_USER_PASSWORD};
    snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
    op.user.pwhash = h;
    if (cmd_commit(c, &op, NULL) == 0) {
        cred_cache_put(c->s->creds, u->name, j->password, h);
        reply_ok(&c->reply, "password changed");
    }
    finish(c);
}

static int need_login(conn *c)
{
    if (c->user[0])
        return 1;
    reply_err(&c->reply, "NOT_LOGGED_IN", "log in first: login USER PASSWORD");
    finish(c);
    return 0;
}

static void do_password(conn *c, proto_cmd *cmd)
{
    if (!need_login(c) || !password_ok(c, cmd->argv[1]))
        return;
    if (cmd_check_password(c, c->user, cmd->argv[0]) != 1)
        return;
    hash_submit(c, c->user, cmd->argv[1], NULL, password_done);
}

/* 1..4 for small, medium, big, large (or the digit); 0 when neither. */
int display_size_of(const char *w);
int display_size_of(const char *w)
{
    static const char *const names[] = {"small", "medium", "big", "large"};
    for (int i = 0; i < 4; i++)
        if (proto_word_is(w, names[i]) || (w[0] == '1' + i && !w[1]))
            return i + 1;
    return 0;
}

static void do_display(conn *c, proto_cmd *cmd)
{
    int size = display_size_of(cmd->argv[0]);
    if (!need_login(c))
        return;
    if (!size) {
        reply_err(&c->reply, "BAD_SIZE", "display sizes are small, medium, big and large");
        finish(c);
        return;
    }
    srv_user *u = users_find(c->s, c->user);
    u->display = size;
    store_op op = {.kind = STORE_USER_DISPLAY};
    snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
    op.user.display = size;
    if (cmd_commit(c, &op, NULL) == 0)
        reply_ok(&c->reply, "display %s", cmd->argv[0]);
    finish(c);
}

void cmd_account(conn *c, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_SIGNUP: do_signup(c, cmd); return;
    case V_LOGIN: do_login(c, cmd); return;
    case V_PASSWORD: do_password(c, cmd); return;
    case V_SET_DISPLAY: do_display(c, cmd); return;
    case V_WHOAMI:
        if (c->user[0])
            reply_ok(&c->reply, "%s", c->user);
        else
            reply_err(&c->reply, "NOT_LOGGED_IN", "not logged in");
        finish(c);
        return;
    default:
        reply_ok(&c->reply, "bye");
        c->closing = 1;
        finish(c);
        return;
    }
}

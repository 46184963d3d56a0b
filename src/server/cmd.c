/* server/cmd.c - running one command line: parse, dispatch, shared checks.
 *
 * cmd_run is where every command starts, and starts again after a password
 * check that had to run argon2id: the check's job stores the verified
 * credential in the cache, and the same line runs again and finds it there.
 * A cached credential is exact proof, so it is accepted even while failed
 * attempts for that user are being limited; only hashing is limited. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

static void verify_done(conn *c, hash_job *j)
{
    srv *s = c->s;
    if (j->ok) {
        cred_cache_put(s->creds, j->user, j->password, j->hash);
        c->retried = 1;
        cmd_run(c);
        return;
    }
    rate_limit_fail(s->fail_user, j->user);
    rate_limit_fail(s->fail_addr, c->addr);
    reply_err(&c->reply, "BAD_PASSWORD", "wrong password for %s", j->user);
    reply_end(&c->reply);
    conn_finish(c);
}

int cmd_check_password(conn *c, const char *user, const char *password)
{
    srv *s = c->s;
    srv_user *u = users_find(s, user);
    if (!u) {
        rate_limit_fail(s->fail_addr, c->addr);
        reply_err(&c->reply, "NO_SUCH_USER", "there is no user '%.40s'", user);
        reply_end(&c->reply);
        conn_finish(c);
        return 0;
    }
    if (cred_cache_has(s->creds, u->name, password, u->pwhash))
        return 1;
    if (rate_limit_blocked(s->fail_user, u->name) || rate_limit_blocked(s->fail_addr, c->addr)) {
        reply_err(&c->reply, "RATE_LIMITED", "too many failed logins; wait a minute and try again");
        reply_end(&c->reply);
        conn_finish(c);
        return 0;
    }
    hash_job *j = calloc(1, sizeof *j);
    if (!j || !(j->password = strdup(password)) || !(j->hash = strdup(u->pwhash))) {
        hash_job_free(j);
        reply_err(&c->reply, "INTERNAL", "out of memory");
        reply_end(&c->reply);
        conn_finish(c);
        return 0;
    }
    j->verify = 1;
    j->c = c;
    j->done = verify_done;
    snprintf(j->user, sizeof j->user, "%s", u->name);
    c->jobs++;
    hashpool_submit(s->hp, j);
    return -1;
}

int cmd_commit(conn *c, const store_op *op, srv_game *sg)
{
    uint64_t seq = commit_add(c->s->cq, op);
    if (seq == 0) {
        reply_err(&c->reply, "INTERNAL", "out of memory");
        return -1;
    }
    if (seq > c->wait_seq)
        c->wait_seq = seq;
    if (sg)
        sg->write_seq = seq;
    return 0;
}

void cmd_run(conn *c)
{
    proto_cmd cmd;
    const char *code;
    char msg[160];
    lx_buf_clear(&c->reply);
    if (proto_parse(c->line, c->line_len, &cmd, &code, msg, sizeof msg) != 0) {
        reply_err(&c->reply, code, "%s", msg);
        reply_end(&c->reply);
        conn_finish(c);
        return;
    }
    switch (cmd.verb) {
    case V_WATCH:
    case V_UNWATCH:
        cmd_watch(c, &cmd);
        return;
    case V_HELP:
        cmd_help(c, &cmd);
        return;
    case V_CHALLENGE: case V_MOVE: case V_SWAP: case V_RESIGN: case V_SHOW:
    case V_HISTORY: case V_RECORD: case V_GAMES:
        cmd_game(c, &cmd);
        return;
    default:
        cmd_account(c, &cmd);
        return;
    }
}

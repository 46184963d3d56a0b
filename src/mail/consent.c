/* mail/consent.c - by mail, how games begin and what players offer each
 * other: set challenges, accept, decline, block, unblock, GAME seek, seeks,
 * join, GAME draw, takeback, rematch, vacation.  Each needs the message's
 * login (a `login USER PASSWORD` line above it), as a challenge does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/door_int.h"

static void seeks_list(mail_job *j, proto_cmd *cmd)
{
    svc_seek k[50];
    long n = svc_seeks(j->d->s, cmd->argc ? proto_game_of(cmd->argv[0]) : G_NONE, k, 50);
    lx_buf_printf(&j->reply, "OK: %ld open seek%s\n", n, n == 1 ? "" : "s");
    for (long i = 0; i < n; i++)
        lx_buf_printf(&j->reply, "  seek %lld: %s by %s (%s); 'join %lld' to play it\n", (long long)k[i].id,
                      k[i].kind, k[i].user, k[i].options, (long long)k[i].id);
    lx_buf_append_char(&j->reply, '\n');
}

/* One of the commands above; its answer into the reply.  0 always (the line has run). */
int mail_run_consent(mail_job *j, proto_cmd *cmd)
{
    srv *s = j->d->s;
    svc_status st;
    svc_status_init(&st);
    if (cmd->verb == V_SEEKS) {
        seeks_list(j, cmd);
        return 0;
    }
    if (!j->user[0]) {
        lx_buf_printf(&j->reply, "ERROR NOT_LOGGED_IN: put 'login USER PASSWORD' on a line above this one\n\n");
        return 0;
    }
    int64_t id = 0, board = 0;
    int rc, agreed = 0, left = 0;
    const char *what = "";
    char text[200] = "";
    switch (cmd->verb) {
    case V_ACCEPT: case V_DECLINE:
        rc = svc_answer(s, j->user, proto_number(cmd->argv[0]), cmd->verb == V_ACCEPT, &what, &st);
        snprintf(text, sizeof text, "%s %s", what, cmd->verb == V_ACCEPT ? "accepted" : "declined");
        break;
    case V_SET_CHALLENGES:
        rc = svc_set_challenges(s, j->user, svc_challenges_mode_of(cmd->argv[0]), &st);
        snprintf(text, sizeof text, "challenges %s", cmd->argv[0]);
        break;
    case V_BLOCK: case V_UNBLOCK:
        rc = svc_block(s, j->user, cmd->argv[0], cmd->verb == V_BLOCK, &st);
        snprintf(text, sizeof text, "%s %s", cmd->verb == V_BLOCK ? "blocked" : "unblocked", cmd->argv[0]);
        break;
    case V_SEEK:
        rc = svc_post_seek(s, j->user, cmd->game, cmd->argc, cmd->argv, &id, &st);
        snprintf(text, sizeof text, "seek %lld: anyone may 'join %lld'", (long long)id, (long long)id);
        break;
    case V_JOIN: case V_REMATCH:
        rc = cmd->verb == V_JOIN ? svc_join(s, j->user, proto_number(cmd->argv[0]), &board, &st)
                                 : svc_rematch(s, j->user, proto_number(cmd->argv[0]), &board, &st);
        snprintf(text, sizeof text, board ? "board %lld" : "seek withdrawn", (long long)board);
        break;
    case V_DRAW: case V_TAKEBACK:
        rc = cmd->verb == V_DRAW ? svc_offer_draw(s, j->user, proto_number(cmd->argv[0]), &agreed, &st)
                                 : svc_takeback(s, j->user, proto_number(cmd->argv[0]), &st);
        snprintf(text, sizeof text, "%s %s", cmd->verb == V_DRAW ? "draw" : "takeback",
                 agreed ? "agreed: the game is drawn" : "offered: it waits for your opponent's answer");
        break;
    default: { /* V_VACATION */
        int64_t until;
        rc = svc_vacation(s, j->user, cmd->argv[0], &until, &left, &st);
        snprintf(text, sizeof text, "%s, %d vacation days left this year", until ? "on vacation" : "vacation over",
                 left);
    }
    }
    if (rc != 0) {
        lx_buf_printf(&j->reply, "ERROR %s: %s\n\n", st.code, st.msg);
        return 0;
    }
    run_hold(j, &st);
    lx_buf_printf(&j->reply, "OK: %s\n\n", text);
    return 0;
}

/* line/cmd_consent.c - how games begin and what players offer each other:
 * set challenges, accept, decline, block, unblock, GAME seek, seeks, join,
 * GAME draw, takeback, rematch, vacation.
 *
 * Each is one service call for the user logged in; the answer is one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

/* A board's number, or 0 with the refusal in the reply. */
static int64_t board_word(conn *c, const char *w)
{
    int64_t v = proto_number(w);
    if (!v)
        cmd_refuse(c, "NO_SUCH_BOARD", "there is no board '%.40s'", w);
    return v;
}

static cmd_end do_answer(conn *c, proto_cmd *cmd, int yes)
{
    const char *what;
    svc_status st;
    svc_status_init(&st);
    int64_t board = board_word(c, cmd->argv[0]);
    if (!board)
        return CMD_ANSWERED;
    int rc = svc_answer(c->s, c->user, board, yes, &what, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%s %s %s", what, yes ? "accepted" : "declined", cmd->argv[0]);
    return cmd_result(c, rc, &st);
}

static cmd_end do_seek(conn *c, proto_cmd *cmd)
{
    int64_t id;
    svc_status st;
    svc_status_init(&st);
    int rc = svc_post_seek(c->s, c->user, cmd->game, cmd->argc, cmd->argv, &id, &st);
    if (rc == 0)
        reply_ok(&c->reply, "seek %lld", (long long)id);
    return cmd_result(c, rc, &st);
}

static cmd_end do_seeks(conn *c, proto_cmd *cmd)
{
    svc_seek k[100];
    proto_game g = cmd->argc ? proto_game_of(cmd->argv[0]) : G_NONE;
    if (cmd->argc && g == G_NONE)
        return cmd_refuse(c, "UNKNOWN_GAME", "%s", proto_unknown_game);
    long n = svc_seeks(c->s, g, k, 100);
    reply_ok(&c->reply, "%ld seeks", n);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%lld %s %s %s", (long long)k[i].id, k[i].kind, k[i].user, k[i].options);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    return CMD_ANSWERED;
}

static cmd_end do_new_board(conn *c, proto_cmd *cmd)
{
    int64_t from, board = 0;
    svc_status st;
    svc_status_init(&st);
    int rc;
    if (cmd->verb == V_JOIN) {
        from = proto_number(cmd->argv[0]);
        rc = !from ? svc_fail(&st, "NO_SUCH_SEEK", "there is no open seek '%.40s'", cmd->argv[0])
                   : svc_join(c->s, c->user, from, &board, &st);
    } else {
        if (!(from = board_word(c, cmd->argv[0])))
            return CMD_ANSWERED;
        rc = svc_rematch(c->s, c->user, from, &board, &st);
    }
    if (rc == 0 && board)
        reply_ok(&c->reply, "%lld", (long long)board);
    else if (rc == 0)
        reply_ok(&c->reply, "seek %s withdrawn", cmd->argv[0]);
    return cmd_result(c, rc, &st);
}

static cmd_end do_offer(conn *c, proto_cmd *cmd)
{
    int agreed = 0;
    svc_status st;
    svc_status_init(&st);
    int64_t board = board_word(c, cmd->argv[0]);
    if (!board)
        return CMD_ANSWERED;
    int rc = cmd->verb == V_DRAW ? svc_offer_draw(c->s, c->user, board, &agreed, &st)
                                 : svc_takeback(c->s, c->user, board, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%s %s", cmd->verb == V_DRAW ? "draw" : "takeback",
                 agreed ? "agreed: the game is drawn" : "offered: it waits for your opponent's answer");
    return cmd_result(c, rc, &st);
}

static cmd_end do_prefs(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    int rc;
    if (cmd->verb == V_SET_CHALLENGES) {
        rc = svc_set_challenges(c->s, c->user, svc_challenges_mode_of(cmd->argv[0]), &st);
        if (rc == 0)
            reply_ok(&c->reply, "challenges %s", cmd->argv[0]);
    } else if (cmd->verb == V_VACATION) {
        int64_t until;
        int left;
        rc = svc_vacation(c->s, c->user, cmd->argv[0], &until, &left, &st);
        if (rc == 0 && until)
            reply_ok(&c->reply, "vacation until %lld, %d days left this year", (long long)until, left);
        else if (rc == 0)
            reply_ok(&c->reply, "vacation over, %d days left this year", left);
    } else {
        rc = svc_block(c->s, c->user, cmd->argv[0], cmd->verb == V_BLOCK, &st);
        if (rc == 0)
            reply_ok(&c->reply, "%s %s", cmd->verb == V_BLOCK ? "blocked" : "unblocked", cmd->argv[0]);
    }
    return cmd_result(c, rc, &st);
}

cmd_end cmd_consent(conn *c, proto_cmd *cmd)
{
    if (!c->user[0] && cmd->verb != V_SEEKS)
        return cmd_refuse(c, "NOT_LOGGED_IN", "log in first: login USER PASSWORD");
    switch (cmd->verb) {
    case V_ACCEPT: return do_answer(c, cmd, 1);
    case V_DECLINE: return do_answer(c, cmd, 0);
    case V_SEEK: return do_seek(c, cmd);
    case V_SEEKS: return do_seeks(c, cmd);
    case V_JOIN: case V_REMATCH: return do_new_board(c, cmd);
    case V_DRAW: case V_TAKEBACK: return do_offer(c, cmd);
    default: return do_prefs(c, cmd);
    }
}

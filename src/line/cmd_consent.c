/* line/cmd_consent.c - how games begin and what players offer each other:
 * set challenges, accept, decline, block, unblock, GAME seek, seeks, join,
 * GAME draw, takeback, rematch, vacation.
 *
 * Each is one service call for the user logged in; the answer is one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line.h"

static int board_word(conn *c, const char *w, int64_t *board)
{
    int64_t v = proto_number(w);
    if (!v) {
        reply_err(&c->reply, "NO_SUCH_BOARD", "there is no board '%.40s'", w);
        cmd_finish(c);
        return 0;
    }
    *board = v;
    return 1;
}

/* The common end: the service's answer as "ERR ..." or the OK line already made. */
static void done(conn *c, int rc, svc_status *st)
{
    if (rc != 0) {
        cmd_fail(c, st);
        return;
    }
    cmd_hold(c, st);
    cmd_finish(c);
}

static void do_answer(conn *c, proto_cmd *cmd, int yes)
{
    int64_t board;
    const char *what;
    svc_status st;
    svc_status_init(&st);
    if (!board_word(c, cmd->argv[0], &board))
        return;
    int rc = svc_answer(c->s, c->user, board, yes, &what, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%s %s %s", what, yes ? "accepted" : "declined", cmd->argv[0]);
    done(c, rc, &st);
}

static void do_seek(conn *c, proto_cmd *cmd)
{
    int64_t id;
    svc_status st;
    svc_status_init(&st);
    int rc = svc_seek(c->s, c->user, cmd->game, cmd->argc, cmd->argv, &id, &st);
    if (rc == 0)
        reply_ok(&c->reply, "seek %lld", (long long)id);
    done(c, rc, &st);
}

static void do_seeks(conn *c, proto_cmd *cmd)
{
    store_seek k[100];
    proto_game g = cmd->argc ? proto_game_of(cmd->argv[0]) : G_NONE;
    if (cmd->argc && g == G_NONE) {
        reply_err(&c->reply, "UNKNOWN_GAME", "%s", proto_unknown_game);
        cmd_finish(c);
        return;
    }
    long n = svc_seeks(c->s, g, k, 100);
    reply_ok(&c->reply, "%ld seeks", n);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%lld %s %s %s", (long long)k[i].id, k[i].kind, k[i].user, k[i].options);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    cmd_finish(c);
}

static void do_new_board(conn *c, proto_cmd *cmd)
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
        if (!board_word(c, cmd->argv[0], &from))
            return;
        rc = svc_rematch(c->s, c->user, from, &board, &st);
    }
    if (rc == 0 && board)
        reply_ok(&c->reply, "%lld", (long long)board);
    else if (rc == 0)
        reply_ok(&c->reply, "seek %s withdrawn", cmd->argv[0]);
    done(c, rc, &st);
}

static void do_offer(conn *c, proto_cmd *cmd)
{
    int64_t board;
    int agreed = 0;
    svc_status st;
    svc_status_init(&st);
    if (!board_word(c, cmd->argv[0], &board))
        return;
    int rc = cmd->verb == V_DRAW ? svc_offer_draw(c->s, c->user, board, &agreed, &st)
                                 : svc_takeback(c->s, c->user, board, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%s %s", cmd->verb == V_DRAW ? "draw" : "takeback",
                 agreed ? "agreed: the game is drawn" : "offered: it waits for your opponent's answer");
    done(c, rc, &st);
}

static void do_prefs(conn *c, proto_cmd *cmd)
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
    done(c, rc, &st);
}

void cmd_consent(conn *c, proto_cmd *cmd)
{
    if (!c->user[0] && cmd->verb != V_SEEKS) {
        reply_err(&c->reply, "NOT_LOGGED_IN", "log in first: login USER PASSWORD");
        cmd_finish(c);
        return;
    }
    switch (cmd->verb) {
    case V_ACCEPT: do_answer(c, cmd, 1); return;
    case V_DECLINE: do_answer(c, cmd, 0); return;
    case V_SEEK: do_seek(c, cmd); return;
    case V_SEEKS: do_seeks(c, cmd); return;
    case V_JOIN: case V_REMATCH: do_new_board(c, cmd); return;
    case V_DRAW: case V_TAKEBACK: do_offer(c, cmd); return;
    default: do_prefs(c, cmd); return;
    }
}

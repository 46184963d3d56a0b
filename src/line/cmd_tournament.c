/* line/cmd_tournament.c - tournament new|join|leave|start|show and tournaments.
 *
 * tournament new NAME GAME FORMAT [options] answers "OK ID"; join, leave and start "OK"; show
 * answers "OK tournament ID" and, as its body, a head line "NAME GAME FORMAT STATE ROUND PLAYERS",
 * then the standings, one line a player, "RANK USER POINTS TIEBREAK TIEBREAK GAMES" (a withdrawn
 * player's line ends in "withdrawn"), then the pairings, "ROUND BOARD FIRST SECOND RESULT" (SECOND
 * "-" for a bye; RESULT 1-0, 0-1, 1/2, * or bye, and the board's number after it for a game);
 * tournaments [open|running|finished] one line a tournament, "ID NAME GAME FORMAT STATE ROUND". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

static cmd_end show(conn *c, int64_t id)
{
    svc_tournament_view v;
    svc_status st;
    svc_status_init(&st);
    if (svc_tournament_show(c->s, id, &v, &st) != 0)
        return cmd_error(c, &st);
    lx_buf line = LX_BUF_INIT;
    reply_ok(&c->reply, "tournament %lld", (long long)id);
    lx_buf_printf(&line, "%s %s %s %s %d %d", v.head.name, v.head.game, v.head.format, v.head.state, v.head.round,
                  v.head.players);
    reply_body(&c->reply, line.data, line.len);
    for (size_t i = 0; i < v.nrows; i++) {
        const svc_tournament_row *r = &v.rows[i];
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%d %s %g %g %g %d%s", r->rank, r->user, r->points, r->tiebreak[0], r->tiebreak[1],
                      r->games, r->withdrawn ? " withdrawn" : "");
        reply_body(&c->reply, line.data, line.len);
    }
    for (size_t i = 0; i < v.npairings; i++) {
        const svc_tournament_pairing *p = &v.pairings[i];
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%d %d %s %s %s", p->round, p->board, p->first, p->second[0] ? p->second : "-", p->result);
        if (p->game)
            lx_buf_printf(&line, " %lld", (long long)p->game);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    svc_tournament_view_free(&v);
    return CMD_ANSWERED;
}

static cmd_end list(conn *c, proto_cmd *cmd)
{
    int state = cmd->argc ? svc_tournament_state_of(cmd->argv[0]) : -1;
    if (cmd->argc && state < 0)
        return cmd_refuse(c, "BAD_FILTER", "tournaments [open|running|finished]");
    svc_tournament *t = calloc(SVC_TOURNAMENTS_MAX, sizeof *t);
    svc_status st;
    svc_status_init(&st);
    long n = t ? svc_tournaments(c->s, NULL, state, t, SVC_TOURNAMENTS_MAX, &st) : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        free(t);
        return cmd_error(c, &st);
    }
    reply_ok(&c->reply, "%ld tournaments", n);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%lld %s %s %s %s %d", (long long)t[i].id, t[i].name, t[i].game, t[i].format, t[i].state,
                      t[i].round);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    free(t);
    return CMD_ANSWERED;
}

static cmd_end create(conn *c, proto_cmd *cmd)
{
    if (cmd->argc < 4)
        return cmd_refuse(c, "USAGE", "tournament new NAME GAME FORMAT [options]");
    int64_t id = 0;
    svc_status st;
    svc_status_init(&st);
    int rc = svc_tournament_new(c->s, c->user[0] ? c->user : NULL, cmd->argv[1], cmd->argv[2], cmd->argv[3], cmd->argc - 4, cmd->argv + 4,
                                &id, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%lld", (long long)id);
    return cmd_result(c, rc, &st);
}

cmd_end cmd_tournament(conn *c, proto_cmd *cmd)
{
    if (cmd->verb == V_TOURNAMENTS)
        return list(c, cmd);
    const char *what = cmd->argv[0];
    if (proto_word_is(what, "new"))
        return create(c, cmd);
    int64_t id = proto_number(cmd->argv[1]);
    if (!id || cmd->argc != 2)
        return cmd_refuse(c, "USAGE", "tournament join|leave|start|show ID");
    if (proto_word_is(what, "show"))
        return show(c, id);
    int (*call)(srv *, const char *, int64_t, svc_status *) =
        proto_word_is(what, "join") ? svc_tournament_join : proto_word_is(what, "leave") ? svc_tournament_leave
        : proto_word_is(what, "start") ? svc_tournament_start : NULL;
    if (!call)
        return cmd_refuse(c, "USAGE", "tournament new|join|leave|start|show");
    svc_status st;
    svc_status_init(&st);
    int rc = call(c->s, c->user[0] ? c->user : NULL, id, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%s %lld", what, (long long)id);
    return cmd_result(c, rc, &st);
}

/* mail/tournament.c - by mail: tournament new|join|leave|start|show and tournaments, the same
 * service calls as the line door's (line/cmd_tournament.c), answered as mail lines.  new, join,
 * leave and start need the message's login (a `login USER PASSWORD` line above). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/door_int.h"

static int refused(mail_job *j, const svc_status *st)
{
    lx_buf_printf(&j->reply, "ERROR %s: %s\n\n", st->code, st->msg);
    return 0;
}

static int show(mail_job *j, int64_t id)
{
    svc_tournament_view v;
    svc_status st;
    svc_status_init(&st);
    if (svc_tournament_show(j->d->s, id, &v, &st) != 0)
        return refused(j, &st);
    lx_buf_printf(&j->reply, "OK: tournament %lld: %s, %s %s, %s, round %d, %d players\n", (long long)id, v.head.name,
                  v.head.game, v.head.format, v.head.state, v.head.round, v.head.players);
    for (size_t i = 0; i < v.nrows; i++)
        lx_buf_printf(&j->reply, "  %d %s %g %g %g %d%s\n", v.rows[i].rank, v.rows[i].user, v.rows[i].points,
                      v.rows[i].tiebreak[0], v.rows[i].tiebreak[1], v.rows[i].games, v.rows[i].withdrawn ? " withdrawn" : "");
    for (size_t i = 0; i < v.npairings; i++) {
        lx_buf_printf(&j->reply, "  round %d board %d: %s - %s %s", v.pairings[i].round, v.pairings[i].board,
                      v.pairings[i].first, v.pairings[i].second[0] ? v.pairings[i].second : "(bye)", v.pairings[i].result);
        if (v.pairings[i].game) /* the game's board, to play it by */
            lx_buf_printf(&j->reply, ", game %lld", (long long)v.pairings[i].game);
        lx_buf_append_char(&j->reply, '\n');
    }
    lx_buf_append_char(&j->reply, '\n');
    svc_tournament_view_free(&v);
    return 0;
}

static int list(mail_job *j, proto_cmd *cmd)
{
    int state = cmd->argc ? svc_tournament_state_of(cmd->argv[0]) : -1;
    svc_tournament *t = calloc(SVC_TOURNAMENTS_MAX, sizeof *t);
    svc_status st;
    svc_status_init(&st);
    long n = !t ? svc_fail(&st, "INTERNAL", "out of memory")
             : cmd->argc && state < 0 ? svc_fail(&st, "BAD_FILTER", "tournaments [open|running|finished]")
             : svc_tournaments(j->d->s, NULL, state, t, SVC_TOURNAMENTS_MAX, &st);
    if (n >= 0) {
        lx_buf_printf(&j->reply, "OK: %ld tournament%s\n", n, n == 1 ? "" : "s");
        for (long i = 0; i < n; i++)
            lx_buf_printf(&j->reply, "  %lld %s %s %s %s round %d\n", (long long)t[i].id, t[i].name, t[i].game,
                          t[i].format, t[i].state, t[i].round);
        lx_buf_append_char(&j->reply, '\n');
    }
    free(t);
    return n < 0 ? refused(j, &st) : 0;
}

/* One of the commands above; its answer into the reply.  0 always (the line has run). */
int mail_run_tournament(mail_job *j, proto_cmd *cmd)
{
    if (cmd->verb == V_TOURNAMENTS)
        return list(j, cmd);
    int64_t id = cmd->argc > 1 ? proto_number(cmd->argv[1]) : 0;
    if (proto_word_is(cmd->argv[0], "show") && id)
        return show(j, id);
    svc_status st;
    svc_status_init(&st);
    const char *who = j->user[0] ? j->user : NULL;
    int rc;
    if (proto_word_is(cmd->argv[0], "new") && cmd->argc >= 4)
        rc = svc_tournament_new(j->d->s, who, cmd->argv[1], cmd->argv[2], cmd->argv[3], cmd->argc - 4, cmd->argv + 4,
                                &id, &st);
    else if (proto_word_is(cmd->argv[0], "join") && id)
        rc = svc_tournament_join(j->d->s, who, id, &st);
    else if (proto_word_is(cmd->argv[0], "leave") && id)
        rc = svc_tournament_leave(j->d->s, who, id, &st);
    else if (proto_word_is(cmd->argv[0], "start") && id)
        rc = svc_tournament_start(j->d->s, who, id, &st);
    else
        rc = svc_fail(&st, "USAGE", "tournament new NAME GAME FORMAT [options] | join|leave|start|show ID");
    if (rc != 0)
        return refused(j, &st);
    run_hold(j, &st);
    lx_buf_printf(&j->reply, "OK: tournament %s %lld\n\n", cmd->argv[0], (long long)id);
    return 0;
}

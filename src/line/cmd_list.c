/* line/cmd_list.c - games [USER] [next|active|finished|all]: a player's boards.
 *
 * One line a board, "BOARD GAME USER1 USER2 MOVES STATUS", the status being
 * the result, whose turn it is and the time left on their clock, or whose
 * answer a challenge waits for; the
 * boards where it is someone's turn come most urgent deadline first. */
#include <stdio.h>
#include <string.h>

#include "line/line_int.h"

/* "BOARD GAME USER1 USER2 MOVES STATUS". */
static void status_line(srv *s, srv_game *sg, const svc_game_info *g, lx_buf *line)
{
    lx_buf_printf(line, "%lld %s %s %s %zu ", (long long)g->board, g->name, g->player[0], g->player[1], g->nmoves);
    long left = svc_game_time_left(s, sg);
    char when[32];
    svc_format_duration(left, when);
    if (g->waiting >= 0)
        lx_buf_printf(line, "waiting for %s to accept", g->player[g->waiting]);
    else if (g->to_move < 0)
        lx_buf_printf(line, "%s", g->result);
    else if (left >= 0)
        lx_buf_printf(line, "%s to move, %s left%s", g->player[g->to_move], when, g->reminded ? ", reminded" : "");
    else
        lx_buf_printf(line, "%s to move", g->player[g->to_move]);
}

cmd_end cmd_list_games(conn *c, proto_game kind, const char *user, svc_filter filter, int classic)
{
    int64_t ids[200];
    svc_status st;
    svc_status_init(&st);
    long n = svc_games_list_request(c->s, kind, user, filter, ids, 200, &st);
    if (n < 0)
        return cmd_error(c, &st);
    cmd_hold(c, &st);
    reply_ok(&c->reply, "%ld games", n);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        srv_game *sg = svc_game(c->s, ids[i], G_NONE, &st);
        svc_game_info g;
        if (!sg) /* another server changed it since the list: being read, and the line runs again */
            continue;
        svc_game_describe(sg, &g);
        lx_buf_clear(&line);
        if (classic)
            lx_buf_printf(&line, "%lld %s %s %zu %s", (long long)g.board, g.player[0], g.player[1], g.nmoves,
                          g.result[0] ? g.result : "playing");
        else
            status_line(c->s, sg, &g, &line);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    return CMD_ANSWERED;
}

cmd_end cmd_list(conn *c, proto_cmd *cmd)
{
    svc_filter filter = SVC_ALL;
    const char *user = c->user[0] ? c->user : NULL;
    if (cmd->argc >= 1 && !svc_filter_of(cmd->argv[cmd->argc - 1], &filter) && cmd->argc == 2)
        return cmd_refuse(c, "USAGE", "games [USER] [next|active|pending|finished|all]");
    if (cmd->argc == 2 || (cmd->argc == 1 && !svc_filter_of(cmd->argv[0], &filter)))
        user = cmd->argv[0];
    return cmd_list_games(c, G_NONE, user, filter, 0);
}

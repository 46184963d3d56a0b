/* result.c - how a game stands at its end, as the game interface and RE say it.
 *
 * A game the moves finished (bearing off, a dropped double) is worth what
 * game.c counted: "W+2".  A game RE ends after the main line's last move - a
 * resignation, time or forfeit, which are not moves in GM[6] - is reported
 * as RE has it ("B+4R", "W+T"), but only at that point: the same game seen
 * earlier (ludex show --move N) is still being played. */
#include <stdio.h>

#include "bgammon/bg_impl.h"

void lx_bgammon_game_result(const lx_bgammon_game *g, lx_game_result *out)
{
    out->over = 0;
    out->winner = LX_NO_COLOUR;
    out->re[0] = '\0';
    if (g->state == LX_BGAMMON_OVER || g->state == LX_BGAMMON_DROPPED) {
        out->over = 1;
        out->winner = g->winner;
        snprintf(out->re, sizeof out->re, "%c+%d", g->winner == LX_BLACK ? 'B' : 'W', g->points);
        return;
    }
    if (g->end_kind == BG_RE_NONE || g->moves != g->end_moves)
        return;
    const char *how = g->end_kind == BG_RE_RESIGN ? "R" : g->end_kind == BG_RE_TIME ? "T" : "F";
    out->over = 1;
    out->winner = g->end_winner;
    if (g->end_points > 0)
        snprintf(out->re, sizeof out->re, "%c+%d%s", g->end_winner == LX_BLACK ? 'B' : 'W', g->end_points, how);
    else
        snprintf(out->re, sizeof out->re, "%c+%s", g->end_winner == LX_BLACK ? 'B' : 'W', how);
}

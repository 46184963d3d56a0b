/* draw.c - drawing a game, a board, or the position a pair of GNU Backgammon
 * IDs describes ("4HPwATDgc/ABMA:cAngAAAAAAAE"), in text or SVG
 * (draw_ascii.c, draw_svg.c do the work). */
#include <stdio.h>
#include <string.h>

#include "bgammon/bg_impl.h"

/* One sentence on whose turn it is, or how the game ended. */
const char *bg_state_sentence(const lx_bgammon_match_info *m, char *buf, size_t cap)
{
    const char *on = bg_colour_name(m->on_roll), *turn = bg_colour_name(m->turn);
    switch (m->state) {
    case LX_BGAMMON_NO_GAME:
        snprintf(buf, cap, "No game in progress.");
        break;
    case LX_BGAMMON_OVER:
        snprintf(buf, cap, "Game over: %s bore off all its checkers.", bg_colour_name(bg_other(m->on_roll)));
        break;
    case LX_BGAMMON_DROPPED:
        snprintf(buf, cap, "Game over: %s dropped %s's double.", turn, on);
        break;
    case LX_BGAMMON_RESIGNED:
        snprintf(buf, cap, "Game over: a resignation was accepted.");
        break;
    default:
        if (m->doubled)
            snprintf(buf, cap, "%s has doubled; %s to take or drop.", on, turn);
        else if (m->resigned)
            snprintf(buf, cap, "%s offers to resign %s; %s to answer.", bg_colour_name(bg_other(m->turn)),
                     m->resigned == 3 ? "a backgammon" : m->resigned == 2 ? "a gammon" : "a single game", turn);
        else if (m->dice[0])
            snprintf(buf, cap, "%s rolled %d-%d.", on, m->dice[0], m->dice[1]);
        else
            snprintf(buf, cap, "%s to roll.", on);
        break;
    }
    return buf;
}

int lx_bgammon_draw_board(const lx_bgammon_board *b, const lx_bgammon_match_info *m, lx_draw_format fmt, int size,
                          lx_buf *out)
{
    return fmt == LX_DRAW_SVG ? bg_draw_svg(b, m, size, out) : bg_draw_ascii(b, m, out);
}

int lx_bgammon_draw(const lx_bgammon_game *g, lx_draw_format fmt, int size, lx_buf *out)
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(g, &m);
    return lx_bgammon_draw_board(&g->board, &m, fmt, size, out);
}

static int all_base64(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '+' || s[i] == '/'))
            return 0;
    return 1;
}

int lx_bgammon_is_id_pair(const char *arg)
{
    size_t n = strlen(arg);
    if (n == 14)
        return all_base64(arg, 14);
    return n == 27 && arg[14] == ':' && all_base64(arg, 14) && all_base64(arg + 15, 12);
}

int lx_bgammon_draw_ids(const char *arg, lx_draw_format fmt, int size, lx_buf *out, lx_game_error *err)
{
    if (!lx_bgammon_is_id_pair(arg))
        return lx_game_fail(err, "BG_BAD_IDS", "'%.40s' is not POSITIONID:MATCHID (14 and 12 characters of base64)",
                            arg);
    lx_bgammon_match_info m;
    memset(&m, 0, sizeof m);
    m.cube = 1;
    m.cube_owner = LX_NO_COLOUR;
    m.on_roll = m.turn = LX_WHITE;
    m.state = LX_BGAMMON_PLAYING;
    if (strlen(arg) == 27 && lx_bgammon_match_from_id(arg + 15, 12, &m, err) != 0)
        return -1;
    lx_bgammon_board b;
    if (lx_bgammon_position_from_id(arg, 14, m.on_roll, &b, err) != 0)
        return -1;
    if (lx_bgammon_draw_board(&b, &m, fmt, size, out) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    return 0;
}

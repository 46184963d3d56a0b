/* board.c - backgammon boards: starting positions, validity, pip counts,
 * SGF point letters, moving one checker, and what a finished game is worth
 * before the cube.
 *
 * A board counts each colour's checkers from that colour's own side (see
 * ludex/bgammon.h): Black's point i is White's point 25 - i.  Nothing here
 * knows about turns, dice or the cube. */
#include <stdio.h>
#include <string.h>

#include "bgammon/bg_impl.h"

const char *bg_colour_name(lx_colour c)
{
    return c == LX_BLACK ? "Black" : c == LX_WHITE ? "White" : "nobody";
}

int lx_bgammon_variant_checkers(lx_bgammon_variant v)
{
    switch (v) {
    case LX_BGAMMON_HYPER1: return 1;
    case LX_BGAMMON_HYPER2: return 2;
    case LX_BGAMMON_HYPER3: return 3;
    default: return LX_BGAMMON_CHECKERS;
    }
}

void lx_bgammon_board_start(lx_bgammon_board *b, lx_bgammon_variant v)
{
    memset(b, 0, sizeof *b);
    for (int c = 0; c < 2; c++) {
        uint8_t *n = b->checkers[c];
        switch (v) {
        case LX_BGAMMON_NACKGAMMON:
            n[24] = 2, n[23] = 2, n[13] = 4, n[8] = 3, n[6] = 4;
            break;
        case LX_BGAMMON_HYPER3:
            n[22] = 1; /* fall through */
        case LX_BGAMMON_HYPER2:
            n[23] = 1; /* fall through */
        case LX_BGAMMON_HYPER1:
            n[24] = 1;
            break;
        default:
            n[24] = 2, n[13] = 5, n[8] = 3, n[6] = 5;
            break;
        }
    }
}

int bg_on_board(const lx_bgammon_board *b, lx_colour c)
{
    int n = 0;
    for (int i = 1; i <= 25; i++)
        n += b->checkers[c][i];
    return n;
}

void bg_board_set_off(lx_bgammon_board *b, int total)
{
    for (int c = 0; c < 2; c++) {
        int on = bg_on_board(b, (lx_colour)c);
        b->checkers[c][0] = (uint8_t)(on < total ? total - on : 0);
    }
}

int lx_bgammon_board_check(const lx_bgammon_board *b, lx_game_error *err)
{
    for (int c = 0; c < 2; c++) {
        int n = b->checkers[c][0] + bg_on_board(b, (lx_colour)c);
        if (n > LX_BGAMMON_CHECKERS)
            return lx_game_fail(err, "BG_TOO_MANY_CHECKERS", "%s has %d checkers; a side has at most 15",
                                bg_colour_name((lx_colour)c), n);
    }
    for (int i = 1; i <= 24; i++)
        if (b->checkers[LX_WHITE][i] && b->checkers[LX_BLACK][25 - i])
            return lx_game_fail(err, "BG_SHARED_POINT",
                                "White's %d-point (%c) holds checkers of both colours; a point holds one colour",
                                i, lx_bgammon_point_letter(LX_WHITE, i));
    return 0;
}

unsigned lx_bgammon_pips(const lx_bgammon_board *b, lx_colour c)
{
    unsigned pips = 0;
    for (int i = 1; i <= 25; i++)
        pips += (unsigned)i * b->checkers[c][i];
    return pips;
}

char lx_bgammon_point_letter(lx_colour c, int point)
{
    if (point == LX_BGAMMON_OFF)
        return 'z';
    if (point == LX_BGAMMON_BAR)
        return 'y';
    if (point < 1 || point > 24)
        return 0;
    return (char)(c == LX_WHITE ? 'a' + point - 1 : 'a' + 24 - point);
}

int lx_bgammon_letter_point(lx_colour c, char letter)
{
    if (letter >= 'A' && letter <= 'Z')
        letter = (char)(letter - 'A' + 'a');
    if (letter == 'z')
        return LX_BGAMMON_OFF;
    if (letter == 'y')
        return LX_BGAMMON_BAR;
    if (letter < 'a' || letter > 'x')
        return -1;
    return c == LX_WHITE ? letter - 'a' + 1 : 24 - (letter - 'a');
}

void bg_point_name(lx_colour c, int point, char *buf, size_t cap)
{
    if (point == LX_BGAMMON_BAR)
        snprintf(buf, cap, "the bar (y)");
    else if (point == LX_BGAMMON_OFF)
        snprintf(buf, cap, "off (z)");
    else
        snprintf(buf, cap, "the %d-point (%c)", point, lx_bgammon_point_letter(c, point));
}

int bg_step_apply(lx_bgammon_board *b, lx_colour who, int from, int to)
{
    uint8_t *me = b->checkers[who], *them = b->checkers[bg_other(who)];
    int hit = 0;
    me[from]--;
    me[to]++;
    if (to >= 1 && to <= 24 && them[25 - to] == 1) {
        them[25 - to] = 0;
        them[LX_BGAMMON_BAR]++;
        hit = 1;
    }
    return hit;
}

unsigned lx_bgammon_apply_play(lx_bgammon_board *b, lx_colour who, const lx_bgammon_play *p)
{
    unsigned hits = 0;
    for (int k = 0; k < p->nsteps && k < 4; k++)
        if (bg_step_apply(b, who, p->step[k].from, p->step[k].to))
            hits |= 1u << k;
    return hits;
}

int bg_win_level(const lx_bgammon_board *b, lx_colour winner)
{
    const uint8_t *loser = b->checkers[bg_other(winner)];
    if (loser[LX_BGAMMON_OFF] > 0)
        return 1;
    /* the winner's home board is the loser's 19..24, and the bar */
    for (int i = 19; i <= 25; i++)
        if (loser[i])
            return 3;
    return 2;
}

size_t lx_bgammon_format_play(const lx_bgammon_play *p, char *buf, size_t cap)
{
    size_t n = 0;
    if (cap == 0)
        return 0;
    buf[0] = '\0';
    for (int k = 0; k < p->nsteps && k < 4; k++) {
        char part[24];
        int from = p->step[k].from, to = p->step[k].to;
        char f[8], t[8];
        if (from == LX_BGAMMON_BAR)
            snprintf(f, sizeof f, "bar");
        else
            snprintf(f, sizeof f, "%d", from);
        if (to == LX_BGAMMON_OFF)
            snprintf(t, sizeof t, "off");
        else
            snprintf(t, sizeof t, "%d", to);
        int len = snprintf(part, sizeof part, "%s%s/%s%s", k ? " " : "", f, t, (p->hits >> k) & 1 ? "*" : "");
        if (len < 0 || n + (size_t)len >= cap) {
            buf[0] = '\0';
            return 0;
        }
        memcpy(buf + n, part, (size_t)len + 1);
        n += (size_t)len;
    }
    return n;
}

/* draw_ascii.c - a backgammon position as text, in the familiar layout.
 *
 *  Position ID: 4HPwATDgc/ABMA   Match ID: cAngAAAAAAAE
 *  +13-14-15-16-17-18------19-20-21-22-23-24-+   X Black   score 0
 *  | X           O    |   | O              X |   pips 167   off 0
 *  ...                                            (five rows a half)
 *  |                  |BAR|                  |   cube 1, in the middle
 *  ...
 *  +12-11-10--9--8--7-------6--5--4--3--2--1-+   O White   score 0
 *  White to roll.  5-point match.
 *
 * The numbers are White's points (SGF 'a' is White's 1, 'x' its 24), so White
 * (O) bears off at the bottom right and Black (X) at the top right.  A point
 * with more than five checkers shows its count in the fifth row; checkers on
 * the bar stand in the BAR column, Black's above the middle, White's below. */
#include <stdio.h>
#include <string.h>

#include "bgammon/bg_impl.h"

#define ROWS 5

/* Who sits on White's point p, and how many. */
static int occupant(const lx_bgammon_board *b, int p, char *ch)
{
    int w = b->checkers[LX_WHITE][p], k = b->checkers[LX_BLACK][25 - p];
    *ch = w ? 'O' : 'X';
    return w ? w : k;
}

/* The 3-character cell of a stack of n at row r (0 nearest the edge). */
static void cell(char out[4], int n, int r, char ch)
{
    memcpy(out, "   ", 4);
    if (n > r) {
        if (r == ROWS - 1 && n > ROWS) {
            out[0] = n >= 10 ? (char)('0' + n / 10 % 10) : ' ';
            out[1] = (char)('0' + n % 10);
        } else
            out[1] = ch;
    }
}

static int row_line(const lx_bgammon_board *b, int top, int r, const char *side, lx_buf *out)
{
    char line[64], c[4];
    size_t n = 0;
    line[n++] = ' ';
    line[n++] = '|';
    for (int col = 0; col < 12; col++) {
        if (col == 6) {
            char ch = top ? 'X' : 'O';
            int bar = b->checkers[top ? LX_BLACK : LX_WHITE][LX_BGAMMON_BAR];
            line[n++] = '|';
            cell(c, bar, ROWS - 1 - r, ch); /* the bar fills from the middle outwards */
            memcpy(line + n, c, 3), n += 3;
            line[n++] = '|';
        }
        int p = top ? 13 + col : 12 - col;
        char ch;
        int k = occupant(b, p, &ch);
        cell(c, k, r, ch);
        memcpy(line + n, c, 3), n += 3;
    }
    line[n++] = '|';
    line[n] = '\0';
    return lx_buf_printf(out, "%s%s%s\n", line, *side ? "   " : "", side);
}

static void side_text(const lx_bgammon_board *b, const lx_bgammon_match_info *m, int row, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (row == 0 || row == 12) {
        lx_colour c = row == 0 ? LX_BLACK : LX_WHITE;
        snprintf(buf, cap, "%c %s   score %d", c == LX_BLACK ? 'X' : 'O', bg_colour_name(c), m->score[c]);
    } else if (row == 1 || row == 11) {
        lx_colour c = row == 1 ? LX_BLACK : LX_WHITE;
        snprintf(buf, cap, "pips %u   off %d", lx_bgammon_pips(b, c), b->checkers[c][LX_BGAMMON_OFF]);
    } else if (row == 6) {
        if (m->cube_owner == LX_NO_COLOUR)
            snprintf(buf, cap, "cube %d, in the middle", m->cube);
        else
            snprintf(buf, cap, "cube %d, %s's", m->cube, bg_colour_name(m->cube_owner));
    } else if (row == 7 && m->length > 0) {
        snprintf(buf, cap, "%d-point match%s", m->length, m->crawford ? ", Crawford game" : "");
    } else if (row == 7) {
        snprintf(buf, cap, "money game");
    }
}

int bg_draw_ascii(const lx_bgammon_board *b, const lx_bgammon_match_info *m, lx_buf *out)
{
    char pos[15], match[13], side[96], state[160];
    lx_bgammon_position_id(b, m->on_roll, pos);
    lx_bgammon_match_id(m, match);
    int rc = lx_buf_printf(out, " Position ID: %s   Match ID: %s\n", pos, match);
    side_text(b, m, 0, side, sizeof side);
    rc |= lx_buf_printf(out, " +13-14-15-16-17-18------19-20-21-22-23-24-+   %s\n", side);
    for (int r = 0; r < ROWS; r++) {
        side_text(b, m, 1 + r, side, sizeof side);
        rc |= row_line(b, 1, r, side, out);
    }
    side_text(b, m, 6, side, sizeof side);
    rc |= lx_buf_printf(out, " |                  |BAR|                  |   %s\n", side);
    for (int r = ROWS - 1; r >= 0; r--) {
        side_text(b, m, 11 - r, side, sizeof side);
        rc |= row_line(b, 0, r, side, out);
    }
    side_text(b, m, 12, side, sizeof side);
    rc |= lx_buf_printf(out, " +12-11-10--9--8--7-------6--5--4--3--2--1-+   %s\n", side);
    rc |= lx_buf_printf(out, " %s\n", bg_state_sentence(m, state, sizeof state));
    return rc ? -1 : 0;
}

/* draw_svg.c - a backgammon position as a standalone SVG document.
 *
 * The same layout as the text drawing (White's points 13-24 along the top,
 * 12-1 along the bottom, White bearing off at the bottom right): a board of
 * twelve points in two halves with the bar between, a tray on the right for
 * borne-off checkers, and the cube on the left - in the middle when centred,
 * at its owner's side otherwise.  White's checkers are light, Black's dark;
 * a point with more than five shows its count on the fifth.  Beside the
 * board: both players' scores, pip counts and the IDs.  All sizes are
 * multiples of `u`, the width of a point.
 *
 * For pages that turn a click into a move, every place a checker can move
 * from or to is class="point" with data-point: the 24 triangles "1".."24"
 * numbered from White's side (gnubg's player 0, ludexd's USER1: White bears
 * off from 1..6, and Black's point n is White's 25-n) whoever is on roll, so
 * the numbers never move; the bar "bar"; the bear-off tray "off". */
#include <stdio.h>

#include "bgammon/bg_impl.h"

typedef struct svg {
    lx_buf *out;
    double u;     /* width of a point */
    double x0;    /* left edge of the points */
    int rc;
} svg;

#define HALF_ROWS 5

static void put(svg *s, const char *fmt, double a, double b, double c, double d)
{
    s->rc |= lx_buf_printf(s->out, fmt, a, b, c, d);
}

/* Left x of column col (0..11), counting the bar. */
static double column_x(const svg *s, int col)
{
    return s->x0 + s->u * (col + (col >= 6 ? 1 : 0));
}

/* The point in column col of the top or bottom half; `point` is its number
 * from White's side (see the file's comment). */
static void triangle(svg *s, int col, int top, int dark, int point)
{
    double x = column_x(s, col), u = s->u, base = top ? u : 12 * u, tip = top ? 6 * u : 7 * u;
    s->rc |= lx_buf_printf(s->out,
                           "<polygon class=\"point\" data-point=\"%d\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                           "fill=\"%s\"/>\n",
                           point, x, base, x + u, base, x + u / 2, tip, dark ? "#8b4513" : "#deb887");
}

static void checker(svg *s, double cx, double cy, lx_colour c, int label)
{
    s->rc |= lx_buf_printf(s->out,
                           "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#333\" stroke-width=\"1\"/>\n",
                           cx, cy, s->u * 0.45, c == LX_WHITE ? "#f5f5f5" : "#222");
    if (label > 0)
        s->rc |= lx_buf_printf(s->out,
                               "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
                               cx, cy + s->u * 0.15, s->u * 0.4, c == LX_WHITE ? "#000" : "#fff", label);
}

/* n checkers of colour c stacked from the edge of column x (top or bottom half). */
static void stack(svg *s, double x, int top, int n, lx_colour c)
{
    for (int r = 0; r < n && r < HALF_ROWS; r++) {
        double cy = top ? s->u * (1.5 + r) : s->u * (11.5 - r);
        checker(s, x + s->u / 2, cy, c, r == HALF_ROWS - 1 && n > HALF_ROWS ? n : 0);
    }
}

static void points(svg *s, const lx_bgammon_board *b)
{
    for (int col = 0; col < 12; col++) {
        triangle(s, col, 1, col % 2 == 0, 13 + col);
        triangle(s, col, 0, col % 2 == 1, 12 - col);
    }
    for (int p = 1; p <= 24; p++) {
        int top = p >= 13, col = top ? p - 13 : 12 - p;
        int w = b->checkers[LX_WHITE][p], k = b->checkers[LX_BLACK][25 - p];
        stack(s, column_x(s, col), top, w ? w : k, w ? LX_WHITE : LX_BLACK);
        s->rc |= lx_buf_printf(s->out,
                               "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n",
                               column_x(s, col) + s->u / 2, top ? s->u * 0.75 : s->u * 12.75, s->u * 0.35, p);
    }
    double bar = s->x0 + 6 * s->u;
    stack(s, bar, 1, b->checkers[LX_BLACK][LX_BGAMMON_BAR], LX_BLACK);
    stack(s, bar, 0, b->checkers[LX_WHITE][LX_BGAMMON_BAR], LX_WHITE);
}

static void tray_and_cube(svg *s, const lx_bgammon_board *b, const lx_bgammon_match_info *m)
{
    double u = s->u, tray = s->x0 + 13 * u;
    s->rc |= lx_buf_printf(s->out,
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\">%d off</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\">%d off</text>\n",
                           tray + u / 2, 2 * u, u * 0.35, b->checkers[LX_BLACK][LX_BGAMMON_OFF], tray + u / 2, 11.5 * u,
                           u * 0.35, b->checkers[LX_WHITE][LX_BGAMMON_OFF]);
    double cy = m->cube_owner == LX_BLACK ? 1.2 * u : m->cube_owner == LX_WHITE ? 10.8 * u : 6 * u;
    put(s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fff\" stroke=\"#000\" rx=\"3\"/>\n",
        u * 0.1, cy - 0.4 * u, 0.8 * u, 0.8 * u);
    s->rc |= lx_buf_printf(s->out,
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\">%d</text>\n",
                           u * 0.5, cy + 0.15 * u, u * 0.4, m->cube);
}

static void legend(svg *s, const lx_bgammon_board *b, const lx_bgammon_match_info *m)
{
    double x = s->x0 + 14.5 * s->u, u = s->u, fs = u * 0.4;
    char pos[15], match[13], kind[64], state[160];
    lx_bgammon_position_id(b, m->on_roll, pos);
    lx_bgammon_match_id(m, match);
    if (m->length)
        snprintf(kind, sizeof kind, "%d-point match%s", m->length, m->crawford ? ", Crawford game" : "");
    else
        snprintf(kind, sizeof kind, "money game");
    s->rc |= lx_buf_printf(s->out,
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">Black (dark): %d point%s, %u pips</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">White (light): %d point%s, %u pips</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">%s</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">Position ID %s</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">Match ID %s</text>\n"
                           "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">%s</text>\n",
                           x, 1.5 * u, fs, m->score[LX_BLACK], m->score[LX_BLACK] == 1 ? "" : "s",
                           lx_bgammon_pips(b, LX_BLACK), x, 11.5 * u, fs, m->score[LX_WHITE],
                           m->score[LX_WHITE] == 1 ? "" : "s", lx_bgammon_pips(b, LX_WHITE), x, 6.2 * u, fs, kind, x,
                           7.2 * u, fs, pos, x, 8.0 * u, fs, match, x, 9.0 * u, fs,
                           bg_state_sentence(m, state, sizeof state));
}

int bg_draw_svg(const lx_bgammon_board *b, const lx_bgammon_match_info *m, int size, lx_buf *out)
{
    static const int sizes[] = {32, 20, 28, 40, 56};
    double u = size >= 1 && size <= 4 ? sizes[size] : size > 4 ? size : sizes[0];
    svg s = {out, u, u, 0};
    double width = 26 * u, height = 13 * u;
    s.rc |= lx_buf_printf(out,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                          "font-family=\"sans-serif\">\n"
                          "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n",
                          width, height, width, height, width, height);
    put(&s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f0e0c0\" stroke=\"#000\"/>\n", u, u,
        14 * u, 11 * u);
    put(&s, "<rect class=\"point\" data-point=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"#6b3e1f\"/>\n", u + 6 * u, u, u, 11 * u);
    put(&s, "<rect class=\"point\" data-point=\"off\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"#c8b08a\" stroke=\"#000\"/>\n", u + 13 * u, u, u, 11 * u);
    points(&s, b);
    tray_and_cube(&s, b, m);
    legend(&s, b, m);
    s.rc |= lx_buf_printf(out, "</svg>\n");
    return s.rc ? -1 : 0;
}

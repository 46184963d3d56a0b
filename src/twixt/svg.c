/* svg.c - a Twixt position as a standalone SVG picture.
 *
 * A light wooden board, row 1 at the top; every hole a small dark dot
 * (corners left out); the border rows set off by lines - White's (top and
 * bottom) drawn white on a dark edge, Black's (left and right) black; links
 * as thick strokes under the pegs, White's white with a dark edge, Black's
 * black; pegs as discs; the last peg ringed in red; column letters and row
 * numbers on all four sides; a caption with the legend and the status line.
 * `size` is the distance between holes in pixels: 1..4 give 18, 24, 28, 36
 * (small to large), 0 gives 28, and any larger number is taken as pixels.
 *
 * For pages that turn a click into a move: every hole's dot (border rows and
 * columns too, never the corners) is class="hole" with data-move="d5", the
 * hole as ludexd's moves write it, and data-peg="W" or "B" when a peg is in
 * it; every link is class="link" with data-link="d5-e7", its ends left end
 * first (the dark edge under a White link: class="link-edge", same data-link).
 *
 * The text only uses characters that need no escaping in XML. */
#include <stdio.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

typedef struct geo {
    double s, margin;
} geo;

static double gx(const geo *g, int col) { return g->margin + g->s * col; }
static double gy(const geo *g, int row) { return g->margin + g->s * row; }

static int header(const lx_twixt_board *b, const geo *g, lx_buf *out, double w, double h)
{
    return lx_buf_printf(out,
                         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                         "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
                         "<title>Twixt %d x %d</title>\n"
                         "<rect width=\"100%%\" height=\"100%%\" fill=\"#e9d3a6\"/>\n"
                         "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"#f3e2bd\" "
                         "stroke=\"#b89a64\"/>\n",
                         w, h, w, h, b->g.cols, b->g.rows, g->margin - g->s * 0.6, g->margin - g->s * 0.6,
                         g->s * (b->g.cols - 1) + g->s * 1.2, g->s * (b->g.rows - 1) + g->s * 1.2, g->s * 0.3);
}

static int border_lines(const lx_twixt_board *b, const geo *g, lx_buf *out)
{
    double x0 = gx(g, 1) - g->s * 0.5, x1 = gx(g, b->g.cols - 2) + g->s * 0.5;
    double y0 = gy(g, 1) - g->s * 0.5, y1 = gy(g, b->g.rows - 2) + g->s * 0.5, wd = g->s * 0.08;
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        double y = i ? y1 : y0, x = i ? x1 : x0;
        rc = lx_buf_printf(out,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" stroke-width=\"%.1f\"/>\n"
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#fff\" stroke-width=\"%.1f\"/>\n"
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#111\" stroke-width=\"%.1f\"/>\n",
                           x0, y, x1, y, wd * 2.2, x0, y, x1, y, wd, x, y0, x, y1, wd * 1.4);
    }
    return rc;
}

/* One hole's dot, named as a move ("d5") and marked with its peg's colour. */
static int hole(const lx_twixt_board *b, const geo *g, lx_buf *out, int c, int r)
{
    char name[32];
    int32_t p = tw_cell(&b->g, c, r);
    uint8_t code = b->peg[p];
    const char *peg = code == TW_WHITE ? " data-peg=\"W\"" : code == TW_BLACK ? " data-peg=\"B\"" : "";
    tw_cell_name(&b->g, p, name, sizeof name);
    return lx_buf_printf(out, "<circle class=\"hole\" data-move=\"%s\"%s cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n",
                         name, peg, gx(g, c), gy(g, r), g->s * 0.08);
}

static int holes(const lx_twixt_board *b, const geo *g, lx_buf *out)
{
    if (lx_buf_printf(out, "<g fill=\"#6b5a3e\">\n") != 0)
        return -1;
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++)
            if (tw_hole_allowed(&b->g, LX_NO_COLOUR, c, r) && hole(b, g, out, c, r) != 0)
                return -1;
    return lx_buf_append_str(out, "</g>\n");
}

/* One link's stroke, its ends named as moves, the left end first ("d5-e7").
 * The dark edge drawn under a White link is class "link-edge", so that
 * class "link" is one element per link. */
static int link_line(const lx_twixt_board *b, const geo *g, lx_buf *out, int32_t l, int edge)
{
    char from[32], to[32];
    int32_t p, q;
    tw_link_ends(&b->g, l, &p, &q);
    tw_cell_name(&b->g, p, from, sizeof from);
    tw_cell_name(&b->g, q, to, sizeof to);
    return lx_buf_printf(out,
                         "<line class=\"%s\" data-link=\"%s-%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                         edge ? "link-edge" : "link", from, to, gx(g, tw_col(&b->g, p)), gy(g, tw_row(&b->g, p)),
                         gx(g, tw_col(&b->g, q)), gy(g, tw_row(&b->g, q)));
}

static int links(const lx_twixt_board *b, const geo *g, lx_buf *out)
{
    for (int pass = 0; pass < 3; pass++) { /* White's dark edge, White's link, Black's link */
        uint8_t code = pass < 2 ? TW_WHITE : TW_BLACK;
        const char *colour = pass == 0 ? "#333" : pass == 1 ? "#fff" : "#161616";
        double w = g->s * (pass == 0 ? 0.24 : pass == 1 ? 0.14 : 0.18);
        if (lx_buf_printf(out, "<g stroke=\"%s\" stroke-width=\"%.1f\" stroke-linecap=\"round\">\n", colour, w) != 0)
            return -1;
        for (int32_t l = 0; l < 4 * b->g.ncells; l++)
            if (b->link[l] == code && link_line(b, g, out, l, pass == 0) != 0)
                return -1;
        if (lx_buf_append_str(out, "</g>\n") != 0)
            return -1;
    }
    return 0;
}

static int pegs(const lx_twixt_board *b, const geo *g, lx_buf *out)
{
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++) {
            uint8_t code = b->peg[tw_cell(&b->g, c, r)];
            if (code != TW_WHITE && code != TW_BLACK)
                continue;
            const char *fill = code == TW_WHITE ? "#fdfdfd" : "#1a1a1a", *edge = code == TW_WHITE ? "#333" : "#000";
            if (lx_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
                              gx(g, c), gy(g, r), g->s * 0.3, fill, edge, g->s * 0.06) != 0)
                return -1;
        }
    if (b->last_peg && b->last_colour != LX_NO_COLOUR && b->peg[b->last_peg] != TW_EMPTY)
        return lx_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#d22\" "
                             "stroke-width=\"%.1f\"/>\n", gx(g, tw_col(&b->g, b->last_peg)), gy(g, tw_row(&b->g, b->last_peg)),
                             g->s * 0.42, g->s * 0.08);
    return 0;
}

static int labels(const lx_twixt_board *b, const geo *g, lx_buf *out)
{
    char name[16];
    double fs = g->s * 0.42, top = g->margin - g->s * 0.95, bottom = gy(g, b->g.rows - 1) + g->s * 0.95 + fs * 0.7;
    if (lx_buf_printf(out, "<g font-size=\"%.1f\" fill=\"#4a3b22\" text-anchor=\"middle\">\n", fs) != 0)
        return -1;
    for (int c = 0; c < b->g.cols; c++) {
        lx_coord_column_name(c, name, sizeof name);
        for (char *k = name; *k; k++)
            *k = (char)(*k - 'a' + 'A');
        if (lx_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text><text x=\"%.1f\" y=\"%.1f\">%s</text>\n", gx(g, c),
                          top + fs * 0.35, name, gx(g, c), bottom, name) != 0)
            return -1;
    }
    for (int r = 0; r < b->g.rows; r++)
        if (lx_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\">%d</text><text x=\"%.1f\" y=\"%.1f\">%d</text>\n",
                          g->margin - g->s * 1.0, gy(g, r) + fs * 0.35, r + 1, gx(g, b->g.cols - 1) + g->s * 1.0,
                          gy(g, r) + fs * 0.35, r + 1) != 0)
            return -1;
    return lx_buf_append_str(out, "</g>\n");
}

static int caption(const lx_twixt_board *b, const geo *g, lx_buf *out, double h)
{
    char status[200], last[16];
    tw_status_line(b, status, sizeof status);
    lx_coord_column_name(b->g.cols - 1, last, sizeof last);
    for (char *k = last; *k; k++)
        *k = (char)(*k - 'a' + 'A');
    double fs = g->s * 0.42 < 11 ? 11 : g->s * 0.42;
    return lx_buf_printf(out,
                         "<g font-size=\"%.1f\" fill=\"#222\">\n"
                         "<text x=\"%.1f\" y=\"%.1f\">White joins rows 1 and %d, Black joins columns A and %s%s</text>\n"
                         "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n</g>\n</svg>\n",
                         fs, g->s * 0.5, h - fs * 1.9, b->g.rows, last, b->rules == LX_TWIXT_PP ? " (PP rules)" : "",
                         g->s * 0.5, h - fs * 0.6, status);
}

int tw_draw_svg(const lx_twixt_board *b, int size, lx_buf *out)
{
    static const double named[] = {28, 18, 24, 28, 36};
    geo g;
    g.s = size >= 0 && size <= 4 ? named[size] : size;
    g.margin = g.s * 1.8;
    double fs = g.s * 0.42 < 11 ? 11 : g.s * 0.42;
    double w = 2 * g.margin + g.s * (b->g.cols - 1), h = 2 * g.margin + g.s * (b->g.rows - 1) + fs * 3.2;
    if (w < 40 * fs * 0.6)
        w = 40 * fs * 0.6;
    if (header(b, &g, out, w, h) != 0 || border_lines(b, &g, out) != 0 || holes(b, &g, out) != 0 ||
        links(b, &g, out) != 0 || pegs(b, &g, out) != 0 || labels(b, &g, out) != 0 || caption(b, &g, out, h) != 0)
        return -1;
    return 0;
}

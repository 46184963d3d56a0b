/* draw.c - pictures of a Hex position: an ASCII rhombus and a standalone SVG.
 *
 * ASCII: column letters above and below, row numbers on both sides, each row
 * shifted half a cell to the right of the one above, as Hex boards are drawn
 * (a1 is the acute corner top left).  'X' Black, 'O' White, '.' empty.  A
 * last line says who connects what, whose turn it is or who won, and the last
 * move.  Cells are as wide as the longest column name needs, so boards with
 * more than 26 columns stay aligned.
 *
 * SVG: pointy-top hexagons, the top and bottom edges drawn black, the left and
 * right edges white on a dark outline, the last stone marked with a red dot,
 * coordinates on all four sides.  `size` is the hexagon's radius in pixels.
 * Each cell's hexagon carries class="cell", data-move="f6" (the cell as a
 * move) and, when occupied, data-stone="B" or "W".
 *
 * Neither changes the position or needs more than the output buffer. */
#include <stdio.h>
#include <string.h>

#include "base/coord.h"
#include "hex/hex_impl.h"

/* ---- the status line ------------------------------------------------------------------ */

static void status_line(const lx_hex_board *b, char *buf, size_t cap)
{
    char end[160], last[80] = "";
    lx_colour w = lx_hex_winner(b);
    if (b->last_colour != LX_NO_COLOUR) {
        char mv[32];
        lx_hex_move m = {b->last_kind, 0, 0};
        if (b->last_kind == LX_HEX_STONE)
            hex_cell_name(&b->g, b->last_cell, mv, sizeof mv);
        else
            lx_hex_format_move(&m, mv, sizeof mv);
        snprintf(last, sizeof last, "; last move %zu: %c %s", b->moves, b->last_colour == LX_BLACK ? 'B' : 'W', mv);
    }
    hex_describe_end(b, end, sizeof end);
    if (w != LX_NO_COLOUR)
        snprintf(buf, cap, "%s won (%s)%s", hex_colour_name(w), end, last);
    else if (b->turn_source == HEX_TURN_START || b->turn_source == HEX_TURN_SETUP)
        snprintf(buf, cap, "%s to play%s", b->turn_source == HEX_TURN_SETUP ? "either colour" : "Black", last);
    else
        snprintf(buf, cap, "%s to play%s", hex_colour_name(b->to_play), last);
}

/* ---- ASCII ---------------------------------------------------------------------------- */

static int spaces(lx_buf *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lx_buf_append_char(out, ' ') != 0)
            return -1;
    return 0;
}

static int column_labels(const lx_hex_board *b, lx_buf *out, size_t indent, size_t cw)
{
    char name[16];
    if (spaces(out, indent) != 0)
        return -1;
    for (int c = 0; c < b->g.cols; c++) {
        size_t n = lx_coord_column_name(c, name, sizeof name);
        if (lx_buf_append_str(out, name) != 0 || (c + 1 < b->g.cols && spaces(out, cw - n) != 0))
            return -1;
    }
    return lx_buf_append_char(out, '\n');
}

static int ascii_row(const lx_hex_board *b, lx_buf *out, int r, size_t shift, size_t cw, int nw)
{
    static const char mark[] = {'.', 'X', 'O', '?'};
    if (spaces(out, (size_t)r * shift) != 0 || lx_buf_printf(out, "%*d ", nw, r + 1) != 0)
        return -1;
    for (int c = 0; c < b->g.cols; c++)
        if (lx_buf_append_char(out, mark[b->g.colour[hex_cell(&b->g, c, r)] & 3]) != 0 || spaces(out, cw - 1) != 0)
            return -1;
    return lx_buf_printf(out, "%d\n", r + 1);
}

static int draw_ascii(const lx_hex_board *b, lx_buf *out)
{
    char name[16], status[320];
    size_t lw = lx_coord_column_name(b->g.cols - 1, name, sizeof name);
    size_t cw = (lw + 1) % 2 ? lw + 2 : lw + 1, shift = cw / 2;
    int nw = snprintf(name, sizeof name, "%d", b->g.rows);
    if (column_labels(b, out, (size_t)nw + 1, cw) != 0)
        return -1;
    for (int r = 0; r < b->g.rows; r++)
        if (ascii_row(b, out, r, shift, cw, nw) != 0)
            return -1;
    if (column_labels(b, out, (size_t)b->g.rows * shift + (size_t)nw + 1, cw) != 0)
        return -1;
    status_line(b, status, sizeof status);
    return lx_buf_printf(out, "X Black joins top and bottom, O White joins left and right; %s\n", status);
}

/* ---- SVG ------------------------------------------------------------------------------ */

typedef struct geometry {
    double r, w, margin; /* hexagon radius, width, space for labels */
} geometry;

static void centre(const geometry *g, int c, int r, double *x, double *y)
{
    *x = g->margin + g->w * (c + r * 0.5) + g->w / 2;
    *y = g->margin + g->r + 1.5 * g->r * r;
}

/* Vertex k of a pointy-top hexagon: 0 top, then clockwise. */
static void vertex(const geometry *g, double x, double y, int k, double *vx, double *vy)
{
    static const double dx[] = {0, 0.5, 0.5, 0, -0.5, -0.5}, dy[] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
    *vx = x + dx[k % 6] * g->w;
    *vy = y + dy[k % 6] * g->r;
}

/* The hexagon of cell p, named as a move ("f6", what ludexd's hex moves
 * accept) and, when a stone is on it, its colour: a page maps a click to a
 * move from these attributes alone. */
static int cell_polygon(const lx_hex_board *b, lx_buf *out, const geometry *g, int32_t p, double x, double y)
{
    char name[32];
    int s = b->g.colour[p];
    const char *stone = s == HEX_BLACK ? " data-stone=\"B\"" : s == HEX_WHITE ? " data-stone=\"W\"" : "";
    hex_cell_name(&b->g, p, name, sizeof name);
    if (lx_buf_printf(out, "<polygon class=\"cell\" data-move=\"%s\"%s points=\"", name, stone) != 0)
        return -1;
    for (int k = 0; k < 6; k++) {
        double vx, vy;
        vertex(g, x, y, k, &vx, &vy);
        if (lx_buf_printf(out, "%s%.1f,%.1f", k ? " " : "", vx, vy) != 0)
            return -1;
    }
    return lx_buf_append_str(out, "\"/>\n");
}

/* A polyline along vertices k0..k0+n of cell (c,r), in class `cls`. */
static int edge(lx_buf *out, const geometry *g, int c, int r, int k0, int n, const char *cls)
{
    double x, y;
    centre(g, c, r, &x, &y);
    if (lx_buf_printf(out, "<polyline class=\"%s\" points=\"", cls) != 0)
        return -1;
    for (int k = k0; k <= k0 + n; k++) {
        double vx, vy;
        vertex(g, x, y, k, &vx, &vy);
        if (lx_buf_printf(out, "%s%.1f,%.1f", k > k0 ? " " : "", vx, vy) != 0)
            return -1;
    }
    return lx_buf_append_str(out, "\"/>\n");
}

static int white_edges(const lx_hex_board *b, lx_buf *out, const geometry *g, const char *cls)
{
    for (int r = 0; r < b->g.rows; r++)
        if (edge(out, g, 0, r, 3, 2, cls) != 0 || edge(out, g, b->g.cols - 1, r, 0, 2, cls) != 0)
            return -1;
    return 0;
}

static int black_edges(const lx_hex_board *b, lx_buf *out, const geometry *g)
{
    for (int c = 0; c < b->g.cols; c++)
        if (edge(out, g, c, 0, 5, 2, "black-edge") != 0 || edge(out, g, c, b->g.rows - 1, 2, 2, "black-edge") != 0)
            return -1;
    return 0;
}

static int svg_cells(const lx_hex_board *b, lx_buf *out, const geometry *g)
{
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++) {
            double x, y;
            int32_t p = hex_cell(&b->g, c, r);
            centre(g, c, r, &x, &y);
            if (cell_polygon(b, out, g, p, x, y) != 0)
                return -1;
            int s = b->g.colour[p];
            if (s == HEX_BLACK || s == HEX_WHITE)
                if (lx_buf_printf(out, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n",
                                  s == HEX_BLACK ? "black" : "white", x, y, g->r * 0.72) != 0)
                    return -1;
            if (p == b->last_cell && b->last_colour != LX_NO_COLOUR && b->last_kind == LX_HEX_STONE)
                if (lx_buf_printf(out, "<circle class=\"last\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", x, y,
                                  g->r * 0.2) != 0)
                    return -1;
        }
    return 0;
}

static int label(lx_buf *out, double x, double y, const char *text)
{
    return lx_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x, y, text);
}

static int svg_labels(const lx_hex_board *b, lx_buf *out, const geometry *g)
{
    char name[24];
    double x, y;
    for (int c = 0; c < b->g.cols; c++) {
        lx_coord_column_name(c, name, sizeof name);
        centre(g, c, 0, &x, &y);
        if (label(out, x, y - 1.4 * g->r, name) != 0)
            return -1;
        centre(g, c, b->g.rows - 1, &x, &y);
        if (label(out, x, y + 1.75 * g->r, name) != 0)
            return -1;
    }
    for (int r = 0; r < b->g.rows; r++) {
        snprintf(name, sizeof name, "%d", r + 1);
        centre(g, 0, r, &x, &y);
        if (label(out, x - 1.0 * g->w, y + 0.3 * g->r, name) != 0)
            return -1;
        centre(g, b->g.cols - 1, r, &x, &y);
        if (label(out, x + 1.0 * g->w, y + 0.3 * g->r, name) != 0)
            return -1;
    }
    return 0;
}

static int svg_header(const lx_hex_board *b, lx_buf *out, const geometry *g, double width, double height)
{
    char status[320];
    status_line(b, status, sizeof status);
    return lx_buf_printf(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n"
        "<title>Hex %d x %d: %s</title>\n"
        "<style>\n"
        ".cell{fill:#e9c98b;stroke:#7a5a2a;stroke-width:1}\n"
        ".black{fill:#111}\n.white{fill:#fafafa;stroke:#222;stroke-width:1}\n.last{fill:#d22}\n"
        ".black-edge{fill:none;stroke:#111;stroke-width:%.1f;stroke-linecap:round}\n"
        ".white-edge-under{fill:none;stroke:#222;stroke-width:%.1f;stroke-linecap:round}\n"
        ".white-edge{fill:none;stroke:#fff;stroke-width:%.1f;stroke-linecap:round}\n"
        "text{font-family:sans-serif;font-size:%.1fpx;text-anchor:middle;fill:#333}\n"
        "</style>\n"
        "<rect width=\"100%%\" height=\"100%%\" fill=\"#fffdf6\"/>\n",
        width, height, width, height, b->g.cols, b->g.rows, status, g->r * 0.3, g->r * 0.3 + 2, g->r * 0.3,
        g->r * 0.6);
}

static int draw_svg(const lx_hex_board *b, int size, lx_buf *out)
{
    geometry g;
    g.r = size > 0 ? size : 18;
    g.w = 1.7320508075688772 * g.r; /* sqrt(3), without libm */
    g.margin = 2.2 * g.r;
    double width = 2 * g.margin + g.w * (b->g.cols + (b->g.rows - 1) * 0.5);
    double height = 2 * g.margin + 2 * g.r + 1.5 * g.r * (b->g.rows - 1);
    if (svg_header(b, out, &g, width, height) != 0 || svg_cells(b, out, &g) != 0 ||
        white_edges(b, out, &g, "white-edge-under") != 0 || white_edges(b, out, &g, "white-edge") != 0 ||
        black_edges(b, out, &g) != 0 ||
        svg_labels(b, out, &g) != 0)
        return -1;
    return lx_buf_append_str(out, "</svg>\n");
}

int lx_hex_draw(const lx_hex_board *b, lx_draw_format fmt, int size, lx_buf *out)
{
    return fmt == LX_DRAW_SVG ? draw_svg(b, size, out) : draw_ascii(b, out);
}

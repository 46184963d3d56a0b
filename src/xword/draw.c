/* draw.c - a position drawn as text or SVG: board, premium squares, racks, scores.
 *
 * Text: one cell per square, wide enough for the longest tile label; an
 * empty square shows its premium (= triple word, - double word, " triple
 * letter, ' double letter, ~ and ^ quadruple word and letter, * the start
 * square), a tile its label (lower case for a blank); under the board the
 * racks in turn order with the scores, an arrow at the player to move.
 * SVG: the same, with coloured premium squares named in letters (DW, TW, DL,
 * TL, QW, QL: class="premium" data-premium) and tiles showing their values.  Names and labels are escaped; nothing here reads files.  For pages
 * that turn a click into a play, each square's rectangle is class="square"
 * with data-square="8D" (row, then column, as in the play "8D WORD") and,
 * when a tile is on it, data-tile="A" (its label; lower case for a blank). */
#include <stdio.h>
#include <string.h>

#include "xword/xword_impl.h"

static char premium_char(const lx_xw_layout *l, int r, int c)
{
    int lm = lx_xw_layout_letter_mult(l, r, c), wm = lx_xw_layout_word_mult(l, r, c);
    if (r == l->start_row && c == l->start_col)
        return '*';
    return wm == 4 ? '~' : wm == 3 ? '=' : wm == 2 ? '-' : lm == 4 ? '^' : lm == 3 ? '"' : lm == 2 ? '\'' : '.';
}

static size_t codepoints(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static int pad(lx_buf *out, size_t n)
{
    int rc = 0;
    while (n-- > 0 && !rc)
        rc = lx_buf_append_char(out, ' ');
    return rc;
}

static void player_name(const char *const *names, size_t i, char *buf, size_t cap)
{
    if (names && names[i])
        snprintf(buf, cap, "%s", names[i]);
    else
        snprintf(buf, cap, "player %zu", i + 1);
}

static int rack_text(const lx_xw_pos *p, size_t i, lx_buf *out)
{
    size_t n;
    const uint8_t *rack = lx_xw_pos_rack(p, i, &n);
    int rc = 0;
    for (size_t k = 0; k < n && !rc; k++)
        rc = xw_dist_append_label(p->dist, rack[k], 1, out);
    return rc;
}

/* ---- text ------------------------------------------------------------------------------------------ */

static int ascii_board(const lx_xw_pos *p, size_t cw, lx_buf *out)
{
    char col[16];
    int rc = pad(out, 4);
    for (int c = 0; c < p->cols && !rc; c++) {
        size_t n = xw_column_name(c, col, sizeof col);
        rc = pad(out, cw - n) || lx_buf_append_str(out, col);
    }
    rc = rc || lx_buf_append_char(out, '\n');
    for (int r = 0; r < p->rows && !rc; r++) {
        rc = lx_buf_printf(out, "%3d ", r + 1);
        for (int c = 0; c < p->cols && !rc; c++) {
            int t = xw_sq(p, r, c);
            const char *lab = t ? lx_xw_dist_label(p->dist, t) : NULL;
            char prem[2] = {premium_char(p->layout, r, c), 0};
            rc = pad(out, cw - (lab ? codepoints(lab) : 1)) || lx_buf_append_str(out, lab ? lab : prem);
        }
        rc = rc || lx_buf_printf(out, " %d\n", r + 1);
    }
    return rc;
}

static int ascii_players(const lx_xw_pos *p, const char *const *names, lx_buf *out)
{
    int rc = lx_buf_append_char(out, '\n');
    char name[64];
    for (size_t i = 0; i < p->npl && !rc; i++) {
        player_name(names, i, name, sizeof name);
        rc = lx_buf_printf(out, "%s %-16s ", i == 0 ? "->" : "  ", name);
        size_t before = out->len;
        rc = rc || (p->pl[i].rack_len ? rack_text(p, i, out) : lx_buf_append_str(out, "(no tiles known)"));
        size_t w = codepoints(out->data + before);
        rc = rc || pad(out, w < 16 ? 16 - w : 1) || lx_buf_printf(out, "%6ld\n", p->pl[i].score);
    }
    return rc;
}

static int ascii_footer(const lx_xw_pos *p, lx_buf *out)
{
    int rc = lx_buf_printf(out, "   zero-score turns: %ld   unseen tiles: %ld", p->zero_turns, lx_xw_pos_unseen(p));
    if (!rc && (p->ops.has & LX_XW_OP_LM)) {
        rc = lx_buf_append_str(out, "   last move: ") ||
             (p->ops.lm_kind == LX_XW_LM_CHALLENGED && lx_buf_append_str(out, "challenged off ")) ||
             lx_xw_move_write(p->dist, &p->ops.lm, 0, out);
    }
    if (!rc && p->ops.lex)
        rc = lx_buf_printf(out, "   lexicon: %s", p->ops.lex);
    return rc || lx_buf_append_str(out, "\n   = triple word  - double word  \" triple letter  ' double letter  "
                                        "~ ^ quadruple word, letter  * start\n");
}

static int draw_ascii(const lx_xw_pos *p, const char *const *names, lx_buf *out)
{
    char col[16];
    size_t cw = (size_t)p->dist->max_cps + 1, n = xw_column_name(p->cols - 1, col, sizeof col);
    cw = cw < n + 1 ? n + 1 : cw;
    return ascii_board(p, cw, out) || ascii_players(p, names, out) || ascii_footer(p, out) ? -1 : 0;
}

/* ---- SVG ------------------------------------------------------------------------------------------- */

static int svg_text(lx_buf *out, const char *s)
{
    int rc = 0;
    for (; *s && !rc; s++) {
        switch (*s) {
        case '&': rc = lx_buf_append_str(out, "&amp;"); break;
        case '<': rc = lx_buf_append_str(out, "&lt;"); break;
        case '>': rc = lx_buf_append_str(out, "&gt;"); break;
        case '"': rc = lx_buf_append_str(out, "&quot;"); break;
        default: rc = lx_buf_append_char(out, *s);
        }
    }
    return rc;
}

static const char *square_colour(char prem)
{
    switch (prem) {
    case '~': return "#f39c12";
    case '=': return "#d9534f";
    case '-':
    case '*': return "#f2b8b5";
    case '^': return "#8e6fbf";
    case '"': return "#3a7bd5";
    case '\'': return "#a9d4f5";
    default: return "#e8e4d4";
    }
}

/* A premium square's name on the board (TW triple word ...), NULL for a plain square or the start. */
static const char *premium_name(char prem)
{
    switch (prem) {
    case '~': return "QW";
    case '=': return "TW";
    case '-': return "DW";
    case '^': return "QL";
    case '"': return "TL";
    case '\'': return "DL";
    default: return NULL;
    }
}

/* The square's rectangle, named as a play's coordinate is written for an
 * across play ("8D": row, then column) and holding its tile's label (lower
 * case for a blank, escaped: a distribution may label tiles with anything). */
static int svg_square_rect(const lx_xw_pos *p, int r, int c, int x, int y, int s, lx_buf *out)
{
    char col[16];
    int t = xw_sq(p, r, c);
    xw_column_name(c, col, sizeof col);
    int rc = lx_buf_printf(out, "<rect class=\"square\" data-square=\"%d%s\"", r + 1, col);
    if (t)
        rc = rc || lx_buf_append_str(out, " data-tile=\"") || svg_text(out, lx_xw_dist_label(p->dist, t)) ||
             lx_buf_append_char(out, '"');
    return rc || lx_buf_printf(out, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\"/>\n",
                               x, y, s, s, t ? "#f3d98b" : square_colour(premium_char(p->layout, r, c)));
}

static int svg_square(const lx_xw_pos *p, int r, int c, int s, int x0, int y0, lx_buf *out)
{
    int x = x0 + c * s, y = y0 + r * s, t = xw_sq(p, r, c);
    char prem = premium_char(p->layout, r, c);
    int rc = svg_square_rect(p, r, c, x, y, s, out);
    if (!t) {
        const char *label = prem == '*' ? "\xE2\x98\x85" : NULL; /* a star */
        const char *name = premium_name(prem);
        if (name) /* its multiplier in letters, for those who do not read colours */
            return rc || lx_buf_printf(out, "<text class=\"premium\" data-premium=\"%s\" x=\"%d\" y=\"%d\" "
                                            "font-size=\"%d\" text-anchor=\"middle\" fill=\"#ffffff\">%s</text>\n",
                                       name, x + s / 2, y + s * 5 / 8, s * 3 / 8, name);
        return rc || (label && lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                                                  "fill=\"#7a3b3b\">%s</text>\n", x + s / 2, y + s * 2 / 3, s / 2, label));
    }
    rc = rc || lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" font-weight=\"bold\" "
                             "fill=\"%s\">", x + s / 2, y + s * 7 / 10, s * 3 / 5 / (p->dist->max_cps > 1 ? 2 : 1) + 2,
                             (t & LX_XW_BLANK_BIT) ? "#b03030" : "#222222") ||
         svg_text(out, lx_xw_dist_label(p->dist, t)) || lx_buf_append_str(out, "</text>\n");
    if (!(t & LX_XW_BLANK_BIT))
        rc = rc || lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"end\" fill=\"#444444\">%d"
                                 "</text>\n", x + s - 2, y + s - 2, s / 4 + 1, lx_xw_dist_value(p->dist, t));
    return rc;
}

static int svg_labels(const lx_xw_pos *p, int s, int x0, int y0, lx_buf *out)
{
    char col[16];
    int rc = 0;
    for (int c = 0; c < p->cols && !rc; c++) {
        xw_column_name(c, col, sizeof col);
        rc = lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>\n",
                           x0 + c * s + s / 2, y0 - s / 4, s / 3 + 2, col);
    }
    for (int r = 0; r < p->rows && !rc; r++)
        rc = lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"end\">%d</text>\n",
                           x0 - s / 4, y0 + r * s + s * 2 / 3, s / 3 + 2, r + 1);
    return rc;
}

static int svg_players(const lx_xw_pos *p, const char *const *names, int s, int x0, int y, lx_buf *out)
{
    char name[64];
    int rc = 0;
    for (size_t i = 0; i < p->npl && !rc; i++, y += s) {
        player_name(names, i, name, sizeof name);
        rc = lx_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\"%s>%s", x0, y, s / 2,
                           i == 0 ? " font-weight=\"bold\"" : "", i == 0 ? "&#x25B6; " : "") ||
             svg_text(out, name) || lx_buf_printf(out, ": %ld  ", p->pl[i].score);
        if (p->pl[i].rack_len) {
            lx_buf rack = LX_BUF_INIT;
            rc = rc || rack_text(p, i, &rack) || svg_text(out, rack.data ? rack.data : "");
            lx_buf_free(&rack);
        }
        rc = rc || lx_buf_append_str(out, "</text>\n");
    }
    return rc;
}

static int draw_svg(const lx_xw_pos *p, int size, const char *const *names, lx_buf *out)
{
    static const int sizes[] = {32, 20, 28, 36, 44};
    int s = size <= 0 ? 32 : size <= 4 ? sizes[size] : size;
    int x0 = s, y0 = s, w = x0 + p->cols * s + s / 2, h = y0 + p->rows * s + s * (int)(p->npl + 2);
    int rc = lx_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d "
                                "%d\" font-family=\"sans-serif\">\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                           w, h, w, h, w, h);
    for (int r = 0; r < p->rows && !rc; r++)
        for (int c = 0; c < p->cols && !rc; c++)
            rc = svg_square(p, r, c, s, x0, y0, out);
    rc = rc || svg_labels(p, s, x0, y0, out) || svg_players(p, names, s, x0, y0 + p->rows * s + s, out) ||
         lx_buf_append_str(out, "</svg>\n");
    return rc ? -1 : 0;
}

int lx_xw_draw(const lx_xw_pos *p, lx_draw_format fmt, int size, const char *const *names, lx_buf *out)
{
    if (!p->dist || !p->layout)
        return -1;
    return fmt == LX_DRAW_SVG ? draw_svg(p, size, names, out) : draw_ascii(p, names, out);
}

/* draw.c - ASCII pictures of a Twixt position, in the server's four display sizes.
 *
 * The style is the server help's diagrams: White pegs 'O', Black pegs '#',
 * holes '.', corners blank, column letters above and below, row numbers on
 * both sides.  Links are drawn from their upper end down with fixed
 * templates per size; medium is exactly the help's:
 *
 *     G6 to H8 (steep)        G6 to I7 (shallow)
 *      #                       #_
 *       \                        ---_
 *      .|                            #
 *        \
 *         #
 *
 * small: pegs only (2 or 3 characters a column), the links listed below;
 * medium: 3 characters a column, one line between rows (the help's size);
 * big: 4 characters, one line between rows; large: 6 characters, two lines
 * between rows.  Where two links would put different characters in one place
 * the stronger wins ('\' '/' '|' over '_' over '-'; '\' meeting '/' is 'X').
 * A last line says who joins what, whose turn it is or how the game ended,
 * and the last move.  The picture is built on a character canvas and each
 * line printed without trailing blanks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

typedef struct stroke {
    int8_t dx, dy;
    char ch;
} stroke;

typedef struct style {
    int cw, rh;              /* characters a column, text lines a row */
    int draw_links;
    const stroke *shape[4];  /* steep right, steep left, shallow right, shallow left */
    int nshape[4];
} style;

static const stroke m_sr[] = {{1, 1, '\\'}, {1, 2, '|'}, {2, 3, '\\'}};
static const stroke m_sl[] = {{-1, 1, '/'}, {-1, 2, '|'}, {-2, 3, '/'}};
static const stroke m_hr[] = {{1, 0, '_'}, {2, 1, '-'}, {3, 1, '-'}, {4, 1, '-'}, {5, 1, '_'}};
static const stroke m_hl[] = {{-1, 0, '_'}, {-2, 1, '-'}, {-3, 1, '-'}, {-4, 1, '-'}, {-5, 1, '_'}};
static const stroke b_sr[] = {{1, 1, '\\'}, {2, 2, '\\'}, {3, 3, '\\'}};
static const stroke b_sl[] = {{-1, 1, '/'}, {-2, 2, '/'}, {-3, 3, '/'}};
static const stroke b_hr[] = {{1, 0, '_'}, {2, 0, '_'}, {3, 1, '-'}, {4, 1, '-'}, {5, 1, '-'}, {6, 1, '_'}, {7, 1, '_'}};
static const stroke b_hl[] = {{-1, 0, '_'}, {-2, 0, '_'}, {-3, 1, '-'}, {-4, 1, '-'}, {-5, 1, '-'}, {-6, 1, '_'}, {-7, 1, '_'}};
static const stroke l_sr[] = {{1, 1, '\\'}, {2, 2, '\\'}, {3, 3, '\\'}, {4, 4, '\\'}, {5, 5, '\\'}};
static const stroke l_sl[] = {{-1, 1, '/'}, {-2, 2, '/'}, {-3, 3, '/'}, {-4, 4, '/'}, {-5, 5, '/'}};
static const stroke l_hr[] = {{1, 0, '_'}, {2, 0, '_'}, {3, 0, '_'}, {4, 1, '-'}, {5, 1, '-'}, {6, 1, '-'},
                              {7, 1, '-'}, {8, 2, '_'}, {9, 2, '_'}, {10, 2, '_'}, {11, 2, '_'}};
static const stroke l_hl[] = {{-1, 0, '_'}, {-2, 0, '_'}, {-3, 0, '_'}, {-4, 1, '-'}, {-5, 1, '-'}, {-6, 1, '-'},
                              {-7, 1, '-'}, {-8, 2, '_'}, {-9, 2, '_'}, {-10, 2, '_'}, {-11, 2, '_'}};

#define N(a) (int)(sizeof a / sizeof a[0])

static style pick_style(int size, int cols)
{
    style s = {3, 2, 1, {m_sr, m_sl, m_hr, m_hl}, {N(m_sr), N(m_sl), N(m_hr), N(m_hl)}};
    if (size == 1) {
        s.cw = cols > 26 ? 3 : 2;
        s.rh = 1;
        s.draw_links = 0;
    } else if (size == 3) {
        s = (style){4, 2, 1, {b_sr, b_sl, b_hr, b_hl}, {N(b_sr), N(b_sl), N(b_hr), N(b_hl)}};
    } else if (size == 4) {
        s = (style){6, 3, 1, {l_sr, l_sl, l_hr, l_hl}, {N(l_sr), N(l_sl), N(l_hr), N(l_hl)}};
    }
    return s;
}

/* ---- the canvas ------------------------------------------------------------------------ */

typedef struct canvas {
    char *c;
    int w, h;
} canvas;

static int rank(char ch)
{
    switch (ch) {
    case '\\': case '/': case '|': case 'X': return 3;
    case '_': return 2;
    case '-': return 1;
    default: return 0;
    }
}

static void put(canvas *cv, int x, int y, char ch)
{
    if (x < 0 || y < 0 || x >= cv->w || y >= cv->h)
        return;
    char *at = &cv->c[(size_t)y * cv->w + x];
    if ((*at == '\\' && ch == '/') || (*at == '/' && ch == '\\'))
        *at = 'X';
    else if (rank(ch) >= rank(*at))
        *at = ch;
}

static void text(canvas *cv, int x, int y, const char *s)
{
    for (; *s; s++, x++)
        if (x >= 0 && y >= 0 && x < cv->w && y < cv->h)
            cv->c[(size_t)y * cv->w + x] = *s;
}

/* ---- the board ------------------------------------------------------------------------- */

typedef struct layout {
    style s;
    int nw, left, top; /* row-number width, x of column a, y of row 1 */
} layout;

static void draw_links(canvas *cv, const lx_twixt_board *b, const layout *L)
{
    for (int32_t l = 0; l < 4 * b->g.ncells; l++) {
        if (!b->link[l])
            continue;
        int32_t p, q;
        tw_link_ends(&b->g, l, &p, &q);
        if (tw_row(&b->g, q) < tw_row(&b->g, p)) { /* draw from the upper end */
            int32_t t = p;
            p = q;
            q = t;
        }
        int dx = tw_col(&b->g, q) - tw_col(&b->g, p), dy = tw_row(&b->g, q) - tw_row(&b->g, p);
        int shape = dy == 2 ? (dx > 0 ? 0 : 1) : (dx > 0 ? 2 : 3);
        int x = L->left + L->s.cw * tw_col(&b->g, p), y = L->top + L->s.rh * tw_row(&b->g, p);
        for (int i = 0; i < L->s.nshape[shape]; i++)
            put(cv, x + L->s.shape[shape][i].dx, y + L->s.shape[shape][i].dy, L->s.shape[shape][i].ch);
    }
}

static void draw_labels(canvas *cv, const lx_twixt_board *b, const layout *L)
{
    char name[16];
    for (int c = 0; c < b->g.cols; c++) {
        lx_coord_column_name(c, name, sizeof name);
        for (char *k = name; *k; k++)
            *k = (char)(*k - 'a' + 'A');
        text(cv, L->left + L->s.cw * c, 0, name);
        text(cv, L->left + L->s.cw * c, cv->h - 1, name);
    }
    for (int r = 0; r < b->g.rows; r++) {
        snprintf(name, sizeof name, "%*d", L->nw, r + 1);
        text(cv, 0, L->top + L->s.rh * r, name);
        snprintf(name, sizeof name, "%d", r + 1);
        text(cv, L->left + L->s.cw * (b->g.cols - 1) + 2, L->top + L->s.rh * r, name);
    }
}

static void draw_pegs(canvas *cv, const lx_twixt_board *b, const layout *L)
{
    static const char mark[] = {'.', '#', 'O', ' '};
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++)
            text(cv, L->left + L->s.cw * c, L->top + L->s.rh * r,
                 (char[]){mark[b->peg[tw_cell(&b->g, c, r)] & 3], '\0'});
}

static int emit(const canvas *cv, lx_buf *out)
{
    for (int y = 0; y < cv->h; y++) {
        const char *line = cv->c + (size_t)y * cv->w;
        int n = cv->w;
        while (n > 0 && line[n - 1] == ' ')
            n--;
        if (lx_buf_append(out, line, (size_t)n) != 0 || lx_buf_append_char(out, '\n') != 0)
            return -1;
    }
    return 0;
}

/* ---- words ------------------------------------------------------------------------------ */

void tw_status_line(const lx_twixt_board *b, char *buf, size_t cap)
{
    char last[64] = "", mv[32], end[96];
    if (b->last_colour != LX_NO_COLOUR) {
        lx_twixt_move m = {.kind = b->last_kind};
        if (b->last_kind == LX_TWIXT_PEG || b->last_kind == LX_TWIXT_SWAP_PIECES)
            m.kind = LX_TWIXT_PEG, m.at = (lx_twixt_point){tw_col(&b->g, b->last_peg), tw_row(&b->g, b->last_peg)};
        lx_twixt_format_move(&m, mv, sizeof mv);
        snprintf(last, sizeof last, "; last move %zu: %c %s%s", b->moves, b->last_colour == LX_BLACK ? 'B' : 'W',
                 b->last_kind == LX_TWIXT_SWAP_PIECES ? "swap-pieces to " : "", mv);
    }
    lx_colour w = lx_twixt_winner(b);
    if (b->winner != LX_NO_COLOUR)
        snprintf(end, sizeof end, "%s won: its pegs join its border rows", tw_colour_name(w));
    else if (w != LX_NO_COLOUR)
        snprintf(end, sizeof end, "%s %s: %s wins", tw_colour_name(b->gave_up), b->gave_up_forfeit ? "forfeited" : "resigned",
                 tw_colour_name(w));
    else if (lx_twixt_is_dead_draw(b))
        snprintf(end, sizeof end, "a draw: neither side can connect any more; %s to play", tw_colour_name(lx_twixt_to_play(b)));
    else
        snprintf(end, sizeof end, "%s to play", tw_colour_name(lx_twixt_to_play(b)));
    snprintf(buf, cap, "%s%s", end, last);
}

static int legend(const lx_twixt_board *b, lx_buf *out)
{
    char last[16], status[200];
    lx_coord_column_name(b->g.cols - 1, last, sizeof last);
    for (char *k = last; *k; k++)
        *k = (char)(*k - 'a' + 'A');
    tw_status_line(b, status, sizeof status);
    return lx_buf_printf(out, "O White joins rows 1 and %d, # Black joins columns A and %s%s; %s\n", b->g.rows, last,
                         b->rules == LX_TWIXT_PP ? " (PP rules)" : "", status);
}

static int link_lines(const lx_twixt_board *b, lx_buf *out)
{
    char name[40];
    for (int c = LX_WHITE; c >= LX_BLACK; c--) {
        size_t col = 0, n = 0;
        if (lx_buf_printf(out, "%s links:", c == LX_WHITE ? "O" : "#") != 0)
            return -1;
        col = 9;
        for (int32_t l = 0; l < 4 * b->g.ncells; l++) {
            if (b->link[l] != tw_code((lx_colour)c))
                continue;
            tw_link_name(&b->g, l, name, sizeof name);
            if (col + strlen(name) + 1 > 78) {
                if (lx_buf_append_str(out, "\n        ") != 0)
                    return -1;
                col = 8;
            }
            if (lx_buf_printf(out, " %s", name) != 0)
                return -1;
            col += strlen(name) + 1;
            n++;
        }
        if (lx_buf_append_str(out, n ? "\n" : " none\n") != 0)
            return -1;
    }
    return 0;
}

static int draw_ascii(const lx_twixt_board *b, int size, lx_buf *out)
{
    layout L;
    char digits[16];
    L.s = pick_style(size < 1 || size > 4 ? 2 : size, b->g.cols);
    L.nw = snprintf(digits, sizeof digits, "%d", b->g.rows);
    L.left = L.nw + 2;
    L.top = 2;
    canvas cv;
    cv.w = L.left + L.s.cw * (b->g.cols - 1) + 2 + L.nw + 2;
    cv.h = L.top + L.s.rh * (b->g.rows - 1) + 3;
    cv.c = malloc((size_t)cv.w * cv.h);
    if (!cv.c)
        return -1;
    memset(cv.c, ' ', (size_t)cv.w * cv.h);
    draw_labels(&cv, b, &L);
    draw_pegs(&cv, b, &L);
    if (L.s.draw_links)
        draw_links(&cv, b, &L);
    int rc = emit(&cv, out);
    free(cv.c);
    if (rc == 0 && !L.s.draw_links)
        rc = link_lines(b, out);
    return rc == 0 ? legend(b, out) : -1;
}

int lx_twixt_draw(const lx_twixt_board *b, lx_draw_format fmt, int size, lx_buf *out)
{
    return fmt == LX_DRAW_SVG ? tw_draw_svg(b, size, out) : draw_ascii(b, size, out);
}

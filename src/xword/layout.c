/* layout.c - board layouts: premium squares and the start square, read from data.
 *
 * A layout file draws the board one row per line with one character per
 * square (see ludex/xword.h for the characters).  The layout knows nothing
 * of tiles; a position pairs it with a distribution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

void lx_xw_layout_free(lx_xw_layout *l)
{
    if (!l)
        return;
    free(l->lmul);
    free(l->wmul);
    free(l);
}

const char *lx_xw_layout_name(const lx_xw_layout *l)
{
    return l->name;
}

int lx_xw_layout_rows(const lx_xw_layout *l)
{
    return l->rows;
}

int lx_xw_layout_cols(const lx_xw_layout *l)
{
    return l->cols;
}

void lx_xw_layout_start(const lx_xw_layout *l, int *row, int *col)
{
    *row = l->start_row;
    *col = l->start_col;
}

int lx_xw_layout_letter_mult(const lx_xw_layout *l, int row, int col)
{
    return l->lmul[(size_t)row * (size_t)l->cols + (size_t)col];
}

int lx_xw_layout_word_mult(const lx_xw_layout *l, int row, int col)
{
    return l->wmul[(size_t)row * (size_t)l->cols + (size_t)col];
}

/* The multipliers a square character stands for; -1 when it is not one. */
static int square_kind(char c, int *lm, int *wm, int *start)
{
    static const char chars[] = ".'\"^-=~*+";
    static const int lms[] = {1, 2, 3, 4, 1, 1, 1, 1, 1};
    static const int wms[] = {1, 1, 1, 1, 2, 3, 4, 2, 1};
    const char *p = c ? strchr(chars, c) : NULL;
    if (!p)
        return -1;
    size_t i = (size_t)(p - chars);
    *lm = lms[i];
    *wm = wms[i];
    *start = c == '*' || c == '+';
    return 0;
}

typedef struct layout_reader {
    lx_diag_list *diags;
    char *grid;   /* the rows, LX_XW_MAX_SIDE bytes each */
    int rows, cols, starts, sr, sc;
    size_t errors;
} layout_reader;

static void layout_error(layout_reader *r, const char *code, size_t at, const char *msg, int a, int b)
{
    r->errors++;
    if (r->diags)
        lx_diag_add(r->diags, LX_ERROR, code, at, msg, a, b);
}

static void read_row(layout_reader *r, const char *s, size_t len, size_t at)
{
    while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    if (len == 0 || s[0] == '#')
        return;
    if (r->rows >= LX_XW_MAX_SIDE || len > LX_XW_MAX_SIDE) {
        layout_error(r, "LAYOUT_TOO_LARGE", at, "a board has at most %d rows and %d columns", LX_XW_MAX_SIDE,
                     LX_XW_MAX_SIDE);
        return;
    }
    if (r->cols && (int)len != r->cols)
        layout_error(r, "LAYOUT_ROW_WIDTH", at, "this row has %d squares; the first row has %d", (int)len, r->cols);
    r->cols = r->cols ? r->cols : (int)len;
    for (size_t i = 0; i < len; i++) {
        int lm = 1, wm = 1, st = 0;
        if (square_kind(s[i], &lm, &wm, &st) != 0) {
            layout_error(r, "LAYOUT_SQUARE", at + i, "'%c' is not a square (row %d); use . ' \" ^ - = ~ * +",
                         (unsigned char)s[i] < 0x80 ? s[i] : '?', r->rows + 1);
            continue;
        }
        if (st)
            r->starts++, r->sr = r->rows, r->sc = (int)i;
    }
    memcpy(r->grid + (size_t)r->rows * LX_XW_MAX_SIDE, s, len < (size_t)LX_XW_MAX_SIDE ? len : LX_XW_MAX_SIDE);
    r->rows++;
}

static lx_xw_layout *make_layout(const char *name, layout_reader *r)
{
    lx_xw_layout *l = calloc(1, sizeof *l);
    size_t n = (size_t)r->rows * (size_t)r->cols;
    if (!l || !(l->lmul = malloc(n)) || !(l->wmul = malloc(n))) {
        lx_xw_layout_free(l);
        return NULL;
    }
    snprintf(l->name, sizeof l->name, "%s", name ? name : "");
    l->rows = r->rows;
    l->cols = r->cols;
    for (int i = 0; i < r->rows; i++)
        for (int j = 0; j < r->cols; j++) {
            int lm = 1, wm = 1, st;
            square_kind(r->grid[(size_t)i * LX_XW_MAX_SIDE + (size_t)j], &lm, &wm, &st);
            l->lmul[(size_t)i * (size_t)r->cols + (size_t)j] = (uint8_t)lm;
            l->wmul[(size_t)i * (size_t)r->cols + (size_t)j] = (uint8_t)wm;
        }
    l->start_row = r->starts ? r->sr : r->rows / 2;
    l->start_col = r->starts ? r->sc : r->cols / 2;
    return l;
}

lx_xw_layout *lx_xw_layout_parse(const char *name, const char *text, size_t len, lx_diag_list *diags)
{
    layout_reader r = {diags, malloc((size_t)LX_XW_MAX_SIDE * LX_XW_MAX_SIDE), 0, 0, 0, 0, 0, 0};
    if (!r.grid)
        return NULL;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++)
        if (i == len || text[i] == '\n') {
            read_row(&r, text + start, i - start, start);
            start = i + 1;
        }
    if (r.rows == 0)
        layout_error(&r, "LAYOUT_EMPTY", 0, "the board layout has no rows", 0, 0);
    if (r.starts > 1)
        layout_error(&r, "LAYOUT_START", 0, "the layout marks %d start squares; one at most (%d)", r.starts, 1);
    lx_xw_layout *l = r.errors ? NULL : make_layout(name, &r);
    free(r.grid);
    return l;
}

/* move.c - plays in notation: reading, writing, and making one from placed tiles.
 *
 * "8D WORD" (or "8D.WORD") is an across play whose word starts on row 8,
 * column D; "D8 WORD" a down play.  In the word, "." is a tile already on
 * the board, "(LI)" tiles already there spelled out, lower case a blank,
 * "[CH]" a tile of several characters.  "-" passes, "-ABC" exchanges those
 * tiles, "-3" three unknown ones.  Whether a play is legal on a position is
 * score.c's question; this file only reads and writes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "xword/xword_impl.h"

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_letter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Column letters (either case) at s; 0-based column into *col; bytes read. */
static size_t read_column(const char *s, size_t len, long *col)
{
    size_t n = 0;
    long v = 0;
    while (n < len && is_letter(s[n]) && v <= LX_XW_MAX_SIDE) {
        v = v * 26 + ((s[n] | 0x20) - 'a' + 1);
        n++;
    }
    *col = v - 1;
    return n;
}

static size_t read_row(const char *s, size_t len, long *row)
{
    size_t n = 0;
    long v = 0;
    while (n < len && is_digit(s[n]) && v <= LX_XW_MAX_SIDE)
        v = v * 10 + (s[n++] - '0');
    *row = v - 1;
    return n > 0 && s[0] != '0' ? n : 0;
}

/* "8D" or "D8": *down set by the order.  Bytes read, 0 when none. */
static size_t read_coord(const char *s, size_t len, long *row, long *col, int *down)
{
    size_t a, b;
    if (len > 0 && is_digit(s[0])) {
        a = read_row(s, len, row);
        b = a ? read_column(s + a, len - a, col) : 0;
        *down = 0;
    } else {
        a = read_column(s, len, col);
        b = a ? read_row(s + a, len - a, row) : 0;
        *down = 1;
    }
    return a && b ? a + b : 0;
}

static int read_exchange(const lx_xw_dist *d, const char *s, size_t len, lx_xw_move *m, lx_game_error *err)
{
    long n;
    m->kind = len == 0 ? LX_XW_PASS : LX_XW_EXCHANGE;
    if (len == 0)
        return 0;
    if (xw_parse_long(s, len, 0, &n) == 0) {
        if (n < 1 || n > LX_XW_MAX_SIDE)
            return lx_game_fail(err, "PLAY_SYNTAX", "an exchange of %ld tiles", n);
        m->len = (int)n;
        return 0;
    }
    m->tiles_known = 1;
    for (size_t i = 0; i < len;) {
        int t, br, multi;
        size_t k = xw_dist_read(d, s + i, len - i, 0, 1, &t, &br, &multi);
        if (k == 0 || m->len >= LX_XW_MAX_SIDE)
            return lx_game_fail(err, "UNKNOWN_TILE", "'%.*s' in the exchange is not a tile of the %s distribution",
                                (int)(len - i), s + i, d->name);
        m->tiles[m->len++] = (uint8_t)t;
        i += k;
    }
    return 0;
}

/* "(LI)": letters of tiles already on the board. */
static size_t read_through_group(const lx_xw_dist *d, const char *s, size_t len, lx_xw_move *m, lx_game_error *err)
{
    size_t i = 1;
    while (i < len && s[i] != ')') {
        int t, br, multi;
        size_t k = xw_dist_read(d, s + i, len - i, 1, 0, &t, &br, &multi);
        if (k == 0 || m->len >= LX_XW_MAX_SIDE)
            return lx_game_fail(err, "PLAY_SYNTAX", "'(%.*s' does not spell tiles of the %s distribution",
                                (int)(len - i), s + i, d->name), 0;
        m->through[m->len] = (uint8_t)t;
        m->tiles[m->len++] = 0;
        i += k;
    }
    if (i >= len || i == 1)
        return lx_game_fail(err, "PLAY_SYNTAX", "'(' without a closing ')' or with nothing inside"), 0;
    return i + 1;
}

static int read_word(const lx_xw_dist *d, const char *s, size_t len, lx_xw_move *m, lx_game_error *err)
{
    for (size_t i = 0; i < len;) {
        size_t k;
        int t, br, multi;
        if (m->len >= LX_XW_MAX_SIDE)
            return lx_game_fail(err, "OFF_BOARD", "the word is longer than any board");
        if (s[i] == '.') {
            m->through[m->len] = 0;
            m->tiles[m->len++] = 0;
            k = 1;
        } else if (s[i] == '(') {
            if ((k = read_through_group(d, s + i, len - i, m, err)) == 0)
                return -1;
        } else if ((k = xw_dist_read(d, s + i, len - i, 1, 0, &t, &br, &multi)) > 0) {
            m->through[m->len] = 0;
            m->tiles[m->len++] = (uint8_t)t;
        } else {
            size_t c = lx_utf8_sequence((const unsigned char *)s + i, len - i);
            if (s[i] == '?')
                return lx_game_fail(err, "PLAY_SYNTAX",
                                    "a blank in a play is written as the lower-case letter it stands for");
            return lx_game_fail(err, "UNKNOWN_TILE", "'%.*s' is not a tile of the %s distribution", (int)(c ? c : 1),
                                s + i, d->name);
        }
        i += k;
    }
    return m->len > 0 ? 0 : lx_game_fail(err, "PLAY_SYNTAX", "the play has no tiles");
}

int lx_xw_move_parse(const lx_xw_dist *d, int rows, int cols, const char *s, size_t len, lx_xw_move *m,
                     lx_game_error *err)
{
    memset(m, 0, offsetof(lx_xw_move, tiles));
    m->tiles_known = 0;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    while (len > 0 && (s[0] == ' ' || s[0] == '\t'))
        s++, len--;
    if (len > 0 && s[0] == '-')
        return read_exchange(d, s + 1, len - 1, m, err);
    long row, col;
    size_t k = read_coord(s, len, &row, &col, &m->down);
    if (k == 0)
        return lx_game_fail(err, "PLAY_SYNTAX", "'%.*s' is not a play: \"8D WORD\" across, \"D8 WORD\" down, \"-\" "
                            "a pass, \"-ABC\" an exchange", (int)(len < 40 ? len : 40), s);
    if (k >= len || (s[k] != ' ' && s[k] != '\t' && s[k] != '.'))
        return lx_game_fail(err, "PLAY_SYNTAX", "'%.*s': the coordinate is followed by a space or '.' and the word",
                            (int)(len < 40 ? len : 40), s);
    size_t w = k + 1;
    while (s[k] != '.' && w < len && (s[w] == ' ' || s[w] == '\t'))
        w++;
    if (row < 0 || col < 0 || row >= rows || col >= cols)
        return lx_game_fail(err, "OFF_BOARD", "%.*s is not a square of this %dx%d board", (int)k, s, rows, cols);
    m->kind = LX_XW_PLACE;
    m->row = (int)row;
    m->col = (int)col;
    if (read_word(d, s + w, len - w, m, err) != 0)
        return -1;
    if ((m->down ? m->row : m->col) + m->len > (m->down ? rows : cols))
        return lx_game_fail(err, "OFF_BOARD", "%.*s runs off the board: %d squares from %.*s, the board has %d %s",
                            (int)len, s, m->len, (int)k, s, m->down ? rows : cols, m->down ? "rows" : "columns");
    return 0;
}

/* ---- writing --------------------------------------------------------------------------------- */

static int write_coord(const lx_xw_move *m, lx_buf *out)
{
    char col[16];
    xw_column_name(m->col, col, sizeof col);
    return m->down ? lx_buf_printf(out, "%s%d", col, m->row + 1) : lx_buf_printf(out, "%d%s", m->row + 1, col);
}

int lx_xw_move_write(const lx_xw_dist *d, const lx_xw_move *m, int dot_style, lx_buf *out)
{
    int rc = 0;
    if (m->kind == LX_XW_PASS)
        return lx_buf_append_char(out, '-');
    if (m->kind == LX_XW_EXCHANGE) {
        rc = lx_buf_append_char(out, '-');
        if (!m->tiles_known)
            return rc || lx_buf_printf(out, "%d", m->len);
        for (int i = 0; i < m->len && !rc; i++)
            rc = xw_dist_append_label(d, m->tiles[i], 1, out);
        return rc;
    }
    rc = write_coord(m, out) || lx_buf_append_char(out, dot_style ? '.' : ' ');
    for (int i = 0; i < m->len && !rc; i++)
        rc = m->tiles[i] ? xw_dist_append_label(d, m->tiles[i], 1, out) : lx_buf_append_char(out, '.');
    return rc ? -1 : 0;
}

/* ---- a move from placed tiles ------------------------------------------------------------------ */

static int cmp_placed(const void *a, const void *b)
{
    const lx_xw_placed *x = a, *y = b;
    return x->row != y->row ? x->row - y->row : x->col - y->col;
}

static int has_neighbour(const lx_xw_pos *p, int r, int c, int down)
{
    return down ? (lx_xw_pos_square(p, r - 1, c) || lx_xw_pos_square(p, r + 1, c))
                : (lx_xw_pos_square(p, r, c - 1) || lx_xw_pos_square(p, r, c + 1));
}

static int placed_line(const lx_xw_pos *p, const lx_xw_placed *t, size_t n, int *down, lx_game_error *err)
{
    int same_row = 1, same_col = 1;
    for (size_t i = 1; i < n; i++) {
        same_row &= t[i].row == t[0].row;
        same_col &= t[i].col == t[0].col;
    }
    if (!same_row && !same_col)
        return lx_game_fail(err, "NOT_IN_LINE", "the tiles are not all in one row or one column");
    *down = n > 1 ? !same_row : (!has_neighbour(p, t[0].row, t[0].col, 0) && has_neighbour(p, t[0].row, t[0].col, 1));
    return 0;
}

int lx_xw_move_from_tiles(const lx_xw_pos *p, const lx_xw_placed *tiles, size_t n, lx_xw_move *m,
                          lx_game_error *err)
{
    char sq[16];
    if (n == 0 || n > LX_XW_MAX_SIDE)
        return lx_game_fail(err, "NO_NEW_TILES", "no tiles were placed");
    lx_xw_placed t[LX_XW_MAX_SIDE];
    memcpy(t, tiles, n * sizeof *t);
    qsort(t, n, sizeof *t, cmp_placed);
    for (size_t i = 0; i < n; i++) {
        lx_xw_square_name(t[i].row, t[i].col, sq, sizeof sq);
        if (t[i].row < 0 || t[i].col < 0 || t[i].row >= p->rows || t[i].col >= p->cols)
            return lx_game_fail(err, "OFF_BOARD", "a tile is placed off the board");
        if (xw_sq(p, t[i].row, t[i].col) || (i > 0 && cmp_placed(&t[i], &t[i - 1]) == 0))
            return lx_game_fail(err, "LETTER_OVER_OCCUPIED", "square %s is already taken", sq);
        int letter = t[i].tile & 0x7F;
        if (letter < 1 || letter > p->dist->n)
            return lx_game_fail(err, "UNKNOWN_TILE", "the tile on %s is not a letter of the distribution", sq);
    }
    int down = 0;
    if (placed_line(p, t, n, &down, err) != 0)
        return -1;
    int dr = down, dc = !down, r = t[0].row, c = t[0].col;
    while (lx_xw_pos_square(p, r - dr, c - dc)) /* back to where the word starts */
        r -= dr, c -= dc;
    memset(m, 0, offsetof(lx_xw_move, tiles));
    *m = (lx_xw_move){LX_XW_PLACE, r, c, down, 0, {0}, {0}, 0};
    size_t next = 0;
    for (; r < p->rows && c < p->cols; r += dr, c += dc) {
        int placed = next < n && t[next].row == r && t[next].col == c;
        if (!placed && !xw_sq(p, r, c)) {
            if (next < n) {
                lx_xw_square_name(r, c, sq, sizeof sq);
                return lx_game_fail(err, "GAP", "the tiles leave square %s empty between them", sq);
            }
            break;
        }
        m->tiles[m->len++] = placed ? (uint8_t)t[next++].tile : 0;
    }
    return 0;
}

/* notation.c - Twixt moves as SGF writes them: holes, link centres, long-move
 * parts, special moves; reading from raw text and the spec's written form.
 *
 * Reading is case-insensitive and takes white space around a value.  A value
 * is interpreted from its raw SGF text (escapes kept), because the spec
 * writes a backslash link as [\i'4], which generic unescaping reads as
 * "i'4": so a leading "\\" (an escaped backslash) and a leading "\" before a
 * letter (the spec's form) both mean a backslash link, while "\/" and "\-"
 * are merely escaped '/' and '-'.  Anything after that prefix is unescaped
 * normally.  Link centres come in the 2021 notation ("i'3": between columns i
 * and j on row 3, a steep link; "J4'": on column j between rows 4 and 5, a
 * shallow link) and the older one ("B*3" = "b'3", "C2*" = "c2'").
 *
 * Centres are kept in doubled coordinates (cx2, cy2) = (col0 + col1,
 * row0 + row1) of the link's ends, 0-based: a steep centre has cx2 odd and
 * cy2 even, a shallow one the reverse.
 *
 * Writing gives lower case, the 2021 apostrophe form and the special moves
 * spelled as the spec spells them; the SGF escaping of the backslash is the
 * writer's business (tw_canonical_value in record.c does it). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

#define VALUE_MAX 64 /* no valid move value is longer */

const char *tw_point_name(lx_twixt_point p, char *buf, size_t cap)
{
    if (lx_coord_point_name(p.col, (long)p.row + 1, buf, cap) == 0 && cap > 0)
        snprintf(buf, cap, "?");
    return buf;
}

const char *tw_cell_name(const tw_geom *g, int32_t p, char *buf, size_t cap)
{
    return tw_point_name((lx_twixt_point){tw_col(g, p), tw_row(g, p)}, buf, cap);
}

const char *tw_centre_name(int cx2, int cy2, char *buf, size_t cap)
{
    char letters[16];
    if (cx2 & 1) {
        lx_coord_column_name((cx2 - 1) / 2, letters, sizeof letters);
        snprintf(buf, cap, "%s'%d", letters, cy2 / 2 + 1);
    } else {
        lx_coord_column_name(cx2 / 2, letters, sizeof letters);
        snprintf(buf, cap, "%s%d'", letters, (cy2 - 1) / 2 + 1);
    }
    return buf;
}

/* ---- holes ------------------------------------------------------------------------- */

static int is_lg_point(const char *s, size_t len)
{
    return len == 2 && isalpha((unsigned char)s[0]) && isalpha((unsigned char)s[1]);
}

static int off_board(int cols, int rows, const char *what, const char *s, size_t len, lx_game_error *err)
{
    char q[64], last[16];
    lx_coord_column_name(cols - 1, last, sizeof last);
    return lx_game_fail(err, "TWIXT_OFF_BOARD", "%s%s %s off the board: this %d x %d board has columns a to %s and rows 1 to %d",
                        what, lx_quote(s, len, q, sizeof q), what[0] ? "are" : "is", cols, rows, last, rows);
}

int tw_parse_point(int cols, int rows, const char *s, size_t len, lx_twixt_point *p, lx_game_error *err)
{
    char q[64];
    long c, r;
    if (lx_coord_parse_point(s, len, &c, &r) != 0) {
        if (is_lg_point(s, len))
            return lx_game_fail(err, "TWIXT_LITTLE_GOLEM_POINT",
                                "\"%s\" is a Little Golem hole (column and row both as letters); GM[21] holes are a "
                                "column letter and a row number such as k4 - convert Little Golem records with "
                                "`ludex convert`", lx_quote(s, len, q, sizeof q));
        return lx_game_fail(err, "TWIXT_BAD_MOVE",
                            "\"%s\" is not a Twixt move: expected a hole such as k4, a long-move part such as -i'3, "
                            "/J4' or \\i'4, or swap-pieces, swap-sides, resign, forfeit", lx_quote(s, len, q, sizeof q));
    }
    if (c >= cols || r < 1 || r > rows)
        return off_board(cols, rows, "", s, len, err);
    p->col = (int)c;
    p->row = (int)r - 1;
    return 0;
}

/* ---- centres ----------------------------------------------------------------------- */

static int parse_digits(const char *s, size_t len, long *v)
{
    if (len == 0 || s[0] == '0' || len > 9)
        return -1;
    *v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        *v = *v * 10 + (s[i] - '0');
    }
    return 0;
}

static int is_mark(char c) { return c == '\'' || c == '*'; }

int tw_parse_centre(int cols, int rows, const char *s, size_t len, int *cx2, int *cy2, lx_game_error *err)
{
    char q[64];
    size_t nl = 0;
    long col, row;
    while (nl < len && isalpha((unsigned char)s[nl]))
        nl++;
    int steep = nl < len && is_mark(s[nl]);
    int shallow = !steep && len > nl + 1 && is_mark(s[len - 1]);
    const char *digits = steep ? s + nl + 1 : s + nl;
    size_t nd = steep ? len - nl - 1 : shallow ? len - nl - 1 : 0;
    if (nl == 0 || (!steep && !shallow) || lx_coord_column_index(s, nl, &col) != 0 || parse_digits(digits, nd, &row) != 0)
        return lx_game_fail(err, "TWIXT_BAD_CENTRE",
                            "\"%s\" is not a link centre: write i'3 (between columns i and j, on row 3) or J4' (on "
                            "column j, between rows 4 and 5); the older B*3 and C2* are read too",
                            lx_quote(s, len, q, sizeof q));
    long r0 = row - 1;
    int fits = steep ? col + 1 < cols && r0 - 1 >= 0 && r0 + 1 < rows : col - 1 >= 0 && col + 1 < cols && r0 + 1 < rows;
    if (!fits)
        return off_board(cols, rows, "the links centred at ", s, len, err);
    *cx2 = (int)(steep ? 2 * col + 1 : 2 * col);
    *cy2 = (int)(steep ? 2 * r0 : 2 * r0 + 1);
    return 0;
}

/* ---- moves --------------------------------------------------------------------------- */

static int spelled(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(s, word, len) == 0;
}

lx_twixt_move_kind tw_special_of(const char *s, size_t len)
{
    if (spelled(s, len, "swap-pieces"))
        return LX_TWIXT_SWAP_PIECES;
    if (spelled(s, len, "swap-sides"))
        return LX_TWIXT_SWAP_SIDES;
    if (spelled(s, len, "resign"))
        return LX_TWIXT_RESIGN;
    if (spelled(s, len, "forfeit"))
        return LX_TWIXT_FORFEIT;
    return LX_TWIXT_PEG;
}

int tw_is_part(const char *raw, size_t len)
{
    lx_trim(&raw, &len);
    return len > 0 && (raw[0] == '-' || raw[0] == '/' || raw[0] == '\\');
}

/* Remove SGF escapes: "\x" -> "x".  -1 when it does not fit. */
static int unescape(const char *s, size_t len, char *out, size_t cap, size_t *n)
{
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\\' && i + 1 < len)
            i++;
        if (k + 1 >= cap)
            return -1;
        out[k++] = s[i];
    }
    out[k] = '\0';
    *n = k;
    return 0;
}

/* The part a raw value starts with: its kind and slope, and how many bytes it used. */
static lx_twixt_move_kind part_prefix(const char *s, size_t len, int *slope, size_t *used)
{
    *slope = 0;
    *used = 0;
    if (len >= 2 && s[0] == '\\' && (s[1] == '/' || s[1] == '-'))
        s++, len--, (*used)++; /* an escaped '/' or '-' */
    if (len == 0)
        return LX_TWIXT_PEG;
    if (s[0] == '-' || s[0] == '/') {
        *slope = s[0] == '/' ? 1 : 0;
        (*used)++;
        return s[0] == '-' ? LX_TWIXT_REMOVE : LX_TWIXT_ADD;
    }
    if (s[0] == '\\') {
        *slope = -1;
        *used += len >= 2 && s[1] == '\\' ? 2 : 1; /* "\\i'4" escaped, "\i'4" as the spec writes it */
        return LX_TWIXT_ADD;
    }
    return LX_TWIXT_PEG;
}

int tw_parse_move(int cols, int rows, const char *raw, size_t len, lx_twixt_move *m, lx_game_error *err)
{
    char text[VALUE_MAX], q[64];
    const char *s = raw;
    size_t n = len, used, tn;
    int slope;
    lx_trim(&s, &n);
    memset(m, 0, sizeof *m);
    lx_twixt_move_kind kind = part_prefix(s, n, &slope, &used);
    if (unescape(s + used, n - used, text, sizeof text, &tn) != 0)
        return lx_game_fail(err, "TWIXT_BAD_MOVE", "\"%s\" is not a Twixt move: it is far too long",
                            lx_quote(s, n, q, sizeof q));
    m->kind = kind;
    if (kind == LX_TWIXT_REMOVE || kind == LX_TWIXT_ADD) {
        m->slope = slope;
        return tw_parse_centre(cols, rows, text, tn, &m->cx2, &m->cy2, err);
    }
    lx_twixt_move_kind sp = tw_special_of(text, tn);
    if (sp != LX_TWIXT_PEG) {
        m->kind = sp;
        return 0;
    }
    if (tn == 0)
        return lx_game_fail(err, "TWIXT_BAD_MOVE", "an empty move: Twixt has no pass; a move is a hole such as k4, "
                            "a long move, or swap-pieces, swap-sides, resign, forfeit");
    if (spelled(text, tn, "swap"))
        return lx_game_fail(err, "TWIXT_BAD_MOVE", "\"swap\" is not a GM[21] move: write swap-pieces (the peg is "
                            "mirrored and changes colour) or swap-sides (the players change colours)");
    return tw_parse_point(cols, rows, text, tn, &m->at, err);
}

int lx_twixt_parse_move(const lx_twixt_board *b, const char *raw, size_t len, lx_twixt_move *m, lx_game_error *err)
{
    return tw_parse_move(b->g.cols, b->g.rows, raw, len, m, err);
}

static size_t copy_word(const char *w, char *buf, size_t cap)
{
    size_t n = strlen(w);
    if (n + 1 > cap)
        return 0;
    memcpy(buf, w, n + 1);
    return n;
}

size_t lx_twixt_format_move(const lx_twixt_move *m, char *buf, size_t cap)
{
    char centre[32], text[40];
    switch (m->kind) {
    case LX_TWIXT_PEG: return lx_coord_point_name(m->at.col, (long)m->at.row + 1, buf, cap);
    case LX_TWIXT_SWAP_PIECES: return copy_word("swap-pieces", buf, cap);
    case LX_TWIXT_SWAP_SIDES: return copy_word("swap-sides", buf, cap);
    case LX_TWIXT_RESIGN: return copy_word("resign", buf, cap);
    case LX_TWIXT_FORFEIT: return copy_word("forfeit", buf, cap);
    case LX_TWIXT_REMOVE:
    case LX_TWIXT_ADD: break;
    }
    tw_centre_name(m->cx2, m->cy2, centre, sizeof centre);
    const char *prefix = m->kind == LX_TWIXT_REMOVE ? "-" : m->slope > 0 ? "/" : "\\";
    snprintf(text, sizeof text, "%s%s", prefix, centre);
    return copy_word(text, buf, cap);
}

int tw_move_link(const tw_geom *g, const lx_twixt_move *m, int slope, int32_t *l)
{
    lx_twixt_point a, b;
    if (tw_centre_ends(m->cx2, m->cy2, slope, &a, &b) != 0 || !tw_on_board(g, a.col, a.row) ||
        !tw_on_board(g, b.col, b.row))
        return -1;
    *l = tw_link_index(g, tw_cell(g, a.col, a.row), tw_cell(g, b.col, b.row));
    return *l < 0 ? -1 : 0;
}

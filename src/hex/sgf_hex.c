/* sgf_hex.c - Hex values in SGF: cells, special moves, SZ, setup, and their written form.
 *
 * Reading is lenient where the spec allows it and old files need it: any
 * case ("G5", "aA27", "SWAP-PIECES"), white space around a value, an empty
 * B[] or W[] as a pass, compressed point lists "a1:c3" in AB/AW/AE (every
 * cell of the columns and rows between the two corners).  A value that is
 * none of these is refused with a sentence saying what was expected; a
 * Little Golem cell ("mf") gets its own code and the advice to convert.
 *
 * Writing (hex_canonical_value, the writer's game_value hook) gives the
 * spec's form: cells lower case, special moves spelled as the spec spells
 * them, Benzene's "SWAP" as "swap-sides" (what Benzene means by it).  Which
 * meaning a HexGui "swap-pieces" had depends on the moves after it, which a
 * single value cannot see: lx_hex_normalize_tree (review.c) rewrites those. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/coord.h"
#include "base/text.h"
#include "hex/hex_impl.h"

static int spelled(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(s, word, len) == 0;
}

hex_special hex_special_of(const char *s, size_t len)
{
    if (len == 0)
        return HEX_SP_PASS;
    if ((s[len - 1] >= '0' && s[len - 1] <= '9') || len < 4 || len > 11)
        return HEX_SP_NONE; /* a cell, such as e5: none of the words below */
    if (spelled(s, len, "pass"))
        return HEX_SP_PASS;
    if (spelled(s, len, "swap-pieces"))
        return HEX_SP_SWAP_PIECES;
    if (spelled(s, len, "swap-sides"))
        return HEX_SP_SWAP_SIDES;
    if (spelled(s, len, "swap"))
        return HEX_SP_SWAP_OTHER;
    if (spelled(s, len, "resign"))
        return HEX_SP_RESIGN;
    if (spelled(s, len, "forfeit"))
        return HEX_SP_FORFEIT;
    return HEX_SP_NONE;
}

int hex_is_lg_point(const char *s, size_t len)
{
    return len == 2 && isalpha((unsigned char)s[0]) && isalpha((unsigned char)s[1]);
}


int hex_parse_point(int cols, int rows, const char *s, size_t len, int *col, int *row, lx_game_error *err)
{
    char q[64], last[24];
    long c, r;
    if (lx_coord_parse_point(s, len, &c, &r) != 0) {
        if (hex_is_lg_point(s, len))
            return lx_game_fail(err, "HEX_LITTLE_GOLEM_POINT",
                                "\"%s\" is a Little Golem cell (column and row both as letters); GM[11] cells "
                                "are a column letter and a row number such as e5 - convert Little Golem "
                                "records with `ludex convert`",
                                lx_quote(s, len, q, sizeof q));
        return lx_game_fail(err, "HEX_BAD_POINT",
                            "\"%s\" is not a cell: a cell is column letters and a row number, such as e5 or aa10",
                            lx_quote(s, len, q, sizeof q));
    }
    if (c >= cols || r < 1 || r > rows) {
        lx_coord_column_name(cols - 1, last, sizeof last);
        return lx_game_fail(err, "HEX_OFF_BOARD", "%s is off the board: this %d x %d board has columns a to %s "
                            "and rows 1 to %d", lx_quote(s, len, q, sizeof q), cols, rows, last, rows);
    }
    *col = (int)c;
    *row = (int)r - 1;
    return 0;
}

/* ---- moves ---------------------------------------------------------------------- */

static lx_hex_move_kind decided_swap(const lx_hex_board *b, const char *raw, hex_special sp)
{
    const hex_swap_rule *r = hex_find_rule(b->swap_rules, b->nswap_rules, raw);
    if (r)
        return r->kind;
    return sp == HEX_SP_SWAP_PIECES ? LX_HEX_SWAP_PIECES : LX_HEX_SWAP_SIDES;
}

static int parse_move_value(const lx_hex_board *b, const char *raw, size_t len, lx_hex_move *m, lx_game_error *err)
{
    const char *s = raw;
    size_t n = len;
    memset(m, 0, sizeof *m);
    if (hex_plain_cell(s, n, b->g.cols, b->g.rows, &m->col, &m->row)) {
        m->kind = LX_HEX_STONE; /* "e5", "k11": the cell of nearly every move, read at once */
        return 0;
    }
    m->col = m->row = 0;
    if (n >= 2 && n <= 4 && s[0] >= 'a' && s[0] <= 'z' && s[n - 1] >= '0' && s[n - 1] <= '9') {
        m->kind = LX_HEX_STONE; /* a cell as written by every program: no blanks, no word */
        return hex_parse_point(b->g.cols, b->g.rows, s, n, &m->col, &m->row, err);
    }
    lx_trim(&s, &n);
    switch (hex_special_of(s, n)) {
    case HEX_SP_SWAP_PIECES:
    case HEX_SP_SWAP_SIDES:
    case HEX_SP_SWAP_OTHER:
        m->kind = decided_swap(b, raw, hex_special_of(s, n));
        return 0;
    case HEX_SP_RESIGN: m->kind = LX_HEX_RESIGN; return 0;
    case HEX_SP_FORFEIT: m->kind = LX_HEX_FORFEIT; return 0;
    case HEX_SP_PASS: m->kind = LX_HEX_PASS; return 0;
    case HEX_SP_NONE: break;
    }
    m->kind = LX_HEX_STONE;
    return hex_parse_point(b->g.cols, b->g.rows, s, n, &m->col, &m->row, err);
}

int lx_hex_parse_move(const lx_hex_board *b, const char *text, size_t len, lx_hex_move *m, lx_game_error *err)
{
    return parse_move_value(b, text, len, m, err);
}

int hex_module_parse_move(const void *pos, lx_colour who, const char *raw, size_t len, void *move,
                          lx_game_error *err)
{
    (void)who;
    return parse_move_value(pos, raw, len, move, err);
}

size_t lx_hex_format_move(const lx_hex_move *m, char *buf, size_t cap)
{
    const char *word = NULL;
    switch (m->kind) {
    case LX_HEX_STONE: return lx_coord_point_name(m->col, (long)m->row + 1, buf, cap);
    case LX_HEX_SWAP_PIECES: word = "swap-pieces"; break;
    case LX_HEX_SWAP_SIDES: word = "swap-sides"; break;
    case LX_HEX_RESIGN: word = "resign"; break;
    case LX_HEX_FORFEIT: word = "forfeit"; break;
    case LX_HEX_PASS: word = "pass"; break;
    }
    size_t n = strlen(word);
    if (n + 1 > cap)
        return 0;
    memcpy(buf, word, n + 1);
    return n;
}

/* ---- setup ---------------------------------------------------------------------- */

static int setup_rectangle(lx_hex_board *b, lx_colour c, int c0, int r0, int c1, int r1)
{
    if (c0 > c1) {
        int t = c0;
        c0 = c1;
        c1 = t;
    }
    if (r0 > r1) {
        int t = r0;
        r0 = r1;
        r1 = t;
    }
    for (int r = r0; r <= r1; r++)
        for (int col = c0; col <= c1; col++)
            lx_hex_setup(b, col, r, c);
    return 0;
}

static int setup_points(lx_hex_board *b, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    lx_colour c = id[1] == 'B' ? LX_BLACK : id[1] == 'W' ? LX_WHITE : LX_NO_COLOUR;
    const char *s1, *s2;
    size_t n1, n2;
    lx_sgf_point_span(raw, len, &s1, &n1, &s2, &n2);
    int c0, r0, c1, r1;
    if (hex_parse_point(b->g.cols, b->g.rows, s1, n1, &c0, &r0, err) != 0 ||
        hex_parse_point(b->g.cols, b->g.rows, s2, n2, &c1, &r1, err) != 0)
        return -1;
    return setup_rectangle(b, c, c0, r0, c1, r1);
}

int hex_module_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    lx_hex_board *b = pos;
    if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE"))
        return setup_points(b, id, raw, len, err);
    if (strcmp(id, "PL") != 0)
        return 1;
    lx_colour c;
    if (lx_game_parse_colour(raw, len, &c) != 0)
        return lx_game_fail(err, "HEX_BAD_PL", "PL names the colour to move: PL[B] or PL[W]");
    lx_hex_set_to_play(b, c);
    return 0;
}

/* ---- SZ ------------------------------------------------------------------------- */

int hex_read_size(const lx_sgf_tree *t, lx_sgf_node root, int *cols, int *rows, lx_diag_list *diags)
{
    char q[64];
    lx_sgf_prop p;
    *cols = *rows = LX_HEX_DEFAULT_SIZE;
    int rc = lx_sgf_read_size(t, root, 1, LX_HEX_MAX_SIDE, cols, rows, &p);
    if (rc == 1)
        return 1;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    if (rc != 0) {
        lx_diag_add(diags, LX_ERROR, "HEX_BAD_SIZE", lx_sgf_prop_offset(t, p),
                    "SZ[%s] is not a Hex board size: write SZ[n] for n x n cells or SZ[columns:rows], each "
                    "from 1 to %d", lx_quote(v.raw, v.len, q, sizeof q), LX_HEX_MAX_SIDE);
        return -1;
    }
    if ((long)*cols * *rows > LX_HEX_MAX_CELLS) {
        lx_diag_add(diags, LX_ERROR, "HEX_BOARD_TOO_LARGE", lx_sgf_prop_offset(t, p),
                    "SZ[%s] asks for %ld cells; ludex plays Hex boards of up to %ld cells",
                    lx_quote(v.raw, v.len, q, sizeof q), (long)*cols * *rows, LX_HEX_MAX_CELLS);
        return -1;
    }
    return 0;
}

/* ---- the written form ------------------------------------------------------------- */


static int lower_point(const char *s, size_t n, lx_buf *out)
{
    char name[48];
    long c, r;
    if (lx_coord_parse_point(s, n, &c, &r) != 0 || lx_coord_point_name(c, r, name, sizeof name) == 0)
        return 1;
    return lx_buf_append_str(out, name) == 0 ? 0 : -1;
}

int hex_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out)
{
    const char *s = raw;
    size_t n = len;
    int is_move = !strcmp(id, "B") || !strcmp(id, "W");
    if (!is_move && !lx_sgf_prop_holds_points(id))
        return 1;
    lx_trim(&s, &n);
    if (!is_move)
        return lower_point(s, n, out);
    switch (hex_special_of(s, n)) {
    case HEX_SP_SWAP_PIECES: return lx_buf_append_str(out, "swap-pieces") == 0 ? 0 : -1;
    case HEX_SP_SWAP_SIDES:
    case HEX_SP_SWAP_OTHER: return lx_buf_append_str(out, "swap-sides") == 0 ? 0 : -1;
    case HEX_SP_RESIGN: return lx_buf_append_str(out, "resign") == 0 ? 0 : -1;
    case HEX_SP_FORFEIT: return lx_buf_append_str(out, "forfeit") == 0 ? 0 : -1;
    case HEX_SP_PASS: return n == 0 ? 1 : lx_buf_append_str(out, "pass") == 0 ? 0 : -1;
    case HEX_SP_NONE: break;
    }
    return lower_point(s, n, out);
}

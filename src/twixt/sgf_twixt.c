/* sgf_twixt.c - Twixt values in SGF: SZ, the move and setup hooks, and the
 * canonical written form of values.
 *
 * SZ[n] or SZ[cols:rows], each side from 3 to 702 (TWIXT_BAD_SIZE otherwise).
 * Setup: AB and AW put pegs without links (a record builds linked positions
 * with moves, relaxed before a puzzle's IP), AE clears holes and their links;
 * compressed lists "a1:c3" name every hole of the rectangle.  PL says whose
 * turn it is.
 *
 * Writing (tw_canonical_value, the writer's game_value hook): moves in the
 * spec's form, lower case, centres with apostrophes ("B*3" -> "b'3"), the
 * backslash escaped as SGF needs it ("\\i'4"); points of point properties in
 * lower case.  A value that does not read is kept as written. */
#include <stdio.h>
#include <string.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

int tw_root_word(const lx_sgf_tree *t, const char *id, char *buf, size_t cap, size_t *at)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, id);
    buf[0] = '\0';
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    lx_buf d = LX_BUF_INIT;
    *at = lx_sgf_prop_offset(t, p);
    if (lx_sgf_decode_simpletext(v.raw, v.len, &d) != 0)
        return -1;
    const char *s = d.data ? d.data : "";
    size_t n = d.len;
    lx_trim(&s, &n);
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    lx_buf_free(&d);
    return 1;
}

/* ---- SZ ---------------------------------------------------------------------------- */

int tw_read_size(const lx_sgf_tree *t, lx_sgf_node root, int *cols, int *rows, lx_diag_list *diags)
{
    char q[64];
    lx_sgf_prop p;
    *cols = *rows = LX_TWIXT_DEFAULT_SIZE;
    int rc = lx_sgf_read_size(t, root, LX_TWIXT_MIN_SIDE, LX_TWIXT_MAX_SIDE, cols, rows, &p);
    if (rc == 1)
        return 1;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    if (rc != 0) {
        lx_diag_add(diags, LX_ERROR, "TWIXT_BAD_SIZE", lx_sgf_prop_offset(t, p),
                    "SZ[%s] is not a Twixt board size: write SZ[n] for n x n holes or SZ[columns:rows], each "
                    "from %d to %d", lx_quote(v.raw, v.len, q, sizeof q), LX_TWIXT_MIN_SIDE, LX_TWIXT_MAX_SIDE);
        return -1;
    }
    return 0;
}

/* ---- the hooks ---------------------------------------------------------------------- */

int tw_module_parse_move(const void *pos, lx_colour who, const char *raw, size_t len, void *move, lx_game_error *err)
{
    const lx_twixt_board *b = pos;
    lx_twixt_move *m = move;
    (void)who;
    if (tw_parse_move(b->g.cols, b->g.rows, raw, len, m, err) != 0)
        return -1;
    m->notes = tw_note_of(b, raw);
    return 0;
}

static int setup_rectangle(lx_twixt_board *b, lx_colour c, lx_twixt_point p, lx_twixt_point q, lx_game_error *err)
{
    int c0 = p.col < q.col ? p.col : q.col, c1 = p.col < q.col ? q.col : p.col;
    int r0 = p.row < q.row ? p.row : q.row, r1 = p.row < q.row ? q.row : p.row;
    for (int r = r0; r <= r1; r++)
        for (int col = c0; col <= c1; col++) {
            int single = c0 == c1 && r0 == r1;
            /* a rectangle skips the holes its colour may not hold; a single point may not */
            if (!single && !tw_hole_allowed(&b->g, c, col, r))
                continue;
            if (lx_twixt_setup(b, col, r, c, err) != 0)
                return -1;
        }
    return 0;
}

static int setup_points(lx_twixt_board *b, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    lx_colour c = id[1] == 'B' ? LX_BLACK : id[1] == 'W' ? LX_WHITE : LX_NO_COLOUR;
    const char *s1, *s2;
    size_t n1, n2;
    lx_sgf_point_span(raw, len, &s1, &n1, &s2, &n2);
    lx_twixt_point p, q;
    if (tw_parse_point(b->g.cols, b->g.rows, s1, n1, &p, err) != 0 ||
        tw_parse_point(b->g.cols, b->g.rows, s2, n2, &q, err) != 0)
        return -1;
    return setup_rectangle(b, c, p, q, err);
}

int tw_module_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    lx_twixt_board *b = pos;
    if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE"))
        return setup_points(b, id, raw, len, err);
    if (strcmp(id, "PL") != 0)
        return 1;
    lx_colour c;
    if (lx_game_parse_colour(raw, len, &c) != 0)
        return lx_game_fail(err, "TWIXT_BAD_PL", "PL names the colour to move: PL[B] or PL[W]");
    lx_twixt_set_to_play(b, c);
    return 0;
}

/* ---- the written form ------------------------------------------------------------------ */


/* Append a point in lower case when it reads as one, else the bytes as they are. */
static int lower_part(const char *s, size_t n, lx_buf *out)
{
    char name[48];
    long c, r;
    const char *t = s;
    size_t tn = n;
    lx_trim(&t, &tn);
    if (lx_coord_parse_point(t, tn, &c, &r) == 0 && lx_coord_point_name(c, r, name, sizeof name) > 0)
        return lx_buf_append_str(out, name);
    return lx_buf_append(out, s, n);
}

static int canonical_points(const char *id, const char *raw, size_t len, lx_buf *out)
{
    size_t split = lx_sgf_compose_split(raw, len);
    if (split == (size_t)-1)
        return lower_part(raw, len, out) == 0 ? 0 : -1;
    int second_is_point = strcmp(id, "LB") != 0;
    if (lower_part(raw, split, out) != 0 || lx_buf_append_char(out, ':') != 0)
        return -1;
    if (second_is_point)
        return lower_part(raw + split + 1, len - split - 1, out) == 0 ? 0 : -1;
    return lx_buf_append(out, raw + split + 1, len - split - 1) == 0 ? 0 : -1;
}

int tw_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out)
{
    int is_move = !strcmp(id, "B") || !strcmp(id, "W");
    if (!is_move)
        return lx_sgf_prop_holds_points(id) ? canonical_points(id, raw, len, out) : 1;
    lx_twixt_move m;
    lx_game_error err;
    char text[48];
    lx_game_error_init(&err);
    int ok = tw_parse_move(LX_TWIXT_MAX_SIDE, LX_TWIXT_MAX_SIDE, raw, len, &m, &err) == 0;
    lx_game_error_free(&err);
    if (!ok || lx_twixt_format_move(&m, text, sizeof text) == 0)
        return 1;
    if (text[0] == '\\' && lx_buf_append_char(out, '\\') != 0)
        return -1; /* SGF escapes the backslash: [\\i'4] */
    return lx_buf_append_str(out, text) == 0 ? 0 : -1;
}

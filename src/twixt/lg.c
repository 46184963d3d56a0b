/* lg.c - Little Golem Twixt records (.tsgf): recognising them and converting them to GM[21].
 *
 * Little Golem (littlegolem.net) writes a Twixt PP game as, for example,
 *   (;FF[4]EV[twixt.ld.DEFAULT]PB[slaapgraag]PW[agtoever]SZ[24]
 *    SO[https://www.littlegolem.net];b[ec];r[ff];...;r[qi|draw];...;r[resign])
 * - no GM; moves as lower-case properties b[..] and r[..] (an SGF reader
 *   takes them as B and R); b moves first; a hole is two letters, column then
 *   row, each counted from 'a' ("ec" is e3); "|draw" after a hole offers a
 *   draw; "resign"; "swap".  The first player (b, named by PB) joins top and
 *   bottom: in GM[21] terms White.  So b becomes W, r becomes B, PB's name
 *   goes to PW and PW's to PB.
 * - After "swap" Little Golem goes on writing holes mirrored (column and row
 *   exchanged), as seen from the other side.  The standard record keeps the
 *   board as it is: the swap is the spec's swap-sides (the first peg stays,
 *   the swapper now owns it and plays White, the first player plays Black
 *   and moves next), and every hole after it is mirrored back; from then on
 *   b becomes B and r becomes W.  (Reading the holes unmirrored with
 *   swap-pieces gives the same game reflected in the diagonal; that is what
 *   programs that play on Little Golem do internally.)
 * - RU[PP] (Little Golem plays paper-and-pencil rules), FF[4]GM[21] and SZ
 *   (24 when missing) are set; "|draw" becomes a comment on that move,
 *   "draw" (an accepted draw) ends the record with RE[0]; RE naming b or r
 *   (b/B or r/R) becomes W+ or B+ for whoever plays that colour at the end.
 *   Everything else in the root is copied; values that cannot be read are
 *   kept as written, with an error.  The converted game is replayed, and a
 *   move the rules refuse is reported where Little Golem's file has it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "twixt/twixt_impl.h"

static int has_move_ids(const lx_sgf_tree *t)
{
    for (lx_sgf_node n = lx_sgf_first_child(t, 0); n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        if (lx_sgf_find_prop(t, n, "R") != LX_SGF_NIL)
            return 1;
    return 0;
}

static int root_contains(const lx_sgf_tree *t, const char *id, const char *word)
{
    char v[128];
    size_t at;
    if (tw_root_word(t, id, v, sizeof v, &at) <= 0)
        return 0;
    for (size_t i = 0; v[i]; i++)
        if (strncasecmp(v + i, word, strlen(word)) == 0)
            return 1;
    return 0;
}

int lx_twixt_is_little_golem(const lx_sgf_tree *t)
{
    if (lx_sgf_node_count(t) == 0)
        return 0;
    lx_sgf_prop gm = lx_sgf_find_prop(t, 0, "GM");
    if (gm != LX_SGF_NIL)
        return 0;
    return has_move_ids(t) || (root_contains(t, "SO", "littlegolem") && root_contains(t, "EV", "twixt"));
}

/* ---- holes ------------------------------------------------------------------------------ */

static int lg_hole(const char *s, size_t n, int size_cols, int size_rows, lx_twixt_point *p)
{
    if (n != 2 || !isalpha((unsigned char)s[0]) || !isalpha((unsigned char)s[1]))
        return -1;
    p->col = tolower((unsigned char)s[0]) - 'a';
    p->row = tolower((unsigned char)s[1]) - 'a';
    return p->col < size_cols && p->row < size_rows ? 0 : -1;
}

/* ---- the converter ------------------------------------------------------------------------ */

typedef struct lg_state {
    tw_builder bl;
    int cols, rows;
    int swapped;   /* after "swap": holes mirrored, colours b->B, r->W */
    int draw;      /* an accepted draw ended the record */
    size_t *where;  /* document offset of each move written */
    size_t nwhere, capwhere;
    lx_diag_list *diags;
} lg_state;

static void note_where(lg_state *st, size_t offset)
{
    if (st->nwhere == st->capwhere) {
        size_t cap = st->capwhere ? 2 * st->capwhere : 64;
        size_t *w = realloc(st->where, cap * sizeof *w);
        if (!w) {
            st->bl.oom = 1;
            return;
        }
        st->where = w;
        st->capwhere = cap;
    }
    st->where[st->nwhere++] = offset;
}

static lx_colour colour_of(const lg_state *st, int is_b)
{
    return (is_b != 0) != (st->swapped != 0) ? LX_WHITE : LX_BLACK;
}

static void copy_root(lg_state *st, const lx_sgf_tree *lg)
{
    char size[32];
    snprintf(size, sizeof size, st->cols == st->rows ? "%d" : "%d:%d", st->cols, st->rows);
    tw_builder_root_text(&st->bl, "SZ", size);
    tw_builder_root_text(&st->bl, "RU", "PP");
    lx_buf text = LX_BUF_INIT;
    for (size_t i = 0; i < lx_sgf_prop_count(lg, 0); i++) {
        lx_sgf_prop p = lx_sgf_node_prop(lg, 0, i);
        const char *id = lx_sgf_prop_id(lg, p);
        if (!strcmp(id, "FF") || !strcmp(id, "GM") || !strcmp(id, "SZ") || !strcmp(id, "RE") || !strcmp(id, "RU"))
            continue;
        const char *to = !strcmp(id, "PB") ? "PW" : !strcmp(id, "PW") ? "PB" : !strcmp(id, "BR") ? "WR"
                       : !strcmp(id, "WR") ? "BR" : id;
        for (size_t k = 0; k < lx_sgf_value_count(lg, p); k++) {
            lx_sgf_value v = lx_sgf_get_value(lg, p, k);
            lx_buf_clear(&text);
            if (lx_sgf_decode_text(v.raw, v.len, &text) != 0)
                st->bl.oom = 1;
            tw_builder_root_text(&st->bl, to, text.data ? text.data : "");
        }
    }
    lx_buf_free(&text);
}

static void bad_value(lg_state *st, lx_colour who, lx_sgf_value v)
{
    char q[64];
    lx_diag_add(st->diags, LX_ERROR, "TWIXT_LG_BAD_MOVE", v.offset,
                "\"%s\" is not a Little Golem Twixt move (two letters such as ec, swap, resign); kept as written",
                lx_quote(v.raw, v.len, q, sizeof q));
    tw_builder_turn_text(&st->bl, who, v.raw, v.len);
    note_where(st, v.offset);
}

static void convert_move(lg_state *st, int is_b, lx_sgf_value v)
{
    const char *s = v.raw;
    size_t n = v.len;
    lx_trim(&s, &n);
    const char *bar = memchr(s, '|', n);
    size_t hole_len = bar ? (size_t)(bar - s) : n;
    lx_colour who = colour_of(st, is_b);
    lx_twixt_move m = {.kind = LX_TWIXT_PEG};
    if (hole_len == 4 && strncasecmp(s, "swap", 4) == 0) {
        m.kind = LX_TWIXT_SWAP_SIDES;
        tw_builder_turn(&st->bl, who, &m, 1);
        st->swapped = 1;
    } else if (hole_len == 6 && strncasecmp(s, "resign", 6) == 0) {
        m.kind = LX_TWIXT_RESIGN;
        tw_builder_turn(&st->bl, who, &m, 1);
    } else if (hole_len == 4 && strncasecmp(s, "draw", 4) == 0) {
        st->draw = 1;
        return;
    } else if (lg_hole(s, hole_len, st->cols, st->rows, &m.at) == 0) {
        if (st->swapped)
            m.at = tw_mirror(m.at);
        tw_builder_turn(&st->bl, who, &m, 1);
    } else {
        bad_value(st, who, v);
        return;
    }
    if (bar && n - hole_len == 5 && strncasecmp(bar, "|draw", 5) == 0)
        tw_builder_node_text(&st->bl, "C", "draw offered");
    note_where(st, v.offset);
}

static void map_result(lg_state *st, const lx_sgf_tree *lg)
{
    char v[32];
    size_t at = LX_NO_OFFSET;
    if (tw_root_word(lg, "RE", v, sizeof v, &at) <= 0) {
        if (st->draw)
            tw_builder_root_text(&st->bl, "RE", "0");
        return;
    }
    /* the winner as Little Golem names it, by its move letter; the colour in
     * GM[21] terms depends on whether a swap came before the end */
    int b_won = !strcasecmp(v, "b") || !strcasecmp(v, "b+");
    int r_won = !strcasecmp(v, "r") || !strcasecmp(v, "r+");
    if (b_won || r_won) {
        tw_builder_root_text(&st->bl, "RE", colour_of(st, b_won) == LX_WHITE ? "W+" : "B+");
        return;
    }
    lx_diag_add(st->diags, LX_WARNING, "TWIXT_LG_RESULT", at, "RE[%s]: not a Little Golem result ludex knows; copied", v);
    tw_builder_root_text(&st->bl, "RE", v);
}

lx_sgf_tree *lx_twixt_convert_little_golem(const lx_sgf_tree *lg, lx_diag_list *diags)
{
    lg_state st = {.diags = diags};
    if (tw_builder_start(&st.bl) != 0)
        return NULL;
    if (tw_read_size(lg, 0, &st.cols, &st.rows, diags) < 0)
        st.cols = st.rows = LX_TWIXT_DEFAULT_SIZE;
    copy_root(&st, lg);
    for (lx_sgf_node n = lg && lx_sgf_node_count(lg) ? 0 : LX_SGF_NIL; n != LX_SGF_NIL; n = lx_sgf_first_child(lg, n))
        for (size_t i = 0; i < lx_sgf_prop_count(lg, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(lg, n, i);
            const char *id = lx_sgf_prop_id(lg, p);
            int is_b = !strcmp(id, "B");
            if ((!is_b && strcmp(id, "R") && strcmp(id, "W")) || lx_sgf_value_count(lg, p) == 0)
                continue;
            convert_move(&st, is_b, lx_sgf_get_value(lg, p, 0));
        }
    map_result(&st, lg);
    if (!st.bl.oom && tw_builder_check(&st.bl, st.where, st.nwhere, 0, diags) != 0)
        st.bl.oom = 1;
    free(st.where);
    if (st.bl.oom) {
        lx_sgf_tree_free(st.bl.t);
        return NULL;
    }
    return st.bl.t;
}

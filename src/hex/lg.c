/* lg.c - Little Golem Hex records: recognising them and converting them to GM[11].
 *
 * Little Golem (littlegolem.net) writes Hex games as, for example,
 *   (;FF[4]EV[hex.mc.2010.oct.1.11]PB[..]PW[..]SZ[13]RE[B]GC[ game #1254910]
 *    SO[http://www.littlegolem.com];W[mf];B[swap];W[gg];...;B[resign])
 * - no GM; W moves first and joins top and bottom; a cell is two letters,
 *   column then row, each counted from 'a' ("mf" is column m, row 6);
 *   "swap" hands the first stone to the second player mirrored, the players
 *   keep their sides and the first player moves next (the spec's
 *   swap-pieces); RE names the winner's letter without '+'.
 * So the standard record exchanges the colours (LG's W is Black: B and W
 * moves, AB and AW, PB/PW, BR/WR, BT/WT, RE), writes cells as "m6", "swap" as
 * "swap-pieces", RE[W] as RE[B+] (B+R when the record ends in a resignation,
 * B+F in a forfeit), and starts the root with FF[4]GM[11].  Everything else
 * is copied as written.
 *
 * The tree is copied in node-index order, which puts every parent before its
 * children and keeps siblings in order, so nothing recurses. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/coord.h"
#include "hex/hex_impl.h"

static int contains_nocase(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (strncasecmp(s + i, word, n) == 0)
            return 1;
    return 0;
}

static int root_text_has(const lx_sgf_tree *t, const char *id, const char *word, int at_start)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, id);
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    if (at_start)
        return v.len >= strlen(word) && strncasecmp(v.raw, word, strlen(word)) == 0;
    return contains_nocase(v.raw, v.len, word);
}

/* Non-zero when some main-line move is a two-letter cell. */
static int has_lg_cells(const lx_sgf_tree *t)
{
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
            const char *id = lx_sgf_prop_id(t, p);
            if ((strcmp(id, "B") && strcmp(id, "W")) || lx_sgf_value_count(t, p) == 0)
                continue;
            lx_sgf_value v = lx_sgf_get_value(t, p, 0);
            const char *s = v.raw;
            size_t len = v.len;
            lx_trim(&s, &len);
            if (hex_is_lg_point(s, len))
                return 1;
        }
    return 0;
}

/* Whether the main line has a "swap" move, which no Go record has. */
static int has_swap_move(const lx_sgf_tree *t)
{
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n)) {
        for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
            const char *id = lx_sgf_prop_id(t, p);
            if ((!strcmp(id, "B") || !strcmp(id, "W")) && lx_sgf_value_count(t, p) == 1) {
                lx_sgf_value v = lx_sgf_get_value(t, p, 0);
                if (v.len == 4 && strncasecmp(v.raw, "swap", 4) == 0)
                    return 1;
            }
        }
    }
    return 0;
}

/* Whether the first node of the main line with a move has W. */
static int first_mover_is_white(const lx_sgf_tree *t)
{
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n)) {
        if (lx_sgf_find_prop(t, n, "W") != LX_SGF_NIL)
            return 1;
        if (lx_sgf_find_prop(t, n, "B") != LX_SGF_NIL)
            return 0;
    }
    return 0;
}

int lx_hex_is_little_golem(const lx_sgf_tree *t)
{
    if (lx_sgf_node_count(t) == 0)
        return 0;
    lx_sgf_prop gm = lx_sgf_find_prop(t, 0, "GM");
    if (gm != LX_SGF_NIL) {
        long v = 0;
        lx_sgf_value g = lx_sgf_value_count(t, gm) ? lx_sgf_get_value(t, gm, 0) : (lx_sgf_value){"", 0, 0};
        if (lx_sgf_parse_number(g.raw, g.len, &v) != 0 || v != 11)
            return 0;
        return has_lg_cells(t); /* a GM[11] file is only Little Golem's by its cells */
    }
    /* Without GM a file is Go by FF[4]'s default, and Little Golem hosts Go
     * too: its Hex records say "hex." in EV, or come from Little Golem with
     * White (its first player) moving first. */
    return root_text_has(t, "EV", "hex.", 1) ||
           ((root_text_has(t, "SO", "littlegolem", 0) || has_swap_move(t)) && first_mover_is_white(t) &&
            has_lg_cells(t));
}

/* ---- converting ------------------------------------------------------------------------ */

typedef struct converter {
    const lx_sgf_tree *in;
    lx_sgf_tree *out;
    lx_diag_list *diags;
    const char *re_reason; /* "R", "F" or "": how the main line ends */
    int oom;
} converter;

static const char *exchanged_id(const char *id)
{
    static const char *const pairs[][2] = {{"B", "W"}, {"AB", "AW"}, {"PB", "PW"}, {"BR", "WR"}, {"BT", "WT"},
                                           {"BL", "WL"}, {"OB", "OW"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        if (!strcmp(id, pairs[i][0]))
            return pairs[i][1];
        if (!strcmp(id, pairs[i][1]))
            return pairs[i][0];
    }
    return id;
}

static void add(converter *cv, lx_sgf_prop p, const char *raw, size_t len)
{
    if (!cv->oom && lx_sgf_add_value(cv->out, p, raw, len) != 0)
        cv->oom = 1;
}

/* One cell or move value, LG form to the spec's. */
static void convert_cell(converter *cv, lx_sgf_prop to, lx_sgf_value v, int is_move)
{
    char buf[32];
    const char *s = v.raw;
    size_t n = v.len;
    long col, row;
    lx_trim(&s, &n);
    hex_special sp = is_move ? hex_special_of(s, n) : HEX_SP_NONE;
    if (sp == HEX_SP_SWAP_OTHER || sp == HEX_SP_SWAP_PIECES) {
        add(cv, to, "swap-pieces", 11);
    } else if (sp != HEX_SP_NONE || (n > 0 && lx_coord_parse_point(s, n, &col, &row) == 0)) {
        add(cv, to, v.raw, v.len);
    } else if (hex_is_lg_point(s, n)) {
        int c = tolower((unsigned char)s[0]) - 'a', r = tolower((unsigned char)s[1]) - 'a' + 1;
        lx_coord_point_name(c, r, buf, sizeof buf);
        add(cv, to, buf, strlen(buf));
    } else {
        lx_diag_add(cv->diags, LX_ERROR, "HEX_LG_BAD_VALUE", v.offset,
                    "\"%.*s\" is not a Little Golem cell (two letters, column then row) nor a special move; kept "
                    "as it is", (int)(n < 40 ? n : 40), s);
        add(cv, to, v.raw, v.len);
    }
}

static void convert_result(converter *cv, lx_sgf_prop to, lx_sgf_value v)
{
    char buf[64];
    const char *s = v.raw;
    size_t n = v.len;
    lx_trim(&s, &n);
    if (n == 0 || (s[0] != 'B' && s[0] != 'W' && s[0] != 'b' && s[0] != 'w') || (n > 1 && s[1] != '+')) {
        add(cv, to, v.raw, v.len);
        return;
    }
    char winner = (s[0] == 'B' || s[0] == 'b') ? 'W' : 'B';
    if (n == 1)
        snprintf(buf, sizeof buf, "%c+%s", winner, cv->re_reason);
    else
        snprintf(buf, sizeof buf, "%c%.*s", winner, (int)(n - 1 < 60 ? n - 1 : 60), s + 1);
    add(cv, to, buf, strlen(buf));
}

static void convert_prop(converter *cv, lx_sgf_node to_node, lx_sgf_prop p)
{
    const char *id = lx_sgf_prop_id(cv->in, p);
    if (lx_sgf_prop_node(cv->in, p) == 0 && (!strcmp(id, "FF") || !strcmp(id, "GM")))
        return;
    int is_move = !strcmp(id, "B") || !strcmp(id, "W");
    int is_point = !strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE");
    lx_sgf_prop to = lx_sgf_add_prop(cv->out, to_node, exchanged_id(id));
    if (to == LX_SGF_NIL) {
        cv->oom = 1;
        return;
    }
    for (size_t i = 0; i < lx_sgf_value_count(cv->in, p); i++) {
        lx_sgf_value v = lx_sgf_get_value(cv->in, p, i);
        if (is_move || is_point)
            convert_cell(cv, to, v, is_move);
        else if (!strcmp(id, "RE"))
            convert_result(cv, to, v);
        else
            add(cv, to, v.raw, v.len);
    }
}

static void start_root(converter *cv, lx_sgf_node root)
{
    lx_sgf_prop ff = lx_sgf_add_prop(cv->out, root, "FF");
    lx_sgf_prop gm = ff == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_add_prop(cv->out, root, "GM");
    if (gm == LX_SGF_NIL) {
        cv->oom = 1;
        return;
    }
    add(cv, ff, "4", 1);
    add(cv, gm, "11", 2);
}

/* "R" or "F" when the main line's last move is a resignation or a forfeit. */
static const char *ending(const lx_sgf_tree *t)
{
    const char *how = "";
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
            const char *id = lx_sgf_prop_id(t, p);
            if ((strcmp(id, "B") && strcmp(id, "W")) || lx_sgf_value_count(t, p) == 0)
                continue;
            lx_sgf_value v = lx_sgf_get_value(t, p, 0);
            const char *s = v.raw;
            size_t len = v.len;
            lx_trim(&s, &len);
            hex_special sp = hex_special_of(s, len);
            how = sp == HEX_SP_RESIGN ? "R" : sp == HEX_SP_FORFEIT ? "F" : "";
        }
    return how;
}

lx_sgf_tree *lx_hex_convert_little_golem(const lx_sgf_tree *lg, lx_diag_list *diags)
{
    size_t count = lx_sgf_node_count(lg);
    converter cv = {lg, lx_sgf_tree_new(), diags, ending(lg), 0};
    lx_sgf_node *map = malloc((count ? count : 1) * sizeof *map);
    if (!cv.out || !map) {
        free(map);
        lx_sgf_tree_free(cv.out);
        return NULL;
    }
    for (lx_sgf_node n = 0; n < count && !cv.oom; n++) {
        lx_sgf_node parent = lx_sgf_parent(lg, n);
        map[n] = lx_sgf_add_node(cv.out, parent == LX_SGF_NIL ? LX_SGF_NIL : map[parent]);
        if (map[n] == LX_SGF_NIL) {
            cv.oom = 1;
            break;
        }
        if (n == 0)
            start_root(&cv, map[n]);
        for (size_t i = 0; i < lx_sgf_prop_count(lg, n) && !cv.oom; i++)
            convert_prop(&cv, map[n], lx_sgf_node_prop(lg, n, i));
    }
    free(map);
    if (cv.oom) {
        lx_sgf_tree_free(cv.out);
        return NULL;
    }
    return cv.out;
}

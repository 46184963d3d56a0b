/* modules/canonical.c - a tree written in canonical form, as `ludex fmt` writes it.
 *
 * One place for every front that writes records back (the CLI's fmt, the
 * Python and JavaScript bindings): CA made true of the UTF-8 output
 * (lx_sgf_mark_utf8), the built-in game module's dialect forms normalised
 * (its normalize_tree), its property table and canonical values, and a line
 * break after each tree. */
#include "ludex/game.h"

int lx_game_write_tree(const lx_sgf_tree *t, int drop_unknown, lx_buf *out)
{
    int gm = lx_sgf_tree_gm(t);
    lx_sgf_write_options wo = {0};
    wo.drop_unknown = drop_unknown;
    lx_game_write_options(gm > 0 ? lx_game_builtin_by_gm(gm) : NULL, &wo);
    if (lx_sgf_write_tree(t, &wo, out) != 0)
        return -1;
    if (out->len > 0 && out->data[out->len - 1] != '\n')
        return lx_buf_append_char(out, '\n');
    return 0;
}

int lx_game_format_tree(lx_sgf_tree *t, const lx_sgf_doc *doc, int drop_unknown, lx_buf *out, lx_diag_list *diags)
{
    int gm = lx_sgf_tree_gm(t);
    const lx_game_module *m = gm > 0 ? lx_game_builtin_by_gm(gm) : NULL;
    if (lx_sgf_mark_utf8(t, doc) != 0 || (m && m->normalize_tree && m->normalize_tree(t, diags) != 0))
        return -1;
    return lx_game_write_tree(t, drop_unknown, out);
}

long lx_game_format_doc(const lx_sgf_doc *doc, int drop_unknown, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    long trees = 0;
    int got = r ? 0 : -1;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0) {
        if (lx_game_format_tree(t, doc, drop_unknown, out, diags) != 0) {
            got = -1;
            break;
        }
        trees++;
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return got < 0 ? -1 : trees;
}

/* js/src/tree.c - what JavaScript needs of a tree beyond the lx_sgf_*
 * accessors it calls directly: a value's bytes and length (lx_sgf_value is a
 * struct), decoded Text and SimpleText, the game a tree is of, and why it
 * has no rules here when it has none. */
#include "collection.h"

LXW_API const char *lxw_value_raw(const lx_sgf_tree *t, lx_sgf_prop p, size_t i)
{
    return lx_sgf_get_value(t, p, i).raw;
}

LXW_API size_t lxw_value_len(const lx_sgf_tree *t, lx_sgf_prop p, size_t i)
{
    return lx_sgf_get_value(t, p, i).len;
}

LXW_API double lxw_prop_offset(const lx_sgf_tree *t, lx_sgf_prop p)
{
    size_t o = lx_sgf_prop_offset(t, p);
    return o == LX_NO_OFFSET ? -1 : (double)o;
}

LXW_API double lxw_node_offset(const lx_sgf_tree *t, lx_sgf_node n)
{
    size_t o = lx_sgf_node_offset(t, n);
    return o == LX_NO_OFFSET ? -1 : (double)o;
}

/* Value i of property p decoded as Text (simple == 0) or SimpleText, into the
 * collection's scratch string.  0, or -1 when out of memory. */
LXW_API int lxw_value_decode(lxw_coll *c, const lx_sgf_tree *t, lx_sgf_prop p, size_t i, int simple)
{
    lx_sgf_value v = lx_sgf_get_value(t, p, i);
    lx_buf_clear(&c->scratch);
    return simple ? lx_sgf_decode_simpletext(v.raw, v.len, &c->scratch)
                  : lx_sgf_decode_text(v.raw, v.len, &c->scratch);
}

/* The name of the module that plays tree t's game ("hex", "twixt",
 * "backgammon"), or "" when this build has none for its GM. */
LXW_API const char *lxw_tree_game(const lx_sgf_tree *t)
{
    const lx_game_module *m = lx_game_rules_for_tree(NULL, t, NULL);
    return m ? m->name : "";
}

/* Why tree t has no rules here: a new list holding the diagnostic `ludex
 * check` gives for it (UNSUPPORTED_GAME, LITTLE_GOLEM_HEX, GM_INVALID ...),
 * resolved to a line and column; JavaScript frees it with lxw_diags_free.
 * An empty list when t has rules; NULL when out of memory. */
LXW_API lx_diag_list *lxw_tree_no_rules(const lx_sgf_tree *t)
{
    lx_diag_list *why = lx_diag_list_new();
    if (!why)
        return NULL;
    lx_game_rules_for_tree(NULL, t, why);
    const lx_sgf_doc *doc = lx_sgf_tree_doc(t);
    size_t len = 0;
    const char *text = doc ? lx_sgf_doc_text(doc, &len) : "";
    lx_diag_list_resolve(why, text, len);
    return why;
}

LXW_API void lxw_diags_free(lx_diag_list *l)
{
    lx_diag_list_free(l);
}

/* FF[4]'s name for tree t's GM ("Hex", "Go", ...), or "". */
LXW_API const char *lxw_tree_gm_name(const lx_sgf_tree *t)
{
    const char *n = lx_game_gm_name(lx_sgf_tree_gm(t));
    return n ? n : "";
}

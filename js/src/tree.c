/* js/src/tree.c - what JavaScript needs of a tree beyond the lx_sgf_*
 * accessors it calls directly: a value's bytes and length (lx_sgf_value is a
 * struct), decoded Text and SimpleText, and the game a tree is of. */
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
    const lx_game_module *m = lx_game_builtin_by_gm(lx_sgf_tree_gm(t));
    return m ? m->name : "";
}

/* FF[4]'s name for tree t's GM ("Hex", "Go", ...), or "". */
LXW_API const char *lxw_tree_gm_name(const lx_sgf_tree *t)
{
    const char *n = lx_game_gm_name(lx_sgf_tree_gm(t));
    return n ? n : "";
}

/* tree_inline.h - the tree reads of a replay's inner loop, inline (internal to libludex).
 *
 * The same answers as lx_sgf_prop_count, lx_sgf_node_prop, lx_sgf_prop_id_number,
 * lx_sgf_first_child, lx_sgf_value_count and lx_sgf_get_value (tree.c), for the
 * layers above sgf/ that read every property of every node of a collection
 * (game/ replaying moves, a game module reading its values): one memory read
 * each instead of a call into another file.  Everything else goes through
 * ludex/sgf.h. */
#ifndef LX_SGF_TREE_INLINE_H
#define LX_SGF_TREE_INLINE_H

#include "sgf/tree_impl.h"

static inline uint32_t lx_sgf_prop_count_i(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].nprops; }
static inline lx_sgf_prop lx_sgf_node_prop_i(const lx_sgf_tree *t, lx_sgf_node n, uint32_t i)
{
    return t->nodes[n].first_prop + i;
}
/* Properties are numbered 0 .. total-1 over the whole tree. */
static inline uint32_t lx_sgf_prop_total_i(const lx_sgf_tree *t) { return t->nprops; }
static inline uint32_t lx_sgf_prop_name_i(const lx_sgf_tree *t, lx_sgf_prop p) { return t->props[p].name; }
static inline lx_sgf_node lx_sgf_first_child_i(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].first_child; }
static inline uint32_t lx_sgf_value_count_i(const lx_sgf_tree *t, lx_sgf_prop p) { return t->props[p].nvalues; }

/* The length of value i of property p, without looking at its bytes. */
static inline size_t lx_sgf_value_len_i(const lx_sgf_tree *t, lx_sgf_prop p, uint32_t i)
{
    return t->values[t->props[p].first_value + i].len & ~LX_VAL_IN_POOL;
}

/* Value i of property p: its bytes and length (lx_sgf_get_value without the offset). */
static inline const char *lx_sgf_value_i(const lx_sgf_tree *t, lx_sgf_prop p, uint32_t i, size_t *len)
{
    const sgf_value *v = &t->values[t->props[p].first_value + i];
    if (v->len & LX_VAL_IN_POOL) {
        *len = v->len & ~LX_VAL_IN_POOL;
        return t->pool.data ? t->pool.data + v->off : "";
    }
    *len = v->len;
    return t->text + v->off;
}

#endif

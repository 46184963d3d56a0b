/* tree_impl.h - the layout of lx_sgf_tree, shared by the reader, the builder,
 * the checker and the writer (internal to libludex).
 *
 * Nodes, properties and values are flat arrays indexed by uint32_t.  A node's
 * properties are a contiguous run of `props`, a property's values a contiguous
 * run of `values`; the reader appends in file order so runs come for free, and
 * the builder moves a run to the end of its array when it must grow.  A value
 * is an (offset, length) slice of the document text, or of the tree's own
 * pool when the top bit of `len` is set.  Children are a singly linked list
 * with a tail pointer, so appending the 200,000th variation costs what the
 * first did.  Property IDs are interned per tree: one- and two-letter IDs
 * through a direct table, longer ones through an open-addressing hash. */
#ifndef LX_SGF_TREE_IMPL_H
#define LX_SGF_TREE_IMPL_H

#include <stdint.h>

#include "ludex/buf.h"
#include "ludex/sgf.h"

#define LX_VAL_IN_POOL 0x80000000u
#define LX_NAME_DIRECT (27 * 27)

typedef struct sgf_node {
    uint32_t parent, first_child, next_sibling, last_child;
    uint32_t first_prop, nprops;
    uint32_t offset; /* of ';', or UINT32_MAX */
} sgf_node;

typedef struct sgf_prop {
    uint32_t first_value, nvalues;
    uint32_t offset; /* of the ID, or UINT32_MAX */
    uint32_t name;   /* index into the tree's name table */
} sgf_prop;

typedef struct sgf_value {
    uint32_t off; /* first byte after '[' (document) or pool offset */
    uint32_t len; /* LX_VAL_IN_POOL set: in the tree's pool */
} sgf_value;

struct lx_sgf_tree {
    const lx_sgf_doc *doc;
    const char *text; /* document text, NULL for built trees */
    uint32_t offset;
    sgf_node *nodes;
    sgf_prop *props;
    sgf_value *values;
    uint32_t nnodes, cap_nodes, nprops, cap_props, nvalues, cap_values;
    /* interned property IDs */
    uint32_t *name_at; /* offsets of NUL-terminated names in `names` */
    uint32_t nnames, cap_names;
    lx_buf names;
    uint32_t direct[LX_NAME_DIRECT]; /* 1+index for 1-2 letter IDs, 0 = not yet */
    uint32_t *hash;                  /* 1+index for longer IDs, 0 = empty slot */
    uint32_t hash_cap, hash_used;    /* hash_cap: a power of two, or 0 */
    lx_buf pool; /* values of built trees */
};

/* Clear a tree for reuse, keeping its memory. */
void lx_sgf_tree_reset(lx_sgf_tree *t, const lx_sgf_doc *doc, const char *text);
/* Intern an upper-case ID of `len` letters; UINT32_MAX when out of memory. */
uint32_t lx_sgf_tree_intern(lx_sgf_tree *t, const char *id, size_t len);
/* Make room for one more node, property or value; 0 or -1 (the slow paths
 * of the appends below). */
int lx_sgf_tree_grow_nodes(lx_sgf_tree *t);
int lx_sgf_tree_grow_props(lx_sgf_tree *t);
int lx_sgf_tree_grow_values(lx_sgf_tree *t);

/* Low-level appends used by the reader and the builder, inline because the
 * reader makes one per node, property and value.  No run moving: the caller
 * appends properties to the last node and values to the last property. */
static inline uint32_t lx_sgf_tree_push_node(lx_sgf_tree *t, uint32_t parent, uint32_t offset)
{
    if (t->nnodes == t->cap_nodes && lx_sgf_tree_grow_nodes(t) != 0)
        return LX_SGF_NIL;
    uint32_t id = t->nnodes++;
    sgf_node *n = &t->nodes[id];
    n->parent = parent;
    n->first_child = n->next_sibling = n->last_child = LX_SGF_NIL;
    n->first_prop = t->nprops;
    n->nprops = 0;
    n->offset = offset;
    if (parent != LX_SGF_NIL) {
        sgf_node *p = &t->nodes[parent];
        if (p->first_child == LX_SGF_NIL)
            p->first_child = id;
        else
            t->nodes[p->last_child].next_sibling = id;
        p->last_child = id;
    }
    return id;
}

static inline uint32_t lx_sgf_tree_push_prop(lx_sgf_tree *t, uint32_t node, uint32_t name, uint32_t offset)
{
    if (t->nprops == t->cap_props && lx_sgf_tree_grow_props(t) != 0)
        return LX_SGF_NIL;
    uint32_t id = t->nprops++;
    sgf_prop *p = &t->props[id];
    p->first_value = t->nvalues;
    p->nvalues = 0;
    p->offset = offset;
    p->name = name;
    t->nodes[node].nprops++;
    return id;
}

/* Intern an upper-case ID of one or two letters (the reader's fast path). */
static inline uint32_t lx_sgf_tree_intern_short(lx_sgf_tree *t, const char *id, size_t len)
{
    int key = len == 1 ? id[0] - 'A' + 1 : (id[0] - 'A' + 1) * 27 + (id[1] - 'A' + 1);
    if (t->direct[key])
        return t->direct[key] - 1u;
    return lx_sgf_tree_intern(t, id, len);
}

/* Append a value to the last property (the reader's hottest call: inline). */
static inline int lx_sgf_tree_push_value(lx_sgf_tree *t, uint32_t off, uint32_t len)
{
    if (t->nvalues == t->cap_values && lx_sgf_tree_grow_values(t) != 0)
        return -1;
    t->values[t->nvalues].off = off;
    t->values[t->nvalues].len = len;
    t->nvalues++;
    t->props[t->nprops - 1].nvalues++;
    return 0;
}
const char *lx_sgf_tree_name(const lx_sgf_tree *t, uint32_t name);

#endif

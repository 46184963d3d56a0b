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
/* Low-level appends used by the reader (no run moving: the caller appends in order). */
uint32_t lx_sgf_tree_push_node(lx_sgf_tree *t, uint32_t parent, uint32_t offset);
uint32_t lx_sgf_tree_push_prop(lx_sgf_tree *t, uint32_t node, uint32_t name, uint32_t offset);
int lx_sgf_tree_push_value(lx_sgf_tree *t, uint32_t off, uint32_t len);
const char *lx_sgf_tree_name(const lx_sgf_tree *t, uint32_t name);

#endif

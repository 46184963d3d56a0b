/* walk.c - iterators over the nodes of a tree, without recursion.
 *
 * The main line follows first children.  The whole-tree walk is depth first
 * in document order: a node's first child, else its next sibling, else the
 * next sibling of the nearest ancestor that has one - found by climbing
 * parent indices, so a walk needs no stack at all, however deep the tree. */
#include "pyludex.h"

typedef struct {
    PyObject_HEAD
    PlxTree *tree;
    lx_sgf_node next;  /* the node to yield next, LX_SGF_NIL when done */
    lx_sgf_node start; /* the walk's top: a preorder walk never climbs above it */
    plx_walk_kind kind;
} PlxWalk;

PyObject *plx_walk_new(PlxTree *tree, lx_sgf_node start, plx_walk_kind kind)
{
    PlxWalk *w = PyObject_New(PlxWalk, &PlxWalk_Type);
    if (!w)
        return NULL;
    w->tree = (PlxTree *)Py_NewRef(tree);
    w->next = w->start = start;
    w->kind = kind;
    return (PyObject *)w;
}

static void walk_dealloc(PlxWalk *w)
{
    Py_DECREF(w->tree);
    Py_TYPE(w)->tp_free((PyObject *)w);
}

/* The node after n in document order within the subtree of `top`. */
static lx_sgf_node preorder_next(const lx_sgf_tree *t, lx_sgf_node n, lx_sgf_node top)
{
    lx_sgf_node c = lx_sgf_first_child(t, n);
    if (c != LX_SGF_NIL)
        return c;
    while (n != top) {
        lx_sgf_node s = lx_sgf_next_sibling(t, n);
        if (s != LX_SGF_NIL)
            return s;
        n = lx_sgf_parent(t, n);
    }
    return LX_SGF_NIL;
}

static PyObject *walk_next(PlxWalk *w)
{
    lx_sgf_node n = w->next;
    if (n == LX_SGF_NIL)
        return NULL;
    const lx_sgf_tree *t = w->tree->tree;
    w->next = w->kind == PLX_WALK_MAIN_LINE ? lx_sgf_first_child(t, n) : preorder_next(t, n, w->start);
    return plx_node_new(w->tree, n);
}

PyTypeObject PlxWalk_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex._Walk",
    .tp_basicsize = sizeof(PlxWalk),
    .tp_dealloc = (destructor)walk_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An iterator over nodes of a game tree (the main line, or every node in document order).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)walk_next,
};

/* tree.c - ludex.GameTree: one game tree of a collection.
 *
 * The tree is libludex's flat lx_sgf_tree (nodes, properties and values in
 * arrays), owned by this object; nodes are made as Python objects only when
 * asked for.  Walks over the main line or the whole tree are iterators that
 * follow parent/child/sibling indices, so a tree of any depth is walked in
 * constant stack. */
#include "pyludex.h"

static void tree_dealloc(PlxTree *t)
{
    if (t->board)
        t->board_m->position_free(t->board);
    lx_sgf_tree_free(t->tree);
    Py_XDECREF(t->doc);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

PyObject *plx_tree_wrap(lx_sgf_tree *tree, PyObject *doc, Py_ssize_t index)
{
    PlxTree *t = PyObject_New(PlxTree, &PlxTree_Type);
    if (!t) {
        lx_sgf_tree_free(tree);
        return NULL;
    }
    t->tree = tree;
    t->doc = Py_XNewRef(doc);
    t->index = index;
    t->board_m = NULL;
    t->board = NULL;
    return (PyObject *)t;
}

const lx_game_module *plx_tree_module(const PlxTree *t)
{
    return lx_game_rules_for_tree(NULL, t->tree, NULL);
}

static int has_root(PlxTree *t)
{
    if (lx_sgf_node_count(t->tree) > 0)
        return 1;
    plx_raise_error("NO_GAME_TREE", "the game tree has no node");
    return 0;
}

static PyObject *tree_root(PlxTree *t, void *unused)
{
    (void)unused;
    return has_root(t) ? plx_node_new(t, 0) : NULL;
}

static PyObject *tree_gm(PlxTree *t, void *unused)
{
    (void)unused;
    return PyLong_FromLong(lx_sgf_tree_gm(t->tree));
}

static PyObject *tree_game(PlxTree *t, void *unused)
{
    (void)unused;
    const lx_game_module *m = plx_tree_module(t);
    if (m)
        return PyUnicode_FromString(m->name);
    Py_RETURN_NONE;
}

static PyObject *tree_gm_name(PlxTree *t, void *unused)
{
    (void)unused;
    const char *name = lx_game_gm_name(lx_sgf_tree_gm(t->tree));
    if (!name)
        Py_RETURN_NONE;
    return PyUnicode_FromString(name);
}

static PyObject *tree_index(PlxTree *t, void *unused)
{
    (void)unused;
    return PyLong_FromSsize_t(t->index);
}

static PyObject *tree_charset(PlxTree *t, void *unused)
{
    (void)unused;
    const lx_sgf_doc *doc = lx_sgf_tree_doc(t->tree);
    if (!doc)
        Py_RETURN_NONE;
    return PyUnicode_FromString(lx_sgf_doc_charset(doc));
}

static Py_ssize_t tree_len(PlxTree *t)
{
    return (Py_ssize_t)lx_sgf_node_count(t->tree);
}

static PyObject *tree_node(PlxTree *t, PyObject *arg)
{
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || (size_t)i >= lx_sgf_node_count(t->tree)) {
        PyErr_SetString(PyExc_IndexError, "no node with that index");
        return NULL;
    }
    return plx_node_new(t, (lx_sgf_node)i);
}

static PyObject *tree_nodes(PlxTree *t, PyObject *unused)
{
    (void)unused;
    return plx_walk_new(t, lx_sgf_node_count(t->tree) ? 0 : LX_SGF_NIL, PLX_WALK_PREORDER);
}

static PyObject *tree_iter(PlxTree *t)
{
    return tree_nodes(t, NULL);
}

static PyObject *tree_main_line(PlxTree *t, PyObject *unused)
{
    (void)unused;
    return plx_walk_new(t, lx_sgf_node_count(t->tree) ? 0 : LX_SGF_NIL, PLX_WALK_MAIN_LINE);
}

static PyObject *tree_to_sgf(PlxTree *t, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"drop_unknown", NULL};
    int drop_unknown = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$p:to_sgf", kwlist, &drop_unknown))
        return NULL;
    lx_buf out = LX_BUF_INIT;
    if (lx_game_write_tree(t->tree, drop_unknown, &out) != 0) {
        lx_buf_free(&out);
        return PyErr_NoMemory();
    }
    PyObject *b = PyBytes_FromStringAndSize(out.data ? out.data : "", (Py_ssize_t)out.len);
    lx_buf_free(&out);
    return b;
}

static PyObject *tree_replay(PlxTree *t, PyObject *unused)
{
    (void)unused;
    return plx_replay_new(t);
}

static PyObject *tree_repr(PlxTree *t)
{
    PyObject *game = tree_game(t, NULL);
    if (!game)
        return NULL;
    PyObject *r = PyUnicode_FromFormat("<ludex.GameTree %zd: GM[%d] %R, %zu nodes>", t->index,
                                       lx_sgf_tree_gm(t->tree), game, lx_sgf_node_count(t->tree));
    Py_DECREF(game);
    return r;
}

static PyMethodDef tree_methods[] = {
    {"node", (PyCFunction)tree_node, METH_O, "node($self, i, /)\n--\n\nnode(i) -> Node: the node with index i (the root is 0)."},
    {"nodes", (PyCFunction)tree_nodes, METH_NOARGS,
     "nodes($self)\n--\n\nnodes() -> iterator of Node: every node, in document order (depth first, without recursion)."},
    {"main_line", (PyCFunction)tree_main_line, METH_NOARGS,
     "main_line($self)\n--\n\nmain_line() -> iterator of Node: the root, then each first child."},
    {"to_sgf", (PyCFunction)(void (*)(void))tree_to_sgf, METH_VARARGS | METH_KEYWORDS,
     "to_sgf($self, *, drop_unknown=False)\n--\n\nto_sgf(*, drop_unknown=False) -> bytes: the tree in canonical SGF (UTF-8), game values in the\n"
     "game's canonical form, as `ludex fmt` writes it."},
    {"replay", (PyCFunction)tree_replay, METH_NOARGS,
     "replay($self)\n--\n\nreplay() -> Replay: the game at the start of the record, ready to step through its main line."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tree_getset[] = {
    {"root", (getter)tree_root, NULL, "The root Node.", NULL},
    {"gm", (getter)tree_gm, NULL, "The root's GM (1 when absent, 0 when not a number).", NULL},
    {"gm_name", (getter)tree_gm_name, NULL, "FF[4]'s name for the GM ('Hex', 'Go', ...), or None.", NULL},
    {"game", (getter)tree_game, NULL, "The rules module that plays it ('hex', 'twixt', 'backgammon'), or None.",
     NULL},
    {"index", (getter)tree_index, NULL, "0-based position of the tree in its file.", NULL},
    {"charset", (getter)tree_charset, NULL, "The charset the file was read as ('UTF-8', 'ISO-8859-1' ...).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods tree_as_sequence = {
    .sq_length = (lenfunc)tree_len,
};

PyTypeObject PlxTree_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.GameTree",
    .tp_basicsize = sizeof(PlxTree),
    .tp_dealloc = (destructor)tree_dealloc,
    .tp_repr = (reprfunc)tree_repr,
    .tp_as_sequence = &tree_as_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One SGF game tree; len() is its number of nodes, iterating gives them in document order\n"
              "(depth first, as nodes()).",
    .tp_iter = (getiterfunc)tree_iter,
    .tp_methods = tree_methods,
    .tp_getset = tree_getset,
};

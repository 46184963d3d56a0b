/* node.c - ludex.Node: one node of a game tree, a read-only mapping of its
 * properties.
 *
 * node["C"] is the list of the property's values decoded as SGF Text
 * (escapes and soft line breaks removed); node.raw("C") the values exactly
 * as written.  Iterating over a node gives its property IDs in the order
 * written.  A node is an index into its tree and keeps the tree alive; two
 * Node objects for one node compare equal. */
#include "pyludex.h"

PyObject *plx_node_new(PlxTree *tree, lx_sgf_node n)
{
    PlxNode *o = PyObject_New(PlxNode, &PlxNode_Type);
    if (!o)
        return NULL;
    o->tree = (PlxTree *)Py_NewRef(tree);
    o->node = n;
    return (PyObject *)o;
}

static void node_dealloc(PlxNode *o)
{
    Py_DECREF(o->tree);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static const lx_sgf_tree *T(const PlxNode *o)
{
    return o->tree->tree;
}

PyObject *plx_decode_value(const char *raw, size_t len)
{
    lx_buf b = LX_BUF_INIT;
    if (lx_sgf_decode_text(raw, len, &b) != 0) {
        lx_buf_free(&b);
        return PyErr_NoMemory();
    }
    PyObject *s = PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len, "replace");
    lx_buf_free(&b);
    return s;
}

static PyObject *raw_value(const char *raw, size_t len)
{
    return PyUnicode_DecodeUTF8(raw, (Py_ssize_t)len, "replace");
}

/* The values of property p as a list, each made by `make`. */
static PyObject *prop_values(const lx_sgf_tree *t, lx_sgf_prop p, PyObject *(*make)(const char *, size_t))
{
    size_t n = lx_sgf_value_count(t, p);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        PyObject *s = make(v.raw, v.len);
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

static PyObject *values(const PlxNode *o, lx_sgf_prop p, PyObject *(*make)(const char *, size_t))
{
    return prop_values(T(o), p, make);
}

PyObject *plx_raw_values(const lx_sgf_tree *t, lx_sgf_prop p)
{
    return prop_values(t, p, raw_value);
}

/* The property named by `key` (a str), LX_SGF_NIL when absent; -1 with TypeError. */
static int find(const PlxNode *o, PyObject *key, lx_sgf_prop *p)
{
    const char *id = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
    if (!id) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a property ID is a str, such as 'B'");
        return -1;
    }
    *p = lx_sgf_find_prop(T(o), o->node, id);
    return 0;
}

static PyObject *lookup(PlxNode *o, PyObject *key, PyObject *(*make)(const char *, size_t), PyObject *dflt)
{
    lx_sgf_prop p;
    if (find(o, key, &p) != 0)
        return NULL;
    if (p != LX_SGF_NIL)
        return values(o, p, make);
    if (dflt)
        return Py_NewRef(dflt);
    PyErr_SetObject(PyExc_KeyError, key);
    return NULL;
}

static PyObject *node_getitem(PlxNode *o, PyObject *key)
{
    return lookup(o, key, plx_decode_value, NULL);
}

static int node_contains(PlxNode *o, PyObject *key)
{
    lx_sgf_prop p;
    if (find(o, key, &p) != 0) {
        PyErr_Clear();
        return 0;
    }
    return p != LX_SGF_NIL;
}

static Py_ssize_t node_len(PlxNode *o)
{
    return (Py_ssize_t)lx_sgf_prop_count(T(o), o->node);
}

static PyObject *node_get(PlxNode *o, PyObject *args)
{
    PyObject *key, *dflt = Py_None;
    if (!PyArg_UnpackTuple(args, "get", 1, 2, &key, &dflt))
        return NULL;
    return lookup(o, key, plx_decode_value, dflt);
}

static PyObject *node_raw(PlxNode *o, PyObject *key)
{
    return lookup(o, key, raw_value, NULL);
}

static PyObject *prop_id(const PlxNode *o, size_t i)
{
    return PyUnicode_FromString(lx_sgf_prop_id(T(o), lx_sgf_node_prop(T(o), o->node, i)));
}

/* keys (which = 0), values (1) or (id, values) items (2), in the order written. */
static PyObject *listing(PlxNode *o, int which)
{
    size_t n = lx_sgf_prop_count(T(o), o->node);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *k = which != 1 ? prop_id(o, i) : NULL;
        PyObject *v = which != 0 ? values(o, lx_sgf_node_prop(T(o), o->node, i), plx_decode_value) : NULL;
        PyObject *item = which == 0 ? k : which == 1 ? v : (k && v ? PyTuple_Pack(2, k, v) : NULL);
        if (which == 2) {
            Py_XDECREF(k);
            Py_XDECREF(v);
        }
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static PyObject *node_keys(PlxNode *o, PyObject *unused)
{
    (void)unused;
    return listing(o, 0);
}

static PyObject *node_values(PlxNode *o, PyObject *unused)
{
    (void)unused;
    return listing(o, 1);
}

static PyObject *node_items(PlxNode *o, PyObject *unused)
{
    (void)unused;
    return listing(o, 2);
}

static PyObject *node_iter(PlxNode *o)
{
    PyObject *keys = listing(o, 0);
    PyObject *it = keys ? PyObject_GetIter(keys) : NULL;
    Py_XDECREF(keys);
    return it;
}

static PyObject *node_or_none(PlxNode *o, lx_sgf_node n)
{
    if (n == LX_SGF_NIL)
        Py_RETURN_NONE;
    return plx_node_new(o->tree, n);
}

static PyObject *node_parent(PlxNode *o, void *unused)
{
    (void)unused;
    return node_or_none(o, lx_sgf_parent(T(o), o->node));
}

static PyObject *node_first_child(PlxNode *o, void *unused)
{
    (void)unused;
    return node_or_none(o, lx_sgf_first_child(T(o), o->node));
}

static PyObject *node_children(PlxNode *o, void *unused)
{
    (void)unused;
    PyObject *list = PyList_New(0);
    for (lx_sgf_node c = lx_sgf_first_child(T(o), o->node); list && c != LX_SGF_NIL;
         c = lx_sgf_next_sibling(T(o), c)) {
        PyObject *child = plx_node_new(o->tree, c);
        if (!child || PyList_Append(list, child) != 0)
            Py_CLEAR(list);
        Py_XDECREF(child);
    }
    return list;
}

static PyObject *node_index(PlxNode *o, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLong(o->node);
}

static PyObject *node_tree(PlxNode *o, void *unused)
{
    (void)unused;
    return Py_NewRef(o->tree);
}

static PyObject *node_offset(PlxNode *o, void *unused)
{
    (void)unused;
    size_t off = lx_sgf_node_offset(T(o), o->node);
    if (off == LX_NO_OFFSET)
        Py_RETURN_NONE;
    return PyLong_FromSize_t(off);
}

static PyObject *node_main_line(PlxNode *o, PyObject *unused)
{
    (void)unused;
    return plx_walk_new(o->tree, o->node, PLX_WALK_MAIN_LINE);
}

static PyObject *node_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &PlxNode_Type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const PlxNode *x = (const PlxNode *)a, *y = (const PlxNode *)b;
    int eq = x->tree == y->tree && x->node == y->node;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t node_hash(PlxNode *o)
{
    Py_hash_t h = (Py_hash_t)(((uintptr_t)o->tree >> 4) * 1000003u) ^ (Py_hash_t)o->node;
    return h == -1 ? -2 : h;
}

static PyObject *node_repr(PlxNode *o)
{
    return PyUnicode_FromFormat("<ludex.Node %u: %zu properties>", o->node, lx_sgf_prop_count(T(o), o->node));
}

static PyMethodDef node_methods[] = {
    {"get", (PyCFunction)node_get, METH_VARARGS, "get($self, id, default=None, /)\n--\n\nget(id, default=None) -> list of str, or default."},
    {"raw", (PyCFunction)node_raw, METH_O, "raw($self, id, /)\n--\n\nraw(id) -> list of str: the values exactly as written (escapes kept)."},
    {"keys", (PyCFunction)node_keys, METH_NOARGS, "keys($self)\n--\n\nkeys() -> list of property IDs, in the order written."},
    {"values", (PyCFunction)node_values, METH_NOARGS, "values($self)\n--\n\nvalues() -> list of value lists."},
    {"items", (PyCFunction)node_items, METH_NOARGS, "items($self)\n--\n\nitems() -> list of (id, values)."},
    {"main_line", (PyCFunction)node_main_line, METH_NOARGS,
     "main_line($self)\n--\n\nmain_line() -> iterator of Node: this node, then each first child."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef node_getset[] = {
    {"parent", (getter)node_parent, NULL, "The parent Node, None for the root.", NULL},
    {"children", (getter)node_children, NULL, "The child Nodes (the first one continues the main line).", NULL},
    {"next", (getter)node_first_child, NULL, "The first child, or None.", NULL},
    {"index", (getter)node_index, NULL, "The node's index in its tree (the root is 0).", NULL},
    {"tree", (getter)node_tree, NULL, "The GameTree the node belongs to.", NULL},
    {"offset", (getter)node_offset, NULL, "Byte offset of the node's ';' in the UTF-8 text, or None.", NULL},
    {"move", (getter)plx_node_move, NULL,
     "(colour, point), as sgfmill's get_move(): colour 'B' or 'W'; point (row, col), 0-based from the\n"
     "top row, for a Hex stone or a Twixt peg, else the move as written ('swap-pieces', a backgammon\n"
     "move).  (None, None) when the node has no move.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMappingMethods node_as_mapping = {
    .mp_length = (lenfunc)node_len,
    .mp_subscript = (binaryfunc)node_getitem,
};

static PySequenceMethods node_as_sequence = {
    .sq_contains = (objobjproc)node_contains,
};

PyTypeObject PlxNode_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.Node",
    .tp_basicsize = sizeof(PlxNode),
    .tp_dealloc = (destructor)node_dealloc,
    .tp_repr = (reprfunc)node_repr,
    .tp_as_mapping = &node_as_mapping,
    .tp_as_sequence = &node_as_sequence,
    .tp_hash = (hashfunc)node_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One node of a game tree: a read-only mapping from property ID to its list of values.",
    .tp_richcompare = node_richcompare,
    .tp_iter = (getiterfunc)node_iter,
    .tp_methods = node_methods,
    .tp_getset = node_getset,
};

/* read.c - _ludex.read(data, encoding=None): cut a file into game trees.
 *
 * Returns (trees, diagnostics, charset); ludex.read (python/ludex/__init__.py)
 * wraps them as a Collection.  Only reading problems are reported here (the
 * syntax and the charset); ludex.check runs the rules. */
#include "pyludex.h"

/* Read every tree of the document into `trees`; 0, or -1 with an exception. */
static int read_trees(PlxDocument *doc, lx_diag_list *diags, PyObject *trees)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc->doc, diags);
    if (!r) {
        PyErr_NoMemory();
        return -1;
    }
    int got;
    lx_sgf_tree *t = NULL;
    while ((got = lx_sgf_reader_next(r, &t)) > 0) {
        PyObject *o = plx_tree_wrap(t, (PyObject *)doc, PyList_GET_SIZE(trees));
        t = NULL;
        if (!o || PyList_Append(trees, o) != 0) {
            Py_XDECREF(o);
            got = -2;
            break;
        }
        Py_DECREF(o);
    }
    lx_sgf_reader_free(r);
    if (got == -1)
        PyErr_NoMemory();
    return got < 0 ? -1 : 0;
}

static PyObject *result(PyObject *trees, lx_diag_list *diags, PlxDocument *doc)
{
    size_t len = 0;
    const char *text = doc ? lx_sgf_doc_text(doc->doc, &len) : "";
    if (doc && PyList_GET_SIZE(trees) == 0)
        lx_diag_add(diags, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET,
                    "the file holds no SGF game tree (none starts with \"(;\")");
    lx_diag_list_resolve(diags, text, len);
    PyObject *list = plx_diag_list(diags);
    if (!list)
        return NULL;
    return Py_BuildValue("(ONs)", trees, list, doc ? lx_sgf_doc_charset(doc->doc) : "");
}

PyObject *plx_read(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"data", "encoding", NULL};
    PyObject *bytes;
    const char *encoding = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|z:read", kwlist, &PyBytes_Type, &bytes, &encoding))
        return NULL;
    lx_diag_list *diags = plx_diag_list_new();
    PyObject *trees = diags ? PyList_New(0) : NULL, *out = NULL;
    PlxDocument *doc = trees ? plx_document_new(bytes, encoding, diags) : NULL;
    if (trees && (doc ? read_trees(doc, diags, trees) == 0 : !PyErr_Occurred()))
        out = result(trees, diags, doc);
    Py_XDECREF(doc);
    Py_XDECREF(trees);
    lx_diag_list_free(diags);
    return out;
}

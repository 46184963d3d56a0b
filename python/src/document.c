/* document.c - ludex._Document: the text a collection's trees were read from.
 *
 * lx_sgf_doc borrows the caller's bytes (no copy when they are UTF-8 already),
 * so the document keeps a reference to the immutable bytes object, and every
 * tree read from it keeps a reference to the document: the values of a tree
 * point into its text.  Not visible from Python beyond `GameTree.charset`. */
#include "pyludex.h"

static void document_dealloc(PlxDocument *d)
{
    lx_sgf_doc_free(d->doc);
    Py_XDECREF(d->bytes);
    Py_TYPE(d)->tp_free((PyObject *)d);
}

PyTypeObject PlxDocument_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex._Document",
    .tp_basicsize = sizeof(PlxDocument),
    .tp_dealloc = (destructor)document_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The text of one file, converted to UTF-8 (internal).",
};

PlxDocument *plx_document_new(PyObject *bytes, const char *encoding, lx_diag_list *diags)
{
    PlxDocument *d = PyObject_New(PlxDocument, &PlxDocument_Type);
    if (!d)
        return NULL;
    lx_sgf_read_options opt = {encoding};
    d->bytes = Py_NewRef(bytes);
    d->doc = lx_sgf_doc_new(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), 1, &opt, diags);
    if (!d->doc) {
        Py_DECREF(d);
        if (lx_diag_count_at_least(diags, LX_FATAL) == 0)
            PyErr_NoMemory();
        return NULL;
    }
    return d;
}

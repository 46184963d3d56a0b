/* write.c - canonical SGF out: GameTree.to_sgf and _ludex.format.
 *
 * format() is `ludex fmt` on bytes: every tree read and written again in
 * canonical form (the game's canonical values, its dialect forms rewritten
 * by the module's normalize_tree, CA made true of the UTF-8 output).  It
 * raises LudexError where fmt writes nothing: no game tree, or a fatal
 * problem.  The writing is the library's (lx_game_format_doc), as fmt's is. */
#include "pyludex.h"

static PyObject *format_result(const lx_sgf_doc *doc, long trees, lx_diag_list *diags, const lx_buf *out)
{
    if (trees < 0)
        return PyErr_NoMemory();
    size_t len = 0;
    const char *text = lx_sgf_doc_text(doc, &len);
    lx_diag_list_resolve(diags, text, len);
    if (lx_diag_count_at_least(diags, LX_FATAL) > 0)
        return plx_raise_diag(diags, LX_FATAL, "the file cannot be read");
    if (trees == 0)
        return plx_raise_diag(NULL, LX_ERROR, "the file holds no SGF game tree (none starts with \"(;\")");
    return PyBytes_FromStringAndSize(out->data, (Py_ssize_t)out->len);
}

PyObject *plx_format(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"data", "encoding", "drop_unknown", NULL};
    PyObject *bytes;
    const char *encoding = NULL;
    int drop_unknown = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|z$p:format", kwlist, &PyBytes_Type, &bytes, &encoding,
                                     &drop_unknown))
        return NULL;
    lx_diag_list *diags = plx_diag_list_new();
    if (!diags)
        return NULL;
    lx_sgf_read_options opt = {encoding};
    lx_buf out = LX_BUF_INIT;
    PyObject *res;
    lx_sgf_doc *doc = lx_sgf_doc_new(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), 1, &opt, diags);
    if (!doc)
        res = lx_diag_count_at_least(diags, LX_FATAL) ? plx_raise_diag(diags, LX_FATAL, "unreadable") : PyErr_NoMemory();
    else
        res = format_result(doc, lx_game_format_doc(doc, drop_unknown, &out, diags), diags, &out);
    lx_buf_free(&out);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    return res;
}

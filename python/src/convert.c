/* convert.c - _ludex.convert and _ludex.sniff: other programs' records to
 * standard SGF and back with the library's lx_convert (ludex/convert.h), as
 * `ludex convert` converts them; ludex.convert (python/ludex/__init__.py)
 * takes paths and guesses formats on top.
 *
 * convert(data, from_format, to, encoding=None) -> (text, diagnostics): the
 * result as a str (every format here is text; SGF is UTF-8) and the problems
 * met, resolved against the input.  Problems in the input do not raise: the
 * result is then a best effort (perhaps empty) and the diagnostics say why.
 * A conversion the library does not know raises LudexError NO_SUCH_CONVERSION,
 * as the JavaScript binding's convert() does. */
#include "pyludex.h"

PyObject *plx_convert(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"data", "from_format", "to", "encoding", NULL};
    PyObject *bytes;
    const char *from, *to, *encoding = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!ss|z:convert", kwlist, &PyBytes_Type, &bytes, &from, &to, &encoding))
        return NULL;
    if (!lx_convert_known(from, to))
        return plx_raise_error("NO_SUCH_CONVERSION",
                               "no conversion from %s to %s (littlegolem-hex, littlegolem-twixt, t1 and "
                               "twixt-server to sgf; sgf to t1 and twixt-server)",
                               from, to);
    lx_diag_list *diags = plx_diag_list_new();
    if (!diags)
        return NULL;
    lx_sgf_read_options opt = {encoding};
    lx_buf out = LX_BUF_INIT;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = lx_convert(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), from, to, &opt, &out, diags);
    Py_END_ALLOW_THREADS
    PyObject *res = NULL;
    if (rc == 0)
        res = Py_BuildValue("(NN)", PyUnicode_DecodeUTF8(out.data ? out.data : "", (Py_ssize_t)out.len, "replace"),
                            plx_diag_list(diags));
    else
        PyErr_NoMemory();
    lx_buf_free(&out);
    lx_diag_list_free(diags);
    return res;
}

PyObject *plx_sniff(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"data", "encoding", NULL};
    PyObject *bytes;
    const char *encoding = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|z:sniff", kwlist, &PyBytes_Type, &bytes, &encoding))
        return NULL;
    lx_sgf_read_options opt = {encoding};
    return PyUnicode_FromString(
        lx_convert_sniff_sgf(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), &opt));
}

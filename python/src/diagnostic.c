/* diagnostic.c - lx_diag as Python's ludex.Diagnostic.
 *
 * A collections.namedtuple (named.c): code, severity ("fatal", "error",
 * "warning"), line, column (1-based; 0 when the problem has no place in the
 * text), message, offset (the byte offset in the UTF-8 text, or None).  Made
 * after the list was resolved, so line and column are filled in. */
#include "pyludex.h"

PyObject *PlxDiagnostic_Type;

static const char *const diag_fields[] = {"code", "severity", "line", "column", "message", "offset"};

int plx_diagnostic_init_type(void)
{
    PlxDiagnostic_Type = plx_namedtuple_type(
        "Diagnostic", diag_fields, 6,
        "A problem in input: what, where, how bad.\n\n"
        "code: stable identifier, such as UNCLOSED_TREE; severity: 'fatal', 'error' or 'warning';\n"
        "line, column: 1-based (column in characters; 0: no position); message: the sentence\n"
        "for people; offset: byte offset in the UTF-8 text, or None.");
    return PlxDiagnostic_Type ? 0 : -1;
}

lx_diag_list *plx_diag_list_new(void)
{
    lx_diag_list *d = lx_diag_list_new();
    if (!d)
        PyErr_NoMemory();
    return d;
}

static PyObject *offset_object(size_t offset)
{
    if (offset == LX_NO_OFFSET)
        Py_RETURN_NONE;
    return PyLong_FromSize_t(offset);
}

static PyObject *diagnostic(const lx_diag *g)
{
    PyObject *items[6] = {
        PyUnicode_FromString(g->code ? g->code : ""),
        PyUnicode_FromString(lx_severity_name(g->severity)),
        PyLong_FromUnsignedLong(g->line),
        PyLong_FromUnsignedLong(g->col),
        PyUnicode_DecodeUTF8(g->message ? g->message : "", g->message ? (Py_ssize_t)strlen(g->message) : 0,
                             "replace"),
        offset_object(g->offset),
    };
    return plx_namedtuple_new(PlxDiagnostic_Type, items, 6);
}

PyObject *plx_diag_list(const lx_diag_list *d)
{
    size_t n = d ? lx_diag_count(d) : 0;
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *o = diagnostic(lx_diag_get(d, i));
        if (!o) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, o);
    }
    return list;
}

PyObject *plx_diags_done(lx_diag_list *d, const char *text, size_t len)
{
    if (!d)
        return NULL;
    lx_diag_list_resolve(d, text ? text : "", text ? len : 0);
    PyObject *list = plx_diag_list(d);
    lx_diag_list_free(d);
    return list;
}

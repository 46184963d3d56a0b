/* diagnostic.c - lx_diag as Python's ludex.Diagnostic.
 *
 * A named tuple (a struct sequence): code, severity ("fatal", "error",
 * "warning"), line, column (1-based; 0 when the problem has no place in the
 * text), message, offset (the byte offset in the UTF-8 text, or None).  Made
 * after the list was resolved, so line and column are filled in. */
#include "pyludex.h"

PyTypeObject *PlxDiagnostic_Type;

static PyStructSequence_Field diag_fields[] = {
    {"code", "stable identifier, such as UNCLOSED_TREE"},
    {"severity", "'fatal', 'error' or 'warning'"},
    {"line", "1-based line (0: no position)"},
    {"column", "1-based column, in characters (0: no position)"},
    {"message", "the sentence for people"},
    {"offset", "byte offset in the UTF-8 text, or None"},
    {NULL, NULL},
};

static PyStructSequence_Desc diag_desc = {
    "ludex.Diagnostic", "A problem in input: what, where, how bad.", diag_fields, 6,
};

int plx_diagnostic_init_type(void)
{
    PlxDiagnostic_Type = PyStructSequence_NewType(&diag_desc);
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
    PyObject *o = PyStructSequence_New(PlxDiagnostic_Type);
    if (!o)
        return NULL;
    PyObject *items[6] = {
        PyUnicode_FromString(g->code ? g->code : ""),
        PyUnicode_FromString(lx_severity_name(g->severity)),
        PyLong_FromUnsignedLong(g->line),
        PyLong_FromUnsignedLong(g->col),
        PyUnicode_DecodeUTF8(g->message ? g->message : "", g->message ? (Py_ssize_t)strlen(g->message) : 0,
                             "replace"),
        offset_object(g->offset),
    };
    int ok = 1;
    for (int i = 0; i < 6; i++) {
        if (!items[i])
            ok = 0;
        PyStructSequence_SetItem(o, i, items[i]); /* steals; NULL is cleared by the check below */
    }
    if (!ok) {
        Py_DECREF(o);
        return NULL;
    }
    return o;
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

/* xw_data.c - ludex.xword.Data: where crossword data (letter distributions,
 * board layouts, lexicons) is found, and checking .cgp/.gcg files with it.
 *
 * Data(path) wraps an lx_xw_data over a ':'-separated list of directories,
 * each holding distributions/, boards/ and lexica/ (python/ludex/xword.py
 * gives the default: $LUDEX_XWORD_DATA, else the data shipped inside the
 * package).  Loaded data is immutable and shared by every position read
 * with it; positions and records keep their Data alive. */
#include "pyludex.h"

#include <string.h>

static void data_dealloc(PlxXwData *d)
{
    lx_xw_data_free(d->data);
    Py_TYPE(d)->tp_free((PyObject *)d);
}

static PyObject *data_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"path", NULL};
    const char *path = "";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|z:Data", kwlist, &path))
        return NULL;
    PlxXwData *d = (PlxXwData *)type->tp_alloc(type, 0);
    if (!d)
        return NULL;
    d->data = lx_xw_data_new(path ? path : "");
    if (!d->data) {
        Py_DECREF(d);
        return PyErr_NoMemory();
    }
    return (PyObject *)d;
}

/* check(data: bytes, kind: 'gcg' | 'cgp', encoding=None, *, strict=False) -> CheckResult */
static PyObject *data_check(PlxXwData *d, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"data", "kind", "encoding", "strict", NULL};
    PyObject *bytes;
    const char *kind, *encoding = NULL;
    int strict = 0, rc;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!s|z$p:check", kwlist, &PyBytes_Type, &bytes, &kind, &encoding,
                                     &strict))
        return NULL;
    int gcg = strcmp(kind, "gcg") == 0;
    if (!gcg && strcmp(kind, "cgp") != 0)
        return PyErr_Format(PyExc_ValueError, "kind is 'gcg' or 'cgp', not %R", PyTuple_GET_ITEM(args, 1));
    lx_diag_list *diags = plx_diag_list_new();
    if (!diags)
        return NULL;
    lx_check_summary s = {0, 0, 0, 0};
    lx_xw_replay_summary sum = {0};
    lx_xw_gcg_options opt = {encoding, NULL, NULL};
    const char *text = PyBytes_AS_STRING(bytes);
    size_t len = (size_t)PyBytes_GET_SIZE(bytes);
    Py_BEGIN_ALLOW_THREADS
    rc = gcg ? lx_xw_check_gcg(text, len, d->data, &opt, diags, &sum) : lx_xw_check_cgp(text, len, d->data, diags, &s.games);
    Py_END_ALLOW_THREADS
    if (gcg)
        s.games = 1, s.moves = sum.events;
    PyObject *res = rc == 0 ? plx_check_result(&s, diags, strict) : PyErr_NoMemory();
    lx_diag_list_free(diags);
    return res;
}

static PyMethodDef data_methods[] = {
    {"read_cgp", (PyCFunction)(void (*)(void))plx_xw_read_cgp, METH_VARARGS | METH_KEYWORDS,
     "read_cgp($self, text)\n--\n\nread_cgp(text) -> Position: one CGP record (one line).  Raises LudexError when nothing usable\n"
     "could be read; the problems of what was read are in Position.diagnostics."},
    {"read_gcg", (PyCFunction)(void (*)(void))plx_xw_read_gcg, METH_VARARGS | METH_KEYWORDS,
     "read_gcg($self, data, encoding=None)\n--\n\nread_gcg(data: bytes, encoding=None) -> Gcg: one GCG game record."},
    {"check", (PyCFunction)(void (*)(void))data_check, METH_VARARGS | METH_KEYWORDS,
     "check($self, data, kind, encoding=None, *, strict=False)\n--\n\ncheck(data: bytes, kind, encoding=None, *, strict=False) -> CheckResult: `ludex check` of a\n"
     ".gcg record (kind 'gcg') or a file of CGP positions (kind 'cgp')."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject PlxXwData_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.xword.Data",
    .tp_basicsize = sizeof(PlxXwData),
    .tp_dealloc = (destructor)data_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Data(path=''): crossword data directories (':'-separated), each with distributions/,\n"
              "boards/ and lexica/.",
    .tp_methods = data_methods,
    .tp_new = data_new,
};

/* module.c - the extension module ludex._ludex: its functions, types and
 * exceptions put together.  python/ludex/__init__.py is the public face
 * (paths, collections); everything here is documented there too. */
#include "pyludex.h"

static PyObject *version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(lx_version());
}

static PyMethodDef module_methods[] = {
    {"read", (PyCFunction)(void (*)(void))plx_read, METH_VARARGS | METH_KEYWORDS,
     "read($module, data, encoding=None)\n--\n\nread(data: bytes, encoding=None) -> (trees, diagnostics, charset)"},
    {"check", (PyCFunction)(void (*)(void))plx_check, METH_VARARGS | METH_KEYWORDS,
     "check($module, data, encoding=None, *, all_variations=False, strict=False)\n--\n\ncheck(data: bytes, encoding=None, *, all_variations=False, strict=False) -> CheckResult"},
    {"format", (PyCFunction)(void (*)(void))plx_format, METH_VARARGS | METH_KEYWORDS,
     "format($module, data, encoding=None, *, drop_unknown=False)\n--\n\nformat(data: bytes, encoding=None, *, drop_unknown=False) -> bytes: `ludex fmt`"},
    {"convert", (PyCFunction)(void (*)(void))plx_convert, METH_VARARGS | METH_KEYWORDS,
     "convert($module, data, from_format, to, encoding=None)\n--\n\n"
     "convert(data: bytes, from_format, to, encoding=None) -> (text, diagnostics): `ludex convert`."},
    {"sniff", (PyCFunction)(void (*)(void))plx_sniff, METH_VARARGS | METH_KEYWORDS,
     "sniff($module, data, encoding=None)\n--\n\n"
     "sniff(data: bytes, encoding=None) -> 'littlegolem-hex', 'littlegolem-twixt' or 'sgf'."},
    {"hex_playouts", (PyCFunction)(void (*)(void))plx_hex_playouts, METH_VARARGS | METH_KEYWORDS,
     "hex_playouts($module, cols, rows, n, seed=0, *, stepwise=False, ownership=False)\n--\n\nhex_playouts(cols, rows, n, seed=0, *, stepwise=False, ownership=False) -> dict"},
    {"version", (PyCFunction)version, METH_NOARGS, "version($module)\n--\n\nversion() -> str: the libludex linked in."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_ludex", "libludex for Python: read, check, replay and draw game records.", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

static int add_type(PyObject *m, const char *name, PyTypeObject *t)
{
    return PyType_Ready(t) < 0 || PyModule_AddObjectRef(m, name, (PyObject *)t) < 0 ? -1 : 0;
}

PyMODINIT_FUNC PyInit__ludex(void);
PyMODINIT_FUNC PyInit__ludex(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (plx_errors_init(m) != 0 || plx_diagnostic_init_type() != 0 || plx_check_init_type() != 0 ||
        add_type(m, "_Document", &PlxDocument_Type) != 0 || add_type(m, "GameTree", &PlxTree_Type) != 0 ||
        add_type(m, "Node", &PlxNode_Type) != 0 || add_type(m, "_Walk", &PlxWalk_Type) != 0 ||
        add_type(m, "Replay", &PlxReplay_Type) != 0 || add_type(m, "XwordData", &PlxXwData_Type) != 0 ||
        add_type(m, "XwordPosition", &PlxXwPos_Type) != 0 || add_type(m, "XwordGcg", &PlxXwGcg_Type) != 0 ||
        PyModule_AddObjectRef(m, "Diagnostic", PlxDiagnostic_Type) < 0 ||
        PyModule_AddObjectRef(m, "CheckResult", PlxCheckResult_Type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

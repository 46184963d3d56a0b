/* named.c - the binding's named tuples (Diagnostic, CheckResult) as real
 * collections.namedtuple classes, so that they have _asdict(), _replace(),
 * _fields and pickle as any other: the classes are made once when the module
 * is imported, and instances are made from C items without calling Python
 * code (tuple.__new__ on the class). */
#include "pyludex.h"

PyObject *plx_namedtuple_type(const char *name, const char *const *fields, int n, const char *doc)
{
    PyObject *collections = PyImport_ImportModule("collections");
    PyObject *names = collections ? PyList_New(n) : NULL;
    for (int i = 0; names && i < n; i++) {
        PyObject *f = PyUnicode_FromString(fields[i]);
        if (!f)
            Py_CLEAR(names);
        else
            PyList_SET_ITEM(names, i, f);
    }
    PyObject *cls = NULL;
    if (names) {
        PyObject *kw = Py_BuildValue("{ss}", "module", "ludex");
        PyObject *fn = kw ? PyObject_GetAttrString(collections, "namedtuple") : NULL;
        PyObject *args = fn ? Py_BuildValue("(sO)", name, names) : NULL;
        cls = args ? PyObject_Call(fn, args, kw) : NULL;
        Py_XDECREF(args);
        Py_XDECREF(fn);
        Py_XDECREF(kw);
    }
    PyObject *d = cls ? PyUnicode_FromString(doc) : NULL;
    if (cls && (!d || PyObject_SetAttrString(cls, "__doc__", d) != 0))
        Py_CLEAR(cls);
    Py_XDECREF(d);
    Py_XDECREF(names);
    Py_XDECREF(collections);
    return cls;
}

PyObject *plx_namedtuple_new(PyObject *cls, PyObject **items, int n)
{
    PyObject *t = PyTuple_New(n);
    for (int i = 0; i < n; i++) {
        if (!items[i])
            Py_CLEAR(t);
        if (t)
            PyTuple_SET_ITEM(t, i, items[i]);
        else
            Py_XDECREF(items[i]);
    }
    PyObject *args = t ? PyTuple_Pack(1, t) : NULL;
    PyObject *o = args ? PyTuple_Type.tp_new((PyTypeObject *)cls, args, NULL) : NULL;
    Py_XDECREF(args);
    Py_XDECREF(t);
    return o;
}

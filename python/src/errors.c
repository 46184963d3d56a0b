/* errors.c - the exceptions of the binding.
 *
 * LudexError: something could not be done (a file that holds no game, a
 * position that cannot be read).  IllegalMove (a LudexError and a
 * ValueError, as Python's own refusals of a bad value are): the rules
 * refused a move; `code` is the stable diagnostic code `ludex replay` and
 * `ludex check` give for it (CELL_OCCUPIED, BG_BAR_FIRST ...) and `message`
 * the sentence.  Both carry `code` and `message`, always: every LudexError
 * the binding raises goes through raise_coded, with the library's code where
 * the library says why (a diagnostic), else a code of the binding's own that
 * the JavaScript binding gives for the same thing (DRAW_FAILED ...). */
#include <stdarg.h>

#include "pyludex.h"

PyObject *PlxError, *PlxIllegalMove;

int plx_errors_init(PyObject *module)
{
    PlxError = PyErr_NewExceptionWithDoc("ludex.LudexError",
                                         "An input ludex cannot use; .code and .message say why.", NULL, NULL);
    if (!PlxError)
        return -1;
    PyObject *bases = PyTuple_Pack(2, PlxError, PyExc_ValueError); /* a bad value, as int("x") */
    PlxIllegalMove = bases ? PyErr_NewExceptionWithDoc("ludex.IllegalMove",
                                                       "A move the rules refuse (a LudexError and a ValueError); .code is\n"
                                                       "the diagnostic code the CLI gives.",
                                                       bases, NULL)
                           : NULL;
    Py_XDECREF(bases);
    if (!PlxIllegalMove)
        return -1;
    if (PyModule_AddObjectRef(module, "LudexError", PlxError) < 0 ||
        PyModule_AddObjectRef(module, "IllegalMove", PlxIllegalMove) < 0)
        return -1;
    return 0;
}

/* Raise `type` with args (message,) and the attributes code and message. */
static PyObject *raise_coded(PyObject *type, const char *code, const char *message)
{
    PyObject *text = PyUnicode_FromFormat("%s [%s]", message, code);
    PyObject *exc = text ? PyObject_CallOneArg(type, text) : NULL;
    Py_XDECREF(text);
    if (!exc)
        return NULL;
    PyObject *c = PyUnicode_FromString(code), *m = PyUnicode_FromString(message);
    if (c && m && PyObject_SetAttrString(exc, "code", c) == 0 && PyObject_SetAttrString(exc, "message", m) == 0)
        PyErr_SetObject(type, exc);
    Py_XDECREF(c);
    Py_XDECREF(m);
    Py_DECREF(exc);
    return NULL;
}

PyObject *plx_raise_error(const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    PyObject *text = PyUnicode_FromFormatV(fmt, ap);
    va_end(ap);
    if (!text)
        return NULL;
    const char *message = PyUnicode_AsUTF8(text);
    PyObject *res = message ? raise_coded(PlxError, code, message) : NULL;
    Py_DECREF(text);
    return res;
}

PyObject *plx_raise_illegal(const char *code, const char *message)
{
    return raise_coded(PlxIllegalMove, code ? code : "ILLEGAL_MOVE", message ? message : "refused by the rules");
}

PyObject *plx_raise_diag(const lx_diag_list *d, lx_severity min, const char *fallback)
{
    for (size_t i = 0; d && i < lx_diag_count(d); i++) {
        const lx_diag *g = lx_diag_get(d, i);
        if (g->severity >= min)
            return raise_coded(PlxError, g->code, g->message);
    }
    return raise_coded(PlxError, "LUDEX_ERROR", fallback);
}

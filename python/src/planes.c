/* planes.c - Replay.planes: a position as fixed planes of uint8 for training,
 * from the library's lx_position_planes (ludex/position.h and the README say
 * what each plane holds), as a NumPy array made by numpy.frombuffer over a
 * bytearray: writable, owned by the array.  NumPy is imported only when
 * planes are asked for, so the package needs it for nothing else. */
#include "pyludex.h"

PyObject *plx_ndarray(PyObject *bytes, const char *dtype, const Py_ssize_t *shape, int ndim)
{
    PyObject *np = PyImport_ImportModule("numpy");
    PyObject *flat = np ? PyObject_CallMethod(np, "frombuffer", "Os", bytes, dtype) : NULL;
    PyObject *dims = flat ? PyTuple_New(ndim) : NULL;
    for (int i = 0; dims && i < ndim; i++)
        PyTuple_SET_ITEM(dims, i, PyLong_FromSsize_t(shape[i]));
    PyObject *arr = dims ? PyObject_CallMethod(flat, "reshape", "O", dims) : NULL;
    Py_XDECREF(dims);
    Py_XDECREF(flat);
    Py_XDECREF(np);
    return arr;
}

PyObject *plx_planes(const lx_game_module *m, const void *pos)
{
    size_t shape[3];
    int ndim;
    if (lx_position_planes_shape(m, pos, shape, &ndim) != 0)
        return plx_raise_error("NOT_SUPPORTED", "no planes are defined for %s", m->name);
    Py_ssize_t dims[3] = {(Py_ssize_t)shape[0], (Py_ssize_t)shape[1], (Py_ssize_t)shape[2]};
    PyObject *bytes = PyByteArray_FromStringAndSize(NULL, dims[0] * dims[1] * dims[2]);
    if (!bytes)
        return NULL;
    if (lx_position_planes(m, pos, (uint8_t *)PyByteArray_AS_STRING(bytes)) != 0) {
        Py_DECREF(bytes);
        return PyErr_NoMemory();
    }
    PyObject *arr = plx_ndarray(bytes, "uint8", dims, ndim);
    Py_DECREF(bytes);
    return arr;
}

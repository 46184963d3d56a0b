/* legal.c - Replay.legal_moves: the legal moves of a position as SGF writes
 * them, a list of str, from the library's lx_position_legal_moves
 * (ludex/position.h says which moves, in which order).  dice=(d1, d2) is for
 * backgammon, whose plays need a roll. */
#include "pyludex.h"

static int append_move(void *list, const char *move)
{
    PyObject *o = PyUnicode_FromString(move);
    int rc = o ? PyList_Append(list, o) : -1;
    Py_XDECREF(o);
    return rc != 0 ? -4 : 0; /* -4: a Python exception is set */
}

static int dice_arg(PyObject *dice, int *d1, int *d2)
{
    *d1 = *d2 = 0;
    if (dice == Py_None)
        return 0;
    return PyArg_ParseTuple(dice, "ii;dice is a pair of numbers 1..6", d1, d2) ? 0 : -1;
}

PyObject *plx_legal_moves(const lx_game_module *m, const void *pos, lx_colour who, PyObject *dice)
{
    int d1, d2;
    PyObject *list = dice_arg(dice, &d1, &d2) == 0 ? PyList_New(0) : NULL;
    if (!list)
        return NULL;
    int rc = lx_position_legal_moves(m, pos, who, d1, d2, append_move, list);
    if (rc == 0)
        return list;
    Py_DECREF(list);
    if (rc == -1)
        return PyErr_NoMemory();
    if (rc == -3)
        return PyErr_Format(PyExc_ValueError, "dice are 1..6");
    if (rc == -2)
        return plx_raise_error("NOT_SUPPORTED", "legal moves are not known for %s", m->name);
    return NULL;
}

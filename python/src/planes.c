/* planes.c - positions as fixed planes of uint8, for training.
 *
 * Hex, shape (3, rows, cols), [plane, row, col] with row 0 the top row:
 *   0  Black stones; 1  White stones; 2  all ones when Black is to move.
 * Twixt, shape (11, rows, cols):
 *   0  White pegs; 1  Black pegs;
 *   2..5  White links, each marked once at its left end (the smaller column),
 *         by where the other end is: 2 (col+1, row-2), 3 (col+2, row-1),
 *         4 (col+2, row+1), 5 (col+1, row+2);
 *   6..9  Black links, the same way;  10  all ones when White is to move.
 * Backgammon, shape (2, 26): checkers of the player on roll (row 0) and of
 *   the other player (row 1), each on its own points: index 0 borne off,
 *   1..24 the point numbers, 25 the bar (GNU Backgammon's own view).
 * The arrays are made by numpy.frombuffer over a bytearray: writable, owned
 * by the array.  numpy is imported only when planes are asked for. */
#include "pyludex.h"

#include <stdlib.h>
#include <string.h>

#define TWIXT_PLANES 11

/* The shape (ndim <= 3) of a module's planes for pos; -1 for a game without planes. */
static int planes_shape(const lx_game_module *m, const void *pos, Py_ssize_t shape[3], int *ndim)
{
    if (m == &lx_hex_module) {
        shape[0] = 3, shape[1] = lx_hex_rows(pos), shape[2] = lx_hex_cols(pos), *ndim = 3;
    } else if (m == &lx_twixt_module) {
        shape[0] = TWIXT_PLANES, shape[1] = lx_twixt_rows(pos), shape[2] = lx_twixt_cols(pos), *ndim = 3;
    } else if (m == &lx_bgammon_module) {
        shape[0] = 2, shape[1] = 26, *ndim = 2;
    } else {
        return -1;
    }
    return 0;
}

static void hex_fill(const lx_hex_board *b, uint8_t *out)
{
    int rows = lx_hex_rows(b), cols = lx_hex_cols(b);
    size_t plane = (size_t)rows * (size_t)cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            lx_colour s = lx_hex_stone_at(b, c, r);
            size_t at = (size_t)r * (size_t)cols + (size_t)c;
            out[at] = s == LX_BLACK;
            out[plane + at] = s == LX_WHITE;
            out[2 * plane + at] = lx_hex_to_play(b) == LX_BLACK;
        }
}

/* The link plane (0..3) of a link seen from its left end `a`. */
static int twixt_direction(lx_twixt_point a, lx_twixt_point b)
{
    int dc = b.col - a.col, dr = b.row - a.row;
    return dc == 1 ? (dr < 0 ? 0 : 3) : (dr < 0 ? 1 : 2);
}

/* Mark colour c's links; 0, or -1 when out of memory. */
static int twixt_links_fill(const lx_twixt_board *b, lx_colour c, uint8_t *first_plane, size_t plane, int cols)
{
    size_t cap = 4 * lx_twixt_peg_count(b, c) + 4;
    lx_twixt_link *links = malloc(cap * sizeof *links);
    if (!links)
        return -1;
    size_t n = lx_twixt_links(b, c, links, cap);
    for (size_t i = 0; i < n && i < cap; i++) {
        lx_twixt_point a = links[i].a, z = links[i].b;
        if (z.col < a.col) {
            lx_twixt_point t = a;
            a = z, z = t;
        }
        size_t at = (size_t)a.row * (size_t)cols + (size_t)a.col;
        first_plane[(size_t)twixt_direction(a, z) * plane + at] = 1;
    }
    free(links);
    return 0;
}

static int twixt_fill(const lx_twixt_board *b, uint8_t *out)
{
    int rows = lx_twixt_rows(b), cols = lx_twixt_cols(b);
    size_t plane = (size_t)rows * (size_t)cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            lx_colour p = lx_twixt_peg_at(b, c, r);
            size_t at = (size_t)r * (size_t)cols + (size_t)c;
            out[at] = p == LX_WHITE;
            out[plane + at] = p == LX_BLACK;
            out[10 * plane + at] = lx_twixt_to_play(b) == LX_WHITE;
        }
    return twixt_links_fill(b, LX_WHITE, out + 2 * plane, plane, cols) != 0 ||
                   twixt_links_fill(b, LX_BLACK, out + 6 * plane, plane, cols) != 0
               ? -1
               : 0;
}

static void bgammon_fill(const lx_bgammon_game *g, uint8_t *out)
{
    const lx_bgammon_board *b = lx_bgammon_game_board(g);
    lx_bgammon_match_info mi;
    lx_bgammon_game_info(g, &mi);
    lx_colour me = mi.on_roll == LX_BLACK ? LX_BLACK : LX_WHITE;
    for (int i = 0; i < 26; i++) {
        out[i] = b->checkers[me][i];
        out[26 + i] = b->checkers[1 - me][i];
    }
}

/* Fill `out` (zeroed, of that shape); 0, or -1 when out of memory. */
static int planes_fill(const lx_game_module *m, const void *pos, uint8_t *out)
{
    if (m == &lx_twixt_module)
        return twixt_fill(pos, out);
    if (m == &lx_hex_module)
        hex_fill(pos, out);
    else if (m == &lx_bgammon_module)
        bgammon_fill(pos, out);
    return 0;
}

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
    Py_ssize_t shape[3];
    int ndim;
    if (planes_shape(m, pos, shape, &ndim) != 0)
        return plx_raise_error("NOT_SUPPORTED", "no planes are defined for %s", m->name);
    Py_ssize_t n = 1;
    for (int i = 0; i < ndim; i++)
        n *= shape[i];
    PyObject *bytes = PyByteArray_FromStringAndSize(NULL, n);
    if (!bytes)
        return NULL;
    memset(PyByteArray_AS_STRING(bytes), 0, (size_t)n);
    if (planes_fill(m, pos, (uint8_t *)PyByteArray_AS_STRING(bytes)) != 0) {
        Py_DECREF(bytes);
        return PyErr_NoMemory();
    }
    PyObject *arr = plx_ndarray(bytes, "uint8", shape, ndim);
    Py_DECREF(bytes);
    return arr;
}

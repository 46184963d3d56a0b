/* playout.c - _ludex.hex_playouts: random Hex games in bulk, the GIL released.
 *
 * hex_playouts(cols, rows, n, seed=0, stepwise=False, ownership=False) plays n
 * random games from the empty board with lx_hex_playout_fill (the board
 * filled at random, judged once: the same winner distribution as alternate
 * random moves) or, with stepwise, lx_hex_playout_stepwise (alternate moves,
 * stopped at the win; lengths then counts each game's moves).  The whole loop
 * runs without the GIL, so other Python threads run meanwhile, and several
 * threads may call this at once (each call has its own tables).  Returns a
 * dict: black_wins, white_wins, winners (uint8 ndarray of n: 0 Black, 1
 * White), lengths (stepwise: int32 ndarray of n), and with ownership,
 * black_cells: (rows, cols) uint32 ndarray counting the games in which each
 * cell ended Black. */
#include "pyludex.h"

#include <stdlib.h>
#include <string.h>

typedef struct run {
    int cols, rows, stepwise, ownership;
    Py_ssize_t n;
    uint64_t rng;
    uint8_t *winners;
    int32_t *lengths;
    uint32_t *black_cells;
    long black_wins;
} run;

static void count_cells(const lx_hex_playout *p, run *r)
{
    for (int row = 0; row < r->rows; row++)
        for (int col = 0; col < r->cols; col++)
            r->black_cells[row * r->cols + col] += lx_hex_playout_cell(p, col, row) == LX_BLACK;
}

/* The loop itself: no Python object is touched. */
static void play_all(lx_hex_playout *p, run *r)
{
    for (Py_ssize_t i = 0; i < r->n; i++) {
        int moves = 0;
        lx_colour w = r->stepwise ? lx_hex_playout_stepwise(p, &r->rng, &moves) : lx_hex_playout_fill(p, &r->rng);
        r->winners[i] = w == LX_WHITE;
        r->black_wins += w == LX_BLACK;
        if (r->lengths)
            r->lengths[i] = moves;
        if (r->black_cells)
            count_cells(p, r);
    }
}

/* An ndarray of `dtype` and `shape` holding a copy of `bytes` bytes at data. */
static PyObject *array_of(const void *data, size_t bytes, const char *dtype, const Py_ssize_t *shape, int ndim)
{
    PyObject *buf = PyByteArray_FromStringAndSize((const char *)data, (Py_ssize_t)bytes);
    PyObject *arr = buf ? plx_ndarray(buf, dtype, shape, ndim) : NULL;
    Py_XDECREF(buf);
    return arr;
}

static PyObject *result(const run *r)
{
    Py_ssize_t n = r->n, cells[2] = {r->rows, r->cols};
    PyObject *d = PyDict_New();
    PyObject *items[5] = {
        PyLong_FromLong(r->black_wins), PyLong_FromSsize_t(r->n - r->black_wins),
        array_of(r->winners, (size_t)n, "uint8", &n, 1),
        r->lengths ? array_of(r->lengths, (size_t)n * 4, "int32", &n, 1) : NULL,
        r->black_cells ? array_of(r->black_cells, (size_t)r->rows * (size_t)r->cols * 4, "uint32", cells, 2) : NULL,
    };
    static const char *const keys[5] = {"black_wins", "white_wins", "winners", "lengths", "black_cells"};
    int ok = d != NULL;
    for (int i = 0; i < 5; i++) {
        int wanted = i < 3 || (i == 3 && r->lengths) || (i == 4 && r->black_cells);
        if (wanted && (!items[i] || !ok || PyDict_SetItemString(d, keys[i], items[i]) != 0))
            ok = 0;
        Py_XDECREF(items[i]);
    }
    if (!ok)
        Py_CLEAR(d);
    return d;
}

PyObject *plx_hex_playouts(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"cols", "rows", "n", "seed", "stepwise", "ownership", NULL};
    run r = {0};
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iin|K$pp:hex_playouts", kwlist, &r.cols, &r.rows, &r.n, &seed,
                                     &r.stepwise, &r.ownership))
        return NULL;
    if (r.n < 0)
        return PyErr_Format(PyExc_ValueError, "n must be >= 0");
    lx_hex_playout *p = lx_hex_playout_new(r.cols, r.rows);
    if (!p)
        return PyErr_Format(PyExc_ValueError, "no Hex board of %d x %d", r.cols, r.rows);
    r.rng = seed;
    r.winners = malloc((size_t)r.n + 1);
    r.lengths = r.stepwise ? malloc((size_t)r.n * 4 + 4) : NULL;
    r.black_cells = r.ownership ? calloc((size_t)r.rows * (size_t)r.cols, 4) : NULL;
    PyObject *res = NULL;
    if (!r.winners || (r.stepwise && !r.lengths) || (r.ownership && !r.black_cells)) {
        PyErr_NoMemory();
    } else {
        Py_BEGIN_ALLOW_THREADS
        play_all(p, &r);
        Py_END_ALLOW_THREADS
        res = result(&r);
    }
    free(r.winners);
    free(r.lengths);
    free(r.black_cells);
    lx_hex_playout_free(p);
    return res;
}

/* legal.c - the legal moves of a position, as SGF writes them.
 *
 * Hex and Twixt: every empty cell (hole) the player may take now, then the
 * swaps the rules allow; resign, forfeit and pass are always allowed and not
 * listed.  Backgammon: a play needs the dice, so with dice=(d1, d2) every
 * distinct play of that roll ("31hefe"; "31" alone when nothing can be
 * played), then the cube actions (double, take, drop, beaver) allowed now;
 * each is confirmed by acting on a copy of the game.  A game that is over
 * has no legal move. */
#include "pyludex.h"

#include <string.h>

static int append_str(PyObject *list, const char *s)
{
    PyObject *o = PyUnicode_FromString(s);
    int rc = o ? PyList_Append(list, o) : -1;
    Py_XDECREF(o);
    return rc;
}

/* Append a move's written form (`len` from a format_move function, 0 when it did not fit). */
static int append_written(PyObject *list, const char *text, size_t len)
{
    if (len == 0) {
        plx_raise_error("MOVE_TOO_LONG", "a move's written form did not fit");
        return -1;
    }
    return append_str(list, text);
}

static int hex_ok(const lx_hex_board *b, lx_colour who, const lx_hex_move *mv)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = lx_hex_check_move(b, who, mv, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

static PyObject *hex_legal(const lx_hex_board *b, lx_colour who)
{
    PyObject *list = PyList_New(0);
    if (!list || lx_hex_winner(b) != LX_NO_COLOUR)
        return list;
    char name[32];
    for (int row = 0; row < lx_hex_rows(b); row++)
        for (int col = 0; col < lx_hex_cols(b); col++) {
            lx_hex_move mv = {LX_HEX_STONE, col, row};
            if (lx_hex_stone_at(b, col, row) == LX_NO_COLOUR && hex_ok(b, who, &mv) &&
                append_written(list, name, lx_hex_format_move(&mv, name, sizeof name)) != 0) {
                Py_DECREF(list);
                return NULL;
            }
        }
    static const char *const swaps[] = {"swap-pieces", "swap-sides"};
    for (int i = 0; i < 2; i++) {
        lx_hex_move mv = {i == 0 ? LX_HEX_SWAP_PIECES : LX_HEX_SWAP_SIDES, 0, 0};
        if (hex_ok(b, who, &mv) && append_str(list, swaps[i]) != 0)
            Py_CLEAR(list);
    }
    return list;
}

static int twixt_ok(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *mv)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = lx_twixt_check_move(b, who, mv, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

static PyObject *twixt_legal(const lx_twixt_board *b, lx_colour who)
{
    PyObject *list = PyList_New(0);
    if (!list || lx_twixt_winner(b) != LX_NO_COLOUR)
        return list;
    char name[64];
    for (int row = 0; row < lx_twixt_rows(b); row++)
        for (int col = 0; col < lx_twixt_cols(b); col++) {
            lx_twixt_move mv = {.kind = LX_TWIXT_PEG, .at = {col, row}};
            if (lx_twixt_hole_allowed(b, who, col, row) && lx_twixt_peg_at(b, col, row) == LX_NO_COLOUR &&
                twixt_ok(b, who, &mv) && append_written(list, name, lx_twixt_format_move(&mv, name, sizeof name)) != 0) {
                Py_DECREF(list);
                return NULL;
            }
        }
    static const char *const swaps[] = {"swap-pieces", "swap-sides"};
    for (int i = 0; i < 2; i++) {
        lx_twixt_move mv = {.kind = i == 0 ? LX_TWIXT_SWAP_PIECES : LX_TWIXT_SWAP_SIDES};
        if (twixt_ok(b, who, &mv) && append_str(list, swaps[i]) != 0)
            Py_CLEAR(list);
    }
    return list;
}

/* Whether `who` may take action `value` in g now (tried on a copy). */
static int bg_allowed(const lx_bgammon_game *g, lx_colour who, const char *value)
{
    lx_bgammon_game *c = lx_bgammon_game_copy(g);
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = c && lx_bgammon_game_act(c, who, value, strlen(value), &err) == 0;
    lx_game_error_free(&err);
    lx_bgammon_game_free(c);
    return ok;
}

/* "31hefe": the dice, then each step's from and to as SGF point letters. */
static void bg_format(lx_colour who, int d1, int d2, const lx_bgammon_play *p, char *out)
{
    int k = 0;
    out[k++] = (char)('0' + d1);
    out[k++] = (char)('0' + d2);
    for (int i = 0; i < p->nsteps; i++) {
        out[k++] = lx_bgammon_point_letter(who, p->step[i].from);
        out[k++] = lx_bgammon_point_letter(who, p->step[i].to);
    }
    out[k] = '\0';
}

static int bg_dice(PyObject *dice, int *d1, int *d2)
{
    if (dice == Py_None)
        return 0;
    if (!PyArg_ParseTuple(dice, "ii;dice is a pair of numbers 1..6", d1, d2))
        return -1;
    if (*d1 < 1 || *d1 > 6 || *d2 < 1 || *d2 > 6) {
        PyErr_SetString(PyExc_ValueError, "dice are 1..6");
        return -1;
    }
    return 1;
}

static int bg_plays(const lx_bgammon_game *g, lx_colour who, int d1, int d2, PyObject *list)
{
    lx_bgammon_movegen *gen = lx_bgammon_movegen_new();
    const lx_bgammon_play *plays;
    long n = gen ? lx_bgammon_legal_plays(gen, lx_bgammon_game_board(g), who, d1, d2, &plays) : -1;
    int rc = n < 0 ? (PyErr_NoMemory(), -1) : 0;
    for (long i = 0; rc == 0 && i < n; i++) {
        char text[16];
        bg_format(who, d1, d2, &plays[i], text);
        if (bg_allowed(g, who, text))
            rc = append_str(list, text);
    }
    lx_bgammon_movegen_free(gen);
    return rc;
}

static PyObject *bg_legal(const lx_bgammon_game *g, lx_colour who, PyObject *dice)
{
    int d1 = 0, d2 = 0, rolled = bg_dice(dice, &d1, &d2);
    PyObject *list = rolled >= 0 ? PyList_New(0) : NULL;
    if (!list)
        return NULL;
    if (rolled && bg_plays(g, who, d1, d2, list) != 0)
        Py_CLEAR(list);
    static const char *const cube[] = {"double", "take", "drop"};
    for (int i = 0; list && i < 3; i++)
        if (bg_allowed(g, who, cube[i]) && append_str(list, cube[i]) != 0)
            Py_CLEAR(list);
    return list;
}

PyObject *plx_legal_moves(const lx_game_module *m, const void *pos, lx_colour who, PyObject *dice)
{
    if (m == &lx_hex_module)
        return hex_legal(pos, who);
    if (m == &lx_twixt_module)
        return twixt_legal(pos, who);
    if (m == &lx_bgammon_module)
        return bg_legal(pos, who, dice);
    return plx_raise_error("NOT_SUPPORTED", "legal moves are not known for %s", m->name);
}

/* node_move.c - Node.move: a node's move as (colour, point), the shape of
 * sgfmill's Node.get_move().
 *
 * colour is "B" or "W" (as everywhere in this binding); point is (row, col),
 * 0-based with row 0 the top row (the planes' [row, col]) for a Hex stone and
 * a Twixt peg (a Twixt long move's peg; link changes do not move it); a move
 * without a point (swap-pieces, resign, a Twixt long move of links alone) is
 * its written name, and a backgammon move or one of a game without rules here
 * the value as written.  A node without a move gives (None, None).  A value the
 * game cannot read raises IllegalMove (a ValueError, as sgfmill raises) with
 * the rules' code.  Moves are read on the tree's start position, made once. */
#include "pyludex.h"

/* The tree's start position for module m (made on first use); NULL with an exception. */
static void *start_board(PlxTree *t, const lx_game_module *m)
{
    if (t->board)
        return t->board;
    lx_diag_list *d = plx_diag_list_new();
    void *pos = d ? m->position_new(t->tree, 0, d) : NULL;
    if (d && !pos)
        plx_raise_diag(d, LX_WARNING, "the root node makes no game that can be played");
    lx_diag_list_free(d);
    if (pos) {
        t->board_m = m;
        t->board = pos;
    }
    return pos;
}

static PyObject *point(int row, int col)
{
    return Py_BuildValue("(ii)", row, col);
}

static PyObject *refused(lx_game_error *err)
{
    plx_raise_illegal(err->code, err->message.data);
    lx_game_error_free(err);
    return NULL;
}

static PyObject *hex_point(const lx_hex_board *b, lx_sgf_value v)
{
    lx_hex_move mv;
    lx_game_error err;
    lx_game_error_init(&err);
    if (lx_hex_parse_move(b, v.raw, v.len, &mv, &err) != 0)
        return refused(&err);
    lx_game_error_free(&err);
    if (mv.kind == LX_HEX_STONE)
        return point(mv.row, mv.col);
    char name[32];
    lx_hex_format_move(&mv, name, sizeof name);
    return PyUnicode_FromString(name);
}

/* The peg of a Twixt move (its values parts), else the first part's name. */
static PyObject *twixt_point(const lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_prop p)
{
    char first[64] = "";
    for (size_t i = 0; i < lx_sgf_value_count(t, p); i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        lx_twixt_move mv;
        lx_game_error err;
        lx_game_error_init(&err);
        if (lx_twixt_parse_move(b, v.raw, v.len, &mv, &err) != 0)
            return refused(&err);
        lx_game_error_free(&err);
        if (mv.kind == LX_TWIXT_PEG)
            return point(mv.at.row, mv.at.col);
        if (i == 0)
            lx_twixt_format_move(&mv, first, sizeof first);
    }
    return PyUnicode_FromString(first);
}

static PyObject *as_written(const lx_sgf_tree *t, lx_sgf_prop p)
{
    lx_sgf_value v = lx_sgf_value_count(t, p) ? lx_sgf_get_value(t, p, 0) : (lx_sgf_value){"", 0, LX_NO_OFFSET};
    return PyUnicode_DecodeUTF8(v.raw, (Py_ssize_t)v.len, "replace");
}

static PyObject *move_point(PlxTree *tree, lx_sgf_prop p)
{
    const lx_game_module *m = plx_tree_module(tree);
    if (m != &lx_hex_module && m != &lx_twixt_module)
        return as_written(tree->tree, p);
    void *board = start_board(tree, m);
    if (!board)
        return NULL;
    if (m == &lx_twixt_module)
        return twixt_point(board, tree->tree, p);
    if (lx_sgf_value_count(tree->tree, p) == 0)
        return as_written(tree->tree, p);
    return hex_point(board, lx_sgf_get_value(tree->tree, p, 0));
}

PyObject *plx_node_move(PlxNode *o, void *unused)
{
    (void)unused;
    const lx_sgf_tree *t = o->tree->tree;
    lx_move_ids ids = lx_game_move_ids(t);
    for (size_t i = 0; i < lx_sgf_prop_count(t, o->node); i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, o->node, i);
        lx_colour who = lx_game_prop_colour(t, p, ids);
        if (who != LX_NO_COLOUR) {
            PyObject *where = move_point(o->tree, p);
            return where ? Py_BuildValue("(NN)", plx_colour_object(who), where) : NULL;
        }
    }
    return Py_BuildValue("(OO)", Py_None, Py_None);
}

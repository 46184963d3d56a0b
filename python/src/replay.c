/* replay.c - ludex.Replay: a game in progress, from a record or from scratch.
 *
 * A replay starts at the record's starting position (the root's setup, and
 * that of any node before the first move).  step() applies the main line's
 * nodes up to the next one with a move and plays it (setup first, as the
 * replay driver does: a node between two moves, such as GNU Backgammon's
 * ;PL[B]DI[65], counts with the move after it), iteration
 * steps to the end, play() plays a move of the caller's.  Every refusal
 * raises IllegalMove with the code `ludex replay` gives.  What the position
 * shows - whose turn, the result, drawings, legal moves, planes, GNU
 * Backgammon's IDs - is asked of the game module (legal.c, planes.c). */
#include "pyludex.h"

#include <string.h>

PyObject *plx_colour_object(lx_colour c)
{
    static PyObject *names[2]; /* "B" and "W", made once and kept (immutable) */
    if (c != LX_BLACK && c != LX_WHITE)
        Py_RETURN_NONE;
    if (!names[c] && !(names[c] = PyUnicode_InternFromString(c == LX_BLACK ? "B" : "W")))
        return NULL;
    return Py_NewRef(names[c]);
}

int plx_colour_arg(PyObject *o, lx_colour dflt, lx_colour *out)
{
    if (!o || o == Py_None) {
        *out = dflt;
        return 0;
    }
    const char *s = PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : NULL;
    if (s && (strcmp(s, "B") == 0 || strcmp(s, "b") == 0)) {
        *out = LX_BLACK;
        return 0;
    }
    if (s && (strcmp(s, "W") == 0 || strcmp(s, "w") == 0)) {
        *out = LX_WHITE;
        return 0;
    }
    PyErr_SetString(PyExc_ValueError, "a player is 'B' or 'W'");
    return -1;
}

static int node_has_move(const lx_sgf_tree *t, lx_sgf_node n, lx_move_ids ids)
{
    for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++)
        if (lx_game_prop_colour(t, lx_sgf_node_prop(t, n, i), ids) != LX_NO_COLOUR)
            return 1;
    return 0;
}

/* The first diagnostic of d as an IllegalMove: what `ludex replay` reports
 * for a root that makes no game, or a setup property the module refused. */
static PyObject *raise_first(lx_diag_list *d, const char *fallback)
{
    const lx_diag *g = lx_diag_count(d) ? lx_diag_get(d, 0) : NULL;
    return plx_raise_illegal(g ? g->code : "ILLEGAL_MOVE", g ? g->message : fallback);
}

/* The setup properties of node n, unless it is a lone move (most nodes: the
 * replay driver skips them too); 0, or -1 with IllegalMove. */
static int apply_setup(PlxReplay *r, lx_sgf_node n)
{
    const lx_sgf_tree *t = r->tree->tree;
    if (lx_sgf_prop_count(t, n) == 1 && lx_game_prop_colour(t, lx_sgf_node_prop(t, n, 0), r->ids) != LX_NO_COLOUR)
        return 0;
    lx_diag_list *d = plx_diag_list_new();
    if (!d)
        return -1;
    int rc = lx_game_apply_setup_props(r->m, r->pos, t, n, r->ids, d);
    if (rc != 0)
        raise_first(d, "a setup property was refused");
    lx_diag_list_free(d);
    return rc;
}

/* Play the moves of node n in the order written; *first (unless first is
 * NULL) gets the first one as (player, raw values).  0, or -1 with an exception. */
static int play_moves(PlxReplay *r, lx_sgf_node n, PyObject **first)
{
    const lx_sgf_tree *t = r->tree->tree;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < lx_sgf_prop_count(t, n); i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        lx_colour who = lx_game_prop_colour(t, p, r->ids);
        if (who == LX_NO_COLOUR)
            continue;
        lx_game_error err;
        lx_game_error_init(&err);
        if (lx_game_play_prop(r->m, r->pos, t, p, who, &err) != 0) {
            plx_raise_illegal(err.code, err.message.data);
            rc = -1;
        } else {
            r->moves++;
            if (first && !*first && !(*first = Py_BuildValue("(NN)", plx_colour_object(who), plx_raw_values(t, p))))
                rc = -1;
        }
        lx_game_error_free(&err);
    }
    return rc;
}

/* Apply node n: setup, then moves. */
static int apply_node(PlxReplay *r, lx_sgf_node n, PyObject **first)
{
    return apply_setup(r, n) != 0 ? -1 : play_moves(r, n, first);
}

/* Apply the nodes without a move from r->next on (setup before the next move). */
static int apply_setup_nodes(PlxReplay *r)
{
    const lx_sgf_tree *t = r->tree->tree;
    while (r->next != LX_SGF_NIL && !node_has_move(t, r->next, r->ids)) {
        if (apply_node(r, r->next, NULL) != 0)
            return -1;
        r->next = lx_sgf_first_child(t, r->next);
    }
    return 0;
}

/* LudexError for a tree without rules here, with the diagnostic `ludex check`
 * gives for it (UNSUPPORTED_GAME, LITTLE_GOLEM_HEX, GM_INVALID ...). */
static PyObject *no_rules(PlxTree *tree)
{
    lx_diag_list *why = plx_diag_list_new();
    if (!why)
        return NULL;
    lx_game_rules_for_tree(NULL, tree->tree, why);
    PyObject *e = plx_raise_diag(why, LX_WARNING, "no rules for this game here");
    lx_diag_list_free(why);
    return e;
}

PyObject *plx_replay_new(PlxTree *tree)
{
    if (lx_sgf_node_count(tree->tree) == 0)
        return plx_raise_error("NO_GAME_TREE", "the game tree has no node");
    const lx_game_module *m = plx_tree_module(tree);
    if (!m)
        return no_rules(tree);
    lx_diag_list *d = plx_diag_list_new();
    void *pos = d ? m->position_new(tree->tree, 0, d) : NULL;
    if (!pos) {
        PyObject *e = d ? raise_first(d, "the root node makes no game that can be played") : NULL;
        lx_diag_list_free(d);
        return e;
    }
    lx_diag_list_free(d);
    PlxReplay *r = PyObject_New(PlxReplay, &PlxReplay_Type);
    if (!r) {
        m->position_free(pos);
        return NULL;
    }
    r->tree = (PlxTree *)Py_NewRef(tree);
    r->m = m;
    r->pos = pos;
    r->next = 0;
    r->moves = 0;
    r->ids = lx_game_move_ids(tree->tree);
    if (apply_setup_nodes(r) != 0) {
        Py_DECREF(r);
        return NULL;
    }
    return (PyObject *)r;
}

static void replay_dealloc(PlxReplay *r)
{
    if (r->pos)
        r->m->position_free(r->pos);
    Py_XDECREF(r->tree);
    Py_TYPE(r)->tp_free((PyObject *)r);
}

/* Apply the setup nodes before the main line's next move, then its node;
 * *first (unless first is NULL) gets the move as (player, values).  1 when a
 * move was played, 0 at the end of the line, -1 with an exception (and the
 * line ends there, as in `ludex replay`). */
static int advance(PlxReplay *r, PyObject **first)
{
    if (apply_setup_nodes(r) != 0) {
        r->next = LX_SGF_NIL;
        return -1;
    }
    lx_sgf_node n = r->next;
    if (n == LX_SGF_NIL)
        return 0;
    r->next = LX_SGF_NIL;
    if (apply_node(r, n, first) != 0)
        return -1;
    r->next = lx_sgf_first_child(r->tree->tree, n);
    return 1;
}

/* The main line's next move as (player, values), None at the end. */
static PyObject *replay_step(PlxReplay *r, PyObject *unused)
{
    (void)unused;
    PyObject *first = NULL;
    int rc = advance(r, &first);
    if (rc <= 0) {
        Py_XDECREF(first);
        return rc < 0 ? NULL : Py_NewRef(Py_None);
    }
    return first;
}

/* forward(n=None) -> int: step up to n moves (all, with None) without making a tuple for each. */
static PyObject *replay_forward(PlxReplay *r, PyObject *args)
{
    Py_ssize_t n = PY_SSIZE_T_MAX, done = 0;
    if (!PyArg_ParseTuple(args, "|n:forward", &n))
        return NULL;
    int rc = 1;
    while (done < n && (rc = advance(r, NULL)) > 0)
        done++;
    return rc < 0 ? NULL : PyLong_FromSsize_t(done);
}

static PyObject *replay_iternext(PlxReplay *r)
{
    PyObject *s = replay_step(r, NULL);
    if (s == Py_None) {
        Py_DECREF(s);
        return NULL;
    }
    return s;
}

/* Parse, check and apply the parts of one move on pos; 0, or -1 with IllegalMove. */
static int play_parts(const lx_game_module *m, void *pos, lx_colour who, PyObject *parts)
{
    Py_ssize_t n = PyList_GET_SIZE(parts);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len;
        const char *s = PyUnicode_AsUTF8AndSize(PyList_GET_ITEM(parts, i), &len);
        if (!s)
            return -1;
        _Alignas(max_align_t) unsigned char move[LX_MOVE_MAX_SIZE];
        lx_game_error err;
        lx_game_error_init(&err);
        int rc = m->parse_move(pos, who, s, (size_t)len, move, &err) != 0 || m->check_move(pos, who, move, &err) != 0;
        if (rc)
            plx_raise_illegal(err.code, err.message.data);
        else
            m->apply_move(pos, who, move);
        lx_game_error_free(&err);
        if (rc)
            return -1;
    }
    return 0;
}

/* A move argument as a list of str: "e5" -> ["e5"]; a sequence of parts as a list. */
static PyObject *move_parts(PyObject *move)
{
    if (PyUnicode_Check(move))
        return Py_BuildValue("[O]", move);
    PyObject *list = PySequence_List(move);
    for (Py_ssize_t i = 0; list && i < PyList_GET_SIZE(list); i++)
        if (!PyUnicode_Check(PyList_GET_ITEM(list, i))) {
            PyErr_SetString(PyExc_TypeError, "a move is a str, or a sequence of str (a Twixt long move)");
            Py_CLEAR(list);
        }
    if (list && PyList_GET_SIZE(list) == 0) {
        PyErr_SetString(PyExc_ValueError, "an empty move");
        Py_CLEAR(list);
    }
    return list;
}

static PyObject *replay_play(PlxReplay *r, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"move", "player", NULL};
    PyObject *move, *player = NULL;
    lx_colour who;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:play", kwlist, &move, &player) ||
        plx_colour_arg(player, r->m->to_play(r->pos), &who) != 0)
        return NULL;
    if (who == LX_NO_COLOUR)
        return PyErr_Format(PyExc_ValueError, "say who plays: player='B' or 'W'");
    PyObject *parts = move_parts(move);
    void *copy = parts ? r->m->position_copy(r->pos) : NULL;
    if (parts && !copy)
        PyErr_NoMemory();
    int rc = copy ? play_parts(r->m, copy, who, parts) : -1;
    Py_XDECREF(parts);
    if (rc != 0) {
        if (copy)
            r->m->position_free(copy);
        return NULL;
    }
    r->m->position_free(r->pos);
    r->pos = copy;
    r->moves++;
    r->next = LX_SGF_NIL; /* off the record: its main line no longer applies */
    Py_RETURN_NONE;
}

static PyObject *replay_copy(PlxReplay *r, PyObject *unused)
{
    (void)unused;
    void *pos = r->m->position_copy(r->pos);
    PlxReplay *c = pos ? PyObject_New(PlxReplay, &PlxReplay_Type) : NULL;
    if (!c) {
        if (pos)
            r->m->position_free(pos);
        return pos ? NULL : PyErr_NoMemory();
    }
    c->tree = (PlxTree *)Py_NewRef(r->tree);
    c->m = r->m;
    c->pos = pos;
    c->next = r->next;
    c->moves = r->moves;
    c->ids = r->ids;
    return (PyObject *)c;
}

static PyObject *draw(PlxReplay *r, lx_draw_format fmt, PyObject *args)
{
    int size = 0;
    if (!PyArg_ParseTuple(args, "|i", &size))
        return NULL;
    lx_buf b = LX_BUF_INIT;
    if (!r->m->draw || r->m->draw(r->pos, fmt, size, &b) != 0) {
        lx_buf_free(&b);
        return r->m->draw ? PyErr_NoMemory() : plx_raise_error("DRAW_FAILED", "%s positions cannot be drawn", r->m->name);
    }
    PyObject *s = PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len, "replace");
    lx_buf_free(&b);
    return s;
}

static PyObject *replay_svg(PlxReplay *r, PyObject *args)
{
    return draw(r, LX_DRAW_SVG, args);
}

static PyObject *replay_text(PlxReplay *r, PyObject *args)
{
    return draw(r, LX_DRAW_ASCII, args);
}

static PyObject *replay_legal_moves(PlxReplay *r, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"player", "dice", NULL};
    PyObject *player = NULL, *dice = Py_None;
    lx_colour who;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O$O:legal_moves", kwlist, &player, &dice) ||
        plx_colour_arg(player, r->m->to_play(r->pos), &who) != 0)
        return NULL;
    if (who == LX_NO_COLOUR)
        return PyList_New(0);
    return plx_legal_moves(r->m, r->pos, who, dice);
}

static PyObject *replay_planes(PlxReplay *r, PyObject *unused)
{
    (void)unused;
    return plx_planes(r->m, r->pos);
}

static void result_of(const PlxReplay *r, lx_game_result *res)
{
    *res = (lx_game_result){0, LX_NO_COLOUR, ""};
    if (r->m->result)
        r->m->result(r->pos, res);
}

static PyObject *replay_result(PlxReplay *r, void *unused)
{
    (void)unused;
    lx_game_result res;
    result_of(r, &res);
    if (!res.over || !res.re[0])
        Py_RETURN_NONE;
    return PyUnicode_FromStringAndSize(res.re, (Py_ssize_t)strnlen(res.re, sizeof res.re));
}

static PyObject *replay_winner(PlxReplay *r, void *unused)
{
    (void)unused;
    lx_game_result res;
    result_of(r, &res);
    return plx_colour_object(res.over ? res.winner : LX_NO_COLOUR);
}

static PyObject *replay_over(PlxReplay *r, void *unused)
{
    (void)unused;
    lx_game_result res;
    result_of(r, &res);
    return PyBool_FromLong(res.over);
}

static PyObject *replay_to_play(PlxReplay *r, void *unused)
{
    (void)unused;
    return plx_colour_object(r->m->to_play(r->pos));
}

static PyObject *replay_move_number(PlxReplay *r, void *unused)
{
    (void)unused;
    return PyLong_FromSize_t(r->moves);
}

static PyObject *replay_game(PlxReplay *r, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(r->m->name);
}

static PyObject *replay_at_end(PlxReplay *r, void *unused)
{
    (void)unused;
    lx_sgf_node n = r->next;
    while (n != LX_SGF_NIL && !node_has_move(r->tree->tree, n, r->ids))
        n = lx_sgf_first_child(r->tree->tree, n);
    return PyBool_FromLong(n == LX_SGF_NIL);
}

/* GNU Backgammon's IDs: index 0 the position ID, 1 the match ID. */
static PyObject *gnubg_id(PlxReplay *r, int which)
{
    if (r->m != &lx_bgammon_module)
        return plx_raise_error("NOT_BACKGAMMON", "GNU Backgammon IDs are for backgammon, not %s", r->m->name);
    char pid[15], mid[13];
    lx_bgammon_game_ids(r->pos, pid, mid);
    return PyUnicode_FromString(which == 0 ? pid : mid);
}

static PyObject *replay_position_id(PlxReplay *r, void *unused)
{
    (void)unused;
    return gnubg_id(r, 0);
}

static PyObject *replay_match_id(PlxReplay *r, void *unused)
{
    (void)unused;
    return gnubg_id(r, 1);
}

static PyObject *replay_repr(PlxReplay *r)
{
    return PyUnicode_FromFormat("<ludex.Replay %s after %zu moves>", r->m->name, r->moves);
}

static PyMethodDef replay_methods[] = {
    {"step", (PyCFunction)replay_step, METH_NOARGS,
     "step($self)\n--\n\nstep() -> (player, values) or None: play the record's next move (its node's setup first);\n"
     "None at the end of the main line.  Raises IllegalMove when the rules refuse it."},
    {"forward", (PyCFunction)replay_forward, METH_VARARGS,
     "forward($self, n=None, /)\n--\n\nforward(n=None) -> int: step up to n moves of the record (all, with None) at C speed, without\n"
     "a tuple for each; returns how many were stepped.  Raises IllegalMove as step() does."},
    {"play", (PyCFunction)(void (*)(void))replay_play, METH_VARARGS | METH_KEYWORDS,
     "play($self, move, player=None)\n--\n\nplay(move, player=None): play a move as SGF writes it ('e5', 'swap-pieces', '31hefe', or a\n"
     "list of parts for a Twixt long move) for `player` ('B'/'W', default: whose turn it is).\n"
     "All or nothing; raises IllegalMove with the CLI's code.  Leaves the record's main line."},
    {"legal_moves", (PyCFunction)(void (*)(void))replay_legal_moves, METH_VARARGS | METH_KEYWORDS,
     "legal_moves($self, player=None, *, dice=None)\n--\n\nlegal_moves(player=None, *, dice=None) -> list of str: the legal moves as SGF writes them.\n"
     "Hex and Twixt: every cell or hole, and a swap when allowed (resign, forfeit and pass are\n"
     "always allowed and not listed).  Backgammon: every distinct play of dice=(d1, d2), and the\n"
     "cube actions allowed now.  [] when the game is over."},
    {"copy", (PyCFunction)replay_copy, METH_NOARGS, "copy($self)\n--\n\ncopy() -> Replay: an independent copy."},
    {"svg", (PyCFunction)replay_svg, METH_VARARGS, "svg($self, size=0, /)\n--\n\nsvg(size=0) -> str: the position as an SVG document."},
    {"text", (PyCFunction)replay_text, METH_VARARGS, "text($self, size=0, /)\n--\n\ntext(size=0) -> str: the position drawn as text."},
    {"planes", (PyCFunction)replay_planes, METH_NOARGS,
     "planes($self)\n--\n\nplanes() -> numpy.ndarray (uint8): the position as fixed planes (see the README)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef replay_getset[] = {
    {"game", (getter)replay_game, NULL, "'hex', 'twixt' or 'backgammon'.", NULL},
    {"to_play", (getter)replay_to_play, NULL, "'B', 'W', or None (nobody, or either).", NULL},
    {"move_number", (getter)replay_move_number, NULL, "Moves played so far.", NULL},
    {"result", (getter)replay_result, NULL, "The result as an SGF RE value ('B+', 'W+2R', '0'), None while the game goes on.", NULL},
    {"winner", (getter)replay_winner, NULL, "'B', 'W', or None (a draw, or not over).", NULL},
    {"over", (getter)replay_over, NULL, "Whether the game has ended.", NULL},
    {"at_end", (getter)replay_at_end, NULL, "Whether the record's main line has no more moves to step.", NULL},
    {"position_id", (getter)replay_position_id, NULL, "Backgammon: GNU Backgammon's position ID.", NULL},
    {"match_id", (getter)replay_match_id, NULL, "Backgammon: GNU Backgammon's match ID.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PlxReplay_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.Replay",
    .tp_basicsize = sizeof(PlxReplay),
    .tp_dealloc = (destructor)replay_dealloc,
    .tp_repr = (reprfunc)replay_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game in progress: a record's position move by move, and moves of your own.\n"
              "Iterating steps through the record's main line, yielding (player, values).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)replay_iternext,
    .tp_methods = replay_methods,
    .tp_getset = replay_getset,
};

/* xw_gcg.c - ludex.xword.Gcg: a crossword game record (GCG).
 *
 * Read with Data.read_gcg.  events lists the record's events as dicts (kind,
 * player, rack, move, score, cumulative, note); position(n) is the position
 * after event n (a Position); replay() replays it with every rule and score
 * checked (lx_xw_gcg_replay) and returns its summary and diagnostics;
 * to_gcg() writes canonical GCG. */
#include "pyludex.h"

static void gcg_dealloc(PlxXwGcg *g)
{
    lx_xw_gcg_free(g->gcg);
    Py_XDECREF(g->data);
    Py_XDECREF(g->diagnostics);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static const char *text_of(const PlxXwGcg *g, size_t *len)
{
    return lx_xw_gcg_text(g->gcg, len);
}

PyObject *plx_xw_read_gcg(PlxXwData *d, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"data", "encoding", NULL};
    PyObject *bytes;
    const char *encoding = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|z:read_gcg", kwlist, &PyBytes_Type, &bytes, &encoding))
        return NULL;
    lx_diag_list *diags = plx_diag_list_new();
    lx_xw_gcg_options opt = {encoding, NULL, NULL};
    lx_xw_gcg *gcg = diags ? lx_xw_gcg_read(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), d->data, &opt,
                                            diags)
                           : NULL;
    if (!gcg) {
        PyObject *e = diags ? plx_raise_diag(diags, LX_ERROR, "out of memory") : NULL;
        lx_diag_list_free(diags);
        return e;
    }
    PlxXwGcg *g = PyObject_New(PlxXwGcg, &PlxXwGcg_Type);
    if (!g) {
        lx_xw_gcg_free(gcg);
        lx_diag_list_free(diags);
        return NULL;
    }
    g->data = (PlxXwData *)Py_NewRef(d);
    g->gcg = gcg;
    size_t len;
    const char *text = text_of(g, &len);
    g->diagnostics = plx_diags_done(diags, text, len);
    if (!g->diagnostics)
        Py_CLEAR(g);
    return (PyObject *)g;
}

static const char *const event_kinds[] = {
    "play", "exchange", "pass", "withdrawn", "challenge_bonus", "end_rack_bonus", "end_rack_penalty", "time_penalty",
};

static PyObject *tiles_text(const lx_xw_dist *dist, const uint8_t *tiles, size_t n)
{
    if (!tiles)
        Py_RETURN_NONE;
    lx_buf b = LX_BUF_INIT;
    for (size_t k = 0; k < n; k++)
        lx_buf_append_str(&b, lx_xw_dist_label(dist, tiles[k]));
    PyObject *s = PyUnicode_FromStringAndSize(b.data ? b.data : "", (Py_ssize_t)b.len);
    lx_buf_free(&b);
    return s;
}

static PyObject *move_text(const lx_xw_dist *dist, const lx_xw_event *e)
{
    if (e->kind != LX_XW_EV_PLAY && e->kind != LX_XW_EV_EXCHANGE)
        Py_RETURN_NONE;
    lx_buf b = LX_BUF_INIT;
    PyObject *s = lx_xw_move_write(dist, &e->move, 0, &b) == 0
                      ? PyUnicode_FromStringAndSize(b.data ? b.data : "", (Py_ssize_t)b.len)
                      : PyErr_NoMemory();
    lx_buf_free(&b);
    return s;
}

static PyObject *event_dict(const PlxXwGcg *g, const lx_xw_event *e)
{
    const lx_xw_dist *dist = lx_xw_gcg_dist(g->gcg);
    return Py_BuildValue("{s:s,s:i,s:N,s:N,s:l,s:l,s:z}", "kind", event_kinds[e->kind], "player", e->player, "rack",
                         tiles_text(dist, e->rack, e->nrack), "move", move_text(dist, e), "score", e->score,
                         "cumulative", e->cumulative, "note", e->note);
}

static PyObject *gcg_events(PlxXwGcg *g, void *unused)
{
    (void)unused;
    size_t n = lx_xw_gcg_events(g->gcg);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *o = event_dict(g, lx_xw_gcg_event(g->gcg, i));
        if (!o)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, o);
    }
    return list;
}

static PyObject *gcg_players(PlxXwGcg *g, void *unused)
{
    (void)unused;
    return Py_BuildValue("[(zz)(zz)]", lx_xw_gcg_nick(g->gcg, 0), lx_xw_gcg_player_name(g->gcg, 0),
                         lx_xw_gcg_nick(g->gcg, 1), lx_xw_gcg_player_name(g->gcg, 1));
}

static PyObject *gcg_diagnostics(PlxXwGcg *g, void *unused)
{
    (void)unused;
    return Py_NewRef(g->diagnostics);
}

static PyObject *gcg_position(PlxXwGcg *g, PyObject *args)
{
    PyObject *arg = Py_None;
    if (!PyArg_ParseTuple(args, "|O:position", &arg))
        return NULL;
    size_t n = SIZE_MAX;
    if (arg != Py_None && (n = PyLong_AsSize_t(arg)) == (size_t)-1 && PyErr_Occurred())
        return NULL;
    lx_diag_list *d = plx_diag_list_new();
    lx_xw_pos *p = d ? lx_xw_pos_new() : NULL;
    int rc = p ? lx_xw_gcg_position(g->gcg, n, p, d) : -1;
    PyObject *res = NULL;
    if (rc == 0) {
        size_t len;
        const char *text = text_of(g, &len);
        PyObject *list = plx_diags_done(d, text, len);
        d = NULL;
        if (list)
            res = plx_xw_pos_wrap(g->data, p, NULL, list);
        else
            lx_xw_pos_free(p);
        Py_XDECREF(list);
        return res;
    }
    if (rc < 0)
        PyErr_NoMemory();
    else
        plx_raise_diag(d, LX_ERROR, "the record cannot be replayed that far");
    lx_xw_pos_free(p);
    lx_diag_list_free(d);
    return NULL;
}

static PyObject *gcg_replay(PlxXwGcg *g, PyObject *unused)
{
    (void)unused;
    int unavailable = 0;
    const lx_xw_lexicon *lx = lx_xw_data_judge(g->data->data, lx_xw_gcg_pragma(g->gcg, "lexicon"),
                                               lx_xw_gcg_dist(g->gcg), &unavailable);
    lx_diag_list *d = plx_diag_list_new();
    lx_xw_replay_summary s = {0};
    if (!d || lx_xw_gcg_replay(g->gcg, lx, d, &s) < 0) {
        lx_diag_list_free(d);
        return d ? PyErr_NoMemory() : NULL;
    }
    size_t len;
    const char *text = text_of(g, &len);
    return Py_BuildValue("({s:n,s:n,s:n,s:n,s:O,s:z}N)", "events", (Py_ssize_t)s.events, "plays",
                         (Py_ssize_t)s.plays, "scores_checked", (Py_ssize_t)s.scores_checked, "words_checked",
                         (Py_ssize_t)s.words_checked, "completed", s.completed ? Py_True : Py_False, "lexicon",
                         s.lexicon, plx_diags_done(d, text, len));
}

static PyObject *gcg_to_gcg(PlxXwGcg *g, PyObject *unused)
{
    (void)unused;
    lx_buf b = LX_BUF_INIT;
    PyObject *s = lx_xw_gcg_write(g->gcg, &b) == 0 ? PyBytes_FromStringAndSize(b.data ? b.data : "", (Py_ssize_t)b.len)
                                                   : PyErr_NoMemory();
    lx_buf_free(&b);
    return s;
}

static PyMethodDef gcg_methods[] = {
    {"position", (PyCFunction)gcg_position, METH_VARARGS,
     "position($self, n=None, /)\n--\n\nposition(n=None) -> Position: the position after event n (0: before the first; None: the end),\n"
     "with the racks as far as the record tells."},
    {"replay", (PyCFunction)gcg_replay, METH_NOARGS,
     "replay($self)\n--\n\nreplay() -> (summary: dict, diagnostics): replay with every rule and score checked, the words\n"
     "judged by the lexicon the record names (else the default English word list)."},
    {"to_gcg", (PyCFunction)gcg_to_gcg, METH_NOARGS, "to_gcg($self)\n--\n\nto_gcg() -> bytes: the record as canonical GCG."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef gcg_getset[] = {
    {"events", (getter)gcg_events, NULL,
     "The events: dicts of kind, player (0 or 1), rack, move, score, cumulative, note.", NULL},
    {"players", (getter)gcg_players, NULL, "[(nick, name), (nick, name)].", NULL},
    {"diagnostics", (getter)gcg_diagnostics, NULL, "Problems met reading the record.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PlxXwGcg_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.xword.Gcg",
    .tp_basicsize = sizeof(PlxXwGcg),
    .tp_dealloc = (destructor)gcg_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A crossword game record (GCG): events, positions, the checked replay.",
    .tp_methods = gcg_methods,
    .tp_getset = gcg_getset,
};

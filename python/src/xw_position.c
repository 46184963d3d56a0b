/* xw_position.c - ludex.xword.Position: a crossword position (CGP).
 *
 * Read with Data.read_cgp or made by Gcg.position.  It shows the board (a
 * list of rows, each a list of tile labels or None; a designated blank is
 * its lower-case label), the racks (next to move first; '?' a blank) and
 * scores; validate() and check_words() give diagnostics; score(play) checks
 * and scores a play for the player to move, as `ludex xword score` does,
 * raising IllegalMove with its code; moves() and best_move() generate plays
 * (xw_moves.c); to_cgp() writes canonical CGP. */
#include "pyludex.h"

#include <string.h>

PyObject *plx_xw_pos_wrap(PlxXwData *d, lx_xw_pos *pos, PyObject *text, PyObject *diagnostics)
{
    PlxXwPos *p = PyObject_New(PlxXwPos, &PlxXwPos_Type);
    if (!p) {
        lx_xw_pos_free(pos);
        return NULL;
    }
    p->data = (PlxXwData *)Py_NewRef(d);
    p->pos = pos;
    p->text = Py_XNewRef(text);
    p->diagnostics = diagnostics ? Py_NewRef(diagnostics) : PyList_New(0);
    if (!p->diagnostics)
        Py_CLEAR(p);
    return (PyObject *)p;
}

static void pos_dealloc(PlxXwPos *p)
{
    lx_xw_pos_free(p->pos);
    Py_XDECREF(p->data);
    Py_XDECREF(p->text);
    Py_XDECREF(p->diagnostics);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

PyObject *plx_xw_read_cgp(PlxXwData *d, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"text", NULL};
    const char *text;
    Py_ssize_t len;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#:read_cgp", kwlist, &text, &len))
        return NULL;
    lx_diag_list *diags = plx_diag_list_new();
    lx_xw_pos *pos = diags ? lx_xw_pos_new() : NULL;
    int rc = pos ? lx_xw_cgp_read(pos, text, (size_t)len, 0, d->data, diags) : -1;
    if (rc != 0) {
        PyObject *e = rc < 0 ? PyErr_NoMemory() : plx_raise_diag(diags, LX_ERROR, "the position could not be read");
        lx_xw_pos_free(pos);
        lx_diag_list_free(diags);
        return e;
    }
    PyObject *list = plx_diags_done(diags, text, (size_t)len);
    PyObject *bytes = PyBytes_FromStringAndSize(text, len);
    PyObject *res = NULL;
    if (list && bytes)
        res = plx_xw_pos_wrap(d, pos, bytes, list);
    else
        lx_xw_pos_free(pos);
    Py_XDECREF(list);
    Py_XDECREF(bytes);
    return res;
}

static const char *pos_text(const PlxXwPos *p, size_t *len)
{
    *len = p->text ? (size_t)PyBytes_GET_SIZE(p->text) : 0;
    return p->text ? PyBytes_AS_STRING(p->text) : NULL;
}

static PyObject *tile_label(const PlxXwPos *p, int tile)
{
    if (tile == 0)
        Py_RETURN_NONE;
    return PyUnicode_FromString(lx_xw_dist_label(lx_xw_pos_dist(p->pos), tile));
}

static PyObject *pos_board(PlxXwPos *p, void *unused)
{
    (void)unused;
    int rows = lx_xw_pos_rows(p->pos), cols = lx_xw_pos_cols(p->pos);
    PyObject *board = PyList_New(rows);
    for (int r = 0; board && r < rows; r++) {
        PyObject *row = PyList_New(cols);
        for (int c = 0; row && c < cols; c++) {
            PyObject *t = tile_label(p, lx_xw_pos_square(p->pos, r, c));
            if (!t)
                Py_CLEAR(row);
            else
                PyList_SET_ITEM(row, c, t);
        }
        if (!row)
            Py_CLEAR(board);
        else
            PyList_SET_ITEM(board, r, row);
    }
    return board;
}

static PyObject *rack_text(const PlxXwPos *p, size_t i)
{
    size_t n;
    const uint8_t *tiles = lx_xw_pos_rack(p->pos, i, &n);
    lx_buf b = LX_BUF_INIT;
    for (size_t k = 0; k < n; k++)
        lx_buf_append_str(&b, lx_xw_dist_label(lx_xw_pos_dist(p->pos), tiles[k]));
    PyObject *s = PyUnicode_FromStringAndSize(b.data ? b.data : "", (Py_ssize_t)b.len);
    lx_buf_free(&b);
    return s;
}

/* A list with one item per player: its rack (which = 0) or score (1). */
static PyObject *per_player(PlxXwPos *p, int which)
{
    size_t n = lx_xw_pos_players(p->pos);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *o = which == 0 ? rack_text(p, i) : PyLong_FromLong(lx_xw_pos_score(p->pos, i));
        if (!o)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, o);
    }
    return list;
}

static PyObject *pos_racks(PlxXwPos *p, void *unused)
{
    (void)unused;
    return per_player(p, 0);
}

static PyObject *pos_scores(PlxXwPos *p, void *unused)
{
    (void)unused;
    return per_player(p, 1);
}

static PyObject *pos_size(PlxXwPos *p, void *unused)
{
    (void)unused;
    return Py_BuildValue("(ii)", lx_xw_pos_rows(p->pos), lx_xw_pos_cols(p->pos));
}

static PyObject *pos_diagnostics(PlxXwPos *p, void *unused)
{
    (void)unused;
    return Py_NewRef(p->diagnostics);
}

static PyObject *pos_to_cgp(PlxXwPos *p, PyObject *unused)
{
    (void)unused;
    lx_buf b = LX_BUF_INIT;
    PyObject *s = lx_xw_cgp_write(p->pos, &b) == 0 ? PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len,
                                                                         "replace")
                                                   : PyErr_NoMemory();
    lx_buf_free(&b);
    return s;
}

static PyObject *pos_validate(PlxXwPos *p, PyObject *unused)
{
    (void)unused;
    size_t len;
    const char *text = pos_text(p, &len);
    lx_diag_list *d = plx_diag_list_new();
    if (d)
        lx_xw_pos_validate(p->pos, d);
    return plx_diags_done(d, text, len);
}

/* The lexicon that judges this position's words (its lex, else the default for English), or NULL. */
static const lx_xw_lexicon *judge(PlxXwPos *p, int *unavailable)
{
    return lx_xw_data_judge(p->data->data, lx_xw_pos_ops(p->pos)->lex, lx_xw_pos_dist(p->pos), unavailable);
}

static PyObject *pos_check_words(PlxXwPos *p, PyObject *unused)
{
    (void)unused;
    int unavailable = 0;
    const lx_xw_lexicon *lx = judge(p, &unavailable);
    if (!lx)
        return plx_raise_error("LEXICON_UNAVAILABLE", "no lexicon to judge the words (%s)",
                               unavailable ? "the one the position names is not available" : "none for this distribution");
    size_t len;
    const char *text = pos_text(p, &len);
    lx_diag_list *d = plx_diag_list_new();
    if (d)
        lx_xw_pos_check_words(p->pos, lx, d);
    return plx_diags_done(d, text, len);
}

static PyObject *scored_words(const PlxXwPos *p, const lx_xw_move *m, const lx_xw_scored *s)
{
    PyObject *words = PyList_New((Py_ssize_t)s->nwords);
    for (size_t i = 0; words && i < s->nwords; i++) {
        lx_buf w = LX_BUF_INIT;
        PyObject *o = lx_xw_word_text(p->pos, m, &s->words[i], &w) == 0
                          ? PyUnicode_DecodeUTF8(w.data ? w.data : "", (Py_ssize_t)w.len, "replace")
                          : PyErr_NoMemory();
        lx_buf_free(&w);
        if (!o)
            Py_CLEAR(words);
        else
            PyList_SET_ITEM(words, (Py_ssize_t)i, o);
    }
    return words;
}

static PyObject *pos_score(PlxXwPos *p, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"play", "ignore_rack", NULL};
    const char *play;
    Py_ssize_t len;
    int ignore_rack = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#|$p:score", kwlist, &play, &len, &ignore_rack))
        return NULL;
    lx_xw_move m;
    lx_xw_scored s;
    lx_game_error err;
    lx_game_error_init(&err);
    PyObject *res = NULL;
    if (lx_xw_move_parse(lx_xw_pos_dist(p->pos), lx_xw_pos_rows(p->pos), lx_xw_pos_cols(p->pos), play, (size_t)len,
                         &m, &err) != 0 ||
        lx_xw_move_check(p->pos, &m, ignore_rack ? LX_XW_IGNORE_RACK : 0, &s, &err) != 0)
        plx_raise_illegal(err.code, err.message.data);
    else
        res = Py_BuildValue("{s:l,s:N,s:O}", "score", s.score, "words", scored_words(p, &m, &s), "bingo",
                            s.bingo ? Py_True : Py_False);
    lx_game_error_free(&err);
    return res;
}

static PyObject *draw(PlxXwPos *p, lx_draw_format fmt, PyObject *args)
{
    int size = 0;
    if (!PyArg_ParseTuple(args, "|i", &size))
        return NULL;
    lx_buf b = LX_BUF_INIT;
    PyObject *s = lx_xw_draw(p->pos, fmt, size, NULL, &b) == 0
                      ? PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len, "replace")
                      : PyErr_NoMemory();
    lx_buf_free(&b);
    return s;
}

static PyObject *pos_svg(PlxXwPos *p, PyObject *args)
{
    return draw(p, LX_DRAW_SVG, args);
}

static PyObject *pos_text_drawing(PlxXwPos *p, PyObject *args)
{
    return draw(p, LX_DRAW_ASCII, args);
}

static PyMethodDef pos_methods[] = {
    {"to_cgp", (PyCFunction)pos_to_cgp, METH_NOARGS, "to_cgp($self)\n--\n\nto_cgp() -> str: the position as canonical CGP."},
    {"validate", (PyCFunction)pos_validate, METH_NOARGS,
     "validate($self)\n--\n\nvalidate() -> list of Diagnostic: whether the position could happen (tile counts, connection,\n"
     "racks, lm, opcode values)."},
    {"check_words", (PyCFunction)pos_check_words, METH_NOARGS,
     "check_words($self)\n--\n\ncheck_words() -> list of Diagnostic: a warning for each word on the board the judging lexicon\n"
     "lacks (the one lex names, else the default English word list)."},
    {"score", (PyCFunction)(void (*)(void))pos_score, METH_VARARGS | METH_KEYWORDS,
     "score($self, play, *, ignore_rack=False)\n--\n\nscore(play, *, ignore_rack=False) -> {'score': int, 'words': [str], 'bingo': bool}: check and\n"
     "score a play ('8D WORD', '8D.WORD', 'D8 WORD', '-', '-ABC') for the player to move, as\n"
     "`ludex xword score` does.  Raises IllegalMove with its code."},
    {"moves", (PyCFunction)(void (*)(void))plx_xw_moves, METH_VARARGS | METH_KEYWORDS,
     "moves($self, *, rack=None, lexicon=None, sort='equity', top=None)\n--\n\nmoves(*, rack=None, lexicon=None, sort='equity', top=None) -> list of dict: every legal play\n"
     "of the player to move (or of `rack`), best first, as `ludex xword moves` lists them: play,\n"
     "kind, score, leave_value, equity, bingo.  The generator runs without the GIL."},
    {"best_move", (PyCFunction)(void (*)(void))plx_xw_best_move, METH_VARARGS | METH_KEYWORDS,
     "best_move($self, *, rack=None, lexicon=None)\n--\n\nbest_move(*, rack=None, lexicon=None) -> dict: the play of highest equity (moves()[0], found\n"
     "much faster)."},
    {"svg", (PyCFunction)pos_svg, METH_VARARGS, "svg($self, size=0, /)\n--\n\nsvg(size=0) -> str: the position as an SVG document."},
    {"text", (PyCFunction)pos_text_drawing, METH_VARARGS, "text($self, size=0, /)\n--\n\ntext(size=0) -> str: the position drawn as text."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef pos_getset[] = {
    {"board", (getter)pos_board, NULL, "Rows of squares: a tile's label, lower case for a blank, or None.", NULL},
    {"racks", (getter)pos_racks, NULL, "Each player's rack, next to move first ('?' a blank).", NULL},
    {"scores", (getter)pos_scores, NULL, "Each player's score, next to move first.", NULL},
    {"size", (getter)pos_size, NULL, "(rows, cols).", NULL},
    {"diagnostics", (getter)pos_diagnostics, NULL, "Problems met reading the position.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PlxXwPos_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludex.xword.Position",
    .tp_basicsize = sizeof(PlxXwPos),
    .tp_dealloc = (destructor)pos_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A crossword position (CGP): board, racks, scores; validate, score plays.",
    .tp_methods = pos_methods,
    .tp_getset = pos_getset,
};

/* xw_moves.c - move generation on a crossword Position (Position.moves and
 * Position.best_move), as `ludex xword moves` lists them.
 *
 * The words allowed are those of `lexicon` (a name the data knows), else the
 * lexicon the position names, else the default one; the rack is `rack`
 * (labels, '?' a blank), else the mover's rack in the position.  Each play is
 * a dict: play (the notation lx_xw_move_parse reads: "8D WO.D", "-ABC", "-"),
 * kind, score, leave_value (what the tiles kept are worth), equity (score +
 * leave_value, or the end-of-game rule when the bag is empty), bingo.  The
 * generator runs with the GIL released. */
#include "pyludex.h"

#include <stdlib.h>
#include <string.h>

/* The lexicon that says which words are allowed; NULL with LudexError. */
static const lx_xw_lexicon *find_lexicon(PlxXwPos *p, const char *name)
{
    lx_xw_data *data = p->data->data;
    const lx_xw_dist *d = lx_xw_pos_dist(p->pos);
    const char *named = lx_xw_pos_ops(p->pos)->lex;
    int unavailable = 0;
    const lx_xw_lexicon *lx = name    ? lx_xw_data_lexicon(data, name, d, NULL)
                              : named ? lx_xw_data_judge(data, named, d, &unavailable)
                                      : lx_xw_data_lexicon(data, LX_XW_DEFAULT_LEXICON, d, NULL);
    if (!lx)
        plx_raise_error("LEXICON_UNAVAILABLE",
                        "the lexicon %s is not available here (NWL and CSW are licensed and not shipped)",
                        name ? name : named ? named : LX_XW_DEFAULT_LEXICON);
    return lx;
}

/* Tiles of a rack written in the distribution's labels ("?" a blank); 0, or -1 with ValueError. */
static int parse_rack(const lx_xw_dist *d, const char *s, uint8_t *tiles, size_t *n)
{
    size_t len = strlen(s), i = 0;
    *n = 0;
    while (i < len) {
        int t;
        size_t k = lx_xw_dist_read_tile(d, s + i, len - i, &t);
        if (k == 0 || (t & LX_XW_BLANK_BIT) || *n >= LX_XW_RACK_SIZE) {
            PyErr_Format(PyExc_ValueError, "the rack '%s' is not up to %d tiles of the %s distribution", s,
                         LX_XW_RACK_SIZE, lx_xw_dist_name(d));
            return -1;
        }
        tiles[(*n)++] = (uint8_t)t;
        i += k;
    }
    return 0;
}

/* Generator options from the keyword arguments rack and lexicon; 0, or -1 with an exception. */
static int gen_options(PlxXwPos *p, const char *rack, const char *lexicon, uint8_t *tiles, lx_xw_gen_options *o)
{
    memset(o, 0, sizeof *o);
    if (!(o->lexicon = find_lexicon(p, lexicon)))
        return -1;
    if (!rack)
        return 0;
    if (parse_rack(lx_xw_pos_dist(p->pos), rack, tiles, &o->nrack) != 0)
        return -1;
    o->rack = tiles;
    return 0;
}

static const char *const kinds[] = {"place", "exchange", "pass"};

static PyObject *play_dict(const lx_xw_pos *pos, const lx_xw_play *pl)
{
    lx_buf w = LX_BUF_INIT;
    if (lx_xw_play_write(pos, pl, &w) != 0) {
        lx_buf_free(&w);
        return PyErr_NoMemory();
    }
    PyObject *d = Py_BuildValue("{s:s#,s:s,s:i,s:d,s:d,s:O}", "play", w.data ? w.data : "", (Py_ssize_t)w.len, "kind",
                                kinds[pl->kind], "score", pl->score, "leave_value", pl->leave, "equity", pl->equity,
                                "bingo", pl->kind == LX_XW_PLACE && pl->ntiles == LX_XW_RACK_SIZE ? Py_True : Py_False);
    lx_buf_free(&w);
    return d;
}

static PyObject *plays_list(const lx_xw_pos *pos, const lx_xw_play *plays, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *o = play_dict(pos, &plays[i]);
        if (!o)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, o);
    }
    return list;
}

PyObject *plx_xw_moves(PlxXwPos *p, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"rack", "lexicon", "sort", "top", NULL};
    const char *rack = NULL, *lexicon = NULL, *sort = "equity";
    Py_ssize_t top = -1;
    uint8_t tiles[LX_XW_RACK_SIZE];
    lx_xw_gen_options o;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$zzsn:moves", kwlist, &rack, &lexicon, &sort, &top) ||
        gen_options(p, rack, lexicon, tiles, &o) != 0)
        return NULL;
    int by_score = strcmp(sort, "score") == 0;
    if (!by_score && strcmp(sort, "equity") != 0)
        return PyErr_Format(PyExc_ValueError, "sort is 'equity' or 'score'");
    lx_xw_gen *g = lx_xw_gen_new();
    if (!g)
        return PyErr_NoMemory();
    const lx_xw_play *found = NULL;
    lx_xw_play *sorted = NULL;
    lx_game_error err;
    lx_game_error_init(&err);
    long n;
    Py_BEGIN_ALLOW_THREADS
    n = lx_xw_gen_all(g, p->pos, &o, &found, &err);
    if (n >= 0 && (sorted = malloc((size_t)n * sizeof *sorted + 1)) != NULL) {
        memcpy(sorted, found, (size_t)n * sizeof *sorted);
        lx_xw_plays_sort(sorted, (size_t)n, by_score);
    }
    Py_END_ALLOW_THREADS
    PyObject *res = n < 0 ? plx_raise_illegal(err.code, err.message.data)
                    : !sorted ? PyErr_NoMemory()
                              : plays_list(p->pos, sorted, top >= 0 && top < n ? (size_t)top : (size_t)n);
    free(sorted);
    lx_game_error_free(&err);
    lx_xw_gen_free(g);
    return res;
}

PyObject *plx_xw_best_move(PlxXwPos *p, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"rack", "lexicon", NULL};
    const char *rack = NULL, *lexicon = NULL;
    uint8_t tiles[LX_XW_RACK_SIZE];
    lx_xw_gen_options o;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$zz:best_move", kwlist, &rack, &lexicon) ||
        gen_options(p, rack, lexicon, tiles, &o) != 0)
        return NULL;
    lx_xw_gen *g = lx_xw_gen_new();
    if (!g)
        return PyErr_NoMemory();
    lx_xw_play best;
    lx_game_error err;
    lx_game_error_init(&err);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = lx_xw_gen_best(g, p->pos, &o, &best, &err);
    Py_END_ALLOW_THREADS
    PyObject *res = rc != 0 ? plx_raise_illegal(err.code, err.message.data) : play_dict(p->pos, &best);
    lx_game_error_free(&err);
    lx_xw_gen_free(g);
    return res;
}

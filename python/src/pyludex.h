/* pyludex.h - what the files of the CPython extension `ludex._ludex` share.
 *
 * The extension is a thin layer over libludex's public API (include/ludex):
 * each file wraps one concept (a document, a game tree, a node, a walk, a
 * replay, a check, ...) as a Python type or function.  Objects that point into
 * library memory hold a reference to the Python object that owns it, so a
 * node keeps its tree alive and a tree its document.  Nothing here recurses on
 * the depth of a tree. */
#ifndef PYLUDEX_H
#define PYLUDEX_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ludex/ludex.h"

/* ---- document.c: the text trees are read from ---------------------------------------------- */

typedef struct {
    PyObject_HEAD
    lx_sgf_doc *doc;
    PyObject *bytes; /* the caller's bytes, borrowed by the document */
} PlxDocument;

extern PyTypeObject PlxDocument_Type;
/* A document over `bytes` (a bytes object); NULL with an exception, or with
 * only diagnostics in `diags` when nothing could be read. */
PlxDocument *plx_document_new(PyObject *bytes, const char *encoding, lx_diag_list *diags);

/* ---- tree.c: one game tree ---------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    lx_sgf_tree *tree;
    PyObject *doc;   /* the PlxDocument its values live in, or NULL for a built tree */
    Py_ssize_t index; /* 0-based position in its file */
    const lx_game_module *board_m; /* with board: the start position moves are read on (node_move.c) */
    void *board;
} PlxTree;

extern PyTypeObject PlxTree_Type;
/* Wrap `t` (the new object owns it; on failure it is freed). */
PyObject *plx_tree_wrap(lx_sgf_tree *t, PyObject *doc, Py_ssize_t index);
/* The rules module of a tree's game, or NULL (no exception). */
const lx_game_module *plx_tree_module(const PlxTree *t);

/* ---- node.c: one node, its properties as a mapping ------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PlxTree *tree;
    lx_sgf_node node;
} PlxNode;

extern PyTypeObject PlxNode_Type;
PyObject *plx_node_new(PlxTree *tree, lx_sgf_node n);
/* A raw value decoded as SGF Text (escapes and soft line breaks removed). */
PyObject *plx_decode_value(const char *raw, size_t len);
/* The values of property p exactly as written, a list of str. */
PyObject *plx_raw_values(const lx_sgf_tree *t, lx_sgf_prop p);
/* Node.move (node_move.c): (colour, point), as sgfmill's get_move(). */
PyObject *plx_node_move(PlxNode *o, void *unused);

/* ---- walk.c: iterating over nodes without recursion -------------------------------------------- */

typedef enum { PLX_WALK_MAIN_LINE, PLX_WALK_PREORDER } plx_walk_kind;
extern PyTypeObject PlxWalk_Type;
PyObject *plx_walk_new(PlxTree *tree, lx_sgf_node start, plx_walk_kind kind);

/* ---- diagnostic.c: diagnostics as Python objects ----------------------------------------------- */

extern PyObject *PlxDiagnostic_Type; /* a collections.namedtuple class */
int plx_diagnostic_init_type(void);
/* A list of Diagnostic for every diagnostic of `d` (already resolved). */
PyObject *plx_diag_list(const lx_diag_list *d);
/* A new diagnostic list, or NULL with MemoryError. */
lx_diag_list *plx_diag_list_new(void);

/* ---- named.c: collections.namedtuple classes made in C ------------------------------------------ */

/* The class collections.namedtuple(name, fields, module="ludex") with docstring doc; NULL with an exception. */
PyObject *plx_namedtuple_type(const char *name, const char *const *fields, int n, const char *doc);
/* An instance of namedtuple class `cls` from n new references (stolen; a NULL among them, from a failed
 * call, makes the result NULL with its exception, the others released). */
PyObject *plx_namedtuple_new(PyObject *cls, PyObject **items, int n);

/* ---- errors.c: exceptions ------------------------------------------------------------------------- */

extern PyObject *PlxError, *PlxIllegalMove;
int plx_errors_init(PyObject *module);
/* Raise IllegalMove with `code` and `message`; returns NULL. */
PyObject *plx_raise_illegal(const char *code, const char *message);
/* Raise LudexError with `code` and a message made as PyUnicode_FromFormat does. */
PyObject *plx_raise_error(const char *code, const char *fmt, ...);
/* Raise LudexError for the first diagnostic of severity `min` or worse in d
 * (or `fallback` when there is none); returns NULL. */
PyObject *plx_raise_diag(const lx_diag_list *d, lx_severity min, const char *fallback);

/* ---- read.c, check.c, write.c: the module's functions over whole files ----------------------------- */

PyObject *plx_read(PyObject *self, PyObject *args, PyObject *kw);
PyObject *plx_check(PyObject *self, PyObject *args, PyObject *kw);
PyObject *plx_format(PyObject *self, PyObject *args, PyObject *kw);
/* convert.c: lx_convert and lx_convert_sniff_sgf. */
PyObject *plx_convert(PyObject *self, PyObject *args, PyObject *kw);
PyObject *plx_sniff(PyObject *self, PyObject *args, PyObject *kw);
int plx_check_init_type(void);
/* A CheckResult from a summary and its (resolved) diagnostics. */
PyObject *plx_check_result(const lx_check_summary *s, const lx_diag_list *diags, int strict);
extern PyObject *PlxCheckResult_Type; /* a collections.namedtuple class */

/* ---- replay.c: a game in progress ------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    PlxTree *tree;            /* the record replayed */
    const lx_game_module *m;
    void *pos;
    lx_sgf_node next;         /* the next node of the main line to apply, LX_SGF_NIL at the end */
    size_t moves;             /* moves played so far */
    lx_move_ids ids;
} PlxReplay;

extern PyTypeObject PlxReplay_Type;
PyObject *plx_replay_new(PlxTree *tree);
/* "B", "W" or None. */
PyObject *plx_colour_object(lx_colour c);
/* Parse "B"/"W" (any case) or None (then `dflt`); -1 with ValueError. */
int plx_colour_arg(PyObject *o, lx_colour dflt, lx_colour *out);

/* ---- legal.c, planes.c: what a replay knows about its game ----------------------------------------- */

PyObject *plx_legal_moves(const lx_game_module *m, const void *pos, lx_colour who, PyObject *dice);
/* The position's planes as a numpy.ndarray of uint8 (see README). */
PyObject *plx_planes(const lx_game_module *m, const void *pos);
/* numpy.frombuffer(bytes, dtype).reshape(shape): an array over a bytearray. */
PyObject *plx_ndarray(PyObject *bytes, const char *dtype, const Py_ssize_t *shape, int ndim);

/* ---- playout.c ---------------------------------------------------------------------------------------------- */

PyObject *plx_hex_playouts(PyObject *self, PyObject *args, PyObject *kw);

/* ---- xw_data.c, xw_position.c, xw_gcg.c: crossword games ------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    lx_xw_data *data;
} PlxXwData;

typedef struct {
    PyObject_HEAD
    PlxXwData *data; /* owns the distribution and layout the position uses */
    lx_xw_pos *pos;
    PyObject *text;  /* the CGP text it was read from (bytes), or NULL */
    PyObject *diagnostics;
} PlxXwPos;

typedef struct {
    PyObject_HEAD
    PlxXwData *data;
    lx_xw_gcg *gcg;
    PyObject *diagnostics;
} PlxXwGcg;

extern PyTypeObject PlxXwData_Type, PlxXwPos_Type, PlxXwGcg_Type;
PyObject *plx_xw_read_cgp(PlxXwData *d, PyObject *args, PyObject *kw);
PyObject *plx_xw_read_gcg(PlxXwData *d, PyObject *args, PyObject *kw);
/* Position.moves and Position.best_move (xw_moves.c). */
PyObject *plx_xw_moves(PlxXwPos *p, PyObject *args, PyObject *kw);
PyObject *plx_xw_best_move(PlxXwPos *p, PyObject *args, PyObject *kw);
/* A Position owning `pos` (freed on failure). */
PyObject *plx_xw_pos_wrap(PlxXwData *d, lx_xw_pos *pos, PyObject *text, PyObject *diagnostics);
/* A diagnostic list resolved against text (may be NULL) as a list of Diagnostic; frees d. */
PyObject *plx_diags_done(lx_diag_list *d, const char *text, size_t len);

#endif

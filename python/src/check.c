/* check.c - _ludex.check(data, encoding=None, all_variations=False, strict=False).
 *
 * `ludex check` on bytes: reading, the generic FF[4] checks, and the replay
 * of every tree under its game's rules (lx_check_document), the GIL released
 * while the library works.  The answer is a CheckResult named tuple: ok (no
 * error; with strict, no warning either, as `ludex check --strict`), games,
 * nodes, moves, unchecked (trees whose game has no rules here) and the
 * diagnostics, sorted by place (a collections.namedtuple, named.c). */
#include "pyludex.h"

PyObject *PlxCheckResult_Type;

static const char *const check_fields[] = {"ok", "games", "nodes", "moves", "unchecked", "diagnostics"};

int plx_check_init_type(void)
{
    PlxCheckResult_Type = plx_namedtuple_type(
        "CheckResult", check_fields, 6,
        "What ludex.check found in one file.\n\n"
        "ok: no errors (with strict=True: no warnings either); games: game trees (or crossword\n"
        "records) read; nodes: nodes read; moves: moves replayed under a game's rules;\n"
        "unchecked: trees whose game has no rules module here; diagnostics: list of\n"
        "Diagnostic, sorted by place.");
    return PlxCheckResult_Type ? 0 : -1;
}

PyObject *plx_check_result(const lx_check_summary *s, const lx_diag_list *diags, int strict)
{
    int ok = lx_diag_count_at_least(diags, strict ? LX_WARNING : LX_ERROR) == 0;
    PyObject *items[6] = {
        PyBool_FromLong(ok), PyLong_FromSize_t(s->games), PyLong_FromSize_t(s->nodes),
        PyLong_FromSize_t(s->moves), PyLong_FromSize_t(s->unchecked), plx_diag_list(diags),
    };
    return plx_namedtuple_new(PlxCheckResult_Type, items, 6);
}

PyObject *plx_check(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"data", "encoding", "all_variations", "strict", NULL};
    PyObject *bytes;
    const char *encoding = NULL;
    int all = 0, strict = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|z$pp:check", kwlist, &PyBytes_Type, &bytes, &encoding, &all,
                                     &strict))
        return NULL;
    lx_diag_list *diags = plx_diag_list_new();
    if (!diags)
        return NULL;
    lx_sgf_read_options ro = {encoding};
    lx_check_options opt = {NULL, all, &ro};
    lx_check_summary sum = {0, 0, 0, 0};
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = lx_check_document(PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes), &opt, &sum, diags);
    Py_END_ALLOW_THREADS
    PyObject *res = rc == 0 ? plx_check_result(&sum, diags, strict) : PyErr_NoMemory();
    lx_diag_list_free(diags);
    return res;
}

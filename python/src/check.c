/* check.c - _ludex.check(data, encoding=None, all_variations=False, strict=False).
 *
 * `ludex check` on bytes: reading, the generic FF[4] checks, and the replay
 * of every tree under its game's rules (lx_check_document), the GIL released
 * while the library works.  The answer is a CheckResult named tuple: ok (no
 * error; with strict, no warning either, as `ludex check --strict`), games,
 * nodes, moves, unchecked (trees whose game has no rules here) and the
 * diagnostics, sorted by place. */
#include "pyludex.h"

PyTypeObject *PlxCheckResult_Type;

static PyStructSequence_Field check_fields[] = {
    {"ok", "no errors (with strict=True: no warnings either)"},
    {"games", "game trees (or crossword records) read"},
    {"nodes", "nodes read"},
    {"moves", "moves replayed under a game's rules"},
    {"unchecked", "trees whose game has no rules module here"},
    {"diagnostics", "list of Diagnostic, sorted by place"},
    {NULL, NULL},
};

static PyStructSequence_Desc check_desc = {
    "ludex.CheckResult", "What ludex.check found in one file.", check_fields, 6,
};

int plx_check_init_type(void)
{
    PlxCheckResult_Type = PyStructSequence_NewType(&check_desc);
    return PlxCheckResult_Type ? 0 : -1;
}

PyObject *plx_check_result(const lx_check_summary *s, const lx_diag_list *diags, int strict)
{
    PyObject *o = PyStructSequence_New(PlxCheckResult_Type);
    if (!o)
        return NULL;
    int ok = lx_diag_count_at_least(diags, strict ? LX_WARNING : LX_ERROR) == 0;
    PyObject *items[6] = {
        PyBool_FromLong(ok), PyLong_FromSize_t(s->games), PyLong_FromSize_t(s->nodes),
        PyLong_FromSize_t(s->moves), PyLong_FromSize_t(s->unchecked), plx_diag_list(diags),
    };
    int good = 1;
    for (int i = 0; i < 6; i++) {
        good = good && items[i];
        PyStructSequence_SetItem(o, i, items[i]);
    }
    if (!good)
        Py_CLEAR(o);
    return o;
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

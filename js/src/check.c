/* js/src/check.c - lx_check_document for JavaScript: a file's bytes in, the
 * summary (games, nodes, moves, unchecked trees) and the resolved, sorted
 * diagnostics out, exactly what `ludex check` reports. */
#include <stdlib.h>

#include "wasm.h"

struct lxw_check {
    lx_check_summary summary;
    lx_diag_list *diags;
    int oom;
};

LXW_API lxw_check *lxw_check_run(const char *bytes, size_t len, int all_variations, const char *encoding)
{
    lxw_check *r = calloc(1, sizeof *r);
    if (!r || !(r->diags = lx_diag_list_new())) {
        free(r);
        return NULL;
    }
    lx_sgf_read_options ro = {encoding && *encoding ? encoding : NULL};
    lx_check_options co = {NULL, all_variations, &ro};
    r->oom = lx_check_document(bytes, len, &co, &r->summary, r->diags) != 0;
    return r;
}

LXW_API void lxw_check_free(lxw_check *r)
{
    if (r) {
        lx_diag_list_free(r->diags);
        free(r);
    }
}

LXW_API int lxw_check_oom(const lxw_check *r)
{
    return r->oom;
}

LXW_API const lx_diag_list *lxw_check_diags(const lxw_check *r)
{
    return r->diags;
}

/* The summary's counts: 0 games, 1 nodes, 2 moves, 3 unchecked trees. */
LXW_API double lxw_check_count(const lxw_check *r, int which)
{
    const lx_check_summary *s = &r->summary;
    size_t v = which == 0 ? s->games : which == 1 ? s->nodes : which == 2 ? s->moves : s->unchecked;
    return (double)v;
}

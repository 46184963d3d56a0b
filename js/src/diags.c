/* js/src/diags.c - diagnostic lists seen from JavaScript: one accessor per
 * field of lx_diag (code, severity, offset, line, column, message). */
#include <string.h>

#include "wasm.h"

static const lx_diag *at(const lx_diag_list *l, size_t i)
{
    return l && i < lx_diag_count(l) ? lx_diag_get(l, i) : NULL;
}

LXW_API size_t lxw_diag_count(const lx_diag_list *l)
{
    return l ? lx_diag_count(l) : 0;
}

LXW_API const char *lxw_diag_code(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d ? d->code : "";
}

LXW_API int lxw_diag_severity(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d ? (int)d->severity : -1;
}

LXW_API double lxw_diag_offset(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d && d->offset != LX_NO_OFFSET ? (double)d->offset : -1;
}

LXW_API uint32_t lxw_diag_line(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d ? d->line : 0;
}

LXW_API uint32_t lxw_diag_col(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d ? d->col : 0;
}

LXW_API const char *lxw_diag_message(const lx_diag_list *l, size_t i)
{
    const lx_diag *d = at(l, i);
    return d && d->message ? d->message : "";
}

LXW_API size_t lxw_diag_count_at_least(const lx_diag_list *l, int sev)
{
    return l ? lx_diag_count_at_least(l, (lx_severity)sev) : 0;
}

/* js/src/convert.c - the library's lx_convert for JavaScript: other programs'
 * records (Little Golem Hex and Twixt, T1, the Twixt server's syntax) to
 * standard SGF and back, as `ludex convert` converts them: the bytes in, the
 * result and the resolved diagnostics out. */
#include <stdlib.h>

#include "wasm.h"

struct lxw_convert {
    lx_buf out;
    lx_diag_list *diags;
    int status; /* lx_convert's: 0 done, -1 out of memory, -2 no such conversion */
};

LXW_API lxw_convert *lxw_convert_run(const char *bytes, size_t len, const char *from, const char *to,
                                     const char *encoding)
{
    lxw_convert *r = calloc(1, sizeof *r);
    if (!r || !(r->diags = lx_diag_list_new())) {
        free(r);
        return NULL;
    }
    lx_sgf_read_options ro = {encoding && *encoding ? encoding : NULL};
    r->status = lx_convert(bytes, len, from, to, &ro, &r->out, r->diags);
    return r;
}

LXW_API void lxw_convert_free(lxw_convert *r)
{
    if (r) {
        lx_buf_free(&r->out);
        lx_diag_list_free(r->diags);
        free(r);
    }
}

LXW_API int lxw_convert_status(const lxw_convert *r)
{
    return r->status;
}

LXW_API const char *lxw_convert_out(const lxw_convert *r)
{
    return r->out.data ? r->out.data : "";
}

LXW_API size_t lxw_convert_out_len(const lxw_convert *r)
{
    return r->out.len;
}

LXW_API const lx_diag_list *lxw_convert_diags(const lxw_convert *r)
{
    return r->diags;
}

/* "littlegolem-hex", "littlegolem-twixt" or "sgf" (a static string). */
LXW_API const char *lxw_convert_sniff(const char *bytes, size_t len, const char *encoding)
{
    lx_sgf_read_options ro = {encoding && *encoding ? encoding : NULL};
    return lx_convert_sniff_sgf(bytes, len, &ro);
}

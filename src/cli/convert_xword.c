/* convert_xword.c - `ludex convert` for crossword records.
 *
 *   gcg -> cgp   the position after event N (--move N; the end when left
 *                out; 0 is the empty board), one CGP line;
 *   gcg -> gcg   the record in canonical GCG (UTF-8, '.' for tiles played
 *                through, one event per line).
 * Events are the record's '>' lines, counted from 1: plays, exchanges,
 * passes, phonies taken back, challenge bonuses, and end-of-game lines. */
#include "cli/convert.h"
#include "ludex/xword.h"

static lx_xw_gcg *read_gcg(const cli_input *in, const convert_opts *o, lx_xw_data *data, lx_diag_list *diags)
{
    lx_xw_gcg_options opt = {o->read.encoding, NULL, NULL};
    return lx_xw_gcg_read(in->bytes, in->len, data, &opt, diags);
}

static int finish(lx_xw_gcg *g, lx_xw_data *data, lx_diag_list *diags, int status)
{
    if (g) {
        size_t tl;
        const char *t = lx_xw_gcg_text(g, &tl);
        lx_diag_list_resolve(diags, t, tl);
    }
    lx_xw_gcg_free(g);
    lx_xw_data_free(data);
    return status;
}

int convert_gcg_to_cgp(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    lx_xw_data *data = cli_xword_data();
    lx_xw_gcg *g = data ? read_gcg(in, o, data, diags) : NULL;
    if (!g)
        return finish(g, data, diags, data && lx_diag_count_at_least(diags, LX_FATAL) ? CLI_PROBLEMS : -1);
    if (o->move > 0 && (size_t)o->move > lx_xw_gcg_events(g)) {
        lx_diag_add(diags, LX_ERROR, "NO_SUCH_EVENT", LX_NO_OFFSET, "the record has %zu events; there is no event %ld",
                    lx_xw_gcg_events(g), o->move);
        return finish(g, data, diags, CLI_PROBLEMS);
    }
    lx_xw_pos *p = lx_xw_pos_new();
    int rc = p ? lx_xw_gcg_position(g, o->move < 0 ? (size_t)-1 : (size_t)o->move, p, diags) : -1;
    if (rc == 0)
        rc = lx_xw_cgp_write(p, out) == 0 && lx_buf_append_char(out, '\n') == 0 ? CLI_OK : -1;
    else if (rc > 0)
        rc = CLI_PROBLEMS;
    lx_xw_pos_free(p);
    return finish(g, data, diags, rc);
}

int convert_gcg_to_gcg(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    lx_xw_data *data = cli_xword_data();
    lx_xw_gcg *g = data ? read_gcg(in, o, data, diags) : NULL;
    if (!g)
        return finish(g, data, diags, data && lx_diag_count_at_least(diags, LX_FATAL) ? CLI_PROBLEMS : -1);
    return finish(g, data, diags, lx_xw_gcg_write(g, out) == 0 ? CLI_OK : -1);
}

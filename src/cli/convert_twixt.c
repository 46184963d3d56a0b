/* convert_twixt.c - `ludex convert` for Twixt: Little Golem, T1 and server-syntax
 * records to standard GM[21] SGF, and SGF to T1 and to server syntax.
 *
 * Formats: littlegolem-twixt (.tsgf), t1 (.T1 of T1j and twixtbot-ui),
 * twixt-server (a game move by move in the play-by-mail server's syntax; the
 * file format is described in src/twixt/movelist.c).  The library's lx_convert
 * (ludex/convert.h) does the work: each importer checks the game as it reads
 * it, the SGF written is in canonical form, and writing from SGF takes the
 * main line of the file's first game tree. */
#include "cli/convert.h"
#include "ludex/convert.h"

int convert_sgf_formats(const cli_input *in, const convert_opts *o, const char *from, const char *to, lx_buf *out,
                        lx_diag_list *diags)
{
    int rc = lx_convert(in->bytes, in->len, from, to, &o->read, out, diags);
    if (rc < 0)
        return -1;
    return cli_count(diags, LX_ERROR) ? CLI_PROBLEMS : CLI_OK;
}

int convert_twixt_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "littlegolem-twixt", "sgf", out, diags);
}

int convert_twixt_t1_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "t1", "sgf", out, diags);
}

int convert_twixt_server_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "twixt-server", "sgf", out, diags);
}

int convert_twixt_sgf_to_t1(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "sgf", "t1", out, diags);
}

int convert_twixt_sgf_to_server(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "sgf", "twixt-server", out, diags);
}

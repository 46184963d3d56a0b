/* convert_hex.c - `ludex convert` for Hex: Little Golem records to standard SGF
 * (the library's lx_convert does the work; convert_twixt.c has the status). */
#include "cli/convert.h"

int convert_hex_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return convert_sgf_formats(in, o, "littlegolem-hex", "sgf", out, diags);
}

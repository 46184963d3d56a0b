/* convert.h - the converters behind `ludex convert`, one table entry each.
 *
 * A converter turns one input file of format `from` into `to`, appending the
 * result to `out` and problems to `diags`; it returns CLI_OK, CLI_PROBLEMS
 * (the input had errors; `out` may still hold a best effort), or -1 when out
 * of memory.  Each game keeps its converters in its own file
 * (convert_hex.c, convert_twixt.c, ...) and adds its lines to the table in
 * convert.c. */
#ifndef LX_CLI_CONVERT_H
#define LX_CLI_CONVERT_H

#include "cli/cli.h"

typedef struct convert_opts {
    const char *file, *out_path;
    const char *from, *to; /* format names; from may be NULL (guessed) */
    long move;             /* --move N, or -1 */
    lx_sgf_read_options read;
} convert_opts;

typedef int (*convert_fn)(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);

typedef struct converter {
    const char *from, *to;
    convert_fn run;
    const char *summary;
} converter;

/* The library's lx_convert from `from` to `to` (ludex/convert.h) as a converter's status. */
int convert_sgf_formats(const cli_input *in, const convert_opts *o, const char *from, const char *to, lx_buf *out,
                        lx_diag_list *diags);

/* Little Golem Hex SGF (no GM, White first, "mf" coordinates) -> standard Hex SGF. */
int convert_hex_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);

/* Twixt (convert_twixt.c): Little Golem .tsgf, T1 and server-syntax games to GM[21] SGF, and back. */
int convert_twixt_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);
int convert_twixt_t1_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);
int convert_twixt_sgf_to_t1(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);
int convert_twixt_server_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);
int convert_twixt_sgf_to_server(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);

/* GCG record -> the CGP after event --move N; GCG -> canonical GCG (convert_xword.c). */
int convert_gcg_to_cgp(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);
int convert_gcg_to_gcg(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags);

#endif

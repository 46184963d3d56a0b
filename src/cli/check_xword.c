/* check_xword.c - `ludex check` for crossword files: .cgp (one position per
 * line) and .gcg (one game record).
 *
 * check.c hands such files here and prints the result exactly as for SGF
 * (the same human lines and the same --json object), so scripts see one
 * contract.  "games" counts the positions of a .cgp file, and is 1 for a
 * .gcg record.  The work is the library's (lx_xw_check_cgp,
 * lx_xw_check_gcg); this only chooses by the file name's extension. */
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "ludex/xword.h"

int cli_check_xword(const cli_input *in, const char *encoding, lx_check_summary *s, lx_diag_list *diags)
{
    memset(s, 0, sizeof *s);
    lx_xw_data *data = cli_xword_data();
    if (!data)
        return -1;
    size_t n = strlen(in->path);
    int rc;
    if (n > 4 && strcasecmp(in->path + n - 4, ".gcg") == 0) {
        lx_xw_gcg_options opt = {encoding, NULL, NULL};
        lx_xw_replay_summary sum;
        memset(&sum, 0, sizeof sum);
        rc = lx_xw_check_gcg(in->bytes, in->len, data, &opt, diags, &sum);
        s->games = 1;
        s->moves = sum.events;
    } else {
        rc = lx_xw_check_cgp(in->bytes, in->len, data, diags, &s->games);
    }
    lx_xw_data_free(data);
    return rc;
}

/* convert_twixt.c - `ludex convert` for Twixt: Little Golem, T1 and server-syntax
 * records to standard GM[21] SGF, and SGF to T1 and to server syntax.
 *
 * Formats: littlegolem-twixt (.tsgf), t1 (.T1 of T1j and twixtbot-ui),
 * twixt-server (a game move by move in the play-by-mail server's syntax; the
 * file format is described in src/twixt/movelist.c).  Each importer checks
 * the game as it reads it; the SGF written is in canonical form.  Writing
 * from SGF takes the main line of the file's first game tree. */
#include "cli/convert.h"
#include "ludex/twixt.h"

static int write_sgf(const lx_sgf_tree *t, lx_buf *out)
{
    lx_sgf_write_options wo = {0};
    lx_game_write_options(&lx_twixt_module, &wo);
    return lx_sgf_write_tree(t, &wo, out) == 0 ? CLI_OK : -1;
}

static int status_of(const lx_diag_list *diags)
{
    return cli_count(diags, LX_ERROR) ? CLI_PROBLEMS : CLI_OK;
}

int convert_twixt_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_doc *doc = lx_sgf_doc_new(in->bytes, in->len, 1, &o->read, diags);
    if (!doc)
        return cli_count(diags, LX_FATAL) ? CLI_PROBLEMS : -1;
    lx_diag_list *quiet = lx_diag_list_new(); /* b[..] and r[..] are lower-case IDs: Little Golem's, not news */
    lx_sgf_reader *r = quiet ? lx_sgf_reader_new(doc, quiet) : NULL;
    lx_sgf_tree *t = NULL;
    int got, status = r ? CLI_OK : -1;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0) {
        lx_sgf_tree *std = lx_twixt_convert_little_golem(t, diags);
        if (!std || write_sgf(std, out) != CLI_OK)
            status = -1;
        lx_sgf_tree_free(std);
    }
    for (size_t i = 0; quiet && i < lx_diag_count(quiet); i++) {
        const lx_diag *d = lx_diag_get(quiet, i);
        if (d->severity >= LX_ERROR)
            lx_diag_add(diags, d->severity, d->code, d->offset, "%s", d->message);
    }
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    lx_diag_list_resolve(diags, text, len);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_diag_list_free(quiet);
    lx_sgf_doc_free(doc);
    return status < 0 ? -1 : status_of(diags);
}

static int import_text(lx_sgf_tree *(*reader)(const char *, size_t, lx_diag_list *), const cli_input *in, lx_buf *out,
                       lx_diag_list *diags)
{
    lx_sgf_tree *t = reader(in->bytes, in->len, diags);
    if (!t)
        return -1;
    int status = write_sgf(t, out);
    lx_sgf_tree_free(t);
    return status < 0 ? -1 : status_of(diags);
}

int convert_twixt_t1_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    (void)o;
    return import_text(lx_twixt_read_t1, in, out, diags);
}

int convert_twixt_server_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    (void)o;
    return import_text(lx_twixt_read_server_game, in, out, diags);
}

static int export_text(int (*writer)(const lx_sgf_tree *, lx_buf *, lx_diag_list *), const cli_input *in,
                       const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_doc *doc = lx_sgf_doc_new(in->bytes, in->len, 1, &o->read, diags);
    if (!doc)
        return cli_count(diags, LX_FATAL) ? CLI_PROBLEMS : -1;
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    int got = r ? lx_sgf_reader_next(r, &t) : -1, status = CLI_OK;
    if (got < 0) {
        status = -1;
    } else if (got == 0 || lx_sgf_tree_gm(t) != 21) {
        lx_diag_add(diags, LX_ERROR, "NOT_TWIXT", LX_NO_OFFSET, "the file's first game is not a Twixt record (GM[21])");
        status = CLI_PROBLEMS;
    } else if (writer(t, out, diags) < 0) {
        status = -1;
    } else if (lx_sgf_reader_next(r, &t) > 0) {
        lx_diag_add(diags, LX_WARNING, "ONLY_FIRST_GAME", lx_sgf_tree_offset(t),
                    "the file holds more than one game; only the first was converted");
    }
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    lx_diag_list_resolve(diags, text, len);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    return status < 0 ? -1 : status == CLI_OK ? status_of(diags) : status;
}

int convert_twixt_sgf_to_t1(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return export_text(lx_twixt_write_t1, in, o, out, diags);
}

int convert_twixt_sgf_to_server(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    return export_text(lx_twixt_write_server_game, in, o, out, diags);
}

/* convert_hex.c - `ludex convert` for Hex: Little Golem records to standard SGF. */
#include "cli/convert.h"
#include "ludex/hex.h"

int convert_hex_lg_to_sgf(const cli_input *in, const convert_opts *o, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_doc *doc = lx_sgf_doc_new(in->bytes, in->len, 1, &o->read, diags);
    if (!doc)
        return cli_count(diags, LX_FATAL) ? CLI_PROBLEMS : -1;
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    int got, status = CLI_OK;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0) {
        lx_sgf_tree *std = lx_hex_convert_little_golem(t, diags);
        if (!std) {
            status = CLI_PROBLEMS;
            continue;
        }
        lx_sgf_write_options wo = {0};
        lx_game_write_options(&lx_hex_module, &wo);
        if (lx_hex_normalize_tree(std, diags) != 0 || lx_sgf_write_tree(std, &wo, out) != 0)
            status = -1;
        lx_sgf_tree_free(std);
    }
    if (!r)
        status = -1;
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    lx_diag_list_resolve(diags, text, len);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    return status;
}

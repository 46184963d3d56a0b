/* cli_sgf.c - small questions the subcommands ask of a game tree.
 *
 * Only what more than one subcommand needs: which game a tree is (GM) and
 * a root property's text.  Anything deeper belongs in the library. */
#include <string.h>

#include "cli/cli.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int cli_tree_gm(const lx_sgf_tree *t)
{
    return lx_sgf_tree_gm(t);
}

int cli_root_text(const lx_sgf_tree *t, const char *id, lx_buf *out)
{
    lx_buf_clear(out);
    if (lx_sgf_node_count(t) == 0)
        return 0;
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, id);
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    /* the empty append makes out->data non-NULL even for an empty value */
    if (lx_sgf_decode_simpletext(v.raw, v.len, out) != 0 || lx_buf_append(out, "", 0) != 0)
        return -1;
    size_t start = 0;
    while (start < out->len && is_space(out->data[start]))
        start++;
    while (out->len > start && is_space(out->data[out->len - 1]))
        out->len--;
    memmove(out->data, out->data + start, out->len - start);
    out->len -= start;
    out->data[out->len] = '\0';
    return 1;
}

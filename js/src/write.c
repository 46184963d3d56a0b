/* js/src/write.c - writing trees back as canonical SGF with the library's
 * lx_game_format_tree, as `ludex fmt` does (the game module's dialect forms
 * normalised, its canonical values, CA[UTF-8] where the UTF-8 output would
 * otherwise be mislabelled, a line break after each tree).  Writing changes
 * the tree as fmt does; the text goes to the collection's scratch string. */
#include "collection.h"

static int write_one(lxw_coll *c, lx_sgf_tree *t, int drop_unknown)
{
    lx_diag_list *ignored = lx_diag_list_new();
    int rc = ignored ? lx_game_format_tree(t, c->doc, drop_unknown, &c->scratch, ignored) : -1;
    lx_diag_list_free(ignored);
    return rc;
}

/* Tree i (or every tree when i is -1) in canonical form into the scratch
 * string.  0, or -1 when out of memory or i is out of range. */
LXW_API int lxw_write(lxw_coll *c, int i, int drop_unknown)
{
    lx_buf_clear(&c->scratch);
    if (i >= 0)
        return (size_t)i < c->ntrees ? write_one(c, c->trees[i], drop_unknown) : -1;
    for (size_t k = 0; k < c->ntrees; k++)
        if (write_one(c, c->trees[k], drop_unknown) != 0)
            return -1;
    return 0;
}

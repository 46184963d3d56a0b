/* js/src/write.c - writing trees back as canonical SGF, as `ludex fmt` does:
 * the game module's dialect normalisation and canonical values, CA[UTF-8]
 * where the output (always UTF-8) would otherwise be mislabelled, and a
 * line break after each tree.  Writing changes the tree the way fmt does
 * (normalised dialect forms, CA); the written text goes to the collection's
 * scratch string. */
#include <string.h>
#include <strings.h>

#include "collection.h"

static int names_utf8(const lx_sgf_tree *t, lx_sgf_prop p)
{
    if (lx_sgf_value_count(t, p) != 1)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    return (v.len == 5 && !strncasecmp(v.raw, "UTF-8", 5)) || (v.len == 4 && !strncasecmp(v.raw, "UTF8", 4));
}

/* CA made true of UTF-8 output (see src/cli/fmt.c, whose rule this is). */
static int label_utf8(lx_sgf_tree *t, const lx_sgf_doc *doc)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "CA");
    int converted = doc && lx_sgf_doc_converted(doc);
    if (p == LX_SGF_NIL) {
        if (!converted)
            return 0;
        p = lx_sgf_add_prop(t, 0, "CA");
        return p == LX_SGF_NIL ? -1 : lx_sgf_add_value(t, p, "UTF-8", 5);
    }
    if (names_utf8(t, p) || (!converted && !(doc && !strcasecmp(lx_sgf_doc_charset(doc), "UTF-8"))))
        return 0;
    return lx_sgf_set_value(t, p, "UTF-8", 5);
}

static int write_one(lxw_coll *c, lx_sgf_tree *t, int drop_unknown)
{
    const lx_game_module *m = lx_game_builtin_by_gm(lx_sgf_tree_gm(t));
    lx_diag_list *ignored = lx_diag_list_new();
    int rc = !ignored || label_utf8(t, c->doc) != 0 ||
             (m && m->normalize_tree && m->normalize_tree(t, ignored) != 0);
    lx_diag_list_free(ignored);
    if (rc)
        return -1;
    lx_sgf_write_options wo;
    memset(&wo, 0, sizeof wo);
    wo.drop_unknown = drop_unknown;
    lx_game_write_options(m, &wo);
    if (lx_sgf_write_tree(t, &wo, &c->scratch) != 0)
        return -1;
    return c->scratch.len && c->scratch.data[c->scratch.len - 1] != '\n' ? lx_buf_append_char(&c->scratch, '\n')
                                                                         : 0;
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

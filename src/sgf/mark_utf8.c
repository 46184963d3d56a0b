/* mark_utf8.c - make a tree's CA true of the UTF-8 text it will be written as.
 *
 * The writer always writes UTF-8 (a document is UTF-8 once read), so a tree
 * read from another charset, or whose CA names another charset than the one
 * its bytes were read as, needs its CA changed before it is written.  Shared
 * by every front through lx_game_format_tree (src/modules/canonical.c). */
#include <strings.h>

#include "ludex/sgf.h"

static int is_utf8_name(const char *s, size_t len)
{
    return (len == 5 && strncasecmp(s, "UTF-8", 5) == 0) || (len == 4 && strncasecmp(s, "UTF8", 4) == 0);
}

int lx_sgf_mark_utf8(lx_sgf_tree *t, const lx_sgf_doc *doc)
{
    int converted = lx_sgf_doc_converted(doc);
    int read_as_utf8 = strcasecmp(lx_sgf_doc_charset(doc), "UTF-8") == 0;
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "CA");
    if (p == LX_SGF_NIL) {
        if (!converted)
            return 0;
        p = lx_sgf_add_prop(t, 0, "CA");
        return p == LX_SGF_NIL ? -1 : lx_sgf_add_value(t, p, "UTF-8", 5);
    }
    if (!converted && !read_as_utf8)
        return 0;
    if (lx_sgf_value_count(t, p) == 1) {
        lx_sgf_value v = lx_sgf_get_value(t, p, 0);
        if (is_utf8_name(v.raw, v.len))
            return 0;
    }
    return lx_sgf_set_value(t, p, "UTF-8", 5);
}

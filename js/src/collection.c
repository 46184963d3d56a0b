/* js/src/collection.c - a read SGF file held whole for JavaScript: the
 * document, every game tree in it (each its own lx_sgf_tree, addressed by
 * index), and the diagnostics of reading, resolved to lines and columns.
 * Trees are read one after another by lx_sgf_reader (no recursion on depth);
 * the collection owns the bytes JavaScript copied in and keeps them as the
 * document's text when they are already UTF-8 (no second copy). */
#include <stdlib.h>
#include <string.h>

#include "collection.h"

static int push_tree(lxw_coll *c, lx_sgf_tree *t)
{
    if (c->ntrees == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        lx_sgf_tree **p = realloc(c->trees, cap * sizeof *p);
        if (!p)
            return -1;
        c->trees = p;
        c->cap = cap;
    }
    c->trees[c->ntrees++] = t;
    return 0;
}

static int read_trees(lxw_coll *c)
{
    lx_sgf_reader *r = lx_sgf_reader_new(c->doc, c->diags);
    if (!r)
        return -1;
    int got;
    for (;;) {
        lx_sgf_tree *t = NULL;
        got = lx_sgf_reader_next(r, &t);
        if (got <= 0 || push_tree(c, t) != 0) {
            lx_sgf_tree_free(t);
            got = got > 0 ? -1 : got;
            break;
        }
    }
    lx_sgf_reader_free(r);
    return got;
}

/* Read `len` bytes at `bytes` (allocated with malloc; the collection takes
 * them over).  `encoding` may be NULL.  NULL only when out of memory. */
LXW_API lxw_coll *lxw_read(char *bytes, size_t len, const char *encoding)
{
    lxw_coll *c = calloc(1, sizeof *c);
    if (!c || !(c->diags = lx_diag_list_new())) {
        free(c);
        free(bytes);
        return NULL;
    }
    c->bytes = bytes;
    lx_sgf_read_options opt = {encoding && *encoding ? encoding : NULL};
    c->doc = lx_sgf_doc_new(bytes, len, 1, &opt, c->diags);
    if (c->doc) {
        c->oom = read_trees(c) < 0;
        size_t tlen;
        const char *text = lx_sgf_doc_text(c->doc, &tlen);
        lx_diag_list_resolve(c->diags, text, tlen);
    } else {
        lx_diag_list_resolve(c->diags, "", 0);
    }
    return c;
}

LXW_API void lxw_coll_free(lxw_coll *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->ntrees; i++)
        lx_sgf_tree_free(c->trees[i]);
    free(c->trees);
    lx_sgf_doc_free(c->doc);
    lx_diag_list_free(c->diags);
    lx_buf_free(&c->scratch);
    free(c->bytes);
    free(c);
}

LXW_API int lxw_coll_oom(const lxw_coll *c)
{
    return c->oom;
}

LXW_API size_t lxw_coll_tree_count(const lxw_coll *c)
{
    return c->ntrees;
}

LXW_API lx_sgf_tree *lxw_coll_tree(const lxw_coll *c, size_t i)
{
    return i < c->ntrees ? c->trees[i] : NULL;
}

LXW_API const lx_diag_list *lxw_coll_diags(const lxw_coll *c)
{
    return c->diags;
}

LXW_API const char *lxw_coll_charset(const lxw_coll *c)
{
    return c->doc ? lx_sgf_doc_charset(c->doc) : "";
}

LXW_API size_t lxw_coll_node_total(const lxw_coll *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->ntrees; i++)
        n += lx_sgf_node_count(c->trees[i]);
    return n;
}

/* The collection's scratch string (the last one a lxw_* call put there). */
LXW_API const char *lxw_coll_scratch(const lxw_coll *c)
{
    return c->scratch.data ? c->scratch.data : "";
}

LXW_API size_t lxw_coll_scratch_len(const lxw_coll *c)
{
    return c->scratch.len;
}

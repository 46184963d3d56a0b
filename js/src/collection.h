/* js/src/collection.h - the read collection shared by collection.c, tree.c
 * and write.c (see collection.c). */
#ifndef LUDEX_JS_COLLECTION_H
#define LUDEX_JS_COLLECTION_H

#include "wasm.h"

struct lxw_coll {
    char *bytes;         /* the file as JavaScript gave it (owned) */
    lx_sgf_doc *doc;     /* NULL when the bytes could not be read at all */
    lx_diag_list *diags; /* reading's diagnostics, resolved */
    lx_sgf_tree **trees;
    size_t ntrees, cap;
    int oom;             /* reading stopped for want of memory */
    lx_buf scratch;      /* the last decoded value or written text */
};

#endif

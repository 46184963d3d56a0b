/* fuzz_common.h - what the game harnesses share: drive a document through
 * lx_check_document (main line and every variation), then hand each of its
 * first trees to the harness's own function. */
#ifndef LX_FUZZ_COMMON_H
#define LX_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/ludex.h"

static inline void fuzz_document(const uint8_t *data, size_t size, void (*each_tree)(lx_sgf_tree *t))
{
    lx_game_registry *reg = lx_game_registry_new();
    for (int all = 0; all < 2; all++) {
        lx_diag_list *d = lx_diag_list_new();
        lx_check_options o = {reg, all, NULL};
        lx_check_document((const char *)data, size, &o, NULL, d);
        lx_diag_list_free(d);
    }
    lx_game_registry_free(reg);
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new((const char *)data, size, 0, NULL, d);
    lx_sgf_reader *r = doc ? lx_sgf_reader_new(doc, d) : NULL;
    lx_sgf_tree *t = NULL;
    for (int n = 0; r && n < 4 && lx_sgf_reader_next(r, &t) == 1; n++)
        each_tree(t);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

#endif

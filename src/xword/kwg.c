/* kwg.c - lexicons in the KWG layout: reading, checking, looking words up, writing.
 *
 * A KWG file is an array of 32-bit little-endian nodes; bits 0-21 are the
 * arc index (where the node's children start, 0 for none), bit 22 is_end
 * (last of its siblings), bit 23 accepts (a word ends with this tile), bits
 * 24-31 the tile.  Node 0 points at the DAWG root's siblings (node 1, in a
 * file that also holds a GADDAG, at the GADDAG root; ignored here).
 *
 * A file comes from users, so it is checked before use: every arc index in
 * range, the last node ending its sibling run (so a scan cannot run off the
 * end), and the DAWG part acyclic (checked while counting its words with an
 * explicit stack, never recursion). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

static uint32_t arc_of(uint32_t node)
{
    return node & XW_KWG_ARC_MASK;
}

void lx_xw_lexicon_free(lx_xw_lexicon *lx)
{
    if (!lx)
        return;
    free(lx->nodes);
    free(lx);
}

const char *lx_xw_lexicon_name(const lx_xw_lexicon *lx)
{
    return lx->name;
}

size_t lx_xw_lexicon_words(const lx_xw_lexicon *lx)
{
    return lx->words;
}

int lx_xw_lexicon_has(const lx_xw_lexicon *lx, const uint8_t *tiles, size_t n)
{
    if (n == 0 || lx->nnodes == 0)
        return 0;
    uint32_t idx = arc_of(lx->nodes[0]);
    for (size_t i = 0; i < n; i++) {
        uint32_t t = tiles[i] & 0x7F, node;
        if (idx == 0)
            return 0;
        for (;;) {
            node = lx->nodes[idx];
            if ((node >> 24) == t)
                break;
            if (node & XW_KWG_IS_END)
                return 0;
            idx++;
        }
        if (i + 1 == n)
            return (node & XW_KWG_ACCEPTS) != 0;
        idx = arc_of(node);
    }
    return 0;
}

/* ---- counting words (and finding cycles) ----------------------------------------------- */

/* Words spelled from node i and its later siblings:
 *   C[i] = accepts(i) + C[arc(i)] (when arc(i) != 0) + C[i + 1] (when !is_end(i)).
 * Computed depth-first with an explicit stack; a node met again while still
 * on the stack means a cycle.  Returns (size_t)-1 for a cycle or no memory. */
size_t xw_kwg_count_words(const uint32_t *nodes, size_t n)
{
    size_t root = n ? arc_of(nodes[0]) : 0;
    if (root == 0)
        return 0;
    uint64_t *count = calloc(n, sizeof *count);
    uint8_t *state = calloc(n, 1); /* 0 new, 1 on the stack, 2 done */
    uint32_t *stack = malloc(n * sizeof *stack);
    size_t sp = 0, result = (size_t)-1;
    if (!count || !state || !stack)
        goto out;
    stack[sp++] = (uint32_t)root;
    state[root] = 1;
    while (sp > 0) {
        uint32_t i = stack[sp - 1], node = nodes[i], a = arc_of(node);
        uint32_t next = (node & XW_KWG_IS_END) ? 0 : i + 1;
        uint32_t deps[2] = {a, next};
        int pushed = 0;
        /* one dependency at a time, so the nodes marked 1 are exactly the
         * path from the root: meeting one again is a cycle */
        for (int k = 0; k < 2 && !pushed; k++) {
            uint32_t j = deps[k];
            if (j == 0 || state[j] == 2)
                continue;
            if (state[j] == 1)
                goto out;
            state[j] = 1;
            stack[sp++] = j;
            pushed = 1;
        }
        if (pushed)
            continue;
        count[i] = ((node & XW_KWG_ACCEPTS) != 0) + (a ? count[a] : 0) + (next ? count[next] : 0);
        state[i] = 2;
        sp--;
    }
    result = (size_t)count[root];
out:
    free(count);
    free(state);
    free(stack);
    return result;
}

/* ---- reading and writing ------------------------------------------------------------------ */

static int check_nodes(const uint32_t *nodes, size_t n, const char **why)
{
    if (n == 0)
        return *why = "it is empty", -1;
    if (!(nodes[n - 1] & XW_KWG_IS_END))
        return *why = "its last node does not end a run of siblings", -1;
    for (size_t i = 0; i < n; i++) {
        if (arc_of(nodes[i]) >= n)
            return *why = "a node points past the end of the file", -1;
        if ((nodes[i] >> 24) > LX_XW_MAX_LETTERS)
            return *why = "a node holds a tile above 63", -1;
    }
    return 0;
}

lx_xw_lexicon *lx_xw_lexicon_from_kwg(const char *name, const void *bytes, size_t len, lx_diag_list *diags)
{
    const char *why = NULL;
    lx_xw_lexicon *lx = calloc(1, sizeof *lx);
    if (!lx)
        return NULL;
    snprintf(lx->name, sizeof lx->name, "%s", name ? name : "");
    lx->nnodes = len / 4;
    if (len % 4 != 0 || len / 4 > XW_KWG_ARC_MASK + 1)
        why = "its size is not a whole number of 4-byte nodes (or it is too large)";
    else if (!(lx->nodes = malloc(lx->nnodes ? lx->nnodes * sizeof *lx->nodes : 1))) {
        lx_xw_lexicon_free(lx);
        return NULL;
    }
    const unsigned char *b = bytes;
    for (size_t i = 0; !why && i < lx->nnodes; i++)
        lx->nodes[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
                       (uint32_t)b[4 * i + 3] << 24;
    if (!why && check_nodes(lx->nodes, lx->nnodes, &why) == 0 &&
        (lx->words = xw_kwg_count_words(lx->nodes, lx->nnodes)) == (size_t)-1)
        why = "its word graph has a cycle";
    if (why) {
        if (diags)
            lx_diag_add(diags, LX_ERROR, "KWG_INVALID", LX_NO_OFFSET, "lexicon %s is not a well-formed KWG file: %s",
                        lx->name, why);
        lx_xw_lexicon_free(lx);
        return NULL;
    }
    return lx;
}

int lx_xw_lexicon_write_kwg(const lx_xw_lexicon *lx, lx_buf *out)
{
    if (lx_buf_reserve(out, lx->nnodes * 4) != 0)
        return -1;
    for (size_t i = 0; i < lx->nnodes; i++) {
        uint32_t v = lx->nodes[i];
        char b[4] = {(char)(v & 0xFF), (char)((v >> 8) & 0xFF), (char)((v >> 16) & 0xFF), (char)(v >> 24)};
        lx_buf_append(out, b, 4);
    }
    return 0;
}

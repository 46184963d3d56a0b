/* kwg.c - lexicons in the KWG layout: reading, checking, looking words up, writing.
 *
 * A KWG file is an array of 32-bit little-endian nodes; bits 0-21 are the
 * arc index (where the node's children start, 0 for none), bit 22 is_end
 * (last of its siblings), bit 23 accepts (a word ends with this tile), bits
 * 24-31 the tile.  Node 0 points at the DAWG root's siblings, node 1 (tile
 * 0, as wolges and MAGPIE write it) at the GADDAG root's; the GADDAG's
 * separator is tile 0 (see dawg.c for what its strings are).
 *
 * A file comes from users, so it is checked before use: every arc index in
 * range, the last node ending its sibling run (so a scan cannot run off the
 * end), no tile twice in a run of siblings, both halves acyclic (checked while counting their words with an
 * explicit stack, never recursion), no more words than a graph of its size
 * holds in a real lexicon, and the GADDAG holding exactly the DAWG's words
 * (kwg_agree.c).  A file with the DAWG half only (older
 * ludex files, wolges' DawgOnly) gets its GADDAG built on reading: the move
 * generator needs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

/* The most words a file of n nodes may spell: 64 n + 65,536.  A real
 * lexicon's graph holds fewer words than nodes (wamerican's about one word
 * per three nodes; the most regular natural lexicons a few per node); far
 * more means a small graph of exponentially many paths, too slow to walk. */
#define KWG_MAX_WORDS_PER_NODE 64u
#define KWG_MAX_WORDS_SMALL 65536u

static uint32_t arc_of(uint32_t node)
{
    return xw_kwg_arc(node);
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
    uint32_t idx = lx->dawg;
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

/* a + b, or UINT64_MAX when that overflows: a small file may spell
 * exponentially many words, and its count must not wrap to a small one */
static uint64_t add_saturating(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Words spelled from node i and its later siblings:
 *   C[i] = accepts(i) + C[arc(i)] (when arc(i) != 0) + C[i + 1] (when !is_end(i)).
 * Computed depth-first with an explicit stack; a node met again while still
 * on the stack means a cycle.  Returns (size_t)-1 for a cycle or no memory. */
size_t xw_kwg_count_words(const uint32_t *nodes, size_t n, uint32_t root, uint32_t *counts)
{
    if (root == 0 || root >= n)
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
        count[i] = add_saturating(add_saturating((node & XW_KWG_ACCEPTS) != 0, a ? count[a] : 0),
                                  next ? count[next] : 0);
        state[i] = 2;
        sp--;
    }
    result = count[root] >= SIZE_MAX ? SIZE_MAX - 1 : (size_t)count[root];
    for (size_t i = 0; counts && i < n; i++)
        counts[i] = (uint32_t)count[i];
out:
    free(count);
    free(state);
    free(stack);
    return result;
}

uint64_t xw_kwg_digest(const uint32_t *nodes, size_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ nodes[i]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 29;
    }
    return h;
}

int xw_kwg_ascending(const uint32_t *nodes, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (!(nodes[i] & XW_KWG_IS_END) && (nodes[i + 1] >> 24) <= (nodes[i] >> 24))
            return 0;
    return 1;
}

/* ---- reading and writing ------------------------------------------------------------------ */

int xw_kwg_check(const uint32_t *nodes, size_t n, const char **why)
{
    if (n == 0)
        return *why = "it is empty", -1;
    if (!(nodes[n - 1] & XW_KWG_IS_END))
        return *why = "its last node does not end a run of siblings", -1;
    uint64_t run = 0; /* tiles of the run of siblings so far */
    for (size_t i = 0; i < n; i++) {
        if (arc_of(nodes[i]) >= n)
            return *why = "a node points past the end of the file", -1;
        if ((nodes[i] >> 24) > LX_XW_MAX_LETTERS)
            return *why = "a node holds a tile above 63", -1;
        uint64_t bit = (uint64_t)1 << (nodes[i] >> 24);
        if (run & bit) /* a word would be spelled twice, a play found twice */
            return *why = "a run of siblings holds a tile twice", -1;
        run = (nodes[i] & XW_KWG_IS_END) ? 0 : run | bit;
    }
    return 0;
}

/* Node 1 heads the GADDAG when it is a tile-0 header, not a DAWG arc. */
static uint32_t gaddag_root(const uint32_t *nodes, size_t n)
{
    if (n < 2 || arc_of(nodes[0]) == 1 || xw_kwg_tile(nodes[1]) != 0 || !(nodes[1] & XW_KWG_IS_END))
        return 0;
    return arc_of(nodes[1]);
}

/* The words of the DAWG half, in the order a depth-first walk meets them;
 * NULL when out of memory, or with *zero set when a word holds tile 0 (the
 * GADDAG's separator, never a letter).  Depth is bounded by LX_XW_MAX_SIDE. */
static uint8_t *dawg_words(const lx_xw_lexicon *lx, uint8_t ***words, uint8_t **lens, int *zero)
{
    size_t total = 0, k = 0;
    uint32_t stack[LX_XW_MAX_SIDE + 1];
    uint8_t word[LX_XW_MAX_SIDE + 1];
    *words = malloc((lx->words ? lx->words : 1) * sizeof **words);
    *lens = malloc(lx->words ? lx->words : 1);
    /* two walks: the first sizes the store, the second fills it */
    uint8_t *store = NULL;
    for (int pass = 0; pass < 2 && *words && *lens && !*zero; pass++) {
        if (pass == 1 && !(store = malloc(total ? total : 1)))
            break;
        size_t depth = 0, used = 0;
        stack[0] = lx->dawg;
        while (lx->dawg) {
            uint32_t i = stack[depth], node = lx->nodes[i];
            word[depth] = (uint8_t)xw_kwg_tile(node);
            if (!word[depth]) {
                *zero = 1;
                break;
            }
            if (node & XW_KWG_ACCEPTS) {
                if (pass == 0) {
                    total += depth + 1;
                } else if (k < lx->words) {
                    memcpy(store + used, word, depth + 1);
                    (*words)[k] = store + used;
                    (*lens)[k++] = (uint8_t)(depth + 1);
                    used += depth + 1;
                }
            }
            if (arc_of(node) && depth + 1 < LX_XW_MAX_SIDE) {
                stack[++depth] = arc_of(node);
                continue;
            }
            while (lx->nodes[stack[depth]] & XW_KWG_IS_END) {
                if (depth == 0)
                    break;
                depth--;
            }
            if (lx->nodes[stack[depth]] & XW_KWG_IS_END)
                break;
            stack[depth]++;
        }
    }
    if (!store || *zero) {
        free(store);
        free(*words);
        free(*lens);
        return NULL;
    }
    return store;
}

/* Give a DAWG-only lexicon its GADDAG: rebuild both halves from its words.
 * 0; -1 out of memory, or with *why set when a word holds tile 0. */
static int add_gaddag(lx_xw_lexicon *lx, const char **why)
{
    uint8_t **words, *lens;
    int zero = 0;
    uint8_t *store = dawg_words(lx, &words, &lens, &zero);
    if (zero)
        *why = "a word of its DAWG half holds tile 0 (the GADDAG's separator)";
    if (!store)
        return -1;
    xw_word_ref *keys = malloc((lx->words ? lx->words : 1) * sizeof *keys);
    uint32_t *nodes = NULL;
    size_t nnodes = 0;
    if (keys) {
        for (size_t i = 0; i < lx->words; i++)
            keys[i] = (xw_word_ref){words[i], lens[i]};
        if (lx->words > 1)
            qsort(keys, lx->words, sizeof *keys, xw_word_ref_cmp);
        for (size_t i = 0; i < lx->words; i++)
            words[i] = (uint8_t *)keys[i].tiles, lens[i] = (uint8_t)keys[i].len;
        nodes = xw_kwg_build((const uint8_t *const *)words, lens, lx->words, &nnodes);
    }
    free(keys);
    free(words);
    free(lens);
    free(store);
    if (!nodes)
        return -1;
    free(lx->nodes);
    lx->nodes = nodes;
    lx->nnodes = nnodes;
    lx->dawg = arc_of(nodes[0]);
    lx->gaddag = arc_of(nodes[1]);
    return 0;
}

lx_xw_lexicon *xw_lexicon_build(const char *name, const uint8_t *const *words, const uint8_t *lens, size_t n)
{
    lx_xw_lexicon *lx = calloc(1, sizeof *lx);
    if (!lx)
        return NULL;
    snprintf(lx->name, sizeof lx->name, "%s", name ? name : "");
    lx->nodes = xw_kwg_build(words, lens, n, &lx->nnodes);
    if (!lx->nodes) {
        free(lx);
        return NULL;
    }
    lx->dawg = arc_of(lx->nodes[0]);
    lx->gaddag = arc_of(lx->nodes[1]);
    lx->words = xw_kwg_count_words(lx->nodes, lx->nnodes, lx->dawg, NULL);
    lx->digest = xw_kwg_digest(lx->nodes, lx->nnodes);
    lx->ascending = xw_kwg_ascending(lx->nodes, lx->nnodes);
    return lx;
}

int lx_xw_lexicon_has_gaddag(const lx_xw_lexicon *lx)
{
    return lx->gaddag != 0 || lx->words == 0;
}

lx_xw_lexicon *lx_xw_lexicon_from_kwg(const char *name, const void *bytes, size_t len, lx_diag_list *diags)
{
    const char *why = NULL;
    size_t strings = 0; /* the GADDAG's */
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
    if (!why && xw_kwg_check(lx->nodes, lx->nnodes, &why) == 0) {
        lx->dawg = arc_of(lx->nodes[0]);
        lx->gaddag = gaddag_root(lx->nodes, lx->nnodes);
        if ((lx->words = xw_kwg_count_words(lx->nodes, lx->nnodes, lx->dawg, NULL)) == (size_t)-1)
            why = "its word graph has a cycle";
        else if (lx->words > KWG_MAX_WORDS_PER_NODE * lx->nnodes + KWG_MAX_WORDS_SMALL)
            why = "it spells far more words than a real lexicon of its size (a graph of exponentially many paths)";
        else if (lx->gaddag && (strings = xw_kwg_count_words(lx->nodes, lx->nnodes, lx->gaddag, NULL)) == (size_t)-1)
            why = "its GADDAG has a cycle";
        else if (lx->gaddag)
            xw_kwg_halves_agree(lx->nodes, lx->nnodes, lx->dawg, lx->gaddag, strings, &why);
        else if (lx->words > 0 && add_gaddag(lx, &why) != 0 && !why) { /* out of memory */
            lx_xw_lexicon_free(lx);
            return NULL;
        }
    }
    if (why) {
        if (diags)
            lx_diag_add(diags, LX_ERROR, "KWG_INVALID", LX_NO_OFFSET, "lexicon %s is not a well-formed KWG file: %s",
                        lx->name, why);
        lx_xw_lexicon_free(lx);
        return NULL;
    }
    lx->digest = xw_kwg_digest(lx->nodes, lx->nnodes);
    lx->ascending = xw_kwg_ascending(lx->nodes, lx->nnodes);
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

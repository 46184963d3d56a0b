/* gen_runs.c - the walks (every play, best play): the word graph laid out with each run's letters.
 *
 * The walk for every play takes about one tile per step, and finding which
 * of a run's nodes the square and the rack allow meant reading the whole
 * run (a run near the root holds 26 nodes).  This copy of the lexicon's
 * nodes puts before each run of siblings the set of its tiles (one word
 * when every tile is below 32, as in English, else two): which letters may
 * follow is one AND, a step that can take none is not taken, and a run is
 * read only up to the last tile that may go.  Arcs point at a run's first
 * node as in the lexicon, so the copy is a node array like the lexicon's
 * and reads the same way; only its indexes differ (the roots come with
 * it).  Built once per lexicon by the generator that uses it, on its
 * second call with the lexicon (wamerican: 320,398 nodes in 162,406 runs,
 * 1.9 MB against the lexicon's 1.3 MB; a few milliseconds, more than one
 * call saves); not built for a lexicon whose runs are not in ascending
 * order or whose copy would not fit the arcs' 22 bits. */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

/* Where each run of the lexicon starts in the copy (0: no run starts
 * there), from the roots and every arc, with `words` words for its tiles
 * before it; the copy's size, 0 when it does not fit. */
static size_t place_runs(const lx_xw_lexicon *lx, uint32_t *pos, int words)
{
    const uint32_t *nodes = lx->nodes;
    size_t n = lx->nnodes, at = 2; /* index 0 is no arc */
    for (size_t i = 0; i < n; i++)
        if (xw_kwg_arc(nodes[i]))
            pos[xw_kwg_arc(nodes[i])] = 1;
    if (lx->dawg)
        pos[lx->dawg] = 1;
    if (lx->gaddag)
        pos[lx->gaddag] = 1;
    for (size_t i = 1; i < n; i++) {
        if (!pos[i])
            continue;
        size_t len = 1;
        while (i + len - 1 < n - 1 && !(nodes[i + len - 1] & XW_KWG_IS_END))
            len++;
        at += (size_t)words;
        if (at + len > XW_KWG_ARC_MASK)
            return 0;
        pos[i] = (uint32_t)at;
        at += len;
    }
    return at;
}

/* The copy of lx's nodes with each run's tiles before it (see above),
 * in a block of XW_RUNS_BEFORE more words (zeros) before index 0, so that
 * "run" 0, no arc, reads as a run of no tiles; *block: the block. */
static uint32_t *copy_runs(const lx_xw_lexicon *lx, const uint32_t *pos, size_t size, int words, uint32_t **block)
{
    const uint32_t *nodes = lx->nodes;
    *block = calloc(XW_RUNS_BEFORE + size, sizeof **block);
    uint32_t *h = *block ? *block + XW_RUNS_BEFORE : NULL;
    for (size_t i = 1; h && i < lx->nnodes; i++) {
        if (!pos[i])
            continue;
        uint64_t tiles = 0;
        uint32_t *out = h + pos[i];
        for (size_t k = 0; i + k < lx->nnodes; k++) {
            uint32_t node = nodes[i + k], arc = xw_kwg_arc(node);
            tiles |= (uint64_t)1 << xw_kwg_tile(node);
            out[k] = (node & ~XW_KWG_ARC_MASK) | (arc ? pos[arc] : 0);
            if (node & XW_KWG_IS_END)
                break;
        }
        if (words == 1)
            out[-1] = (uint32_t)tiles;
        else
            out[-2] = (uint32_t)tiles, out[-1] = (uint32_t)(tiles >> 32);
    }
    return h;
}

/* Has a call asked for the copy of the lexicon of this digest lately?  It
 * is remembered when not. */
static int asked_before(xw_gen_runs *r, uint64_t digest)
{
    for (int i = 0; i < XW_ASKED; i++)
        if (r->asked[i] == digest)
            return 1;
    memmove(r->asked + 1, r->asked, (XW_ASKED - 1) * sizeof r->asked[0]);
    r->asked[0] = digest;
    return 0;
}

int xw_gen_runs_ready(xw_gen_runs *r, const lx_xw_lexicon *lx)
{
    if (r->tried && r->digest == lx->digest && r->nnodes == lx->nnodes)
        return r->nodes != NULL;
    if (!asked_before(r, lx->digest))
        return 0; /* a first call: the lexicon's own nodes */
    free(r->block);
    r->block = NULL;
    r->nodes = NULL;
    r->words = 0;
    r->tried = 1;
    r->digest = lx->digest;
    r->nnodes = lx->nnodes;
    if (!lx->ascending || lx->nnodes < 2 || lx->nnodes > XW_KWG_ARC_MASK)
        return 0;
    int words = 1;
    for (size_t i = 0; i < lx->nnodes; i++)
        if (xw_kwg_tile(lx->nodes[i]) >= 32)
            words = 2;
    uint32_t *pos = calloc(lx->nnodes, sizeof *pos);
    size_t size = pos ? place_runs(lx, pos, words) : 0;
    r->nodes = size ? copy_runs(lx, pos, size, words, &r->block) : NULL;
    r->words = r->nodes ? words : 0;
    if (r->nodes) {
        r->dawg = lx->dawg ? pos[lx->dawg] : 0;
        r->gaddag = lx->gaddag ? pos[lx->gaddag] : 0;
    }
    free(pos);
    return r->nodes != NULL;
}

void xw_gen_runs_free(xw_gen_runs *r)
{
    free(r->block);
    memset(r, 0, sizeof *r);
}

/* gen_wordmap.c - which multisets of letters are words: the best-play
 * search's test of whether some tiles of the rack and the board tiles an
 * extent runs through could be a word at all, in any order (a word map, as
 * MAGPIE calls it).
 *
 * A multiset is known by its fingerprint, the sum (mod 2^64) of a fixed
 * pseudo-random key per letter, so adding a letter is an addition.  Two
 * sets of fingerprints are kept in open-addressing tables: the lexicon's
 * words, and the words less one letter (what a rack with a blank standing
 * for that letter makes).  A table holds 32 bits of a fingerprint, so it can
 * answer "yes" for a multiset that is no word (a collision: the search then
 * prunes less), never "no" for a word: the bounds stay bounds.  Before the
 * table of words, a bit per fingerprint (other bits of it), 16 or more bits a
 * word, says "no" to most multisets that are no word with one read of a
 * table a sixteenth the size (xw_wordmap_maybe).
 *
 * It is built from the word graph on the second best-play search with a
 * lexicon (building it, ~10 ms for 60,000 words, costs more than it saves
 * in one search) and kept in the generator, keyed by the lexicon's digest.  The
 * walk over the words keeps its own stack (no recursion) and gives up, with
 * no word map and so no pruning by it, on a lexicon too large for it. */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Linear probing without wrapping round: a table of mask + 1 home slots
 * has XW_WM_PAST more after them, the last 4 of which stay empty (a put
 * that would need them fails), so a look-up reads 4 slots at a time and
 * stops at the first four with the tag or an empty slot, inside the table. */
#define XW_WM_PAST 64

static int put(uint32_t *set, size_t mask, uint64_t h)
{
    uint32_t tag = (uint32_t)(h >> 32) | 1;
    for (size_t i = (size_t)h & mask; i < mask + 1 + XW_WM_PAST - 4; i++) {
        if (set[i] == tag)
            return 0;
        if (set[i] == 0) {
            set[i] = tag;
            return 0;
        }
    }
    return -1;
}

void xw_wordmap_free(xw_wordmap *wm)
{
    uint64_t asked[XW_ASKED];
    memcpy(asked, wm->asked, sizeof asked);
    free(wm->set[0]);
    free(wm->set[1]);
    free(wm->maybe);
    memset(wm, 0, sizeof *wm);
    memcpy(wm->asked, asked, sizeof asked);
}

/* A word of the lexicon as the tables take it: its fingerprint, its letters. */
typedef struct wm_word {
    uint64_t h, letters;
} wm_word;

/* Every word of the DAWG, its fingerprint and letters into w[0..*n) (room
 * for lx->words), and their distinct letters summed into *less_one.  -1
 * past `steps` nodes visited. */
static int each_word(const xw_wordmap *wm, const lx_xw_lexicon *lx, size_t steps, wm_word *w, size_t *n,
                     size_t *less_one)
{
    uint32_t at[LX_XW_MAX_SIDE];
    uint64_t h[LX_XW_MAX_SIDE], letters[LX_XW_MAX_SIDE];
    int distinct[LX_XW_MAX_SIDE];
    const uint32_t *nodes = lx->nodes;
    int d = 0;
    *n = *less_one = 0;
    if (!lx->dawg)
        return 0;
    at[0] = lx->dawg;
    for (size_t step = 0;; step++) {
        if (step > steps)
            return -1;
        uint32_t node = nodes[at[d]];
        int t = xw_kwg_tile(node);
        uint64_t before = d ? letters[d - 1] : 0, hh = (d ? h[d - 1] : 0) + wm->key[t], mm = before | (uint64_t)1 << t;
        int dd = (d ? distinct[d - 1] : 0) + (int)(~before >> t & 1); /* its distinct letters */
        if (node & XW_KWG_ACCEPTS) { /* (never more than the lexicon counted) */
            if (*n == lx->words)
                return -1;
            w[(*n)++] = (wm_word){hh, mm};
            *less_one += (size_t)dd; /* one word less each distinct letter */
        }
        if (xw_kwg_arc(node) && d + 1 < LX_XW_MAX_SIDE) { /* longer words fit no board */
            h[d] = hh;
            letters[d] = mm;
            distinct[d] = dd;
            at[++d] = xw_kwg_arc(node);
            continue;
        }
        while (nodes[at[d]] & XW_KWG_IS_END) {
            if (d == 0)
                return 0;
            d--;
        }
        at[d]++;
    }
}

/* The words w[0..n) into the tables: 0, or -1 when a slot run is too long. */
static int put_words(xw_wordmap *wm, const wm_word *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t hh = w[i].h;
        if (put(wm->set[0], wm->mask[0], hh) != 0)
            return -1;
        size_t bit = (size_t)(hh >> 20) & wm->maybe_mask;
        wm->maybe[bit >> 6] |= (uint64_t)1 << (bit & 63);
        for (uint64_t m = w[i].letters; m; m &= m - 1)
            if (put(wm->set[1], wm->mask[1], hh - wm->key[xw_lowest_bit(m)]) != 0)
                return -1;
    }
    return 0;
}

static size_t table_size(size_t n)
{
    size_t cap = 64;
    while (cap < 2 * n)
        cap *= 2;
    return cap;
}

int xw_wordmap_ready(xw_wordmap *wm, const lx_xw_lexicon *lx)
{
    if (wm->built && wm->digest == lx->digest && wm->nnodes == lx->nnodes)
        return wm->ok;
    int again = 0; /* a first search with a lexicon goes without: one search would not repay it */
    for (int i = 0; i < XW_ASKED; i++)
        again |= wm->asked[i] == lx->digest;
    if (!again) {
        memmove(wm->asked + 1, wm->asked, (XW_ASKED - 1) * sizeof wm->asked[0]);
        wm->asked[0] = lx->digest;
        return 0;
    }
    xw_wordmap_free(wm);
    wm->built = 1;
    wm->digest = lx->digest;
    wm->nnodes = lx->nnodes;
    for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
        wm->key[t] = mix((uint64_t)t + 0x5EED);
    size_t words, less_one, steps = lx->nnodes * 64 + ((size_t)1 << 20);
    wm_word *w = lx->words > ((size_t)1 << 22) ? NULL : malloc((lx->words ? lx->words : 1) * sizeof *w);
    if (!w || each_word(wm, lx, steps, w, &words, &less_one) != 0 || less_one > ((size_t)1 << 25)) {
        free(w); /* (no memory for the words: no word map either) */
        return 0;
    }
    wm->mask[0] = table_size(words) - 1;
    wm->mask[1] = table_size(less_one) - 1;
    wm->set[0] = calloc(wm->mask[0] + 1 + XW_WM_PAST, sizeof *wm->set[0]);
    wm->set[1] = calloc(wm->mask[1] + 1 + XW_WM_PAST, sizeof *wm->set[1]);
    wm->maybe_mask = (wm->mask[0] + 1) * 8 - 1; /* bits: 8 a slot, 16 or more a word */
    wm->maybe = calloc((wm->maybe_mask + 1) / 64, sizeof *wm->maybe);
    int put_ok = wm->set[0] && wm->set[1] && wm->maybe && put_words(wm, w, words) == 0;
    free(w);
    if (!put_ok) {
        xw_wordmap_free(wm);
        wm->built = 1; /* no memory, or a slot run too long: no word map for this lexicon */
        wm->digest = lx->digest;
        wm->nnodes = lx->nnodes;
        return 0;
    }
    wm->ok = 1;
    return 1;
}

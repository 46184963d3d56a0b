/* gen_shadow.c - an upper bound on what any placement from an anchor can
 * be worth, so the best-play search can take the anchors in order of
 * promise and stop when none can beat the best play found ("shadow"
 * bounds, after MAGPIE and wolges).
 *
 * A placement from an anchor covers it and puts k tiles on the nearest
 * empty squares to its left (never onto another anchor) and right.  For
 * each such extent the bound assumes the rack's k most valuable tiles fit
 * the squares with the largest multipliers, ignoring which letters the
 * lexicon and the cross sets allow: by the rearrangement inequality the
 * sorted pairing is the largest sum any assignment can give.  The score
 * bound plus the best leave of a rack with k tiles played bounds the
 * equity. */
#include <string.h>

#include "xword/gen_impl.h"

/* The k largest of a[0..n), descending, into out; a is sorted in place. */
static void sort_desc(int *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j] > a[j - 1]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* ---- which words could the rack make at all? ----------------------------------------------- */

typedef struct word_walk {
    const uint32_t *nodes;
    int rack[LX_XW_MAX_LETTERS + 1];
    int used;
    int alone[LX_XW_RACK_SIZE + 1];
} word_walk;

/* Every word spelled from the run at `run` with rack tiles (a blank for any
 * letter): a word of k tiles sets alone[k].  A letter is taken from the rack
 * when it is there, else a blank stands for it: blanks are interchangeable,
 * so that finds every word the rack can spell, each path once.  Depth at
 * most RACK_SIZE.  (The same search with one more tile, any letter, for
 * extents through one board tile, cost more than it saved.) */
static void words_dfs(word_walk *w, uint32_t run)
{
    for (uint32_t i = run; run; i++) {
        uint32_t node = w->nodes[i];
        int t = xw_kwg_tile(node), use = w->rack[t] ? t : 0; /* the letter, or a blank for it */
        if (t > 0 && w->rack[use] > 0) {
            w->rack[use]--, w->used++;
            if (node & XW_KWG_ACCEPTS)
                w->alone[w->used] = 1;
            if (xw_kwg_arc(node))
                words_dfs(w, xw_kwg_arc(node));
            w->rack[use]++, w->used--;
        }
        if (node & XW_KWG_IS_END)
            break;
    }
}

void xw_gen_word_check(lx_xw_gen *g)
{
    int n = 0; /* the rack's values, descending, for the bounds */
    for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
        for (int c = 0; c < g->rack[t]; c++)
            g->rack_values[n++] = g->values[t];
    sort_desc(g->rack_values, n);
    word_walk w;
    memset(&w, 0, sizeof w);
    w.nodes = g->lx->nodes;
    memcpy(w.rack, g->rack, sizeof w.rack);
    words_dfs(&w, g->lx->dawg);
    for (int k = 0; k <= LX_XW_RACK_SIZE; k++)
        g->can_alone[k] = w.alone[k];
}

/* The bound for new tiles on the squares empties[0..k) of line ln. */
static int extent_bound(const lx_xw_gen *g, const xw_square *ln, int len, const int *empties, int k, int lo, int hi,
                        const int *tile_values)
{
    while (lo > 0 && ln[lo - 1].tile)
        lo--;
    while (hi + 1 < len && ln[hi + 1].tile)
        hi++;
    int board = 0, mult = 1, fixed = 0, coef[LX_XW_RACK_SIZE], through = 0;
    for (int i = lo; i <= hi; i++)
        if (ln[i].tile)
            board += ln[i].value, through++;
    if (through == 0 && !g->can_alone[k])
        return -1; /* no word is made of k rack tiles */
    for (int j = 0; j < k; j++)
        mult *= ln[empties[j]].wm;
    for (int j = 0; j < k; j++) {
        const xw_square *q = &ln[empties[j]];
        coef[j] = q->lm * mult + (q->cross_score >= 0 ? q->lm * q->wm : 0);
        fixed += q->cross_score >= 0 ? q->cross_score * q->wm : 0;
    }
    sort_desc(coef, k);
    int sum = board * mult + fixed;
    for (int j = 0; j < k; j++)
        sum += coef[j] * tile_values[j];
    return sum + (k == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
}

double xw_gen_shadow(const lx_xw_gen *g, int dir, int line, int anchor, xw_extent_bounds *ext)
{
    for (int i = 0; i <= LX_XW_RACK_SIZE; i++)
        for (int j = 0; j <= LX_XW_RACK_SIZE; j++)
            ext->b[i][j] = -1e300;
    int len = dir ? g->rows : g->cols;
    const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
    int left[LX_XW_RACK_SIZE], right[LX_XW_RACK_SIZE], nl = 0, nr = 0;
    uint64_t can = g->rack[0] ? ~(uint64_t)1 : g->rack_mask & ~(uint64_t)1; /* letters a tile may be */
    if (!(ln[anchor].cross & can))
        return -1e300; /* no tile of the rack fits the anchor */
    for (int i = anchor - 1; i >= 0 && nl < g->nrack - 1; i--) {
        if (ln[i].tile)
            continue;
        if (ln[i].anchor || !(ln[i].cross & can))
            break;
        left[nl++] = i;
    }
    for (int i = anchor + 1; i < len && nr < g->nrack - 1; i++) {
        if (ln[i].tile)
            continue;
        if (!(ln[i].cross & can))
            break;
        right[nr++] = i;
    }
    const int *tv = g->rack_values;
    double best = -1e300;
    int empties[LX_XW_RACK_SIZE];
    for (int kl = 0; kl <= nl; kl++)
        for (int kr = 0; kl + 1 + kr <= g->nrack && kr <= nr; kr++) {
            int k = 0;
            for (int j = 0; j < kl; j++)
                empties[k++] = left[j];
            empties[k++] = anchor;
            for (int j = 0; j < kr; j++)
                empties[k++] = right[j];
            int lo = kl ? left[kl - 1] : anchor, hi = kr ? right[kr - 1] : anchor;
            int score = extent_bound(g, ln, len, empties, k, lo, hi, tv);
            double b = score + g->best_leave[k];
            if (score >= 0)
                ext->b[kl][kr] = b;
            if (score >= 0 && b > best)
                best = b;
        }
    return best;
}

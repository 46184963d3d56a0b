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

/* The bound for new tiles on the squares empties[0..k) of line ln. */
static int extent_bound(const lx_xw_gen *g, const xw_square *ln, int len, const int *empties, int k, int lo, int hi,
                        const int *tile_values)
{
    while (lo > 0 && ln[lo - 1].tile)
        lo--;
    while (hi + 1 < len && ln[hi + 1].tile)
        hi++;
    int board = 0, mult = 1, fixed = 0, coef[LX_XW_RACK_SIZE];
    for (int i = lo; i <= hi; i++)
        board += ln[i].tile ? ln[i].value : 0;
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

double xw_gen_shadow(const lx_xw_gen *g, int dir, int line, int anchor)
{
    int len = dir ? g->rows : g->cols;
    const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
    int left[LX_XW_RACK_SIZE], right[LX_XW_RACK_SIZE], nl = 0, nr = 0;
    for (int i = anchor - 1; i >= 0 && nl < g->nrack - 1; i--) {
        if (ln[i].tile)
            continue;
        if (ln[i].anchor)
            break;
        left[nl++] = i;
    }
    for (int i = anchor + 1; i < len && nr < g->nrack - 1; i++)
        if (!ln[i].tile)
            right[nr++] = i;
    int tv[LX_XW_RACK_SIZE], n = 0; /* the rack's values, descending */
    for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
        for (int c = 0; c < g->rack[t]; c++)
            tv[n++] = g->values[t];
    sort_desc(tv, n);
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
            double b = extent_bound(g, ln, len, empties, k, lo, hi, tv) + g->best_leave[k];
            if (b > best)
                best = b;
        }
    return best;
}

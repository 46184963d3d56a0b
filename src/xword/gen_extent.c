/* gen_extent.c - the best-play search's plays of one extent, made from the
 * word map's anagram lists instead of a GADDAG walk (after MAGPIE's word
 * map generator).
 *
 * An extent of an anchor (kl rack tiles left of it, kr right) fixes the
 * squares a play covers: the empty ones it fills and the board tiles it
 * runs through.  For each sub-rack of kl + 1 + kr tiles whose bound can
 * still beat the best play found, the words of its letters plus those
 * board tiles (with a blank on the rack: plus each letter the blank may
 * be) are put down on those squares: a word fits when its letters match
 * the board tiles and the empty squares' cross sets, and its tiles are the
 * sub-rack's.  A word with the blank as letter c goes down with the blank
 * as each of its c's.  The extents of the anchors are taken highest bound
 * first (gen.c), so each play is scored as the walk scores it and the best
 * play is the same. */
#include <string.h>

#include "xword/gen_impl.h"

/* The squares of an extent and how a play there scores: base plus, for the
 * j-th tile put down, coef[j] times its value. */
typedef struct span {
    const xw_square *ln;
    int left, len, k;
    int at[LX_XW_RACK_SIZE];     /* the empty squares, left to right */
    int coef[LX_XW_RACK_SIZE];
    int sorted[LX_XW_RACK_SIZE]; /* coef, descending */
    int base;
    uint64_t hb;                 /* the board tiles' fingerprint */
    uint64_t letters;            /* letters some empty square takes */
} span;

static void span_of(const lx_xw_gen *g, int dir, int line, int anchor, int kl, int kr, span *sp)
{
    int n = dir ? g->rows : g->cols;
    const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)n;
    int lo = anchor, hi = anchor;
    for (int i = anchor - 1, got = 0; got < kl; i--)
        if (!ln[i].tile)
            lo = i, got++;
    for (int i = anchor + 1, got = 0; got < kr; i++)
        if (!ln[i].tile)
            hi = i, got++;
    while (lo > 0 && ln[lo - 1].tile)
        lo--;
    while (hi + 1 < n && ln[hi + 1].tile)
        hi++;
    int main = 0, mult = 1, fixed = 0, k = 0;
    sp->ln = ln;
    sp->left = lo;
    sp->len = hi - lo + 1;
    sp->hb = 0;
    sp->letters = 0;
    for (int i = lo; i <= hi; i++) {
        if (ln[i].tile) {
            main += ln[i].value;
            sp->hb += g->wm.key[ln[i].tile & 0x3F];
            continue;
        }
        sp->at[k++] = i;
        mult *= ln[i].wm;
        fixed += ln[i].cross_score >= 0 ? ln[i].cross_score * ln[i].wm : 0;
        sp->letters |= ln[i].cross;
    }
    sp->k = k;
    for (int j = 0; j < k; j++) {
        const xw_square *q = &ln[sp->at[j]];
        int c = q->lm * mult + (q->cross_score >= 0 ? q->lm * q->wm : 0), i = j;
        sp->coef[j] = c;
        for (; i > 0 && sp->sorted[i - 1] < c; i--)
            sp->sorted[i] = sp->sorted[i - 1];
        sp->sorted[i] = c;
    }
    sp->base = main * mult + fixed + (k == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
}

/* Does `tiles` (k of them, blank_letter's one occurrence a blank when not
 * 0) hold exactly the tiles sub-rack idx plays? */
static int tiles_are(const lx_xw_gen *g, const uint8_t *tiles, int k, int blank_letter, int idx)
{
    int left = g->nleaves - 1;
    for (int j = 0; j < k; j++) {
        int t = tiles[j], seen = 0;
        for (int i = 0; i <= j; i++)
            seen += tiles[i] == t;
        if (seen > g->rack0[t] + (t == blank_letter))
            return 0;
        left -= g->pv[t];
    }
    if (blank_letter)
        left += g->pv[blank_letter] - g->pv[0];
    return left == idx;
}

static void record(lx_xw_gen *g, int dir, int line, const span *sp, const uint8_t *tiles, int score, int idx)
{
    double equity = score + g->leave[idx];
    if (equity < g->best.equity)
        return;
    lx_xw_play pl;
    pl.kind = LX_XW_PLACE;
    pl.down = dir;
    pl.row = dir ? sp->left : line;
    pl.col = dir ? line : sp->left;
    pl.len = sp->len;
    pl.ntiles = sp->k;
    memcpy(pl.tiles, tiles, (size_t)sp->k);
    pl.score = score;
    pl.leave = g->leave[idx];
    pl.equity = equity;
    xw_gen_record(g, &pl);
}

/* Word w (sp->len letters) on the extent, played by sub-rack idx with the
 * blank as blank_letter (0: no blank). */
static void try_word(lx_xw_gen *g, int dir, int line, const span *sp, const uint8_t *w, int idx, int blank_letter)
{
    const xw_square *ln = sp->ln;
    uint8_t tiles[LX_XW_RACK_SIZE];
    int score = sp->base, j = 0;
    for (int i = 0; i < sp->len; i++) {
        const xw_square *q = &ln[sp->left + i];
        int t = w[i];
        if (q->tile) {
            if ((q->tile & 0x3F) != t)
                return;
            continue;
        }
        if (!((q->cross >> t) & 1))
            return;
        tiles[j] = (uint8_t)t;
        score += sp->coef[j] * g->values[t];
        j++;
    }
    if (!tiles_are(g, tiles, sp->k, blank_letter, idx))
        return;
    if (!blank_letter) {
        record(g, dir, line, sp, tiles, score, idx);
        return;
    }
    for (j = 0; j < sp->k; j++) /* the blank as each of its letter's tiles */
        if (tiles[j] == blank_letter) {
            tiles[j] |= LX_XW_BLANK_BIT;
            record(g, dir, line, sp, tiles, score - sp->coef[j] * g->values[blank_letter], idx);
            tiles[j] = (uint8_t)blank_letter;
        }
}

static void try_words(lx_xw_gen *g, int dir, int line, const span *sp, uint64_t h, int idx, int blank_letter)
{
    if (!xw_wordmap_has(&g->wm, 0, h))
        return; /* (the smaller table answers most of these, "no") */
    const xw_anagrams *a = xw_anagrams_find(&g->wm, h, sp->len);
    if (!a)
        return;
    const uint8_t *w = g->wm.an_letters + a->first;
    for (int i = 0; i < a->n; i++, w += a->len)
        try_word(g, dir, line, sp, w, idx, blank_letter);
}

/* The plays of the extent of span sp. */
static void extent_plays(lx_xw_gen *g, int dir, int line, int anchor, const span *sp)
{
    int k = sp->k;
    if (k == 1 && (sp->len == 1 || (dir == 1 && sp->ln[anchor].cross_score >= 0)))
        return; /* one tile: a play across when it makes an across word, else down */
    for (int i = 0; i < g->nby_k[k]; i++) {
        int idx = g->by_k[k][i];
        int bound = sp->base;
        for (int j = 0; j < k; j++)
            bound += sp->sorted[j] * g->sub_vals[idx][j];
        if (bound + g->leave[idx] < g->best.equity)
            continue;
        uint64_t h = g->sub_h[idx] + sp->hb;
        if (g->sub_nb[idx] == 0) {
            try_words(g, dir, line, sp, h, idx, 0);
            continue;
        }
        if (g->sub_nb[idx] > 1 || !xw_wordmap_has(&g->wm, 1, h))
            continue; /* (two blanks: gen.c walks) */
        for (uint64_t m = sp->letters & g->letters; m; m &= m - 1) {
            int c = xw_lowest_bit(m);
            try_words(g, dir, line, sp, h + g->wm.key[c], idx, c);
        }
    }
}

int xw_gen_extent_step(lx_xw_gen *g, xw_anchor_bound *a, xw_extent_bounds *ext)
{
    int x = ext->order[a->next], kl = x >> 3, kr = x & 7;
    span sp;
    span_of(g, a->dir, a->line, a->at, kl, kr, &sp);
    if ((ext->refined >> x) & 1) {
        extent_plays(g, a->dir, a->line, a->at, &sp);
        a->next++;
    } else { /* bound it by the word map, and down the order it goes */
        double b = xw_gen_summary_bound(g, sp.hb, sp.k, sp.base, sp.sorted);
        if (b < ext->b[0][kl][kr])
            ext->b[0][kl][kr] = b;
        b = ext->b[0][kl][kr];
        ext->refined |= (uint64_t)1 << x;
        int j = a->next;
        for (; j + 1 < ext->norder && ext->b[0][ext->order[j + 1] >> 3][ext->order[j + 1] & 7] > b; j++)
            ext->order[j] = ext->order[j + 1];
        ext->order[j] = (uint8_t)x;
    }
    if (a->next >= ext->norder)
        return 0;
    x = ext->order[a->next];
    a->bound = ext->b[0][x >> 3][x & 7];
    return 1;
}

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
 * equity.
 *
 * With a word map (gen_wordmap.c) an extent is bounded again by the
 * sub-racks of k tiles that make a word with the board tiles it runs
 * through (in some order): their largest tile values and best leave only.
 * A bingo's extent is bounded so from the start (one sub-rack); the others
 * when the search comes to their anchor.  Bounds are kept apart for plays
 * that put down a blank, and the letters a blank may be in a bingo are
 * worked out for the walk. */
#include <stdint.h>
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

static const xw_summary *summary(lx_xw_gen *g, uint64_t hb, int k);

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
    int n = 0, v[XW_COEFS] = {0}; /* the rack's values, descending, for the bounds */
    for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
        for (int c = 0; c < g->rack[t]; c++)
            v[n++] = g->values[t];
    sort_desc(v, n);
    g->rack_values_narrow = v[0] < 256;
    for (int j = 0; j < XW_COEFS; j++)
        g->rack_values[j] = (int16_t)(v[j] < 256 ? v[j] : 0);
    if (g->use_wm) { /* the word map knows, without a walk (two blanks: each letter for one) */
        for (int k = 0; k <= LX_XW_RACK_SIZE; k++)
            g->can_alone[k] = k > 0 && k <= g->nrack && summary(g, 0, k)->valid[0];
        return;
    }
    word_walk w;
    memset(&w, 0, sizeof w);
    w.nodes = g->lx->nodes;
    memcpy(w.rack, g->rack, sizeof w.rack);
    words_dfs(&w, g->lx->dawg);
    for (int k = 0; k <= LX_XW_RACK_SIZE; k++)
        g->can_alone[k] = w.alone[k];
}

typedef xw_shadow_line shadow_line;

/* 0 when no tile of the rack fits the anchor. */
static int line_of(const lx_xw_gen *g, int dir, int line, int anchor, shadow_line *sl)
{
    const int len = dir ? g->rows : g->cols, most = g->nrack - 1; /* empty squares each way */
    const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
    uint64_t can = g->rack[0] ? ~(uint64_t)1 : g->rack_mask & ~(uint64_t)1; /* letters a tile may be */
    if (!(ln[anchor].cross & can))
        return 0;
    sl->len = len;
    sl->ln = ln;
    sl->anchor = anchor;
    /* the empty squares left of it, nearest first, and the board tiles a word
     * with kl of them runs through on that side: those before the (kl + 1)-th
     * empty square (or the edge), added up in the same pass */
    int count = 0, value = 0, n = 0;
    uint64_t hb = 0;
    for (int i = anchor - 1; i >= 0; i--) {
        const xw_square *q = &ln[i];
        if (q->tile) {
            count++, value += q->value, hb += g->wm.key[q->tile & 0x3F];
            continue;
        }
        if (n == most || q->anchor || !(q->cross & can))
            break;
        sl->lcount[n] = count, sl->lvalue[n] = value, sl->lhb[n] = hb;
        sl->left[n++] = i;
    }
    sl->lcount[n] = count, sl->lvalue[n] = value, sl->lhb[n] = hb;
    sl->nl = n;
    count = value = n = 0; /* and right of it (an anchor there is no end) */
    hb = 0;
    for (int i = anchor + 1; i < len; i++) {
        const xw_square *q = &ln[i];
        if (q->tile) {
            count++, value += q->value, hb += g->wm.key[q->tile & 0x3F];
            continue;
        }
        if (n == most || !(q->cross & can))
            break;
        sl->rcount[n] = count, sl->rvalue[n] = value, sl->rhb[n] = hb;
        sl->right[n++] = i;
    }
    sl->rcount[n] = count, sl->rvalue[n] = value, sl->rhb[n] = hb;
    sl->nr = n;
    return 1;
}

typedef xw_extent extent;

/* The coefficients (descending, 0 past k) into e, 16 bits each: wide when
 * the first does not fit. */
static inline void narrow(const int *coef, extent *e)
{
    e->wide = coef[0] > INT16_MAX;
#if defined(__SSE2__)
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)coef);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(coef + 4));
    _mm_storeu_si128((__m128i *)(void *)e->coef, _mm_packs_epi32(lo, hi));
#else
    for (int j = 0; j < XW_COEFS; j++)
        e->coef[j] = (int16_t)(coef[j] > INT16_MAX ? INT16_MAX : coef[j]);
#endif
}

/* The sum of a[j] b[j] over the 8 (each below 2^15, b's below 256). */
static inline int dot8(const int16_t *a, const int16_t *b)
{
#if defined(__SSE2__)
    __m128i p = _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(const void *)a),
                               _mm_loadu_si128((const __m128i *)(const void *)b));
    p = _mm_add_epi32(p, _mm_shuffle_epi32(p, 0x4E));
    p = _mm_add_epi32(p, _mm_shuffle_epi32(p, 0xB1));
    return _mm_cvtsi128_si32(p);
#else
    int s = 0;
    for (int j = 0; j < XW_COEFS; j++)
        s += a[j] * b[j];
    return s;
#endif
}

/* Values packed a byte each (byte j the j-th) as 8 16-bit ones. */
static inline void unpack_values(uint64_t v, int16_t *out)
{
#if defined(__SSE2__)
    __m128i w = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)v), _mm_setzero_si128());
    _mm_storeu_si128((__m128i *)(void *)out, w);
#else
    for (int j = 0; j < XW_COEFS; j++)
        out[j] = (int16_t)((v >> 8 * j) & 0xFF);
#endif
}

static inline void first_bounds(lx_xw_gen *g, const extent *e, double b[2]);
static int may_be_word(const lx_xw_gen *g, const extent *e);

/* Every extent of the anchor: sl->ex[kl][kr] for kl <= nl, kr <= nr, kl +
 * 1 + kr tiles at most the rack's.  The coefficients are kept sorted as
 * squares join on the right, sorted again when the word multiplier changes.
 * Returns the largest first bound of the extents that may make a word
 * (their first bounds kept). */
static double extents_of(lx_xw_gen *g, shadow_line *sl)
{
    double best = -1e300;
    const xw_square *ln = sl->ln;
    const int nl = sl->nl, nr = sl->nr, nrack = g->nrack;
    /* the squares' letter multipliers and cross-word parts: the anchor's,
     * left[0..kl), then those right of it (the left part's stay as kl grows) */
    int lm[LX_XW_RACK_SIZE], cr[LX_XW_RACK_SIZE], lfixed = 0, lmult = 1, lcoef[XW_COEFS] = {0};
    for (int kl = 0; kl <= nl; kl++) {
        const xw_square *q = &ln[kl ? sl->left[kl - 1] : sl->anchor];
        lm[kl] = q->lm;
        cr[kl] = q->cross_score >= 0 ? q->lm * q->wm : 0;
        lfixed += q->cross_score >= 0 ? q->cross_score * q->wm : 0;
        if (q->wm != 1) { /* the left part's coefficients, sorted: again */
            lmult *= q->wm;
            for (int j = 0; j <= kl; j++)
                lcoef[j] = lm[j] * lmult + cr[j];
            sort_desc(lcoef, kl + 1);
        } else { /* or the new square's put in */
            int c = lm[kl] * lmult + cr[kl], j = kl;
            for (; j > 0 && lcoef[j - 1] < c; j--)
                lcoef[j] = lcoef[j - 1];
            lcoef[j] = c;
        }
        int coef[XW_COEFS], k = kl + 1, mult = lmult, fixed = lfixed;
        memcpy(coef, lcoef, sizeof coef);
        const int lcount = sl->lcount[kl], lvalue = sl->lvalue[kl], krmax = nr < nrack - k ? nr : nrack - k;
        const uint64_t lhb = sl->lhb[kl];
        extent *e = sl->ex[kl];
        for (int kr = 0; kr <= krmax; kr++, e++) {
            if (kr > 0) { /* square right[kr - 1] joins */
                q = &ln[sl->right[kr - 1]];
                lm[k] = q->lm;
                cr[k] = q->cross_score >= 0 ? q->lm * q->wm : 0;
                fixed += q->cross_score >= 0 ? q->cross_score * q->wm : 0;
                k++;
                if (q->wm != 1) {
                    mult *= q->wm;
                    for (int j = 0; j < k; j++)
                        coef[j] = lm[j] * mult + cr[j];
                    sort_desc(coef, k);
                } else {
                    int c = lm[k - 1] * mult + cr[k - 1], j = k - 1;
                    for (; j > 0 && coef[j - 1] < c; j--)
                        coef[j] = coef[j - 1];
                    coef[j] = c;
                }
            }
            e->k = k;
            e->through = lcount + sl->rcount[kr];
            e->hb = lhb + sl->rhb[kr];
            e->base = (lvalue + sl->rvalue[kr]) * mult + fixed + (k == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
            narrow(coef, e);
            if (may_be_word(g, e)) {
                first_bounds(g, e, e->first);
                best = e->first[0] > best ? e->first[0] : best;
            }
        }
    }
    return best;
}

/* The bound of extent e by summary s (u = 1: of plays with a blank). */
static double summary_bound(const extent *e, const xw_summary *s, int u)
{
    if (!s->valid[u])
        return -1e300;
    if (e->wide)
        return 1e300;
    int16_t v[XW_COEFS];
    unpack_values(s->maxval[u], v);
    return e->base + dot8(e->coef, v) + s->leave[u];
}

/* A bingo's bounds by the word map (one sub-rack: one question, asked
 * straight with at most one blank, not through the summaries). */
static void bingo_bounds(lx_xw_gen *g, const extent *e, double b[2])
{
    if (g->rack[0] < 2) {
        const xw_sub_rack *r = &g->sub[LX_XW_RACK_SIZE][0];
        uint64_t h = r->h + e->hb;
        int word = r->nb ? xw_wordmap_has(&g->wm, 1, h) : xw_wordmap_maybe(&g->wm, h) && xw_wordmap_has(&g->wm, 0, h);
        int16_t v[XW_COEFS];
        unpack_values(r->vals, v);
        b[0] = !word ? -1e300 : e->wide ? 1e300 : e->base + dot8(e->coef, v) + r->leave;
        b[1] = r->nb ? b[0] : -1e300;
        return;
    }
    const xw_summary *sm = summary(g, e->hb, e->k);
    b[0] = summary_bound(e, sm, 0);
    b[1] = summary_bound(e, sm, 1);
}

/* The bounds of extent e before the word map's refinement, into b[0] (all
 * plays) and b[1] (those with a blank): by the rack's most valuable tiles
 * and the best leave of k played; a bingo's by the word map already, when
 * there is one. */
static inline void first_bounds(lx_xw_gen *g, const extent *e, double b[2])
{
    if (g->use_wm && e->k == LX_XW_RACK_SIZE) {
        bingo_bounds(g, e, b);
        return;
    }
    int score = e->base;
    if (g->rack_values_narrow) {
        score += dot8(e->coef, g->rack_values);
    } else { /* values of 256 and more */
        int v[XW_COEFS] = {0}, n = 0;
        for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
            for (int c = 0; c < g->rack[t]; c++)
                v[n++] = g->values[t];
        sort_desc(v, n);
        for (int j = 0; j < e->k; j++)
            score += e->coef[j] * v[j];
    }
    b[0] = e->wide ? 1e300 : score + g->best_leave[e->k];
    b[1] = g->rack[0] ? b[0] : -1e300;
}

/* 0 when no word is made of the extent's k rack tiles alone. */
static int may_be_word(const lx_xw_gen *g, const extent *e)
{
    return e->through > 0 || g->can_alone[e->k];
}

double xw_gen_shadow(lx_xw_gen *g, int dir, int line, int anchor, shadow_line *sl)
{
    if (!line_of(g, dir, line, anchor, sl))
        return -1e300;
    return extents_of(g, sl);
}

/* ---- the word map's bounds ----------------------------------------------------------------- */

/* Two blanks and the letters of fingerprint h: a word when one blank, as
 * some letter, and the other make one. */
static int two_blanks_word(const lx_xw_gen *g, uint64_t h)
{
    for (uint64_t m = g->letters; m; m &= m - 1)
        xw_wordmap_prefetch(&g->wm, 1, h + g->wm.key[xw_lowest_bit(m)]);
    for (uint64_t m = g->letters; m; m &= m - 1)
        if (xw_wordmap_has(&g->wm, 1, h + g->wm.key[xw_lowest_bit(m)]))
            return 1;
    return 0;
}

/* Over the sub-racks (of sub[]) whose bits are in m: the largest j-th
 * value in byte j, and the best leave into *leave (-1e300: none). */
static uint64_t values_max(const xw_sub_rack *sub, uint64_t m, double *leave)
{
    uint64_t v = 0;
    double l = -1e300;
    for (; m; m &= m - 1) {
        const xw_sub_rack *r = &sub[xw_lowest_bit(m)];
        v = xw_bytes_max(v, r->vals);
        l = r->leave > l ? r->leave : l;
    }
    *leave = l;
    return v;
}

/* Summary s of the sub-racks of k tiles that make a word with the board
 * tiles of fingerprint hb: which ones do (a bit each, in the word map's
 * look-ups one after another, no branch on the answers, which mispredicts),
 * then [0] over all those that do, [1] over those with a blank. */
static void sum_up(const lx_xw_gen *g, xw_summary *s, uint64_t hb, int k)
{
    const xw_sub_rack *r = g->sub[k];
    uint64_t words = 0;
    if (g->rack[0] == 0) { /* every nb 0: the table asked about those it may hold */
        uint64_t maybe = 0;
        const int n = g->nsub[k];
        int at = 0;
        for (; at + 4 <= n; at += 4) /* (four at a time: the loop's own cost was a third) */
            maybe |= (uint64_t)xw_wordmap_maybe(&g->wm, r[at].h + hb) << at |
                     (uint64_t)xw_wordmap_maybe(&g->wm, r[at + 1].h + hb) << (at + 1) |
                     (uint64_t)xw_wordmap_maybe(&g->wm, r[at + 2].h + hb) << (at + 2) |
                     (uint64_t)xw_wordmap_maybe(&g->wm, r[at + 3].h + hb) << (at + 3);
        for (; at < n; at++)
            maybe |= (uint64_t)xw_wordmap_maybe(&g->wm, r[at].h + hb) << at;
        for (uint64_t m = maybe; m; m &= m - 1)
            xw_wordmap_prefetch(&g->wm, 0, r[xw_lowest_bit(m)].h + hb);
        for (uint64_t m = maybe; m; m &= m - 1) {
            int i = xw_lowest_bit(m);
            words |= (uint64_t)xw_wordmap_has(&g->wm, 0, r[i].h + hb) << i;
        }
    } else if (g->rack[0] == 1) {
        for (int i = 0; i < g->nsub[k]; i++)
            words |= (uint64_t)xw_wordmap_has(&g->wm, r[i].nb, r[i].h + hb) << i;
    } else {
        for (int i = 0; i < g->nsub[k]; i++) {
            int nb = r[i].nb;
            int word = nb < 2 ? xw_wordmap_has(&g->wm, nb, r[i].h + hb)
                              : nb > 2 || two_blanks_word(g, r[i].h + hb); /* more blanks: taken to */
            words |= (uint64_t)word << i;
        }
    }
    uint64_t with = words & g->sub_blanks[k];
    s->valid[0] = words != 0, s->valid[1] = with != 0;
    s->maxval[0] = values_max(r, words, &s->leave[0]), s->maxval[1] = values_max(r, with, &s->leave[1]);
}

/* The sub-racks of k tiles that make a word with the board tiles of
 * fingerprint hb, summed up (kept for the rest of the call). */
static const xw_summary *summary(lx_xw_gen *g, uint64_t hb, int k)
{
    uint64_t h = hb + (uint64_t)k * 0x9E3779B97F4A7C15ULL;
    unsigned home = (unsigned)(h ^ (h >> 29)) % XW_SUMMARIES;
    xw_summary *s = &g->summaries[home]; /* when the 8 tried are taken, it goes */
    for (unsigned i = home, n = 0; n < 8; n++, i = (i + 1) % XW_SUMMARIES) {
        xw_summary *c = &g->summaries[i];
        if (c->stamp != g->stamp) {
            s = c;
            break;
        }
        if (c->hb == hb && c->k == k)
            return c;
    }
    s->hb = hb;
    s->k = k;
    s->stamp = g->stamp;
    const xw_sub_rack *r = g->sub[k];
    if (g->rack[0] == 1) { /* the table's lines on their way, all at once (no blank: in sum_up) */
        for (int i = 0; i < g->nsub[k]; i++)
            xw_wordmap_prefetch(&g->wm, r[i].nb, r[i].h + hb);
    } else if (g->rack[0] > 1) {
        for (int i = 0; i < g->nsub[k]; i++)
            if (r[i].nb < 2)
                xw_wordmap_prefetch(&g->wm, r[i].nb, r[i].h + hb);
    }
    sum_up(g, s, hb, k);
    return s;
}

double xw_gen_bounds(lx_xw_gen *g, const shadow_line *sl, xw_extent_bounds *ext, double floor)
{
    /* every extent's (what is read: gen.c's bounds_from, xw_gen_bingo_letters),
     * -1e300 past the rack's tiles and where no word is made */
    const int nl = sl->nl, nr = sl->nr, nrack = g->nrack, wm = g->use_wm, kinds = g->rack[0] ? 2 : 1;
    double best = -1e300;
    for (int kl = 0; kl <= nl; kl++) {
        const int krmax = nr < nrack - 1 - kl ? nr : nrack - 1 - kl;
        double *b0 = ext->b[0][kl], *b1 = ext->b[1][kl];
        for (int kr = 0; kr <= nr; kr++) {
            const extent *e = &sl->ex[kl][kr];
            double b[2] = {-1e300, -1e300};
            if (kr <= krmax && may_be_word(g, e)) {
                b[0] = e->first[0], b[1] = e->first[1];
                /* (else it cannot beat the best play already, or it is a bingo's, the word map's already) */
                if (wm && b[0] >= floor && e->k < LX_XW_RACK_SIZE) {
                    const xw_summary *s = summary(g, e->hb, e->k);
                    for (int u = 0; u < kinds; u++) { /* (with no blank, b[1] is -1e300) */
                        double r = summary_bound(e, s, u);
                        if (r < b[u])
                            b[u] = r;
                    }
                }
            }
            b0[kr] = b[0];
            b1[kr] = b[1];
            best = b[0] > best ? b[0] : best;
        }
    }
    return best;
}

uint64_t xw_gen_bingo_letters(lx_xw_gen *g, const shadow_line *sl, const xw_extent_bounds *ext, double floor)
{
    uint64_t rest = 0, letters = 0; /* the rack's letters, the blank not counted */
    for (int t = 1; t <= LX_XW_MAX_LETTERS; t++)
        rest += (uint64_t)g->rack0[t] * g->wm.key[t];
    for (int kl = 0; kl <= sl->nl; kl++) {
        int kr = LX_XW_RACK_SIZE - 1 - kl;
        if (kr > sl->nr || ext->b[1][kl][kr] < floor)
            continue;
        uint64_t h = rest + sl->ex[kl][kr].hb;
        for (uint64_t m = g->letters; m; m &= m - 1) {
            int t = xw_lowest_bit(m);
            xw_wordmap_prefetch(&g->wm, 0, h + g->wm.key[t]);
        }
        for (uint64_t m = g->letters; m; m &= m - 1) {
            int t = xw_lowest_bit(m);
            if (xw_wordmap_has(&g->wm, 0, h + g->wm.key[t]))
                letters |= (uint64_t)1 << t;
        }
    }
    return letters;
}

/* gen.c - move generation, the public face: every legal play for a rack,
 * or the best one by equity.
 *
 * A call reads the position into lines (gen_board.c), turns the rack into
 * tile counts and a table of leaves (one value for every sub-multiset of
 * the rack, indexed in mixed radix so that using a tile is a subtraction),
 * adds the pass and the exchanges, and walks the GADDAG from every anchor
 * (gen_place.c; for every play, the left parts of the rack are found once,
 * gen_left.c).  The best-play search first bounds each anchor
 * (gen_shadow.c), then walks the anchors in the order of their bounds and
 * stops when the next bound is below the best play found: the result is
 * exactly the first play of the full list under lx_xw_play_cmp.  An
 * anchor's extents (how many tiles left and right of it) are bounded one by
 * one only when it first comes up, and it goes back on the heap if no
 * longer first; from the second search with a lexicon, a word map of it
 * makes those bounds tighter (gen_wordmap.c).
 *
 * At the end of the game (the bag empty) the leave table holds the
 * endgame rule instead: going out earns twice the value of the tiles the
 * opponent holds, anything else costs 10 plus twice the value of the
 * tiles kept. */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

lx_xw_gen *lx_xw_gen_new(void)
{
    return calloc(1, sizeof(lx_xw_gen));
}

void lx_xw_gen_free(lx_xw_gen *g)
{
    if (!g)
        return;
    free(g->sq[0]);
    free(g->sq[1]);
    free(g->cc.board);
    free(g->cc.premiums);
    free(g->cc.marks);
    free(g->cc.facts[0]);
    free(g->cc.facts[1]);
    free(g->plays);
    free(g->lp);
    free(g->every_anchors);
    free(g->anchors);
    free(g->lines);
    free(g->ext);
    xw_wordmap_free(&g->wm);
    xw_gen_runs_free(&g->runs);
    free(g);
}

int lx_xw_play_cmp(const lx_xw_play *a, const lx_xw_play *b)
{
    if (a->equity != b->equity)
        return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    int d[] = {(int)a->kind - (int)b->kind, a->down - b->down, a->row - b->row, a->col - b->col, a->len - b->len,
               a->ntiles - b->ntiles};
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
        if (d[i])
            return d[i];
    return memcmp(a->tiles, b->tiles, (size_t)a->ntiles);
}

static int cmp_equity(const void *a, const void *b)
{
    return lx_xw_play_cmp(a, b);
}

static int cmp_score(const void *a, const void *b)
{
    const lx_xw_play *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return lx_xw_play_cmp(x, y);
}

void lx_xw_plays_sort(lx_xw_play *plays, size_t n, int by_score)
{
    if (n > 1)
        qsort(plays, n, sizeof *plays, by_score ? cmp_score : cmp_equity);
}

void lx_xw_play_move(const lx_xw_pos *p, const lx_xw_play *pl, lx_xw_move *m)
{
    m->kind = pl->kind;
    m->row = m->col = m->down = 0;
    m->tiles_known = 0;
    if (pl->kind == LX_XW_EXCHANGE) {
        m->len = pl->ntiles;
        m->tiles_known = 1;
        memcpy(m->tiles, pl->tiles, (size_t)pl->ntiles);
    } else if (pl->kind == LX_XW_PLACE) {
        m->row = pl->row;
        m->col = pl->col;
        m->down = pl->down;
        m->len = pl->len;
        for (int i = 0, k = 0; i < pl->len; i++) {
            int on = lx_xw_pos_square(p, pl->row + (pl->down ? i : 0), pl->col + (pl->down ? 0 : i));
            m->tiles[i] = on || k >= pl->ntiles ? 0 : pl->tiles[k++];
            m->through[i] = 0;
        }
    } else {
        m->len = 0;
    }
}

int lx_xw_play_write(const lx_xw_pos *p, const lx_xw_play *pl, lx_buf *out)
{
    lx_xw_move m;
    lx_xw_play_move(p, pl, &m);
    return lx_xw_move_write(p->dist, &m, 0, out);
}

int xw_gen_reserve_plays(lx_xw_gen *g, size_t n)
{
    if (g->plays_cap - g->nplays >= n)
        return 0;
    size_t cap = g->plays_cap ? g->plays_cap * 2 : 1024;
    while (cap - g->nplays < n)
        cap *= 2;
    lx_xw_play *np = realloc(g->plays, cap * sizeof *np);
    if (!np) {
        g->oom = 1;
        return -1;
    }
    g->plays = np;
    g->plays_cap = cap;
    return 0;
}

void xw_gen_record(lx_xw_gen *g, const lx_xw_play *pl)
{
    if (g->mode == XW_GEN_BEST) {
        if (!g->have_best || lx_xw_play_cmp(pl, &g->best) < 0)
            g->best = *pl, g->have_best = 1;
        return;
    }
    if (xw_gen_reserve_plays(g, 1) == 0)
        g->plays[g->nplays++] = *pl;
}

/* ---- the rack and its leaves ----------------------------------------------------------------- */

/* Tiles in the bag: not on the board nor in a known rack, less the room in
 * racks (as lx_xw_move_check counts it for an exchange).  *unseen_value:
 * what the tiles the mover cannot see are worth. */
static long bag_tiles(const lx_xw_gen *g, const lx_xw_pos *p, long *unseen_value)
{
    int seen[LX_XW_MAX_LETTERS + 1] = {0}, mine[LX_XW_MAX_LETTERS + 1] = {0};
    xw_count_board(p, seen);
    memcpy(mine, seen, sizeof mine);
    long others_room = 0, unseen = 0;
    for (size_t i = 1; i < p->npl; i++) {
        size_t n;
        const uint8_t *r = lx_xw_pos_rack(p, i, &n);
        xw_count_tiles(r, n, seen);
        others_room += LX_XW_RACK_SIZE > (long)n ? LX_XW_RACK_SIZE - (long)n : 0;
    }
    *unseen_value = 0;
    for (int t = 0; t <= p->dist->n; t++) {
        int left = p->dist->tiles[t].count - seen[t] - g->rack[t];
        int hidden = p->dist->tiles[t].count - mine[t] - g->rack[t];
        unseen += left > 0 ? left : 0;
        *unseen_value += hidden > 0 ? (long)hidden * g->values[t] : 0;
    }
    return unseen - others_room - (LX_XW_RACK_SIZE - g->nrack);
}

/* Each leave index's digits (g->kept: how many of each distinct tile it
 * keeps), the tiles it keeps (g->kept_mask) and how many it plays
 * (g->played), counted up digit by digit: each index is worked out from the
 * one with a tile fewer of the lowest digit that is not 0 (its digits but
 * that one).  With `builtin`, also the built-in estimate of each leave, from
 * the parts of each distinct tile's counts the same way: the terms are
 * quarters, so each sum is exactly the one xw_leave_builtin makes. */
static void leave_tables(lx_xw_gen *g, int builtin)
{
    double dv[LX_XW_RACK_SIZE][LX_XW_RACK_SIZE + 1], v[1 << LX_XW_RACK_SIZE];
    int dvowels[LX_XW_RACK_SIZE][LX_XW_RACK_SIZE + 1], dconsonants[LX_XW_RACK_SIZE][LX_XW_RACK_SIZE + 1];
    int8_t vowels[1 << LX_XW_RACK_SIZE], consonants[1 << LX_XW_RACK_SIZE];
    for (int i = 0; builtin && i < g->ndt; i++) { /* what one more of dt[i] adds */
        xw_leave_part before, part;
        xw_leave_builtin_part(g->p->dist, g->dt[i], 0, &before);
        for (int c = 1; c <= g->rack[g->dt[i]]; c++, before = part) {
            xw_leave_builtin_part(g->p->dist, g->dt[i], c, &part);
            dv[i][c] = part.v - before.v;
            dvowels[i][c] = part.vowels - before.vowels;
            dconsonants[i][c] = part.consonants - before.consonants;
        }
    }
    uint8_t digits[LX_XW_RACK_SIZE] = {0};
    memcpy(g->kept[0], digits, sizeof digits);
    g->kept_mask[0] = 0;
    g->played[0] = (uint8_t)g->nrack;
    v[0] = 0;
    vowels[0] = consonants[0] = 0;
    g->leave[0] = 0.0;
    for (int idx = 1; idx < g->nleaves; idx++) {
        int i = 0;
        while (++digits[i] > g->rack[g->dt[i]])
            digits[i++] = 0;
        int t = g->dt[i], c = digits[i], from = idx - g->pv[t];
        memcpy(g->kept[idx], digits, sizeof digits);
        g->kept_mask[idx] = g->kept_mask[from] | (uint64_t)1 << t;
        g->played[idx] = (uint8_t)(g->played[from] - 1);
        if (builtin) {
            v[idx] = v[from] + dv[i][c];
            vowels[idx] = (int8_t)(vowels[from] + dvowels[i][c]);
            consonants[idx] = (int8_t)(consonants[from] + dconsonants[i][c]);
            g->leave[idx] = xw_leave_builtin_sum(v[idx], vowels[idx], consonants[idx]);
        }
    }
}

static void fill_leaves(lx_xw_gen *g, const lx_xw_gen_options *o, int endgame, long unseen_value)
{
    const lx_xw_dist *d = g->p->dist;
    for (int idx = 0; (endgame || o->leaves) && idx < g->nleaves; idx++) {
        uint8_t kept[LX_XW_RACK_SIZE];
        int n = 0, value = 0;
        for (int i = 0; i < g->ndt; i++) {
            int t = g->dt[i];
            for (int j = 0; j < g->kept[idx][i]; j++)
                kept[n++] = (uint8_t)t, value += g->values[t];
        }
        if (endgame)
            g->leave[idx] = n == 0 ? 2.0 * (double)unseen_value : -10.0 - 2.0 * value;
        else
            g->leave[idx] = n == 0 ? 0.0 : lx_xw_leave_value(o->leaves, d, kept, (size_t)n);
    }
    for (int k = 0; k <= LX_XW_RACK_SIZE; k++)
        g->best_leave[k] = -1e300;
    for (int idx = 0; idx < g->nleaves; idx++)
        if (g->leave[idx] > g->best_leave[g->played[idx]])
            g->best_leave[g->played[idx]] = g->leave[idx];
}

/* Of the n tiles w (a byte each, the first lowest; n < 8), the first that
 * is t taken out (t among them). */
static inline uint64_t take_out(uint64_t w, int n, int t)
{
    const uint64_t ones = 0x0101010101010101u, low = ones * 0x7F;
    uint64_t x = w ^ ones * (uint64_t)t; /* a zero byte for each t */
    uint64_t zero = ~(((x & low) + low) | x) & ones << 7 & (((uint64_t)1 << 8 * n) - 1);
    uint64_t below = ((zero & (0 - zero)) >> 7) - 1; /* the bytes before the first */
    return (w & below) | (w >> 8 & ~below);
}

/* The tiles leave index idx does not keep, a byte each, in `order` (of
 * g->dt: letters, then blanks, as a rack is written). */
static uint64_t exchanged(const lx_xw_gen *g, int idx, const int *order, int n_order)
{
    uint8_t tiles[2 * LX_XW_RACK_SIZE + 1]; /* each tile's run written 8 bytes at a time */
    int nt = 0;
    for (int k = 0; k < n_order; k++) {
        int i = order[k];
        uint64_t run = (uint64_t)g->dt[i] * 0x0101010101010101u;
        memcpy(tiles + nt, &run, 8);
        nt += g->rack[g->dt[i]] - g->kept[idx][i];
    }
    uint64_t w;
    memcpy(&w, tiles, 8);
    return w;
}

/* The exchanges, by leave index (what is kept).  Listing every play, each
 * is written straight into the list, its tiles those of the index with one
 * tile fewer kept, that tile taken out; the best play's search makes only
 * those that may be the best. */
static void add_exchanges(lx_xw_gen *g, int mode)
{
    int order[LX_XW_RACK_SIZE], n_order = 0;
    for (int i = g->rack[0] && g->ndt > 1 ? 1 : 0; i < g->ndt; i++)
        order[n_order++] = i;
    if (n_order < g->ndt)
        order[n_order++] = 0;
    int last = g->nleaves - 1;
    lx_xw_play pl = {LX_XW_EXCHANGE, 0, 0, 0, 0, 0, {0}, 0, 0, 0};
    if (mode == XW_GEN_BEST) {
        for (int idx = 0; idx < last; idx++) {
            if (g->leave[idx] < g->best.equity)
                continue; /* it cannot be the best */
            uint64_t w = exchanged(g, idx, order, n_order);
            pl.ntiles = g->played[idx];
            memcpy(pl.tiles, &w, sizeof pl.tiles);
            pl.leave = pl.equity = g->leave[idx];
            xw_gen_record(g, &pl);
        }
        return;
    }
    if (xw_gen_reserve_plays(g, (size_t)last) != 0)
        return;
    uint64_t tiles[1 << LX_XW_RACK_SIZE]; /* by leave index: exchanged() */
    for (int idx = 0; idx < last; idx++) {
        if (idx == 0) {
            tiles[0] = exchanged(g, 0, order, n_order);
        } else {
            int i = 0;
            while (!g->kept[idx][i])
                i++;
            int from = idx - g->pv[g->dt[i]];
            tiles[idx] = take_out(tiles[from], g->played[from], g->dt[i]);
        }
        lx_xw_play *o = &g->plays[g->nplays++];
        *o = pl;
        o->ntiles = g->played[idx];
        memcpy(o->tiles, &tiles[idx], sizeof o->tiles);
        o->leave = o->equity = g->leave[idx];
    }
}

static int setup(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_gen_options *o, int mode, lx_game_error *err)
{
    if (!o->lexicon || !lx_xw_lexicon_has_gaddag(o->lexicon))
        return lx_game_fail(err, "NO_GADDAG", "the lexicon has no GADDAG to generate plays with");
    size_t n = o->rack ? o->nrack : 0;
    const uint8_t *rack = o->rack ? o->rack : lx_xw_pos_rack(p, 0, &n);
    if (n > LX_XW_RACK_SIZE)
        return lx_game_fail(err, "RACK_TOO_LONG", "a rack of %zu tiles; a rack holds %d", n, LX_XW_RACK_SIZE);
    g->p = p;
    g->lx = o->lexicon;
    g->nodes = o->lexicon->nodes;
    g->dawg = o->lexicon->dawg;
    g->gaddag = o->lexicon->gaddag;
    g->headed = 0;
    g->mode = mode;
    g->nplays = 0;
    g->have_best = g->oom = g->use_wm = 0;
    g->bingo_bonus = (int)p->ops.bb;
    memset(g->rack, 0, sizeof g->rack);
    for (size_t i = 0; i < n; i++) {
        if (rack[i] > p->dist->n)
            return lx_game_fail(err, "UNKNOWN_TILE", "the rack holds a tile the distribution does not have");
        g->rack[rack[i]]++;
    }
    g->nrack = (int)n;
    memcpy(g->rack0, g->rack, sizeof g->rack0);
    g->rack_mask = 0;
    for (int t = 0; t <= p->dist->n; t++)
        g->rack_mask |= g->rack[t] ? (uint64_t)1 << t : 0;
    memset(g->values, 0, sizeof g->values);
    for (int t = 1; t <= p->dist->n; t++)
        g->values[t] = p->dist->tiles[t].value;
    g->nleaves = 1;
    for (int t = 0; t <= p->dist->n; t++) {
        g->pv[t] = g->nleaves;
        g->nleaves *= g->rack[t] + 1;
    }
    g->leave_idx = g->nleaves - 1;
    g->ndt = 0;
    for (int t = 0; t <= p->dist->n; t++)
        if (g->rack[t])
            g->dt[g->ndt++] = (uint8_t)t;
    long unseen_value;
    long bag = bag_tiles(g, p, &unseen_value);
    leave_tables(g, bag > 0 && !o->leaves); /* (else fill_leaves) */
    fill_leaves(g, o, bag <= 0, unseen_value);
    if (xw_gen_board(g) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    /* the pass, and the exchanges when the bag holds enough */
    lx_xw_play pl = {LX_XW_PASS, 0, 0, 0, 0, 0, {0}, 0, g->leave[g->nleaves - 1], g->leave[g->nleaves - 1]};
    xw_gen_record(g, &pl);
    if (bag >= p->ops.etl)
        add_exchanges(g, mode);
    return 0;
}

/* The anchors as a heap, the highest bound on top. */
static void sift_down(xw_anchor_bound *a, size_t n, size_t i)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && a[c + 1].bound > a[c].bound)
            c++;
        if (a[c].bound <= a[i].bound)
            return;
        xw_anchor_bound t = a[i];
        a[i] = a[c];
        a[c] = t;
        i = c;
    }
}

static xw_anchor_bound heap_pop(xw_anchor_bound *a, size_t *n)
{
    xw_anchor_bound top = a[0];
    a[0] = a[--*n];
    sift_down(a, *n, 0);
    return top;
}

/* For the word map's bounds: each sub-rack that may be played (by the
 * leave index of what it keeps), its fingerprint, blanks, size and values,
 * and by size (g->sub, in no particular order).  A sub-rack is worked out
 * from the one with a tile fewer (that keeps one more of its first distinct
 * tile it does not keep all of), whose leave index is higher: from the top
 * down. */
static void sub_racks(lx_xw_gen *g)
{
    memset(g->nsub, 0, sizeof g->nsub);
    memset(g->sub_blanks, 0, sizeof g->sub_blanks);
    uint8_t size[1 << LX_XW_RACK_SIZE];
    int top = g->nleaves - 1;
    g->sub_h[top] = 0;
    g->sub_nb[top] = 0;
    size[top] = 0;
    g->sub_vals[top] = 0;
    g->sub[0][g->nsub[0]++] = (xw_sub_rack){0, 0, g->leave[top], 0};
    for (int idx = top - 1; idx >= 0; idx--) {
        int i = 0;
        while (g->kept[idx][i] == g->rack[g->dt[i]])
            i++;
        int t = g->dt[i], from = idx + g->pv[t], k = size[from];
        uint8_t v = (uint8_t)(g->values[t] > 255 ? 255 : g->values[t]);
        g->sub_h[idx] = g->sub_h[from] + (t ? g->wm.key[t] : 0);
        g->sub_nb[idx] = (uint8_t)(g->sub_nb[from] + (t == 0));
        size[idx] = (uint8_t)(k + 1);
        uint64_t fv = g->sub_vals[from]; /* descending: v goes after those at least v */
        int j = 0;
        while (j < k && ((fv >> 8 * j) & 0xFF) >= v)
            j++;
        uint64_t low = j ? ~(uint64_t)0 >> (64 - 8 * j) : 0;
        g->sub_vals[idx] = (fv & low) | (uint64_t)v << 8 * j | (fv & ~low) << 8;
        int at = g->nsub[k + 1]++;
        g->sub[k + 1][at] = (xw_sub_rack){g->sub_h[idx], g->sub_vals[idx], g->leave[idx], g->sub_nb[idx]};
        g->sub_blanks[k + 1] |= (uint64_t)(g->sub_nb[idx] > 0) << at;
    }
    if (++g->stamp == 0) { /* after 2^32 calls: forget every summary */
        memset(g->summaries, 0, sizeof g->summaries);
        g->stamp = 1;
    }
}

/* Room for more anchors in the best-play search: 0, or -1 out of memory. */
static int grow_anchors(lx_xw_gen *g)
{
    size_t cap = g->anchors_cap ? g->anchors_cap * 2 : 256;
    xw_anchor_bound *a = realloc(g->anchors, cap * sizeof *a);
    if (a)
        g->anchors = a;
    xw_shadow_line *l = a ? realloc(g->lines, cap * sizeof *l) : NULL;
    if (l)
        g->lines = l;
    xw_extent_bounds *e = l ? realloc(g->ext, cap * sizeof *e) : NULL;
    if (!e)
        return -1;
    g->ext = e;
    g->anchors_cap = cap;
    return 0;
}

/* No pruning: every play is wanted. */
static void bounds_open(lx_xw_gen *g)
{
    g->bingo_letters = ~(uint64_t)0;
    g->no_bingo = 0;
    g->bingo_known = 1;
    for (int u = 0; u < 3; u++) {
        for (int i = 0; i <= LX_XW_RACK_SIZE + 1; i++)
            g->left_bound[u][i] = 1e300;
        for (int i = 0; i <= LX_XW_RACK_SIZE; i++)
            for (int j = 0; j <= LX_XW_RACK_SIZE + 1; j++)
                g->right_bound[u][i][j] = 1e300;
    }
}

/* The suffix maxima of an anchor's extent bounds, for the walk to prune
 * with (those of plays with a blank, [1] and [2], only with one on the
 * rack: the walk reads them only to put one down).  Only those of its
 * extents (kl <= sl->nl, kr <= sl->nr; one past them -1e300): the walk puts
 * no tile on the empty squares past them (an anchor, a square no tile of the
 * rack fits, or more tiles than the rack's), so it reads no further. */
static void bounds_from(lx_xw_gen *g, const xw_extent_bounds *e, const xw_shadow_line *sl)
{
    const int nl = sl->nl, nr = sl->nr;
    for (int u = 0; u < (g->rack0[0] ? 3 : 1); u++) {
        double *lb = g->left_bound[u];
        lb[nl + 1] = -1e300;
        for (int kl = nl; kl >= 0; kl--) {
            double *rb = g->right_bound[u][kl];
            rb[nr + 1] = -1e300;
            for (int kr = nr; kr >= 0; kr--) {
                double b = u < 2 ? e->b[u][kl][kr] : kl + 1 + kr < LX_XW_RACK_SIZE ? e->b[1][kl][kr] : -1e300;
                rb[kr] = b > rb[kr + 1] ? b : rb[kr + 1];
            }
            lb[kl] = rb[0] > lb[kl + 1] ? rb[0] : lb[kl + 1];
        }
    }
    g->max_tiles = 0;
    for (int kl = 0; kl <= nl; kl++)
        for (int kr = 0; kr <= nr && kl + 1 + kr <= LX_XW_RACK_SIZE; kr++)
            if (e->b[0][kl][kr] >= g->best.equity && kl + 1 + kr > g->max_tiles)
                g->max_tiles = kl + 1 + kr;
}

/* The walks read the word graph with each run's tiles at hand, when it is
 * made (gen_runs.c). */
static void use_runs(lx_xw_gen *g)
{
    if (xw_gen_runs_ready(&g->runs, g->lx)) {
        g->nodes = g->runs.nodes;
        g->dawg = g->runs.dawg;
        g->gaddag = g->runs.gaddag;
        g->headed = g->runs.words;
    }
}

/* Every play's anchors, by direction, line and square (see
 * XW_EVERY_ANCHOR): 0, or -1 out of memory. */
static int every_anchors(lx_xw_gen *g)
{
    size_t most = 2 * (size_t)g->rows * (size_t)g->cols;
    if (most > g->every_anchors_cap) {
        uint32_t *a = realloc(g->every_anchors, most * sizeof *a);
        if (!a)
            return -1;
        g->every_anchors = a;
        g->every_anchors_cap = most;
    }
    size_t n = 0;
    for (int dir = 0; dir < 2; dir++) {
        const xw_square *ln = g->sq[dir]; /* line by line */
        int lines = dir ? g->cols : g->rows, len = dir ? g->rows : g->cols;
        for (int line = 0; line < lines; line++, ln += len)
            for (int i = 0; i < len; i++)
                if (ln[i].anchor) {
                    int kind = i > 0 && ln[i - 1].tile ? 1 : i + 1 < len && ln[i + 1].tile ? 2 : 0;
                    g->every_anchors[n++] = XW_EVERY_ANCHOR(dir, line, i, kind);
                }
    }
    g->every_nanchors = n;
    return 0;
}

long lx_xw_gen_all(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_gen_options *o, const lx_xw_play **plays,
                   lx_game_error *err)
{
    if (setup(g, p, o, 0, err) != 0)
        return -1;
    g->max_tiles = g->nrack;
    bounds_open(g);
    int walk = g->nrack > 0 && g->lx->words > 0;
    if (walk)
        use_runs(g);
    if (walk)
        xw_every_ready(g);
    if (walk && (every_anchors(g) != 0 || xw_gen_left_parts(g) != 0))
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    for (size_t k = 0; walk && k < g->every_nanchors; k++) {
        uint32_t a = g->every_anchors[k];
        int dir = (int)(a >> 26), line = (int)(a >> 16 & 0x3FF), i = (int)(a >> 2 & 0x3FFF), kind = (int)(a & 3);
        if (kind == 1) /* the tiles before it are the play's */
            xw_every_beside_tiles(g, dir, line, i, 1);
        else if (kind == 2) /* and those after it */
            xw_every_beside_tiles(g, dir, line, i, 0);
        else
            xw_gen_anchor_by_parts(g, dir, line, i);
    }
    if (g->oom)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    *plays = g->plays;
    return (long)g->nplays;
}

/* The best-play search's walk from an anchor: one with tiles next to it
 * on its line reads them once (gen_place.c), as for every play.  (Those
 * without go the old way: building the rack's left parts for them, as every
 * play does, costs the search more than it saves.) */
static void walk_anchor(lx_xw_gen *g, int dir, int line, int at)
{
    int len = dir ? g->rows : g->cols;
    const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
    if (at > 0 && ln[at - 1].tile)
        xw_gen_anchor_after_tiles(g, dir, line, at);
    else if (at + 1 < len && ln[at + 1].tile)
        xw_gen_anchor_before_tiles(g, dir, line, at);
    else
        xw_gen_anchor(g, dir, line, at);
}

int lx_xw_gen_best(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_gen_options *o, lx_xw_play *best,
                   lx_game_error *err)
{
    if (setup(g, p, o, XW_GEN_BEST, err) != 0)
        return -1;
    g->use_wm = g->nrack > 0 && xw_wordmap_ready(&g->wm, g->lx);
    if (g->use_wm)
        sub_racks(g);
    xw_gen_word_check(g);
    if (g->nrack > 0 && g->lx->words > 0)
        use_runs(g);
    size_t n = 0;
    for (int dir = 0; dir < 2 && g->nrack > 0 && g->lx->words > 0; dir++) {
        int lines = dir ? g->cols : g->rows, len = dir ? g->rows : g->cols;
        for (int line = 0; line < lines; line++) {
            const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
            for (int i = 0; i < len; i++) {
                if (!ln[i].anchor)
                    continue;
                if (n == g->anchors_cap && grow_anchors(g) != 0)
                    return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
                double bound = xw_gen_shadow(g, dir, line, i, &g->lines[n]);
                if (bound < g->best.equity)
                    continue; /* not even the pass or an exchange: it cannot come up */
                g->anchors[n] = (xw_anchor_bound){bound, dir, line, i, 0, n};
                n++;
            }
        }
    }
    /* the most promising anchor first; its extents are bounded when it
     * first comes up (with the word map, more tightly), and it goes back if
     * no longer first */
    xw_anchor_bound *a = g->anchors;
    for (size_t i = n / 2; i-- > 0;)
        sift_down(a, n, i);
    while (n > 0 && a[0].bound >= g->best.equity) {
        if (!a[0].bounded) {
            a[0].bound = xw_gen_bounds(g, &g->lines[a[0].id], &g->ext[a[0].id], g->best.equity);
            a[0].bounded = 1;
            sift_down(a, n, 0);
            continue;
        }
        xw_anchor_bound top = heap_pop(a, &n);
        bounds_from(g, &g->ext[top.id], &g->lines[top.id]);
        g->no_bingo = 0;
        g->bingo_known = !(g->use_wm && g->rack0[0] == 1 && g->nrack == LX_XW_RACK_SIZE);
        g->bingo_letters = ~(uint64_t)0;
        g->bingo_ext = &g->ext[top.id];
        g->bingo_line = &g->lines[top.id];
        walk_anchor(g, top.dir, top.line, top.at);
    }
    *best = g->best;
    return 0;
}

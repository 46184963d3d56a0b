/* dawg.c - building a minimal word graph in the KWG node layout: the DAWG
 * and the GADDAG halves.
 *
 * Words arrive sorted and distinct.  They are added one after another as in
 * Daciuk's incremental construction: the path of the previous word is kept
 * as a stack of levels under construction; when the next word leaves that
 * path at depth k, the levels below k are finished, deepest first, and each
 * finished state is looked up in a register (a hash table of arc lists), so
 * equal tails are stored once.  Everything is iterative: the deepest level
 * is the longest word, never the call stack.
 *
 * In the KWG layout a state is a run of sibling nodes (tile, accepts,
 * is_end, arc index); a word's last tile has accepts set.  Node 0 points at
 * the DAWG root's run, node 1 at the GADDAG root's run (both tile 0, is_end,
 * as wolges and MAGPIE write them).
 *
 * The GADDAG holds, for every word w, its reversal rev(w) (accepted), and
 * for every split w = p s with p and s not empty, rev(p) 0 s: the tile 0 is
 * the separator, "now go right from the anchor".  (wolges writes exactly
 * these strings.)  Both halves are built with one register, so the states
 * after a separator, whose continuations are the suffixes s of a prefix p,
 * are the DAWG's own states after p: the halves share their tails. */
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

typedef struct dawg_arc {
    uint8_t tile, accepts;
    uint32_t child; /* state id; 0 is the state with no arcs */
} dawg_arc;

typedef struct dawg_builder {
    dawg_arc *arcs;            /* arcs of finished states */
    size_t narcs, arcs_cap;
    uint32_t *at, *count;      /* per state: first arc, number of arcs */
    size_t nstates, states_cap;
    uint32_t *table;           /* register: state ids, 0 = empty slot */
    size_t table_cap;
    dawg_arc (*level)[LX_XW_MAX_LETTERS + 1]; /* arcs under construction, per depth */
    uint8_t *level_n;
    int oom;
} dawg_builder;

static uint64_t hash_arcs(const dawg_arc *a, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ a[i].tile) * 1099511628211ULL;
        h = (h ^ a[i].accepts) * 1099511628211ULL;
        h = (h ^ a[i].child) * 1099511628211ULL;
    }
    return h;
}

static int same_arcs(const dawg_arc *a, const dawg_arc *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].tile != b[i].tile || a[i].accepts != b[i].accepts || a[i].child != b[i].child)
            return 0;
    return 1;
}

static int grow_table(dawg_builder *b)
{
    size_t cap = b->table_cap ? b->table_cap * 2 : 1024;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < b->table_cap; i++) {
        uint32_t s = b->table[i];
        if (!s)
            continue;
        size_t j = hash_arcs(b->arcs + b->at[s], b->count[s]) & (cap - 1);
        while (t[j])
            j = (j + 1) & (cap - 1);
        t[j] = s;
    }
    free(b->table);
    b->table = t;
    b->table_cap = cap;
    return 0;
}

static int new_state(dawg_builder *b, const dawg_arc *a, size_t n)
{
    if (b->nstates == b->states_cap) {
        size_t cap = b->states_cap * 2;
        uint32_t *at = realloc(b->at, cap * sizeof *at), *count = at ? realloc(b->count, cap * sizeof *count) : NULL;
        if (at)
            b->at = at;
        if (!at || !count)
            return -1;
        b->count = count;
        b->states_cap = cap;
    }
    if (b->narcs + n > b->arcs_cap) {
        size_t cap = b->arcs_cap * 2 + n;
        dawg_arc *arcs = realloc(b->arcs, cap * sizeof *arcs);
        if (!arcs)
            return -1;
        b->arcs = arcs;
        b->arcs_cap = cap;
    }
    memcpy(b->arcs + b->narcs, a, n * sizeof *a);
    b->at[b->nstates] = (uint32_t)b->narcs;
    b->count[b->nstates] = (uint32_t)n;
    b->narcs += n;
    return (int)(b->nstates++ > 0);
}

/* The id of the finished state with these arcs: an equal one, or a new one. */
static uint32_t intern(dawg_builder *b, const dawg_arc *a, size_t n)
{
    if (n == 0)
        return 0;
    if ((b->nstates + 1) * 2 > b->table_cap && grow_table(b) != 0)
        return b->oom = 1, 0;
    size_t j = hash_arcs(a, n) & (b->table_cap - 1);
    for (uint32_t s; (s = b->table[j]) != 0; j = (j + 1) & (b->table_cap - 1))
        if (b->count[s] == n && same_arcs(b->arcs + b->at[s], a, n))
            return s;
    uint32_t id = (uint32_t)b->nstates;
    if (new_state(b, a, n) < 0)
        return b->oom = 1, 0;
    b->table[j] = id;
    return id;
}

/* Finish the levels deeper than `keep`, deepest first. */
static void finish_levels(dawg_builder *b, int depth, int keep)
{
    for (int d = depth; d > keep; d--) {
        uint32_t id = intern(b, b->level[d], b->level_n[d]);
        b->level[d - 1][b->level_n[d - 1] - 1].child = id;
        b->level_n[d] = 0;
    }
}

static int builder_init(dawg_builder *b)
{
    memset(b, 0, sizeof *b);
    b->states_cap = 1024;
    b->arcs_cap = 4096;
    b->at = malloc(b->states_cap * sizeof *b->at);
    b->count = malloc(b->states_cap * sizeof *b->count);
    b->arcs = malloc(b->arcs_cap * sizeof *b->arcs);
    b->level = calloc(LX_XW_MAX_SIDE + 2, sizeof *b->level);
    b->level_n = calloc(LX_XW_MAX_SIDE + 2, 1);
    if (!b->at || !b->count || !b->arcs || !b->level || !b->level_n)
        return -1;
    b->at[0] = b->count[0] = 0; /* state 0: no arcs */
    b->nstates = 1;
    return grow_table(b);
}

static void builder_free(dawg_builder *b)
{
    free(b->arcs);
    free(b->at);
    free(b->count);
    free(b->table);
    free(b->level);
    free(b->level_n);
}

/* Lay the states out as KWG nodes. */
/* Where each state's run starts: breadth first from the GADDAG root, then
 * the DAWG root, so the runs a move generator reads together (the first
 * levels of both halves) lie together in memory. */
static uint32_t *layout_runs(const dawg_builder *b, uint32_t root, uint32_t gaddag, size_t *n)
{
    uint32_t *start = calloc(b->nstates, sizeof *start), *queue = malloc(b->nstates * sizeof *queue);
    size_t head = 0, tail = 0;
    *n = 2;
    if (!start || !queue) {
        free(queue);
        free(start);
        return NULL;
    }
    uint32_t roots[2] = {gaddag, root};
    for (int i = 0; i < 2; i++)
        if (roots[i] && !start[roots[i]]) {
            start[roots[i]] = (uint32_t)*n;
            *n += b->count[roots[i]];
            queue[tail++] = roots[i];
        }
    while (head < tail) {
        uint32_t s = queue[head++];
        for (uint32_t k = 0; k < b->count[s]; k++) {
            uint32_t c = b->arcs[b->at[s] + k].child;
            if (c && !start[c]) {
                start[c] = (uint32_t)*n;
                *n += b->count[c];
                queue[tail++] = c;
            }
        }
    }
    free(queue);
    return start;
}

static uint32_t *emit(const dawg_builder *b, uint32_t root, uint32_t gaddag, size_t *nnodes)
{
    size_t n;
    uint32_t *start = layout_runs(b, root, gaddag, &n);
    uint32_t *nodes = start && n <= XW_KWG_ARC_MASK ? malloc(n * sizeof *nodes) : NULL;
    if (nodes) {
        nodes[0] = XW_KWG_IS_END | (root ? start[root] : 0);
        nodes[1] = XW_KWG_IS_END | (gaddag ? start[gaddag] : 0);
        for (size_t s = 1; s < b->nstates; s++)
            for (uint32_t k = 0; start[s] && k < b->count[s]; k++) {
                const dawg_arc *a = &b->arcs[b->at[s] + k];
                nodes[start[s] + k] = ((uint32_t)a->tile << 24) | (a->accepts ? XW_KWG_ACCEPTS : 0) |
                                      (k + 1 == b->count[s] ? XW_KWG_IS_END : 0) | (a->child ? start[a->child] : 0);
            }
        *nnodes = n;
    }
    free(start);
    return nodes;
}

static size_t common_prefix(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    size_t k = 0;
    while (k < na && k < nb && a[k] == b[k])
        k++;
    return k;
}

/* Add sorted, distinct strings; the id of the root state. */
static uint32_t add_sorted(dawg_builder *b, const uint8_t *const *words, const uint16_t *lens, size_t n)
{
    const uint8_t *prev = NULL;
    size_t plen = 0;
    for (size_t i = 0; i < n && !b->oom; i++) {
        size_t k = prev ? common_prefix(prev, plen, words[i], lens[i]) : 0;
        if (lens[i] == 0 || (k == lens[i] && k == plen))
            continue; /* empty or repeated */
        finish_levels(b, (int)plen, (int)k);
        for (size_t d = k; d < lens[i]; d++) {
            dawg_arc *a = &b->level[d][b->level_n[d]++];
            *a = (dawg_arc){words[i][d], (uint8_t)(d + 1 == lens[i]), 0};
        }
        prev = words[i];
        plen = lens[i];
    }
    finish_levels(b, (int)plen, 0);
    uint32_t root = intern(b, b->level[0], b->level_n[0]);
    b->level_n[0] = 0;
    return root;
}

/* ---- the GADDAG's strings ---------------------------------------------------------------------- */

typedef struct gaddag_strings {
    uint8_t *bytes;
    const uint8_t **at;
    uint16_t *len;
    size_t n;
} gaddag_strings;

static void gaddag_free(gaddag_strings *g)
{
    free(g->bytes);
    free(g->at);
    free(g->len);
}

/* rev(w), and rev(p) 0 s for each split of every word, sorted. */
static int gaddag_make(const uint8_t *const *words, const uint8_t *lens, size_t n, gaddag_strings *g)
{
    size_t count = 0, total = 0;
    memset(g, 0, sizeof *g);
    for (size_t i = 0; i < n; i++) {
        count += lens[i];
        total += (size_t)lens[i] * (lens[i] + 1u);
    }
    xw_word_ref *refs = malloc((count ? count : 1) * sizeof *refs);
    g->bytes = malloc(total ? total : 1);
    g->at = malloc((count ? count : 1) * sizeof *g->at);
    g->len = malloc((count ? count : 1) * sizeof *g->len);
    if (!refs || !g->bytes || !g->at || !g->len) {
        free(refs);
        gaddag_free(g);
        return -1;
    }
    uint8_t *w = g->bytes;
    for (size_t i = 0; i < n; i++) {
        size_t L = lens[i];
        for (size_t k = 1; k <= L; k++) { /* prefix of k tiles, reversed */
            uint8_t *s = w;
            for (size_t j = 0; j < k; j++)
                *w++ = words[i][k - 1 - j];
            if (k < L) {
                *w++ = 0;
                memcpy(w, words[i] + k, L - k);
                w += L - k;
            }
            refs[g->n++] = (xw_word_ref){s, (uint16_t)(w - s)};
        }
    }
    if (g->n > 1)
        qsort(refs, g->n, sizeof *refs, xw_word_ref_cmp);
    for (size_t i = 0; i < g->n; i++)
        g->at[i] = refs[i].tiles, g->len[i] = refs[i].len;
    free(refs);
    return 0;
}

uint32_t *xw_kwg_build(const uint8_t *const *words, const uint8_t *lens, size_t n, size_t *nnodes)
{
    dawg_builder b;
    gaddag_strings g;
    uint32_t *nodes = NULL;
    uint16_t *wide = malloc((n ? n : 1) * sizeof *wide);
    int ok = wide && gaddag_make(words, lens, n, &g) == 0;
    if (ok && builder_init(&b) == 0) {
        for (size_t i = 0; i < n; i++)
            wide[i] = lens[i];
        uint32_t dawg = add_sorted(&b, words, wide, n);
        uint32_t gaddag = b.oom ? 0 : add_sorted(&b, g.at, g.len, g.n);
        if (!b.oom)
            nodes = emit(&b, dawg, gaddag, nnodes);
    }
    if (ok)
        builder_free(&b);
    if (wide && ok)
        gaddag_free(&g);
    free(wide);
    return nodes;
}

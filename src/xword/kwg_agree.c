/* kwg_agree.c - whether a KWG file's two halves hold the same words.
 *
 * Word checks read the DAWG half; the move generator walks the GADDAG
 * half.  A file whose halves disagree would have the generator offer plays
 * the judge refuses, or miss plays, so such a file is refused on reading.
 * The GADDAG must hold exactly the strings dawg.c names for the DAWG's
 * words: rev(w) for each word w, and rev(p) 0 s for each split w = p s.
 *
 * Every prefix p of a word (each path of the DAWG from its root) is walked
 * reversed in the GADDAG: rev(p) must be there, accepted exactly when p is
 * a word, and the strings after rev(p) 0 must be the DAWG's continuations
 * of p.  Those two sets are compared run against run; a pair of runs shown
 * equal is remembered (in files built by ludex or wolges the two are the
 * same run).  Last, the GADDAG may hold no more strings than these: its
 * count must be the sum of the words' lengths.
 *
 * Explicit stacks only, and a budget of steps that grows with the file, so
 * a small file with exponentially many paths is refused, not walked. */
#include <stdlib.h>

#include "xword/xword_impl.h"

#define AGREE_DEPTH LX_XW_MAX_SIDE /* longest word compared */

typedef struct agree {
    const uint32_t *nodes;
    uint64_t steps, budget;
    uint64_t *seen; /* pairs of runs shown equal: (a << 32 | b) + 1, 0 empty */
    size_t seen_cap, seen_used;
    uint64_t *todo; /* pairs of runs still to compare */
    size_t todo_len, todo_cap;
    uint32_t root[LX_XW_MAX_LETTERS + 1]; /* the GADDAG root's node of each tile, 0 none */
    int ascending;                        /* runs in ascending tile order: a scan stops early */
    const char *why;
} agree;

static int fail(agree *g, const char *why)
{
    if (!g->why)
        g->why = why;
    return -1;
}

/* The halves hold different words: the refusal most checks end in. */
static int disagree(agree *g) { return fail(g, "its GADDAG half does not hold the same words as its DAWG half"); }

static int spend(agree *g)
{
    return ++g->steps > g->budget ? fail(g, "its word graph has too many paths to check for a file of its size") : 0;
}

/* The node of tile t in the run starting at `run`; 0 when none. */
static uint32_t find_tile(agree *g, uint32_t run, int t)
{
    for (uint32_t i = run; run; i++) {
        int tile = xw_kwg_tile(g->nodes[i]);
        if (tile == t)
            return i;
        if ((g->nodes[i] & XW_KWG_IS_END) || (g->ascending && tile > t))
            break;
    }
    return 0;
}

static uint64_t mix(uint64_t k)
{
    k *= 0x9E3779B97F4A7C15ULL;
    return k ^ (k >> 31);
}

/* Add pair key to the set; 1 when it was new, 0 when seen, -1 out of memory. */
static int seen_add(agree *g, uint64_t key)
{
    if (2 * (g->seen_used + 1) > g->seen_cap) {
        size_t cap = g->seen_cap ? 2 * g->seen_cap : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t)
            return fail(g, "out of memory");
        for (size_t i = 0; i < g->seen_cap; i++)
            for (size_t h = mix(g->seen[i]) & (cap - 1); g->seen[i]; h = (h + 1) & (cap - 1))
                if (!t[h]) {
                    t[h] = g->seen[i];
                    break;
                }
        free(g->seen);
        g->seen = t, g->seen_cap = cap;
    }
    for (size_t h = mix(key) & (g->seen_cap - 1);; h = (h + 1) & (g->seen_cap - 1)) {
        if (g->seen[h] == key)
            return 0;
        if (!g->seen[h]) {
            g->seen[h] = key, g->seen_used++;
            return 1;
        }
    }
}

static int todo_push(agree *g, uint32_t a, uint32_t b)
{
    if (a == b) /* the same run: the same strings */
        return 0;
    if (!a || !b)
        return disagree(g);
    int added = seen_add(g, ((uint64_t)a << 32 | b) + 1);
    if (added <= 0)
        return added;
    if (g->todo_len == g->todo_cap) {
        size_t cap = g->todo_cap ? 2 * g->todo_cap : 256;
        uint64_t *t = realloc(g->todo, cap * sizeof *t);
        if (!t)
            return fail(g, "out of memory");
        g->todo = t, g->todo_cap = cap;
    }
    g->todo[g->todo_len++] = (uint64_t)a << 32 | b;
    return 0;
}

/* Runs a and b spell the same strings: the same tiles, each accepting
 * alike, each leading to runs that spell the same strings. */
static int runs_equal(agree *g, uint32_t a, uint32_t b)
{
    if (todo_push(g, a, b) != 0)
        return -1;
    while (g->todo_len > 0) {
        uint64_t pair = g->todo[--g->todo_len];
        uint32_t ra = (uint32_t)(pair >> 32), rb = (uint32_t)pair, na = 0, nb = 0;
        for (uint32_t i = ra;; i++) {
            if (spend(g) != 0)
                return -1;
            uint32_t j = find_tile(g, rb, xw_kwg_tile(g->nodes[i]));
            if (!j || (g->nodes[i] & XW_KWG_ACCEPTS) != (g->nodes[j] & XW_KWG_ACCEPTS))
                return disagree(g);
            uint32_t ca = xw_kwg_arc(g->nodes[i]), cb = xw_kwg_arc(g->nodes[j]);
            if ((ca || cb) && todo_push(g, ca, cb) != 0)
                return -1;
            na++;
            if (g->nodes[i] & XW_KWG_IS_END)
                break;
        }
        for (uint32_t j = rb;; j++) {
            nb++;
            if (g->nodes[j] & XW_KWG_IS_END)
                break;
        }
        if (na != nb)
            return disagree(g);
    }
    return 0;
}

/* The checks for prefix p = tiles[0..len-1], whose last tile is DAWG node d. */
static int prefix_agrees(agree *g, const uint8_t *tiles, size_t len, uint32_t d)
{
    uint32_t at = g->root[tiles[len - 1]], run = at ? xw_kwg_arc(g->nodes[at]) : 0;
    if (spend(g) != 0)
        return -1;
    if (!at)
        return disagree(g);
    for (size_t k = len - 1; k-- > 0;) { /* the rest of rev(p) */
        if (spend(g) != 0)
            return -1;
        if (!(at = find_tile(g, run, tiles[k])))
            return disagree(g);
        run = xw_kwg_arc(g->nodes[at]);
    }
    if ((g->nodes[at] & XW_KWG_ACCEPTS) != (g->nodes[d] & XW_KWG_ACCEPTS))
        return disagree(g);
    uint32_t sep = find_tile(g, run, 0);
    if (sep && (g->nodes[sep] & XW_KWG_ACCEPTS))
        return fail(g, "its GADDAG half holds a string ending at the separator");
    uint32_t after = sep ? xw_kwg_arc(g->nodes[sep]) : 0, cont = xw_kwg_arc(g->nodes[d]);
    return (after || cont) ? runs_equal(g, cont, after) : 0;
}

/* Walk every path of the DAWG, checking each prefix; *letters gets the sum
 * of the words' lengths (the GADDAG's expected count). */
static int walk_dawg(agree *g, uint32_t dawg, uint64_t *letters)
{
    uint32_t stack[AGREE_DEPTH];
    uint8_t tiles[AGREE_DEPTH];
    size_t depth = 0;
    stack[0] = dawg;
    *letters = 0;
    for (;;) {
        uint32_t i = stack[depth], node = g->nodes[i];
        tiles[depth] = (uint8_t)xw_kwg_tile(node);
        if (tiles[depth] == 0)
            return fail(g, "a word of its DAWG half holds tile 0 (the GADDAG's separator)");
        if (node & XW_KWG_ACCEPTS)
            *letters += depth + 1;
        if (prefix_agrees(g, tiles, depth + 1, i) != 0)
            return -1;
        if (xw_kwg_arc(node)) {
            if (depth + 1 == AGREE_DEPTH)
                return fail(g, "a word is longer than 255 tiles");
            stack[++depth] = xw_kwg_arc(node);
            continue;
        }
        while (depth > 0 && (g->nodes[stack[depth]] & XW_KWG_IS_END))
            depth--;
        if (g->nodes[stack[depth]] & XW_KWG_IS_END)
            return 0;
        stack[depth]++;
    }
}

int xw_kwg_halves_agree(const uint32_t *nodes, size_t n, uint32_t dawg, uint32_t gaddag, size_t strings,
                        const char **why)
{
    agree g = {.nodes = nodes, .budget = 256 * (uint64_t)n + ((uint64_t)1 << 22), .ascending = xw_kwg_ascending(nodes, n)};
    uint64_t letters = 0;
    for (uint32_t i = gaddag; gaddag; i++) {
        g.root[xw_kwg_tile(nodes[i])] = i;
        if (nodes[i] & XW_KWG_IS_END)
            break;
    }
    if ((!dawg || walk_dawg(&g, dawg, &letters) == 0) && strings != letters)
        fail(&g, "its GADDAG half holds strings its DAWG half's words do not make");
    free(g.seen);
    free(g.todo);
    if (g.why)
        *why = g.why;
    return g.why ? -1 : 0;
}

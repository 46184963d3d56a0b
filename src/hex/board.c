/* board.c - the Hex grid: padded cells, stones, and a union-find that knows
 * at once when a colour joins its two edges.
 *
 * Layout and edges are described in hex_impl.h.  The union-find uses union
 * by rank and path halving, so a move costs amortised near-constant time: at
 * most six unions (one per neighbour of the same colour, border cells
 * included).  Each root keeps the edges its set touches, so the win test is
 * one look at the new root, and its answer is kept (`won`) so that asking
 * who has won costs nothing.  Cells inside the board join the sets when a
 * stone is placed on them: a new board initialises its border only.
 *
 * What it does not do: turns, swaps, results (rules.c).  The breadth-first
 * flood fill at the end is deliberately independent of the union-find: it
 * answers for stale sets and lets the tests check one against the other. */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

static inline int32_t find_mut(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* find_mut for join_neighbours: sets are shallow (union by rank), so two
 * steps up without a branch (a root is its own parent) reach the root of
 * nearly every cell; the start cell is then made to point at it. */
static inline int32_t find_shallow(int32_t *parent, int32_t x)
{
    int32_t r = parent[parent[x]];
    if (parent[r] != r)
        r = find_mut(parent, r);
    parent[x] = r;
    return r;
}

/* The index of the lowest set bit of x (x != 0). */
static inline int lowest_bit(unsigned x)
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!(x & 1u)) {
        x >>= 1;
        k++;
    }
    return k;
#endif
}

void hex_neighbour_offsets(const hex_grid *g, int32_t off[6])
{
    int32_t s = g->stride;
    off[0] = -1;
    off[1] = 1;
    off[2] = -s;
    off[3] = s;
    off[4] = -s + 1;
    off[5] = s - 1;
}

static void colour_borders(hex_grid *g)
{
    memset(g->colour, HEX_EMPTY, g->npadded);
    for (int c = -1; c <= g->cols; c++) {
        int edge = (c < 0 || c == g->cols) ? HEX_NOBODY : HEX_BLACK;
        g->colour[hex_cell(g, c, -1)] = (uint8_t)edge;
        g->colour[hex_cell(g, c, g->rows)] = (uint8_t)edge;
    }
    for (int r = 0; r < g->rows; r++) {
        g->colour[hex_cell(g, -1, r)] = HEX_WHITE;
        g->colour[hex_cell(g, g->cols, r)] = HEX_WHITE;
    }
}

/* Each side's border cells one set, the four edges.  The cells inside are
 * left as zeros: a cell joins the sets when a stone is placed on it
 * (hex_grid_place) or when they are rebuilt (hex_grid_refresh). */
static void reset_sets(hex_grid *g)
{
    memset(g->parent, 0, g->npadded * (sizeof *g->parent + 2)); /* parent, rank, flags */
    for (int c = 0; c < g->cols; c++) {
        g->parent[hex_cell(g, c, -1)] = g->top;
        g->parent[hex_cell(g, c, g->rows)] = g->bottom;
    }
    for (int r = 0; r < g->rows; r++) {
        g->parent[hex_cell(g, -1, r)] = g->left;
        g->parent[hex_cell(g, g->cols, r)] = g->right;
    }
    g->rank[g->top] = g->rank[g->bottom] = g->rank[g->left] = g->rank[g->right] = 1;
    g->flags[g->top] = HEX_EDGE_TOP;
    g->flags[g->bottom] = HEX_EDGE_BOTTOM;
    g->flags[g->left] = HEX_EDGE_LEFT;
    g->flags[g->right] = HEX_EDGE_RIGHT;
    g->won = HEX_EMPTY;
}

static uint8_t edges_of(int colour)
{
    return colour == HEX_BLACK ? HEX_EDGE_TOP | HEX_EDGE_BOTTOM : HEX_EDGE_LEFT | HEX_EDGE_RIGHT;
}

/* Whether `colour` joins its edges by the sets (not stale). */
static int edges_joined(hex_grid *g, int colour)
{
    uint8_t need = edges_of(colour);
    return (g->flags[find_mut(g->parent, colour == HEX_BLACK ? g->top : g->left)] & need) == need;
}

/* The four arrays in one block: parent first (aligned), then rank, flags, colour. */
static int grid_alloc(hex_grid *g)
{
    unsigned char *block = malloc(g->npadded * (sizeof *g->parent + 3));
    if (!block)
        return -1;
    g->parent = (int32_t *)(void *)block;
    g->rank = block + g->npadded * sizeof *g->parent;
    g->flags = g->rank + g->npadded;
    g->colour = g->flags + g->npadded;
    return 0;
}

int hex_grid_init(hex_grid *g, int cols, int rows)
{
    memset(g, 0, sizeof *g);
    if (cols < 1 || rows < 1 || cols > LX_HEX_MAX_SIDE || rows > LX_HEX_MAX_SIDE ||
        (long)cols * rows > LX_HEX_MAX_CELLS)
        return -1;
    g->cols = cols;
    g->rows = rows;
    g->stride = cols + 2;
    g->npadded = (size_t)(cols + 2) * (size_t)(rows + 2);
    if (grid_alloc(g) != 0)
        return -1;
    g->top = hex_cell(g, 0, -1);
    g->bottom = hex_cell(g, 0, rows);
    g->left = hex_cell(g, -1, 0);
    g->right = hex_cell(g, cols, 0);
    hex_neighbour_offsets(g, g->off);
    colour_borders(g);
    reset_sets(g);
    return 0;
}

int hex_grid_copy(hex_grid *dst, const hex_grid *src)
{
    *dst = *src;
    if (grid_alloc(dst) != 0) {
        dst->parent = NULL;
        dst->colour = dst->rank = dst->flags = NULL;
        return -1;
    }
    memcpy(dst->parent, src->parent, src->npadded * (sizeof *src->parent + 3));
    return 0;
}

void hex_grid_free(hex_grid *g)
{
    free(g->parent);
    g->parent = NULL;
    g->colour = g->rank = g->flags = NULL;
}

/* Join the set of the stone at p with those of its neighbours of its colour;
 * the root of the set p is now in.  The six neighbours, taken around the
 * ring (above, above right, right, below, below left, left), are each
 * adjacent to the next, so of a run of same-coloured ones only the first
 * needs a find: the run is one set already.  The mask of same-coloured
 * neighbours is made without a branch, and so is each union (joining a set
 * to itself changes nothing).  `root` is p's root, p itself for a `fresh`
 * stone, which simply joins the first set it touches. */
static int32_t join_neighbours(hex_grid *g, int32_t p, int32_t root, int fresh)
{
    const uint8_t *restrict colour = g->colour;
    int32_t *restrict parent = g->parent;
    uint8_t *restrict rank = g->rank, *restrict flags = g->flags;
    int32_t s = g->stride;
    const int32_t ring[6] = {-s, -s + 1, 1, s, s - 1, -1};
    uint8_t c = colour[p];
    unsigned same = (unsigned)(colour[p + ring[0]] == c) | (unsigned)(colour[p + ring[1]] == c) << 1 |
                    (unsigned)(colour[p + ring[2]] == c) << 2 | (unsigned)(colour[p + ring[3]] == c) << 3 |
                    (unsigned)(colour[p + ring[4]] == c) << 4 | (unsigned)(colour[p + ring[5]] == c) << 5;
    unsigned starts = same & ~(((same << 1) | (same >> 5)) & 0x3Fu);
    if (same == 0x3Fu)
        starts = 1; /* one run all around */
    if (starts && fresh) {
        /* a new stone (rank 0, no edge) joins the first run's set: no rank or flags to merge */
        int32_t other = find_shallow(parent, p + ring[lowest_bit(starts)]);
        parent[p] = other;
        root = other;
        starts &= starts - 1;
    }
    for (; starts; starts &= starts - 1) {
        int32_t other = find_shallow(parent, p + ring[lowest_bit(starts)]);
        int low = rank[root] < rank[other];
        int32_t hi = low ? other : root, lo = low ? root : other;
        parent[lo] = hi;
        rank[hi] = (uint8_t)(rank[hi] + ((rank[hi] == rank[lo]) & (hi != lo)));
        flags[hi] |= flags[lo];
        root = hi;
    }
    return root;
}

/* A cell that takes a stone: a set of its own, touching no edge. */
static void new_set(hex_grid *g, int32_t p)
{
    g->parent[p] = p;
    g->rank[p] = 0;
    g->flags[p] = 0;
}

void hex_grid_refresh(hex_grid *g)
{
    if (!g->stale)
        return;
    reset_sets(g);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++)
            new_set(g, hex_cell(g, c, r));
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int32_t p = hex_cell(g, c, r);
            if (g->colour[p] == HEX_BLACK || g->colour[p] == HEX_WHITE)
                join_neighbours(g, p, find_mut(g->parent, p), 0);
        }
    g->won = edges_joined(g, HEX_BLACK) ? HEX_BLACK : edges_joined(g, HEX_WHITE) ? HEX_WHITE : HEX_EMPTY;
    g->stale = 0;
}

void hex_grid_place(hex_grid *g, int32_t p, int colour)
{
    hex_grid_refresh(g);
    g->colour[p] = (uint8_t)colour;
    g->stones[colour - 1]++;
    new_set(g, p);
    int32_t root = join_neighbours(g, p, p, 1);
    /* only the colour just placed can have joined its edges, and only through
     * p; Black is named first when both have (setup can make any position) */
    uint8_t need = edges_of(colour);
    if ((g->flags[root] & need) == need && (g->won == HEX_EMPTY || (g->won == HEX_WHITE && colour == HEX_BLACK)))
        g->won = colour;
}

void hex_grid_set(hex_grid *g, int32_t p, int colour)
{
    int was = g->colour[p];
    if (was == colour)
        return;
    if (was == HEX_EMPTY && !g->stale) {
        hex_grid_place(g, p, colour);
        return;
    }
    if (was != HEX_EMPTY)
        g->stones[was - 1]--;
    if (colour != HEX_EMPTY)
        g->stones[colour - 1]++;
    g->colour[p] = (uint8_t)colour;
    g->stale = 1;
}

/* Breadth-first search over `colour` from its first edge; non-zero when the
 * second edge is reached.  `seen` and `queue` hold npadded entries. */
static int flood_reaches(const hex_grid *g, int colour, uint8_t *seen, int32_t *queue)
{
    int32_t off[6];
    size_t head = 0, tail = 0;
    hex_neighbour_offsets(g, off);
    memset(seen, 0, g->npadded);
    int n = colour == HEX_BLACK ? g->cols : g->rows;
    for (int i = 0; i < n; i++) {
        int32_t p = colour == HEX_BLACK ? hex_cell(g, i, 0) : hex_cell(g, 0, i);
        if (g->colour[p] == colour) {
            seen[p] = 1;
            queue[tail++] = p;
        }
    }
    while (head < tail) {
        int32_t p = queue[head++];
        if ((colour == HEX_BLACK && hex_cell_row(g, p) == g->rows - 1) ||
            (colour == HEX_WHITE && hex_cell_col(g, p) == g->cols - 1))
            return 1;
        for (int k = 0; k < 6; k++) {
            int32_t q = p + off[k];
            int col = hex_cell_col(g, q), row = hex_cell_row(g, q);
            if (col < 0 || row < 0 || col >= g->cols || row >= g->rows || seen[q] || g->colour[q] != colour)
                continue;
            seen[q] = 1;
            queue[tail++] = q;
        }
    }
    return 0;
}

int hex_grid_connected_slow(const hex_grid *g)
{
    uint8_t *seen = malloc(g->npadded);
    int32_t *queue = malloc(g->npadded * sizeof *queue);
    int who = HEX_EMPTY;
    if (seen && queue) {
        if (flood_reaches(g, HEX_BLACK, seen, queue))
            who = HEX_BLACK;
        else if (flood_reaches(g, HEX_WHITE, seen, queue))
            who = HEX_WHITE;
    }
    free(seen);
    free(queue);
    return who;
}

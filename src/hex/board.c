/* board.c - the Hex grid: padded cells, stones, and a union-find that knows
 * at once when a colour joins its two edges.
 *
 * Layout and edges are described in hex_impl.h.  The union-find uses union
 * by rank and path halving, so a move costs amortised near-constant time: at
 * most six unions (one per neighbour of the same colour, border cells
 * included) and two finds for the win test, whose answer is kept (`won`) so
 * that asking who has won costs nothing.
 *
 * What it does not do: turns, swaps, results (rules.c).  The breadth-first
 * flood fill at the end is deliberately independent of the union-find: it
 * answers for stale sets and lets the tests check one against the other. */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

static int32_t find_mut(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void unite(hex_grid *g, int32_t a, int32_t b)
{
    a = find_mut(g->parent, a);
    b = find_mut(g->parent, b);
    if (a == b)
        return;
    if (g->rank[a] < g->rank[b]) {
        int32_t t = a;
        a = b;
        b = t;
    }
    g->parent[b] = a;
    if (g->rank[a] == g->rank[b])
        g->rank[a]++;
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

/* Every cell its own set, then each side's border cells one set. */
static void reset_sets(hex_grid *g)
{
    for (size_t i = 0; i < g->npadded; i++)
        g->parent[i] = (int32_t)i;
    memset(g->rank, 0, g->npadded);
    for (int c = 0; c < g->cols; c++) {
        g->parent[hex_cell(g, c, -1)] = g->top;
        g->parent[hex_cell(g, c, g->rows)] = g->bottom;
    }
    for (int r = 0; r < g->rows; r++) {
        g->parent[hex_cell(g, -1, r)] = g->left;
        g->parent[hex_cell(g, g->cols, r)] = g->right;
    }
    g->rank[g->top] = g->rank[g->bottom] = g->rank[g->left] = g->rank[g->right] = 1;
    g->won = HEX_EMPTY;
}

/* Whether `colour` joins its edges by the sets (not stale). */
static int edges_joined(hex_grid *g, int colour)
{
    if (colour == HEX_BLACK)
        return find_mut(g->parent, g->top) == find_mut(g->parent, g->bottom);
    return find_mut(g->parent, g->left) == find_mut(g->parent, g->right);
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
    g->colour = malloc(g->npadded);
    g->parent = malloc(g->npadded * sizeof *g->parent);
    g->rank = malloc(g->npadded);
    if (!g->colour || !g->parent || !g->rank) {
        hex_grid_free(g);
        return -1;
    }
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
    dst->colour = malloc(src->npadded);
    dst->parent = malloc(src->npadded * sizeof *dst->parent);
    dst->rank = malloc(src->npadded);
    if (!dst->colour || !dst->parent || !dst->rank) {
        hex_grid_free(dst);
        return -1;
    }
    memcpy(dst->colour, src->colour, src->npadded);
    memcpy(dst->parent, src->parent, src->npadded * sizeof *dst->parent);
    memcpy(dst->rank, src->rank, src->npadded);
    return 0;
}

void hex_grid_free(hex_grid *g)
{
    free(g->colour);
    free(g->parent);
    free(g->rank);
    g->colour = NULL;
    g->parent = NULL;
    g->rank = NULL;
}

static void join_neighbours(hex_grid *g, int32_t p, const int32_t off[6])
{
    uint8_t c = g->colour[p];
    int32_t root = find_mut(g->parent, p);
    for (int k = 0; k < 6; k++)
        if (g->colour[p + off[k]] == c) {
            unite(g, root, p + off[k]);
            root = find_mut(g->parent, root); /* one step at most: root was a root */
        }
}

void hex_grid_refresh(hex_grid *g)
{
    if (!g->stale)
        return;
    int32_t off[6];
    hex_neighbour_offsets(g, off);
    reset_sets(g);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int32_t p = hex_cell(g, c, r);
            if (g->colour[p] == HEX_BLACK || g->colour[p] == HEX_WHITE)
                join_neighbours(g, p, off);
        }
    g->won = edges_joined(g, HEX_BLACK) ? HEX_BLACK : edges_joined(g, HEX_WHITE) ? HEX_WHITE : HEX_EMPTY;
    g->stale = 0;
}

void hex_grid_place(hex_grid *g, int32_t p, int colour)
{
    hex_grid_refresh(g);
    g->colour[p] = (uint8_t)colour;
    g->stones[colour - 1]++;
    join_neighbours(g, p, g->off);
    /* only the colour just placed can have joined its edges; Black is named
     * first when both have (setup can make any position) */
    if (g->won == HEX_EMPTY || (g->won == HEX_WHITE && colour == HEX_BLACK))
        if (edges_joined(g, colour))
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

/* proof.c - what can be proved about a Hex position without a search, for the
 * engines (lx_hex_sim_dead_cells, lx_hex_sim_connection, lx_hex_sim_proved_move
 * in ludex/hex.h, through sim.c).  Works on a padded colour array (hex_impl.h:
 * border rows Black, border columns White, corners nobody).
 *
 * Dead cells: an empty cell whose colour cannot change who wins, found by its
 * six neighbours (a border cell counts as a stone of its side), in any
 * rotation and for either colour X against Y:
 *   - four neighbours in a row X;
 *   - three in a row X and the one opposite the middle one Y;
 *   - two in a row X and the two across from them Y (X X . Y Y .).
 * In each, a stone on the cell joins nothing its neighbours do not already
 * join for either colour.  Filling a dead cell with any colour leaves the
 * winner alone, so the search is repeated after filling (a cell dead after
 * the fill was dead before).  Playing a dead cell is a pass, never better
 * than another move.
 *
 * Virtual connections: the groups of the prover's stones, with its two edges
 * as two more, and every empty cell joining two of them; two groups that two
 * or more empty cells join are joined whatever the opponent does (he takes
 * one, the prover the other - a bridge, or a second-row stone's link to its
 * edge, or any pair of common neighbours); a stone two rows from its edge
 * with a ziggurat's eight cells empty is joined to it too.  A chain of such
 * links from edge to edge whose cells are all different is a connection the
 * prover keeps even moving second: the opponent's stone touches at most one
 * link, and the link's answer mends it.  The fewest moves (a pair one, a
 * ziggurat two) is looked for first (Dijkstra); when two links of a chain
 * would share a cell, one of them is left out and the search tried again, a
 * bounded number of times.  Dead cells are filled with the prover's colour
 * first.  What is found is a proof; what is not found may still be a win (H-search,
 * hsearch.c, finds more: the engine asks both).
 *
 * Must-play: every cell where the opponent's stone would give him such a
 * connection is a threat; a move outside that cell and its connection's cells
 * leaves him the win, so the mover's only moves worth searching are the cells
 * common to all the threats (none left: a proved loss). */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

enum { RETRIES = 32 };

static void ring_of(int cols, int32_t ring[6])
{
    int32_t st = cols + 2;
    int32_t r[6] = {1, 1 - st, -st, -1, st - 1, st};
    memcpy(ring, r, sizeof r);
}

/* Whether the neighbours' colours (6, ring order) make the cell dead. */
static int dead_pattern(const uint8_t n[6])
{
    for (int x = HEX_BLACK; x <= HEX_WHITE; x++) {
        int y = x ^ 3;
        for (int k = 0; k < 6; k++) {
            int a = n[k] == x, b = n[(k + 1) % 6] == x, c = n[(k + 2) % 6] == x, d = n[(k + 3) % 6] == x;
            if (a && b && c && (d || n[(k + 4) % 6] == y))
                return 1;
            if (a && b && n[(k + 3) % 6] == y && n[(k + 4) % 6] == y)
                return 1;
        }
    }
    return 0;
}

int hex_proof_is_dead(const uint8_t *colour, int cols, int32_t p)
{
    int32_t ring[6];
    ring_of(cols, ring);
    uint8_t n[6];
    for (int k = 0; k < 6; k++)
        n[k] = colour[p + ring[k]];
    return colour[p] == HEX_EMPTY && dead_pattern(n);
}

size_t hex_proof_fill_dead(uint8_t *colour, int cols, int rows, uint8_t fill, uint8_t *dead)
{
    int32_t st = cols + 2;
    size_t found = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int32_t p = (r + 1) * st + c + 1;
                if (hex_proof_is_dead(colour, cols, p)) {
                    colour[p] = fill;
                    if (dead)
                        dead[p] = 1;
                    found++;
                    changed = 1;
                }
            }
    }
    return found;
}

/* ---- connections ------------------------------------------------------------ */

typedef struct pair_cell {
    int32_t a, b; /* nodes, a < b */
    int32_t cell;
} pair_cell;

typedef struct link {
    int32_t a, b;
    int32_t first, n; /* its cells: pairs[first .. first + n - 1].cell, or tcells[...] for a template */
    int32_t moves;    /* the prover's moves it needs: a pair 1, a ziggurat 2 */
} link;

typedef struct vc_work {
    int cols, rows, stride;
    uint8_t me;
    int32_t ring[6];
    int32_t *label, *stack; /* per padded cell; node numbers (0, 1 the edges) */
    int32_t nodes;
    pair_cell *pairs;
    size_t npairs;
    int32_t *tcells; /* the templates' cells, ZIG_CELLS a template */
    size_t ntcells;
    link *links;
    size_t nlinks;
    int32_t *adj_start, *adj; /* links by node */
    int32_t *dist, *via, *queue;
    uint8_t *banned, *used;
} vc_work;

/* The edge (0, 1) border cell q stands for when it is me's, else -1. */
static int32_t edge_node(const vc_work *w, int32_t q)
{
    return hex_padded_edge(q, w->cols, w->rows, w->me);
}

static int inside(const vc_work *w, int32_t q)
{
    return hex_padded_inside(q, w->cols, w->rows);
}

/* Flood the group of p (a stone of me) with node number `node`. */
static void flood(vc_work *w, const uint8_t *colour, int32_t p, int32_t node)
{
    int32_t top = 0;
    w->label[p] = node;
    w->stack[top++] = p;
    while (top > 0) {
        int32_t q = w->stack[--top];
        for (int k = 0; k < 6; k++) {
            int32_t n = q + w->ring[k];
            if (inside(w, n) && colour[n] == w->me && w->label[n] < 0) {
                w->label[n] = node;
                w->stack[top++] = n;
            }
        }
    }
}

/* Label the groups: the edges' groups first (0, 1); 1 when they are one (won). */
static int label_nodes(vc_work *w, const uint8_t *colour)
{
    for (int32_t p = 0; p < w->stride * (w->rows + 2); p++)
        w->label[p] = -1;
    for (int edge = 0; edge < 2; edge++) {
        int len = w->me == HEX_BLACK ? w->cols : w->rows;
        for (int i = 0; i < len; i++) {
            int col = w->me == HEX_BLACK ? i : edge ? w->cols - 1 : 0;
            int row = w->me == HEX_BLACK ? (edge ? w->rows - 1 : 0) : i;
            int32_t p = (row + 1) * w->stride + col + 1;
            if (colour[p] != w->me)
                continue;
            if (w->label[p] == 0 && edge == 1)
                return 1;
            if (w->label[p] < 0)
                flood(w, colour, p, edge);
        }
    }
    w->nodes = 2;
    for (int r = 0; r < w->rows; r++)
        for (int c = 0; c < w->cols; c++) {
            int32_t p = (r + 1) * w->stride + c + 1;
            if (colour[p] == w->me && w->label[p] < 0)
                flood(w, colour, p, w->nodes++);
        }
    return 0;
}

static int cmp_pair(const void *x, const void *y)
{
    const pair_cell *a = x, *b = y;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    if (a->b != b->b)
        return a->b < b->b ? -1 : 1;
    return (a->cell > b->cell) - (a->cell < b->cell);
}

/* The ziggurat (edge template IIIa): a stone two rows from its edge joins it
 * whatever the opponent plays when these eight cells are empty, in the frame
 * of Black's bottom edge (columns right, rows towards the edge), and their
 * mirror image (c, r) -> (-c - r, r).  Answers: an intrusion on the right
 * (t, d2 or its edge cells) is met by the left cell below the stone, one on
 * the left by the right one, and one on the edge cell both share by the cell
 * below t, a bridge from the stone. */
enum { ZIG_CELLS = 8 };
static const int8_t zig[2][ZIG_CELLS][2] = {
    {{1, 0}, {-1, 1}, {0, 1}, {1, 1}, {-2, 2}, {-1, 2}, {0, 2}, {1, 2}},
    {{-1, 0}, {0, 1}, {-1, 1}, {-2, 1}, {0, 2}, {-1, 2}, {-2, 2}, {-3, 2}},
};

/* The frame of edge `edge` (0 first, 1 second) of w->me: the column and row
 * offsets of template offset (dc, dr). */
static void frame(const vc_work *w, int edge, int dc, int dr, int *col, int *row)
{
    int sc = edge ? dc : -dc, sr = edge ? dr : -dr; /* the first edge: turned half round */
    *col = w->me == HEX_BLACK ? sc : sr;            /* White's edges: rows and columns swapped */
    *row = w->me == HEX_BLACK ? sr : sc;
}

/* Ziggurats of the stones two rows from an edge, as links of ZIG_CELLS cells. */
static void find_templates(vc_work *w, const uint8_t *colour, size_t *nlinks)
{
    w->ntcells = 0;
    for (int r = 0; r < w->rows; r++)
        for (int c = 0; c < w->cols; c++) {
            int32_t p = (r + 1) * w->stride + c + 1;
            if (colour[p] != w->me)
                continue;
            for (int edge = 0; edge < 2; edge++) {
                int dist = w->me == HEX_BLACK ? (edge ? w->rows - 1 - r : r) : (edge ? w->cols - 1 - c : c);
                if (dist != 2 || w->label[p] == edge)
                    continue;
                for (int t = 0; t < 2; t++) {
                    int ok = 1;
                    int32_t cells[ZIG_CELLS];
                    for (int k = 0; k < ZIG_CELLS && ok; k++) {
                        int dc, dr;
                        frame(w, edge, zig[t][k][0], zig[t][k][1], &dc, &dr);
                        int cc = c + dc, rr = r + dr;
                        ok = cc >= 0 && cc < w->cols && rr >= 0 && rr < w->rows;
                        cells[k] = ok ? (rr + 1) * w->stride + cc + 1 : 0;
                        ok = ok && colour[cells[k]] == HEX_EMPTY;
                    }
                    if (!ok)
                        continue;
                    int32_t a = w->label[p] < edge ? w->label[p] : edge, b = w->label[p] ^ edge ^ a;
                    memcpy(w->tcells + w->ntcells, cells, sizeof cells);
                    w->links[(*nlinks)++] = (link){a, b, -1 - (int32_t)w->ntcells, ZIG_CELLS, 2};
                    w->ntcells += ZIG_CELLS;
                }
            }
        }
}

/* The j-th cell of link l. */
static int32_t link_cell(const vc_work *w, const link *l, int32_t j)
{
    return l->first < 0 ? w->tcells[-1 - l->first + j] : w->pairs[l->first + j].cell;
}

/* Every empty cell's pairs of nodes it touches, then the links of two cells or more. */
static void find_links(vc_work *w, const uint8_t *colour)
{
    w->npairs = 0;
    for (int r = 0; r < w->rows; r++)
        for (int c = 0; c < w->cols; c++) {
            int32_t p = (r + 1) * w->stride + c + 1, near[6];
            int nn = 0;
            if (colour[p] != HEX_EMPTY)
                continue;
            for (int k = 0; k < 6; k++) {
                int32_t q = p + w->ring[k], node = inside(w, q) ? (colour[q] == w->me ? w->label[q] : -1) : edge_node(w, q);
                int dup = node < 0;
                for (int j = 0; j < nn && !dup; j++)
                    dup = near[j] == node;
                if (!dup)
                    near[nn++] = node;
            }
            for (int i = 0; i < nn; i++)
                for (int j = i + 1; j < nn; j++) {
                    int32_t a = near[i] < near[j] ? near[i] : near[j], b = near[i] ^ near[j] ^ a;
                    w->pairs[w->npairs++] = (pair_cell){a, b, p};
                }
        }
    qsort(w->pairs, w->npairs, sizeof *w->pairs, cmp_pair);
    w->nlinks = 0;
    for (size_t i = 0; i < w->npairs;) {
        size_t j = i;
        while (j < w->npairs && w->pairs[j].a == w->pairs[i].a && w->pairs[j].b == w->pairs[i].b)
            j++;
        if (j - i >= 2)
            w->links[w->nlinks++] = (link){w->pairs[i].a, w->pairs[i].b, (int32_t)i, (int32_t)(j - i), 1};
        i = j;
    }
    find_templates(w, colour, &w->nlinks);
    /* links by node (each link under both its ends) */
    memset(w->adj_start, 0, ((size_t)w->nodes + 1) * sizeof *w->adj_start);
    for (size_t i = 0; i < w->nlinks; i++)
        w->adj_start[w->links[i].a + 1]++, w->adj_start[w->links[i].b + 1]++;
    for (int32_t n = 0; n < w->nodes; n++)
        w->adj_start[n + 1] += w->adj_start[n];
    for (int32_t n = 0; n < w->nodes; n++)
        w->dist[n] = w->adj_start[n]; /* fill positions */
    for (size_t i = 0; i < w->nlinks; i++) {
        w->adj[w->dist[w->links[i].a]++] = (int32_t)i;
        w->adj[w->dist[w->links[i].b]++] = (int32_t)i;
    }
}

/* The fewest moves from node 0 to node 1 by links not banned (Dijkstra, the
 * queue as a mark of nodes done); -1 when none. */
static int32_t shortest(vc_work *w)
{
    for (int32_t n = 0; n < w->nodes; n++)
        w->dist[n] = -1, w->queue[n] = 0;
    w->dist[0] = 0;
    for (;;) {
        int32_t n = -1;
        for (int32_t m = 0; m < w->nodes; m++)
            if (!w->queue[m] && w->dist[m] >= 0 && (n < 0 || w->dist[m] < w->dist[n]))
                n = m;
        if (n < 0)
            return -1;
        if (n == 1)
            return w->dist[1];
        w->queue[n] = 1;
        for (int32_t i = w->adj_start[n]; i < w->adj_start[n + 1]; i++) {
            const link *l = &w->links[w->adj[i]];
            int32_t m = l->a == n ? l->b : l->a, d = w->dist[n] + l->moves;
            if (w->banned[w->adj[i]] || w->queue[m] || (w->dist[m] >= 0 && w->dist[m] <= d))
                continue;
            w->dist[m] = d;
            w->via[m] = w->adj[i];
        }
    }
}

/* The cells of each link of the path to node 1 (two of a pair's, all of a
 * template's), none used twice, the links with the least choice first; -1
 * and the link that found none, or 0. */
/* A link's cells beyond those it needs. */
static int32_t slack(const link *l)
{
    return l->first < 0 ? 0 : l->n - 2;
}

static int32_t assign(vc_work *w, int32_t *carrier, size_t cap, size_t *ncarrier)
{
    int32_t *path = w->queue, len = 0; /* the search's marks are free now */
    for (int32_t n = 1; n != 0;) {
        const link *l = &w->links[w->via[n]];
        path[len++] = w->via[n];
        n = l->a == n ? l->b : l->a;
    }
    for (int32_t i = 0; i < len; i++) /* by number of cells: insertion sort */
        for (int32_t j = i; j > 0 && slack(&w->links[path[j]]) < slack(&w->links[path[j - 1]]); j--) {
            int32_t t = path[j];
            path[j] = path[j - 1];
            path[j - 1] = t;
        }
    size_t nc = 0;
    int32_t failed = -1;
    for (int32_t i = 0; i < len && failed < 0; i++) {
        const link *l = &w->links[path[i]];
        int got = 0, need = l->first < 0 ? l->n : 2;
        for (int32_t j = 0; j < l->n && got < need; j++) {
            int32_t cell = link_cell(w, l, j);
            if (w->used[cell])
                continue;
            w->used[cell] = 1;
            if (nc < cap)
                carrier[nc] = cell;
            nc++;
            got++;
        }
        if (got < need)
            failed = path[i];
    }
    for (int r = 0; r < w->rows; r++) /* clear the marks */
        memset(w->used + (r + 1) * w->stride, 0, (size_t)w->stride);
    if (ncarrier)
        *ncarrier = nc;
    return failed < 0 ? 0 : -1 - failed;
}

static void work_free(vc_work *w)
{
    free(w->label);
    free(w->pairs);
    free(w->links);
    free(w->adj_start);
    free(w->banned);
    free(w->tcells);
}

static int work_init(vc_work *w, int cols, int rows, uint8_t me)
{
    memset(w, 0, sizeof *w);
    w->cols = cols, w->rows = rows, w->stride = cols + 2, w->me = me;
    ring_of(cols, w->ring);
    size_t padded = (size_t)w->stride * (size_t)(rows + 2), cells = (size_t)cols * (size_t)rows;
    size_t nodes = cells + 2;
    w->label = malloc(2 * padded * sizeof *w->label);
    w->pairs = malloc((cells * 15 + 1) * sizeof *w->pairs);
    w->links = malloc((cells * 15 + 1) * sizeof *w->links);
    w->adj_start = malloc((4 * nodes + 1 + 2 * (cells * 15 + 1)) * sizeof *w->adj_start);
    w->banned = malloc(cells * 15 + 1 + padded);
    w->tcells = malloc((cells * 4 * ZIG_CELLS + 1) * sizeof *w->tcells); /* 2 edges x 2 ways a stone */
    if (!w->label || !w->pairs || !w->links || !w->adj_start || !w->banned || !w->tcells) {
        work_free(w);
        return -1;
    }
    w->stack = w->label + padded;
    w->dist = w->adj_start + nodes + 1;
    w->via = w->dist + nodes;
    w->queue = w->via + nodes;
    w->adj = w->queue + nodes;
    w->used = w->banned + cells * 15 + 1;
    memset(w->used, 0, padded);
    return 0;
}

/* The connection on `colour` as it is (no fill-in), with w set up. */
static int32_t connection_in(vc_work *w, const uint8_t *colour, int32_t *carrier, size_t cap, size_t *ncarrier)
{
    if (ncarrier)
        *ncarrier = 0;
    if (label_nodes(w, colour))
        return 0;
    find_links(w, colour);
    memset(w->banned, 0, w->nlinks);
    for (int tries = 0; tries < RETRIES; tries++) {
        int32_t k = shortest(w);
        if (k < 0)
            return -1;
        int32_t rc = assign(w, carrier, cap, ncarrier);
        if (rc == 0)
            return k;
        w->banned[-1 - rc] = 1;
    }
    return -1;
}

/* w set up for `me` and a copy of `colour` with the dead cells filled for me
 * (NULL when out of memory). */
static uint8_t *filled_copy(vc_work *w, const uint8_t *colour, int cols, int rows, uint8_t me)
{
    size_t padded = (size_t)(cols + 2) * (size_t)(rows + 2);
    uint8_t *copy = malloc(padded);
    if (!copy || work_init(w, cols, rows, me) != 0) {
        free(copy);
        return NULL;
    }
    memcpy(copy, colour, padded);
    hex_proof_fill_dead(copy, cols, rows, me, NULL);
    return copy;
}

int32_t hex_proof_connection(const uint8_t *colour, int cols, int rows, uint8_t me, int32_t *carrier, size_t cap,
                             size_t *ncarrier)
{
    vc_work w;
    uint8_t *copy = filled_copy(&w, colour, cols, rows, me);
    if (!copy)
        return -1;
    int32_t k = connection_in(&w, copy, carrier, cap, ncarrier);
    work_free(&w);
    free(copy);
    return k;
}

int32_t hex_proof_move(const uint8_t *colour, int cols, int rows, uint8_t me, int32_t *best)
{
    vc_work w;
    uint8_t *copy = filled_copy(&w, colour, cols, rows, me);
    *best = -1;
    if (!copy)
        return -1;
    int32_t least = -1;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int32_t p = (r + 1) * (cols + 2) + c + 1;
            if (colour[p] != HEX_EMPTY) /* a dead cell filled in the copy is still a move */
                continue;
            uint8_t was = copy[p];
            copy[p] = me;
            int32_t k = connection_in(&w, copy, NULL, 0, NULL);
            copy[p] = was;
            if (k >= 0 && (least < 0 || k < least)) {
                least = k;
                *best = p;
                if (k == 0)
                    goto done;
            }
        }
done:
    work_free(&w);
    free(copy);
    return least < 0 ? -1 : least + 1;
}

int32_t hex_proof_must_play(const uint8_t *colour, int cols, int rows, uint8_t me, uint8_t *allowed)
{
    uint8_t them = (uint8_t)(me ^ 3);
    vc_work w;
    uint8_t *copy = filled_copy(&w, colour, cols, rows, them);
    size_t cells = (size_t)cols * (size_t)rows;
    int32_t *carrier = malloc(2 * cells * sizeof *carrier);
    uint8_t *hit = calloc((size_t)(cols + 2) * (size_t)(rows + 2), 1);
    int32_t threats = 0, left = 0;
    if (!copy || !carrier || !hit)
        goto done;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int32_t p = (r + 1) * (cols + 2) + c + 1;
            if (colour[p] != HEX_EMPTY || copy[p] != HEX_EMPTY) /* a dead cell is no threat */
                continue;
            size_t n = 0;
            copy[p] = them;
            int32_t k = connection_in(&w, copy, carrier, 2 * cells, &n);
            copy[p] = HEX_EMPTY;
            if (k < 0)
                continue;
            /* me must play in {p} and this carrier: count the hits of each cell */
            threats++;
            hit[p]++;
            for (size_t i = 0; i < n && i < 2 * cells; i++)
                hit[carrier[i]]++;
            if (threats >= 255)
                break;
        }
    for (int r = 0; r < rows && threats > 0; r++)
        for (int c = 0; c < cols; c++) {
            int32_t p = (r + 1) * (cols + 2) + c + 1;
            allowed[p] = colour[p] == HEX_EMPTY && hit[p] == threats;
            left += allowed[p];
        }
done:
    if (copy) {
        work_free(&w);
        free(copy);
    }
    free(carrier);
    free(hit);
    return threats > 0 ? left : -1;
}


/* hsearch.c - H-search (Anshelevich): the virtual connections of one colour
 * on a Hex position, full and semi, between its groups, its two edges and
 * the empty cells, for the engines' proofs (proof.c, sim.c).
 *
 * Points are the empty cells, the groups of `me` and its two edges (a group
 * touching an edge is that edge).  A full connection between two points is
 * a set of empty cells (its carrier) in which `me` joins them whatever the
 * opponent plays, moving second; a semi connection joins them if `me` moves
 * first, at its key (in its carrier).  Rules:
 *   - base: two adjacent points are joined, carrier empty;
 *   - AND: x-z and z-y full, carriers disjoint and not holding x, y: x-y is
 *     full through a group or edge z (carrier A + B), semi through an empty z
 *     (carrier A + B + z, key z);
 *   - OR: semis between x and y whose carriers have nothing in common make a
 *     full x-y with the union of their carriers (the opponent cannot spoil
 *     all of them with one stone; `me` answers in the one he spared).
 * New full connections go through a queue and meet every full connection
 * of their ends; each pair keeps at most FULL_MAX full and SEMI_MAX semi
 * connections, none a superset of another of its kind, and the OR rule
 * looks at sets of up to OR_DEPTH semis.  Carriers are cell bit sets, so
 * boards of at most HEX_HS_MAX_CELLS cells.
 *
 * What it gives: whether `me` is joined edge to edge (full: a proved win
 * even moving second), its edge-to-edge semis (moving first `me` wins at a
 * key), and the must-play of the opponent: the cells common to the carriers
 * of all the semis (a stone elsewhere leaves `me` a semi whose key wins). */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

enum { FULL_MAX = 6, SEMI_MAX = 12, OR_DEPTH = 4, QUEUE_MAX = 1 << 16, WORK_MAX = 400000 };

typedef struct hbits {
    uint64_t w[2];
} hbits;

typedef struct hpair {
    uint8_t nfull, nsemi;
    hbits full[FULL_MAX];
    hbits semi[SEMI_MAX];
    int16_t key[SEMI_MAX]; /* each semi's key: its cell's bit */
} hpair;

struct hex_hsearch {
    int cols, rows, stride;
    int32_t npoints;          /* 0, 1 the edges; groups; empty cells */
    int32_t *point_of;        /* per padded cell: its point, -1 none */
    int32_t *cell_of;         /* per point: an empty cell's bit, -1 for groups and edges */
    int32_t *stack;
    hpair *pairs;             /* npoints x npoints, only x < y used */
    int32_t (*queue)[3];      /* new full connections: x, y, index */
    int32_t *nbr, *nnbr;      /* per point: the points it has a full connection with (npoints each) */
    long work;
    uint8_t me;
};

static hbits bit_of(int32_t b)
{
    hbits s = {{0, 0}};
    s.w[b >> 6] = 1ull << (b & 63);
    return s;
}

static int disjoint(hbits a, hbits b)
{
    return !((a.w[0] & b.w[0]) | (a.w[1] & b.w[1]));
}

static int subset(hbits a, hbits b) /* a within b */
{
    return !((a.w[0] & ~b.w[0]) | (a.w[1] & ~b.w[1]));
}

static hbits unite(hbits a, hbits b)
{
    return (hbits){{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
}

static hbits meet(hbits a, hbits b)
{
    return (hbits){{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
}

static int empty_set(hbits a)
{
    return !(a.w[0] | a.w[1]);
}

hex_hsearch *hex_hsearch_new(int cols, int rows)
{
    if ((long)cols * rows > HEX_HS_MAX_CELLS)
        return NULL;
    hex_hsearch *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->cols = cols, h->rows = rows, h->stride = cols + 2;
    size_t padded = (size_t)h->stride * (size_t)(rows + 2), points = (size_t)cols * rows + 2;
    h->point_of = malloc(padded * sizeof *h->point_of);
    h->stack = malloc(padded * sizeof *h->stack);
    h->cell_of = malloc(points * sizeof *h->cell_of);
    h->pairs = malloc(points * points * sizeof *h->pairs);
    h->queue = malloc(QUEUE_MAX * sizeof *h->queue);
    h->nbr = malloc(points * points * sizeof *h->nbr);
    h->nnbr = malloc(points * sizeof *h->nnbr);
    if (!h->point_of || !h->stack || !h->cell_of || !h->pairs || !h->queue || !h->nbr || !h->nnbr) {
        hex_hsearch_free(h);
        return NULL;
    }
    return h;
}

void hex_hsearch_free(hex_hsearch *h)
{
    if (!h)
        return;
    free(h->point_of);
    free(h->stack);
    free(h->cell_of);
    free(h->pairs);
    free(h->queue);
    free(h->nbr);
    free(h->nnbr);
    free(h);
}

static hpair *pair_of(hex_hsearch *h, int32_t x, int32_t y)
{
    return x < y ? &h->pairs[(size_t)x * (size_t)h->npoints + (size_t)y]
                 : &h->pairs[(size_t)y * (size_t)h->npoints + (size_t)x];
}

/* The edge (0, 1) border cell q stands for when it is me's, else -1. */
static int32_t edge_point(const hex_hsearch *h, int32_t q)
{
    return hex_padded_edge(q, h->cols, h->rows, h->me);
}

static int inside(const hex_hsearch *h, int32_t q)
{
    return hex_padded_inside(q, h->cols, h->rows);
}

/* Number the points: each group of me (flooded; the edge it touches is its
 * point, -2 when it touches both), then the empty cells. */
static int number_points(hex_hsearch *h, const uint8_t *colour, const int32_t ring[6])
{
    size_t padded = (size_t)h->stride * (size_t)(h->rows + 2);
    for (size_t p = 0; p < padded; p++)
        h->point_of[p] = -1;
    int32_t next = 2;
    for (int32_t p = 0; p < (int32_t)padded; p++) {
        if (!inside(h, p) || colour[p] != h->me || h->point_of[p] != -1)
            continue;
        int32_t top = 0, n = 0, edges = 0;
        h->stack[top++] = p;
        h->point_of[p] = -3; /* in the flood */
        while (n < top) {
            int32_t q = h->stack[n++];
            for (int k = 0; k < 6; k++) {
                int32_t r = q + ring[k], e = edge_point(h, r);
                if (e >= 0)
                    edges |= 1 << e;
                else if (inside(h, r) && colour[r] == h->me && h->point_of[r] == -1) {
                    h->point_of[r] = -3;
                    h->stack[top++] = r;
                }
            }
        }
        if (edges == 3)
            return -1;
        int32_t point = edges == 1 ? 0 : edges == 2 ? 1 : next++;
        for (int32_t i = 0; i < top; i++)
            h->point_of[h->stack[i]] = point;
        if (point >= 2)
            h->cell_of[point] = -1;
    }
    h->cell_of[0] = h->cell_of[1] = -1;
    for (int r = 0; r < h->rows; r++)
        for (int c = 0; c < h->cols; c++) {
            int32_t p = (r + 1) * h->stride + c + 1;
            if (colour[p] == HEX_EMPTY) {
                h->cell_of[next] = r * h->cols + c;
                h->point_of[p] = next++;
            }
        }
    h->npoints = next;
    return 0;
}

static void push(hex_hsearch *h, int32_t *tail, int32_t x, int32_t y, int32_t i)
{
    if (*tail < QUEUE_MAX) {
        int32_t *q = h->queue[(*tail)++];
        q[0] = x, q[1] = y, q[2] = i;
    }
}

/* A full connection x-y with carrier c, unless one within it is known. */
static void add_full(hex_hsearch *h, int32_t *tail, int32_t x, int32_t y, hbits c)
{
    hpair *p = pair_of(h, x, y);
    for (int i = 0; i < p->nfull; i++)
        if (subset(p->full[i], c))
            return;
    if (p->nfull >= FULL_MAX)
        return;
    if (p->nfull == 0) {
        h->nbr[(size_t)x * (size_t)h->npoints + (size_t)h->nnbr[x]++] = y;
        h->nbr[(size_t)y * (size_t)h->npoints + (size_t)h->nnbr[y]++] = x;
    }
    p->full[p->nfull] = c;
    push(h, tail, x, y, p->nfull++);
}

/* The OR rule from semi `from` on: sets of semis (the newest in each) whose
 * carriers meet in nothing. */
static void or_rule(hex_hsearch *h, int32_t *tail, int32_t x, int32_t y, hbits in, hbits all, int from, int depth)
{
    hpair *p = pair_of(h, x, y);
    for (int i = from; i >= 0 && h->work < WORK_MAX; i--) {
        h->work++;
        hbits m = meet(in, p->semi[i]);
        if (subset(in, m)) /* no progress */
            continue;
        hbits u = unite(all, p->semi[i]);
        if (empty_set(m))
            add_full(h, tail, x, y, u);
        else if (depth + 1 < OR_DEPTH)
            or_rule(h, tail, x, y, m, u, i - 1, depth + 1);
    }
}

static void add_semi(hex_hsearch *h, int32_t *tail, int32_t x, int32_t y, hbits c, int32_t key)
{
    hpair *p = pair_of(h, x, y);
    for (int i = 0; i < p->nfull; i++)
        if (subset(p->full[i], c))
            return;
    for (int i = 0; i < p->nsemi; i++)
        if (subset(p->semi[i], c))
            return;
    if (p->nsemi >= SEMI_MAX)
        return;
    int n = p->nsemi++;
    p->semi[n] = c;
    p->key[n] = (int16_t)key;
    or_rule(h, tail, x, y, c, c, n - 1, 1);
}

/* The AND rule for full x-z (carrier a) and every full z-y. */
static void and_rule(hex_hsearch *h, int32_t *tail, int32_t x, int32_t z, hbits a)
{
    int32_t zc = h->cell_of[z], xc = h->cell_of[x];
    if (z < 2 || (zc >= 0 && !disjoint(a, bit_of(zc))))
        return; /* through an edge: nothing the goal, edge to edge, needs (and a quadratic many) */
    const int32_t *ys = h->nbr + (size_t)z * (size_t)h->npoints;
    for (int32_t j = 0; j < h->nnbr[z] && h->work < WORK_MAX; j++) {
        int32_t y = ys[j];
        if (y == x)
            continue;
        hpair *p = pair_of(h, z, y);
        int32_t yc = h->cell_of[y];
        if (p->nfull == 0 || (yc >= 0 && !disjoint(a, bit_of(yc))))
            continue;
        for (int i = 0; i < p->nfull; i++) {
            hbits b = p->full[i];
            h->work++;
            if (!disjoint(a, b) || (xc >= 0 && !disjoint(b, bit_of(xc))))
                continue;
            if (zc >= 0)
                add_semi(h, tail, x, y, unite(unite(a, b), bit_of(zc)), zc);
            else
                add_full(h, tail, x, y, unite(a, b));
        }
    }
}

int hex_hsearch_run(hex_hsearch *h, const uint8_t *colour, uint8_t me)
{
    int32_t ring[6] = {1, 1 - h->stride, -h->stride, -1, h->stride - 1, h->stride};
    h->me = me;
    h->work = 0;
    if (number_points(h, colour, ring) != 0) {
        h->pairs[1].nfull = h->pairs[1].nsemi = 0; /* joined already: no carrier (hex_hsearch_full) */
        return 1;
    }
    for (int32_t x = 0; x < h->npoints; x++)
        for (int32_t y = x + 1; y < h->npoints; y++)
            h->pairs[(size_t)x * (size_t)h->npoints + (size_t)y].nfull =
                h->pairs[(size_t)x * (size_t)h->npoints + (size_t)y].nsemi = 0;
    for (int32_t x = 0; x < h->npoints; x++)
        h->nnbr[x] = 0;
    int32_t tail = 0;
    hbits none = {{0, 0}};
    for (int r = 0; r < h->rows; r++) /* base: an empty cell and each point next to it */
        for (int c = 0; c < h->cols; c++) {
            int32_t p = (r + 1) * h->stride + c + 1, x = h->point_of[p];
            if (colour[p] != HEX_EMPTY)
                continue;
            for (int k = 0; k < 6; k++) {
                int32_t q = p + ring[k], y = inside(h, q) ? h->point_of[q] : edge_point(h, q);
                if (y >= 0 && y != x)
                    add_full(h, &tail, x, y, none);
            }
        }
    for (int32_t head = 0; head < tail && h->work < WORK_MAX; head++) {
        int32_t x = h->queue[head][0], y = h->queue[head][1];
        hbits a = pair_of(h, x, y)->full[h->queue[head][2]];
        and_rule(h, &tail, x, y, a); /* x - y - ... */
        and_rule(h, &tail, y, x, a); /* y - x - ... */
    }
    return pair_of(h, 0, 1)->nfull > 0;
}

/* Padded cell ids of the set bits of s, up to cap; their number. */
static size_t cells_of(const hex_hsearch *h, hbits s, int32_t *ids, size_t cap)
{
    size_t n = 0;
    for (int b = 0; b < h->cols * h->rows; b++)
        if (s.w[b >> 6] >> (b & 63) & 1) {
            if (n < cap)
                ids[n] = (b / h->cols + 1) * h->stride + b % h->cols + 1;
            n++;
        }
    return n;
}

size_t hex_hsearch_full(const hex_hsearch *h, int32_t *ids, size_t cap)
{
    const hpair *p = &h->pairs[1];
    if (p->nfull == 0)
        return 0;
    return cells_of(h, p->full[0], ids, cap);
}

int hex_hsearch_semis(const hex_hsearch *h)
{
    return h->pairs[1].nsemi;
}

long hex_hsearch_must_play(const hex_hsearch *h, uint8_t *allowed)
{
    const hpair *p = &h->pairs[1];
    if (p->nsemi == 0)
        return -1;
    hbits all = p->semi[0];
    for (int i = 1; i < p->nsemi; i++)
        all = meet(all, p->semi[i]);
    int32_t ids[HEX_HS_MAX_CELLS];
    size_t n = cells_of(h, all, ids, HEX_HS_MAX_CELLS);
    memset(allowed, 0, (size_t)h->stride * (size_t)(h->rows + 2));
    for (size_t i = 0; i < n; i++)
        allowed[ids[i]] = 1;
    return (long)n;
}

size_t hex_hsearch_semi(const hex_hsearch *h, int32_t *ids, size_t cap)
{
    const hpair *p = &h->pairs[1];
    return p->nsemi ? cells_of(h, p->semi[0], ids, cap) : 0;
}

int32_t hex_hsearch_key(const hex_hsearch *h)
{
    const hpair *p = &h->pairs[1];
    if (p->nsemi == 0)
        return -1;
    int32_t b = p->key[0];
    return (b / h->cols + 1) * h->stride + b % h->cols + 1;
}

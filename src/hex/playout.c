/* playout.c - random Hex games, fast: for benchmarks and playing engines.
 *
 * Fill-then-check.  Hex has no draws and a full board has exactly one
 * winner, so a random game played to the end is decided by which cells each
 * colour got: Black a uniformly random ceil(n/2) of them.  A partial
 * Fisher-Yates shuffle picks White's floor(n/2) cells (the order array is
 * never reset: shuffling a permutation again is still uniform).  For boards
 * up to 64 columns each row is a 64-bit mask and one flood fill decides: it
 * sweeps down the rows, spreading within runs of Black cells and into the two
 * cells below each reached cell ((c,r+1) and (c-1,r+1)), then up, until
 * nothing changes or the bottom row is reached.  Wider boards fill a padded
 * grid and join it with a union-find once.
 *
 * Stepwise.  Alternate random moves, the win tested after every one.  Up to
 * 64 columns, each colour keeps two bit boards: its stones, and those of them
 * joined to its first edge (top for Black, left for White).  A stone played
 * on that edge or next to that set floods the set (by rows, along runs of
 * stones, then into the rows above and below); the colour has won exactly
 * when the flood adds a cell of its far edge.  Every stone joins the set at
 * most once, so a game costs O(cells) flood work and one three-row test per
 * move.  Wider boards use a padded grid (the border belongs to nobody, so the
 * six neighbours need no bounds check) and a union-find by rank whose roots
 * carry the edges their set touches: a move ORs the edges of the sets it
 * joins and the game stops when the mover's set holds both.  A cell's
 * union-find entries are written when it is played, so a new game resets the
 * colours only.
 *
 * The generator is xorshift64* on the caller's state; bounded draws use
 * Lemire's multiply-and-reject, so they are exactly uniform. */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

struct lx_hex_playout {
    int cols, rows, n;
    int32_t *order;          /* cells in the order they were played */
    /* bit boards (cols <= 64): cell index r * 64 + c */
    uint64_t *white, *black, *reach, full;
    /* the padded grid: border cells belong to nobody */
    int32_t stride, off[6];
    size_t npadded;
    uint8_t *colour0, *colour; /* template (borders HEX_NOBODY, cells empty) and the game's */
    uint8_t *edges;            /* per cell: the edges it touches (EDGE_* bits) */
    int32_t *parent;           /* union-find; a cell's entries are set when it is played */
    uint8_t *rank, *flags;     /* rank and, at a root, the edges its set touches */
    /* stepwise on bit boards (cols <= 64): per colour, rows 1..rows of its
     * stones and of those joined to its first edge (top for Black, left for
     * White); rows 0 and rows+1 stay empty */
    uint64_t *stones[2], *joined[2];
    uint64_t next_to[3][64]; /* cells next to column c in the row above, the same row, the row below */
    int32_t *stack;          /* flood: rows ... */
    uint64_t *stack_masks;   /* ... and the cells pending in them */
    int last; /* 1: fill bit boards hold the last game, 2: the grid does, 3: stepwise bit boards */
    int last_moves; /* moves of the last stepwise game (0 after a fill) */
};

enum { EDGE_TOP = 1, EDGE_BOTTOM = 2, EDGE_LEFT = 4, EDGE_RIGHT = 8 };

static uint64_t next_random(uint64_t *s)
{
    return lx_random_next(s);
}

/* Uniform in [0, range), range >= 1. */
static uint32_t below(uint64_t *s, uint32_t range)
{
    uint64_t m = (next_random(s) >> 32) * range;
    uint32_t low = (uint32_t)m;
    if (low < range) {
        uint32_t floor = (uint32_t)-range % range;
        while (low < floor) {
            m = (next_random(s) >> 32) * range;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static int make_grid(lx_hex_playout *p)
{
    int32_t s = p->stride = p->cols + 2;
    p->npadded = (size_t)(p->cols + 2) * (size_t)(p->rows + 2);
    int32_t off[6] = {-1, 1, -s, s, -s + 1, s - 1};
    memcpy(p->off, off, sizeof off);
    p->colour0 = malloc(p->npadded);
    p->colour = malloc(p->npadded);
    p->edges = calloc(p->npadded, 1);
    p->parent = malloc(p->npadded * sizeof *p->parent);
    p->rank = malloc(p->npadded);
    p->flags = malloc(p->npadded);
    if (!p->colour0 || !p->colour || !p->edges || !p->parent || !p->rank || !p->flags)
        return -1;
    memset(p->colour0, HEX_NOBODY, p->npadded);
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            size_t cell = (size_t)(r + 1) * (size_t)s + (size_t)c + 1;
            p->colour0[cell] = HEX_EMPTY;
            p->edges[cell] = (uint8_t)((r == 0 ? EDGE_TOP : 0) | (r == p->rows - 1 ? EDGE_BOTTOM : 0) |
                                       (c == 0 ? EDGE_LEFT : 0) | (c == p->cols - 1 ? EDGE_RIGHT : 0));
        }
    return 0;
}

static int make_step_boards(lx_hex_playout *p)
{
    size_t rows = (size_t)p->rows + 2;
    uint64_t *block = calloc(4 * rows, sizeof *block);
    p->stack = malloc((2 * (size_t)p->n + 2) * sizeof *p->stack); /* each push follows a row that gained a cell */
    p->stack_masks = malloc((2 * (size_t)p->n + 2) * sizeof *p->stack_masks);
    if (!block || !p->stack || !p->stack_masks) {
        free(block);
        return -1;
    }
    for (int k = 0; k < 2; k++) {
        p->stones[k] = block + (size_t)(2 * k) * rows;
        p->joined[k] = block + (size_t)(2 * k + 1) * rows;
    }
    for (int c = 0; c < p->cols; c++) {
        uint64_t left = c > 0 ? 1ull << (c - 1) : 0, self = 1ull << c, right = c + 1 < 64 ? 1ull << (c + 1) : 0;
        p->next_to[0][c] = (self | right) & p->full; /* (c,r-1) and (c+1,r-1) */
        p->next_to[1][c] = (left | right) & p->full; /* (c-1,r) and (c+1,r) */
        p->next_to[2][c] = (left | self) & p->full;  /* (c-1,r+1) and (c,r+1) */
    }
    return 0;
}

lx_hex_playout *lx_hex_playout_new(int cols, int rows)
{
    if (cols < 1 || rows < 1 || cols > LX_HEX_MAX_SIDE || rows > LX_HEX_MAX_SIDE || (long)cols * rows > LX_HEX_MAX_CELLS)
        return NULL;
    lx_hex_playout *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->cols = cols;
    p->rows = rows;
    p->n = cols * rows;
    p->order = malloc((size_t)p->n * sizeof *p->order);
    if (cols <= 64) {
        p->white = calloc((size_t)rows, sizeof *p->white);
        p->black = calloc((size_t)rows, sizeof *p->black);
        p->reach = calloc((size_t)rows, sizeof *p->reach);
        p->full = cols == 64 ? ~0ull : (1ull << cols) - 1;
    }
    if (make_grid(p) != 0 || !p->order || (cols <= 64 && (!p->white || !p->black || !p->reach)) ||
        (cols <= 64 && make_step_boards(p) != 0)) {
        lx_hex_playout_free(p);
        return NULL;
    }
    for (int i = 0; i < p->n; i++) /* bit-board numbering when it fits, else padded cells */
        p->order[i] = cols <= 64 ? (i / cols) * 64 + i % cols : (i / cols + 1) * p->stride + i % cols + 1;
    return p;
}

void lx_hex_playout_free(lx_hex_playout *p)
{
    if (!p)
        return;
    free(p->order);
    free(p->white);
    free(p->black);
    free(p->reach);
    free(p->colour0);
    free(p->colour);
    free(p->edges);
    free(p->parent);
    free(p->rank);
    free(p->flags);
    free(p->stones[0]);
    free(p->stack);
    free(p->stack_masks);
    free(p);
}

/* ---- the union-find on the padded grid ------------------------------------------------ */

static int32_t find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Play colour c on `cell`; non-zero when its set now touches both of c's
 * edges.  The arrays are loaded into restrict locals first: stores through
 * uint8_t pointers may alias anything, which would make the compiler reload
 * every field of `p` after each one. */
static int place(lx_hex_playout *p, int32_t cell, uint8_t c)
{
    uint8_t *restrict colour = p->colour, *restrict rank = p->rank, *restrict flags = p->flags;
    int32_t *restrict parent = p->parent;
    const int32_t *off = p->off;
    uint8_t need = c == HEX_BLACK ? EDGE_TOP | EDGE_BOTTOM : EDGE_LEFT | EDGE_RIGHT;
    uint8_t fl = p->edges[cell] & need;
    int32_t root = cell;
    colour[cell] = c;
    parent[cell] = cell;
    rank[cell] = 0;
    for (int k = 0; k < 6; k++) {
        int32_t q = cell + off[k];
        if (colour[q] != c)
            continue;
        int32_t rq = find(parent, q);
        if (rq == root)
            continue;
        fl |= flags[rq];
        if (rank[root] < rank[rq]) {
            int32_t t = root;
            root = rq;
            rq = t;
        }
        parent[rq] = root;
        rank[root] += rank[root] == rank[rq];
    }
    flags[root] = fl;
    return fl == need;
}

static void reset_grid(lx_hex_playout *p)
{
    memcpy(p->colour, p->colour0, p->npadded);
    p->last = 2;
}

static lx_colour stepwise_grid(lx_hex_playout *p, uint64_t *rng, int *moves)
{
    reset_grid(p);
    for (int i = 0; i < p->n; i++) {
        uint32_t j = (uint32_t)i + below(rng, (uint32_t)(p->n - i));
        int32_t t = p->order[i];
        p->order[i] = p->order[j];
        p->order[j] = t;
        uint8_t c = (i & 1) ? HEX_WHITE : HEX_BLACK;
        if (place(p, p->order[i], c)) {
            *moves = i + 1;
            return c == HEX_BLACK ? LX_BLACK : LX_WHITE;
        }
    }
    *moves = p->n;
    return LX_NO_COLOUR; /* not reached: a full board always has a winner */
}

static uint64_t spread(uint64_t seed, uint64_t allowed)
{
    return hex_spread(seed, allowed);
}

/* ---- stepwise on bit boards -------------------------------------------------------------- */

/* Add to `reach` the stones of `stones` joined to (c,r), which joins it: a
 * flood by rows - a pending mask of a row grows along its runs of stones not
 * yet reached, then hands the cells next to what it added to the rows above
 * ((c,r-1), (c+1,r-1)) and below ((c-1,r+1), (c,r+1)).  Non-zero when it
 * adds a cell of the far edge: row `far_row` (padded numbering), or a cell
 * in `far_bits`. */
static int flood(lx_hex_playout *p, const uint64_t *stones, uint64_t *reach, int c, int r, int32_t far_row,
                 uint64_t far_bits)
{
    int32_t *rows = p->stack;
    uint64_t *masks = p->stack_masks;
    int top = 0, far = 0;
    rows[top] = r + 1;
    masks[top++] = 1ull << c;
    while (top > 0) {
        top--;
        int32_t rr = rows[top];
        uint64_t avail = stones[rr] & ~reach[rr];
        uint64_t x = spread(masks[top] & avail, avail);
        if (!x)
            continue;
        reach[rr] |= x;
        far |= rr == far_row || (x & far_bits) != 0;
        uint64_t up = (x | x << 1) & stones[rr - 1] & ~reach[rr - 1];
        uint64_t down = (x | x >> 1) & stones[rr + 1] & ~reach[rr + 1];
        if (up) {
            rows[top] = rr - 1;
            masks[top++] = up;
        }
        if (down) {
            rows[top] = rr + 1;
            masks[top++] = down;
        }
    }
    return far;
}

/* Play colour k (0 Black, 1 White) on (c,r); non-zero when it joins both
 * edges.  Only the stones joined to the first edge (top, left) are kept: the
 * colour has won exactly when that set holds a cell of its far edge, and it
 * only grows when a stone is played on the first edge or next to the set. */
static int step(lx_hex_playout *p, int k, int c, int r)
{
    uint64_t *reach = p->joined[k];
    p->stones[k][r + 1] |= 1ull << c;
    int on_edge = k == 0 ? r == 0 : c == 0;
    uint64_t next = (reach[r] & p->next_to[0][c]) | (reach[r + 1] & p->next_to[1][c]) | (reach[r + 2] & p->next_to[2][c]);
    if (!on_edge && !next)
        return 0;
    return k == 0 ? flood(p, p->stones[0], reach, c, r, p->rows, 0)
                  : flood(p, p->stones[1], reach, c, r, -1, 1ull << (p->cols - 1));
}

static lx_colour stepwise_bits(lx_hex_playout *p, uint64_t *rng, int *moves)
{
    memset(p->stones[0], 0, 4 * ((size_t)p->rows + 2) * sizeof *p->stones[0]);
    p->last = 3;
    for (int i = 0; i < p->n; i++) {
        uint32_t j = (uint32_t)i + below(rng, (uint32_t)(p->n - i));
        int32_t v = p->order[j];
        p->order[j] = p->order[i];
        p->order[i] = v;
        if (step(p, i & 1, v & 63, v >> 6)) {
            *moves = i + 1;
            return (i & 1) ? LX_WHITE : LX_BLACK;
        }
    }
    *moves = p->n;
    return LX_NO_COLOUR; /* not reached */
}

lx_colour lx_hex_playout_stepwise(lx_hex_playout *p, uint64_t *rng, int *moves)
{
    int n;
    lx_colour w = p->cols <= 64 ? stepwise_bits(p, rng, &n) : stepwise_grid(p, rng, &n);
    p->last_moves = n;
    if (moves)
        *moves = n;
    return w;
}

/* ---- fill then check ------------------------------------------------------------------ */

/* Non-zero when the Black masks join the top row to the bottom row. */
static int black_joins(const uint64_t *black, uint64_t *reach, int rows)
{
    memset(reach, 0, (size_t)rows * sizeof *reach);
    reach[0] = black[0];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int r = 1; r < rows; r++) {
            uint64_t from = reach[r - 1] | reach[r - 1] >> 1;
            uint64_t x = spread((from & black[r]) | reach[r], black[r]);
            reach[r] = x;
        }
        if (reach[rows - 1])
            return 1;
        for (int r = rows - 2; r >= 0; r--) {
            uint64_t from = reach[r + 1] | reach[r + 1] << 1;
            uint64_t x = spread((from & black[r]) | reach[r], black[r]);
            if (x != reach[r]) {
                reach[r] = x;
                changed = 1;
            }
        }
    }
    return 0;
}

static void pick_white(lx_hex_playout *p, uint64_t *rng, int nwhite)
{
    for (int i = 0; i < nwhite; i++) {
        uint32_t j = (uint32_t)i + below(rng, (uint32_t)(p->n - i));
        int32_t t = p->order[i];
        p->order[i] = p->order[j];
        p->order[j] = t;
    }
}

static lx_colour fill_bits(lx_hex_playout *p, uint64_t *rng)
{
    int nwhite = p->n / 2;
    pick_white(p, rng, nwhite);
    memset(p->white, 0, (size_t)p->rows * sizeof *p->white);
    for (int i = 0; i < nwhite; i++)
        p->white[p->order[i] >> 6] |= 1ull << (p->order[i] & 63);
    for (int r = 0; r < p->rows; r++)
        p->black[r] = p->full & ~p->white[r];
    p->last = 1;
    return black_joins(p->black, p->reach, p->rows) ? LX_BLACK : LX_WHITE;
}

static lx_colour fill_grid(lx_hex_playout *p, uint64_t *rng)
{
    int nwhite = p->n / 2, black_joins_edges = 0;
    pick_white(p, rng, nwhite);
    reset_grid(p);
    for (int i = 0; i < p->n; i++) {
        uint8_t c = i < nwhite ? HEX_WHITE : HEX_BLACK;
        if (place(p, p->order[i], c) && c == HEX_BLACK)
            black_joins_edges = 1;
    }
    return black_joins_edges ? LX_BLACK : LX_WHITE;
}

lx_colour lx_hex_playout_fill(lx_hex_playout *p, uint64_t *rng)
{
    p->last_moves = 0;
    return p->cols <= 64 ? fill_bits(p, rng) : fill_grid(p, rng);
}

lx_colour lx_hex_playout_cell(const lx_hex_playout *p, int col, int row)
{
    if (col < 0 || row < 0 || col >= p->cols || row >= p->rows || p->last == 0)
        return LX_NO_COLOUR;
    if (p->last == 1)
        return (p->black[row] >> col) & 1 ? LX_BLACK : LX_WHITE;
    if (p->last == 3)
        return (p->stones[0][row + 1] >> col) & 1   ? LX_BLACK
               : (p->stones[1][row + 1] >> col) & 1 ? LX_WHITE
                                                    : LX_NO_COLOUR;
    uint8_t c = p->colour[(row + 1) * p->stride + col + 1];
    return c == HEX_BLACK ? LX_BLACK : c == HEX_WHITE ? LX_WHITE : LX_NO_COLOUR;
}

int lx_hex_playout_move(const lx_hex_playout *p, int i, int *col, int *row)
{
    if (i < 0 || i >= p->last_moves)
        return -1;
    int32_t v = p->order[i];
    *col = p->cols <= 64 ? v & 63 : (int)(v % p->stride) - 1;
    *row = p->cols <= 64 ? v >> 6 : (int)(v / p->stride) - 1;
    return 0;
}

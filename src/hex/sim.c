/* sim.c - Hex search positions: the board a Monte Carlo search plays its
 * tree moves and playouts on (lx_hex_sim_* in ludex/hex.h).
 *
 * Cells are padded cells as in the grid (hex_impl.h): the border rows are
 * Black, the border columns White, so "a stone of mine or my edge" is one
 * byte compare and a second-row stone's template to its edge is a bridge
 * like any other.  A move id is a padded cell index; the id after the last
 * padded cell is swap-pieces.
 *
 * A playout fills the board to the end (Hex has no draws and a full board
 * one winner) and judges it once by a flood fill from the top edge.  The
 * cells empty at the snapshot are kept in one list that is never reset (a
 * partial Fisher-Yates draw from a permutation is uniform whatever the
 * permutation), with each cell's place in it: the first `used` are taken,
 * the rest are the pool, the cells still empty (and the one stone a swap
 * could take off).  A cell filled by a tree move or a bridge reply swaps to
 * the end of the taken part, so a draw meets no cell filled meanwhile (the
 * old list's skips were branches the processor mispredicted); the one
 * branch a step cannot predict is whether the last stone hit a bridge
 * (about one move in nine at 11x11).  Bridge saving: after each move the
 * six pairs of cells around it two apart on its ring of neighbours are
 * looked at; a pair of the colour to move whose other common neighbour is
 * empty is a bridge the move intruded into, and that cell is the reply.
 * Answering: otherwise the move takes an empty cell next to the last stone
 * - a move in contact with the opponent's last stone, as strong players'
 * are - with a chance, and a choice among those cells, that depend on the
 * six cells around the last stone (answer.h: how strong players answered
 * around such a stone, the chance moved so that it is three in four on
 * the mean, the choice by the root of their counts; one table read by the
 * key the bridge look-up computes), else a cell of the pool at random.
 * Three in four at random among the neighbours against the uniform draw
 * at equal time, 0.5 s a move, 40 paired games: 28/40 on 11x11; the
 * learned chance and choice against that: bench/RESULTS.md.
 *
 * Inferior cells (proof.c, inferior.c): the snapshot's dead cells and
 * captured pairs are never tree moves; each playout starts with them filled
 * (dead ones Black, captured ones for their captor), so it draws none of
 * them.  H-search works on the position with them filled (its carriers get
 * the cells filled for the prover), and below the snapshot the tree's
 * knowledge (lx_hex_sim_prune) leaves out the cells dead or captured there
 * and keeps them by the position's hash (node_fill.c): a tree move that
 * reaches that position again fills them, so the playouts through the node
 * start from its filled board, and the next search's position inherits
 * them (lx_hex_sim_inherit) for the nodes of the tree kept between moves.
 * The chains' proofs (proof.c) see the board as it is.
 *
 * Proofs (proof.c, hsearch.c): at the snapshot the must-play (lx_hex_sim_must_play) and, at tree
 * nodes the search asks about, H-search's must-play (lx_hex_sim_prune) keep
 * only the moves that do not lose to a proved connection.
 *
 * What it does not do: check rules (the caller plays legal ids), know about
 * resignations, passes or swap-sides. */
#include <stdlib.h>
#include <string.h>

#include "hex/answer.h"
#include "hex/hex_impl.h"
#include "hex/pattern.h"

struct lx_hex_sim {
    int cols, rows, stride;
    int32_t npadded;     /* ids 0 .. npadded - 1 are padded cells, npadded is the swap */
    int32_t ring[6];     /* neighbour offsets in order around a cell */
    uint8_t *colour0;    /* the snapshot (npadded + 1: the swap id's owner stays 0) */
    uint8_t *colour;     /* now */
    int32_t *cells;      /* cells a playout may fill, in the order of the last one */
    int32_t *place;      /* per id: its index in `cells` (-1: not there) */
    int32_t ncells, used; /* cells[0 .. used - 1] are taken since the reset */
    int32_t *stack;      /* flood fills */
    uint32_t *seen, mark;
    uint64_t *rowbits;   /* cols <= 64: Black's cells by rows, and those reached (2 * rows) */
    int32_t *label;      /* winning cells: component numbers */
    uint8_t *flags;      /* ... and the edges each touches */
    uint8_t *dead;       /* per id: inferior at the snapshot, 1 dead, 2 captured (inferior.c) */
    uint8_t *fill;       /* per id: the colour a playout gives it first (inferior ones), else 0 */
    int32_t *fills, nfills; /* those ids */
    uint8_t *must;       /* per id: a root move, when must_on (lx_hex_sim_must_play) */
    uint8_t *unmarked;   /* per id: zeros but during hex_inferior_cut_vulnerable */
    int must_on;
    hex_pattern_map *patterns; /* the policy's learned weights (NULL: out of memory, even odds) */
    hex_hsearch *hs;     /* H-search work space, made when first needed (NULL: none yet or none here) */
    uint8_t *scratch;    /* a copy of the colours for the proofs (npadded + 1), with hs */
    uint8_t *filled;     /* per id: what hsearch_now filled in scratch (1 dead, 2 captured) */
    lx_colour to_play0, to_play;
    int swap0, swap;     /* swap-pieces allowed */
    int32_t single;      /* the one stone when the swap is allowed */
    int32_t last0, last; /* the last stone played (0: none), for bridge replies */
    uint64_t (*zob)[2];   /* per id: Zobrist keys of a Black and a White stone there */
    uint64_t hash0, hash; /* the stones (their keys' xor) at the snapshot, now */
    hex_node_fills *nodes; /* the tree nodes' fill-in (node_fill.c; made at the first knowledge) */
    int32_t *node_filled, nnode_filled; /* the cells it filled since the reset */
    /* Bridge replies by the six cells around a stone (key_around: 2 bits
     * each, the k-th at bit 2k) and the colour to move (Black 0, White 1):
     * bit i set when the cells i and i + 2 are the mover's (stones or edge)
     * and i + 1 is empty. */
    uint8_t bridges[2][4096];
    int8_t reply_of[64]; /* a single bridge's bits: the ring index of its reply */
    uint64_t answers[2][HEX_ANSWER_KEYS]; /* by the mover and key_around: the draw of an answer (answer.h) */
};

/* The six cells around `at` (a cell inside) as a 12-bit key, 2 bits each,
 * in ring order (1, 1 - stride, -stride, -1, stride - 1, stride): byte
 * loads at offsets of two row pointers (the row's bytes were just stored
 * one at a time, and a wider load over a recent byte store would wait). */
static inline unsigned key_around(const uint8_t *at, int32_t stride)
{
    const uint8_t *up = at - stride, *down = at + stride;
    return (unsigned)at[1] | (unsigned)up[1] << 2 | (unsigned)up[0] << 4 | (unsigned)at[-1] << 6 |
           (unsigned)down[-1] << 8 | (unsigned)down[0] << 10;
}

static void bridge_table(lx_hex_sim *s)
{
    for (unsigned pat = 0; pat < 4096; pat++)
        for (unsigned me = HEX_BLACK; me <= HEX_WHITE; me++) {
            unsigned mine = 0, empty = 0;
            for (int k = 0; k < 6; k++) {
                unsigned c = pat >> (2 * k) & 3;
                mine |= (unsigned)(c == me) << k;
                empty |= (unsigned)(c == HEX_EMPTY) << k;
            }
            unsigned two = ((mine >> 2) | (mine << 4)) & 63, one = ((empty >> 1) | (empty << 5)) & 63;
            s->bridges[me - 1][pat] = (uint8_t)(mine & two & one);
        }
    for (int b = 0; b < 64; b++) {
        int i = b ? __builtin_ctz((unsigned)b) : 0;
        s->reply_of[b] = (int8_t)(i == 5 ? 0 : i + 1);
    }
}

int32_t lx_hex_sim_ids(int cols, int rows)
{
    return (int32_t)((cols + 2) * (rows + 2) + 1);
}

int32_t lx_hex_sim_id(int cols, int rows, const lx_hex_move *m)
{
    if (m->kind == LX_HEX_SWAP_PIECES)
        return (int32_t)((cols + 2) * (rows + 2));
    if (m->kind != LX_HEX_STONE || m->col < 0 || m->row < 0 || m->col >= cols || m->row >= rows)
        return -1;
    return (int32_t)((m->row + 1) * (cols + 2) + m->col + 1);
}

int lx_hex_sim_move(int cols, int rows, int32_t id, lx_hex_move *m)
{
    int32_t stride = cols + 2;
    if (id == stride * (rows + 2)) {
        *m = (lx_hex_move){.kind = LX_HEX_SWAP_PIECES};
        return 0;
    }
    int col = (int)(id % stride) - 1, row = (int)(id / stride) - 1;
    if (id < 0 || col < 0 || row < 0 || col >= cols || row >= rows)
        return -1;
    *m = (lx_hex_move){.kind = LX_HEX_STONE, .col = col, .row = row};
    return 0;
}

static int swap_allowed(const lx_hex_board *b, lx_colour who)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_hex_move m = {.kind = LX_HEX_SWAP_PIECES};
    int ok = who != LX_NO_COLOUR && lx_hex_check_move(b, who, &m, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

/* The sim and its arrays in one block of whole cache lines (64 bytes):
 * the sims of a search's threads, made one after the other, share no line
 * that one writes and another reads.  The arrays follow the struct, each
 * from a line of its own. */
static size_t lines(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}

static lx_hex_sim *alloc_sim(const hex_grid *g)
{
    size_t n = g->npadded + 1, rows = (size_t)g->rows;
    size_t sizes[18] = {lines(sizeof(lx_hex_sim)),  lines(n),      lines(n),         lines(n * sizeof(int32_t)),
                        lines(n * sizeof(int32_t)), lines(n * sizeof(int32_t)), lines(n * sizeof(uint32_t)),
                        lines(n * sizeof(int32_t)), lines(n),      lines(n), lines(n), lines(n),
                        lines(n * sizeof(int32_t)), lines(n), lines(n * sizeof(int32_t)), lines(n * 2 * sizeof(uint64_t)),
                        lines(n), g->cols <= 64 ? lines(2 * rows * sizeof(uint64_t)) : 0};
    size_t total = 0;
    for (int i = 0; i < 18; i++)
        total += sizes[i];
    char *block = aligned_alloc(64, total);
    if (!block)
        return NULL;
    memset(block, 0, total);
    lx_hex_sim *s = (lx_hex_sim *)(void *)block;
    char *at = block + sizes[0];
#define CARVE(field, i) (s->field = (void *)at, at += sizes[i])
    CARVE(colour0, 1);
    CARVE(colour, 2);
    CARVE(cells, 3);
    CARVE(place, 4);
    CARVE(stack, 5);
    CARVE(seen, 6);
    CARVE(label, 7);
    CARVE(flags, 8);
    CARVE(dead, 9);
    CARVE(must, 10);
    CARVE(fill, 11);
    CARVE(fills, 12);
    CARVE(filled, 13);
    CARVE(node_filled, 14);
    CARVE(zob, 15);
    CARVE(unmarked, 16);
    s->rowbits = sizes[17] ? (void *)at : NULL;
#undef CARVE
    return s;
}

/* The snapshot's dead cells and captured pairs (none where a swap could move
 * its stone, or on a board too large to look): they stay so below it, so no
 * tree move takes one (lx_hex_sim_legal offers them all when nothing else is
 * left), and the playouts start with them filled (unless they are all the
 * empty cells). */
static void find_inferior(lx_hex_sim *s)
{
    if (s->swap0 || (long)s->cols * s->rows > LX_HEX_PROOF_MAX_CELLS)
        return;
    uint8_t *copy = malloc((size_t)s->npadded);
    if (!copy)
        return;
    memcpy(copy, s->colour0, (size_t)s->npadded);
    hex_inferior_fill(copy, s->cols, s->rows, HEX_BLACK, s->dead);
    int32_t live = 0;
    for (int32_t p = 0; p < s->npadded; p++)
        live += copy[p] == HEX_EMPTY;
    for (int32_t p = 0; p < s->npadded && live > 0; p++) /* all inferior: the playouts draw them all */
        if (s->dead[p]) {
            s->fill[p] = copy[p];
            s->fills[s->nfills++] = p;
        }
    free(copy);
}

lx_hex_sim *lx_hex_sim_new(const lx_hex_board *b)
{
    const hex_grid *g = &b->g;
    lx_hex_sim *s = alloc_sim(g);
    if (!s)
        return NULL;
    s->cols = g->cols;
    s->rows = g->rows;
    s->stride = g->stride;
    s->npadded = (int32_t)g->npadded;
    int32_t st = s->stride, ring[6] = {1, 1 - st, -st, -1, st - 1, st};
    memcpy(s->ring, ring, sizeof ring);
    bridge_table(s);
    hex_answer_slots(s->answers);
    memcpy(s->colour0, g->colour, g->npadded);
    uint64_t rng = 0xbb67ae8584caa73bull; /* fixed: the same keys every run */
    for (int32_t i = 0; i <= s->npadded; i++) {
        s->place[i] = -1;
        s->zob[i][0] = lx_random_next(&rng) | 1, s->zob[i][1] = lx_random_next(&rng) | 1;
    }
    s->to_play0 = lx_hex_to_play(b);
    s->swap0 = swap_allowed(b, s->to_play0);
    find_inferior(s);
    for (int r = 0; r < s->rows; r++)
        for (int c = 0; c < s->cols; c++) {
            int32_t p = hex_cell(g, c, r);
            if ((s->colour0[p] == HEX_EMPTY && !s->fill[p]) || s->swap0) { /* with a swap the one stone may be taken off */
                s->place[p] = s->ncells;
                s->cells[s->ncells++] = p;
            }
            if (s->colour0[p] != HEX_EMPTY) {
                s->single = p;
                s->hash0 ^= s->zob[p][s->colour0[p] - 1];
            }
        }
    s->last0 = b->last_kind == LX_HEX_STONE ? b->last_cell : 0;
    s->patterns = hex_pattern_map_new();
    lx_hex_sim_reset(s);
    return s;
}

void lx_hex_sim_free(lx_hex_sim *s)
{
    if (!s)
        return;
    hex_hsearch_free(s->hs);
    hex_pattern_map_free(s->patterns);
    hex_node_fills_free(s->nodes);
    free(s->scratch);
    free(s); /* its other arrays are in its block */
}

void lx_hex_sim_reset(lx_hex_sim *s)
{
    memcpy(s->colour, s->colour0, (size_t)s->npadded + 1);
    s->to_play = s->to_play0;
    s->swap = s->swap0;
    s->last = s->last0;
    s->used = 0;
    s->hash = s->hash0;
    s->nnode_filled = 0;
}

lx_colour lx_hex_sim_to_play(const lx_hex_sim *s)
{
    return s->to_play;
}

static uint8_t code_of(lx_colour c)
{
    return c == LX_BLACK ? HEX_BLACK : HEX_WHITE;
}

/* The empty cells (dead ones too when `dead_too`; at the snapshot, only the
 * must-play cells when there are some) and the swap. */
static size_t legal_ids(const lx_hex_sim *s, int32_t *ids, int dead_too)
{
    size_t n = 0;
    const uint8_t *must = s->must_on && s->used == 0 ? s->must : NULL;
    for (int r = 0; r < s->rows; r++) {
        int32_t p = (r + 1) * s->stride + 1;
        for (int c = 0; c < s->cols; c++, p++)
            if (s->colour[p] == HEX_EMPTY && (dead_too || !s->dead[p]) && (!must || must[p]))
                ids[n++] = p;
    }
    if (s->swap)
        ids[n++] = s->npadded;
    return n;
}

size_t lx_hex_sim_legal(const lx_hex_sim *s, int32_t *ids)
{
    size_t n = legal_ids(s, ids, 0); /* a dead cell is a pass: any other move is as good */
    return n ? n : legal_ids(s, ids, 1);
}

/* Cell p (in the pool) is filled: it moves to the end of the taken part. */
static inline void take(lx_hex_sim *s, int32_t p)
{
    int32_t at = s->place[p], u = s->used;
    if (at < u) /* not in the pool (taken already, or no cell of the playouts) */
        return;
    int32_t other = s->cells[u];
    s->cells[at] = other;
    s->place[other] = at;
    s->cells[u] = p;
    s->place[p] = u;
    s->used = u + 1;
}

/* The fill-in known for the position now, if any, filled. */
static void fill_node(lx_hex_sim *s)
{
    const int32_t *cells;
    const uint8_t *colours;
    int32_t n = hex_node_fills_find(s->nodes, s->hash, &cells, &colours);
    for (int32_t k = 0; k < n; k++)
        if (s->colour[cells[k]] == HEX_EMPTY) {
            s->colour[cells[k]] = colours[k];
            take(s, cells[k]);
            s->node_filled[s->nnode_filled++] = cells[k];
        }
}

void lx_hex_sim_play(lx_hex_sim *s, int32_t id)
{
    uint8_t me = code_of(s->to_play);
    if (id == s->npadded) {
        int32_t p = s->single;
        int32_t q = (p % s->stride) * s->stride + p / s->stride; /* (col,row) -> (row,col) */
        s->hash ^= s->zob[p][s->colour[p] - 1] ^ s->zob[q][me - 1];
        s->colour[p] = HEX_EMPTY;
        s->colour[q] = me;
        take(s, q);
        s->last = q;
    } else {
        s->hash ^= s->zob[id][me - 1];
        s->colour[id] = me;
        take(s, id);
        s->last = id;
    }
    s->swap = 0;
    s->to_play = s->to_play == LX_BLACK ? LX_WHITE : LX_BLACK;
    if (s->nodes)
        fill_node(s);
}

/* The k-th (from 0) set bit of b. */
static inline int nth_bit(unsigned b, unsigned k)
{
    for (; k > 0; k--)
        b &= b - 1;
    return __builtin_ctz(b);
}

static uint64_t spread(uint64_t seed, uint64_t allowed)
{
    return hex_spread(seed, allowed);
}

/* A row's Black cells as a bit mask (bit c: column c): eight cells at a
 * time where bytes load little-endian - bit 0 of each byte is 1 for Black
 * (1) and not for White (2) or empty (0), and one multiplication gathers
 * the eight bits 8k into bits 56 + k. */
static uint64_t black_row(const uint8_t *row, int cols)
{
    uint64_t m = 0;
    int c = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; c + 8 <= cols; c += 8) {
        uint64_t v;
        memcpy(&v, row + c, 8);
        uint64_t b = v & ~(v >> 1) & 0x0101010101010101ull;
        m |= ((b * 0x0102040810204080ull) >> 56) << c;
    }
#endif
    for (; c < cols; c++)
        m |= (uint64_t)(row[c] == HEX_BLACK) << c;
    return m;
}

/* Black joins top and bottom on a full board of at most 64 columns: each
 * row's Black cells as a bit mask, then sweeps down and up the rows, each
 * row's reached cells spreading along their runs and into the two cells
 * below ((c,r+1), (c-1,r+1)) or above ((c,r-1), (c+1,r-1)), until the
 * bottom row is reached or nothing changes. */
static int black_joins_bits(lx_hex_sim *s)
{
    uint64_t *black = s->rowbits, *reach = s->rowbits + s->rows;
    const uint8_t *colour = s->colour;
    for (int r = 0; r < s->rows; r++)
        black[r] = black_row(colour + (r + 1) * s->stride + 1, s->cols);
    memset(reach, 0, (size_t)s->rows * sizeof *reach);
    reach[0] = black[0];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int r = 1; r < s->rows; r++)
            reach[r] = spread(((reach[r - 1] | reach[r - 1] >> 1) & black[r]) | reach[r], black[r]);
        if (reach[s->rows - 1])
            return 1;
        for (int r = s->rows - 2; r >= 0; r--) {
            uint64_t x = spread(((reach[r + 1] | reach[r + 1] << 1) & black[r]) | reach[r], black[r]);
            if (x != reach[r]) {
                reach[r] = x;
                changed = 1;
            }
        }
    }
    return 0;
}

/* Black joins top and bottom on a full board: a flood from the top border. */
static int black_joins(lx_hex_sim *s)
{
    if (s->rowbits)
        return black_joins_bits(s);
    uint8_t *colour = s->colour;
    uint32_t mark = ++s->mark;
    if (mark == 0) {
        memset(s->seen, 0, ((size_t)s->npadded + 1) * sizeof *s->seen);
        mark = s->mark = 1;
    }
    int32_t top = 0, bottom_row = (s->rows) * s->stride; /* first cell of the last row, padded */
    for (int c = 0; c < s->cols; c++) {
        int32_t p = s->stride + 1 + c;
        if (colour[p] == HEX_BLACK) {
            s->seen[p] = mark;
            s->stack[top++] = p;
        }
    }
    while (top > 0) {
        int32_t p = s->stack[--top];
        if (p >= bottom_row)
            return 1;
        for (int k = 0; k < 6; k++) {
            int32_t q = p + s->ring[k];
            if (colour[q] == HEX_BLACK && s->seen[q] != mark && q > s->stride) {
                s->seen[q] = mark;
                s->stack[top++] = q;
            }
        }
    }
    return 0;
}

/* Each step: the bridge table looked up around the last stone, then its
 * reply (when a bridge was hit), else (by the answers' draw) an empty cell
 * next to it, else a random cell of the pool; the cell is swapped to the
 * end of the taken part and played (the swap's stone, drawn, is skipped).
 * Locals for everything the loop reads: its stores are bytes, which may
 * alias anything. */
lx_colour lx_hex_sim_playout(lx_hex_sim *s, uint64_t *rng)
{
    uint8_t *colour = s->colour;
    int32_t *cells = s->cells, *place = s->place, n = s->ncells, i = s->used, last = s->last;
    int32_t ring[6], stride = s->stride;
    memcpy(ring, s->ring, sizeof ring);
    const uint8_t *bridges = &s->bridges[0][0];
    const int8_t *reply_of = s->reply_of;
    uint64_t x = *rng ? *rng : 0x9E3779B97F4A7C15ull; /* xorshift64* (base/random.h), never 0 */
    uint8_t me = code_of(s->to_play);
    for (int32_t k = 0; k < s->nfills; k++) { /* the inferior cells first (a tree move may have taken one) */
        int32_t p = s->fills[k];
        colour[p] = colour[p] == HEX_EMPTY ? s->fill[p] : colour[p];
    }
    const uint64_t *answers = &s->answers[0][0];
    while (i < n) {
        unsigned key = last ? key_around(colour + last, stride) : 0;
        unsigned b = last ? bridges[(unsigned)(me - 1) << 12 | key] : 0;
        int32_t at;
        if (b) { /* a bridge was hit: its reply */
            int k = reply_of[b];
            if (b & (b - 1)) { /* several: one at random */
                int i1 = nth_bit(b, (unsigned)(((lx_random_next(&x) >> 32) * (uint64_t)__builtin_popcount(b)) >> 32));
                k = i1 == 5 ? 0 : i1 + 1;
            }
            at = place[last + ring[k]];
        } else {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            uint64_t r = x * 0x2545F4914F6CDD1Dull;
            uint64_t a = last ? answers[(unsigned)(me - 1) << 12 | key] : 0; /* 0: no empty cell around */
            at = -1;
            if ((unsigned)(r & 0xffff) < hex_answer_rate(a))
                at = place[last + ring[hex_answer_at(a, (unsigned)(r >> 60))]];
            if (at < i) /* no answer (or, never, an empty cell out of the pool): one at random */
                at = i + (int32_t)(((r >> 32) * (uint64_t)(n - i)) >> 32);
        }
        int32_t cell = cells[at], other = cells[i];
        cells[at] = other;
        place[other] = at;
        cells[i] = cell;
        place[cell] = i++;
        if (__builtin_expect(colour[cell] != HEX_EMPTY, 0))
            continue; /* the one stone a swap could have taken off */
        colour[cell] = me;
        last = cell;
        me ^= 3; /* HEX_BLACK <-> HEX_WHITE */
    }
    *rng = x;
    s->used = i;
    s->last = last;
    lx_colour winner = black_joins(s) ? LX_BLACK : LX_WHITE;
    for (int32_t k = 0; k < s->nnode_filled; k++) /* nobody's move there, for AMAF */
        colour[s->node_filled[k]] = HEX_NOBODY;
    return winner;
}

const uint8_t *lx_hex_sim_owners(const lx_hex_sim *s)
{
    return s->colour;
}

/* The edge a border cell of `me` stands for: 1 its first (top, left), 2 its
 * second, 0 when p is no border cell of `me`. */
static uint8_t edge_of(const lx_hex_sim *s, int32_t p, uint8_t me)
{
    int col = (int)(p % s->stride) - 1, row = (int)(p / s->stride) - 1;
    int inside_c = col >= 0 && col < s->cols, inside_r = row >= 0 && row < s->rows;
    if (me == HEX_BLACK && inside_c)
        return (uint8_t)(row < 0 ? 1 : row >= s->rows ? 2 : 0);
    if (me == HEX_WHITE && inside_r)
        return (uint8_t)(col < 0 ? 1 : col >= s->cols ? 2 : 0);
    return 0;
}

/* Number the groups of stones of `me` and mark the edges each touches (1 the
 * first, 2 the second).  Only cells inside are walked: a step from a border
 * cell could wrap round to the other side in the padded array. */
static void label_groups(lx_hex_sim *s, uint8_t me)
{
    int32_t groups = 0;
    for (int32_t p = 0; p < s->npadded; p++)
        s->label[p] = -1;
    for (int r = 0; r < s->rows; r++)
        for (int c = 0; c < s->cols; c++) {
            int32_t p = (r + 1) * s->stride + c + 1;
            if (s->colour[p] != me || s->label[p] >= 0)
                continue;
            uint8_t fl = 0;
            int32_t top = 0;
            s->stack[top++] = p;
            s->label[p] = groups;
            while (top > 0) {
                int32_t q = s->stack[--top];
                for (int k = 0; k < 6; k++) {
                    int32_t n = q + s->ring[k];
                    uint8_t edge = edge_of(s, n, me);
                    if (edge)
                        fl |= edge;
                    else if (s->colour[n] == me && s->label[n] < 0) {
                        s->label[n] = groups;
                        s->stack[top++] = n;
                    }
                }
            }
            s->flags[groups++] = fl;
        }
}

size_t lx_hex_sim_winning_cells(lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap)
{
    uint8_t me = code_of(c);
    label_groups(s, me);
    size_t n = 0;
    for (int r = 0; r < s->rows; r++)
        for (int col = 0; col < s->cols; col++) {
            int32_t p = (r + 1) * s->stride + col + 1;
            if (s->colour[p] != HEX_EMPTY)
                continue;
            uint8_t fl = 0;
            for (int k = 0; k < 6; k++) {
                int32_t q = p + s->ring[k];
                uint8_t edge = edge_of(s, q, me);
                fl |= edge ? edge : s->label[q] >= 0 ? s->flags[s->label[q]] : 0;
            }
            if (fl == 3) {
                if (n < cap)
                    ids[n] = p;
                n++;
            }
        }
    return n;
}

/* ---- proofs (proof.c) ---------------------------------------------------------- */

static int hsearch_now(lx_hex_sim *s, uint8_t me);

int lx_hex_sim_dead(const lx_hex_sim *s, int32_t id)
{
    if (id <= 0 || id >= s->npadded || (long)s->cols * s->rows > LX_HEX_PROOF_MAX_CELLS)
        return 0;
    int col = (int)(id % s->stride) - 1, row = (int)(id / s->stride) - 1;
    if (col < 0 || row < 0 || col >= s->cols || row >= s->rows)
        return 0;
    return hex_proof_is_dead(s->colour, s->cols, id);
}

int32_t lx_hex_sim_connection(const lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap, size_t *n)
{
    if (n)
        *n = 0;
    if ((long)s->cols * s->rows > LX_HEX_PROOF_MAX_CELLS)
        return -1;
    return hex_proof_connection(s->colour, s->cols, s->rows, code_of(c), ids, cap, n);
}

int32_t lx_hex_sim_proved_move(const lx_hex_sim *s, lx_colour c, int32_t *id)
{
    *id = -1;
    if ((long)s->cols * s->rows > LX_HEX_PROOF_MAX_CELLS)
        return -1;
    return hex_proof_move(s->colour, s->cols, s->rows, code_of(c), id);
}

/* The root's moves (the must-play's when it has one, else every cell not
 * dead or captured) cut to those not vulnerable for `me` on the snapshot
 * with its inferior cells filled (inferior.c); the must-play becomes the
 * cut when it cuts any.  The number of root moves left, as
 * lx_hex_sim_must_play (left, the count before, when nothing is cut). */
static long cut_vulnerable_at_root(lx_hex_sim *s, uint8_t me, long left)
{
    if (left == 0)
        return 0;
    uint8_t *pos = malloc((size_t)s->npadded);
    int32_t *ids = malloc((size_t)s->npadded * sizeof *ids);
    size_t n = 0;
    if (pos && ids) {
        memcpy(pos, s->colour0, (size_t)s->npadded);
        for (int32_t k = 0; k < s->nfills; k++)
            pos[s->fills[k]] = s->fill[s->fills[k]];
        for (int32_t p = 0; p < s->npadded; p++)
            if (pos[p] == HEX_EMPTY && (!s->must_on || s->must[p]))
                ids[n++] = p;
        size_t kept = hex_inferior_cut_vulnerable(pos, s->cols, me, ids, n, s->npadded, s->unmarked);
        if (kept > 0 && kept < n) {
            memset(s->must, 0, (size_t)s->npadded);
            for (size_t i = 0; i < kept; i++)
                s->must[ids[i]] = 1;
            s->must_on = 1;
            left = (long)kept;
        }
    }
    free(pos);
    free(ids);
    return left;
}

long lx_hex_sim_must_play(lx_hex_sim *s, lx_colour c)
{
    s->must_on = 0;
    if (s->swap0 || (long)s->cols * s->rows > LX_HEX_PROOF_MAX_CELLS)
        return -1;
    int32_t left = hex_proof_must_play(s->colour0, s->cols, s->rows, code_of(c), s->must);
    memcpy(s->colour, s->colour0, (size_t)s->npadded); /* H-search on the snapshot too */
    int theirs = hsearch_now(s, (uint8_t)(code_of(c) ^ 3));
    if (theirs == 1)
        left = 0; /* a full connection of theirs: lost */
    else if (theirs == 0 && left != 0 && hex_hsearch_must_play(s->hs, s->scratch) >= 0) {
        long both = 0; /* the cells both must-plays keep (one alone when the other has no threat) */
        for (int32_t p = 0; p < s->npadded; p++) {
            s->must[p] = s->scratch[p] && (left < 0 || s->must[p]) && s->colour0[p] == HEX_EMPTY;
            both += s->must[p];
        }
        left = (int32_t)both;
    }
    s->must_on = left > 0;
    return cut_vulnerable_at_root(s, code_of(c), left);
}

/* H-search for `me` on the position now with its dead cells filled for `me`
 * and its captured pairs for their captor (in s->scratch): 1 joined (full),
 * 0 not, -1 no H-search here. */
static int hsearch_now(lx_hex_sim *s, uint8_t me)
{
    if (!s->hs) {
        s->hs = hex_hsearch_new(s->cols, s->rows);
        s->scratch = s->hs ? malloc((size_t)s->npadded + 1) : NULL;
        if (!s->scratch) {
            hex_hsearch_free(s->hs);
            s->hs = NULL;
        }
    }
    if (!s->hs)
        return -1;
    memcpy(s->scratch, s->colour, (size_t)s->npadded);
    memset(s->filled, 0, (size_t)s->npadded);
    hex_inferior_fill(s->scratch, s->cols, s->rows, me, s->filled);
    return hex_hsearch_run(s->hs, s->scratch, me);
}

/* A carrier found on s->scratch (n cells in ids) with the captured cells the
 * fill gave `me` (the opponent's stone there is answered in its pair), up to
 * cap; its size. */
static size_t with_filled(const lx_hex_sim *s, uint8_t me, int32_t *ids, size_t cap, size_t n)
{
    for (int32_t p = 0; p < s->npadded; p++)
        if (s->filled[p] == 2 && s->scratch[p] == me) {
            if (n < cap && ids)
                ids[n] = p;
            n++;
        }
    return n;
}

int lx_hex_sim_vc(lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap, size_t *n, int32_t *key)
{
    *n = 0;
    *key = -1;
    int joined = hsearch_now(s, code_of(c));
    if (joined < 0)
        return -1;
    if (joined) {
        *n = with_filled(s, code_of(c), ids, cap, hex_hsearch_full(s->hs, ids, cap));
        return 2;
    }
    *key = hex_hsearch_key(s->hs);
    if (*key >= 0)
        *n = with_filled(s, code_of(c), ids, cap, hex_hsearch_semi(s->hs, ids, cap));
    return *key >= 0;
}

/* The cells hsearch_now filled at this position (in s->scratch), kept
 * for the position. */
static void remember_fill(lx_hex_sim *s)
{
    if (!s->nodes)
        s->nodes = hex_node_fills_new();
    if (s->nodes)
        hex_node_fills_add(s->nodes, s->hash, s->colour, s->filled, s->scratch, s->npadded);
}

size_t lx_hex_sim_prune(lx_hex_sim *s, int32_t *ids, size_t n)
{
    uint8_t me = code_of(s->to_play);
    if (s->swap || n < 2)
        return n;
    int theirs = hsearch_now(s, (uint8_t)(me ^ 3)); /* s->scratch: the position with its inferior cells filled */
    if (theirs < 0)
        return n; /* no H-search here: no knowledge */
    size_t live = 0; /* dead cells and captured pairs now (never better than another move) go first */
    for (size_t i = 0; i < n; i++)
        if (ids[i] >= s->npadded || s->scratch[ids[i]] == HEX_EMPTY)
            ids[live++] = ids[i];
    if (live && live < n)
        remember_fill(s);
    n = live ? live : n; /* all inferior: ids untouched */
    if (theirs != 0)
        return 0; /* their full connection: lost here */
    n = hex_inferior_cut_vulnerable(s->scratch, s->cols, me, ids, n, s->npadded, s->unmarked);
    long must = hex_hsearch_must_play(s->hs, s->scratch);
    if (must == 0)
        return 0; /* their semis' carriers meet nowhere: lost here */
    if (n < 2 || must < 0)
        return n;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (ids[i] < s->npadded && s->scratch[ids[i]])
            ids[kept++] = ids[i];
    return kept ? kept : n;
}

void lx_hex_sim_prior(const lx_hex_sim *s, const int32_t *ids, size_t n, float *visits, float *wins)
{
    hex_prior(s->colour, s->cols, s->rows, s->last, code_of(s->to_play), ids, n, visits, wins);
}

void lx_hex_sim_policy(const lx_hex_sim *s, const int32_t *ids, size_t n, float *prob)
{
    hex_pattern_policy(s->patterns, s->colour, s->cols, s->rows, s->last, code_of(s->to_play), ids, n, prob);
}

void lx_hex_sim_inherit(lx_hex_sim *dst, lx_hex_sim *src)
{
    if (dst->nodes || !src->nodes || dst->npadded != src->npadded || dst->cols != src->cols ||
        hex_node_fills_full(src->nodes, src->npadded))
        return;
    dst->nodes = src->nodes;
    src->nodes = NULL;
}

void lx_hex_sim_copy_must_play(lx_hex_sim *dst, const lx_hex_sim *src)
{
    memcpy(dst->must, src->must, (size_t)src->npadded);
    dst->must_on = src->must_on;
}


/* playout.c - random Twixt games from the empty board, as fast as the rules allow.
 *
 * A playout keeps its own arrays, laid out as a board's (geometry.c): peg
 * bytes, link bytes, and a union-find over the pegs.  Only what a game touched
 * is reset before the next: the pegs from a copy of the empty board, the links
 * from the list of links made; union-find entries are set when their peg is
 * placed.  Instead of border nodes, each root carries two bits - its set
 * touches the colour's first or second border row - so the win check after a
 * move is one find: the new peg's set has both bits.  (Only the new peg's
 * links were made, so a new connection always runs through it.)
 *
 * The holes still free are kept in three pools - holes both colours may use,
 * White's own border rows, Black's own border columns - so a uniformly random
 * legal hole for the side to move is one random number and one swap with the
 * pool's last element.  A new peg links to each peg of its colour a knight's
 * move away unless a link crosses (nine byte reads, OR-ed; under PP only the
 * other colour's links count).  The generator is the caller's (xorshift64* on
 * a caller-owned state), so playouts repeat exactly.  The test suite replays
 * playouts against an independent model of the rules. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

enum { POOL_BOTH = 0, POOL_WHITE = 1, POOL_BLACK = 2 };
enum { EDGE_W1 = 1, EDGE_W2 = 2, EDGE_B1 = 4, EDGE_B2 = 8 };

struct lx_twixt_playout {
    tw_geom g;
    lx_twixt_rules rules;
    uint8_t *peg0, *peg, *link, *edge, *flags;
    int32_t *parent;
    int32_t *made;     /* links made in the last game */
    int nmade;
    int32_t *pool[3], *pool0[3];
    int n0[3];
    int32_t *moves;
    int nmoves;
};

static int alloc_arrays(lx_twixt_playout *p)
{
    size_t cells = (size_t)p->g.ncells, holes = (size_t)p->g.cols * p->g.rows;
    p->peg0 = malloc(cells);
    p->peg = malloc(cells);
    p->link = calloc(4 * cells, 1);
    p->edge = calloc(cells, 1);
    p->flags = calloc(cells, 1);
    p->parent = malloc(cells * sizeof(int32_t));
    p->made = malloc(4 * holes * sizeof(int32_t));
    p->moves = malloc(holes * sizeof(int32_t));
    int ok = p->peg0 && p->peg && p->link && p->edge && p->flags && p->parent && p->made && p->moves;
    for (int i = 0; i < 3; i++) {
        p->pool[i] = malloc(holes * sizeof(int32_t));
        p->pool0[i] = malloc(holes * sizeof(int32_t));
        ok = ok && p->pool[i] && p->pool0[i];
    }
    return ok ? 0 : -1;
}

static void fill_tables(lx_twixt_playout *p)
{
    const tw_geom *g = &p->g;
    memset(p->peg0, TW_OFF, (size_t)g->ncells);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int32_t cell = tw_cell(g, c, r);
            int w = tw_hole_allowed(g, LX_WHITE, c, r), b = tw_hole_allowed(g, LX_BLACK, c, r);
            if (!w && !b)
                continue;
            p->peg0[cell] = TW_EMPTY;
            p->edge[cell] = (uint8_t)((r == 0 ? EDGE_W1 : 0) | (r == g->rows - 1 ? EDGE_W2 : 0) |
                                      (c == 0 ? EDGE_B1 : 0) | (c == g->cols - 1 ? EDGE_B2 : 0));
            int which = w && b ? POOL_BOTH : w ? POOL_WHITE : POOL_BLACK;
            p->pool0[which][p->n0[which]++] = cell;
        }
}

lx_twixt_playout *lx_twixt_playout_new(int cols, int rows, lx_twixt_rules rules)
{
    if (cols < LX_TWIXT_MIN_SIDE || rows < LX_TWIXT_MIN_SIDE || cols > LX_TWIXT_MAX_SIDE || rows > LX_TWIXT_MAX_SIDE)
        return NULL;
    lx_twixt_playout *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    tw_geom_init(&p->g, cols, rows);
    p->rules = rules;
    if (alloc_arrays(p) != 0) {
        lx_twixt_playout_free(p);
        return NULL;
    }
    fill_tables(p);
    return p;
}

void lx_twixt_playout_free(lx_twixt_playout *p)
{
    if (!p)
        return;
    free(p->peg0);
    free(p->peg);
    free(p->link);
    free(p->edge);
    free(p->flags);
    free(p->parent);
    free(p->made);
    free(p->moves);
    for (int i = 0; i < 3; i++) {
        free(p->pool[i]);
        free(p->pool0[i]);
    }
    free(p);
}

static void reset(lx_twixt_playout *p, int n[3])
{
    memcpy(p->peg, p->peg0, (size_t)p->g.ncells);
    for (int i = 0; i < p->nmade; i++)
        p->link[p->made[i]] = 0;
    p->nmade = 0;
    for (int i = 0; i < 3; i++) {
        memcpy(p->pool[i], p->pool0[i], (size_t)p->n0[i] * sizeof(int32_t));
        n[i] = p->n0[i];
    }
    p->nmoves = 0;
}

/* Take a random hole for colour c out of the pools; -1 when there is none. */
static int32_t take_hole(lx_twixt_playout *p, int n[3], lx_colour c, uint64_t *rng)
{
    int own = c == LX_WHITE ? POOL_WHITE : POOL_BLACK;
    uint32_t total = (uint32_t)(n[POOL_BOTH] + n[own]);
    if (total == 0)
        return -1;
    uint32_t r = lx_random_below(rng, total);
    int which = r < (uint32_t)n[POOL_BOTH] ? POOL_BOTH : own;
    int i = which == POOL_BOTH ? (int)r : (int)r - n[POOL_BOTH];
    int32_t cell = p->pool[which][i];
    p->pool[which][i] = p->pool[which][--n[which]];
    return cell;
}

static int32_t find(int32_t *parent, int32_t x)
{
    return tw_uf_find(parent, x);
}

static void join(lx_twixt_playout *p, int32_t x, int32_t y)
{
    tw_uf_join(p->parent, p->flags, x, y);
}

/* Whether link l is crossed by a link that blocks colour `code`. */
static int blocked(const lx_twixt_playout *p, int32_t l, uint8_t code)
{
    return tw_link_blocked(&p->g, p->link, p->rules, l, code);
}

/* Place colour c's peg on cell and autolink it; 1 when it wins.  The knight's
 * moves that reach a peg of the colour are found first, without branches, as
 * a bit mask (random neighbours make branches there hard to predict). */
static int place(lx_twixt_playout *p, int32_t cell, lx_colour c)
{
    uint8_t code = tw_code(c), mine = c == LX_WHITE ? EDGE_W1 | EDGE_W2 : EDGE_B1 | EDGE_B2;
    const uint8_t *peg = p->peg;
    const int32_t *kn = p->g.knight;
    p->peg[cell] = code;
    p->parent[cell] = -1;
    p->flags[cell] = p->edge[cell] & mine;
    unsigned mask = 0;
    for (int k = 0; k < 8; k++)
        mask |= (unsigned)(peg[cell + kn[k]] == code) << k;
    while (mask) {
        int k = __builtin_ctz(mask);
        mask &= mask - 1;
        int32_t l = 4 * cell + p->g.klink[k];
        if (blocked(p, l, code))
            continue;
        p->link[l] = code;
        p->made[p->nmade++] = l;
        join(p, cell, cell + kn[k]);
    }
    return p->flags[find(p->parent, cell)] == mine;
}

lx_colour lx_twixt_playout_run(lx_twixt_playout *p, uint64_t *rng, int *moves)
{
    int n[3];
    reset(p, n);
    lx_colour who = LX_WHITE, won = LX_NO_COLOUR;
    for (;;) {
        int32_t cell = take_hole(p, n, who, rng);
        if (cell < 0)
            break;
        p->moves[p->nmoves++] = cell;
        if (place(p, cell, who)) {
            won = who;
            break;
        }
        who = tw_other(who);
    }
    if (moves)
        *moves = p->nmoves;
    return won;
}

int lx_twixt_playout_move(const lx_twixt_playout *p, int i, lx_twixt_point *at)
{
    if (i < 0 || i >= p->nmoves)
        return -1;
    at->col = tw_col(&p->g, p->moves[i]);
    at->row = tw_row(&p->g, p->moves[i]);
    return 0;
}

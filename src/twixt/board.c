/* board.c - the Twixt position's storage: pegs, links, the union-find, autolinking.
 *
 * One allocation holds the peg bytes, the link bytes and the union-find, so a
 * copy is one malloc and one memcpy.  The union-find joins every peg with the
 * pegs it is linked to and with the border set of its colour when it stands in
 * one of its own border rows; "White has won" is "top and bottom are in one
 * set".  Adding joins sets at once; taking a link or a peg away marks the
 * sets stale (a union-find cannot split), and tw_refresh rebuilds them from
 * the pegs and links; rules.c refreshes after every change it makes, so a
 * const position is only ever asked through a fresh union-find (finds on a
 * const position do not compress paths: two threads may read one board).
 *
 * What this does not do: judge whose turn it is or whether a move is legal
 * (rules.c), or read any notation. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

static size_t block_size(const tw_geom *g)
{
    size_t n = (size_t)g->ncells;
    return n + 4 * n + ((n + 4) * sizeof(int32_t));
}

static void attach(lx_twixt_board *b, unsigned char *block)
{
    size_t n = (size_t)b->g.ncells;
    b->peg = block;
    b->link = block + n;
    b->uf = (int32_t *)(void *)(block + 5 * n + (8 - (5 * n) % 8) % 8);
}

static size_t aligned_block_size(const tw_geom *g)
{
    size_t n = (size_t)g->ncells;
    return block_size(g) + (8 - (5 * n) % 8) % 8;
}

int tw_hole_allowed(const tw_geom *g, lx_colour c, int col, int row)
{
    if (!tw_on_board(g, col, row))
        return 0;
    int edge_col = col == 0 || col == g->cols - 1, edge_row = row == 0 || row == g->rows - 1;
    if (edge_col && edge_row)
        return 0; /* corners */
    if (c == LX_WHITE)
        return !edge_col;
    if (c == LX_BLACK)
        return !edge_row;
    return 1;
}

lx_twixt_board *lx_twixt_board_new(int cols, int rows, lx_twixt_rules rules)
{
    if (cols < LX_TWIXT_MIN_SIDE || rows < LX_TWIXT_MIN_SIDE || cols > LX_TWIXT_MAX_SIDE || rows > LX_TWIXT_MAX_SIDE)
        return NULL;
    lx_twixt_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    tw_geom_init(&b->g, cols, rows);
    unsigned char *block = malloc(aligned_block_size(&b->g));
    if (!block) {
        free(b);
        return NULL;
    }
    attach(b, block);
    memset(b->peg, TW_OFF, (size_t)b->g.ncells);
    memset(b->link, 0, 4 * (size_t)b->g.ncells);
    for (int r = 0; r < rows; r++) /* every hole is open but the corners (tw_hole_allowed) */
        memset(b->peg + tw_cell(&b->g, 0, r), TW_EMPTY, (size_t)cols);
    b->peg[tw_cell(&b->g, 0, 0)] = b->peg[tw_cell(&b->g, cols - 1, 0)] = TW_OFF;
    b->peg[tw_cell(&b->g, 0, rows - 1)] = b->peg[tw_cell(&b->g, cols - 1, rows - 1)] = TW_OFF;
    memset(b->uf, 0xff, ((size_t)b->g.ncells + 4) * sizeof *b->uf); /* every set its own: -1 */
    b->rules = rules;
    b->to_play = LX_WHITE;
    b->open = LX_NO_COLOUR;
    b->winner = b->gave_up = b->last_colour = b->puzzle_pl = LX_NO_COLOUR;
    return b;
}

lx_twixt_board *lx_twixt_board_copy(const lx_twixt_board *src)
{
    lx_twixt_board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    *b = *src;
    unsigned char *block = malloc(aligned_block_size(&src->g));
    tw_note *notes = src->nnotes ? malloc(src->nnotes * sizeof *notes) : NULL;
    if (!block || (src->nnotes && !notes)) {
        free(block);
        free(notes);
        free(b);
        return NULL;
    }
    memcpy(block, src->peg, aligned_block_size(&src->g));
    attach(b, block);
    if (notes)
        memcpy(notes, src->notes, src->nnotes * sizeof *notes);
    b->notes = notes;
    return b;
}

void lx_twixt_board_free(lx_twixt_board *b)
{
    if (!b)
        return;
    free(b->peg);
    free(b->notes);
    free(b);
}

/* ---- union-find ---------------------------------------------------------------------- */

int32_t tw_find(lx_twixt_board *b, int32_t x)
{
    int32_t *uf = b->uf;
    while (uf[x] >= 0) {
        if (uf[uf[x]] >= 0)
            uf[x] = uf[uf[x]]; /* path halving */
        x = uf[x];
    }
    return x;
}

void tw_union(lx_twixt_board *b, int32_t x, int32_t y)
{
    x = tw_find(b, x);
    y = tw_find(b, y);
    if (x == y)
        return;
    if (b->uf[x] > b->uf[y]) { /* sizes are negative: x is smaller */
        int32_t t = x;
        x = y;
        y = t;
    }
    b->uf[x] += b->uf[y];
    b->uf[y] = x;
}

static void join_border(lx_twixt_board *b, int32_t p, lx_colour c)
{
    int col = tw_col(&b->g, p), row = tw_row(&b->g, p);
    if (c == LX_WHITE && row == 0)
        tw_union(b, p, tw_border_node(b, TW_TOP));
    else if (c == LX_WHITE && row == b->g.rows - 1)
        tw_union(b, p, tw_border_node(b, TW_BOTTOM));
    else if (c == LX_BLACK && col == 0)
        tw_union(b, p, tw_border_node(b, TW_LEFT));
    else if (c == LX_BLACK && col == b->g.cols - 1)
        tw_union(b, p, tw_border_node(b, TW_RIGHT));
}

void tw_refresh(lx_twixt_board *b)
{
    if (!b->uf_stale)
        return;
    int32_t n = b->g.ncells;
    for (int32_t i = 0; i < n + 4; i++)
        b->uf[i] = -1;
    for (int32_t p = 0; p < n; p++) {
        lx_colour c = tw_colour(b->peg[p]);
        if (c == LX_NO_COLOUR)
            continue;
        join_border(b, p, c);
        for (int d = 0; d < 4; d++)
            if (b->link[4 * p + d])
                tw_union(b, p, p + tw_dir_step[d][1] * b->g.stride + tw_dir_step[d][0]);
    }
    b->uf_stale = 0;
}

/* find without path compression, for questions asked of a const position */
static int32_t find_const(const lx_twixt_board *b, int32_t x)
{
    while (b->uf[x] >= 0)
        x = b->uf[x];
    return x;
}

lx_colour tw_connected_colour(const lx_twixt_board *b, lx_colour c)
{
    if (b->uf_stale) /* only between the parts of a long move */
        return lx_twixt_connected_slow(b) == c ? c : LX_NO_COLOUR;
    int lo = c == LX_WHITE ? TW_TOP : TW_LEFT;
    return find_const(b, tw_border_node(b, lo)) == find_const(b, tw_border_node(b, lo + 1)) ? c : LX_NO_COLOUR;
}

/* ---- pegs and links --------------------------------------------------------------------- */

void tw_put_peg(lx_twixt_board *b, int32_t p, lx_colour c)
{
    b->peg[p] = tw_code(c);
    b->pegs[c]++;
    if (!b->uf_stale)
        join_border(b, p, c);
}

void tw_set_link(lx_twixt_board *b, int32_t l, lx_colour c)
{
    b->link[l] = tw_code(c);
    if (!b->uf_stale) {
        int32_t p, q;
        tw_link_ends(&b->g, l, &p, &q);
        tw_union(b, p, q);
    }
}

void tw_clear_link(lx_twixt_board *b, int32_t l)
{
    if (b->link[l]) {
        b->link[l] = 0;
        b->uf_stale = 1;
    }
}

void tw_take_peg(lx_twixt_board *b, int32_t p)
{
    lx_colour c = tw_colour(b->peg[p]);
    if (c == LX_NO_COLOUR)
        return;
    for (int k = 0; k < 8; k++)
        b->link[4 * p + b->g.klink[k]] = 0;
    b->peg[p] = TW_EMPTY;
    b->pegs[c]--;
    b->uf_stale = 1;
}

lx_colour tw_crossing(const lx_twixt_board *b, int32_t l, lx_colour only, int32_t *which)
{
    const int32_t *cross = b->g.cross[l & 3];
    for (int i = 0; i < 9; i++) {
        uint8_t x = b->link[l + cross[i]];
        if (x && (only == LX_NO_COLOUR || x == tw_code(only))) {
            if (which)
                *which = l + cross[i];
            return tw_colour(x);
        }
    }
    if (which)
        *which = -1;
    return LX_NO_COLOUR;
}

int tw_link_allowed(const lx_twixt_board *b, int32_t l, lx_colour c)
{
    lx_colour only = b->rules == LX_TWIXT_PP ? tw_other(c) : LX_NO_COLOUR;
    return tw_crossing(b, l, only, NULL) == LX_NO_COLOUR;
}

void tw_autolink(lx_twixt_board *b, int32_t p)
{
    uint8_t code = b->peg[p];
    lx_colour c = tw_colour(code);
    for (int k = 0; k < 8; k++) {
        if (b->peg[p + b->g.knight[k]] != code)
            continue;
        int32_t l = 4 * p + b->g.klink[k];
        if (!b->link[l] && tw_link_allowed(b, l, c))
            tw_set_link(b, l, c);
    }
}

/* ---- queries -------------------------------------------------------------------------- */

int lx_twixt_cols(const lx_twixt_board *b) { return b->g.cols; }
int lx_twixt_rows(const lx_twixt_board *b) { return b->g.rows; }
lx_twixt_rules lx_twixt_get_rules(const lx_twixt_board *b) { return b->rules; }
void lx_twixt_set_handicap(lx_twixt_board *b, int on) { b->handicap = on != 0; }
void lx_twixt_set_no_swap(lx_twixt_board *b, int on) { b->no_swap = on != 0; }
size_t lx_twixt_moves_played(const lx_twixt_board *b) { return b->moves; }

lx_colour lx_twixt_peg_at(const lx_twixt_board *b, int col, int row)
{
    if (!tw_on_board(&b->g, col, row))
        return LX_NO_COLOUR;
    return tw_colour(b->peg[tw_cell(&b->g, col, row)]);
}

lx_colour lx_twixt_link_at(const lx_twixt_board *b, lx_twixt_point p, lx_twixt_point q)
{
    if (!tw_on_board(&b->g, p.col, p.row) || !tw_on_board(&b->g, q.col, q.row))
        return LX_NO_COLOUR;
    int32_t l = tw_link_index(&b->g, tw_cell(&b->g, p.col, p.row), tw_cell(&b->g, q.col, q.row));
    return l < 0 ? LX_NO_COLOUR : tw_colour(b->link[l]);
}

int lx_twixt_hole_allowed(const lx_twixt_board *b, lx_colour c, int col, int row)
{
    return tw_hole_allowed(&b->g, c, col, row);
}

size_t lx_twixt_peg_count(const lx_twixt_board *b, lx_colour c)
{
    return c == LX_BLACK || c == LX_WHITE ? b->pegs[c] : 0;
}

size_t lx_twixt_links(const lx_twixt_board *b, lx_colour c, lx_twixt_link *out, size_t cap)
{
    size_t n = 0;
    uint8_t code = tw_code(c);
    for (int32_t l = 0; l < 4 * b->g.ncells; l++) {
        if (b->link[l] != code)
            continue;
        if (n < cap) {
            int32_t p, q;
            tw_link_ends(&b->g, l, &p, &q);
            out[n].a = (lx_twixt_point){tw_col(&b->g, p), tw_row(&b->g, p)};
            out[n].b = (lx_twixt_point){tw_col(&b->g, q), tw_row(&b->g, q)};
        }
        n++;
    }
    return n;
}

lx_colour lx_twixt_connected(const lx_twixt_board *b)
{
    if (tw_connected_colour(b, LX_WHITE) != LX_NO_COLOUR)
        return LX_WHITE;
    return tw_connected_colour(b, LX_BLACK);
}

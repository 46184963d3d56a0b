/* inferior.c - inferior cells of a Hex position beyond the dead ones
 * (proof.c): captured pairs, filled for their captor before the search's
 * playouts and H-search, and never moves of the tree (sim.c); and
 * vulnerable cells, left out of the tree's moves where their killer is a
 * move.
 *
 * A pair of adjacent empty cells {a, b} is captured by X when an X stone on
 * either makes the other dead (proof.c's patterns): whenever Y takes one, X
 * takes the other and Y's stone is dead, so the pair filled with X is worth
 * the same to both players as the pair left empty (a dead cell's colour
 * changes no winner).  The classic one: the two cells between an X stone on
 * the second row and X's edge.  A move in a captured pair is never better
 * than another move: X's own is a pass, and Y's is answered at once and
 * leaves the position as it was.  Stones only ever add to a dead cell's
 * pattern, so a pair captured now stays captured below, and dead cells and
 * captured pairs are filled in turn until neither finds more.
 *
 * A cell p is vulnerable for the mover X when a Y stone on an empty
 * neighbour k of p (its killer) makes p dead: after X p, Y k, X's stone is
 * dead.  X's move k is then at least as good as X's move p (inferior-cell
 * analysis in Hex: a vulnerable cell is dominated by its killer), so p is
 * left out while k stays a move.  So that two cells are never each other's
 * reason to go, a killer is kept for good once it has put a cell out. */
#include "hex/hex_impl.h"

/* Whether the empty cell p is dead once the empty cell q holds `x`. */
static int dead_with(uint8_t *colour, int cols, int32_t p, int32_t q, uint8_t x)
{
    colour[q] = x;
    int dead = hex_proof_is_dead(colour, cols, p);
    colour[q] = HEX_EMPTY;
    return dead;
}

/* The colour (HEX_BLACK, HEX_WHITE) that captures the empty adjacent cells a
 * and b, 0 when none. */
static uint8_t captured_by(uint8_t *colour, int cols, int32_t a, int32_t b)
{
    if (colour[a] != HEX_EMPTY || colour[b] != HEX_EMPTY)
        return 0;
    for (uint8_t x = HEX_BLACK; x <= HEX_WHITE; x++)
        if (dead_with(colour, cols, a, b, x) && dead_with(colour, cols, b, a, x))
            return x;
    return 0;
}

/* One pass over the pairs of cell p with its neighbours after it (right,
 * down-left, down: each pair once); the cells filled. */
static size_t fill_pairs_at(uint8_t *colour, int cols, int32_t p, uint8_t *filled)
{
    int32_t st = cols + 2, next[3] = {1, st - 1, st};
    for (int k = 0; k < 3; k++) {
        int32_t q = p + next[k];
        uint8_t x = captured_by(colour, cols, p, q);
        if (x) {
            colour[p] = colour[q] = x;
            if (filled)
                filled[p] = filled[q] = 2;
            return 2;
        }
    }
    return 0;
}

size_t hex_inferior_fill(uint8_t *colour, int cols, int rows, uint8_t dead_fill, uint8_t *filled)
{
    int32_t st = cols + 2;
    size_t found = hex_proof_fill_dead(colour, cols, rows, dead_fill, filled);
    for (size_t more = 1; more;) {
        more = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                more += fill_pairs_at(colour, cols, (r + 1) * st + c + 1, filled);
        if (more)
            more += hex_proof_fill_dead(colour, cols, rows, dead_fill, filled);
        found += more;
    }
    return found;
}

/* A killer of empty cell p for the mover `me` among the moves (mark bit 1)
 * not left out (bit 4), -1 when none. */
static int32_t killer_of(uint8_t *colour, int cols, int32_t p, uint8_t me, const uint8_t *mark)
{
    int32_t st = cols + 2, ring[6] = {1, 1 - st, -st, -1, st - 1, st};
    for (int k = 0; k < 6; k++) {
        int32_t q = p + ring[k];
        if (colour[q] == HEX_EMPTY && (mark[q] & 5) == 1 && dead_with(colour, cols, p, q, (uint8_t)(me ^ 3)))
            return q;
    }
    return -1;
}

size_t hex_inferior_cut_vulnerable(uint8_t *colour, int cols, uint8_t me, int32_t *ids, size_t n, int32_t npadded,
                                   uint8_t *mark)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] < npadded && colour[ids[i]] == HEX_EMPTY)
            mark[ids[i]] = 1;
    for (size_t i = 0; i < n; i++) {
        int32_t p = ids[i];
        if (p >= npadded || mark[p] != 1) /* not a cell, or a killer kept */
            continue;
        int32_t k = killer_of(colour, cols, p, me, mark);
        if (k >= 0) {
            mark[p] |= 4;
            mark[k] |= 2;
        }
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t p = ids[i];
        int out = p < npadded && (mark[p] & 4);
        if (p < npadded)
            mark[p] = 0;
        if (!out)
            ids[kept++] = p;
    }
    return kept;
}

/* inferior.c - inferior cells of a Hex position beyond the dead ones
 * (proof.c): captured pairs, filled for their captor before the search's
 * playouts and H-search, and never moves of the tree (sim.c).
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
 * captured pairs are filled in turn until neither finds more. */
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

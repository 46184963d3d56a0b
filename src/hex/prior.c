/* prior.c - what a Hex search believes of a move before its first playout
 * (lx_hex_sim_prior in ludex/hex.h, through sim.c): prior AMAF figures from
 * the cell's neighbourhood, as MoHex's tree starts its children from local
 * patterns, so that the first playouts through a new node go to shapes a
 * Hex player would try rather than to whichever cells came first.
 *
 * A cell's prior is PRIOR_VISITS playouts worth a value for the colour to
 * move, from features of its six neighbours and six bridge points (the cell
 * two steps away across two neighbours):
 *   - it saves a bridge of the mover's the last stone intruded into (the one
 *     answer; the playouts play it too): much more;
 *   - it makes a bridge to a stone or the edge of the mover's: more;
 *   - it touches the last stone, or is a bridge point of it: more;
 *   - it touches a stone of either colour: a little more;
 *   - it intrudes into a bridge of the opponent's (he answers, nothing is
 *     gained): less;
 *   - it is on the first row of any side with no stone within two steps:
 *     least of all.
 * The values are set by hand, not learned.  At 9x9, 0.2 s a move, paired
 * openings against the search without them or captured pairs (3e39a7f):
 * with captured pairs 39/60, alone 8/20; 40 prior playouts instead of 12
 * 22/40; dead cells at 0.05 18/40 against these.
 *
 * Patterns learned from strong programs' games (pattern.h, pattern_table.c,
 * bench/hex_patterns) were tried here and are not used here (the search
 * uses them as its policy, the progressive bias of the selection,
 * engine/hex_kind.c): against this file's
 * figures at 0.2 s a move, paired openings, the learned weights alone
 * (0.45 + 0.07 log weight) scored 24/40 on 9x9 and 22/60 on 11x11, added to
 * these at 0.035 18/40 on 9x9 and 38/80 on 11x11, each within the noise, for
 * about a quarter fewer playouts a second (bench/RESULTS.md). */
#include "hex/hex_impl.h"

enum { PRIOR_VISITS = 12 };

typedef struct cell_features {
    int saves, bridges, near_last, touches, intrudes, stones_near;
} cell_features;

static int is_inside(int32_t q, int cols, int rows)
{
    return hex_padded_inside(q, cols, rows);
}

static void features_of(const uint8_t *colour, int cols, int rows, int32_t p, int32_t last, uint8_t me,
                        cell_features *f)
{
    int32_t st = cols + 2, ring[6] = {1, 1 - st, -st, -1, st - 1, st};
    uint8_t them = me ^ 3, n[6];
    for (int k = 0; k < 6; k++)
        n[k] = colour[p + ring[k]];
    *f = (cell_features){0};
    for (int k = 0; k < 6; k++) {
        int32_t q = p + ring[k];
        uint8_t a = n[k], mid = n[(k + 1) % 6], b = n[(k + 2) % 6];
        int stone = (a == HEX_BLACK || a == HEX_WHITE) && is_inside(q, cols, rows);
        f->touches += stone;
        f->stones_near += stone;
        f->near_last += q == last;
        if (a == me && b == me && mid == them && p + ring[(k + 1) % 6] == last)
            f->saves = 1;
        if (a == them && b == them && mid == HEX_EMPTY)
            f->intrudes = 1;
        if (a == HEX_EMPTY && mid == HEX_EMPTY) { /* the bridge point across cells k and k + 1 */
            int32_t bp = p + ring[k] + ring[(k + 1) % 6];
            uint8_t x = colour[bp];
            f->bridges += x == me;
            f->near_last += bp == last;
            f->stones_near += (x == HEX_BLACK || x == HEX_WHITE) && is_inside(bp, cols, rows);
        }
    }
}

static double value_of(const cell_features *f, int edge_row)
{
    double v = 0.45;
    if (f->saves)
        v += 0.3;
    if (f->bridges)
        v += 0.1;
    if (f->near_last)
        v += 0.08;
    if (f->touches)
        v += 0.04;
    if (f->intrudes && !f->saves)
        v -= 0.12;
    if (edge_row && f->stones_near == 0)
        v -= 0.2;
    return v;
}

void hex_prior(const uint8_t *colour, int cols, int rows, int32_t last, uint8_t me, const int32_t *ids, size_t n,
               float *visits, float *wins)
{
    int32_t st = cols + 2;
    for (size_t i = 0; i < n; i++) {
        int32_t p = ids[i];
        if (!is_inside(p, cols, rows) || colour[p] != HEX_EMPTY)
            continue; /* the swap */
        int col = (int)(p % st) - 1, row = (int)(p / st) - 1;
        int edge_row = col == 0 || row == 0 || col == cols - 1 || row == rows - 1;
        cell_features f;
        features_of(colour, cols, rows, p, last, me, &f);
        visits[i] += PRIOR_VISITS;
        wins[i] += (float)(PRIOR_VISITS * value_of(&f, edge_row));
    }
}

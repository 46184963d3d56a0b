/* planes.c - lx_position_planes: a position as fixed planes of bytes, for
 * training (ludex/position.h says what each plane holds).  The bindings hand
 * them over as NumPy arrays (Python) and typed arrays (JavaScript). */
#include <stdlib.h>
#include <string.h>

#include "ludex/bgammon.h"
#include "ludex/hex.h"
#include "ludex/position.h"
#include "ludex/twixt.h"

#define TWIXT_PLANES 11

int lx_position_planes_shape(const lx_game_module *m, const void *pos, size_t shape[3], int *ndim)
{
    if (m == &lx_hex_module) {
        shape[0] = 3, shape[1] = (size_t)lx_hex_rows(pos), shape[2] = (size_t)lx_hex_cols(pos), *ndim = 3;
    } else if (m == &lx_twixt_module) {
        shape[0] = TWIXT_PLANES, shape[1] = (size_t)lx_twixt_rows(pos), shape[2] = (size_t)lx_twixt_cols(pos);
        *ndim = 3;
    } else if (m == &lx_bgammon_module) {
        shape[0] = 2, shape[1] = 26, shape[2] = 1, *ndim = 2;
    } else {
        return -1;
    }
    return 0;
}

static void hex_fill(const lx_hex_board *b, uint8_t *out)
{
    int rows = lx_hex_rows(b), cols = lx_hex_cols(b);
    size_t plane = (size_t)rows * (size_t)cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            lx_colour s = lx_hex_stone_at(b, c, r);
            size_t at = (size_t)r * (size_t)cols + (size_t)c;
            out[at] = s == LX_BLACK;
            out[plane + at] = s == LX_WHITE;
            out[2 * plane + at] = lx_hex_to_play(b) == LX_BLACK;
        }
}

/* The link plane (0..3) of a link seen from its left end `a`. */
static int twixt_direction(lx_twixt_point a, lx_twixt_point b)
{
    int dc = b.col - a.col, dr = b.row - a.row;
    return dc == 1 ? (dr < 0 ? 0 : 3) : (dr < 0 ? 1 : 2);
}

/* Mark colour c's links; 0, or -1 when out of memory. */
static int twixt_links_fill(const lx_twixt_board *b, lx_colour c, uint8_t *first_plane, size_t plane, int cols)
{
    size_t cap = 4 * lx_twixt_peg_count(b, c) + 4;
    lx_twixt_link *links = malloc(cap * sizeof *links);
    if (!links)
        return -1;
    size_t n = lx_twixt_links(b, c, links, cap);
    for (size_t i = 0; i < n && i < cap; i++) {
        lx_twixt_point a = links[i].a, z = links[i].b;
        if (z.col < a.col) {
            lx_twixt_point t = a;
            a = z, z = t;
        }
        size_t at = (size_t)a.row * (size_t)cols + (size_t)a.col;
        first_plane[(size_t)twixt_direction(a, z) * plane + at] = 1;
    }
    free(links);
    return 0;
}

static int twixt_fill(const lx_twixt_board *b, uint8_t *out)
{
    int rows = lx_twixt_rows(b), cols = lx_twixt_cols(b);
    size_t plane = (size_t)rows * (size_t)cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            lx_colour p = lx_twixt_peg_at(b, c, r);
            size_t at = (size_t)r * (size_t)cols + (size_t)c;
            out[at] = p == LX_WHITE;
            out[plane + at] = p == LX_BLACK;
            out[10 * plane + at] = lx_twixt_to_play(b) == LX_WHITE;
        }
    return twixt_links_fill(b, LX_WHITE, out + 2 * plane, plane, cols) != 0 ||
                   twixt_links_fill(b, LX_BLACK, out + 6 * plane, plane, cols) != 0
               ? -1
               : 0;
}

static void bgammon_fill(const lx_bgammon_game *g, uint8_t *out)
{
    const lx_bgammon_board *b = lx_bgammon_game_board(g);
    lx_bgammon_match_info mi;
    lx_bgammon_game_info(g, &mi);
    lx_colour me = mi.on_roll == LX_BLACK ? LX_BLACK : LX_WHITE;
    for (int i = 0; i < 26; i++) {
        out[i] = b->checkers[me][i];
        out[26 + i] = b->checkers[1 - me][i];
    }
}

int lx_position_planes(const lx_game_module *m, const void *pos, uint8_t *out)
{
    size_t shape[3];
    int ndim;
    if (lx_position_planes_shape(m, pos, shape, &ndim) != 0)
        return -1;
    memset(out, 0, shape[0] * shape[1] * shape[2]);
    if (m == &lx_twixt_module)
        return twixt_fill(pos, out);
    if (m == &lx_hex_module)
        hex_fill(pos, out);
    else
        bgammon_fill(pos, out);
    return 0;
}

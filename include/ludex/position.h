/* ludex/position.h - what a game position offers programs (the Python and
 * JavaScript bindings, training pipelines): its legal moves written as SGF
 * writes them, and the position as fixed planes of bytes.  For the built-in
 * modules (Hex, Twixt, Backgammon); `pos` is a position of module `m`
 * (m->position_new, a replay's position). */
#ifndef LUDEX_POSITION_H
#define LUDEX_POSITION_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Called with each legal move's written form (NUL-terminated, valid during the call);
 * a non-zero return stops the listing and is returned by lx_position_legal_moves. */
typedef int (*lx_move_fn)(void *ctx, const char *move);

/* The legal moves of `who` in pos, in a fixed order.  Hex and Twixt: every empty cell
 * (hole) the player may take, then swap-pieces and swap-sides when allowed (resign,
 * forfeit and pass are always allowed and not listed).  Backgammon: with dice d1, d2
 * (1..6) every distinct play of that roll ("31hefe"; "31" alone when nothing can be
 * played), then the cube actions (double, take, drop) allowed now; without dice (0, 0)
 * the cube actions alone.  A game that is over has none.  0 when listed, the
 * callback's non-zero, -1 when out of memory, -2 when m is none of those games, -3
 * for dice out of 1..6. */
int lx_position_legal_moves(const lx_game_module *m, const void *pos, lx_colour who, int d1, int d2,
                            lx_move_fn each, void *ctx);

/* The planes' shape: *ndim (2 or 3) sizes in shape[] (shape[2] is 1 when *ndim is 2),
 * [plane, row, col] with row 0 the
 * top row.  Hex (3, rows, cols): 0 Black stones; 1 White stones; 2 all ones when Black
 * is to move.  Twixt (11, rows, cols): 0 White pegs; 1 Black pegs; 2..5 White links,
 * each marked once at its end with the smaller column, by where the other end is:
 * 2 (col+1, row-2), 3 (col+2, row-1), 4 (col+2, row+1), 5 (col+1, row+2); 6..9 Black
 * links the same way; 10 all ones when White is to move.  Backgammon (2, 26): the
 * checkers of the player on roll (row 0) and of the other (row 1), each on its own
 * points: 0 borne off, 1..24 the points, 25 the bar.  0, or -1 for a game without planes. */
int lx_position_planes_shape(const lx_game_module *m, const void *pos, size_t shape[3], int *ndim);
/* Fill `out` (the product of the shape's bytes) with the planes.  0, or -1 when out of
 * memory or for a game without planes. */
int lx_position_planes(const lx_game_module *m, const void *pos, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif

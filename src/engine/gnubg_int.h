/* engine/gnubg_int.h - what the files of the "backgammon" engine kind share
 * (internal to libludex).
 *
 * gnubg_proc.c   the child process (gnubg_proc.h)
 * gnubg_parse.c  reading gnubg's answers: the plays `hint` lists, its cube
 *                analysis, and its move notation turned into a board
 * gnubg.c        the engine kind: the game, the dice, asking and checking */
#ifndef LX_ENGINE_GNUBG_INT_H
#define LX_ENGINE_GNUBG_INT_H

#include <stddef.h>

#include "ludex/bgammon.h"

/* One play of gnubg's `hint` list. */
typedef struct gnubg_hint_play {
    char notation[64]; /* "24/22 13/8", "bar/22* 6/off", "13/7(2)" */
    double equity;     /* as gnubg ranks it (cubeful), for the player on roll */
} gnubg_hint_play;

/* Up to `cap` plays of a `hint` answer, in gnubg's order (best first);
 * returns how many were found. */
size_t gnubg_parse_plays(const char *reply, gnubg_hint_play *out, size_t cap);

/* gnubg's cube analysis of a player about to roll: cubeful equities of not
 * doubling, of doubling when the other takes and when the other passes,
 * for the player on roll, normalised to the cube; and its verdict ("No
 * double, take", "Double, pass", "Too good to redouble, pass", "No
 * double, beaver"). */
typedef struct gnubg_cube_analysis {
    double no_double, double_take, double_pass;
    char proper[64];
} gnubg_cube_analysis;

/* 0 when `reply` holds a whole cube analysis, else -1. */
int gnubg_parse_cube(const char *reply, gnubg_cube_analysis *out);

/* What the verdict means for the player on roll (non-zero: double) and for
 * the other (1 take, 0 drop, 2 beaver). */
int gnubg_cube_should_double(const gnubg_cube_analysis *c);
int gnubg_cube_answer(const gnubg_cube_analysis *c);

/* Play gnubg's notation for colour `who` on board b (hits as the rules
 * make them).  0, or -1 when the notation does not read or moves checkers
 * that are not there. */
int gnubg_apply_notation(lx_bgammon_board *b, lx_colour who, const char *notation);

#endif

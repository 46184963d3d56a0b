/* service/bg_play_text.h - backgammon plays as players type them. */
#ifndef LUDEX_SERVER_BG_PLAY_TEXT_H
#define LUDEX_SERVER_BG_PLAY_TEXT_H

#include "ludex/bgammon.h"

/* "13/7* 8/5(2) bar/22" into die steps for `dice`: a hop longer than one die
 * is split into die steps; `swap` picks the other order of the
 * two dice for a hop that uses both.  Points are the mover's own (bar,
 * 24..1, off); '*' marks are ignored (the engine finds the hits).  0, or -1
 * when the text is not a play for these dice.  Whether the play is legal is
 * the engine's business. */
int bg_text_to_play(const int dice[2], const char *text, int swap, lx_bgammon_play *p);

#endif

/* service/conditional.h - a player's conditional moves, as a game held in memory carries them
 * (conditional.c; the operations that set and list them are svc_conditional.c's).
 *
 * Each seat's lines are text: one line per '\n', its moves (in their stored form) apart by one
 * space, the opponent's move first, then the answer, and so on: "e5 f6 g7 h8\ne5 f6 c3 d4".
 * Lines that begin alike form a tree.  sg->conditional[seat] holds them, NULL when none. */
#ifndef LUDEX_SERVICE_CONDITIONAL_H
#define LUDEX_SERVICE_CONDITIONAL_H

#include "service/model.h"

#define COND_MAX_LINES 64     /* lines a player's tree holds */
#define COND_MAX_MOVES 40     /* moves in a line: theirs and the answers */
#define COND_MAX_BYTES 8192   /* bytes of a player's lines */

/* The players' lines from the store (a game being loaded).  0, or -1. */
int conditional_load(store *st, srv_game *sg);

void conditional_free(srv_game *sg);

/* A game read again: fresh's lines become sg's, sg's old ones fresh's (freed with it). */
void conditional_take(srv_game *sg, srv_game *fresh);

/* seat's lines become `lines` (taken; NULL or "": none), queued as a write of the game. 0 or -1. */
int conditional_write(srv *s, srv_game *sg, int seat, char *lines, svc_status *st);

/* Both seats' lines end (a takeback, the game's end).  0 or -1. */
int conditional_end(srv *s, srv_game *sg, svc_status *st);

/* `mover` has just played `stored` (recorded, in the open batch): the answer its opponent's lines
 * give, in *answer (malloc'd; NULL when none), the lines going on from it queued; lines that do
 * not match end.  0, or -1 (st). */
int conditional_answer(srv *s, srv_game *sg, int mover, const char *stored, char **answer, svc_status *st);

/* After an answer played from conditional moves: the turn passes back without charging its
 * player's clock (its bank stays as it was), the opponent's turn starting now.  0 or -1. */
int conditional_clock(srv *s, srv_game *sg, svc_status *st);

/* Word k (0-based) of line [line, end): 1 with it in [*w, *w + *len), 0 when the line is shorter. */
int conditional_word(const char *line, const char *end, int k, const char **w, size_t *len);

#endif

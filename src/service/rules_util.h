/* service/rules_util.h - what the game rules of ludexd share: options and records. */
#ifndef LUDEX_SERVER_RULES_UTIL_H
#define LUDEX_SERVER_RULES_UTIL_H

#include "service/model.h"

/* The value of `key` in canonical options text "k=v k=v"; 1 found, 0 not. */
int opt_get(const char *canon, const char *key, char *out, size_t cap);
long opt_long(const char *canon, const char *key, long dflt);
/* Split a challenge option "-name=value" or "-flag": 0, -1 when it is not one. */
int opt_split(const char *arg, char *name, size_t ncap, char *value, size_t vcap);
/* Read "N" or "CxR" (also "C:R"); 0 or -1. */
int opt_size(const char *v, long *cols, long *rows);
/* A root node with FF[4], GM, AP, and the players (PW/PB as given). */
lx_sgf_tree *record_root(int gm, const char *first_prop, const char *first, const char *second_prop,
                         const char *second);
int record_text(lx_sgf_tree *t, lx_sgf_node n, const char *id, const char *text);
/* A tournament game's EV[] and RO[] on the root, from its options' event= and round= (a
 * tournament's name, '_' for a space; nothing for other games).  0 or -1. */
int record_event(lx_sgf_tree *t, const char *options);
/* A tournament game's event (its name, spaces back) and round from its options: 1, or 0 for
 * other games (event and round then ""). */
int record_event_of(const char *options, char event[80], char round[16]);
/* After a swap of sides: the root's players named the other way round (first_prop names
 * `second`, second_prop `first`), so each names the colour its player ends with.  0 or -1. */
int record_sides_swapped(lx_sgf_tree *t, const char *first_prop, const char *first, const char *second_prop,
                         const char *second);
/* The move's comment (and the rules' own note before it, NULL when none) as the node's C[]
 * (escaped by the SGF writer: ']' and '\\'); nothing when there is neither.  0 or -1. */
int record_comment(lx_sgf_tree *t, lx_sgf_node n, const srv_move *mv, const char *note);
/* A move property with one value as written by the module (escaped here). */
int record_move(lx_sgf_tree *t, lx_sgf_node n, lx_colour who, const char *value);
/* What a player may do in a connection game with the swap (Hex, Twixt):
 * move and resign, and swap at the second move unless the game has none. */
unsigned swap_game_actions(int noswap, size_t nmoves);
/* The hooks of a game with no hidden state (Hex, Twixt): nothing to persist or restore, nothing between turns. */
const char *rules_no_state(const void *g);
int rules_no_restore(void *g, const char *state);
int rules_no_between_turns(void *g);
/* Write the tree with the game module's options into out; frees the tree. */
int record_write(lx_sgf_tree *t, const lx_game_module *m, lx_buf *out);

#endif

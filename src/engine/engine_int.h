/* engine/engine_int.h - what an engine kind gives the lx_engine_* dispatcher.
 *
 * Each kind (Hex search, Twixt search, flat Monte Carlo, GNU Backgammon) fills
 * in one lx_engine_ops and is listed in engine.c's table.  The dispatcher owns
 * the common state (options with their strings copied, the stop flag, the
 * figures of the last search); a kind keeps its own in `impl`. */
#ifndef LUDEX_ENGINE_INT_H
#define LUDEX_ENGINE_INT_H

#include <stdatomic.h>

#include "ludex/engine.h"

typedef struct lx_engine_ops {
    const char *kind;
    /* Make e->impl for e->opt (an empty board of the size asked). */
    int (*init)(lx_engine *e, lx_game_error *err);
    void (*free)(lx_engine *e);
    int (*new_game)(lx_engine *e, int cols, int rows, lx_game_error *err);
    int (*play)(lx_engine *e, lx_colour who, const char *move, lx_game_error *err);
    int (*undo)(lx_engine *e);
    lx_colour (*to_play)(const lx_engine *e);
    void (*result)(const lx_engine *e, lx_game_result *out);
    int (*set_dice)(lx_engine *e, int d1, int d2); /* NULL: the kind has no dice */
    int (*genmove)(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err);
    int (*analyse)(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                   lx_game_error *err);
    int (*show)(const lx_engine *e, lx_buf *out);
    /* NULL: the kind has no matches (Backgammon only) */
    int (*set_match)(lx_engine *e, int length, int black_score, int white_score, int crawford_game,
                     lx_game_error *err);
} lx_engine_ops;

struct lx_engine {
    const lx_engine_ops *ops;
    lx_engine_options opt; /* `rules` and `program` point into the copies below */
    char *rules_copy, *program_copy;
    atomic_int stop;       /* set by lx_engine_stop; a search polls it */
    long last_playouts;
    double last_seconds;
    double last_value;     /* the last genmove's move's value for its mover, -1 when none */
    void *impl;
};

/* The kinds (each in its own files). */
extern const lx_engine_ops lx_engine_gnubg_ops; /* "backgammon": gnubg*.c */
extern const lx_engine_ops lx_engine_hex_ops, lx_engine_hex_flat_ops;     /* search_kind.c, hex_kind.c */
extern const lx_engine_ops lx_engine_twixt_ops, lx_engine_twixt_flat_ops; /* search_kind.c, twixt_kind.c */

/* The budget in force: seconds (0 when only playouts count) and playouts. */
void lx_engine_budget(const lx_engine *e, double *seconds, long *playouts);
/* Seconds on a monotonic clock. */
double lx_engine_now(void);

#endif

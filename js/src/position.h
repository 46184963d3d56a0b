/* js/src/position.h - a game position JavaScript holds (see position.c). */
#ifndef LUDEX_JS_POSITION_H
#define LUDEX_JS_POSITION_H

#include "wasm.h"

struct lxw_pos {
    const lx_game_module *m;
    void *pos;
    lx_game_error err;    /* the last refusal of lxw_pos_play */
    lx_game_result res;   /* filled by lxw_pos_result */
    lx_buf out;           /* the last drawing or description */
};

/* A handle over a copy of `pos`; NULL when out of memory. */
lxw_pos *lxw_pos_wrap(const lx_game_module *m, const void *pos);

#endif

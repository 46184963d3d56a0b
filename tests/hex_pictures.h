/* hex_pictures.h - helpers shared by the Hex engine's unit tests (test_hex_proof,
 * test_hex_inferior, test_hex_dfpn): positions drawn as rows of '.', 'B' and 'W' (Black
 * joins top and bottom, White left and right), a cell's search id,
 * whether a list of ids holds one, an engine whose moves repeat, and the
 * check that an engine resigns without a search. */
#ifndef LX_HEX_PICTURES_H
#define LX_HEX_PICTURES_H

#include "testutil.h"

/* A board of the picture's size with its stones, `next` to move, no swap. */
static inline lx_hex_board *board_of(const char *const *rows, int nrows, lx_colour next)
{
    int cols = (int)strlen(rows[0]);
    lx_hex_board *b = lx_hex_board_new(cols, nrows);
    assert_non_null(b);
    lx_hex_set_no_swap(b, 1);
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < cols; c++)
            if (rows[r][c] != '.')
                assert_int_equal(lx_hex_setup(b, c, r, rows[r][c] == 'B' ? LX_BLACK : LX_WHITE), 0);
    lx_hex_set_to_play(b, next);
    return b;
}

static inline int32_t id_of(const lx_hex_board *b, int col, int row)
{
    lx_hex_move m = {.kind = LX_HEX_STONE, .col = col, .row = row};
    return lx_hex_sim_id(lx_hex_cols(b), lx_hex_rows(b), &m);
}

static inline int has(const int32_t *ids, size_t n, int32_t id)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id)
            return 1;
    return 0;
}

/* A "hex" engine on a size x size board without the swap, 2000 playouts a
 * move (the solver's budget is then a fixed number of positions), one
 * thread, seed 7: its moves repeat exactly. */
static inline lx_engine *hex_engine(int size)
{
    lx_engine_options o;
    lx_engine_options_init(&o, "hex");
    o.cols = o.rows = size;
    o.rules = "noswap";
    o.playouts = 2000;
    o.threads = 1;
    o.seed = 7;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    assert_non_null(e);
    lx_game_error_free(&err);
    return e;
}

/* `who` resigns at once: "resign", and no playout searched. */
static inline void assert_resigns_at_once(lx_engine *e, lx_colour who)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    assert_int_equal(lx_engine_genmove(e, who, &mv, &err), 0);
    assert_string_equal(mv.data, "resign");
    lx_buf_free(&mv);
    lx_game_error_free(&err);
    long playouts;
    double seconds;
    lx_engine_last_search(e, &playouts, &seconds);
    assert_int_equal(playouts, 0);
}

#endif

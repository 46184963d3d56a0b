/* js/src/position.c - one game position JavaScript can question and play
 * on: whose turn it is, play a move (the values of a B or W property, parsed,
 * checked and applied by the game module exactly as the replay driver does,
 * with the module's refusal code and sentence on failure), the result, an
 * SVG or text drawing, and the module's JSON description (the members of a
 * `ludex replay --json` record). */
#include <stdlib.h>
#include <string.h>

#include "position.h"

lxw_pos *lxw_pos_wrap(const lx_game_module *m, const void *pos)
{
    lxw_pos *p = calloc(1, sizeof *p);
    if (!p || !(p->pos = m->position_copy(pos))) {
        free(p);
        return NULL;
    }
    p->m = m;
    lx_game_error_init(&p->err);
    return p;
}

LXW_API lxw_pos *lxw_pos_copy(const lxw_pos *p)
{
    return lxw_pos_wrap(p->m, p->pos);
}

LXW_API void lxw_pos_free(lxw_pos *p)
{
    if (!p)
        return;
    p->m->position_free(p->pos);
    lx_game_error_free(&p->err);
    lx_buf_free(&p->out);
    free(p);
}

LXW_API const char *lxw_pos_game(const lxw_pos *p)
{
    return p->m->name;
}

/* 0 Black, 1 White, -1 nobody. */
LXW_API int lxw_pos_to_play(const lxw_pos *p)
{
    return (int)p->m->to_play(p->pos);
}

/* Fill the result; returns whether the game is over. */
LXW_API int lxw_pos_result(lxw_pos *p)
{
    memset(&p->res, 0, sizeof p->res);
    p->m->result(p->pos, &p->res);
    return p->res.over != 0;
}

LXW_API int lxw_pos_winner(const lxw_pos *p)
{
    return p->res.over ? (int)p->res.winner : -1;
}

LXW_API const char *lxw_pos_re(const lxw_pos *p)
{
    return p->res.re;
}

static int refuse(lxw_pos *p, const char *code, const char *msg)
{
    return lx_game_fail(&p->err, code, "%s", msg);
}

/* Play the n values (raw, as written in SGF: lens[i] bytes at vals[i]) of
 * one move for `who` (0 Black, 1 White, -1 the player to move).  All values
 * are checked on a copy first, so a refused move leaves the position as it
 * was.  Codes of its own: EMPTY_MOVE, GAME_OVER, PLAYER_NEEDED (nobody is
 * to move: backgammon before the opening roll); else the module's.  0, or -1
 * with lxw_pos_error_code/message set. */
LXW_API int lxw_pos_play(lxw_pos *p, int who, const char *const *vals, const size_t *lens, size_t n)
{
    _Alignas(max_align_t) unsigned char move[LX_MOVE_MAX_SIZE];
    lx_game_error_free(&p->err);
    lx_game_error_init(&p->err);
    lx_colour c = who < 0 ? p->m->to_play(p->pos) : (lx_colour)who;
    if (n == 0)
        return refuse(p, "EMPTY_MOVE", "a move needs at least one value");
    if (lxw_pos_result(p))
        return refuse(p, "GAME_OVER", "the game is over");
    if (c == LX_NO_COLOUR)
        return refuse(p, "PLAYER_NEEDED", "nobody is to move in this position: say who plays (B or W)");
    if (p->m->move_size > sizeof move)
        return refuse(p, "ILLEGAL_MOVE", "this module's moves do not fit the binding");
    void *work = p->m->position_copy(p->pos);
    if (!work)
        return refuse(p, "OUT_OF_MEMORY", "out of memory");
    for (size_t i = 0; i < n; i++) {
        memset(move, 0, p->m->move_size);
        if (p->m->parse_move(work, c, vals[i], lens[i], move, &p->err) != 0 ||
            p->m->check_move(work, c, move, &p->err) != 0) {
            p->m->position_free(work);
            if (!p->err.code)
                p->err.code = "ILLEGAL_MOVE";
            return -1;
        }
        p->m->apply_move(work, c, move);
    }
    p->m->position_free(p->pos);
    p->pos = work;
    return 0;
}

LXW_API const char *lxw_pos_error_code(const lxw_pos *p)
{
    return p->err.code ? p->err.code : "";
}

LXW_API const char *lxw_pos_error_message(const lxw_pos *p)
{
    return p->err.message.data ? p->err.message.data : "";
}

/* Draw as SVG (svg != 0) or text at module-defined scale `size` (0:
 * default) into the position's output string.  0, or -1. */
LXW_API int lxw_pos_draw(lxw_pos *p, int svg, int size)
{
    lx_buf_clear(&p->out);
    if (!p->m->draw)
        return -1;
    return p->m->draw(p->pos, svg ? LX_DRAW_SVG : LX_DRAW_ASCII, size, &p->out);
}

/* The module's description as one JSON object, into the output string. */
LXW_API int lxw_pos_describe(lxw_pos *p)
{
    lx_buf_clear(&p->out);
    if (lx_buf_append_char(&p->out, '{') != 0)
        return -1;
    if (p->m->describe_json && p->m->describe_json(p->pos, &p->out) != 0)
        return -1;
    return lx_buf_append_char(&p->out, '}');
}

LXW_API const char *lxw_pos_out(const lxw_pos *p)
{
    return p->out.data ? p->out.data : "";
}

LXW_API size_t lxw_pos_out_len(const lxw_pos *p)
{
    return p->out.len;
}

static int append_move(void *ctx, const char *move)
{
    lx_buf *out = ctx;
    return (out->len && lx_buf_append_char(out, '\n') != 0) || lx_buf_append_str(out, move) != 0 ? -1 : 0;
}

/* The legal moves of `who` (0 Black, 1 White, -1 the player to move) with dice d1, d2 (0, 0:
 * none; backgammon), one per line into the output string (ludex/position.h says which).
 * 0, -1 when out of memory, -2 for a game without a listing, -3 for dice out of 1..6. */
LXW_API int lxw_pos_legal(lxw_pos *p, int who, int d1, int d2)
{
    lx_buf_clear(&p->out);
    lx_colour c = who < 0 ? p->m->to_play(p->pos) : (lx_colour)who;
    return lx_position_legal_moves(p->m, p->pos, c, d1, d2, append_move, &p->out);
}

/* The planes' shape: which 0..2 a size (1 past ndim), 3 ndim; -1 for a game without planes. */
LXW_API int lxw_pos_planes_shape(const lxw_pos *p, int which)
{
    size_t shape[3];
    int ndim;
    if (lx_position_planes_shape(p->m, p->pos, shape, &ndim) != 0)
        return -1;
    return which == 3 ? ndim : (int)shape[which];
}

/* The planes' bytes into the output string; 0, or -1. */
LXW_API int lxw_pos_planes(lxw_pos *p)
{
    size_t shape[3];
    int ndim;
    lx_buf_clear(&p->out);
    if (lx_position_planes_shape(p->m, p->pos, shape, &ndim) != 0)
        return -1;
    size_t n = shape[0] * shape[1] * shape[2];
    if (lx_buf_reserve(&p->out, n + 1) != 0)
        return -1;
    if (lx_position_planes(p->m, p->pos, (uint8_t *)p->out.data) != 0)
        return -1;
    p->out.len = n;
    return 0;
}

/* legal_moves.c - lx_position_legal_moves: every legal move of a position,
 * written as SGF writes it (ludex/position.h), for the bindings' legal_moves()
 * and legalMoves().  Each candidate is confirmed by the module's own check (for
 * backgammon, by acting on a copy of the game), so the list is exactly what
 * play() accepts. */
#include <string.h>

#include "ludex/bgammon.h"
#include "ludex/hex.h"
#include "ludex/position.h"
#include "ludex/twixt.h"

static const char *const swaps[] = {"swap-pieces", "swap-sides"};

static int hex_ok(const lx_hex_board *b, lx_colour who, const lx_hex_move *mv)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = lx_hex_check_move(b, who, mv, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

static int hex_legal(const lx_hex_board *b, lx_colour who, lx_move_fn each, void *ctx)
{
    if (lx_hex_winner(b) != LX_NO_COLOUR)
        return 0;
    char name[32];
    int rc = 0;
    for (int row = 0; rc == 0 && row < lx_hex_rows(b); row++)
        for (int col = 0; rc == 0 && col < lx_hex_cols(b); col++) {
            lx_hex_move mv = {LX_HEX_STONE, col, row};
            if (lx_hex_stone_at(b, col, row) == LX_NO_COLOUR && hex_ok(b, who, &mv) &&
                lx_hex_format_move(&mv, name, sizeof name) > 0)
                rc = each(ctx, name);
        }
    for (int i = 0; rc == 0 && i < 2; i++) {
        lx_hex_move mv = {i == 0 ? LX_HEX_SWAP_PIECES : LX_HEX_SWAP_SIDES, 0, 0};
        if (hex_ok(b, who, &mv))
            rc = each(ctx, swaps[i]);
    }
    return rc;
}

static int twixt_ok(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *mv)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = lx_twixt_check_move(b, who, mv, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

static int twixt_legal(const lx_twixt_board *b, lx_colour who, lx_move_fn each, void *ctx)
{
    if (lx_twixt_winner(b) != LX_NO_COLOUR)
        return 0;
    char name[64];
    int rc = 0;
    for (int row = 0; rc == 0 && row < lx_twixt_rows(b); row++)
        for (int col = 0; rc == 0 && col < lx_twixt_cols(b); col++) {
            lx_twixt_move mv = {.kind = LX_TWIXT_PEG, .at = {col, row}};
            if (lx_twixt_hole_allowed(b, who, col, row) && lx_twixt_peg_at(b, col, row) == LX_NO_COLOUR &&
                twixt_ok(b, who, &mv) && lx_twixt_format_move(&mv, name, sizeof name) > 0)
                rc = each(ctx, name);
        }
    for (int i = 0; rc == 0 && i < 2; i++) {
        lx_twixt_move mv = {.kind = i == 0 ? LX_TWIXT_SWAP_PIECES : LX_TWIXT_SWAP_SIDES};
        if (twixt_ok(b, who, &mv))
            rc = each(ctx, swaps[i]);
    }
    return rc;
}

/* 1 when `who` may take action `value` in g now (tried on a copy), 0 when not, -1 out of memory. */
static int bg_allowed(const lx_bgammon_game *g, lx_colour who, const char *value)
{
    lx_bgammon_game *c = lx_bgammon_game_copy(g);
    if (!c)
        return -1;
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = lx_bgammon_game_act(c, who, value, strlen(value), &err) == 0;
    lx_game_error_free(&err);
    lx_bgammon_game_free(c);
    return ok;
}

/* "31hefe": the dice, then each step's from and to as SGF point letters. */
static void bg_format(lx_colour who, int d1, int d2, const lx_bgammon_play *p, char *out)
{
    int k = 0;
    out[k++] = (char)('0' + d1);
    out[k++] = (char)('0' + d2);
    for (int i = 0; i < p->nsteps; i++) {
        out[k++] = lx_bgammon_point_letter(who, p->step[i].from);
        out[k++] = lx_bgammon_point_letter(who, p->step[i].to);
    }
    out[k] = '\0';
}

/* Offer `value` when allowed; the callback's answer, 0 when not allowed, -1 out of memory. */
static int bg_offer(const lx_bgammon_game *g, lx_colour who, const char *value, lx_move_fn each, void *ctx)
{
    int ok = bg_allowed(g, who, value);
    return ok < 0 ? -1 : ok ? each(ctx, value) : 0;
}

static int bg_plays(const lx_bgammon_game *g, lx_colour who, int d1, int d2, lx_move_fn each, void *ctx)
{
    lx_bgammon_movegen *gen = lx_bgammon_movegen_new();
    const lx_bgammon_play *plays;
    long n = gen ? lx_bgammon_legal_plays(gen, lx_bgammon_game_board(g), who, d1, d2, &plays) : -1;
    int rc = n < 0 ? -1 : 0;
    for (long i = 0; rc == 0 && i < n; i++) {
        char text[16];
        bg_format(who, d1, d2, &plays[i], text);
        rc = bg_offer(g, who, text, each, ctx);
    }
    lx_bgammon_movegen_free(gen);
    return rc;
}

static int bg_legal(const lx_bgammon_game *g, lx_colour who, int d1, int d2, lx_move_fn each, void *ctx)
{
    int rc = d1 || d2 ? bg_plays(g, who, d1, d2, each, ctx) : 0;
    static const char *const cube[] = {"double", "take", "drop"};
    for (int i = 0; rc == 0 && i < 3; i++)
        rc = bg_offer(g, who, cube[i], each, ctx);
    return rc;
}

int lx_position_legal_moves(const lx_game_module *m, const void *pos, lx_colour who, int d1, int d2,
                            lx_move_fn each, void *ctx)
{
    if (who != LX_BLACK && who != LX_WHITE)
        return 0;
    if (m == &lx_hex_module)
        return hex_legal(pos, who, each, ctx);
    if (m == &lx_twixt_module)
        return twixt_legal(pos, who, each, ctx);
    if (m != &lx_bgammon_module)
        return -2;
    if ((d1 || d2) && (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6))
        return -3;
    return bg_legal(pos, who, d1, d2, each, ctx);
}

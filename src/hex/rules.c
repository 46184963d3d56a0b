/* rules.c - the rules of Hex on a position: turns, stones, swaps, giving up, the result.
 *
 * Turn order.  Black moves first.  Before the first move, and after setup
 * stones without PL, either colour may move (the record says who); PL fixes
 * the turn until the next move.  After a stone or a pass the other colour
 * moves.
 *
 * Swaps (see ludex/hex.h for both forms).  Allowed once per game, when the
 * board holds exactly one stone and it is the opponent's, and never in a
 * game declared without them (lx_hex_set_no_swap).  swap-pieces takes that
 * stone off and puts a stone of the swapper's colour at its mirror image
 * (column and row exchanged), and the opponent moves next; it needs a square
 * board.  swap-sides leaves the board alone: the people exchange colours,
 * colours keep their edges, so the colour that swapped moves again - after
 * ;B[e5];W[swap-sides] the next move is W, played by whoever placed e5.
 *
 * The end.  The game is over when a colour joins its edges (Black top and
 * bottom, White left and right) or when a player resigns or forfeits (at any
 * time, even out of turn).  After a win by connection only a resignation or
 * a forfeit may follow (a warning, from review.c); nothing may follow a
 * resignation.  The winner is the colour connected on the board, else the
 * opponent of whoever gave up.
 *
 * What it does not do: read SGF (sgf_hex.c, module.c) or draw (draw.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/coord.h"
#include "hex/hex_impl.h"

static lx_colour other(lx_colour c)
{
    return c == LX_BLACK ? LX_WHITE : LX_BLACK;
}

static int stone_of(lx_colour c)
{
    return c == LX_BLACK ? HEX_BLACK : HEX_WHITE;
}

const char *hex_colour_name(lx_colour c)
{
    return c == LX_BLACK ? "Black" : c == LX_WHITE ? "White" : "nobody";
}

const char *hex_cell_name(const hex_grid *g, int32_t p, char *buf, size_t cap)
{
    if (lx_coord_point_name(hex_cell_col(g, p), hex_cell_row(g, p) + 1, buf, cap) == 0)
        snprintf(buf, cap, "?");
    return buf;
}

/* ---- making, copying, looking ------------------------------------------------------- */

lx_hex_board *lx_hex_board_new(int cols, int rows)
{
    lx_hex_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    if (hex_grid_init(&b->g, cols, rows) != 0) {
        free(b);
        return NULL;
    }
    b->to_play = LX_BLACK;
    b->turn_source = HEX_TURN_START;
    b->gave_up = b->win_colour = b->last_colour = b->swapper = LX_NO_COLOUR;
    return b;
}

lx_hex_board *lx_hex_board_copy(const lx_hex_board *src)
{
    lx_hex_board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    *b = *src;
    b->swap_rules = NULL;
    b->nswap_rules = 0;
    if (hex_grid_copy(&b->g, &src->g) != 0 || hex_board_set_rules(b, src->swap_rules, src->nswap_rules) != 0) {
        hex_grid_free(&b->g);
        free(b);
        return NULL;
    }
    return b;
}

void lx_hex_board_free(lx_hex_board *b)
{
    if (!b)
        return;
    hex_grid_free(&b->g);
    free(b->swap_rules);
    free(b);
}

int hex_board_set_rules(lx_hex_board *b, const hex_swap_rule *rules, size_t n)
{
    free(b->swap_rules);
    b->swap_rules = NULL;
    b->nswap_rules = 0;
    if (n == 0)
        return 0;
    b->swap_rules = malloc(n * sizeof *rules);
    if (!b->swap_rules)
        return -1;
    memcpy(b->swap_rules, rules, n * sizeof *rules);
    b->nswap_rules = n;
    return 0;
}

void lx_hex_set_no_swap(lx_hex_board *b, int on)
{
    b->no_swap = on != 0;
}

int lx_hex_cols(const lx_hex_board *b) { return b->g.cols; }
int lx_hex_rows(const lx_hex_board *b) { return b->g.rows; }
size_t lx_hex_moves_played(const lx_hex_board *b) { return b->moves; }

lx_colour lx_hex_stone_at(const lx_hex_board *b, int col, int row)
{
    if (col < 0 || row < 0 || col >= b->g.cols || row >= b->g.rows)
        return LX_NO_COLOUR;
    int c = b->g.colour[hex_cell(&b->g, col, row)];
    return c == HEX_BLACK ? LX_BLACK : c == HEX_WHITE ? LX_WHITE : LX_NO_COLOUR;
}

lx_colour lx_hex_to_play(const lx_hex_board *b)
{
    if (b->turn_source == HEX_TURN_SETUP)
        return b->g.stones[0] > b->g.stones[1] ? LX_WHITE : LX_BLACK;
    return b->to_play;
}

/* ---- the end ---------------------------------------------------------------------- */

lx_colour lx_hex_connected(const lx_hex_board *b)
{
    int c = hex_grid_connected(&b->g);
    return c == HEX_BLACK ? LX_BLACK : c == HEX_WHITE ? LX_WHITE : LX_NO_COLOUR;
}

lx_colour lx_hex_winner(const lx_hex_board *b)
{
    lx_colour c = lx_hex_connected(b);
    if (c != LX_NO_COLOUR)
        return c;
    return b->gave_up == LX_NO_COLOUR ? LX_NO_COLOUR : other(b->gave_up);
}

void lx_hex_result(const lx_hex_board *b, lx_game_result *out)
{
    lx_colour connected = lx_hex_connected(b), w = lx_hex_winner(b);
    out->over = w != LX_NO_COLOUR;
    out->winner = w;
    if (w == LX_NO_COLOUR)
        out->re[0] = '\0';
    else
        snprintf(out->re, sizeof out->re, "%c+%s", w == LX_BLACK ? 'B' : 'W',
                 connected != LX_NO_COLOUR ? "" : b->gave_up_how == LX_HEX_FORFEIT ? "F" : "R");
}

void hex_describe_end(const lx_hex_board *b, char *buf, size_t cap)
{
    char name[32];
    lx_colour c = lx_hex_connected(b);
    const char *edges = c == LX_BLACK ? "top and bottom" : "left and right";
    if (c != LX_NO_COLOUR && c == b->win_colour)
        snprintf(buf, cap, "%s joined %s with %s at move %zu", hex_colour_name(c), edges,
                 hex_cell_name(&b->g, b->win_cell, name, sizeof name), b->win_move);
    else if (c != LX_NO_COLOUR)
        snprintf(buf, cap, "%s's stones join %s", hex_colour_name(c), edges);
    else if (b->gave_up != LX_NO_COLOUR)
        snprintf(buf, cap, "%s %s at move %zu", hex_colour_name(b->gave_up),
                 b->gave_up_how == LX_HEX_FORFEIT ? "forfeited" : "resigned", b->gave_up_move);
    else
        snprintf(buf, cap, "the game goes on");
}

/* ---- checking a move ---------------------------------------------------------------- */

static void describe_last(const lx_hex_board *b, char *buf, size_t cap)
{
    char name[32];
    if (b->turn_source == HEX_TURN_PL)
        snprintf(buf, cap, "PL says so");
    else if (b->last_colour == LX_NO_COLOUR)
        snprintf(buf, cap, "Black moves first");
    else if (b->last_kind == LX_HEX_STONE)
        snprintf(buf, cap, "%s played %s at move %zu", hex_colour_name(b->last_colour),
                 hex_cell_name(&b->g, b->last_cell, name, sizeof name), b->moves);
    else {
        lx_hex_move m = {b->last_kind, 0, 0};
        lx_hex_format_move(&m, name, sizeof name);
        snprintf(buf, cap, "%s played %s at move %zu%s", hex_colour_name(b->last_colour), name, b->moves,
                 b->last_kind == LX_HEX_SWAP_SIDES ? ", after which the swapping colour moves again" : "");
    }
}

static int check_turn(const lx_hex_board *b, lx_colour who, lx_game_error *err)
{
    char why[160];
    if (b->turn_source == HEX_TURN_START || b->turn_source == HEX_TURN_SETUP || who == b->to_play)
        return 0;
    describe_last(b, why, sizeof why);
    return lx_game_fail(err, "HEX_WRONG_TURN", "%s cannot move now: it is %s's turn (%s)", hex_colour_name(who),
                        hex_colour_name(b->to_play), why);
}

/* The only stone on the board, or 0 when there is not exactly one. */
static int32_t only_stone(const hex_grid *g)
{
    if (g->stones[0] + g->stones[1] != 1)
        return 0;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int32_t p = hex_cell(g, c, r);
            if (g->colour[p] == HEX_BLACK || g->colour[p] == HEX_WHITE)
                return p;
        }
    return 0;
}

static int check_swap(const lx_hex_board *b, lx_colour who, const lx_hex_move *m, lx_game_error *err)
{
    char name[32];
    const char *form = m->kind == LX_HEX_SWAP_PIECES ? "swap-pieces" : "swap-sides";
    size_t n = b->g.stones[0] + b->g.stones[1];
    if (b->no_swap)
        return lx_game_fail(err, "HEX_NO_SWAP", "this game is played without the swap, so %s is not allowed", form);
    if (b->swap_move)
        return lx_game_fail(err, "HEX_SWAP_REPEATED", "a game has at most one swap, and %s swapped at move %zu",
                            hex_colour_name(b->swapper), b->swap_move);
    if (n != 1)
        return lx_game_fail(err, "HEX_SWAP_NOT_ALLOWED",
                            "%s needs exactly one stone on the board (the opening stone, taken over by the "
                            "swap), but there %s %zu",
                            form, n == 1 ? "is" : "are", n);
    int32_t p = only_stone(&b->g);
    if (b->g.colour[p] == stone_of(who))
        return lx_game_fail(err, "HEX_SWAP_NOT_ALLOWED",
                            "the only stone on the board (%s) is %s's own; a swap takes over the opponent's stone",
                            hex_cell_name(&b->g, p, name, sizeof name), hex_colour_name(who));
    if (m->kind == LX_HEX_SWAP_PIECES && b->g.cols != b->g.rows)
        return lx_game_fail(err, "HEX_SWAP_NOT_SQUARE",
                            "swap-pieces mirrors the stone across the long diagonal, which needs a square board; "
                            "this one is %d x %d (swap-sides works on any board)",
                            b->g.cols, b->g.rows);
    return 0;
}

static int check_over(const lx_hex_board *b, const lx_hex_move *m, lx_game_error *err)
{
    char end[128];
    int giving_up = m->kind == LX_HEX_RESIGN || m->kind == LX_HEX_FORFEIT;
    if (b->gave_up != LX_NO_COLOUR || (!giving_up && lx_hex_winner(b) != LX_NO_COLOUR)) {
        hex_describe_end(b, end, sizeof end);
        return lx_game_fail(err, "HEX_GAME_OVER", "the game is already over (%s); no %s may follow", end,
                            giving_up ? "resignation" : "move");
    }
    return 0;
}

int lx_hex_check_move(const lx_hex_board *b, lx_colour who, const lx_hex_move *m, lx_game_error *err)
{
    char name[32];
    if (who != LX_BLACK && who != LX_WHITE)
        return lx_game_fail(err, "HEX_BAD_COLOUR", "a move is Black's or White's");
    if (check_over(b, m, err) != 0)
        return -1;
    if (m->kind == LX_HEX_RESIGN || m->kind == LX_HEX_FORFEIT)
        return 0;
    if (check_turn(b, who, err) != 0)
        return -1;
    switch (m->kind) {
    case LX_HEX_STONE: {
        if (m->col < 0 || m->row < 0 || m->col >= b->g.cols || m->row >= b->g.rows)
            return lx_game_fail(err, "HEX_OFF_BOARD", "the cell is off the %d x %d board", b->g.cols, b->g.rows);
        int32_t p = hex_cell(&b->g, m->col, m->row);
        if (b->g.colour[p] != HEX_EMPTY)
            return lx_game_fail(err, "HEX_CELL_OCCUPIED", "%s is already taken by a %s stone",
                                hex_cell_name(&b->g, p, name, sizeof name),
                                b->g.colour[p] == HEX_BLACK ? "Black" : "White");
        return 0;
    }
    case LX_HEX_SWAP_PIECES:
    case LX_HEX_SWAP_SIDES:
        return check_swap(b, who, m, err);
    default:
        return 0;
    }
}

/* ---- playing ---------------------------------------------------------------------- */

static void play_stone(lx_hex_board *b, lx_colour who, int32_t p)
{
    hex_grid_place(&b->g, p, stone_of(who));
    b->last_cell = p;
    if (b->win_colour == LX_NO_COLOUR && lx_hex_connected(b) == who) {
        b->win_colour = who;
        b->win_cell = p;
        b->win_move = b->moves;
    }
}

static void play_swap(lx_hex_board *b, lx_colour who, lx_hex_move_kind kind)
{
    int32_t p = only_stone(&b->g);
    b->swap_move = b->moves;
    b->swap_kind = kind;
    b->swapper = who;
    b->swap_from = b->swap_to = p;
    if (kind == LX_HEX_SWAP_SIDES) {
        b->sides_exchanged ^= 1;
        return;
    }
    int32_t q = hex_cell(&b->g, hex_cell_row(&b->g, p), hex_cell_col(&b->g, p));
    hex_grid_set(&b->g, p, HEX_EMPTY);
    hex_grid_set(&b->g, q, stone_of(who));
    b->swap_to = q;
}

void lx_hex_apply_move(lx_hex_board *b, lx_colour who, const lx_hex_move *m)
{
    /* facts the end of the line reports on (review.c) */
    if (b->turn_source == HEX_TURN_START && who == LX_WHITE && b->moves == 0)
        b->white_went_first = 1;
    if ((m->kind == LX_HEX_RESIGN || m->kind == LX_HEX_FORFEIT) && lx_hex_connected(b) != LX_NO_COLOUR)
        b->gave_up_after_win = 1;
    b->moves++;
    b->last_kind = m->kind;
    b->last_colour = who;
    b->last_cell = 0;
    b->turn_source = HEX_TURN_PLAY;
    b->to_play = other(who);
    switch (m->kind) {
    case LX_HEX_STONE:
        play_stone(b, who, hex_cell(&b->g, m->col, m->row));
        break;
    case LX_HEX_SWAP_PIECES:
        play_swap(b, who, m->kind);
        break;
    case LX_HEX_SWAP_SIDES:
        play_swap(b, who, m->kind);
        b->to_play = who;
        break;
    case LX_HEX_RESIGN:
    case LX_HEX_FORFEIT:
        if (b->gave_up == LX_NO_COLOUR) {
            b->gave_up = who;
            b->gave_up_how = m->kind;
            b->gave_up_move = b->moves;
        }
        break;
    case LX_HEX_PASS:
        break;
    }
}

/* The module's play_value hook: parse, check and apply in one call, the two
 * last inline here. */
int hex_module_play_value(void *pos, lx_colour who, const char *raw, size_t len, lx_game_error *err)
{
    lx_hex_board *b = pos;
    lx_hex_move m = {LX_HEX_STONE, 0, 0};
    if (!hex_plain_cell(raw, len, b->g.cols, b->g.rows, &m.col, &m.row) &&
        hex_module_parse_move(b, who, raw, len, &m, err) != 0)
        return -1;
    /* the usual stone: what lx_hex_check_move accepts at once (nobody has
     * won or given up, the mover's turn, an empty cell) */
    int usual = m.kind == LX_HEX_STONE && (who == LX_BLACK || who == LX_WHITE) && b->gave_up == LX_NO_COLOUR &&
                !b->g.stale && b->g.won == HEX_EMPTY &&
                (b->turn_source == HEX_TURN_START || b->turn_source == HEX_TURN_SETUP || who == b->to_play) &&
                b->g.colour[hex_cell(&b->g, m.col, m.row)] == HEX_EMPTY;
    if (!usual && lx_hex_check_move(b, who, &m, err) != 0)
        return -1;
    lx_hex_apply_move(b, who, &m);
    return 0;
}

int lx_hex_play(lx_hex_board *b, lx_colour who, const lx_hex_move *m, lx_game_error *err)
{
    if (lx_hex_check_move(b, who, m, err) != 0)
        return -1;
    lx_hex_apply_move(b, who, m);
    return 0;
}

/* ---- setup -------------------------------------------------------------------------- */

int lx_hex_setup(lx_hex_board *b, int col, int row, lx_colour c)
{
    if (col < 0 || row < 0 || col >= b->g.cols || row >= b->g.rows)
        return -1;
    int colour = c == LX_BLACK ? HEX_BLACK : c == LX_WHITE ? HEX_WHITE : HEX_EMPTY;
    hex_grid_set(&b->g, hex_cell(&b->g, col, row), colour);
    if (b->turn_source != HEX_TURN_PL)
        b->turn_source = HEX_TURN_SETUP;
    return 0;
}

void lx_hex_set_to_play(lx_hex_board *b, lx_colour c)
{
    if (c != LX_BLACK && c != LX_WHITE)
        return;
    b->to_play = c;
    b->turn_source = HEX_TURN_PL;
}

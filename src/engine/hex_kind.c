/* engine/hex_kind.c - the engine kinds "hex" (Monte Carlo tree search) and
 * "hex-flat" (flat Monte Carlo): Hex boards and search positions
 * (lx_hex_sim_*) handed to the shared search (search_kind.c).
 *
 * Rules: "swap" (the default) or "noswap", a game without the swap
 * (ludexd's -noswap): its boards refuse swap-pieces and swap-sides, so its
 * search positions offer neither, at the root or below. */
#include <string.h>
#include <strings.h>

#include "engine/search_kind.h"
#include "ludex/hex.h"

static void *hex_board_new(int cols, int rows, const char *rules, lx_game_error *err)
{
    int no_swap = rules && *rules && strcasecmp(rules, "noswap") == 0;
    if (rules && *rules && !no_swap && strcasecmp(rules, "swap") != 0) {
        lx_game_fail(err, "ENGINE_UNAVAILABLE", "Hex rules are \"swap\" or \"noswap\", not \"%s\"", rules);
        return NULL;
    }
    lx_hex_board *b = lx_hex_board_new(cols, rows);
    if (!b)
        lx_game_fail(err, "BAD_SIZE", "Hex boards are 1 to %d cells a side and at most %ld cells (asked %d x %d)",
                     LX_HEX_MAX_SIDE, LX_HEX_MAX_CELLS, cols, rows);
    else
        lx_hex_set_no_swap(b, no_swap);
    return b;
}

static void hex_board_free(void *b)
{
    lx_hex_board_free(b);
}

static int hex_play(void *board, lx_colour who, const char *text, int32_t *id, lx_game_error *err)
{
    lx_hex_board *b = board;
    lx_hex_move m;
    if (lx_hex_parse_move(b, text, strlen(text), &m, err) != 0 || lx_hex_play(b, who, &m, err) != 0)
        return -1;
    *id = lx_hex_sim_id(lx_hex_cols(b), lx_hex_rows(b), &m);
    return 0;
}

static lx_colour hex_to_play(const void *board)
{
    return lx_hex_winner(board) != LX_NO_COLOUR ? LX_NO_COLOUR : lx_hex_to_play(board);
}

static int hex_may_move(void *board, lx_colour who, lx_game_error *err)
{
    lx_hex_move pass = {.kind = LX_HEX_PASS};
    if (lx_hex_check_move(board, who, &pass, err) != 0)
        return -1;
    lx_hex_set_to_play(board, who);
    return 0;
}

static void hex_result(const void *board, lx_game_result *out)
{
    lx_hex_result(board, out);
}

static int hex_show(const void *board, lx_buf *out)
{
    return lx_hex_draw(board, LX_DRAW_ASCII, 0, out);
}

static int32_t hex_nids(const void *board)
{
    return lx_hex_sim_ids(lx_hex_cols(board), lx_hex_rows(board));
}

static void *hex_sim_new(const void *board)
{
    return lx_hex_sim_new(board);
}

static void hex_sim_free(void *sim)
{
    lx_hex_sim_free(sim);
}

static int hex_format_id(const void *board, int32_t id, char *buf, size_t cap)
{
    lx_hex_move m;
    if (lx_hex_sim_move(lx_hex_cols(board), lx_hex_rows(board), id, &m) != 0)
        return -1;
    return lx_hex_format_move(&m, buf, cap) > 0 ? 0 : -1;
}

static size_t hex_winning(void *sim, lx_colour c, int32_t *ids, size_t cap)
{
    return lx_hex_sim_winning_cells(sim, c, ids, cap);
}

/* A proved win: the chain of pairs and ziggurats needing the fewest moves
 * (proof.c), else H-search's: the key of a semi connection, or the first
 * cell of a full one's carrier after which it still holds. */
static int32_t hex_proved_move(void *sim, lx_colour c, int32_t *id)
{
    int32_t moves = lx_hex_sim_proved_move(sim, c, id);
    if (moves > 0)
        return moves;
    int32_t carrier[LX_HEX_PROOF_MAX_CELLS], key, key2;
    size_t n = 0, n2;
    int vc = lx_hex_sim_vc(sim, c, carrier, LX_HEX_PROOF_MAX_CELLS, &n, &key);
    if (vc == 1) {
        *id = key;
        return (int32_t)n + 1;
    }
    for (size_t i = 0; vc == 2 && i < n; i++) {
        lx_hex_sim_play(sim, carrier[i]); /* a full connection holds whoever moves */
        int still = lx_hex_sim_vc(sim, c, NULL, 0, &n2, &key2) == 2;
        lx_hex_sim_reset(sim);
        if (still) {
            *id = carrier[i];
            return (int32_t)n;
        }
    }
    return -1;
}

static long hex_must_play(void *sim, lx_colour c)
{
    return lx_hex_sim_must_play(sim, c);
}

static void hex_copy_must_play(void *dst, const void *src)
{
    lx_hex_sim_copy_must_play(dst, src);
}

static void hex_inherit(void *dst, void *src)
{
    lx_hex_sim_inherit(dst, src);
}

static int hex_proved_loss(void *sim, lx_colour c)
{
    lx_colour other = c == LX_BLACK ? LX_WHITE : LX_BLACK;
    size_t n;
    int32_t key;
    return lx_hex_sim_connection(sim, other, NULL, 0, NULL) >= 0 || lx_hex_sim_vc(sim, other, NULL, 0, &n, &key) == 2;
}

/* The solver (df-pn, dfpn.c) when the proofs above decide nothing: within
 * SOLVE_SHARE of the move's time and SOLVE_NODES positions (SOLVE_NODES_FIXED
 * under a playout budget, where the moves must repeat exactly). */
#define SOLVE_SHARE 0.1
enum { SOLVE_NODES = 4000, SOLVE_NODES_FIXED = 200 };

static int hex_solve(void *sim, lx_colour c, double seconds, int32_t *id)
{
    lx_hex_solve_limits lim = {.nodes = seconds > 0 ? SOLVE_NODES : SOLVE_NODES_FIXED, .seconds = seconds * SOLVE_SHARE};
    lx_hex_solution sol;
    if (lx_hex_sim_to_play(sim) != c || lx_hex_sim_solve(sim, &lim, &sol) != 0 || sol.verdict == LX_HEX_UNPROVED)
        return 0;
    *id = sol.move;
    return sol.verdict == LX_HEX_PROVED_WIN ? 1 : -1;
}

/* H-search's must-play at tree nodes of 300 visits (boards it works on):
 * at 9x9, 0.2 s a move, 1 thread, paired openings against the engine
 * without it (6b3b8f7's): 5/12 with H-search at the root only, 11/20 at
 * 256 visits, 12/20 at 1000, 11/20 at 4000; looking for the mover's own
 * winning key as well (twice the cost), 2/12 at 128 (2.6 times fewer
 * playouts on the empty board) and 9/20 at 1000.  With a node whose mover
 * it proves lost made a proved win (mcts.c), against c0b4264's (1000, no
 * proved nodes), 40 games at load 5-12 (0.04 s of CPU a move): 18/40 at
 * 1000 visits, 20/40 at 300 - within the noise. */
static uint32_t knowledge_at(int cols, int rows)
{
    return (long)cols * rows <= 128 ? 300 : 0;
}

/* A leaf grows its children at its 8th visit: the tree then stays within
 * the node cap for searches of several seconds, and spends its time on
 * playouts (at 9x9, 20 games of 0.1 s a move against flat Monte Carlo: 20
 * won, against 19 when every leaf grows at once).  Two playouts each time
 * the search reaches a leaf: the walk down the tree and the AMAF update, paid
 * once for two, cost more than a playout at 11x11.  At 9x9, 0.1 s a move, 1
 * thread, against the search before (one a leaf, no bridge table, 2.5 times
 * slower): two a leaf 22 of 32 games (69%), four a leaf 16 of 32 (50%, for
 * 1.3 times the playouts of two). */
/* The progressive bias (mcts.c) from the policy of patterns learned from
 * games (src/hex/pattern.c): a child's value gets c p / sqrt(n + 1), on
 * boards of 81 cells (9x9) and more.  With the first table (83 11x11
 * games), at 11x11, 0.3 s a move, 1 thread, 40 paired-opening games each
 * against the search without it (2118857), load 2-6: c = 0.5 22/40, 1
 * 26/40, 2.47 (MoHex 2.0's constant for its own patterns) 24/40, 5 18/40;
 * at 9x9 with c = 1 16/40 and 20/40.  With a table of 14,451 moves
 * (MoHex 2.0's self-play added), against f95cccf (that table, c = 1, not
 * on 9x9), the same conditions: c = 1 21/40 at 11x11 and 24/40 at 9x9,
 * c = 2 27/40 and 30/40, c = 4 17/40 at 11x11; today's table (21,555
 * moves) at c = 2 23/40 and 25/40, and against the 14,451 moves' 20/40
 * and 23/40 (bench/RESULTS.md). */
static const float HEX_PROGRESSIVE_BIAS = 2.0f;
enum { HEX_BIAS_CELLS = 81 };

static void hex_tune(mcts_params *p, int cols, int rows)
{
    int big = (long)cols * rows > 16;
    p->expand_at = big ? 8 : 1;
    p->leaf_playouts = big ? 2 : 1;
    p->knowledge_at = knowledge_at(cols, rows);
    p->progressive_bias = (long)cols * rows >= HEX_BIAS_CELLS ? HEX_PROGRESSIVE_BIAS : 0.0f;
}

SEARCH_SIM_OPS(hex_sim_plain, lx_hex_sim, NULL);

static size_t hex_prune(void *sim, int32_t *ids, size_t n)
{
    return lx_hex_sim_prune(sim, ids, n);
}

static void hex_prior(const void *sim, const int32_t *ids, size_t n, float *visits, float *wins)
{
    lx_hex_sim_prior(sim, ids, n, visits, wins);
}

static void hex_policy(const void *sim, const int32_t *ids, size_t n, float *prob)
{
    lx_hex_sim_policy(sim, ids, n, prob);
}

/* The tree search's positions: hex_sim_plain's, with H-search's knowledge at
 * nodes of params.knowledge_at visits (hex_tune), the prior of a new
 * node's children from their cells' shapes (src/hex/prior.c) and the policy
 * of their learned patterns (src/hex/pattern.c) for the progressive bias. */
static const mcts_sim_ops hex_sim_ops = {.reset = hex_sim_plain_reset, .to_play = hex_sim_plain_to_play,
                                         .legal = hex_sim_plain_legal, .play = hex_sim_plain_play,
                                         .playout = hex_sim_plain_playout, .owners = hex_sim_plain_owners,
                                         .prune = hex_prune, .prior = hex_prior, .policy = hex_policy};

/* The search proves wins and losses and resigns only a proved loss: against
 * MoHex 2.0 (1 s a move, 160 games, b6c38a1), 44 of ludex's 95
 * resignations on the estimate (under 2%) were unproved at 2,000 playouts
 * and 11 of the 31 rechecked played on at 10 s, while a lost position
 * becomes a proved one (an opponent's virtual connection) within a few
 * moves.  Flat Monte Carlo, the yardstick, only sees a win at once and
 * resigns on the estimate. */
#define HEX_GAME_FIELDS \
    .default_size = LX_HEX_DEFAULT_SIZE, \
    .board_new = hex_board_new, \
    .board_free = hex_board_free, \
    .play = hex_play, \
    .to_play = hex_to_play, \
    .may_move = hex_may_move, \
    .result = hex_result, \
    .show = hex_show, \
    .nids = hex_nids, \
    .sim_new = hex_sim_new, \
    .sim_free = hex_sim_free, \
    .format_id = hex_format_id, \
    .winning = hex_winning, \
    .two_threats_lose = 1, \
    .tune = hex_tune,

static const search_game hex_game = {HEX_GAME_FIELDS .sim_ops = &hex_sim_ops, .proved_move = hex_proved_move, .proved_loss = hex_proved_loss,
                                     .solve = hex_solve, .must_play = hex_must_play, .copy_must_play = hex_copy_must_play,
                                     .inherit = hex_inherit};
static const search_game hex_flat_game = {HEX_GAME_FIELDS .sim_ops = &hex_sim_plain, .resign_on_estimate = 1};

static int hex_init(lx_engine *e, lx_game_error *err)
{
    return search_init(e, &hex_game, 0, err);
}

static int hex_flat_init(lx_engine *e, lx_game_error *err)
{
    return search_init(e, &hex_flat_game, 1, err);
}

const lx_engine_ops lx_engine_hex_ops = SEARCH_KIND_OPS("hex", hex_init);
const lx_engine_ops lx_engine_hex_flat_ops = SEARCH_KIND_OPS("hex-flat", hex_flat_init);

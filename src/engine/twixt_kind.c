/* engine/twixt_kind.c - the engine kinds "twixt" (Monte Carlo tree search)
 * and "twixt-flat" (flat Monte Carlo): Twixt boards under STD or PP rules
 * and search positions (lx_twixt_sim_*) handed to the shared search
 * (search_kind.c).
 *
 * Rules: "std" (the default) or "pp", either followed by ",noswap" for a
 * game without the swap (ludexd's -noswap): its boards refuse swap-pieces
 * and swap-sides, so its search positions offer neither.
 *
 * A move given to lx_engine_play is one SGF value ("k4", "swap-pieces",
 * "resign") or a long move's values separated by spaces ("-i'3 k4"); the
 * engine's own moves are single pegs, autolinked. */
#include <string.h>
#include <strings.h>

#include "engine/search_kind.h"
#include "ludex/twixt.h"

enum { MAX_PARTS = 2 * LX_TWIXT_SERVER_MAX_LINKS + 1 };

/* "std", "pp", "std,noswap", "pp,noswap" (any case; "" or NULL: "std"): 0, or -1. */
static int read_rules(const char *rules, lx_twixt_rules *r, int *no_swap)
{
    char base[8] = "";
    const char *comma = rules ? strchr(rules, ',') : NULL;
    size_t len = comma ? (size_t)(comma - rules) : rules ? strlen(rules) : 0;
    *no_swap = comma != NULL;
    if ((comma && strcasecmp(comma + 1, "noswap") != 0) || len >= sizeof base)
        return -1;
    memcpy(base, rules ? rules : "", len);
    base[len] = 0;
    *r = strcasecmp(base, "pp") == 0 ? LX_TWIXT_PP : LX_TWIXT_STD;
    return base[0] && *r == LX_TWIXT_STD && strcasecmp(base, "std") != 0 ? -1 : 0;
}

static void *twixt_board_new(int cols, int rows, const char *rules, lx_game_error *err)
{
    lx_twixt_rules r;
    int no_swap;
    if (read_rules(rules, &r, &no_swap) != 0) {
        lx_game_fail(err, "ENGINE_UNAVAILABLE",
                     "Twixt rules are \"std\" or \"pp\", either with \",noswap\" after it, not \"%s\"", rules);
        return NULL;
    }
    lx_twixt_board *b = lx_twixt_board_new(cols, rows, r);
    if (!b)
        lx_game_fail(err, "BAD_SIZE", "Twixt boards are %d to %d holes a side (asked %d x %d)", LX_TWIXT_MIN_SIDE,
                     LX_TWIXT_MAX_SIDE, cols, rows);
    else
        lx_twixt_set_no_swap(b, no_swap);
    return b;
}

static void twixt_board_free(void *b)
{
    lx_twixt_board_free(b);
}

static int twixt_play(void *board, lx_colour who, const char *text, int32_t *id, lx_game_error *err)
{
    lx_twixt_board *b = board;
    lx_twixt_move parts[MAX_PARTS];
    size_t n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        if (n == MAX_PARTS)
            return lx_game_fail(err, "BAD_MOVE", "a turn has at most %d parts", MAX_PARTS);
        memset(&parts[n], 0, sizeof parts[n]);
        if (lx_twixt_parse_move(b, p, len, &parts[n], err) != 0)
            return -1;
        n++;
        p += len;
    }
    if (n == 0)
        return lx_game_fail(err, "BAD_MOVE", "an empty move");
    if (lx_twixt_play_turn(b, who, parts, n, err) != 0)
        return -1;
    *id = n == 1 ? lx_twixt_sim_id(lx_twixt_cols(b), lx_twixt_rows(b), &parts[0]) : -1;
    return 0;
}

static lx_colour twixt_to_play(const void *board)
{
    const lx_twixt_board *b = board;
    if (lx_twixt_winner(b) != LX_NO_COLOUR)
        return LX_NO_COLOUR;
    lx_colour c = lx_twixt_to_play(b);
    for (int r = 0; r < lx_twixt_rows(b); r++) /* a hole left for the mover? */
        for (int k = 0; k < lx_twixt_cols(b); k++)
            if (lx_twixt_peg_at(b, k, r) == LX_NO_COLOUR && lx_twixt_hole_allowed(b, c, k, r))
                return c;
    return LX_NO_COLOUR;
}

static int twixt_may_move(void *board, lx_colour who, lx_game_error *err)
{
    (void)board;
    return lx_game_fail(err, "TWIXT_WRONG_TURN", "it is %s's turn, not %s's",
                        who == LX_WHITE ? "Black" : "White", who == LX_WHITE ? "White" : "Black");
}

static void twixt_result(const void *board, lx_game_result *out)
{
    lx_twixt_result(board, out);
}

static int twixt_show(const void *board, lx_buf *out)
{
    return lx_twixt_draw(board, LX_DRAW_ASCII, 0, out);
}

static int32_t twixt_nids(const void *board)
{
    return lx_twixt_sim_ids(lx_twixt_cols(board), lx_twixt_rows(board));
}

static void *twixt_sim_new(const void *board)
{
    return lx_twixt_sim_new(board);
}

static void twixt_sim_free(void *sim)
{
    lx_twixt_sim_free(sim);
}

static int twixt_format_id(const void *board, int32_t id, char *buf, size_t cap)
{
    lx_twixt_move m;
    if (lx_twixt_sim_move(lx_twixt_cols(board), lx_twixt_rows(board), id, &m) != 0)
        return -1;
    return lx_twixt_format_move(&m, buf, cap) > 0 ? 0 : -1;
}

static size_t twixt_winning(void *sim, lx_colour c, int32_t *ids, size_t cap)
{
    return lx_twixt_sim_winning_holes(sim, c, ids, cap);
}

static int32_t twixt_proved_move(void *sim, lx_colour c, int32_t *id)
{
    return lx_twixt_sim_proved_move(sim, c, id);
}

static int twixt_proved_loss(void *sim, lx_colour c)
{
    return lx_twixt_sim_proved_loss(sim, c);
}

static long twixt_must_play(void *sim, lx_colour c)
{
    return lx_twixt_sim_must_play(sim, c);
}

static void twixt_copy_must_play(void *dst, const void *src)
{
    lx_twixt_sim_copy_must_play(dst, src);
}

/* Twixt trees are wide (500 holes on 24 x 24): grow a leaf only after a few
 * visits, so the node cap lasts.  A node below the root that reaches
 * KNOWLEDGE_AT visits is cut to what the proofs keep (lx_twixt_sim_prune:
 * some milliseconds a node on 24 x 24). */
enum { KNOWLEDGE_AT = 1000 };
static void twixt_tune(mcts_params *p, int cols, int rows)
{
    p->expand_at = cols * rows > 200 ? 4 : 2;
    p->knowledge_at = KNOWLEDGE_AT;
}

static void sim_reset(void *s) { lx_twixt_sim_reset(s); }
static lx_colour sim_to_play(const void *s) { return lx_twixt_sim_to_play(s); }
static size_t sim_legal(const void *s, int32_t *ids) { return lx_twixt_sim_legal(s, ids); }
static void sim_play(void *s, int32_t id) { lx_twixt_sim_play(s, id); }
static lx_colour sim_playout(void *s, uint64_t *rng) { return lx_twixt_sim_playout(s, rng); }
static const uint8_t *sim_owners(const void *s) { return lx_twixt_sim_owners(s); }
static double sim_draw_value(void *s) { return lx_twixt_sim_draw_value(s); }
static void sim_prior(const void *s, const int32_t *ids, size_t n, float *visits, float *wins)
{
    lx_twixt_sim_prior(s, ids, n, visits, wins);
}

static size_t sim_prune(void *s, int32_t *ids, size_t n)
{
    return lx_twixt_sim_prune(s, ids, n);
}

/* SEARCH_SIM_OPS's, with the prior from the pegs' shapes and the proofs at
 * the tree's nodes. */
static const mcts_sim_ops twixt_sim_ops = {.reset = sim_reset, .to_play = sim_to_play, .legal = sim_legal,
                                           .play = sim_play, .playout = sim_playout, .owners = sim_owners,
                                           .draw_value = sim_draw_value, .prior = sim_prior, .prune = sim_prune};

/* The search finishes proved wins (a double threat, a ladder) at once and
 * resigns a proved loss, and also a position where its best move wins under
 * 2% of at least 10000 playouts (Twixt has no proof of a whole connection
 * that would end a lost game sooner); flat Monte Carlo, the yardstick, only
 * sees a win at once. */
#define TWIXT_GAME_FIELDS \
    .default_size = LX_TWIXT_DEFAULT_SIZE, \
    .board_new = twixt_board_new, \
    .board_free = twixt_board_free, \
    .play = twixt_play, \
    .to_play = twixt_to_play, \
    .may_move = twixt_may_move, \
    .result = twixt_result, \
    .show = twixt_show, \
    .nids = twixt_nids, \
    .sim_new = twixt_sim_new, \
    .sim_free = twixt_sim_free, \
    .sim_ops = &twixt_sim_ops, \
    .format_id = twixt_format_id, \
    .winning = twixt_winning, \
    .resign_on_estimate = 1, \
    .tune = twixt_tune,

static const search_game twixt_game = {TWIXT_GAME_FIELDS .proved_move = twixt_proved_move,
                                       .proved_loss = twixt_proved_loss, .must_play = twixt_must_play,
                                       .copy_must_play = twixt_copy_must_play};
static const search_game twixt_flat_game = {TWIXT_GAME_FIELDS};

static int twixt_init(lx_engine *e, lx_game_error *err)
{
    return search_init(e, &twixt_game, 0, err);
}

static int twixt_flat_init(lx_engine *e, lx_game_error *err)
{
    return search_init(e, &twixt_flat_game, 1, err);
}

const lx_engine_ops lx_engine_twixt_ops = SEARCH_KIND_OPS("twixt", twixt_init);
const lx_engine_ops lx_engine_twixt_flat_ops = SEARCH_KIND_OPS("twixt-flat", twixt_flat_init);

/* test_engine_mcts.c - the tree search itself (src/engine/mcts.c) on a toy
 * game whose every playout the mover at the root loses, so that the
 * children's own and AMAF values stay 0 and their visits follow only the
 * progressive bias (params.progressive_bias with ops->policy): each child
 * once (the first-play value), then the one of highest c p / sqrt(n + 1).
 * The visits were worked out by that rule in a few lines of Python outside
 * the project's code (the smallest gap between the two best values on the
 * way is 1e-4, far above the float arithmetic's error). */
#include <string.h>

#include "testutil.h"

#include "engine/mcts.h"

enum { TOY_IDS = 5, TOY_MOVES = 4 };

typedef struct toy {
    int depth;
    uint8_t owners[TOY_IDS];
    const float *prob; /* the policy, per id */
} toy;

static void toy_reset(void *sim)
{
    ((toy *)sim)->depth = 0;
}

static lx_colour toy_to_play(const void *sim)
{
    return ((const toy *)sim)->depth % 2 ? LX_WHITE : LX_BLACK;
}

static size_t toy_legal(const void *sim, int32_t *ids)
{
    if (((const toy *)sim)->depth > 0)
        return 0;
    for (int32_t i = 0; i < TOY_MOVES; i++)
        ids[i] = i;
    return TOY_MOVES;
}

static void toy_play(void *sim, int32_t id)
{
    (void)id;
    ((toy *)sim)->depth++;
}

static lx_colour toy_playout(void *sim, uint64_t *rng)
{
    (void)sim;
    (void)rng;
    return LX_WHITE; /* Black, to move at the root, always loses */
}

static const uint8_t *toy_owners(const void *sim)
{
    return ((const toy *)sim)->owners; /* nobody holds anything: no AMAF figures */
}

static void toy_policy(const void *sim, const int32_t *ids, size_t n, float *prob)
{
    for (size_t i = 0; i < n; i++)
        prob[i] = ((const toy *)sim)->prob[ids[i]];
}

static const mcts_sim_ops toy_ops = {.reset = toy_reset, .to_play = toy_to_play, .legal = toy_legal,
                                     .play = toy_play, .playout = toy_playout, .owners = toy_owners,
                                     .policy = toy_policy};

/* The root's visits per id after `playouts` with bias c. */
static void visits_after(float c, long playouts, long visits[TOY_MOVES])
{
    static const float prob[TOY_IDS] = {0.27f, 0.13f, 0.38f, 0.22f, 0.0f};
    mcts_params p;
    mcts_params_default(&p);
    p.expand_at = 1000000; /* the root's children stay leaves */
    p.progressive_bias = c;
    mcts *m = mcts_new(&p, TOY_IDS, 1);
    assert_non_null(m);
    toy t = {.prob = prob};
    void *sims[1] = {&t};
    atomic_int stop = 0;
    assert_int_equal(mcts_search(m, sims, &toy_ops, 0, playouts, &stop), 0);
    mcts_move moves[TOY_IDS];
    long total = 0;
    size_t n = mcts_root_moves(m, moves, TOY_IDS, &total);
    assert_int_equal(n, TOY_MOVES);
    assert_int_equal(total, playouts);
    memset(visits, 0, TOY_MOVES * sizeof *visits);
    for (size_t i = 0; i < n; i++) {
        visits[moves[i].id] = moves[i].visits;
        assert_true(moves[i].value == 0.0);
    }
    mcts_free(m);
}

static void progressive_bias_shares_visits_by_the_policy(void **state)
{
    (void)state;
    long v[TOY_MOVES];
    /* without the bias every value is 0 after its first playout: the first
     * of equals takes the rest */
    visits_after(0.0f, 100, v);
    assert_int_equal(v[0], 97);
    assert_int_equal(v[1], 1);
    assert_int_equal(v[2], 1);
    assert_int_equal(v[3], 1);
    /* with it, n + 1 grows about as p squared: 0.38 gets 51 of 100 */
    visits_after(1.0f, 100, v);
    assert_int_equal(v[0], 26);
    assert_int_equal(v[1], 6);
    assert_int_equal(v[2], 51);
    assert_int_equal(v[3], 17);
    /* a larger constant scales every value alike: the same visits */
    visits_after(2.0f, 100, v);
    assert_int_equal(v[0], 26);
    assert_int_equal(v[1], 6);
    assert_int_equal(v[2], 51);
    assert_int_equal(v[3], 17);
}

/* A deep toy game for the node cap: every position has WIDE_MOVES moves
 * until the game ends after WIDE_DEPTH of them; a playout's winner is a
 * coin thrown by the search's generator, weighted by the lead - Black's
 * moves 0 less White's - so that the search prefers move 0 at every level
 * and its subtree takes most of the tree (no AMAF figures: nobody holds
 * anything). */
enum { WIDE_MOVES = 8, WIDE_DEPTH = 40 };

typedef struct wide {
    int depth, depth0, lead, lead0;
    uint8_t owners[WIDE_MOVES];
} wide;

static void wide_reset(void *sim)
{
    wide *w = sim;
    w->depth = w->depth0;
    w->lead = w->lead0;
}

static void wide_play(void *sim, int32_t id)
{
    wide *w = sim;
    if (id == 0)
        w->lead += w->depth % 2 ? -1 : 1;
    w->depth++;
}

static lx_colour wide_to_play(const void *sim)
{
    return ((const wide *)sim)->depth % 2 ? LX_WHITE : LX_BLACK;
}

static size_t wide_legal(const void *sim, int32_t *ids)
{
    if (((const wide *)sim)->depth >= WIDE_DEPTH)
        return 0;
    for (int32_t i = 0; i < WIDE_MOVES; i++)
        ids[i] = i;
    return WIDE_MOVES;
}

static lx_colour wide_playout(void *sim, uint64_t *rng)
{
    int lead = ((const wide *)sim)->lead;
    int black_in_20 = 10 + 3 * (lead < -3 ? -3 : lead > 3 ? 3 : lead); /* 1 to 19 in 20 */
    *rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
    return (int)((*rng >> 32) % 20) < black_in_20 ? LX_BLACK : LX_WHITE;
}

static const uint8_t *wide_owners(const void *sim)
{
    return ((const wide *)sim)->owners;
}

static const mcts_sim_ops wide_ops = {.reset = wide_reset, .to_play = wide_to_play, .legal = wide_legal,
                                      .play = wide_play, .playout = wide_playout, .owners = wide_owners};

/* After a move a tree keeps a quarter of the cap at most - the top of the
 * move's subtree, the move's children with their visits - and a search
 * never leaves its tree full: near the cap it keeps its most visited half
 * and grows on (keeping the whole subtree left the cap full move after
 * move, and a full tree grows no more). */
static void a_tree_keeps_its_top_and_grows_on(void **state)
{
    (void)state;
    enum { CAP = 4000, SHORT = 460 }; /* 460 playouts grow 8 x 460 + 8 nodes at most: under 15/16 of the cap */
    mcts_params p;
    mcts_params_default(&p);
    p.node_cap = CAP;
    mcts *m = mcts_new(&p, WIDE_MOVES, 7);
    assert_non_null(m);
    wide w = {0};
    void *sims[1] = {&w};
    atomic_int stop = 0;
    for (int move = 0; move < 3; move++) {
        assert_int_equal(mcts_search(m, sims, &wide_ops, 0, SHORT, &stop), 0);
        mcts_move best[1], after[WIDE_MOVES];
        long total;
        assert_int_equal(mcts_root_moves(m, best, 1, &total), 1);
        mcts_advance(m, best[0].id);
        wide_reset(&w);
        wide_play(&w, best[0].id);
        w.depth0 = w.depth;
        w.lead0 = w.lead;
        assert_in_range(mcts_nodes(m), CAP / 8, CAP / 4); /* the top of a larger subtree, not the root alone */
        assert_int_equal(mcts_root_moves(m, after, WIDE_MOVES, &total), WIDE_MOVES);
        assert_int_equal(total, best[0].visits); /* the move's own figures stay */
    }
    for (int search = 0; search < 3; search++) {
        assert_int_equal(mcts_search(m, sims, &wide_ops, 0, 20000, &stop), 0);
        assert_in_range(mcts_nodes(m), CAP / 8, CAP - CAP / 16 + WIDE_MOVES); /* trimmed near the cap */
    }
    mcts_free(m);
}

/* A root kept from the move before, cut to the moves allowed now, keeps
 * those children with their figures, in the order given; nothing in common
 * forgets the tree. */
static void a_kept_root_is_cut_to_the_moves_allowed(void **state)
{
    (void)state;
    mcts_params p;
    mcts_params_default(&p);
    mcts *m = mcts_new(&p, WIDE_MOVES, 3);
    assert_non_null(m);
    wide w = {0};
    void *sims[1] = {&w};
    atomic_int stop = 0;
    assert_int_equal(mcts_search(m, sims, &wide_ops, 0, 3000, &stop), 0);
    mcts_move before[WIDE_MOVES], after[WIDE_MOVES];
    long total;
    assert_int_equal(mcts_root_moves(m, before, WIDE_MOVES, &total), WIDE_MOVES);
    long visits_of[WIDE_MOVES];
    for (int i = 0; i < WIDE_MOVES; i++)
        visits_of[before[i].id] = before[i].visits;
    const int32_t allowed[3] = {6, 2, 5};
    mcts_cut_root(m, &wide_ops, allowed, 3);
    assert_int_equal(mcts_root_moves(m, after, WIDE_MOVES, &total), 3);
    for (int i = 0; i < 3; i++) {
        assert_true(after[i].id == 6 || after[i].id == 2 || after[i].id == 5);
        assert_int_equal(after[i].visits, visits_of[after[i].id]);
    }
    assert_int_equal(mcts_search(m, sims, &wide_ops, 0, 1000, &stop), 0); /* only those are searched */
    assert_int_equal(mcts_root_moves(m, after, WIDE_MOVES, &total), 3);
    mcts_cut_root(m, &wide_ops, allowed, 0);
    assert_int_equal(mcts_nodes(m), 0);
    mcts_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(progressive_bias_shares_visits_by_the_policy),
        cmocka_unit_test(a_tree_keeps_its_top_and_grows_on),
        cmocka_unit_test(a_kept_root_is_cut_to_the_moves_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

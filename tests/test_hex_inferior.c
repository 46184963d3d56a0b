/* test_hex_inferior.c - the Hex search's inferior cells and priors (src/hex/
 * inferior.c, prior.c through lx_hex_sim_*): a captured pair (and the pairs
 * it captures in turn) left out of the tree's moves and filled for its
 * captor at the start of every playout, an intruded pair that is no longer
 * captured, and the prior figures a new node's children start with: a cell
 * making a bridge above a first-row cell far from play, an intrusion into
 * the opponent's bridge below a neutral cell, the cell saving the mover's
 * intruded bridge above all.  Hand-made positions drawn as rows of '.', 'B'
 * and 'W' (Black joins top and bottom, White left and right).  Vulnerable
 * cells (inferior.c): left out of the root's moves while their killer
 * stays, of two cells that kill each other only one; and on random
 * positions every cell cut has a killer that stays and whose stone of the
 * opponent's makes it dead. */
#include "hex_pictures.h"

#include "base/random.h"
#include "hex/hex_impl.h"

/* The six cells Black c2 captures on 5x5 (c1 d1 between it and the top edge,
 * then a1 b1, then a2 b2), as (col, row); `flip` swaps col and row (White's
 * b3 captures the same cells transposed). */
static const int captured_cells[6][2] = {{2, 0}, {3, 0}, {0, 0}, {1, 0}, {0, 1}, {1, 1}};

static void check_captured(const char *const *rows, lx_colour captor, int flip)
{
    lx_hex_board *b = board_of(rows, 5, captor == LX_BLACK ? LX_WHITE : LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t ids[64], cap[6];
    for (int i = 0; i < 6; i++)
        cap[i] = id_of(b, captured_cells[i][flip], captured_cells[i][!flip]);
    size_t n = lx_hex_sim_legal(s, ids);
    assert_int_equal(n, 25 - 2 - 6); /* every other empty cell is a move */
    for (int i = 0; i < 6; i++) {
        assert_false(has(ids, n, cap[i]));
        assert_false(lx_hex_sim_dead(s, cap[i])); /* captured, not dead */
    }
    uint64_t rng = 7;
    for (int k = 0; k < 20; k++) { /* every playout starts with them the captor's */
        lx_hex_sim_reset(s);
        if (k % 2)
            lx_hex_sim_play(s, ids[k % n]);
        lx_hex_sim_playout(s, &rng);
        for (int i = 0; i < 6; i++)
            assert_int_equal(lx_hex_sim_owners(s)[cap[i]], captor == LX_BLACK ? 1 : 2);
    }
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

static void test_captured_pairs_filled_and_left_out(void **state)
{
    (void)state;
    const char *const black[] = {".....", "..B..", ".....", ".....", "....W"};
    check_captured(black, LX_BLACK, 0);
    const char *const white[] = {".....", ".....", ".W...", ".....", "....B"};
    check_captured(white, LX_WHITE, 1);
}

/* White took c1 of Black c2's pair: d1 is no longer captured (Black must
 * still answer there), so it stays a move; a1 b1 a2 b2, captured only
 * through c1, are moves again too. */
static void test_an_intruded_pair_is_a_move_again(void **state)
{
    (void)state;
    const char *const rows[] = {"..W..", "..B..", ".....", ".....", "....W"};
    lx_hex_board *b = board_of(rows, 5, LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    assert_int_equal(n, 25 - 3);
    assert_true(has(ids, n, id_of(b, 3, 0)));
    assert_true(has(ids, n, id_of(b, 1, 1)));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* Owner of each of the six cells Black c2 captures, as lx_hex_sim_owners
 * says now (0 empty, 1 Black, 3 nobody). */
static void check_owners(const lx_hex_sim *s, const int32_t *cap, int want)
{
    for (int i = 0; i < 6; i++)
        assert_int_equal(lx_hex_sim_owners(s)[cap[i]], want);
}

/* Below the root: the knowledge at the node after Black c2 (the tree's
 * prune) finds c2's six captured cells; from then on every time a tree move
 * reaches that position they are filled Black at once (before any playout),
 * and after the playout they are nobody's (no one moved there: the AMAF of
 * the moves above the node does not count them); so too in the next
 * search's position after it inherits that knowledge, but not in a fresh
 * one. */
static void test_a_node_keeps_its_fill_in(void **state)
{
    (void)state;
    const char *const rows[] = {".....", ".....", ".....", ".....", "....W"};
    lx_hex_board *b = board_of(rows, 5, LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b), *next = lx_hex_sim_new(b), *fresh = lx_hex_sim_new(b);
    int32_t ids[64], cap[6], c2 = id_of(b, 2, 1);
    for (int i = 0; i < 6; i++)
        cap[i] = id_of(b, captured_cells[i][0], captured_cells[i][1]);
    lx_hex_sim_play(s, c2);
    check_owners(s, cap, 0); /* not known yet */
    size_t n = lx_hex_sim_legal(s, ids), kept = lx_hex_sim_prune(s, ids, n);
    assert_int_equal(n, 25 - 2);
    assert_int_equal(kept, 4); /* Black threatens to join: White's must-play */
    for (int i = 0; i < 6; i++)
        assert_false(has(ids, kept, cap[i]));
    lx_hex_sim_reset(s);
    check_owners(s, cap, 0);
    lx_hex_sim_play(s, c2);
    check_owners(s, cap, 1);
    assert_int_equal(lx_hex_sim_legal(s, ids), 25 - 2 - 6);
    uint64_t rng = 5;
    lx_hex_sim_playout(s, &rng);
    check_owners(s, cap, 3); /* nobody's move, for AMAF */
    lx_hex_sim_inherit(next, s);
    lx_hex_sim_play(next, c2);
    check_owners(next, cap, 1);
    lx_hex_sim_play(fresh, c2);
    check_owners(fresh, cap, 0);
    lx_hex_sim_free(s);
    lx_hex_sim_free(next);
    lx_hex_sim_free(fresh);
    lx_hex_board_free(b);
}

/* The prior of each id (PRIOR_VISITS 12 playouts worth a value). */
static void priors(const lx_hex_sim *s, const int32_t *ids, size_t n, float *visits, float *wins)
{
    memset(visits, 0, n * sizeof *visits);
    memset(wins, 0, n * sizeof *wins);
    lx_hex_sim_prior(s, ids, n, visits, wins);
    for (size_t i = 0; i < n; i++)
        assert_float_equal(visits[i], 12.0, 1e-4);
}

/* Black to move after White's b8 on 9x9, Black e5, White g2 h3 (a bridge):
 * d4 makes a bridge to e5 (0.55), i9 is on the first row with no stone
 * within two steps (0.25), c8 touches White's last stone and makes a
 * bridge to Black's bottom edge (0.67), g3
 * intrudes into White's bridge and touches two stones (0.37). */
static void test_prior_ranks_shapes(void **state)
{
    (void)state;
    const char *const rows[] = {".........", "......W..", ".......W.", ".........", "....B....",
                                ".........", ".........", ".........", "........."};
    lx_hex_board *b = board_of(rows, 9, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    lx_hex_sim_play(s, id_of(b, 1, 7));
    int32_t ids[4] = {id_of(b, 3, 3), id_of(b, 8, 8), id_of(b, 2, 7), id_of(b, 6, 2)};
    float visits[4], wins[4];
    priors(s, ids, 4, visits, wins);
    assert_float_equal(wins[0], 12 * 0.55, 1e-4);
    assert_float_equal(wins[1], 12 * 0.25, 1e-4);
    assert_float_equal(wins[2], 12 * 0.67, 1e-4);
    assert_float_equal(wins[3], 12 * 0.37, 1e-4);
    assert_true(wins[0] > wins[1]);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* White's last stone d3 intruded into Black's bridge c3-d4: c4, the other
 * cell, has the highest prior of all Black's moves (0.87). */
static void test_prior_saves_an_intruded_bridge(void **state)
{
    (void)state;
    const char *const rows[] = {".......", ".......", "..B....", "...B...", ".......", ".......", "......W"};
    lx_hex_board *b = board_of(rows, 7, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    lx_hex_sim_play(s, id_of(b, 3, 2));
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    float visits[64], wins[64];
    priors(s, ids, n, visits, wins);
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (wins[i] > wins[best])
            best = i;
    assert_int_equal(ids[best], id_of(b, 2, 3));
    assert_float_equal(wins[best], 12 * 0.87, 1e-4);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* 9x9, Black to move under White's d2 e2 e3: Black d3 is killed by White
 * c3 (four White cells in a row around it), so d3 goes and c3 stays; e1,
 * dead (White's d2 e2 under it, Black's edge above), was never a move, and
 * d1 (killed by White c2) goes with a few more. */
static void test_vulnerable_cells_leave_the_root(void **state)
{
    (void)state;
    const char *const rows[] = {".........", "...WW....", "....W....", ".........", "..B...B..",
                                ".........", "....B....", ".........", "........."};
    lx_hex_board *b = board_of(rows, 9, LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t ids[128];
    size_t all = lx_hex_sim_legal(s, ids);
    assert_int_equal(all, 81 - 6 - 1);
    assert_true(has(ids, all, id_of(b, 3, 2)) && has(ids, all, id_of(b, 3, 0)));
    long left = lx_hex_sim_must_play(s, LX_BLACK);
    size_t n = lx_hex_sim_legal(s, ids);
    assert_int_equal(left, (long)n);
    assert_in_range(n, all - 6, all - 2);
    assert_false(has(ids, n, id_of(b, 3, 2))); /* d3 */
    assert_true(has(ids, n, id_of(b, 2, 2)));  /* c3, its killer */
    assert_false(has(ids, n, id_of(b, 3, 0))); /* d1 */
    assert_true(has(ids, n, id_of(b, 2, 1)));  /* c2, its killer */
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* A random padded position of `stones` stones on cols x rows (stride cols + 2). */
static void random_position(uint8_t *colour, int cols, int rows, int stones, uint64_t *rng)
{
    int st = cols + 2;
    for (int r = -1; r <= rows; r++)
        for (int q = -1; q <= cols; q++) {
            int in_r = r >= 0 && r < rows, in_c = q >= 0 && q < cols;
            colour[(r + 1) * st + q + 1] = in_r && in_c ? HEX_EMPTY : in_c ? HEX_BLACK : in_r ? HEX_WHITE : HEX_NOBODY;
        }
    for (int k = 0; k < stones; k++) {
        int32_t p = (int32_t)((lx_random_next(rng) % (uint64_t)rows + 1) * (uint64_t)st + lx_random_next(rng) % (uint64_t)cols + 1);
        colour[p] = colour[p] == HEX_EMPTY ? (uint8_t)(1 + k % 2) : colour[p];
    }
}

/* Whether empty cell p is dead once q holds x. */
static int dead_once(uint8_t *colour, int cols, int32_t p, int32_t q, uint8_t x)
{
    colour[q] = x;
    int dead = hex_proof_is_dead(colour, cols, p);
    colour[q] = HEX_EMPTY;
    return dead;
}

static void test_every_cut_cell_has_a_killer_that_stays(void **state)
{
    (void)state;
    enum { N = 9, ST = N + 2 };
    uint8_t colour[ST * ST], mark[ST * ST] = {0}, kept_at[ST * ST];
    int32_t ids[N * N], all[N * N], ring[6] = {1, 1 - ST, -ST, -1, ST - 1, ST};
    uint64_t rng = 11;
    size_t cut = 0;
    for (int round = 0; round < 300; round++) {
        random_position(colour, N, N, 10 + round % 50, &rng);
        uint8_t me = (uint8_t)(1 + round % 2);
        size_t n = 0;
        for (int32_t p = 0; p < ST * ST; p++)
            if (colour[p] == HEX_EMPTY)
                all[n] = ids[n] = p, n++;
        size_t kept = hex_inferior_cut_vulnerable(colour, N, me, ids, n, ST * ST, mark);
        assert_true(kept > 0 || n == 0);
        memset(kept_at, 0, sizeof kept_at);
        for (size_t i = 0; i < kept; i++)
            kept_at[ids[i]] = 1;
        for (size_t i = 0; i < n; i++) {
            int32_t p = all[i];
            if (kept_at[p])
                continue;
            cut++;
            int killed = 0;
            for (int k = 0; k < 6; k++)
                killed |= colour[p + ring[k]] == HEX_EMPTY && kept_at[p + ring[k]] &&
                          dead_once(colour, N, p, p + ring[k], (uint8_t)(me ^ 3));
            assert_true(killed);
        }
        for (int32_t p = 0; p < ST * ST; p++)
            assert_int_equal(mark[p], 0);
    }
    assert_true(cut > 100); /* the positions had such cells */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_captured_pairs_filled_and_left_out),
        cmocka_unit_test(test_an_intruded_pair_is_a_move_again),
        cmocka_unit_test(test_a_node_keeps_its_fill_in),
        cmocka_unit_test(test_prior_ranks_shapes),
        cmocka_unit_test(test_prior_saves_an_intruded_bridge),
        cmocka_unit_test(test_vulnerable_cells_leave_the_root),
        cmocka_unit_test(test_every_cut_cell_has_a_killer_that_stays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

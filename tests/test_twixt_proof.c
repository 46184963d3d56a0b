/* test_twixt_proof.c - what the Twixt engine knows without a search
 * (src/twixt/proof.c through lx_twixt_sim_proved_move and
 * lx_twixt_sim_proved_loss): a double threat found and played, the win
 * finished in the fewest moves whatever the opponent answers, a proved loss
 * resigned, a single threat not taken for a loss, and the same moves again
 * with the same seed; must-play (the root moves cut to those that stop the
 * opponent's threats and double threats, every cut move checked a loss by
 * brute force on the rules' board); the prior of a new node's moves
 * (src/twixt/prior.c); and the owners the search's AMAF reads (none on the
 * border rows).  Hand-made positions on 10x10 under STD without the swap
 * (White joins rows 1 and 10, Black columns a and j). */
#include "testutil.h"

#include "base/random.h"

/* White's chain e1-f3-e5 from the top and a peg e10 on the bottom row;
 * Black's pegs out of the way on its border column.  White to move. */
static const char *const chain[] = {"e1", "a3", "f3", "a5", "e5", "a7", "e10", "j3"};
enum { NCHAIN = sizeof chain / sizeof *chain };

static lx_twixt_board *board_after(const char *const *moves, int n)
{
    lx_twixt_board *b = lx_twixt_board_new(10, 10, LX_TWIXT_STD);
    assert_non_null(b);
    lx_twixt_set_no_swap(b, 1);
    lx_game_error err;
    lx_game_error_init(&err);
    for (int i = 0; i < n; i++) {
        lx_twixt_move m;
        assert_int_equal(lx_twixt_parse_move(b, moves[i], strlen(moves[i]), &m, &err), 0);
        if (lx_twixt_play(b, i % 2 ? LX_BLACK : LX_WHITE, &m, &err) != 0)
            fail_msg("%s refused: %s", moves[i], err.code);
    }
    lx_game_error_free(&err);
    return b;
}

static void name_of(int32_t id, char *buf, size_t cap)
{
    lx_twixt_move m;
    assert_int_equal(lx_twixt_sim_move(10, 10, id, &m), 0);
    assert_true(lx_twixt_format_move(&m, buf, cap) > 0);
}

/* The chain plus `extra` moves: proved_move for the colour to move (its
 * moves, the first one's name) and proved_loss. */
static int proofs(const char *const *extra, int nextra, char *first, size_t cap, int *lost)
{
    const char *moves[NCHAIN + 4];
    memcpy(moves, chain, sizeof chain);
    for (int i = 0; i < nextra; i++)
        moves[NCHAIN + i] = extra[i];
    lx_twixt_board *b = board_after(moves, NCHAIN + nextra);
    lx_twixt_sim *s = lx_twixt_sim_new(b);
    assert_non_null(s);
    lx_colour c = lx_twixt_sim_to_play(s);
    int32_t id = -1;
    int n = lx_twixt_sim_proved_move(s, c, &id);
    first[0] = 0;
    if (n > 0)
        name_of(id, first, cap);
    *lost = lx_twixt_sim_proved_loss(s, c);
    /* the sim is back at its snapshot: the same answers again */
    int32_t again = -1;
    assert_int_equal(lx_twixt_sim_proved_move(s, c, &again), n);
    assert_int_equal(again, id);
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
    return n;
}

static void a_double_threat_is_a_proved_win_in_two(void **state)
{
    (void)state;
    char first[16];
    int lost;
    /* d7 joins e5 and threatens c9 and f8, each joining e10: no Black peg
     * spoils both */
    assert_int_equal(proofs(NULL, 0, first, sizeof first, &lost), 2);
    assert_string_equal(first, "d7");
    assert_false(lost);
    /* after d7, Black to move has lost whatever it plays */
    const char *d7[] = {"d7"};
    assert_int_equal(proofs(d7, 1, first, sizeof first, &lost), -1);
    assert_true(lost);
    /* Black takes c9: f8 joins at once (one move) */
    const char *c9[] = {"d7", "c9"};
    assert_int_equal(proofs(c9, 2, first, sizeof first, &lost), 1);
    assert_string_equal(first, "f8");
    /* c6 joins e5 with one threat (d8) only: Black takes it, no loss */
    const char *c6[] = {"c6"};
    proofs(c6, 1, first, sizeof first, &lost);
    assert_false(lost);
}

static void an_open_board_proves_nothing(void **state)
{
    (void)state;
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_STD);
    assert_non_null(b);
    lx_twixt_sim *s = lx_twixt_sim_new(b);
    assert_non_null(s);
    int32_t id = -7;
    assert_int_equal(lx_twixt_sim_proved_move(s, LX_WHITE, &id), -1);
    assert_int_equal(id, -7);
    assert_false(lx_twixt_sim_proved_loss(s, LX_WHITE));
    assert_int_equal(lx_twixt_sim_proved_move(s, LX_BLACK, &id), -1); /* not Black's turn */
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
}

static lx_engine *engine_at(uint64_t seed, const char *const *extra, int nextra)
{
    lx_engine_options o;
    lx_engine_options_init(&o, "twixt");
    o.cols = o.rows = 10;
    o.rules = "std,noswap";
    o.playouts = 2000;
    o.threads = 1;
    o.seed = seed;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    assert_non_null(e);
    for (int i = 0; i < NCHAIN + nextra; i++) {
        const char *mv = i < NCHAIN ? chain[i] : extra[i - NCHAIN];
        if (lx_engine_play(e, i % 2 ? LX_BLACK : LX_WHITE, mv, &err) != 0)
            fail_msg("%s refused: %s", mv, err.code);
    }
    lx_game_error_free(&err);
    return e;
}

static void genmove_text(lx_engine *e, lx_colour who, char *out, size_t cap)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    if (lx_engine_genmove(e, who, &mv, &err) != 0)
        fail_msg("genmove: %s", err.code);
    snprintf(out, cap, "%s", mv.data);
    lx_buf_free(&mv);
    lx_game_error_free(&err);
}

/* The engine plays the double threat without a search, and after either
 * answer of Black joins with its next peg: two moves, the fewest. */
static void the_engine_finishes_a_proved_win_at_once(void **state)
{
    (void)state;
    const char *answers[] = {"c9", "f8", "e8", "b8"};
    for (size_t i = 0; i < sizeof answers / sizeof *answers; i++) {
        lx_engine *e = engine_at(5, NULL, 0);
        char mv[32];
        genmove_text(e, LX_WHITE, mv, sizeof mv);
        assert_string_equal(mv, "d7");
        long playouts;
        double seconds;
        lx_engine_last_search(e, &playouts, &seconds);
        assert_int_equal(playouts, 0); /* proved, not searched */
        lx_game_error err;
        lx_game_error_init(&err);
        assert_int_equal(lx_engine_play(e, LX_BLACK, answers[i], &err), 0);
        lx_game_error_free(&err);
        genmove_text(e, LX_WHITE, mv, sizeof mv);
        assert_string_equal(mv, strcmp(answers[i], "f8") == 0 ? "c9" : "f8");
        lx_game_result r;
        lx_engine_result(e, &r);
        assert_string_equal(r.re, "W+");
        lx_engine_free(e);
    }
}

/* Black, facing two threats no peg spoils, resigns at once; facing one, it
 * takes it; and the same seed gives the same moves. */
static void the_engine_resigns_a_proved_loss(void **state)
{
    (void)state;
    const char *d7[] = {"d7"}, *c6[] = {"c6"};
    char mv[32], again[32];
    lx_engine *e = engine_at(9, d7, 1);
    genmove_text(e, LX_BLACK, mv, sizeof mv);
    assert_string_equal(mv, "resign");
    assert_true(lx_engine_last_value(e) == 0.0);
    lx_engine_free(e);
    e = engine_at(9, c6, 1);
    genmove_text(e, LX_BLACK, mv, sizeof mv);
    assert_string_equal(mv, "d8");
    genmove_text(e, LX_WHITE, mv, sizeof mv);
    lx_engine_free(e);
    e = engine_at(9, c6, 1);
    genmove_text(e, LX_BLACK, again, sizeof again);
    genmove_text(e, LX_WHITE, again, sizeof again);
    assert_string_equal(mv, again);
    lx_engine_free(e);
}

/* Whether `who`, to move on b, has a hole that joins its borders at once. */
static int joins_at_once(const lx_twixt_board *b, lx_colour who)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int found = 0;
    for (int r = 0; r < 10 && !found; r++)
        for (int k = 0; k < 10 && !found; k++) {
            if (lx_twixt_peg_at(b, k, r) != LX_NO_COLOUR || !lx_twixt_hole_allowed(b, who, k, r))
                continue;
            lx_twixt_board *d = lx_twixt_board_copy(b);
            lx_twixt_move m = {.kind = LX_TWIXT_PEG, .at = {.col = k, .row = r}};
            found = lx_twixt_play(d, who, &m, &err) == 0 && lx_twixt_connected(d) == who;
            lx_twixt_board_free(d);
        }
    lx_game_error_free(&err);
    return found;
}

/* Brute force: after Black's peg `cut` on b, White's proved move leaves
 * every Black peg a White peg that joins at once. */
static void assert_cut_loses(const lx_twixt_board *b, int32_t cut)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_twixt_board *after = lx_twixt_board_copy(b);
    lx_twixt_move m;
    assert_int_equal(lx_twixt_sim_move(10, 10, cut, &m), 0);
    assert_int_equal(lx_twixt_play(after, LX_BLACK, &m, &err), 0);
    lx_twixt_sim *s = lx_twixt_sim_new(after);
    int32_t win = -1;
    assert_int_equal(lx_twixt_sim_proved_move(s, LX_WHITE, &win), 2);
    lx_twixt_sim_free(s);
    assert_int_equal(lx_twixt_sim_move(10, 10, win, &m), 0);
    assert_int_equal(lx_twixt_play(after, LX_WHITE, &m, &err), 0);
    for (int r = 0; r < 10; r++)
        for (int k = 0; k < 10; k++) {
            if (lx_twixt_peg_at(after, k, r) != LX_NO_COLOUR || !lx_twixt_hole_allowed(after, LX_BLACK, k, r))
                continue;
            lx_twixt_board *d = lx_twixt_board_copy(after);
            lx_twixt_move answer = {.kind = LX_TWIXT_PEG, .at = {.col = k, .row = r}};
            assert_int_equal(lx_twixt_play(d, LX_BLACK, &answer, &err), 0);
            if (!joins_at_once(d, LX_WHITE))
                fail_msg("Black's %c%d after the cut peg: White does not join", 'a' + k, r + 1);
            lx_twixt_board_free(d);
        }
    lx_twixt_board_free(after);
    lx_game_error_free(&err);
}

/* The chain and White's idle peg h1: Black to move, White threatens the
 * double threat d7 (c9 and f8).  Must-play keeps Black's 63 pegs within
 * reach of d7, c9 or f8 and cuts the 11 others (row 2, i3), each a loss
 * (checked by brute force); the cut holds at the snapshot only, another sim takes it
 * over, and a sim facing one threat keeps its one spoiler, facing two none. */
static void must_play_cuts_the_moves_that_let_a_double_threat_in(void **state)
{
    (void)state;
    const char *moves[NCHAIN + 1];
    memcpy(moves, chain, sizeof chain);
    moves[NCHAIN] = "h1";
    lx_twixt_board *b = board_after(moves, NCHAIN + 1);
    lx_twixt_sim *s = lx_twixt_sim_new(b), *all = lx_twixt_sim_new(b);
    assert_non_null(s);
    assert_non_null(all);
    int32_t kept[128], every[128];
    size_t nall = lx_twixt_sim_legal(all, every);
    assert_int_equal(nall, 74);
    assert_int_equal(lx_twixt_sim_must_play(s, LX_BLACK), 63);
    lx_twixt_sim_reset(s);
    assert_int_equal(lx_twixt_sim_legal(s, kept), 63);
    size_t j = 0, cut = 0;
    for (size_t i = 0; i < nall; i++) {
        lx_twixt_move m;
        assert_int_equal(lx_twixt_sim_move(10, 10, every[i], &m), 0);
        int near = 0; /* within 4 columns and 4 rows of d7, c9 or f8 */
        const int zone[3][2] = {{3, 6}, {2, 8}, {5, 7}};
        for (int z = 0; z < 3; z++)
            near |= abs(m.at.col - zone[z][0]) <= 4 && abs(m.at.row - zone[z][1]) <= 4;
        if (j < 63 && kept[j] == every[i]) {
            j++;
            assert_true(near);
            continue;
        }
        if (near)
            fail_msg("%c%d cut", 'a' + m.at.col, m.at.row + 1);
        assert_cut_loses(b, every[i]);
        cut++;
    }
    assert_int_equal(cut, 11);
    lx_twixt_sim_play(s, kept[0]);
    lx_twixt_sim_play(all, kept[0]);
    assert_int_equal(lx_twixt_sim_legal(s, every), 74); /* White's moves, not cut */
    assert_int_equal(lx_twixt_sim_legal(all, every), 74);
    lx_twixt_sim_copy_must_play(all, s);
    lx_twixt_sim_reset(all);
    assert_int_equal(lx_twixt_sim_legal(all, every), 63);
    assert_int_equal(lx_twixt_sim_proved_loss(all, LX_BLACK), 0); /* proofs see every move */
    assert_int_equal(lx_twixt_sim_legal(all, every), 63);
    lx_twixt_sim_free(all);
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
    const char *one[] = {"c6"}, *two[] = {"d7"};
    for (int k = 0; k < 2; k++) {
        moves[NCHAIN] = k ? two[0] : one[0];
        b = board_after(moves, NCHAIN + 1);
        s = lx_twixt_sim_new(b);
        assert_int_equal(lx_twixt_sim_must_play(s, LX_BLACK), k ? 0 : 1);
        if (!k) {
            char name[16];
            assert_int_equal(lx_twixt_sim_legal(s, kept), 1);
            name_of(kept[0], name, sizeof name);
            assert_string_equal(name, "d8");
        }
        lx_twixt_sim_free(s);
        lx_twixt_board_free(b);
    }
}

static int32_t id_of(const char *name);

/* Brute force on the rules' board: every peg Black may place on b leaves
 * White a peg that joins at once. */
static void assert_every_black_peg_loses(const lx_twixt_board *b)
{
    lx_game_error err;
    lx_game_error_init(&err);
    int tried = 0;
    for (int r = 0; r < 10; r++)
        for (int k = 0; k < 10; k++) {
            if (lx_twixt_peg_at(b, k, r) != LX_NO_COLOUR || !lx_twixt_hole_allowed(b, LX_BLACK, k, r))
                continue;
            lx_twixt_board *d = lx_twixt_board_copy(b);
            lx_twixt_move answer = {.kind = LX_TWIXT_PEG, .at = {.col = k, .row = r}};
            assert_int_equal(lx_twixt_play(d, LX_BLACK, &answer, &err), 0);
            if (!joins_at_once(d, LX_WHITE))
                fail_msg("Black's %c%d: White does not join", 'a' + k, r + 1);
            lx_twixt_board_free(d);
            tried++;
        }
    assert_true(tried > 0);
    lx_game_error_free(&err);
}

/* The sim at the board of the chain's first `at` moves, the rest of them
 * and `extra` played in the sim: a node of the search tree below the
 * snapshot.  Its legal ids into ids (their number into *n) and what
 * lx_twixt_sim_prune keeps of them; the sim is left where it was. */
static size_t prune_at_node(int at, const char *const *extra, int nextra, int32_t *ids, size_t *n)
{
    lx_twixt_board *b = board_after(chain, at);
    lx_twixt_sim *s = lx_twixt_sim_new(b);
    assert_non_null(s);
    lx_colour snapshot_mover = lx_twixt_sim_to_play(s);
    int32_t before[128], after[128];
    size_t nbefore = lx_twixt_sim_legal(s, before);
    for (int i = at; i < NCHAIN + nextra; i++)
        lx_twixt_sim_play(s, i < NCHAIN ? id_of(chain[i]) : id_of(extra[i - NCHAIN]));
    lx_colour mover = lx_twixt_sim_to_play(s);
    *n = lx_twixt_sim_legal(s, ids);
    int32_t all[128];
    memcpy(all, ids, *n * sizeof *ids);
    size_t kept = lx_twixt_sim_prune(s, ids, *n);
    assert_int_equal(lx_twixt_sim_to_play(s), mover); /* the sim is still at the node */
    assert_int_equal(lx_twixt_sim_legal(s, after), *n);
    assert_memory_equal(after, all, *n * sizeof *ids);
    lx_twixt_sim_reset(s); /* and its snapshot is the board's */
    assert_int_equal(lx_twixt_sim_to_play(s), snapshot_mover);
    assert_int_equal(lx_twixt_sim_legal(s, after), nbefore);
    assert_memory_equal(after, before, nbefore * sizeof *ids);
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
    return kept;
}

/* The proofs at a tree's node, two to three moves below the snapshot (the
 * board of the chain's first six or seven pegs): White to move at the chain
 * keeps only d7, its double threat, after which every Black peg loses (brute
 * force); after d7 Black is proved lost (none kept); after h1 Black keeps
 * the same 63 pegs as must-play at a root of that position; after c6 only
 * d8, the one spoiler. */
static void the_proofs_hold_at_a_node_below_the_root(void **state)
{
    (void)state;
    int32_t ids[128];
    size_t n;
    assert_int_equal(prune_at_node(6, NULL, 0, ids, &n), 1);
    assert_int_equal(ids[0], id_of("d7"));
    assert_int_equal(n, 76); /* 96 holes, 8 pegs, 12 in Black's border columns */
    const char *d7[] = {"d7"}, *h1[] = {"h1"}, *c6[] = {"c6"};
    const char *moves[NCHAIN + 1];
    memcpy(moves, chain, sizeof chain);
    moves[NCHAIN] = "d7";
    lx_twixt_board *b = board_after(moves, NCHAIN + 1);
    assert_every_black_peg_loses(b);
    lx_twixt_board_free(b);
    assert_int_equal(prune_at_node(6, d7, 1, ids, &n), 0);
    assert_true(n > 0);
    assert_int_equal(prune_at_node(7, h1, 1, ids, &n), 63);
    moves[NCHAIN] = "h1";
    b = board_after(moves, NCHAIN + 1);
    lx_twixt_sim *root = lx_twixt_sim_new(b);
    int32_t kept[128];
    assert_int_equal(lx_twixt_sim_must_play(root, LX_BLACK), 63);
    assert_int_equal(lx_twixt_sim_legal(root, kept), 63);
    assert_memory_equal(kept, ids, 63 * sizeof *ids);
    lx_twixt_sim_free(root);
    lx_twixt_board_free(b);
    assert_int_equal(prune_at_node(7, c6, 1, ids, &n), 1);
    assert_int_equal(ids[0], id_of("d8"));
}

static int32_t id_of(const char *name)
{
    lx_twixt_board *b = lx_twixt_board_new(10, 10, LX_TWIXT_STD);
    lx_twixt_move m;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_twixt_parse_move(b, name, strlen(name), &m, &err), 0);
    lx_game_error_free(&err);
    lx_twixt_board_free(b);
    return lx_twixt_sim_id(10, 10, &m);
}

/* White to move after the chain (Black's last peg j3): d3 links e1 and e5
 * (0.65), d7 links e5 (0.55), h8 nothing (0.4), i2 answers j3 (0.5), h10 is
 * White's own border row without a link (0.05), h4 links f3 next to j3
 * (0.65), g1 on White's border row links f3 (0.55); each worth 10
 * playouts, added to what is there. */
static void the_prior_rewards_links_and_answers(void **state)
{
    (void)state;
    lx_twixt_board *b = board_after(chain, NCHAIN);
    lx_twixt_sim *s = lx_twixt_sim_new(b);
    assert_non_null(s);
    const char *names[] = {"d3", "d7", "h8", "i2", "h10", "h4", "g1"};
    const double want[] = {6.5, 5.5, 4.0, 5.0, 0.5, 6.5, 5.5};
    int32_t ids[7];
    float visits[7], wins[7];
    for (int i = 0; i < 7; i++) {
        ids[i] = id_of(names[i]);
        visits[i] = 1.0f;
        wins[i] = 0.0f;
    }
    lx_twixt_sim_prior(s, ids, 7, visits, wins);
    for (int i = 0; i < 7; i++) {
        assert_float_equal(visits[i], 11.0, 1e-4);
        if (wins[i] < want[i] - 1e-4 || wins[i] > want[i] + 1e-4)
            fail_msg("%s: %g, not %g", names[i], (double)wins[i], want[i]);
    }
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
}

/* The owners the search's AMAF reads after a playout: nobody on the border
 * rows, where only the colour whose border it is may peg (holding such a
 * hole says only how long the playout ran), each peg's colour elsewhere.
 * After e1 a3, the tree's pegs d5 (White), a9 (Black's own column), h10
 * (White's own row), g5 (Black), then a playout. */
static void amaf_owners_leave_out_the_border_rows(void **state)
{
    (void)state;
    lx_twixt_board *b = board_after(chain, 2);
    lx_twixt_sim *s = lx_twixt_sim_new(b);
    assert_non_null(s);
    const char *tree[] = {"d5", "a9", "h10", "g5"};
    for (int i = 0; i < 4; i++)
        lx_twixt_sim_play(s, id_of(tree[i]));
    uint64_t rng = 7;
    lx_twixt_sim_playout(s, &rng);
    const uint8_t *own = lx_twixt_sim_owners(s);
    assert_int_equal(own[id_of("d5")], 2);
    assert_int_equal(own[id_of("g5")], 1);
    assert_int_equal(own[id_of("a9")], 0);
    assert_int_equal(own[id_of("h10")], 0);
    assert_int_equal(own[id_of("e1")], 0);
    assert_int_equal(own[id_of("a3")], 0);
    int held[3] = {0, 0, 0};
    for (int r = 0; r < 10; r++)
        for (int k = 0; k < 10; k++) {
            lx_twixt_move m = {.kind = LX_TWIXT_PEG, .at = {.col = k, .row = r}};
            uint8_t o = own[lx_twixt_sim_id(10, 10, &m)];
            int corner = (k == 0 || k == 9) && (r == 0 || r == 9), border = k == 0 || k == 9 || r == 0 || r == 9;
            if (corner)
                continue;
            if (border && o != 0)
                fail_msg("%c%d on a border row is held by %d", 'a' + k, r + 1, o);
            assert_true(o <= 2);
            held[o]++;
        }
    assert_true(held[1] >= 4 && held[2] >= 4); /* the playout's pegs inside are there */
    lx_twixt_sim_free(s);
    lx_twixt_board_free(b);
}

/* lx_twixt_sim_winning_holes (which looks only a knight's move from the
 * sets touching a border row) against brute force on the rules' board: in
 * random 10x10 games, after every move, the holes where the mover's peg
 * joins at once, the same holes in the same (id) order. */
static void the_threats_are_the_holes_that_join_at_once(void **state)
{
    (void)state;
    lx_game_error err;
    lx_game_error_init(&err);
    uint64_t rng = 34;
    long threats = 0;
    for (int game = 0; game < 12; game++) {
        lx_twixt_board *b = lx_twixt_board_new(10, 10, LX_TWIXT_STD);
        assert_non_null(b);
        lx_twixt_set_no_swap(b, 1);
        for (int move = 0; move < 90 && lx_twixt_connected(b) == LX_NO_COLOUR; move++) {
            lx_colour who = lx_twixt_to_play(b);
            lx_twixt_sim *s = lx_twixt_sim_new(b);
            assert_non_null(s);
            int32_t got[100], want[100], holes[100];
            size_t ngot = lx_twixt_sim_winning_holes(s, who, got, 100), nwant = 0, nholes = 0;
            lx_twixt_sim_free(s);
            for (int r = 0; r < 10; r++)
                for (int k = 0; k < 10; k++) {
                    if (lx_twixt_peg_at(b, k, r) != LX_NO_COLOUR || !lx_twixt_hole_allowed(b, who, k, r))
                        continue;
                    lx_twixt_move m = {.kind = LX_TWIXT_PEG, .at = {.col = k, .row = r}};
                    int32_t id = lx_twixt_sim_id(10, 10, &m);
                    holes[nholes++] = id;
                    lx_twixt_board *d = lx_twixt_board_copy(b);
                    assert_int_equal(lx_twixt_play(d, who, &m, &err), 0);
                    if (lx_twixt_connected(d) == who)
                        want[nwant++] = id;
                    lx_twixt_board_free(d);
                }
            assert_int_equal(ngot, nwant);
            for (size_t i = 0; i < nwant; i++)
                assert_int_equal(got[i], want[i]);
            threats += (long)nwant;
            if (nholes == 0)
                break;
            lx_twixt_move m;
            assert_int_equal(lx_twixt_sim_move(10, 10, holes[lx_random_below(&rng, (uint32_t)nholes)], &m), 0);
            assert_int_equal(lx_twixt_play(b, who, &m, &err), 0);
        }
        lx_twixt_board_free(b);
    }
    assert_true(threats > 20); /* the games made threats to compare */
    lx_game_error_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_double_threat_is_a_proved_win_in_two),
        cmocka_unit_test(an_open_board_proves_nothing),
        cmocka_unit_test(the_engine_finishes_a_proved_win_at_once),
        cmocka_unit_test(the_engine_resigns_a_proved_loss),
        cmocka_unit_test(must_play_cuts_the_moves_that_let_a_double_threat_in),
        cmocka_unit_test(the_prior_rewards_links_and_answers),
        cmocka_unit_test(the_proofs_hold_at_a_node_below_the_root),
        cmocka_unit_test(the_threats_are_the_holes_that_join_at_once),
        cmocka_unit_test(amaf_owners_leave_out_the_border_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

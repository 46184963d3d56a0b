/* test_engine_search.c - the Monte Carlo engines (kinds hex, hex-flat, twixt,
 * twixt-flat) through lx_engine_*: legal moves on every board size, wins
 * taken and losses blocked, swap decisions, the end of the game, refusals,
 * tree reuse, stopping, repeatable searches.  Small playout budgets, one
 * thread and a fixed seed unless a test is about threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "hex_pictures.h"
#include "testutil.h"

static lx_engine *engine_rules(const char *kind, int size, const char *rules, long playouts, uint64_t seed)
{
    lx_engine_options o;
    lx_engine_options_init(&o, kind);
    o.cols = o.rows = size;
    o.rules = rules;
    o.playouts = playouts;
    o.threads = 1;
    o.seed = seed;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    if (!e)
        fail_msg("%s: %s", err.code, err.message.data ? err.message.data : "");
    lx_game_error_free(&err);
    return e;
}

static lx_engine *engine(const char *kind, int size, long playouts, uint64_t seed)
{
    return engine_rules(kind, size, NULL, playouts, seed);
}

static void play(lx_engine *e, lx_colour who, const char *move)
{
    lx_game_error err;
    lx_game_error_init(&err);
    if (lx_engine_play(e, who, move, &err) != 0)
        fail_msg("%s refused: %s %s", move, err.code, err.message.data ? err.message.data : "");
    lx_game_error_free(&err);
}

/* genmove; the move, or "" with *code set. */
static void genmove(lx_engine *e, lx_colour who, char *out, size_t cap, const char **code)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    *code = NULL;
    out[0] = 0;
    if (lx_engine_genmove(e, who, &mv, &err) != 0)
        *code = err.code;
    else
        snprintf(out, cap, "%s", mv.data);
    lx_buf_free(&mv);
    lx_game_error_free(&err);
}

static void genmove_ok(lx_engine *e, lx_colour who, char *out, size_t cap)
{
    const char *code;
    genmove(e, who, out, cap, &code);
    if (code)
        fail_msg("genmove failed: %s", code);
}

/* ---- Hex ------------------------------------------------------------------------ */

/* A whole game on a board of `size`, each move also checked by a separate
 * board of the rules; it ends with a winner. */
static void hex_game_is_legal(const char *kind, int size, long playouts, int max_moves)
{
    lx_engine *e = engine(kind, size, playouts, 7);
    lx_hex_board *b = lx_hex_board_new(size, size);
    assert_non_null(b);
    char mv[64];
    int moves = 0;
    while (lx_engine_to_play(e) != LX_NO_COLOUR && moves < max_moves) {
        lx_colour who = lx_engine_to_play(e);
        genmove_ok(e, who, mv, sizeof mv);
        lx_hex_move m;
        lx_game_error err;
        lx_game_error_init(&err);
        assert_int_equal(lx_hex_parse_move(b, mv, strlen(mv), &m, &err), 0);
        if (lx_hex_play(b, who, &m, &err) != 0)
            fail_msg("%s by %d refused: %s", mv, who, err.code);
        lx_game_error_free(&err);
        moves++;
    }
    if (max_moves >= size * size)
        assert_int_not_equal(lx_hex_winner(b), LX_NO_COLOUR);
    lx_game_result r;
    lx_engine_result(e, &r);
    assert_int_equal(r.winner, lx_hex_winner(b));
    lx_hex_board_free(b);
    lx_engine_free(e);
}

static void hex_playouts_fill_the_board_and_name_the_winner(void **state)
{
    (void)state;
    const int sizes[][2] = {{1, 1}, {2, 2}, {7, 7}, {9, 4}, {70, 3}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int cols = sizes[k][0], rows = sizes[k][1];
        lx_hex_board *b = lx_hex_board_new(cols, rows);
        lx_hex_move m = {.kind = LX_HEX_STONE, .col = cols / 2, .row = rows / 2};
        if (cols * rows > 1)
            assert_int_equal(lx_hex_play(b, LX_BLACK, &m, NULL), 0);
        lx_hex_sim *s = lx_hex_sim_new(b);
        assert_non_null(s);
        int32_t *ids = malloc((size_t)lx_hex_sim_ids(cols, rows) * sizeof *ids);
        uint8_t *inferior = calloc((size_t)lx_hex_sim_ids(cols, rows), 1);
        for (int r = 0; r < rows; r++) /* the empty cells the search never plays (dead or captured):
                                         * a playout starts with them filled */
            for (int c = 0; c < cols; c++) {
                lx_hex_move cell = {.kind = LX_HEX_STONE, .col = c, .row = r};
                inferior[lx_hex_sim_id(cols, rows, &cell)] = lx_hex_stone_at(b, c, r) == LX_NO_COLOUR;
            }
        size_t nlegal = lx_hex_sim_legal(s, ids);
        for (size_t i = 0; i < nlegal; i++)
            inferior[ids[i]] = 0;
        uint64_t rng = 42 + k;
        for (int i = 0; i < 200; i++) {
            lx_hex_sim_reset(s);
            size_t n = lx_hex_sim_legal(s, ids);
            if (n > 0 && i % 2)
                lx_hex_sim_play(s, ids[i % n]); /* a tree move first, now and then (the swap too) */
            lx_colour w = lx_hex_sim_playout(s, &rng);
            const uint8_t *own = lx_hex_sim_owners(s);
            lx_hex_board *full = lx_hex_board_new(cols, rows);
            int count[3] = {0, 0, 0};
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    lx_hex_move cell = {.kind = LX_HEX_STONE, .col = c, .row = r};
                    uint8_t o = own[lx_hex_sim_id(cols, rows, &cell)];
                    assert_true(o == 1 || o == 2); /* every cell filled */
                    count[o] += !inferior[lx_hex_sim_id(cols, rows, &cell)];
                    assert_int_equal(lx_hex_setup(full, c, r, o == 1 ? LX_BLACK : LX_WHITE), 0);
                }
            assert_int_equal(lx_hex_connected(full), w);
            /* turns alternate: Black's stones are White's or one more (the swap turns one),
             * the inferior cells left out */
            assert_true(count[1] - count[2] >= -1 && count[1] - count[2] <= 1);
            lx_hex_board_free(full);
        }
        free(ids);
        free(inferior);
        lx_hex_sim_free(s);
        lx_hex_board_free(b);
    }
}

static void hex_playouts_save_bridges_and_edge_templates(void **state)
{
    (void)state;
    /* Black b2 and c3 make a bridge over c2 and b3; Black e4, on the row
     * before the bottom one, reaches the bottom edge over d5 and e5. */
    lx_hex_board *b = lx_hex_board_new(5, 5);
    assert_int_equal(lx_hex_setup(b, 1, 1, LX_BLACK), 0);
    assert_int_equal(lx_hex_setup(b, 2, 2, LX_BLACK), 0);
    assert_int_equal(lx_hex_setup(b, 4, 3, LX_BLACK), 0);
    lx_hex_set_to_play(b, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    lx_hex_move c2 = {.kind = LX_HEX_STONE, .col = 2, .row = 1}, b3 = {.kind = LX_HEX_STONE, .col = 1, .row = 2};
    lx_hex_move d5 = {.kind = LX_HEX_STONE, .col = 3, .row = 4}, e5 = {.kind = LX_HEX_STONE, .col = 4, .row = 4};
    uint64_t rng = 9;
    int saved = 0, edge = 0;
    for (int i = 0; i < 100; i++) {
        lx_hex_sim_reset(s);
        lx_hex_sim_play(s, lx_hex_sim_id(5, 5, i % 2 ? &c2 : &d5)); /* White intrudes */
        lx_hex_sim_playout(s, &rng);
        const uint8_t *own = lx_hex_sim_owners(s);
        saved += i % 2 && own[lx_hex_sim_id(5, 5, &b3)] == 1;
        edge += !(i % 2) && own[lx_hex_sim_id(5, 5, &e5)] == 1;
    }
    assert_int_equal(saved, 50);
    assert_int_equal(edge, 50);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

static void hex_games_on_small_boards_are_legal(void **state)
{
    (void)state;
    hex_game_is_legal("hex", 1, 50, 10);
    hex_game_is_legal("hex", 2, 50, 10);
    hex_game_is_legal("hex", 3, 100, 20);
    hex_game_is_legal("hex-flat", 2, 50, 10);
    hex_game_is_legal("hex", 9, 300, 100);
    hex_game_is_legal("hex-flat", 9, 300, 100);
}

static void hex_moves_on_big_boards_are_legal(void **state)
{
    (void)state;
    hex_game_is_legal("hex", 19, 200, 6);
    hex_game_is_legal("hex", 100, 4, 3);
    /* a long thin board */
    lx_engine_options o;
    lx_engine_options_init(&o, "hex");
    o.cols = 300;
    o.rows = 2;
    o.playouts = 20;
    o.threads = 1;
    o.seed = 3;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    assert_non_null(e);
    char mv[64];
    genmove_ok(e, LX_BLACK, mv, sizeof mv);
    assert_true(strlen(mv) >= 2);
    lx_engine_free(e);
    /* sizes the rules refuse */
    o.cols = 0;
    o.rows = LX_HEX_MAX_SIDE + 1;
    assert_null(lx_engine_new(&o, &err));
    assert_string_equal(err.code, "BAD_SIZE");
    lx_game_error_free(&err);
}

static void hex_takes_an_immediate_win(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 5, 200, 1);
    /* Black c1 c2 c3 c4, White elsewhere: b5 or c5 wins at once */
    const char *moves[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "e1"};
    for (int i = 0; i < 8; i++)
        play(e, i % 2 ? LX_WHITE : LX_BLACK, moves[i]);
    char mv[64];
    genmove_ok(e, LX_BLACK, mv, sizeof mv);
    assert_true(strcmp(mv, "b5") == 0 || strcmp(mv, "c5") == 0);
    lx_game_result r;
    lx_engine_result(e, &r);
    assert_string_equal(r.re, "B+");
    lx_engine_free(e);
}

static void hex_blocks_an_immediate_loss(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 5, 200, 1);
    /* Black threatens c5 only (b5 is White's), and e4 is White's: with a3
     * White instead, Black's e4 after c5 would win (H-search proves it) */
    const char *moves[] = {"c1", "b5", "c2", "a2", "c3", "e4", "c4"};
    for (int i = 0; i < 7; i++)
        play(e, i % 2 ? LX_WHITE : LX_BLACK, moves[i]);
    char mv[64];
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_equal(mv, "c5");
    assert_true(lx_engine_last_value(e) == 1); /* and wins by proof, without a search: b5-c5, a bridge to e4 */
    lx_engine_free(e);
    /* two threats and no win: a proved loss, resigned */
    e = engine("hex", 5, 200, 1);
    const char *lost[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4"};
    for (int i = 0; i < 7; i++)
        play(e, i % 2 ? LX_WHITE : LX_BLACK, lost[i]);
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_equal(mv, "resign");
    assert_true(lx_engine_last_value(e) == 0);
    assert_int_equal(lx_engine_to_play(e), LX_NO_COLOUR);
    lx_engine_free(e);
}

static void hex_search_finds_a_win_the_shortcut_does_not(void **state)
{
    (void)state;
    /* Black to move on 4x4 with a two-bridge chain to both edges: b2 and c3
     * already joined by bridges, every reply keeps the win; the search must
     * give a winning move a high value. */
    lx_engine *e = engine("hex", 4, 3000, 5);
    play(e, LX_BLACK, "b2");
    play(e, LX_WHITE, "a4");
    lx_engine_candidate c[4];
    size_t n;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 4, &n, &err), 0);
    assert_true(n >= 2);
    assert_true(c[0].value > 0.8);
    for (size_t i = 1; i < n; i++)
        assert_true(c[i - 1].visits >= c[i].visits);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

/* 5x5, Black c3, White a1, Black to move: the best move's node reaches the
 * tree's knowledge (knowledge_at visits) with White proved lost there
 * (Black's full virtual connection); from then on every playout through it
 * counts as Black's, so its value is exactly 1 (without the proof, 0.989:
 * some random playouts lose), and after it White resigns the proved loss. */
static void hex_tree_node_proved_lost_is_won_for_its_parent(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 5, 5000, 5);
    play(e, LX_BLACK, "c3");
    play(e, LX_WHITE, "a1");
    lx_engine_candidate c[2];
    size_t n;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 2, &n, &err), 0);
    lx_game_error_free(&err);
    assert_true(n == 2 && c[0].value == 1.0);
    play(e, LX_BLACK, c[0].move);
    char mv[64];
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_equal(mv, "resign");
    lx_engine_free(e);
}

/* 16x16 without the swap (no H-search or solver on boards this big):
 * Black's column i1-i13 reaches the fourth row, a connection by an edge
 * template the chains' proof does not know, and White's twelve stones sit
 * on the first row.  White's best move wins about 2% of the 20000 playouts
 * (under 3%), but an estimate is no proof: White plays on (once it resigned here), and
 * after Black's answer the loss is proved and resigned without a search. */
static void hex_resigns_a_proved_loss_not_an_estimate(void **state)
{
    (void)state;
    lx_engine *e = engine_rules("hex", 16, "noswap", 20000, 5);
    static const char *const white[] = {"a1", "b1", "c1", "d1", "e1", "f1", "k1", "l1", "m1", "n1", "o1", "p1"};
    char mv[64];
    for (int r = 1; r <= 13; r++) {
        snprintf(mv, sizeof mv, "i%d", r);
        play(e, LX_BLACK, mv);
        if (r < 13)
            play(e, LX_WHITE, white[r - 1]);
    }
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_not_equal(mv, "resign");
    assert_true(lx_engine_last_value(e) >= 0 && lx_engine_last_value(e) < 0.03);
    genmove_ok(e, LX_BLACK, mv, sizeof mv);
    assert_resigns_at_once(e, LX_WHITE);
    lx_engine_free(e);
}

static void hex_last_value_is_the_chosen_moves_value(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 4, 3000, 5);
    assert_true(lx_engine_last_value(e) == -1); /* no genmove yet */
    play(e, LX_BLACK, "b2");
    play(e, LX_WHITE, "a4");
    char mv[64];
    genmove_ok(e, LX_BLACK, mv, sizeof mv); /* a searched move in a won position */
    assert_true(lx_engine_last_value(e) > 0.8 && lx_engine_last_value(e) <= 1);
    lx_engine_free(e);
}

static void hex_swaps_a_centre_opening_not_a_corner(void **state)
{
    (void)state;
    char mv[64];
    lx_engine *e = engine("hex", 7, 20000, 11);
    play(e, LX_BLACK, "d4");
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_equal(mv, "swap-pieces");
    lx_engine_free(e);
    e = engine("hex", 7, 20000, 11);
    play(e, LX_BLACK, "a1");
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_not_equal(mv, "swap-pieces");
    lx_engine_free(e);
}

/* Whether the swap (its id) is among the legal moves of `s` now. */
static int sim_offers_swap(const lx_hex_sim *s, int size)
{
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    for (size_t i = 0; i < n; i++)
        if (ids[i] == lx_hex_sim_ids(size, size) - 1)
            return 1;
    return 0;
}

/* An engine of `kind` under `rules` (a game without the swap): after
 * `opening` by `first`, which the engine swaps under the default rules, it
 * never answers a swap over `seeds` seeds, the swap is no candidate, and a
 * swap played is refused with `code`. */
static void never_swaps(const char *kind, int size, const char *rules, const char *opening, lx_colour first,
                        long playouts, int seeds, const char *code)
{
    char mv[64];
    lx_colour second = first == LX_BLACK ? LX_WHITE : LX_BLACK;
    for (int seed = 1; seed <= seeds; seed++) {
        lx_engine *e = engine_rules(kind, size, rules, playouts, (uint64_t)seed);
        play(e, first, opening);
        genmove_ok(e, second, mv, sizeof mv);
        assert_string_not_equal(mv, "swap-pieces");
        assert_string_not_equal(mv, "swap-sides");
        lx_engine_free(e);
    }
    lx_engine *e = engine_rules(kind, size, rules, playouts, 11);
    play(e, first, opening);
    lx_engine_candidate c[100];
    size_t n;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_analyse(e, second, c, 100, &n, &err), 0);
    assert_true(n > 0);
    for (size_t i = 0; i < n; i++)
        assert_string_not_equal(c[i].move, "swap-pieces");
    assert_int_equal(lx_engine_play(e, second, "swap-pieces", &err), -1);
    assert_string_equal(err.code, code);
    assert_int_equal(lx_engine_play(e, second, "swap-sides", &err), -1);
    assert_string_equal(err.code, code);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

/* Rules a `kind` does not know are ENGINE_UNAVAILABLE. */
static void rules_refused(const char *kind, const char *rules)
{
    lx_engine_options o;
    lx_engine_options_init(&o, kind);
    o.rules = rules;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_null(lx_engine_new(&o, &err));
    assert_string_equal(err.code, "ENGINE_UNAVAILABLE");
    lx_game_error_free(&err);
}

/* A game without the swap (ludexd's -noswap; rules "noswap"): d4 on 7x7,
 * which the engine swaps under the default rules (35 seeds of these 40), is
 * never swapped; the swap is no move of the search's positions either. */
static void hex_without_the_swap_never_swaps(void **state)
{
    (void)state;
    never_swaps("hex", 7, "noswap", "d4", LX_BLACK, 3000, 40, "HEX_NO_SWAP");
    never_swaps("hex", 7, "NoSwap", "d4", LX_BLACK, 3000, 5, "HEX_NO_SWAP");
    rules_refused("hex", "pp");
    lx_game_error err;
    lx_game_error_init(&err);
    /* the search's positions: after one stone, the swap is a move only when
     * the board has it */
    for (int no_swap = 0; no_swap <= 1; no_swap++) {
        lx_hex_board *b = lx_hex_board_new(7, 7);
        lx_hex_set_no_swap(b, no_swap);
        lx_hex_move d4 = {.kind = LX_HEX_STONE, .col = 3, .row = 3};
        assert_int_equal(lx_hex_play(b, LX_BLACK, &d4, &err), 0);
        lx_hex_sim *s = lx_hex_sim_new(b);
        assert_int_equal(sim_offers_swap(s, 7), !no_swap);
        lx_hex_sim_free(s);
        lx_hex_board_free(b);
    }
    lx_game_error_free(&err);
}

static void hex_genmove_on_a_finished_game_is_game_over(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 1, 10, 1);
    play(e, LX_BLACK, "a1");
    assert_int_equal(lx_engine_to_play(e), LX_NO_COLOUR);
    char mv[64];
    const char *code;
    genmove(e, LX_WHITE, mv, sizeof mv, &code);
    assert_string_equal(code, "GAME_OVER");
    lx_engine_candidate c[2];
    size_t n = 9;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_analyse(e, LX_WHITE, c, 2, &n, &err), -1);
    assert_string_equal(err.code, "GAME_OVER");
    assert_int_equal(n, 0);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

static void hex_illegal_plays_give_the_rules_codes(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 5, 10, 1);
    lx_game_error err;
    lx_game_error_init(&err);
    play(e, LX_BLACK, "c3");
    assert_int_equal(lx_engine_play(e, LX_WHITE, "c3", &err), -1);
    assert_string_equal(err.code, "HEX_CELL_OCCUPIED");
    assert_int_equal(lx_engine_play(e, LX_WHITE, "z9", &err), -1);
    assert_string_equal(err.code, "HEX_OFF_BOARD");
    assert_int_equal(lx_engine_play(e, LX_BLACK, "a1", &err), -1);
    assert_string_equal(err.code, "HEX_WRONG_TURN");
    char mv[64];
    const char *code;
    genmove(e, LX_BLACK, mv, sizeof mv, &code);
    assert_string_equal(code, "HEX_WRONG_TURN");
    /* nothing changed: White moves, and undo goes back one move */
    assert_int_equal(lx_engine_to_play(e), LX_WHITE);
    assert_int_equal(lx_engine_undo(e), 0);
    assert_int_equal(lx_engine_to_play(e), LX_BLACK);
    assert_int_equal(lx_engine_undo(e), -1);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

static long total_visits(lx_engine *e, lx_colour who, long playouts)
{
    lx_engine_set_budget(e, 0, playouts);
    lx_engine_candidate c[200];
    size_t n;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_analyse(e, who, c, 200, &n, &err), 0);
    lx_game_error_free(&err);
    long sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += c[i].visits;
    return sum;
}

static void hex_tree_reuse_keeps_the_visits_of_the_moves_played(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 7, 4000, 2);
    char b1[64], w1[64];
    genmove_ok(e, LX_BLACK, b1, sizeof b1);
    genmove_ok(e, LX_WHITE, w1, sizeof w1); /* the engine's own reply: deep in its tree */
    long kept = total_visits(e, LX_BLACK, 1);
    assert_true(kept > 50);
    /* after an undo the tree is gone: one playout is all there is */
    assert_int_equal(lx_engine_undo(e), 0);
    play(e, LX_WHITE, w1);
    assert_int_equal(total_visits(e, LX_BLACK, 1), 1);
    lx_engine_free(e);
    /* flat Monte Carlo keeps nothing */
    e = engine("hex-flat", 7, 4000, 2);
    genmove_ok(e, LX_BLACK, b1, sizeof b1);
    assert_int_equal(total_visits(e, LX_WHITE, 1), 1);
    lx_engine_free(e);
}

static void hex_searches_repeat_with_a_seed(void **state)
{
    (void)state;
    char a[8][64] = {{0}}, b[8][64] = {{0}}; /* a game may end (a resignation) before 8 moves */
    for (int k = 0; k < 2; k++) {
        lx_engine *e = engine("hex", 6, 500, 99);
        for (int i = 0; i < 8 && lx_engine_to_play(e) != LX_NO_COLOUR; i++)
            genmove_ok(e, lx_engine_to_play(e), k ? b[i] : a[i], 64);
        lx_engine_free(e);
    }
    for (int i = 0; i < 8; i++)
        assert_string_equal(a[i], b[i]);
}

/* Several playouts a leaf (9x9: two): a budget that is no multiple of them
 * is still kept to the playout, on one thread and on two. */
static void hex_budgets_are_kept_to_the_playout(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 2; threads++) {
        lx_engine_options o;
        lx_engine_options_init(&o, "hex");
        o.cols = o.rows = 9;
        o.threads = threads;
        o.seed = 5;
        lx_game_error err;
        lx_game_error_init(&err);
        lx_engine *e = lx_engine_new(&o, &err);
        assert_non_null(e);
        assert_int_equal(total_visits(e, LX_BLACK, 1003), 1003);
        long playouts;
        double seconds;
        lx_engine_last_search(e, &playouts, &seconds);
        assert_int_equal(playouts, 1003);
        lx_game_error_free(&err);
        lx_engine_free(e);
    }
}

typedef struct stopped_search {
    lx_engine *e;
    atomic_int done;
} stopped_search;

static void *genmove_thread(void *arg)
{
    stopped_search *x = arg;
    char mv[64];
    genmove_ok(x->e, LX_BLACK, mv, sizeof mv);
    atomic_store(&x->done, 1);
    return NULL;
}

static void stop_ends_a_search(lx_engine *e)
{
    lx_engine_set_budget(e, 3600, 0);
    stopped_search x = {.e = e};
    atomic_init(&x.done, 0);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, genmove_thread, &x), 0);
    /* stop until the move is made (a stop before the search starts is
     * forgotten by it, so ask again); only lx_engine_stop may be called
     * while another thread uses the engine */
    while (!atomic_load(&x.done)) {
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
        lx_engine_stop(e);
    }
    pthread_join(th, NULL);
    long playouts;
    double seconds;
    lx_engine_last_search(e, &playouts, &seconds);
    assert_true(seconds < 600);
    assert_true(playouts > 0);
}

static void hex_stop_ends_a_search_on_two_threads(void **state)
{
    (void)state;
    lx_engine_options o;
    lx_engine_options_init(&o, "hex");
    o.cols = o.rows = 9;
    o.threads = 2;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    assert_non_null(e);
    stop_ends_a_search(e);
    assert_int_equal(lx_engine_to_play(e), LX_WHITE);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

static void hex_new_game_changes_the_size(void **state)
{
    (void)state;
    lx_engine *e = engine("hex", 5, 50, 1);
    lx_game_error err;
    lx_game_error_init(&err);
    play(e, LX_BLACK, "e5");
    assert_int_equal(lx_engine_new_game(e, 13, 13, &err), 0);
    play(e, LX_BLACK, "m13");
    assert_int_equal(lx_engine_new_game(e, 0, 0, &err), 0);
    assert_int_equal(lx_engine_to_play(e), LX_BLACK);
    play(e, LX_BLACK, "m13");
    assert_int_equal(lx_engine_new_game(e, 0, LX_HEX_MAX_SIDE + 5, &err), -1);
    assert_string_equal(err.code, "BAD_SIZE");
    lx_buf out = {0};
    assert_int_equal(lx_engine_show(e, &out), 0);
    assert_non_null(strstr(out.data, "m"));
    lx_buf_free(&out);
    assert_string_equal(lx_engine_kind(e), "hex");
    lx_game_error_free(&err);
    lx_engine_free(e);
}

/* ---- Twixt ----------------------------------------------------------------------- */

/* A game of `moves` moves at most, each move checked on a board of the rules. */
static void twixt_game_is_legal(const char *kind, int size, const char *rules, long playouts, int max_moves)
{
    lx_engine *e = engine_rules(kind, size, rules, playouts, 17);
    lx_twixt_board *b = lx_twixt_board_new(size, size, rules && strcmp(rules, "pp") == 0 ? LX_TWIXT_PP : LX_TWIXT_STD);
    assert_non_null(b);
    char mv[64];
    int moves = 0;
    while (lx_engine_to_play(e) != LX_NO_COLOUR && moves < max_moves) {
        lx_colour who = lx_engine_to_play(e);
        assert_int_equal(who, lx_twixt_to_play(b));
        genmove_ok(e, who, mv, sizeof mv);
        lx_twixt_move m;
        lx_game_error err;
        lx_game_error_init(&err);
        assert_int_equal(lx_twixt_parse_move(b, mv, strlen(mv), &m, &err), 0);
        if (lx_twixt_play(b, who, &m, &err) != 0)
            fail_msg("%s by %d refused: %s", mv, who, err.code);
        lx_game_error_free(&err);
        moves++;
    }
    /* the engine's board and the rules' board agree link for link */
    lx_buf x = {0}, y = {0};
    assert_int_equal(lx_engine_show(e, &x), 0);
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_ASCII, 0, &y), 0);
    assert_string_equal(x.data, y.data);
    lx_buf_free(&x);
    lx_buf_free(&y);
    lx_twixt_board_free(b);
    lx_engine_free(e);
}

static void twixt_std_and_pp_games_are_legal(void **state)
{
    (void)state;
    twixt_game_is_legal("twixt", 3, NULL, 50, 20);
    twixt_game_is_legal("twixt", 6, "std", 200, 40);
    twixt_game_is_legal("twixt", 8, "pp", 200, 70);
    twixt_game_is_legal("twixt-flat", 8, "pp", 200, 70);
    twixt_game_is_legal("twixt", 24, NULL, 100, 6);
    twixt_game_is_legal("twixt", 50, "pp", 30, 2);
    lx_engine_options o;
    lx_engine_options_init(&o, "twixt");
    o.cols = o.rows = 2;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_null(lx_engine_new(&o, &err));
    assert_string_equal(err.code, "BAD_SIZE");
    o.cols = o.rows = 8;
    o.rules = "3m";
    assert_null(lx_engine_new(&o, &err));
    lx_game_error_free(&err);
}

/* White c1-d3 from the top and e6 on the bottom row, 6x6: c5 joins them (the
 * only hole that does).  `n` moves of the line. */
static void twixt_threat(lx_engine *e, int n)
{
    const char *moves[] = {"c1", "a2", "d3", "a4", "e6", "f2"};
    for (int i = 0; i < n; i++)
        play(e, i % 2 ? LX_BLACK : LX_WHITE, moves[i]);
}

static void twixt_takes_a_win_and_blocks_it(void **state)
{
    (void)state;
    char mv[64];
    lx_engine *e = engine_rules("twixt", 6, NULL, 500, 3);
    twixt_threat(e, 6);
    genmove_ok(e, LX_WHITE, mv, sizeof mv);
    assert_string_equal(mv, "c5");
    lx_game_result r;
    lx_engine_result(e, &r);
    assert_string_equal(r.re, "W+");
    const char *code;
    genmove(e, LX_BLACK, mv, sizeof mv, &code);
    assert_string_equal(code, "GAME_OVER");
    lx_engine_free(e);
    /* Black to move instead takes c5 */
    e = engine_rules("twixt", 6, "pp", 500, 3);
    twixt_threat(e, 5);
    genmove_ok(e, LX_BLACK, mv, sizeof mv);
    assert_string_equal(mv, "c5");
    lx_engine_free(e);
}

static void twixt_refusals_and_the_swap(void **state)
{
    (void)state;
    lx_engine *e = engine_rules("twixt", 8, NULL, 400, 5);
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_engine_play(e, LX_WHITE, "a4", &err), -1);
    assert_string_equal(err.code, "TWIXT_OPPONENT_BORDER");
    play(e, LX_WHITE, "d4");
    assert_int_equal(lx_engine_play(e, LX_BLACK, "d4", &err), -1);
    assert_string_equal(err.code, "TWIXT_OCCUPIED");
    char mv[64];
    const char *code;
    genmove(e, LX_WHITE, mv, sizeof mv, &code);
    assert_string_equal(code, "TWIXT_WRONG_TURN");
    /* the swap is among Black's candidates now, and only now */
    lx_engine_candidate c[80];
    size_t n;
    int swap = 0;
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 80, &n, &err), 0);
    for (size_t i = 0; i < n; i++)
        swap |= strcmp(c[i].move, "swap-pieces") == 0;
    assert_true(swap);
    play(e, LX_BLACK, "swap-pieces");
    assert_int_equal(lx_engine_to_play(e), LX_WHITE);
    play(e, LX_WHITE, "e5");
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 80, &n, &err), 0);
    for (size_t i = 0; i < n; i++)
        assert_string_not_equal(c[i].move, "swap-pieces");
    /* a long move through lx_engine_play: a peg with its parts */
    assert_int_equal(lx_engine_play(e, LX_BLACK, "zz99", &err), -1);
    lx_game_error_free(&err);
    lx_engine_free(e);
}

/* A game without the swap (rules "std,noswap", "pp,noswap"): d4 on 8x8,
 * which the engine swaps under std and pp (19 seeds of these 20), is never
 * swapped; rules that are neither are refused. */
static void twixt_without_the_swap_never_swaps(void **state)
{
    (void)state;
    never_swaps("twixt", 8, "std,noswap", "d4", LX_WHITE, 1000, 20, "TWIXT_NO_SWAP");
    never_swaps("twixt", 8, "PP,NoSwap", "d4", LX_WHITE, 1000, 20, "TWIXT_NO_SWAP");
    const char *bad[] = {"std,swap", "pp,", "noswap", "pp noswap"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        rules_refused("twixt", bad[i]);
}

static void twixt_tree_reuse_and_repeatable_searches(void **state)
{
    (void)state;
    char a[6][64], b[6][64];
    for (int k = 0; k < 2; k++) {
        lx_engine *e = engine_rules("twixt", 10, "pp", 3000, 8);
        for (int i = 0; i < 6; i++)
            genmove_ok(e, lx_engine_to_play(e), k ? b[i] : a[i], 64);
        if (k == 1)
            assert_true(total_visits(e, lx_engine_to_play(e), 1) > 20);
        lx_engine_free(e);
    }
    for (int i = 0; i < 6; i++)
        assert_string_equal(a[i], b[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_playouts_fill_the_board_and_name_the_winner),
        cmocka_unit_test(hex_playouts_save_bridges_and_edge_templates),
        cmocka_unit_test(hex_games_on_small_boards_are_legal),
        cmocka_unit_test(hex_moves_on_big_boards_are_legal),
        cmocka_unit_test(hex_takes_an_immediate_win),
        cmocka_unit_test(hex_blocks_an_immediate_loss),
        cmocka_unit_test(hex_search_finds_a_win_the_shortcut_does_not),
        cmocka_unit_test(hex_tree_node_proved_lost_is_won_for_its_parent),
        cmocka_unit_test(hex_resigns_a_proved_loss_not_an_estimate),
        cmocka_unit_test(hex_last_value_is_the_chosen_moves_value),
        cmocka_unit_test(hex_swaps_a_centre_opening_not_a_corner),
        cmocka_unit_test(hex_without_the_swap_never_swaps),
        cmocka_unit_test(hex_genmove_on_a_finished_game_is_game_over),
        cmocka_unit_test(hex_illegal_plays_give_the_rules_codes),
        cmocka_unit_test(hex_tree_reuse_keeps_the_visits_of_the_moves_played),
        cmocka_unit_test(hex_searches_repeat_with_a_seed),
        cmocka_unit_test(hex_budgets_are_kept_to_the_playout),
        cmocka_unit_test(hex_stop_ends_a_search_on_two_threads),
        cmocka_unit_test(hex_new_game_changes_the_size),
        cmocka_unit_test(twixt_std_and_pp_games_are_legal),
        cmocka_unit_test(twixt_takes_a_win_and_blocks_it),
        cmocka_unit_test(twixt_refusals_and_the_swap),
        cmocka_unit_test(twixt_without_the_swap_never_swaps),
        cmocka_unit_test(twixt_tree_reuse_and_repeatable_searches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

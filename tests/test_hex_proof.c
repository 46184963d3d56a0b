/* test_hex_proof.c - what the Hex engine proves without a search (src/hex/proof.c
 * through lx_hex_sim_*): dead cells found and left out of the tree moves, a
 * connection of bridges and edge links found with its cells, the move that
 * makes one, and the engine finishing a proved win at once (answering every
 * intrusion) and resigning a proved loss.  Hand-made positions, drawn as rows
 * of '.', 'B' and 'W' (Black joins top and bottom, White left and right). */
#include "hex_pictures.h"

/* Black c2 and b4 on 5x5: a bridge between them (b3, c3), each its two cells to
 * its edge (c1, d1; a5, b5). */
static const char *const bridges[] = {
    ".....",
    "..B..",
    ".....",
    ".B...",
    ".....",
};

static void test_bridge_connection_found(void **state)
{
    (void)state;
    lx_hex_board *b = board_of(bridges, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t cells[16];
    size_t n = 0;
    assert_int_equal(lx_hex_sim_connection(s, LX_BLACK, cells, 16, &n), 3);
    assert_int_equal(n, 6);
    const int want[6][2] = {{2, 0}, {3, 0}, {1, 2}, {2, 2}, {0, 4}, {1, 4}};
    for (int i = 0; i < 6; i++)
        assert_true(has(cells, n, id_of(b, want[i][0], want[i][1])));
    assert_int_equal(lx_hex_sim_connection(s, LX_WHITE, NULL, 0, NULL), -1);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* White took b3, one cell of the bridge: the connection no longer holds with
 * White to move, and c3 (the other cell) is the move that makes it again,
 * three Black moves from the end. */
static void test_intrusion_and_the_move_that_mends_it(void **state)
{
    (void)state;
    const char *const rows[] = {".....", "..B..", ".W...", ".B...", "....."};
    lx_hex_board *b = board_of(rows, 5, LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b);
    assert_int_equal(lx_hex_sim_connection(s, LX_BLACK, NULL, 0, NULL), -1);
    int32_t id;
    assert_int_equal(lx_hex_sim_proved_move(s, LX_BLACK, &id), 3);
    assert_int_equal(id, id_of(b, 2, 2));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* Dead cells: c3 with four Black neighbours in a row (d3, d2, c2, b3); c1 on
 * Black's top edge with c2, d1 Black and the top edge's two cells. */
static void test_dead_cells_found_and_left_out(void **state)
{
    (void)state;
    const char *const rows[] = {"...B.", ".WBB.", ".B.B.", ".....", "....."};
    lx_hex_board *b = board_of(rows, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t dead1 = id_of(b, 2, 2), dead2 = id_of(b, 2, 0), live = id_of(b, 0, 4);
    assert_true(lx_hex_sim_dead(s, dead1));
    assert_true(lx_hex_sim_dead(s, dead2));
    assert_false(lx_hex_sim_dead(s, live));
    assert_false(lx_hex_sim_dead(s, id_of(b, 3, 0))); /* a stone */
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    assert_false(has(ids, n, dead1));
    assert_false(has(ids, n, dead2));
    assert_true(has(ids, n, live));
    for (int r = 0; r < 5; r++) /* every cell dead by its pattern is left out */
        for (int c = 0; c < 5; c++)
            if (lx_hex_sim_dead(s, id_of(b, c, r)))
                assert_false(has(ids, n, id_of(b, c, r)));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* A dead cell filled makes another dead: b3 has four Black neighbours in a
 * row (c2, b2, a3, a4); c3 has three (d3, d2, c2) and b3 empty, so it is dead
 * only once b3 is filled.  Both are left out of the tree's moves. */
static void test_dead_cell_filled_makes_another(void **state)
{
    (void)state;
    const char *const rows[] = {".....", ".BBB.", "B..B.", "B....", "....."};
    lx_hex_board *b = board_of(rows, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t first = id_of(b, 1, 2), second = id_of(b, 2, 2);
    assert_true(lx_hex_sim_dead(s, first));
    assert_false(lx_hex_sim_dead(s, second));
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    assert_false(has(ids, n, first));
    assert_false(has(ids, n, second));
    assert_true(has(ids, n, id_of(b, 4, 4)));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* Below the root, the cells a tree move made inferior are pruned: after
 * Black's b3, d3 and c3 are a pair Black captures (a Black stone on either
 * gives the other four Black neighbours in a row), and a3 is dead (b3, b2,
 * a2 Black - b2 and a2 captured with the top rows at the snapshot - and the
 * left edge's two cells).  White's three bottom stones keep White from
 * being proved lost there (with f6 alone Black's semis would meet nowhere).
 * f3, a4 and f5 go too, vulnerable for White (inferior.c): a Black stone
 * next to each would leave it dead. */
static void test_tree_knowledge_drops_a_cell_made_dead(void **state)
{
    (void)state;
    const char *const rows[] = {"......", "..BBB.", "....B.", "......", "......", ".W.W.W"};
    lx_hex_board *b = board_of(rows, 6, LX_BLACK);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t a3 = id_of(b, 0, 2), c3 = id_of(b, 2, 2), d3 = id_of(b, 3, 2), ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    assert_true(has(ids, n, a3) && has(ids, n, c3) && has(ids, n, d3));
    lx_hex_sim_play(s, id_of(b, 1, 2));
    assert_false(lx_hex_sim_dead(s, c3));
    n = lx_hex_sim_legal(s, ids);
    assert_true(has(ids, n, a3) && has(ids, n, c3) && has(ids, n, d3));
    size_t kept = lx_hex_sim_prune(s, ids, n);
    assert_int_equal(kept, n - 6); /* no must-play: the three go, and three cells vulnerable for White */
    assert_false(has(ids, kept, a3) || has(ids, kept, c3) || has(ids, kept, d3));
    assert_false(has(ids, kept, id_of(b, 5, 2)) || has(ids, kept, id_of(b, 0, 3)) || has(ids, kept, id_of(b, 5, 4)));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

/* Must-play: with Black c2 on 5x5, b4 would give Black a connection (c1 d1,
 * b3 c3, a5 b5), and so would c3 (c1 d1, then a ziggurat: d3, b4 c4 d4, a5 b5
 * c5 d5); White's only moves worth searching are the cells in both but c1
 * and d1, at the snapshot only (below it every empty cell is a move again).
 * c1 d1, then a1 b1, then a2 b2 are pairs Black captures (inferior.c: a White
 * stone there is answered in the pair), never moves of the tree. */
static void test_must_play_keeps_the_threats_cells(void **state)
{
    (void)state;
    const char *const rows[] = {".....", "..B..", ".....", ".....", "....W"};
    lx_hex_board *b = board_of(rows, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    assert_int_equal(lx_hex_sim_must_play(s, LX_WHITE), 4);
    int32_t ids[64];
    size_t n = lx_hex_sim_legal(s, ids);
    assert_int_equal(n, 4);
    const int want[4][2] = {{1, 3}, {2, 2}, {0, 4}, {1, 4}};
    for (int i = 0; i < 4; i++)
        assert_true(has(ids, n, id_of(b, want[i][0], want[i][1])));
    lx_hex_sim_play(s, id_of(b, 1, 3));
    assert_int_equal(lx_hex_sim_legal(s, ids), 25 - 3 - 6);
    lx_hex_sim_reset(s);
    assert_int_equal(lx_hex_sim_legal(s, ids), 4);
    lx_hex_sim *t = lx_hex_sim_new(b); /* another thread's sim gets the same */
    assert_int_equal(lx_hex_sim_legal(t, ids), 25 - 2 - 6);
    lx_hex_sim_copy_must_play(t, s);
    assert_int_equal(lx_hex_sim_legal(t, ids), 4);
    lx_hex_sim_free(t);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

static uint64_t rng_state = 88172645463325252ull;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Black joins top and bottom on a full picture of size x size (at most 6):
 * a flood from the top row. */
static int black_joins(char full[6][6], int size)
{
    static const int dc[] = {1, 1, 0, -1, -1, 0}, dr[] = {0, -1, -1, 0, 1, 1};
    int seen[6][6] = {{0}}, stack[36][2], top = 0;
    for (int c = 0; c < size; c++)
        if (full[0][c] == 'B')
            seen[0][c] = 1, stack[top][0] = c, stack[top++][1] = 0;
    while (top > 0) {
        top--;
        int c = stack[top][0], r = stack[top][1];
        if (r == size - 1)
            return 1;
        for (int k = 0; k < 6; k++) {
            int nc = c + dc[k], nr = r + dr[k];
            if (nc >= 0 && nc < size && nr >= 0 && nr < size && full[nr][nc] == 'B' && !seen[nr][nc])
                seen[nr][nc] = 1, stack[top][0] = nc, stack[top++][1] = nr;
        }
    }
    return 0;
}

/* Black joins its edges on `full` (size x size) whatever White plays first in
 * the cells (padded ids, stride size + 2), then Black, in turn; every other
 * empty cell White.  A game search over the cells (few of them). */
static int black_wins_from(char full[6][6], int size, const int32_t *cells, size_t n, int white_to_move)
{
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (int)(cells[i] % (size + 2)) - 1, r = (int)(cells[i] / (size + 2)) - 1;
        if (full[r][c] != '.')
            continue;
        any = 1;
        full[r][c] = white_to_move ? 'W' : 'B';
        int w = black_wins_from(full, size, cells, n, !white_to_move);
        full[r][c] = '.';
        if (white_to_move && !w)
            return 0;
        if (!white_to_move && w)
            return 1;
    }
    if (any)
        return white_to_move;
    char done[6][6];
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            done[r][c] = full[r][c] == '.' ? 'W' : full[r][c];
    return black_joins(done, size);
}

/* The same from a picture (rows of '.', 'B', 'W'); only the carrier's cells
 * are left empty for the game. */
static int black_holds(const char *const *rows, int size, const int32_t *cells, size_t n)
{
    char full[6][6];
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            int32_t id = (r + 1) * (size + 2) + c + 1;
            full[r][c] = rows[r][c] != '.' ? rows[r][c] : has(cells, n, id) ? '.' : 'W';
        }
    return black_wins_from(full, size, cells, n, 1);
}

/* A random 6x6 position without the swap, each cell Black with chance
 * black %, White white %, also drawn as rows in row_text. */
static lx_hex_board *random_6x6(char row_text[6][7], uint32_t black, uint32_t white)
{
    lx_hex_board *b = lx_hex_board_new(6, 6);
    lx_hex_set_no_swap(b, 1);
    for (int r = 0; r < 6; r++) {
        for (int c = 0; c < 6; c++) {
            uint32_t x = rnd(100);
            row_text[r][c] = x < black ? 'B' : x < black + white ? 'W' : '.';
            if (row_text[r][c] != '.')
                assert_int_equal(lx_hex_setup(b, c, r, row_text[r][c] == 'B' ? LX_BLACK : LX_WHITE), 0);
        }
        row_text[r][6] = 0;
    }
    return b;
}

/* Every connection found is one, in random 6x6 positions: with its cells
 * left empty and every other empty cell White, Black joins its edges
 * whatever White plays first (a game search over those cells: connections
 * of up to 12 cells, pairs and ziggurats both among them). */
static void test_connections_found_hold(void **state)
{
    (void)state;
    int searched = 0, with_template = 0;
    for (int pos = 0; pos < 800; pos++) {
        char row_text[6][7];
        lx_hex_board *b = random_6x6(row_text, pos < 400 ? 30 : 15, pos < 400 ? 20 : 8); /* dense, then sparse */
        lx_hex_sim *s = lx_hex_sim_new(b);
        int32_t carrier[72];
        size_t n = 0;
        int32_t k = lx_hex_connected(b) == LX_NO_COLOUR ? lx_hex_sim_connection(s, LX_BLACK, carrier, 72, &n) : -1;
        lx_hex_sim_free(s);
        lx_hex_board_free(b);
        const char *rows[6] = {row_text[0], row_text[1], row_text[2], row_text[3], row_text[4], row_text[5]};
        if (k > 0 && n <= 12) {
            assert_true(black_holds(rows, 6, carrier, n));
            searched++;
            with_template += n != 2 * (size_t)k; /* a ziggurat: 8 cells for 2 moves */
        }
    }
    assert_true(searched > 50); /* the positions had some */
    assert_true(with_template > 5);
}

/* H-search's full connections hold and its semis' keys make one, in random
 * 6x6 positions (the game search over carriers of up to 9 cells, 10 for semis). */
static void test_hsearch_connections_hold(void **state)
{
    (void)state;
    int fulls = 0, semis = 0, beyond = 0;
    for (int pos = 0; pos < 600; pos++) {
        char row_text[6][7];
        lx_hex_board *b = random_6x6(row_text, pos < 300 ? 25 : 12, pos < 300 ? 20 : 8);
        const char *rows[6] = {row_text[0], row_text[1], row_text[2], row_text[3], row_text[4], row_text[5]};
        lx_hex_sim *s = lx_hex_sim_new(b);
        int32_t carrier[36], key;
        size_t n = 0;
        int vc = lx_hex_connected(b) == LX_NO_COLOUR ? lx_hex_sim_vc(s, LX_BLACK, carrier, 36, &n, &key) : -1;
        if (vc == 2 && n <= 9) {
            assert_true(black_holds(rows, 6, carrier, n));
            fulls++;
            beyond += lx_hex_sim_connection(s, LX_BLACK, NULL, 0, NULL) < 0; /* more than the chains */
        }
        if (vc == 1 && n <= 10) { /* the key Black's, the rest of the carrier holds */
            int kc = (int)(key % 8) - 1, kr = (int)(key / 8) - 1;
            assert_true(has(carrier, n, key));
            row_text[kr][kc] = 'B';
            assert_true(black_holds(rows, 6, carrier, n));
            semis++;
        }
        lx_hex_sim_free(s);
        lx_hex_board_free(b);
    }
    assert_true(fulls > 50);
    assert_true(semis > 20);
    assert_true(beyond > 0);
}

/* H-search finds the ziggurat of the resignation test below and, with
 * White to move at a position below a search's root, the tree's knowledge
 * keeps only White's must-play: a White stone outside it leaves Black a
 * semi connection whose key makes a full one. */
static void test_hsearch_template_and_tree_knowledge(void **state)
{
    (void)state;
    const char *const rows[] = {"..B.W", "..B.W", "..B..", ".....", "....."};
    lx_hex_board *b = board_of(rows, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t cells[32], key;
    size_t n = 0;
    assert_int_equal(lx_hex_sim_vc(s, LX_BLACK, cells, 32, &n, &key), 2);
    assert_true(n <= 8 + 6); /* the ziggurat's, and the six cells Black captures (a1 ... b3) */
    assert_true(black_holds(rows, 5, cells, n));
    lx_hex_sim_free(s);
    lx_hex_board_free(b);

    /* Black c2 alone on 5x5, White to move after e5: Black's semis to both
     * edges meet in the cells common to all (the must-play). */
    const char *const open[] = {".....", "..B..", ".....", ".....", "....W"};
    b = board_of(open, 5, LX_WHITE);
    s = lx_hex_sim_new(b);
    assert_int_equal(lx_hex_sim_vc(s, LX_BLACK, cells, 32, &n, &key), 1);
    int32_t ids[64];
    size_t all = lx_hex_sim_legal(s, ids);
    size_t kept = lx_hex_sim_prune(s, ids, all);
    assert_true(kept > 0 && kept < all);
    for (size_t i = 0; i < kept; i++) { /* a kept White stone leaves Black no semi on its own */
        lx_hex_sim_play(s, ids[i]);
        lx_hex_sim_reset(s);
    }
    lx_hex_sim *t = lx_hex_sim_new(b); /* a White move outside: Black's key then wins */
    size_t m = lx_hex_sim_legal(t, ids);
    int32_t outside = -1;
    int32_t keep[64];
    memcpy(keep, ids, m * sizeof *ids);
    size_t k2 = lx_hex_sim_prune(t, keep, m);
    for (size_t i = 0; i < m && outside < 0; i++)
        if (!has(keep, k2, ids[i]))
            outside = ids[i];
    assert_true(outside >= 0);
    lx_hex_sim_play(t, outside);
    assert_int_equal(lx_hex_sim_vc(t, LX_BLACK, cells, 32, &n, &key), 1);
    lx_hex_sim_play(t, key);
    assert_int_equal(lx_hex_sim_vc(t, LX_BLACK, cells, 32, &n, &key), 2);
    lx_hex_sim_free(t);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
}

static void play(lx_engine *e, lx_colour who, const char *move)
{
    lx_game_error err;
    lx_game_error_init(&err);
    if (lx_engine_play(e, who, move, &err) != 0)
        fail_msg("%s refused: %s", move, err.message.data ? err.message.data : "");
    lx_game_error_free(&err);
}

static void genmove(lx_engine *e, lx_colour who, char *out, size_t cap)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    assert_int_equal(lx_engine_genmove(e, who, &mv, &err), 0);
    snprintf(out, cap, "%s", mv.data);
    lx_buf_free(&mv);
    lx_game_error_free(&err);
}

/* The bridges' position reached by moves: Black c2, White e5, Black b4. */
static lx_engine *bridges_engine(void)
{
    lx_engine *e = hex_engine(5);
    play(e, LX_BLACK, "c2");
    play(e, LX_WHITE, "e5");
    play(e, LX_BLACK, "b4");
    return e;
}

/* White to move against a proved connection: it resigns without a search. */
static void test_proved_loss_resigns(void **state)
{
    (void)state;
    lx_engine *e = bridges_engine();
    assert_resigns_at_once(e, LX_WHITE);
    lx_engine_free(e);
}

/* Black with a proved connection finishes it: White takes a cell of a pair
 * each time, Black answers with the pair's other cell (or fills a pair), no
 * search, and joins its edges with its third move. */
static void test_proved_win_is_finished_at_once(void **state)
{
    (void)state;
    lx_engine *e = bridges_engine();
    const char *intrusions[] = {"b3", "d1", "a5"}; /* one cell of each pair, in turn */
    const char *pair_of[] = {"c3", "c1", "b5"};
    char mv[32];
    for (int i = 0; i < 3; i++) {
        play(e, LX_WHITE, intrusions[i]);
        genmove(e, LX_BLACK, mv, sizeof mv);
        assert_string_equal(mv, pair_of[i]);
        long playouts;
        double seconds;
        lx_engine_last_search(e, &playouts, &seconds);
        assert_int_equal(playouts, 0);
        assert_true(lx_engine_last_value(e) == 1.0);
    }
    assert_int_equal(lx_engine_to_play(e), LX_NO_COLOUR);
    lx_game_result r;
    lx_engine_result(e, &r);
    assert_int_equal(r.winner, LX_BLACK);
    lx_engine_free(e);
}

/* A ziggurat: Black c1-c2-c3 on 5x5, c3 two rows from the bottom with d3,
 * b4 c4 d4 and a5 b5 c5 d5 empty, is joined to it whatever White plays (two
 * Black moves from the end).  Its threats (c4 then b5 c5, b4 then a5 b5, ...)
 * have no cell in common either: every White move loses, and the engine
 * resigns without a search. */
static void test_threats_with_nothing_in_common_resign(void **state)
{
    (void)state;
    const char *const rows[] = {"..B.W", "..B.W", "..B..", ".....", "....."};
    lx_hex_board *b = board_of(rows, 5, LX_WHITE);
    lx_hex_sim *s = lx_hex_sim_new(b);
    int32_t cells[16];
    size_t n = 0;
    assert_int_equal(lx_hex_sim_connection(s, LX_BLACK, cells, 16, &n), 2);
    assert_int_equal(n, 8);
    const int want[8][2] = {{3, 2}, {1, 3}, {2, 3}, {3, 3}, {0, 4}, {1, 4}, {2, 4}, {3, 4}};
    for (int i = 0; i < 8; i++)
        assert_true(has(cells, n, id_of(b, want[i][0], want[i][1])));
    assert_true(black_holds(rows, 5, cells, n));
    assert_int_equal(lx_hex_sim_must_play(s, LX_WHITE), 0);
    int32_t ids[64];
    assert_int_equal(lx_hex_sim_legal(s, ids), 25 - 5 - 2 - 6); /* nothing kept; d1 and d2 are dead, Black
                                                                    * captures a1 b1, a2 b2, a3 b3 */
    lx_hex_sim_free(s);
    lx_hex_board_free(b);

    lx_engine *e = hex_engine(5);
    const char *moves[] = {"c1", "e1", "c2", "e2", "c3"};
    for (int k = 0; k < 5; k++)
        play(e, k % 2 ? LX_WHITE : LX_BLACK, moves[k]);
    assert_resigns_at_once(e, LX_WHITE);
    lx_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hsearch_connections_hold),
        cmocka_unit_test(test_hsearch_template_and_tree_knowledge),
        cmocka_unit_test(test_tree_knowledge_drops_a_cell_made_dead),
        cmocka_unit_test(test_bridge_connection_found),   cmocka_unit_test(test_intrusion_and_the_move_that_mends_it),
        cmocka_unit_test(test_dead_cells_found_and_left_out), cmocka_unit_test(test_dead_cell_filled_makes_another),
        cmocka_unit_test(test_must_play_keeps_the_threats_cells), cmocka_unit_test(test_threats_with_nothing_in_common_resign),
        cmocka_unit_test(test_connections_found_hold), cmocka_unit_test(test_proved_loss_resigns),
        cmocka_unit_test(test_proved_win_is_finished_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

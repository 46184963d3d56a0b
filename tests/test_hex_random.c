/* test_hex_random.c - Hex positions checked against independent slow answers:
 * thousands of random games (square and not, with swaps and setup changes)
 * whose win detection is compared with a flood fill after every move; random
 * playouts judged the same way; records written and read back; the JSON and
 * the drawings of positions. */
#include "hex_testutil.h"

typedef struct size2 {
    int cols, rows, games;
} size2;

static const size2 sizes[] = {{1, 1, 50}, {2, 2, 300}, {3, 3, 400}, {1, 7, 100}, {7, 1, 100}, {4, 6, 400},
                              {6, 4, 400}, {5, 5, 400}, {7, 7, 400}, {9, 9, 300}, {11, 11, 300}, {13, 9, 200},
                              {19, 19, 60}, {30, 3, 100}};

static void shuffle(int *cells, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(test_random(rng) % (uint64_t)(i + 1));
        int t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
}

static void play_ok(lx_hex_board *b, lx_colour who, lx_hex_move m)
{
    lx_game_error e;
    lx_game_error_init(&e);
    if (lx_hex_play(b, who, &m, &e) != 0)
        fail_msg("refused: %s %s", e.code, e.message.data);
    lx_game_error_free(&e);
}

/* Now and then take a random stone off (setup AE), which makes the sets stale. */
static void maybe_clear_one(lx_hex_board *b, uint64_t *rng)
{
    if (test_random(rng) % 8 != 0)
        return;
    int cols = lx_hex_cols(b), rows = lx_hex_rows(b);
    for (int tries = 0; tries < 4; tries++) {
        int c = (int)(test_random(rng) % (uint64_t)cols), r = (int)(test_random(rng) % (uint64_t)rows);
        if (lx_hex_stone_at(b, c, r) != LX_NO_COLOUR) {
            assert_int_equal(lx_hex_setup(b, c, r, LX_NO_COLOUR), 0);
            return;
        }
    }
}

/* One random game; returns the number of moves checked. */
static int random_game(int cols, int rows, uint64_t *rng, int with_setup)
{
    int n = cols * rows, checked = 0;
    int *cells = malloc((size_t)n * sizeof *cells);
    for (int i = 0; i < n; i++)
        cells[i] = i;
    shuffle(cells, n, rng);
    lx_hex_board *b = lx_hex_board_new(cols, rows);
    assert_non_null(b);
    lx_colour who = LX_BLACK;
    int swap = cols == rows && n > 1 ? (int)(test_random(rng) % 3) : 0; /* 0 none, 1 pieces, 2 sides */
    for (int i = 0; i < n && lx_hex_winner(b) == LX_NO_COLOUR; i++) {
        int c = cells[i] % cols, r = cells[i] / cols;
        if (lx_hex_stone_at(b, c, r) != LX_NO_COLOUR) { /* swap-pieces moved the first stone here ... */
            c = cells[0] % cols; /* ... and freed its first cell */
            r = cells[0] / cols;
        }
        play_ok(b, who, (lx_hex_move){LX_HEX_STONE, c, r});
        who = who == LX_BLACK ? LX_WHITE : LX_BLACK;
        if (i == 0 && swap) {
            play_ok(b, LX_WHITE, (lx_hex_move){swap == 1 ? LX_HEX_SWAP_PIECES : LX_HEX_SWAP_SIDES, 0, 0});
            who = swap == 1 ? LX_BLACK : LX_WHITE;
        }
        if (with_setup)
            maybe_clear_one(b, rng);
        assert_int_equal(lx_hex_connected(b), slow_winner(b));
        checked++;
    }
    if (!with_setup)
        assert_true(lx_hex_winner(b) != LX_NO_COLOUR || n == 0); /* Hex has no draws */
    lx_hex_board_free(b);
    free(cells);
    return checked;
}

static void random_games_agree_with_a_flood_fill(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    int games = 0, moves = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int g = 0; g < sizes[k].games; g++, games++)
            moves += random_game(sizes[k].cols, sizes[k].rows, &rng, g % 4 == 3);
    assert_true(games >= 3000);
    print_message("  %d random games, %d moves checked against a flood fill\n", games, moves);
}

/* Replay a stepwise playout move by move: nobody has won before its last
 * move, and its winner has after it. */
static void stepwise_won_at_its_last_move(const lx_hex_playout *p, int cols, int rows, int moves, lx_colour winner)
{
    int c, r;
    lx_hex_board *b = lx_hex_board_new(cols, rows);
    for (int i = 0; i < moves; i++) {
        assert_int_equal(lx_hex_winner(b), LX_NO_COLOUR);
        assert_int_equal(lx_hex_playout_move(p, i, &c, &r), 0);
        play_ok(b, i % 2 ? LX_WHITE : LX_BLACK, (lx_hex_move){LX_HEX_STONE, c, r});
    }
    assert_int_equal(lx_hex_winner(b), winner);
    assert_int_equal(lx_hex_playout_move(p, moves, &c, &r), -1);
    lx_hex_board_free(b);
}

static void playouts_agree_with_a_flood_fill(void **state)
{
    (void)state;
    static const int dims[][2] = {{1, 1}, {2, 3}, {5, 5}, {11, 11}, {13, 7}, {64, 2}, {65, 3}, {3, 70}};
    uint64_t rng = 99;
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        int cols = dims[k][0], rows = dims[k][1], n = cols * rows;
        lx_hex_playout *p = lx_hex_playout_new(cols, rows);
        assert_non_null(p);
        lx_hex_board *b = lx_hex_board_new(cols, rows);
        for (int g = 0; g < 300; g++) {
            int stepwise = g % 2, moves = 0, black = 0;
            lx_colour w = stepwise ? lx_hex_playout_stepwise(p, &rng, &moves) : lx_hex_playout_fill(p, &rng);
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    lx_colour s = lx_hex_playout_cell(p, c, r);
                    black += s == LX_BLACK;
                    lx_hex_setup(b, c, r, s);
                }
            assert_int_equal(w, slow_winner(b));
            if (!stepwise)
                assert_int_equal(black, (n + 1) / 2);
            else
                stepwise_won_at_its_last_move(p, cols, rows, moves, w);
        }
        lx_hex_board_free(b);
        lx_hex_playout_free(p);
    }
}

/* ---- records written and read back ----------------------------------------------------- */

static void write_tree(const lx_sgf_tree *t, lx_buf *out)
{
    lx_sgf_write_options o = {0};
    lx_game_write_options(&lx_hex_module, &o);
    assert_int_equal(lx_sgf_write_tree(t, &o, out), 0);
}

/* A random game as SGF, cells in random case; the board it should give. */
static void random_record(int size, uint64_t *rng, lx_buf *text, lx_hex_board *b)
{
    int n = size * size;
    int *cells = malloc((size_t)n * sizeof *cells);
    for (int i = 0; i < n; i++)
        cells[i] = i;
    shuffle(cells, n, rng);
    lx_buf_printf(text, "(;FF[4]GM[11]SZ[%d]", size);
    lx_colour who = LX_BLACK;
    for (int i = 0; i < n && lx_hex_winner(b) == LX_NO_COLOUR; i++) {
        lx_hex_move m = {LX_HEX_STONE, cells[i] % size, cells[i] / size};
        char name[24];
        lx_hex_format_move(&m, name, sizeof name);
        if (test_random(rng) % 2)
            for (char *s = name; *s; s++)
                *s = (char)(*s >= 'a' && *s <= 'z' ? *s - 32 : *s);
        lx_buf_printf(text, ";%c[%s]", who == LX_BLACK ? 'B' : 'W', name);
        play_ok(b, who, m);
        who = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    }
    lx_buf_append_char(text, ')');
    free(cells);
}

static void json_of(const lx_hex_board *b, lx_buf *out)
{
    lx_buf_clear(out);
    assert_int_equal(lx_hex_describe_json(b, out), 0);
}

static void records_round_trip(void **state)
{
    (void)state;
    uint64_t rng = 7;
    lx_buf text = LX_BUF_INIT, written = LX_BUF_INIT, j1 = LX_BUF_INIT, j2 = LX_BUF_INIT;
    for (int g = 0; g < 200; g++) {
        int size = 2 + g % 12;
        lx_hex_board *direct = lx_hex_board_new(size, size);
        lx_buf_clear(&text);
        random_record(size, &rng, &text, direct);
        parsed p;
        parse_text(&p, text.data);
        lx_hex_board *read = lx_hex_position_after(p.trees[0], (size_t)-1, p.diags);
        assert_int_equal(errors_in(p.diags), 0);
        json_of(direct, &j1);
        json_of(read, &j2);
        assert_string_equal(j1.data, j2.data);
        lx_buf_clear(&written);
        write_tree(p.trees[0], &written);
        parsed q;
        parse_text(&q, written.data);
        lx_hex_board *again = lx_hex_position_after(q.trees[0], (size_t)-1, q.diags);
        json_of(again, &j2);
        assert_string_equal(j1.data, j2.data);
        for (const char *s = strchr(written.data, '['); s; s = strchr(s + 1, '['))
            assert_false(s[1] >= 'A' && s[1] <= 'Z'); /* cells are written lower case */
        lx_hex_board_free(direct);
        lx_hex_board_free(read);
        lx_hex_board_free(again);
        parsed_free(&p);
        parsed_free(&q);
    }
    lx_buf_free(&text);
    lx_buf_free(&written);
    lx_buf_free(&j1);
    lx_buf_free(&j2);
}

static void every_cell_name_reads_back(void **state)
{
    (void)state;
    static const int dims[][2] = {{30, 5}, {5, 30}, {702, 2}, {1, 1}};
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        lx_hex_board *b = lx_hex_board_new(dims[k][0], dims[k][1]);
        lx_game_error e;
        lx_game_error_init(&e);
        for (int r = 0; r < dims[k][1]; r++)
            for (int c = 0; c < dims[k][0]; c++) {
                char name[24];
                lx_hex_move m = {LX_HEX_STONE, c, r}, back;
                size_t n = lx_hex_format_move(&m, name, sizeof name);
                assert_int_equal(lx_hex_parse_move(b, name, n, &back, &e), 0);
                assert_int_equal(back.kind, LX_HEX_STONE);
                assert_int_equal(back.col, c);
                assert_int_equal(back.row, r);
            }
        lx_game_error_free(&e);
        lx_hex_board_free(b);
    }
}

static void canonical_values_are_the_spec_form(void **state)
{
    (void)state;
    static const struct { const char *id, *in, *out; } cases[] = {
        {"B", "E5", "e5"}, {"W", " AA10 ", "aa10"}, {"W", "SWAP", "swap-sides"}, {"W", "Swap-Pieces", "swap-pieces"},
        {"W", "swap-SIDES", "swap-sides"}, {"B", "RESIGN", "resign"}, {"B", "Forfeit", "forfeit"}, {"W", "PASS", "pass"},
        {"AB", "A1", "a1"}, {"TR", "C3", "c3"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        lx_buf out = LX_BUF_INIT;
        assert_int_equal(lx_hex_module.canonical_value(cases[k].id, cases[k].in, strlen(cases[k].in), &out), 0);
        assert_string_equal(out.data, cases[k].out);
        lx_buf_free(&out);
    }
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_module.canonical_value("B", "mf", 2, &out), 1);     /* kept as written */
    assert_int_equal(lx_hex_module.canonical_value("XY", "E5", 2, &out), 1);    /* not a Hex property */
    assert_int_equal(lx_hex_module.canonical_value("B", "", 0, &out), 1);       /* an empty pass stays empty */
    lx_buf_free(&out);
}

static void normalizing_writes_what_was_meant(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;AP[HexGui:0.9.0]FF[4]GM[11]SZ[11];B[f2];W[swap-pieces];W[e7](;B[SWAP])(;B[d6]))");
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_hex_normalize_tree(p.trees[0], d), 0);
    assert_non_null(find_diag(d, "HEX_SWAP_PIECES_MEANS_SIDES"));
    lx_buf out = LX_BUF_INIT;
    write_tree(p.trees[0], &out);
    assert_non_null(strstr(out.data, ";B[f2];W[swap-sides];W[e7]"));
    assert_non_null(strstr(out.data, "(;B[swap-sides])"));
    lx_buf_free(&out);
    lx_diag_list_free(d);
    parsed_free(&p);
}

/* ---- descriptions and drawings --------------------------------------------------------------- */

static void json_lists_are_sorted_by_name(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[27];B[b1];W[aa3];B[a10];W[c2];B[a2];W[A1])", 99, &p);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_describe_json(b, &out), 0);
    assert_string_equal(out.data, "\"stones\":{\"B\":[\"a10\",\"a2\",\"b1\"],\"W\":[\"a1\",\"aa3\",\"c2\"]}");
    lx_hex_board_free(b);
    b = lx_hex_board_new(3, 3);
    lx_buf_clear(&out);
    assert_int_equal(lx_hex_describe_json(b, &out), 0);
    assert_string_equal(out.data, "\"stones\":{\"B\":[],\"W\":[]}");
    lx_hex_board_free(b);
    lx_buf_free(&out);
    parsed_free(&p);
}

static void ascii_draws_the_rhombus(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[3];B[b2];W[a1];B[c3])", 99, &p);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_draw(b, LX_DRAW_ASCII, 0, &out), 0);
    assert_string_equal(out.data, "  a b c\n"
                                  "1 O . . 1\n"
                                  " 2 . X . 2\n"
                                  "  3 . . X 3\n"
                                  "     a b c\n"
                                  "X Black joins top and bottom, O White joins left and right; White to play; last "
                                  "move 3: B c3\n");
    lx_hex_board_free(b);
    lx_buf_free(&out);
    parsed_free(&p);
}

static void ascii_stays_aligned_past_26_columns(void **state)
{
    (void)state;
    lx_hex_board *b = lx_hex_board_new(28, 12);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_draw(b, LX_DRAW_ASCII, 0, &out), 0);
    /* column names take two letters: cells four wide, rows shifted by two */
    const char *row1 = strstr(out.data, "\n 1 ");
    const char *row12 = strstr(out.data, "\n                      12 ");
    assert_non_null(row1);
    assert_non_null(row12);
    assert_non_null(strstr(out.data, "   a   b   c"));
    assert_non_null(strstr(out.data, "z   aa  ab\n"));
    lx_hex_board_free(b);
    lx_buf_free(&out);
}

static void svg_is_a_standalone_document(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[5:4];B[b2];W[a1];B[c3])", 99, &p);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_draw(b, LX_DRAW_SVG, 0, &out), 0);
    const char *head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"";
    assert_int_equal(strncmp(out.data, head, strlen(head)), 0);
    assert_int_equal(occurrences(out.data, "<polygon class=\"cell\""), 20);
    assert_int_equal(occurrences(out.data, "<circle class=\"black\""), 2);
    assert_int_equal(occurrences(out.data, "<circle class=\"white\""), 1);
    assert_int_equal(occurrences(out.data, "<circle class=\"last\""), 1);
    assert_int_equal(occurrences(out.data, "<text"), 2 * 5 + 2 * 4);
    assert_non_null(strstr(out.data, "<title>Hex 5 x 4: White to play; last move 3: B c3</title>"));
    size_t len = strlen(out.data);
    assert_string_equal(out.data + len - 7, "</svg>\n");
    lx_hex_board_free(b);
    lx_buf_free(&out);
    parsed_free(&p);
}

static void positions_after_a_move_and_at_a_node(void **state)
{
    (void)state;
    const char *text = "(;FF[4]GM[11]SZ[5]AB[e5];W[a1];B[b2]AE[e5];AW[c3];W[d4](;B[a2])(;B[a3]))";
    parsed p;
    parse_text(&p, text);
    lx_hex_board *b = lx_hex_position_after(p.trees[0], 0, p.diags);
    assert_int_equal(lx_hex_stone_at(b, 4, 4), LX_BLACK); /* the setup before the first move */
    assert_int_equal(lx_hex_moves_played(b), 0);
    lx_hex_board_free(b);
    b = lx_hex_position_after(p.trees[0], 1, p.diags);
    assert_int_equal(lx_hex_stone_at(b, 0, 0), LX_WHITE);
    assert_int_equal(lx_hex_stone_at(b, 1, 1), LX_NO_COLOUR);
    lx_hex_board_free(b);
    b = lx_hex_position_after(p.trees[0], 2, p.diags);
    assert_int_equal(lx_hex_stone_at(b, 4, 4), LX_NO_COLOUR); /* AE in the node of move 2 */
    assert_int_equal(lx_hex_stone_at(b, 2, 2), LX_NO_COLOUR); /* AW of the next node not yet */
    lx_hex_board_free(b);
    b = lx_hex_position_after(p.trees[0], 100, p.diags);
    assert_int_equal(lx_hex_stone_at(b, 0, 1), LX_BLACK);
    assert_int_equal(lx_hex_stone_at(b, 0, 2), LX_NO_COLOUR);
    lx_hex_board_free(b);
    lx_sgf_node last = (lx_sgf_node)lx_sgf_node_count(p.trees[0]) - 1; /* the second variation */
    b = lx_hex_position_at_node(p.trees[0], last, p.diags);
    assert_int_equal(lx_hex_stone_at(b, 0, 2), LX_BLACK);
    assert_int_equal(lx_hex_stone_at(b, 0, 1), LX_NO_COLOUR);
    lx_hex_board_free(b);
    assert_int_equal(lx_diag_count(p.diags), 0);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_hex_show(p.trees[0], 1, LX_DRAW_ASCII, 0, &out, p.diags), 0);
    assert_non_null(strstr(out.data, "1 O . . . . 1"));
    lx_buf_free(&out);
    parsed_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_agree_with_a_flood_fill),
        cmocka_unit_test(playouts_agree_with_a_flood_fill),
        cmocka_unit_test(records_round_trip),
        cmocka_unit_test(every_cell_name_reads_back),
        cmocka_unit_test(canonical_values_are_the_spec_form),
        cmocka_unit_test(normalizing_writes_what_was_meant),
        cmocka_unit_test(json_lists_are_sorted_by_name),
        cmocka_unit_test(ascii_draws_the_rhombus),
        cmocka_unit_test(ascii_stays_aligned_past_26_columns),
        cmocka_unit_test(svg_is_a_standalone_document),
        cmocka_unit_test(positions_after_a_move_and_at_a_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

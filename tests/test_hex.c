/* test_hex.c - the rules of Hex as ludex replays them from SGF: cells, sizes,
 * turns, swaps (both forms and both dialects), giving up, setup, IS/IP and
 * RE, each legal and illegal, with the exact diagnostic codes and sentences. */
#include "hex_testutil.h"

#include "base/coord.h"

/* ---- column letters (base/coord.c) ------------------------------------------------------ */

static void column_letters_are_bijective_base_26(void **state)
{
    (void)state;
    static const struct { long i; const char *s; } known[] = {
        {0, "a"}, {25, "z"}, {26, "aa"}, {51, "az"}, {52, "ba"}, {701, "zz"}, {702, "aaa"}, {18277, "zzz"}};
    char buf[16];
    long v;
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        assert_int_equal(lx_coord_column_name(known[k].i, buf, sizeof buf), strlen(known[k].s));
        assert_string_equal(buf, known[k].s);
        assert_int_equal(lx_coord_column_index(known[k].s, strlen(known[k].s), &v), 0);
        assert_int_equal(v, known[k].i);
    }
    for (long i = 0; i < 20000; i++) {
        size_t n = lx_coord_column_name(i, buf, sizeof buf);
        assert_true(n > 0);
        assert_int_equal(lx_coord_column_index(buf, n, &v), 0);
        assert_int_equal(v, i);
    }
    long lower;
    assert_int_equal(lx_coord_column_index("AaB", 3, &v), 0);
    assert_int_equal(lx_coord_column_index("aab", 3, &lower), 0);
    assert_int_equal(v, lower);
    assert_int_equal(lx_coord_column_index("a1", 2, &v), -1);
    assert_int_equal(lx_coord_column_name(26, buf, 2), 0); /* "aa" and NUL do not fit in 2 bytes */
    assert_int_equal(lx_coord_column_name(-1, buf, sizeof buf), 0);
}

static void points_are_letters_then_a_row_number(void **state)
{
    (void)state;
    long c, r;
    char buf[24];
    assert_int_equal(lx_coord_parse_point("aA27", 4, &c, &r), 0);
    assert_int_equal(c, 26);
    assert_int_equal(r, 27);
    static const char *const bad[] = {"", "5", "a", "a0", "a05", "1a", "a1b", "a-1", " a1", "a1 ", "\xc3\xa9\x31"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(lx_coord_parse_point(bad[k], strlen(bad[k]), &c, &r), -1);
    assert_int_equal(lx_coord_point_name(701, 702, buf, sizeof buf), 5);
    assert_string_equal(buf, "zz702");
}

/* ---- boards ---------------------------------------------------------------------------- */

static void boards_from_1x1_to_702x702_and_beyond(void **state)
{
    (void)state;
    lx_hex_board *b = lx_hex_board_new(1, 1);
    assert_non_null(b);
    lx_hex_move m = {LX_HEX_STONE, 0, 0};
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_hex_play(b, LX_BLACK, &m, &e), 0);
    assert_int_equal(lx_hex_winner(b), LX_BLACK); /* a1 touches top and bottom at once */
    lx_hex_board_free(b);
    b = lx_hex_board_new(702, 702);
    assert_non_null(b);
    assert_int_equal(lx_hex_parse_move(b, "ZZ702", 5, &m, &e), 0);
    assert_int_equal(m.col, 701);
    assert_int_equal(m.row, 701);
    assert_int_equal(lx_hex_parse_move(b, "aaa1", 4, &m, &e), -1);
    assert_string_equal(e.code, "HEX_OFF_BOARD");
    assert_string_equal(e.message.data, "aaa1 is off the board: this 702 x 702 board has columns a to zz and rows 1 to 702");
    lx_hex_board_free(b);
    assert_null(lx_hex_board_new(0, 5));
    assert_null(lx_hex_board_new(LX_HEX_MAX_SIDE + 1, 1));
    assert_null(lx_hex_board_new(1025, 1024)); /* more than LX_HEX_MAX_CELLS */
    assert_null(lx_hex_board_new(5000, 5000));
    b = lx_hex_board_new(LX_HEX_MAX_SIDE, 3);
    assert_non_null(b);
    assert_int_equal(lx_hex_parse_move(b, "zzz3", 4, &m, &e), 0);
    assert_int_equal(lx_hex_play(b, LX_BLACK, &m, &e), 0);
    lx_hex_board_free(b);
    lx_game_error_free(&e);
}

/* ---- cells and stones ---------------------------------------------------------------------- */

static void a_short_legal_game_with_its_result(void **state)
{
    (void)state;
    /* 3x3: Black a1 a2 a3 joins top to bottom down column a */
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[3]RE[B+];B[a1];W[b1];B[a2];W[b2];B[a3])");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[3];B[a1];W[b1];B[a2];W[b2];B[a3])", 99, &p);
    lx_game_result r;
    lx_hex_result(b, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, LX_BLACK);
    assert_string_equal(r.re, "B+");
    assert_int_equal(lx_hex_moves_played(b), 5);
    lx_hex_board_free(b);
    parsed_free(&p);
}

static void cells_are_case_insensitive_and_may_have_spaces(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[30];B[E5];W[ aA27 ];B[AB6])", 3, &p);
    assert_int_equal(stone(b, "e5"), LX_BLACK);
    assert_int_equal(stone(b, "aa27"), LX_WHITE);
    assert_int_equal(stone(b, "ab6"), LX_BLACK);
    assert_int_equal(errors_in(p.diags), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
}

static void bad_cells_say_what_a_cell_is(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[11]\n;B[l1])");
    assert_diag(d, "HEX_OFF_BOARD", LX_ERROR, 2, 2);
    assert_string_equal(message_of(d, "HEX_OFF_BOARD"),
                        "l1 is off the board: this 11 x 11 board has columns a to k and rows 1 to 11");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[a12])");
    assert_non_null(find_diag(d, "HEX_OFF_BOARD"));
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[5e])");
    assert_string_equal(message_of(d, "HEX_BAD_POINT"),
                        "\"5e\" is not a cell: a cell is column letters and a row number, such as e5 or aa10");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[e05])");
    assert_non_null(find_diag(d, "HEX_BAD_POINT"));
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[13];W[mf])");
    assert_string_equal(message_of(d, "HEX_LITTLE_GOLEM_POINT"),
                        "\"mf\" is a Little Golem cell (column and row both as letters); GM[11] cells are a column "
                        "letter and a row number such as e5 - convert Little Golem records with `ludex convert`");
    lx_diag_list_free(d);
}

static void an_occupied_cell_is_refused(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11];B[e5];W[E5])");
    assert_diag(d, "HEX_CELL_OCCUPIED", LX_ERROR, 1, 21);
    assert_string_equal(message_of(d, "HEX_CELL_OCCUPIED"), "e5 is already taken by a Black stone");
    lx_diag_list_free(d);
}

static void non_square_boards(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[5:3];B[e3];W[a1])", 9, &p);
    assert_int_equal(lx_hex_cols(b), 5);
    assert_int_equal(lx_hex_rows(b), 3);
    assert_int_equal(stone(b, "e3"), LX_BLACK);
    assert_int_equal(errors_in(p.diags), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[5:3];B[a4])");
    assert_string_equal(message_of(d, "HEX_OFF_BOARD"),
                        "a4 is off the board: this 5 x 3 board has columns a to e and rows 1 to 3");
    lx_diag_list_free(d);
    /* Black joins top and bottom on a 1-column board in one column */
    d = check_hex("(;FF[4]GM[11]SZ[1:3]RE[B+];B[a1];W[pass];B[a2];W[pass];B[a3])");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
}

static void board_sizes_are_checked(void **state)
{
    (void)state;
    static const char *const bad[] = {"(;GM[11]SZ[0])", "(;GM[11]SZ[abc])", "(;GM[11]SZ[3:0])", "(;GM[11]SZ[3:x])"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        lx_diag_list *d = check_hex(bad[k]);
        assert_non_null(find_diag(d, "HEX_BAD_SIZE"));
        lx_diag_list_free(d);
    }
    lx_diag_list *d = check_hex("(;GM[11]SZ[0])");
    assert_string_equal(message_of(d, "HEX_BAD_SIZE"),
                        "SZ[0] is not a Hex board size: write SZ[n] for n x n cells or SZ[columns:rows], each from 1 "
                        "to 18278");
    lx_diag_list_free(d);
    d = check_hex("(;GM[11]SZ[2000:3000])");
    assert_string_equal(message_of(d, "HEX_BOARD_TOO_LARGE"),
                        "SZ[2000:3000] asks for 6000000 cells; ludex plays Hex boards of up to 1048576 cells");
    lx_diag_list_free(d);
}

/* ---- turns ------------------------------------------------------------------------------ */

static void colours_alternate(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11];B[a1];B[b2])");
    assert_diag(d, "HEX_WRONG_TURN", LX_ERROR, 1, 21);
    assert_string_equal(message_of(d, "HEX_WRONG_TURN"),
                        "Black cannot move now: it is White's turn (Black played a1 at move 1)");
    lx_diag_list_free(d);
}

static void white_may_start_with_a_warning_or_with_pl(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11];W[a1];B[b2])");
    assert_diag(d, "HEX_WHITE_FIRST", LX_WARNING, 1, 15);
    assert_int_equal(errors_in(d), 0);
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]PL[W];W[a1];B[b2])");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]PL[B];W[a1])");
    assert_string_equal(message_of(d, "HEX_WRONG_TURN"), "White cannot move now: it is Black's turn (PL says so)");
    lx_diag_list_free(d);
}

static void after_setup_without_pl_either_colour_moves(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[8];AB[b7](;W[e2];B[f2])(;B[d3];W[e4]))");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
}

/* ---- swaps ------------------------------------------------------------------------------ */

static void swap_sides_keeps_the_stone_and_the_swapper_moves_again(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11];B[e5];W[swap-sides];W[f6];B[g7])", 99, &p);
    assert_int_equal(errors_in(p.diags), 0);
    assert_int_equal(stone(b, "e5"), LX_BLACK); /* the stone stays, still Black */
    assert_int_equal(stone(b, "f6"), LX_WHITE);
    assert_int_equal(stone(b, "g7"), LX_BLACK);
    assert_int_equal(lx_hex_to_play(b), LX_WHITE);
    lx_hex_board_free(b);
    parsed_free(&p);
    b = position("(;FF[4]GM[11];B[e5];W[swap-sides])", 99, &p);
    assert_int_equal(lx_hex_to_play(b), LX_WHITE); /* the next stone is White's */
    lx_hex_board_free(b);
    parsed_free(&p);
    lx_diag_list *d = check_hex("(;FF[4]GM[11];B[e5];W[swap-sides];B[f6])");
    assert_string_equal(message_of(d, "HEX_WRONG_TURN"),
                        "Black cannot move now: it is White's turn (White played swap-sides at move 2, after which "
                        "the swapping colour moves again)");
    lx_diag_list_free(d);
}

static void swap_pieces_mirrors_the_stone_and_black_moves_next(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11];B[f2];W[swap-pieces];B[c3])", 99, &p);
    assert_int_equal(errors_in(p.diags), 0);
    assert_int_equal(stone(b, "f2"), LX_NO_COLOUR);
    assert_int_equal(stone(b, "b6"), LX_WHITE); /* column f=6 and row 2 exchanged */
    assert_int_equal(stone(b, "c3"), LX_BLACK);
    assert_int_equal(lx_hex_to_play(b), LX_WHITE);
    lx_hex_board_free(b);
    parsed_free(&p);
    b = position("(;FF[4]GM[11];B[e5];W[swap-pieces])", 99, &p);
    assert_int_equal(stone(b, "e5"), LX_WHITE); /* on the diagonal the stone only changes colour */
    assert_int_equal(lx_hex_to_play(b), LX_BLACK);
    lx_hex_board_free(b);
    parsed_free(&p);
}

static void swap_pieces_needs_a_square_board(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[9:7];B[c2];W[swap-pieces];B[d4])");
    assert_string_equal(message_of(d, "HEX_SWAP_NOT_SQUARE"),
                        "swap-pieces mirrors the stone across the long diagonal, which needs a square board; this "
                        "one is 9 x 7 (swap-sides works on any board)");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[9:7];B[c2];W[swap-sides];W[d4])");
    assert_int_equal(errors_in(d), 0);
    lx_diag_list_free(d);
}

static void a_swap_takes_the_one_opposing_stone_once(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11];B[swap-sides])");
    assert_string_equal(message_of(d, "HEX_SWAP_NOT_ALLOWED"),
                        "swap-sides needs exactly one stone on the board (the opening stone, taken over by the swap), "
                        "but there are 0");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[a1];W[b2];B[swap-pieces])");
    assert_string_equal(message_of(d, "HEX_SWAP_NOT_ALLOWED"),
                        "swap-pieces needs exactly one stone on the board (the opening stone, taken over by the "
                        "swap), but there are 2");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]AW[c3]PL[W];W[swap-sides])");
    assert_string_equal(message_of(d, "HEX_SWAP_NOT_ALLOWED"),
                        "the only stone on the board (c3) is White's own; a swap takes over the opponent's stone");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[f2];W[swap-pieces];B[swap-pieces])");
    assert_string_equal(message_of(d, "HEX_SWAP_REPEATED"), "a game has at most one swap, and White swapped at move 2");
    lx_diag_list_free(d);
    /* one Black setup stone is an opening stone too */
    d = check_hex("(;FF[4]GM[11]AB[c3];W[swap-pieces];B[d4])");
    assert_int_equal(errors_in(d), 0);
    lx_diag_list_free(d);
}

static void hexgui_swap_pieces_followed_by_the_swapper_means_swap_sides(void **state)
{
    (void)state;
    const char *text = "(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11];B[f2];W[swap-pieces];W[e7];B[d6])";
    lx_diag_list *d = check_hex(text);
    assert_int_equal(errors_in(d), 0);
    assert_diag(d, "HEX_SWAP_PIECES_MEANS_SIDES", LX_WARNING, 1, 43);
    assert_string_equal(message_of(d, "HEX_SWAP_PIECES_MEANS_SIDES"),
                        "W[swap-pieces] is followed by another White move, so it is read as swap-sides (the stone "
                        "stays, White moves again), as HexGui before 2022 wrote it; the spec's swap-pieces would "
                        "mirror the stone and give Black the move. Written as W[swap-sides]");
    lx_diag_list_free(d);
    parsed p;
    lx_hex_board *b = position(text, 99, &p);
    assert_int_equal(stone(b, "f2"), LX_BLACK);
    assert_int_equal(stone(b, "b6"), LX_NO_COLOUR);
    assert_int_equal(stone(b, "e7"), LX_WHITE);
    lx_hex_board_free(b);
    parsed_free(&p);
    /* what follows decides, not AP: a modern AP with the same moves reads the same */
    d = check_hex("(;AP[HexGui:2.0]FF[4]GM[11];B[f2];W[swap-pieces];W[e7])");
    assert_non_null(find_diag(d, "HEX_SWAP_PIECES_MEANS_SIDES"));
    assert_int_equal(errors_in(d), 0);
    lx_diag_list_free(d);
}

static void when_nothing_follows_a_swap_ap_decides(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;AP[HexGui:0.2]FF[4]GM[11];B[f2];W[swap-pieces])", 99, &p);
    assert_int_equal(stone(b, "f2"), LX_BLACK);
    assert_int_equal(lx_hex_to_play(b), LX_WHITE);
    assert_non_null(find_diag(p.diags, "HEX_SWAP_PIECES_MEANS_SIDES"));
    lx_hex_board_free(b);
    parsed_free(&p);
    b = position("(;AP[HexGui:1.2]FF[4]GM[11];B[f2];W[swap-pieces])", 99, &p);
    assert_int_equal(stone(b, "b6"), LX_WHITE);
    assert_int_equal(lx_hex_to_play(b), LX_BLACK);
    assert_int_equal(lx_diag_count(p.diags), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
}

static void benzene_swap_is_read_by_what_follows(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;AP[Hex-benzene:0.1]FF[4]GM[11];B[f2];W[SWAP];W[e7])");
    assert_int_equal(errors_in(d), 0);
    assert_string_equal(message_of(d, "HEX_SWAP_NONSTANDARD"),
                        "W[SWAP] is not a swap the spec defines (Benzene writes it); the same colour moves again after "
                        "it, so it is read as swap-sides and written as W[swap-sides]");
    lx_diag_list_free(d);
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11];B[f2];W[swap];B[e7])", 99, &p);
    assert_int_equal(stone(b, "b6"), LX_WHITE);
    assert_int_equal(stone(b, "e7"), LX_BLACK);
    assert_int_equal(errors_in(p.diags), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
}

/* ---- giving up, passing, the end -------------------------------------------------------------- */

static void resign_and_forfeit_end_the_game(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11];B[e5];W[resign])", 99, &p);
    lx_game_result r;
    lx_hex_result(b, &r);
    assert_string_equal(r.re, "B+R");
    assert_int_equal(r.winner, LX_BLACK);
    lx_hex_board_free(b);
    parsed_free(&p);
    b = position("(;FF[4]GM[11];B[e5];W[f6];B[FORFEIT])", 99, &p);
    lx_hex_result(b, &r);
    assert_string_equal(r.re, "W+F");
    lx_hex_board_free(b);
    parsed_free(&p);
    /* out of turn is fine: a player may resign at any time */
    lx_diag_list *d = check_hex("(;FF[4]GM[11]RE[B+R];B[e5];B[resign])");
    assert_string_equal(message_of(d, "HEX_RESULT_MISMATCH"), "RE[B+R] says Black won, but White won: Black resigned at move 2");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[e5];W[resign];B[f6])");
    assert_string_equal(message_of(d, "HEX_GAME_OVER"),
                        "the game is already over (White resigned at move 2); no move may follow");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[e5];W[resign];B[resign])");
    assert_string_equal(message_of(d, "HEX_GAME_OVER"),
                        "the game is already over (White resigned at move 2); no resignation may follow");
    lx_diag_list_free(d);
}

static void after_a_win_only_a_resignation_may_follow(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])");
    assert_string_equal(message_of(d, "HEX_GAME_OVER"),
                        "the game is already over (Black joined top and bottom with a2 at move 3); no move may follow");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[2]RE[B+];B[a1];W[b1];B[a2];W[resign])");
    assert_int_equal(errors_in(d), 0);
    assert_string_equal(message_of(d, "HEX_RESIGN_AFTER_WIN"),
                        "W[resign] comes after the game was already won (Black joined top and bottom with a2 at "
                        "move 3); the connection decides the game");
    lx_diag_list_free(d);
}

static void passes_where_a_file_has_them(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11];B[e5];W[pass];B[f5];W[];B[g5])", 99, &p);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(lx_hex_moves_played(b), 5);
    assert_int_equal(lx_hex_to_play(b), LX_WHITE);
    lx_hex_board_free(b);
    parsed_free(&p);
}

/* ---- setup, IS, IP ------------------------------------------------------------------------- */

static void setup_adds_clears_and_compresses(void **state)
{
    (void)state;
    parsed p;
    lx_hex_board *b = position("(;FF[4]GM[11]SZ[5]AB[a1:c2][e5]AW[d1]AE[b2];W[b2])", 99, &p);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(stone(b, "a1"), LX_BLACK);
    assert_int_equal(stone(b, "c2"), LX_BLACK);
    assert_int_equal(stone(b, "e5"), LX_BLACK);
    assert_int_equal(stone(b, "d1"), LX_WHITE);
    assert_int_equal(stone(b, "b2"), LX_WHITE); /* cleared by AE, then played */
    lx_hex_board_free(b);
    parsed_free(&p);
    /* AE takes away a connection the setup had made */
    b = position("(;FF[4]GM[11]SZ[2]AB[a1][a2];AE[a2])", 0, &p);
    assert_int_equal(lx_hex_winner(b), LX_NO_COLOUR);
    lx_hex_board_free(b);
    parsed_free(&p);
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[5]AB[a1:f2])");
    assert_non_null(find_diag(d, "HEX_OFF_BOARD"));
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[5]PL[X])");
    assert_string_equal(message_of(d, "HEX_BAD_PL"), "PL names the colour to move: PL[B] or PL[W]");
    lx_diag_list_free(d);
}

static void is_and_ip_are_checked(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]IS[tried:on][LOCK:Off];B[a1]IP[])");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]IS[colours:on];B[a1])");
    assert_string_equal(message_of(d, "HEX_IS_SETTING"),
                        "IS[colours:on]: each IS value is one of tried, marked, lastmove, headings, lock, then ':on' "
                        "or ':off'");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[a1]IP[];W[b2]IP[])");
    assert_string_equal(message_of(d, "HEX_IP_REPEATED"),
                        "a second IP: a game may designate only one initial position to display");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11];B[a1]IP[here])");
    assert_non_null(find_diag(d, "HEX_IP_NOT_EMPTY"));
    lx_diag_list_free(d);
}

/* ---- RE and FF ------------------------------------------------------------------------------ */

static void re_is_checked_against_the_position(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[2]RE[W+];B[a1];W[b1];B[a2])");
    assert_diag(d, "HEX_RESULT_MISMATCH", LX_ERROR, 1, 19);
    assert_string_equal(message_of(d, "HEX_RESULT_MISMATCH"),
                        "RE[W+] says White won, but Black won: Black joined top and bottom with a2 at move 3");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[2]RE[0];B[a1];W[b1];B[a2])");
    assert_string_equal(message_of(d, "HEX_RESULT_MISMATCH"),
                        "RE[0] says the game was drawn, but Hex has no draws: Black joined top and bottom with a2 at "
                        "move 3");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]RE[B+];B[a1])");
    assert_int_equal(errors_in(d), 0);
    assert_string_equal(message_of(d, "HEX_RESULT_UNPROVEN"),
                        "RE[B+] says Black won, but the record ends before Black joined top and bottom and nobody "
                        "resigned");
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]RE[B+R];B[a1])"); /* the resignation need not be in the moves */
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    d = check_hex("(;FF[4]GM[11]SZ[2]RE[B];B[a1];W[b1];B[a2])");
    assert_int_equal(errors_in(d), 0);
    assert_non_null(find_diag(d, "HEX_RESULT_FORM"));
    lx_diag_list_free(d);
}

static void re_naming_the_player_after_swap_sides_is_a_warning(void **state)
{
    (void)state;
    /* Black's player swapped sides: PB's player now holds White, and White joins left and right */
    lx_diag_list *d = check_hex("(;FF[4]GM[11]SZ[2]RE[B+];B[a1];W[swap-sides];W[b1];B[b2];W[a2])");
    assert_int_equal(errors_in(d), 0);
    assert_string_equal(message_of(d, "HEX_RESULT_NAMES_PLAYER"),
                        "RE[B+] names Black, but White won (White joined left and right with a2 at move 5); the "
                        "players exchanged colours with the swap at move 2 (swap-sides), so the player named in PB "
                        "plays White and RE seems to name the player, not the colour (FF[4] RE names the colour: "
                        "RE[W+])");
    lx_diag_list_free(d);
}

static void a_missing_ff_is_a_warning(void **state)
{
    (void)state;
    lx_diag_list *d = check_hex("(;GM[11]SZ[3];B[b2])");
    assert_diag(d, "HEX_NO_FF", LX_WARNING, 1, 2);
    assert_int_equal(errors_in(d), 0);
    lx_diag_list_free(d);
}

/* ---- variations ------------------------------------------------------------------------------- */

static void every_variation_is_replayed_on_request(void **state)
{
    (void)state;
    const char *text = "(;FF[4]GM[11];B[a1](;W[b1])(;W[a1])(;B[c1]))";
    lx_diag_list *d = check_hex(text);
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    d = lx_diag_list_new();
    lx_check_options o = {NULL, 1, NULL};
    assert_int_equal(lx_check_document(text, strlen(text), &o, NULL, d), 0);
    assert_non_null(find_diag(d, "HEX_CELL_OCCUPIED"));
    assert_non_null(find_diag(d, "HEX_WRONG_TURN"));
    lx_diag_list_free(d);
}

/* The SVG drawing of the position at the end of `text`'s main line. */
static void svg_after(const char *text, lx_buf *out)
{
    parsed p;
    lx_hex_board *b = position(text, 99, &p);
    lx_buf_clear(out);
    assert_int_equal(lx_hex_draw(b, LX_DRAW_SVG, 0, out), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
}

/* A page maps a click on the SVG to a move: every cell names itself as the
 * move text ludexd accepts, and says which stone is on it. */
static void svg_cells_name_their_moves(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    svg_after("(;FF[4]GM[11]SZ[11];B[a1];W[f6];B[k11])", &out);
    assert_int_equal(occurrences(out.data, " data-move=\""), 121);
    assert_int_equal(occurrences(out.data, "<polygon class=\"cell\" data-move=\""), 121);
    assert_int_equal(occurrences(out.data, " data-stone=\""), 3);
    static const char *const cells[] = {"<polygon class=\"cell\" data-move=\"a1\" data-stone=\"B\" points=\"",
                                        " data-move=\"f6\" data-stone=\"W\" points=\"",
                                        " data-move=\"k11\" data-stone=\"B\" points=\"",
                                        " data-move=\"b1\" points=\"", NULL};
    assert_holds_all(out.data, cells);
    /* columns past z, and a board that is not square */
    svg_after("(;FF[4]GM[11]SZ[27:2];B[aa2])", &out);
    assert_int_equal(occurrences(out.data, " data-move=\""), 54);
    static const char *const wide[] = {" data-move=\"aa2\" data-stone=\"B\" points=\"", " data-move=\"z1\" points=\"",
                                       NULL};
    assert_holds_all(out.data, wide);
    lx_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(column_letters_are_bijective_base_26),
        cmocka_unit_test(points_are_letters_then_a_row_number),
        cmocka_unit_test(boards_from_1x1_to_702x702_and_beyond),
        cmocka_unit_test(a_short_legal_game_with_its_result),
        cmocka_unit_test(cells_are_case_insensitive_and_may_have_spaces),
        cmocka_unit_test(bad_cells_say_what_a_cell_is),
        cmocka_unit_test(an_occupied_cell_is_refused),
        cmocka_unit_test(non_square_boards),
        cmocka_unit_test(board_sizes_are_checked),
        cmocka_unit_test(colours_alternate),
        cmocka_unit_test(white_may_start_with_a_warning_or_with_pl),
        cmocka_unit_test(after_setup_without_pl_either_colour_moves),
        cmocka_unit_test(swap_sides_keeps_the_stone_and_the_swapper_moves_again),
        cmocka_unit_test(swap_pieces_mirrors_the_stone_and_black_moves_next),
        cmocka_unit_test(swap_pieces_needs_a_square_board),
        cmocka_unit_test(a_swap_takes_the_one_opposing_stone_once),
        cmocka_unit_test(hexgui_swap_pieces_followed_by_the_swapper_means_swap_sides),
        cmocka_unit_test(when_nothing_follows_a_swap_ap_decides),
        cmocka_unit_test(benzene_swap_is_read_by_what_follows),
        cmocka_unit_test(resign_and_forfeit_end_the_game),
        cmocka_unit_test(after_a_win_only_a_resignation_may_follow),
        cmocka_unit_test(passes_where_a_file_has_them),
        cmocka_unit_test(setup_adds_clears_and_compresses),
        cmocka_unit_test(is_and_ip_are_checked),
        cmocka_unit_test(re_is_checked_against_the_position),
        cmocka_unit_test(re_naming_the_player_after_swap_sides_is_a_warning),
        cmocka_unit_test(a_missing_ff_is_a_warning),
        cmocka_unit_test(every_variation_is_replayed_on_request),
        cmocka_unit_test(svg_cells_name_their_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

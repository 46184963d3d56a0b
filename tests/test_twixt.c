/* test_twixt.c - the rules of Twixt as ludex replays them from SGF: boards,
 * pegs, links and their crossings, long moves, the spec's and the server
 * help's examples, swaps, giving up, wins, the exact draw, handicap games and
 * puzzles - each rule with a legal and an illegal case and the exact
 * diagnostic code and sentence. */
#include "twixt_data/twixt_testutil.h"

/* ---- geometry ---------------------------------------------------------------------------- */

static int orient(int ax, int ay, int bx, int by, int cx, int cy)
{
    long v = (long)(bx - ax) * (cy - ay) - (long)(by - ay) * (cx - ax);
    return (v > 0) - (v < 0);
}

/* Proper intersection of two segments with four distinct ends. */
static int segments_cross(lx_twixt_point a, lx_twixt_point b, lx_twixt_point c, lx_twixt_point d)
{
    return orient(a.col, a.row, b.col, b.row, c.col, c.row) * orient(a.col, a.row, b.col, b.row, d.col, d.row) < 0 &&
           orient(c.col, c.row, d.col, d.row, a.col, a.row) * orient(c.col, c.row, d.col, d.row, b.col, b.row) < 0;
}

static void every_link_crosses_exactly_the_links_geometry_says(void **state)
{
    (void)state;
    lx_twixt_board *b = lx_twixt_board_new(13, 12, LX_TWIXT_STD);
    const tw_geom *g = &b->g;
    int interior_nine = 0;
    for (int32_t l = 0; l < 4 * g->ncells; l++) {
        int32_t p, q;
        tw_link_ends(g, l, &p, &q);
        if (!tw_on_board(g, tw_col(g, p), tw_row(g, p)) || !tw_on_board(g, tw_col(g, q), tw_row(g, q)))
            continue;
        lx_twixt_point a = {tw_col(g, p), tw_row(g, p)}, z = {tw_col(g, q), tw_row(g, q)};
        int by_table = 0, by_geometry = 0;
        for (int i = 0; i < 9; i++) {
            int32_t m = l + g->cross[l & 3][i], r, s;
            tw_link_ends(g, m, &r, &s);
            if (tw_on_board(g, tw_col(g, r), tw_row(g, r)) && tw_on_board(g, tw_col(g, s), tw_row(g, s)))
                by_table++;
        }
        for (int32_t m = 0; m < 4 * g->ncells; m++) {
            int32_t r, s;
            tw_link_ends(g, m, &r, &s);
            if (!tw_on_board(g, tw_col(g, r), tw_row(g, r)) || !tw_on_board(g, tw_col(g, s), tw_row(g, s)))
                continue;
            lx_twixt_point c = {tw_col(g, r), tw_row(g, r)}, d = {tw_col(g, s), tw_row(g, s)};
            int crosses = segments_cross(a, z, c, d);
            by_geometry += crosses;
            if (crosses) { /* and the table lists it */
                int listed = 0;
                for (int i = 0; i < 9; i++)
                    listed |= l + g->cross[l & 3][i] == m;
                assert_true(listed);
            }
        }
        assert_int_equal(by_table, by_geometry);
        interior_nine += by_geometry == 9;
    }
    assert_true(interior_nine > 100);
    lx_twixt_board_free(b);
}

static void centres_name_the_two_links_through_them(void **state)
{
    (void)state;
    lx_twixt_point a, b;
    /* i'3: between columns i and j, row 3 (steep); '\' falls to the right: i2-j4 */
    assert_int_equal(tw_centre_ends(2 * 8 + 1, 2 * 2, -1, &a, &b), 0);
    assert_int_equal(a.col, 8), assert_int_equal(a.row, 1), assert_int_equal(b.col, 9), assert_int_equal(b.row, 3);
    assert_int_equal(tw_centre_ends(2 * 8 + 1, 2 * 2, 1, &a, &b), 0); /* '/' i4-j2 */
    assert_int_equal(a.row, 3), assert_int_equal(b.row, 1);
    /* J4': column j, between rows 4 and 5 (shallow): '/' i5-k4 */
    assert_int_equal(tw_centre_ends(2 * 9, 2 * 3 + 1, 1, &a, &b), 0);
    assert_int_equal(a.col, 8), assert_int_equal(a.row, 4), assert_int_equal(b.col, 10), assert_int_equal(b.row, 3);
    assert_int_equal(tw_centre_ends(4, 4, 1, &a, &b), -1); /* both even: a hole, not a centre */
}

/* ---- notation ----------------------------------------------------------------------------- */

static void parse(const char *raw, lx_twixt_move *m)
{
    lx_game_error e;
    lx_game_error_init(&e);
    if (tw_parse_move(30, 30, raw, strlen(raw), m, &e) != 0)
        fail_msg("%s: %s", raw, e.message.data);
    lx_game_error_free(&e);
}

static void parse_fails(const char *raw, const char *code, const char *msg)
{
    lx_twixt_move m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(tw_parse_move(24, 24, raw, strlen(raw), &m, &e), -1);
    assert_string_equal(e.code, code);
    if (msg)
        assert_string_equal(e.message.data, msg);
    lx_game_error_free(&e);
}

static const char *fmt(const lx_twixt_move *m)
{
    static char buf[48];
    assert_true(lx_twixt_format_move(m, buf, sizeof buf) > 0);
    return buf;
}

static void centres_in_both_notations_any_case(void **state)
{
    (void)state;
    lx_twixt_move m, n;
    parse("-i'3", &m);
    assert_int_equal(m.kind, LX_TWIXT_REMOVE);
    assert_string_equal(fmt(&m), "-i'3");
    parse("-I*3", &n);
    assert_int_equal(n.cx2, m.cx2), assert_int_equal(n.cy2, m.cy2);
    parse("-J4'", &m);
    assert_string_equal(fmt(&m), "-j4'");
    parse("-j4*", &n);
    assert_int_equal(n.cx2, m.cx2), assert_int_equal(n.cy2, m.cy2);
    parse("/B*3", &m);
    assert_int_equal(m.kind, LX_TWIXT_ADD), assert_int_equal(m.slope, 1);
    assert_string_equal(fmt(&m), "/b'3");
    parse("/C2*", &m);
    assert_string_equal(fmt(&m), "/c2'");
    parse(" aa10 ", &m);
    assert_int_equal(m.kind, LX_TWIXT_PEG), assert_int_equal(m.at.col, 26), assert_int_equal(m.at.row, 9);
    parse("Swap-Pieces", &m);
    assert_int_equal(m.kind, LX_TWIXT_SWAP_PIECES);
    parse("SWAP-SIDES", &m);
    assert_int_equal(m.kind, LX_TWIXT_SWAP_SIDES);
    parse("resign", &m);
    assert_int_equal(m.kind, LX_TWIXT_RESIGN);
    parse("Forfeit", &m);
    assert_int_equal(m.kind, LX_TWIXT_FORFEIT);
}

static void the_backslash_rule(void **state)
{
    (void)state;
    lx_twixt_move a, b, c;
    parse("\\i'4", &a);   /* [\i'4] as the spec writes it */
    parse("\\\\i'4", &b); /* [\\i'4] properly escaped */
    assert_int_equal(a.kind, LX_TWIXT_ADD), assert_int_equal(a.slope, -1);
    assert_int_equal(b.kind, LX_TWIXT_ADD), assert_int_equal(b.slope, -1);
    assert_int_equal(a.cx2, b.cx2), assert_int_equal(a.cy2, b.cy2);
    assert_string_equal(fmt(&a), "\\i'4");
    parse("\\/i'4", &c); /* an escaped '/' is a '/' */
    assert_int_equal(c.slope, 1);
    parse("\\-i'3", &c);
    assert_int_equal(c.kind, LX_TWIXT_REMOVE);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(tw_canonical_value("B", "\\i'4", 4, &out), 0);
    assert_string_equal(out.data, "\\\\i'4");
    lx_buf_clear(&out);
    assert_int_equal(tw_canonical_value("W", "\\\\I'4", 5, &out), 0);
    assert_string_equal(out.data, "\\\\i'4");
    lx_buf_clear(&out);
    assert_int_equal(tw_canonical_value("B", "C2*", 3, &out), 1); /* not a move value: kept */
    assert_int_equal(tw_canonical_value("B", "/C2*", 4, &out), 0);
    assert_string_equal(out.data, "/c2'");
    lx_buf_clear(&out);
    assert_int_equal(tw_canonical_value("AB", "K4", 2, &out), 0);
    assert_string_equal(out.data, "k4");
    lx_buf_clear(&out);
    assert_int_equal(tw_canonical_value("VW", "A1:L12", 6, &out), 0);
    assert_string_equal(out.data, "a1:l12");
    lx_buf_free(&out);
}

static void the_writer_escapes_the_backslash(void **state)
{
    (void)state;
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree("(;GM[21]FF[4];W[K4];B[\\i'4];W[-B*3])", &doc);
    lx_sgf_write_options wo = {0};
    lx_buf out = LX_BUF_INIT;
    lx_game_write_options(&lx_twixt_module, &wo);
    assert_int_equal(lx_sgf_write_tree(t, &wo, &out), 0);
    assert_non_null(strstr(out.data, "W[k4]"));
    assert_non_null(strstr(out.data, "B[\\\\i'4]"));
    assert_non_null(strstr(out.data, "W[-b'3]"));
    lx_buf_free(&out);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
}

static void values_that_are_not_moves(void **state)
{
    (void)state;
    parse_fails("-i3", "TWIXT_BAD_CENTRE",
                "\"i3\" is not a link centre: write i'3 (between columns i and j, on row 3) or J4' (on column j, "
                "between rows 4 and 5); the older B*3 and C2* are read too");
    parse_fails("/i'03", "TWIXT_BAD_CENTRE", NULL);
    parse_fails("-x'3", "TWIXT_OFF_BOARD",
                "the links centred at x'3 are off the board: this 24 x 24 board has columns a to x and rows 1 to 24");
    parse_fails("-a1'", "TWIXT_OFF_BOARD", NULL); /* shallow centred on column a: no column to its left */
    parse_fails("z5", "TWIXT_OFF_BOARD",
                "z5 is off the board: this 24 x 24 board has columns a to x and rows 1 to 24");
    parse_fails("ec", "TWIXT_LITTLE_GOLEM_POINT", NULL);
    parse_fails("swap", "TWIXT_BAD_MOVE",
                "\"swap\" is not a GM[21] move: write swap-pieces (the peg is mirrored and changes colour) or "
                "swap-sides (the players change colours)");
    parse_fails("", "TWIXT_BAD_MOVE", NULL);
    parse_fails("pass", "TWIXT_BAD_MOVE", NULL);
    assert_refused("(;GM[21]SZ[24];W[k4];B[i'3])", "TWIXT_BAD_MOVE", 1, 22, NULL);
}

/* ---- board sizes ------------------------------------------------------------------------- */

static void boards_from_3_to_702(void **state)
{
    (void)state;
    assert_clean("(;GM[21]SZ[3];W[b1];B[a2];W[b3])");
    assert_clean("(;GM[21]SZ[702];W[zy702];B[zz701])");
    assert_clean("(;GM[21]SZ[3:702]HA[];W[b702])");
    assert_refused("(;GM[21]SZ[2])", "TWIXT_BAD_SIZE", 1, 9,
                   "SZ[2] is not a Twixt board size: write SZ[n] for n x n holes or SZ[columns:rows], each from 3 to 702");
    assert_refused("(;GM[21]SZ[24:2]HA[])", "TWIXT_BAD_SIZE", 1, 9, NULL);
    assert_null(lx_twixt_board_new(703, 5, LX_TWIXT_STD));
    assert_null(lx_twixt_board_new(5, 2, LX_TWIXT_STD));
    lx_twixt_board *b = board_after("(;GM[21];W[x1])", 0); /* x1 is a corner: refused, empty board */
    assert_int_equal(lx_twixt_cols(b), 24);
    assert_int_equal(lx_twixt_peg_count(b, LX_WHITE), 0);
    lx_twixt_board_free(b);
    /* 3x3: b1-b3 are not a knight's move apart, so nobody can win on b2's column alone */
    b = board_after("(;GM[21]SZ[3];W[b1];B[a2];W[b3])", 0);
    assert_int_equal(lx_twixt_connected(b), LX_NO_COLOUR);
    lx_twixt_board_free(b);
}

/* ---- pegs ------------------------------------------------------------------------------- */

static void where_pegs_may_go(void **state)
{
    (void)state;
    assert_clean("(;GM[21];W[b1];B[a2];W[w24];B[x23])"); /* own border rows */
    assert_refused("(;GM[21];W[a5])", "TWIXT_OPPONENT_BORDER", 1, 10,
                   "a5 is in Black's border rows (columns a and x); White may not place a peg there");
    assert_refused("(;GM[21];W[k5];B[e1])", "TWIXT_OPPONENT_BORDER", 1, 16,
                   "e1 is in White's border rows (rows 1 and 24); Black may not place a peg there");
    assert_refused("(;GM[21];W[a1])", "TWIXT_CORNER", 1, 10, "a1 is a corner; a Twixt board has no corner holes");
    assert_refused("(;GM[21]SZ[30];W[d4];B[ad30])", "TWIXT_CORNER", 1, 22, NULL);
    assert_refused("(;GM[21];W[k5];B[k5])", "TWIXT_OCCUPIED", 1, 16, "k5 already holds a White peg");
}

static void white_moves_first_unless_pl_says_otherwise(void **state)
{
    (void)state;
    assert_refused("(;GM[21];B[k5])", "TWIXT_WRONG_TURN", 1, 10, "it is White's turn, not Black's");
    assert_clean("(;GM[21]PL[B];B[k5];W[e5])");
    assert_refused("(;GM[21];W[k5];W[e5])", "TWIXT_WRONG_TURN", 1, 16, "it is Black's turn, not White's");
}

static void autolinking(void **state)
{
    (void)state;
    char json[512];
    lx_twixt_board *b = board_after("(;GM[21];W[j10];B[c3];W[k12];B[d5];W[l10])", 0);
    json_of(b, json, sizeof json);
    assert_string_equal(json, "\"pegs\":{\"W\":[\"j10\",\"k12\",\"l10\"],\"B\":[\"c3\",\"d5\"]},"
                              "\"links\":{\"W\":[[\"j10\",\"k12\"],[\"k12\",\"l10\"]],\"B\":[[\"c3\",\"d5\"]]}");
    lx_twixt_board_free(b);
    /* a candidate link that would cross the opponent's link is not made */
    b = board_after("(;GM[21];W[j10];B[k9];W[l11];B[j11];W[k12])", 0);
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("l11")), LX_WHITE);
    assert_int_equal(lx_twixt_link_at(b, pt("k9"), pt("j11")), LX_NO_COLOUR); /* would cross j10-l11 */
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("k12")), LX_WHITE);
    assert_int_equal(lx_twixt_link_at(b, pt("l11"), pt("k12")), LX_NO_COLOUR); /* not a knight's move */
    lx_twixt_board_free(b);
    b = board_after("(;GM[21];W[b20];B[k9];W[b16];B[j11];W[j10];B[c3];W[l11])", 0);
    assert_int_equal(lx_twixt_link_at(b, pt("k9"), pt("j11")), LX_BLACK);
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("l11")), LX_NO_COLOUR); /* would cross k9-j11 */
    lx_twixt_board_free(b);
}

static void own_links_block_under_std_not_under_pp(void **state)
{
    (void)state;
    /* W j10-k12 first; then W i11 and l11: i11-? and l11-j10 ...  k11-j13 would cross j10-k12 */
    const char *moves = ";W[j10];B[b3];W[k12];B[b7];W[k11];B[b11];W[j13])";
    char text[256];
    snprintf(text, sizeof text, "(;GM[21]RU[STD]%s", moves);
    lx_twixt_board *b = board_after(text, 0);
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("k12")), LX_WHITE);
    assert_int_equal(lx_twixt_link_at(b, pt("k11"), pt("j13")), LX_NO_COLOUR);
    lx_twixt_board_free(b);
    snprintf(text, sizeof text, "(;GM[21]RU[PP]%s", moves);
    b = board_after(text, 0);
    assert_int_equal(lx_twixt_link_at(b, pt("k11"), pt("j13")), LX_WHITE); /* own links may cross under PP */
    lx_twixt_board_free(b);
    lx_diag_list *d = check("(;GM[21]RU[3M];W[k5])");
    assert_diag(d, "TWIXT_RULES_3M", LX_WARNING, 1, 9);
    assert_string_equal(find_diag(d, "TWIXT_RULES_3M")->message,
                        "RU[3M]: the 3M rules are played as STD (links never cross; own links may be removed)");
    lx_diag_list_free(d);
    d = check("(;GM[21]RU[Avalon];W[k5])");
    assert_diag(d, "TWIXT_UNKNOWN_RULES", LX_WARNING, 1, 9);
    lx_diag_list_free(d);
}

/* ---- the spec's long move ------------------------------------------------------------------- */

/* The position the spec draws before ;B[-i'3][-J4'][\i'4][K4]: Black pegs i3, i4, j2,
 * j5, k5 with the links i4-j2 (centre i'3) and i4-k5 (centre J4'); i3-j5 is
 * blocked by both.  White's pegs stand far away. */
static const char *spec_game =
    "(;FF[4]GM[21]SZ[24]\n"
    ";W[b10];B[i4];W[b14];B[j2];W[b18];B[k5];W[w10];B[i3];W[w14];B[j5];W[w18]\n"
    ";B[-i'3][-J4'][\\i'4][K4])";

static void the_spec_long_move_gives_the_spec_position(void **state)
{
    (void)state;
    char json[1024];
    assert_clean(spec_game);
    lx_twixt_board *b = board_after(spec_game, 11);
    json_of(b, json, sizeof json);
    assert_non_null(strstr(json, "\"B\":[[\"i4\",\"j2\"],[\"i4\",\"k5\"]]"));
    lx_twixt_board_free(b);
    b = board_after(spec_game, 0);
    json_of(b, json, sizeof json);
    assert_string_equal(json, "\"pegs\":{\"W\":[\"b10\",\"b14\",\"b18\",\"w10\",\"w14\",\"w18\"],"
                              "\"B\":[\"i3\",\"i4\",\"j2\",\"j5\",\"k4\",\"k5\"]},"
                              "\"links\":{\"W\":[],\"B\":[[\"i3\",\"j5\"],[\"i3\",\"k4\"],[\"j2\",\"k4\"]]}");
    assert_int_equal(lx_twixt_to_play(b), LX_WHITE);
    lx_twixt_board_free(b);
    /* step by step as the spec tells it */
    b = board_after(spec_game, 11);
    lx_twixt_move parts[4];
    const char *raw[] = {"-i'3", "-J4'", "\\i'4", "K4"};
    lx_game_error e;
    lx_game_error_init(&e);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(lx_twixt_parse_move(b, raw[i], strlen(raw[i]), &parts[i], &e), 0);
        assert_int_equal(lx_twixt_play(b, LX_BLACK, &parts[i], &e), 0);
        if (i == 0)
            assert_int_equal(lx_twixt_link_at(b, pt("i4"), pt("j2")), LX_NO_COLOUR);
        if (i == 1)
            assert_int_equal(lx_twixt_link_at(b, pt("i4"), pt("k5")), LX_NO_COLOUR);
        if (i == 2)
            assert_int_equal(lx_twixt_link_at(b, pt("i3"), pt("j5")), LX_BLACK);
        if (i < 3)
            assert_int_equal(lx_twixt_to_play(b), LX_BLACK); /* the long move is still Black's */
    }
    assert_int_equal(lx_twixt_to_play(b), LX_WHITE);
    lx_game_error_free(&e);
    lx_twixt_board_free(b);
}

static const char *before_spec_move =
    "(;FF[4]GM[21]SZ[24]\n"
    ";W[b10];B[i4];W[b14];B[j2];W[b18];B[k5];W[w10];B[i3];W[w14];B[j5];W[w18]\n";

static void long_move_rules(void **state)
{
    (void)state;
    char text[512];
#define WITH(move) (snprintf(text, sizeof text, "%s%s)", before_spec_move, move), text)
    /* the addition needs both removals first */
    assert_refused(WITH(";B[-i'3][\\i'4][K4]"), "TWIXT_LINK_CROSSES", 3, 2,
                   "the link i3-j5 would cross Black's link i4-k5; links may not cross");
    assert_refused(WITH(";B[/i'4][K4]"), "TWIXT_ADD_NEEDS_PEGS", 3, 2,
                   "/i'4 would link i5-j3, but Black has no peg on both ends");
    assert_refused(WITH(";B[-k'3][K4]"), "TWIXT_NO_LINK_TO_REMOVE", 3, 2, "there is no link at k'3 to remove");
    assert_refused(WITH(";B[-i'3][-J4'][\\i'4][-i'4][K4]"), "TWIXT_LONG_MOVE_ORDER", 3, 2,
                   "a long move lists its removals first, then its additions, then the peg");
    assert_refused(WITH(";B[K4][-i'3]"), "TWIXT_LONG_MOVE_ORDER", 3, 2,
                   "the peg ends a long move; nothing may follow it in the same property");
    assert_refused(WITH(";B[-i'3]"), "TWIXT_INCOMPLETE_TURN", 3, 2,
                   "this Black move ends without a peg: a long move's last part is the peg it places");
    assert_refused(WITH(";B[-i'3][-J4'][\\i'4]"), "TWIXT_INCOMPLETE_TURN", 3, 2, NULL);
    assert_refused(WITH(";B[-i'3][resign]"), "TWIXT_LONG_MOVE_ORDER", 3, 2,
                   "resign stands alone; it cannot end a long move");
    assert_refused(WITH(";B[-i'3][-J4'][\\i'4][\\i'4][K4]"), "TWIXT_LINK_EXISTS", 3, 2,
                   "the link i3-j5 is already there");
    assert_refused(WITH(";W[-a'2][c10]"), "TWIXT_WRONG_TURN", 3, 2, "it is Black's turn, not White's");
    /* a removal of an opponent's link */
    assert_refused("(;GM[21];W[j10];B[c3];W[k12];B[-j'11][d5])", "TWIXT_NOT_OWN_LINK", 1, 30,
                   "the link at j'11 (j10-k12) is White's; a player removes only their own links");
    /* a legal removal, then re-adding the same link by hand */
    assert_clean("(;GM[21];W[j10];B[c3];W[k12];B[d5];W[-j'11][\\j'11][l10])");
    /* long moves under PP */
    assert_refused("(;GM[21]RU[PP];W[j10];B[c3];W[k12];B[d5];W[-j'11][l10])", "TWIXT_PP_NO_LONG_MOVES", 1, 42,
                   "RU[PP] has no long moves: links are never removed or added by hand");
#undef WITH
}

/* ---- swaps, giving up, winning ------------------------------------------------------------------ */

static void swap_pieces_and_swap_sides(void **state)
{
    (void)state;
    lx_twixt_board *b = board_after("(;GM[21];W[f5];B[swap-pieces])", 0);
    assert_int_equal(lx_twixt_peg_at(b, 4, 5), LX_BLACK); /* e6 */
    assert_int_equal(lx_twixt_peg_at(b, 5, 4), LX_NO_COLOUR);
    assert_int_equal(lx_twixt_to_play(b), LX_WHITE);
    lx_twixt_board_free(b);
    assert_clean("(;GM[21];W[f5];B[swap-pieces];W[k10])");
    b = board_after("(;GM[21];W[f5];B[swap-sides])", 0);
    assert_int_equal(lx_twixt_peg_at(b, 5, 4), LX_WHITE);
    assert_int_equal(lx_twixt_to_play(b), LX_BLACK);
    lx_twixt_board_free(b);
    assert_clean("(;GM[21];W[f5];B[swap-sides];B[k10];W[m12])");
    assert_refused("(;GM[21];W[f5];B[swap-sides];W[k10])", "TWIXT_WRONG_TURN", 1, 30, "it is Black's turn, not White's");
    assert_refused("(;GM[21];W[f5];B[k10];W[swap-pieces])", "TWIXT_SWAP_NOT_SECOND", 1, 23,
                   "a swap may only be the second move of the game, after the first player's one peg");
    assert_refused("(;GM[21];W[f5];B[swap-pieces];W[swap-pieces])", "TWIXT_SWAP_NOT_SECOND", 1, 31, NULL);
    assert_refused("(;GM[21]HA[];W[f5];B[swap-sides])", "TWIXT_SWAP_HANDICAP", 1, 20, "a handicap game (HA) has no swap");
    assert_refused("(;GM[21]SZ[20:24]HA[];W[f5];B[swap-pieces])", "TWIXT_SWAP_HANDICAP", 1, 29, NULL);
    assert_refused("(;GM[21]SZ[20:24];W[f5];B[swap-pieces])", "TWIXT_SWAP_NONSQUARE", 1, 25,
                   "a swap needs a square board; this one is 20 x 24");
    /* Black moving first (PL): White swaps, the peg becomes White's mirrored */
    b = board_after("(;GM[21]PL[B];B[e6];W[swap-pieces])", 0);
    assert_int_equal(lx_twixt_peg_at(b, 5, 4), LX_WHITE); /* f5 */
    assert_int_equal(lx_twixt_to_play(b), LX_BLACK);
    lx_twixt_board_free(b);
}

static void handicap_games(void **state)
{
    (void)state;
    assert_clean("(;GM[21]SZ[20:24]HA[];W[b1];B[a2];W[s24];B[t23])"); /* 20 columns: a..t */
    lx_diag_list *d = check("(;GM[21]SZ[20:24];W[k5])");
    assert_diag(d, "TWIXT_NONSQUARE_NO_HA", LX_WARNING, 1, 9);
    assert_string_equal(find_diag(d, "TWIXT_NONSQUARE_NO_HA")->message,
                        "a 20 x 24 board is a handicap game: the spec asks for HA[] beside a non-square SZ");
    lx_diag_list_free(d);
    assert_refused("(;GM[21]SZ[20:24]HA[];W[u5])", "TWIXT_OFF_BOARD", 1, 23,
                   "u5 is off the board: this 20 x 24 board has columns a to t and rows 1 to 24");
    assert_clean("(;GM[21]SZ[24:20]HA[]PL[B];B[k5];W[k7])");
}

static void resign_and_forfeit(void **state)
{
    (void)state;
    lx_game_result r;
    lx_twixt_board *b = board_after("(;GM[21];W[k5];B[resign])", 0);
    lx_twixt_result(b, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, LX_WHITE);
    assert_string_equal(r.re, "W+R");
    lx_twixt_board_free(b);
    b = board_after("(;GM[21];W[k5];B[d4];W[forfeit])", 0);
    lx_twixt_result(b, &r);
    assert_string_equal(r.re, "B+F");
    lx_twixt_board_free(b);
    assert_clean("(;GM[21];W[k5];W[resign])"); /* either colour may give up at any time */
    assert_refused("(;GM[21];W[k5];B[resign];W[k7])", "TWIXT_GAME_OVER", 1, 26, "the game is over: Black resigned");
}

/* White wins down column j on a 7 x 7 board: j... here c1-d3-c5-d7. */
static void a_win_ends_the_game(void **state)
{
    (void)state;
    const char *game = "(;GM[21]SZ[7];W[c1];B[a2];W[d3];B[a4];W[c5];B[a6];W[d7])";
    lx_game_result r;
    lx_twixt_board *b = board_after(game, 6);
    assert_int_equal(lx_twixt_connected(b), LX_NO_COLOUR);
    lx_twixt_board_free(b);
    b = board_after(game, 0);
    assert_int_equal(lx_twixt_connected(b), LX_WHITE);
    assert_int_equal(lx_twixt_connected_slow(b), LX_WHITE);
    lx_twixt_result(b, &r);
    assert_string_equal(r.re, "W+");
    lx_twixt_board_free(b);
    assert_refused("(;GM[21]SZ[7];W[c1];B[a2];W[d3];B[a4];W[c5];B[a6];W[d7];B[b3])", "TWIXT_GAME_OVER", 1, 57,
                   "the game is over: White has joined its border rows");
    /* a win made by a hand-added link before the peg */
    assert_clean("(;GM[21]SZ[7];W[c1];B[a2];W[d3];B[a4];W[c5];B[a6];W[-c'4][/c'4][d7])");
}

/* ---- the help file's examples -------------------------------------------------------------------- */

static const char *ex_a_white = "i6 j8 k10 j9 k11 j13";
static const char *ex_a_white_links = "i6-j8 j8-k10 j9-k11 k11-j13";
static const char *ex_a_black = "g6 j6 i7 l7 h8 k8 k9 i10 l11 j12 h13 k13";
static const char *ex_a_black_links = "g6-i7 g6-h8 j6-k8 j6-l7 l7-k9 h8-i10 k9-l11 i10-j12 l11-k13 j12-h13";

/* Example A on a whole board: O's upper chain reaches row 1 (i6-h4-g2-e1), its
 * lower chain row 24 (j13-k15-l17-m19-n21-o23-q24); #'s walls reach column a
 * (h8-f7-d6-b5-a7) and column x (l7-n8-p9-r10-t11-v12-x13). */
static lx_twixt_board *example_a(int sealed)
{
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_STD);
    put_pegs(b, LX_WHITE, ex_a_white);
    put_pegs(b, LX_BLACK, ex_a_black);
    put_links(b, LX_WHITE, ex_a_white_links);
    put_links(b, LX_BLACK, ex_a_black_links);
    if (sealed) {
        put_pegs(b, LX_WHITE, "h4 g2 e1 k15 l17 m19 n21 o23 q24");
        put_links(b, LX_WHITE, "i6-h4 h4-g2 g2-e1 j13-k15 k15-l17 l17-m19 m19-n21 n21-o23 o23-q24");
        put_pegs(b, LX_BLACK, "f7 d6 b5 a7 n8 p9 r10 t11 v12 x13");
        put_links(b, LX_BLACK, "h8-f7 f7-d6 d6-b5 b5-a7 l7-n8 n8-p9 p9-r10 r10-t11 t11-v12 v12-x13");
    }
    return b;
}

static void example_a_is_a_draw(void **state)
{
    (void)state;
    lx_twixt_board *b = example_a(1);
    assert_int_equal(lx_twixt_connected(b), LX_NO_COLOUR);
    assert_int_equal(lx_twixt_can_connect(b, LX_WHITE), 0);
    assert_int_equal(lx_twixt_can_connect(b, LX_BLACK), 0);
    assert_int_equal(lx_twixt_is_dead_draw(b), 1);
    lx_game_result r;
    lx_twixt_result(b, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, LX_NO_COLOUR);
    assert_string_equal(r.re, "0");
    /* take away #'s link i10-j12 and O gets through: k10-i11-j13 (after removing j9-k11) */
    tw_clear_link(b, tw_link_index(&b->g, tw_cell(&b->g, 8, 9), tw_cell(&b->g, 9, 11)));
    tw_refresh(b);
    assert_int_equal(lx_twixt_can_connect(b, LX_WHITE), 1);
    assert_int_equal(lx_twixt_is_dead_draw(b), 0);
    lx_twixt_board_free(b);
    /* unsealed, only the part of the board the help shows: both can still go round */
    b = example_a(0);
    assert_int_equal(lx_twixt_can_connect(b, LX_WHITE), 1);
    assert_int_equal(lx_twixt_can_connect(b, LX_BLACK), 1);
    lx_twixt_board_free(b);
}

/* Example B: # has h11-i13 instead of i10-j12 and j12-h13; O can remove j9-k11
 * and play i11, linking k10 and j13 - so it is no draw. */
static void example_b_is_no_draw(void **state)
{
    (void)state;
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_STD);
    put_pegs(b, LX_WHITE, "i6 j8 k10 j9 k11 j13 h4 g2 e1 k15 l17 m19 n21 o23 q24");
    put_links(b, LX_WHITE, "i6-j8 j8-k10 j9-k11 k11-j13 i6-h4 h4-g2 g2-e1 j13-k15 k15-l17 l17-m19 m19-n21 n21-o23 "
                           "o23-q24");
    put_pegs(b, LX_BLACK, "g6 j6 i7 l7 h8 k8 k9 i10 h11 l11 i13 k13 f7 d6 b5 a7 n8 p9 r10 t11 v12 x13");
    put_links(b, LX_BLACK, "g6-i7 g6-h8 j6-k8 j6-l7 l7-k9 h8-i10 k9-l11 h11-i13 l11-k13 h8-f7 f7-d6 d6-b5 b5-a7 "
                           "l7-n8 n8-p9 p9-r10 r10-t11 t11-v12 v12-x13");
    assert_int_equal(lx_twixt_can_connect(b, LX_BLACK), 0);
    assert_int_equal(lx_twixt_can_connect(b, LX_WHITE), 1);
    assert_int_equal(lx_twixt_is_dead_draw(b), 0);
    /* the move the help describes, as SGF: remove j9-k11 (centre j'10), play i11 */
    lx_twixt_set_to_play(b, LX_WHITE);
    lx_twixt_move parts[2];
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_twixt_parse_move(b, "-j'10", 5, &parts[0], &e), 0);
    assert_int_equal(lx_twixt_parse_move(b, "i11", 3, &parts[1], &e), 0);
    assert_int_equal(lx_twixt_play_turn(b, LX_WHITE, parts, 2, &e), 0);
    assert_int_equal(lx_twixt_link_at(b, pt("i11"), pt("k10")), LX_WHITE);
    assert_int_equal(lx_twixt_link_at(b, pt("i11"), pt("j13")), LX_WHITE);
    assert_int_equal(lx_twixt_winner(b), LX_WHITE);
    lx_game_error_free(&e);
    lx_twixt_board_free(b);
}

/* Cut the help's window (columns first..last, rows r0..r1, the lines between
 * included) out of a medium drawing; each line from column `first`'s x. */
static void window(const char *drawing, int first, int last, int r0, int r1, lx_buf *out)
{
    int y0 = 2 + 2 * (r0 - 1), y1 = 2 + 2 * (r1 - 1), x0 = 4 + 3 * first, x1 = 4 + 3 * last;
    const char *line = drawing;
    for (int y = 0; line && y <= y1; y++) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (y >= y0) {
            size_t from = (size_t)x0 - 1, to = (size_t)x1 + 2;
            char piece[128] = "";
            if (n > from)
                snprintf(piece, sizeof piece, "%.*s", (int)((n < to ? n : to) - from), line + from);
            size_t k = strlen(piece);
            while (k > 0 && piece[k - 1] == ' ')
                piece[--k] = '\0';
            lx_buf_printf(out, "%s\n", piece);
        }
        line = end ? end + 1 : NULL;
    }
}

static void drawings_look_like_the_help_file(void **state)
{
    (void)state;
    /* Example A exactly as the help draws it (columns E..L, rows 6..13) */
    static const char *help_a =
        " .  .  #_ .  O  #_ .  .\n"
        "        \\---_ \\  \\---_\n"
        " .  .  .| .  #| .| .  #\n"
        "         \\     \\  \\  /\n"
        " .  .  .  #  .  O  # |.\n"
        "           \\     \\  /\n"
        " .  .  .  .| .  O| #  .\n"
        "            \\    \\\\ \\\n"
        " .  .  .  .  #  .| O| .\n"
        "              \\   \\  \\\n"
        " .  .  .  .  .| .  O  #\n"
        "               \\  /  /\n"
        " .  .  .  .  . _# |. |.\n"
        "           _---  /  /\n"
        " .  .  .  #  .  O  #  .\n";
    lx_twixt_board *b = example_a(0);
    lx_buf pic = LX_BUF_INIT, cut = LX_BUF_INIT;
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_ASCII, 2, &pic), 0);
    window(pic.data, 4, 11, 6, 13, &cut);
    assert_string_equal(cut.data, help_a);
    lx_twixt_board_free(b);
    /* every size draws; small lists the links */
    b = example_a(1);
    for (int size = 0; size <= 4; size++) {
        lx_buf_clear(&pic);
        assert_int_equal(lx_twixt_draw(b, LX_DRAW_ASCII, size, &pic), 0);
        assert_non_null(strstr(pic.data, "O White joins rows 1 and 24, # Black joins columns A and X; a draw: neither "
                                         "side can connect any more; White to play"));
        if (size == 1)
            assert_non_null(strstr(pic.data, "O links: e1-g2"));
    }
    lx_buf_clear(&pic);
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_SVG, 0, &pic), 0);
    assert_non_null(strstr(pic.data, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"745\" height=\"782\""));
    assert_true(strncmp(pic.data, "<?xml", 5) == 0);
    assert_non_null(strstr(pic.data, "</svg>\n"));
    assert_non_null(strstr(pic.data, "a draw: neither side can connect any more"));
    lx_twixt_board_free(b);
    lx_buf_free(&pic);
    lx_buf_free(&cut);
}

/* ---- puzzles ----------------------------------------------------------------------------------- */

/* White's chain d1-e3-d5-e7 on 8 x 8 is one peg from row 8: c8 or g8 wins. */
#define PZ_SETUP ";W[d1];W[e3];W[d5];W[-d'2];W[\\d'2];W[e7];B[b4]IP[]"

static void puzzles_relax_turns_before_ip(void **state)
{
    (void)state;
    /* before IP: White four times in a row, turns without a peg; after IP: strict */
    lx_diag_list *d = check("(;GM[21]SZ[8]PZ[W+]PL[W]" PZ_SETUP "(;W[g8])(;W[c8]))");
    const lx_diag *e = first_error(d);
    if (e)
        fail_msg("%s: %s", e->code, e->message);
    assert_no_diag(d, "TWIXT_PUZZLE_GOAL_OPEN");
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    lx_twixt_board *b = board_after("(;GM[21]SZ[8]PZ[W+]PL[W]" PZ_SETUP ";W[g8])", 0);
    assert_int_equal(lx_twixt_link_at(b, pt("d1"), pt("e3")), LX_WHITE); /* removed and added again */
    assert_int_equal(lx_twixt_winner(b), LX_WHITE);
    lx_twixt_board_free(b);
    /* after IP the turn order holds, and a turn ends with its peg */
    assert_refused("(;GM[21]SZ[12]PZ[W+]PL[W];W[f3];W[g5]IP[];W[f8];W[e9])", "TWIXT_WRONG_TURN", 1, 49,
                   "it is Black's turn, not White's");
    assert_refused("(;GM[21]SZ[12]PZ[]PL[W];W[f3];W[g5]IP[];W[-f'4])", "TWIXT_INCOMPLETE_TURN", 1, 41, NULL);
    /* without PZ nothing is relaxed */
    assert_refused("(;GM[21]SZ[12];W[f3];W[g5]IP[])", "TWIXT_WRONG_TURN", 1, 22, NULL);
}

static void puzzle_goals_are_checked(void **state)
{
    (void)state;
    /* the second line ends with White resigning: the goal W+ fails there */
    lx_diag_list *d = check("(;GM[21]SZ[8]PZ[W+]PL[W]" PZ_SETUP "(;W[g8])(;W[resign]))");
    assert_diag(d, "TWIXT_PUZZLE_GOAL_FAILS", LX_ERROR, 1, 85);
    assert_string_equal(find_diag(d, "TWIXT_PUZZLE_GOAL_FAILS")->message,
                        "this line of the solution ends with Black winning; the puzzle's goal is a White win");
    lx_diag_list_free(d);
    /* a line that stops before anything is decided: a warning */
    d = check("(;GM[21]SZ[8]PZ[]PL[W]" PZ_SETUP "(;W[g8])(;W[b6]))");
    assert_diag(d, "TWIXT_PUZZLE_GOAL_OPEN", LX_WARNING, 1, 83);
    assert_string_equal(find_diag(d, "TWIXT_PUZZLE_GOAL_OPEN")->message,
                        "this line of the solution ends before White has won");
    lx_diag_list_free(d);
    /* the goal may be a Black win: then both lines fail, as White won them */
    d = check("(;GM[21]SZ[8]PZ[B+]PL[W]" PZ_SETUP "(;W[g8])(;W[c8]))");
    assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), 2);
    lx_diag_list_free(d);
    d = check("(;GM[21]SZ[12]PZ[maybe];W[f3]IP[];W[f8])");
    assert_diag(d, "TWIXT_BAD_PUZZLE_GOAL", LX_WARNING, 1, 15);
    lx_diag_list_free(d);
    d = check("(;GM[21]PZ[];W[f3]IP[];B[f8]IP[])");
    assert_diag(d, "TWIXT_IP_REPEATED", LX_ERROR, 1, 29);
    lx_diag_list_free(d);
    d = check("(;GM[21]PZ[];W[f3])");
    assert_diag(d, "TWIXT_PUZZLE_NO_IP", LX_WARNING, 1, 9);
    lx_diag_list_free(d);
}

/* ---- setup ------------------------------------------------------------------------------------- */

static void setup_pegs_have_no_links(void **state)
{
    (void)state;
    lx_twixt_board *b = board_after("(;GM[21]AW[j10][k12]AB[c3:c5]PL[B];B[d4])", 0);
    assert_int_equal(lx_twixt_peg_at(b, 9, 9), LX_WHITE);
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("k12")), LX_NO_COLOUR); /* set up: no links */
    assert_int_equal(lx_twixt_peg_count(b, LX_BLACK), 4);                     /* c3 c4 c5 and d4 */
    assert_int_equal(lx_twixt_link_at(b, pt("c5"), pt("d4")), LX_NO_COLOUR);  /* not a knight's move */
    assert_int_equal(lx_twixt_link_at(b, pt("c3"), pt("d5")), LX_NO_COLOUR);
    lx_twixt_board_free(b);
    b = board_after("(;GM[21]AW[j10][k12];B[c3]AE[k12])", 0);
    assert_int_equal(lx_twixt_peg_count(b, LX_WHITE), 1);
    lx_twixt_board_free(b);
    /* a rectangle skips the holes its colour may not hold; a single point may not */
    b = board_after("(;GM[21]SZ[6]AB[a1:f1])", 0);
    assert_int_equal(lx_twixt_peg_count(b, LX_BLACK), 0);
    lx_twixt_board_free(b);
    assert_refused("(;GM[21]AB[e1])", "TWIXT_OPPONENT_BORDER", 1, 9,
                   "e1 is in White's border rows; a Black peg may not stand there");
    assert_refused("(;GM[21]AW[x24])", "TWIXT_CORNER", 1, 9, NULL);
    assert_refused("(;GM[21]PL[X])", "TWIXT_BAD_PL", 1, 9, "PL names the colour to move: PL[B] or PL[W]");
    lx_diag_list *d = check("(;GM[21]SZ[12]VW[a1:l12]PZ[];W[f3])");
    assert_no_diag(d, "TWIXT_BAD_VIEW");
    lx_diag_list_free(d);
    d = check("(;GM[21]SZ[12]VW[a1:m12];W[f3])");
    assert_diag(d, "TWIXT_BAD_VIEW", LX_WARNING, 1, 17);
    lx_diag_list_free(d);
}

/* A page maps a click on the SVG to a move: every hole but the corners names
 * itself as ludexd's move text and says whose peg is in it; every link names
 * its two ends, the left one first. */
static void svg_holes_and_links_name_their_moves(void **state)
{
    (void)state;
    lx_twixt_board *b = board_after("(;FF[4]GM[21];W[d5];B[k10];W[e7];B[l12];W[f5])", 0);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_SVG, 0, &out), 0);
    assert_int_equal(occurrences(out.data, " data-move=\""), 24 * 24 - 4);
    assert_int_equal(occurrences(out.data, "<circle class=\"hole\" data-move=\""), 24 * 24 - 4);
    assert_null(strstr(out.data, " data-move=\"a1\""));
    assert_null(strstr(out.data, " data-move=\"x24\""));
    assert_int_equal(occurrences(out.data, " data-peg=\""), 5);
    assert_int_equal(occurrences(out.data, "<line class=\"link\" data-link=\""), 3);
    assert_int_equal(occurrences(out.data, "<line class=\"link-edge\" data-link=\""), 2); /* under White's */
    static const char *const named[] = {" data-move=\"a2\" cx=\"", " data-move=\"b1\" cx=\"",
                                        " data-move=\"d5\" data-peg=\"W\" cx=\"",
                                        " data-move=\"k10\" data-peg=\"B\" cx=\"",
                                        "<line class=\"link\" data-link=\"d5-e7\" x1=\"",
                                        "<line class=\"link\" data-link=\"e7-f5\" x1=\"",
                                        "<line class=\"link\" data-link=\"k10-l12\" x1=\"", NULL};
    assert_holds_all(out.data, named);
    lx_twixt_board_free(b);
    lx_buf_free(&out);
}

/* ---- describe_json and the module ---------------------------------------------------------- */

static void any_node_of_a_tree(void **state)
{
    (void)state;
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree("(;GM[21];W[k5](;B[c3];W[l7])(;B[d4]))", &doc);
    lx_diag_list *d = lx_diag_list_new();
    lx_twixt_board *b = lx_twixt_position_at_node(t, 4, d); /* ;B[d4] */
    assert_non_null(b);
    assert_int_equal(lx_twixt_peg_at(b, 3, 3), LX_BLACK);
    assert_int_equal(lx_twixt_peg_at(b, 2, 2), LX_NO_COLOUR);
    lx_buf svg = LX_BUF_INIT;
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_SVG, 1, &svg), 0);
    assert_non_null(strstr(svg.data, "last move 2: B d4"));
    lx_buf_free(&svg);
    lx_twixt_board_free(b);
    assert_null(lx_twixt_position_at_node(t, 9, d));
    lx_diag_list_free(d);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
}

static void json_lists_are_sorted_by_bytes(void **state)
{
    (void)state;
    char json[512];
    lx_twixt_board *b = board_after("(;GM[21];W[b10];B[j2];W[c12];B[a10];W[b2];B[a3])", 0);
    json_of(b, json, sizeof json);
    assert_string_equal(json, "\"pegs\":{\"W\":[\"b10\",\"b2\",\"c12\"],\"B\":[\"a10\",\"a3\",\"j2\"]},"
                              "\"links\":{\"W\":[[\"b10\",\"c12\"]],\"B\":[]}");
    lx_twixt_board_free(b);
    assert_ptr_equal(lx_game_builtin_by_gm(21), &lx_twixt_module);
    assert_ptr_equal(lx_game_builtin_by_name("TWIXT"), &lx_twixt_module);
    assert_true(lx_twixt_module.move_size <= LX_MOVE_MAX_SIZE);
}

/* RE against the final position: White connects c1-d3-c5 on a 5x5 board. */
static void result_is_checked_against_the_position(void **state)
{
    (void)state;
    static const struct {
        const char *re, *code;
        lx_severity sev;
    } cases[] = {
        {"W+", NULL, 0},
        {"W+R", NULL, 0},
        {"?", NULL, 0},
        {"B+", "TWIXT_RESULT_MISMATCH", LX_ERROR},
        {"B+R", "TWIXT_RESULT_MISMATCH", LX_ERROR},
        {"0", "TWIXT_RESULT_MISMATCH", LX_ERROR},
        {"White wins", "TWIXT_RESULT_FORM", LX_WARNING},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[160];
        snprintf(text, sizeof text, "(;FF[4]GM[21]SZ[5]RE[%s];W[c1];B[a2];W[d3];B[a4];W[c5])", cases[i].re);
        lx_diag_list *d = check(text);
        if (!cases[i].code) {
            assert_int_equal(lx_diag_count(d), 0);
        } else {
            assert_diag(d, cases[i].code, cases[i].sev, 1, 19);
        }
        lx_diag_list_free(d);
    }
    /* a connection RE without the chain: the game is not over */
    lx_diag_list *d = check("(;FF[4]GM[21]SZ[8]RE[W+];W[c1];B[a2])");
    assert_diag(d, "TWIXT_RESULT_MISMATCH", LX_ERROR, 1, 19);
    assert_string_equal(find_diag(d, "TWIXT_RESULT_MISMATCH")->message,
                        "RE[W+] says White connected, but at the end of the main line no White chain joins its "
                        "border rows (write W+R for a resignation)");
    lx_diag_list_free(d);
    /* a refused move ends the replay early: RE is not judged then */
    d = check("(;FF[4]GM[21]SZ[8]RE[W+];W[c1];W[d3])");
    assert_null(find_diag(d, "TWIXT_RESULT_MISMATCH"));
    lx_diag_list_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_link_crosses_exactly_the_links_geometry_says),
        cmocka_unit_test(centres_name_the_two_links_through_them),
        cmocka_unit_test(centres_in_both_notations_any_case),
        cmocka_unit_test(the_backslash_rule),
        cmocka_unit_test(the_writer_escapes_the_backslash),
        cmocka_unit_test(values_that_are_not_moves),
        cmocka_unit_test(boards_from_3_to_702),
        cmocka_unit_test(where_pegs_may_go),
        cmocka_unit_test(white_moves_first_unless_pl_says_otherwise),
        cmocka_unit_test(autolinking),
        cmocka_unit_test(own_links_block_under_std_not_under_pp),
        cmocka_unit_test(the_spec_long_move_gives_the_spec_position),
        cmocka_unit_test(long_move_rules),
        cmocka_unit_test(swap_pieces_and_swap_sides),
        cmocka_unit_test(handicap_games),
        cmocka_unit_test(resign_and_forfeit),
        cmocka_unit_test(a_win_ends_the_game),
        cmocka_unit_test(example_a_is_a_draw),
        cmocka_unit_test(example_b_is_no_draw),
        cmocka_unit_test(drawings_look_like_the_help_file),
        cmocka_unit_test(puzzles_relax_turns_before_ip),
        cmocka_unit_test(puzzle_goals_are_checked),
        cmocka_unit_test(setup_pegs_have_no_links),
        cmocka_unit_test(svg_holes_and_links_name_their_moves),
        cmocka_unit_test(any_node_of_a_tree),
        cmocka_unit_test(json_lists_are_sorted_by_bytes),
        cmocka_unit_test(result_is_checked_against_the_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_bgammon.c - the rules of backgammon as ludex replays them from SGF GM[6]:
 * points and moves, every rule a play can break (each with a hand-made
 * illegal play and its exact code), the cube (doubles, takes, drops, beavers,
 * Crawford, NoCube), what games are worth, RE against the position, MI and
 * RU, setup in both of the orders writers use, several games as one match,
 * GNU Backgammon's IDs, drawings and canonical values.
 *
 * Reminder of the letters: White's point p is 'a' + p - 1, Black's point p is
 * 'a' + 24 - p; 'y' is the bar, 'z' off.  At the start White has x x (24),
 * m*5 (13), h*3 (8), f*5 (6); Black has a a (its 24), l*5 (13), q*3 (8),
 * s*5 (6). */
#include "testutil.h"

#include "ludex/bgammon.h"

/* ---- helpers ---------------------------------------------------------------------------- */

static lx_diag_list *checked(const char *text)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_check_summary s;
    assert_int_equal(lx_check_document(text, strlen(text), NULL, &s, d), 0);
    assert_int_equal(s.unchecked, 0);
    return d;
}

static void print_all(lx_diag_list *d)
{
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        print_message("  %u:%u %s %s: %s\n", x->line, x->col, lx_severity_name(x->severity), x->code, x->message);
    }
}

/* The text checks with no error and no warning. */
static void legal(const char *text)
{
    lx_diag_list *d = checked(text);
    if (lx_diag_count(d) > 0) {
        print_all(d);
        fail_msg("expected no diagnostic for %s", text);
    }
    lx_diag_list_free(d);
}

/* The text has a diagnostic `code` of severity `sev` whose message contains `words` (may be NULL). */
static void expect(const char *text, const char *code, lx_severity sev, const char *words)
{
    lx_diag_list *d = checked(text);
    const lx_diag *x = find_diag(d, code);
    if (!x || x->severity != sev || (words && !strstr(x->message, words))) {
        print_all(d);
        fail_msg("expected %s (%s) with '%s' for %s", code, lx_severity_name(sev), words ? words : "", text);
    }
    lx_diag_list_free(d);
}

static void refused(const char *text, const char *code, const char *words)
{
    expect(text, code, LX_ERROR, words);
}

/* The game after the whole main line of the first tree of `text`. */
static lx_bgammon_game *game_of(const char *text)
{
    parsed p;
    parse_text(&p, text);
    assert_true(p.ntrees >= 1);
    lx_bgammon_game *g = lx_bgammon_position_after(p.trees[0], (size_t)-1, p.diags);
    assert_non_null(g);
    parsed_free(&p);
    return g;
}

static void ids_of(const char *text, char pos[15], char match[13])
{
    lx_bgammon_game *g = game_of(text);
    lx_bgammon_game_ids(g, pos, match);
    lx_bgammon_game_free(g);
}

static void result_is(const char *text, const char *re)
{
    lx_bgammon_game *g = game_of(text);
    lx_game_result r;
    lx_bgammon_game_result(g, &r);
    assert_string_equal(r.re, re);
    assert_int_equal(r.over, re[0] != '\0');
    lx_bgammon_game_free(g);
}

/* White on the bar with 1, f*5 h*3 m*5 x*1; Black at its start.  White to play. */
#define WHITE_ON_BAR "(;FF[4]GM[6]AE[a:y]AW[y][f][f][f][f][f][h][h][h][m][m][m][m][m][x]" \
                     "AB[a][a][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W]"
/* White bearing off: a*2 b*2 c*2 d*2 e*2 f*5; Black as at its start but its back checkers on g. */
#define WHITE_HOME "(;FF[4]GM[6]AE[a:y]AW[a][a][b][b][c][c][d][d][e][e][f][f][f][f][f]" \
                   "AB[g][g][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W]"
/* White has one checker left, on j (its 10); Black holds White's 1-point. */
#define WHITE_ALONE "(;FF[4]GM[6]AE[a:y]AW[j]AB[a][a][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W]"

/* ---- points and letters ------------------------------------------------------------------ */

static void letters_name_points_from_each_side(void **state)
{
    (void)state;
    assert_int_equal(lx_bgammon_point_letter(LX_WHITE, 1), 'a');
    assert_int_equal(lx_bgammon_point_letter(LX_WHITE, 24), 'x');
    assert_int_equal(lx_bgammon_point_letter(LX_BLACK, 1), 'x');
    assert_int_equal(lx_bgammon_point_letter(LX_BLACK, 24), 'a');
    assert_int_equal(lx_bgammon_point_letter(LX_BLACK, 25), 'y');
    assert_int_equal(lx_bgammon_point_letter(LX_WHITE, 0), 'z');
    assert_int_equal(lx_bgammon_point_letter(LX_WHITE, 26), 0);
    assert_int_equal(lx_bgammon_letter_point(LX_WHITE, 'h'), 8);
    assert_int_equal(lx_bgammon_letter_point(LX_BLACK, 'h'), 17);
    assert_int_equal(lx_bgammon_letter_point(LX_BLACK, 'Y'), 25);
    assert_int_equal(lx_bgammon_letter_point(LX_BLACK, 'z'), 0);
    assert_int_equal(lx_bgammon_letter_point(LX_BLACK, '1'), -1);
    for (int p = 0; p <= 25; p++)
        for (int c = 0; c < 2; c++)
            assert_int_equal(lx_bgammon_letter_point((lx_colour)c, lx_bgammon_point_letter((lx_colour)c, p)), p);
}

static void starting_positions(void **state)
{
    (void)state;
    lx_bgammon_board b;
    lx_game_error e;
    lx_game_error_init(&e);
    lx_bgammon_board_start(&b, LX_BGAMMON_STANDARD);
    assert_int_equal(lx_bgammon_pips(&b, LX_WHITE), 167);
    assert_int_equal(lx_bgammon_pips(&b, LX_BLACK), 167);
    assert_int_equal(lx_bgammon_board_check(&b, &e), 0);
    lx_bgammon_board_start(&b, LX_BGAMMON_NACKGAMMON);
    assert_int_equal(lx_bgammon_pips(&b, LX_BLACK), 2 * 24 + 2 * 23 + 4 * 13 + 3 * 8 + 4 * 6);
    lx_bgammon_board_start(&b, LX_BGAMMON_HYPER3);
    assert_int_equal(lx_bgammon_pips(&b, LX_WHITE), 24 + 23 + 22);
    assert_int_equal(lx_bgammon_variant_checkers(LX_BGAMMON_HYPER2), 2);
    b.checkers[LX_WHITE][10] = 1; /* White's 10 is Black's 15: empty in hypergammon */
    assert_int_equal(lx_bgammon_board_check(&b, &e), 0);
    b.checkers[LX_BLACK][15] = 1; /* now both colours on one point */
    assert_int_equal(lx_bgammon_board_check(&b, &e), -1);
    assert_string_equal(e.code, "BG_SHARED_POINT");
    lx_game_error_free(&e);
}

/* ---- legal plays, including the spec's examples ------------------------------------------------ */

static void the_specs_examples_are_legal(void **state)
{
    (void)state;
    legal("(;FF[4]GM[6];W[31hefe])");                                /* 8/5 6/5 */
    legal("(;FF[4]GM[6]AE[a]AB[a][y]PL[B];B[61yg])");                /* bar/18 with both dice: bar/24/18 */
    legal(WHITE_ON_BAR ";W[66])");                                   /* the 6 cannot enter: no move */
    legal("(;FF[4]GM[6]AE[a:y]AW[f][e][d][c][b][b][b][b][b][a][a][a][a][a][a]"
          "AB[g][g][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W];W[66fzezdzcz])"); /* 6/off 5/off 4/off 3/off */
    legal(WHITE_HOME "MI[length:0];W[double];B[double];W[take];W[66fzfzfzfz])"); /* a beaver, then 6/off(4) */
}

static void a_pair_may_use_several_dice(void **state)
{
    (void)state;
    /* bar/18 with 6-1: entering with the 6 would land on White's 6-point, so the 1 enters */
    lx_bgammon_game *g = game_of("(;FF[4]GM[6]AE[a]AB[a][y]PL[B];B[61yg])");
    const lx_bgammon_board *b = lx_bgammon_game_board(g);
    assert_int_equal(b->checkers[LX_BLACK][25], 0);
    assert_int_equal(b->checkers[LX_BLACK][18], 1);
    assert_int_equal(b->checkers[LX_BLACK][24], 1);
    lx_bgammon_game_free(g);
    /* 13/7 with 3-3 (two dice), then 13/10 6/3 ... written as 3 pairs of 4 dice */
    legal("(;FF[4]GM[6];W[21mkkj];B[33lrqtqt])");
    /* a blot on the way is hit only when no way round it is open */
    g = game_of("(;FF[4]GM[6]AE[a:y]AW[m][m][m][f][f][f][f][f][h][h][h][h][h][x][x]AB[l][q][q][q][s][s][s][s]"
                "[s][a][a][t][t][t][t]PL[W];W[41mh])");
    b = lx_bgammon_game_board(g);
    assert_int_equal(b->checkers[LX_BLACK][25], 0); /* went by the 9-point, not by the blot on the 12 */
    assert_int_equal(b->checkers[LX_BLACK][13], 1);
    lx_bgammon_game_free(g);
    refused("(;FF[4]GM[6];W[31mf])", "BG_NO_SUCH_DIE", "7 pips"); /* 13/6 is not 3+1 */
}

static void hits_send_a_blot_to_the_bar(void **state)
{
    (void)state;
    lx_bgammon_game *g = game_of("(;FF[4]GM[6]AE[a]AB[a][y]PL[B];B[61yg];W[21hgmk])");
    const lx_bgammon_board *b = lx_bgammon_game_board(g);
    assert_int_equal(b->checkers[LX_BLACK][25], 1);
    assert_int_equal(b->checkers[LX_BLACK][18], 0);
    assert_int_equal(b->checkers[LX_WHITE][7], 1);
    lx_bgammon_game_free(g);
}

/* ---- every rule a play can break ------------------------------------------------------------- */

static void checkers_on_the_bar_enter_first(void **state)
{
    (void)state;
    refused(WHITE_ON_BAR ";W[31hefe])", "BG_BAR_FIRST", "must enter it before moving from the 8-point (h)");
    legal(WHITE_ON_BAR ";W[31yvfe])");
    legal(WHITE_ON_BAR ";W[31feyv])"); /* written in another order that can be played: bar/22 first */
}

static void closed_points(void **state)
{
    (void)state;
    refused(WHITE_ON_BAR ";W[61ysfe])", "BG_POINT_CLOSED", "the 19-point (s) is closed: Black holds it with 5 checkers");
    refused("(;FF[4]GM[6];W[51xshc])", "BG_POINT_CLOSED", NULL);
    refused(WHITE_ON_BAR ";W[66ysysysys])", "BG_POINT_CLOSED", NULL);
}

static void checkers_must_be_there_and_go_forward(void **state)
{
    (void)state;
    refused("(;FF[4]GM[6];W[31gdfe])", "BG_NO_CHECKER", "White has no checker on the 7-point (g)");
    refused("(;FF[4]GM[6];W[31heef])", "BG_WRONG_DIRECTION", "backwards");
    refused("(;FF[4]GM[6];B[31lolp])", "BG_NO_SUCH_DIE", "the roll 3-1 has no 4");
    refused("(;FF[4]GM[6];W[31hfge])", "BG_NO_SUCH_DIE", "2 pips");
    refused("(;FF[4]GM[6];W[31zafe])", "BG_BAD_STEP", "off");
    refused("(;FF[4]GM[6];W[31hyfe])", "BG_BAD_STEP", "bar");
}

static void bearing_off(void **state)
{
    (void)state;
    legal(WHITE_HOME ";W[61fzaz])");
    legal(WHITE_HOME ";W[65fzfa])");
    refused("(;FF[4]GM[6]AE[a:y]AW[a][a][b][b][c][c][d][d][e][e][f][f][f][f][h]"
            "AB[g][g][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W];W[61fzaz])",
            "BG_BEAR_OFF_NOT_HOME", "outside the home board");
    /* White: d*2, b*3; with 6-5 the 4-point is the highest */
    const char *low = "(;FF[4]GM[6]AE[a:y]AW[d][d][b][b][b]AB[a][a][l][l][l][l][l][q][q][q][s][s][s][s][s]PL[W]";
    char text[512];
    snprintf(text, sizeof text, "%s;W[65bzbz])", low);
    refused(text, "BG_BEAR_OFF_HIGHER", "a checker on the 4-point must move first");
    snprintf(text, sizeof text, "%s;W[65dzdz])", low);
    legal(text);
    snprintf(text, sizeof text, "%s;W[21dbbz])", low); /* 4/2 with the 2, then 2/off with the 1? no: 1 < 2 */
    refused(text, "BG_NO_SUCH_DIE", "needs a 2 or more");
}

static void plays_use_as_many_dice_as_they_can(void **state)
{
    (void)state;
    refused("(;FF[4]GM[6];W[31he])", "BG_MUST_USE_BOTH", "both can be played");
    refused("(;FF[4]GM[6];W[31])", "BG_MUST_MOVE", "played nothing");
    refused("(;FF[4]GM[6];W[31hefehe])", "BG_TOO_MANY_STEPS", NULL);
    refused("(;FF[4]GM[6];W[21mkxw];B[44lp])", "BG_MUST_PLAY_MORE", "plays 1 of the four 4s, but 4 can be played");
    /* one checker on 10 and the 1-point closed: 6-3 plays only one die, and it must be the 6 */
    legal(WHITE_ALONE ";W[63jd])");
    refused(WHITE_ALONE ";W[63jg])", "BG_MUST_USE_LARGER", "the larger must be");
    /* 3-3: 10/7/4, then 4/1 is closed and 3 cannot bear off from 4 */
    legal(WHITE_ALONE ";W[33jggd])");
    refused(WHITE_ALONE ";W[33jg])", "BG_MUST_PLAY_MORE", "plays 1 of the four 3s, but 2 can be played");
    /* a roll that cannot be played at all is played as nothing */
    legal(WHITE_ON_BAR ";W[66])");
    refused(WHITE_ON_BAR ";W[65])", "BG_MUST_MOVE", NULL);
}

static void moves_are_read_strictly(void **state)
{
    (void)state;
    refused("(;FF[4]GM[6];W[])", "BG_MOVE_SYNTAX", "empty");
    refused("(;FF[4]GM[6];W[3])", "BG_MOVE_SYNTAX", NULL);
    refused("(;FF[4]GM[6];W[71hefe])", "BG_MOVE_SYNTAX", NULL);
    refused("(;FF[4]GM[6];W[31hef])", "BG_MOVE_SYNTAX", "alone");
    refused("(;FF[4]GM[6];W[31he-fe])", "BG_MOVE_SYNTAX", "'-'");
    refused("(;FF[4]GM[6];W[31hefehehehe])", "BG_TOO_MANY_STEPS", NULL);
    refused("(;FF[4]GM[6];W[31hefe];B[resign])", "BG_MOVE_SYNTAX", "RE records it");
    refused("(;FF[4]GM[6];W[31hefe];B[beaver])", "BG_MOVE_SYNTAX", NULL);
    legal("(;FF[4]GM[6];W[ 31HeFe ];B[DOUBLE];W[Take])");
}

/* ---- turns and the opening --------------------------------------------------------------------- */

static void turns(void **state)
{
    (void)state;
    legal("(;FF[4]GM[6];B[31qtst];W[31hefe])"); /* either colour may open */
    refused("(;FF[4]GM[6];W[31hefe];W[42hdfd])", "BG_NOT_YOUR_TURN", "Black's turn");
    refused("(;FF[4]GM[6];W[66xrxr])", "BG_OPENING_DOUBLET", "rolled again");
    refused("(;FF[4]GM[6];W[double])", "BG_OPENING_DOUBLE", NULL);
    legal("(;FF[4]GM[6];W[31hefe];B[66lrlrqwqw])"); /* doublets are fine after the opening */
    /* after a setup anything goes: a double first, or a doublet */
    legal(WHITE_HOME ";W[double];B[take];W[66fzfzfzfz])");
}

/* ---- the cube -------------------------------------------------------------------------------- */

static void doubles_takes_drops(void **state)
{
    (void)state;
    legal("(;FF[4]GM[6]RE[W+1];W[31hefe];B[42lpqs];W[double];B[drop])");
    legal("(;FF[4]GM[6]RE[W+2];W[31hefe];B[double];W[take];B[42lpqs];W[double];B[drop])"); /* a redouble dropped */
    refused("(;FF[4]GM[6];W[31hefe];B[double];W[take];B[42lpqs];W[21mkxw];B[double])", "BG_CUBE_NOT_YOURS",
            "White owns the cube at 2");
    refused("(;FF[4]GM[6];W[31hefe];B[double];B[42lpqs])", "BG_DOUBLE_PENDING", "White must first answer");
    refused("(;FF[4]GM[6];W[31hefe];B[double];W[42mihf])", "BG_DOUBLE_PENDING", NULL);
    refused("(;FF[4]GM[6];W[31hefe];B[take])", "BG_NO_DOUBLE", "nobody has doubled");
    refused("(;FF[4]GM[6];W[31hefe];B[double];B[take])", "BG_NOT_YOUR_TURN", "so White answers");
    refused("(;FF[4]GM[6];W[31hefe];W[double])", "BG_NOT_YOUR_TURN", "about to roll");
    refused("(;FF[4]GM[6];W[31hefe];B[double];W[drop];B[42lpqs])", "BG_GAME_OVER", "Black won it (1 point)");
    lx_bgammon_game *g = game_of("(;FF[4]GM[6];W[31hefe];B[double];W[take])");
    lx_bgammon_match_info m;
    lx_bgammon_game_info(g, &m);
    assert_int_equal(m.cube, 2);
    assert_int_equal(m.cube_owner, LX_WHITE);
    assert_int_equal(m.on_roll, LX_BLACK);
    assert_int_equal(m.turn, LX_BLACK);
    assert_int_equal(lx_bgammon_game_to_play(g), LX_BLACK);
    lx_bgammon_game_free(g);
}

static void beavers_in_money_games_only(void **state)
{
    (void)state;
    refused("(;FF[4]GM[6]MI[length:5];W[31hefe];B[double];W[double])", "BG_BEAVER_IN_MATCH", "5-point match");
    legal("(;FF[4]GM[6]RE[W+2];W[31hefe];B[double];W[double];B[drop])");
    legal("(;FF[4]GM[6]RE[B+4];W[31hefe];B[double];W[double];B[double];W[drop])"); /* a raccoon, dropped */
    lx_bgammon_game *g = game_of("(;FF[4]GM[6];W[31hefe];B[double];W[double];B[take])");
    lx_bgammon_match_info m;
    lx_bgammon_game_info(g, &m);
    assert_int_equal(m.cube, 4);
    assert_int_equal(m.cube_owner, LX_WHITE); /* the beaver keeps the cube */
    assert_int_equal(m.on_roll, LX_BLACK);
    lx_bgammon_game_free(g);
}

static void no_cube_when_the_rules_say_so(void **state)
{
    (void)state;
    refused("(;FF[4]GM[6]RU[NoCube];W[31hefe];B[double])", "BG_NO_CUBE", "NoCube");
    refused("(;FF[4]GM[6]CO[n];W[31hefe];B[double])", "BG_NO_CUBE", "CO[n]");
    refused("(;FF[4]GM[6]MI[length:5][game:3][ws:4][bs:2]RU[Crawford:CrawfordGame];W[31hefe];B[double])", "BG_CRAWFORD",
            NULL);
    legal("(;FF[4]GM[6]MI[length:5][game:4][ws:4][bs:3]RU[Crawford];W[31hefe];B[double])");
}

/* ---- what a game is worth, and RE -------------------------------------------------------------- */

#define LAST_CHECKER "(;FF[4]GM[6]AE[a:y]AW[a]AB[s][s][s][t][t][t][u][u][u][v][v][v][w][w][w]PL[W]"

static void single_gammon_backgammon(void **state)
{
    (void)state;
    result_is(LAST_CHECKER ";W[21az])", "W+2");                              /* gammon */
    result_is(LAST_CHECKER "MI[length:0]RU[Jacoby];W[21az])", "W+1");        /* Jacoby, cube centred */
    result_is(LAST_CHECKER "RU[Jacoby]CV[2]CO[b];W[21az])", "W+4");           /* cube turned: gammons count */
    result_is(LAST_CHECKER "MI[length:3]RU[Jacoby];W[21az])", "W+2");        /* no Jacoby in a match */
    result_is("(;FF[4]GM[6]AE[a:y]AW[a]AB[b][s][s][t][t][t][u][u][u][v][v][v][w][w][w]PL[W];W[21az])", "W+3");
    result_is("(;FF[4]GM[6]AE[a:y]AW[a]AB[y][s][s][t][t][t][u][u][u][v][v][v][w][w][w]PL[W];W[21az])", "W+3");
    result_is("(;FF[4]GM[6]AE[a:y]AW[a]AB[s][s][t][t][t][u][u][u][v][v][v][w][w][w]PL[W];W[21az])", "W+1");
    result_is("(;FF[4]GM[6]CV[4];W[31hefe];B[double];W[drop])", "B+4");
    result_is("(;FF[4]GM[6]RE[B+2R];W[31hefe])", "B+2R");
    result_is("(;FF[4]GM[6];W[31hefe])", "");
}

static void re_against_the_game(void **state)
{
    (void)state;
    legal(LAST_CHECKER "RE[W+2];W[21az])");
    refused(LAST_CHECKER "RE[W+1];W[21az])", "BG_RE_POINTS", "a gammon on a 1 cube, 2 points");
    refused(LAST_CHECKER "RE[B+2];W[21az])", "BG_RE_WINNER", "RE says Black won");
    refused("(;FF[4]GM[6]RE[W+2];W[31hefe];B[double];W[drop])", "BG_RE_WINNER", NULL);
    refused("(;FF[4]GM[6]RE[B+2];W[31hefe];B[double];W[drop])", "BG_RE_POINTS", "loses 1 point");
    refused("(;FF[4]GM[6]RE[W+1];W[31hefe])", "BG_RE_NOT_OVER", "W+1R");
    legal("(;FF[4]GM[6]RE[W+2R];W[31hefe])");
    legal("(;FF[4]GM[6]RE[W+6Resign]CV[2];W[31hefe])");
    legal("(;FF[4]GM[6]RE[W+R];W[31hefe])");
    legal("(;FF[4]GM[6]RE[B+T];W[31hefe])");
    legal("(;FF[4]GM[6]RE[?];W[31hefe])");
    refused("(;FF[4]GM[6]RE[W+5R]CV[2];W[31hefe])", "BG_RE_POINTS", "2, 4 or 6");
    refused("(;FF[4]GM[6]RE[W+1R];W[31hefe];B[double];W[drop])", "BG_RE_AFTER_END", "already over");
    refused("(;FF[4]GM[6]RE[0];W[31hefe])", "BG_RE_DRAW", NULL);
    refused("(;FF[4]GM[6]RE[W+2X];W[31hefe])", "BG_BAD_RE", NULL);
}

/* ---- MI, RU and GNU Backgammon's ways ---------------------------------------------------------- */

static void match_information(void **state)
{
    (void)state;
    legal("(;FF[4]GM[6]MI[length:7][game:1][ws:2][bs:1][wtime:0][btime:0][wtimeout:0][btimeout:0]RU[Crawford];W[31hefe])");
    expect("(;FF[4]GM[6]MI[length:7][game:0];W[31hefe])", "BG_MI_GAME_ZERO", LX_WARNING, "from 0");
    expect("(;FF[4]GM[6]MI[length:7][colour:blue];W[31hefe])", "BG_MI_UNKNOWN_TAG", LX_WARNING, "colour");
    expect("(;FF[4]GM[6]MI[length:seven];W[31hefe])", "BG_BAD_MI", LX_ERROR, NULL);
    expect("(;FF[4]GM[6]MI[nonsense];W[31hefe])", "BG_MI_SYNTAX", LX_WARNING, NULL);
    expect("(;FF[4]GM[6]MI[length:5][ws:5];W[31hefe])", "BG_MATCH_OVER", LX_ERROR, "already won");
    expect("(;FF[4]GM[6]RU[Crawford:Fancy];W[31hefe])", "BG_RU_UNKNOWN", LX_WARNING, "Fancy");
    expect("(;FF[4]GM[6]MI[length:0]RU[Crawford];W[31hefe])", "BG_RU_CRAWFORD_MONEY", LX_WARNING, NULL);
    expect("(;FF[4]GM[6]MI[length:5]RU[Crawford:Jacoby];W[31hefe])", "BG_RU_JACOBY_MATCH", LX_WARNING, NULL);
    expect("(;FF[4]GM[6];CP[b]W[31hefe])", "BG_GNUBG_CP", LX_WARNING, "CO");
    legal("(;FF[4]GM[6]CP[Copyright 2024 Someone];W[31hefe])"); /* FF[4]'s CP is not a cube */
    /* the match ID shows what MI and RU say */
    char pos[15], match[13];
    ids_of("(;FF[4]GM[6]MI[length:7][game:3][ws:6][bs:3]RU[Crawford:CrawfordGame];W[31hefe])", pos, match);
    lx_bgammon_match_info m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_bgammon_match_from_id(match, 12, &m, &e), 0);
    assert_int_equal(m.length, 7);
    assert_int_equal(m.score[LX_WHITE], 6);
    assert_int_equal(m.score[LX_BLACK], 3);
    assert_int_equal(m.crawford, 1);
    assert_int_equal(m.jacoby, 0);
    lx_game_error_free(&e);
}

static void variants_start_where_they_should(void **state)
{
    (void)state;
    legal("(;FF[4]GM[6]RU[Nackgammon];W[21xvwv])");
    refused("(;FF[4]GM[6];W[21xvwv])", "BG_NO_CHECKER", NULL); /* the standard start has none on 23 */
    legal("(;FF[4]GM[6]RU[Hypergammon2];W[21xvwv])");
    lx_bgammon_game *g = game_of("(;FF[4]GM[6]RU[Hypergammon1];W[21xwwu])");
    assert_int_equal(lx_bgammon_game_board(g)->checkers[LX_WHITE][0], 0);
    assert_int_equal(lx_bgammon_pips(lx_bgammon_game_board(g), LX_WHITE), 21);
    lx_bgammon_game_free(g);
}

/* ---- setup --------------------------------------------------------------------------------------- */

static void setup_in_either_order(void **state)
{
    (void)state;
    char a[15], b[15], ma[13], mb[13];
    /* GNU Backgammon writes AE first and then every checker; ludex's canonical order puts AE last */
    ids_of("(;FF[4]GM[6];W[21mkxw];PL[B]AE[a:y]AW[a][a][c][c][d][f][f][h][h][h][i][m][m][x][x]"
           "AB[s][s][s][s][s][q][q][q][p][p][p][l][l][y][y];CV[4];CP[b])",
           a, ma);
    ids_of("(;FF[4]GM[6];W[21mkxw];AB[s][s][s][s][s][q][q][q][p][p][p][l][l][y][y]"
           "AW[a][a][c][c][d][f][f][h][h][h][i][m][m][x][x]AE[a:y]PL[B];CV[4];CO[b])",
           b, mb);
    assert_string_equal(a, b);
    assert_string_equal(ma, mb);
    assert_string_equal(a, "s8yFATDgc4cBYA"); /* as GNU Backgammon's "set board" has it */
    refused("(;FF[4]GM[6]AW[c])", "BG_TOO_MANY_CHECKERS", "16");
    refused("(;FF[4]GM[6]AW[s])", "BG_SHARED_POINT", "holds Black checkers");
    refused("(;FF[4]GM[6]AE[a:y]AW[a][a][a][a][a][a][a][a][a][a][a][a][a][a][a][a])", "BG_TOO_MANY_CHECKERS", NULL);
    refused("(;FF[4]GM[6]AE[a:y]AW[7])", "BG_BAD_POINT", NULL);
    refused("(;FF[4]GM[6]PL[X])", "BG_BAD_PLAYER", NULL);
    refused("(;FF[4]GM[6]CV[3])", "BG_BAD_CUBE", "power of two");
    refused("(;FF[4]GM[6]CO[q])", "BG_BAD_CUBE", NULL);
    refused("(;FF[4]GM[6]DI[71])", "BG_BAD_DICE", NULL);
    legal("(;FF[4]GM[6]DI[31];W[31hefe])");
}

static void a_roll_gnubg_saved_unplayed(void **state)
{
    (void)state;
    /* GNU Backgammon saves a game between a roll and its play this way, and reads it back as nothing played */
    expect("(;FF[4]GM[6];W[31hefe];PL[B]DI[42];B[42])", "BG_GNUBG_UNPLAYED_ROLL", LX_WARNING, "4-2 can be played");
    refused("(;FF[4]GM[6];W[31hefe];B[42])", "BG_MUST_MOVE", NULL);                  /* no DI before it */
    refused("(;FF[4]GM[6];W[31hefe];PL[B]DI[53];B[42])", "BG_MUST_MOVE", NULL);      /* another roll */
    refused("(;FF[4]GM[6];W[31hefe];PL[B]DI[42];B[42];W[31xwxu])", "BG_MUST_MOVE", NULL); /* not the last */
}

/* ---- several games as one match ---------------------------------------------------------------- */

static void match_problems(const char *text, const char *code, lx_severity sev)
{
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_bgammon_check_match(text, strlen(text), NULL, d), 0);
    if (!code) {
        if (lx_diag_count(d)) {
            print_all(d);
            fail_msg("expected no match problem");
        }
    } else {
        const lx_diag *x = find_diag(d, code);
        if (!x || x->severity != sev) {
            print_all(d);
            fail_msg("expected %s", code);
        }
    }
    lx_diag_list_free(d);
}

static void games_of_a_match(void **state)
{
    (void)state;
    /* game 1: W wins 2 (cube 2 dropped); so game 2 starts at W 2, B 0: the Crawford game */
    const char *g1 = "(;FF[4]GM[6]MI[length:3][game:1][ws:0][bs:0]RU[Crawford]RE[W+2];W[31hefe];B[double];W[take];"
                     "B[42lpqs];W[double];B[drop])\n";
    char text[2048];
    snprintf(text, sizeof text, "%s(;FF[4]GM[6]MI[length:3][game:2][ws:2][bs:0]RU[Crawford:CrawfordGame]RE[B+1R];W[31hefe])\n"
             "(;FF[4]GM[6]MI[length:3][game:3][ws:2][bs:1]RU[Crawford];W[31hefe];B[double];W[drop])",
             g1);
    match_problems(text, NULL, LX_ERROR);
    snprintf(text, sizeof text, "%s(;FF[4]GM[6]MI[length:3][game:2][ws:1][bs:0]RU[Crawford];W[31hefe])", g1);
    match_problems(text, "BG_MATCH_SCORE", LX_ERROR);
    snprintf(text, sizeof text, "%s(;FF[4]GM[6]MI[length:3][game:2][ws:2][bs:0]RU[Crawford];W[31hefe])", g1);
    match_problems(text, "BG_CRAWFORD_GAME", LX_ERROR);
    snprintf(text, sizeof text, "%s(;FF[4]GM[6]MI[length:5][game:2][ws:2][bs:0]RU[Crawford:CrawfordGame];W[31hefe])", g1);
    match_problems(text, "BG_MATCH_LENGTH", LX_ERROR);
    snprintf(text, sizeof text, "%s(;FF[4]GM[6]MI[length:3][game:4][ws:2][bs:0]RU[Crawford:CrawfordGame];W[31hefe])", g1);
    match_problems(text, "BG_MATCH_GAME_NUMBER", LX_WARNING);
    snprintf(text, sizeof text,
             "(;FF[4]GM[6]MI[length:3][game:1][ws:0][bs:0];W[31hefe])\n"
             "(;FF[4]GM[6]MI[length:3][game:2][ws:0][bs:0];W[31hefe])");
    match_problems(text, "BG_MATCH_UNFINISHED", LX_ERROR);
    snprintf(text, sizeof text,
             "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]RE[W+1];W[31hefe];B[double];W[drop])\n"
             "(;FF[4]GM[6]MI[length:1][game:1][ws:0][bs:1];W[31hefe])");
    match_problems(text, "BG_MATCH_OVER", LX_ERROR);
    /* the bundled example match (beside tests/, where this file is) */
    char path[1024];
    const char *slash = strrchr(__FILE__, '/');
    snprintf(path, sizeof path, "%.*s/../examples/backgammon-match.sgf", slash ? (int)(slash - __FILE__) : 5,
             slash ? __FILE__ : "tests");
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    match_problems(text, NULL, LX_ERROR);
}

/* ---- GNU Backgammon's IDs ---------------------------------------------------------------------- */

static void ids_known_to_gnubg(void **state)
{
    (void)state;
    lx_bgammon_board b;
    char id[15], mid[13];
    lx_bgammon_board_start(&b, LX_BGAMMON_STANDARD);
    lx_bgammon_position_id(&b, LX_WHITE, id);
    assert_string_equal(id, "4HPwATDgc/ABMA");
    /* after White's opening 5-3 as 8/3 6/3, Black to roll (GNU Backgammon's own words) */
    char pos[15];
    ids_of("(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]RU[Crawford];B[53qvsv])", pos, mid);
    assert_string_equal(pos, "jGfwATDgc/ABMA");
    assert_string_equal(mid, "MAFgAAAAAAAE");
    /* decoding what gnubg printed after a drop in a 7-point match */
    lx_bgammon_match_info m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_bgammon_match_from_id("cATgAAAACAAE", 12, &m, &e), 0);
    assert_int_equal(m.state, LX_BGAMMON_DROPPED);
    assert_int_equal(m.length, 7);
    assert_int_equal(m.score[LX_BLACK], 1);
    assert_int_equal(m.on_roll, LX_BLACK);
    assert_int_equal(m.turn, LX_WHITE);
    lx_bgammon_match_id(&m, mid);
    assert_string_equal(mid, "cATgAAAACAAE");
    /* a money game under the Jacoby rule, cube 16 owned by White after three beavers */
    assert_int_equal(lx_bgammon_match_from_id("RAkAAAAAAAAA", 12, &m, &e), 0);
    assert_int_equal(m.cube, 16);
    assert_int_equal(m.cube_owner, LX_WHITE);
    assert_int_equal(m.jacoby, 1);
    assert_int_equal(lx_bgammon_match_from_id("cAngAAAAAAA", 11, &m, &e), -1);
    assert_string_equal(e.code, "BG_BAD_MATCH_ID");
    assert_int_equal(lx_bgammon_match_from_id("cAngAAAA!AAE", 12, &m, &e), -1);
    assert_int_equal(lx_bgammon_position_from_id("4HPwATDgc/ABM", 13, LX_WHITE, &b, &e), -1);
    assert_int_equal(lx_bgammon_position_from_id("//////////////", 14, LX_WHITE, &b, &e), -1);
    assert_string_equal(e.code, "BG_BAD_POSITION_ID");
    lx_game_error_free(&e);
}

static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static void ids_round_trip(void **state)
{
    (void)state;
    uint64_t seed = 99;
    lx_game_error e;
    lx_game_error_init(&e);
    for (int k = 0; k < 2000; k++) {
        lx_bgammon_board b, back;
        memset(&b, 0, sizeof b);
        for (int c = 0; c < 2; c++)
            for (int n = (int)(next_random(&seed) % 16); n > 0; n--) {
                int p = 1 + (int)(next_random(&seed) % 25);
                if (p <= 24 && b.checkers[1 - c][25 - p])
                    continue;
                b.checkers[c][p]++;
            }
        for (int c = 0; c < 2; c++) {
            int on = 0;
            for (int i = 1; i <= 25; i++)
                on += b.checkers[c][i];
            b.checkers[c][0] = (uint8_t)(15 - on);
        }
        lx_colour who = k % 2 ? LX_WHITE : LX_BLACK;
        char id[15];
        lx_bgammon_position_id(&b, who, id);
        assert_int_equal(strlen(id), 14);
        assert_int_equal(lx_bgammon_position_from_id(id, 14, who, &back, &e), 0);
        assert_memory_equal(&b, &back, sizeof b);
        lx_bgammon_match_info m;
        memset(&m, 0, sizeof m);
        int owner = (int)(next_random(&seed) % 3);
        m.cube = 1 << (next_random(&seed) % 16);
        m.cube_owner = owner == 2 ? LX_NO_COLOUR : (lx_colour)owner;
        m.on_roll = who;
        m.crawford = (int)(next_random(&seed) % 2);
        m.state = (lx_bgammon_game_state)(next_random(&seed) % 5);
        m.turn = (lx_colour)(next_random(&seed) % 2);
        m.doubled = (int)(next_random(&seed) % 2);
        m.resigned = (int)(next_random(&seed) % 4);
        m.length = (int)(next_random(&seed) % 32768);
        m.score[0] = (int)(next_random(&seed) % 32768);
        m.score[1] = (int)(next_random(&seed) % 32768);
        m.jacoby = (int)(next_random(&seed) % 2);
        if (k % 3) {
            m.dice[0] = 1 + (int)(next_random(&seed) % 6);
            m.dice[1] = 1 + (int)(next_random(&seed) % 6);
        }
        lx_bgammon_match_info m2;
        char mid[13];
        lx_bgammon_match_id(&m, mid);
        assert_int_equal(lx_bgammon_match_from_id(mid, 12, &m2, &e), 0);
        assert_memory_equal(&m, &m2, sizeof m);
    }
    lx_game_error_free(&e);
}

/* ---- drawing, describing, writing ---------------------------------------------------------------- */

/* A page maps a click on the SVG to a place: the 24 points numbered from
 * White's side whoever is on roll, the bar and the tray; medium size, u = 28. */
static void svg_points_name_themselves(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    lx_game_error e;
    lx_game_error_init(&e);
    /* White's 1 bottom right, 24 top right with White's two back checkers, 13 top left */
    static const char *const places[] = {"<polygon class=\"point\" data-point=\"1\" points=\"364.0,336.0 ",
                                         "<polygon class=\"point\" data-point=\"24\" points=\"364.0,28.0 ",
                                         "<circle cx=\"378.0\" cy=\"70.0\" r=\"12.6\" fill=\"#f5f5f5\"",
                                         "<polygon class=\"point\" data-point=\"13\" points=\"28.0,28.0 ",
                                         "<rect class=\"point\" data-point=\"bar\" x=\"196.0\" ",
                                         "<rect class=\"point\" data-point=\"off\" x=\"392.0\" ", NULL};
    for (int i = 0; i < 2; i++) { /* the opening position, Black on roll; after Black's first move, White */
        const char *ids = i ? "4HPwCSDgc/ABMA:MAGgAAAAAAAE" : "4HPwATDgc/ABMA:cAngAAAAAAAE";
        lx_buf_clear(&out);
        assert_int_equal(lx_bgammon_draw_ids(ids, LX_DRAW_SVG, 2, &out, &e), 0);
        assert_int_equal(occurrences(out.data, " data-point=\""), 26);
        assert_int_equal(occurrences(out.data, " class=\"point\" data-point=\""), 26);
        assert_holds_all(out.data, places);
    }
    lx_game_error_free(&e);
    lx_buf_free(&out);
}

static void drawings(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_true(lx_bgammon_is_id_pair("4HPwATDgc/ABMA:cAngAAAAAAAE"));
    assert_true(lx_bgammon_is_id_pair("4HPwATDgc/ABMA"));
    assert_false(lx_bgammon_is_id_pair("4HPwATDgc/ABMA:cAngAAAAAAA"));
    assert_false(lx_bgammon_is_id_pair("game.sgf"));
    assert_int_equal(lx_bgammon_draw_ids("4HPwATDgc/ABMA:cAngAAAAAAAE", LX_DRAW_ASCII, 0, &out, &e), 0);
    assert_non_null(strstr(out.data, " +13-14-15-16-17-18------19-20-21-22-23-24-+"));
    assert_non_null(strstr(out.data, " +12-11-10--9--8--7-------6--5--4--3--2--1-+   O White   score 0"));
    assert_non_null(strstr(out.data, "pips 167   off 0"));
    assert_non_null(strstr(out.data, " | O           X    |   | X              O |"));
    assert_non_null(strstr(out.data, "7-point match"));
    assert_non_null(strstr(out.data, "Black to roll."));
    lx_buf_clear(&out);
    assert_int_equal(lx_bgammon_draw_ids("4HPwATDgc/ABMA:cAngAAAAAAAE", LX_DRAW_SVG, 2, &out, &e), 0);
    assert_non_null(strstr(out.data, "<svg"));
    assert_non_null(strstr(out.data, "</svg>\n"));
    assert_int_equal(lx_bgammon_draw_ids("4HPwATDgc/AB!A:cAngAAAAAAAE", LX_DRAW_ASCII, 0, &out, &e), -1);
    /* the cube's owner, and the JSON members of `replay --json` */
    lx_bgammon_game *g = game_of("(;FF[4]GM[6];W[31hefe];B[double];W[take])");
    lx_buf_clear(&out);
    assert_int_equal(lx_bgammon_draw(g, LX_DRAW_ASCII, 0, &out), 0);
    assert_non_null(strstr(out.data, "cube 2, White's"));
    lx_buf_clear(&out);
    assert_int_equal(lx_bgammon_describe_json(g, &out), 0);
    char pos[15], mid[13], want[80];
    lx_bgammon_game_ids(g, pos, mid);
    snprintf(want, sizeof want, "\"position_id\":\"%s\",\"match_id\":\"%s\"", pos, mid);
    assert_string_equal(out.data, want);
    lx_bgammon_game_free(g);
    lx_buf_free(&out);
    lx_game_error_free(&e);
}

static void canonical_values(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]GM[6]AE[A:Y]AW[ F ]A[keep this]XX[and this];W[ 31HeFe ]DA[x];B[Double];W[take])");
    lx_buf out = LX_BUF_INIT;
    lx_sgf_write_options wo = {0};
    lx_game_write_options(&lx_bgammon_module, &wo);
    assert_int_equal(lx_sgf_write_tree(p.trees[0], &wo, &out), 0);
    assert_non_null(strstr(out.data, "AE[a:y]"));
    assert_non_null(strstr(out.data, "AW[f]"));
    assert_non_null(strstr(out.data, "W[31hefe]"));
    assert_non_null(strstr(out.data, "B[double]"));
    assert_non_null(strstr(out.data, "A[keep this]"));
    assert_non_null(strstr(out.data, "DA[x]"));
    assert_non_null(strstr(out.data, "XX[and this]"));
    lx_buf_free(&out);
    parsed_free(&p);
}

static void the_library_plays_games_too(void **state)
{
    (void)state;
    lx_bgammon_game *g = lx_bgammon_game_new(LX_BGAMMON_STANDARD);
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_bgammon_game_to_play(g), LX_NO_COLOUR);
    assert_int_equal(lx_bgammon_game_act(g, LX_WHITE, "31hefe", 6, &e), 0);
    assert_int_equal(lx_bgammon_game_to_play(g), LX_BLACK);
    assert_int_equal(lx_bgammon_game_act(g, LX_WHITE, "42hdfd", 6, &e), -1);
    assert_string_equal(e.code, "BG_NOT_YOUR_TURN");
    assert_int_equal(lx_bgammon_game_act(g, LX_BLACK, "double", 6, &e), 0);
    assert_int_equal(lx_bgammon_game_to_play(g), LX_WHITE);
    lx_bgammon_game *copy = lx_bgammon_game_copy(g);
    assert_int_equal(lx_bgammon_game_act(copy, LX_WHITE, "drop", 4, &e), 0);
    lx_game_result r;
    lx_bgammon_game_result(copy, &r);
    assert_string_equal(r.re, "B+1");
    assert_int_equal(r.winner, LX_BLACK);
    lx_bgammon_game_result(g, &r); /* the copy is a copy */
    assert_int_equal(r.over, 0);
    lx_bgammon_game_free(copy);
    lx_bgammon_game_free(g);
    lx_game_error_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(letters_name_points_from_each_side),
        cmocka_unit_test(starting_positions),
        cmocka_unit_test(the_specs_examples_are_legal),
        cmocka_unit_test(a_pair_may_use_several_dice),
        cmocka_unit_test(hits_send_a_blot_to_the_bar),
        cmocka_unit_test(checkers_on_the_bar_enter_first),
        cmocka_unit_test(closed_points),
        cmocka_unit_test(checkers_must_be_there_and_go_forward),
        cmocka_unit_test(bearing_off),
        cmocka_unit_test(plays_use_as_many_dice_as_they_can),
        cmocka_unit_test(moves_are_read_strictly),
        cmocka_unit_test(turns),
        cmocka_unit_test(doubles_takes_drops),
        cmocka_unit_test(beavers_in_money_games_only),
        cmocka_unit_test(no_cube_when_the_rules_say_so),
        cmocka_unit_test(single_gammon_backgammon),
        cmocka_unit_test(re_against_the_game),
        cmocka_unit_test(match_information),
        cmocka_unit_test(variants_start_where_they_should),
        cmocka_unit_test(setup_in_either_order),
        cmocka_unit_test(a_roll_gnubg_saved_unplayed),
        cmocka_unit_test(games_of_a_match),
        cmocka_unit_test(ids_known_to_gnubg),
        cmocka_unit_test(ids_round_trip),
        cmocka_unit_test(drawings),
        cmocka_unit_test(svg_points_name_themselves),
        cmocka_unit_test(canonical_values),
        cmocka_unit_test(the_library_plays_games_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

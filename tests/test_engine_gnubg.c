/* test_engine_gnubg.c - the "backgammon" engine kind: GNU Backgammon driven as a
 * process, every answer checked by ludex's rules.
 *
 * The readers of gnubg's answers are tested on its own words (copied from
 * gnubg 1.07's output).  With gnubg installed (/usr/games/gnubg, or
 * LUDEX_GNUBG naming it) the engine plays: chosen plays for given dice,
 * a whole game against itself (each move replayed by an independent game),
 * the cube (a beaver answered, doubling refused in the Crawford game), and
 * stand-in programs (shell scripts) that die, hang or answer nonsense:
 * restarted once, then ENGINE_FAILED, never a hang or an illegal move.
 * A missing program is ENGINE_UNAVAILABLE naming the Debian package, with
 * or without gnubg. */
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "engine/gnubg_int.h"

/* ---- reading gnubg's answers ------------------------------------------------------------- */

static const char hint_reply[] =
    " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n"
    "                 Match ID   : cIkqAAAAAAAA\n"
    "Setting GNUbg ID 4HPwATDgc/ABMA:cIkqAAAAAAAA\n"
    "    1. Cubeful 2-ply    24/22 13/8                   Eq.: +0.003\n"
    "       0.502 0.133 0.005 - 0.498 0.133 0.005\n"
    "        2-ply cubeful prune [world class]\n"
    "    2. Cubeful 2-ply    13/11 13/8                   Eq.: -0.006 (-0.009)\n"
    "       0.497 0.148 0.008 - 0.503 0.141 0.007\n"
    "   10. Cubeful 0-ply    bar/22* 6/off                Eq.: -1.250 (-1.253)\n"
    "    3. Cubeful 2-ply    Eq.: -0.026\n"
    "    4. Cubeful 2-ply    13/8 6/4                     Eq.: n/a\n"
    "The prompt has been set to `ludex-mark-2'.\n";

static void reads_the_plays_of_a_hint(void **state)
{
    (void)state;
    gnubg_hint_play p[8];
    size_t n = gnubg_parse_plays(hint_reply, p, 8);
    assert_int_equal(n, 3); /* lines without a play or an equity are not plays */
    assert_string_equal(p[0].notation, "24/22 13/8");
    assert_true(p[0].equity > 0.0029 && p[0].equity < 0.0031);
    assert_string_equal(p[1].notation, "13/11 13/8");
    assert_true(p[1].equity < -0.0059 && p[1].equity > -0.0061);
    assert_string_equal(p[2].notation, "bar/22* 6/off");
    assert_true(p[2].equity < -1.2499 && p[2].equity > -1.2501);
    assert_int_equal(gnubg_parse_plays(hint_reply, p, 1), 1);
    assert_int_equal(gnubg_parse_plays("There are no legal moves.\n", p, 8), 0);
}

static const char cube_reply[] = "Cube analysis\n"
                                 "2-ply cubeless equity -0.000\n"
                                 "  0.501 0.134 0.006 - 0.499 0.136 0.006\n"
                                 "Cubeful equities:\n"
                                 "1. No double           +0.003\n"
                                 "2. Double, pass        +1.000  (+0.997)\n"
                                 "3. Double, take        -0.339  (-0.342)\n"
                                 "Proper cube action: No double, beaver (25.5%)\n";

static void reads_a_cube_analysis(void **state)
{
    (void)state;
    gnubg_cube_analysis c;
    assert_int_equal(gnubg_parse_cube(cube_reply, &c), 0);
    assert_true(c.no_double > 0.0029 && c.no_double < 0.0031);
    assert_true(c.double_pass > 0.9999 && c.double_pass < 1.0001);
    assert_true(c.double_take < -0.3389 && c.double_take > -0.3391);
    assert_string_equal(c.proper, "No double, beaver");
    assert_int_equal(gnubg_cube_should_double(&c), 0);
    assert_int_equal(gnubg_cube_answer(&c), 2);
    strcpy(c.proper, "Redouble, pass");
    assert_int_equal(gnubg_cube_should_double(&c), 1);
    assert_int_equal(gnubg_cube_answer(&c), 0);
    strcpy(c.proper, "Too good to double, take");
    assert_int_equal(gnubg_cube_should_double(&c), 0);
    assert_int_equal(gnubg_cube_answer(&c), 1);
    /* cut short: no verdict */
    char cut[sizeof cube_reply];
    strcpy(cut, cube_reply);
    *strstr(cut, "Proper") = '\0';
    assert_int_equal(gnubg_parse_cube(cut, &c), -1);
    assert_int_equal(gnubg_parse_cube("You cannot double.\n", &c), -1);
}

static void plays_gnubg_notation_on_a_board(void **state)
{
    (void)state;
    lx_bgammon_board start, b;
    lx_bgammon_board_start(&start, LX_BGAMMON_STANDARD);
    b = start;
    assert_int_equal(gnubg_apply_notation(&b, LX_WHITE, "13/7(2) 8/2(2)"), 0);
    assert_int_equal(b.checkers[LX_WHITE][13], 3);
    assert_int_equal(b.checkers[LX_WHITE][7], 2);
    assert_int_equal(b.checkers[LX_WHITE][8], 1);
    assert_int_equal(b.checkers[LX_WHITE][2], 2);
    /* a hit on the way: Black's blot on White's 20-point (Black's 5) */
    b = start;
    b.checkers[LX_BLACK][6]--;
    b.checkers[LX_BLACK][5]++;
    assert_int_equal(gnubg_apply_notation(&b, LX_WHITE, "24/20*/16"), 0);
    assert_int_equal(b.checkers[LX_BLACK][5], 0);
    assert_int_equal(b.checkers[LX_BLACK][LX_BGAMMON_BAR], 1);
    assert_int_equal(b.checkers[LX_WHITE][16], 1);
    assert_int_equal(b.checkers[LX_WHITE][24], 1);
    /* nonsense is refused */
    const char *bad[] = {"", "24", "24/25", "7/1", "24/22/23", "13/7(5)", "off/3", "26/20", "13/8x", "6/off/3",
                         "24/23 24/23 24/23", "1/2 3/4 5/6 7/8 9/10"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        b = start;
        assert_int_equal(gnubg_apply_notation(&b, LX_WHITE, bad[i]), -1);
    }
}

/* ---- the engine --------------------------------------------------------------------------- */

static const char *gnubg_path(void)
{
    const char *env = getenv("LUDEX_GNUBG");
    if (env && *env)
        return env;
    return access("/usr/games/gnubg", X_OK) == 0 ? "/usr/games/gnubg" : NULL;
}

static lx_engine *engine(const char *program, const char *rules, int length, double seconds, lx_game_error *err)
{
    lx_engine_options o;
    lx_engine_options_init(&o, "backgammon");
    o.program = program;
    o.rules = rules;
    o.match_length = length;
    o.seconds = seconds;
    o.seed = 12345;
    return lx_engine_new(&o, err);
}

static void a_missing_program_is_unavailable(void **state)
{
    (void)state;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_null(engine("/nonexistent/gnubg", "", 0, 0.1, &err));
    assert_string_equal(err.code, "ENGINE_UNAVAILABLE");
    assert_non_null(strstr(err.message.data, "gnubg"));
    lx_game_error_free(&err);
    /* hypergammon is not offered, whatever is installed */
    lx_game_error_init(&err);
    assert_null(engine(gnubg_path() ? gnubg_path() : "/nonexistent/gnubg", "Hypergammon2", 0, 0.1, &err));
    assert_string_equal(err.code, "ENGINE_UNAVAILABLE");
    lx_game_error_free(&err);
}

#define NEED_GNUBG()                                                                                          \
    const char *gnubg = gnubg_path();                                                                         \
    if (!gnubg) {                                                                                             \
        print_message("  skipped: GNU Backgammon is not installed (Debian package gnubg; or set LUDEX_GNUBG)\n"); \
        return;                                                                                               \
    }

static void plays_the_best_opening_and_checks_it(void **state)
{
    (void)state;
    NEED_GNUBG();
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(gnubg, "", 0, 1.0, &err);
    assert_non_null(e);
    assert_string_equal(lx_engine_kind(e), "backgammon");
    /* White's opening 3-1: every engine plays 8/5 6/5, SGF "31" + h-e f-e */
    assert_int_equal(lx_engine_set_dice(e, 3, 1), 0);
    lx_engine_candidate c[8];
    size_t n = 0;
    assert_int_equal(lx_engine_analyse(e, LX_WHITE, c, 8, &n, &err), 0);
    assert_int_equal(n, 8);
    assert_string_equal(c[0].move, "31hefe");
    for (size_t i = 1; i < n; i++)
        assert_true(c[i].value <= c[i - 1].value + 1e-9);
    lx_buf mv = LX_BUF_INIT;
    assert_int_equal(lx_engine_genmove(e, LX_WHITE, &mv, &err), 0);
    assert_string_equal(mv.data, "31hefe");
    assert_int_equal(lx_engine_to_play(e), LX_BLACK);
    /* Black may not play for White, and a bad value is refused with the rules' reason */
    assert_int_equal(lx_engine_play(e, LX_WHITE, "31hefe", &err), -1);
    assert_int_equal(lx_engine_play(e, LX_BLACK, "31aaaa", &err), -1);
    assert_non_null(err.code);
    /* undo gives the start back */
    assert_int_equal(lx_engine_undo(e), 0);
    assert_int_equal(lx_engine_undo(e), -1);
    lx_buf_free(&mv);
    lx_engine_free(e);
    lx_game_error_free(&err);
}

/* gnubg against itself, every move replayed by an independent game. */
static void whole_game(const char *gnubg, const char *rules)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(gnubg, rules, 0, 0.1, &err);
    assert_non_null(e);
    lx_bgammon_game *g = lx_bgammon_game_new(LX_BGAMMON_STANDARD);
    lx_colour who = LX_WHITE;
    lx_buf mv = LX_BUF_INIT;
    int moves = 0, cube = 0;
    lx_game_result r;
    for (lx_engine_result(e, &r); !r.over && moves < 600; lx_engine_result(e, &r)) {
        lx_buf_clear(&mv);
        if (moves > 0)
            who = lx_engine_to_play(e);
        if (lx_engine_genmove(e, who, &mv, &err) != 0)
            fail_msg("move %d: %s %s", moves, err.code, err.message.data);
        if (lx_bgammon_game_act(g, who, mv.data, mv.len, &err) != 0)
            fail_msg("move %d '%s' is illegal: %s", moves, mv.data, err.message.data);
        cube += mv.data[0] < '1' || mv.data[0] > '6';
        moves++;
    }
    assert_true(r.over);
    lx_game_result r2;
    lx_bgammon_game_result(g, &r2);
    assert_string_equal(r.re, r2.re);
    print_message("  %s: gnubg played %d moves (%d cube actions) against itself: %s\n", rules, moves, cube, r.re);
    assert_int_equal(lx_engine_genmove(e, LX_BLACK, &mv, &err), -1);
    assert_string_equal(err.code, "GAME_OVER");
    lx_buf_free(&mv);
    lx_bgammon_game_free(g);
    lx_engine_free(e);
    lx_game_error_free(&err);
}

static void plays_whole_games_every_move_legal(void **state)
{
    (void)state;
    NEED_GNUBG();
    whole_game(gnubg, "NoCube");
    whole_game(gnubg, "Jacoby");
}

static void answers_doubles_and_beavers(void **state)
{
    (void)state;
    NEED_GNUBG();
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(gnubg, "", 0, 1.0, &err);
    assert_non_null(e);
    /* tests/gnubg/beaver.sgf: White opens 21 (13/11 24/23), Black doubles at once: gnubg beavers */
    assert_int_equal(lx_engine_play(e, LX_WHITE, "21mkxw", &err), 0);
    lx_engine_candidate c[4];
    size_t n;
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 4, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_string_equal(c[0].move, "roll");
    assert_string_equal(c[1].move, "double");
    assert_int_equal(lx_engine_play(e, LX_BLACK, "double", &err), 0);
    assert_int_equal(lx_engine_analyse(e, LX_WHITE, c, 4, &n, &err), 0);
    assert_int_equal(n, 3);
    assert_string_equal(c[0].move, "double");
    lx_buf mv = LX_BUF_INIT;
    assert_int_equal(lx_engine_genmove(e, LX_WHITE, &mv, &err), 0);
    assert_string_equal(mv.data, "double");
    /* Black, beavered, takes at 4 */
    lx_buf_clear(&mv);
    assert_int_equal(lx_engine_genmove(e, LX_BLACK, &mv, &err), 0);
    assert_string_equal(mv.data, "take");
    /* Black rolls now and may not double (White owns the cube): no dice, no decision */
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 4, &n, &err), -1);
    assert_string_equal(err.code, "BG_NO_DICE");
    lx_buf_clear(&mv);
    assert_int_equal(lx_engine_genmove(e, LX_BLACK, &mv, &err), 0); /* rolls with its own dice */
    assert_true(mv.data[0] >= '1' && mv.data[0] <= '6');
    lx_buf_free(&mv);
    lx_engine_free(e);
    lx_game_error_free(&err);
}

static void no_doubling_in_the_crawford_game(void **state)
{
    (void)state;
    NEED_GNUBG();
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(gnubg, "", 5, 0.1, &err);
    assert_non_null(e);
    assert_int_equal(lx_engine_set_match(e, 5, 2, 4, 1, &err), 0);
    assert_int_equal(lx_engine_play(e, LX_WHITE, "21mkxw", &err), 0);
    lx_engine_candidate c[4];
    size_t n;
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 4, &n, &err), -1);
    assert_string_equal(err.code, "BG_NO_DICE");
    assert_int_equal(lx_engine_play(e, LX_BLACK, "double", &err), -1);
    /* a score that cannot be */
    assert_int_equal(lx_engine_set_match(e, 5, 5, 0, 0, &err), -1);
    assert_int_equal(lx_engine_set_match(e, 5, 2, 2, 1, &err), -1);
    /* the same position after the Crawford game: Black, behind, may double now */
    assert_int_equal(lx_engine_set_match(e, 5, 2, 4, 0, &err), 0);
    assert_int_equal(lx_engine_play(e, LX_WHITE, "21mkxw", &err), 0);
    assert_int_equal(lx_engine_analyse(e, LX_BLACK, c, 4, &n, &err), 0);
    assert_int_equal(n, 2);
    lx_engine_free(e);
    lx_game_error_free(&err);
}

/* ---- stand-ins that fail ------------------------------------------------------------------ */

/* A shell script in a fresh directory that confirms `set prompt` as gnubg
 * does and does `on_hint` when asked for a hint. */
static char *stand_in(const char *on_hint, char *dir, size_t cap)
{
    snprintf(dir, cap, "%s/ludex-gnubg.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(dir));
    char *path = malloc(strlen(dir) + 16);
    sprintf(path, "%s/gnubg", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "#!/bin/sh\n"
            "D='%s'\n"
            "G='%s'\n"
            "while IFS= read -r line; do\n"
            "  case \"$line\" in\n"
            "    'set prompt '*) echo \"The prompt has been set to \\`${line#set prompt }'.\" ;;\n"
            "    hint*) %s ;;\n"
            "  esac\n"
            "done\n",
            dir, gnubg_path() ? gnubg_path() : "", on_hint);
    fclose(f);
    chmod(path, 0755);
    return path;
}

static void remove_stand_in(char *path, const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(path);
}

static void fails_cleanly(const char *on_hint, const char *why)
{
    char dir[512];
    char *prog = stand_in(on_hint, dir, sizeof dir);
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(prog, "", 0, 0.05, &err);
    assert_non_null(e);
    lx_engine_set_dice(e, 3, 1);
    lx_buf mv = LX_BUF_INIT;
    double t0 = (double)time(NULL);
    assert_int_equal(lx_engine_genmove(e, LX_WHITE, &mv, &err), -1);
    assert_string_equal(err.code, "ENGINE_FAILED");
    assert_true((double)time(NULL) - t0 < 30);
    print_message("  %s: %s\n", why, err.message.data);
    assert_null(mv.data);
    /* the game is as it was: White's roll still waits */
    lx_game_result r;
    lx_engine_result(e, &r);
    assert_false(r.over);
    assert_int_equal(lx_engine_play(e, LX_WHITE, "31hefe", &err), 0);
    lx_engine_free(e);
    lx_game_error_free(&err);
    remove_stand_in(prog, dir);
}

static void a_dying_hanging_or_lying_gnubg_fails_cleanly(void **state)
{
    (void)state;
    fails_cleanly("exit 3", "dies");
    fails_cleanly("sleep 60", "hangs");
    fails_cleanly("echo '    1. Cubeful 0-ply    24/23 24/20                  Eq.: +0.500'", "an illegal play");
    fails_cleanly("echo '    1. Cubeful 0-ply    25/22                  Eq.: +0.500'", "nonsense");
}

static void a_gnubg_that_dies_once_is_restarted(void **state)
{
    (void)state;
    NEED_GNUBG();
    (void)gnubg;
    char dir[512];
    /* the first run dies at the first hint; the second is the real gnubg */
    char *prog = stand_in("touch \"$D/died\"; exit 3", dir, sizeof dir);
    FILE *f = fopen(prog, "r+");
    assert_non_null(f);
    char text[2048];
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = '\0';
    char *loop = strstr(text, "while");
    assert_non_null(loop);
    char head[2048];
    snprintf(head, sizeof head, "%.*s[ -e \"$D/died\" ] && exec \"$G\" \"$@\"\n%s", (int)(loop - text), text, loop);
    rewind(f);
    fputs(head, f);
    fclose(f);
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = engine(prog, "", 0, 0.1, &err);
    assert_non_null(e);
    lx_engine_set_dice(e, 3, 1);
    lx_buf mv = LX_BUF_INIT;
    if (lx_engine_genmove(e, LX_WHITE, &mv, &err) != 0)
        fail_msg("%s: %s", err.code, err.message.data);
    assert_string_equal(mv.data, "31hefe");
    lx_buf_free(&mv);
    lx_engine_free(e);
    lx_game_error_free(&err);
    remove_stand_in(prog, dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_the_plays_of_a_hint),
        cmocka_unit_test(reads_a_cube_analysis),
        cmocka_unit_test(plays_gnubg_notation_on_a_board),
        cmocka_unit_test(a_missing_program_is_unavailable),
        cmocka_unit_test(plays_the_best_opening_and_checks_it),
        cmocka_unit_test(plays_whole_games_every_move_legal),
        cmocka_unit_test(answers_doubles_and_beavers),
        cmocka_unit_test(no_doubling_in_the_crawford_game),
        cmocka_unit_test(a_dying_hanging_or_lying_gnubg_fails_cleanly),
        cmocka_unit_test(a_gnubg_that_dies_once_is_restarted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

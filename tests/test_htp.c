/* test_htp.c - HTP sessions (ludex/htp.h): the protocol's lines and replies, byte
 * for byte.
 *
 * Without an engine the session still speaks the protocol (ids, comments,
 * CR LF, empty lines, unknown and malformed commands) and refuses the game
 * commands.  With the backgammon engine (GNU Backgammon installed) it
 * plays: illegal plays refused with the rule's reason, genmove on a
 * finished game refused, dice and matches, undo.  Sessions with the Hex and
 * Twixt engines are in tests/cli (`ludex engine`). */
#include <unistd.h>

#include "testutil.h"

/* Feed `input` line by line; the concatenated replies. */
static char *session(lx_htp *h, const char *input, int *quit_at)
{
    lx_buf out = LX_BUF_INIT;
    lx_buf_append_str(&out, "");
    const char *p = input;
    int line = 0;
    *quit_at = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        line++;
        int rc = lx_htp_line(h, p, n, &out);
        assert_true(rc >= 0);
        if (rc == 1 && !*quit_at)
            *quit_at = line;
        p += n;
    }
    return lx_buf_steal(&out, NULL);
}

static void expect(lx_htp *h, const char *input, const char *want)
{
    int quit;
    char *got = session(h, input, &quit);
    if (strcmp(got, want) != 0)
        fail_msg("for\n%s\ngot\n%s\nexpected\n%s", input, got, want);
    free(got);
}

static void speaks_the_protocol_without_an_engine(void **state)
{
    (void)state;
    lx_htp *h = lx_htp_new(NULL);
    assert_non_null(h);
    char want_version[64];
    snprintf(want_version, sizeof want_version, "=3 %s\n\n", lx_version());
    expect(h, "protocol_version\n", "= 2\n\n");
    expect(h, "12 name\r\n", "=12 ludex\n\n");
    expect(h, "3 version\n", want_version);
    expect(h, "\n\r\n   \t \n# a comment\n  # another\n", "");
    expect(h, "\tname\t# what it is\n", "= ludex\n\n");
    expect(h, "na\x01me\n", "= ludex\n\n"); /* control characters are dropped */
    expect(h, "known_command genmove\nknown_command dice\nknown_command frobnicate\n",
           "= true\n\n= true\n\n= false\n\n");
    expect(h, "frobnicate\n", "? unknown command\n\n");
    expect(h, "5 frobnicate 1 2\n", "?5 unknown command\n\n");
    expect(h, "5\n", "?5 no command\n\n");
    expect(h, "123456789012345678901234567890 name\n", "? the id is too long\n\n");
    expect(h, "-3 name\n", "? unknown command\n\n"); /* an id is digits only */
    expect(h, "name extra\n", "? syntax error: name\n\n");
    expect(h, "play b\n", "? syntax error: play COLOR MOVE\n\n");
    expect(h, "play red e5\n", "? invalid color\n\n");
    expect(h, "boardsize 0\nboardsize 11 x\nboardsize 99999999999\n",
           "? unacceptable size\n\n? unacceptable size\n\n? unacceptable size\n\n");
    expect(h, "play b e5\ngenmove w\nshowboard\nundo\nboardsize 11\nclear_board\n",
           "? no engine\n\n? no engine\n\n? no engine\n\n? no engine\n\n? no engine\n\n? no engine\n\n");
    expect(h, "dice 0 3\ndice 1 2\nmatch 5 x 1\n",
           "? dice are two numbers from 1 to 6\n\n? no engine\n\n? usage: match LENGTH BLACK-SCORE WHITE-SCORE "
           "[crawford]\n\n");
    expect(h, "time_settings 0 5 1\ntime_left b 30 0\n", "= \n\n= \n\n");
    /* a line longer than the session keeps */
    char *longline = malloc(5000);
    memset(longline, 'x', 4998);
    longline[4998] = '\n';
    longline[4999] = '\0';
    expect(h, longline, "? the line is too long\n\n");
    free(longline);
    expect(h, "a b c d e f g h i j\n", "? the line is too long\n\n");
    int quit;
    char *got = session(h, "name\nquit\nname\n", &quit);
    assert_string_equal(got, "= ludex\n\n= \n\n= ludex\n\n");
    assert_int_equal(quit, 2);
    free(got);
    got = session(h, "list_commands\n", &quit);
    assert_non_null(strstr(got, "= \nboardsize\nclear_board\n"));
    assert_non_null(strstr(got, "\nversion\n\n"));
    assert_null(strstr(got, "\n\n\n"));
    free(got);
    lx_htp_free(h);
}

static const char *gnubg_path(void)
{
    const char *env = getenv("LUDEX_GNUBG");
    if (env && *env)
        return env;
    return access("/usr/games/gnubg", X_OK) == 0 ? "/usr/games/gnubg" : NULL;
}

static void plays_backgammon(void **state)
{
    (void)state;
    const char *gnubg = gnubg_path();
    if (!gnubg) {
        print_message("  skipped: GNU Backgammon is not installed (Debian package gnubg; or set LUDEX_GNUBG)\n");
        return;
    }
    lx_engine_options o;
    lx_engine_options_init(&o, "backgammon");
    o.program = gnubg;
    o.seconds = 0.1;
    o.seed = 7;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    assert_non_null(e);
    lx_htp *h = lx_htp_new(e);
    expect(h, "play w 31aaaa\n", "? illegal move: White has no checker on the 1-point (a)\n\n");
    expect(h, "play w 31hefe\nplay w 31hefe\n", "= \n\n? illegal move: it is Black's turn to roll, not White's\n\n");
    expect(h, "boardsize 11\n", "? unacceptable size: a backgammon board has no size to choose\n\n");
    expect(h, "dice 6 6\ngenmove w\n", "= \n\n? it is Black's turn\n\n");
    expect(h, "dice 3 1\n7 genmove b\n", "= \n\n=7 31qtst\n\n"); /* 8/5 6/5 for Black too */
    expect(h, "undo\nundo\nundo\n", "= \n\n= \n\n? cannot undo\n\n");
    /* the Crawford game: nobody doubles */
    expect(h, "match 5 2 4 crawford\nplay w 21mkxw\nplay b double\n",
           "= \n\n= \n\n? illegal move: nobody may double in the Crawford game\n\n");
    expect(h, "match 5 5 0\n", "? a 5-point match cannot stand at 5-0\n\n");
    /* clear_board starts the same match again; a dropped double ends the game */
    expect(h, "clear_board\nplay w 21mkxw\nplay b double\n",
           "= \n\n= \n\n? illegal move: nobody may double in the Crawford game\n\n");
    expect(h, "match 0 0 0\nplay w 21mkxw\nplay b double\nplay w drop\ngenmove b\ngenmove w\nfinal_score\n",
           "= \n\n= \n\n= \n\n= \n\n? the game is over\n\n? the game is over\n\n= B+1\n\n");
    lx_htp_free(h);
    lx_game_error_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(speaks_the_protocol_without_an_engine),
        cmocka_unit_test(plays_backgammon),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

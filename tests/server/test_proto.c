/* test_proto.c - ludexd's command parser: shapes, case, errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "service/commands.h"

static int parse(const char *line, proto_cmd *cmd, const char **code)
{
    char msg[160];
    return proto_parse(line, strlen(line), cmd, code, msg, sizeof msg);
}

static void test_game_commands(void **state)
{
    proto_cmd cmd;
    const char *code;
    (void)state;
    assert_int_equal(parse("TwiXT MOVE 12 alice pw j12-i12/k11+h11/j12#7\r", &cmd, &code), 0);
    assert_int_equal(cmd.verb, V_MOVE);
    assert_int_equal(cmd.game, G_TWIXT);
    assert_int_equal(cmd.argc, 4);
    assert_string_equal(cmd.argv[3], "j12-i12/k11+h11/j12#7");
    assert_int_equal(parse("hex challenge a b -size=9x7 -noswap", &cmd, &code), 0);
    assert_int_equal(cmd.verb, V_CHALLENGE);
    assert_int_equal(cmd.argc, 4);
    assert_int_equal(parse("backgammon move 3 bar/22* 13/9", &cmd, &code), 0);
    assert_int_equal(cmd.argc, 3);
    assert_int_equal(parse("set display LARGE", &cmd, &code), 0);
    assert_int_equal(cmd.verb, V_SET_DISPLAY);
}

static void test_errors(void **state)
{
    proto_cmd cmd;
    const char *code;
    char line[5000];
    (void)state;
    assert_int_equal(parse("", &cmd, &code), -1);
    assert_string_equal(code, "EMPTY");
    assert_int_equal(parse("chess move 1 e4", &cmd, &code), -1);
    assert_string_equal(code, "UNKNOWN_COMMAND");
    assert_int_equal(parse("twixt move 1 alice pw", &cmd, &code), -1);
    assert_string_equal(code, "USAGE");
    assert_int_equal(parse("login alice", &cmd, &code), -1);
    assert_string_equal(code, "USAGE");
    assert_int_equal(parse("login alice p\001w", &cmd, &code), -1);
    assert_string_equal(code, "BAD_BYTE");
    memset(line, 'a', sizeof line - 1);
    line[sizeof line - 1] = 0;
    assert_int_equal(parse(line, &cmd, &code), -1);
    assert_string_equal(code, "LINE_TOO_LONG");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_commands),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_result_words.c - the mails' results in words (mail/result_words.c, mail_result_words_as):
 * each code a game can end with, said with the players' names and the code kept after them.
 * Hex and Twixt by resignation and on time, after a swap (the colours each seat plays now),
 * a draw, a void challenge, backgammon's points, a dropped double, a resigned gammon and a
 * match's end, a crossword's margin (one point and many), and a code it does not know. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mail/result_words.h"

/* The words for result in a game of kind between alice (seat 0) and bob, each seat playing colour. */
static void expect(proto_game kind, const char *colour0, const char *colour1, const char *result, int dropped,
                   const char *want)
{
    svc_game_info g;
    memset(&g, 0, sizeof g);
    g.kind = kind;
    g.player[0] = "alice";
    g.player[1] = "bob";
    snprintf(g.colour[0], sizeof g.colour[0], "%s", colour0);
    snprintf(g.colour[1], sizeof g.colour[1], "%s", colour1);
    g.to_move = -1;
    snprintf(g.result, sizeof g.result, "%s", result);
    lx_buf out = LX_BUF_INIT;
    mail_result_words_as(&g, dropped, &out);
    assert_non_null(out.data);
    assert_string_equal(out.data, want);
    lx_buf_free(&out);
}

static void test_hex_and_twixt(void **state)
{
    (void)state;
    expect(G_HEX, "B", "W", "W+R", 0, "bob wins by resignation (W+R)");
    expect(G_HEX, "B", "W", "B+Resign", 0, "alice wins by resignation (B+Resign)");
    expect(G_TWIXT, "B", "W", "W+T", 0, "bob wins on time (W+T)");
    expect(G_TWIXT, "B", "W", "B+Time", 0, "alice wins on time (B+Time)");
    expect(G_HEX, "B", "W", "B+", 0, "alice wins (B+)");
}

static void test_after_a_swap(void **state)
{
    (void)state; /* bob swapped: alice (seat 0) plays White now, bob Black */
    expect(G_HEX, "W", "B", "B+", 0, "bob wins (B+)");
    expect(G_HEX, "W", "B", "W+R", 0, "alice wins by resignation (W+R)");
    expect(G_TWIXT, "W", "B", "B+T", 0, "bob wins on time (B+T)");
}

static void test_draw_void_unknown(void **state)
{
    (void)state;
    expect(G_TWIXT, "B", "W", "0", 0, "a draw (0)");
    expect(G_HEX, "B", "W", "Void", 0, "no game: the challenge was declined or not answered (Void)");
    expect(G_HEX, "B", "W", "X+R", 0, "X+R");
}

static void test_backgammon(void **state)
{
    (void)state;
    expect(G_BACKGAMMON, "W", "B", "W+2", 0, "alice wins 2 points (W+2)");
    expect(G_BACKGAMMON, "W", "B", "B+1", 0, "bob wins 1 point (B+1)");
    expect(G_BACKGAMMON, "W", "B", "W+2", 1, "alice wins 2 points (dropped double) (W+2)");
    expect(G_BACKGAMMON, "W", "B", "B+4R", 0, "bob wins 4 points by resignation (B+4R)");
    expect(G_BACKGAMMON, "W", "B", "W+2; match W 5-3", 0,
           "alice wins 2 points; alice wins the match 5-3 (W+2; match W 5-3)");
    expect(G_BACKGAMMON, "W", "B", "B+1; match B 3-5", 1,
           "bob wins 1 point (dropped double); bob wins the match 3-5 (B+1; match B 3-5)");
}

static void test_crossword(void **state)
{
    (void)state;
    expect(G_CROSSWORD, "1", "2", "1+37", 0, "alice wins by 37 points (1+37)");
    expect(G_CROSSWORD, "1", "2", "2+1", 0, "bob wins by 1 point (2+1)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_and_twixt),   cmocka_unit_test(test_after_a_swap),
        cmocka_unit_test(test_draw_void_unknown), cmocka_unit_test(test_backgammon),
        cmocka_unit_test(test_crossword),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

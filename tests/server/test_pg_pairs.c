/* test_pg_pairs.c - which of a batch's moves PostgreSQL gets as two statements over arrays
 * (store/pg_pairs.c), and the array literals they are given. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "store/pg_pairs.h"

static store_op move_of(int64_t board, int n, const char *text, int64_t from, int64_t to)
{
    store_op op = {.kind = STORE_MOVE_APPEND};
    op.move.game_id = board;
    op.move.n = n;
    op.move.seat = n % 2;
    op.move.text = (char *)text;
    op.guard_board = board;
    op.guard_version = from;
    op.new_version = to;
    return op;
}

static store_op clock_of(int64_t board, const char *clock, int64_t from, int64_t to)
{
    store_op op = {.kind = STORE_GAME_CLOCK};
    op.game.id = board;
    op.game.clock = (char *)clock;
    op.game.deadline = 100 + board;
    op.guard_board = board;
    op.guard_version = from;
    op.new_version = to;
    return op;
}

/* Boards 7 and 3 have a move and its clock alone; board 5 has two of them (kept in order, one
 * statement each), board 9 a move whose clock is not in the batch. */
static void test_pairs_alone_on_their_board(void **state)
{
    (void)state;
    store_op ops[] = {
        move_of(7, 4, "say \"hi\\\"", 70, 71), clock_of(7, "1 2 3", 71, 72),
        move_of(5, 1, "a1", 50, 51), clock_of(5, "c", 51, 52), move_of(5, 2, "a2", 52, 53), clock_of(5, "d", 53, 54),
        move_of(3, 2, "b2", 30, 31), clock_of(3, "", 31, 32),
        move_of(9, 1, "c3", 90, 91),
    };
    size_t n = sizeof ops / sizeof ops[0];
    store_guard plan[9];
    assert_int_equal(store_plan_guards(ops, n, plan), 0);
    pg_pairs p;
    assert_int_equal(pg_pairs_plan(&p, ops, n, plan), 0);
    assert_int_equal(p.n, 2);
    assert_memory_equal(p.in, ((unsigned char[]){1, 1, 0, 0, 0, 0, 1, 1, 0}), n);
    assert_string_equal(p.col[0], "{3,7}");
    assert_string_equal(p.col[1], "{2,4}");
    assert_string_equal(p.col[3], "{\"b2\",\"say \\\"hi\\\\\\\"\"}");
    assert_string_equal(p.col[4], "{30,70}"); /* the move checks the version it was computed from */
    assert_string_equal(p.col[5], "{\"\",\"1 2 3\"}");
    assert_string_equal(p.col[6], "{103,107}");
    assert_string_equal(p.col[11], "{32,72}"); /* the clock makes the new one */
    unsigned char refused[9] = {0};
    pg_pairs_refuse_all(&p, refused);
    assert_memory_equal(refused, ((unsigned char[]){1, 1, 0, 0, 0, 0, 1, 1, 0}), n);
    pg_pairs_applied(&p, 7, 0, refused);
    pg_pairs_applied(&p, 7, 1, refused);
    pg_pairs_applied(&p, 3, 1, refused);
    pg_pairs_applied(&p, 5, 0, refused); /* not a pair's board: nothing */
    assert_memory_equal(refused, ((unsigned char[]){0, 0, 0, 0, 0, 0, 1, 0, 0}), n);
    pg_pairs_free(&p);
}

/* A rating of the game's end on the board keeps the board's ops out (it checks the version between them). */
static void test_other_ops_on_the_board(void **state)
{
    (void)state;
    store_op rating = {.kind = STORE_RATING_SET};
    rating.guard_board = 4;
    rating.guard_version = 41;
    store_op ops[] = {move_of(4, 9, "x", 40, 41), clock_of(4, "c", 41, 42), rating, move_of(8, 1, "y", 80, 81),
                      clock_of(8, "c", 80, 82)};
    store_guard plan[5];
    assert_int_equal(store_plan_guards(ops, 5, plan), 0);
    pg_pairs p;
    assert_int_equal(pg_pairs_plan(&p, ops, 5, plan), 0);
    assert_int_equal(p.n, 0); /* board 8's clock was computed from another version than its move made */
    assert_string_equal(p.col[0], "{}");
    pg_pairs_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_alone_on_their_board),
        cmocka_unit_test(test_other_ops_on_the_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

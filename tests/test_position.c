/* test_position.c - what a position offers programs (ludex/position.h: legal moves, planes) and
 * lx_convert (ludex/convert.h), the calls both bindings are built on: exact lists, shapes and
 * bytes, the callback stopping a listing, the refusals' return codes, and conversions with their
 * diagnostics placed in the input. */
#include "testutil.h"

typedef struct moves {
    char list[64][16];
    int n, stop_at;
} moves;

static int collect(void *ctx, const char *move)
{
    moves *m = ctx;
    if (m->n == m->stop_at)
        return 7;
    snprintf(m->list[m->n++ % 64], sizeof m->list[0], "%s", move);
    return 0;
}

/* The position of module gm after the main line of `sgf` (freed by the caller with m->position_free). */
static void *position_after(const char *sgf, const lx_game_module **m)
{
    parsed p;
    parse_text_opt(&p, sgf, strlen(sgf), NULL);
    assert_int_equal(p.ntrees, 1);
    *m = lx_game_builtin_by_gm(lx_sgf_tree_gm(p.trees[0]));
    assert_non_null(*m);
    lx_diag_list *d = lx_diag_list_new();
    void *pos = (*m)->position_new(p.trees[0], 0, d);
    assert_non_null(pos);
    lx_move_ids ids = lx_game_move_ids(p.trees[0]);
    for (lx_sgf_node n = lx_sgf_first_child(p.trees[0], 0); n != LX_SGF_NIL; n = lx_sgf_first_child(p.trees[0], n))
        for (size_t i = 0; i < lx_sgf_prop_count(p.trees[0], n); i++) {
            lx_sgf_prop pr = lx_sgf_node_prop(p.trees[0], n, i);
            lx_colour who = lx_game_prop_colour(p.trees[0], pr, ids);
            lx_game_error err;
            lx_game_error_init(&err);
            if (who != LX_NO_COLOUR)
                assert_int_equal(lx_game_play_prop(*m, pos, p.trees[0], pr, who, &err), 0);
            lx_game_error_free(&err);
        }
    lx_diag_list_free(d);
    parsed_free(&p);
    return pos;
}

static void hex_legal_moves_and_planes(void **state)
{
    (void)state;
    const lx_game_module *m;
    void *pos = position_after("(;FF[4]GM[11]SZ[3];B[b2])", &m);
    moves got = {.stop_at = -1};
    assert_int_equal(lx_position_legal_moves(m, pos, LX_WHITE, 0, 0, collect, &got), 0);
    const char *want[] = {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3", "swap-pieces", "swap-sides"};
    assert_int_equal(got.n, 10);
    for (int i = 0; i < 10; i++)
        assert_string_equal(got.list[i], want[i]);
    moves stopped = {.stop_at = 3};
    assert_int_equal(lx_position_legal_moves(m, pos, LX_WHITE, 0, 0, collect, &stopped), 7);
    assert_int_equal(stopped.n, 3);
    assert_int_equal(lx_position_legal_moves(m, pos, LX_NO_COLOUR, 0, 0, collect, &stopped), 0);
    size_t shape[3];
    int ndim;
    assert_int_equal(lx_position_planes_shape(m, pos, shape, &ndim), 0);
    assert_int_equal(ndim, 3);
    assert_true(shape[0] == 3 && shape[1] == 3 && shape[2] == 3);
    uint8_t planes[27];
    memset(planes, 9, sizeof planes);
    assert_int_equal(lx_position_planes(m, pos, planes), 0);
    for (int i = 0; i < 27; i++)
        assert_int_equal(planes[i], i == 4); /* Black on b2 (row 1, col 1); White to move: plane 2 zero */
    m->position_free(pos);
}

static void backgammon_moves_need_dice(void **state)
{
    (void)state;
    const lx_game_module *m;
    void *pos = position_after("(;FF[4]GM[6])", &m);
    moves got = {.stop_at = -1};
    assert_int_equal(lx_position_legal_moves(m, pos, LX_WHITE, 3, 1, collect, &got), 0);
    assert_int_equal(got.n, 16);
    assert_string_equal(got.list[0], "31fccb");
    assert_int_equal(lx_position_legal_moves(m, pos, LX_WHITE, 7, 1, collect, &got), -3);
    size_t shape[3];
    int ndim;
    assert_int_equal(lx_position_planes_shape(m, pos, shape, &ndim), 0);
    assert_true(ndim == 2 && shape[0] == 2 && shape[1] == 26 && shape[2] == 1);
    uint8_t planes[52];
    assert_int_equal(lx_position_planes(m, pos, planes), 0);
    int sum = 0;
    for (int i = 0; i < 52; i++)
        sum += planes[i];
    assert_int_equal(sum, 30);
    m->position_free(pos);
}

static void convert_little_golem_hex(void **state)
{
    (void)state;
    const char *lg = "(;FF[4]EV[hex.mc.2010.oct.1.11]PB[Alice]PW[Bob]SZ[13]SO[https://www.littlegolem.net]"
                     ";W[mf];B[swap];W[fg];B[ji];W[resign])"; /* examples/littlegolem-hex.sgf */
    size_t len = strlen(lg);
    assert_string_equal(lx_convert_sniff_sgf(lg, len, NULL), "littlegolem-hex");
    assert_string_equal(lx_convert_sniff_sgf("(;FF[4]GM[11])", 14, NULL), "sgf");
    lx_buf out = LX_BUF_INIT;
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_convert(lg, len, "LittleGolem-Hex", "sgf", NULL, &out, d), 0);
    assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), 0);
    assert_non_null(strstr(out.data, "GM[11]SZ[13]EV[hex.mc.2010.oct.1.11]PB[Bob]PW[Alice]"));
    assert_non_null(strstr(out.data, ";B[m6];W[swap-pieces];B[f7];W[j9];B[resign])\n"));
    assert_true(lx_convert_known("sgf", "t1") && !lx_convert_known("sgf", "sgf"));
    assert_int_equal(lx_convert(lg, len, "sgf", "sgf", NULL, &out, d), -2);
    lx_buf_free(&out);
    lx_diag_list_free(d);
}

static void convert_server_syntax_places_its_problems(void **state)
{
    (void)state;
    const char *game = "[Rules \"PP\"]\n1 W j10\n2 B c3\n3 W k12+\n4 B c7\n";
    lx_buf out = LX_BUF_INIT;
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_convert(game, strlen(game), "twixt-server", "sgf", NULL, &out, d), 0);
    assert_string_equal(out.data, "(;FF[4]GM[21]SZ[24]RU[PP]\n;W[j10];B[c3])\n");
    assert_int_equal(lx_diag_count(d), 1);
    const lx_diag *g = lx_diag_get(d, 0);
    assert_string_equal(g->code, "TWIXT_PP_NO_LONG_MOVES");
    assert_true(g->line == 4 && g->col == 1);
    lx_buf_clear(&out);
    lx_diag_list *d2 = lx_diag_list_new();
    assert_int_equal(lx_convert("(;FF[4]GM[11]SZ[5];B[c3])", 25, "sgf", "t1", NULL, &out, d2), 0);
    assert_string_equal(lx_diag_get(d2, 0)->code, "NOT_TWIXT");
    lx_buf_free(&out);
    lx_diag_list_free(d);
    lx_diag_list_free(d2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_legal_moves_and_planes),
        cmocka_unit_test(backgammon_moves_need_dice),
        cmocka_unit_test(convert_little_golem_hex),
        cmocka_unit_test(convert_server_syntax_places_its_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

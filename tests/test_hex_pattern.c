/* test_hex_pattern.c - Hex's local patterns (src/hex/pattern.c), the priors
 * they give (prior.c) and their training (pattern_fit.c): the codes of
 * hand-made cells, inside and on the edges; the codes of the board turned
 * half round and mirrored along its diagonal (colours swapped) are the
 * codes' own transforms, so the canonical code is the same; the relation
 * to the last stone; the learned table's figures and the prior values they
 * give (hex_pattern_prior_value, not used by the search); the weights'
 * map by raw code and the tree's policy from it (the search's progressive
 * bias); and the fit on a tiny input against the figures its equations
 * give. */
#include <math.h>

#include "testutil.h"

#include "base/random.h"
#include "hex/hex_impl.h"
#include "hex/pattern.h"

enum { MAXN = 9, ST = MAXN + 2 };

/* A padded board (stride cols + 2) from rows of '.', 'B', 'W'. */
static void padded_of(const char *const *pic, int cols, int rows, uint8_t *c)
{
    int st = cols + 2;
    for (int r = -1; r <= rows; r++)
        for (int q = -1; q <= cols; q++) {
            int in_r = r >= 0 && r < rows, in_c = q >= 0 && q < cols;
            uint8_t v = in_r && in_c ? (pic[r][q] == 'B' ? HEX_BLACK : pic[r][q] == 'W' ? HEX_WHITE : HEX_EMPTY)
                        : in_c ? HEX_BLACK : in_r ? HEX_WHITE : HEX_NOBODY;
            c[(r + 1) * st + q + 1] = v;
        }
}

static int32_t at(int cols, int col, int row)
{
    return (row + 1) * (cols + 2) + col + 1;
}

static void test_codes_of_hand_made_cells(void **state)
{
    (void)state;
    const char *pic[] = {".....", "..B..", ".W.B.", "B..W.", "....."};
    uint8_t c[ST * ST];
    padded_of(pic, 5, 5, c);
    /* c3 for Black: neighbours d3 mine, c2 mine, b3 theirs; bridge points a4 mine, d4 theirs */
    assert_int_equal(hex_pattern_raw(c, 5, 5, at(5, 2, 2), HEX_BLACK), 0x840091);
    /* the same for White: mine and theirs exchanged */
    assert_int_equal(hex_pattern_raw(c, 5, 5, at(5, 2, 2), HEX_WHITE), 0x480062);
    /* a1, the acute corner, for White: Black's top edge above, White's left edge at the left,
     * the bridge points off the board take their carriers' edges */
    assert_int_equal(hex_pattern_raw(c, 5, 5, at(5, 0, 0), HEX_WHITE), 0x16a168);
    /* on the empty board e5, the other acute corner, is a1 turned half round */
    const char *empty[] = {".....", ".....", ".....", ".....", "....."};
    padded_of(empty, 5, 5, c);
    assert_int_equal(hex_pattern_raw(c, 5, 5, at(5, 0, 0), HEX_WHITE), 0x16a168);
    assert_int_equal(hex_pattern_raw(c, 5, 5, at(5, 4, 4), HEX_WHITE), hex_pattern_transform(0x16a168, 1));
    assert_int_equal(hex_pattern_canonical(hex_pattern_raw(c, 5, 5, at(5, 4, 4), HEX_WHITE)),
                     hex_pattern_canonical(0x16a168));
}

static void test_symmetries_of_random_boards(void **state)
{
    (void)state;
    uint64_t rng = 34;
    for (int round = 0; round < 200; round++) {
        char rows[7][8] = {{0}};
        const char *pic[7], *half[7], *mirror[7];
        char hrows[7][8] = {{0}}, mrows[7][8] = {{0}};
        for (int r = 0; r < 7; r++)
            for (int q = 0; q < 7; q++) {
                uint64_t x = lx_random_next(&rng) % 5;
                rows[r][q] = x == 0 ? 'B' : x == 1 ? 'W' : '.';
            }
        for (int r = 0; r < 7; r++)
            for (int q = 0; q < 7; q++) {
                char v = rows[r][q];
                hrows[6 - r][6 - q] = v;
                mrows[q][r] = v == 'B' ? 'W' : v == 'W' ? 'B' : '.';
            }
        for (int r = 0; r < 7; r++)
            pic[r] = rows[r], half[r] = hrows[r], mirror[r] = mrows[r];
        uint8_t c[ST * ST], h[ST * ST], m[ST * ST];
        padded_of(pic, 7, 7, c);
        padded_of(half, 7, 7, h);
        padded_of(mirror, 7, 7, m);
        for (int r = 0; r < 7; r++)
            for (int q = 0; q < 7; q++) {
                if (rows[r][q] != '.')
                    continue;
                for (uint8_t me = HEX_BLACK; me <= HEX_WHITE; me++) {
                    uint32_t code = hex_pattern_raw(c, 7, 7, at(7, q, r), me);
                    uint32_t hc = hex_pattern_raw(h, 7, 7, at(7, 6 - q, 6 - r), me);
                    uint32_t mc = hex_pattern_raw(m, 7, 7, at(7, r, q), me ^ 3);
                    assert_int_equal(hc, hex_pattern_transform(code, 1));
                    assert_int_equal(mc, hex_pattern_transform(code, 2));
                    assert_int_equal(hex_pattern_canonical(hc), hex_pattern_canonical(code));
                    assert_int_equal(hex_pattern_canonical(mc), hex_pattern_canonical(code));
                    for (int s = 0; s < 4; s++)
                        assert_int_equal(hex_pattern_transform(hex_pattern_transform(code, s), s), code);
                }
            }
    }
}

static void test_relation_to_the_last_stone(void **state)
{
    (void)state;
    /* Black's bridge b2-c3 (carriers c2 and b3); White's last stone c2 intrudes */
    const char *p2[] = {".....", ".BW..", "..B..", ".....", "....."};
    uint8_t c[ST * ST];
    padded_of(p2, 5, 5, c);
    /* b2 (1,1) and c3 (2,2) are Black's; their bridge's carriers are c2 (2,1) and b3 (1,2) */
    int32_t last = at(5, 2, 1);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 1, 2), last, HEX_BLACK), HEX_REL_SAVE);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 3, 1), last, HEX_BLACK), HEX_REL_NEXT);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 2, 0), last, HEX_BLACK), HEX_REL_NEXT);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 3, 2), last, HEX_BLACK), HEX_REL_BRIDGE);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 4, 0), last, HEX_BLACK), HEX_REL_BRIDGE);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 4, 4), last, HEX_BLACK), HEX_REL_NONE);
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 1, 2), 0, HEX_BLACK), HEX_REL_NONE);
    /* for White the same cell only touches the last stone */
    assert_int_equal(hex_pattern_relation(c, 5, at(5, 1, 2), last, HEX_WHITE), HEX_REL_NEXT);
}

/* The learned prior: 0.45 plus 0.07 times the table's log weights, clamped. */
static double expected_prior(uint32_t raw, int rel)
{
    double v = 0.45 + 0.07 * (hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, hex_pattern_canonical(raw)) +
                              hex_pattern_relation_log_gamma[rel]);
    return v < 0.05 ? 0.05 : v > 0.95 ? 0.95 : v;
}

static void test_prior_values(void **state)
{
    (void)state;
    const char *p2[] = {".....", ".BW..", "..B..", ".....", "....."};
    uint8_t c[ST * ST];
    padded_of(p2, 5, 5, c);
    int32_t last = at(5, 2, 1), save = at(5, 1, 2);
    double best = -1;
    int32_t best_at = 0;
    for (int r = 0; r < 5; r++)
        for (int q = 0; q < 5; q++) {
            int32_t p = at(5, q, r);
            if (c[p] != HEX_EMPTY)
                continue;
            double v = hex_pattern_prior_value(c, 5, 5, p, last, HEX_BLACK);
            assert_true(fabs(v - expected_prior(hex_pattern_raw(c, 5, 5, p, HEX_BLACK),
                                                hex_pattern_relation(c, 5, p, last, HEX_BLACK))) < 1e-12);
            if (v > best)
                best = v, best_at = p;
        }
    assert_int_equal(best_at, save); /* the bridge saved is the likeliest move */
    /* the table's figures: two relations and two codes; a code seen too seldom is absent (0) */
    assert_true(fabs(hex_pattern_relation_log_gamma[HEX_REL_SAVE] - 5.3958) < 1e-4);
    assert_true(fabs(hex_pattern_relation_log_gamma[HEX_REL_NEXT] - 2.5885) < 1e-4);
    assert_true(fabs(hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, 0) - 0.8811) < 1e-4);
    assert_true(fabs(hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, 0x16a168) + 3.4205) < 1e-4);
    assert_true(hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, 0xffffff) == 0);
    /* on the empty board the acute corner is less likely than the middle */
    const char *empty[] = {".....", ".....", ".....", ".....", "....."};
    padded_of(empty, 5, 5, c);
    assert_true(hex_pattern_prior_value(c, 5, 5, at(5, 0, 0), 0, HEX_BLACK) <
                hex_pattern_prior_value(c, 5, 5, at(5, 2, 2), 0, HEX_BLACK));
}

/* e^x for |x| <= 12 by 80 terms of its series (the tests link no libm). */
static double series_exp(double x)
{
    double term = 1, sum = 1, a = x < 0 ? -x : x;
    for (int i = 1; i <= 80; i++) {
        term *= a / i;
        sum += term;
    }
    return x < 0 ? 1 / sum : sum;
}

/* Every symmetric form of every table code, and the empty cells of random
 * 7x7 boards, weigh e to the table's log weight (1 when absent); the
 * policy is those weights times the relation's, over their sum. */
static void test_map_and_policy(void **state)
{
    (void)state;
    hex_pattern_map *m = hex_pattern_map_new();
    assert_non_null(m);
    for (size_t t = 0; t < hex_pattern_table_size; t++)
        for (int s = 0; s < 4; s++) {
            float g = hex_pattern_map_gamma(m, hex_pattern_transform(hex_pattern_table[t].code, s));
            assert_true(fabs(g / series_exp(hex_pattern_table[t].log_gamma) - 1) < 1e-6);
        }
    assert_true(hex_pattern_map_gamma(m, 0xffffff) == 1.0f);
    uint64_t rng = 341;
    for (int round = 0; round < 50; round++) {
        char rows[7][8] = {{0}};
        const char *pic[7];
        for (int r = 0; r < 7; r++) {
            for (int q = 0; q < 7; q++) {
                uint64_t x = lx_random_next(&rng) % 4;
                rows[r][q] = x == 0 ? 'B' : x == 1 ? 'W' : '.';
            }
            pic[r] = rows[r];
        }
        uint8_t c[ST * ST];
        padded_of(pic, 7, 7, c);
        int32_t ids[49], last = 0;
        size_t n = 0;
        for (int r = 0; r < 7; r++)
            for (int q = 0; q < 7; q++) {
                if (rows[r][q] == '.')
                    ids[n++] = at(7, q, r);
                else if (rows[r][q] == 'W')
                    last = at(7, q, r);
            }
        if (n == 0)
            continue;
        float prob[49];
        hex_pattern_policy(m, c, 7, 7, last, HEX_BLACK, ids, n, prob);
        double want[49], sum = 0, got = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t raw = hex_pattern_raw(c, 7, 7, ids[i], HEX_BLACK);
            want[i] = series_exp(hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, hex_pattern_canonical(raw)) +
                          hex_pattern_relation_log_gamma[hex_pattern_relation(c, 7, ids[i], last, HEX_BLACK)]);
            sum += want[i];
        }
        for (size_t i = 0; i < n; i++) {
            assert_true(fabs(prob[i] / (want[i] / sum) - 1) < 1e-5);
            got += prob[i];
        }
        assert_true(fabs(got - 1) < 1e-5);
    }
    /* Black's bridge b2-c3, White's c2 intruding: saving it at b3 is the
     * likeliest move, 0.97231 of the policy (the table's weights summed over
     * the 22 empty cells' canonical codes and relations in Python, outside
     * the project's code); a swap id (off the board) weighs 1 */
    const char *p2[] = {".....", ".BW..", "..B..", ".....", "....."};
    uint8_t c[ST * ST];
    padded_of(p2, 5, 5, c);
    int32_t ids[23];
    size_t n = 0, best = 0;
    for (int r = 0; r < 5; r++)
        for (int q = 0; q < 5; q++)
            if (c[at(5, q, r)] == HEX_EMPTY)
                ids[n++] = at(5, q, r);
    ids[n++] = ST * ST; /* the swap */
    float prob[23];
    hex_pattern_policy(m, c, 5, 5, at(5, 2, 1), HEX_BLACK, ids, n, prob);
    for (size_t i = 0; i < n; i++)
        best = prob[i] > prob[best] ? i : best;
    assert_int_equal(ids[best], at(5, 1, 2));
    assert_true(fabs(prob[best] - 0.97231) < 1e-5);
    /* without a map (out of memory) every move is as likely */
    hex_pattern_policy(NULL, c, 5, 5, at(5, 2, 1), HEX_BLACK, ids, n, prob);
    for (size_t i = 0; i < n; i++)
        assert_true(fabs(prob[i] - 1.0 / (double)n) < 1e-7);
    hex_pattern_map_free(m);
}

static void test_fit_on_a_tiny_input(void **state)
{
    (void)state;
    /* a 3x1 board with White's stone on c1: Black plays a1 rather than b1 (which touches c1) */
    const char *pic[] = {"..W"};
    uint8_t c[5 * 3];
    padded_of(pic, 3, 1, c);
    hex_fit_set set = {0};
    assert_int_equal(hex_fit_add(&set, c, 3, 1, HEX_BLACK, 0, at(3, 0, 0)), 0);
    assert_int_equal(hex_fit_add(&set, c, 3, 1, HEX_BLACK, 0, at(3, 2, 0)), 0); /* not empty: left out */
    assert_int_equal(set.nmove, 1);
    assert_int_equal(set.ncand, 2);
    assert_int_equal(set.move[0].chosen, 0);
    uint32_t a = hex_pattern_canonical(hex_pattern_raw(c, 3, 1, at(3, 0, 0), HEX_BLACK));
    uint32_t b = hex_pattern_canonical(hex_pattern_raw(c, 3, 1, at(3, 1, 0), HEX_BLACK));
    assert_int_equal(set.code[0], a);
    assert_int_equal(set.code[1], b);
    assert_true(a != b);
    hex_fit_result r;
    assert_int_equal(hex_fit_run(&set, 400, &r), 0);
    assert_int_equal(r.n, 2);
    /* The fixed point of the MM equations with the virtual win and loss:
     * x = 2 / (1/(x+y) + 2/(x+1)), y = 1 / (1/(x+y) + 2/(y+1)) gives x = 1.69562,
     * y = 0.58975 (solved by iterating them, outside the project's code). */
    size_t ia = r.code[0] == a ? 0 : 1;
    assert_true(fabs(r.gamma[ia] - 1.69562) < 1e-4);
    assert_true(fabs(r.gamma[1 - ia] - 0.58975) < 1e-4);
    assert_int_equal(r.seen[0], 1);
    assert_int_equal(r.seen[1], 1);
    for (int i = 0; i < HEX_PATTERN_RELATIONS; i++)
        assert_true(fabs(r.relation[i] - 1) < 1e-9); /* all candidates "none": 1; the others unseen */
    hex_fit_result_free(&r);
    hex_fit_free(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_codes_of_hand_made_cells),
        cmocka_unit_test(test_symmetries_of_random_boards),
        cmocka_unit_test(test_relation_to_the_last_stone),
        cmocka_unit_test(test_prior_values),
        cmocka_unit_test(test_map_and_policy),
        cmocka_unit_test(test_fit_on_a_tiny_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

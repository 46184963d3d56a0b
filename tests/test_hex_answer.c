/* test_hex_answer.c - where Hex playouts answer next to the last stone
 * (src/hex/answer.c, the counts of answer_table.c): the table is sorted and
 * each ring kept in its form; a key with no empty neighbour draws nothing;
 * every draw's 16 slots name empty neighbours only, each neighbour's share
 * within one slot of its weight (the root of its count and a half) over the
 * ring's total (evenly for a ring never seen); White's draw is Black's seen transposed with the
 * colours exchanged, and a ring turned half round draws the same cells
 * turned half round; each ring's chance of an answer next to the last
 * stone is above three in four when players answered there more often
 * than their mean, below when less often; and a playout answers as the
 * draw says. */
#include "testutil.h"

#include "hex/answer.h"
#include "hex/hex_impl.h"

static uint64_t slots[2][HEX_ANSWER_KEYS];

static void make_slots(void)
{
    hex_answer_slots(slots);
}

static unsigned state_at(unsigned key, int k)
{
    return key >> (2 * k) & 3;
}

/* The slots a draw gives each ring position (none: no draw). */
static void shares_of(uint64_t draw, unsigned share[6])
{
    memset(share, 0, 6 * sizeof *share);
    for (unsigned s = 0; draw && s < HEX_ANSWER_SLOTS; s++)
        share[hex_answer_at(draw, s)]++;
}

static unsigned turned_key(unsigned key, int turn)
{
    unsigned out = 0;
    for (int k = 0; k < 6; k++)
        out |= state_at(key, (k + turn) % 6) << (2 * k);
    return out;
}

static void test_table_is_sorted_and_kept(void **state)
{
    (void)state;
    assert_true(hex_answer_table_size > 50);
    for (size_t i = 0; i < hex_answer_table_size; i++) {
        unsigned ring = hex_answer_table[i].ring, empty = 0;
        if (i)
            assert_true(hex_answer_table[i - 1].ring < ring);
        assert_true(ring <= turned_key(ring, 3));
        for (int k = 0; k < 6; k++) {
            empty += state_at(ring, k) == HEX_EMPTY;
            if (state_at(ring, k) != HEX_EMPTY)
                assert_int_equal(hex_answer_table[i].count[k], 0); /* only empty cells are answered */
        }
        assert_true(empty > 0);
    }
}

static void test_draws_name_empty_cells_only(void **state)
{
    (void)state;
    make_slots();
    for (int me = 0; me < 2; me++)
        for (unsigned key = 0; key < HEX_ANSWER_KEYS; key++) {
            unsigned empty = 0, share[6];
            for (int k = 0; k < 6; k++)
                empty += state_at(key, k) == HEX_EMPTY;
            if (!empty) {
                assert_true(slots[me][key] == 0);
                continue;
            }
            shares_of(slots[me][key], share);
            for (int k = 0; k < 6; k++)
                if (share[k])
                    assert_int_equal(state_at(key, k), HEX_EMPTY);
        }
}

/* Black's raw key of a ring in its kept form is the ring itself, with
 * mine Black and theirs White. */
static void test_shares_follow_the_counts(void **state)
{
    (void)state;
    make_slots();
    for (uint32_t n = 0; n < 100000; n = n * 3 + 1) { /* the weight: the root of the count and a half */
        double w = hex_answer_weight(n);
        assert_true(w * w > (n + 0.5) * (1 - 1e-12) && w * w < (n + 0.5) * (1 + 1e-12));
    }
    for (size_t i = 0; i < hex_answer_table_size; i++) {
        const hex_answer_count *c = &hex_answer_table[i];
        unsigned share[6];
        shares_of(slots[0][c->ring], share);
        double total = 0;
        for (int k = 0; k < 6; k++)
            total += state_at(c->ring, k) == HEX_EMPTY ? hex_answer_weight(c->count[k]) : 0;
        for (int k = 0; k < 6; k++) {
            double want = state_at(c->ring, k) == HEX_EMPTY ? hex_answer_weight(c->count[k]) * HEX_ANSWER_SLOTS / total : 0;
            assert_true(share[k] > want - 1 && share[k] < want + 1);
        }
    }
    /* a ring nobody answered in: evenly (Black's stones all around but for two cells, and a corner) */
    unsigned key = HEX_BLACK << 2 | HEX_NOBODY << 4 | HEX_BLACK << 6 | HEX_BLACK << 8, share[6];
    unsigned kept = key < turned_key(key, 3) ? key : turned_key(key, 3);
    for (size_t i = 0; i < hex_answer_table_size; i++)
        assert_true(hex_answer_table[i].ring != kept);
    shares_of(slots[0][key], share);
    assert_true(share[0] == HEX_ANSWER_SLOTS / 2 && share[5] == HEX_ANSWER_SLOTS / 2);
}

/* Colours exchanged and the ring transposed (position k to 5 - k). */
static unsigned for_the_other(unsigned key)
{
    unsigned out = 0;
    for (int k = 0; k < 6; k++) {
        unsigned c = state_at(key, 5 - k);
        out |= (c == HEX_BLACK ? HEX_WHITE : c == HEX_WHITE ? HEX_BLACK : c) << (2 * k);
    }
    return out;
}

static void test_white_is_black_transposed_and_turns_agree(void **state)
{
    (void)state;
    make_slots();
    for (unsigned key = 0; key < HEX_ANSWER_KEYS; key++) {
        unsigned white[6], black[6], turned[6];
        shares_of(slots[1][key], white);
        shares_of(slots[0][for_the_other(key)], black);
        shares_of(slots[0][turned_key(key, 3)], turned);
        unsigned own[6];
        shares_of(slots[0][key], own);
        for (int k = 0; k < 6; k++) {
            assert_int_equal(white[k], black[5 - k]);
            /* turned_key's position k is the key's k + 3; a ring the half turn leaves alone may
             * share its slots' odd one out otherwise, so within one slot */
            assert_true(turned[k] + 1 >= own[(k + 3) % 6] && turned[k] <= own[(k + 3) % 6] + 1);
        }
    }
}

/* How often, of n playouts on 3x3 after the seven moves `order` (White to
 * move, two empty cells left, no bridge of White's hit), White takes
 * `cell`. */
static int white_takes(const int order[7][2], lx_hex_move cell, int n)
{
    lx_hex_board *b = lx_hex_board_new(3, 3);
    lx_hex_sim *s = lx_hex_sim_new(b);
    uint64_t rng = 7;
    int took = 0;
    for (int i = 0; i < n; i++) {
        lx_hex_sim_reset(s);
        for (int k = 0; k < 7; k++) {
            lx_hex_move m = {.kind = LX_HEX_STONE, .col = order[k][0], .row = order[k][1]};
            lx_hex_sim_play(s, lx_hex_sim_id(3, 3, &m));
        }
        lx_hex_sim_playout(s, &rng);
        took += lx_hex_sim_owners(s)[lx_hex_sim_id(3, 3, &cell)] == HEX_WHITE;
    }
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
    return took;
}

/* Whether `took` of n is within four standard deviations of n p. */
static int near(int took, int n, double p)
{
    double off = took - n * p;
    return off * off < 16 * n * p * (1 - p);
}

/* After c1 b1 a2 a3 c3 a1 b2, c2 and b3 are both next to Black's last
 * stone b2: White takes c2 when it answers (the draw's chance) and draws
 * c2 (its share of the slots), or, otherwise, half the time at random.
 * After c1 a2 c2 b2 a3 b3 a1, b1 is a1's one empty neighbour (c3 the
 * other empty cell): White takes it when it answers, or half the time. */
static void test_playouts_answer_as_drawn(void **state)
{
    (void)state;
    make_slots();
    /* b2's ring: c2 empty, c1 Black, b1 White, a2 Black, a3 White, b3 empty */
    unsigned key = HEX_BLACK << 2 | HEX_WHITE << 4 | HEX_BLACK << 6 | HEX_WHITE << 8, share[6];
    shares_of(slots[1][key], share);
    assert_int_equal(share[0] + share[5], HEX_ANSWER_SLOTS);
    assert_true(share[0] + 4 < share[5] || share[5] + 4 < share[0]); /* uneven: an even draw fails */
    double rate = hex_answer_rate(slots[1][key]) / 65536.0;
    const int around_b2[7][2] = {{2, 0}, {1, 0}, {0, 1}, {0, 2}, {2, 2}, {0, 0}, {1, 1}};
    lx_hex_move c2 = {.kind = LX_HEX_STONE, .col = 2, .row = 1};
    assert_true(near(white_takes(around_b2, c2, 4000), 4000, rate * share[0] / HEX_ANSWER_SLOTS + (1 - rate) / 2));
    /* a1's ring: b1 empty, Black's edge twice, White's edge twice, a2 White */
    key = HEX_BLACK << 2 | HEX_BLACK << 4 | HEX_WHITE << 6 | HEX_WHITE << 8 | HEX_WHITE << 10;
    rate = hex_answer_rate(slots[1][key]) / 65536.0;
    assert_true(rate > 0.2 && rate < 0.98); /* then the answers and the even draw differ by far */
    const int around_a1[7][2] = {{2, 0}, {0, 1}, {2, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 0}};
    lx_hex_move b1 = {.kind = LX_HEX_STONE, .col = 1, .row = 0};
    assert_true(near(white_takes(around_a1, b1, 4000), 4000, rate + (1 - rate) / 2));
}

/* A ring answered next to the last stone more often than the mean is
 * answered more often than ANSWER_RATE (three in four), less often less;
 * a ring never seen, at ANSWER_RATE. */
static void test_rates_follow_the_shares(void **state)
{
    (void)state;
    make_slots();
    double next = 0, all = 0;
    for (size_t i = 0; i < hex_answer_table_size; i++)
        for (int k = 0; k < 7; k++) {
            double n = k < 6 ? hex_answer_table[i].count[k] : hex_answer_table[i].elsewhere;
            next += k < 6 ? n : 0;
            all += n;
        }
    double mean = next / all;
    for (size_t i = 0; i < hex_answer_table_size; i++) {
        const hex_answer_count *c = &hex_answer_table[i];
        double here = 0;
        for (int k = 0; k < 6; k++)
            here += c->count[k];
        double share = here / (here + c->elsewhere), rate = hex_answer_rate(slots[0][c->ring]) / 65536.0;
        if (share > mean + 0.01)
            assert_true(rate > 0.75);
        if (share < mean - 0.01)
            assert_true(rate < 0.75);
    }
    unsigned key = HEX_BLACK << 2 | HEX_NOBODY << 4 | HEX_BLACK << 6 | HEX_BLACK << 8; /* never seen */
    assert_in_range(hex_answer_rate(slots[0][key]), 49151, 49153);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_sorted_and_kept),
        cmocka_unit_test(test_draws_name_empty_cells_only),
        cmocka_unit_test(test_shares_follow_the_counts),
        cmocka_unit_test(test_white_is_black_transposed_and_turns_agree),
        cmocka_unit_test(test_playouts_answer_as_drawn),
        cmocka_unit_test(test_rates_follow_the_shares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_xword_sim.c - the simulating crossword player (lx_xw_sim_run).
 *
 * A hand-made lane: on a 7x7 board a T sits on the start square, a double
 * letter left of it and a triple word left of that.  The mover holds one A
 * (and Es that make no word); the unseen tiles are Zs (and an A).  AT across
 * scores most (the A on the double letter) but lets the opponent play ZAT on
 * the triple word for 36; simulation must see that and play elsewhere.  The
 * same position shows that the opponent's real rack, when the position
 * tells it, changes nothing, and that a seed makes the run repeatable. */
#include "testutil.h"

#include "ludex/xword.h"

/* A 7x7 board: row 4 (index 3) ". = ' * . . ." */
static const char lane_board[] = ".......\n.......\n.......\n.=\'*...\n.......\n.......\n.......\n";

typedef struct lane {
    lx_xw_data *data;
    lx_xw_lexicon *lx;
    lx_xw_pos *p;
    lx_xw_sim *sim;
} lane;

/* The lane with `a_count` As and `z_count` Zs in the distribution and the racks of `racks`. */
static lane lane_make(int a_count, int z_count, const char *racks)
{
    lane f;
    char dist[128];
    snprintf(dist, sizeof dist, "A %d 1 1\nT 1 1 0\nZ %d 10 0\nE 6 1 1\n", a_count, z_count);
    f.data = lx_xw_data_new("");
    lx_xw_dist *d = lx_xw_dist_parse("lane", dist, strlen(dist), NULL);
    assert_non_null(d);
    assert_int_equal(lx_xw_data_add_dist(f.data, d), 0);
    lx_xw_layout *l = lx_xw_layout_parse("lane7", lane_board, strlen(lane_board), NULL);
    assert_non_null(l);
    assert_int_equal(lx_xw_data_add_layout(f.data, l), 0);
    char cgp[128];
    snprintf(cgp, sizeof cgp, "7/7/7/3T3/7/7/7 %s 0/0 0 ld lane; bdn lane7;", racks);
    f.p = lx_xw_pos_new();
    assert_int_equal(lx_xw_cgp_read(f.p, cgp, strlen(cgp), 0, f.data, NULL), 0);
    const char *words = "AT\nTA\nZAT\n";
    f.lx = lx_xw_lexicon_from_words("lane", words, strlen(words), lx_xw_pos_dist(f.p), NULL, NULL);
    assert_non_null(f.lx);
    f.sim = lx_xw_sim_new();
    assert_non_null(f.sim);
    return f;
}

static void lane_free(lane *f)
{
    lx_xw_sim_free(f->sim);
    lx_xw_lexicon_free(f->lx);
    lx_xw_pos_free(f->p);
    lx_xw_data_free(f->data);
}

static void play_text(const lx_xw_pos *p, const lx_xw_play *pl, char *out, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_xw_play_write(p, pl, &b), 0);
    snprintf(out, cap, "%s", b.data ? b.data : "");
    lx_buf_free(&b);
}

static lx_xw_sim_options lane_options(const lane *f, long iterations, uint64_t seed)
{
    lx_xw_sim_options o;
    memset(&o, 0, sizeof o);
    o.lexicon = f->lx;
    o.iterations = iterations;
    o.seed = seed;
    return o;
}

/* Static equity plays AT across (3 points); simulation does not. */
static void test_sim_avoids_lane(void **state)
{
    (void)state;
    for (int plies = 1; plies <= 2; plies++) {
        lane f = lane_make(1, 10, "AEEEEEE/");
        lx_xw_gen *g = lx_xw_gen_new();
        lx_xw_gen_options go = {f.lx, NULL, NULL, 0};
        lx_xw_play stat, sim;
        char text[64];
        assert_int_equal(lx_xw_gen_best(g, f.p, &go, &stat, NULL), 0);
        play_text(f.p, &stat, text, sizeof text);
        assert_string_equal(text, "4C A.");
        assert_int_equal(stat.score, 3);
        /* the four placements (the pass comes fifth by static equity) */
        lx_xw_sim_options o = lane_options(&f, 50, 7);
        o.plies = plies;
        o.candidates = 4;
        assert_int_equal(lx_xw_sim_run(f.sim, f.p, &o, &sim, NULL), 0);
        play_text(f.p, &sim, text, sizeof text);
        /* TA across or down: no ZAT for the opponent's Zs (AT down gives Z on D2 for 12) */
        assert_true(strcmp(text, "4D .A") == 0 || strcmp(text, "D4 .A") == 0);
        const lx_xw_sim_candidate *c;
        size_t n = lx_xw_sim_results(f.sim, &c);
        assert_int_equal(n, 4);
        /* AT across: 3, then ZAT (10 + 1 + 1) x 3 = 36 against it; it was dropped */
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            play_text(f.p, &c[i].play, text, sizeof text);
            if (strcmp(text, "4C A.") == 0) {
                found = 1;
                assert_true(c[i].pruned);
                assert_true(c[i].mean < c[0].mean - 30);
            }
        }
        assert_true(found);
        lx_xw_gen_free(g);
        lane_free(&f);
    }
}

/* The opponent's rack, known to the position or not, is never looked at. */
static void test_sim_hidden_rack(void **state)
{
    (void)state;
    const char *racks[] = {"AEEEEEE/", "AEEEEEE/AZZZZZZ", "AEEEEEE/ZZZZZZZ", "AEEEEEE/ZZ"};
    lx_xw_sim_candidate first[16];
    size_t nfirst = 0;
    long iterations = 0;
    for (size_t k = 0; k < sizeof racks / sizeof racks[0]; k++) {
        lane f = lane_make(2, 10, racks[k]);
        lx_xw_sim_options o = lane_options(&f, 40, 11);
        lx_xw_play best;
        assert_int_equal(lx_xw_sim_run(f.sim, f.p, &o, &best, NULL), 0);
        const lx_xw_sim_candidate *c;
        size_t n = lx_xw_sim_results(f.sim, &c);
        assert_true(n > 1 && n <= 16);
        if (k == 0) {
            memcpy(first, c, n * sizeof *c);
            nfirst = n;
            iterations = lx_xw_sim_iterations(f.sim);
        } else { /* the same choice, the same figures to the bit */
            assert_int_equal(n, nfirst);
            assert_int_equal(lx_xw_sim_iterations(f.sim), iterations);
            for (size_t i = 0; i < n; i++) {
                assert_int_equal(lx_xw_play_cmp(&c[i].play, &first[i].play), 0);
                assert_memory_equal(&c[i].mean, &first[i].mean, sizeof c[i].mean);
                assert_int_equal(c[i].iterations, first[i].iterations);
            }
        }
        assert_int_equal(lx_xw_play_cmp(&best, &first[0].play), 0);
        lane_free(&f);
    }
}

/* The real game's default lexicon, on a mid-game English position: a seed
 * and an iteration limit give the same run twice; another seed other draws. */
static void test_sim_seeded(void **state)
{
    (void)state;
    const char *env = getenv("LUDEX_XWORD_DATA");
    lx_xw_data *data = lx_xw_data_new(env && *env ? env : "data/xword");
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    assert_non_null(en);
    const lx_xw_lexicon *lx = lx_xw_data_lexicon(data, LX_XW_DEFAULT_LEXICON, en, NULL);
    assert_non_null(lx); /* Debian's wamerican is a build dependency */
    const char *cgp = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0";
    lx_xw_pos *p = lx_xw_pos_new();
    assert_int_equal(lx_xw_cgp_read(p, cgp, strlen(cgp), 0, data, NULL), 0);
    lx_xw_sim *s = lx_xw_sim_new();
    lx_xw_sim_options o;
    memset(&o, 0, sizeof o);
    o.lexicon = lx;
    o.candidates = 6;
    o.iterations = 30;
    double means[3][6];
    lx_xw_play best[3];
    uint64_t seeds[3] = {5, 5, 6};
    for (int run = 0; run < 3; run++) {
        o.seed = seeds[run];
        assert_int_equal(lx_xw_sim_run(s, p, &o, &best[run], NULL), 0);
        const lx_xw_sim_candidate *c;
        assert_int_equal(lx_xw_sim_results(s, &c), 6);
        assert_true(lx_xw_sim_iterations(s) > 0 && lx_xw_sim_iterations(s) <= 30);
        for (int i = 0; i < 6; i++)
            means[run][i] = c[i].mean;
    }
    assert_int_equal(lx_xw_play_cmp(&best[0], &best[1]), 0);
    assert_memory_equal(means[0], means[1], sizeof means[0]);
    assert_memory_not_equal(means[0], means[2], sizeof means[0]);
    lx_xw_sim_free(s);
    lx_xw_pos_free(p);
    lx_xw_data_free(data);
}

/* With the bag empty the opponent's rack is known (every unseen tile): one
 * iteration says all.  Here it holds an A too, so ZAT can be made from the
 * rack unless the A the mover plays sits right of the T (TA across). */
static void test_sim_bag_empty(void **state)
{
    (void)state;
    lane f = lane_make(2, 6, "AEEEEEE/"); /* unseen: A and six Zs */
    lx_xw_sim_options o = lane_options(&f, 0, 1);
    lx_xw_play best;
    char text[64];
    assert_int_equal(lx_xw_sim_run(f.sim, f.p, &o, &best, NULL), 0);
    assert_int_equal(lx_xw_sim_iterations(f.sim), 1);
    play_text(f.p, &best, text, sizeof text);
    assert_string_equal(text, "4D .A");
    const lx_xw_sim_candidate *c;
    size_t n = lx_xw_sim_results(f.sim, &c);
    assert_int_equal(n, 5);
    for (size_t i = 1; i < n; i++) /* every other play lets ZAT (36 or 39) in, or passes */
        assert_true(c[i].mean < c[0].mean - 20);
    lane_free(&f);
}

static void test_sim_errors(void **state)
{
    (void)state;
    lane f = lane_make(1, 10, "AEEEEEE/");
    lx_xw_sim_options o = lane_options(&f, 5, 1);
    o.lexicon = NULL;
    lx_xw_play best;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_xw_sim_run(f.sim, f.p, &o, &best, &err), -1);
    assert_string_equal(err.code, "NO_LEXICON");
    o.lexicon = f.lx;
    uint8_t eight[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    o.rack = eight;
    o.nrack = 8;
    assert_int_equal(lx_xw_sim_run(f.sim, f.p, &o, &best, &err), -1);
    assert_string_equal(err.code, "RACK_TOO_LONG");
    lx_game_error_free(&err);
    lane_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sim_avoids_lane), cmocka_unit_test(test_sim_hidden_rack),
        cmocka_unit_test(test_sim_seeded),      cmocka_unit_test(test_sim_bag_empty),
        cmocka_unit_test(test_sim_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

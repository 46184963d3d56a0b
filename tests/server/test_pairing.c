/* test_pairing.c - tournament pairings and standings (service/pairing.h) against values
 * worked out by hand: FIDE's Berger tables, a 4-player double round robin's standings and
 * Sonneborn-Berger, an 8-player 3-round Swiss round by round (score groups, top half against
 * bottom half, colours), byes in an odd Swiss, a seeded knockout bracket and a drawn match
 * replayed; then properties over larger fields (no repeat, no colour three times running,
 * one bye a player). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "service/pairing.h"

static void assert_board(pairing_game g, int first, int second)
{
    assert_int_equal(g.first, first);
    assert_int_equal(g.second, second);
}

/* FIDE's tables, 1-based: 4 players 1-4 2-3 / 4-3 1-2 / 2-4 3-1; 6 players round 2 6-4 5-3 1-2 */
static void berger_tables(void **state)
{
    (void)state;
    pairing_game b[4];
    assert_int_equal(roundrobin_rounds(4, 1), 3);
    assert_int_equal(roundrobin_rounds(4, 2), 6);
    assert_int_equal(roundrobin_round(4, 1, 0, b), 2);
    assert_board(b[0], 0, 3);
    assert_board(b[1], 1, 2);
    assert_int_equal(roundrobin_round(4, 1, 1, b), 2);
    assert_board(b[0], 3, 2);
    assert_board(b[1], 0, 1);
    assert_int_equal(roundrobin_round(4, 1, 2, b), 2);
    assert_board(b[0], 1, 3);
    assert_board(b[1], 2, 0);
    assert_int_equal(roundrobin_round(4, 1, 3, b), 0);
    assert_int_equal(roundrobin_round(6, 1, 1, b), 3);
    assert_board(b[0], 5, 3);
    assert_board(b[1], 4, 2);
    assert_board(b[2], 0, 1);
    /* the second cycle: the first with colours swapped */
    assert_int_equal(roundrobin_round(4, 2, 3, b), 2);
    assert_board(b[0], 3, 0);
    assert_board(b[1], 2, 1);
    /* 3 players: the table's 4th is missing, so its opponent has the bye, written last */
    assert_int_equal(roundrobin_rounds(3, 1), 3);
    assert_int_equal(roundrobin_round(3, 1, 0, b), 2);
    assert_board(b[0], 1, 2);
    assert_board(b[1], 0, PAIRING_BYE);
}

/* Every pair meets once a cycle, each player once a round, colours within one of even. */
static void every_pair_once_a_cycle(void **state)
{
    (void)state;
    for (int n = 2; n <= 21; n++) {
        int met[21][21] = {{0}}, diff[21] = {0};
        pairing_game b[11];
        for (int r = 0; r < roundrobin_rounds(n, 2); r++) {
            int seen[21] = {0}, nb = roundrobin_round(n, 2, r, b);
            assert_int_equal(nb, (n + 1) / 2);
            for (int i = 0; i < nb; i++) {
                seen[b[i].first]++;
                if (b[i].second == PAIRING_BYE)
                    continue;
                seen[b[i].second]++;
                met[b[i].first][b[i].second]++;
                diff[b[i].first]++;
                diff[b[i].second]--;
            }
            for (int p = 0; p < n; p++)
                assert_int_equal(seen[p], 1);
            if (r == roundrobin_rounds(n, 1) - 1)
                for (int p = 0; p < n; p++)
                    assert_true(abs(diff[p]) <= 1);
        }
        for (int p = 0; p < n; p++) {
            assert_int_equal(diff[p], 0); /* a double round robin gives each the same of both */
            for (int q = 0; q < n; q++)
                if (p != q)
                    assert_int_equal(met[p][q], 1); /* once with each colour */
        }
    }
}

/* A 4-player double round robin, worked by hand (A B C D = 0 1 2 3), each pair's two games:
 * A-B 1-0 1-0, A-C 1-0 0-1, A-D draw draw, B-C 1-0 1-0, B-D draw 0-1, C-D 1-0 1-0.
 * Points A 4, C 3, D 2.5, B 2.5.  SB: A 2x2.5 + 1x3 + 1x2.5 = 10.5; C 1x4 + 2x2.5 = 9;
 * D 1x4 + 1.5x2.5 = 7.75; B 2x3 + 0.5x2.5 = 7.25, so D is above B. */
static void double_round_robin_standings(void **state)
{
    (void)state;
    standings_game g[] = {
        {0, 1, 1}, {1, 0, 0}, {0, 2, 1}, {2, 0, 1}, {0, 3, 0.5}, {3, 0, 0.5},
        {1, 2, 1}, {2, 1, 0}, {1, 3, 0.5}, {3, 1, 1}, {2, 3, 1}, {3, 2, 0},
    };
    double rating[4] = {1500, 1500, 1500, 1500};
    standings_row r[4];
    assert_int_equal(standings_compute(STANDINGS_ROUNDROBIN, 4, rating, g, 12, r), 0);
    int order[4] = {0, 2, 3, 1};
    double points[4] = {4, 3, 2.5, 2.5}, sb[4] = {10.5, 9, 7.75, 7.25};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(r[i].player, order[i]);
        assert_int_equal(r[i].rank, i + 1);
        assert_true(r[i].points == points[i]);
        assert_true(r[i].tiebreak[0] == sb[i]);
        assert_int_equal(r[i].games, 6);
    }
}

/* Single round robin: A-B 1-0, A-C 1-0, A-D draw, B-C draw, B-D 1-0, C-D 0-1.  B and D both
 * 1.5 with SB 1.75 (B: 1x1.5 + 0.5x0.5; D: 0.5x2.5 + 1x0.5); B beat D: B above D, though D is
 * rated higher.  Then a cycle A>B>C>A, all beating D, equal ratings: A, B, C share rank 1. */
static void head_to_head_then_rating(void **state)
{
    (void)state;
    standings_game g[] = {{0, 1, 1}, {0, 2, 1}, {0, 3, 0.5}, {1, 2, 0.5}, {1, 3, 1}, {2, 3, 0}};
    double rating[4] = {1500, 1400, 1500, 1900};
    standings_row r[4];
    assert_int_equal(standings_compute(STANDINGS_ROUNDROBIN, 4, rating, g, 6, r), 0);
    assert_int_equal(r[0].player, 0);
    assert_true(r[0].tiebreak[0] == 2.75);
    assert_int_equal(r[1].player, 1);
    assert_int_equal(r[2].player, 3);
    assert_true(r[1].tiebreak[0] == 1.75 && r[2].tiebreak[0] == 1.75);
    assert_true(r[1].tiebreak[1] == 1 && r[2].tiebreak[1] == 0);
    assert_int_equal(r[1].rank, 2);
    assert_int_equal(r[2].rank, 3);

    standings_game cycle[] = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {0, 3, 1}, {1, 3, 1}, {2, 3, 1}};
    double flat[4] = {1500, 1500, 1500, 1500};
    assert_int_equal(standings_compute(STANDINGS_ROUNDROBIN, 4, flat, cycle, 6, r), 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(r[i].rank, 1);
        assert_int_equal(r[i].player, i);
    }
    assert_int_equal(r[3].rank, 4);
}

static void play_round(const pairing_game *b, int nb, double *points, pairing_game *past, size_t *npast,
                       standings_game *results, size_t *nres)
{
    for (int i = 0; i < nb; i++) {
        past[(*npast)++] = b[i];
        standings_game g = {b[i].first, b[i].second, 1.0};
        if (b[i].second != PAIRING_BYE) /* the higher seed (lower number) wins */
            g.first_score = b[i].first < b[i].second ? 1.0 : 0.0;
        points[g.first] += g.first_score;
        if (g.second != PAIRING_BYE)
            points[g.second] += 1.0 - g.first_score;
        results[(*nres)++] = g;
    }
}

/* 8 players, the higher seed always winning.  Round 1: 1v5 2v6 3v7 4v8, colours alternating
 * by board.  Round 2: 1 point 0v2 1v3, 0 points 4v6 5v7; 0 and 2 both want to move second after
 * moving first, the higher-ranked 0 has it; likewise 1 first, 4 first, 5 second.  Round 3:
 * 2 points 0v1 (0 moved first then second: first now); 1 point 2v4 (top half v bottom half of
 * 2 3 4 5): 2 moved first twice so must move second; 3v5, 3 second twice so first; 0 points
 * 6v7.  Buchholz and median by hand from those results. */
static void swiss_eight_three_rounds(void **state)
{
    (void)state;
    swiss_entrant e[8];
    double points[8] = {0};
    pairing_game past[32], b[8];
    standings_game results[32];
    size_t npast = 0, nres = 0;
    pairing_game want[3][4] = {
        {{0, 4}, {5, 1}, {2, 6}, {7, 3}},
        {{2, 0}, {1, 3}, {4, 6}, {7, 5}},
        {{0, 1}, {4, 2}, {3, 5}, {6, 7}},
    };
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 8; i++) {
            e[i].points = points[i];
            e[i].active = 1;
        }
        swiss_report rep;
        int nb = swiss_pair(e, 8, past, npast, b, &rep);
        assert_int_equal(nb, 4);
        assert_int_equal(rep.relaxed, 0);
        for (int i = 0; i < 4; i++)
            assert_board(b[i], want[round][i].first, want[round][i].second);
        play_round(b, nb, points, past, &npast, results, &nres);
    }
    standings_row r[8];
    double rating[8] = {0};
    assert_int_equal(standings_compute(STANDINGS_SWISS, 8, rating, results, nres, r), 0);
    double pts[8] = {3, 2, 2, 2, 1, 1, 1, 0}, bh[8] = {5, 6, 5, 3, 6, 4, 3, 4}, med[8] = {2, 2, 1, 1, 2, 2, 1, 1};
    int order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    for (int i = 0; i < 8; i++) {
        int p = order[i];
        assert_int_equal(r[i].player, p);
        assert_int_equal(r[i].rank, i + 1);
        assert_true(r[i].points == pts[p]);
        assert_true(r[i].tiebreak[0] == bh[p]);
        assert_true(r[i].tiebreak[1] == med[p]);
    }
}

/* Runs `rounds` rounds of a Swiss of n players (results from a fixed pseudo-random sequence,
 * some draws, `withdraw` leaving after round 1 when >= 0) and checks every round: each active
 * player once, no repeat, nobody with one colour three times running, a bye once a player at
 * most and only for an odd count, given to one of the lowest score. */
static void run_swiss(int n, int rounds, int withdraw, unsigned seed)
{
    swiss_entrant *e = calloc((size_t)n, sizeof *e);
    double *points = calloc((size_t)n, sizeof *points);
    int *byes = calloc((size_t)n, sizeof *byes), *last = calloc((size_t)n, sizeof *last),
        *run = calloc((size_t)n, sizeof *run);
    char *met = calloc((size_t)n * (size_t)n, 1);
    pairing_game *past = calloc((size_t)(n * rounds), sizeof *past), *b = calloc((size_t)n, sizeof *b);
    assert_non_null(e && points && byes && last && run && met && past && b);
    size_t npast = 0;
    for (int round = 0; round < rounds; round++) {
        int active = 0;
        double low = 1e9; /* the lowest score of those who have had no bye */
        for (int i = 0; i < n; i++) {
            e[i].points = points[i];
            e[i].active = !(i == withdraw && round > 0);
            active += e[i].active;
            if (e[i].active && !byes[i] && points[i] < low)
                low = points[i];
        }
        swiss_report rep;
        int nb = swiss_pair(e, n, past, npast, b, &rep);
        assert_int_equal(nb, (active + 1) / 2);
        assert_int_equal(rep.relaxed, 0);
        int *seen = calloc((size_t)n, sizeof *seen);
        for (int i = 0; i < nb; i++) {
            int f = b[i].first, s = b[i].second;
            assert_true(e[f].active);
            seen[f]++;
            past[npast++] = b[i];
            if (s == PAIRING_BYE) {
                assert_true(active % 2 == 1 && i == nb - 1);
                assert_int_equal(++byes[f], 1);
                if (points[f] != low)
                    print_message("bye to %d with %g, lowest %g\n", f, points[f], low);
                assert_true(points[f] == low);
                points[f] += 1;
                continue;
            }
            seen[s]++;
            assert_int_equal(met[f * n + s]++ + met[s * n + f], 0);
            int colour[2] = {1, -1}, who[2] = {f, s};
            for (int k = 0; k < 2; k++) {
                int p = who[k];
                run[p] = last[p] == colour[k] ? run[p] + 1 : 1;
                last[p] = colour[k];
                assert_true(run[p] <= 2);
            }
            seed = seed * 1103515245u + 12345u;
            int r = (int)(seed >> 16) % 5; /* 0-1 first wins, 2-3 second wins, 4 draw */
            double fs = r < 2 ? 1.0 : r < 4 ? 0.0 : 0.5;
            points[f] += fs;
            points[s] += 1.0 - fs;
        }
        for (int i = 0; i < n; i++)
            assert_int_equal(seen[i], e[i].active ? 1 : 0);
        free(seen);
    }
    free(e);
    free(points);
    free(byes);
    free(last);
    free(run);
    free(met);
    free(past);
    free(b);
}

static void swiss_byes_for_odd_counts(void **state)
{
    (void)state;
    pairing_game past[1] = {{0, 0}}, b[8];
    swiss_entrant e[7];
    for (int i = 0; i < 7; i++) {
        e[i].points = 0;
        e[i].active = 1;
    }
    assert_int_equal(swiss_pair(e, 7, past, 0, b, NULL), 4);
    assert_board(b[3], 6, PAIRING_BYE); /* the lowest-ranked of the lowest score */
    assert_board(b[0], 0, 3);           /* the six others: 1v4 2v5 3v6 */
    run_swiss(7, 5, -1, 1);
    run_swiss(8, 3, 7, 2);               /* 8 players, one leaving after round 1: a bye */
    run_swiss(9, 4, -1, 3);
}

static void swiss_larger_fields(void **state)
{
    (void)state;
    run_swiss(64, 6, -1, 7);
    run_swiss(101, 7, 50, 11);
    run_swiss(16, 4, -1, 5);
}

/* More rounds than the field can give without a repeat: the round is still paired, flagged. */
static void swiss_relaxes_when_it_must(void **state)
{
    (void)state;
    pairing_game past[] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}}, b[2];
    swiss_entrant e[4] = {{3, 1}, {2, 1}, {1, 1}, {0, 1}};
    swiss_report rep;
    assert_int_equal(swiss_pair(e, 4, past, 6, b, &rep), 2);
    assert_int_equal(rep.relaxed, 2);
    assert_true(b[0].second != PAIRING_BYE && b[1].second != PAIRING_BYE);
}

static void knockout_brackets(void **state)
{
    (void)state;
    int slots[8];
    assert_int_equal(knockout_size(8), 8);
    assert_int_equal(knockout_size(5), 8);
    assert_int_equal(knockout_size(2), 2);
    knockout_bracket(8, slots);
    int want8[8] = {0, 7, 3, 4, 1, 6, 2, 5};
    assert_memory_equal(slots, want8, sizeof want8);
    knockout_bracket(6, slots); /* seeds 7 and 8 missing: 1 and 2 have the byes */
    int want6[8] = {0, PAIRING_BYE, 3, 4, 1, PAIRING_BYE, 2, 5};
    assert_memory_equal(slots, want6, sizeof want6);
    knockout_bracket(3, slots);
    int want3[4] = {0, PAIRING_BYE, 1, 2};
    assert_memory_equal(slots, want3, sizeof want3);
}

static void knockout_draws_replayed(void **state)
{
    (void)state;
    double s[4] = {0.5, 0.5, 0.0, 0.5};
    knockout_step st = knockout_match(5, 2, s, 0, 2);
    assert_int_equal(st.decided, 0);
    assert_board(st.game, 2, 5);        /* the higher seed first */
    st = knockout_match(5, 2, s, 1, 2); /* drawn: again, colours reversed */
    assert_int_equal(st.decided, 0);
    assert_board(st.game, 5, 2);
    st = knockout_match(5, 2, s, 3, 2); /* the third game lost by the higher seed */
    assert_int_equal(st.decided, 1);
    assert_int_equal(st.winner, 5);
    double draws[3] = {0.5, 0.5, 0.5};
    st = knockout_match(2, 5, draws, 3, 2); /* all drawn, the limit reached: the higher seed */
    assert_int_equal(st.decided, 1);
    assert_int_equal(st.winner, 2);
    st = knockout_match(2, 5, draws, 2, 2);
    assert_int_equal(st.decided, 0);
    assert_board(st.game, 2, 5);
    st = knockout_match(PAIRING_BYE, 4, NULL, 0, 2);
    assert_int_equal(st.decided, 1);
    assert_int_equal(st.winner, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(berger_tables),
        cmocka_unit_test(every_pair_once_a_cycle),
        cmocka_unit_test(double_round_robin_standings),
        cmocka_unit_test(head_to_head_then_rating),
        cmocka_unit_test(swiss_eight_three_rounds),
        cmocka_unit_test(swiss_byes_for_odd_counts),
        cmocka_unit_test(swiss_larger_fields),
        cmocka_unit_test(swiss_relaxes_when_it_must),
        cmocka_unit_test(knockout_brackets),
        cmocka_unit_test(knockout_draws_replayed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_tournament_plan.c - a tournament's format, settings and next step
 * (service/tournament_plan.h): the words of `tournament new` read or refused with what was
 * expected; a 4-player double round robin walked round by round (and all at once with
 * -rounds=together); an 8-player 3-round Swiss to its end; an 8-player knockout with a drawn
 * match replayed colours reversed, and a 6-player one with byes for the top seeds; a knockout
 * stage holding the same match three times (a damaged store) counts it once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "service/tournament_plan.h"

static void formats(void **state)
{
    (void)state;
    tournament_format f;
    char err[200];
    assert_int_equal(tournament_format_parse("roundrobin", &f, err, sizeof err), 0);
    assert_int_equal(f.kind, TFORMAT_ROUNDROBIN);
    assert_int_equal(f.cycles, 1);
    assert_int_equal(tournament_format_parse("roundrobin:2", &f, err, sizeof err), 0);
    assert_int_equal(f.cycles, 2);
    assert_int_equal(tournament_format_parse("swiss:7", &f, err, sizeof err), 0);
    assert_int_equal(f.kind, TFORMAT_SWISS);
    assert_int_equal(f.rounds, 7);
    assert_int_equal(tournament_format_parse("knockout", &f, err, sizeof err), 0);
    assert_int_equal(f.kind, TFORMAT_KNOCKOUT);
    const char *bad[] = {"", "swiss", "swiss:0", "swiss:65", "swiss:3x", "roundrobin:3", "roundrobin:", "knockout:2",
                         "roundrobinx", "swiss:-1", "swiss: 3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        assert_int_equal(tournament_format_parse(bad[i], &f, err, sizeof err), -1);
        assert_non_null(strstr(err, "expected roundrobin"));
    }
}

static void settings(void **state)
{
    (void)state;
    tournament_settings s;
    char err[200];
    tournament_settings_default(&s);
    assert_int_equal(s.rated, 1);
    assert_int_equal(s.sequential, 1);
    assert_int_equal(tournament_setting("-players=4-8", &s, err, sizeof err), 1);
    assert_int_equal(s.min_players, 4);
    assert_int_equal(s.max_players, 8);
    assert_int_equal(tournament_setting("-start=2026-12-01", &s, err, sizeof err), 1);
    assert_true(s.start_at == 1796083200); /* calendar.timegm((2026, 12, 1, 0, 0, 0)) */
    assert_int_equal(tournament_setting("-start=2028-02-29", &s, err, sizeof err), 1);
    assert_int_equal(tournament_setting("-start=full", &s, err, sizeof err), 1);
    assert_true(s.start_at == 0);
    assert_int_equal(tournament_setting("-unrated", &s, err, sizeof err), 1);
    assert_int_equal(s.rated, 0);
    assert_int_equal(tournament_setting("-rounds=together", &s, err, sizeof err), 1);
    assert_int_equal(s.sequential, 0);
    assert_int_equal(tournament_setting("-days=5", &s, err, sizeof err), 1);
    assert_int_equal(s.days, 5);
    assert_int_equal(tournament_setting("-size=11", &s, err, sizeof err), 0); /* a game's option */
    const char *bad[] = {"-players=1-8", "-players=8-4", "-players=4", "-players=4-1001", "-start=2026-02-29",
                         "-start=2026-13-01", "-start=tomorrow", "-start=2026-1-01", "-rounds=parallel",
                         "-days=0", "-days=366", "-days=x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        assert_int_equal(tournament_setting(bad[i], &s, err, sizeof err), -1);
        assert_non_null(strstr(err, "expected"));
    }
}

/* The plan's state: games so far. */
typedef struct walk {
    tplan_game g[64];
    size_t n;
    int rounds;
} walk;

static tplan_step step(walk *w, tournament_format f, int n, int sequential, pairing_game *b, int *nb)
{
    tplan_input in = {f, sequential, n, NULL, w->g, w->n, w->rounds};
    int round = 0;
    tplan_step st = tournament_next(&in, &round, b, nb);
    if (st == TPLAN_PAIR) {
        assert_int_equal(round, w->rounds + 1);
        w->rounds = round;
        for (int i = 0; i < *nb; i++)
            w->g[w->n++] = (tplan_game){round, b[i].first, b[i].second, b[i].second == PAIRING_BYE, 1.0};
    }
    return st;
}

/* Every game of the last round ends: the higher seed (lower number) wins. */
static void finish_round(walk *w)
{
    for (size_t i = 0; i < w->n; i++)
        if (!w->g[i].done) {
            w->g[i].done = 1;
            w->g[i].first_score = w->g[i].first < w->g[i].second ? 1.0 : 0.0;
        }
}

static void round_robin_walk(void **state)
{
    (void)state;
    tournament_format f = {TFORMAT_ROUNDROBIN, 2, 0};
    walk w = {.n = 0};
    pairing_game b[8];
    int nb;
    for (int r = 1; r <= 6; r++) {
        assert_int_equal(step(&w, f, 4, 1, b, &nb), TPLAN_PAIR);
        assert_int_equal(nb, 2);
        assert_int_equal(step(&w, f, 4, 1, b, &nb), TPLAN_WAIT); /* round r still being played */
        finish_round(&w);
    }
    assert_int_equal(step(&w, f, 4, 1, b, &nb), TPLAN_FINISHED);
    assert_int_equal(w.n, 12);
    /* round 4 (the second cycle's first) is round 1 with colours swapped: 4-1 3-2 */
    assert_int_equal(w.g[6].first, 3);
    assert_int_equal(w.g[6].second, 0);

    walk t = {.n = 0}; /* -rounds=together: every round paired at once */
    for (int r = 1; r <= 6; r++)
        assert_int_equal(step(&t, f, 4, 0, b, &nb), TPLAN_PAIR);
    assert_int_equal(step(&t, f, 4, 0, b, &nb), TPLAN_WAIT);
    finish_round(&t);
    assert_int_equal(step(&t, f, 4, 0, b, &nb), TPLAN_FINISHED);
}

static void swiss_walk(void **state)
{
    (void)state;
    tournament_format f = {TFORMAT_SWISS, 0, 3};
    walk w = {.n = 0};
    pairing_game b[8];
    int nb;
    for (int r = 1; r <= 3; r++) {
        assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR);
        assert_int_equal(nb, 4);
        assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_WAIT);
        finish_round(&w);
    }
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_FINISHED);
    /* the third round as test_pairing.c works it out by hand: 1-2, 5-3, 4-6, 7-8 */
    int want[4][2] = {{0, 1}, {4, 2}, {3, 5}, {6, 7}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(w.g[8 + i].first, want[i][0]);
        assert_int_equal(w.g[8 + i].second, want[i][1]);
    }
    standings_game res[16];
    assert_int_equal(tournament_results(w.g, w.n, res), 12);
}

static void set_result(walk *w, int a, int b, double a_score)
{
    for (size_t i = 0; i < w->n; i++) {
        tplan_game *g = &w->g[i];
        if (!g->done && ((g->first == a && g->second == b) || (g->first == b && g->second == a))) {
            g->done = 1;
            g->first_score = g->first == a ? a_score : 1.0 - a_score;
            return;
        }
    }
    fail_msg("no game %d-%d waiting", a, b);
}

/* 8 players: 1-8 4-5 2-7 3-6; 4-5 drawn and replayed 5-4, which 5 wins; then 1-5 2-3; then 1-2. */
static void knockout_walk(void **state)
{
    (void)state;
    tournament_format f = {TFORMAT_KNOCKOUT, 0, 0};
    walk w = {.n = 0};
    pairing_game b[8];
    int nb;
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR);
    assert_int_equal(nb, 4);
    int r1[4][2] = {{0, 7}, {3, 4}, {1, 6}, {2, 5}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(b[i].first, r1[i][0]);
        assert_int_equal(b[i].second, r1[i][1]);
    }
    set_result(&w, 0, 7, 1);
    set_result(&w, 3, 4, 0.5);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_WAIT);
    set_result(&w, 1, 6, 1);
    set_result(&w, 2, 5, 1);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR); /* the replay, colours reversed */
    assert_int_equal(nb, 1);
    assert_int_equal(b[0].first, 4);
    assert_int_equal(b[0].second, 3);
    set_result(&w, 4, 3, 1);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR); /* semi-finals */
    assert_int_equal(nb, 2);
    assert_int_equal(b[0].first, 0);
    assert_int_equal(b[0].second, 4);
    assert_int_equal(b[1].first, 1);
    assert_int_equal(b[1].second, 2);
    set_result(&w, 0, 4, 1);
    set_result(&w, 1, 2, 1);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR); /* the final */
    assert_int_equal(nb, 1);
    assert_int_equal(b[0].first, 0);
    assert_int_equal(b[0].second, 1);
    set_result(&w, 0, 1, 0.5); /* drawn three times: the higher seed goes through */
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR);
    assert_int_equal(b[0].first, 1);
    set_result(&w, 1, 0, 0.5);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_PAIR);
    assert_int_equal(b[0].first, 0);
    set_result(&w, 0, 1, 0.5);
    assert_int_equal(step(&w, f, 8, 1, b, &nb), TPLAN_FINISHED);
}

static void knockout_byes(void **state)
{
    (void)state;
    tournament_format f = {TFORMAT_KNOCKOUT, 0, 0};
    walk w = {.n = 0};
    pairing_game b[8];
    int nb;
    assert_int_equal(step(&w, f, 6, 1, b, &nb), TPLAN_PAIR); /* seeds 1 and 2 have byes */
    assert_int_equal(nb, 2);
    assert_int_equal(b[0].first, 3);
    assert_int_equal(b[0].second, 4);
    assert_int_equal(b[1].first, 2);
    assert_int_equal(b[1].second, 5);
    finish_round(&w);
    assert_int_equal(step(&w, f, 6, 1, b, &nb), TPLAN_PAIR);
    assert_int_equal(nb, 2);
    assert_int_equal(b[0].first, 0);
    assert_int_equal(b[0].second, 3);
    assert_int_equal(b[1].first, 1);
    assert_int_equal(b[1].second, 2);
}

/* Three finished draws between 1 and 2 in round 1 (only one can be the stage's game): the match
 * is one drawn game, replayed colours reversed - not three draws, nor a table overrun. */
static void knockout_repeated_game(void **state)
{
    (void)state;
    tplan_game g[3];
    for (int i = 0; i < 3; i++)
        g[i] = (tplan_game){1, 0, 1, 1, 0.5};
    tplan_input in = {{TFORMAT_KNOCKOUT, 0, 0}, 1, 2, NULL, g, 3, 1};
    pairing_game b[2];
    int round = 0, nb = 0;
    assert_int_equal(tournament_next(&in, &round, b, &nb), TPLAN_PAIR);
    assert_int_equal(round, 2);
    assert_int_equal(nb, 1);
    assert_int_equal(b[0].first, 1);
    assert_int_equal(b[0].second, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats),         cmocka_unit_test(settings),      cmocka_unit_test(round_robin_walk),
        cmocka_unit_test(swiss_walk),      cmocka_unit_test(knockout_walk), cmocka_unit_test(knockout_byes),
        cmocka_unit_test(knockout_repeated_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

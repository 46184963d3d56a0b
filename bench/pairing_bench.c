/* pairing_bench.c - how long a tournament's pairing takes (service/pairing.h), for
 * bench/run's `pairing` section (issue 32: a 1,000-player Swiss round in < 1 s).
 *
 * A Swiss of PLAYERS players (1,000) is played for ROUNDS rounds (11) with results from a fixed
 * pseudo-random sequence (two wins for the first mover, two for the second, one draw in five),
 * one player in fifty leaving after round 3 (so the counts go odd and byes are given); each
 * round's swiss_pair is timed (CLOCK_MONOTONIC, best of RUNS runs of that call), with its
 * search steps and whether a rule had to give way.  Then every round of a 100-player double
 * round robin (9,900 boards) and the Swiss's final standings are timed.
 * Usage: pairing_bench [PLAYERS [ROUNDS [RUNS]]]; prints a Markdown table. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "service/pairing.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000, rounds = argc > 2 ? atoi(argv[2]) : 11;
    int runs = argc > 3 ? atoi(argv[3]) : 3;
    if (n < 2 || rounds < 1 || runs < 1) {
        fprintf(stderr, "usage: pairing_bench [PLAYERS>=2 [ROUNDS>=1 [RUNS>=1]]]\n");
        return 2;
    }
    swiss_entrant *e = calloc((size_t)n, sizeof *e);
    pairing_game *past = calloc((size_t)n * (size_t)rounds, sizeof *past), *b = calloc((size_t)n, sizeof *b);
    standings_game *res = calloc((size_t)n * (size_t)rounds, sizeof *res);
    standings_row *rows = calloc((size_t)n, sizeof *rows);
    double *rating = calloc((size_t)n, sizeof *rating);
    if (!e || !past || !b || !res || !rows || !rating)
        return 1;
    for (int i = 0; i < n; i++) {
        e[i].active = 1;
        rating[i] = 2000 - i;
    }
    size_t npast = 0;
    unsigned seed = 32;
    double worst = 0;
    printf("| Swiss round | players paired | boards | best time ms | search steps | rule relaxed |\n");
    printf("|---:|---:|---:|---:|---:|---|\n");
    for (int r = 0; r < rounds; r++) {
        if (r == 3)
            for (int i = 25; i < n; i += 50)
                e[i].active = 0;
        int active = 0;
        for (int i = 0; i < n; i++)
            active += e[i].active;
        double best = 1e9;
        int nb = 0;
        swiss_report rep = {0, 0};
        for (int k = 0; k < runs; k++) {
            double t0 = now();
            nb = swiss_pair(e, n, past, npast, b, &rep);
            double t = now() - t0;
            if (t < best)
                best = t;
        }
        if (nb < 0)
            return 1;
        if (best > worst)
            worst = best;
        printf("| %d | %d | %d | %.2f | %ld | %s |\n", r + 1, active, nb, best * 1e3, rep.steps,
               rep.relaxed == 0 ? "no" : rep.relaxed == 1 ? "colour" : "repeat");
        for (int i = 0; i < nb; i++) {
            standings_game g = {b[i].first, b[i].second, 1.0};
            if (b[i].second != PAIRING_BYE) {
                unsigned x = next_random(&seed) % 5;
                g.first_score = x < 2 ? 1.0 : x < 4 ? 0.0 : 0.5;
                e[g.second].points += 1.0 - g.first_score;
            }
            e[g.first].points += g.first_score;
            res[npast] = g;
            past[npast++] = b[i];
        }
    }
    double t0 = now();
    int boards = 0;
    pairing_game rr[50];
    for (int r = 0; r < roundrobin_rounds(100, 2); r++)
        boards += roundrobin_round(100, 2, r, rr);
    double rr_time = now() - t0;
    t0 = now();
    if (standings_compute(STANDINGS_SWISS, n, rating, res, npast, rows) < 0)
        return 1;
    double st_time = now() - t0;
    printf("\nworst Swiss round of %d players: %.2f ms (target < 1000 ms: %s)\n", n, worst * 1e3,
           worst < 1.0 ? "MET" : "NOT MET");
    printf("100-player double round robin, every round: %d boards in %.3f ms\n", boards, rr_time * 1e3);
    printf("standings of %d players after %d rounds (%zu boards): %.2f ms\n", n, rounds, npast, st_time * 1e3);
    free(e);
    free(past);
    free(b);
    free(res);
    free(rows);
    free(rating);
    return 0;
}

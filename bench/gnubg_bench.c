/* gnubg_bench.c - the backgammon engine (GNU Backgammon driven by ludex) on random
 * positions: how long each answer takes, and that every move is legal.
 *
 *   build/gnubg_bench [--positions N] [--seconds S] [--seed N] [--program PATH]
 *
 * Each position is made by random legal play from the start with random dice
 * (ludex's own move generator: 0 to 40 rolls, a money game, no cube), then
 * told to the engine move by move; it gets random dice and is asked for its
 * move (lx_engine_genmove), timed from the call to the answer.  The answer is
 * played on an independent lx_bgammon_game: refused = illegal.  Prints one
 * line: positions, the gnubg look-ahead the budget gives, mean, median, 90th
 * percentile and worst time, how many took 1 s or more, plays with one legal
 * choice (answered without asking gnubg), illegal moves and engine failures.
 * Exit status 1 when a move was illegal or the engine failed, 2 when it cannot
 * run (gnubg missing: the line says so, exit 3). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/ludex.h"

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int die(void) { return (int)(rnd() % 6) + 1; }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A play's SGF value: dice digits and from/to letters. */
static void sgf_value(lx_colour who, int d1, int d2, const lx_bgammon_play *p, char *out)
{
    int n = sprintf(out, "%d%d", d1, d2);
    for (int i = 0; i < p->nsteps; i++) {
        out[n++] = lx_bgammon_point_letter(who, p->step[i].from);
        out[n++] = lx_bgammon_point_letter(who, p->step[i].to);
    }
    out[n] = '\0';
}

typedef struct position {
    char moves[48][24];
    lx_colour who[48];
    int n;
    lx_colour next;
} position;

/* Random legal play from the start: 0..40 rolls, stopping before the game ends. */
static int random_position(lx_bgammon_movegen *gen, position *pos)
{
    lx_bgammon_game *g = lx_bgammon_game_new(LX_BGAMMON_STANDARD);
    int rolls = (int)(rnd() % 41);
    lx_colour who = rnd() & 1 ? LX_WHITE : LX_BLACK;
    pos->n = 0;
    for (int i = 0; i < rolls; i++) {
        int d1 = die(), d2 = die();
        while (i == 0 && d1 == d2)
            d2 = die();
        const lx_bgammon_play *plays;
        long np = lx_bgammon_legal_plays(gen, lx_bgammon_game_board(g), who, d1, d2, &plays);
        if (np < 1)
            return lx_bgammon_game_free(g), -1;
        char v[24];
        sgf_value(who, d1, d2, &plays[rnd() % (uint64_t)np], v);
        lx_bgammon_game *copy = lx_bgammon_game_copy(g);
        lx_game_error err;
        lx_game_error_init(&err);
        if (lx_bgammon_game_act(copy, who, v, strlen(v), &err) != 0)
            return fprintf(stderr, "ludex refused its own play %s: %s\n", v, err.message.data), -1;
        lx_game_error_free(&err);
        lx_game_result r;
        lx_bgammon_game_result(copy, &r);
        if (r.over) {
            lx_bgammon_game_free(copy);
            break;
        }
        lx_bgammon_game_free(g);
        g = copy;
        snprintf(pos->moves[pos->n], sizeof pos->moves[0], "%s", v);
        pos->who[pos->n++] = who;
        who = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    }
    pos->next = who;
    lx_bgammon_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    int positions = 100;
    double seconds = 1.0;
    uint64_t seed = 20261125;
    const char *program = getenv("LUDEX_GNUBG");
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--positions"))
            positions = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds"))
            seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--program"))
            program = argv[i + 1];
    }
    if (positions < 1 || positions > 100000)
        return fprintf(stderr, "--positions 1..100000\n"), 2;
    rng_state = seed;
    lx_engine_options o;
    lx_engine_options_init(&o, "backgammon");
    o.seconds = seconds;
    o.seed = seed;
    o.program = program;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    if (!e) {
        printf("gnubg_bench: no engine: %s\n", err.message.data);
        return 3;
    }
    lx_bgammon_movegen *gen = lx_bgammon_movegen_new();
    double *t = calloc((size_t)positions, sizeof *t);
    int slow = 0, illegal = 0, failed = 0, forced = 0;
    lx_buf mv = LX_BUF_INIT;
    for (int i = 0; i < positions; i++) {
        position pos;
        if (random_position(gen, &pos) != 0)
            return 2;
        lx_engine_new_game(e, 0, 0, &err);
        lx_bgammon_game *g = lx_bgammon_game_new(LX_BGAMMON_STANDARD);
        for (int k = 0; k < pos.n; k++)
            if (lx_engine_play(e, pos.who[k], pos.moves[k], &err) != 0 ||
                lx_bgammon_game_act(g, pos.who[k], pos.moves[k], strlen(pos.moves[k]), &err) != 0)
                return fprintf(stderr, "the engine refused %s: %s\n", pos.moves[k], err.message.data), 2;
        int d1 = die(), d2 = die();
        while (pos.n == 0 && d1 == d2)
            d2 = die();
        const lx_bgammon_play *plays;
        forced += lx_bgammon_legal_plays(gen, lx_bgammon_game_board(g), pos.next, d1, d2, &plays) == 1;
        lx_engine_set_dice(e, d1, d2);
        lx_buf_clear(&mv);
        double t0 = now();
        int rc = lx_engine_genmove(e, pos.next, &mv, &err);
        t[i] = now() - t0;
        slow += t[i] >= 1.0;
        if (rc != 0) {
            failed++;
            fprintf(stderr, "position %d: %s %s\n", i, err.code, err.message.data);
        } else if (lx_bgammon_game_act(g, pos.next, mv.data, mv.len, &err) != 0) {
            illegal++;
            fprintf(stderr, "position %d: %s is illegal: %s\n", i, mv.data, err.message.data);
        }
        lx_bgammon_game_free(g);
    }
    double sum = 0;
    for (int i = 0; i < positions; i++)
        sum += t[i];
    qsort(t, (size_t)positions, sizeof *t, by_value);
    int plies = seconds < 0.25 ? 0 : seconds < 0.75 ? 1 : 2;
    printf("gnubg: %d random positions, --seconds %g (%d-ply): mean %.3f s, median %.3f s, p90 %.3f s, worst %.3f s; "
           "%d took 1 s or more; %d with one legal play (not asked); illegal %d, engine failures %d\n",
           positions, seconds, plies, sum / positions, t[positions / 2], t[positions * 9 / 10], t[positions - 1], slow,
           forced, illegal, failed);
    free(t);
    lx_buf_free(&mv);
    lx_bgammon_movegen_free(gen);
    lx_engine_free(e);
    lx_game_error_free(&err);
    return illegal || failed ? 1 : 0;
}

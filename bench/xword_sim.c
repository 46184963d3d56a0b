/* xword_sim.c - the simulating crossword player against the static-equity one.
 *
 *   build/xword_sim [--games N] [--seconds S | --iterations K] [--candidates C]
 *                   [--plies P] [--threads T] [--seed X] [--data PATH]
 *
 * N games (default 1000) on the standard board with the english tiles, the
 * default lexicon (wamerican) and the built-in leaves.  Game i deals from a
 * bag shuffled by seed X + i, and the simulating player moves first in the
 * even games, second in the odd ones.  Each player sees only its own rack
 * (as a server bot does): the static player takes lx_xw_gen_best's play,
 * the simulating one lx_xw_sim_run's with S seconds of its thread's CPU time a
 * move (default 0.1; CPU time, so that a loaded machine slows the match
 * but does not weaken the player), or K iterations a move.  Ends as the
 * rules say: a player out of tiles gets twice the other's rack, six
 * scoreless turns in a row cost each its own rack.  Prints key=value lines:
 * games, wins, losses, draws (of the simulating player), win_rate (a draw
 * half a win) with its 95% interval (Wilson), avg_spread, iterations per
 * simulated move, sim_moves, cpu_seconds.  Every 50 games a line of the
 * tally so far goes to standard error.  SIGTERM or SIGINT stops the match
 * after the games under way: the figures are then those of the games
 * finished (stopped=1), so a match cut short by a deadline still counts. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/xword.h"

static volatile sig_atomic_t stop_requested;

static void request_stop(int sig)
{
    (void)sig;
    stop_requested = 1;
}

typedef struct match {
    const lx_xw_dist *d;
    const lx_xw_layout *l;
    const lx_xw_lexicon *lx;
    lx_xw_sim_options sim;
    long games, seed;
    int threads;
    pthread_mutex_t lock;
    long next_game;
    long wins, losses, draws, spread, sim_moves, iterations, failures;
} match;

/* A game's tiles: the bag (drawn from its end) and two racks. */
typedef struct table {
    uint8_t bag[512];
    size_t nbag;
    uint8_t rack[2][LX_XW_RACK_SIZE];
    size_t nrack[2];
    long score[2];
    uint64_t rng;
} table;

static size_t table_random(table *t, size_t n)
{
    t->rng ^= t->rng << 13, t->rng ^= t->rng >> 7, t->rng ^= t->rng << 17;
    return (size_t)(t->rng % n);
}

static void refill(table *t, int who)
{
    while (t->nrack[who] < LX_XW_RACK_SIZE && t->nbag > 0) {
        size_t i = table_random(t, t->nbag);
        t->rack[who][t->nrack[who]++] = t->bag[i];
        t->bag[i] = t->bag[--t->nbag];
    }
}

static void remove_tile(table *t, int who, int tile)
{
    for (size_t j = 0; j < t->nrack[who]; j++)
        if (t->rack[who][j] == tile) {
            t->rack[who][j] = t->rack[who][--t->nrack[who]];
            return;
        }
}

static long tiles_value(const lx_xw_dist *d, const table *t, int who)
{
    long v = 0;
    for (size_t i = 0; i < t->nrack[who]; i++)
        v += lx_xw_dist_value(d, t->rack[who][i]);
    return v;
}

/* Player `who` makes pl on p; 1 when it went out. */
static int apply_play(const lx_xw_dist *d, lx_xw_pos *p, table *t, int who, const lx_xw_play *pl)
{
    t->score[who] += pl->score;
    if (pl->kind == LX_XW_PLACE) {
        lx_xw_move m;
        lx_xw_play_move(p, pl, &m);
        lx_xw_pos_place(p, &m);
        for (int k = 0; k < pl->ntiles; k++)
            remove_tile(t, who, pl->tiles[k] & LX_XW_BLANK_BIT ? 0 : pl->tiles[k]);
        refill(t, who);
        if (t->nrack[who] == 0) {
            t->score[who] += 2 * tiles_value(d, t, !who);
            return 1;
        }
    } else if (pl->kind == LX_XW_EXCHANGE) {
        for (int k = 0; k < pl->ntiles; k++)
            remove_tile(t, who, pl->tiles[k]);
        refill(t, who);
        for (int k = 0; k < pl->ntiles; k++)
            t->bag[t->nbag++] = pl->tiles[k];
    }
    return 0;
}

typedef struct player_state {
    lx_xw_gen *gen;
    lx_xw_sim *sim;
    lx_xw_pos *pos;
    long sim_moves, iterations;
} player_state;

/* The mover's play, seeing its own rack only. */
static int choose(match *m, player_state *ps, table *t, int who, int simulating, long turn, lx_xw_play *pl)
{
    lx_xw_pos_set_rack(ps->pos, 0, t->rack[who], t->nrack[who]);
    static const uint8_t unknown[1] = {0};
    lx_xw_pos_set_rack(ps->pos, 1, unknown, 0);
    if (!simulating) {
        lx_xw_gen_options o = {m->lx, NULL, NULL, 0};
        return lx_xw_gen_best(ps->gen, ps->pos, &o, pl, NULL);
    }
    lx_xw_sim_options o = m->sim;
    o.seed = (uint64_t)m->seed * 1000003u + (uint64_t)turn;
    int rc = lx_xw_sim_run(ps->sim, ps->pos, &o, pl, NULL);
    ps->sim_moves++;
    ps->iterations += lx_xw_sim_iterations(ps->sim);
    return rc;
}

/* Game i: the simulating player's final spread, or LONG_MIN on a failure. */
static long play_game(match *m, player_state *ps, long i)
{
    table t;
    memset(&t, 0, sizeof t);
    t.rng = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)(m->seed + i) * 0xBF58476D1CE4E5B9ULL);
    for (int tile = 0; tile <= lx_xw_dist_letters(m->d); tile++)
        for (int k = 0; k < lx_xw_dist_count(m->d, tile); k++)
            t.bag[t.nbag++] = (uint8_t)tile;
    lx_xw_pos_reset(ps->pos, m->d, m->l, 2);
    int sim_seat = (int)(i & 1); /* seat 0 moves first */
    refill(&t, 0);
    refill(&t, 1);
    int zeros = 0;
    for (long turn = 0; turn < 400; turn++) {
        int who = (int)(turn & 1);
        lx_xw_play pl;
        if (choose(m, ps, &t, who, who == sim_seat, i * 1000 + turn, &pl) != 0)
            return -1000000;
        if (apply_play(m->d, ps->pos, &t, who, &pl))
            break;
        zeros = pl.score == 0 ? zeros + 1 : 0;
        if (zeros >= LX_XW_MAX_ZEROS) {
            t.score[0] -= tiles_value(m->d, &t, 0);
            t.score[1] -= tiles_value(m->d, &t, 1);
            break;
        }
    }
    return t.score[sim_seat] - t.score[!sim_seat];
}

static void *worker(void *arg)
{
    match *m = arg;
    player_state ps = {lx_xw_gen_new(), lx_xw_sim_new(), lx_xw_pos_new(), 0, 0};
    for (;;) {
        pthread_mutex_lock(&m->lock);
        long i = m->next_game < m->games && !stop_requested ? m->next_game++ : -1;
        pthread_mutex_unlock(&m->lock);
        if (i < 0)
            break;
        long spread = play_game(m, &ps, i);
        pthread_mutex_lock(&m->lock);
        if (spread == -1000000)
            m->failures++;
        else
            m->wins += spread > 0, m->losses += spread < 0, m->draws += spread == 0, m->spread += spread;
        long done = m->wins + m->losses + m->draws;
        if (done % 50 == 0)
            fprintf(stderr, "xword_sim: %ld games, %ld won, %ld lost, %ld drawn\n", done, m->wins, m->losses, m->draws);
        pthread_mutex_unlock(&m->lock);
    }
    pthread_mutex_lock(&m->lock);
    m->sim_moves += ps.sim_moves;
    m->iterations += ps.iterations;
    pthread_mutex_unlock(&m->lock);
    lx_xw_sim_free(ps.sim);
    lx_xw_gen_free(ps.gen);
    lx_xw_pos_free(ps.pos);
    return NULL;
}

/* The Wilson score interval of p over n at 95%. */
static void wilson(double p, double n, double *lo, double *hi)
{
    const double z = 1.959964;
    double den = 1 + z * z / n, mid = (p + z * z / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
    *lo = mid - half, *hi = mid + half;
}

static int parse_args(match *m, const char **path, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return fprintf(stderr, "xword_sim: %s wants a value\n", a), -1;
        i++;
        if (!strcmp(a, "--games"))
            m->games = atol(v);
        else if (!strcmp(a, "--seconds"))
            m->sim.seconds = atof(v), m->sim.iterations = 0;
        else if (!strcmp(a, "--iterations"))
            m->sim.iterations = atol(v), m->sim.seconds = 0;
        else if (!strcmp(a, "--candidates"))
            m->sim.candidates = atoi(v);
        else if (!strcmp(a, "--plies"))
            m->sim.plies = atoi(v);
        else if (!strcmp(a, "--threads"))
            m->threads = atoi(v);
        else if (!strcmp(a, "--seed"))
            m->seed = atol(v);
        else if (!strcmp(a, "--data"))
            *path = v;
        else
            return fprintf(stderr, "xword_sim: unknown option %s\n", a), -1;
    }
    return m->games > 0 && m->threads > 0 && m->threads <= 64 ? 0 : -1;
}

int main(int argc, char **argv)
{
    match m;
    memset(&m, 0, sizeof m);
    m.games = 1000, m.threads = 1, m.seed = 1;
    m.sim.seconds = 0.1, m.sim.cpu_time = 1;
    const char *path = "build/data/xword:data/xword";
    if (parse_args(&m, &path, argc, argv) != 0)
        return 2;
    lx_xw_data *data = lx_xw_data_new(path);
    m.d = lx_xw_data_dist(data, "english", NULL);
    m.l = lx_xw_data_layout(data, LX_XW_DEFAULT_BOARD, NULL);
    m.lx = m.d ? lx_xw_data_lexicon(data, LX_XW_DEFAULT_LEXICON, m.d, NULL) : NULL;
    if (!m.lx || !m.l) {
        fprintf(stderr, "xword_sim: no english distribution, board or default lexicon under %s\n", path);
        return 2;
    }
    m.sim.lexicon = m.lx;
    pthread_mutex_init(&m.lock, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = request_stop;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    pthread_t tid[64];
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (int i = 0; i < m.threads; i++)
        pthread_create(&tid[i], NULL, worker, &m);
    for (int i = 0; i < m.threads; i++)
        pthread_join(tid[i], NULL);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    long played = m.wins + m.losses + m.draws;
    double rate = played ? ((double)m.wins + 0.5 * (double)m.draws) / (double)played : 0, lo = 0, hi = 0;
    if (played)
        wilson(rate, (double)played, &lo, &hi);
    printf("stopped=%d\n", stop_requested ? 1 : 0);
    printf("games=%ld\nwins=%ld\nlosses=%ld\ndraws=%ld\nfailures=%ld\n", played, m.wins, m.losses, m.draws,
           m.failures);
    printf("win_rate=%.4f\nwin_low=%.4f\nwin_high=%.4f\n", rate, lo, hi);
    printf("avg_spread=%.1f\nsim_moves=%ld\niterations_per_move=%.1f\n", played ? (double)m.spread / (double)played : 0,
           m.sim_moves, m.sim_moves ? (double)m.iterations / (double)m.sim_moves : 0);
    printf("seconds_per_move=%g\niterations_limit=%ld\ncandidates=%d\nplies=%d\ncpu_seconds=%.1f\n", m.sim.seconds,
           m.sim.iterations, m.sim.candidates ? m.sim.candidates : 10, m.sim.plies ? m.sim.plies : 2,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    lx_xw_data_free(data);
    return m.failures == 0 ? 0 : 1;
}

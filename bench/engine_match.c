/* engine_match.c - matches between two engine configurations, and the speed
 * of the search.
 *
 *   engine_match [--game hex|twixt] [--size N] [--rules std|pp] [--games N]
 *                [--parallel P] [--seed S] [--a KIND] [--b KIND]
 *                [--seconds S] [--seconds-a S] [--seconds-b S]
 *                [--playouts N] [--playouts-a N] [--playouts-b N]
 *                [--threads T] [--threads-a T] [--threads-b T]
 *                [--adjudicate V:N] [--adjudicate-check]
 *   engine_match --speed [--game G] [--size N] [--seconds S] [--threads T]
 *
 * A match plays N games from the empty board, A moving first in the even
 * games and second in the odd ones (so each side opens as often; the swap
 * rule is in force), P games at a time, and prints A's score (a draw counts
 * half) with its 95% Wilson interval.
 *
 * --adjudicate V:N ends a game that both engines agree on, as engine
 * tournaments do (cutechess-cli's -resign): after N moves in a row at which
 * the last search of one side gave itself >= 1-V and the other's gave itself
 * <= V (lx_engine_last_value), the first side wins.  --adjudicate-check plays
 * every game out all the same and counts the games where that verdict
 * differed from the end (the referee's error, to report beside the match).
 * --speed runs one search from the empty
 * board and prints the playouts a second inside it. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/ludex.h"

typedef struct side {
    const char *kind;
    double seconds;
    long playouts;
    int threads;
} side;

typedef struct match {
    const char *game;
    int size;
    const char *rules;
    int games, parallel;
    uint64_t seed;
    side a, b;
    /* results */
    pthread_mutex_t lock;
    int next;
    double score;       /* A's */
    int a_first_wins, a_second_wins, draws, done;
    long moves;
    int failures;
    double adj_margin;  /* V of --adjudicate; 0: off */
    int adj_moves;      /* N */
    int adj_check;      /* play on; count verdicts the end contradicts */
    int adjudicated, adj_wrong;
} match;

/* The adjudication of one game: each side's last value for itself, and how
 * many moves in a row they have agreed on one winner. */
typedef struct verdict_state {
    double a_value, b_value; /* -1: none yet */
    int run, leader;         /* leader: 1 A, 2 B, 0 none */
    int verdict;             /* 1 A, 2 B, once reached; 0 none */
} verdict_state;

/* After a move by A (a_moved) whose search gave `value`: 1 or 2 once the
 * agreement has lasted N moves, else 0. */
static int adjudicate(const match *m, verdict_state *v, int a_moved, double value)
{
    if (a_moved)
        v->a_value = value;
    else
        v->b_value = value;
    int leader = 0;
    double hi = 1 - m->adj_margin, lo = m->adj_margin;
    if (v->a_value >= hi && v->b_value >= 0 && v->b_value <= lo)
        leader = 1;
    else if (v->b_value >= hi && v->a_value >= 0 && v->a_value <= lo)
        leader = 2;
    v->run = leader && leader == v->leader ? v->run + 1 : leader ? 1 : 0;
    v->leader = leader;
    return v->run >= m->adj_moves ? leader : 0;
}

static lx_engine *make(const match *m, const side *s, uint64_t seed)
{
    lx_engine_options o;
    lx_engine_options_init(&o, s->kind);
    o.cols = o.rows = m->size;
    o.rules = m->rules;
    o.seconds = s->seconds;
    o.playouts = s->playouts;
    o.threads = s->threads;
    o.seed = seed;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    if (!e)
        fprintf(stderr, "engine_match: %s: %s\n", err.code, err.message.data ? err.message.data : "");
    lx_game_error_free(&err);
    return e;
}

/* One game; A's score (1, 0.5, 0) or -1 on a failure. */
static double play_game(match *m, int index, long *moves)
{
    uint64_t seed = m->seed * 1000003u + (uint64_t)index * 7919u + 1;
    lx_engine *ea = make(m, &m->a, seed), *eb = make(m, &m->b, seed ^ 0x5555);
    if (!ea || !eb) {
        lx_engine_free(ea);
        lx_engine_free(eb);
        return -1;
    }
    int a_first = index % 2 == 0;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    double score = -1;
    verdict_state vs = {-1, -1, 0, 0, 0};
    long n = 0, cap = (long)m->size * m->size + 8;
    for (; n < cap; n++) {
        lx_colour who = lx_engine_to_play(ea);
        if (who == LX_NO_COLOUR)
            break;
        lx_colour first = strcmp(m->game, "twixt") == 0 ? LX_WHITE : LX_BLACK;
        int a_moves = (who == first) == a_first;
        lx_engine *mover = a_moves ? ea : eb, *other = a_moves ? eb : ea;
        lx_buf_clear(&mv);
        if (lx_engine_genmove(mover, who, &mv, &err) != 0) {
            if (err.code && strcmp(err.code, "GAME_OVER") == 0)
                break;
            fprintf(stderr, "engine_match: game %d: genmove: %s: %s\n", index, err.code,
                    err.message.data ? err.message.data : "");
            goto out;
        }
        if (lx_engine_play(other, who, mv.data, &err) != 0) {
            fprintf(stderr, "engine_match: game %d: %s refused %s: %s\n", index, lx_engine_kind(other), mv.data,
                    err.code);
            goto out;
        }
        double value = lx_engine_last_value(mover);
        if (getenv("ENGINE_MATCH_VERBOSE"))
            fprintf(stderr, "game %d move %ld: %s %s %.3f\n", index, n + 1, a_moves ? "A" : "B", mv.data, value);
        if (m->adj_margin > 0 && !vs.verdict && value >= 0)
            vs.verdict = adjudicate(m, &vs, a_moves, value);
        if (vs.verdict && !m->adj_check) {
            n++;
            break;
        }
    }
    lx_game_result r;
    lx_engine_result(ea, &r);
    lx_colour first = strcmp(m->game, "twixt") == 0 ? LX_WHITE : LX_BLACK;
    lx_colour a_colour = a_first ? first : (first == LX_BLACK ? LX_WHITE : LX_BLACK);
    score = !r.over || r.winner == LX_NO_COLOUR ? 0.5 : r.winner == a_colour ? 1.0 : 0.0;
    if (vs.verdict) {
        double said = vs.verdict == 1 ? 1.0 : 0.0;
        pthread_mutex_lock(&m->lock);
        m->adjudicated++;
        m->adj_wrong += m->adj_check && said != score;
        pthread_mutex_unlock(&m->lock);
        if (!m->adj_check)
            score = said;
    }
out:
    *moves = n;
    lx_buf_free(&mv);
    lx_game_error_free(&err);
    lx_engine_free(ea);
    lx_engine_free(eb);
    return score;
}

static void *worker(void *arg)
{
    match *m = arg;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int i = m->next < m->games ? m->next++ : -1;
        pthread_mutex_unlock(&m->lock);
        if (i < 0)
            return NULL;
        long moves = 0;
        double s = play_game(m, i, &moves);
        pthread_mutex_lock(&m->lock);
        if (s < 0) {
            m->failures++;
        } else {
            m->score += s;
            m->done++;
            m->moves += moves;
            if (s == 0.5)
                m->draws++;
            else if (s == 1.0 && i % 2 == 0)
                m->a_first_wins++;
            else if (s == 1.0)
                m->a_second_wins++;
        }
        pthread_mutex_unlock(&m->lock);
    }
}

static void wilson(double wins, int n, double *lo, double *hi)
{
    double z = 1.96, p = n ? wins / n : 0, d = 1 + z * z / n;
    double c = (p + z * z / (2.0 * n)) / d, h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h;
    *hi = c + h;
}

static void describe(const side *s, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%s", s->kind);
    if (s->seconds > 0)
        k += snprintf(buf + k, cap - (size_t)k, " %.3gs", s->seconds);
    if (s->playouts > 0)
        snprintf(buf + k, cap - (size_t)k, " %ld playouts", s->playouts);
    size_t l = strlen(buf);
    snprintf(buf + l, cap - l, " %d thread%s", s->threads, s->threads == 1 ? "" : "s");
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One search from the empty board: playouts a second of the clock on the
 * wall and of the processor time the process used (on a shared machine the
 * second says what the code does, the first what the machine gave it). */
static int speed(const match *m)
{
    lx_engine *e = make(m, &m->a, m->seed);
    if (!e)
        return 1;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine_candidate c[3];
    size_t n;
    double cpu0 = cpu_seconds();
    int rc = lx_engine_analyse(e, lx_engine_to_play(e), c, 3, &n, &err);
    double cpu = cpu_seconds() - cpu0;
    long playouts;
    double secs;
    lx_engine_last_search(e, &playouts, &secs);
    if (rc == 0)
        printf("%s %dx%d search playouts/s: %.0f (%ld playouts in %.2f s on %d threads; %.0f a processor-second, "
               "%.2f s used; best %s %.3f)\n",
               m->a.kind, m->size, m->size, playouts / secs, playouts, secs, m->a.threads, playouts / cpu, cpu,
               n ? c[0].move : "-", n ? c[0].value : 0);
    else
        fprintf(stderr, "engine_match: %s\n", err.code);
    lx_game_error_free(&err);
    lx_engine_free(e);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    match m = {.game = "hex", .size = 9, .games = 20, .parallel = 2, .seed = 1};
    m.a = (side){.kind = "hex", .seconds = 0.1, .threads = 1};
    m.b = (side){.kind = "hex-flat", .seconds = 0.1, .threads = 1};
    int do_speed = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1;
        if (strcmp(o, "--speed") == 0) {
            do_speed = 1;
            used = 0;
        } else if (strcmp(o, "--adjudicate-check") == 0) {
            m.adj_check = 1;
            used = 0;
        } else if (!v) {
            fprintf(stderr, "engine_match: %s needs a value\n", o);
            return 2;
        } else if (strcmp(o, "--adjudicate") == 0) {
            if (sscanf(v, "%lf:%d", &m.adj_margin, &m.adj_moves) != 2 || m.adj_margin <= 0 ||
                m.adj_margin >= 0.5 || m.adj_moves < 1) {
                fprintf(stderr, "engine_match: --adjudicate wants V:N, 0 < V < 0.5 and N >= 1 (e.g. 0.05:4)\n");
                return 2;
            }
        } else if (strcmp(o, "--game") == 0) {
            m.game = v;
        } else if (strcmp(o, "--size") == 0) {
            m.size = atoi(v);
        } else if (strcmp(o, "--rules") == 0) {
            m.rules = v;
        } else if (strcmp(o, "--games") == 0) {
            m.games = atoi(v);
        } else if (strcmp(o, "--parallel") == 0) {
            m.parallel = atoi(v);
        } else if (strcmp(o, "--seed") == 0) {
            m.seed = strtoull(v, NULL, 10);
        } else if (strcmp(o, "--a") == 0) {
            m.a.kind = v;
        } else if (strcmp(o, "--b") == 0) {
            m.b.kind = v;
        } else if (strcmp(o, "--seconds") == 0) {
            m.a.seconds = m.b.seconds = atof(v);
        } else if (strcmp(o, "--seconds-a") == 0) {
            m.a.seconds = atof(v);
        } else if (strcmp(o, "--seconds-b") == 0) {
            m.b.seconds = atof(v);
        } else if (strcmp(o, "--playouts") == 0) {
            m.a.playouts = m.b.playouts = atol(v);
        } else if (strcmp(o, "--playouts-a") == 0) {
            m.a.playouts = atol(v);
        } else if (strcmp(o, "--playouts-b") == 0) {
            m.b.playouts = atol(v);
        } else if (strcmp(o, "--threads") == 0) {
            m.a.threads = m.b.threads = atoi(v);
        } else if (strcmp(o, "--threads-a") == 0) {
            m.a.threads = atoi(v);
        } else if (strcmp(o, "--threads-b") == 0) {
            m.b.threads = atoi(v);
        } else {
            fprintf(stderr, "engine_match: unknown option %s\n", o);
            return 2;
        }
        i += used;
    }
    if (do_speed)
        return speed(&m);
    if (m.parallel < 1)
        m.parallel = 1;
    if (m.parallel > 64)
        m.parallel = 64;
    pthread_mutex_init(&m.lock, NULL);
    pthread_t th[64];
    for (int t = 0; t < m.parallel; t++)
        pthread_create(&th[t], NULL, worker, &m);
    for (int t = 0; t < m.parallel; t++)
        pthread_join(th[t], NULL);
    char da[128], db[128];
    describe(&m.a, da, sizeof da);
    describe(&m.b, db, sizeof db);
    double lo = 0, hi = 0;
    if (m.done)
        wilson(m.score, m.done, &lo, &hi);
    printf("%s %dx%d%s%s: A (%s) vs B (%s): A scores %.1f/%d = %.1f%% (95%% CI %.1f..%.1f%%); A won %d moving "
           "first, %d moving second, %d draws; %.1f moves a game%s\n",
           m.game, m.size, m.size, m.rules ? " " : "", m.rules ? m.rules : "", da, db, m.score, m.done,
           m.done ? 100.0 * m.score / m.done : 0, 100 * lo, 100 * hi, m.a_first_wins, m.a_second_wins, m.draws,
           m.done ? (double)m.moves / m.done : 0, m.failures ? " (SOME GAMES FAILED)" : "");
    if (m.adj_margin > 0 && m.adj_check)
        printf("  adjudication %.2f:%d checked: %d games reached a verdict, played out: %d ended otherwise\n",
               m.adj_margin, m.adj_moves, m.adjudicated, m.adj_wrong);
    else if (m.adj_margin > 0)
        printf("  adjudicated %d of %d games (both engines agreeing for %d moves: the leader >= %.2f, the other "
               "<= %.2f)\n", m.adjudicated, m.done, m.adj_moves, 1 - m.adj_margin, m.adj_margin);
    return m.failures ? 1 : 0;
}

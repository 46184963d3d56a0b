/* bgammon_bench.c - how fast ludex generates backgammon plays and replays matches.
 *
 *   cc -O2 -Iinclude bench/bgammon_bench.c build/libludex.a -o build/bgammon_bench
 *   build/bgammon_bench [DIR] [SECONDS]
 *
 * DIR (default tests/gnubg) holds real matches: *.sgf files GNU Backgammon
 * played against itself.  Every position where a player is about to roll is
 * taken from their main lines.  Prints, one figure per line:
 *   - legal-play generation: (position, roll) pairs per second, all 21 rolls
 *     of every position, each giving every distinct legal play
 *     (lx_bgammon_legal_plays) - the target is at least 2,000,000 on one core;
 *     with the average number of plays per pair.  Measured twice: the 21
 *     rolls of one position after another (as a bot asks; the generator
 *     keeps what it learnt of the board between them), and each roll over
 *     every position in turn (a new board every call); then doubles alone,
 *     the expensive rolls;
 *   - SGF match replay: moves per second of lx_replay_tree over the matches
 *     read beforehand (legality of every move, cube and match included), and
 *     of lx_check_document on the files in memory (reading, generic checks,
 *     replay).
 * Each figure runs for SECONDS (default 1) of CPU time on one core. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/bgammon.h"
#include "ludex/ludex.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct file {
    char *text;
    size_t len;
} file;

typedef struct sample {
    lx_bgammon_board board;
    lx_colour on_roll;
} sample;

typedef struct corpus {
    file *files;
    size_t nfiles;
    sample *samples;
    size_t nsamples, cap;
    long moves;      /* moves of all main lines, counted once */
} corpus;

static void load_files(const char *dir, corpus *c)
{
    DIR *d = opendir(dir);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".sgf") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *buf = malloc((size_t)len + 1);
        if (buf && fread(buf, 1, (size_t)len, f) == (size_t)len) {
            c->files = realloc(c->files, (c->nfiles + 1) * sizeof *c->files);
            c->files[c->nfiles++] = (file){buf, (size_t)len};
        } else {
            free(buf);
        }
        fclose(f);
    }
    if (d)
        closedir(d);
}

static int collect(void *ctx, const lx_replay_event *ev)
{
    corpus *c = ctx;
    c->moves++;
    lx_bgammon_match_info m;
    lx_bgammon_game_info(ev->position, &m);
    if (m.state != LX_BGAMMON_PLAYING || m.doubled)
        return 0;
    if (c->nsamples == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 1024;
        c->samples = realloc(c->samples, c->cap * sizeof *c->samples);
    }
    c->samples[c->nsamples++] = (sample){*lx_bgammon_game_board(ev->position), m.on_roll};
    return 0;
}

/* Replay every tree with `hooks`. */
static void replay_all(lx_sgf_tree **trees, size_t ntrees, const lx_replay_hooks *hooks)
{
    lx_diag_list *d = lx_diag_list_new();
    for (size_t i = 0; i < ntrees; i++) {
        lx_diag_list_clear(d);
        lx_replay_tree(trees[i], i, &lx_bgammon_module, NULL, hooks, d);
    }
    lx_diag_list_free(d);
}

static lx_sgf_tree **read_trees(const corpus *c, size_t *ntrees, lx_sgf_doc ***docs_out)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc **docs = calloc(c->nfiles, sizeof *docs);
    lx_sgf_tree **trees = NULL;
    size_t n = 0;
    for (size_t i = 0; i < c->nfiles; i++) {
        docs[i] = lx_sgf_doc_new(c->files[i].text, c->files[i].len, 1, NULL, d);
        lx_sgf_reader *r = docs[i] ? lx_sgf_reader_new(docs[i], d) : NULL;
        lx_sgf_tree *t = NULL;
        while (r && lx_sgf_reader_next(r, &t) == 1) {
            trees = realloc(trees, (n + 1) * sizeof *trees);
            trees[n++] = t;
            t = NULL;
        }
        lx_sgf_reader_free(r);
    }
    lx_diag_list_free(d);
    *ntrees = n;
    *docs_out = docs;
    return trees;
}

typedef enum order { ROLLS_OF_EACH_POSITION, DOUBLES_ONLY, POSITIONS_OF_EACH_ROLL } order;

static long generate(lx_bgammon_movegen *g, const sample *x, int d1, int d2)
{
    const lx_bgammon_play *p;
    return lx_bgammon_legal_plays(g, &x->board, x->on_roll, d1, d2, &p);
}

/* One round over every position and roll; the plays found, *pairs counted. */
static long one_round(lx_bgammon_movegen *g, const corpus *c, order o, long *pairs)
{
    long plays = 0;
    if (o == POSITIONS_OF_EACH_ROLL) {
        for (int d1 = 1; d1 <= 6; d1++)
            for (int d2 = 1; d2 <= d1; d2++)
                for (size_t i = 0; i < c->nsamples; i++, ++*pairs)
                    plays += generate(g, &c->samples[i], d1, d2);
        return plays;
    }
    for (size_t i = 0; i < c->nsamples; i++)
        for (int d1 = 1; d1 <= 6; d1++)
            for (int d2 = o == DOUBLES_ONLY ? d1 : 1; d2 <= d1; d2++, ++*pairs)
                plays += generate(g, &c->samples[i], d1, d2);
    return plays;
}

static void bench_movegen(const corpus *c, double seconds, order o)
{
    static const char *const names[] = {"21 rolls of each position:", "doubles only:", "each roll over all positions:"};
    lx_bgammon_movegen *g = lx_bgammon_movegen_new();
    long pairs = 0, plays = 0;
    double start = now(), elapsed;
    do {
        plays += one_round(g, c, o, &pairs);
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("bgammon legal plays, %-30s %10.0f (position, roll) pairs/s  (%.1f plays a pair, %zu positions)\n",
           names[o], pairs / elapsed, (double)plays / pairs, c->nsamples);
    lx_bgammon_movegen_free(g);
}

static void bench_replay(const corpus *c, lx_sgf_tree **trees, size_t ntrees, double seconds)
{
    long moves = 0;
    double start = now(), elapsed;
    do {
        replay_all(trees, ntrees, NULL);
        moves += c->moves;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("bgammon SGF match replay (lx_replay_tree):       %12.0f moves/s  (%zu games)\n", moves / elapsed, ntrees);
}

static void bench_check(const corpus *c, double seconds)
{
    long moves = 0;
    (void)moves;
    lx_diag_list *d = lx_diag_list_new();
    double start = now(), elapsed;
    do {
        for (size_t i = 0; i < c->nfiles; i++) {
            lx_check_summary s;
            lx_diag_list_clear(d);
            lx_check_document(c->files[i].text, c->files[i].len, NULL, &s, d);
        }
        moves += c->moves;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("bgammon SGF check (read + check + replay):       %12.0f moves/s  (%zu files)\n", moves / elapsed, c->nfiles);
    lx_diag_list_free(d);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/gnubg";
    double seconds = argc > 2 ? atof(argv[2]) : 1.0;
    if (seconds <= 0)
        seconds = 1.0;
    corpus c = {0};
    load_files(dir, &c);
    if (c.nfiles == 0) {
        printf("bgammon: no *.sgf under %s, nothing measured\n", dir);
        return 0;
    }
    size_t ntrees;
    lx_sgf_doc **docs;
    lx_sgf_tree **trees = read_trees(&c, &ntrees, &docs);
    lx_replay_hooks collect_hooks = {&c, collect, NULL, NULL};
    replay_all(trees, ntrees, &collect_hooks);
    bench_movegen(&c, seconds, ROLLS_OF_EACH_POSITION);
    bench_movegen(&c, seconds, POSITIONS_OF_EACH_ROLL);
    bench_movegen(&c, seconds, DOUBLES_ONLY);
    bench_replay(&c, trees, ntrees, seconds);
    bench_check(&c, seconds);
    for (size_t i = 0; i < ntrees; i++)
        lx_sgf_tree_free(trees[i]);
    for (size_t i = 0; i < c.nfiles; i++) {
        lx_sgf_doc_free(docs[i]);
        free(c.files[i].text);
    }
    free(trees);
    free(docs);
    free(c.files);
    free(c.samples);
    return 0;
}

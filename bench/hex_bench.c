/* hex_bench.c - how fast ludex plays and replays Hex.
 *
 *   cc -O2 -Iinclude bench/hex_bench.c build/libludex.a -o build/hex_bench
 *   build/hex_bench [CORPUS_DIR] [SECONDS]     (exit status 2: no record in CORPUS_DIR)
 *
 * Prints, one figure per line:
 *   - random playouts per second on 11x11, filled to the end and judged once
 *     (lx_hex_playout_fill) - the target is at least 1,000,000;
 *   - random playouts per second on 11x11 with the win checked after every
 *     move (lx_hex_playout_stepwise) - the target is at least 400,000;
 *   - records per second over the Benzene corpus (default
 *     tests/corpus/hex-benzene, the repository's copy): `ludex check` of each file in memory
 *     (lx_check_document: reading, the generic checks, the replay), and the
 *     replay alone of trees read beforehand (lx_replay_tree).
 * Each figure runs for SECONDS (default 1) on one core.  The share of Black
 * wins is printed next to the playout figures as a sanity check (about 0.5
 * on 11x11 for random play, a little more for the first player). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ludex/hex.h"
#include "ludex/ludex.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: fair on a busy machine */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void bench_playouts(double seconds, int stepwise)
{
    lx_hex_playout *p = lx_hex_playout_new(11, 11);
    uint64_t rng = 0x1234567;
    long games = 0, black = 0, moves = 0;
    double start = now(), elapsed;
    do {
        for (int i = 0; i < 10000; i++) {
            int m = 121;
            lx_colour w = stepwise ? lx_hex_playout_stepwise(p, &rng, &m) : lx_hex_playout_fill(p, &rng);
            black += w == LX_BLACK;
            moves += m;
        }
        games += 10000;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("hex 11x11 playouts/s, %-28s %12.0f  (Black wins %.3f%s)\n",
           stepwise ? "win checked after every move:" : "filled then judged once:", games / elapsed,
           (double)black / games, stepwise ? "" : "");
    if (stepwise)
        printf("hex 11x11 stepwise playouts: average length %.1f moves\n", (double)moves / games);
    lx_hex_playout_free(p);
}

/* ---- the corpus ------------------------------------------------------------------------------- */

typedef struct record {
    char *text;
    size_t len;
} record;

typedef struct records {
    record *r;
    size_t n, cap;
} records;

static void add_record(records *rs, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        if (rs->n == rs->cap) {
            rs->cap = rs->cap ? rs->cap * 2 : 512;
            rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
        }
        rs->r[rs->n++] = (record){buf, (size_t)n};
    } else {
        free(buf);
    }
    fclose(f);
}

/* Every *.sgf under root; folders from a list, not recursion. */
static void load_corpus(const char *root, records *rs)
{
    char **dirs = malloc(sizeof *dirs);
    size_t nd = 1, cap = 1;
    dirs[0] = strdup(root);
    for (size_t d = 0; d < nd; d++) {
        DIR *dir = opendir(dirs[d]);
        for (struct dirent *e = dir ? readdir(dir) : NULL; e; e = readdir(dir)) {
            char path[8192];
            struct stat st;
            if (e->d_name[0] == '.')
                continue;
            snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
            if (stat(path, &st) != 0)
                continue;
            size_t len = strlen(path);
            if (S_ISDIR(st.st_mode)) {
                if (nd == cap)
                    dirs = realloc(dirs, (cap *= 2) * sizeof *dirs);
                dirs[nd++] = strdup(path);
            } else if (len > 4 && strcmp(path + len - 4, ".sgf") == 0) {
                add_record(rs, path);
            }
        }
        if (dir)
            closedir(dir);
    }
    for (size_t d = 0; d < nd; d++)
        free(dirs[d]);
    free(dirs);
}

static void bench_check(const records *rs, double seconds)
{
    long files = 0, moves = 0;
    double start = now(), elapsed;
    lx_diag_list *d = lx_diag_list_new();
    lx_game_registry *reg = lx_game_registry_new();
    lx_check_options o = {reg, 0, NULL};
    do {
        for (size_t i = 0; i < rs->n; i++) {
            lx_check_summary s;
            lx_diag_list_clear(d);
            lx_check_document(rs->r[i].text, rs->r[i].len, &o, &s, d);
            moves += (long)s.moves;
        }
        files += (long)rs->n;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("hex corpus records/s, read + checked + replayed:  %12.0f  (%zu files)\n", files / elapsed, rs->n);
    lx_game_registry_free(reg);
    lx_diag_list_free(d);
}

static void bench_replay(const records *rs, double seconds)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc **docs = calloc(rs->n, sizeof *docs);
    lx_sgf_tree **trees = calloc(rs->n, sizeof *trees);
    size_t nt = 0;
    for (size_t i = 0; i < rs->n; i++) {
        docs[i] = lx_sgf_doc_new(rs->r[i].text, rs->r[i].len, 1, NULL, d);
        lx_sgf_reader *r = docs[i] ? lx_sgf_reader_new(docs[i], d) : NULL;
        if (r && lx_sgf_reader_next(r, &trees[nt]) == 1)
            nt++;
        lx_sgf_reader_free(r);
    }
    long games = 0;
    double start = now(), elapsed;
    do {
        for (size_t i = 0; i < nt; i++) {
            lx_diag_list_clear(d);
            lx_replay_tree(trees[i], 0, &lx_hex_module, NULL, NULL, d);
        }
        games += (long)nt;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("hex corpus records/s, replay only (trees read):   %12.0f  (%zu trees)\n", games / elapsed, nt);
    for (size_t i = 0; i < rs->n; i++) {
        lx_sgf_tree_free(i < nt ? trees[i] : NULL);
        lx_sgf_doc_free(docs[i]);
    }
    free(trees);
    free(docs);
    lx_diag_list_free(d);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/corpus/hex-benzene";
    double seconds = argc > 2 ? atof(argv[2]) : 1.0;
    if (seconds <= 0)
        seconds = 1.0;
    bench_playouts(seconds, 0);
    bench_playouts(seconds, 1);
    records rs = {0};
    int rc = 0;
    load_corpus(root, &rs);
    if (rs.n == 0) { /* a failure, not a skip: the corpus is part of the repository */
        printf("hex corpus: no *.sgf under %s, records/s not measured\n", root);
        rc = 2;
    } else {
        bench_check(&rs, seconds);
        bench_replay(&rs, seconds);
    }
    for (size_t i = 0; i < rs.n; i++)
        free(rs.r[i].text);
    free(rs.r);
    return rc;
}

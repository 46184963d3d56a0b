/* xword_bench.c - how fast ludex reads crossword positions and looks words up.
 *
 *   cc -O2 -Iinclude bench/xword_bench.c build/libludex.a -o build/xword_bench
 *   build/xword_bench [DATA_DIR] [CORPUS_DIR] [SECONDS]
 *
 * DATA_DIR defaults to $LUDEX_XWORD_DATA, else data/xword; CORPUS_DIR to
 * tests/corpus/crossword-gcg (the repository's copy).  Prints, one figure per line:
 *   - CGP positions read and validated per second (lx_xw_cgp_read +
 *     lx_xw_pos_validate, one reused position, one core) over the positions
 *     after every event of every corpus record - the target is at least
 *     1,000,000;
 *   - the time to build the default lexicon from Debian's wamerican list
 *     (read, filter to a-z words of 2-15 letters, sort, build the word graph);
 *   - word look-ups per second in it (half words of the list, half not);
 *   - plays checked and scored per second (lx_xw_move_check) over the corpus
 *     plays.
 * Each rate runs for SECONDS (default 1) of this process's CPU time (so other
 * work on the machine does not lower the figures). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/xword.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: one core, whatever else runs */
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    lx_buf b = LX_BUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        lx_buf_append(&b, chunk, n);
    fclose(f);
    return lx_buf_steal(&b, len);
}

typedef struct sample {
    lx_buf cgps;          /* positions, one per line */
    size_t ncgp;
    lx_xw_pos **plays_pos; /* the position before each play, and the play */
    lx_xw_move *plays;
    size_t nplays, cap;
} sample;

static void add_play(sample *s, const lx_xw_gcg *g, size_t i, const lx_xw_event *e)
{
    if (e->kind != LX_XW_EV_PLAY)
        return;
    if (s->nplays == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->plays_pos = realloc(s->plays_pos, s->cap * sizeof *s->plays_pos);
        s->plays = realloc(s->plays, s->cap * sizeof *s->plays);
    }
    lx_xw_pos *p = lx_xw_pos_new();
    if (lx_xw_gcg_position(g, i, p, NULL) != 0) {
        lx_xw_pos_free(p);
        return;
    }
    lx_xw_pos_set_rack(p, 0, e->rack, e->rack ? e->nrack : 0);
    s->plays_pos[s->nplays] = p;
    s->plays[s->nplays++] = e->move;
}

static void load_corpus(const char *dir, lx_xw_data *data, sample *s)
{
    DIR *d = opendir(dir);
    struct dirent *ent;
    lx_xw_pos *p = lx_xw_pos_new();
    while (d && (ent = readdir(d)) != NULL) {
        size_t n = strlen(ent->d_name), len;
        if (n < 5 || strcmp(ent->d_name + n - 4, ".gcg") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        char *bytes = read_file(path, &len);
        lx_xw_gcg *g = bytes ? lx_xw_gcg_read(bytes, len, data, NULL, NULL) : NULL;
        for (size_t i = 0; g && i <= lx_xw_gcg_events(g); i++) {
            if (lx_xw_gcg_position(g, i, p, NULL) == 0 && lx_xw_cgp_write(p, &s->cgps) == 0) {
                lx_buf_append_char(&s->cgps, '\n');
                s->ncgp++;
            }
            if (i < lx_xw_gcg_events(g))
                add_play(s, g, i, lx_xw_gcg_event(g, i));
        }
        lx_xw_gcg_free(g);
        free(bytes);
    }
    if (d)
        closedir(d);
    lx_xw_pos_free(p);
}

static void bench_cgp(const sample *s, lx_xw_data *data, double seconds)
{
    lx_xw_pos *p = lx_xw_pos_new();
    lx_diag_list *diags = lx_diag_list_new();
    size_t done = 0, errors = 0;
    double t0 = now(), t;
    do {
        const char *line = s->cgps.data;
        for (size_t i = 0; i < s->ncgp; i++) {
            const char *nl = strchr(line, '\n');
            lx_diag_list_clear(diags);
            if (lx_xw_cgp_read(p, line, (size_t)(nl - line), 0, data, diags) != 0 || lx_xw_pos_validate(p, diags))
                errors++;
            line = nl + 1;
        }
        done += s->ncgp;
        t = now() - t0;
    } while (t < seconds);
    printf("cgp read+validate: %.0f positions/s (%zu positions of the corpus, %zu with errors; target >= 1000000)\n",
           (double)done / t, s->ncgp, errors / (done / (s->ncgp ? s->ncgp : 1)));
    lx_diag_list_free(diags);
    lx_xw_pos_free(p);
}

static void bench_scoring(const sample *s, double seconds)
{
    size_t done = 0, refused = 0;
    double t0 = now(), t;
    lx_xw_scored sc;
    lx_game_error err;
    lx_game_error_init(&err);
    do {
        for (size_t i = 0; i < s->nplays; i++)
            refused += lx_xw_move_check(s->plays_pos[i], &s->plays[i], LX_XW_SPELLED_THROUGH, &sc, &err) != 0;
        done += s->nplays;
        t = now() - t0;
    } while (t < seconds && s->nplays > 0);
    lx_game_error_free(&err);
    printf("plays checked and scored: %.0f plays/s (%zu plays of the corpus)\n", (double)done / t, s->nplays);
}

static void bench_lexicon(lx_xw_data *data, double seconds)
{
    size_t len;
    char *text = read_file(LX_XW_WAMERICAN_PATH, &len);
    const lx_xw_dist *d = lx_xw_data_dist(data, "english", NULL);
    if (!text || !d) {
        printf("lexicon: %s or the english distribution is missing; skipped\n", LX_XW_WAMERICAN_PATH);
        free(text);
        return;
    }
    lx_xw_wordlist_options opt = {2, 15, 1};
    double t0 = now();
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("wamerican", text, len, d, &opt, NULL);
    double built = now() - t0;
    lx_buf kwg = LX_BUF_INIT;
    lx_xw_lexicon_write_kwg(lx, &kwg);
    printf("lexicon build (wamerican, a-z words of 2-15 letters): %.1f ms, %zu words, %zu KiB as KWG\n",
           built * 1000, lx_xw_lexicon_words(lx), kwg.len / 1024);
    double best = 0; /* read back from its KWG bytes, every check made (the halves compared too): best of 5 */
    for (int run = 0; run < 5; run++) {
        t0 = now();
        lx_xw_lexicon *back = lx_xw_lexicon_from_kwg("wamerican", kwg.data, kwg.len, NULL);
        double took = now() - t0;
        if (back && (run == 0 || took < best))
            best = took;
        lx_xw_lexicon_free(back);
    }
    printf("lexicon read from its KWG, every check made (both halves compared): %.1f ms, best of 5\n", best * 1000);
    /* words to look up: every 7th word of the list as is, and with its last letter changed */
    enum { N = 20000 };
    static uint8_t words[N][16];
    static size_t lens[N];
    size_t n = 0;
    for (char *line = text; line && n < N;) {
        char *nl = strchr(line, '\n');
        size_t k = nl ? (size_t)(nl - line) : strlen(line);
        int ok = k >= 2 && k <= 15;
        for (size_t i = 0; ok && i < k; i++)
            ok = line[i] >= 'a' && line[i] <= 'z';
        if (ok && rand() % 7 == 0) {
            for (size_t i = 0; i < k; i++)
                words[n][i] = (uint8_t)(line[i] - 'a' + 1);
            if (n % 2)
                words[n][k - 1] = (uint8_t)(1 + (words[n][k - 1] + 6) % 26);
            lens[n++] = k;
        }
        line = nl ? nl + 1 : NULL;
    }
    size_t done = 0, found = 0;
    double t;
    t0 = now();
    do {
        for (size_t i = 0; i < n; i++)
            found += (size_t)lx_xw_lexicon_has(lx, words[i], lens[i]);
        done += n;
        t = now() - t0;
    } while (t < seconds);
    printf("word look-ups: %.0f look-ups/s (%.0f%% found)\n", (double)done / t, 100.0 * (double)found / (double)done);
    lx_buf_free(&kwg);
    lx_xw_lexicon_free(lx);
    free(text);
}

int main(int argc, char **argv)
{
    const char *env = getenv(LX_XW_DATA_ENV);
    const char *data_dir = argc > 1 ? argv[1] : env ? env : "data/xword";
    const char *corpus = argc > 2 ? argv[2] : "tests/corpus/crossword-gcg";
    double seconds = argc > 3 ? atof(argv[3]) : 1.0;
    lx_xw_data *data = lx_xw_data_new(data_dir);
    sample s = {LX_BUF_INIT, 0, NULL, NULL, 0, 0};
    load_corpus(corpus, data, &s);
    if (s.ncgp == 0) {
        fprintf(stderr, "xword_bench: no positions from %s (data %s)\n", corpus, data_dir);
        return 2;
    }
    bench_cgp(&s, data, seconds);
    bench_scoring(&s, seconds);
    bench_lexicon(data, seconds);
    for (size_t i = 0; i < s.nplays; i++)
        lx_xw_pos_free(s.plays_pos[i]);
    free(s.plays_pos);
    free(s.plays);
    lx_buf_free(&s.cgps);
    lx_xw_data_free(data);
    return 0;
}

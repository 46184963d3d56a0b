/* xword_moves.c - how fast ludex generates crossword plays, and how its bot plays.
 *
 *   build/xword_moves [--seconds S] [--games N] [--data PATH] [--cgp FILE]
 *                     [--leaves-csv FILE] [--best FILE] [--repeat R] CORPUS_DIR...
 *
 * Positions: from every GCG record in the corpus directories (a file name
 * met again in a later directory is skipped) whose letters
 * are English, the position before each play from event 4 on whose rack the
 * record shows in full (7 tiles), with that rack - mid-game positions,
 * loaded before timing.  The lexicon is the default one (wamerican), the
 * leaves the built-in estimate.  Prints, one figure a line (key=value):
 *   - positions, plays (placements, exchanges and passes per position);
 *   - all_per_s: positions a second for every legal play (lx_xw_gen_all);
 *   - best_per_s: positions a second for the best play (lx_xw_gen_best),
 *     after checking that it is the first play of the sorted full list at
 *     every position (best_mismatches, which must be 0);
 *   - lists_hash: a hash of every position's full list sorted by equity
 *     and by score (each play's kind, squares, tiles, score, leave and
 *     equity), which a change to the generator must leave as it was;
 *   - games, avg_score, avg_bingos: a self-play match of N games (default
 *     1000), the bot against itself by static equity (endgame rule with an
 *     empty bag), fixed random seed; the average score of a player in a
 *     game and the bingos per game (both players).
 * --cgp FILE writes the positions to FILE as CGP, one a line, and
 * --leaves-csv FILE every leave of 1 to 6 tiles the distribution allows with
 * its built-in value ("LEAVE,VALUE", the blank as ?): what bench/run gives
 * MAGPIE (bench/magpie_moves.c) to generate from, with the same leaves;
 * --best FILE each position's best play, one a line ("place ROW COL DOWN
 * TILES SCORE", "exchange TILES" or "pass"), as magpie_moves --best writes
 * MAGPIE's, for bench/run to check that both chose the same play.
 * --repeat R times each position R times in a row before the next (default
 * 1): positions met again right away, as in a simulation's inner loop, where
 * the caches and the branch history hold them (the condition of the issue's
 * MAGPIE word-map figure).
 * Rates are over S seconds (default 2) of this process's CPU time on one
 * thread, so other work on the machine lowers them only through the shared
 * caches. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/xword.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A whole (small) record file; NULL when it does not read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *bytes = NULL;
    long size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (bytes = malloc((size_t)size + 1)) != NULL && fread(bytes, 1, (size_t)size, f) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    if (f)
        fclose(f);
    *len = size > 0 ? (size_t)size : 0;
    return bytes;
}

typedef struct sample {
    lx_xw_pos **pos;
    size_t n, cap;
} sample;

static void load_record(const char *path, lx_xw_data *data, sample *s)
{
    size_t len;
    char *bytes = slurp(path, &len);
    lx_xw_gcg *g = bytes ? lx_xw_gcg_read(bytes, len, data, NULL, NULL) : NULL;
    if (g && strcmp(lx_xw_dist_name(lx_xw_gcg_dist(g)), "english") == 0)
        for (size_t i = 3; i < lx_xw_gcg_events(g); i++) {
            const lx_xw_event *e = lx_xw_gcg_event(g, i);
            if (e->kind != LX_XW_EV_PLAY || !e->rack || e->nrack != LX_XW_RACK_SIZE)
                continue;
            lx_xw_pos *p = lx_xw_pos_new();
            if (lx_xw_gcg_position(g, i, p, NULL) != 0) {
                lx_xw_pos_free(p);
                break;
            }
            lx_xw_pos_set_rack(p, 0, e->rack, e->nrack);
            if (s->n == s->cap)
                s->pos = realloc(s->pos, (s->cap = s->cap ? s->cap * 2 : 256) * sizeof *s->pos);
            s->pos[s->n++] = p;
        }
    lx_xw_gcg_free(g);
    free(bytes);
}

/* Records by file name: a directory that copies another adds nothing. */
static lx_buf seen_names = LX_BUF_INIT;

static int seen_before(const char *name)
{
    for (size_t at = 0; at < seen_names.len; at += strlen(seen_names.data + at) + 1)
        if (strcmp(seen_names.data + at, name) == 0)
            return 1;
    lx_buf_append(&seen_names, name, strlen(name) + 1);
    return 0;
}

static void load_dir(const char *dir, lx_xw_data *data, sample *s)
{
    DIR *d = opendir(dir);
    struct dirent *ent;
    while (d && (ent = readdir(d)) != NULL) {
        size_t n = strlen(ent->d_name);
        if (n < 5 || strcmp(ent->d_name + n - 4, ".gcg") != 0 || seen_before(ent->d_name))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        load_record(path, data, s);
    }
    if (d)
        closedir(d);
}

/* ---- the same positions and leaves for MAGPIE ------------------------------------------------------------- */

static int write_cgp(const char *path, const sample *s)
{
    FILE *f = fopen(path, "w");
    lx_buf b = LX_BUF_INIT;
    for (size_t i = 0; f && i < s->n; i++) {
        b.len = 0;
        if (lx_xw_cgp_write(s->pos[i], &b) == 0)
            fprintf(f, "%.*s\n", (int)b.len, b.data);
    }
    lx_buf_free(&b);
    return f && fclose(f) == 0 ? 0 : -1;
}

static int write_best(const char *path, lx_xw_gen *g, const lx_xw_gen_options *o, const sample *s)
{
    FILE *f = fopen(path, "w");
    for (size_t i = 0; f && i < s->n; i++) {
        lx_xw_play b;
        if (lx_xw_gen_best(g, s->pos[i], o, &b, NULL) != 0)
            fprintf(f, "none\n");
        else if (b.kind == LX_XW_PLACE)
            fprintf(f, "place %d %d %d %d %d\n", b.row, b.col, b.down, b.ntiles, b.score);
        else if (b.kind == LX_XW_EXCHANGE)
            fprintf(f, "exchange %d\n", b.ntiles);
        else
            fprintf(f, "pass\n");
    }
    return f && fclose(f) == 0 ? 0 : -1;
}

/* Every leave of `left` more tiles from tile t on, after tiles[0..n). */
static void each_leave(FILE *f, const lx_xw_dist *d, uint8_t *tiles, int n, int t, int left)
{
    if (n > 0) {
        for (int i = 0; i < n; i++)
            fputs(lx_xw_dist_label(d, tiles[i]), f);
        fprintf(f, ",%.6f\n", lx_xw_leave_value(NULL, d, tiles, (size_t)n));
    }
    if (left == 0)
        return;
    for (int u = t; u <= lx_xw_dist_letters(d); u++) {
        int have = 0;
        for (int i = 0; i < n; i++)
            have += tiles[i] == u;
        if (have < lx_xw_dist_count(d, u)) {
            tiles[n] = (uint8_t)u;
            each_leave(f, d, tiles, n + 1, u, left - 1);
        }
    }
}

static int write_leaves(const char *path, const lx_xw_dist *d)
{
    FILE *f = fopen(path, "w");
    uint8_t tiles[LX_XW_RACK_SIZE];
    if (f)
        each_leave(f, d, tiles, 0, 0, LX_XW_RACK_SIZE - 1);
    return f && fclose(f) == 0 ? 0 : -1;
}

/* ---- the full lists' hash ------------------------------------------------------------------------ */

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL; /* FNV-1a */
    return h;
}

/* The plays' fields that say what a play is and is worth, in order. */
static uint64_t hash_plays(uint64_t h, const lx_xw_play *pl, size_t n)
{
    for (size_t i = 0; i < n; i++, pl++) {
        int f[] = {(int)pl->kind, pl->row, pl->col, pl->down, pl->len, pl->ntiles, pl->score};
        h = hash_bytes(h, f, sizeof f);
        h = hash_bytes(h, pl->tiles, (size_t)pl->ntiles);
        h = hash_bytes(h, &pl->leave, sizeof pl->leave);
        h = hash_bytes(h, &pl->equity, sizeof pl->equity);
    }
    return h;
}

/* ---- self-play --------------------------------------------------------------------------------------- */

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

typedef struct bag {
    uint8_t t[512];
    size_t n;
} bag;

static void draw(bag *b, uint8_t *rack, size_t *n)
{
    while (*n < LX_XW_RACK_SIZE && b->n > 0) {
        uint32_t i = rnd((uint32_t)b->n);
        rack[(*n)++] = b->t[i];
        b->t[i] = b->t[--b->n];
    }
}

static void take(uint8_t *rack, size_t *n, int tile)
{
    for (size_t j = 0; j < *n; j++)
        if (rack[j] == tile) {
            rack[j] = rack[--*n];
            return;
        }
}

static int rack_value(const lx_xw_dist *d, const uint8_t *rack, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n; i++)
        v += lx_xw_dist_value(d, rack[i]);
    return v;
}

/* One game; adds the players' scores and the bingos. */
static void self_play(lx_xw_gen *g, lx_xw_pos *p, const lx_xw_dist *d, const lx_xw_layout *l,
                      const lx_xw_gen_options *base, long *score_sum, long *bingos)
{
    lx_xw_pos_reset(p, d, l, 2);
    bag b = {{0}, 0};
    for (int t = 0; t <= lx_xw_dist_letters(d); t++)
        for (int k = 0; k < lx_xw_dist_count(d, t); k++)
            b.t[b.n++] = (uint8_t)t;
    uint8_t rack[2][LX_XW_RACK_SIZE];
    size_t n[2] = {0, 0};
    long score[2] = {0, 0};
    draw(&b, rack[0], &n[0]);
    draw(&b, rack[1], &n[1]);
    int zeros = 0;
    for (int turn = 0; turn < 200; turn++) {
        int me = turn & 1;
        lx_xw_pos_set_rack(p, 0, rack[me], n[me]);
        lx_xw_pos_set_rack(p, 1, rack[!me], n[!me]);
        lx_xw_gen_options o = *base;
        lx_xw_play pl;
        if (lx_xw_gen_best(g, p, &o, &pl, NULL) != 0)
            break;
        score[me] += pl.score;
        zeros = pl.score == 0 ? zeros + 1 : 0;
        if (pl.kind == LX_XW_PLACE) {
            lx_xw_move m;
            lx_xw_play_move(p, &pl, &m);
            lx_xw_pos_place(p, &m);
            for (int k = 0; k < pl.ntiles; k++)
                take(rack[me], &n[me], pl.tiles[k] & LX_XW_BLANK_BIT ? 0 : pl.tiles[k]);
            *bingos += pl.ntiles == LX_XW_RACK_SIZE;
            draw(&b, rack[me], &n[me]);
            if (n[me] == 0) { /* out: the opponent's tiles count twice */
                score[me] += 2 * rack_value(d, rack[!me], n[!me]);
                break;
            }
        } else if (pl.kind == LX_XW_EXCHANGE) {
            for (int k = 0; k < pl.ntiles; k++)
                take(rack[me], &n[me], pl.tiles[k]);
            draw(&b, rack[me], &n[me]);
            for (int k = 0; k < pl.ntiles; k++)
                b.t[b.n++] = pl.tiles[k];
        }
        if (zeros >= LX_XW_MAX_ZEROS) { /* each loses what is left on the rack */
            score[0] -= rack_value(d, rack[0], n[0]);
            score[1] -= rack_value(d, rack[1], n[1]);
            break;
        }
    }
    *score_sum += score[0] + score[1];
}

int main(int argc, char **argv)
{
    double seconds = 2;
    long games = 1000;
    size_t repeat = 1;
    const char *path = "build/data/xword:data/xword", *cgp = NULL, *leaves_csv = NULL, *best_path = NULL;
    sample s = {NULL, 0, 0};
    int dirs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = atol(argv[++i]);
        else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strcmp(argv[i], "--cgp") == 0 && i + 1 < argc)
            cgp = argv[++i];
        else if (strcmp(argv[i], "--leaves-csv") == 0 && i + 1 < argc)
            leaves_csv = argv[++i];
        else if (strcmp(argv[i], "--best") == 0 && i + 1 < argc)
            best_path = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atol(argv[++i]) > 0 ? (size_t)atol(argv[i]) : 1;
        else
            dirs++;
    }
    lx_xw_data *data = lx_xw_data_new(path);
    const lx_xw_dist *d = lx_xw_data_dist(data, "english", NULL);
    const lx_xw_layout *l = lx_xw_data_layout(data, LX_XW_DEFAULT_BOARD, NULL);
    const lx_xw_lexicon *lx = d ? lx_xw_data_lexicon(data, LX_XW_DEFAULT_LEXICON, d, NULL) : NULL;
    if (!lx || !l) {
        fprintf(stderr, "xword_moves: no english distribution, board or default lexicon under %s\n", path);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            i++;
            continue;
        }
        load_dir(argv[i], data, &s);
    }
    if (s.n == 0 || dirs == 0) {
        fprintf(stderr, "xword_moves: no positions (give corpus directories of GCG records)\n");
        return 2;
    }
    if ((cgp && write_cgp(cgp, &s) != 0) || (leaves_csv && write_leaves(leaves_csv, d) != 0)) {
        fprintf(stderr, "xword_moves: cannot write %s\n", cgp ? cgp : leaves_csv);
        return 2;
    }
    lx_xw_gen *g = lx_xw_gen_new();
    lx_xw_gen_options o = {lx, NULL, NULL, 0};
    const lx_xw_play *plays;
    if (best_path && write_best(best_path, g, &o, &s) != 0) {
        fprintf(stderr, "xword_moves: cannot write %s\n", best_path);
        return 2;
    }
    size_t total = 0, mismatches = 0;
    uint64_t lists_hash = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < s.n; i++) { /* the best play is the first of the sorted list */
        long k = lx_xw_gen_all(g, s.pos[i], &o, &plays, NULL);
        lx_xw_play *copy = malloc((size_t)k * sizeof *copy), best;
        memcpy(copy, plays, (size_t)k * sizeof *copy);
        lx_xw_plays_sort(copy, (size_t)k, 0);
        lists_hash = hash_plays(lists_hash, copy, (size_t)k);
        lx_xw_gen_best(g, s.pos[i], &o, &best, NULL);
        mismatches += lx_xw_play_cmp(&best, &copy[0]) != 0;
        lx_xw_plays_sort(copy, (size_t)k, 1);
        lists_hash = hash_plays(lists_hash, copy, (size_t)k);
        total += (size_t)k;
        free(copy);
    }
    printf("positions=%zu\nplays=%.0f\nlists_hash=%016llx\n", s.n, (double)total / (double)s.n,
           (unsigned long long)lists_hash);
    size_t done = 0;
    double t0 = now(), t;
    do {
        lx_xw_gen_all(g, s.pos[done++ / repeat % s.n], &o, &plays, NULL);
    } while ((t = now() - t0) < seconds || done < s.n * repeat);
    printf("all_per_s=%.0f\n", (double)done / t);
    lx_xw_play best;
    done = 0;
    t0 = now();
    do {
        lx_xw_gen_best(g, s.pos[done++ / repeat % s.n], &o, &best, NULL);
    } while ((t = now() - t0) < seconds || done < s.n * repeat);
    printf("best_per_s=%.0f\nbest_mismatches=%zu\n", (double)done / t, mismatches);
    long score_sum = 0, bingos = 0;
    lx_xw_pos *p = lx_xw_pos_new();
    t0 = now();
    for (long i = 0; i < games; i++)
        self_play(g, p, d, l, &o, &score_sum, &bingos);
    t = now() - t0;
    printf("games=%ld\navg_score=%.1f\navg_bingos=%.2f\ngames_per_s=%.1f\n", games,
           games ? (double)score_sum / (2.0 * (double)games) : 0, games ? (double)bingos / (double)games : 0,
           t > 0 ? (double)games / t : 0);
    lx_xw_pos_free(p);
    lx_xw_gen_free(g);
    for (size_t i = 0; i < s.n; i++)
        lx_xw_pos_free(s.pos[i]);
    free(s.pos);
    lx_buf_free(&seen_names);
    lx_xw_data_free(data);
    return mismatches == 0 ? 0 : 1;
}

/* hex_patterns.c - learn the weights of Hex's local patterns (src/hex/pattern.h)
 * from game records and write them as src/hex/pattern_table.c.
 *
 *   BUILD/hex_patterns [--rounds N] [--min-seen N] [--test GAMES] GAMES... > src/hex/pattern_table.c
 *
 * GAMES holds one game a line, "hex SIZE m1 m2 ..." (bench/htp_match.py's
 * --moves-log; bench/hex_sgf_moves.py turns SGF records into it).  Every move
 * after the first is a training move: the position before it, its mover, the
 * last stone.  A line with a "|" among its moves (bench/hex_selfplay.py's
 * randomised openings) trains on the moves after the "|" only.  The fit
 * (pattern_fit.c, minorization-maximization) is deterministic: the same
 * games give the same table.  Codes that were a
 * candidate fewer than --min-seen times (default 10) are left out of the
 * table (they weigh 1, as does every code never seen).  --test GAMES: the
 * table's policy is also scored on those games' moves (kept out of the fit):
 * how often the move played has the largest weight, and the mean log of the
 * policy's probability of it, printed on stderr. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"
#include "hex/pattern.h"

enum { MAX_SIZE = 19 };

static uint8_t *empty_board(int n)
{
    int st = n + 2;
    uint8_t *c = calloc((size_t)(st * st), 1);
    if (!c)
        return NULL;
    for (int i = 0; i < st; i++)
        for (int j = 0; j < st; j++) {
            int in_r = i >= 1 && i <= n, in_c = j >= 1 && j <= n;
            c[i * st + j] = in_r && in_c ? HEX_EMPTY : in_c ? HEX_BLACK : in_r ? HEX_WHITE : HEX_NOBODY;
        }
    return c;
}

static int32_t cell_of(const char *w, int n)
{
    int col = w[0] - 'a', row = atoi(w + 1) - 1;
    if (w[0] < 'a' || w[0] > 'z' || row < 0 || row >= n || col >= n)
        return -1;
    return (row + 1) * (n + 2) + col + 1;
}

/* One game line into the set; 0, or -1 with a message. */
static int add_game(hex_fit_set *set, char *line, const char *where)
{
    char *save = NULL, *w = strtok_r(line, " \t\r\n", &save);
    if (!w || strcmp(w, "hex") != 0)
        return 0; /* not a Hex game: skipped */
    w = strtok_r(NULL, " \t\r\n", &save);
    int n = w ? atoi(w) : 0;
    if (n < 2 || n > MAX_SIZE) {
        fprintf(stderr, "hex_patterns: %s: size %s not 2..%d\n", where, w ? w : "(none)", MAX_SIZE);
        return -1;
    }
    uint8_t *colour = empty_board(n);
    if (!colour)
        return -1;
    int32_t last = 0;
    uint8_t me = HEX_BLACK;
    int training = 1; /* 0 until the "|" of a line that has one */
    if (strchr(save ? save : "", '|'))
        training = 0;
    while ((w = strtok_r(NULL, " \t\r\n", &save)) != NULL) {
        if (strcmp(w, "|") == 0) {
            training = 1;
            continue;
        }
        int32_t p = cell_of(w, n);
        if (p < 0 || colour[p] != HEX_EMPTY) {
            fprintf(stderr, "hex_patterns: %s: move %s is not an empty cell\n", where, w);
            free(colour);
            return -1;
        }
        if (training && last && hex_fit_add(set, colour, n, n, me, last, p) < 0) {
            free(colour);
            return -1;
        }
        colour[p] = me;
        last = p;
        me ^= 3;
    }
    free(colour);
    return 0;
}

/* Index of a candidate's code among the result's sorted codes (r->n: absent). */
static size_t index_of(const hex_fit_result *r, uint32_t code)
{
    size_t k = 0, hi = r->n;
    while (k < hi) {
        size_t mid = k + (hi - k) / 2;
        if (r->code[mid] < code)
            k = mid + 1;
        else
            hi = mid;
    }
    return k < r->n && r->code[k] == code ? k : r->n;
}

/* The table's weight of a test candidate: a code kept (seen min_seen times)
 * e^(its centred log), else 1; times its relation's. */
static double weight_of(const hex_fit_result *r, unsigned min_seen, double cc, double cr, uint32_t code, int rel)
{
    size_t k = index_of(r, code);
    double g = k < r->n && r->seen[k] >= min_seen ? exp(log(r->gamma[k]) - cc) : 1;
    return g * exp(log(r->relation[rel]) - cr);
}

/* The mean log gamma of a group over all candidates (the table's logs are centred on it). */
static double centre_of(const hex_fit_set *set, const hex_fit_result *r, int relations)
{
    double sum = 0;
    for (size_t i = 0; i < set->ncand; i++)
        sum += log(relations ? r->relation[set->relation[i]] : r->gamma[index_of(r, set->code[i])]);
    return set->ncand ? sum / (double)set->ncand : 0;
}

static void score_test(const hex_fit_set *test, const hex_fit_set *set, const hex_fit_result *r, unsigned min_seen)
{
    double cc = centre_of(set, r, 0), cr = centre_of(set, r, 1), loglik = 0;
    size_t top = 0;
    for (size_t m = 0; m < test->nmove; m++) {
        const hex_fit_move *mv = &test->move[m];
        double sum = 0, chosen = 0, best = -1;
        for (size_t i = 0; i < mv->count; i++) {
            size_t c = mv->first + i;
            double w = weight_of(r, min_seen, cc, cr, test->code[c], test->relation[c]);
            sum += w;
            if (i == mv->chosen)
                chosen = w;
            else if (w > best)
                best = w;
        }
        top += chosen > best;
        loglik += log(chosen / sum);
    }
    fprintf(stderr, "hex_patterns: test: %zu moves, the move played the likeliest %.2f%%, mean log probability %.4f\n",
            test->nmove, test->nmove ? 100.0 * (double)top / (double)test->nmove : 0,
            test->nmove ? loglik / (double)test->nmove : 0);
}

static void write_table(const hex_fit_set *set, const hex_fit_result *r, unsigned min_seen, int rounds)
{
    double cc = centre_of(set, r, 0), cr = centre_of(set, r, 1);
    size_t moves = set->nmove;
    printf("/* pattern_table.c - GENERATED by bench/hex_patterns (do not edit): the learned\n"
           " * log weights of Hex's local patterns (src/hex/pattern.h), from %zu moves,\n"
           " * %d rounds of minorization-maximization, codes seen at least %u times.\n"
           " * The moves: the 83 usable game records (11x11) of\n"
           " * /work/shared/corpus/hex-benzene/games (Benzene's regression games,\n"
           " * LGPL-3.0) and games MoHex 2.0 played against itself on 9x9 and 11x11\n"
           " * from randomised openings (bench/hex_selfplay.py); only the weights\n"
           " * learned from them are here.  To make them again (the self-play games\n"
           " * differ run to run): bench/hex_pattern_games.sh, then\n"
           " *   make BUILD=build build/hex_patterns && build/hex_patterns GAMES... > src/hex/pattern_table.c */\n",
           moves, rounds, min_seen);
    printf("#include \"hex/pattern.h\"\n\nconst float hex_pattern_relation_log_gamma[HEX_PATTERN_RELATIONS] = {");
    for (int i = 0; i < HEX_PATTERN_RELATIONS; i++)
        printf("%s%.4ff", i ? ", " : "", log(r->relation[i]) - cr);
    printf("};\n\nconst hex_pattern_weight hex_pattern_table[] = {\n");
    size_t kept = 0;
    for (size_t i = 0; i < r->n; i++)
        if (r->seen[i] >= min_seen) {
            printf("    {0x%06x, %.4ff},\n", (unsigned)r->code[i], log(r->gamma[i]) - cc);
            kept++;
        }
    if (!kept)
        printf("    {0xffffffff, 0.0f},\n");
    printf("};\n\nconst size_t hex_pattern_table_size = %zu;\n", kept);
}

/* Every game of a file into the set; 0, or nonzero with a message. */
static int add_file(hex_fit_set *set, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    char line[8192];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        char where[512];
        snprintf(where, sizeof where, "%s:%d", path, ++n);
        if (add_game(set, line, where) < 0) {
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int rounds = 30, i = 1, rc;
    unsigned min_seen = 10;
    const char *test_path = NULL;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2)
        if (strcmp(argv[i], "--rounds") == 0)
            rounds = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--min-seen") == 0)
            min_seen = (unsigned)atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--test") == 0)
            test_path = argv[i + 1];
        else
            break;
    if (i >= argc || rounds < 1) {
        fprintf(stderr, "usage: hex_patterns [--rounds N] [--min-seen N] [--test GAMES] GAMES...\n");
        return 2;
    }
    hex_fit_set set = {0}, test = {0};
    for (; i < argc; i++)
        if ((rc = add_file(&set, argv[i])) != 0)
            return rc;
    if (test_path && (rc = add_file(&test, test_path)) != 0)
        return rc;
    hex_fit_result r;
    if (hex_fit_run(&set, rounds, &r) < 0) {
        fprintf(stderr, "hex_patterns: out of memory\n");
        return 1;
    }
    write_table(&set, &r, min_seen, rounds);
    fprintf(stderr, "hex_patterns: %zu moves, %zu candidates, %zu codes\n", set.nmove, set.ncand, r.n);
    if (test_path)
        score_test(&test, &set, &r, min_seen);
    hex_fit_result_free(&r);
    hex_fit_free(&set);
    hex_fit_free(&test);
    return 0;
}

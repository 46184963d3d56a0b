/* pattern_fit.c - learning the weights of Hex's local patterns from game
 * records (bench/hex_patterns writes them to pattern_table.c).
 *
 * Each move of a record is a contest among the empty cells of its position:
 * the cell with pattern c and relation r to the last stone has strength
 * gamma(c) * gamma(r), and the one played wins with probability its strength
 * over the sum (a generalized Bradley-Terry model).  The weights of most
 * likelihood are found by minorization-maximization: in turn for the codes
 * and the relations, gamma(i) <- W(i) / sum over moves of
 * (strength of i's candidates without gamma(i)) / (the move's total), W(i)
 * the moves won by i.  Each code has a virtual win and a virtual loss
 * against a candidate of strength 1, so that a code seen a few times stays
 * near 1.  Deterministic: the same records give the same weights.  (The
 * logs, centred, are taken by bench/hex_patterns: the library keeps off libm.) */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"
#include "hex/pattern.h"

static int grow(void **p, size_t *cap, size_t need, size_t each)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * each);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

int hex_fit_add(hex_fit_set *set, const uint8_t *colour, int cols, int rows, uint8_t me, int32_t last,
                int32_t played)
{
    size_t cells = (size_t)cols * (size_t)rows, cap_code = set->capcand, cap_rel = set->capcand;
    if (grow((void **)&set->code, &cap_code, set->ncand + cells, sizeof *set->code) < 0 ||
        grow((void **)&set->relation, &cap_rel, set->ncand + cells, sizeof *set->relation) < 0)
        return -1;
    set->capcand = cap_code < cap_rel ? cap_code : cap_rel;
    if (grow((void **)&set->move, &set->capmove, set->nmove + 1, sizeof *set->move) < 0)
        return -1;
    hex_fit_move m = {set->ncand, 0, (size_t)-1};
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int32_t p = (r + 1) * (cols + 2) + c + 1;
            if (colour[p] != HEX_EMPTY)
                continue;
            if (p == played)
                m.chosen = m.count;
            set->code[set->ncand] = hex_pattern_canonical(hex_pattern_raw(colour, cols, rows, p, me));
            set->relation[set->ncand] = (uint8_t)hex_pattern_relation(colour, cols, p, last, me);
            set->ncand++;
            m.count++;
        }
    if (m.chosen == (size_t)-1) { /* not an empty cell: the move is left out */
        set->ncand = m.first;
        return 0;
    }
    set->move[set->nmove++] = m;
    return 0;
}

void hex_fit_free(hex_fit_set *set)
{
    free(set->code);
    free(set->relation);
    free(set->move);
    memset(set, 0, sizeof *set);
}

static int by_code(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static size_t index_of(const uint32_t *codes, size_t n, uint32_t code)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (codes[mid] < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The distinct codes of the set, sorted, and each candidate's index among them. */
static int distinct_codes(const hex_fit_set *set, hex_fit_result *out, uint32_t *index)
{
    uint32_t *sorted = malloc((set->ncand ? set->ncand : 1) * sizeof *sorted);
    if (!sorted)
        return -1;
    memcpy(sorted, set->code, set->ncand * sizeof *sorted);
    qsort(sorted, set->ncand, sizeof *sorted, by_code);
    size_t n = 0;
    for (size_t i = 0; i < set->ncand; i++)
        if (n == 0 || sorted[n - 1] != sorted[i])
            sorted[n++] = sorted[i];
    out->code = sorted;
    out->n = n;
    for (size_t i = 0; i < set->ncand; i++)
        index[i] = (uint32_t)index_of(sorted, n, set->code[i]);
    return 0;
}

/* One MM step of one group: gamma[g] for the group whose index of candidate
 * i is group[i]; other[i] the strength of candidate i's other feature. */
static void mm_step(const hex_fit_set *set, const uint32_t *group, double *gamma, size_t ngroup,
                    const double *other_gamma, const uint32_t *other, double *wins, double *denom, int virtual_games)
{
    memset(wins, 0, ngroup * sizeof *wins);
    memset(denom, 0, ngroup * sizeof *denom);
    for (size_t m = 0; m < set->nmove; m++) {
        const hex_fit_move *mv = &set->move[m];
        double total = 0;
        for (size_t i = mv->first; i < mv->first + mv->count; i++)
            total += gamma[group[i]] * other_gamma[other[i]];
        for (size_t i = mv->first; i < mv->first + mv->count; i++)
            denom[group[i]] += other_gamma[other[i]] / total;
        wins[group[mv->first + mv->chosen]] += 1;
    }
    for (size_t g = 0; g < ngroup; g++) {
        double w = wins[g] + (virtual_games ? 1 : 0), d = denom[g] + (virtual_games ? 2 / (gamma[g] + 1) : 0);
        if (d > 0)
            gamma[g] = w > 0 ? w / d : gamma[g] * 1e-3;
    }
}

int hex_fit_run(const hex_fit_set *set, int rounds, hex_fit_result *out)
{
    memset(out, 0, sizeof *out);
    uint32_t *index = malloc((set->ncand ? set->ncand : 1) * sizeof *index);
    uint32_t *rel = malloc((set->ncand ? set->ncand : 1) * sizeof *rel);
    if (!index || !rel || distinct_codes(set, out, index) < 0)
        goto fail;
    size_t n = out->n, big = n > HEX_PATTERN_RELATIONS ? n : HEX_PATTERN_RELATIONS;
    double *wins = malloc(big * sizeof *wins), *denom = malloc(big * sizeof *denom), *gamma;
    double *rgamma = out->relation;
    gamma = out->gamma = malloc((n ? n : 1) * sizeof *out->gamma);
    out->seen = calloc(n ? n : 1, sizeof *out->seen);
    if (!gamma || !wins || !denom || !out->seen) {
        free(wins), free(denom);
        goto fail;
    }
    for (int g = 0; g < HEX_PATTERN_RELATIONS; g++)
        rgamma[g] = 1;
    for (size_t i = 0; i < set->ncand; i++) {
        rel[i] = set->relation[i];
        out->seen[index[i]]++;
    }
    for (size_t g = 0; g < n; g++)
        gamma[g] = 1;
    for (int r = 0; r < rounds; r++) {
        mm_step(set, index, gamma, n, rgamma, rel, wins, denom, 1);
        mm_step(set, rel, rgamma, HEX_PATTERN_RELATIONS, gamma, index, wins, denom, 0);
    }
    free(wins), free(denom), free(index), free(rel);
    return 0;
fail:
    free(index), free(rel);
    hex_fit_result_free(out);
    return -1;
}

void hex_fit_result_free(hex_fit_result *r)
{
    free(r->code);
    free(r->gamma);
    free(r->seen);
    memset(r, 0, sizeof *r);
}

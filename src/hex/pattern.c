/* pattern.c - a cell's local pattern and its relation to the last stone,
 * for the tree's priors (prior.c) and their training (pattern_fit.c); what
 * the codes mean is in pattern.h. */
#include "hex/pattern.h"

#include <stdlib.h>

#include "hex/hex_impl.h"

/* Neighbour k's offset in (col, row); bridge point j lies across k = j, j + 1. */
static const int DC[6] = {1, 1, 0, -1, -1, 0}, DR[6] = {0, -1, -1, 0, 1, 1};

/* Where neighbour k and bridge point j go under each symmetry. */
static const uint8_t RING_TO[4][6] = {{0, 1, 2, 3, 4, 5}, {3, 4, 5, 0, 1, 2}, {5, 4, 3, 2, 1, 0}, {2, 1, 0, 5, 4, 3}};
static const uint8_t BRIDGE_TO[4][6] = {{0, 1, 2, 3, 4, 5}, {3, 4, 5, 0, 1, 2}, {4, 3, 2, 1, 0, 5}, {1, 0, 5, 4, 3, 2}};

static uint32_t state_of(uint8_t c, uint8_t me)
{
    if (c == HEX_EMPTY)
        return 0;
    if (c == HEX_NOBODY)
        return 3;
    return c == me ? 1 : 2;
}

static void offsets(int cols, int32_t off[6])
{
    for (int k = 0; k < 6; k++)
        off[k] = DC[k] + DR[k] * (cols + 2);
}

uint32_t hex_pattern_raw(const uint8_t *colour, int cols, int rows, int32_t p, uint8_t me)
{
    int32_t off[6];
    uint32_t ring[6], code = 0;
    offsets(cols, off);
    for (int k = 0; k < 6; k++) {
        ring[k] = state_of(colour[p + off[k]], me);
        code |= ring[k] << (2 * k);
    }
    for (int j = 0; j < 6; j++) {
        int k2 = (j + 1) % 6;
        uint32_t s;
        if (hex_padded_inside(p + off[j], cols, rows) && hex_padded_inside(p + off[k2], cols, rows))
            s = state_of(colour[p + off[j] + off[k2]], me);
        else
            s = ring[j] > ring[k2] ? ring[j] : ring[k2];
        code |= s << (12 + 2 * j);
    }
    return code;
}

uint32_t hex_pattern_transform(uint32_t code, int s)
{
    uint32_t out = 0;
    for (int k = 0; k < 6; k++) {
        out |= (code >> (2 * k) & 3) << (2 * RING_TO[s][k]);
        out |= (code >> (12 + 2 * k) & 3) << (12 + 2 * BRIDGE_TO[s][k]);
    }
    return out;
}

uint32_t hex_pattern_canonical(uint32_t code)
{
    uint32_t best = code;
    for (int s = 1; s < 4; s++) {
        uint32_t c = hex_pattern_transform(code, s);
        best = c < best ? c : best;
    }
    return best;
}

int hex_pattern_relation(const uint8_t *colour, int cols, int32_t p, int32_t last, uint8_t me)
{
    if (last <= 0)
        return HEX_REL_NONE;
    int32_t off[6];
    offsets(cols, off);
    int rel = HEX_REL_NONE;
    for (int k = 0; k < 6; k++) {
        int k1 = (k + 1) % 6, k2 = (k + 2) % 6;
        if (p + off[k1] == last && colour[p + off[k]] == me && colour[p + off[k2]] == me)
            return HEX_REL_SAVE;
        if (p + off[k] == last)
            rel = HEX_REL_NEXT;
        else if (p + off[k] + off[k1] == last && rel == HEX_REL_NONE)
            rel = HEX_REL_BRIDGE;
    }
    return rel;
}

float hex_pattern_lookup(const hex_pattern_weight *table, size_t n, uint32_t canonical)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (table[mid].code < canonical)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && table[lo].code == canonical ? table[lo].log_gamma : 0.0f;
}

double hex_pattern_prior_value(const uint8_t *colour, int cols, int rows, int32_t p, int32_t last, uint8_t me)
{
    uint32_t code = hex_pattern_canonical(hex_pattern_raw(colour, cols, rows, p, me));
    double lg = hex_pattern_lookup(hex_pattern_table, hex_pattern_table_size, code) +
                hex_pattern_relation_log_gamma[hex_pattern_relation(colour, cols, p, last, me)];
    double v = 0.45 + 0.07 * lg;
    return v < 0.05 ? 0.05 : v > 0.95 ? 0.95 : v;
}

/* e^x for |x| <= 60 (the log weights are within +-10): e^r (|r| <= ln 2 / 2)
 * by its series to r^8 times 2^k, to a float's precision without libm
 * (the library links nothing beyond libc). */
static double exp_of(double x)
{
    const double ln2 = 0.69314718055994530942;
    x = x < -60 ? -60 : x > 60 ? 60 : x;
    int k = (int)(x / ln2 + (x < 0 ? -0.5 : 0.5));
    double r = x - k * ln2, term = 1, sum = 1;
    for (int i = 1; i <= 8; i++) {
        term *= r / i;
        sum += term;
    }
    for (; k > 0; k--)
        sum *= 2;
    for (; k < 0; k++)
        sum /= 2;
    return sum;
}

enum { MAP_BITS = 16, MAP_SLOTS = 1 << MAP_BITS };
#define MAP_EMPTY 0xFFFFFFFFu /* raw codes have 24 bits */

struct hex_pattern_map {
    uint32_t code[MAP_SLOTS];
    float gamma[MAP_SLOTS];
    float relation[HEX_PATTERN_RELATIONS]; /* the relations' weights */
};

static uint32_t slot_of(uint32_t raw)
{
    return (raw * 0x9E3779B1u) >> (32 - MAP_BITS);
}

hex_pattern_map *hex_pattern_map_new(void)
{
    hex_pattern_map *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    for (uint32_t i = 0; i < MAP_SLOTS; i++)
        m->code[i] = MAP_EMPTY;
    for (size_t t = 0; t < hex_pattern_table_size; t++)
        for (int sym = 0; sym < 4; sym++) { /* 4 x 6,131 forms at most: the map stays under two fifths full */
            uint32_t raw = hex_pattern_transform(hex_pattern_table[t].code, sym), i = slot_of(raw);
            while (m->code[i] != MAP_EMPTY && m->code[i] != raw)
                i = (i + 1) & (MAP_SLOTS - 1);
            m->code[i] = raw;
            m->gamma[i] = (float)exp_of(hex_pattern_table[t].log_gamma);
        }
    for (int r = 0; r < HEX_PATTERN_RELATIONS; r++)
        m->relation[r] = (float)exp_of(hex_pattern_relation_log_gamma[r]);
    return m;
}

void hex_pattern_map_free(hex_pattern_map *m)
{
    free(m);
}

float hex_pattern_map_gamma(const hex_pattern_map *m, uint32_t raw)
{
    for (uint32_t i = slot_of(raw);; i = (i + 1) & (MAP_SLOTS - 1)) {
        if (m->code[i] == raw)
            return m->gamma[i];
        if (m->code[i] == MAP_EMPTY)
            return 1.0f;
    }
}

void hex_pattern_policy(const hex_pattern_map *m, const uint8_t *colour, int cols, int rows, int32_t last, uint8_t me,
                        const int32_t *ids, size_t n, float *prob)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t p = ids[i];
        prob[i] = 1.0f;
        if (m && hex_padded_inside(p, cols, rows) && colour[p] == HEX_EMPTY)
            prob[i] = hex_pattern_map_gamma(m, hex_pattern_raw(colour, cols, rows, p, me)) *
                      m->relation[hex_pattern_relation(colour, cols, p, last, me)];
        sum += prob[i];
    }
    for (size_t i = 0; i < n; i++)
        prob[i] = (float)(prob[i] / sum);
}

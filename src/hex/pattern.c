/* pattern.c - a cell's local pattern and its relation to the last stone,
 * for the tree's priors (prior.c) and their training (pattern_fit.c); what
 * the codes mean is in pattern.h. */
#include "hex/pattern.h"

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

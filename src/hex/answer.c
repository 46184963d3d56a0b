/* answer.c - the playouts' draw of an answer next to the last stone, from
 * the counts of answer_table.c (answer.h says what the draw and a ring
 * are).  Worked out once for a search position, for all 2 x 4,096 keys. */
#include "hex/answer.h"
#include "hex/hex_impl.h"

enum { MINE = 1, THEIRS = 2 };

static const double ANSWER_RATE = 0.75; /* the playouts' mean chance of answering next to the last stone */
static const double PRIOR_MOVES = 10;   /* moves at the mean share added to each ring's */

double hex_answer_weight(uint32_t count)
{
    double x = count + 0.5, r = 1;
    while (r * r < x)
        r *= 2;
    for (int i = 0; i < 6; i++) /* Newton's steps from within a factor of two */
        r = 0.5 * (r + x / r);
    return r;
}

/* The share of moves next to the last stone over the whole table. */
static double mean_share(void)
{
    double next = 0, all = 0;
    for (size_t i = 0; i < hex_answer_table_size; i++) {
        const hex_answer_count *c = &hex_answer_table[i];
        for (int k = 0; k < 6; k++)
            next += c->count[k];
        all += c->elsewhere;
    }
    all += next;
    double mean = all > 0 ? next / all : ANSWER_RATE;
    return mean < 0.01 ? 0.01 : mean > 0.99 ? 0.99 : mean; /* odds to move, whatever the table */
}

/* The playouts' chance of answering around ring counts c (NULL: a ring
 * never seen), of 65,536: the ring's share, its odds moved as the mean's
 * are moved to ANSWER_RATE. */
static uint64_t rate_of(const hex_answer_count *c, double mean)
{
    double next = 0, elsewhere = c ? c->elsewhere : 0;
    for (int k = 0; c && k < 6; k++)
        next += c->count[k];
    double p = (next + PRIOR_MOVES * mean) / (next + elsewhere + PRIOR_MOVES);
    double odds = p / (1 - p) * (ANSWER_RATE / (1 - ANSWER_RATE)) / (mean / (1 - mean));
    double rate = odds / (1 + odds) * 65536;
    return rate >= 65535 ? 65535 : (uint64_t)rate;
}

static const hex_answer_count *counts_of(unsigned ring)
{
    size_t lo = 0, hi = hex_answer_table_size;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (hex_answer_table[mid].ring < ring)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < hex_answer_table_size && hex_answer_table[lo].ring == ring ? &hex_answer_table[lo] : NULL;
}

static unsigned key_of(const unsigned state[6], int turn)
{
    unsigned key = 0;
    for (int k = 0; k < 6; k++)
        key |= state[(k + turn) % 6] << (2 * k);
    return key;
}

/* Each of the six positions' share of the slots by its weight w (0:
 * not empty): rounded down, the rest to the largest remainders, the first
 * position first among equals.  0 each when no weight is given. */
static void shares_of(const double w[6], unsigned share[6])
{
    double total = 0, rest[6];
    unsigned given = 0;
    for (int k = 0; k < 6; k++)
        total += w[k];
    for (int k = 0; k < 6; k++) {
        double q = total > 0 ? w[k] * HEX_ANSWER_SLOTS / total : 0;
        share[k] = (unsigned)q;
        rest[k] = w[k] > 0 ? q - share[k] : -1;
        given += share[k];
    }
    for (; total > 0 && given < HEX_ANSWER_SLOTS; given++) {
        int best = 0;
        for (int k = 1; k < 6; k++)
            best = rest[k] > rest[best] ? k : best;
        share[best]++;
        rest[best] = -1;
    }
}

/* The draw for `me` around raw key `key`.  The shares are worked out in
 * the ring's kept form, so that every key of one ring rounds alike. */
static uint64_t draw_of(unsigned me, unsigned key, double mean)
{
    unsigned seen[6], state[6];
    for (int k = 0; k < 6; k++) {
        unsigned c = key >> (2 * k) & 3;
        seen[k] = c == me ? MINE : c == HEX_EMPTY || c == HEX_NOBODY ? c : THEIRS;
    }
    for (int k = 0; k < 6; k++) /* White transposed: position k is its 5 - k */
        state[k] = me == HEX_WHITE ? seen[5 - k] : seen[k];
    unsigned ring = key_of(state, 0), turned = key_of(state, 3);
    int turn = turned < ring ? 3 : 0;
    const hex_answer_count *c = counts_of(turn ? turned : ring);
    double w[6];
    unsigned share[6];
    for (int j = 0; j < 6; j++) /* j: the kept form's position, state[(j + turn) % 6]; a ring never seen, evenly */
        w[j] = state[(j + turn) % 6] != HEX_EMPTY ? 0 : c ? hex_answer_weight(c->count[j]) : 1;
    shares_of(w, share);
    uint64_t draw = 0;
    unsigned slot = 0;
    for (int j = 0; j < 6; j++) {
        int i = (j + turn) % 6, k = me == HEX_WHITE ? 5 - i : i; /* the mover's position, the raw one */
        for (unsigned n = 0; n < share[j]; n++, slot++)
            draw |= (uint64_t)(k + 1) << (3 * slot);
    }
    return draw ? draw | rate_of(c, mean) << 48 : 0;
}

void hex_answer_slots(uint64_t slots[2][HEX_ANSWER_KEYS])
{
    double mean = mean_share();
    for (unsigned me = HEX_BLACK; me <= HEX_WHITE; me++)
        for (unsigned key = 0; key < HEX_ANSWER_KEYS; key++)
            slots[me - 1][key] = draw_of(me, key, mean);
}

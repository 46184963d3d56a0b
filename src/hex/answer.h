/* answer.h - where a Hex playout answers next to the opponent's last stone
 * (internal to libludex; the playouts are sim.c's).
 *
 * A ring is the six cells around the last stone as the mover sees them:
 * 2 bits a cell, ring position k (direction (1,0), (1,-1), (0,-1), (-1,0),
 * (-1,1), (0,1) in (col, row)) at bits 2k, each HEX_EMPTY, mine (1),
 * theirs (2) or a corner that is nobody's (HEX_NOBODY); a border cell is
 * the colour whose edge it is.  White's rings are seen transposed (ring
 * position k is its 5 - k), so that every mover joins top and bottom, and
 * a ring is kept in the form of the two under the half turn (position k
 * to k + 3) whose key is less.
 *
 * answer_table.c (made by bench/hex_answers.py from strong players' games)
 * counts, for each ring seen there, which neighbour was played when the
 * answer was next to the last stone, and how often it was elsewhere.
 * answer.c turns the counts into the playouts' draw, for the mover and the
 * raw key of the six cells around the last stone (sim.c's key_around: HEX_*
 * colours, position k at bits 2k): 16 slots of 3 bits (bits 0-47), each a
 * ring position + 1, shared out among the empty neighbours in proportion to
 * the square root of their count plus a half (a ring never seen: evenly;
 * the root, because playouts drawn straight from the counts were no
 * stronger than the even draw in self-play, bench/RESULTS.md), and at bits 48-63
 * the chance, of 65,536, that the playout answers next to the last stone
 * at all; 0 when no neighbour is empty.  The chance is the ring's share of
 * answers next to the last stone (its counts, and 10 moves at the mean
 * share of all rings, so that a ring seen a few times stays near the mean)
 * with its odds multiplied so that the mean share becomes ANSWER_RATE:
 * playouts answer more often than players do (three in four answered
 * better than one in two in self-play, bench/RESULTS.md).  A playout draws
 * one slot. */
#ifndef LX_HEX_ANSWER_H
#define LX_HEX_ANSWER_H

#include <stddef.h>
#include <stdint.h>

enum { HEX_ANSWER_SLOTS = 16, HEX_ANSWER_KEYS = 4096 };

typedef struct hex_answer_count {
    uint16_t ring;     /* the ring's key, in its kept form */
    uint32_t count[6]; /* answers at each ring position */
    uint32_t elsewhere; /* moves not next to the last stone */
} hex_answer_count;
extern const hex_answer_count hex_answer_table[]; /* sorted by ring */
extern const size_t hex_answer_table_size;

/* A neighbour's weight in the draw: the square root of its count plus a half. */
double hex_answer_weight(uint32_t count);

/* The draw for each mover (HEX_BLACK at [0], HEX_WHITE at [1]) and raw key. */
void hex_answer_slots(uint64_t slots[2][HEX_ANSWER_KEYS]);

/* The ring position (0-5) of slot `slot` of a draw that is not 0. */
static inline unsigned hex_answer_at(uint64_t draw, unsigned slot)
{
    return (unsigned)(draw >> (3 * slot) & 7) - 1;
}

/* The chance, of 65,536, that a playout answers next to the last stone. */
static inline unsigned hex_answer_rate(uint64_t draw)
{
    return (unsigned)(draw >> 48);
}

#endif

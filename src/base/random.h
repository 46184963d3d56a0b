/* base/random.h - the pseudo-random generator of playouts and searches:
 * xorshift64* (Vigna) on a state the caller owns, so that two threads never
 * share one and a seed repeats a game exactly.  Not for anything secret. */
#ifndef LX_BASE_RANDOM_H
#define LX_BASE_RANDOM_H

#include <stdint.h>

static inline uint64_t lx_random_next(uint64_t *s)
{
    uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull; /* 0 is a fixed point: step off it */
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* In [0, n), n >= 1, by multiply and shift (a bias below 2^-32 a draw). */
static inline uint32_t lx_random_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((lx_random_next(s) >> 32) * (uint64_t)n) >> 32);
}

#endif

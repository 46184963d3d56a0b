/* http/rate.c - requests per second per address, in a fixed table.
 *
 * A token bucket per address: RATE_BURST requests at once, refilled at
 * RATE_PER_SECOND.  The table has a fixed number of slots chosen by a hash
 * of the address; an address that lands on a slot held by another takes it
 * over (a fresh bucket), so memory never grows with the number of clients
 * and a flood of addresses can only reset buckets, never block anyone for
 * long.  Loopback is limited like any other address. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_int.h"

#define RATE_SLOTS 4096
#define RATE_PER_SECOND 50.0
#define RATE_BURST 200.0

typedef struct bucket {
    char addr[64];
    double tokens;
    double at;
} bucket;

struct rate_table {
    bucket slot[RATE_SLOTS];
    double per_second, burst;
};

rate_table *rate_table_new(void)
{
    rate_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    const char *env = getenv("LUDEXD_HTTP_RATE"); /* requests per second per address; 0: no limit (benchmarks) */
    t->per_second = env ? atof(env) : RATE_PER_SECOND;
    t->burst = t->per_second > 0 && t->per_second * 4 > RATE_BURST ? t->per_second * 4 : RATE_BURST;
    return t;
}

void rate_table_free(rate_table *t) { free(t); }

static uint32_t hash_of(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int rate_exceeded(rate_table *t, const char *addr, double now)
{
    if (t->per_second <= 0)
        return 0;
    bucket *b = &t->slot[hash_of(addr) % RATE_SLOTS];
    if (strcmp(b->addr, addr) != 0) {
        strncpy(b->addr, addr, sizeof b->addr - 1);
        b->addr[sizeof b->addr - 1] = 0;
        b->tokens = t->burst;
        b->at = now;
    }
    b->tokens += (now - b->at) * t->per_second;
    if (b->tokens > t->burst)
        b->tokens = t->burst;
    b->at = now;
    if (b->tokens < 1)
        return 1;
    b->tokens -= 1;
    return 0;
}

/* http/counts.c - how many of something each key holds: anonymous live-update
 * streams per address and per board (sse.c).
 *
 * A chained hash table of (key, count); a key whose count falls to 0 is
 * forgotten, so the table never holds more entries than there are things
 * counted.  Keys are short strings (an address, a board's number). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_int.h"

#define COUNTS_SLOTS 1024

typedef struct count_entry {
    char key[64];
    size_t n;
    struct count_entry *next;
} count_entry;

struct count_table {
    count_entry *slot[COUNTS_SLOTS];
};

count_table *counts_new(void) { return calloc(1, sizeof(count_table)); }

void counts_free(count_table *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < COUNTS_SLOTS; i++)
        while (t->slot[i]) {
            count_entry *e = t->slot[i];
            t->slot[i] = e->next;
            free(e);
        }
    free(t);
}

static count_entry **find(const count_table *t, const char *key)
{
    uint32_t h = 2166136261u;
    for (const char *p = key; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    count_entry **e = (count_entry **)&t->slot[h % COUNTS_SLOTS];
    while (*e && strcmp((*e)->key, key))
        e = &(*e)->next;
    return e;
}

size_t counts_get(const count_table *t, const char *key)
{
    count_entry *e = *find(t, key);
    return e ? e->n : 0;
}

int counts_add(count_table *t, const char *key, int delta)
{
    count_entry **at = find(t, key), *e = *at;
    if (!e) {
        if (delta <= 0 || !(e = calloc(1, sizeof *e)))
            return delta <= 0 ? 0 : -1;
        snprintf(e->key, sizeof e->key, "%s", key);
        *at = e;
    }
    e->n = delta > 0 ? e->n + 1 : e->n > 0 ? e->n - 1 : 0;
    if (e->n == 0) {
        *at = e->next;
        free(e);
    }
    return 0;
}

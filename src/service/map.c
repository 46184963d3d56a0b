/* service/map.c - a small hash map from strings to pointers.
 *
 * Chained buckets, doubled when the load passes one, FNV-1a on the key.
 * Entries are removed to undo what a full disk refused and to prune ended
 * failure counts (map_remove), and to drop the games, users and rating rows
 * the budget has no room for (lru.h keeps their order of use). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "service/plumbing.h"

typedef struct map_entry {
    char *key;
    void *value;
    struct map_entry *next;
} map_entry;

struct srv_map {
    map_entry **b;
    size_t nb, n;
};

static uint64_t hash_key(const char *k)
{
    uint64_t h = 1469598103934665603ull;
    for (; *k; k++)
        h = (h ^ (unsigned char)*k) * 1099511628211ull;
    return h;
}

srv_map *map_new(void)
{
    srv_map *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->nb = 64;
    m->b = calloc(m->nb, sizeof *m->b);
    if (!m->b) {
        free(m);
        return NULL;
    }
    return m;
}

void map_free(srv_map *m, void (*free_value)(void *))
{
    if (!m)
        return;
    for (size_t i = 0; i < m->nb; i++)
        for (map_entry *e = m->b[i], *nx; e; e = nx) {
            nx = e->next;
            if (free_value)
                free_value(e->value);
            free(e->key);
            free(e);
        }
    free(m->b);
    free(m);
}

void *map_get(const srv_map *m, const char *key)
{
    for (map_entry *e = m->b[hash_key(key) & (m->nb - 1)]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e->value;
    return NULL;
}

static int grow(srv_map *m)
{
    size_t nb = m->nb * 2;
    map_entry **b = calloc(nb, sizeof *b);
    if (!b)
        return -1;
    for (size_t i = 0; i < m->nb; i++)
        for (map_entry *e = m->b[i], *nx; e; e = nx) {
            nx = e->next;
            size_t j = hash_key(e->key) & (nb - 1);
            e->next = b[j];
            b[j] = e;
        }
    free(m->b);
    m->b = b;
    m->nb = nb;
    return 0;
}

int map_put(srv_map *m, const char *key, void *value)
{
    if (m->n >= m->nb && grow(m) != 0)
        return -1;
    map_entry *e = malloc(sizeof *e);
    if (!e || !(e->key = strdup(key))) {
        free(e);
        return -1;
    }
    size_t j = hash_key(key) & (m->nb - 1);
    e->value = value;
    e->next = m->b[j];
    m->b[j] = e;
    m->n++;
    return 0;
}

void *map_remove(srv_map *m, const char *key)
{
    for (map_entry **e = &m->b[hash_key(key) & (m->nb - 1)]; *e; e = &(*e)->next)
        if (strcmp((*e)->key, key) == 0) {
            map_entry *dead = *e;
            void *value = dead->value;
            *e = dead->next;
            free(dead->key);
            free(dead);
            m->n--;
            return value;
        }
    return NULL;
}

void map_each(const srv_map *m, void (*fn)(void *ctx, void *value), void *ctx)
{
    for (size_t i = 0; i < m->nb; i++)
        for (map_entry *e = m->b[i]; e; e = e->next)
            fn(ctx, e->value);
}

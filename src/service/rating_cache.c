/* service/rating_cache.c - the rating rows held in memory as a cache of the store, with a budget.
 *
 * ratings.c holds a player's rating in a class by "class|user" in ops_of(s)->ratings; each row
 * held is also on one list (lru.h), most recently used first, with its estimated bytes.  When
 * the rows cost more than their share of the budget (svc_cache_budget), the least recently used
 * row nothing pins is dropped (ratings_trim), and its next use reads the store's row again, as
 * for a row never held (off the loop before a move that may end a game: ratings_for_move).
 * Pinned: a row whose change is not yet committed (memory is ahead of the store; a refused one
 * is forgotten by ratings.c itself).  A dropped row is the store's row, so no answer changes. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "service/ops.h"

typedef struct held_rating {
    store_rating r;    /* first: the map's value is a store_rating * too */
    lru_node lru;
    uint64_t written;  /* the batch of its last change, 0 none */
    char key[80];      /* its key in the map */
} held_rating;

#define HELD_OF(node) ((held_rating *)((char *)(node) - offsetof(held_rating, lru)))
#define ENTRY_BYTES (sizeof(held_rating) + 16 + 48 + 40) /* the row, malloc's header, the map's entry and key */

void rating_key(const char *user, const char *cls, char *key, size_t cap) { snprintf(key, cap, "%s|%s", cls, user); }

store_rating *rating_cache_get(srv *s, const char *key) { return map_get(ops_of(s)->ratings, key); }

store_rating *rating_cache_use(srv *s, const char *key)
{
    held_rating *h = map_get(ops_of(s)->ratings, key);
    if (h) {
        ops_of(s)->rating_cache.hits++;
        lru_touch(&ops_of(s)->rating_cache, &h->lru, ENTRY_BYTES);
    }
    return h ? &h->r : NULL;
}

store_rating *rating_cache_put(srv *s, const char *key, const store_rating *row)
{
    held_rating *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->r = *row;
    snprintf(h->key, sizeof h->key, "%s", key);
    if (map_put(ops_of(s)->ratings, key, h) != 0) {
        free(h);
        return NULL;
    }
    lru_add(&ops_of(s)->rating_cache, &h->lru, ENTRY_BYTES);
    return &h->r;
}

void rating_cache_drop(srv *s, const char *key)
{
    held_rating *h = map_remove(ops_of(s)->ratings, key);
    if (h) {
        lru_remove(&ops_of(s)->rating_cache, &h->lru);
        free(h);
    }
}

static void drop_each(void *ctx, void *value)
{
    srv *s = ctx;
    lru_remove(&ops_of(s)->rating_cache, &((held_rating *)value)->lru);
}

void rating_cache_clear(srv *s)
{
    srv_map *fresh = map_new();
    if (!fresh)
        return;
    map_each(ops_of(s)->ratings, drop_each, s);
    map_free(ops_of(s)->ratings, free);
    ops_of(s)->ratings = fresh;
}

void rating_cache_written(store_rating *r, uint64_t seq) { ((held_rating *)r)->written = seq; }

static int pinned(void *ctx, const lru_node *n)
{
    srv *s = ctx;
    return HELD_OF(n)->written > bridge_of(s)->committed;
}

void ratings_trim(srv *s)
{
    lru_node *n;
    while ((n = lru_victim(&ops_of(s)->rating_cache, pinned, s))) {
        held_rating *h = HELD_OF(n);
        ops_of(s)->rating_cache.evictions++;
        map_remove(ops_of(s)->ratings, h->key);
        lru_remove(&ops_of(s)->rating_cache, n);
        free(h);
    }
}

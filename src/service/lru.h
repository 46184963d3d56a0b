/* service/lru.h - a list of cached items by their last use, with a budget of bytes (plumbing).
 *
 * The games, the users and the rating rows held in memory are caches of the store (games.c with
 * game_cache.c, users.c with user_cache.c, rating_cache.c): each item embeds an lru_node, and
 * its cache's lru_list keeps every item held in order of use, most recent first, with the sum of
 * their estimated bytes and the counts the stats show (hits, misses, evictions).  The list
 * decides which item goes (lru_victim: the least recently used one its owner does not pin, while
 * the items cost more than the budget) and knows nothing of what an item is or how it is freed. */
#ifndef LUDEX_SERVICE_LRU_H
#define LUDEX_SERVICE_LRU_H

#include <stddef.h>

typedef struct lru_node {
    struct lru_node *newer, *older;
    size_t bytes; /* what the item was estimated to cost when last counted */
} lru_node;

typedef struct lru_list {
    lru_node *newest, *oldest;
    size_t held, bytes;  /* how many items, and their estimated bytes */
    size_t budget;       /* bytes the items may cost */
    unsigned long hits, misses, evictions;
} lru_list;

/* n enters the list as the most recent, costing bytes. */
void lru_add(lru_list *l, lru_node *n, size_t bytes);

/* n was used: the most recent now, costing bytes (it may have grown since). */
void lru_touch(lru_list *l, lru_node *n, size_t bytes);

void lru_remove(lru_list *l, lru_node *n);

/* While the items cost more than the budget: the least recently used one that pinned(ctx, node)
 * does not keep (a pinned one met goes to the front: each is looked at once a pass), else NULL. */
lru_node *lru_victim(lru_list *l, int (*pinned)(void *ctx, const lru_node *n), void *ctx);

#endif

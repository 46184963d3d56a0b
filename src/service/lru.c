/* service/lru.c - a list of cached items by their last use, with a budget of bytes (lru.h).
 *
 * Doubly linked through the nodes the items embed: adding, using and removing an item cost
 * O(1); choosing a victim walks from the least recently used end, giving each pinned item a
 * second chance at the front, so one pass looks at every item at most once.  It frees nothing. */
#include "service/lru.h"

static void unlink_node(lru_list *l, lru_node *n)
{
    if (n->newer)
        n->newer->older = n->older;
    else
        l->newest = n->older;
    if (n->older)
        n->older->newer = n->newer;
    else
        l->oldest = n->newer;
    n->newer = n->older = NULL;
}

static void link_newest(lru_list *l, lru_node *n)
{
    n->newer = NULL;
    n->older = l->newest;
    if (l->newest)
        l->newest->newer = n;
    else
        l->oldest = n;
    l->newest = n;
}

void lru_add(lru_list *l, lru_node *n, size_t bytes)
{
    n->bytes = bytes;
    l->bytes += bytes;
    l->held++;
    link_newest(l, n);
}

void lru_touch(lru_list *l, lru_node *n, size_t bytes)
{
    l->bytes += bytes - n->bytes;
    n->bytes = bytes;
    if (l->newest != n) {
        unlink_node(l, n);
        link_newest(l, n);
    }
}

void lru_remove(lru_list *l, lru_node *n)
{
    unlink_node(l, n);
    l->bytes -= n->bytes;
    l->held--;
}

lru_node *lru_victim(lru_list *l, int (*pinned)(void *ctx, const lru_node *n), void *ctx)
{
    for (size_t looked = 0; l->bytes > l->budget && l->oldest && looked < l->held; looked++) {
        lru_node *n = l->oldest;
        if (!pinned(ctx, n))
            return n;
        unlink_node(l, n); /* a second chance: looked at again once the others have been */
        link_newest(l, n);
    }
    return NULL;
}

/* node_fill.c - the fill-in of the search tree's nodes: the cells the tree's
 * knowledge (lx_hex_sim_prune, H-search's fill of dead cells and captured
 * pairs) found inferior at a node's position, kept by the position's hash, so
 * that a search position filling them whenever a tree move reaches that
 * position again starts every playout through the node from the filled
 * board (sim.c).  One fixed store: an open-addressing table of positions and
 * one array of their cells; once either is half full (or the cells nearly)
 * nothing more is added, and a new search does not inherit it. */
#include <stdlib.h>

#include "hex/hex_impl.h"

enum { SLOT_BITS = 15, SLOTS = 1 << SLOT_BITS, CELLS = 1 << 20 };

typedef struct node_slot {
    uint64_t key; /* 0: empty */
    int32_t first, count;
} node_slot;

struct hex_node_fills {
    node_slot slot[SLOTS];
    int32_t nslots, ncells;
    int32_t cell[CELLS];
    uint8_t colour[CELLS];
};

hex_node_fills *hex_node_fills_new(void)
{
    return calloc(1, sizeof(hex_node_fills));
}

void hex_node_fills_free(hex_node_fills *f)
{
    free(f);
}

int hex_node_fills_full(const hex_node_fills *f, int32_t most)
{
    return f->nslots >= SLOTS / 2 || f->ncells + most > CELLS;
}

static node_slot *slot_of(hex_node_fills *f, uint64_t key)
{
    for (uint32_t i = (uint32_t)(key >> (64 - SLOT_BITS));; i = (i + 1) & (SLOTS - 1))
        if (f->slot[i].key == key || f->slot[i].key == 0)
            return &f->slot[i];
}

int32_t hex_node_fills_find(hex_node_fills *f, uint64_t key, const int32_t **cells, const uint8_t **colours)
{
    if (f->nslots == 0)
        return 0;
    node_slot *e = slot_of(f, key);
    *cells = f->cell + e->first;
    *colours = f->colour + e->first;
    return e->key ? e->count : 0;
}

void hex_node_fills_add(hex_node_fills *f, uint64_t key, const uint8_t *colour, const uint8_t *filled,
                        const uint8_t *fill, int32_t n)
{
    if (key == 0 || hex_node_fills_full(f, n))
        return;
    node_slot *e = slot_of(f, key);
    if (e->key)
        return;
    e->key = key;
    e->first = f->ncells;
    for (int32_t p = 0; p < n; p++)
        if (filled[p] && colour[p] == HEX_EMPTY) {
            f->cell[f->ncells] = p;
            f->colour[f->ncells++] = fill[p];
        }
    e->count = f->ncells - e->first;
    f->nslots++;
}

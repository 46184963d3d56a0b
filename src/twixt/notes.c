/* notes.c - what a Twixt record says about its move values beyond the value
 * itself, found once when the starting position is made.
 *
 * The replay driver hands a module one value at a time, so a module cannot
 * see that a property ended.  Yet the spec's long move ends with its peg, and
 * a property whose last value is a removal or an addition is an incomplete
 * turn.  So before the replay every B and W property of the tree is looked
 * at (syntax only, no rules):
 *   TW_NOTE_ENDS_OPEN  the last value is a long-move part (-, /, \);
 *   TW_NOTE_AFTER_PEG  a value follows a peg or special move in its property;
 *   TW_NOTE_RELAXED    the value stands on the path from the root to a
 *                      puzzle's IP node (IP's own node included: IP shows the
 *                      position after it), where the spec relaxes turn order
 *                      and lets a turn end without its peg.
 * Values with a note are kept, sorted by address, in the position; the move
 * hook finds a value's notes by binary search (nothing to search in the
 * common case: no notes at all).  Nothing here recurses: nodes are visited
 * by index, and the path to IP by parent links. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

typedef struct collector {
    tw_note *v;
    size_t n, cap;
    int oom;
} collector;

static void add(collector *c, const char *raw, unsigned notes)
{
    if (!notes || c->oom)
        return;
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        tw_note *v = realloc(c->v, cap * sizeof *v);
        if (!v) {
            c->oom = 1;
            return;
        }
        c->v = v;
        c->cap = cap;
    }
    c->v[c->n++] = (tw_note){(uintptr_t)raw, notes};
}

static int by_address(const void *a, const void *b)
{
    uintptr_t x = ((const tw_note *)a)->raw, y = ((const tw_note *)b)->raw;
    return x < y ? -1 : x > y;
}

static void note_property(collector *c, const lx_sgf_tree *t, lx_sgf_prop p, int relaxed)
{
    size_t n = lx_sgf_value_count(t, p);
    int prev_part = 1;
    for (size_t i = 0; i < n; i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        int part = tw_is_part(v.raw, v.len);
        unsigned notes = relaxed ? TW_NOTE_RELAXED : 0;
        if (!relaxed && i > 0 && !prev_part)
            notes |= TW_NOTE_AFTER_PEG;
        if (i + 1 == n && part)
            notes |= TW_NOTE_ENDS_OPEN;
        add(c, v.raw, notes);
        prev_part = part;
    }
}

int tw_collect_notes(const lx_sgf_tree *t, lx_sgf_node ip, tw_note **notes, size_t *n, lx_diag_list *diags)
{
    (void)diags;
    collector c = {NULL, 0, 0, 0};
    size_t count = lx_sgf_node_count(t);
    uint8_t *relaxed = ip != LX_SGF_NIL ? calloc(count, 1) : NULL;
    if (ip != LX_SGF_NIL && !relaxed)
        return -1;
    for (lx_sgf_node x = ip; relaxed && x != LX_SGF_NIL; x = lx_sgf_parent(t, x))
        relaxed[x] = 1;
    for (lx_sgf_node node = 0; node < count; node++)
        for (size_t i = 0; i < lx_sgf_prop_count(t, node); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, node, i);
            const char *id = lx_sgf_prop_id(t, p);
            if ((id[0] == 'B' || id[0] == 'W') && id[1] == '\0')
                note_property(&c, t, p, relaxed && relaxed[node]);
        }
    free(relaxed);
    if (c.oom) {
        free(c.v);
        return -1;
    }
    if (c.n > 1)
        qsort(c.v, c.n, sizeof *c.v, by_address);
    *notes = c.v;
    *n = c.n;
    return 0;
}

unsigned tw_note_of(const lx_twixt_board *b, const char *raw)
{
    size_t lo = 0, hi = b->nnotes;
    uintptr_t key = (uintptr_t)raw;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->notes[mid].raw == key)
            return b->notes[mid].notes;
        if (b->notes[mid].raw < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* service/ids.c - ids of games and seeks, unique among every server on the database.
 *
 * Ids come from the store in blocks of IDS_BLOCK (store_backend.ids_reserve:
 * one row per kind, moved on by a block in one statement), so several ludexd
 * on one PostgreSQL never hand out the same id and none asks the database
 * for each game.  When half of the block in use is gone, the commit thread
 * is asked for the next one (between batches, off the loop), and at start (a
 * shared store) the first of each kind is asked for the same way
 * (ids_start); only when a burst uses a whole block before the next came, or
 * an id is wanted before the first has come, does the loop reserve one
 * itself (one round trip).  Ids are unique, not dense: a server that stops
 * leaves the rest of its block unused, so lists walk the store, never an id
 * range. */
#include "service/svc_int.h"

static const char *const kind_names[IDS_KINDS] = {"games", "seeks"};

int64_t ids_next(srv *s, int kind)
{
    id_block *b = &s->ids[kind];
    if (b->next == b->end) {
        int64_t first = commit_take_ids(s->cq, kind);
        if (first <= 0)
            first = s->rstore->be->ids_reserve(s->rstore, kind_names[kind], IDS_BLOCK);
        if (first <= 0)
            return -1;
        b->next = first;
        b->end = first + IDS_BLOCK;
        b->asked = 0;
    }
    if (!b->asked && b->end - b->next <= IDS_BLOCK / 2) {
        commit_ask_ids(s->cq, kind);
        b->asked = 1;
    }
    return b->next++;
}

/* At start, with a shared store: the commit thread reserves each kind's first block, so that the first game or seek
 * normally finds it there (ids_next takes it) instead of reserving one on the loop. */
void ids_start(srv *s)
{
    for (int k = 0; k < IDS_KINDS; k++) {
        commit_ask_ids(s->cq, k);
        s->ids[k].asked = 1;
    }
}

/* service/ids.c - ids of games and seeks, unique among every server on the database.
 *
 * Ids come from the store in blocks of IDS_BLOCK (store_backend.ids_reserve:
 * one row per kind, moved on by a block in one statement), so several ludexd
 * on one PostgreSQL never hand out the same id and none asks the database
 * for each game.  When half of the block in use is gone, the commit thread
 * is asked for the next one (between batches, off the loop); only when a
 * burst uses a whole block before it came does the loop reserve one itself,
 * which costs it one round trip.  Ids are unique, not dense: a server that
 * stops leaves the rest of its block unused, so lists walk the store, never
 * an id range. */
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

/* service/user_cache.c - the users held in memory as a cache of the store, with a budget.
 *
 * Every user in the map is on one list (lru.h), most recently used first; a use (users_find,
 * users_for_request finding the user held) moves it to the front and counts its estimated bytes
 * again (its blocks may have changed).  When the users held cost more than their share of the
 * budget (svc_cache_budget), the least recently used user nothing pins is the victim; users.c
 * drops it from the map, and its next use reads it from the store again (off the loop for a
 * request that can run again, as a user never held), so no answer changes.
 *
 * Pinned, never dropped: a user memory knows more of than the store - connected (present: a
 * line login, a web stream) or seen by the web door within the presence window (presence.c:
 * nothing stored says so), with a change not yet committed (memory is ahead of the store), or
 * with another server's change being read (its requests wait for that read, users_changed) or
 * to be read once ours have committed - a user read for a request that will run again (each
 * waiting svc_wait's read_user: its next run takes the user as the read left it), and, while a
 * read of every user row is in flight (the digest's), a user whose change committed after it
 * began: the row it read may be older than memory, which decides for the users it holds.  This file
 * frees nothing and is never called where a call holds a user (users_trim runs from the loop's
 * wake-up and the sweep only, as games_trim). */
#include <stddef.h>
#include <string.h>

#include "service/model.h"

#define PER_ALLOC 16 /* malloc's own header */
#define MAP_ENTRY 48 /* the map's entry, its key and its bucket */

static size_t estimate(const srv_user *u)
{
    return sizeof *u + PER_ALLOC + MAP_ENTRY + strlen(u->name) + (u->pwhash ? strlen(u->pwhash) + 1 + PER_ALLOC : 0) +
           (u->nblocks ? u->nblocks * sizeof *u->blocks + PER_ALLOC : 0);
}

#define PRESENCE_AFTER_REQUEST 120.0 /* seconds a web request counts as being there (presence.c) */

int users_present(const srv_user *u)
{
    return u->present > 0 || (u->last_seen > 0 && srv_now() - u->last_seen < PRESENCE_AFTER_REQUEST);
}

void users_written(srv *s, const char *name, uint64_t seq)
{
    srv_user *u = map_get(model_of(s)->users, name);
    if (u && seq > u->write_seq)
        u->write_seq = seq;
}

#define USER_OF(node) ((srv_user *)((char *)(node) - offsetof(srv_user, lru)))

void user_cache_add(srv *s, srv_user *u) { lru_add(&model_of(s)->user_cache, &u->lru, estimate(u)); }

void user_cache_touch(srv *s, srv_user *u) { lru_touch(&model_of(s)->user_cache, &u->lru, estimate(u)); }

void user_cache_hit(srv *s, srv_user *u)
{
    model_of(s)->user_cache.hits++;
    user_cache_touch(s, u);
}

void user_cache_remove(srv *s, srv_user *u) { lru_remove(&model_of(s)->user_cache, &u->lru); }

static int read_for_a_request(srv *s, const char *name)
{
    for (const svc_wait *w = bridge_of(s)->waits; w; w = w->next)
        if (w->read_user[0] && !strcmp(w->read_user, name))
            return 1;
    return 0;
}

static int to_read_later(srv *s, const char *name)
{
    for (size_t i = 0; i < model_of(s)->nusers_later; i++)
        if (!strcmp(model_of(s)->users_later[i], name))
            return 1;
    return 0;
}

static int pinned(void *ctx, const lru_node *n)
{
    srv *s = ctx;
    const srv_user *u = USER_OF(n);
    return users_present(u) || u->write_seq > bridge_of(s)->committed || u->reload_ticket ||
           (model_of(s)->users_scans && u->write_seq > model_of(s)->users_scan_from) || to_read_later(s, u->name) ||
           read_for_a_request(s, u->name);
}

srv_user *user_cache_victim(srv *s)
{
    lru_node *n = lru_victim(&model_of(s)->user_cache, pinned, s);
    return n ? USER_OF(n) : NULL;
}

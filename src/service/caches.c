/* service/caches.c - the service's caches of the store together: one budget shared among them,
 * their trims, and their stats (life layer: it reaches the model's caches, games and users, and
 * the operations', ratings).
 *
 * --cache-mb is one budget: the games held get three quarters of it, the users an eighth and the
 * rating rows an eighth (a game with its moves costs kilobytes, a user or a rating row hundreds of
 * bytes; the hot set of a busy server is a few thousand games among as many players).  Each cache
 * keeps its own order of use and pins (game_cache.c, user_cache.c, rating_cache.c); caches_trim
 * runs where no call holds an item (the loop's wake-up, the sweep) and drops what each has no
 * room for. */
#include "service/life.h"

static lru_list *cache_list(srv *s, int which)
{
    switch (which) {
    case SVC_CACHE_GAMES: return &model_of(s)->cache;
    case SVC_CACHE_USERS: return &model_of(s)->user_cache;
    default: return &ops_of(s)->rating_cache;
    }
}

static const char *const cache_names[SVC_CACHES] = {"games", "users", "ratings"};

void caches_trim(srv *s)
{
    games_trim(s);
    users_trim(s);
    ratings_trim(s);
}

void svc_cache_budget(srv *s, size_t bytes)
{
    size_t eighth = bytes / 8;
    model_of(s)->user_cache.budget = eighth;
    ops_of(s)->rating_cache.budget = eighth;
    model_of(s)->cache.budget = bytes - 2 * eighth;
    caches_trim(s);
}

void svc_cache_stats_of(srv *s, int which, svc_cache_stats *out)
{
    const lru_list *c = cache_list(s, which);
    *out = (svc_cache_stats){cache_names[which >= 0 && which < SVC_CACHES ? which : SVC_CACHE_RATINGS],
                             c->held, c->bytes, c->budget, c->hits, c->misses, c->evictions};
}

void svc_cache_stats_get(srv *s, svc_cache_stats *out) { svc_cache_stats_of(s, SVC_CACHE_GAMES, out); }

int svc_cache_stats_text(srv *s, lx_buf *out)
{
    for (int i = 0; i < SVC_CACHES; i++) {
        svc_cache_stats c;
        char line[256];
        svc_cache_stats_of(s, i, &c);
        int n = snprintf(line, sizeof line, "cache %s held %zu bytes %zu budget %zu hits %lu misses %lu evictions %lu\n",
                         c.name, c.held, c.bytes, c.budget, c.hits, c.misses, c.evictions);
        if (lx_buf_append(out, line, (size_t)n) != 0)
            return -1;
    }
    return 0;
}

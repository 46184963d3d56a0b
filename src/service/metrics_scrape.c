/* service/metrics_scrape.c - a scrape: the gauges read from what the server holds now, then the
 * whole registry as text; and readiness, which puts the store's probe (health.c: its answer,
 * a full disk) and the drain together (life layer: it reads every layer's part of struct srv).
 *
 * Runs on the loop only.  What a gauge costs is a walk over the games held (their watchers),
 * once per scrape: nothing is counted on the hot paths that a scrape can read instead. */
#include <stdio.h>

#include "service/life.h"

static void count_watchers(void *ctx, void *value)
{
    size_t *n = ctx;
    const srv_game *sg = value;
    for (const svc_watch *w = sg->watchers; w; w = w->next)
        (*n)++;
}

static void read_gauges(srv *s, srv_metrics *m)
{
    size_t watchers = 0;
    char why[160];
    map_each(model_of(s)->games, count_watchers, &watchers);
    metric_set(m->watchers, NULL, (double)watchers);
    for (int i = 0; i < SVC_CACHES; i++) {
        svc_cache_stats c;
        svc_cache_stats_of(s, i, &c);
        const char *cache[] = {c.name};
        if (i == SVC_CACHE_GAMES) {
            metric_set(m->boards_held, NULL, (double)c.held);
            metric_set(m->boards_bytes, NULL, (double)c.bytes);
        }
        metric_set(m->cache_items, cache, (double)c.held);
        metric_set(m->cache_bytes, cache, (double)c.bytes);
        metric_set(m->cache_hits, cache, (double)c.hits);
        metric_set(m->cache_misses, cache, (double)c.misses);
        metric_set(m->cache_evictions, cache, (double)c.evictions);
    }
    long counts[2];
    health_counts(s, counts);
    if (counts[0] >= 0) { /* none before the store's first answer */
        metric_set(m->outbox, NULL, (double)counts[0]);
        metric_set(m->clocks_due, NULL, (double)counts[1]);
    }
    metric_set(m->ready, NULL, svc_ready(s, why, sizeof why));
    metric_set(m->draining, NULL, svc_draining(s));
}

int svc_metrics_text(srv *s, lx_buf *out)
{
    srv_metrics *m = plumbing_of(s)->metrics;
    if (!m)
        return -1;
    read_gauges(s, m);
    return metrics_text(m->reg, out);
}

int svc_ready(srv *s, char *why, size_t cap)
{
    if (svc_draining(s))
        return snprintf(why, cap, "draining: the instance is stopping"), 0;
    if (ops_of(s)->failed)
        return snprintf(why, cap, "a commit failed: the instance is stopping"), 0;
    return health_store_answers(s, why, cap);
}

int svc_settled(srv *s) { return bridge_of(s)->waits == NULL; }

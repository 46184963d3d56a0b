/* service/metrics_families.c - ludexd's metrics: every family, and what the doors report.
 *
 * Names and labels follow Prometheus's conventions: counters end in _total, durations are
 * _seconds, sizes in base units; labels are a door ("line", "http", "mail", "bot"), a game
 * ("twixt", "hex", "backgammon", "crossword"), a result code, a cache's name; never a user or a
 * board.  The gauges that describe what the server holds are set at each scrape
 * (metrics_scrape.c); the counters and histograms as things happen, from any thread. */
#include <stdio.h>
#include <stdlib.h>

#include "service/plumbing.h"

static const double request_bounds[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
static const double commit_bounds[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
static const double batch_bounds[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096};

#define N(a) (sizeof a / sizeof a[0])

static int make_counters(srv_metrics *m)
{
    static const char *const door_game[] = {"door", "game", NULL}, *const door_code[] = {"door", "code", NULL};
    static const char *const cache[] = {"cache", NULL};
    metrics *r = m->reg;
    m->moves = metrics_family(r, "ludex_moves_total", "Moves acknowledged (durable), by door and game.",
                              METRIC_COUNTER, door_game, NULL, 0);
    m->requests = metrics_family(r, "ludex_requests_total", "Requests answered, by door and result code.",
                                 METRIC_COUNTER, door_code, NULL, 0);
    m->logins = metrics_family(r, "ludex_logins_total",
                               "Passwords checked and right (a login, or a line command that carries its password).", METRIC_COUNTER, NULL, NULL, 0);
    m->login_failures = metrics_family(r, "ludex_login_failures_total", "Passwords refused (wrong, or too many failures: limited).",
                                       METRIC_COUNTER, NULL, NULL, 0);
    m->signups = metrics_family(r, "ludex_signups_total", "Accounts made.", METRIC_COUNTER, NULL, NULL, 0);
    m->mails_queued = metrics_family(r, "ludex_mails_queued_total", "Mails queued in the outbox.", METRIC_COUNTER,
                                     NULL, NULL, 0);
    m->mails_sent = metrics_family(r, "ludex_mails_sent_total", "Mails the MTA took.", METRIC_COUNTER, NULL, NULL, 0);
    m->mails_failed = metrics_family(r, "ludex_mails_failed_total", "Attempts to send a mail that failed.",
                                     METRIC_COUNTER, NULL, NULL, 0);
    m->cache_hits = metrics_family(r, "ludex_cache_hits_total", "Uses that found the item held, by cache.",
                                   METRIC_COUNTER, cache, NULL, 0);
    m->cache_misses = metrics_family(r, "ludex_cache_misses_total", "Uses that read the item from the store, by cache.",
                                     METRIC_COUNTER, cache, NULL, 0);
    m->cache_evictions = metrics_family(r, "ludex_cache_evictions_total", "Items dropped for the budget, by cache.",
                                        METRIC_COUNTER, cache, NULL, 0);
    return m->moves && m->requests && m->logins && m->login_failures && m->signups && m->mails_queued &&
                   m->mails_sent && m->mails_failed && m->cache_hits && m->cache_misses && m->cache_evictions
               ? 0
               : -1;
}

static int make_gauges(srv_metrics *m)
{
    static const char *const door[] = {"door", NULL}, *const cache[] = {"cache", NULL};
    metrics *r = m->reg;
    m->connections = metrics_family(r, "ludex_connections", "Connections open, by door.", METRIC_GAUGE, door, NULL, 0);
    m->streams = metrics_family(r, "ludex_live_streams", "Live-update streams (Server-Sent Events) open.", METRIC_GAUGE,
                                NULL, NULL, 0);
    m->watchers = metrics_family(r, "ludex_watchers", "Watch subscriptions (line watchers and streams).", METRIC_GAUGE,
                                 NULL, NULL, 0);
    m->boards_held = metrics_family(r, "ludex_games_held", "Games held in memory.", METRIC_GAUGE, NULL, NULL, 0);
    m->boards_bytes = metrics_family(r, "ludex_games_held_bytes", "Estimated bytes of the games held.", METRIC_GAUGE,
                                    NULL, NULL, 0);
    m->cache_items = metrics_family(r, "ludex_cache_items", "Items held in memory, by cache (games, users, ratings).",
                                    METRIC_GAUGE, cache, NULL, 0);
    m->cache_bytes = metrics_family(r, "ludex_cache_bytes", "Estimated bytes of the items held, by cache.", METRIC_GAUGE,
                                    cache, NULL, 0);
    m->outbox = metrics_family(r, "ludex_outbox_depth", "Mails in the outbox not sent yet (every instance's: the store's count at the last probe).",
                               METRIC_GAUGE, NULL, NULL, 0);
    m->clocks_due = metrics_family(r, "ludex_clocks_due",
                                   "Games whose deadline has passed and is not settled yet (the store's count at the last probe).",
                                   METRIC_GAUGE, NULL, NULL, 0);
    m->ready = metrics_family(r, "ludex_ready", "1 when the instance takes new work (GET /readyz answers 200).",
                              METRIC_GAUGE, NULL, NULL, 0);
    m->draining = metrics_family(r, "ludex_draining", "1 while the instance drains (after SIGTERM).", METRIC_GAUGE,
                                 NULL, NULL, 0);
    return m->connections && m->streams && m->watchers && m->boards_held && m->boards_bytes && m->cache_items && m->cache_bytes && m->outbox && m->clocks_due && m->ready && m->draining
               ? 0
               : -1;
}

static int make_histograms(srv_metrics *m)
{
    static const char *const door[] = {"door", NULL};
    metrics *r = m->reg;
    m->request_seconds = metrics_family(r, "ludex_request_duration_seconds",
                                        "Time from a request's arrival to its answer (after its commit), by door.",
                                        METRIC_HISTOGRAM, door, request_bounds, N(request_bounds));
    m->commit_seconds = metrics_family(r, "ludex_commit_duration_seconds", "Time the store took to commit a batch.",
                                       METRIC_HISTOGRAM, NULL, commit_bounds, N(commit_bounds));
    m->batch_ops = metrics_family(r, "ludex_commit_batch_size", "Changes (store operations) in a committed batch.",
                                  METRIC_HISTOGRAM, NULL, batch_bounds, N(batch_bounds));
    return m->request_seconds && m->commit_seconds && m->batch_ops ? 0 : -1;
}

srv_metrics *srv_metrics_new(void)
{
    srv_metrics *m = calloc(1, sizeof *m);
    if (!m || !(m->reg = metrics_new()) || make_counters(m) || make_gauges(m) || make_histograms(m)) {
        srv_metrics_free(m);
        return NULL;
    }
    /* at 0 from the start, so that a rate over a window that saw the first move counts it */
    for (int d = 0; d < SVC_DOORS; d++) {
        const char *v[] = {svc_door_name((svc_door)d)};
        for (int g = 0; g < G_COUNT; g++) {
            const char *vg[] = {v[0], proto_game_name((proto_game)g)};
            metric_add(m->moves, vg, 0);
        }
        if (d == SVC_DOOR_LINE || d == SVC_DOOR_HTTP) /* the doors that hold connections */
            metric_add(m->connections, v, 0);
    }
    return m;
}

void srv_metrics_free(srv_metrics *m)
{
    if (!m)
        return;
    metrics_free(m->reg);
    free(m);
}

const char *svc_door_name(svc_door door)
{
    static const char *const names[SVC_DOORS] = {"line", "http", "mail", "bot"};
    return door >= 0 && door < SVC_DOORS ? names[door] : "other";
}

void svc_metric_request(srv *s, svc_door door, const char *code, double seconds)
{
    srv_metrics *m = plumbing_of(s)->metrics;
    const char *v[] = {svc_door_name(door), code && code[0] ? code : "unknown"};
    if (!m)
        return;
    metric_add(m->requests, v, 1);
    metric_observe(m->request_seconds, v, seconds);
}

void svc_metric_move(srv *s, svc_door door, proto_game kind)
{
    srv_metrics *m = plumbing_of(s)->metrics;
    const char *name = proto_game_name(kind);
    const char *v[] = {svc_door_name(door), name ? name : "other"};
    if (m)
        metric_add(m->moves, v, 1);
}

void svc_metric_connection(srv *s, svc_door door, int delta)
{
    srv_metrics *m = plumbing_of(s)->metrics;
    const char *v[] = {svc_door_name(door)};
    if (m)
        metric_add(m->connections, v, delta);
}

void svc_metric_stream(srv *s, int delta)
{
    srv_metrics *m = plumbing_of(s)->metrics;
    if (m)
        metric_add(m->streams, NULL, delta);
}

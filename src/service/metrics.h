/* service/metrics.h - a small registry of metrics for Prometheus (plumbing layer).
 *
 * A registry holds families: counters, gauges and histograms, each with a fixed list of label
 * names (at most METRIC_LABELS) given when the family is made.  A series is one set of label
 * values; it is made on first use, at most METRIC_SERIES per family (the values callers pass
 * come from small fixed sets: a door, a game, a result code, never a user or a board), and a
 * value beyond that is counted in the family's dropped count instead of growing memory.
 *
 * Any thread may add, set or observe (the commit thread observes its batches): one lock guards
 * the registry, held for a few comparisons.  metrics_text writes Prometheus's text format 0.0.4.
 * The registry is an object the server holds (struct srv), never a global. */
#ifndef LUDEX_SERVICE_METRICS_H
#define LUDEX_SERVICE_METRICS_H

#include <stddef.h>

#include "ludex/buf.h"

#define METRIC_LABELS 3
#define METRIC_SERIES 64
#define METRIC_BUCKETS 16

typedef struct metrics metrics;
typedef struct metric_family metric_family;
typedef enum metric_kind { METRIC_COUNTER, METRIC_GAUGE, METRIC_HISTOGRAM } metric_kind;

metrics *metrics_new(void);
void metrics_free(metrics *m);

/* A family named `name` (with _total for a counter) of `kind`, labels a NULL-terminated list
 * (NULL: none); a histogram's upper bounds, ascending (at most METRIC_BUCKETS; +Inf is added).
 * NULL out of memory or when the arguments are wrong. */
metric_family *metrics_family(metrics *m, const char *name, const char *help, metric_kind kind,
                              const char *const *labels, const double *bounds, size_t nbounds);

/* values: one per label name, in order (NULL when the family has none). */
void metric_add(metric_family *f, const char *const *values, double v);     /* counter, gauge */
void metric_set(metric_family *f, const char *const *values, double v);     /* gauge (or a counter mirrored) */
void metric_observe(metric_family *f, const char *const *values, double v); /* histogram */

/* The value of a counter or gauge series (0 when it has none yet). */
double metric_value(metric_family *f, const char *const *values);

/* Every family in the order made, in Prometheus's text format 0.0.4.  0, or -1 out of memory. */
int metrics_text(metrics *m, lx_buf *out);

/* ---- the server's families (metrics_families.c) --------------------------------------------- */
typedef struct srv_metrics {
    metrics *reg;
    metric_family *moves, *requests, *request_seconds, *logins, *login_failures, *signups;
    metric_family *mails_queued, *mails_sent, *mails_failed;
    metric_family *cache_hits, *cache_misses, *cache_evictions;
    metric_family *connections, *streams, *watchers, *boards_held, *boards_bytes, *cache_items, *cache_bytes, *outbox, *clocks_due;
    metric_family *ready, *draining, *commit_seconds, *batch_ops;
} srv_metrics;

/* The registry with every family of ludexd (ludex_...); NULL out of memory. */
srv_metrics *srv_metrics_new(void);
void srv_metrics_free(srv_metrics *m);

#endif

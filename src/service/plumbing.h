/* service/plumbing.h - the service's bottom layer: what every part of it uses and that calls
 * nothing else of the service.
 *
 * A call's answer (svc_status: status.c), the wall clock, the log and random bytes (util.c), a
 * string-keyed map (map.c), the credential cache and the limits on failures (auth.c); beside
 * it, as small headers of their own, the work queue (workq.h), Glicko-2 (glicko2.h), the game
 * kinds (game_kind.h) and backgammon's move text (bg_play_text.h).
 *
 * The layers, bottom to top, each header including only the one below (tools/check-layers):
 *   plumbing.h -> bridge.h -> model.h -> ops.h -> life.h
 * The server's state is one struct srv (life.h) built of one part per layer, each part
 * beginning with the part below: srv_plumbing here, then srv_bridge, srv_model, srv_ops.  A
 * file reaches the fields of a layer at or below its own through that layer's cast
 * (plumbing_of(s)->log, bridge_of(s)->cq ...); the fields of a layer above it are not in any
 * struct it can see. */
#ifndef LUDEX_SERVICE_PLUMBING_H
#define LUDEX_SERVICE_PLUMBING_H

#include <event2/event.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "ludex/ludex.h"
#include "service/lru.h"
#include "service/metrics.h"
#include "service/service.h"

typedef struct cred_cache cred_cache;

typedef struct rate_limit rate_limit;

typedef struct srv_map srv_map;

srv_map *map_new(void);

void map_free(srv_map *m, void (*free_value)(void *));

void *map_get(const srv_map *m, const char *key);

int map_put(srv_map *m, const char *key, void *value); /* 0, -1 out of memory */

void *map_remove(srv_map *m, const char *key);          /* the value removed, or NULL */

void map_each(const srv_map *m, void (*fn)(void *ctx, void *value), void *ctx);

#define CRED_CACHE_TTL 600 /* seconds a verified password is taken without hashing it again */

cred_cache *cred_cache_new(size_t slots, int ttl_seconds);

void cred_cache_free(cred_cache *cc);

int cred_cache_has(const cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                   time_t now);

void cred_cache_put(cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                    time_t now);

rate_limit *rate_limit_new(int max_failures, int window_seconds);

void rate_limit_free(rate_limit *r);

int rate_limit_blocked(rate_limit *r, const char *key);   /* 1 when too many recent failures */

void rate_limit_fail(rate_limit *r, const char *key);

void rate_limit_block(rate_limit *r, const char *key);    /* limited until the window ends */

size_t rate_limit_size(const rate_limit *r);              /* the keys it holds now */

/* An argon2id hash string at (ops, mem) that no password matches (a random salt and digest):
 * verifying against it costs what verifying a real one costs.  0, or -1 when cap is too small. */
int no_password_hash(unsigned long long ops, size_t mem, char *out, size_t cap);

int rate_limit_over(const rate_limit *r, long failures); /* 1 when failures reach the limit */

int rate_limit_window(const rate_limit *r);              /* its window in seconds */

/* One JSON line {"time","level","msg"} (log_json.c; svc_log's, with --log-format json). */
void log_json_message(srv *s, const char *level, const char *msg);

/* The service's own names for its public clock, log and random bytes (util.c). */
#define srv_now svc_now
#define srv_log svc_log
#define srv_random svc_random

/* This layer's part of struct srv (life.h). */
typedef struct srv_plumbing {
    FILE *log;
    srv_metrics *metrics;    /* the metrics registry (metrics_families.c), NULL when it could not be made */
    int log_json;            /* --log-format json (log_json.c) */
    uint32_t log_prefix;     /* request ids made here: this random prefix and a counter */
    uint64_t log_requests;
} srv_plumbing;
#define plumbing_of(s) ((srv_plumbing *)(s))
/* One more of the counter `family` (a field of srv_metrics without labels), when there are metrics. */
#define SRV_COUNT(s, family)                                                                       \
    do {                                                                                           \
        srv_metrics *m_ = plumbing_of(s)->metrics;                                                 \
        if (m_)                                                                                    \
            metric_add(m_->family, NULL, 1);                                                       \
    } while (0)

#endif

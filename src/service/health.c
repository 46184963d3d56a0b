/* service/health.c - whether the store answers, probed off the event loop, and the drain flag.
 *
 * Every second, unless one is still out, a probe job asks the store a cheap question (how many
 * mails wait in the outbox and how many games' deadlines have passed, both by index: the
 * operators' gauges ludex_outbox_depth and ludex_clocks_due) on the store thread (PostgreSQL; with SQLite the
 * job runs on the loop against the local file, a few microseconds).  The answer is kept with
 * its time: GET /readyz answers from the last one, never waiting on the store, and a probe
 * that has not come back for SVC_PROBE_STALE seconds (a database that hangs instead of
 * refusing) counts as no answer.  With a local store (SQLite) each tick also looks at the
 * free space of the file system that holds it: under HEALTH_DISK_MIN bytes free the store
 * is full (a database on another machine says so by refusing commits; ERR STORAGE_FULL).
 * It knows nothing of doors; life (metrics_scrape.c) makes the readiness the doors report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <time.h>

#include "service/bridge.h"

#define HEALTH_DISK_MIN (1024 * 1024) /* bytes free under which a local store counts as full */

struct health {
    srv *s;
    struct event *tick;
    int probing;            /* a probe is out */
    double asked_at;        /* when the last probe was sent */
    double answered_at;     /* when the last good answer came (0: none yet) */
    int last_ok;            /* the last answer that came was good */
    char why[160];          /* what the last bad answer said */
    int draining;
    int disk_full;          /* a local store's file system has less than HEALTH_DISK_MIN free */
    long counts[2];         /* the last good answer's outbox depth and clocks due (-1: none yet) */
};

typedef struct probe_job {
    db_job base;            /* first */
    int64_t now;
    long counts[2];
    int ok;
    char why[160];
} probe_job;

static void probe_run(store *st, db_job *j)
{
    probe_job *p = (probe_job *)j;
    p->ok = st->be->counts ? st->be->counts(st, p->now, p->counts) == 0 : st->be->max_game_id(st) >= 0;
    if (!p->ok)
        snprintf(p->why, sizeof p->why, "the store does not answer");
}

static void probe_done(srv *s, db_job *j)
{
    probe_job *p = (probe_job *)j;
    health *h = bridge_of(s)->health;
    if (h) {
        h->probing = 0;
        h->last_ok = p->ok;
        if (p->ok) {
            h->answered_at = svc_now();
            h->counts[0] = p->counts[0];
            h->counts[1] = p->counts[1];
        }
        else
            snprintf(h->why, sizeof h->why, "%s", p->why);
    }
    free(p);
}

static void probe_discard(db_job *j) { free(j); }

static void probe(srv *s, health *h)
{
    probe_job *p = calloc(1, sizeof *p);
    if (!p)
        return;
    dbjobs_setup(&p->base, probe_run, probe_done, probe_discard);
    p->now = (int64_t)time(NULL); /* the wall clock's: a --clock-offset is a testing aid for the games */
    p->counts[0] = p->counts[1] = -1;
    h->probing = 1;
    h->asked_at = svc_now();
    dbjobs_run(s, &p->base);
}

/* The directory of a local store's file ("sqlite:PATH" or PATH), or NULL for a remote one. */
static const char *local_dir(const char *db, char *buf, size_t cap)
{
    if (store_is_pg(db))
        return NULL;
    snprintf(buf, cap, "%s", !strncmp(db, "sqlite:", 7) ? db + 7 : db);
    char *slash = strrchr(buf, '/');
    if (!slash)
        return ".";
    slash[slash == buf] = 0;
    return buf;
}

static void look_at_disk(srv *s, health *h)
{
    char dir[4096];
    struct statvfs fs;
    const char *d = bridge_of(s)->db ? local_dir(bridge_of(s)->db, dir, sizeof dir) : NULL;
    h->disk_full = d && statvfs(d, &fs) == 0 && (double)fs.f_bavail * (double)fs.f_frsize < HEALTH_DISK_MIN;
}

static void on_tick(evutil_socket_t fd, short what, void *arg)
{
    health *h = arg;
    (void)fd;
    (void)what;
    look_at_disk(h->s, h);
    if (!h->probing)
        probe(h->s, h);
}

int health_start(srv *s)
{
    health *h = calloc(1, sizeof *h);
    struct timeval second = {1, 0};
    if (!h)
        return -1;
    h->s = s;
    h->counts[0] = h->counts[1] = -1;
    bridge_of(s)->health = h;
    if (!(h->tick = event_new(bridge_of(s)->base, -1, EV_PERSIST, on_tick, h)) || event_add(h->tick, &second) != 0)
        return -1;
    look_at_disk(s, h);
    probe(s, h); /* the first answer before the first tick (at once with SQLite) */
    return 0;
}

void health_stop(srv *s)
{
    health *h = bridge_of(s)->health;
    if (!h)
        return;
    if (h->tick)
        event_free(h->tick);
    bridge_of(s)->health = NULL; /* a probe still out is discarded by dbjobs_stop, or finds none */
    free(h);
}

int health_store_answers(srv *s, char *why, size_t cap)
{
    health *h = bridge_of(s)->health;
    double now = svc_now();
    if (!h)
        return snprintf(why, cap, "starting"), 0;
    if (h->disk_full)
        return snprintf(why, cap, "the store's disk is full (under %d KB free)", HEALTH_DISK_MIN / 1024), 0;
    if (h->answered_at > 0 && now - h->answered_at <= SVC_PROBE_STALE && h->last_ok)
        return 1;
    if (h->probing && now - h->asked_at > SVC_PROBE_STALE)
        snprintf(why, cap, "the store has not answered for %.0f s", now - h->asked_at);
    else
        snprintf(why, cap, "%s", h->why[0] ? h->why : "the store has not answered yet");
    return 0;
}

void health_counts(srv *s, long out[2])
{
    health *h = bridge_of(s)->health;
    out[0] = h ? h->counts[0] : -1;
    out[1] = h ? h->counts[1] : -1;
}

void svc_drain(srv *s)
{
    if (bridge_of(s)->health)
        bridge_of(s)->health->draining = 1;
}

int svc_draining(const srv *s)
{
    const health *h = ((const srv_bridge *)s)->health;
    return h && h->draining;
}

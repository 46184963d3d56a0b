/* service/life.h - the top layer: the server's life, open, the wake-up from its threads, the
 * sweep, close (loop.c, sweep.c), and struct srv, which only this layer sees whole.
 *
 * struct srv begins with the operations' part (srv_ops), which begins with the model's, and so
 * on down to the plumbing's: a lower layer's file reaches its part through its layer's cast
 * (ops_of, model_of, bridge_of, plumbing_of) and cannot name a field above it.  Life subscribes
 * the layers above the bridge to other servers' notices at open (loop.c). */
#ifndef LUDEX_SERVICE_LIFE_H
#define LUDEX_SERVICE_LIFE_H

#include "service/ops.h"

/* Reminders and losses on time that are due. */
void clock_sweep(srv *s);

/* Drop the games, users and rating rows nothing pins that their shares of the budget have no
 * room for (caches.c).  Only where no call is running (the loop's wake-up, the sweep). */
void caches_trim(srv *s);

struct srv {
    srv_ops ops; /* first: the parts of every layer below (ops.h ... plumbing.h) */
    store *wstore;           /* writes, on the commit thread */
    struct event *wake_ev;
    int wake[2];
    int quiet;
    unsigned long long pw_ops;
    size_t pw_mem;
    int stopping;
    unsigned long requests;
    int storage_full;        /* the last commit was refused for want of space (logged once) */
    struct event *sweep_ev;  /* clock_sweep, once a second */
    int sweeping;            /* a sweep's claim is on the store thread (clock.c) */
    unsigned long conflicts; /* boards reloaded because another server wrote them first (logged at exit) */
    unsigned long loop_statements[STORE_COUNTED_QUERIES]; /* s->rstore's counts when the loop started */
};

#endif

/* http/conns.c - the HTTP door's connections: who holds how many, and their close.
 *
 * evhttp neither says when it accepts a connection nor lets more than one
 * party hear that it closed.  The door therefore keeps its own record of
 * each connection, made when the connection's first request arrives: the
 * peer's address (to cap the connections one address may hold) and the one
 * close callback, which passes the news on to whatever request or live-
 * update stream is using the connection then (conns_on_close).  The record
 * is made as soon as the connection's request guard knows the connection
 * (conns_attach, before its first request is read) and owns the guard; the
 * connection is counted against its address at its first request
 * (conns_admit).  The count per address is the service's
 * (svc_connection_open), shared with every door.  Records are found by the
 * connection's pointer in a chained hash table. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_int.h"

typedef struct conn_rec {
    struct evhttp_connection *evcon;
    char addr[64];
    void (*on_close)(struct evhttp_connection *, void *);
    void *arg;
    request_guard *guard;         /* its bounds and head checks (request_guard.c), or NULL */
    int admitted;                 /* counted against its address (svc_connection_open) */
    struct conn_rec *next;
} conn_rec;

struct conn_table {
    srv *s;
    conn_rec **slot;
    size_t nslots, n;
};

static size_t slot_of(const conn_table *t, const void *p) { return ((uintptr_t)p >> 4) % t->nslots; }

conn_table *conns_new(srv *s)
{
    conn_table *t = calloc(1, sizeof *t);
    if (t && !(t->slot = calloc(t->nslots = 4096, sizeof *t->slot))) {
        free(t);
        return NULL;
    }
    if (t)
        t->s = s;
    return t;
}

static conn_rec **find(conn_table *t, const struct evhttp_connection *evcon)
{
    conn_rec **r = &t->slot[slot_of(t, evcon)];
    while (*r && (*r)->evcon != evcon)
        r = &(*r)->next;
    return r;
}

static void closed(struct evhttp_connection *evcon, void *arg)
{
    conn_table *t = arg;
    conn_rec **r = find(t, evcon), *rec = *r;
    if (!rec)
        return;
    *r = rec->next;
    t->n--;
    svc_metric_connection(t->s, SVC_DOOR_HTTP, -1);
    if (rec->admitted)
        svc_connection_close(t->s, rec->addr);
    if (rec->on_close)
        rec->on_close(evcon, rec->arg);
    guard_free(rec->guard);
    free(rec);
}

static conn_rec *record(conn_table *t, struct evhttp_connection *evcon)
{
    conn_rec *rec = *find(t, evcon);
    if (rec || !(rec = calloc(1, sizeof *rec)))
        return rec;
    rec->evcon = evcon;
    conn_rec **head = &t->slot[slot_of(t, evcon)];
    rec->next = *head;
    *head = rec;
    t->n++;
    svc_metric_connection(t->s, SVC_DOOR_HTTP, 1);
    evhttp_connection_set_closecb(evcon, closed, t);
    return rec;
}

int conns_attach(conn_table *t, struct evhttp_connection *evcon, request_guard *guard)
{
    conn_rec *rec = record(t, evcon);
    if (!rec)
        return -1;
    rec->guard = guard;
    return 0;
}

request_guard *conns_guard(conn_table *t, struct evhttp_connection *evcon)
{
    conn_rec *rec = evcon ? *find(t, evcon) : NULL;
    return rec ? rec->guard : NULL;
}

int conns_admit(conn_table *t, struct evhttp_connection *evcon, const char *addr)
{
    conn_rec *rec = record(t, evcon);
    if (rec && rec->admitted)
        return 1;
    if (!rec || !svc_connection_open(t->s, addr))
        return 0;
    rec->admitted = 1;
    snprintf(rec->addr, sizeof rec->addr, "%s", addr);
    return 1;
}

void conns_on_close(conn_table *t, struct evhttp_connection *evcon,
                    void (*on_close)(struct evhttp_connection *, void *), void *arg)
{
    conn_rec *rec = evcon ? *find(t, evcon) : NULL;
    if (rec) {
        rec->on_close = on_close;
        rec->arg = arg;
    }
}

/* Draining: every connection that no request or stream uses now is closed (a kept-alive one
 * between requests); the rest close after their answer (Connection: close). */
void conns_close_idle(conn_table *t)
{
    for (size_t i = 0; i < t->nslots; i++)
        for (conn_rec *r = t->slot[i], *next; r; r = next) {
            next = r->next;
            if (!r->on_close && r->admitted)
                evhttp_connection_free(r->evcon); /* its close callback frees the record */
        }
}

/* At shutdown, after evhttp has closed every connection (each record went with it, counted out,
 * its guard freed). */
void conns_free(conn_table *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nslots; i++)
        while (t->slot[i]) {
            conn_rec *r = t->slot[i];
            t->slot[i] = r->next;
            free(r);
        }
    free(t->slot);
    free(t);
}

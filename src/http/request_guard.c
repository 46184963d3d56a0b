/* http/request_guard.c - how long a request may take to arrive, and what its raw head may hold.
 *
 * evhttp's timeout is per read: a client that sends one byte every few
 * seconds keeps a connection for hours.  A guard per connection bounds the
 * whole head (--http-header-timeout, from the head's first byte) and the
 * whole body (--http-body-timeout, from the end of the head), however the
 * bytes trickle in, and closes the connection when a bound passes.  Each
 * request on a kept-alive connection gets its own bounds; a request the door
 * is answering (a live-update stream for hours) is bounded no more.
 *
 * evhttp keeps header values as C strings and the first of several
 * Content-Length headers, so the guard reads the head's raw bytes before
 * evhttp parses them (a callback on the connection's input buffer, run when
 * bytes are added, before evhttp's read callback) and marks the request bad
 * when the head holds a NUL byte, more than one Content-Length, a
 * Content-Length with a Transfer-Encoding, white space before a header's
 * colon or a folded line (head_scan.c): the door answers it 400 and
 * closes the connection (guard_request).  Only the head is scanned, at most
 * once per byte and bounded; a body or a stream costs a test per read.
 *
 * evhttp hands the door only a connection's requests, not the connection:
 * guard_bev, its bevcb, makes the bufferevent with a guard that holds a
 * reference on it until the loop's next turn (or the first byte), when the
 * bufferevent's callbacks name its connection; the guard then lives in the
 * connection's record (conns.c) and goes with it.  A request evhttp answers
 * itself (a malformed head, a body too large) ends the connection once the
 * answer is out: the guard could not know where the next request begins.
 * Not done here: limits on sizes (evhttp's) and on rates (rate.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/bufferevent_ssl.h>

#include "http/head_scan.h"
#include "http/http_int.h"

#define GUARD_SCAN_MAX (HTTP_HEADERS_MAX + 1024)   /* evhttp refuses a longer head itself */
#define GUARD_FLUSH_TRIES 100                       /* x 20 ms: evhttp's own answer, then the close */

typedef enum guard_state {
    GUARD_IDLE,      /* between requests: the next byte begins a head */
    GUARD_HEAD,      /* receiving a head */
    GUARD_BODY,      /* the head is in; its body, if any, is coming */
    GUARD_SERVING,   /* the door has the request (until its answer is sent) */
} guard_state;

struct request_guard {
    http_door *d;
    struct bufferevent *bev;
    struct evbuffer_cb_entry *input_watch, *output_watch;
    struct event *timer;                 /* bind (unbound), a bound passing, or the close after evhttp's answer */
    struct evhttp_connection *evcon;     /* NULL until bound */
    request_guard *prev, *next;          /* in d->unbound while unbound */
    guard_state state;
    size_t scanned;                      /* bytes at the input's front already scanned */
    head_scan scan;                      /* the head's bytes so far (head_scan.c), and why it is refused */
    int closing;                         /* evhttp answered by itself: close once the answer is out */
    int flush_tries;
};

/* ---- the timer ---------------------------------------------------------------------------- */
static void arm(request_guard *g, int seconds, int usec)
{
    struct timeval tv = {seconds, usec};
    event_add(g->timer, &tv);
}

static void log_cut(request_guard *g, const char *why)
{
    char *host = NULL;
    ev_uint16_t port = 0;
    if (svc_quiet(g->d->s))
        return;
    evhttp_connection_get_peer(g->evcon, &host, &port);
    svc_log(g->d->s, "%s http %s: connection closed", host ? host : "?", why);
}

/* ---- the head's bytes ---------------------------------------------------------------------- */
static void head_done(request_guard *g)
{
    g->state = GUARD_BODY;
    arm(g, g->d->body_seconds, 0);
}

/* Scan what has come of the head since the last look, without copying it. */
static void scan_input(request_guard *g)
{
    struct evbuffer *in = bufferevent_get_input(g->bev);
    size_t len = evbuffer_get_length(in);
    while (g->state == GUARD_HEAD && g->scanned < len && g->scan.total < GUARD_SCAN_MAX) {
        struct evbuffer_ptr at;
        struct evbuffer_iovec v[4];
        if (evbuffer_ptr_set(in, &at, g->scanned, EVBUFFER_PTR_SET) != 0)
            return;
        int n = evbuffer_peek(in, (ev_ssize_t)(len - g->scanned), &at, v, 4);
        if (n <= 0)
            return;
        for (int i = 0; i < n && i < 4 && g->state == GUARD_HEAD; i++) {
            const unsigned char *p = v[i].iov_base;
            size_t m = v[i].iov_len < len - g->scanned ? v[i].iov_len : len - g->scanned;
            for (size_t k = 0; k < m && g->state == GUARD_HEAD; k++) {
                g->scanned++;
                if (head_scan_byte(&g->scan, p[k]))
                    head_done(g);
            }
        }
    }
}

static void begin_head(request_guard *g)
{
    g->state = GUARD_HEAD;
    g->scanned = 0;
    head_scan_start(&g->scan);
    arm(g, g->d->header_seconds, 0);
    scan_input(g);
}

/* ---- binding the guard to its connection --------------------------------------------------- */
static void unlink_unbound(request_guard *g)
{
    if (g->prev)
        g->prev->next = g->next;
    else if (g->d->unbound == g)
        g->d->unbound = g->next;
    if (g->next)
        g->next->prev = g->prev;
    g->prev = g->next = NULL;
}

static void release(request_guard *g)
{
    if (g->input_watch)
        evbuffer_remove_cb_entry(bufferevent_get_input(g->bev), g->input_watch);
    if (g->output_watch)
        evbuffer_remove_cb_entry(bufferevent_get_output(g->bev), g->output_watch);
    if (g->timer)
        event_free(g->timer);
    free(g);
}

/* An unbound guard's end: its reference on the bufferevent goes (which frees it when evhttp has). */
static void release_unbound(request_guard *g)
{
    struct bufferevent *bev = g->bev;
    unlink_unbound(g);
    release(g);
    bufferevent_decref(bev);
}

/* 0 bound to the connection the bufferevent's callbacks name; -1 the connection is gone (or no
 * memory), the guard freed. */
static int bind_guard(request_guard *g)
{
    bufferevent_data_cb readcb = NULL;
    void *evcon = NULL;
    bufferevent_getcb(g->bev, &readcb, NULL, NULL, &evcon);
    if (!readcb || !evcon || conns_attach(g->d->conns, evcon, g) != 0) {
        release_unbound(g);
        return -1;
    }
    event_del(g->timer);
    unlink_unbound(g);
    g->evcon = evcon;
    bufferevent_decref(g->bev);
    return 0;
}

/* ---- callbacks ----------------------------------------------------------------------------- */
static void on_timer(evutil_socket_t fd, short what, void *arg)
{
    request_guard *g = arg;
    (void)fd;
    (void)what;
    if (!g->evcon) {
        bind_guard(g);
        return;
    }
    if (g->closing) {
        if (evbuffer_get_length(bufferevent_get_output(g->bev)) > 0 && ++g->flush_tries < GUARD_FLUSH_TRIES) {
            arm(g, 0, 20000);
            return;
        }
        evhttp_connection_free(g->evcon);   /* frees g (conns.c) */
        return;
    }
    if (g->state != GUARD_HEAD && g->state != GUARD_BODY)
        return;
    log_cut(g, g->state == GUARD_HEAD ? "request head too slow" : "request body too slow");
    evhttp_connection_free(g->evcon);
}

static void on_input(struct evbuffer *buf, const struct evbuffer_cb_info *info, void *arg)
{
    request_guard *g = arg;
    (void)buf;
    if (!g->evcon && bind_guard(g) != 0)
        return;
    g->scanned = info->n_deleted >= g->scanned ? 0 : g->scanned - info->n_deleted;
    if (!info->n_added || g->closing)
        return;
    if (g->state == GUARD_IDLE)
        begin_head(g);
    else if (g->state == GUARD_HEAD)
        scan_input(g);
}

/* An answer begun while the door has no request is evhttp's own (400, 413, 501): the guard no
 * longer knows where the next request begins, so the connection ends once it is out.  "100
 * Continue" before a body is no answer. */
static void on_output(struct evbuffer *buf, const struct evbuffer_cb_info *info, void *arg)
{
    request_guard *g = arg;
    char head[13];
    if (!info->n_added || info->orig_size || g->state == GUARD_SERVING || g->closing || !g->evcon)
        return;
    if (evbuffer_copyout(buf, head, sizeof head) == (ev_ssize_t)sizeof head &&
        (!memcmp(head, "HTTP/1.1 100 ", 13) || !memcmp(head, "HTTP/1.0 100 ", 13)))
        return;
    g->closing = 1;
    arm(g, 0, 0);
}

/* ---- the door's side ----------------------------------------------------------------------- */
static struct bufferevent *new_bev(http_door *d, struct event_base *base)
{
    if (!d->ssl)   /* as evhttp makes it: evhttp closes the socket itself */
        return bufferevent_socket_new(base, -1, 0);
    SSL *ssl = SSL_new(d->ssl);
    return ssl ? bufferevent_openssl_socket_new(base, -1, ssl, BUFFEREVENT_SSL_ACCEPTING, BEV_OPT_CLOSE_ON_FREE) : NULL;
}

struct bufferevent *guard_bev(struct event_base *base, void *door)
{
    http_door *d = door;
    struct bufferevent *bev = new_bev(d, base);
    request_guard *g = bev ? calloc(1, sizeof *g) : NULL;
    if (!g)
        return bev;   /* no memory: served unguarded, as evhttp would */
    g->d = d;
    g->bev = bev;
    g->timer = evtimer_new(base, on_timer, g);
    g->input_watch = evbuffer_add_cb(bufferevent_get_input(bev), on_input, g);
    g->output_watch = evbuffer_add_cb(bufferevent_get_output(bev), on_output, g);
    if (!g->timer || !g->input_watch || !g->output_watch) {
        release(g);
        return bev;
    }
    bufferevent_incref(bev);   /* until bound: evhttp may free it before the timer runs */
    g->next = d->unbound;
    if (d->unbound)
        d->unbound->prev = g;
    d->unbound = g;
    arm(g, 0, 0);
    return bev;
}

/* The request is complete and answered: the connection's next bytes begin a new head (some may
 * have come already). */
static void on_complete(struct evhttp_request *req, void *door)
{
    http_door *d = door;
    request_guard *g = conns_guard(d->conns, evhttp_request_get_connection(req));
    if (!g || g->closing)
        return;
    g->state = GUARD_IDLE;
    if (evbuffer_get_length(bufferevent_get_input(g->bev)) > 0)
        begin_head(g);
}

const char *guard_request(http_door *d, struct evhttp_request *req)
{
    request_guard *g = conns_guard(d->conns, evhttp_request_get_connection(req));
    if (!g)
        return NULL;
    int whole_head_seen = g->state == GUARD_BODY;
    g->state = GUARD_SERVING;
    event_del(g->timer);
    if (!g->scan.bad && !whole_head_seen)
        g->scan.bad = "a head the server could not follow";
    if (g->scan.bad)
        return g->scan.bad;
    evhttp_request_set_on_complete_cb(req, on_complete, d);
    return NULL;
}

void guard_free(request_guard *g)
{
    if (g)
        release(g);
}

void guard_free_unbound(http_door *d)
{
    while (d->unbound)
        release_unbound(d->unbound);
}

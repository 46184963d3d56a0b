/* http/sse.c - GET /api/v1/games/N/events: live updates as Server-Sent Events.
 *
 * A stream is a service watcher (svc_watch) whose events become
 *   id: N / event: move / data: {...}
 * blocks, N the move's number; a change that is not a move (a roll) is an
 * "event: state" without an id.  A client that reconnects with
 * Last-Event-ID (EventSource does it by itself) or ?last_event_id=K first
 * gets every committed move after K, then the live ones: the service
 * delivers each move to a watcher once, in order.  A ": ping" comment every
 * 25 s keeps proxies from closing an idle stream and finds dead clients.
 * Streams are counted and capped; each one's unsent output is bounded, and
 * a client that does not read is dropped rather than buffered forever. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

#define SSE_OUTPUT_MAX (256 * 1024)   /* unsent bytes a stream may hold before it is dropped */

struct sse_stream {
    http_door *d;
    struct evhttp_request *req;
    struct evhttp_connection *evcon;
    svc_watch w;
    int dropping;                 /* over its output limit: freed by drop_later */
    int begun;                    /* the answer's head and "retry" sent (begin) */
    char user[STORE_NAME_MAX + 1]; /* the session's user, present while the stream is open ("" when none) */
    sse_stream *prev, *next;
};

static void link_stream(sse_stream *t)
{
    http_door *d = t->d;
    t->next = d->streams;
    if (d->streams)
        d->streams->prev = t;
    d->streams = t;
    d->nstreams++;
}

static void unlink_stream(sse_stream *t)
{
    http_door *d = t->d;
    if (t->prev)
        t->prev->next = t->next;
    else
        d->streams = t->next;
    if (t->next)
        t->next->prev = t->prev;
    d->nstreams--;
}

static void stream_free(sse_stream *t)
{
    svc_watch_remove(t->d->s, &t->w);
    if (t->user[0])
        svc_presence_remove(t->d->s, t->user);
    unlink_stream(t);
    if (t->evcon)
        conns_on_close(t->d->conns, t->evcon, NULL, NULL);
    free(t);
}

static void on_close(struct evhttp_connection *evcon, void *arg)
{
    sse_stream *t = arg;
    (void)evcon;
    t->evcon = NULL; /* evhttp frees the connection; the request, mid-answer, is ours */
    http_request_forget(t->req);
    if (!t->dropping) /* else drop_later frees it */
        stream_free(t);
}

static int too_far_behind(sse_stream *t)
{
    struct bufferevent *bev = t->evcon ? evhttp_connection_get_bufferevent(t->evcon) : NULL;
    return bev && evbuffer_get_length(bufferevent_get_output(bev)) > SSE_OUTPUT_MAX;
}

/* End a stream later, on the loop: the service may be walking this stream's
 * watcher when a push finds it over its limit. */
static void drop_later(evutil_socket_t fd, short what, void *arg)
{
    sse_stream *t = arg;
    struct evhttp_connection *evcon = t->evcon;
    (void)fd;
    (void)what;
    stream_free(t);
    if (evcon)
        evhttp_connection_free(evcon);
}

static void send_chunk(sse_stream *t, const char *text, size_t len)
{
    if (t->dropping)
        return;
    if (too_far_behind(t)) { /* a client that does not read: end its stream (it may reconnect and catch up) */
        struct timeval now = {0, 0};
        t->dropping = 1;
        svc_watch_remove(t->d->s, &t->w);
        event_base_once(t->d->base, -1, EV_TIMEOUT, drop_later, t, &now);
        return;
    }
    struct evbuffer *b = evbuffer_new();
    if (!b)
        return;
    evbuffer_add(b, text, len);
    evhttp_send_reply_chunk(t->req, b);
    evbuffer_free(b);
}

/* The answer begins with the first text sent (the catch-up's first move, or after the watcher
 * was added): a stream that cannot begin is answered an ordinary error by its call instead. */
static void begin(sse_stream *t)
{
    struct evkeyvalq *h = evhttp_request_get_output_headers(t->req);
    t->begun = 1;
    evhttp_connection_set_timeout(t->evcon, -1); /* a stream is idle by nature: pings and the output cap watch it */
    http_common_headers(h);
    evhttp_add_header(h, "Content-Type", "text/event-stream");
    evhttp_add_header(h, "Cache-Control", "no-store");
    evhttp_add_header(h, "X-Accel-Buffering", "no");
    evhttp_send_reply_start(t->req, 200, "OK");
    send_chunk(t, "retry: 2000\n\n", 13);
}

static void send_text(sse_stream *t, const char *text, size_t len)
{
    if (!t->begun)
        begin(t);
    send_chunk(t, text, len);
}

/* One event's text: made once for all the watchers of a board (the service
 * hands the same move to each of them in turn), kept in the door. */
static const lx_buf *event_text(http_door *d, const svc_event *e)
{
    if (d->ev_board == e->board && d->ev_n == e->n && d->ev_state == e->state_only && d->ev_text.len)
        return &d->ev_text;
    lx_buf_clear(&d->ev_text);
    d->ev_board = e->board;
    d->ev_n = e->n;
    d->ev_state = e->state_only;
    if (e->state_only) {
        lx_buf_printf(&d->ev_text, "event: state\ndata: {\"board\":%lld}\n\n", (long long)e->board);
        return &d->ev_text;
    }
    json_t *o = json_pack("{s:I,s:I,s:s,s:s,s:o,s:o}", "board", (json_int_t)e->board, "n", (json_int_t)e->n, "colour",
                          e->colour, "player", e->player, "move", json_text(e->move), "result",
                          e->result[0] ? json_string(e->result) : json_null());
    char *data = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    lx_buf_printf(&d->ev_text, "id: %zu\nevent: move\ndata: %s\n\n", e->n, data ? data : "{}");
    free(data);
    return &d->ev_text;
}

static void on_event(void *ctx, const svc_event *e)
{
    sse_stream *t = ctx;
    const lx_buf *text = event_text(t->d, e);
    if (text->data)
        send_text(t, text->data, text->len);
}

/* Last-Event-ID, or ?last_event_id=K: the last move the client has; (size_t)-1 when it says nothing. */
static size_t last_seen(struct evhttp_request *req)
{
    const char *h = evhttp_find_header(evhttp_request_get_input_headers(req), "Last-Event-ID");
    struct evkeyvalq q;
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(req));
    size_t n = (size_t)-1;
    char *end;
    if (!h && query && evhttp_parse_query_str(query, &q) == 0) {
        const char *v = evhttp_find_header(&q, "last_event_id");
        if (v) {
            long long k = strtoll(v, &end, 10);
            n = *v && !*end && k >= 0 ? (size_t)k : n;
        }
        evhttp_clear_headers(&q);
    } else if (h) {
        long long k = strtoll(h, &end, 10);
        n = *h && !*end && k >= 0 ? (size_t)k : n;
    }
    return n;
}

/* A request like the others (route_call: svc_request around it, the session read before): the
 * board, when not held or held stale, is read off the loop by svc_watch_add's lookup, which then
 * fails having changed nothing and sent nothing, and the request runs again once it has come. */
void sse_open(http_call *c)
{
    http_door *d = c->d;
    svc_status st;
    svc_status_init(&st);
    if (d->nstreams >= HTTP_SSE_MAX) {
        svc_fail(&st, "BUSY", "too many live-update streams; try again later");
        call_fail(c, &st);
        return;
    }
    sse_stream *t = calloc(1, sizeof *t);
    if (!t) {
        call_error(c, "INTERNAL", "out of memory");
        return;
    }
    t->d = d;
    t->req = c->req;
    t->evcon = c->evcon;
    t->w = (svc_watch){on_event, t, 0, 0, 1, NULL, 0};
    link_stream(t);
    if (svc_watch_add(d->s, c->board, &t->w, last_seen(c->req), &st) != 0) { /* no board, or reading it */
        unlink_stream(t);
        free(t);
        call_fail(c, &st);
        return;
    }
    if (!t->begun) /* no move to catch up with */
        begin(t);
    snprintf(t->user, sizeof t->user, "%s", c->user);
    call_handover(c);
    if (t->user[0])
        svc_presence_add(d->s, t->user);
    if (t->evcon)
        conns_on_close(d->conns, t->evcon, on_close, t);
}

static void on_ping(evutil_socket_t fd, short what, void *arg)
{
    http_door *d = arg;
    (void)fd;
    (void)what;
    for (sse_stream *t = d->streams, *nx; t; t = nx) {
        nx = t->next;
        send_text(t, ": ping\n\n", 8);
    }
}

int sse_start(http_door *d)
{
    struct timeval every = {25, 0};
    d->ping = event_new(d->base, -1, EV_PERSIST, on_ping, d);
    return d->ping && event_add(d->ping, &every) == 0 ? 0 : -1;
}

void sse_close_all(http_door *d)
{
    while (d->streams) {
        sse_stream *t = d->streams;
        struct evhttp_connection *evcon = t->evcon;
        stream_free(t);
        if (evcon)
            evhttp_connection_free(evcon);
    }
    if (d->ping)
        event_free(d->ping);
    d->ping = NULL;
    lx_buf_free(&d->ev_text);
}

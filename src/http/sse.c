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
 * Streams are counted and capped (--max-streams); each one's unsent output
 * is bounded, and a client that does not read is dropped rather than
 * buffered forever.  A stream needs no account, so those without a session
 * ("anonymous") get shares: 16 from one address (429 beyond;
 * --anon-streams-per-address), 256 on one board (--anon-streams-per-board),
 * and at most the cap less a
 * reserve kept for logged-in players.  When the cap, the anonymous share or
 * the board's share is full, a new stream ends the oldest anonymous one (of
 * that board, for the board's share), which reconnects with
 * Last-Event-ID and misses nothing, rather than being refused; only a cap
 * full of players' streams answers 503. */
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
    char user[SVC_NAME_MAX + 1]; /* the session's user, present while the stream is open ("" when none) */
    char addr[64];                /* the client's address, and the board, for the anonymous shares */
    char board_key[24];
    int lobby;                    /* a user's lobby stream (GET /api/v1/events), not a board's */
    int counted;                  /* holds a place under the cap (until it is freed or being dropped) */
    sse_stream *prev, *next;
    sse_stream *anon_prev, *anon_next;   /* anonymous streams, oldest first */
};

static void link_stream(sse_stream *t)
{
    http_door *d = t->d;
    t->next = d->streams;
    if (d->streams)
        d->streams->prev = t;
    d->streams = t;
}

/* ---- places under the cap and the anonymous shares ------------------------------------------- */
static void count_in(sse_stream *t)
{
    http_door *d = t->d;
    t->counted = 1;
    d->nstreams++;
    svc_metric_stream(d->s, 1);
    if (t->user[0])
        return;
    t->anon_prev = d->anon_newest;
    if (d->anon_newest)
        d->anon_newest->anon_next = t;
    else
        d->anon_oldest = t;
    d->anon_newest = t;
    d->nanon++;
    counts_add(d->anon_by_addr, t->addr, 1);
    counts_add(d->anon_by_board, t->board_key, 1);
}

static void count_out(sse_stream *t)
{
    http_door *d = t->d;
    if (!t->counted)
        return;
    t->counted = 0;
    d->nstreams--;
    svc_metric_stream(d->s, -1);
    if (t->user[0])
        return;
    if (t->anon_prev)
        t->anon_prev->anon_next = t->anon_next;
    else
        d->anon_oldest = t->anon_next;
    if (t->anon_next)
        t->anon_next->anon_prev = t->anon_prev;
    else
        d->anon_newest = t->anon_prev;
    t->anon_prev = t->anon_next = NULL;
    d->nanon--;
    counts_add(d->anon_by_addr, t->addr, -1);
    counts_add(d->anon_by_board, t->board_key, -1);
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
}

static void stream_free(sse_stream *t)
{
    count_out(t);
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

/* End a stream on the loop's next turn; its place is free at once. */
static void end_later(sse_stream *t)
{
    struct timeval now = {0, 0};
    t->dropping = 1;
    count_out(t);
    svc_watch_remove(t->d->s, &t->w);
    event_base_once(t->d->base, -1, EV_TIMEOUT, drop_later, t, &now);
}

static void send_chunk(sse_stream *t, const char *text, size_t len)
{
    if (t->dropping)
        return;
    if (too_far_behind(t)) { /* a client that does not read: end its stream (it may reconnect and catch up) */
        end_later(t);
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
/* The board's oldest anonymous stream: a walk, only when the board holds its share. */
static sse_stream *oldest_anon_on(http_door *d, const char *board_key)
{
    for (sse_stream *t = d->anon_oldest; t; t = t->anon_next)
        if (!strcmp(t->board_key, board_key))
            return t;
    return NULL;
}

/* Whether a new stream may open: 0 (with *victim the oldest anonymous stream to end for it, or
 * NULL), or -1 answered: 429 over an anonymous share, 503 when the cap is full of players'. */
static int make_room(http_call *c, const char *board_key, sse_stream **victim)
{
    http_door *d = c->d;
    int anon = !c->user[0];
    size_t anon_share = d->max_streams - d->max_streams / HTTP_SSE_PLAYER_RESERVE;
    *victim = NULL;
    if (anon && d->anon_per_address && counts_get(d->anon_by_addr, c->addr) >= d->anon_per_address)
        return call_error(c, "RATE_LIMITED", "at most %zu live-update streams from one address without logging in",
                          d->anon_per_address), -1;
    if (anon && d->anon_per_board && counts_get(d->anon_by_board, board_key) >= d->anon_per_board) {
        *victim = oldest_anon_on(d, board_key);   /* there is one: the board's count says so */
        return *victim ? 0 : (call_error(c, "BUSY", "too many live-update streams; try again later"), -1);
    }
    int full = d->nstreams >= d->max_streams, anon_full = anon && d->nanon >= anon_share;
    if (!full && !anon_full)
        return 0;
    if (d->anon_oldest && (!anon || anon_full)) {
        *victim = d->anon_oldest;
        return 0;
    }
    return call_error(c, "BUSY", "too many live-update streams; try again later"), -1;
}

/* A board's stream (c->board), or a user's lobby stream (lobby 1: no board, no watcher). */
static void open_stream(http_call *c, int lobby)
{
    http_door *d = c->d;
    svc_status st;
    sse_stream *victim;
    char board_key[24];
    svc_status_init(&st);
    snprintf(board_key, sizeof board_key, lobby ? "lobby" : "%lld", (long long)c->board);
    if (make_room(c, board_key, &victim) != 0)
        return;
    sse_stream *t = calloc(1, sizeof *t);
    if (!t) {
        call_error(c, "INTERNAL", "out of memory");
        return;
    }
    t->d = d;
    t->req = c->req;
    t->evcon = c->evcon;
    t->w = (svc_watch){on_event, t, 0, 0, 1, NULL, 0};
    t->lobby = lobby;
    link_stream(t);
    if (!lobby && svc_watch_add(d->s, c->board, &t->w, last_seen(c->req), &st) != 0) { /* no board, or reading it */
        unlink_stream(t);
        free(t);
        call_fail(c, &st);
        return;
    }
    if (!t->begun) /* no move to catch up with */
        begin(t);
    snprintf(t->user, sizeof t->user, "%s", c->user);
    snprintf(t->addr, sizeof t->addr, "%s", c->addr);
    snprintf(t->board_key, sizeof t->board_key, "%s", board_key);
    if (victim && !victim->dropping)
        end_later(victim);
    count_in(t);
    call_handover(c);
    if (t->user[0])
        svc_presence_add(d->s, t->user);
    if (t->evcon)
        conns_on_close(d->conns, t->evcon, on_close, t);
}

void sse_open(http_call *c) { open_stream(c, 0); }

void sse_open_lobby(http_call *c)
{
    if (!c->user[0])
        call_error(c, "NOT_LOGGED_IN", "log in for your lobby's live updates");
    else
        open_stream(c, 1);
}

void sse_push_lobby(http_door *d, const char *user, const char *text)
{
    for (sse_stream *t = d->streams, *nx; t; t = nx) {
        nx = t->next;
        if (t->lobby && !strcmp(t->user, user))
            send_text(t, text, strlen(text));
    }
}

void sse_push_board(http_door *d, int64_t board, const char *const users[2], const char *text)
{
    for (sse_stream *t = d->streams, *nx; t; t = nx) {
        nx = t->next;
        if (t->lobby || t->w.board != board || t->dropping)
            continue;
        if (!users || (t->user[0] && (!strcmp(t->user, users[0]) || !strcmp(t->user, users[1]))))
            send_text(t, text, strlen(text));
    }
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

/* Draining: each stream is told to come back in a second ("retry:", which EventSource obeys,
 * reconnecting through the balancer to another instance with Last-Event-ID), then its response
 * ends as a response should (the final chunk) and its connection closes.  A stream being
 * dropped already is left to its drop. */
void sse_end_all(http_door *d)
{
    for (sse_stream *t = d->streams, *next; t; t = next) {
        next = t->next;
        if (t->dropping)
            continue;
        struct evhttp_request *req = t->begun && t->evcon ? t->req : NULL;
        if (req)
            send_chunk(t, "retry: 1000\n\n", 13);
        if (t->dropping) /* a client that does not read: dropped on the loop's next turn (end_later) */
            continue;
        stream_free(t); /* first: ending the reply may close the connection at once */
        if (req) {
            evhttp_add_header(evhttp_request_get_output_headers(req), "Connection", "close");
            evhttp_send_reply_end(req);
        }
    }
}

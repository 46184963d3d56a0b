/* http/call.c - one request being answered, however long the service takes.
 *
 * A call outlives its client when it must: evhttp frees a request whose
 * connection closes, so the call watches the connection's close (its close
 * callback, one request at a time per connection) and forgets the request
 * then.  The answer is built in the call (status, body, a cookie) and sent
 * once the batch holding the request's changes has committed; a call whose
 * client left is freed without sending.  Every answer carries the common
 * headers, and every error the same JSON shape:
 *   {"error":{"code":"NOT_YOUR_TURN","message":"..."}}. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

/* A request whose answer had not begun is detached from its failed
 * connection by evhttp and left to us: free it.  One still attached is
 * freed by evhttp with its connection (at shutdown). */
void http_request_forget(struct evhttp_request *req)
{
    if (req && !evhttp_request_get_connection(req))
        evhttp_request_free(req);
}

static void on_close(struct evhttp_connection *evcon, void *arg)
{
    http_call *c = arg;
    (void)evcon;
    http_request_forget(c->req);
    c->req = NULL;
    c->evcon = NULL;
}

http_call *call_new(http_door *d, struct evhttp_request *req)
{
    http_call *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->d = d;
    c->req = req;
    c->evcon = evhttp_request_get_connection(req);
    c->status = 200;
    c->content_type = "application/json";
    c->started = svc_now();
    d->calls++;
    http_peer(req, c->addr);
    if (c->evcon)
        conns_on_close(d->conns, c->evcon, on_close, c);
    return c;
}

static void call_free(http_call *c)
{
    c->d->calls--;
    svc_wait_cancel(c->d->s, &c->wait);
    if (c->evcon)
        conns_on_close(c->d->conns, c->evcon, NULL, NULL);
    if (c->args)
        json_decref(c->args);
    lx_buf_free(&c->body);
    free(c);
}

void call_handover(http_call *c) { call_free(c); }

static const char *reason_of(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 429: return "Too Many Requests";
    case 503: return "Service Unavailable";
    default: return "Internal Server Error";
    }
}

/* One log line per answer: the method and path (never a body, which may hold a password). */
static void log_call(http_call *c)
{
    if (svc_quiet(c->d->s) || !c->req)
        return;
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(c->req));
    char p[80];
    snprintf(p, sizeof p, "%s", path ? path : "?");
    for (char *q = p; *q; q++)
        if ((unsigned char)*q < 0x20 || (unsigned char)*q >= 0x7f)
            *q = '?';
    if (svc_log_json(c->d->s)) {
        char what[96], code[8];
        snprintf(what, sizeof what, "%s %s", evhttp_request_get_command(c->req) == EVHTTP_REQ_POST ? "POST" : "GET", p);
        snprintf(code, sizeof code, "%d", c->status);
        svc_log_entry e = {SVC_DOOR_HTTP, evhttp_find_header(evhttp_request_get_input_headers(c->req), "X-Request-ID"),
                           c->addr, c->user, what, code, c->status >= 500, svc_now() - c->started};
        svc_log_request(c->d->s, &e);
        return;
    }
    svc_log(c->d->s, "%s http user=%s %s %s -> %d (%.3f ms)", c->addr, c->user[0] ? c->user : "-",
            evhttp_request_get_command(c->req) == EVHTTP_REQ_POST ? "POST" : "GET", p, c->status,
            (svc_now() - c->started) * 1e3);
}

/* The answer in the metrics: its status and time, and a move played when it is a 200. */
static void count_answer(http_call *c)
{
    char code[8];
    snprintf(code, sizeof code, "%d", c->status);
    svc_metric_request(c->d->s, SVC_DOOR_HTTP, code, svc_now() - c->started);
    if (c->played && c->status == 200)
        svc_metric_move(c->d->s, SVC_DOOR_HTTP, (proto_game)(c->played - 1));
}

static void send_now(http_call *c)
{
    if (c->req) {
        struct evkeyvalq *h = evhttp_request_get_output_headers(c->req);
        http_common_headers(h);
        evhttp_add_header(h, "Content-Type", c->content_type);
        evhttp_add_header(h, "Cache-Control", "no-store");
        if (c->cookie[0])
            evhttp_add_header(h, "Set-Cookie", c->cookie);
        if (c->disposition[0])
            evhttp_add_header(h, "Content-Disposition", c->disposition);
        if (c->d->draining) /* the instance stops: the next request goes to another one */
            evhttp_add_header(h, "Connection", "close");
        struct evbuffer *b = evbuffer_new();
        if (b && c->body.len)
            evbuffer_add(b, c->body.data, c->body.len);
        evhttp_send_reply(c->req, c->status, reason_of(c->status), b);
        if (b)
            evbuffer_free(b);
        svc_count_request(c->d->s);
        count_answer(c);
        log_call(c);
    }
    call_free(c);
}

void call_reset(http_call *c)
{
    lx_buf_clear(&c->body);
    c->status = 200;
    c->content_type = "application/json";
    c->cookie[0] = c->disposition[0] = 0;
    c->wait_board = 0;
    c->played = 0;
    if (c->args)
        json_decref(c->args);
    c->args = NULL;
}

static void committed(void *ctx)
{
    http_call *c = ctx;
    if (c->wait.refused) { /* the store was full, or another server wrote the board first: nothing of this request was kept */
        int conflict = c->wait.refused == SVC_REFUSED_CONFLICT;
        json_t *o = json_pack("{s:{s:s,s:s}}", "error", "code", conflict ? "CONFLICT" : "STORAGE_FULL", "message",
                              conflict ? "the board changed meanwhile (another move came first); nothing was changed:"
                                         " look at the board again"
                                       : "the server's disk is full; nothing was changed: try again later");
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        lx_buf_clear(&c->body);
        lx_buf_append_str(&c->body, text ? text : "{}");
        free(text);
        c->status = conflict ? 409 : 503;
        c->content_type = "application/json";
        c->cookie[0] = c->disposition[0] = 0;
    }
    send_now(c);
}

void call_answer(http_call *c, uint64_t wait_seq)
{
    if (c->pending > 0)
        return; /* a continuation will answer */
    c->wait.board = c->wait_board;
    if (!c->req || svc_wait_for(c->d->s, &c->wait, wait_seq, committed, c))
        send_now(c);
}

void call_json(http_call *c, int status, json_t *obj, uint64_t wait_seq)
{
    char *text = obj ? json_dumps(obj, JSON_COMPACT) : NULL;
    json_decref(obj);
    lx_buf_clear(&c->body);
    if (!text) {
        c->status = 500;
        lx_buf_append_str(&c->body, "{\"error\":{\"code\":\"INTERNAL\",\"message\":\"out of memory\"}}");
    } else {
        c->status = status;
        lx_buf_append_str(&c->body, text);
        free(text);
    }
    c->content_type = "application/json";
    call_answer(c, wait_seq);
}

void call_json_text(http_call *c, const char *text, uint64_t wait_seq)
{
    lx_buf_clear(&c->body);
    c->status = lx_buf_append_str(&c->body, text) == 0 ? 200 : 500;
    c->content_type = "application/json";
    call_answer(c, wait_seq);
}

int http_status_of(const char *code)
{
    static const struct { const char *code; int status; } table[] = {
        {"NOT_LOGGED_IN", 401}, {"BAD_PASSWORD", 401}, {"ACCOUNT_DISABLED", 403}, {"CSRF", 403}, {"NOT_A_PLAYER", 403},
        {"NO_SUCH_BOARD", 404}, {"NO_SUCH_USER", 404}, {"NOT_FOUND", 404}, {"NO_SUCH_TOURNAMENT", 404},
        {"METHOD_NOT_ALLOWED", 405},
        {"NOT_YOUR_TURN", 409}, {"WRONG_MOVE_NUMBER", 409}, {"GAME_OVER", 409}, {"USER_EXISTS", 409},
        {"TOO_LARGE", 413}, {"RATE_LIMITED", 429}, {"TOO_MANY_CONNECTIONS", 429}, {"INTERNAL", 500}, {"BUSY", 503}, {"STORAGE_FULL", 503},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(code, table[i].code))
            return table[i].status;
    return 400;
}

static void error_reply(http_call *c, const char *code, const char *msg, int status, uint64_t wait_seq)
{
    json_t *o = json_pack("{s:{s:s,s:o}}", "error", "code", code, "message", json_text(msg));
    c->pending = 0;
    call_json(c, status ? status : http_status_of(code), o, wait_seq);
}

void call_error(http_call *c, const char *code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    error_reply(c, code, msg, 0, 0);
}

/* A refusal that changed something (a failed login counted) is answered after its commit too. */
void call_fail(http_call *c, const svc_status *st)
{
    error_reply(c, st->code ? st->code : "INTERNAL", st->msg, 0, st->wait_seq);
}

void call_fail_as(http_call *c, const svc_status *st, int status)
{
    error_reply(c, st->code ? st->code : "INTERNAL", st->msg, status, st->wait_seq);
}

int call_resumed(http_call *c)
{
    c->pending--;
    if (c->req)
        return 1;
    if (c->pending == 0)
        call_free(c);
    return 0;
}

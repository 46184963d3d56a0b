/* http/metrics.c - the admin address (--metrics HOST:PORT): GET /metrics for Prometheus, GET
 * /stats (the caches: what each holds, hits, misses, evictions), and /healthz and /readyz
 * (health.c).
 *
 * A listener of its own, apart from the HTTP door, so that the metrics are never public by
 * mistake: it binds to loopback unless told otherwise (a bare port means 127.0.0.1:PORT), and
 * the HTTP door does not serve /metrics at all.  A scrape reads the gauges on the loop and
 * writes the registry (svc_metrics_text) in Prometheus's text format 0.0.4.  Nothing else is
 * served here; no session, no page. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

struct admin_door {
    srv *s;
    struct evhttp *http;
    struct evhttp_bound_socket *sock;
};

static void scrape(admin_door *a, struct evhttp_request *req)
{
    lx_buf text = LX_BUF_INIT;
    struct evbuffer *b = evbuffer_new();
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    if (!b || svc_metrics_text(a->s, &text) != 0) {
        evhttp_send_error(req, 500, "cannot write the metrics");
    } else {
        evhttp_add_header(h, "Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        evhttp_add_header(h, "Cache-Control", "no-store");
        evbuffer_add(b, text.data, text.len);
        evhttp_send_reply(req, 200, "OK", b);
    }
    if (b)
        evbuffer_free(b);
    lx_buf_free(&text);
}

/* GET /stats: the caches' lines (svc_cache_stats_text), for an operator's eyes and scripts. */
static void stats(admin_door *a, struct evhttp_request *req)
{
    lx_buf text = LX_BUF_INIT;
    struct evbuffer *b = evbuffer_new();
    if (!b || svc_cache_stats_text(a->s, &text) != 0) {
        evhttp_send_error(req, 500, "cannot write the stats");
    } else {
        evhttp_add_header(evhttp_request_get_output_headers(req), "Content-Type", "text/plain; charset=utf-8");
        evhttp_add_header(evhttp_request_get_output_headers(req), "Cache-Control", "no-store");
        evbuffer_add(b, text.data, text.len);
        evhttp_send_reply(req, 200, "OK", b);
    }
    if (b)
        evbuffer_free(b);
    lx_buf_free(&text);
}

static void on_admin_request(struct evhttp_request *req, void *arg)
{
    admin_door *a = arg;
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(req));
    if (!path)
        path = "/";
    if (health_serve(a->s, req, path))
        return;
    if (strcmp(path, "/metrics") && strcmp(path, "/stats"))
        evhttp_send_error(req, 404, "only /metrics, /stats, /healthz and /readyz are here");
    else if (evhttp_request_get_command(req) != EVHTTP_REQ_GET)
        evhttp_send_error(req, 405, "GET only");
    else if (!strcmp(path, "/stats"))
        stats(a, req);
    else
        scrape(a, req);
}

/* "PORT" (loopback), "HOST:PORT" or "[V6]:PORT" into host and port; 0, or -1. */
static int parse_address(const char *spec, char host[128], long *port)
{
    const char *colon = strrchr(spec, ':');
    char *end;
    const char *digits = colon ? colon + 1 : spec;
    *port = strtol(digits, &end, 10);
    if (!*digits || *end || *port <= 0 || *port > 65535)
        return -1;
    if (!colon) {
        snprintf(host, 128, "127.0.0.1");
        return 0;
    }
    size_t len = (size_t)(colon - spec);
    if (spec[0] == '[' && len >= 2 && spec[len - 1] == ']')
        spec++, len -= 2;
    if (len == 0 || len >= 128)
        return -1;
    memcpy(host, spec, len);
    host[len] = 0;
    return 0;
}

admin_door *admin_door_open(srv *s, struct event_base *base, const char *listen, char *err, size_t errcap)
{
    char host[128];
    long port;
    if (parse_address(listen, host, &port) != 0) {
        snprintf(err, errcap, "bad --metrics address '%s' (PORT, HOST:PORT or off)", listen);
        return NULL;
    }
    admin_door *a = calloc(1, sizeof *a);
    if (!a || !(a->http = evhttp_new(base))) {
        snprintf(err, errcap, "out of memory");
        free(a);
        return NULL;
    }
    a->s = s;
    evhttp_set_allowed_methods(a->http, EVHTTP_REQ_GET | EVHTTP_REQ_HEAD);
    evhttp_set_timeout(a->http, 30);
    evhttp_set_gencb(a->http, on_admin_request, a);
    if (!(a->sock = evhttp_bind_socket_with_handle(a->http, host, (ev_uint16_t)port))) {
        snprintf(err, errcap, "cannot listen for metrics on %s", listen);
        admin_door_close(a);
        return NULL;
    }
    svc_log(s, "metrics on http://%s:%ld/metrics (with /healthz and /readyz)", host, port);
    return a;
}

void admin_door_close(admin_door *a)
{
    if (!a)
        return;
    if (a->http)
        evhttp_free(a->http);
    free(a);
}

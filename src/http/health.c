/* http/health.c - GET /healthz and GET /readyz, for load balancers and orchestrators.
 *
 * /healthz answers 200 "ok" whenever the process serves (its loop turns).  /readyz answers
 * 200 "ready" when the instance takes new work, else 503 with the reason: draining after
 * SIGTERM, the store not answering its last probe, a full disk (svc_ready, which answers
 * from the last probe made off the loop: a health check never waits on the database).
 * Both are served on the HTTP door and on the admin address (--metrics), before any limit
 * of the door (a balancer checks often, from one address), and never cached. */
#include <string.h>

#include <event2/buffer.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

static void answer(struct evhttp_request *req, int status, const char *reason, const char *text)
{
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    struct evbuffer *b = evbuffer_new();
    evhttp_add_header(h, "Content-Type", "text/plain; charset=utf-8");
    evhttp_add_header(h, "Cache-Control", "no-store");
    if (b)
        evbuffer_add_printf(b, "%s\n", text);
    evhttp_send_reply(req, status, reason, b);
    if (b)
        evbuffer_free(b);
}

int health_serve(srv *s, struct evhttp_request *req, const char *path)
{
    char why[200];
    enum evhttp_cmd_type m = evhttp_request_get_command(req);
    if (strcmp(path, "/healthz") && strcmp(path, "/readyz"))
        return 0;
    if (m != EVHTTP_REQ_GET && m != EVHTTP_REQ_HEAD) {
        answer(req, 405, "Method Not Allowed", "GET only");
        return 1;
    }
    if (!strcmp(path, "/healthz"))
        answer(req, 200, "OK", "ok");
    else if (svc_ready(s, why, sizeof why))
        answer(req, 200, "OK", "ready");
    else
        answer(req, 503, "Service Unavailable", why);
    return 1;
}

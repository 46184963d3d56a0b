/* http/http.h - the HTTP door of ludexd: the JSON API, live updates, the web page.
 *
 * One more door over the same service as the line protocol (see
 * doc/http-api.md for the API): it parses HTTP requests into service calls
 * and formats the answers as JSON, with the same error codes.  libevent's
 * evhttp parses HTTP on the server's one loop; Server-Sent Events carry the
 * live updates; OpenSSL bufferevents carry TLS when a certificate is given.
 */
#ifndef LUDEX_HTTP_H
#define LUDEX_HTTP_H

#include <event2/event.h>

#include "service/service.h"

typedef struct http_door http_door;

#define HTTP_STREAMS_DEFAULT 4096       /* --max-streams */
#define HTTP_HEADER_TIMEOUT_DEFAULT 30  /* --http-header-timeout, seconds */
#define HTTP_BODY_TIMEOUT_DEFAULT 60    /* --http-body-timeout, seconds */
#define HTTP_SSE_ANON_PER_ADDRESS_DEFAULT 16 /* --anon-streams-per-address */
#define HTTP_SSE_ANON_PER_BOARD_DEFAULT 256  /* --anon-streams-per-board */

typedef struct http_config {
    const char *listen;     /* HOST:PORT */
    const char *web_dir;    /* the page's files */
    const char *tls_cert;   /* PEM files; both or neither */
    const char *tls_key;
    int max_streams;        /* live-update streams at once; 0: the default */
    int header_seconds;     /* a request's whole head must arrive within this; 0: the default */
    int body_seconds;       /* and its whole body within this after the head; 0: the default */
    int anon_per_address;   /* streams without a session one address may hold; 0: no limit */
    int anon_per_board;     /* streams without a session one board may have; 0: no limit */
} http_config;

/* Listen and serve.  NULL with a message in err. */
http_door *http_door_open(srv *s, struct event_base *base, const http_config *cfg, char *err, size_t errcap);
void http_door_stop_listening(http_door *d);
void http_door_close(http_door *d);
/* SIGTERM: stop listening; answers from now on close their connection; every live-update stream
 * gets a "retry:" and then its response's end (the final chunk), so clients reconnect elsewhere
 * with Last-Event-ID; idle kept-alive connections are closed.  Requests in flight go on. */
void http_door_drain(http_door *d);
/* Requests being answered now (their answers may wait for a commit). */
size_t http_door_busy(const http_door *d);

/* The admin address (--metrics HOST:PORT, or PORT on loopback): GET /metrics in Prometheus's
 * text format, /healthz, /readyz (http/metrics.c).  NULL with a message in err. */
typedef struct admin_door admin_door;
admin_door *admin_door_open(srv *s, struct event_base *base, const char *listen, char *err, size_t errcap);
void admin_door_close(admin_door *a);

#endif

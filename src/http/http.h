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

typedef struct http_config {
    const char *listen;     /* HOST:PORT */
    const char *web_dir;    /* the page's files */
    const char *tls_cert;   /* PEM files; both or neither */
    const char *tls_key;
} http_config;

/* Listen and serve.  NULL with a message in err. */
http_door *http_door_open(srv *s, struct event_base *base, const http_config *cfg, char *err, size_t errcap);
void http_door_stop_listening(http_door *d);
void http_door_close(http_door *d);

#endif

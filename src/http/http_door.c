/* http/http_door.c - the HTTP door: listen, limit, route.
 *
 * evhttp (libevent) parses HTTP/1.1 on the server's one loop, with keep-
 * alive, and enforces the size limits: headers 8 KiB, bodies 64 KiB (413
 * with our JSON error; over 1 MiB evhttp refuses it unread), and a timeout
 * for idle clients; a request guard (request_guard.c) bounds the time a
 * whole head and a whole body may take and refuses malformed heads.  Each
 * request is first counted against its address's rate, then routed by
 * method and path:
 *   /api/v1/...        the JSON API (api_*.c), live updates (sse.c)
 *   /, /NAME           the page's files (web_files.c)
 * With --tls-cert and --tls-key, connections are TLS (OpenSSL bufferevents)
 * and cookies are Secure; without them the log says that a TLS-terminating
 * proxy is expected in front. */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <event2/bufferevent.h>
#include <event2/bufferevent_ssl.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <openssl/err.h>

#include "http/http_int.h"

#define HTTP_TIMEOUT_SECONDS 60   /* evhttp's: per read (an idle connection); whole heads and bodies: request_guard.c */

void http_peer(struct evhttp_request *req, char addr[64])
{
    char *host = NULL;
    ev_uint16_t port = 0;
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    if (evcon)
        evhttp_connection_get_peer(evcon, &host, &port);
    snprintf(addr, 64, "%s", host ? host : "?");
}

/* ---- routing ------------------------------------------------------------------------- */
static void not_found(http_call *c) { call_error(c, "NOT_FOUND", "there is nothing at this address"); }

static void wrong_method(http_call *c) { call_error(c, "METHOD_NOT_ALLOWED", "this address does not take that method"); }

typedef struct route {
    const char *path;
    enum evhttp_cmd_type method;
    void (*fn)(http_call *c);
} route;

static const route plain_routes[] = {
    {"signup", EVHTTP_REQ_POST, api_signup}, {"login", EVHTTP_REQ_POST, api_login},
    {"logout", EVHTTP_REQ_POST, api_logout}, {"me", EVHTTP_REQ_GET, api_me}, {"me", EVHTTP_REQ_POST, api_me_update},
    {"games", EVHTTP_REQ_GET, api_games_list}, {"games", EVHTTP_REQ_POST, api_games_create},
    {"ratings", EVHTTP_REQ_GET, api_ratings}, {"standings", EVHTTP_REQ_GET, api_standings},
    {"seeks", EVHTTP_REQ_GET, api_seeks}, {"seeks", EVHTTP_REQ_POST, api_seek}, {"join", EVHTTP_REQ_POST, api_join},
    {"blocks", EVHTTP_REQ_POST, api_block},
    {"messages", EVHTTP_REQ_GET, api_messages_unread}, {"messages", EVHTTP_REQ_POST, api_message_send},
    {"events", EVHTTP_REQ_GET, sse_open_lobby},
};

static const char *const game_actions[] = {"swap", "resign", "roll", "double", "take", "drop"};
static const char *const game_offers[] = {"accept", "decline", "draw", "takeback", "rematch"};

static void route_plain(http_call *c, const char *rest, enum evhttp_cmd_type m)
{
    int known = 0;
    for (size_t i = 0; i < sizeof plain_routes / sizeof plain_routes[0]; i++) {
        if (strcmp(rest, plain_routes[i].path))
            continue;
        known = 1;
        if (plain_routes[i].method == m) {
            plain_routes[i].fn(c);
            return;
        }
    }
    known ? wrong_method(c) : not_found(c);
}

static void route_game(http_call *c, const char *what, enum evhttp_cmd_type m)
{
    int get = m == EVHTTP_REQ_GET, post = m == EVHTTP_REQ_POST;
    if (!what[0] || !strcmp(what, "record")) {
        if (!get)
            wrong_method(c);
        else
            what[0] ? api_game_record(c) : api_game_state(c);
        return;
    }
    if (!strcmp(what, "moves")) {
        post ? api_game_play(c, NULL) : wrong_method(c);
        return;
    }
    if (!strcmp(what, "events")) {
        get ? sse_open(c) : not_found(c);
        return;
    }
    if (!strcmp(what, "preview")) {
        get ? api_game_preview(c) : wrong_method(c);
        return;
    }
    if (!strcmp(what, "chat")) {
        get ? api_game_chat(c) : post ? api_game_chat_send(c) : wrong_method(c);
        return;
    }
    if (!strcmp(what, "conditional")) {
        get || m == EVHTTP_REQ_PUT || m == EVHTTP_REQ_DELETE ? api_game_conditional(c, m) : wrong_method(c);
        return;
    }
    for (size_t i = 0; i < sizeof game_actions / sizeof game_actions[0]; i++)
        if (!strcmp(what, game_actions[i])) {
            post ? api_game_play(c, game_actions[i]) : wrong_method(c);
            return;
        }
    for (size_t i = 0; i < sizeof game_offers / sizeof game_offers[0]; i++)
        if (!strcmp(what, game_offers[i])) {
            post ? api_game_offer(c, game_offers[i]) : wrong_method(c);
            return;
        }
    not_found(c);
}

/* Each run of a request is the service's request (svc_request): see route_again. */
static void route_call(http_call *c, const char *rest)
{
    enum evhttp_cmd_type m = evhttp_request_get_command(c->req);
    int64_t board;
    const char *what;
    srv *s = c->d->s;
    svc_request(s, &c->wait);
    if (!c->session_known && auth_load_session(c) < 0) { /* read off the loop: the request runs again with it */
        call_answer(c, 0);
    } else if (http_board_path(rest, &board, &what)) {
        c->board = board;
        route_game(c, what, m);
    } else if (!strncmp(rest, "tournaments", 11) && (!rest[11] || rest[11] == '/') &&
               (m == EVHTTP_REQ_GET || m == EVHTTP_REQ_POST)) {
        api_tournaments(c, rest + 11, m == EVHTTP_REQ_POST); /* api_tournaments.c */
    } else {
        route_plain(c, rest, m);
    }
    svc_request(s, NULL);
}

/* The service runs a request again (svc_wait.again: another server wrote its board first, or a
 * board it needs was read off the loop): the answer made is dropped and the request routed as
 * it came, on the fresh board. */
static void route_again(void *ctx)
{
    http_call *c = ctx;
    if (!c->req) { /* the client is gone: nothing to answer */
        call_answer(c, 0);
        return;
    }
    call_reset(c);
    route_call(c, evhttp_uri_get_path(evhttp_request_get_evhttp_uri(c->req)) + 8);
}

static void route_api(http_door *d, struct evhttp_request *req, const char *rest)
{
    http_call *c = call_new(d, req);
    if (!c) {
        evhttp_send_error(req, 500, NULL);
        return;
    }
    c->wait.again = route_again;
    route_call(c, rest);
}

/* An answer larger than a segment must not wait for the client's delayed ACK
 * (Nagle): evhttp does not set TCP_NODELAY on the connections it accepts. */
static void no_delay(struct evhttp_request *req)
{
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    struct bufferevent *bev = evcon ? evhttp_connection_get_bufferevent(evcon) : NULL;
    evutil_socket_t fd = bev ? bufferevent_getfd(bev) : -1;
    int one = 1;
    if (fd >= 0)
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void on_request(struct evhttp_request *req, void *arg)
{
    http_door *d = arg;
    char addr[64];
    no_delay(req);
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(req));
    http_peer(req, addr);
    if (!path)
        path = "/";
    const char *malformed = guard_request(d, req);
    if (malformed) { /* answered, then the connection closes: what follows the head cannot be trusted */
        http_call *c = call_new(d, req);
        evhttp_add_header(evhttp_request_get_output_headers(req), "Connection", "close");
        c ? call_error(c, "BAD_REQUEST", "malformed request: %s", malformed) : evhttp_send_error(req, 400, NULL);
        return;
    }
    if (health_serve(d->s, req, path)) /* a balancer's checks: before the limits of one address */
        return;
    if (!conns_admit(d->conns, evhttp_request_get_connection(req), addr)) {
        struct evhttp_connection *evcon = evhttp_request_get_connection(req);
        http_call *c = call_new(d, req);
        evhttp_connection_free_on_completion(evcon);
        c ? call_error(c, "TOO_MANY_CONNECTIONS", "at most %d connections from one address", svc_connections_max(d->s))
          : evhttp_send_error(req, 503, NULL);
        return;
    }
    if (rate_exceeded(d->rates, addr, svc_now())) {
        http_call *c = call_new(d, req);
        c ? call_error(c, "RATE_LIMITED", "too many requests; slow down") : evhttp_send_error(req, 429, NULL);
        return;
    }
    if (!strncmp(path, "/api/v1/", 8)) {
        route_api(d, req, path + 8);
        return;
    }
    enum evhttp_cmd_type m = evhttp_request_get_command(req);
    if ((m == EVHTTP_REQ_GET || m == EVHTTP_REQ_HEAD) && web_files_serve(d, req, path))
        return;
    http_call *c = call_new(d, req);
    c ? not_found(c) : evhttp_send_error(req, 404, NULL);
}

/* ---- TLS ---------------------------------------------------------------------------------- */
/* The connections' bufferevents (TLS ones when d->ssl is set) are made by guard_bev. */
static int tls_setup(http_door *d, const http_config *cfg, char *err, size_t errcap)
{
    if (!cfg->tls_cert && !cfg->tls_key) {
        svc_log(d->s, "HTTP on %s is plain: put a TLS-terminating proxy in front of it, or give --tls-cert and --tls-key",
                cfg->listen);
        return 0;
    }
    if (!cfg->tls_cert || !cfg->tls_key) {
        snprintf(err, errcap, "--tls-cert and --tls-key go together");
        return -1;
    }
    d->ssl = SSL_CTX_new(TLS_server_method());
    if (!d->ssl || SSL_CTX_set_min_proto_version(d->ssl, TLS1_2_VERSION) != 1 ||
        SSL_CTX_use_certificate_chain_file(d->ssl, cfg->tls_cert) != 1 ||
        SSL_CTX_use_PrivateKey_file(d->ssl, cfg->tls_key, SSL_FILETYPE_PEM) != 1 || SSL_CTX_check_private_key(d->ssl) != 1) {
        char e[256];
        ERR_error_string_n(ERR_get_error(), e, sizeof e);
        snprintf(err, errcap, "TLS: cannot use %s and %s: %s", cfg->tls_cert, cfg->tls_key, e);
        return -1;
    }
    svc_log(d->s, "HTTPS on %s", cfg->listen);
    return 0;
}

/* ---- out of descriptors ------------------------------------------------------------------- */
/* accept() failing for want of descriptors wakes the listener again at once:
 * it pauses for 100 ms instead of spinning a core.  (evhttp gives the
 * listener's callbacks its own argument, so the pause is kept by the listener
 * itself, which lives until the door closes.) */
static void resume_listener(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    evconnlistener_enable(arg);
}

static void on_accept_error(struct evconnlistener *l, void *arg)
{
    int e = EVUTIL_SOCKET_ERROR();
    struct timeval pause = {0, 100000};
    (void)arg;
    if (e != EMFILE && e != ENFILE && e != ENOBUFS && e != ENOMEM)
        return;
    evconnlistener_disable(l);
    event_base_once(evconnlistener_get_base(l), -1, EV_TIMEOUT, resume_listener, l, &pause);
}

/* After stop_listening a paused listener may still be enabled again: it then closes what it accepts. */
static void refuse(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int len, void *arg)
{
    (void)l;
    (void)sa;
    (void)len;
    (void)arg;
    evutil_closesocket(fd);
}

/* ---- open and close --------------------------------------------------------------------------- */
static int bind_http(http_door *d, const char *spec, char *err, size_t errcap)
{
    char host[128];
    const char *colon = strrchr(spec, ':');
    long port = colon ? strtol(colon + 1, NULL, 10) : 0;
    if (!colon || port <= 0 || port > 65535 || (size_t)(colon - spec) >= sizeof host) {
        snprintf(err, errcap, "bad --http address '%s' (HOST:PORT or off)", spec);
        return -1;
    }
    memcpy(host, spec, (size_t)(colon - spec));
    host[colon - spec] = 0;
    if (host[0] == '[' && host[strlen(host) - 1] == ']') { /* [::1]:7380 */
        memmove(host, host + 1, strlen(host));
        host[strlen(host) - 1] = 0;
    }
    if (!(d->sock = evhttp_bind_socket_with_handle(d->http, host, (ev_uint16_t)port))) {
        snprintf(err, errcap, "cannot listen for HTTP on %s", spec);
        return -1;
    }
    return 0;
}

http_door *http_door_open(srv *s, struct event_base *base, const http_config *cfg, char *err, size_t errcap)
{
    http_door *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->s = s;
    d->base = base;
    snprintf(d->listen, sizeof d->listen, "%s", cfg->listen);
    d->max_streams = cfg->max_streams > 0 ? (size_t)cfg->max_streams : HTTP_SSE_MAX;
    d->header_seconds = cfg->header_seconds > 0 ? cfg->header_seconds : HTTP_HEADER_SECONDS;
    d->body_seconds = cfg->body_seconds > 0 ? cfg->body_seconds : HTTP_BODY_SECONDS;
    d->anon_per_address = cfg->anon_per_address > 0 ? (size_t)cfg->anon_per_address : 0;
    d->anon_per_board = cfg->anon_per_board > 0 ? (size_t)cfg->anon_per_board : 0;
    if (!(d->http = evhttp_new(base)) || !(d->rates = rate_table_new()) || !(d->conns = conns_new(s)) ||
        !(d->anon_by_addr = counts_new()) || !(d->anon_by_board = counts_new()) || sse_start(d) != 0) {
        snprintf(err, errcap, "out of memory");
        http_door_close(d);
        return NULL;
    }
    if (lobby_push_start(d) != 0)
        svc_log(s, "no room for the HTTP door's notifier: lobby streams get no events");
    if (web_files_load(d, cfg->web_dir) != 0)
        svc_log(s, "the web page's directory %s cannot be read: the API is served without the page", cfg->web_dir);
    evhttp_set_max_headers_size(d->http, HTTP_HEADERS_MAX);
    evhttp_set_max_body_size(d->http, HTTP_BODY_REFUSED);
    evhttp_set_timeout(d->http, HTTP_TIMEOUT_SECONDS);
    evhttp_set_allowed_methods(d->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST | EVHTTP_REQ_HEAD | EVHTTP_REQ_PUT |
                                            EVHTTP_REQ_DELETE); /* PUT, DELETE: conditional moves */
    evhttp_set_gencb(d->http, on_request, d);
    evhttp_set_bevcb(d->http, guard_bev, d);
    if (tls_setup(d, cfg, err, errcap) != 0 || bind_http(d, cfg->listen, err, errcap) != 0) {
        http_door_close(d);
        return NULL;
    }
    evconnlistener_set_error_cb(evhttp_bound_socket_get_listener(d->sock), on_accept_error);
    svc_log(s, "HTTP API and page on %s://%s/", d->ssl ? "https" : "http", cfg->listen);
    return d;
}

void http_door_stop_listening(http_door *d)
{
    if (d && d->sock) {
        struct evconnlistener *l = evhttp_bound_socket_get_listener(d->sock);
        evconnlistener_set_cb(l, refuse, NULL);
        evconnlistener_disable(l);
    }
}

void http_door_drain(http_door *d)
{
    if (!d)
        return;
    d->draining = 1;
    if (d->sock) { /* closed, not paused: a balancer's next connection is refused and goes elsewhere */
        evhttp_del_accept_socket(d->http, d->sock);
        d->sock = NULL;
    }
    conns_close_idle(d->conns); /* first: a stream ended below leaves a connection with bytes to flush */
    sse_end_all(d);
}

size_t http_door_busy(const http_door *d) { return d ? d->calls : 0; }

void http_door_close(http_door *d)
{
    if (!d)
        return;
    http_door_stop_listening(d);
    if (d->s)
        lobby_push_stop(d);
    sse_close_all(d);
    guard_free_unbound(d);
    if (d->http)
        evhttp_free(d->http);
    conns_free(d->conns);
    counts_free(d->anon_by_addr);
    counts_free(d->anon_by_board);
    if (d->ssl)
        SSL_CTX_free(d->ssl);
    rate_table_free(d->rates);
    state_cache_free(d);
    web_files_free(d);
    free(d);
}

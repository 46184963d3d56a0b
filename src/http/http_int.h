/* http/http_int.h - the parts of the HTTP door and how they meet.
 *
 * http_door.c listens, applies the limits and routes a request to its
 * handler; a handler (api_account.c, api_game.c, sse.c, web_files.c) parses
 * the request into a service call and answers through an http_call
 * (call.c), which holds the answer until the service's batch has committed
 * and survives a client that leaves meanwhile.  JSON in (json_in.c) is
 * checked strictly: wrong types and unknown fields are errors that say so.
 */
#ifndef LUDEX_HTTP_INT_H
#define LUDEX_HTTP_INT_H

#include <event2/http.h>
#include <jansson.h>
#include <openssl/ssl.h>

#include "http/http.h"
#include "http/parse.h"

#define HTTP_BODY_MAX (64 * 1024)        /* a JSON body we read */
#define HTTP_BODY_REFUSED (1024 * 1024)  /* evhttp refuses a body over this unread (413, its own page) */
#define HTTP_HEADERS_MAX (8 * 1024)
#define HTTP_SESSION_SECONDS (30L * 24 * 3600)
#define HTTP_SSE_MAX HTTP_STREAMS_DEFAULT /* live-update streams held at once (--max-streams) */
#define HTTP_SSE_PLAYER_RESERVE 4        /* 1/4 of the cap is kept for logged-in players' streams */
#define HTTP_HEADER_SECONDS HTTP_HEADER_TIMEOUT_DEFAULT /* a request's whole head, from its first byte */
#define HTTP_BODY_SECONDS HTTP_BODY_TIMEOUT_DEFAULT     /* a request's whole body, from the end of its head */

typedef struct web_file web_file;
typedef struct conn_table conn_table;

/* A game's whole state as anyone not logged in sees it, kept until the game
 * changes: a thousand watchers refetching after a move cost one drawing. */
typedef struct state_cache {
    int64_t board;
    uint64_t version;
    char *json;
} state_cache;
#define HTTP_STATE_CACHE 64
typedef struct sse_stream sse_stream;
typedef struct rate_table rate_table;
typedef struct count_table count_table;
typedef struct request_guard request_guard;
typedef struct lobby_push lobby_push;

struct http_door {
    srv *s;
    struct event_base *base;
    struct evhttp *http;
    struct evhttp_bound_socket *sock;
    SSL_CTX *ssl;
    web_file *files;
    size_t nfiles;
    rate_table *rates;
    sse_stream *streams;          /* every live-update stream, for pings and shutdown */
    size_t nstreams;              /* streams counted against the cap (not those being dropped) */
    size_t max_streams;           /* the cap (--max-streams) */
    sse_stream *anon_oldest, *anon_newest;   /* streams without a session, oldest first (evicted first) */
    size_t nanon;
    count_table *anon_by_addr, *anon_by_board;
    size_t anon_per_address, anon_per_board; /* their shares (--anon-streams-per-address, -board); 0: none */
    int header_seconds, body_seconds;        /* bounds on receiving a request (request_guard.c) */
    request_guard *unbound;       /* guards of connections evhttp has not yet handed a request (request_guard.c) */
    struct event *ping;
    char listen[128];
    int64_t ev_board;             /* the last event's text, made once for every watcher (sse.c) */
    size_t ev_n;
    int ev_state;
    lx_buf ev_text;
    state_cache states[HTTP_STATE_CACHE];
    conn_table *conns;            /* every connection: its address and its close (conns.c) */
    int draining;                 /* http_door_drain: answers close their connections */
    size_t calls;                 /* requests being answered (call.c) */
    lobby_push *pushes;           /* events waiting for their change's commit (lobby_push.c) */
};

/* One request being answered: the client may leave while the service works. */
typedef struct http_call {
    http_door *d;
    struct evhttp_request *req;   /* NULL once the client is gone */
    struct evhttp_connection *evcon;
    char addr[64];
    char user[SVC_NAME_MAX + 1];   /* from the session, "" for anyone */
    char csrf[65];
    int session_known;               /* c->user and c->csrf are the session's (read once a request) */
    char cookie[256];                /* a Set-Cookie to send with the answer */
    int status;
    lx_buf body;
    const char *content_type;
    char disposition[96];
    int pending;                     /* service continuations still to come */
    svc_wait wait;
    int64_t wait_board;              /* the board the call wrote (svc_status.wait_board), 0: none */
    json_t *args;                    /* the request's JSON body */
    int64_t board;                   /* a game request's board */
    double started;                  /* when it arrived, for the log */
    int played;                      /* 1 + the game of a move it played: counted once answered 200 */
} http_call;

/* ---- calls (call.c) --------------------------------------------------------------- */
http_call *call_new(http_door *d, struct evhttp_request *req);
/* The answer made so far dropped (the request runs again from its start). */
void call_reset(http_call *c);
/* Answer now, or once batch wait_seq has committed; frees the call. */
void call_answer(http_call *c, uint64_t wait_seq);
/* Answer with a JSON object (stolen), or with the service's error. */
void call_json(http_call *c, int status, json_t *obj, uint64_t wait_seq);
void call_error(http_call *c, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Answer 200 with JSON text made before. */
void call_json_text(http_call *c, const char *text, uint64_t wait_seq);
void call_fail(http_call *c, const svc_status *st);
/* The same with a status of the handler's choosing (a new password that is too short is 400, not 401). */
void call_fail_as(http_call *c, const svc_status *st, int status);
/* The request is answered by something else now (a live-update stream took it and its
 * connection): the call is freed without answering. */
void call_handover(http_call *c);
/* A service continuation that had c as its context is over: 1 when the client is still there. */
int call_resumed(http_call *c);
/* The connection of req is closing: free req when evhttp has left it to us. */
void http_request_forget(struct evhttp_request *req);
/* The HTTP status for a service error code. */
int http_status_of(const char *code);

/* ---- sessions, CSRF, origin (auth.c) ------------------------------------------------ */
/* Read the session cookie into c->user and c->csrf; 1 when there was a cookie that is not (or no
 * longer) valid; -1 when the session is being read off the loop (answer nothing: the request runs
 * again once it has been read). */
int auth_load_session(http_call *c);
/* The session token from the request's cookie, or NULL. */
const char *auth_session_token(struct evhttp_request *req, char token[65]);
/* State-changing request: the Origin (when given) must be ours, and with
 * need_token the X-CSRF-Token must be the session's.  0, or -1 (answered 403). */
int auth_check_csrf(http_call *c, int need_token);
/* Set c->cookie for a new session (or an ended one when token is NULL). */
void auth_set_cookie(http_call *c, const char *token);

/* ---- JSON bodies (json_in.c) --------------------------------------------------------- */
/* Parse the body as one JSON object with these fields only (NULL-terminated
 * list).  0 with c->args set, or -1 (answered 400 BAD_JSON / BAD_REQUEST, 413). */
int json_body(http_call *c, const json_field *fields);
const char *json_str(const http_call *c, const char *name);   /* NULL when absent */
long long json_int(const http_call *c, const char *name);     /* 0 when absent */
/* A JSON string of text, cut before its first byte that is not UTF-8 (never NULL but out of memory). */
json_t *json_text(const char *text);

/* ---- handlers ---------------------------------------------------------------------------- */
void api_signup(http_call *c);
void api_login(http_call *c);
void api_logout(http_call *c);
void api_me(http_call *c);
void api_me_update(http_call *c);
void api_ratings(http_call *c);
/* rest: what follows "tournaments" in the path ("", "/ID", "/ID/join" ...) (api_tournaments.c) */
void api_tournaments(http_call *c, const char *rest, int post);
void api_game_offer(http_call *c, const char *what);
void api_seek(http_call *c);
void api_seeks(http_call *c);
void api_join(http_call *c);
void api_block(http_call *c);
/* A challenge's JSON options ({"size":"11","noswap":true}) into words ("-size=11" "-noswap"); -1 answered. */
int http_option_words(http_call *c, json_t *opts, char words[16][160], char *argv[16], int *argc);
void api_standings(http_call *c);
void api_games_list(http_call *c);
void api_games_create(http_call *c);
void api_game_state(http_call *c);
void api_game_play(http_call *c, const char *action);   /* action NULL: a move from the body */
void api_game_record(http_call *c);
/* GET, PUT, DELETE /api/v1/games/N/conditional: the player's conditional moves (api_conditional.c). */
void api_game_conditional(http_call *c, enum evhttp_cmd_type m);
/* Messages and a board's chat (api_messages.c). */
void api_message_send(http_call *c);
void api_messages_unread(http_call *c);
void api_game_chat_send(http_call *c);
void api_game_chat(http_call *c);
/* The game's state for the viewer, as JSON; full adds the move list and the drawings. */
json_t *game_state_json(srv *s, srv_game *sg, const char *viewer, int full);

void state_cache_free(http_door *d);

/* Live updates (sse.c): GET /api/v1/games/N/events, a request whose call hands its client over
 * to the stream once it has begun (or answers its error). */
void sse_open(http_call *c);
/* GET /api/v1/events: the logged-in user's lobby stream (events of lobby_push.c, no moves). */
void sse_open_lobby(http_call *c);
/* Send an event's text to user's lobby streams; to board's streams of users[0] or users[1]
 * (users NULL: to every one of the board's streams). */
void sse_push_lobby(http_door *d, const char *user, const char *text);
void sse_push_board(http_door *d, int64_t board, const char *const users[2], const char *text);
void sse_close_all(http_door *d);

/* The notifier that tells the streams of games begun or changed, messages and chat lines, each
 * after its commit (lobby_push.c).  start: 0, or -1 (no room for another notifier). */
int lobby_push_start(http_door *d);
void lobby_push_stop(http_door *d);

/* GET /api/v1/games/N/preview?move=M: a crossword play scored, not played (api_preview.c). */
void api_game_preview(http_call *c);
int sse_start(http_door *d);

/* The page's files (web_files.c). */
int web_files_load(http_door *d, const char *dir);
void web_files_free(http_door *d);
/* 1 when a file answered the request. */
int web_files_serve(http_door *d, struct evhttp_request *req, const char *path);
/* Headers every answer carries (CSP, nosniff ...). */
void http_common_headers(struct evkeyvalq *out);

/* Request rate per address (rate.c). */
rate_table *rate_table_new(void);
void rate_table_free(rate_table *t);
/* 1 when this request is over the address's rate. */
int rate_exceeded(rate_table *t, const char *addr, double now);

/* Connections (conns.c).  A connection is recorded as soon as its guard knows it (its first
 * byte, or the loop's next turn after accept), with its guard, freed with the record.  Admit a
 * connection's first request: 1, or 0 when its address holds the most connections the service
 * allows. */
conn_table *conns_new(srv *s);
int conns_attach(conn_table *t, struct evhttp_connection *evcon, request_guard *guard);
request_guard *conns_guard(conn_table *t, struct evhttp_connection *evcon);
int conns_admit(conn_table *t, struct evhttp_connection *evcon, const char *addr);
/* Whom to tell when evcon closes (one at a time: the request or stream using it). */
void conns_on_close(conn_table *t, struct evhttp_connection *evcon,
                    void (*on_close)(struct evhttp_connection *, void *), void *arg);
void conns_free(conn_table *t);

/* Bounds on receiving a request and checks of its raw head (request_guard.c).  guard_bev is
 * evhttp's bevcb: every connection's bufferevent (TLS when d->ssl) with a guard watching its
 * input.  guard_request: the request has arrived (evhttp hands it to the door): NULL to serve
 * it, else why its head is refused (answer 400 and close).  guard_free: with the connection. */
struct bufferevent *guard_bev(struct event_base *base, void *door);
const char *guard_request(http_door *d, struct evhttp_request *req);
void guard_free(request_guard *g);
void guard_free_unbound(http_door *d);

/* Counts by key (counts.c): anonymous streams per address and per board. */
count_table *counts_new(void);
void counts_free(count_table *t);
size_t counts_get(const count_table *t, const char *key);
/* Add delta (+1 or -1); a key that reaches 0 is forgotten.  -1 out of memory. */
int counts_add(count_table *t, const char *key, int delta);

/* The client's address. */
void http_peer(struct evhttp_request *req, char addr[64]);

/* GET /healthz and /readyz (health.c): 1 when path is one of them (answered), else 0. */
int health_serve(srv *s, struct evhttp_request *req, const char *path);
/* End every live-update stream properly ("retry:", then the final chunk): draining (sse.c). */
void sse_end_all(http_door *d);
/* Close the connections no request or stream is using (conns.c). */
void conns_close_idle(conn_table *t);

#endif

/* http/auth.c - who is asking: the session cookie, the CSRF token, the Origin.
 *
 * The cookie `ludex_session` holds the session's token; the service knows it
 * only by its hash.  A state-changing request must come from our own page:
 * its Origin header, when the browser sends one, must name this server
 * (scheme, host and port, as the Host header gives them), and except for
 * signup and login it must carry the session's CSRF token in X-CSRF-Token
 * (compared in constant time).  SameSite=Strict on the cookie is the third
 * fence. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

const char *auth_session_token(struct evhttp_request *req, char token[65])
{
    return http_cookie_token(evhttp_find_header(evhttp_request_get_input_headers(req), "Cookie"), token);
}

int auth_load_session(http_call *c)
{
    char token[65];
    c->user[0] = c->csrf[0] = 0;
    if (!auth_session_token(c->req, token))
        return 0;
    int rc = svc_session_user(c->d->s, token, c->user, c->csrf);
    if (rc < 0) { /* being read off the loop: the request runs again (route_call) */
        c->user[0] = c->csrf[0] = 0;
        return -1;
    }
    c->session_known = 1; /* the request's runs again keep it */
    if (rc != 1)
        return 0;
    svc_presence_touch(c->d->s, c->user); /* a player who asks is there: no mail for their turn */
    return 1;
}

static int origin_ok(http_call *c)
{
    struct evkeyvalq *in = evhttp_request_get_input_headers(c->req);
    const char *origin = evhttp_find_header(in, "Origin"), *host = evhttp_find_header(in, "Host");
    if (!origin)
        return 1; /* not a browser's cross-site request: browsers send Origin on every POST */
    char want[320];
    snprintf(want, sizeof want, "%s://%s", c->d->ssl ? "https" : "http", host ? host : "");
    return host && !strcmp(origin, want);
}

int auth_check_csrf(http_call *c, int need_token)
{
    if (!origin_ok(c))
        return call_error(c, "CSRF", "this request comes from another site (Origin)"), -1;
    if (!need_token)
        return 0;
    const char *t = evhttp_find_header(evhttp_request_get_input_headers(c->req), "X-CSRF-Token");
    if (!t || strlen(t) != 64 || !c->csrf[0] || sodium_memcmp(t, c->csrf, 64) != 0)
        return call_error(c, "CSRF", "send the session's CSRF token in X-CSRF-Token"), -1;
    return 0;
}

void auth_set_cookie(http_call *c, const char *token)
{
    snprintf(c->cookie, sizeof c->cookie, "ludex_session=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%ld%s",
             token ? token : "", token ? HTTP_SESSION_SECONDS : 0L, c->d->ssl ? "; Secure" : "");
}

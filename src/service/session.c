/* service/session.c - web sessions: a random token per login, kept only as its hash.
 *
 * The token (256 random bits, in hex) goes to the browser once, in a
 * cookie; the store keeps its SHA-256, the user, an expiry and a CSRF token
 * bound to the session.  Someone who reads the database cannot log in with
 * what is there.  Lookups read the store (on the store thread for a web
 * request that can run again, svc_request; else on the loop): a session's
 * creation is committed before its cookie is sent, and its end before the
 * logout is answered, so the store is always right.  Ending
 * a session also sweeps the expired ones. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/ops.h"

static void random_hex(char out[65])
{
    unsigned char raw[32];
    srv_random(raw, sizeof raw);
    sodium_bin2hex(out, 65, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
}

static void token_hash(const char *token, char out[65])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)token, strlen(token));
    sodium_bin2hex(out, 65, h, sizeof h);
}

int svc_session_create(srv *s, const char *user, long seconds, char token[65], char csrf[65], svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    random_hex(token);
    random_hex(csrf);
    store_op op = {.kind = STORE_SESSION_CREATE};
    token_hash(token, op.session.token_hash);
    snprintf(op.session.user, sizeof op.session.user, "%s", u->name);
    snprintf(op.session.csrf, sizeof op.session.csrf, "%s", csrf);
    op.session.expires = (int64_t)time(NULL) + seconds;
    return svc_commit(s, &op, NULL, st);
}

static int token_well_formed(const char *token)
{
    size_t n = strlen(token);
    if (n != 64)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((token[i] >= '0' && token[i] <= '9') || (token[i] >= 'a' && token[i] <= 'f')))
            return 0;
    return 1;
}

/* ---- lookups off the loop (several servers on one database) ------------------------------ */
/* A session read for a web request, kept for its next run (dbjobs_keep). */
typedef struct session_read {
    db_job base;
    char hash[65];
    int found;                /* session_get's: 1, 0 none, -1 error */
    store_session ss;
} session_read;

static void session_run(store *st, db_job *d)
{
    session_read *r = (session_read *)d;
    r->found = st->be->session_get(st, r->hash, &r->ss);
}

static void session_discard(db_job *d) { free(d); }

static void session_done(srv *s, db_job *d) { dbjobs_keep(s, d); }

/* The session read for the request running now, if it is this one: 1 (taken out), else 0. */
static int session_answer(srv *s, const char *hash, int *found, store_session *ss)
{
    session_read *r = (session_read *)dbjobs_answer(s, session_done);
    int mine = r && !strcmp(r->hash, hash);
    if (mine) {
        *found = r->found;
        *ss = r->ss;
    }
    if (r)
        session_discard(&r->base);
    return mine;
}

/* Queue the read of session `hash` for the request running now: 1 queued, 0 it cannot wait. */
static int session_later(srv *s, const char *hash)
{
    svc_wait *w = dbjobs_request(s);
    session_read *r = w ? calloc(1, sizeof *r) : NULL;
    if (!r)
        return 0;
    dbjobs_setup(&r->base, session_run, session_done, session_discard);
    snprintf(r->hash, sizeof r->hash, "%s", hash);
    dbjobs_run_for(s, w, &r->base);
    return 1;
}

int svc_session_user(srv *s, const char *token, char user[STORE_NAME_MAX + 1], char csrf[65])
{
    if (!token || !token_well_formed(token))
        return 0;
    store_session ss;
    char h[65];
    int found, reading;
    token_hash(token, h);
    if (!session_answer(s, h, &found, &ss)) {
        if (session_later(s, h))
            return -1;
        found = bridge_of(s)->rstore->be->session_get(bridge_of(s)->rstore, h, &ss);
    }
    if (found != 1 || ss.expires <= (int64_t)time(NULL))
        return 0;
    srv_user *u = users_for_request(s, ss.user, &reading);
    if (reading)
        return -1;
    if (!u || u->disabled)
        return 0;
    snprintf(user, STORE_NAME_MAX + 1, "%s", ss.user);
    if (csrf)
        snprintf(csrf, 65, "%s", ss.csrf);
    return 1;
}

void svc_session_end(srv *s, const char *token, svc_status *st)
{
    store_op op = {.kind = STORE_SESSION_DELETE};
    if (token && token_well_formed(token))
        token_hash(token, op.session.token_hash);
    svc_commit(s, &op, NULL, st);
}

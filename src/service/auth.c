/* service/auth.c - the verified-credential cache and failed-login limits.
 *
 * The classic command form sends the password with every move; argon2id on
 * each would cost tens of milliseconds a move.  So once a password has been
 * verified against a user's stored hash, the cache remembers a keyed BLAKE2b
 * digest (crypto_generichash) of (user, password, stored hash) under a key
 * drawn at random when the process starts.  The password itself is never
 * kept; the digest is useless without the key, which never leaves memory;
 * and because the stored hash is part of the digest, changing a password
 * makes every entry for the old one miss.  The table is a fixed number of
 * slots indexed by the digest (a new entry replaces an old one); lookups
 * compare digests with sodium_memcmp, in constant time.
 *
 * Failed logins are counted per key (a user name, an address) in fixed
 * windows: past `max` failures in a window, checks are refused without
 * hashing until the window ends.  Several ludexd on one PostgreSQL also
 * count failed logins in the store, a minute at a time (svc_account.c), and
 * compare those counts with the same limits (rate_limit_over). */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/svc_int.h"

#define DIGEST 32

struct cred_cache {
    unsigned char key[crypto_generichash_KEYBYTES];
    unsigned char (*slot)[DIGEST];
    unsigned char *used;
    size_t n;
};

cred_cache *cred_cache_new(size_t slots)
{
    cred_cache *cc = calloc(1, sizeof *cc);
    if (!cc)
        return NULL;
    cc->n = slots ? slots : 1;
    cc->slot = calloc(cc->n, DIGEST);
    cc->used = calloc(cc->n, 1);
    if (!cc->slot || !cc->used) {
        cred_cache_free(cc);
        return NULL;
    }
    randombytes_buf(cc->key, sizeof cc->key);
    return cc;
}

void cred_cache_free(cred_cache *cc)
{
    if (!cc)
        return;
    sodium_memzero(cc->key, sizeof cc->key);
    free(cc->slot);
    free(cc->used);
    free(cc);
}

static void digest_of(const cred_cache *cc, const char *user, const char *password, const char *pwhash,
                      unsigned char out[DIGEST])
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, cc->key, sizeof cc->key, DIGEST);
    crypto_generichash_update(&st, (const unsigned char *)user, strlen(user) + 1);
    crypto_generichash_update(&st, (const unsigned char *)password, strlen(password) + 1);
    crypto_generichash_update(&st, (const unsigned char *)pwhash, strlen(pwhash) + 1);
    crypto_generichash_final(&st, out, DIGEST);
}

static size_t slot_of(const cred_cache *cc, const unsigned char d[DIGEST])
{
    uint64_t v;
    memcpy(&v, d, sizeof v);
    return (size_t)(v % cc->n);
}

int cred_cache_has(const cred_cache *cc, const char *user, const char *password, const char *pwhash)
{
    unsigned char d[DIGEST];
    digest_of(cc, user, password, pwhash, d);
    size_t i = slot_of(cc, d);
    int hit = cc->used[i] && sodium_memcmp(cc->slot[i], d, DIGEST) == 0;
    sodium_memzero(d, sizeof d);
    return hit;
}

void cred_cache_put(cred_cache *cc, const char *user, const char *password, const char *pwhash)
{
    unsigned char d[DIGEST];
    digest_of(cc, user, password, pwhash, d);
    size_t i = slot_of(cc, d);
    memcpy(cc->slot[i], d, DIGEST);
    cc->used[i] = 1;
    sodium_memzero(d, sizeof d);
}

/* ---- failed-login limits ------------------------------------------------------------ */

typedef struct fail_count {
    time_t window_start;
    int failures;
} fail_count;

struct rate_limit {
    srv_map *counts;
    int max;
    int window;
};

rate_limit *rate_limit_new(int max_failures, int window_seconds)
{
    rate_limit *r = calloc(1, sizeof *r);
    if (!r || !(r->counts = map_new())) {
        free(r);
        return NULL;
    }
    r->max = max_failures;
    r->window = window_seconds;
    return r;
}

void rate_limit_free(rate_limit *r)
{
    if (!r)
        return;
    map_free(r->counts, free);
    free(r);
}

static fail_count *current(rate_limit *r, const char *key, int create)
{
    fail_count *f = map_get(r->counts, key);
    if (!f && create) {
        f = calloc(1, sizeof *f);
        if (f && map_put(r->counts, key, f) != 0) {
            free(f);
            return NULL;
        }
    }
    time_t now = time(NULL);
    if (f && now - f->window_start >= r->window) {
        f->window_start = now;
        f->failures = 0;
    }
    return f;
}

int rate_limit_blocked(rate_limit *r, const char *key)
{
    fail_count *f = current(r, key, 0);
    return f && f->failures >= r->max;
}

int rate_limit_over(const rate_limit *r, long failures) { return failures >= r->max; }

int rate_limit_window(const rate_limit *r) { return r->window; }

void rate_limit_fail(rate_limit *r, const char *key)
{
    fail_count *f = current(r, key, 1);
    if (f)
        f->failures++;
}

/* service/auth.c - the verified-credential cache and failed-login limits.
 *
 * The classic command form sends the password with every move; argon2id on
 * each would cost tens of milliseconds a move.  So once a password has been
 * verified against a user's stored hash, the cache remembers a keyed BLAKE2b
 * digest (crypto_generichash) of (address, user, password, stored hash) under a key
 * drawn at random when the process starts.  The password itself is never
 * kept; the digest is useless without the key, which never leaves memory;
 * and because the stored hash is part of the digest, changing a password
 * makes every entry for the old one miss.  The table is a fixed number of
 * slots indexed by the digest (a new entry replaces an old one); lookups
 * compare digests with sodium_memcmp, in constant time.  An entry expires a
 * fixed time after its password was verified (not after its last use), so a
 * password is hashed again at least that often.  The client's address is part
 * of the digest: a password counts as proved only where it was proved, so an
 * entry can never answer a guess from elsewhere (svc_authenticate asks the
 * failed-login limit of the address and user before the cache).
 *
 * Failed logins are counted per key (a user name, an address) in fixed
 * windows: past `max` failures in a window, checks are refused without
 * hashing until the window ends.  Counts whose window has ended are pruned
 * as the table grows, so it holds what the last window saw.  Several ludexd on one PostgreSQL also
 * count failed logins in the store, a minute at a time (svc_account.c), and
 * compare those counts with the same limits (rate_limit_over). */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/plumbing.h"

#define DIGEST 32

struct cred_cache {
    unsigned char key[crypto_generichash_KEYBYTES];
    unsigned char (*slot)[DIGEST];
    time_t *expires;         /* when each slot's entry stops counting; 0: empty */
    size_t n;
    int ttl;
};

cred_cache *cred_cache_new(size_t slots, int ttl_seconds)
{
    cred_cache *cc = calloc(1, sizeof *cc);
    if (!cc)
        return NULL;
    cc->n = slots ? slots : 1;
    cc->ttl = ttl_seconds > 0 ? ttl_seconds : 1;
    cc->slot = calloc(cc->n, DIGEST);
    cc->expires = calloc(cc->n, sizeof *cc->expires);
    if (!cc->slot || !cc->expires) {
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
    free(cc->expires);
    free(cc);
}

static void digest_of(const cred_cache *cc, const char *addr, const char *user, const char *password,
                      const char *pwhash, unsigned char out[DIGEST])
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, cc->key, sizeof cc->key, DIGEST);
    crypto_generichash_update(&st, (const unsigned char *)addr, strlen(addr) + 1);
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

int cred_cache_has(const cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                   time_t now)
{
    unsigned char d[DIGEST];
    digest_of(cc, addr, user, password, pwhash, d);
    size_t i = slot_of(cc, d);
    int hit = cc->expires[i] > now && sodium_memcmp(cc->slot[i], d, DIGEST) == 0;
    sodium_memzero(d, sizeof d);
    return hit;
}

void cred_cache_put(cred_cache *cc, const char *addr, const char *user, const char *password, const char *pwhash,
                    time_t now)
{
    unsigned char d[DIGEST];
    digest_of(cc, addr, user, password, pwhash, d);
    size_t i = slot_of(cc, d);
    memcpy(cc->slot[i], d, DIGEST);
    cc->expires[i] = now + cc->ttl;
    sodium_memzero(d, sizeof d);
}

/* ---- the hash a login for no user is checked against -------------------------------------- */
int no_password_hash(unsigned long long ops, size_t mem, char *out, size_t cap)
{
    unsigned char salt[crypto_pwhash_SALTBYTES], digest[32];
    char salt64[sodium_base64_ENCODED_LEN(sizeof salt, sodium_base64_VARIANT_ORIGINAL_NO_PADDING)];
    char digest64[sodium_base64_ENCODED_LEN(sizeof digest, sodium_base64_VARIANT_ORIGINAL_NO_PADDING)];
    randombytes_buf(salt, sizeof salt);
    randombytes_buf(digest, sizeof digest);
    sodium_bin2base64(salt64, sizeof salt64, salt, sizeof salt, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
    sodium_bin2base64(digest64, sizeof digest64, digest, sizeof digest, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
    int n = snprintf(out, cap, "$argon2id$v=19$m=%zu,t=%llu,p=1$%s$%s", mem / 1024, ops, salt64, digest64);
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* ---- failed-login limits ------------------------------------------------------------ */

typedef struct fail_count {
    time_t window_start;
    int failures;
    char key[];              /* its key in the map, for pruning */
} fail_count;

/* Counts whose window has ended are dropped once the map has grown past prune_at, so the
 * table holds what the last window saw, not every name or address ever tried. */
#define RATE_PRUNE_MIN 1024

struct rate_limit {
    srv_map *counts;
    size_t n, prune_at;
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
    r->prune_at = RATE_PRUNE_MIN;
    return r;
}

void rate_limit_free(rate_limit *r)
{
    if (!r)
        return;
    map_free(r->counts, free);
    free(r);
}

typedef struct stale_list {
    const rate_limit *r;
    time_t now;
    fail_count **items;
    size_t n;
} stale_list;

static void note_stale(void *ctx, void *value)
{
    stale_list *l = ctx;
    fail_count *f = value;
    if (l->now - f->window_start >= l->r->window)
        l->items[l->n++] = f;
}

static void prune(rate_limit *r, time_t now)
{
    stale_list l = {r, now, malloc(r->n * sizeof *l.items), 0};
    if (l.items) {
        map_each(r->counts, note_stale, &l);
        for (size_t i = 0; i < l.n; i++) {
            map_remove(r->counts, l.items[i]->key);
            free(l.items[i]);
        }
        r->n -= l.n;
        free(l.items);
    }
    r->prune_at = r->n * 2 > RATE_PRUNE_MIN ? r->n * 2 : RATE_PRUNE_MIN;
}

static fail_count *added(rate_limit *r, const char *key, time_t now)
{
    if (r->n >= r->prune_at)
        prune(r, now);
    size_t len = strlen(key);
    fail_count *f = calloc(1, sizeof *f + len + 1);
    if (!f)
        return NULL;
    memcpy(f->key, key, len + 1);
    if (map_put(r->counts, key, f) != 0) {
        free(f);
        return NULL;
    }
    r->n++;
    return f;
}

static fail_count *current(rate_limit *r, const char *key, int create)
{
    time_t now = time(NULL);
    fail_count *f = map_get(r->counts, key);
    if (!f && create)
        f = added(r, key, now);
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

size_t rate_limit_size(const rate_limit *r) { return r->n; }

int rate_limit_over(const rate_limit *r, long failures) { return failures >= r->max; }

int rate_limit_window(const rate_limit *r) { return r->window; }

void rate_limit_fail(rate_limit *r, const char *key)
{
    fail_count *f = current(r, key, 1);
    if (f)
        f->failures++;
}

void rate_limit_block(rate_limit *r, const char *key)
{
    fail_count *f = current(r, key, 1);
    if (f && f->failures < r->max)
        f->failures = r->max;
}

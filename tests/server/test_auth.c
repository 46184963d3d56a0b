/* test_auth.c - the credential cache's expiry, a limit blocked from the store's counts, and the
 * hash a login for no user is checked against (service/auth.c), called directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <sodium.h>

#include "service/plumbing.h"

static void cached_password_expires(void **state)
{
    (void)state;
    cred_cache *cc = cred_cache_new(64, 600);
    assert_non_null(cc);
    cred_cache_put(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1000);
    assert_true(cred_cache_has(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1000));
    assert_true(cred_cache_has(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1599));
    assert_false(cred_cache_has(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1600)); /* verified 600 s ago: hashed again */
    assert_false(cred_cache_has(cc, "10.0.0.1", "alice", "other-pw", "$hash-1", 1000));
    assert_false(cred_cache_has(cc, "10.0.0.1", "alice", "secret-pw", "$hash-2", 1000)); /* the password changed */
    assert_false(cred_cache_has(cc, "10.0.0.2", "alice", "secret-pw", "$hash-1", 1000)); /* proved elsewhere only */
    cred_cache_put(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1600);
    assert_true(cred_cache_has(cc, "10.0.0.1", "alice", "secret-pw", "$hash-1", 1601));
    cred_cache_free(cc);
}

static void blocked_until_the_window_ends(void **state)
{
    (void)state;
    rate_limit *r = rate_limit_new(5, 60);
    assert_non_null(r);
    rate_limit_fail(r, "10.0.0.1|alice");
    assert_false(rate_limit_blocked(r, "10.0.0.1|alice"));
    rate_limit_block(r, "10.0.0.1|alice");
    assert_true(rate_limit_blocked(r, "10.0.0.1|alice"));
    assert_false(rate_limit_blocked(r, "10.0.0.2|alice"));
    rate_limit_free(r);
}

/* Names never seen again do not pile up: counts whose window ended are pruned as keys come. */
static void stale_counts_are_pruned(void **state)
{
    (void)state;
    rate_limit *r = rate_limit_new(5, 0); /* every window over at once */
    assert_non_null(r);
    char key[32];
    for (int i = 0; i < 100000; i++) {
        snprintf(key, sizeof key, "10.0.0.1|name-%d", i);
        rate_limit_fail(r, key);
    }
    assert_true(rate_limit_size(r) <= 2048);
    rate_limit_free(r);
    r = rate_limit_new(5, 60); /* windows still open are kept */
    for (int i = 0; i < 3000; i++) {
        snprintf(key, sizeof key, "10.0.0.1|name-%d", i);
        rate_limit_fail(r, key);
    }
    assert_int_equal(rate_limit_size(r), 3000);
    rate_limit_free(r);
}

static void no_password_matches_the_no_user_hash(void **state)
{
    (void)state;
    assert_true(sodium_init() >= 0);
    char h[160], small[40];
    assert_int_equal(no_password_hash(crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN, h, sizeof h), 0);
    assert_int_equal(strncmp(h, "$argon2id$v=19$m=8,t=1,p=1$", 27), 0);
    /* a well-formed hash at those costs (verifying it costs what a real one does), matched by none */
    assert_int_equal(crypto_pwhash_str_needs_rehash(h, crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN), 0);
    assert_int_equal(crypto_pwhash_str_verify(h, "", 0), -1);
    assert_int_equal(crypto_pwhash_str_verify(h, "secret-pw", 9), -1);
    assert_int_equal(no_password_hash(crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN, small, sizeof small), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cached_password_expires),
        cmocka_unit_test(blocked_until_the_window_ends),
        cmocka_unit_test(stale_counts_are_pruned),
        cmocka_unit_test(no_password_matches_the_no_user_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* service/svc_account.c - accounts: authenticate, sign up, change a password, display size.
 *
 * argon2id runs on the hash threads (hashpool.c): a call that needs it
 * answers SVC_PENDING and its job's completion, on the loop, finishes the
 * call and then runs the door's continuation.  The failed-login limits are
 * asked first, before anything else can answer: once limited, every login
 * for that (address, user) is refused, the right password too, until the
 * window ends, so the limit never tells which guess was right.  Then a
 * verified password is looked up in the keyed credential cache, which holds
 * it for the address that proved it and for 10 minutes (auth.c), so the
 * classic form's password on every move is not hashed each time, and failures
 * for the user from other addresses (or the address's for other users) do not
 * shut out a player whose password this address proved: the cache answers
 * only a client that has already shown the password, so it is no oracle.
 * The user's and the address's limits come next, then the hash.  A login for a user that does not exist is verified
 * against a hash no password matches (no_password_hash) and counted as a
 * failure for that name, so it answers as a wrong password does, in the same
 * time: the answer never says whether an account exists.
 * A new password holds --min-password bytes (8 by default) to 256 and is not
 * the user's name.  Nothing keeps a password once its job is over.
 * Several ludexd on one PostgreSQL: a new account is inserted on the store
 * thread (dbjobs.c), off the loop, if its name is still free in the store
 * (insert_later), so two servers never both make one name; failed logins
 * are counted in the store too, and an instance that finds them over the
 * limit there blocks the pair in its own memory as well. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "service/ops.h"

static int submit(srv *s, int verify, const char *user, const char *password, const char *hash, const char *extra,
                  const char *addr, void (*done)(srv *, hash_job *), svc_done_fn door_done, void *ctx, svc_status *st)
{
    hash_job *j = calloc(1, sizeof *j);
    if (!j || !(j->password = strdup(password)) || (hash && !(j->hash = strdup(hash)))) {
        hash_job_free(j);
        return svc_fail(st, "INTERNAL", "out of memory"), SVC_DONE;
    }
    j->verify = verify;
    j->done = done;
    j->door_done = door_done;
    j->door_ctx = ctx;
    snprintf(j->user, sizeof j->user, "%s", user);
    snprintf(j->extra, sizeof j->extra, "%s", extra ? extra : "");
    snprintf(j->addr, sizeof j->addr, "%.64s", addr ? addr : "");
    hashpool_submit(ops_of(s)->hp, j);
    return SVC_PENDING;
}

/* ---- authenticate ------------------------------------------------------------------ */
/* A failed login (for a name with no account too: it counts as any other), counted here and,
 * when several ludexd share the store (PostgreSQL), in the store too, for every instance: the
 * answer waits for it. */
static void count_failure(srv *s, const char *addr, const char *user, svc_status *st)
{
    char pair[STORE_NAME_MAX + 80];
    snprintf(pair, sizeof pair, "%.64s|%.32s", addr, user);
    rate_limit_fail(ops_of(s)->fail_pair, pair);
    rate_limit_fail(ops_of(s)->fail_user, user);
    rate_limit_fail(ops_of(s)->fail_addr, addr);
    if (!bridge_of(s)->rstore->be->login_failures)
        return;
    store_op op = {.kind = STORE_LOGIN_FAIL};
    snprintf(op.login.address, sizeof op.login.address, "%.64s", addr);
    snprintf(op.login.user, sizeof op.login.user, "%s", user);
    op.login.minute = (int64_t)time(NULL) / 60;
    svc_commit(s, &op, NULL, st);
}

/* Too many failed logins this minute by this address for this user, counted here. */
static int pair_limited(srv *s, const char *addr, const char *user)
{
    char pair[STORE_NAME_MAX + 80];
    snprintf(pair, sizeof pair, "%.64s|%.32s", addr, user);
    return rate_limit_blocked(ops_of(s)->fail_pair, pair);
}

/* ... or for this user from anywhere, or by this address for anyone. */
static int login_limited(srv *s, const char *addr, const char *user)
{
    return pair_limited(s, addr, user) || rate_limit_blocked(ops_of(s)->fail_user, user) ||
           rate_limit_blocked(ops_of(s)->fail_addr, addr);
}

/* The store says every instance's failures are over a limit: this instance refuses the pair,
 * the user or the address too, cached password or not, until its own window ends. */
static void login_block(srv *s, const char *addr, const char *user, const long n[3])
{
    char pair[STORE_NAME_MAX + 80];
    snprintf(pair, sizeof pair, "%.64s|%.32s", addr, user);
    if (rate_limit_over(ops_of(s)->fail_pair, n[0]))
        rate_limit_block(ops_of(s)->fail_pair, pair);
    if (rate_limit_over(ops_of(s)->fail_user, n[1]))
        rate_limit_block(ops_of(s)->fail_user, user);
    if (rate_limit_over(ops_of(s)->fail_addr, n[2]))
        rate_limit_block(ops_of(s)->fail_addr, addr);
}

static int login_refused(srv *s, svc_status *st)
{
    SRV_COUNT(s, login_failures);
    return svc_fail(st, "RATE_LIMITED", "too many failed logins; wait a minute and try again"), SVC_DONE;
}

/* Several ludexd: the store's counts of every instance are read on the store thread before the
 * password is hashed (count_run); too many answers RATE_LIMITED, else the hash job goes. */
typedef struct count_job {
    db_job base;
    char user[STORE_NAME_MAX + 1], addr[65];
    char *password, *hash;
    svc_done_fn door_done;
    void *door_ctx;
    long n[3];
    int rc;
} count_job;

/* A password the service held for a job: wiped, then freed. */
static void password_free(char *pw)
{
    if (pw) {
        sodium_memzero(pw, strlen(pw));
        free(pw);
    }
}

static void count_free(db_job *d)
{
    count_job *k = (count_job *)d;
    password_free(k->password);
    free(k->hash);
    free(k);
}

static void count_run(store *st, db_job *d)
{
    count_job *k = (count_job *)d;
    k->rc = st->be->login_failures(st, k->addr, k->user, (int64_t)time(NULL) / 60, k->n);
}

static void verify_done(srv *s, hash_job *j);

static void counted(srv *s, db_job *d)
{
    count_job *k = (count_job *)d;
    svc_status st;
    svc_status_init(&st);
    if (k->rc == 0 && (rate_limit_over(ops_of(s)->fail_pair, k->n[0]) || rate_limit_over(ops_of(s)->fail_user, k->n[1]) ||
                       rate_limit_over(ops_of(s)->fail_addr, k->n[2]))) {
        login_block(s, k->addr, k->user, k->n);
        login_refused(s, &st);
        k->door_done(k->door_ctx, &st);
    } else if (submit(s, 1, k->user, k->password, k->hash, NULL, k->addr, verify_done, k->door_done, k->door_ctx, &st) !=
               SVC_PENDING) {
        k->door_done(k->door_ctx, &st);
    }
    count_free(d);
}

/* The store's counts first (several ludexd), then the hash of `user` (a name with no account:
 * the hash no password matches): SVC_PENDING, or SVC_DONE (st). */
static int count_then_verify(srv *s, const char *user, const char *pwhash, const char *password, const char *addr,
                             svc_status *st, svc_done_fn done, void *ctx)
{
    if (!bridge_of(s)->rstore->be->login_failures)
        return submit(s, 1, user, password, pwhash, NULL, addr, verify_done, done, ctx, st);
    count_job *k = calloc(1, sizeof *k);
    if (!k || !(k->password = strdup(password)) || !(k->hash = strdup(pwhash))) {
        if (k)
            count_free(&k->base);
        return svc_fail(st, "INTERNAL", "out of memory"), SVC_DONE;
    }
    dbjobs_setup(&k->base, count_run, counted, count_free);
    snprintf(k->user, sizeof k->user, "%s", user);
    snprintf(k->addr, sizeof k->addr, "%.64s", addr);
    k->door_done = done;
    k->door_ctx = ctx;
    dbjobs_run(s, &k->base);
    return SVC_PENDING;
}

/* The same answer for a wrong password and for a name with no account. */
static int login_failed(svc_status *st)
{
    return svc_fail(st, "BAD_PASSWORD", "wrong user name or password"), SVC_DONE;
}

/* The right password: the user is authenticated, unless the operator disabled the account (said
 * only to whoever knows its password). */
static void login_ok(srv *s, const char *user, svc_status *st)
{
    srv_user *u = users_find(s, user); /* held, unless dropped while its password was hashed */
    if (u && u->disabled) {
        svc_fail(st, "ACCOUNT_DISABLED", "the account %s is disabled; ask the server's operator", u->name);
        SRV_COUNT(s, login_failures);
    } else {
        snprintf(st->user, sizeof st->user, "%s", user);
        SRV_COUNT(s, logins);
    }
}

static void verify_done(srv *s, hash_job *j)
{
    svc_status st;
    svc_status_init(&st);
    if (j->ok) {
        cred_cache_put(ops_of(s)->creds, j->addr, j->user, j->password, j->hash, time(NULL));
        login_ok(s, j->user, &st);
    } else {
        count_failure(s, j->addr, j->user, &st);
        login_failed(&st);
        SRV_COUNT(s, login_failures);
    }
    j->door_done(j->door_ctx, &st);
}

int svc_authenticate(srv *s, const char *user, const char *password, const char *addr, svc_status *st,
                     svc_done_fn done, void *ctx)
{
    int reading;
    srv_user *u = users_for_request(s, user, &reading);
    if (reading) /* read off the loop: the request runs again once it has come */
        return login_failed(st);
    char name[STORE_NAME_MAX + 1];
    snprintf(name, sizeof name, "%s", u ? u->name : user);
    if (pair_limited(s, addr, name))
        return login_refused(s, st);
    /* proved from this very address: others' failures for the user (or the address's for
     * others) do not shut out a player whose password is known here */
    if (u && cred_cache_has(ops_of(s)->creds, addr, u->name, password, u->pwhash, time(NULL)))
        return login_ok(s, u->name, st), SVC_DONE;
    if (login_limited(s, addr, name))
        return login_refused(s, st);
    return count_then_verify(s, name, u ? u->pwhash : ops_of(s)->no_user_hash, password, addr, st, done, ctx);
}

/* ---- signup ------------------------------------------------------------------------ */
/* A new password for `user`: min_password to 256 bytes, and not the user's name. */
static int password_ok(const srv *s, const char *user, const char *pw, svc_status *st)
{
    size_t n = strlen(pw);
    if (n < (size_t)ops_of(s)->min_password || n > SVC_MAX_PASSWORD) {
        svc_fail(st, "BAD_PASSWORD", "a password holds %d to %d bytes", ops_of(s)->min_password, SVC_MAX_PASSWORD);
        return 0;
    }
    if (!strcasecmp(pw, user)) {
        svc_fail(st, "BAD_PASSWORD", "a password is not the user's name");
        return 0;
    }
    return 1;
}

/* The account is made: its password known to the cache (for the address it came from), its
 * e-mail address (if any) sent a token. */
static void account_made(srv *s, const char *user, const char *password, const char *hash, const char *email,
                         const char *addr, svc_status *st)
{
    cred_cache_put(ops_of(s)->creds, addr, user, password, hash, time(NULL));
    snprintf(st->user, sizeof st->user, "%s", user);
    SRV_COUNT(s, signups);
    if (email[0] && svc_address_valid(email))
        svc_set_address(s, user, email, st); /* a token mailed to it */
}

/* A signup's insert with several servers on one database (store_backend.user_insert): made on the
 * store thread, the name taken only if it is still free there, whatever other servers do. */
typedef struct signup_job {
    db_job base;
    store_user u;            /* name, pwhash (owned), email (extra), display */
    char *password;          /* for the credential cache; wiped when freed */
    char extra[STORE_NAME_MAX + 256];
    char addr[65];           /* the client's address */
    svc_done_fn door_done;
    void *door_ctx;
    int rc;                  /* user_insert's: 1 made, 0 taken, -1 error (why) */
    char why[256];
} signup_job;

static void signup_job_free(db_job *d)
{
    signup_job *k = (signup_job *)d;
    password_free(k->password);
    free(k->u.pwhash);
    free(k);
}

static void signup_insert(store *st, db_job *d)
{
    signup_job *k = (signup_job *)d;
    k->rc = st->be->user_insert(st, &k->u, k->why, sizeof k->why);
}

static void signup_inserted(srv *s, db_job *d)
{
    signup_job *k = (signup_job *)d;
    svc_status st;
    svc_status_init(&st);
    if (k->rc == 0) {
        svc_fail(&st, "USER_EXISTS", "the name '%s' is taken", k->u.name);
    } else if (k->rc < 0) {
        srv_log(s, "signup of %s: the database did not take the account: %s", k->u.name, k->why);
        svc_fail(&st, "INTERNAL", "the database cannot take the account now: try again later");
    } else if (!map_get(model_of(s)->users, k->u.name) && !users_add(s, k->u.name, k->u.pwhash, 2)) {
        svc_fail(&st, "INTERNAL", "out of memory");
    } else {
        account_made(s, k->u.name, k->password, k->u.pwhash, k->extra, k->addr, &st);
    }
    k->door_done(k->door_ctx, &st);
    signup_job_free(d);
}

/* The hash is made: the insert goes to the store thread, which owns the password and hash now. */
static void insert_later(srv *s, hash_job *j)
{
    signup_job *k = calloc(1, sizeof *k);
    if (!k) {
        svc_status st;
        svc_status_init(&st);
        svc_fail(&st, "INTERNAL", "out of memory");
        j->door_done(j->door_ctx, &st);
        return;
    }
    dbjobs_setup(&k->base, signup_insert, signup_inserted, signup_job_free);
    snprintf(k->u.name, sizeof k->u.name, "%s", j->user);
    k->u.pwhash = j->hash;
    k->password = j->password;
    j->hash = j->password = NULL;
    snprintf(k->extra, sizeof k->extra, "%s", j->extra);
    snprintf(k->addr, sizeof k->addr, "%s", j->addr);
    k->u.email = k->extra[0] ? k->extra : NULL;
    k->u.display = 2;
    k->door_done = j->door_done;
    k->door_ctx = j->door_ctx;
    dbjobs_run(s, &k->base);
}

/* One server on the database: memory says the name is free, and the account is queued in the
 * batch.  With several (user_insert), the store decides, on the store thread (insert_later). */
static void signup_done(srv *s, hash_job *j)
{
    svc_status st;
    svc_status_init(&st);
    int shared = bridge_of(s)->rstore->be->user_insert != NULL;
    store_op op = {.kind = STORE_USER_CREATE};
    snprintf(op.user.name, sizeof op.user.name, "%s", j->user);
    op.user.pwhash = j->hash;
    op.user.email = j->extra[0] ? (char *)j->extra : NULL;
    op.user.display = 2;
    if (!j->ok) {
        svc_fail(&st, "INTERNAL", "cannot hash the password");
    } else if (shared ? map_get(model_of(s)->users, j->user) != NULL : users_find(s, j->user) != NULL) {
        svc_fail(&st, "USER_EXISTS", "the name '%s' is taken", j->user);
    } else if (shared) {
        insert_later(s, j);
        return;
    } else if (!users_add(s, j->user, j->hash, 2)) {
        svc_fail(&st, "INTERNAL", "out of memory");
    } else if (svc_commit(s, &op, NULL, &st) != 0) {
        users_reload(s, j->user);
    } else {
        account_made(s, j->user, j->password, j->hash, j->extra, j->addr, &st);
    }
    j->door_done(j->door_ctx, &st);
}

static void signups_limited(svc_status *st)
{
    svc_fail(st, "RATE_LIMITED", "too many new accounts from your address; try again in an hour");
}

/* A signup waiting for the store's count of every server's signups from its address (several
 * servers on one database: rate_shared.c) before its password is hashed. */
typedef struct signup_count {
    char user[STORE_NAME_MAX + 1];
    char email[256];
    char addr[65];
    char *password;
    svc_done_fn door_done;
    void *door_ctx;
} signup_count;

static void signup_counted(srv *s, void *ctx, int over)
{
    signup_count *k = ctx;
    svc_status st;
    svc_status_init(&st);
    if (over)
        signups_limited(&st);
    if (over || submit(s, 0, k->user, k->password, NULL, k->email, k->addr, signup_done, k->door_done, k->door_ctx, &st) !=
                    SVC_PENDING)
        k->door_done(k->door_ctx, &st);
    password_free(k->password);
    free(k);
}

/* The store's count first (several servers), then the hash: SVC_PENDING, or SVC_DONE (st). */
static int count_then_hash(srv *s, const char *user, const char *password, const char *email, const char *addr,
                           svc_status *st, svc_done_fn done, void *ctx)
{
    signup_count *k = rate_shared(s, ops_of(s)->signups) ? calloc(1, sizeof *k) : NULL;
    if (k && (k->password = strdup(password))) {
        snprintf(k->user, sizeof k->user, "%s", user);
        snprintf(k->email, sizeof k->email, "%s", email ? email : "");
        snprintf(k->addr, sizeof k->addr, "%.64s", addr);
        k->door_done = done;
        k->door_ctx = ctx;
        if (rate_shared_then(s, ops_of(s)->signups, "signup", addr, signup_counted, k))
            return SVC_PENDING;
    }
    if (k)
        password_free(k->password);
    free(k);
    return submit(s, 0, user, password, NULL, email, addr, signup_done, done, ctx, st);
}

int svc_signup(srv *s, const char *user, const char *password, const char *email, const char *addr, svc_status *st,
               svc_done_fn done, void *ctx)
{
    if (!user_name_valid(user))
        return svc_fail(st, "BAD_NAME", "a user name is 1 to %d letters, digits, '_', '-' or '.'", STORE_NAME_MAX),
               SVC_DONE;
    if (email && strlen(email) > 254)
        return svc_fail(st, "BAD_EMAIL", "that e-mail address is too long"), SVC_DONE;
    if (email && email[0] && !svc_address_valid(email))
        return svc_fail(st, "BAD_EMAIL", "'%.60s' is not an e-mail address (name@example.org)", email), SVC_DONE;
    if (!password_ok(s, user, password, st))
        return SVC_DONE;
    int reading;
    if (users_for_request(s, user, &reading) || reading)
        return svc_fail(st, "USER_EXISTS", "the name '%s' is taken%s", user, reading ? " (reading it)" : ""), SVC_DONE;
    if (ops_of(s)->signups && rate_limit_blocked(ops_of(s)->signups, addr))
        return signups_limited(st), SVC_DONE;
    if (ops_of(s)->signups)
        rate_limit_fail(ops_of(s)->signups, addr);
    return count_then_hash(s, user, password, email, addr, st, done, ctx);
}

/* ---- password ------------------------------------------------------------------------ */
static void password_done(srv *s, hash_job *j)
{
    svc_status st;
    svc_status_init(&st);
    srv_user *u = users_find(s, j->user);
    char *h = j->ok && u ? strdup(j->hash) : NULL;
    if (!h) {
        svc_fail(&st, "INTERNAL", "cannot hash the password");
    } else {
        free(u->pwhash);
        u->pwhash = h;
        store_op op = {.kind = STORE_USER_PASSWORD};
        snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
        op.user.pwhash = h;
        svc_commit(s, &op, NULL, &st); /* the new password is hashed again at its first use, wherever that is */
        snprintf(st.user, sizeof st.user, "%s", u->name);
    }
    j->door_done(j->door_ctx, &st);
}

int svc_set_password(srv *s, const char *user, const char *password, svc_status *st, svc_done_fn done, void *ctx)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user), SVC_DONE;
    if (!password_ok(s, u->name, password, st))
        return SVC_DONE;
    return submit(s, 0, user, password, NULL, NULL, NULL, password_done, done, ctx, st);
}

/* ---- display size ----------------------------------------------------------------------- */
int svc_display_size_of(const char *w)
{
    static const char *const names[] = {"small", "medium", "big", "large"};
    for (int i = 0; i < 4; i++)
        if (proto_word_is(w, names[i]) || (w[0] == '1' + i && !w[1]))
            return i + 1;
    return 0;
}

int svc_set_display(srv *s, const char *user, int size, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (size < 1 || size > 4)
        return svc_fail(st, "BAD_SIZE", "display sizes are small, medium, big and large");
    u->display = size;
    store_op op = {.kind = STORE_USER_DISPLAY};
    snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
    op.user.display = size;
    return svc_commit(s, &op, NULL, st);
}

int svc_user_exists(srv *s, const char *user, char name[STORE_NAME_MAX + 1])
{
    int reading; /* a user not held is read off the loop and the request runs again */
    srv_user *u = users_for_request(s, user, &reading);
    if (u && name)
        snprintf(name, STORE_NAME_MAX + 1, "%s", u->name);
    return u != NULL;
}

int svc_user_display(srv *s, const char *user)
{
    srv_user *u = user && user[0] ? users_find(s, user) : NULL;
    return u ? u->display : 2;
}

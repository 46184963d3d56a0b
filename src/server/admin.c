/* server/admin.c - ludex-admin: the operator's tool for a ludexd database.
 *
 *   ludex-admin backup DB OUT          a consistent copy while ludexd runs (SQLite online backup)
 *   ludex-admin check DB               the store's integrity, and every game's record
 *                                      replayed as `ludex check` would
 *   ludex-admin users DB               the accounts, one a line
 *   ludex-admin reset-password DB USER a new random password, printed once (ludexd stopped)
 *   ludex-admin disable DB USER        no more logins or sessions for USER (enable undoes it)
 *   ludex-admin migrate FROM TO        copy a whole store into an empty one (sqlite:ludex.db ->
 *                                      postgresql://...), then verify every game's record
 *                                      is byte-identical in both (ludexd stopped)
 *   ludex-admin verify A B             that comparison alone, of any two stores
 *
 * Exit status: 0 done, 1 the check found a problem (or the user is
 * unknown), 2 a usage or I/O error.  Nothing here is a door: it is run by
 * whoever runs the server, on its database file. */
#include <event2/event.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/version.h"
#include "service/service.h"
#include "store/store.h"

static int usage(void)
{
    fprintf(stderr, "usage: ludex-admin backup DB OUT | check DB | users DB | reset-password DB USER\n"
                    "       ludex-admin disable DB USER | enable DB USER | migrate FROM TO | verify A B\n"
                    "       ludex-admin --help | --version\n");
    return 2;
}

static store *open_store(const char *db)
{
    char err[512] = "";
    store *s = store_open(db, err, sizeof err);
    if (!s)
        fprintf(stderr, "ludex-admin: %s\n", err);
    return s;
}

/* The store and USER's row in it; NULL with the exit status in *rc (2: no store, 1: no such user). */
static store *open_user(const char *db, const char *user, store_user *u, int *rc)
{
    store *s = open_store(db);
    *rc = 2;
    if (s && s->be->user_get(s, user, u) != 1) {
        fprintf(stderr, "ludex-admin: there is no user '%s' in %s\n", user, db);
        store_close(s);
        *rc = 1;
        return NULL;
    }
    return s;
}

static int do_backup(const char *db, const char *out)
{
    char err[512] = "";
    store *s = open_store(db);
    if (!s)
        return 2;
    int rc = s->be->backup(s, out, err, sizeof err);
    store_close(s);
    if (rc != 0) {
        fprintf(stderr, "ludex-admin: backup: %s\n", err);
        return 2;
    }
    printf("%s: a consistent copy of %s\n", out, db);
    return 0;
}

static int print_user(void *ctx, const store_user *u)
{
    (void)ctx;
    printf("%s\t%s\tdisplay %d%s\n", u->name, u->email ? u->email : "-", u->display, u->disabled ? "\tdisabled" : "");
    return 0;
}

static int do_disable(const char *db, const char *user, int disabled)
{
    char err[512] = "";
    store_user u;
    int rc;
    store *s = open_user(db, user, &u, &rc);
    if (!s)
        return rc;
    store_op op[2] = {{.kind = STORE_USER_DISABLE}};
    snprintf(op[0].user.name, sizeof op[0].user.name, "%s", u.name);
    op[0].user.disabled = disabled;
    store_user_notice(&op[1], 0, u.name); /* running servers read the user again */
    rc = s->be->commit(s, op, 2, NULL, err, sizeof err);
    store_user_clear(&u);
    store_close(s);
    if (rc != 0) {
        fprintf(stderr, "ludex-admin: %s\n", err);
        return 2;
    }
    printf("%s %s\n", user, disabled ? "disabled" : "enabled");
    return 0;
}

static int do_users(const char *db)
{
    store *s = open_store(db);
    if (!s)
        return 2;
    int rc = s->be->users_each(s, print_user, NULL);
    store_close(s);
    return rc == 0 ? 0 : 2;
}

static int do_reset(const char *db, const char *user)
{
    static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    char pw[17], hash[crypto_pwhash_STRBYTES], err[512] = "";
    store_user u;
    int rc;
    store *s = sodium_init() < 0 ? NULL : open_user(db, user, &u, &rc);
    if (!s)
        return sodium_init() < 0 ? 2 : rc;
    for (size_t i = 0; i < sizeof pw - 1; i++)
        pw[i] = alphabet[randombytes_uniform(sizeof alphabet - 1)];
    pw[sizeof pw - 1] = 0;
    store_op op[2] = {{.kind = STORE_USER_PASSWORD}};
    snprintf(op[0].user.name, sizeof op[0].user.name, "%s", u.name);
    op[0].user.pwhash = hash;
    store_user_notice(&op[1], 0, u.name);
    rc = crypto_pwhash_str(hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                               crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0
                 ? s->be->commit(s, op, 2, NULL, err, sizeof err)
                 : -1;
    store_user_clear(&u);
    store_close(s);
    if (rc != 0) {
        fprintf(stderr, "ludex-admin: cannot set the password: %s\n", err[0] ? err : "hashing failed");
        return 2;
    }
    printf("%s\n", pw);
    sodium_memzero(pw, sizeof pw);
    return 0;
}

/* One game's record, checked; its problems printed.  The number of errors. */
static long check_game(srv *s, int64_t board)
{
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = svc_game(s, board, G_NONE, &st);
    if (!sg)
        return 0; /* a board whose creation never reached the store */
    svc_game_info g;
    svc_game_describe(sg, &g);
    lx_diag_list *d = lx_diag_list_new();
    long errors = d ? svc_game_check_record(sg, d, &st) : -1;
    for (size_t i = 0; d && i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        printf("board %lld (%s): %u:%u: %s: %s [%s]\n", (long long)board, g.name, x->line, x->col,
               x->severity == LX_WARNING ? "warning" : "error", x->message, x->code);
    }
    if (errors < 0)
        printf("board %lld (%s): %s\n", (long long)board, g.name, st.msg);
    lx_diag_list_free(d);
    return errors < 0 ? 1 : errors;
}

static int do_check(const char *db)
{
    char err[512] = "";
    store *st = open_store(db);
    if (!st)
        return 2;
    int sound = st->be->integrity(st, err, sizeof err) == 0;
    int64_t last = st->be->max_game_id(st);
    store_close(st);
    if (!sound)
        printf("%s: the store's integrity check says: %s\n", db, err);
    struct event_base *base = event_base_new();
    svc_config cfg = {db, "min", 1, 1, 0, 0, 0, stderr, 0, STORE_CHALLENGES_OPEN, 0, 0, 0, 0, 0};
    srv *s = base ? svc_open(base, &cfg, err, sizeof err) : NULL;
    if (!s) {
        fprintf(stderr, "ludex-admin: %s\n", err);
        return 2;
    }
    long bad = 0;
    for (int64_t id = 1; id <= last; id++)
        bad += check_game(s, id) > 0;
    svc_close(s);
    event_base_free(base);
    printf("%s: %s, %lld games, %ld with errors in their record\n", db, sound ? "integrity ok" : "INTEGRITY FAILED",
           (long long)last, bad);
    return sound && bad == 0 ? 0 : 1;
}

/* ---- migrate FROM TO ---------------------------------------------------------------------- */

#define COPY_BATCH 2000   /* ops a transaction of the copy */

typedef struct copier {
    store *to;
    store_op ops[COPY_BATCH];
    size_t n;
    unsigned long rows;
    char err[512];
} copier;

static int copy_flush(copier *c)
{
    int rc = c->n ? c->to->be->commit(c->to, c->ops, c->n, NULL, c->err, sizeof c->err) : 0;
    for (size_t i = 0; i < c->n; i++)
        store_op_clear(&c->ops[i]);
    c->n = 0;
    return rc == 0 ? 0 : -1;
}

static int copy_op(void *ctx, const store_op *op)
{
    copier *c = ctx;
    if (store_op_copy(&c->ops[c->n], op) != 0) {
        snprintf(c->err, sizeof c->err, "out of memory");
        return -1;
    }
    c->n++;
    c->rows++;
    return c->n == COPY_BATCH ? copy_flush(c) : 0;
}

static int count_user(void *ctx, const store_user *u)
{
    (void)u;
    ++*(long *)ctx;
    return 1; /* one is enough */
}

/* Every game's record through the service, hashed (BLAKE2b): digests[id - 1]; absent games hash "".
 * 0, or -1 with err. */
static int record_digests(const char *db, int64_t last, unsigned char (*digests)[32], char *err, size_t errcap)
{
    struct event_base *base = event_base_new();
    svc_config cfg = {db, "min", 1, 1, 0, 0, 0, stderr, 0, STORE_CHALLENGES_OPEN, 0, 0, 0, 0, 0};
    srv *s = base ? svc_open(base, &cfg, err, errcap) : NULL;
    int rc = s ? 0 : -1;
    for (int64_t id = 1; s && id <= last && rc == 0; id++) {
        svc_status st;
        svc_status_init(&st);
        srv_game *sg = svc_game(s, id, G_NONE, &st);
        lx_buf rec = LX_BUF_INIT;
        if (sg && svc_game_record(sg, NULL, &rec, &st) != 0) {
            snprintf(err, errcap, "board %lld: its record: %.400s", (long long)id, st.msg);
            rc = -1;
        }
        crypto_generichash(digests[id - 1], 32, (const unsigned char *)(rec.data ? rec.data : ""), rec.len, NULL, 0);
        lx_buf_free(&rec);
    }
    if (s)
        svc_close(s);
    if (base)
        event_base_free(base);
    return rc;
}

/* Boards whose digests differ, each named on standard output; how many. */
static long count_differences(unsigned char (*a)[32], unsigned char (*b)[32], int64_t last)
{
    long differ = 0;
    for (int64_t id = 1; id <= last; id++)
        if (memcmp(a[id - 1], b[id - 1], 32)) {
            printf("board %lld: its record differs\n", (long long)id);
            differ++;
        }
    return differ;
}

/* verify A B: every game's record the same in both stores (what migrate checks after its copy). */
static int do_verify(const char *a, const char *b)
{
    char err[512] = "";
    int64_t last = 0;
    const char *dbs[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        store *st = sodium_init() < 0 ? NULL : open_store(dbs[i]);
        int64_t m = st ? st->be->max_game_id(st) : -1;
        store_close(st);
        if (m < 0)
            return 2;
        last = m > last ? m : last;
    }
    unsigned char (*da)[32] = calloc((size_t)last + 1, 32), (*db)[32] = calloc((size_t)last + 1, 32);
    int rc = 2;
    if (!da || !db)
        fprintf(stderr, "ludex-admin: verify: out of memory\n");
    else if (record_digests(a, last, da, err, sizeof err) != 0 || record_digests(b, last, db, err, sizeof err) != 0)
        fprintf(stderr, "ludex-admin: verify: %s\n", err);
    else {
        long differ = count_differences(da, db, last);
        printf("%s, %s: %lld games, %s\n", a, b, (long long)last,
               differ ? "SOME RECORDS DIFFER" : "every record byte-identical");
        rc = differ ? 1 : 0;
    }
    free(da);
    free(db);
    return rc;
}

/* The destination must hold nothing yet: a copy never merges. */
static int check_empty(store *to, const char *where)
{
    long users = 0;
    int64_t games = to->be->max_game_id(to);
    if (games != 0 || to->be->users_each(to, count_user, &users) != 0 || users != 0) {
        fprintf(stderr, "ludex-admin: migrate: %s is not empty (%s): migrate copies into an empty database only\n",
                where, games != 0 ? "it has games" : "it has accounts");
        return -1;
    }
    return 0;
}

static int do_migrate(const char *from, const char *to)
{
    char err[512] = "";
    store *src = sodium_init() < 0 ? NULL : open_store(from);
    int64_t last = src ? src->be->max_game_id(src) : -1;
    store_close(src);
    if (last < 0)
        return 2;
    unsigned char (*before)[32] = calloc((size_t)last + 1, 32), (*after)[32] = calloc((size_t)last + 1, 32);
    copier *c = calloc(1, sizeof *c);
    int rc = 2;
    if (!before || !after || !c) {
        fprintf(stderr, "ludex-admin: migrate: out of memory\n");
        goto out;
    }
    /* the records first, through the service: loading a game may settle it (a lost roll), and the copy takes that */
    if (record_digests(from, last, before, err, sizeof err) != 0) {
        fprintf(stderr, "ludex-admin: migrate: reading %s: %s\n", from, err);
        goto out;
    }
    src = open_store(from);
    c->to = src ? open_store(to) : NULL;
    if (!c->to || check_empty(c->to, to) != 0)
        goto out;
    if (store_export(src, copy_op, c, err, sizeof err) != 0 || copy_flush(c) != 0) {
        fprintf(stderr, "ludex-admin: migrate: the copy failed: %s%s%s (%s holds part of it: empty it before trying again)\n",
                err, err[0] && c->err[0] ? ": " : "", c->err, to);
        goto out;
    }
    store_close(c->to);
    c->to = NULL;
    if (record_digests(to, last, after, err, sizeof err) != 0) {
        fprintf(stderr, "ludex-admin: migrate: reading the copy: %s\n", err);
        goto out;
    }
    long differ = count_differences(before, after, last);
    printf("%s -> %s: %lu rows copied; %lld games, %s\n", from, to, c->rows, (long long)last,
           differ ? "SOME RECORDS DIFFER" : "every record byte-identical");
    rc = differ ? 1 : 0;
out:
    if (c) {
        for (size_t i = 0; i < c->n; i++)
            store_op_clear(&c->ops[i]);
        store_close(c->to);
    }
    store_close(src);
    free(c);
    free(before);
    free(after);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("ludex-admin %s\n", LX_VERSION_STRING);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--help")) {
        printf("ludex-admin backup DB OUT | check DB | users DB | reset-password DB USER | migrate FROM TO"
               " (see ludex-admin(8))\n");
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "backup"))
        return do_backup(argv[2], argv[3]);
    if (argc == 3 && !strcmp(argv[1], "check"))
        return do_check(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "users"))
        return do_users(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "reset-password"))
        return do_reset(argv[2], argv[3]);
    if (argc == 4 && !strcmp(argv[1], "verify"))
        return do_verify(argv[2], argv[3]);
    if (argc == 4 && !strcmp(argv[1], "migrate"))
        return do_migrate(argv[2], argv[3]);
    if (argc == 4 && (!strcmp(argv[1], "disable") || !strcmp(argv[1], "enable")))
        return do_disable(argv[2], argv[3], !strcmp(argv[1], "disable"));
    return usage();
}

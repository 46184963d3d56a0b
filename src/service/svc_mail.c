/* service/svc_mail.c - what the service knows of mail: addresses and their
 * proof, what mail each user wants, the inbound messages applied, and the
 * outbox.
 *
 * An address is unproved until its owner sends back the token mailed to it
 * (verify TOKEN, or a reply to the verification mail): until then it gets
 * that mail and nothing else.  Only the token's SHA-256 is kept.  The outbox
 * is a table of whole messages, each for one event ("board:12:7:alice"): a
 * second mail for the same event is dropped by the store, so a redelivered
 * message or a retried call never mails twice.  The mail door composes the
 * mails (service/service.h's svc_notifier) and sends them after commit. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/ops.h"

int svc_add_notifier(srv *s, const svc_notifier *n)
{
    if (ops_of(s)->nnotifiers == SVC_MAX_NOTIFIERS)
        return -1;
    ops_of(s)->notifiers[ops_of(s)->nnotifiers++] = *n;
    return 0;
}

void svc_remove_notifier(srv *s, void *ctx)
{
    int kept = 0;
    for (int i = 0; i < ops_of(s)->nnotifiers; i++)
        if (ops_of(s)->notifiers[i].ctx != ctx)
            ops_of(s)->notifiers[kept++] = ops_of(s)->notifiers[i];
    ops_of(s)->nnotifiers = kept;
}

void notify_game_changed(srv *s, srv_game *sg, const char *actor)
{
    srv_game *was = model_of(s)->guard;
    svc_wait *request = bridge_of(s)->request;
    model_of(s)->guard = sg; /* the mails of a change are kept only when the change is (its version) */
    bridge_of(s)->request = NULL; /* the change is made: what the notifiers read is read now, the request not run again */
    for (int i = 0; i < ops_of(s)->nnotifiers; i++)
        if (ops_of(s)->notifiers[i].game_changed)
            ops_of(s)->notifiers[i].game_changed(ops_of(s)->notifiers[i].ctx, s, sg, actor);
    model_of(s)->guard = was;
    bridge_of(s)->request = request;
}

void notify_boards_elsewhere(srv *s, const char *list)
{
    long long id, version;
    char players[2][STORE_NAME_MAX + 1];
    for (const char *p = list; (p = boards_notice_next(p, &id, &version, players));) {
        if (id <= 0 || (uint32_t)((uint64_t)version >> 32) == model_of(s)->instance)
            continue; /* our own change: told when it committed here */
        if (games_version_hidden(version))
            continue; /* a player's own conditional moves: no one else learns of them */
        const char *const names[2] = {players[0], players[1]};
        for (int i = 0; i < ops_of(s)->nnotifiers; i++)
            if (ops_of(s)->notifiers[i].game_elsewhere)
                ops_of(s)->notifiers[i].game_elsewhere(ops_of(s)->notifiers[i].ctx, s, (int64_t)id, names);
    }
}

void notify_reminder(srv *s, srv_game *sg, int seat, long left)
{
    for (int i = 0; i < ops_of(s)->nnotifiers; i++)
        if (ops_of(s)->notifiers[i].reminder)
            ops_of(s)->notifiers[i].reminder(ops_of(s)->notifiers[i].ctx, s, sg, seat, left);
}

void notify_message_sent(srv *s, const svc_message *m, uint64_t wait_seq)
{
    for (int i = 0; i < ops_of(s)->nnotifiers; i++)
        if (ops_of(s)->notifiers[i].message_sent)
            ops_of(s)->notifiers[i].message_sent(ops_of(s)->notifiers[i].ctx, s, m, wait_seq);
}

static void notify_verify(srv *s, const char *user, const char *address, const char *token)
{
    for (int i = 0; i < ops_of(s)->nnotifiers; i++)
        if (ops_of(s)->notifiers[i].verify_address)
            ops_of(s)->notifiers[i].verify_address(ops_of(s)->notifiers[i].ctx, s, user, address, token);
}

int users_mail_of(const srv_user *u, svc_user_mail *out)
{
    if (!u)
        return 0;
    snprintf(out->name, sizeof out->name, "%s", u->name);
    snprintf(out->email, sizeof out->email, "%s", u->email);
    out->verified = u->email_verified && u->email[0];
    out->notify = u->notify;
    out->display = u->display;
    return 1;
}

int svc_user_mail_get(srv *s, const char *user, svc_user_mail *out) { return users_mail_of(users_find(s, user), out); }

int svc_user_mail_held(srv *s, const char *user, svc_user_mail *out)
{
    return users_mail_of(user_name_valid(user) ? map_get(model_of(s)->users, user) : NULL, out);
}

static const char *const notify_names[] = {"mail", "board", "digest", "off"};

int svc_notify_mode_of(const char *word)
{
    for (int i = 0; i < 4; i++)
        if (proto_word_is(word, notify_names[i]))
            return i;
    return -1;
}

const char *svc_notify_name(int mode) { return mode >= 0 && mode < 4 ? notify_names[mode] : "mail"; }

int svc_set_notify(srv *s, const char *user, int mode, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (mode < STORE_NOTIFY_TURN || mode > STORE_NOTIFY_OFF)
        return svc_fail(st, "BAD_ARG", "notify is mail, board, digest or off");
    u->notify = mode;
    snprintf(st->user, sizeof st->user, "%s", u->name);
    return users_commit_mail(s, u, st);
}

int svc_address_valid(const char *a)
{
    size_t n = strlen(a);
    const char *at = strrchr(a, '@');
    if (n < 3 || n > 254 || !at || at == a || !at[1] || strchr(at + 1, '.') == NULL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)a[i];
        if (ch <= ' ' || ch == 0x7f || ch == '<' || ch == '>' || ch == '(' || ch == ')' || ch == ',' ||
            ch == ';' || ch == '"' || ch == '\\')
            return 0;
    }
    return 1;
}

static void token_hash(const char *token, char out[65])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)token, strlen(token));
    sodium_bin2hex(out, 65, h, sizeof h);
}

/* A new token for u's address, its hash kept, and the mail asked of the door. */
static int start_proof(srv *s, srv_user *u, svc_status *st)
{
    unsigned char raw[10];
    char token[21];
    srv_random(raw, sizeof raw);
    sodium_bin2hex(token, sizeof token, raw, sizeof raw);
    token_hash(token, u->verify_hash);
    u->email_verified = 0;
    if (users_commit_mail(s, u, st) != 0)
        return -1;
    notify_verify(s, u->name, u->email, token);
    sodium_memzero(token, sizeof token);
    return 0;
}

int svc_set_address(srv *s, const char *user, const char *address, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (address[0] && !svc_address_valid(address))
        return svc_fail(st, "BAD_EMAIL", "'%.60s' is not an e-mail address (name@example.org)", address);
    if (!address[0] && !u->email[0])
        return svc_fail(st, "NO_ADDRESS", "%s has no e-mail address: give one (address NAME@EXAMPLE.ORG)", u->name);
    if (address[0])
        snprintf(u->email, sizeof u->email, "%s", address);
    snprintf(st->user, sizeof st->user, "%s", u->name);
    return start_proof(s, u, st);
}

int svc_verify_address(srv *s, const char *user, const char *token, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    snprintf(st->user, sizeof st->user, "%s", u->name);
    if (!u->email[0])
        return svc_fail(st, "NO_ADDRESS", "%s has no e-mail address to verify", u->name);
    if (u->email_verified && !u->verify_hash[0])
        return 0;
    char h[65];
    token_hash(token, h);
    if (!u->verify_hash[0] || sodium_memcmp(h, u->verify_hash, 64) != 0)
        return svc_fail(st, "BAD_TOKEN", "that is not the code mailed to %s", u->email);
    u->email_verified = 1;
    u->verify_hash[0] = 0;
    return users_commit_mail(s, u, st);
}

/* ---- inbound and outbound --------------------------------------------------------------- */
typedef struct seen_job {
    db_job base;
    char id[256];
    int seen;
    svc_mail_seen_got got;
    void *arg;
} seen_job;

static void seen_run(store *st, db_job *d)
{
    seen_job *j = (seen_job *)d;
    j->seen = st->be->mail_seen(st, j->id);
}

static void seen_discard(db_job *d) { free(d); }

static void seen_done(srv *s, db_job *d)
{
    (void)s;
    seen_job *j = (seen_job *)d;
    j->got(j->arg, j->seen);
    free(j);
}

void svc_mail_seen(srv *s, const char *message_id, svc_mail_seen_got got, void *arg)
{
    seen_job *j = calloc(1, sizeof *j);
    if (!j) {
        got(arg, -1);
        return;
    }
    dbjobs_setup(&j->base, seen_run, seen_done, seen_discard);
    snprintf(j->id, sizeof j->id, "%s", message_id);
    j->got = got;
    j->arg = arg;
    dbjobs_run(s, &j->base);
}

int svc_mail_mark_seen(srv *s, const char *message_id, svc_status *st)
{
    store_op op = {.kind = STORE_MAIL_SEEN};
    snprintf(op.mail.message_id, sizeof op.mail.message_id, "%s", message_id);
    return svc_commit(s, &op, NULL, st);
}

int svc_outbox_add_later(srv *s, const char *event, const char *recipient, const char *message, int64_t next_try,
                         svc_status *st)
{
    store_op op = {.kind = STORE_OUTBOX_ADD};
    snprintf(op.mail.event, sizeof op.mail.event, "%s", event);
    snprintf(op.mail.recipient, sizeof op.mail.recipient, "%s", recipient);
    op.mail.message = (char *)message;
    op.mail.next_try = next_try;
    int rc = svc_commit(s, &op, NULL, st);
    if (rc == 0)
        SRV_COUNT(s, mails_queued);
    return rc;
}

int svc_outbox_add(srv *s, const char *event, const char *recipient, const char *message, svc_status *st)
{
    return svc_outbox_add_later(s, event, recipient, message, 0, st);
}

int svc_outbox_replace(srv *s, const char *event, const char *message, svc_status *st)
{
    store_op op = {.kind = STORE_OUTBOX_REPLACE};
    snprintf(op.mail.event, sizeof op.mail.event, "%s", event);
    op.mail.message = (char *)message;
    return svc_commit(s, &op, NULL, st);
}

/* ---- the outbox's claim, on the store thread (a round trip with PostgreSQL) ---------------- */
typedef struct claim_job {
    db_job base;
    int64_t now, until;
    long n;                  /* the rows claimed, or -1 */
    svc_outbox_got got;      /* NULL: cancelled (svc_outbox_claim_cancel) */
    void *arg;
    size_t cap;
    store_mail rows[];
} claim_job;

static void claim_run(store *st, db_job *d)
{
    claim_job *j = (claim_job *)d;
    j->n = st->be->outbox_due(st, j->now, j->until, j->rows, j->cap);
}

static void claim_discard(db_job *d)
{
    claim_job *j = (claim_job *)d;
    for (long i = 0; i < j->n; i++)
        store_mail_clear(&j->rows[i]);
    free(j);
}

_Static_assert((int)SVC_NOTIFY_TURN == (int)STORE_NOTIFY_TURN && (int)SVC_NOTIFY_BOARD == (int)STORE_NOTIFY_BOARD &&
                   (int)SVC_NOTIFY_DIGEST == (int)STORE_NOTIFY_DIGEST && (int)SVC_NOTIFY_OFF == (int)STORE_NOTIFY_OFF,
               "the doors' notify modes are the store's");

void svc_mail_clear(svc_mail *m)
{
    free(m->message);
    m->message = NULL;
}

/* The claimed rows as the sender is handed them, each message taken from its row; NULL when
 * there are none, or out of memory (the rows stay the job's). */
static svc_mail *mails_to_door(store_mail *rows, long n)
{
    svc_mail *out = n > 0 ? calloc((size_t)n, sizeof *out) : NULL;
    for (long i = 0; out && i < n; i++) {
        out[i].id = rows[i].id;
        snprintf(out[i].event, sizeof out[i].event, "%s", rows[i].event);
        snprintf(out[i].recipient, sizeof out[i].recipient, "%s", rows[i].recipient);
        out[i].message = rows[i].message;
        rows[i].message = NULL;
        out[i].sent = rows[i].sent;
        out[i].attempts = rows[i].attempts;
        out[i].next_try = rows[i].next_try;
        snprintf(out[i].error, sizeof out[i].error, "%s", rows[i].error);
    }
    return out;
}

static void claim_done(srv *s, db_job *d)
{
    claim_job *j = (claim_job *)d;
    ops_of(s)->outbox_claim = NULL;
    if (j->got) { /* the mails are the caller's now */
        svc_mail *mails = mails_to_door(j->rows, j->n);
        j->got(j->arg, mails, mails || j->n <= 0 ? j->n : -1);
        free(mails);
    }
    claim_discard(d);
}

int svc_outbox_claim(srv *s, long claim_seconds, size_t cap, svc_outbox_got got, void *arg)
{
    claim_job *j = ops_of(s)->outbox_claim ? NULL : calloc(1, sizeof *j + cap * sizeof j->rows[0]);
    if (!j)
        return -1;
    dbjobs_setup(&j->base, claim_run, claim_done, claim_discard);
    j->now = (int64_t)time(NULL);
    j->until = j->now + claim_seconds;
    j->got = got;
    j->arg = arg;
    j->cap = cap;
    ops_of(s)->outbox_claim = j;
    dbjobs_run(s, &j->base);
    return 0;
}

void svc_outbox_claim_cancel(srv *s)
{
    if (ops_of(s)->outbox_claim)
        ops_of(s)->outbox_claim->got = NULL;
}

int svc_outbox_done(srv *s, const svc_mail *m, svc_status *st)
{
    store_op op = {.kind = STORE_OUTBOX_DONE};
    op.mail.id = m->id;
    op.mail.sent = m->sent;
    op.mail.attempts = m->attempts;
    op.mail.next_try = m->next_try;
    snprintf(op.mail.error, sizeof op.mail.error, "%s", m->error);
    if (m->sent)
        SRV_COUNT(s, mails_sent);
    else
        SRV_COUNT(s, mails_failed);
    return svc_commit(s, &op, NULL, st);
}

/* ---- the users who want a kind of mail (the daily digest) ------------------------------------
 * One job reads every user's row (on the store thread with a store on another machine, else at
 * once): the names in the store's order, and the settings of those the store says want the
 * mode.  On the loop memory is the truth for the users it holds (a change may not have reached
 * the store yet); the others are taken as the store has them, without holding them. */
typedef struct wanting {
    size_t at;          /* its index in names */
    svc_user_mail um;
} wanting;

typedef struct notify_job {
    db_job base;
    int mode, rc, answered;
    int (*fn)(void *ctx, const svc_user_mail *u);
    svc_notify_done done;
    void *ctx;
    srv *s;
    char (*names)[STORE_NAME_MAX + 1];
    size_t nnames, capnames;
    wanting *wants;
    size_t nwants, capwants;
} notify_job;

static int grow(void **a, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 64;
    void *b = realloc(*a, c * size);
    if (!b)
        return -1;
    *a = b, *cap = c;
    return 0;
}

/* The settings a store row gives, as memory would hold them. */
static void mail_of_row(const store_user *su, svc_user_mail *um)
{
    srv_user u = {.display = users_display_of(su->display)};
    snprintf(u.name, sizeof u.name, "%s", su->name);
    users_set_mail(&u, su);
    users_mail_of(&u, um);
}

static int collect_user(void *ctx, const store_user *su)
{
    notify_job *j = ctx;
    if (grow((void **)&j->names, &j->capnames, j->nnames, sizeof *j->names) != 0)
        return j->rc = -1;
    snprintf(j->names[j->nnames], sizeof j->names[0], "%s", su->name);
    svc_user_mail um;
    mail_of_row(su, &um);
    if (um.notify == j->mode && um.verified) {
        if (grow((void **)&j->wants, &j->capwants, j->nwants, sizeof *j->wants) != 0)
            return j->rc = -1;
        j->wants[j->nwants++] = (wanting){j->nnames, um};
    }
    j->nnames++;
    return 0;
}

static void notify_run(store *st, db_job *d)
{
    notify_job *j = (notify_job *)d;
    if (st->be->users_each(st, collect_user, j) != 0)
        j->rc = -1;
}

static void notify_discard(db_job *d)
{
    notify_job *j = (notify_job *)d;
    model_of(j->s)->users_scans--; /* the users changed meanwhile may leave memory again (user_cache.c) */
    if (!j->answered) /* the server stops: the caller frees ctx */
        j->done(NULL, j->ctx, -1);
    free(j->names);
    free(j->wants);
    free(j);
}

static void notify_answer(srv *s, db_job *d)
{
    notify_job *j = (notify_job *)d;
    for (size_t i = 0, w = 0; j->rc == 0 && i < j->nnames; i++) {
        while (w < j->nwants && j->wants[w].at < i)
            w++;
        srv_user *u = map_get(model_of(s)->users, j->names[i]);
        svc_user_mail um;
        if (u)
            users_mail_of(u, &um);
        else if (w < j->nwants && j->wants[w].at == i)
            um = j->wants[w].um;
        else
            continue;
        if (um.notify == j->mode && um.verified && j->fn(j->ctx, &um) != 0)
            break;
    }
    j->done(s, j->ctx, j->rc);
    j->answered = 1;
    notify_discard(d);
}

void svc_users_with_notify(srv *s, int mode, int (*fn)(void *ctx, const svc_user_mail *u), svc_notify_done done,
                           void *ctx)
{
    notify_job *j = calloc(1, sizeof *j);
    if (!j) {
        done(s, ctx, -1);
        return;
    }
    *j = (notify_job){.mode = mode, .fn = fn, .done = done, .ctx = ctx, .s = s};
    if (!model_of(s)->users_scans++) /* memory decides for the users it holds when the rows come */
        model_of(s)->users_scan_from = bridge_of(s)->committed;
    dbjobs_setup(&j->base, notify_run, notify_answer, notify_discard);
    dbjobs_run(s, &j->base);
}

int svc_mail_answer(srv *s, const char *message_id, const char *event, const char *recipient, const char *message,
                    svc_status *st)
{
    commit_hold(bridge_of(s)->cq); /* the answer and "applied" in one batch: both or neither */
    int rc = (message ? svc_outbox_add(s, event, recipient, message, st) : 0) || svc_mail_mark_seen(s, message_id, st);
    commit_release(bridge_of(s)->cq);
    return rc ? -1 : 0;
}

/* service/users.c - users held in memory: a cache of the store (user_cache.c keeps its order and
 * budget), read from the store on first use.
 *
 * Memory is the truth for every user it holds: a signup or a password change is made here at
 * once and reaches the file with its batch, so a user is never read back from the file while a
 * change of it is in flight (such a user is pinned: user_cache.c).  A user nothing pins may be
 * dropped for the budget (users_trim) and is read again on its next use exactly as one never
 * held (off the loop for a request that can run again: users_for_request, users_for_game).
 * With several ludexd on one PostgreSQL, each change also tells the other servers (a USER
 * notice in its batch, loop.c); one that holds the user reads it again on its store thread
 * (users_changed): a new password hash, which no credential cached for the old one matches, the
 * disabled flag, blocks, mail settings.  Names: 1 to 32 bytes of letters, digits, '_', '-' and '.'. */
#include <stdlib.h>
#include <string.h>

#include "service/model.h"

int user_name_valid(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > STORE_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char ch = name[i];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
                 ch == '-' || ch == '.';
        if (!ok)
            return 0;
    }
    return 1;
}

int users_display_of(int display) { return display >= 1 && display <= 4 ? display : 2; }

srv_user *users_add(srv *s, const char *name, const char *pwhash, int display)
{
    srv_user *u = calloc(1, sizeof *u);
    if (!u || !(u->pwhash = strdup(pwhash))) {
        free(u);
        return NULL;
    }
    snprintf(u->name, sizeof u->name, "%s", name);
    u->display = users_display_of(display);
    u->challenges = -1;
    if (map_put(model_of(s)->users, name, u) != 0) {
        free(u->pwhash);
        free(u);
        return NULL;
    }
    user_cache_add(s, u);
    return u;
}

/* A user as the store has it, held in memory from now on (whom they block read before). */
static srv_user *hold(srv *s, const store_user *su, char (*blocks)[STORE_NAME_MAX + 1], size_t nblocks)
{
    srv_user *u = users_add(s, su->name, su->pwhash, su->display);
    if (!u) {
        free(blocks);
        return NULL;
    }
    u->disabled = su->disabled;
    users_set_mail(u, su);
    u->blocks = blocks;
    u->nblocks = nblocks;
    model_of(s)->user_cache.misses++;
    user_cache_touch(s, u); /* its bytes with the blocks */
    return u;
}

static int add_block(void *ctx, const char *other);

srv_user *users_find(srv *s, const char *name)
{
    if (!user_name_valid(name))
        return NULL;
    srv_user *u = map_get(model_of(s)->users, name);
    if (u) {
        user_cache_hit(s, u);
        return u;
    }
    store_user su;
    if (bridge_of(s)->rstore->be->user_get(bridge_of(s)->rstore, name, &su) != 1)
        return NULL;
    srv_user got = {.blocks = NULL};
    if (bridge_of(s)->rstore->be->blocks_of(bridge_of(s)->rstore, su.name, add_block, &got) != 0)
        srv_log(s, "user %s: cannot read whom they block", su.name);
    u = hold(s, &su, got.blocks, got.nblocks);
    store_user_clear(&su);
    return u;
}

/* ---- reads off the loop (dbjobs.c) ---------------------------------------------------- */
void user_row_read(store *st, user_row *r)
{
    r->found = st->be->user_get(st, r->name, &r->su);
    if (r->found == 1 && st->be->blocks_of(st, r->su.name, add_block, &r->blocks) != 0) {
        store_user_clear(&r->su);
        r->found = -1;
    }
}

void user_row_clear(user_row *r)
{
    if (r->found == 1)
        store_user_clear(&r->su);
    r->found = 0;
    free(r->blocks.blocks);
    r->blocks.blocks = NULL;
}

srv_user *user_row_hold(srv *s, user_row *r)
{
    srv_user *u = r->found == 1 ? map_get(model_of(s)->users, r->su.name) : NULL;
    if (r->found == 1 && !u) {
        u = hold(s, &r->su, r->blocks.blocks, r->blocks.nblocks);
        r->blocks.blocks = NULL; /* held's now, or freed */
    }
    return u;
}

/* A read of one or two users: for a request (its ticket), users_read_then's (then), or a held
 * user's after another server's notice (reload). */
typedef struct user_read {
    db_job base;
    user_row row[2];
    int n;
    int64_t game;                     /* users_read_then's: then(s, game) when done */
    void (*then)(srv *s, int64_t id);
    int reload;                       /* users_changed's: notices and users_written when queued */
    unsigned notices;
    uint64_t written;
} user_read;

static void reload_done(srv *s, user_read *r);

static void user_read_run(store *st, db_job *d)
{
    user_read *r = (user_read *)d;
    for (int i = 0; i < r->n; i++)
        user_row_read(st, &r->row[i]);
}

static void user_read_discard(db_job *d)
{
    user_read *r = (user_read *)d;
    for (int i = 0; i < r->n; i++)
        user_row_clear(&r->row[i]);
    free(r);
}

static void user_read_done(srv *s, db_job *d)
{
    user_read *r = (user_read *)d;
    if (r->reload) {
        reload_done(s, r);
        user_read_discard(d);
        return;
    }
    for (int i = 0; i < r->n; i++) {
        model_of(s)->user_reads++;
        user_row_hold(s, &r->row[i]);
    }
    waits_read(s, r->base.ticket);
    if (r->then)
        r->then(s, r->game);
    user_read_discard(d);
}

/* A read of the users named (1 or 2, each once) that memory does not hold, not yet queued; NULL
 * when there are none (or no memory for the job). */
static user_read *user_job(srv *s, const char *const *names, int n)
{
    user_read *r = NULL;
    for (int i = 0; i < n && i < 2; i++) {
        if (!user_name_valid(names[i]) || map_get(model_of(s)->users, names[i]) || (r && r->n && !strcmp(r->row[0].name, names[i])))
            continue;
        if (!r && !(r = calloc(1, sizeof *r)))
            return NULL;
        snprintf(r->row[r->n++].name, sizeof r->row[0].name, "%s", names[i]);
    }
    if (r)
        dbjobs_setup(&r->base, user_read_run, user_read_done, user_read_discard);
    return r;
}

srv_user *users_for_request(srv *s, const char *name, int *reading)
{
    *reading = 0;
    svc_wait *w = bridge_of(s)->request;
    srv_user *u = user_name_valid(name) ? map_get(model_of(s)->users, name) : NULL;
    if (w && u && u->reload_ticket && strcmp(w->read_user, name) && (w = dbjobs_request(s))) {
        snprintf(w->read_user, sizeof w->read_user, "%s", name); /* read again after a notice: wait */
        w->read_ticket = u->reload_ticket;
        w->reading = *reading = 1;
        return NULL;
    }
    if (u)
        user_cache_hit(s, u);
    if (u || !user_name_valid(name))
        return u;
    if (w && !strcmp(w->read_user, name)) /* read for this request: as it came */
        return NULL;
    user_read *r = (w = dbjobs_request(s)) ? user_job(s, &name, 1) : NULL;
    if (!r)
        return users_find(s, name);
    snprintf(w->read_user, sizeof w->read_user, "%s", name);
    *reading = 1;
    dbjobs_run_for(s, w, &r->base);
    return NULL;
}

int users_for_game(srv *s, const srv_game *sg)
{
    svc_wait *w = bridge_of(s)->request;
    if (!bridge_of(s)->dbj || !w || w->runs >= SVC_RUNS_MAX)
        return 0;
    const char *names[2] = {sg->player[0], sg->player[1]};
    user_read *r = user_job(s, names, 2);
    if (!r)
        return 0; /* both held (or no memory for the job: read when asked) */
    if (w->reading) { /* it runs again anyway: they are read then */
        user_read_discard(&r->base);
        return 1;
    }
    dbjobs_run_for(s, w, &r->base);
    return 1;
}

int users_read_then(srv *s, const char *const *names, int n, int64_t id, void (*then)(srv *s, int64_t id))
{
    user_read *r = bridge_of(s)->dbj ? user_job(s, names, n) : NULL;
    if (!r)
        return 0;
    r->game = id;
    r->then = then;
    dbjobs_run(s, &r->base);
    return 1;
}

static void user_free(void *p)
{
    srv_user *u = p;
    free(u->pwhash);
    free(u->blocks);
    free(u);
}

void users_free_all(srv *s)
{
    map_free(model_of(s)->users, user_free);
    free(model_of(s)->users_later);
    model_of(s)->users_later = NULL;
    model_of(s)->nusers_later = model_of(s)->capusers_later = 0;
}

/* u as the store has it now (what memory alone knows, as presence, stays). */
static void refresh(srv_user *u, const store_user *su)
{
    char *h = strdup(su->pwhash);
    if (h) {
        free(u->pwhash);
        u->pwhash = h;
    }
    u->display = users_display_of(su->display);
    u->disabled = su->disabled;
    users_set_mail(u, su);
}

/* The read after u's last notice has come (or u is dropped): the requests waiting for it run again. */
static void reload_over(srv *s, srv_user *u)
{
    uint64_t ticket = u->reload_ticket;
    u->reload_ticket = 0;
    if (ticket)
        waits_read(s, ticket);
}

static void drop(srv *s, srv_user *u)
{
    map_remove(model_of(s)->users, u->name);
    user_cache_remove(s, u);
    reload_over(s, u);
    user_free(u);
}

void users_trim(srv *s)
{
    srv_user *u;
    while ((u = user_cache_victim(s))) {
        model_of(s)->user_cache.evictions++;
        drop(s, u);
    }
}


void users_reload(srv *s, const char *name)
{
    srv_user *u = map_get(model_of(s)->users, name);
    store_user su;
    if (!u)
        return;
    if (bridge_of(s)->rstore->be->user_get(bridge_of(s)->rstore, name, &su) != 1) {
        drop(s, u);
        return;
    }
    refresh(u, &su);
    users_load_blocks(s, u);
    store_user_clear(&su);
    reload_over(s, u);
}

/* ---- another server's change of a held user (a USER notice), with a store thread ---------------
 * The user is read on the store thread, once this server's own user changes in flight have
 * committed (so the row is never behind memory), and the held copy replaced when it has come,
 * unless it was dropped meanwhile or a newer notice came (that one's read replaces it); a user
 * change of this server's made meanwhile has the read made again once it has committed.  A
 * request naming the user meanwhile waits for the last read (users_for_request). */
static void read_later(srv *s, const char *name)
{
    for (size_t i = 0; i < model_of(s)->nusers_later; i++)
        if (!strcmp(model_of(s)->users_later[i], name))
            return;
    if (model_of(s)->nusers_later == model_of(s)->capusers_later) {
        size_t cap = model_of(s)->capusers_later ? 2 * model_of(s)->capusers_later : 16;
        char (*more)[STORE_NAME_MAX + 1] = realloc(model_of(s)->users_later, cap * sizeof *more);
        if (!more) { /* out of memory: as without a store thread */
            users_reload(s, name);
            return;
        }
        model_of(s)->users_later = more, model_of(s)->capusers_later = cap;
    }
    snprintf(model_of(s)->users_later[model_of(s)->nusers_later++], STORE_NAME_MAX + 1, "%s", name);
}

static void reload_queue(srv *s, const char *name)
{
    srv_user *u = map_get(model_of(s)->users, name);
    user_read *r = u ? calloc(1, sizeof *r) : NULL;
    if (!r) {
        users_reload(s, name); /* none held: nothing; out of memory: at once */
        return;
    }
    snprintf(r->row[0].name, sizeof r->row[0].name, "%s", name);
    r->n = 1;
    r->reload = 1;
    r->notices = u->notices;
    r->written = model_of(s)->users_written;
    dbjobs_setup(&r->base, user_read_run, user_read_done, user_read_discard);
    dbjobs_run(s, &r->base);
}

void users_settle(srv *s)
{
    if (!model_of(s)->nusers_later || model_of(s)->users_written > bridge_of(s)->committed)
        return;
    size_t n = model_of(s)->nusers_later;
    model_of(s)->nusers_later = 0;
    for (size_t i = 0; i < n; i++) /* the answers come later: the list is not touched meanwhile */
        reload_queue(s, model_of(s)->users_later[i]);
}

static void reload_done(srv *s, user_read *r)
{
    user_row *row = &r->row[0];
    srv_user *u = map_get(model_of(s)->users, row->name);
    model_of(s)->user_reads++;
    if (!u || u->notices != r->notices)
        return; /* dropped (read again when next needed), or a newer notice's read replaces it */
    if (r->written != model_of(s)->users_written) { /* a change of ours since: the row may be older than memory */
        read_later(s, row->name);
        users_settle(s);
        return;
    }
    if (row->found != 1) {
        drop(s, u);
        return;
    }
    refresh(u, &row->su);
    free(u->blocks);
    u->blocks = row->blocks.blocks;
    u->nblocks = row->blocks.nblocks;
    row->blocks.blocks = NULL;
    user_cache_touch(s, u);
    reload_over(s, u);
}

void users_changed(srv *s, const char *args)
{
    char *end;
    unsigned long from = strtoul(args, &end, 10);
    const char *name = end + 1;
    if (*end != ' ' || from == model_of(s)->instance || !user_name_valid(name))
        return; /* not a notice, or our own change: memory is ahead of it */
    users_read_again(s, name);
}

void users_read_again(srv *s, const char *name)
{
    srv_user *u = map_get(model_of(s)->users, name);
    if (!u)
        return;
    if (!bridge_of(s)->dbj) {
        users_reload(s, name);
        return;
    }
    u->notices++;
    if (!u->reload_ticket) /* one for every read until the last has come */
        u->reload_ticket = svc_read_ticket(s);
    read_later(s, name);
    users_settle(s);
}

void users_set_mail(srv_user *u, const store_user *su)
{
    snprintf(u->email, sizeof u->email, "%s", su->email ? su->email : "");
    u->email_verified = su->email_verified;
    snprintf(u->verify_hash, sizeof u->verify_hash, "%s", su->verify_hash);
    u->notify = su->notify >= STORE_NOTIFY_TURN && su->notify <= STORE_NOTIFY_OFF ? su->notify : STORE_NOTIFY_TURN;
    u->challenges = su->challenges >= STORE_CHALLENGES_OPEN && su->challenges <= STORE_CHALLENGES_CLOSED ? su->challenges : -1;
    u->vacation_until = su->vacation_until;
    u->vacation_year = su->vacation_year;
    u->vacation_used = su->vacation_used;
}

static int add_block(void *ctx, const char *other)
{
    srv_user *u = ctx;
    char (*b)[STORE_NAME_MAX + 1] = realloc(u->blocks, (u->nblocks + 1) * sizeof *u->blocks);
    if (!b)
        return -1;
    u->blocks = b;
    snprintf(u->blocks[u->nblocks++], STORE_NAME_MAX + 1, "%s", other);
    return 0;
}

void users_load_blocks(srv *s, srv_user *u)
{
    free(u->blocks);
    u->blocks = NULL;
    u->nblocks = 0;
    if (bridge_of(s)->rstore->be->blocks_of(bridge_of(s)->rstore, u->name, add_block, u) != 0)
        srv_log(s, "user %s: cannot read whom they block", u->name);
    user_cache_touch(s, u);
}

int users_blocks(const srv_user *u, const char *other)
{
    for (size_t i = 0; i < u->nblocks; i++)
        if (!strcmp(u->blocks[i], other))
            return 1;
    return 0;
}

int users_commit_prefs(srv *s, const srv_user *u, svc_status *st)
{
    store_op op = {.kind = STORE_USER_PREFS};
    snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
    op.user.challenges = u->challenges;
    op.user.vacation_until = u->vacation_until;
    op.user.vacation_year = u->vacation_year;
    op.user.vacation_used = u->vacation_used;
    return svc_commit(s, &op, NULL, st);
}

int users_commit_mail(srv *s, const srv_user *u, svc_status *st)
{
    store_op op = {.kind = STORE_USER_MAIL};
    snprintf(op.user.name, sizeof op.user.name, "%s", u->name);
    op.user.email = u->email[0] ? (char *)u->email : NULL;
    op.user.email_verified = u->email_verified;
    snprintf(op.user.verify_hash, sizeof op.user.verify_hash, "%s", u->verify_hash);
    op.user.notify = u->notify;
    return svc_commit(s, &op, NULL, st);
}

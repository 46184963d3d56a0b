/* service/loop.c - the service's life: open, the wake-up from its threads, commit waits, close.
 *
 * The commit thread and the hash threads tell the loop of finished work by
 * one byte on a pipe.  On wake-up the service learns how far commits have
 * gone, releases the door answers that waited for them (svc_wait_for), then
 * the watchers' pushes, then runs each finished hash job's continuation.
 * A commit refused for want of space is undone (undo_refused).  A commit
 * that failed otherwise stops the loop before anything of its batch is
 * acknowledged (svc_failed; the program then exits): memory is ahead of the
 * file, and the file is the truth.
 *
 * Waits are a list of door-owned nodes; the loop releases every node whose
 * batch has committed, in the order they were added. */
#include <event2/event.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "service/svc_int.h"

void svc_status_init(svc_status *st) { memset(st, 0, sizeof *st); }

int svc_fail(svc_status *st, const char *code, const char *fmt, ...)
{
    va_list ap;
    st->code = code;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    return -1;
}

uint64_t svc_queue(srv *s, const store_op *in, srv_game *sg)
{
    store_op op = *in; /* commit_add copies its strings */
    srv_game *g = sg ? sg : s->guard;
    if (sg && op.kind == STORE_GAME_CREATE) {
        op.game.version = sg->version;
    } else if (g && store_op_bumps(op.kind)) { /* applies only on the version it was computed from */
        op.guard_board = g->id;
        op.guard_version = g->version;
        op.new_version = g->version = games_new_version(s);
    } else if (g) { /* a comment, rating or mail of the change: kept only when the change is */
        op.guard_board = g->id;
        op.guard_version = g->version;
    }
    return commit_add(s->cq, &op);
}

/* The user whose row (or block list) op changes, or NULL when it changes no user. */
static const char *user_changed_by(const store_op *op)
{
    switch (op->kind) {
    case STORE_USER_CREATE: case STORE_USER_PASSWORD: case STORE_USER_DISPLAY: case STORE_USER_DISABLE:
    case STORE_USER_MAIL: case STORE_USER_PREFS:
        return op->user.name;
    case STORE_BLOCK:
        return op->block.user;
    default:
        return NULL;
    }
}

/* What other servers on the database must hear of an op they may hold in memory: a user's
 * change (users_changed; a new user they cannot hold yet), a rating's (ratings_changed) or the
 * seeks' (seeks_changed), as a notice; 0 when nothing. */
static int notice_of(const srv *s, const store_op *op, store_op *notice)
{
    const char *user = user_changed_by(op);
    if (user && op->kind != STORE_USER_CREATE) {
        store_user_notice(notice, s->instance, user);
        return 1;
    }
    switch (op->kind) {
    case STORE_SEEK_ADD: case STORE_SEEK_DELETE:
        memset(notice, 0, sizeof *notice);
        notice->kind = STORE_NOTIFY;
        snprintf(notice->message.text, sizeof notice->message.text, "SEEKS %u", (unsigned)s->instance);
        return 1;
    case STORE_RATING_SET:
        memset(notice, 0, sizeof *notice);
        notice->kind = STORE_NOTIFY;
        snprintf(notice->message.text, sizeof notice->message.text, "RATING %u %s %s %.17g %.17g %.17g %d",
                 (unsigned)s->instance, op->rating.cls, op->rating.user, op->rating.r, op->rating.rd,
                 op->rating.sigma, (int)op->rating.games);
        return 1;
    default:
        return 0;
    }
}

int svc_commit(srv *s, const store_op *op, srv_game *sg, svc_status *st)
{
    uint64_t seq = svc_queue(s, op, sg);
    if (seq == 0)
        return svc_fail(st, "INTERNAL", "out of memory");
    store_op notice;
    if (s->rstore->be->listen && notice_of(s, op, &notice)) { /* every other server on the database hears it */
        uint64_t told = commit_add(s->cq, &notice);
        seq = told > seq ? told : seq;
    }
    if (op->kind == STORE_RATING_SET)
        s->ratings_written = seq;
    if (op->kind == STORE_SEEK_ADD || op->kind == STORE_SEEK_DELETE)
        s->seeks_written = seq;
    if (user_changed_by(op)) /* another server's notice is read once this has committed */
        s->users_written = seq;
    if ((sg || s->guard) && store_op_bumps(op->kind))
        st->wait_board = (sg ? sg : s->guard)->id;
    s->changes++;
    if (seq > st->wait_seq)
        st->wait_seq = seq;
    if (sg) {
        sg->write_seq = seq;
        sg->changes++;
    }
    return 0;
}

/* ---- waits ------------------------------------------------------------------------- */
static void wait_unlink(srv *s, svc_wait *w)
{
    if (!w->linked)
        return;
    if (w->prev)
        w->prev->next = w->next;
    else
        s->waits = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
    w->linked = 0;
}

int svc_wait_for(srv *s, svc_wait *w, uint64_t seq, void (*ready)(void *), void *ctx)
{
    wait_unlink(s, w);
    w->refused = 0;
    if (seq <= s->committed && !w->reading)
        return 1;
    w->seq = seq;
    w->ready = ready;
    w->ctx = ctx;
    w->prev = NULL;
    w->next = s->waits;
    if (s->waits)
        s->waits->prev = w;
    s->waits = w;
    w->linked = 1;
    return 0;
}

void svc_wait_cancel(srv *s, svc_wait *w)
{
    wait_unlink(s, w);
    w->reading = 0;
    if (w->read_ticket)
        dbjobs_forget(s, w->read_ticket);
    w->read_ticket = 0;
    if (s->request == w)
        s->request = NULL;
}

void svc_request(srv *s, svc_wait *w) { s->request = w && w->again ? w : NULL; }

uint64_t svc_read_ticket(srv *s) { return ++s->read_tickets; }

/* The store thread's job `ticket` is done: the request waiting for it runs again. */
void waits_read(srv *s, uint64_t ticket) { waits_read_some(s, ticket, SIZE_MAX, 0); }

size_t waits_reading(srv *s, uint64_t ticket)
{
    size_t n = 0;
    for (svc_wait *w = s->waits; w; w = w->next)
        n += w->reading && w->read_ticket == ticket;
    return n;
}

/* The list holds the newest first: the newest beyond `most` wait for `later`; the others are taken
 * out first (an again() may add or cancel waits), then run again oldest first. */
void waits_read_some(srv *s, uint64_t ticket, size_t most, uint64_t later)
{
    size_t n = waits_reading(s, ticket), skip = n > most ? n - most : 0;
    svc_wait *due = NULL;
    for (svc_wait *w = s->waits, *nx; w; w = nx) {
        nx = w->next;
        if (!w->reading || w->read_ticket != ticket)
            continue;
        if (skip) {
            skip--;
            w->read_ticket = later;
            continue;
        }
        wait_unlink(s, w);
        w->next = due; /* oldest first */
        due = w;
    }
    while (due) {
        svc_wait *w = due;
        due = w->next;
        w->next = NULL;
        w->reading = 0;
        w->runs++;
        w->again(w->ctx);
    }
}

static int was_refused(const refused_batch *list, uint64_t seq)
{
    for (; list; list = list->next)
        if (list->seq == seq)
            return 1;
    return 0;
}

static int was_conflict(const commit_conflict *c, size_t n, uint64_t seq, int64_t board)
{
    for (size_t i = 0; board && i < n; i++)
        if (c[i].seq == seq && c[i].board == board && !c[i].rating)
            return 1;
    return 0;
}

/* A ready() may add or cancel waits: take the due ones out first, then call them. */
void waits_release(srv *s, uint64_t committed, const refused_batch *refused, const commit_conflict *conflicts,
                   size_t nconflicts)
{
    svc_wait *due = NULL;
    for (svc_wait *w = s->waits, *nx; w; w = nx) {
        nx = w->next;
        if (w->seq <= committed && !w->reading) {
            wait_unlink(s, w);
            w->refused = was_refused(refused, w->seq)                               ? SVC_REFUSED_FULL
                         : was_conflict(conflicts, nconflicts, w->seq, w->board) ? SVC_REFUSED_CONFLICT
                                                                                  : 0;
            w->next = due;
            due = w;
        }
    }
    svc_wait *ordered = NULL; /* oldest first, as they were added */
    while (due) {
        svc_wait *w = due;
        due = w->next;
        w->next = ordered;
        ordered = w;
    }
    while (ordered) {
        svc_wait *w = ordered;
        ordered = w->next;
        w->next = NULL;
        if (w->refused == SVC_REFUSED_CONFLICT && w->again && w->runs < SVC_RUNS_MAX) {
            w->runs++; /* nothing of it was kept and the board is fresh again: as one server would answer */
            w->refused = 0;
            w->read_board = 0; /* stale: to be read again */
            w->again(w->ctx);
        } else {
            w->ready(w->ctx);
        }
    }
}

/* ---- a full disk ---------------------------------------------------------------------- */
/* Note a game to reload once (reloaded at once when the list is full). */
static size_t remember_game(srv *s, int64_t *ids, size_t n, size_t cap, int64_t id)
{
    for (size_t k = 0; k < n; k++)
        if (ids[k] == id)
            return n;
    if (n < cap) {
        ids[n] = id;
        return n + 1;
    }
    games_refused(s, id);
    return n;
}

/* Put what refused batches changed back to the store's state: users
 * reloaded or forgotten, games replayed from the store (or gone); with a store thread
 * (PostgreSQL) both read there, off the loop, which then does not wait on a database that
 * may be gone.  Each game once, after every op is known. */
static void undo_refused(srv *s, const refused_batch *list)
{
    int64_t ids[256];
    size_t nids = 0, nops = 0;
    for (const refused_batch *r = list; r; r = r->next)
        for (size_t i = 0; i < r->n; i++, nops++) {
            const store_op *op = &r->ops[i];
            int64_t id = op->kind == STORE_MOVE_APPEND || op->kind == STORE_MOVE_DELETE ? op->move.game_id : op->game.id;
            switch (op->kind) {
            case STORE_USER_CREATE: case STORE_USER_PASSWORD: case STORE_USER_DISPLAY: case STORE_USER_DISABLE:
            case STORE_USER_MAIL: case STORE_USER_PREFS: case STORE_BLOCK:
                users_read_again(s, user_changed_by(op));
                break;
            case STORE_GAME_CREATE: case STORE_GAME_STATE: case STORE_MOVE_APPEND: case STORE_GAME_CLOCK:
            case STORE_MOVE_DELETE:
                nids = remember_game(s, ids, nids, sizeof ids / sizeof ids[0], id);
                break;
            case STORE_SESSION_CREATE: case STORE_SESSION_DELETE: case STORE_LOGIN_FAIL: /* only in the store: nothing to undo */
            case STORE_MAIL_SEEN: case STORE_OUTBOX_ADD: case STORE_OUTBOX_DONE: case STORE_OUTBOX_REPLACE: /* the mail door's wait is refused */
                break;
            case STORE_RATING_SET:
                ratings_forget(s, op->rating.user, op->rating.cls);
                break;
            case STORE_SEEK_ADD: case STORE_SEEK_DELETE:
                seeks_reload(s);
                break;
            case STORE_MESSAGE_ADD: case STORE_MESSAGES_SEEN: /* only in the store: the sender's wait is refused */
            case STORE_NOTIFY: /* a notification of a batch refused: never sent */
            case STORE_MESSAGE_COPY: case STORE_OUTBOX_COPY: case STORE_IDS_SETTLE: /* ludex-admin migrate's, never the service's */
                break;
            case STORE_MOVE_COMMENT:
                nids = remember_game(s, ids, nids, sizeof ids / sizeof ids[0], op->move.game_id);
                break;
            }
        }
    for (size_t k = 0; k < nids; k++)
        games_refused(s, ids[k]);
    if (!s->storage_full)
        srv_log(s, "the store is full: %zu changes refused (ERR STORAGE_FULL); writes resume when space returns", nops);
    s->storage_full = 1;
}

/* A board's change was refused: ratings its end may have moved in memory are read again. */
static void forget_ratings(srv *s, int64_t board)
{
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)board);
    srv_game *sg = map_get(s->games, key);
    for (int i = 0; sg && i < 2; i++)
        ratings_forget(s, sg->player[i], ratings_class(sg));
}

/* ---- the clocks' sweep: reminders and losses on time, once a second (clock.c) ---- */
static void on_sweep(evutil_socket_t fd, short what, void *arg)
{
    srv *s = arg;
    (void)fd;
    (void)what;
    if (!s->stopping && !s->failed)
        clock_sweep(s);
}

/* ---- wake-up ------------------------------------------------------------------------ */
static void on_wake(evutil_socket_t fd, short what, void *arg)
{
    srv *s = arg;
    char buf[256];
    (void)what;
    while (read(fd, buf, sizeof buf) > 0) {
    }
    int failed;
    char err[256];
    refused_batch *refused = commit_take_refused(s->cq, err, sizeof err);
    size_t nconflicts;
    uint64_t upto;
    commit_conflict *conflicts = commit_take_conflicts(s->cq, &nconflicts, &upto);
    uint64_t done = commit_done(s->cq, &failed, err, sizeof err);
    if (done > upto)
        done = upto; /* a batch decided after the conflicts were taken: the next wake-up releases it */
    if (failed) { /* memory is ahead of a file whose state is unknown: acknowledge nothing more */
        srv_log(s, "a commit failed (%s): stopping without acknowledging it", err);
        s->failed = 1;
        event_base_loopbreak(s->base);
        commit_refused_free(refused);
        commit_conflicts_free(conflicts, nconflicts);
        return;
    }
    if (refused)
        undo_refused(s, refused);
    int64_t last = 0;
    for (size_t i = 0; i < nconflicts; i++) /* another server wrote these boards first: memory as the store has it */
        if (!conflicts[i].rating && conflicts[i].board != last) {
            games_conflict(s, last = conflicts[i].board);
            forget_ratings(s, conflicts[i].board);
            s->conflicts++;
        }
    for (size_t i = 0; i < nconflicts; i++) /* a rating refused while its game's end committed: again */
        if (conflicts[i].rating && !was_conflict(conflicts, nconflicts, conflicts[i].seq, conflicts[i].board))
            ratings_again(s, conflicts[i].rating);
    if (done > s->committed) {
        if (!refused && s->storage_full && commit_any_committed(s->cq, s->committed)) {
            srv_log(s, "the store takes writes again");
            s->storage_full = 0;
        }
        s->committed = done;
        waits_release(s, done, refused, conflicts, nconflicts);
        watch_flush(s, done);
        listen_settled(s);
        seeks_settle(s);
        users_settle(s);
    }
    commit_conflicts_free(conflicts, nconflicts);
    commit_refused_free(refused);
    hash_job *j;
    while ((j = hashpool_take_done(s->hp))) {
        j->done(s, j);
        hash_job_free(j);
    }
    db_job *d;
    while ((d = dbjobs_take_done(s->dbj)))
        d->done(s, d);
}

/* ---- open and close ------------------------------------------------------------------- */
static int set_cost(srv *s, const char *cost)
{
    if (!strcmp(cost, "interactive")) {
        s->pw_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
        s->pw_mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    } else if (!strcmp(cost, "moderate")) {
        s->pw_ops = crypto_pwhash_OPSLIMIT_MODERATE;
        s->pw_mem = crypto_pwhash_MEMLIMIT_MODERATE;
    } else if (!strcmp(cost, "min")) { /* tests and benchmarks only: still argon2id */
        s->pw_ops = crypto_pwhash_OPSLIMIT_MIN;
        s->pw_mem = crypto_pwhash_MEMLIMIT_MIN;
    } else {
        return -1;
    }
    return 0;
}

static int open_stores(srv *s, const char *db, char *err, size_t errcap)
{
    if (!(s->wstore = store_open(db, err, errcap)) || !(s->rstore = store_open(db, err, errcap)))
        return -1;
    do /* the high half of this server's versions: 31 random bits, never 0 */
        srv_random(&s->instance, sizeof s->instance);
    while (!(s->instance &= 0x7fffffff));
    return 0;
}

static int open_pipe(srv *s)
{
    return pipe(s->wake) != 0 || fcntl(s->wake[0], F_SETFL, O_NONBLOCK) != 0 ||
                   fcntl(s->wake[1], F_SETFL, O_NONBLOCK) != 0
               ? -1
               : 0;
}

srv *svc_open(void *base, const svc_config *cfg, char *err, size_t errcap)
{
    srv *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    s->base = base;
    s->log = cfg->log ? cfg->log : stderr;
    s->quiet = cfg->quiet;
    s->wake[0] = s->wake[1] = -1;
    if (sodium_init() < 0 || set_cost(s, cfg->pwhash_cost ? cfg->pwhash_cost : "interactive") != 0 ||
        no_password_hash(s->pw_ops, s->pw_mem, s->no_user_hash, sizeof s->no_user_hash) != 0) {
        snprintf(err, errcap, "bad --pwhash-cost, or libsodium cannot start");
        free(s);
        return NULL;
    }
    s->min_password = cfg->min_password > 0 ? cfg->min_password : SVC_MIN_PASSWORD;
    if (s->min_password > SVC_MAX_PASSWORD) {
        snprintf(err, errcap, "--min-password is at most %d", SVC_MAX_PASSWORD);
        free(s);
        return NULL;
    }
    if (open_stores(s, cfg->db, err, errcap) != 0 || open_pipe(s) != 0) {
        if (!err[0])
            snprintf(err, errcap, "cannot make the wake-up pipe");
        svc_close(s);
        return NULL;
    }
    s->users = map_new();
    s->conn_counts = map_new();
    s->max_per_address = cfg->max_per_address;
    s->games = map_new();
    s->ratings = map_new();
    s->clock_offset = cfg->clock_offset;
    s->mail_read_hold = cfg->mail_read_hold;
    s->id_block = cfg->id_block > 0 ? cfg->id_block : IDS_BLOCK;
    s->default_challenges = cfg->default_challenges;
    seeks_load(s);
    s->creds = cred_cache_new(1u << 16, CRED_CACHE_TTL);
    s->fail_pair = rate_limit_new(5, 60);
    s->fail_user = rate_limit_new(20, 60);
    s->fail_addr = rate_limit_new(100, 60);
    s->signups = cfg->signups_per_hour > 0 ? rate_limit_new(cfg->signups_per_hour, 3600) : NULL;
    s->challenges = cfg->challenges_per_minute > 0 ? rate_limit_new(cfg->challenges_per_minute, 60) : NULL;
    s->messages = rate_limit_new(SVC_MESSAGES_PER_MINUTE, 60);
    s->cq = commit_start(s, s->wstore, s->wake[1]);
    s->hp = hashpool_start(cfg->hash_threads, s->pw_ops, s->pw_mem, s->wake[1]);
    s->wake_ev = event_new(base, s->wake[0], EV_READ | EV_PERSIST, on_wake, s);
    if (!s->users || !s->games || !s->ratings || !s->conn_counts || !s->creds || !s->fail_pair || !s->fail_user || !s->fail_addr ||
        (cfg->signups_per_hour > 0 && !s->signups) || (cfg->challenges_per_minute > 0 && !s->challenges) || !s->messages || !s->cq || !s->hp || !s->wake_ev ||
        event_add(s->wake_ev, NULL) != 0) {
        snprintf(err, errcap, "cannot start the service (out of memory or threads)");
        svc_close(s);
        return NULL;
    }
    if (!(s->db = strdup(cfg->db)) || listen_start(s, err, errcap) != 0 ||
        (listen_shared(s) && !(s->dbj = dbjobs_start(s->db, s->wake[1], err, errcap)))) {
        svc_close(s);
        return NULL;
    }
    if (s->dbj) /* several servers on one database: no first block reserved on the loop */
        ids_start(s);
    struct timeval second = {1, 0};
    s->sweep_ev = event_new(base, -1, EV_PERSIST, on_sweep, s);
    if (!s->sweep_ev || event_add(s->sweep_ev, &second) != 0) {
        snprintf(err, errcap, "cannot start the clock sweep");
        svc_close(s);
        return NULL;
    }
    memcpy(s->loop_statements, s->rstore->statements, sizeof s->loop_statements);
    return s;
}

/* The exit log's count of the statements the event loop ran on its own connection since
 * it started (PostgreSQL counts them: each one a round trip the loop waited for), and
 * what each kind was.  Nothing with SQLite, where reading on the loop is the design. */
static void log_loop_statements(srv *s)
{
    unsigned long total = 0;
    for (int i = 0; i < STORE_COUNTED_QUERIES; i++)
        total += s->rstore->statements[i] - s->loop_statements[i];
    if (!total)
        return;
    srv_log(s, "%lu statements run on the event loop's database connection since start", total);
    for (int i = 0; i < STORE_COUNTED_QUERIES; i++)
        if (s->rstore->statements[i] > s->loop_statements[i])
            srv_log(s, "  %lu x %.72s", s->rstore->statements[i] - s->loop_statements[i], store_query_text(s->rstore, i));
}

/* One line of the exit log: n and what was counted, when n is not 0. */
static void log_count(srv *s, unsigned long n, const char *what)
{
    if (n)
        srv_log(s, "%lu %s", n, what);
}

void svc_close(srv *s)
{
    if (!s)
        return;
    /* what this server did to stay correct beside others, and off its loop */
    log_count(s, s->conflicts, "times a board was reloaded because another server wrote it first");
    log_count(s, s->reads, "boards read off the event loop on the store thread");
    log_count(s, s->user_reads, "users read off the event loop on the store thread");
    log_count(s, s->message_reads, "message and chat reads made off the event loop on the store thread");
    log_count(s, s->list_reads, "game lists read off the event loop on the store thread");
    log_count(s, s->standings_reads, "standings read off the event loop on the store thread");
    log_count(s, s->mail_reads, "board mails' chat lines and players read off the event loop on the store thread");
    log_count(s, s->rating_reads, "ratings read off the event loop on the store thread");
    log_count(s, s->end_rating_reads, "ratings read at a game's end on the event loop");
    log_count(s, s->ratings_redone, "ratings computed again after another server's game end wrote them first");
    log_count(s, s->id_waits, "requests waited for a block of ids reserved off the event loop");
    if (s->rstore)
        log_loop_statements(s);
    listen_stop(s);
    dbjobs_stop(s->dbj); /* runs what is queued; a lost rating race's write still goes in the last batch */
    s->dbj = NULL;
    commit_stop(s->cq); /* commits what is queued */
    hashpool_stop(s->hp);
    if (s->wake_ev)
        event_free(s->wake_ev);
    if (s->sweep_ev)
        event_free(s->sweep_ev);
    watch_free_all(s);
    if (s->games)
        games_free_all(s);
    if (s->users)
        users_free_all(s);
    if (s->conn_counts)
        map_free(s->conn_counts, free);
    if (s->ratings)
        map_free(s->ratings, free);
    seeks_free_all(s);
    dbjobs_forget(s, 0);
    cred_cache_free(s->creds);
    rate_limit_free(s->fail_pair);
    rate_limit_free(s->fail_user);
    rate_limit_free(s->fail_addr);
    rate_limit_free(s->signups);
    rate_limit_free(s->challenges);
    rate_limit_free(s->messages);
    if (s->rstore)
        store_close(s->rstore);
    if (s->wstore)
        store_close(s->wstore);
    free((char *)s->db);
    for (int i = 0; i < 2; i++)
        if (s->wake[i] >= 0)
            close(s->wake[i]);
    free(s);
}

int svc_quiet(const srv *s) { return s->quiet; }

int svc_failed(const srv *s) { return s->failed; }

void svc_count_request(srv *s) { s->requests++; }

void svc_stats(srv *s, unsigned long *requests, uint64_t *changes, uint64_t *batches)
{
    uint64_t ops = 0, nb = 0;
    if (s->cq)
        commit_stats(s->cq, &nb, &ops);
    *requests = s->requests;
    *changes = ops;
    *batches = nb;
}

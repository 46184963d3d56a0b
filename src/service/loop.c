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

#include "service/life.h"

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
            case STORE_MESSAGE_COPY: case STORE_OUTBOX_COPY: case STORE_IDS_SETTLE: case STORE_RATING_HISTORY_COPY:
            case STORE_TOURNAMENT_ROW_COPY:
                /* ludex-admin migrate's, never the service's */
                break;
            case STORE_MOVE_COMMENT: case STORE_CONDITIONAL_SET:
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
    srv_game *sg = map_get(model_of(s)->games, key);
    for (int i = 0; sg && i < 2; i++)
        ratings_forget(s, sg->player[i], ratings_class(sg));
}

/* ---- the clocks' sweep: reminders and losses on time, once a second (clock.c) ---- */
static void on_sweep(evutil_socket_t fd, short what, void *arg)
{
    srv *s = arg;
    (void)fd;
    (void)what;
    if (!s->stopping && !ops_of(s)->failed) {
        clock_sweep(s);
        tournaments_sweep(s); /* rounds due, starts at a date, ends (tournament_rounds.c) */
    }
    caches_trim(s); /* no call is running here: any game, user or rating nothing pins may go */
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
    refused_batch *refused = commit_take_refused(bridge_of(s)->cq, err, sizeof err);
    size_t nconflicts;
    uint64_t upto;
    commit_conflict *conflicts = commit_take_conflicts(bridge_of(s)->cq, &nconflicts, &upto);
    uint64_t done = commit_done(bridge_of(s)->cq, &failed, err, sizeof err);
    if (done > upto)
        done = upto; /* a batch decided after the conflicts were taken: the next wake-up releases it */
    if (failed) { /* memory is ahead of a file whose state is unknown: acknowledge nothing more */
        srv_log(s, "a commit failed (%s): stopping without acknowledging it", err);
        ops_of(s)->failed = 1;
        event_base_loopbreak(bridge_of(s)->base);
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
        if (conflicts[i].rating && !commit_board_conflict(conflicts, nconflicts, conflicts[i].seq, conflicts[i].board))
            ratings_again(s, conflicts[i].rating);
    if (done > bridge_of(s)->committed) {
        if (!refused && s->storage_full && commit_any_committed(bridge_of(s)->cq, bridge_of(s)->committed)) {
            srv_log(s, "the store takes writes again");
            s->storage_full = 0;
        }
        bridge_of(s)->committed = done;
        waits_release(s, done, refused, conflicts, nconflicts);
        watch_flush(s, done);
        tournaments_committed(s, done); /* a tournament game's end, committed: its round looked at now */
        boards_settled(s);
        seeks_settle(s);
        users_settle(s);
    }
    commit_conflicts_free(conflicts, nconflicts);
    commit_refused_free(refused);
    hash_job *j;
    while ((j = hashpool_take_done(ops_of(s)->hp))) {
        j->done(s, j);
        hash_job_free(j);
    }
    db_job *d;
    while ((d = dbjobs_take_done(bridge_of(s)->dbj)))
        d->done(s, d);
    caches_trim(s); /* what the commits and reads left over the budget (no call is running) */
}

/* Another server's boards: the games held here read again, and the doors told (their lobbies). */
static void boards_heard(srv *s, const char *list)
{
    boards_changed(s, list);
    notify_boards_elsewhere(s, list);
}

/* Other servers' notices, each to the layer that holds what it changes (listen.c only reads), and
 * a watched game read again with their changes to its watchers (games.c publishes it). */
static int subscribe_notices(srv *s)
{
    listen_on_lost(s, boards_all_stale);
    model_of(s)->game_read_again = watch_notified;
    ops_of(s)->game_ended = tournaments_game_ended; /* a game's end (game_end_publish) to its tournament */
    return listen_subscribe(s, "BOARDS", boards_heard) | listen_subscribe(s, "USER", users_changed) |
           listen_subscribe(s, "RATING", ratings_changed) | listen_subscribe(s, "SEEKS", seeks_changed);
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
    if (!(s->wstore = store_open(db, err, errcap)) || !(bridge_of(s)->rstore = store_open(db, err, errcap)))
        return -1;
    do /* the high half of this server's versions: 31 random bits, never 0 */
        srv_random(&model_of(s)->instance, sizeof model_of(s)->instance);
    while (!(model_of(s)->instance &= 0x7fffffff));
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
    bridge_of(s)->base = base;
    plumbing_of(s)->log = cfg->log ? cfg->log : stderr;
    plumbing_of(s)->metrics = srv_metrics_new(); /* none (out of memory): the server runs without */
    s->quiet = cfg->quiet;
    s->wake[0] = s->wake[1] = -1;
    if (sodium_init() < 0 || set_cost(s, cfg->pwhash_cost ? cfg->pwhash_cost : "interactive") != 0 ||
        no_password_hash(s->pw_ops, s->pw_mem, ops_of(s)->no_user_hash, sizeof ops_of(s)->no_user_hash) != 0) {
        snprintf(err, errcap, "bad --pwhash-cost, or libsodium cannot start");
        free(s);
        return NULL;
    }
    ops_of(s)->min_password = cfg->min_password > 0 ? cfg->min_password : SVC_MIN_PASSWORD;
    if (ops_of(s)->min_password > SVC_MAX_PASSWORD) {
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
    model_of(s)->users = map_new();
    ops_of(s)->conn_counts = map_new();
    ops_of(s)->max_per_address = cfg->max_per_address;
    model_of(s)->games = map_new();
    ops_of(s)->ratings = map_new();
    model_of(s)->clock_offset = cfg->clock_offset;
    ops_of(s)->tournaments_every = cfg->tournament_sweep;
    ops_of(s)->tournaments_pair_hold = cfg->tournament_pair_hold;
    svc_cache_budget(s, (size_t)SVC_CACHE_MB << 20); /* nothing held yet: sets the shares */
    ops_of(s)->mail_read_hold = cfg->mail_read_hold;
    bridge_of(s)->id_block = cfg->id_block > 0 ? cfg->id_block : IDS_BLOCK;
    ops_of(s)->default_challenges = cfg->default_challenges;
    seeks_load(s);
    ops_of(s)->creds = cred_cache_new(1u << 16, CRED_CACHE_TTL);
    ops_of(s)->fail_pair = rate_limit_new(5, 60);
    ops_of(s)->fail_user = rate_limit_new(20, 60);
    ops_of(s)->fail_addr = rate_limit_new(100, 60);
    ops_of(s)->signups = cfg->signups_per_hour > 0 ? rate_limit_new(cfg->signups_per_hour, 3600) : NULL;
    ops_of(s)->challenges = cfg->challenges_per_minute > 0 ? rate_limit_new(cfg->challenges_per_minute, 60) : NULL;
    ops_of(s)->messages = rate_limit_new(SVC_MESSAGES_PER_MINUTE, 60);
    bridge_of(s)->cq = commit_start(s, s->wstore, s->wake[1]);
    ops_of(s)->hp = hashpool_start(cfg->hash_threads, s->pw_ops, s->pw_mem, s->wake[1]);
    s->wake_ev = event_new(base, s->wake[0], EV_READ | EV_PERSIST, on_wake, s);
    if (!model_of(s)->users || !model_of(s)->games || !ops_of(s)->ratings || !ops_of(s)->conn_counts || !ops_of(s)->creds || !ops_of(s)->fail_pair || !ops_of(s)->fail_user || !ops_of(s)->fail_addr ||
        (cfg->signups_per_hour > 0 && !ops_of(s)->signups) || (cfg->challenges_per_minute > 0 && !ops_of(s)->challenges) || !ops_of(s)->messages || !bridge_of(s)->cq || !ops_of(s)->hp || !s->wake_ev ||
        event_add(s->wake_ev, NULL) != 0) {
        snprintf(err, errcap, "cannot start the service (out of memory or threads)");
        svc_close(s);
        return NULL;
    }
    if (!(bridge_of(s)->db = strdup(cfg->db)) || subscribe_notices(s) != 0 || listen_start(s, err, errcap) != 0 ||
        (listen_shared(s) && !(bridge_of(s)->dbj = dbjobs_start(bridge_of(s)->db, s->wake[1], err, errcap)))) {
        svc_close(s);
        return NULL;
    }
    if (bridge_of(s)->dbj) /* several servers on one database: no first block reserved on the loop */
        ids_start(s);
    if (health_start(s) != 0) {
        snprintf(err, errcap, "cannot start the store's probe");
        svc_close(s);
        return NULL;
    }
    struct timeval second = {1, 0};
    s->sweep_ev = event_new(base, -1, EV_PERSIST, on_sweep, s);
    if (!s->sweep_ev || event_add(s->sweep_ev, &second) != 0) {
        snprintf(err, errcap, "cannot start the clock sweep");
        svc_close(s);
        return NULL;
    }
    memcpy(s->loop_statements, bridge_of(s)->rstore->statements, sizeof s->loop_statements);
    return s;
}

/* The exit log's count of the statements the event loop ran on its own connection since
 * it started (PostgreSQL counts them: each one a round trip the loop waited for), and
 * what each kind was.  Nothing with SQLite, where reading on the loop is the design. */
static void log_loop_statements(srv *s)
{
    unsigned long total = 0;
    for (int i = 0; i < STORE_COUNTED_QUERIES; i++)
        total += bridge_of(s)->rstore->statements[i] - s->loop_statements[i];
    if (!total)
        return;
    srv_log(s, "%lu statements run on the event loop's database connection since start", total);
    for (int i = 0; i < STORE_COUNTED_QUERIES; i++)
        if (bridge_of(s)->rstore->statements[i] > s->loop_statements[i])
            srv_log(s, "  %lu x %.72s", bridge_of(s)->rstore->statements[i] - s->loop_statements[i], store_query_text(bridge_of(s)->rstore, i));
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
    log_count(s, bridge_of(s)->races_run_again, "requests run again after another server wrote their board first");
    log_count(s, model_of(s)->reads, "boards read off the event loop on the store thread");
    log_count(s, model_of(s)->user_reads, "users read off the event loop on the store thread");
    log_count(s, ops_of(s)->message_reads, "message and chat reads made off the event loop on the store thread");
    log_count(s, ops_of(s)->list_reads, "game lists read off the event loop on the store thread");
    log_count(s, ops_of(s)->standings_reads, "standings read off the event loop on the store thread");
    log_count(s, ops_of(s)->mail_reads, "board mails' chat lines and players read off the event loop on the store thread");
    log_count(s, ops_of(s)->rating_reads, "ratings read off the event loop on the store thread");
    log_count(s, ops_of(s)->end_rating_reads, "ratings read at a game's end on the event loop");
    log_count(s, ops_of(s)->ratings_redone, "ratings computed again after another server's game end wrote them first");
    log_count(s, bridge_of(s)->id_waits, "requests waited for a block of ids reserved off the event loop");
    if (bridge_of(s)->rstore)
        log_loop_statements(s);
    listen_stop(s);
    health_stop(s);
    dbjobs_stop(bridge_of(s)->dbj); /* runs what is queued; a lost rating race's write still goes in the last batch */
    bridge_of(s)->dbj = NULL;
    commit_stop(bridge_of(s)->cq); /* commits what is queued */
    hashpool_stop(ops_of(s)->hp);
    if (s->wake_ev)
        event_free(s->wake_ev);
    if (s->sweep_ev)
        event_free(s->sweep_ev);
    watch_free_all(s);
    if (model_of(s)->games)
        games_free_all(s);
    if (model_of(s)->users)
        users_free_all(s);
    if (ops_of(s)->conn_counts)
        map_free(ops_of(s)->conn_counts, free);
    if (ops_of(s)->ratings)
        map_free(ops_of(s)->ratings, free);
    seeks_free_all(s);
    tournaments_free(s);
    dbjobs_forget(s, 0);
    cred_cache_free(ops_of(s)->creds);
    rate_limit_free(ops_of(s)->fail_pair);
    rate_limit_free(ops_of(s)->fail_user);
    rate_limit_free(ops_of(s)->fail_addr);
    rate_limit_free(ops_of(s)->signups);
    rate_limit_free(ops_of(s)->challenges);
    rate_limit_free(ops_of(s)->messages);
    if (bridge_of(s)->rstore)
        store_close(bridge_of(s)->rstore);
    if (s->wstore)
        store_close(s->wstore);
    free((char *)bridge_of(s)->db);
    for (int i = 0; i < 2; i++)
        if (s->wake[i] >= 0)
            close(s->wake[i]);
    srv_metrics_free(plumbing_of(s)->metrics);
    free(s);
}

int svc_quiet(const srv *s) { return s->quiet; }

int svc_failed(const srv *s) { return ops_of(s)->failed; }

void svc_count_request(srv *s) { s->requests++; }

void svc_stats(srv *s, unsigned long *requests, uint64_t *changes, uint64_t *batches)
{
    uint64_t ops = 0, nb = 0;
    if (bridge_of(s)->cq)
        commit_stats(bridge_of(s)->cq, &nb, &ops);
    *requests = s->requests;
    *changes = ops;
    *batches = nb;
}

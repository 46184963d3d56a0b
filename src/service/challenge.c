/* service/challenge.c - how a game begins: consent.
 *
 * A challenge names its sender as one of the two players.  The other player
 * decides: `set challenges open` starts the game at once, `ask` (the
 * default; the server's --default-challenges may say otherwise) keeps it
 * waiting until they `accept BOARD` or `decline BOARD`, and `closed`
 * refuses; a user they `block` cannot challenge them at all.  A waiting
 * challenge expires after 14 days (the clocks' sweep finds it by the same
 * index as a deadline).  A seek is an open challenge anyone may join; a
 * rematch challenges again with the colours swapped.  A game's clock
 * starts when the game begins, not when it is asked for.  With several
 * ludexd on one PostgreSQL, the store decides which of two servers
 * accepting one seek at the same moment gets it (take_seek). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/ops.h"

static int players_exist(srv *s, const char *p1, const char *p2, char name[2][STORE_NAME_MAX + 1], svc_status *st)
{
    const char *p[2] = {p1, p2};
    for (int i = 0; i < 2; i++) {
        int reading;
        srv_user *u = users_for_request(s, p[i], &reading); /* read off the loop: run again */
        if (!u)
            return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'%s", p[i], reading ? " (reading it)" : "");
        snprintf(name[i], STORE_NAME_MAX + 1, "%s", u->name);
    }
    return 0;
}

static int persist_new_game(srv *s, srv_game *sg, svc_status *st)
{
    store_op op = {.kind = STORE_GAME_CREATE};
    op.game.id = sg->id;
    snprintf(op.game.kind, sizeof op.game.kind, "%s", sg->rules->name);
    memcpy(op.game.player, sg->player, sizeof op.game.player);
    op.game.options = sg->options;
    op.game.state = sg->state_text;
    op.game.created = (int64_t)time(NULL);
    return svc_commit(s, &op, sg, st);
}

/* The challenge's words into canonical options: the rules' own, then the service's (rated, clock). */
int challenge_options(const srv_rules *r, int argc, char *const *argv, lx_buf *canon, svc_status *st)
{
    char *rules_argv[64];
    int rules_argc = 0, rated = 1, public_chat = 0;
    lx_buf mine = LX_BUF_INIT;
    lx_game_error err;
    if (argc > 64)
        return svc_fail(st, "BAD_OPTION", "at most 64 options");
    for (int i = 0; i < argc; i++) {
        int taken = clock_option(argv[i], &mine, st);
        if (taken < 0) {
            lx_buf_free(&mine);
            return -1;
        }
        if (proto_word_is(argv[i], "-unrated"))
            rated = 0;
        else if (proto_word_is(argv[i], "-publicchat"))
            public_chat = 1;
        else if (!taken)
            rules_argv[rules_argc++] = argv[i];
    }
    lx_game_error_init(&err);
    int rc = 0;
    if (r->options(rules_argc, rules_argv, canon, &err) != 0)
        rc = svc_fail(st, err.code ? err.code : "BAD_OPTION", "%s", err.message.data ? err.message.data : "");
    else if (lx_buf_printf(canon, "%srated=%d%s%s%s", canon->len ? " " : "", rated, public_chat ? " publicchat=1" : "",
                           mine.len ? " " : "", mine.data ? mine.data : "") != 0)
        rc = svc_fail(st, "INTERNAL", "out of memory");
    lx_buf_free(&mine);
    lx_game_error_free(&err);
    return rc;
}

/* Who must agree: -1 nobody (the game begins), else the seat that must accept; -1 with st when refused. */
static int consent_of(srv *s, const char *actor, char name[2][STORE_NAME_MAX + 1], int *waiting, svc_status *st)
{
    *waiting = -1;
    if (!actor || !strcmp(name[0], name[1]))
        return 0;
    int other = strcmp(actor, name[0]) ? 0 : 1;
    srv_user *u = users_find(s, name[other]);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", name[other]);
    if (users_blocks(u, actor))
        return svc_fail(st, "BLOCKED", "%s does not take challenges from you", u->name);
    int mode = u->challenges >= 0 ? u->challenges : ops_of(s)->default_challenges;
    if (mode == STORE_CHALLENGES_CLOSED)
        return svc_fail(st, "CHALLENGES_CLOSED", "%s takes no challenges now", u->name);
    if (mode == STORE_CHALLENGES_ASK)
        *waiting = other;
    return 0;
}

/* A new game from canonical options, numbered id (0: the next; ids_ready said one is there); waiting:
 * the seat that must accept first, or -1. */
static int start_game(srv *s, const char *actor, proto_game kind, char name[2][STORE_NAME_MAX + 1],
                      const char *canon, int waiting, int64_t id, int64_t *board, svc_status *st)
{
    const srv_rules *r = rules_for(kind);
    lx_game_error err;
    lx_game_error_init(&err);
    void *g = r->create(canon, &err);
    if (!g) {
        svc_fail(st, err.code ? err.code : "BAD_OPTION", "%s", err.message.data ? err.message.data : "");
        lx_game_error_free(&err);
        return -1;
    }
    lx_game_error_free(&err);
    r->between_turns(g);
    srv_game *sg = games_create(s, id, kind, name[0], name[1], canon, g, r->state(g));
    if (!sg) {
        r->destroy(g);
        return svc_fail(st, "INTERNAL", "cannot make the game (out of memory, or the database is away)");
    }
    *board = sg->id;
    commit_hold(bridge_of(s)->cq);
    int rc = persist_new_game(s, sg, st);
    if (rc == 0 && waiting >= 0) {
        sg->waiting = 1 + waiting;
        sg->waiting_until = svc_clock_now(s) + CHALLENGE_DAYS * 86400L;
        rc = clock_persist(s, sg, st);
    } else if (rc == 0) {
        rc = clock_start(s, sg, st);
    }
    if (rc == 0)
        notify_game_changed(s, sg, actor);
    commit_release(bridge_of(s)->cq);
    if (actor && ops_of(s)->challenges)
        rate_limit_fail(ops_of(s)->challenges, actor);
    return rc;
}

static int challenges_limited(svc_status *st)
{
    return svc_fail(st, "RATE_LIMITED", "too many new games in a minute; wait a little");
}

/* A challenge by actor is limited by this server's count, then (several servers on one
 * database) by every server's, counted last, once everything else has passed, so a challenge
 * refused for another reason costs nothing (only a run that must then wait for ids again counts
 * twice). */
int svc_challenge(srv *s, const char *actor, proto_game kind, const char *p1, const char *p2, int argc,
                  char *const *argv, int64_t *board, svc_status *st)
{
    const srv_rules *r = rules_for(kind);
    char name[2][STORE_NAME_MAX + 1];
    int waiting;
    if (!r)
        return svc_fail(st, "UNKNOWN_GAME", "the games are twixt, hex, backgammon and crossword");
    if (players_exist(s, p1, p2, name, st) != 0)
        return -1;
    if (actor && strcmp(actor, name[0]) && strcmp(actor, name[1]))
        return svc_fail(st, "NOT_A_PLAYER", "a challenge names its sender as one of the two players");
    if (actor && ops_of(s)->challenges && rate_limit_blocked(ops_of(s)->challenges, actor))
        return challenges_limited(st);
    lx_buf canon = LX_BUF_INIT;
    int rc = challenge_options(r, argc, argv, &canon, st);
    if (rc == 0)
        rc = consent_of(s, actor, name, &waiting, st);
    if (rc == 0)
        rc = ids_ready(s, IDS_GAMES, st);
    if (rc == 0 && actor && (rc = rate_shared_check(s, ops_of(s)->challenges, "challenge", actor, st)) > 0)
        rc = challenges_limited(st);
    if (rc == 0)
        rc = start_game(s, actor, kind, name, canon.data ? canon.data : "", waiting, 0, board, st);
    lx_buf_free(&canon);
    return rc;
}

/* ---- answering a challenge ---------------------------------------------------------------- */
int challenge_accept(srv *s, const char *actor, srv_game *sg, svc_status *st)
{
    sg->waiting = 0;
    sg->waiting_until = 0;
    commit_hold(bridge_of(s)->cq);
    int rc = clock_start(s, sg, st);
    if (rc == 0)
        notify_game_changed(s, sg, actor);
    commit_release(bridge_of(s)->cq);
    watch_queue(s, sg, 1);
    return rc;
}

/* Void the waiting challenge: declined, or expired. */
static int void_challenge(srv *s, srv_game *sg, const char *why, svc_status *st)
{
    int rc = clock_end_game(s, sg, "Void", st); /* not rated: nobody won */
    srv_log(s, "board %lld: the challenge %s", (long long)sg->id, why);
    return rc;
}

int challenge_decline(srv *s, srv_game *sg, svc_status *st) { return void_challenge(s, sg, "was declined", st); }

void challenge_expire(srv *s, srv_game *sg)
{
    svc_status st;
    svc_status_init(&st);
    void_challenge(s, sg, "expired", &st);
}

int svc_rematch(srv *s, const char *actor, int64_t board, int64_t *new_board, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    if (games_seat_of(sg, actor) < 0)
        return svc_fail(st, "NOT_A_PLAYER", "%s does not play on board %lld", actor, (long long)board);
    char name[2][STORE_NAME_MAX + 1];
    int waiting;
    snprintf(name[0], sizeof name[0], "%s", sg->player[1]); /* the colours swapped */
    snprintf(name[1], sizeof name[1], "%s", sg->player[0]);
    if (players_later(s, sg, 1, 0)) /* the opponent's consent, and the new game's mails, look them up */
        return svc_fail(st, "BUSY", "the players are being read");
    if (consent_of(s, actor, name, &waiting, st) != 0 || ids_ready(s, IDS_GAMES, st) != 0)
        return -1;
    return start_game(s, actor, sg->kind, name, sg->options, waiting, 0, new_board, st);
}

/* ---- preferences ------------------------------------------------------------------------------ */
static const char *const challenges_names[] = {"open", "ask", "closed"};

int svc_challenges_mode_of(const char *word)
{
    for (int i = 0; i < 3; i++)
        if (proto_word_is(word, challenges_names[i]))
            return i;
    return -1;
}

const char *svc_challenges_name(int mode) { return mode >= 0 && mode < 3 ? challenges_names[mode] : "ask"; }

int svc_set_challenges(srv *s, const char *user, int mode, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (mode < STORE_CHALLENGES_OPEN || mode > STORE_CHALLENGES_CLOSED)
        return svc_fail(st, "BAD_ARG", "challenges are open, ask or closed");
    u->challenges = mode;
    return users_commit_prefs(s, u, st);
}

int svc_block(srv *s, const char *user, const char *other, int on, svc_status *st)
{
    srv_user *u = users_find(s, user);
    char name[STORE_NAME_MAX + 1];
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    if (!svc_user_exists(s, other, name))
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", other);
    if (!strcmp(name, u->name))
        return svc_fail(st, "BAD_ARG", "you cannot block yourself");
    int has = users_blocks(u, name);
    if (on && !has) {
        char (*b)[STORE_NAME_MAX + 1] = realloc(u->blocks, (u->nblocks + 1) * sizeof *u->blocks);
        if (!b)
            return svc_fail(st, "INTERNAL", "out of memory");
        u->blocks = b;
        snprintf(u->blocks[u->nblocks++], STORE_NAME_MAX + 1, "%s", name);
    } else if (!on && has) {
        for (size_t i = 0; i < u->nblocks; i++)
            if (!strcmp(u->blocks[i], name)) {
                memmove(u->blocks[i], u->blocks[u->nblocks - 1], STORE_NAME_MAX + 1);
                u->nblocks--;
                break;
            }
    }
    store_op op = {.kind = STORE_BLOCK};
    snprintf(op.block.user, sizeof op.block.user, "%s", u->name);
    snprintf(op.block.other, sizeof op.block.other, "%s", name);
    op.block.on = on;
    return svc_commit(s, &op, NULL, st);
}

/* ---- seeks ------------------------------------------------------------------------------------- */
typedef struct srv_seek {
    store_seek k;
    struct srv_seek *next;
} srv_seek;

void seeks_free_all(srv *s)
{
    while (ops_of(s)->seeks) {
        srv_seek *n = ops_of(s)->seeks->next;
        free(ops_of(s)->seeks);
        ops_of(s)->seeks = n;
    }
}

static int load_seek(void *ctx, const store_seek *k)
{
    srv *s = ctx;
    srv_seek *e = calloc(1, sizeof *e), **tail = &ops_of(s)->seeks;
    if (!e)
        return -1;
    e->k = *k;
    while (*tail)
        tail = &(*tail)->next;
    *tail = e;
    return 0;
}

/* The seeks as the store has them, read at once (at start, and with one server on a local store). */
void seeks_load(srv *s)
{
    seeks_free_all(s);
    if (bridge_of(s)->rstore->be->seeks_each(bridge_of(s)->rstore, load_seek, s) != 0)
        srv_log(s, "cannot read the seeks");
}

/* ---- the seeks read again on the store thread (several servers on one database) ---------- */
typedef struct seeks_job {
    db_job base;
    uint64_t written;        /* this server's last seek change when the read was queued */
    int rc;
    srv_seek *list;          /* the rows read, oldest first */
} seeks_job;

static void seeks_list_free(srv_seek *e)
{
    while (e) {
        srv_seek *n = e->next;
        free(e);
        e = n;
    }
}

static int collect_seek(void *ctx, const store_seek *k)
{
    srv_seek ***tail = ctx, *e = calloc(1, sizeof *e);
    if (!e)
        return -1;
    e->k = *k;
    **tail = e;
    *tail = &e->next;
    return 0;
}

static void seeks_job_run(store *st, db_job *d)
{
    seeks_job *j = (seeks_job *)d;
    srv_seek **tail = &j->list;
    j->rc = st->be->seeks_each(st, collect_seek, &tail);
}

static void seeks_job_discard(db_job *d)
{
    seeks_list_free(((seeks_job *)d)->list);
    free(d);
}

/* The rows have come: they replace the list unless this server changed a seek since the read was
 * queued, or another server's notice came meanwhile (then they are read again once settled). */
static void seeks_job_done(srv *s, db_job *d)
{
    seeks_job *j = (seeks_job *)d;
    ops_of(s)->seeks_reading = 0;
    if (j->rc != 0) {
        srv_log(s, "cannot read the seeks");
    } else if (j->written != model_of(s)->seeks_written || ops_of(s)->seeks_later) {
        ops_of(s)->seeks_later = 1;
    } else {
        seeks_free_all(s);
        ops_of(s)->seeks = j->list;
        j->list = NULL;
    }
    seeks_job_discard(d);
    seeks_settle(s);
}

/* Read the seeks again: with a store thread the list in memory stays as it is until the rows have
 * come (one read in flight; seeks_settle queues it once this server's own seek changes have
 * committed); else at once. */
void seeks_reload(srv *s)
{
    if (!bridge_of(s)->dbj) {
        seeks_load(s);
        return;
    }
    ops_of(s)->seeks_later = 1;
    seeks_settle(s);
}

static void seeks_read_later(srv *s)
{
    seeks_job *j = calloc(1, sizeof *j);
    if (!j) {
        seeks_load(s);
        return;
    }
    dbjobs_setup(&j->base, seeks_job_run, seeks_job_done, seeks_job_discard);
    j->written = model_of(s)->seeks_written;
    ops_of(s)->seeks_reading = 1;
    dbjobs_run(s, &j->base);
}

/* Several ludexd on one PostgreSQL: another server made or took a seek (a SEEKS notice); the
 * seeks are read again, once this server's own seek changes in flight have committed. */
void seeks_changed(srv *s, const char *args)
{
    if (strtoul(args, NULL, 10) == model_of(s)->instance)
        return;
    ops_of(s)->seeks_later = 1;
    seeks_settle(s);
}

void seeks_settle(srv *s)
{
    if (ops_of(s)->seeks_later && !ops_of(s)->seeks_reading && model_of(s)->seeks_written <= bridge_of(s)->committed) {
        ops_of(s)->seeks_later = 0;
        if (bridge_of(s)->dbj)
            seeks_read_later(s);
        else
            seeks_load(s);
    }
}

static void drop_seek(srv *s, srv_seek **at, svc_status *st)
{
    srv_seek *e = *at;
    store_op op = {.kind = STORE_SEEK_DELETE};
    op.seek.id = e->k.id;
    *at = e->next;
    free(e);
    svc_commit(s, &op, NULL, st);
}

/* ---- taking a seek in the store, off the loop (several servers on one database) ---------- */
/* A seek taken for a join, kept for the join's next run (dbjobs_keep), with the game's id. */
typedef struct take_job {
    db_job base;
    int rc;                  /* seek_take's: 1 taken here, 0 gone already, -1 error */
    int64_t game;            /* the id the game takes (taken before the seek: that run may wait for it) */
    store_seek k;
    char why[256];
} take_job;

static void take_run(store *st, db_job *d)
{
    take_job *j = (take_job *)d;
    j->rc = st->be->seek_take(st, j->k.id, j->why, sizeof j->why);
}

static void take_discard(db_job *d) { free(d); }

static void take_done(srv *s, db_job *d)
{
    take_job *j = (take_job *)d;
    if (j->rc < 0)
        srv_log(s, "seek %lld: the database did not take it: %s", (long long)j->k.id, j->why);
    dbjobs_keep(s, d);
}

/* The store's answer for the join of seek id running now, taken out (the caller frees it with
 * take_discard), or NULL when there is none yet. */
static take_job *take_answer(srv *s, int64_t id)
{
    return bridge_of(s)->request && bridge_of(s)->request->read_seek == id ? (take_job *)dbjobs_answer(s, take_done) : NULL;
}

/* Queue the take of seek k for the join running now; 1 queued (the join runs again with the
 * answer), 0 when it cannot wait (no store thread, no request that can run again, no memory). */
static int take_later(srv *s, const store_seek *k)
{
    svc_wait *w = dbjobs_request(s);
    take_job *j = w ? calloc(1, sizeof *j) : NULL;
    if (!j)
        return 0;
    dbjobs_setup(&j->base, take_run, take_done, take_discard);
    j->k = *k;
    j->game = ids_next(s, IDS_GAMES); /* svc_join's ids_ready: one is held */
    w->read_seek = k->id;
    dbjobs_run_for(s, w, &j->base);
    return 1;
}

/* The seek k (at *at in memory, or gone from it meanwhile: at NULL) accepted: with several
 * servers on one database, taken in the store, only if it is still there (two servers accepting
 * one seek at the same moment: the second is told NO_SUCH_SEEK, as one server tells the later of
 * two); then dropped as drop_seek does (its delete in the batch tells the other servers).  The
 * take runs on the store thread when the request can run again (take_later), and `answer` is
 * the store's answer on the second run (take_answer); else at once.  0, or -1 (st). */
static int take_seek(srv *s, const store_seek *k, srv_seek **at, const take_job *answer, svc_status *st)
{
    char why[256];
    int rc = 1;
    if (answer) {
        rc = answer->rc;
    } else if (bridge_of(s)->rstore->be->seek_take && take_later(s, k)) {
        return svc_fail(st, "NO_SUCH_SEEK", "there is no open seek %lld (taking it)", (long long)k->id);
    } else if (bridge_of(s)->rstore->be->seek_take && (rc = bridge_of(s)->rstore->be->seek_take(bridge_of(s)->rstore, k->id, why, sizeof why)) < 0) {
        srv_log(s, "seek %lld: the database did not take it: %s", (long long)k->id, why);
    }
    if (rc == 1 && at) {
        drop_seek(s, at, st);
    } else if (rc == 1) { /* gone from memory meanwhile (the seeks read again): the notice still goes */
        store_op op = {.kind = STORE_SEEK_DELETE};
        op.seek.id = k->id;
        svc_commit(s, &op, NULL, st);
    }
    if (rc == 1)
        return 0;
    if (rc < 0)
        return svc_fail(st, "INTERNAL", "the database cannot take the seek now: try again later");
    seeks_reload(s); /* as the store has it: another server took or withdrew it */
    return svc_fail(st, "NO_SUCH_SEEK", "there is no open seek %lld", (long long)k->id);
}

/* Seeks older than the challenge days go. */
static void expire_seeks(srv *s)
{
    seeks_settle(s);
    int64_t now = svc_clock_now(s);
    svc_status st;
    svc_status_init(&st);
    for (srv_seek **at = &ops_of(s)->seeks; *at;)
        if (now - (*at)->k.created > CHALLENGE_DAYS * 86400L)
            drop_seek(s, at, &st);
        else
            at = &(*at)->next;
}

int svc_post_seek(srv *s, const char *actor, proto_game kind, int argc, char *const *argv, int64_t *id, svc_status *st)
{
    const srv_rules *r = rules_for(kind);
    if (!r)
        return svc_fail(st, "UNKNOWN_GAME", "the games are twixt, hex, backgammon and crossword");
    seeks_settle(s);
    size_t mine = 0;
    for (srv_seek *e = ops_of(s)->seeks; e; e = e->next)
        mine += !strcmp(e->k.user, actor);
    if (mine >= 10)
        return svc_fail(st, "RATE_LIMITED", "at most 10 open seeks each");
    lx_buf canon = LX_BUF_INIT;
    if (challenge_options(r, argc, argv, &canon, st) != 0) {
        lx_buf_free(&canon);
        return -1;
    }
    srv_seek *e = calloc(1, sizeof *e), **tail = &ops_of(s)->seeks;
    if (!e || !canon.data || canon.len >= sizeof e->k.options) {
        free(e);
        lx_buf_free(&canon);
        return svc_fail(st, "INTERNAL", "out of memory");
    }
    if (ids_ready(s, IDS_SEEKS, st) != 0 || (e->k.id = ids_next(s, IDS_SEEKS)) <= 0) {
        free(e);
        lx_buf_free(&canon);
        return st->code ? -1 : svc_fail(st, "INTERNAL", "cannot number the seek: the database is away");
    }
    snprintf(e->k.kind, sizeof e->k.kind, "%s", r->name);
    snprintf(e->k.user, sizeof e->k.user, "%s", actor);
    memcpy(e->k.options, canon.data, canon.len + 1);
    e->k.created = svc_clock_now(s);
    lx_buf_free(&canon);
    while (*tail)
        tail = &(*tail)->next;
    *tail = e;
    *id = e->k.id;
    store_op op = {.kind = STORE_SEEK_ADD};
    op.seek = e->k;
    return svc_commit(s, &op, NULL, st);
}

_Static_assert(SVC_NAME_MAX == STORE_NAME_MAX && SVC_TEXT_MAX == STORE_TEXT_MAX, "a seek as the store has it");
_Static_assert((int)SVC_CHALLENGES_OPEN == (int)STORE_CHALLENGES_OPEN && (int)SVC_CHALLENGES_ASK == (int)STORE_CHALLENGES_ASK &&
                   (int)SVC_CHALLENGES_CLOSED == (int)STORE_CHALLENGES_CLOSED,
               "the doors' challenge modes are the store's");

/* A seek as the doors are handed it. */
static void seek_to_door(svc_seek *out, const store_seek *k)
{
    out->id = k->id;
    snprintf(out->kind, sizeof out->kind, "%s", k->kind);
    snprintf(out->user, sizeof out->user, "%s", k->user);
    snprintf(out->options, sizeof out->options, "%s", k->options);
    out->created = k->created;
}

long svc_seeks(srv *s, proto_game kind, svc_seek *out, size_t cap)
{
    long n = 0;
    expire_seeks(s);
    for (srv_seek *e = ops_of(s)->seeks; e && (size_t)n < cap; e = e->next)
        if (kind == G_NONE || proto_game_of(e->k.kind) == kind)
            seek_to_door(&out[n++], &e->k);
    return n;
}

int svc_join(srv *s, const char *actor, int64_t id, int64_t *board, svc_status *st)
{
    expire_seeks(s);
    srv_seek **at = &ops_of(s)->seeks;
    while (*at && (*at)->k.id != id)
        at = &(*at)->next;
    take_job *t = take_answer(s, id); /* this join's second run: the store's answer */
    if (!*at && !(t && t->rc == 1)) {
        if (t)
            take_discard(&t->base);
        return svc_fail(st, "NO_SUCH_SEEK", "there is no open seek %lld", (long long)id);
    }
    int answered = t != NULL;
    take_job answer = t ? *t : (take_job){.rc = 0};
    if (t)
        take_discard(&t->base);
    store_seek k = *at ? (*at)->k : answer.k;
    if (*at && !strcmp(k.user, actor)) { /* joining one's own seek withdraws it */
        drop_seek(s, at, st);
        *board = 0;
        return 0;
    }
    int reading;
    srv_user *seeker = users_for_request(s, k.user, &reading);
    if (reading)
        return svc_fail(st, "NO_SUCH_SEEK", "there is no open seek %lld (reading its seeker)", (long long)k.id);
    if (seeker && users_blocks(seeker, actor))
        return svc_fail(st, "BLOCKED", "%s does not take challenges from you", k.user);
    char name[2][STORE_NAME_MAX + 1];
    if (players_exist(s, k.user, actor, name, st) != 0 || (!answered && ids_ready(s, IDS_GAMES, st) != 0) ||
        take_seek(s, &k, *at ? at : NULL, answered ? &answer : NULL, st) != 0)
        return -1;
    return start_game(s, actor, proto_game_of(k.kind), name, k.options, -1, answered && answer.game > 0 ? answer.game : 0,
                      board, st);
}

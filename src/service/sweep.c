/* service/sweep.c - once a second, the clocks' sweep: reminders, losses on time and challenges
 * that expired, for the games the store says are due (clock_sweep).
 *
 * The store hands each due game to one instance's sweep (a claim, see clock.c); the claim runs
 * on the store thread (one in flight at a time) and the games it returns are handled on the
 * loop.  A game memory does not hold (or holds stale) is read on the store thread too and
 * handled when it has come (sweep_read_done), and so are the players the game's mails look up
 * and the ratings a loss on time needs, when memory lacks them (sweep_then): the sweep reads
 * nothing on the loop.  Memory decides, and each change is queued in one batch, so a sweep that
 * runs twice never ends a game twice. */
#include <stdlib.h>

#include "service/life.h"

#define SWEEP_MAX 256
#define SWEEP_CLAIM 30 /* seconds a due game is this instance's (several ludexd on PostgreSQL) */

static void remind(srv *s, srv_game *sg)
{
    svc_status st;
    svc_status_init(&st);
    sg->clock.nagged = 1;
    commit_hold(bridge_of(s)->cq);
    if (clock_persist(s, sg, &st) == 0)
        notify_reminder(s, sg, sg->clock.seat, clock_left(s, sg));
    commit_release(bridge_of(s)->cq);
}

/* What the sweep does with a due game now, as memory has it (the store may be a batch behind). */
enum { SWEEP_NOTHING, SWEEP_EXPIRE, SWEEP_TIME_OUT, SWEEP_REMIND };

static int sweep_action(const srv_game *sg, int64_t now)
{
    if (sg && sg->waiting && !sg->forced_result[0] && now >= sg->waiting_until)
        return SWEEP_EXPIRE;
    if (!sg || games_over(sg) || sg->clock.seat < 0)
        return SWEEP_NOTHING;
    if (now >= clock_deadline(sg))
        return SWEEP_TIME_OUT;
    return !sg->clock.nagged && now >= clock_nag_time(sg) ? SWEEP_REMIND : SWEEP_NOTHING;
}

/* What the sweep may still read on the store thread before it handles a due game: the players,
 * whom the doors' hooks look up (the game's mails), then the ratings a loss on time needs. */
enum { READ_PLAYERS, READ_RATINGS, READ_NOTHING };

static void sweep_players_done(srv *s, int64_t id);
static void sweep_ratings_done(srv *s, int64_t id);

/* Due game sg (NULL: not there) reminded, lost on time or expired as its clock says now.  With a
 * store thread, what memory lacks for it is read there first (from `may_read` on), and the game
 * handled again when it has come, so nothing is read on the loop. */
static void sweep_one(srv *s, srv_game *sg, int64_t now, int may_read)
{
    int action = sweep_action(sg, now);
    if (action == SWEEP_NOTHING)
        return;
    const char *players[2] = {sg->player[0], sg->player[1]};
    if (may_read <= READ_PLAYERS && ops_of(s)->nnotifiers && users_read_then(s, players, 2, sg->id, sweep_players_done))
        return;
    if (action == SWEEP_TIME_OUT && may_read <= READ_RATINGS && ratings_read_then(s, sg, sweep_ratings_done))
        return;
    svc_status st;
    svc_status_init(&st);
    if (action == SWEEP_EXPIRE)
        challenge_expire(s, sg);
    else if (action == SWEEP_TIME_OUT)
        clock_time_out(s, sg, &st);
    else
        remind(s, sg);
}

/* A due game read on the store thread for the sweep has come (the claim kept it this
 * instance's meanwhile): handled as memory has it now. */
static void sweep_read_done(srv *s, int64_t id)
{
    if (!s->stopping && !ops_of(s)->failed)
        sweep_one(s, games_find(s, id), svc_clock_now(s), READ_PLAYERS);
}

/* The game read again (sweep_then) has come: handled from where its handling was. */
static void sweep_reread_ratings(srv *s, int64_t id)
{
    if (!s->stopping && !ops_of(s)->failed)
        sweep_one(s, games_find(s, id), svc_clock_now(s), READ_RATINGS);
}

static void sweep_reread_last(srv *s, int64_t id)
{
    if (!s->stopping && !ops_of(s)->failed)
        sweep_one(s, games_find(s, id), svc_clock_now(s), READ_NOTHING);
}

/* What a due game's handling needs has come (its players; its ratings): handled as memory has
 * it now, the game read again first if another server changed it or the budget dropped it
 * meanwhile, and the handling goes on from where it was (the players and ratings are read once
 * each: what a tiny budget drops again meanwhile is read at the end, and the handling ends; read
 * from the start, a game, its players and its ratings that never fit together would go round
 * for ever).  Ratings another server changed meanwhile are read at the end. */
static void sweep_then(srv *s, int64_t id, int may_read)
{
    if (s->stopping || ops_of(s)->failed)
        return;
    srv_game *sg = games_held_fresh(s, id);
    if (!sg && bridge_of(s)->dbj &&
        games_read_then(s, id, may_read == READ_RATINGS ? sweep_reread_ratings : sweep_reread_last))
        return;
    sweep_one(s, sg ? sg : games_find(s, id), svc_clock_now(s), may_read);
}

static void sweep_players_done(srv *s, int64_t id) { sweep_then(s, id, READ_RATINGS); }

static void sweep_ratings_done(srv *s, int64_t id) { sweep_then(s, id, READ_NOTHING); }

/* The due games claimed.  With a store thread, a game memory does not hold (or holds stale) is
 * read there and handled when it has come (sweep_read_done); else it is read at once. */
static void sweep_games(srv *s, const int64_t *ids, long n)
{
    int64_t now = svc_clock_now(s);
    for (long i = 0; i < n; i++) {
        srv_game *sg = games_held_fresh(s, ids[i]);
        if (!sg && bridge_of(s)->dbj && games_read_then(s, ids[i], sweep_read_done))
            continue;
        sweep_one(s, sg ? sg : games_find(s, ids[i]), now, READ_PLAYERS);
    }
}

/* The claim of the due games (a write, a round trip to a remote database): on the store
 * thread when there is one, the games then handled on the loop; one claim in flight at a time. */
typedef struct sweep_claim {
    db_job base;
    int64_t now;
    long n;
    int64_t ids[SWEEP_MAX];
} sweep_claim;

static void claim_run(store *st, db_job *d)
{
    sweep_claim *c = (sweep_claim *)d;
    c->n = st->be->games_due(st, c->now, c->now + SWEEP_CLAIM, c->ids, SWEEP_MAX);
}

static void claim_discard(db_job *d) { free(d); }

static void claim_done(srv *s, db_job *d)
{
    sweep_claim *c = (sweep_claim *)d;
    s->sweeping = 0;
    if (!s->stopping && !ops_of(s)->failed)
        sweep_games(s, c->ids, c->n);
    free(c);
}

void clock_sweep(srv *s)
{
    sweep_claim *c = s->sweeping ? NULL : calloc(1, sizeof *c);
    if (!c)
        return;
    dbjobs_setup(&c->base, claim_run, claim_done, claim_discard);
    c->now = svc_clock_now(s);
    s->sweeping = 1;
    dbjobs_run(s, &c->base);
}

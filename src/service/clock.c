/* service/clock.c - game clocks: time per move, or a bank with an increment,
 * the reminder when a quarter of a player's time is left, and the loss on
 * time.
 *
 * A challenge sets the clock with -days=D (D days for every move, 7 by
 * default) or -clock=INITIAL+INCREMENT[/MAX] in days or hours ("14d+1d/30d",
 * "48h+12h": Fischer's clock, the bank growing by INCREMENT after each move,
 * capped at MAX).  The clock runs for the seat to move from the moment its
 * turn began; every change of turn is persisted in the batch of the move
 * that made it, with the next deadline and reminder, which the store indexes.
 * A sweep once a second asks the store for the games due and checks each
 * against memory (the truth: a move may be in flight): a reminder goes out
 * once per turn, and a game whose deadline has passed ends as a loss on time,
 * written to the record.  Memory decides, and the change is queued in one
 * batch, so a sweep that runs twice, or a restart between two sweeps, never
 * ends a game twice.  A move that arrives after its deadline, before the
 * sweep, ends the game the same way instead of being played.
 *
 * Several ludexd on one PostgreSQL: the store hands each due game to one
 * instance's sweep (games_due claims it with FOR UPDATE SKIP LOCKED until
 * the game's clock is written again, or SWEEP_CLAIM seconds; the other
 * instances' sweeps skip it), so a game is lost on time, and reminded, by
 * one instance; a claim left by an instance that died runs out and another
 * takes the game.
 * The claim is a write to the database: it runs on the store thread (one in
 * flight at a time) and the games it returns are handled on the loop; a game
 * memory does not hold (or holds stale) is read on the store thread too and
 * handled when it has come (sweep_read_done), and so are the players the
 * game's mails look up and the ratings a loss on time needs, when memory
 * lacks them (sweep_then): the sweep reads nothing on the loop.
 *
 * Time is the service's clock (svc_clock_now): the system's, moved by
 * --clock-offset for tests that must jump weeks in a second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/rules_util.h"
#include "service/svc_int.h"

#define DAY 86400L
#define SWEEP_MAX 256
#define SWEEP_CLAIM 30 /* seconds a due game is this instance's (several ludexd on PostgreSQL) */

int64_t svc_clock_now(const srv *s) { return (int64_t)time(NULL) + s->clock_offset; }

/* "14d", "48h", "7" (days): seconds, or -1. */
static long duration(const char *p, const char **end)
{
    char *e;
    long v = strtol(p, &e, 10);
    if (e == p || v < 0 || v > 3650)
        return -1;
    long unit = DAY;
    if (*e == 'd' || *e == 'h') {
        unit = *e == 'h' ? 3600 : DAY;
        e++;
    }
    *end = e;
    return v * unit;
}

int clock_option(const char *word, lx_buf *canon, svc_status *st)
{
    const char *end;
    if (!strncmp(word, "-days=", 6)) {
        long d = duration(word + 6, &end);
        if (d <= 0 || *end || d > 365 * DAY)
            return svc_fail(st, "BAD_OPTION", "-days=D takes 1 to 365 days (or hours: -days=36h)");
        lx_buf_printf(canon, "%sclock=%ld+0/%ld", canon->len ? " " : "", d, d);
        return 1;
    }
    if (strncmp(word, "-clock=", 7))
        return 0;
    long initial = duration(word + 7, &end), inc = -1, max = -1;
    if (initial > 0 && *end == '+')
        inc = duration(end + 1, &end);
    if (inc >= 0 && *end == '/')
        max = duration(end + 1, &end);
    else if (inc >= 0 && !*end)
        max = 365 * DAY;
    if (initial <= 0 || inc < 0 || max < initial || *end)
        return svc_fail(st, "BAD_OPTION", "-clock=INITIAL+INCREMENT[/MAX] in days or hours, e.g. -clock=14d+1d/30d");
    lx_buf_printf(canon, "%sclock=%ld+%ld/%ld", canon->len ? " " : "", initial, inc, max);
    return 1;
}

/* ---- the clock's state ------------------------------------------------------------------- */
static void clock_config(const srv_game *sg, long *initial, long *inc, long *max)
{
    char v[64];
    *initial = 7 * DAY, *inc = 0, *max = 7 * DAY; /* the classic server: seven days a move */
    if (opt_get(sg->options, "clock", v, sizeof v) && sscanf(v, "%ld+%ld/%ld", initial, inc, max) != 3)
        *initial = 7 * DAY, *inc = 0, *max = 7 * DAY;
}

static int per_move(const srv_game *sg)
{
    long initial, inc, max;
    clock_config(sg, &initial, &inc, &max);
    return inc == 0 && max == initial; /* -days=D: the whole time again every move */
}

int64_t clock_deadline(const srv_game *sg)
{
    const srv_clock *c = &sg->clock;
    return c->seat < 0 ? 0 : c->since + c->bank[c->seat];
}

static int64_t nag_time(const srv_game *sg)
{
    const srv_clock *c = &sg->clock;
    return c->seat < 0 || c->nagged ? 0 : clock_deadline(sg) - c->bank[c->seat] / 4;
}

static int persist(srv *s, srv_game *sg, svc_status *st)
{
    char text[96];
    const srv_clock *c = &sg->clock;
    snprintf(text, sizeof text, "%d %lld %ld %ld %d", c->seat, (long long)c->since, c->bank[0], c->bank[1], c->nagged);
    store_op op = {.kind = STORE_GAME_CLOCK};
    op.game.id = sg->id;
    op.game.clock = text;
    op.game.deadline = sg->forced_result[0] ? 0 : sg->waiting ? sg->waiting_until : clock_deadline(sg);
    op.game.nag_at = sg->forced_result[0] || sg->waiting ? 0 : nag_time(sg);
    snprintf(op.game.result, sizeof op.game.result, "%s", sg->forced_result);
    op.game.status = sg->waiting;
    snprintf(op.game.offer, sizeof op.game.offer, "%s", sg->offer);
    return svc_commit(s, &op, sg, st);
}

int clock_persist(srv *s, srv_game *sg, svc_status *st) { return persist(s, sg, st); }

void clock_restore(srv_game *sg, const store_game *row)
{
    const char *text = row->clock, *result = row->result;
    sg->waiting = row->status >= 1 && row->status <= 2 ? row->status : 0;
    sg->waiting_until = sg->waiting ? row->deadline : 0;
    snprintf(sg->offer, sizeof sg->offer, "%s", row->offer);
    srv_clock *c = &sg->clock;
    long long since;
    c->seat = -1;
    if (text && sscanf(text, "%d %lld %ld %ld %d", &c->seat, &since, &c->bank[0], &c->bank[1], &c->nagged) == 5)
        c->since = since;
    else
        c->seat = -1;
    snprintf(sg->forced_result, sizeof sg->forced_result, "%s", result ? result : "");
}

int clock_start(srv *s, srv_game *sg, svc_status *st)
{
    long initial, inc, max;
    clock_config(sg, &initial, &inc, &max);
    sg->clock.bank[0] = sg->clock.bank[1] = initial;
    sg->clock.seat = sg->rules->seat_to_move(sg->g);
    sg->clock.since = svc_clock_now(s);
    sg->clock.nagged = 0;
    return persist(s, sg, st);
}

int clock_after_play(srv *s, srv_game *sg, svc_status *st)
{
    srv_clock *c = &sg->clock;
    int next = games_to_move(sg);
    if (next == c->seat)
        return 0; /* the same player acts again (a roll): the clock runs on */
    int64_t now = svc_clock_now(s);
    if (c->seat >= 0) {
        long initial, inc, max;
        clock_config(sg, &initial, &inc, &max);
        long left = c->bank[c->seat] - (long)(now - c->since);
        c->bank[c->seat] = per_move(sg) ? initial : (left + inc > max ? max : left + inc < 0 ? 0 : left + inc);
    }
    c->seat = next;
    c->since = now;
    int64_t away = next >= 0 ? vacation_until(s, sg->player[next]) : 0;
    if (away > now) /* the turn comes to a player on vacation: it starts when they are back */
        c->since = away;
    c->nagged = 0;
    return persist(s, sg, st);
}

long clock_left(const srv *s, const srv_game *sg)
{
    if (sg->clock.seat < 0 || games_over(sg))
        return -1;
    long left = (long)(clock_deadline(sg) - svc_clock_now(s));
    return left < 0 ? 0 : left;
}

/* ---- the loss on time, and the reminder ---------------------------------------------------- */
int clock_time_out(srv *s, srv_game *sg, svc_status *st)
{
    int loser = sg->clock.seat;
    char winner[8];
    if (loser < 0 || games_over(sg))
        return 0;
    games_colour_of(sg, 1 - loser, winner);
    char re[32];
    snprintf(re, sizeof re, "%s+Time", winner);
    sg->clock.bank[loser] = 0;
    int rc = clock_end_game(s, sg, re, st);
    srv_log(s, "board %lld: %s lost on time (%s)", (long long)sg->id, sg->player[loser], sg->forced_result);
    return rc;
}

int clock_end_game(srv *s, srv_game *sg, const char *result, svc_status *st)
{
    snprintf(sg->forced_result, sizeof sg->forced_result, "%s", result);
    sg->clock.seat = -1;
    sg->waiting = 0;
    sg->offer[0] = 0;
    sg->changes++;
    commit_hold(s->cq);
    int rc = persist(s, sg, st);
    if (rc == 0)
        rc = ratings_game_over(s, sg, st);
    if (rc == 0)
        notify_game_changed(s, sg, NULL);
    commit_release(s->cq);
    watch_queue(s, sg, 1);
    return rc;
}

static void remind(srv *s, srv_game *sg)
{
    svc_status st;
    svc_status_init(&st);
    sg->clock.nagged = 1;
    commit_hold(s->cq);
    if (persist(s, sg, &st) == 0)
        notify_reminder(s, sg, sg->clock.seat, clock_left(s, sg));
    commit_release(s->cq);
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
    return !sg->clock.nagged && now >= nag_time(sg) ? SWEEP_REMIND : SWEEP_NOTHING;
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
    if (may_read <= READ_PLAYERS && s->nnotifiers && users_read_then(s, players, 2, sg->id, sweep_players_done))
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
    if (!s->stopping && !s->failed)
        sweep_one(s, games_find(s, id), svc_clock_now(s), READ_PLAYERS);
}

/* What a due game's handling needs has come (its players; its ratings): handled as memory has
 * it now, the game read again first if another server changed it meanwhile.  Each is read once:
 * ratings another server changed meanwhile are read at the end. */
static void sweep_then(srv *s, int64_t id, int may_read)
{
    if (s->stopping || s->failed)
        return;
    srv_game *sg = games_held_fresh(s, id);
    if (!sg && s->dbj && games_read_then(s, id, sweep_read_done))
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
        if (!sg && s->dbj && games_read_then(s, ids[i], sweep_read_done))
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
    if (!s->stopping && !s->failed)
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

long svc_game_time_left(srv *s, const srv_game *sg) { return clock_left(s, sg); }

void svc_format_duration(long t, char out[32])
{
    if (t >= DAY)
        snprintf(out, 32, "%ldd %ldh", t / DAY, t % DAY / 3600);
    else if (t >= 3600)
        snprintf(out, 32, "%ldh %ldm", t / 3600, t % 3600 / 60);
    else
        snprintf(out, 32, "%ldm", (t + 59) / 60);
}

/* service/tournament_rounds.c - a tournament's life after its start: its rounds paired, its end.
 *
 * Nothing here waits for a door, and no lower part calls in: a game's end is an event
 * (game_end_publish through ops' game_ended, which life points at tournaments_game_ended).  A
 * tournament game's end is noted with the batch that holds it; once that batch has committed
 * (tournaments_committed) the tournament is looked at on the store thread: when the store has none
 * of the games of its last round still being played, those games are read from the store (memory
 * may not know yet of the end another server wrote a moment ago) and on the loop the plan
 * (tournament_plan.c) says what is due.  A start made here looks at once too.  A round's games are
 * written by store_tournament_pair_rounds on the store thread: the claim on (tournament, round)
 * makes a round paired exactly once whatever other servers on the database do (two servers ending
 * a round's last two games together both look; at least the later sees both ends, and the claim
 * decides), and a server that dies mid-pairing leaves nothing half-made.  A round robin whose games
 * all start together (-rounds=together) has every round claimed and every game written in that one
 * transaction.  The sweep (tournaments_sweep, every second or --tournament-sweep) stays as the
 * safety net: it reads the tournaments that are open with a start date that has come and those
 * running, and settles each from the games memory holds (a game not held is read off the loop,
 * and that tournament waits for the next sweep), so what a dead server left unpaired is paired by
 * whichever comes first.  New games are told to their players as a new challenge's are
 * (notify_game_changed) once they have been read into memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "service/ops.h"
#include "service/rules_util.h"
#include "store/tournaments.h"

#define SWEEP_TOURNAMENTS 16 /* running tournaments looked at a sweep */

/* ---- a tournament's games as the plan sees them -------------------------------------------- */
static int entrant_index(const store_entrant *e, long ne, const char *user)
{
    for (long i = 0; i < ne; i++)
        if (!strcmp(e[i].user, user))
            return (int)i;
    return -1;
}

/* What the player moving first scored in the ended game sg: 1, 0.5 (a draw, a void) or 0. */
static double first_score_of(const srv_game *sg)
{
    char re[32], first[8];
    games_result(sg, re);
    games_colour_of(sg, 0, first);
    if (re[1] != '+')
        return 0.5;
    return re[0] == first[0] ? 1.0 : 0.0;
}

/* A game memory does not hold, read: at once with no store thread (SQLite), else on the store
 * thread and put in memory when it has come (the tournament waits for a later look). */
typedef struct game_fetch {
    db_job base;
    srv *s;
    int64_t id;
    srv_game *fresh;
    int unread;
} game_fetch;

static void fetch_run(store *st, db_job *d)
{
    game_fetch *f = (game_fetch *)d;
    f->fresh = games_load(f->s, st, f->id, &f->unread);
}

static void fetch_done(srv *s, db_job *d)
{
    game_fetch *f = (game_fetch *)d;
    games_put_read(s, f->id, f->fresh, f->unread);
    free(f);
}

static void fetch_discard(db_job *d)
{
    game_fetch *f = (game_fetch *)d;
    games_drop_read(f->fresh);
    free(f);
}

static srv_game *game_now_or_later(srv *s, int64_t id)
{
    srv_game *sg = games_held_fresh(s, id);
    if (sg || !bridge_of(s)->dbj)
        return sg ? sg : games_find(s, id);
    game_fetch *f = calloc(1, sizeof *f);
    if (f) {
        f->s = s;
        f->id = id;
        dbjobs_setup(&f->base, fetch_run, fetch_done, fetch_discard);
        dbjobs_run(s, &f->base);
    }
    return NULL;
}

/* As tournament_plan_games, game i taken from fresh[i] when fresh and it are not NULL (read from the
 * store after a game's end had committed: memory may not know yet of another server's end). */
static int plan_games_with(srv *s, const store_entrant *e, long ne, const store_pairing *p, long np,
                           srv_game *const *fresh, tplan_game *out, int *complete)
{
    *complete = 1;
    for (long i = 0; i < np; i++) {
        tplan_game *g = &out[i];
        g->round = p[i].round;
        g->first = entrant_index(e, ne, p[i].first);
        g->second = p[i].second[0] ? entrant_index(e, ne, p[i].second) : PAIRING_BYE;
        g->done = !p[i].game_id;
        g->first_score = 1.0;
        if (g->first < 0 || (p[i].second[0] && g->second < 0))
            return -1;
        if (!p[i].game_id)
            continue;
        srv_game *sg = fresh && fresh[i] ? fresh[i] : game_now_or_later(s, p[i].game_id);
        if (!sg) {
            *complete = 0;
            continue;
        }
        g->done = games_over(sg);
        g->first_score = g->done ? first_score_of(sg) : 0;
    }
    return 0;
}

int tournament_plan_games(srv *s, const store_entrant *e, long ne, const store_pairing *p, long np, tplan_game *out,
                          int *complete)
{
    return plan_games_with(s, e, ne, p, np, NULL, out, complete);
}

/* ---- the sweep's read -------------------------------------------------------------------------- */
typedef struct tour_read {
    store_tournament t;
    store_entrant *entrants;
    long nentrants;
    store_pairing *pairs;
    long npairs;
} tour_read;

typedef struct sweep_job {
    db_job base;
    int64_t now;
    int64_t cursor; /* read those after it; the last read when done */
    tour_read t[SWEEP_TOURNAMENTS];
    int n;
} sweep_job;

static void tour_read_free(tour_read *r)
{
    free(r->entrants);
    free(r->pairs);
    r->entrants = NULL;
    r->pairs = NULL;
}

void tournament_seed(store *st, const store_tournament *t, store_entrant *e, long n)
{
    srv_game games_of = {.kind = proto_game_of(t->kind), .options = (char *)t->options}; /* for its class */
    const char *cls = games_of.kind == G_NONE ? NULL : ratings_class(&games_of);
    double *r = cls ? calloc((size_t)n + 1, sizeof *r) : NULL;
    if (!r)
        return;
    for (long i = 0; i < n; i++) {
        store_rating row;
        r[i] = st->be->rating_get(st, e[i].user, cls, &row) == 1 ? row.r : 1500.0;
    }
    for (long i = 1; i < n; i++) /* a stable insertion sort: equals keep their joining order */
        for (long k = i; k > 0 && r[k] > r[k - 1]; k--) {
            double x = r[k];
            r[k] = r[k - 1];
            r[k - 1] = x;
            store_entrant y = e[k];
            e[k] = e[k - 1];
            e[k - 1] = y;
        }
    free(r);
}

/* Open tournaments whose date has come start with their players seeded (too few: they wait for
 * more); the store's start happens once. */
static void start_due(store *st, int64_t now)
{
    store_tournament open[SWEEP_TOURNAMENTS];
    long n = store_tournaments_list(st, STORE_TOURNAMENT_OPEN, open, SWEEP_TOURNAMENTS);
    for (long i = 0; i < n; i++) {
        if (!open[i].start_at || now < open[i].start_at)
            continue;
        store_entrant *e = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *e);
        const char **names = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *names);
        long ne = e && names ? store_tournament_entrants(st, open[i].id, e, TOURNAMENT_MAX_PLAYERS) : -1;
        if (ne > 0)
            tournament_seed(st, &open[i], e, ne);
        for (long k = 0; k < ne; k++)
            names[k] = e[k].user;
        char err[256];
        if (ne >= open[i].min_players)
            store_tournament_start(st, open[i].id, names, (size_t)ne, err, sizeof err);
        free(names);
        free(e);
    }
}

/* A running tournament's entrants (those an operator disabled withdrawn first: their games are
 * then lost by forfeit, as a leave's) and pairings, read. */
static void read_one(store *st, tour_read *r)
{
    char err[200];
    store_tournament_withdraw_disabled(st, r->t.id, err, sizeof err);
    r->entrants = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *r->entrants);
    r->nentrants = r->entrants ? store_tournament_entrants(st, r->t.id, r->entrants, TOURNAMENT_MAX_PLAYERS) : -1;
    r->npairs = -1;
    if (r->nentrants < 0)
        return;
    size_t cap = tournament_pairings_cap(&r->t, r->nentrants);
    r->pairs = calloc(cap, sizeof *r->pairs);
    r->npairs = r->pairs ? store_tournament_pairings(st, r->t.id, r->pairs, cap) : -1;
}

/* Up to SWEEP_TOURNAMENTS running tournaments, the ones after the cursor first, then (wrapping)
 * from the oldest up to the cursor: over successive sweeps every running one is looked at,
 * however many there are.  The cursor moves to the last one read. */
static void sweep_run(store *st, db_job *d)
{
    sweep_job *j = (sweep_job *)d;
    start_due(st, j->now);
    store_tournament running[SWEEP_TOURNAMENTS];
    long n = store_tournaments_after(st, STORE_TOURNAMENT_RUNNING, j->cursor, running, SWEEP_TOURNAMENTS);
    if (n >= 0 && n < SWEEP_TOURNAMENTS && j->cursor > 0) {
        long more = store_tournaments_after(st, STORE_TOURNAMENT_RUNNING, 0, running + n, (size_t)(SWEEP_TOURNAMENTS - n));
        for (long i = 0; i < more && running[n].id <= j->cursor; i++)
            n++;
    }
    for (long i = 0; i < n; i++) {
        j->t[j->n].t = running[i];
        read_one(st, &j->t[j->n++]);
        j->cursor = running[i].id;
    }
}

static void sweep_discard(db_job *d)
{
    sweep_job *j = (sweep_job *)d;
    for (int i = 0; i < j->n; i++)
        tour_read_free(&j->t[i]);
    free(j);
}

/* ---- a round written ----------------------------------------------------------------------------- */
typedef struct pair_job {
    db_job base;
    int64_t tournament;
    int first_round, round; /* rounds first_round..round (more than one: -rounds=together) */
    store_game *games;
    size_t ngames;
    store_pairing *pairs;
    size_t npairs;
    int finish; /* not a round: the tournament is over */
    int hold;   /* seconds to wait before writing (a testing aid: a server killed mid-pairing) */
    int rc;
    char err[256];
} pair_job;

static void pair_job_free(pair_job *j)
{
    for (size_t i = 0; i < j->ngames; i++) {
        free(j->games[i].options);
        free(j->games[i].state);
        free(j->games[i].clock);
    }
    free(j->games);
    free(j->pairs);
    free(j);
}

static void pair_run(store *st, db_job *d)
{
    pair_job *j = (pair_job *)d;
    if (j->finish) {
        j->rc = store_tournament_finish(st, j->tournament, j->err, sizeof j->err);
        return;
    }
    if (j->hold)
        sleep((unsigned)j->hold);
    int64_t first = j->ngames ? st->be->ids_reserve(st, "games", (int)j->ngames) : 1;
    if (first <= 0) {
        j->rc = -1;
        snprintf(j->err, sizeof j->err, "no game ids");
        return;
    }
    for (size_t i = 0, g = 0; i < j->npairs; i++)
        if (j->pairs[i].second[0]) {
            j->games[g].id = j->pairs[i].game_id = first + (int64_t)g;
            g++;
        }
    j->rc = store_tournament_pair_rounds(st, j->tournament, j->first_round, j->round, j->games, j->ngames, j->pairs,
                                         j->npairs, j->err, sizeof j->err);
}

static void pair_discard(db_job *d) { pair_job_free((pair_job *)d); }

/* A new game read into memory: its players are told as of a new challenge. */
static void tell_new_game(srv *s, int64_t id)
{
    srv_game *sg = games_held_fresh(s, id);
    if (!sg && !bridge_of(s)->dbj) /* no store thread (SQLite): read here (games_read_then reads only what is held) */
        sg = games_find(s, id);
    if (!sg)
        return;
    commit_hold(bridge_of(s)->cq);
    notify_game_changed(s, sg, NULL);
    commit_release(bridge_of(s)->cq);
}

static void pair_done(srv *s, db_job *d)
{
    pair_job *j = (pair_job *)d;
    if (j->rc < 0)
        srv_log(s, "tournament %lld: %s", (long long)j->tournament, j->err);
    else if (j->rc == 1 && j->finish)
        srv_log(s, "tournament %lld: finished", (long long)j->tournament);
    else if (j->rc == 1) {
        if (j->first_round < j->round)
            srv_log(s, "tournament %lld: rounds %d-%d paired (%zu games)", (long long)j->tournament, j->first_round,
                    j->round, j->ngames);
        else
            srv_log(s, "tournament %lld: round %d paired (%zu games)", (long long)j->tournament, j->round, j->ngames);
        for (size_t i = 0; i < j->ngames; i++)
            if (!games_read_then(s, j->games[i].id, tell_new_game))
                tell_new_game(s, j->games[i].id);
    }
    pair_job_free(j);
}

/* Days a move of the tournament's games, from their canonical options ("clock=D+0/D"). */
static long days_of(const char *options)
{
    char v[64];
    long initial = 7 * 86400L, inc, max;
    if (opt_get(options, "clock", v, sizeof v))
        sscanf(v, "%ld+%ld/%ld", &initial, &inc, &max);
    return initial;
}

/* The tournament's games' options and "event=NAME round=R" (a space of the name as '_'), which the
 * record writes as EV[] and RO[] (rules_util.c); malloc'd, or NULL. */
static char *options_with_event(const store_tournament *t, int round)
{
    char name[STORE_TOURNAMENT_NAME_MAX + 1];
    size_t i = 0;
    for (; t->name[i] && i < sizeof name - 1; i++)
        name[i] = t->name[i] == ' ' || t->name[i] == '\t' ? '_' : t->name[i];
    name[i] = 0;
    size_t cap = strlen(t->options) + sizeof name + 32;
    char *out = malloc(cap);
    if (out)
        snprintf(out, cap, "%s%sevent=%s round=%d", t->options, t->options[0] ? " " : "", name, round);
    return out;
}

/* Game row i of the round: the rules' fresh game, the clock running for the seat to move. */
static int make_row(srv *s, const store_tournament *t, int round, const char *first, const char *second,
                    store_game *row)
{
    const srv_rules *r = rules_for(proto_game_of(t->kind));
    lx_game_error err;
    lx_game_error_init(&err);
    void *g = r ? r->create(t->options, &err) : NULL;
    lx_game_error_free(&err);
    if (!g)
        return -1;
    r->between_turns(g);
    int seat = r->seat_to_move(g);
    int64_t now = svc_clock_now(s);
    long bank = days_of(t->options);
    char clock[96];
    snprintf(clock, sizeof clock, "%d %lld %ld %ld 0", seat, (long long)now, bank, bank); /* clock.c's text */
    snprintf(row->kind, sizeof row->kind, "%s", t->kind);
    snprintf(row->player[0], sizeof row->player[0], "%s", first);
    snprintf(row->player[1], sizeof row->player[1], "%s", second);
    row->options = options_with_event(t, round);
    row->state = strdup(r->state(g));
    row->clock = strdup(clock);
    row->created = now;
    row->version = games_new_version(s);
    row->deadline = seat >= 0 ? now + bank : 0;
    row->nag_at = seat >= 0 ? row->deadline - bank / 4 : 0;
    r->destroy(g);
    return row->options && row->state && row->clock ? 0 : -1;
}

/* Rounds first..last: boards (nboards, each with its round in rounds[]) written as one job. */
static void pair_rounds(srv *s, const tour_read *r, int first, int last, const pairing_game *boards,
                        const int *rounds, int nboards)
{
    pair_job *j = calloc(1, sizeof *j);
    if (!j || !(j->games = calloc((size_t)nboards + 1, sizeof *j->games)) ||
        !(j->pairs = calloc((size_t)nboards + 1, sizeof *j->pairs))) {
        if (j)
            pair_job_free(j);
        return;
    }
    j->tournament = r->t.id;
    j->first_round = first;
    j->round = last;
    j->hold = ops_of(s)->tournaments_pair_hold;
    for (int b = 0, board = 0; b < nboards; b++) {
        store_pairing *p = &j->pairs[j->npairs++];
        int round = rounds[b];
        board = b > 0 && rounds[b - 1] == round ? board + 1 : 1;
        p->round = round;
        p->board = board;
        snprintf(p->first, sizeof p->first, "%s", r->entrants[boards[b].first].user);
        if (boards[b].second == PAIRING_BYE)
            continue;
        snprintf(p->second, sizeof p->second, "%s", r->entrants[boards[b].second].user);
        if (make_row(s, &r->t, round, p->first, p->second, &j->games[j->ngames++]) != 0) {
            pair_job_free(j);
            return;
        }
    }
    dbjobs_setup(&j->base, pair_run, pair_done, pair_discard);
    dbjobs_run(s, &j->base);
}

static void finish(srv *s, int64_t id)
{
    pair_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->tournament = id;
    j->finish = 1;
    dbjobs_setup(&j->base, pair_run, pair_done, pair_discard);
    dbjobs_run(s, &j->base);
}

size_t tournament_pairings_cap(const store_tournament *t, long nentrants)
{
    size_t n = (size_t)(nentrants > 0 ? nentrants : 1);
    size_t rounds = (size_t)t->round + 1;
    return rounds * (n / 2 + 1) + n * n + 16; /* a round's boards every round paired, or any round robin */
}

int tournament_input(const store_tournament *t, const store_entrant *e, long ne, int *withdrawn, tplan_input *in)
{
    char err[128];
    memset(in, 0, sizeof *in);
    if (tournament_format_parse(t->format, &in->format, err, sizeof err) != 0)
        return -1;
    for (long i = 0; i < ne; i++)
        withdrawn[i] = e[i].withdrawn;
    in->sequential = t->sequential;
    in->n = (int)ne;
    in->withdrawn = withdrawn;
    in->rounds_paired = t->round;
    return 0;
}

/* A withdrawn player's games still being played are lost by forfeit ("W+F", "B+F"), each in one
 * batch as a loss on time is; the next sweep sees them ended. */
static void forfeit_withdrawn(srv *s, const tour_read *r)
{
    for (long i = 0; i < r->npairs; i++) {
        const store_pairing *p = &r->pairs[i];
        int a = entrant_index(r->entrants, r->nentrants, p->first);
        int b = p->second[0] ? entrant_index(r->entrants, r->nentrants, p->second) : -1;
        if (!p->game_id || a < 0 || b < 0 || (!r->entrants[a].withdrawn && !r->entrants[b].withdrawn))
            continue;
        srv_game *sg = games_held_fresh(s, p->game_id);
        if (!sg || games_over(sg))
            continue;
        int loser = r->entrants[a].withdrawn ? 0 : 1;
        char winner[8], re[32];
        games_colour_of(sg, 1 - loser, winner);
        snprintf(re, sizeof re, "%s+F", winner);
        svc_status st;
        svc_status_init(&st);
        if (clock_end_game(s, sg, re, &st) == 0)
            srv_log(s, "board %lld: %s forfeits (withdrawn from tournament %lld)", (long long)sg->id,
                    sg->player[loser], (long long)r->t.id);
    }
}

/* A player who lost a tournament game on time withdraws, as by a leave: written on the store
 * thread; the next sweep reads it withdrawn and forfeits its other games. */
typedef struct withdraw_job {
    db_job base;
    int64_t tournament;
    char user[STORE_NAME_MAX + 1];
} withdraw_job;

static void withdraw_run(store *st, db_job *d)
{
    withdraw_job *j = (withdraw_job *)d;
    char err[200];
    store_tournament_leave(st, j->tournament, j->user, err, sizeof err);
}

static void withdraw_discard(db_job *d) { free(d); }

static void withdraw_done(srv *s, db_job *d)
{
    withdraw_job *j = (withdraw_job *)d;
    srv_log(s, "tournament %lld: %s withdrawn (lost on time)", (long long)j->tournament, j->user);
    free(d);
}

/* The seat that lost the ended game sg on time, or -1 when it did not end so. */
static int lost_on_time(const srv_game *sg)
{
    const char *plus = strstr(sg->forced_result, "+Time");
    char first[8];
    if (!plus)
        return -1;
    games_colour_of(sg, 0, first);
    size_t n = strlen(first);
    return (size_t)(plus - sg->forced_result) == n && !strncmp(sg->forced_result, first, n) ? 1 : 0;
}

static void withdraw_lost_on_time(srv *s, const tour_read *r)
{
    for (long i = 0; i < r->npairs; i++) {
        srv_game *sg = r->pairs[i].game_id ? games_held_fresh(s, r->pairs[i].game_id) : NULL;
        int loser = sg && games_over(sg) ? lost_on_time(sg) : -1;
        int e = loser < 0 ? -1 : entrant_index(r->entrants, r->nentrants, sg->player[loser]);
        if (e < 0 || r->entrants[e].withdrawn)
            continue;
        withdraw_job *j = calloc(1, sizeof *j);
        if (!j)
            return;
        j->tournament = r->t.id;
        snprintf(j->user, sizeof j->user, "%s", r->entrants[e].user);
        dbjobs_setup(&j->base, withdraw_run, withdraw_done, withdraw_discard);
        dbjobs_run(s, &j->base);
    }
}

/* What the plan says from `in` on: with TPLAN_PAIR, the boards of every round due (one for a round
 * at a time; every round left of a round robin whose games all start together, -rounds=together),
 * each with its round, in *boards and *rounds (malloc'd, *count of them), rounds *first..*last. */
typedef struct due {
    pairing_game *boards;
    int *rounds;
    int count, cap, first, last;
} due;

static int due_room(due *d, int more)
{
    if (d->count + more <= d->cap)
        return 0;
    int cap = 2 * d->cap + more;
    pairing_game *b = realloc(d->boards, (size_t)cap * sizeof *b);
    if (b)
        d->boards = b;
    int *r = b ? realloc(d->rounds, (size_t)cap * sizeof *r) : NULL;
    if (!r)
        return -1;
    d->rounds = r;
    d->cap = cap;
    return 0;
}

static tplan_step due_rounds(tplan_input *in, due *d)
{
    tplan_step first_step = TPLAN_WAIT;
    for (;;) {
        int round = 0, nb = 0;
        if (due_room(d, in->n + 1) != 0)
            return TPLAN_ERROR;
        tplan_step step = tournament_next(in, &round, d->boards + d->count, &nb);
        if (!d->first)
            first_step = step;
        if (step != TPLAN_PAIR)
            return first_step;
        for (int i = 0; i < nb; i++)
            d->rounds[d->count + i] = round;
        d->count += nb;
        d->first = d->first ? d->first : round;
        d->last = round;
        if (in->sequential || in->format.kind != TFORMAT_ROUNDROBIN)
            return TPLAN_PAIR;
        in->rounds_paired = round; /* together: the next round too, before any game of these is played */
    }
}

/* What is due for one running tournament, done; fresh (NULL, or one per pairing): games read from
 * the store just now, which the plan takes over memory's. */
static void settle_with(srv *s, const tour_read *r, srv_game *const *fresh)
{
    if (r->nentrants < 2 || r->npairs < 0)
        return;
    withdraw_lost_on_time(s, r);
    forfeit_withdrawn(s, r);
    tplan_game *games = calloc((size_t)r->npairs + 1, sizeof *games);
    int *withdrawn = calloc((size_t)r->nentrants, sizeof *withdrawn);
    int complete = 0;
    tplan_input in;
    if (games && withdrawn &&
        plan_games_with(s, r->entrants, r->nentrants, r->pairs, r->npairs, fresh, games, &complete) == 0 &&
        complete && tournament_input(&r->t, r->entrants, r->nentrants, withdrawn, &in) == 0) {
        in.games = games;
        in.ngames = (size_t)r->npairs;
        due d = {0};
        tplan_step step = due_rounds(&in, &d);
        if (step == TPLAN_PAIR)
            pair_rounds(s, r, d.first, d.last, d.boards, d.rounds, d.count);
        else if (step == TPLAN_FINISHED)
            finish(s, r->t.id);
        free(d.boards);
        free(d.rounds);
    }
    free(games);
    free(withdrawn);
}

static void settle(srv *s, const tour_read *r) { settle_with(s, r, NULL); }

static void sweep_done(srv *s, db_job *d)
{
    sweep_job *j = (sweep_job *)d;
    ops_of(s)->tournaments_sweeping = 0;
    ops_of(s)->tournaments_cursor = j->cursor;
    for (int i = 0; i < j->n; i++)
        settle(s, &j->t[i]);
    sweep_discard(d);
}

void tournaments_sweep(srv *s)
{
    int64_t now = svc_clock_now(s);
    int every = ops_of(s)->tournaments_every > 0 ? ops_of(s)->tournaments_every : 1;
    if (ops_of(s)->tournaments_sweeping || now - ops_of(s)->tournaments_swept < every)
        return;
    sweep_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    ops_of(s)->tournaments_swept = now;
    ops_of(s)->tournaments_sweeping = 1;
    j->now = now;
    j->cursor = ops_of(s)->tournaments_cursor;
    dbjobs_setup(&j->base, sweep_run, sweep_done, sweep_discard);
    dbjobs_run(s, &j->base);
}

/* ---- a look at one tournament now: a game of it has ended, or it has started ------------------ */
typedef struct look_job {
    db_job base;
    srv *s;
    int64_t tournament, game; /* game: the ended game that asked (0: a start) */
    int due;                  /* the store says no game of the rounds looked at is being played */
    tour_read r;
    srv_game **fresh;         /* one per pairing: those rounds' games as the store has them */
    int *unread;
} look_job;

/* On the store thread, after the end's batch has committed: the tournament is read and its
 * games of the rounds that decide what comes next (the last paired; every round, -rounds=together)
 * read from the store, but only when the store has none of them still being played. */
static void look_run(store *st, db_job *d)
{
    look_job *j = (look_job *)d;
    int round = 0;
    if (j->game && store_tournament_of_game(st, j->game, &j->tournament, &round) != 1)
        return;
    if (store_tournament_get(st, j->tournament, &j->r.t) != 1 || j->r.t.state != STORE_TOURNAMENT_RUNNING)
        return;
    int from = j->r.t.sequential ? j->r.t.round : 1;
    if (j->game && round < from)
        return; /* a game of a round after which the next was paired already */
    if (j->r.t.round > 0 && store_tournament_games_running(st, j->tournament, from) != 0)
        return; /* one is still being played (or the store cannot say): its end looks again */
    read_one(st, &j->r);
    if (j->r.npairs < 0)
        return;
    j->fresh = calloc((size_t)j->r.npairs + 1, sizeof *j->fresh);
    j->unread = calloc((size_t)j->r.npairs + 1, sizeof *j->unread);
    if (!j->fresh || !j->unread)
        return;
    for (long i = 0; i < j->r.npairs; i++)
        if (j->r.pairs[i].game_id && j->r.pairs[i].round >= from)
            j->fresh[i] = games_load(j->s, st, j->r.pairs[i].game_id, &j->unread[i]);
    j->due = 1;
}

static void look_free(look_job *j, srv *s)
{
    for (long i = 0; j->fresh && i < j->r.npairs; i++)
        if (j->fresh[i]) {
            if (s) /* memory takes what it lacks, or a copy it knows is stale */
                games_put_read(s, j->r.pairs[i].game_id, j->fresh[i], j->unread[i]);
            else
                games_drop_read(j->fresh[i]);
        }
    free(j->fresh);
    free(j->unread);
    tour_read_free(&j->r);
    free(j);
}

static void look_done(srv *s, db_job *d)
{
    look_job *j = (look_job *)d;
    if (j->due)
        settle_with(s, &j->r, j->fresh);
    look_free(j, s);
}

static void look_discard(db_job *d) { look_free((look_job *)d, NULL); }

static void look_at(srv *s, int64_t tournament, int64_t game)
{
    look_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->s = s;
    j->tournament = tournament;
    j->game = game;
    dbjobs_setup(&j->base, look_run, look_done, look_discard);
    dbjobs_run(s, &j->base);
}

void tournament_look(srv *s, int64_t id) { look_at(s, id, 0); }

/* ---- a game's end, heard -------------------------------------------------------------------------- */
typedef struct ended_game {
    int64_t board;
    uint64_t batch;
} ended_game;

static void note_ended(srv_ops *o, int64_t board, uint64_t batch)
{
    if (o->nended == o->capended) {
        size_t cap = o->capended ? 2 * o->capended : 16;
        ended_game *e = realloc(o->ended, cap * sizeof *e);
        if (!e)
            return; /* the sweep sees it */
        o->ended = e;
        o->capended = cap;
    }
    o->ended[o->nended++] = (ended_game){board, batch};
}

void tournaments_game_ended(srv *s, const srv_game *sg, uint64_t batch)
{
    char round[16];
    if (opt_get(sg->options, "round", round, sizeof round)) /* a tournament's game */
        note_ended(ops_of(s), sg->id, batch);
}

/* The ends whose batch has committed are looked at (taken off the list first: a look may end
 * more games, a withdrawn player's, which join the list anew). */
void tournaments_committed(srv *s, uint64_t committed)
{
    srv_ops *o = ops_of(s);
    ended_game *list = o->ended;
    size_t n = o->nended;
    if (!n)
        return;
    o->ended = NULL;
    o->nended = o->capended = 0;
    for (size_t i = 0; i < n; i++)
        if (list[i].batch > committed)
            note_ended(o, list[i].board, list[i].batch);
    for (size_t i = 0; i < n; i++)
        if (list[i].batch <= committed)
            look_at(s, 0, list[i].board);
    free(list);
}

void tournaments_free(srv *s)
{
    free(ops_of(s)->ended);
    ops_of(s)->ended = NULL;
    ops_of(s)->nended = ops_of(s)->capended = 0;
}

/* service/tournaments.c - what a player asks of a tournament: new, join, leave, start, show, list.
 *
 * Each call is one of the store's tournament calls (store/tournaments.h, each its own transaction,
 * so a join that would pass the maximum, or a second start, is refused by the database whatever
 * other servers do) run as a job of the store thread for a request that can run again: the call
 * answers BUSY, the job's answer is kept, and the request's next run takes it (as svc_standings
 * does); with no store thread (SQLite) it runs at once.  A start here has its first round paired
 * at once (tournament_look); the later rounds, a start at a date and the end are
 * tournament_rounds.c's.  A start seeds the entrants by their rating in the class of the games
 * (a newcomer's 1500), equals in the order they joined. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/ops.h"

enum t_op { T_CREATE, T_JOIN, T_LEAVE, T_START, T_SHOW, T_LIST };

typedef struct tjob {
    db_job base;
    enum t_op op;
    int64_t id, now;
    char user[STORE_NAME_MAX + 1];
    int state;               /* T_LIST */
    store_tournament t;      /* T_CREATE: the new one; else as read */
    int found, rc;
    int started;             /* this call started it (the store's start returned 1) */
    const char *code;        /* an error's code, NULL when none */
    char err[256];
    store_entrant *entrants; /* T_SHOW, T_START */
    long nentrants;
    store_pairing *pairs;    /* T_SHOW */
    long npairs;
    store_tournament *list;  /* T_LIST */
    long nlist;
    long *counts;            /* T_LIST: each one's entrants */
    int *entered;            /* T_LIST: user has entered it (and not withdrawn) */
} tjob;

static const char *const state_names[] = {"open", "running", "finished"};

int svc_tournament_state_of(const char *word)
{
    for (int i = 0; i < 3; i++)
        if (proto_word_is(word, state_names[i]))
            return i;
    return -1;
}

static void tjob_free(tjob *j)
{
    free(j->entrants);
    free(j->pairs);
    free(j->list);
    free(j->counts);
    free(j->entered);
    free(j);
}

static void refuse(tjob *j, const char *code, const char *msg)
{
    j->code = code;
    snprintf(j->err, sizeof j->err, "%s", msg);
}

/* ---- on the store thread ---------------------------------------------------------------------- */
static int read_entrants(store *st, tjob *j)
{
    free(j->entrants); /* a join that fills it reads them again to start */
    j->entrants = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *j->entrants);
    j->nentrants = j->entrants ? store_tournament_entrants(st, j->id, j->entrants, TOURNAMENT_MAX_PLAYERS) : -1;
    return j->nentrants < 0 ? -1 : 0;
}

/* Start with the entrants seeded (a start by the organizer, or the join that filled it). */
static void start(store *st, tjob *j)
{
    if (read_entrants(st, j) != 0)
        return refuse(j, "INTERNAL", "the entrants cannot be read");
    if (j->nentrants < j->t.min_players) {
        snprintf(j->err, sizeof j->err, "%ld players have joined; it needs at least %d", j->nentrants,
                 j->t.min_players);
        j->code = "TOO_FEW_PLAYERS";
        return;
    }
    tournament_seed(st, &j->t, j->entrants, j->nentrants);
    const char **names = calloc((size_t)j->nentrants + 1, sizeof *names);
    if (!names)
        return refuse(j, "INTERNAL", "out of memory");
    for (long i = 0; i < j->nentrants; i++)
        names[i] = j->entrants[i].user;
    j->rc = store_tournament_start(st, j->id, names, (size_t)j->nentrants, j->err, sizeof j->err);
    j->started = j->rc == 1;
    free(names);
    if (j->rc < 0)
        j->code = "INTERNAL";
    else if (j->rc == 0)
        refuse(j, "NOT_OPEN", "the tournament has started already");
}

static void join(store *st, tjob *j)
{
    j->rc = store_tournament_join(st, j->id, j->user, j->now, j->err, sizeof j->err);
    if (j->rc < 0)
        j->code = "INTERNAL";
    else if (j->rc == 0)
        refuse(j, "CANNOT_JOIN", j->t.state != STORE_TOURNAMENT_OPEN ? "the tournament has started" :
                                 "the tournament is full, or you have joined it already");
    else if (read_entrants(st, j) == 0 && j->nentrants >= j->t.max_players && j->t.start_at == 0)
        start(st, j), j->code = NULL, j->rc = 1; /* full: it starts (or another server started it) */
}

static void tjob_run(store *st, db_job *d)
{
    tjob *j = (tjob *)d;
    if (j->op == T_CREATE) {
        if (store_tournament_create(st, &j->t, j->err, sizeof j->err) != 0)
            j->code = "INTERNAL";
        return;
    }
    if (j->op == T_LIST) {
        j->list = calloc(SVC_TOURNAMENTS_MAX, sizeof *j->list);
        j->nlist = j->list ? store_tournaments_list(st, j->state, j->list, SVC_TOURNAMENTS_MAX) : -1;
        j->counts = calloc(SVC_TOURNAMENTS_MAX, sizeof *j->counts);
        j->entered = calloc(SVC_TOURNAMENTS_MAX, sizeof *j->entered);
        for (long i = 0; j->counts && j->entered && i < j->nlist; i++)
            j->counts[i] = store_tournament_entry_count(st, j->list[i].id, j->user[0] ? j->user : NULL, &j->entered[i]);
        if (j->nlist < 0 || !j->counts || !j->entered)
            refuse(j, "INTERNAL", "the tournaments cannot be read");
        return;
    }
    j->found = store_tournament_get(st, j->id, &j->t);
    if (j->found <= 0)
        return refuse(j, j->found < 0 ? "INTERNAL" : "NO_SUCH_TOURNAMENT", "there is no such tournament");
    if (j->op == T_JOIN)
        join(st, j);
    else if (j->op == T_LEAVE) {
        j->rc = store_tournament_leave(st, j->id, j->user, j->err, sizeof j->err);
        if (j->rc <= 0)
            refuse(j, j->rc < 0 ? "INTERNAL" : "NOT_ENTERED", "you are not playing in this tournament");
    } else if (j->op == T_START) {
        if (strcmp(j->t.organizer, j->user))
            return refuse(j, "NOT_ORGANIZER", "only the tournament's organizer starts it");
        start(st, j);
    } else if (j->op == T_SHOW) {
        if (read_entrants(st, j) != 0)
            return refuse(j, "INTERNAL", "the entrants cannot be read");
        size_t cap = tournament_pairings_cap(&j->t, j->nentrants);
        j->pairs = calloc(cap, sizeof *j->pairs);
        j->npairs = j->pairs ? store_tournament_pairings(st, j->id, j->pairs, cap) : -1;
        if (j->npairs < 0)
            refuse(j, "INTERNAL", "the pairings cannot be read");
    }
}

/* ---- on the loop -------------------------------------------------------------------------------- */
static void tjob_done(srv *s, db_job *d) { dbjobs_keep(s, d); }

static void tjob_discard(db_job *d) { tjob_free((tjob *)d); }

/* want's job: its answer kept for this request's run (taken), or run now at once (no store
 * thread, or a request that cannot wait); NULL with st BUSY while it runs on the store thread. */
static tjob *tcall(srv *s, const tjob *want, svc_status *st)
{
    tjob *kept = (tjob *)dbjobs_answer(s, tjob_done);
    if (kept)
        return kept;
    tjob *j = malloc(sizeof *j);
    if (!j) {
        svc_fail(st, "INTERNAL", "out of memory");
        return NULL;
    }
    *j = *want;
    dbjobs_setup(&j->base, tjob_run, tjob_done, tjob_discard);
    svc_wait *w = dbjobs_request(s);
    if (w) {
        dbjobs_run_for(s, w, &j->base);
        svc_fail(st, "BUSY", "the tournament is being read");
        return NULL;
    }
    tjob_run(bridge_of(s)->rstore, &j->base);
    return j;
}

/* The job's refusal into st (-1), or 0. */
static int answered(tjob *j, svc_status *st)
{
    int rc = j->code ? svc_fail(st, j->code, "%s", j->err) : 0;
    return rc;
}

static int simple(srv *s, enum t_op op, const char *actor, int64_t id, svc_status *st)
{
    if (!actor)
        return svc_fail(st, "NOT_LOGGED_IN", "log in first");
    tjob want = {.op = op, .id = id, .now = svc_clock_now(s)};
    snprintf(want.user, sizeof want.user, "%s", actor);
    tjob *j = tcall(s, &want, st);
    if (!j)
        return -1;
    int rc = answered(j, st);
    if (rc == 0 && j->started)
        tournament_look(s, id); /* its first round (every round, -rounds=together) paired now */
    tjob_free(j);
    return rc;
}

int svc_tournament_join(srv *s, const char *actor, int64_t id, svc_status *st) { return simple(s, T_JOIN, actor, id, st); }

int svc_tournament_leave(srv *s, const char *actor, int64_t id, svc_status *st)
{
    return simple(s, T_LEAVE, actor, id, st);
}

int svc_tournament_start(srv *s, const char *actor, int64_t id, svc_status *st)
{
    return simple(s, T_START, actor, id, st);
}

/* ---- new ------------------------------------------------------------------------------------------ */
/* The words after the format: the tournament's settings into ts, the games' own words into canon. */
static int settings_and_options(const srv_rules *r, int argc, char *const *argv, tournament_settings *ts,
                                lx_buf *canon, svc_status *st)
{
    char *games_argv[PROTO_MAX_WORDS + 2], days[32], err[256];
    int n = 0, bank = 0;
    tournament_settings_default(ts);
    for (int i = 0; i < argc && n < PROTO_MAX_WORDS; i++) {
        int taken = tournament_setting(argv[i], ts, err, sizeof err);
        if (taken < 0)
            return svc_fail(st, "BAD_OPTION", "%s", err);
        if (!taken)
            games_argv[n++] = argv[i];
        bank |= !taken && !strncmp(argv[i], "-clock=", 7);
    }
    snprintf(days, sizeof days, "-days=%d", ts->days);
    if (!bank) /* -clock=I+J/M: the games' bank instead of -days */
        games_argv[n++] = days;
    if (!ts->rated)
        games_argv[n++] = "-unrated";
    return challenge_options(r, n, games_argv, canon, st);
}

int svc_tournament_new(srv *s, const char *actor, const char *name, const char *game, const char *format,
                       int argc, char *const *argv, int64_t *id, svc_status *st)
{
    tjob want = {.op = T_CREATE};
    tournament_format f;
    tournament_settings ts;
    char err[256];
    proto_game kind = proto_game_of(game);
    const srv_rules *r = kind == G_NONE ? NULL : rules_for(kind);
    if (!actor)
        return svc_fail(st, "NOT_LOGGED_IN", "log in first");
    if (!r)
        return svc_fail(st, "UNKNOWN_GAME", "games are twixt, hex, backgammon and crossword");
    if (!*name || strlen(name) > STORE_TOURNAMENT_NAME_MAX)
        return svc_fail(st, "BAD_NAME", "a tournament's name is 1 to %d bytes", STORE_TOURNAMENT_NAME_MAX);
    if (tournament_format_parse(format, &f, err, sizeof err) != 0)
        return svc_fail(st, "BAD_FORMAT", "%s", err);
    lx_buf canon = LX_BUF_INIT;
    int rc = settings_and_options(r, argc, argv, &ts, &canon, st);
    if (rc == 0 && canon.len >= sizeof want.t.options)
        rc = svc_fail(st, "BAD_OPTION", "the games' options are too long");
    if (rc != 0) {
        lx_buf_free(&canon);
        return -1;
    }
    store_tournament *t = &want.t;
    snprintf(t->name, sizeof t->name, "%s", name);
    snprintf(t->kind, sizeof t->kind, "%s", proto_game_name(kind));
    snprintf(t->format, sizeof t->format, "%s", format);
    snprintf(t->options, sizeof t->options, "%s", canon.data ? canon.data : "");
    snprintf(t->organizer, sizeof t->organizer, "%s", actor);
    lx_buf_free(&canon);
    t->min_players = ts.min_players;
    t->max_players = ts.max_players;
    t->start_at = ts.start_at;
    t->rated = ts.rated;
    t->sequential = ts.sequential;
    t->created = svc_clock_now(s);
    tjob *j = tcall(s, &want, st);
    if (!j)
        return -1;
    rc = answered(j, st);
    *id = j->t.id;
    tjob_free(j);
    return rc;
}

/* ---- show and list --------------------------------------------------------------------------------- */
static void head_to_door(const store_tournament *t, long players, svc_tournament *out)
{
    memset(out, 0, sizeof *out);
    out->id = t->id;
    snprintf(out->name, sizeof out->name, "%s", t->name);
    snprintf(out->game, sizeof out->game, "%s", t->kind);
    snprintf(out->format, sizeof out->format, "%s", t->format);
    snprintf(out->options, sizeof out->options, "%s", t->options);
    snprintf(out->organizer, sizeof out->organizer, "%s", t->organizer);
    out->state = state_names[t->state >= 0 && t->state <= 2 ? t->state : 0];
    out->round = t->round;
    out->players = (int)players;
    out->min_players = t->min_players;
    out->max_players = t->max_players;
    out->rated = t->rated;
    out->sequential = t->sequential;
    out->start_at = t->start_at;
}

static void pairing_to_door(const store_pairing *p, const tplan_game *g, svc_tournament_pairing *out)
{
    out->round = p->round;
    out->board = p->board;
    snprintf(out->first, sizeof out->first, "%s", p->first);
    snprintf(out->second, sizeof out->second, "%s", p->second);
    out->game = p->game_id;
    const char *re = !p->game_id ? "bye" : !g->done ? "*" : g->first_score > 0.75 ? "1-0"
                   : g->first_score < 0.25 ? "0-1" : "1/2";
    snprintf(out->result, sizeof out->result, "%s", re);
}

/* The standings from the plan's games into out->rows. */
static int standings_to_door(tjob *j, const tplan_input *in, const tplan_game *games, svc_tournament_view *out)
{
    size_t n = (size_t)j->nentrants;
    standings_game *sg = calloc((size_t)j->npairs + 1, sizeof *sg);
    standings_row *rows = calloc(n + 1, sizeof *rows);
    double *rating = calloc(n + 1, sizeof *rating);
    out->rows = calloc(n + 1, sizeof *out->rows);
    int rc = -1;
    if (sg && rows && rating && out->rows) {
        size_t ng = tournament_results(games, (size_t)j->npairs, sg);
        standings_kind kind = in->format.kind == TFORMAT_ROUNDROBIN ? STANDINGS_ROUNDROBIN : STANDINGS_SWISS;
        for (size_t i = 0; i < n; i++)
            rating[i] = (double)(n - i); /* the seed: the last tie-break */
        rc = standings_compute(kind, (int)n, rating, sg, ng, rows);
        for (size_t i = 0; rc == 0 && i < n; i++) {
            svc_tournament_row *r = &out->rows[out->nrows++];
            r->rank = rows[i].rank;
            snprintf(r->user, sizeof r->user, "%s", j->entrants[rows[i].player].user);
            r->points = rows[i].points;
            r->tiebreak[0] = rows[i].tiebreak[0];
            r->tiebreak[1] = rows[i].tiebreak[1];
            r->games = rows[i].games;
            r->withdrawn = j->entrants[rows[i].player].withdrawn;
        }
    }
    free(sg);
    free(rows);
    free(rating);
    return rc;
}

static int view_of(srv *s, tjob *j, svc_tournament_view *out, svc_status *st)
{
    head_to_door(&j->t, j->nentrants, &out->head);
    tplan_game *games = calloc((size_t)j->npairs + 1, sizeof *games);
    int *withdrawn = calloc((size_t)j->nentrants + 1, sizeof *withdrawn);
    out->pairings = calloc((size_t)j->npairs + 1, sizeof *out->pairings);
    int complete, rc = -1;
    tplan_input in;
    if (games && withdrawn && out->pairings &&
        tournament_plan_games(s, j->entrants, j->nentrants, j->pairs, j->npairs, games, &complete) == 0 &&
        tournament_input(&j->t, j->entrants, j->nentrants, withdrawn, &in) == 0) {
        for (long i = 0; i < j->npairs; i++)
            pairing_to_door(&j->pairs[i], &games[i], &out->pairings[out->npairings++]);
        rc = standings_to_door(j, &in, games, out);
    }
    free(games);
    free(withdrawn);
    if (rc != 0) {
        svc_tournament_view_free(out);
        return svc_fail(st, "INTERNAL", "the standings cannot be worked out");
    }
    return 0;
}

int svc_tournament_show(srv *s, int64_t id, svc_tournament_view *out, svc_status *st)
{
    memset(out, 0, sizeof *out);
    tjob want = {.op = T_SHOW, .id = id};
    tjob *j = tcall(s, &want, st);
    if (!j)
        return -1;
    int rc = answered(j, st);
    if (rc == 0)
        rc = view_of(s, j, out, st);
    tjob_free(j);
    return rc;
}

void svc_tournament_view_free(svc_tournament_view *v)
{
    free(v->rows);
    free(v->pairings);
    v->rows = NULL;
    v->pairings = NULL;
    v->nrows = v->npairings = 0;
}

long svc_tournaments(srv *s, const char *actor, int state, svc_tournament *out, size_t cap, svc_status *st)
{
    tjob want = {.op = T_LIST, .state = state};
    snprintf(want.user, sizeof want.user, "%s", actor ? actor : "");
    tjob *j = tcall(s, &want, st);
    if (!j)
        return -1;
    long n = answered(j, st) == 0 ? 0 : -1;
    for (long i = 0; n >= 0 && i < j->nlist && (size_t)i < cap; i++, n++) {
        head_to_door(&j->list[i], j->counts[i] > 0 ? j->counts[i] : 0, &out[i]);
        out[i].entered = j->entered[i];
    }
    tjob_free(j);
    return n;
}

/* store/tournaments.h - a tournament's rows: the tournament, its entrants, its rounds (one row a
 * round paired: the claim that makes a round paired exactly once) and its pairings.
 *
 * Unlike the batches of store_backend.commit, each call here is its own transaction, committed
 * before it returns, so that what must happen once is settled by the database whatever other
 * servers on it do meanwhile: a join finds the tournament open and not full, a start finds it
 * open, and a round's pairing claims (tournament, round) with a unique key and writes every game
 * of the round and every pairing in the same transaction, or nothing (sqlite_tournaments.c,
 * pg_tournaments.c).  Like the rest of the store, these know no rules: the service pairs
 * (service/pairing.h) and makes the games' rows; the store keeps them. */
#ifndef LUDEX_STORE_TOURNAMENTS_H
#define LUDEX_STORE_TOURNAMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

enum { STORE_TOURNAMENT_OPEN = 0, STORE_TOURNAMENT_RUNNING = 1, STORE_TOURNAMENT_FINISHED = 2 };

#define STORE_TOURNAMENT_NAME_MAX 64

typedef struct store_tournament {
    int64_t id;
    char name[STORE_TOURNAMENT_NAME_MAX + 1];
    char kind[16];                      /* the game: "twixt", "hex", "backgammon", "crossword" */
    char format[24];                    /* "roundrobin", "roundrobin:2", "swiss:5", "knockout" */
    char options[512];                  /* the games' options, canonical */
    char organizer[STORE_NAME_MAX + 1];
    int min_players, max_players;
    int64_t start_at;                   /* Unix time it starts by itself; 0: when full */
    int rated;                          /* 0: -unrated */
    int sequential;                     /* 1: a round at a time; 0: every round at once */
    int state;                          /* STORE_TOURNAMENT_* */
    int round;                          /* rounds paired so far */
    int64_t created;
} store_tournament;

typedef struct store_entrant {
    char user[STORE_NAME_MAX + 1];
    int seed;                           /* 1-based from the start; 0 before */
    int64_t joined;
    int withdrawn;                      /* left, disabled or forfeited after the start */
} store_entrant;

typedef struct store_pairing {
    int round, board;                   /* 1-based */
    char first[STORE_NAME_MAX + 1];     /* moves first */
    char second[STORE_NAME_MAX + 1];    /* "" for a bye */
    int64_t game_id;                    /* 0 for a bye */
} store_pairing;

/* A new tournament (t's id is set), committed: 0, or -1 with err. */
int store_tournament_create(store *s, store_tournament *t, char *err, size_t errcap);
/* 1 found, 0 not, -1 error. */
int store_tournament_get(store *s, int64_t id, store_tournament *out);
/* Tournaments in `state` (-1: any), newest first, up to cap: the count, or -1. */
long store_tournaments_list(store *s, int state, store_tournament *out, size_t cap);
/* Tournaments in `state` with an id above `after`, oldest first, up to cap: the count, or -1 (a
 * walk over them all a few at a time). */
long store_tournaments_after(store *s, int state, int64_t after, store_tournament *out, size_t cap);
/* user joins at `now`, only while the tournament is open and has fewer than its maximum:
 * 1 joined, 0 not (closed, full or joined already), -1 error with err. */
int store_tournament_join(store *s, int64_t id, const char *user, int64_t now, char *err, size_t errcap);
/* user leaves: before the start the entry is gone; after, it is marked withdrawn.  1 done,
 * 0 not an entrant (or withdrawn already), -1 error. */
int store_tournament_leave(store *s, int64_t id, const char *user, char *err, size_t errcap);
/* Entrants of a running tournament whose account an operator has disabled are withdrawn, as a
 * leave after the start: how many were, or -1. */
int store_tournament_withdraw_disabled(store *s, int64_t id, char *err, size_t errcap);
/* The tournament starts with these entrants in seed order (the others' entries removed): only
 * while it is open.  1 started here, 0 it was not open (another server started it), -1 error. */
int store_tournament_start(store *s, int64_t id, const char *const *seeded, size_t n, char *err, size_t errcap);
/* The tournament is finished (its last game over): 1, or 0 when it was not running, -1 error. */
int store_tournament_finish(store *s, int64_t id, char *err, size_t errcap);
/* The entrants, by seed then joining order, up to cap: the count, or -1. */
long store_tournament_entrants(store *s, int64_t id, store_entrant *out, size_t cap);
/* How many have entered the tournament (the withdrawn too), and in *entered whether user is one
 * of them not withdrawn (user NULL: 0): the count, or -1. */
long store_tournament_entry_count(store *s, int64_t id, const char *user, int *entered);
/* The pairings, by round then board, up to cap: the count, or -1. */
long store_tournament_pairings(store *s, int64_t id, store_pairing *out, size_t cap);
/* The tournament and round a game belongs to: 1 found (its id in *tournament, round in *round),
 * 0 not a tournament game, -1 error. */
int store_tournament_of_game(store *s, int64_t game_id, int64_t *tournament, int *round);
/* Round `round` of the tournament paired, once: in one transaction, the claim on (tournament,
 * round), the games' rows (id, kind, players, options, state, created, version, and the clock's
 * clock, deadline, nag_at, status), the pairings, and the tournament's round count raised to
 * `round`.  1 paired here; 0 the round was paired already (by this server or another): nothing
 * written; -1 error with err (nothing written). */
int store_tournament_pair_round(store *s, int64_t id, int round, const store_game *games, size_t ngames,
                                const store_pairing *pairs, size_t npairs, char *err, size_t errcap);
/* Rounds first..last paired at once (a round robin whose games all start together, in one
 * transaction however many: 4,950 for 100 players): every claim, game and pairing, or nothing.
 * 1 paired here; 0 one of the rounds was paired already: nothing written; -1 error with err. */
int store_tournament_pair_rounds(store *s, int64_t id, int first, int last, const store_game *games, size_t ngames,
                                 const store_pairing *pairs, size_t npairs, char *err, size_t errcap);
/* The games of the tournament's rounds from from_round on whose clock still runs (deadline set:
 * being played), as the store has them now: the count, or -1. */
long store_tournament_games_running(store *s, int64_t id, int from_round);

#endif

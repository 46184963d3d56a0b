/* service/tournament_plan.h - what a tournament is and what it does next: pure functions.
 *
 * A tournament's format ("roundrobin", "roundrobin:2", "swiss:R", "knockout") and its settings
 * (-players=MIN-MAX, -start=full|YYYY-MM-DD, -rated|-unrated, -rounds=together|sequential,
 * -days=N) are read here from the words of `tournament new`; what is left are the games'
 * options.  Then, from the games so far (each with its result once it has ended),
 * tournament_next says what is due: nothing yet (a round is still being played), the next
 * round's boards (pairing.h), or the end.  Nothing here reads the store or the clock: the
 * service (tournaments.c) hands in what is stored and writes what comes back. */
#ifndef LUDEX_SERVICE_TOURNAMENT_PLAN_H
#define LUDEX_SERVICE_TOURNAMENT_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "service/pairing.h"

typedef enum tformat_kind { TFORMAT_ROUNDROBIN, TFORMAT_SWISS, TFORMAT_KNOCKOUT } tformat_kind;

#define TOURNAMENT_SWISS_MAX_ROUNDS 64
#define TOURNAMENT_KNOCKOUT_REPLAYS 2   /* drawn games played again at most, then the higher seed */
#define TOURNAMENT_MAX_PLAYERS 1000
#define TOURNAMENT_DAYS_DEFAULT 14

typedef struct tournament_format {
    tformat_kind kind;
    int cycles;  /* round robin: 1 or 2 */
    int rounds;  /* Swiss: its rounds */
} tournament_format;

/* "roundrobin", "roundrobin:2", "swiss:R" (1..64), "knockout": 0, or -1 with a sentence in err. */
int tournament_format_parse(const char *text, tournament_format *out, char *err, size_t errcap);

typedef struct tournament_settings {
    int min_players, max_players; /* 2 .. TOURNAMENT_MAX_PLAYERS; default 2 and 64 */
    int64_t start_at;             /* Unix time (midnight UTC of the date); 0: when full or started */
    int rated;                    /* default 1 */
    int sequential;               /* -rounds=: default sequential (1) */
    int days;                     /* the games' clock: days a move, default TOURNAMENT_DAYS_DEFAULT */
} tournament_settings;

void tournament_settings_default(tournament_settings *s);

/* One word of `tournament new` after the format: 1 it was a tournament setting (into s), 0 it
 * is not one (a game option: the caller keeps it), -1 a tournament setting with a bad value
 * (err says what was expected). */
int tournament_setting(const char *word, tournament_settings *s, char *err, size_t errcap);

/* A game of the tournament so far. */
typedef struct tplan_game {
    int round;            /* 1-based */
    int first, second;    /* entrants (seed order, 0-based); second PAIRING_BYE for a bye */
    int done;             /* the game has ended (a bye is done) */
    double first_score;   /* 1, 0.5, 0 when done */
} tplan_game;

typedef enum tplan_step { TPLAN_WAIT, TPLAN_PAIR, TPLAN_FINISHED, TPLAN_ERROR } tplan_step;

typedef struct tplan_input {
    tournament_format format;
    int sequential;          /* round robin: 0 pairs every round at once */
    int n;                   /* entrants */
    const int *withdrawn;    /* n flags, or NULL */
    const tplan_game *games; /* every game so far, any order */
    size_t ngames;
    int rounds_paired;
} tplan_input;

/* What is due.  TPLAN_PAIR: round *round's boards into boards (room for n boards), their count
 * in *nboards.  A knockout's rounds are its stages: one game of each match not yet decided
 * (a drawn match's replay is the next stage).  TPLAN_ERROR: out of memory. */
tplan_step tournament_next(const tplan_input *in, int *round, pairing_game *boards, int *nboards);

/* The standings' games from the plan's (done games and byes), into out (ngames at most): the count. */
size_t tournament_results(const tplan_game *games, size_t ngames, standings_game *out);

#endif

/* service/pairing.h - who plays whom in a tournament, and who stands where: pure functions.
 *
 * Players are numbered 0..n-1 by their seed (0 the best: the tournament sorts its entrants by
 * rating, then by the order they joined, before it calls these).  Nothing here reads the
 * store, the clock or the service: the tournament code (tournaments.c) hands in what has been
 * played and stores what comes back, so that every rule can be tested with hand-computed
 * values (tests/server/test_pairing.c) and timed alone (bench/pairing_bench.c).
 *
 *   pairing_roundrobin.c  Berger tables, single or double (colours swapped in the second cycle)
 *   pairing_swiss.c       a Swiss round: score groups, top half against bottom half, floaters,
 *                         no repeat, colour balance, a bye; a bounded search with fallbacks
 *   pairing_knockout.c    the seeded bracket, byes for the top seeds, a match's replays
 *   standings.c           points and tie-breaks (Sonneborn-Berger, head-to-head, Buchholz,
 *                         median Buchholz, rating), ranks
 *
 * "First" is the player who moves first (White in Twixt's SGF, Black in Hex's); a colour here
 * means moving first or second. */
#ifndef LUDEX_SERVICE_PAIRING_H
#define LUDEX_SERVICE_PAIRING_H

#include <stddef.h>

#define PAIRING_BYE (-1) /* the second player of a board that is a bye */

/* One board: first moves first; second is PAIRING_BYE for a bye (first sits out). */
typedef struct pairing_game {
    int first, second;
} pairing_game;

/* ---- round robin (pairing_roundrobin.c) ---- */

/* Rounds of a round robin of n players played `cycles` times (1 or 2): (n rounded up to
 * even - 1) per cycle; 0 when n < 2 or cycles < 1. */
int roundrobin_rounds(int n, int cycles);

/* The boards of round `round` (0-based, < roundrobin_rounds(n, cycles)) into out, which holds
 * at least (n + 1) / 2: FIDE's Berger table (player n-1 of an even n is the table's last,
 * the one that stays put), with a bye (second PAIRING_BYE) for the player the table pairs with
 * the missing one when n is odd; the second cycle repeats the first with colours swapped.
 * Returns the number of boards, or 0 for a round out of range. */
int roundrobin_round(int n, int cycles, int round, pairing_game *out);

/* ---- Swiss (pairing_swiss.c) ---- */

typedef struct swiss_entrant {
    double points;  /* so far, a bye counted (1) */
    int active;     /* 0: withdrawn; not paired again */
} swiss_entrant;

typedef struct swiss_report {
    int relaxed;    /* 0: no repeat and no colour given three times in a row; 1: the colour rule
                     * had to give way; 2: a repeat pairing had to be made */
    long steps;     /* players looked at by the search, every try (bounded a try by
                     * SWISS_STEP_BUDGET + 4 x the players squared) */
} swiss_report;

#define SWISS_STEP_BUDGET 1000000L

/* Pairs the next round of a Swiss tournament of n entrants (0..n-1 in seed order) given the
 * boards of every earlier round in the order they were played (`past`, npast boards, a bye's
 * second PAIRING_BYE).  Active players are ranked by points, then seed; within a score group
 * the top half meets the bottom half (1 v k/2+1, ...), a lone player floats down to the next
 * group; no two players meet twice; colours: a player who has had the same colour twice in a
 * row, or two more of one than of the other, gets the other; otherwise the preference of the
 * one who has the stronger one, then the higher-ranked, is met.  An odd count gives a bye to
 * the lowest-ranked player of the lowest score who has not had one.  The search is bounded
 * (SWISS_STEP_BUDGET + 4 n^2 steps a try); when it finds nothing the colour rule, then the no-repeat
 * rule, give way (report->relaxed), so a round is always paired.  Boards into out (at least
 * (active + 1) / 2), the bye last.  Returns the number of boards, or -1 when memory ran out. */
int swiss_pair(const swiss_entrant *entrants, int n, const pairing_game *past, size_t npast,
               pairing_game *out, swiss_report *report);

/* ---- knockout (pairing_knockout.c) ---- */

/* The bracket's size: the least power of two >= n (1 for n <= 1). */
int knockout_size(int n);

/* The first round's slots (knockout_size(n) of them) into slots: seeds in bracket order
 * (1 v P, P/2 v P/2+1, ...: the two best can meet only in the final), a seed >= n written as
 * PAIRING_BYE, so the top seeds have the byes.  Slots 2k and 2k+1 meet. */
void knockout_bracket(int n, int *slots);

typedef struct knockout_step {
    int decided;          /* 1: winner is set; 0: game is the next game to play */
    int winner;
    pairing_game game;
} knockout_step;

/* The match between a and b (seeds; either PAIRING_BYE, which the other beats unplayed) after
 * `played` games whose scores for the higher seed (the lower number) are hi_scores (1, 0.5,
 * 0): the first decisive game decides; a drawn game is played again with colours reversed,
 * the higher seed moving first in the match's first game; after max_replays replays all drawn,
 * the higher seed goes through. */
knockout_step knockout_match(int a, int b, const double *hi_scores, int played, int max_replays);

/* ---- standings (standings.c) ---- */

typedef enum standings_kind {
    STANDINGS_ROUNDROBIN, /* points, Sonneborn-Berger, head-to-head, rating */
    STANDINGS_SWISS       /* points, Buchholz, median Buchholz, rating */
} standings_kind;

/* A finished game: first_score is what `first` scored (1, 0.5 or 0); second PAIRING_BYE for a
 * bye, which scores first_score (1 in a Swiss, 0 in a round robin). */
typedef struct standings_game {
    int first, second;
    double first_score;
} standings_game;

#define STANDINGS_TIEBREAKS 2

typedef struct standings_row {
    int player;
    int rank;         /* 1-based; equal rows (points, tie-breaks and rating) share it */
    double points;
    double tiebreak[STANDINGS_TIEBREAKS]; /* round robin: SB, head-to-head; Swiss: Buchholz, median */
    double rating;    /* the last tie-break */
    int games;        /* games played (byes not counted) */
} standings_row;

/* The standings of n players (rating[i] the i-th's rating, the last tie-break) after ngames
 * finished games, best first, into out (n rows).  Sonneborn-Berger: the sum, over the player's
 * games, of the game's score times the opponent's points.  Head-to-head: the points a player
 * scored against the others tied with them on points and Sonneborn-Berger.  Buchholz: the sum
 * of the opponents' points, a bye counted as an opponent with 0; median Buchholz: the same
 * without the highest and the lowest when there are 3 or more.  0, or -1 when memory ran out. */
int standings_compute(standings_kind kind, int n, const double *rating, const standings_game *games,
                      size_t ngames, standings_row *out);

#endif

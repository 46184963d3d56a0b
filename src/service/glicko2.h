/* service/glicko2.h - Glickman's Glicko-2 rating system, one rating period.
 *
 * Pure arithmetic, no state: the caller keeps each player's rating r,
 * deviation RD and volatility sigma, and after a period gives the player's
 * results against opponents (their r and RD, the score 1, 0.5 or 0).  The
 * steps are those of Glickman's "Example of the Glicko-2 system" (2013),
 * with tau the system constant and the volatility found by the Illinois
 * algorithm to 1e-6. */
#ifndef LUDEX_SERVICE_GLICKO2_H
#define LUDEX_SERVICE_GLICKO2_H

#include <stddef.h>

typedef struct glicko2_rating {
    double r;       /* rating, 1500 for a newcomer */
    double rd;      /* rating deviation, 350 for a newcomer */
    double sigma;   /* volatility, 0.06 for a newcomer */
} glicko2_rating;

typedef struct glicko2_result {
    double r, rd;   /* the opponent's rating and deviation before the period */
    double score;   /* 1 win, 0.5 draw, 0 loss */
} glicko2_result;

#define GLICKO2_TAU 0.5
#define GLICKO2_NEW {1500.0, 350.0, 0.06}

/* The player's rating after a period with these results (n may be 0: the
 * deviation grows only).  Returns the new rating. */
glicko2_rating glicko2_update(glicko2_rating player, const glicko2_result *results, size_t n, double tau);

#endif

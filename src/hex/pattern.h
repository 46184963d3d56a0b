/* pattern.h - local Hex patterns for the tree's priors (internal to libludex).
 *
 * A cell's pattern is the state of its six neighbours and its six bridge
 * points (the cell two steps away across two neighbours), seen by the
 * colour to move: empty, mine, theirs, or a corner that is nobody's; a
 * border cell is the colour whose edge it is.  Two bits a cell: neighbour k
 * (direction (1,0), (1,-1), (0,-1), (-1,0), (-1,1), (0,1) in (col, row)) at
 * bits 2k, bridge point j (across neighbours j and j+1) at bits 12 + 2j.  A
 * bridge point with a carrier off the board takes the larger state of its
 * carriers.  The canonical code is the least of the code under the four
 * symmetries of a Hex board seen by the mover: the identity, the half turn,
 * and the two mirrors along the diagonals (which swap the colours, hence
 * keep "mine" and "theirs").
 *
 * The move's relation to the last stone is a second feature: none, next to
 * it, on one of its bridge points, or saving the bridge of the mover's it
 * intruded into.
 *
 * pattern.c computes both; pattern_fit.c learns a weight (a Bradley-Terry
 * "gamma") for each pattern and relation from game records by
 * minorization-maximization; pattern_table.c holds the weights learned by
 * bench/hex_patterns (see there how it was made).  The relation is fitted
 * with the patterns so that their weights are not credited with the last
 * stone's pull.  The search uses them as its policy (hex_pattern_policy:
 * the progressive bias of engine/mcts.c's selection); as prior playouts
 * they gained nothing measurable (prior.c says what was measured), and
 * hex_pattern_prior_value is the form that was tried there. */
#ifndef LX_HEX_PATTERN_H
#define LX_HEX_PATTERN_H

#include <stddef.h>
#include <stdint.h>

enum { HEX_PATTERN_CELLS = 12, HEX_PATTERN_RELATIONS = 4 };
enum { HEX_REL_NONE = 0, HEX_REL_NEXT = 1, HEX_REL_BRIDGE = 2, HEX_REL_SAVE = 3 };

/* The raw code of empty inside cell p (padded, stride cols + 2) for `me`. */
uint32_t hex_pattern_raw(const uint8_t *colour, int cols, int rows, int32_t p, uint8_t me);
/* A raw code under symmetry s (0..3: identity, half turn, the two mirrors). */
uint32_t hex_pattern_transform(uint32_t code, int s);
/* The least of the four. */
uint32_t hex_pattern_canonical(uint32_t code);
/* p's relation to the last stone `last` (0: none) for `me`. */
int hex_pattern_relation(const uint8_t *colour, int cols, int32_t p, int32_t last, uint8_t me);

/* The learned weights: sorted by code; a code not in the table has log
 * weight 0 (the mean of the training's candidates). */
typedef struct hex_pattern_weight {
    uint32_t code;
    float log_gamma;
} hex_pattern_weight;
extern const hex_pattern_weight hex_pattern_table[];
extern const size_t hex_pattern_table_size;
extern const float hex_pattern_relation_log_gamma[HEX_PATTERN_RELATIONS];

/* The log weight of a canonical code in a sorted table (0 when absent). */
float hex_pattern_lookup(const hex_pattern_weight *table, size_t n, uint32_t canonical);

/* The learned weights (e to the log weights) by raw code, every symmetric
 * form of the table's codes (a lookup without the canonical form or a
 * search), and the relations' weights, each worked out once.  One a search
 * position (sim.c), read only once made. */
typedef struct hex_pattern_map hex_pattern_map;
hex_pattern_map *hex_pattern_map_new(void); /* NULL: out of memory */
void hex_pattern_map_free(hex_pattern_map *m);
/* The weight of a raw code (1 when its pattern is not in the table). */
float hex_pattern_map_gamma(const hex_pattern_map *m, uint32_t raw);

/* The tree's policy for `me` to move (the progressive bias of
 * engine/mcts.c): for each of the n ids (empty padded cells; anything else,
 * the swap, weighs 1) its learned weight, that of its pattern times that of
 * its relation to `last`, over the n weights' sum, into prob[i]; 1 / n each
 * without a map. */
void hex_pattern_policy(const hex_pattern_map *m, const uint8_t *colour, int cols, int rows, int32_t last, uint8_t me,
                        const int32_t *ids, size_t n, float *prob);

/* The learned prior win rate of empty cell p for `me`: 0.45 plus 0.07 times
 * the log weights of its pattern and relation, clamped to [0.05, 0.95]. */
double hex_pattern_prior_value(const uint8_t *colour, int cols, int rows, int32_t p, int32_t last, uint8_t me);

/* ---- pattern_fit.c -------------------------------------------------------------- */
/* One training move: its candidates (every empty cell) as (canonical code,
 * relation), the one played at index `chosen`. */
typedef struct hex_fit_move {
    size_t first, count, chosen; /* candidates first .. first + count - 1 of the set */
} hex_fit_move;
typedef struct hex_fit_set {
    uint32_t *code;     /* per candidate */
    uint8_t *relation;  /* per candidate */
    size_t ncand, capcand;
    hex_fit_move *move;
    size_t nmove, capmove;
} hex_fit_set;

/* Add the position before a move to the set: colour (padded), `me` to move,
 * `last` the last stone (0: none), `played` the move.  -1 when out of memory. */
int hex_fit_add(hex_fit_set *set, const uint8_t *colour, int cols, int rows, uint8_t me, int32_t last,
                int32_t played);
void hex_fit_free(hex_fit_set *set);

/* The fitted weights: the distinct codes seen (sorted), their gamma and how
 * often each was a candidate, and the relations' gammas (a relation never
 * seen keeps 1). */
typedef struct hex_fit_result {
    uint32_t *code;
    double *gamma;
    uint32_t *seen;
    size_t n;
    double relation[HEX_PATTERN_RELATIONS];
} hex_fit_result;
/* Minorization-maximization, `rounds` rounds, each code's gamma with a
 * virtual win and loss against gamma 1 (a prior that keeps rare codes near
 * 1).  -1 when out of memory. */
int hex_fit_run(const hex_fit_set *set, int rounds, hex_fit_result *out);
void hex_fit_result_free(hex_fit_result *r);

#endif

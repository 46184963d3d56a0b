/* analyze.h - `ludex analyze`: a finished record judged move by move by an
 * engine (analyze_game.c walks a game; analyze.c prints, sums up and
 * annotates). */
#ifndef LX_CLI_ANALYZE_H
#define LX_CLI_ANALYZE_H

#include "cli/cli.h"
#include "cli/engine_opts.h"

/* One decision of one player: the move played and the engine's choice. */
typedef struct an_row {
    size_t number;          /* the move's number in the main line (1-based) */
    lx_sgf_prop prop;       /* the B or W property (LX_SGF_NIL for a decision not written: not doubling) */
    lx_colour who;
    char played[64], best[64];
    double best_value, played_value;
    int known;              /* played_value is the engine's (else the played move was not among its candidates) */
    int forced;             /* there was one choice only */
    int cube;               /* a cube decision (Backgammon) */
} an_row;

typedef struct an_game {
    const char *kind;       /* the engine kind */
    an_row *rows;
    size_t n, cap;
    char stopped[256];      /* why the analysis stopped before the end ("" when it did not) */
} an_game;

/* Analyse the main line of tree `t` with an engine made from `eo`.  0 (rows
 * in `g`, maybe stopped early with the reason); -1 with `err` when no
 * engine can judge this game (unknown game, engine missing, out of memory). */
int an_game_run(const lx_sgf_tree *t, const cli_engine_opts *eo, an_game *g, lx_game_error *err);
void an_game_free(an_game *g);

#endif

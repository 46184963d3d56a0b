/* ludex/engine.h - players: engines that choose and judge moves for Hex, Twixt and
 * Backgammon, behind one interface.
 *
 * An engine holds one game in progress (the moves played so far, set with
 * lx_engine_play) and answers for it: which move it would make
 * (lx_engine_genmove) and how it values the candidates (lx_engine_analyse).
 * Moves are written as the game's SGF values are ("e5", "swap-pieces",
 * "resign"; Twixt "d4", "swap-pieces"; Backgammon "31hefe", "double",
 * "take", "drop"), so anything ludex reads an engine reads.
 *
 * Kinds:
 *   "hex"        Monte Carlo tree search over the library's playouts (both
 *                cores unless told otherwise), any board size the rules allow,
 *                swap decisions.
 *   "twixt"      the same search for Twixt, STD or PP rules.
 *   "backgammon" GNU Backgammon, run as a separate program (`gnubg -t`) and
 *                given positions by the Position and Match IDs; every move it
 *                returns is checked by ludex's own rules before it is given
 *                out.  When gnubg cannot be run, lx_engine_new fails with the
 *                code "ENGINE_UNAVAILABLE" and a sentence saying what to
 *                install; every other kind keeps working.  The budget picks
 *                gnubg's look-ahead (under 0.25 s 0-ply, under 0.75 s 1-ply,
 *                else 2-ply); each answer has a deadline of 2 s + 10 times the
 *                budget, after which gnubg is killed and started again once
 *                (then ENGINE_FAILED); lx_engine_stop does not cut it short.
 *   "hex-flat", "twixt-flat"  flat Monte Carlo (the same playouts, no tree):
 *                the yardstick the benchmarks measure the search against.
 *
 * The Hex and Twixt search (src/engine/mcts.c, search_kind.c): UCT with
 * RAVE (AMAF values weighted by Silver's formula, no exploration term) over
 * playouts that fill the board at random - Hex playouts answer an intrusion
 * into a bridge (or a second-row stone's link to its edge) by taking the
 * other cell; a Twixt playout places random pegs, each linked to every peg
 * it may link, until a connection or until the holes run out (a draw, valued
 * by how far each colour's longest chain spans).  Threads (0: one a core)
 * each grow their own tree from their own seed, merged at the root to choose
 * (root parallelism).  The trees hold at most a few million nodes in all;
 * a full tree stops growing, the search goes on.  After a move, by genmove or
 * lx_engine_play, the trees keep the subtree of that move (tree reuse); an
 * undo or a move they cannot follow (swap-sides, pass) drops them.
 * A move that wins at once is played without a search (Hex), and so is a
 * proved win (Hex: a move after which a chain of bridges and edge links, its
 * pairs of cells all different, joins the edges whatever the opponent plays;
 * the one needing the fewest moves); a single winning threat of the opponent
 * is blocked, and with two or more, or a proved win of the opponent (and no
 * win, and no swap open), the engine resigns.  Hex also finds the opponent's
 * threats (cells whose stone would give him such a chain) and searches only
 * the moves in all of them (must-play): with none left it resigns, with one it
 * plays it at once.  Otherwise it plays the most visited root move, or
 * "resign" when that move wins under 2% of at least 10000 playouts.  The
 * swap is a root move like any other where the rules allow it: the engine
 * answers "swap-pieces" (Hex and Twixt, square boards) when it is better;
 * under the rules "noswap" (Hex) or "std,noswap", "pp,noswap" (Twixt) it
 * never plays nor searches a swap.
 * Twixt pegs are written as bare holes ("d4"): the peg links to every peg it
 * may under the game's rules (under PP one's own links may cross, so linking
 * everything never costs a link and blocks the most).
 *
 * A search stops at its budget: the first of `seconds` and `playouts` that is
 * set (both 0: one second); a playout budget is shared out between the
 * threads.  A playout once begun is finished: on the largest boards (a
 * million Hex cells) one takes about a second, so a search of a second
 * there runs over.  lx_engine_stop, from any thread, ends a running search early; the
 * best move found so far is returned.  With threads == 1, a seed and a
 * playout budget, a search repeats exactly.
 *
 * Errors are lx_game_error (a stable code and a sentence): the rules' own
 * codes for an illegal move, and
 *   ENGINE_UNAVAILABLE  the engine cannot run here (gnubg missing, ...)
 *   ENGINE_FAILED       the engine ran and failed (gnubg died, gave no move)
 *   GAME_OVER           genmove or analyse on a finished game
 *   BAD_SIZE            a board size the rules do not allow
 *   BAD_MOVE            move text that is not a move of this game
 *
 * An engine is used by one thread at a time (lx_engine_stop excepted); two
 * engines are independent.  Nothing here prints or exits. */
#ifndef LUDEX_ENGINE_H
#define LUDEX_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lx_engine lx_engine;

typedef struct lx_engine_options {
    const char *kind;     /* "hex", "twixt", "backgammon", "hex-flat", "twixt-flat" */
    int cols, rows;       /* board size; 0: the game's default (Hex 11, Twixt 24) */
    const char *rules;    /* Twixt: "std" (default) or "pp", either followed by ",noswap";
                             Hex: "swap" (default) or "noswap" (",noswap", "noswap": a game
                             without the swap, never played nor searched); Backgammon: the
                             SGF RU value ("" money game) */
    int match_length;     /* Backgammon: 0 money, else points to win the match */
    double seconds;       /* time budget a move; 0: not limited by time */
    long playouts;        /* playout budget a move; 0: not limited by count */
    int threads;          /* search threads; 0: one a core */
    uint64_t seed;        /* 0: from the clock; anything else: repeatable games
                             (with threads == 1 and a playout budget) */
    const char *program;  /* Backgammon: the gnubg to run; NULL: "gnubg" on PATH */
} lx_engine_options;

/* All zero but kind: defaults. */
void lx_engine_options_init(lx_engine_options *o, const char *kind);

/* A new engine with an empty board.  NULL with `err` filled in when the kind
 * is unknown, the size is not allowed, the program cannot be run, or out of
 * memory. */
lx_engine *lx_engine_new(const lx_engine_options *o, lx_game_error *err);
void lx_engine_free(lx_engine *e);

/* Forget the game; start again on a board of cols x rows (0, 0: the same
 * size as before).  0, or -1 with BAD_SIZE. */
int lx_engine_new_game(lx_engine *e, int cols, int rows, lx_game_error *err);

/* Change the budget for the moves to come. */
void lx_engine_set_budget(lx_engine *e, double seconds, long playouts);

/* Play a move for `who` (LX_BLACK or LX_WHITE), written as the game's SGF
 * value.  0, or -1 with the rule it breaks (the position is unchanged). */
int lx_engine_play(lx_engine *e, lx_colour who, const char *move, lx_game_error *err);

/* Take back the last move played.  0, or -1 when there is none. */
int lx_engine_undo(lx_engine *e);

/* Whose turn it is (LX_NO_COLOUR when the game is over). */
lx_colour lx_engine_to_play(const lx_engine *e);

/* The result as SGF writes it ("B+", "W+R", "" while the game goes on). */
void lx_engine_result(const lx_engine *e, lx_game_result *out);

/* Backgammon: the dice the next genmove plays (a roll already made, as the
 * server makes it).  Without it, genmove for a player about to roll first
 * decides whether to double, then rolls with the engine's own seed.
 * -1 when the kind has no dice or a die is outside 1..6. */
int lx_engine_set_dice(lx_engine *e, int d1, int d2);

/* Backgammon: start a new game of a match of `length` points (0: a money
 * game) at the score before it, under the rules given to lx_engine_new;
 * `crawford_game` says this game is the Crawford game (no doubling).
 * 0; -1 with `err` when the kind has no matches or the score cannot be. */
int lx_engine_set_match(lx_engine *e, int length, int black_score, int white_score, int crawford_game,
                        lx_game_error *err);

/* Choose a move for `who` and play it; its SGF value is appended to `move`.
 * Hex and Twixt may answer "swap-pieces" when swapping is allowed and better,
 * and "resign" when every line loses.  `who` must be the colour to move
 * (else the rules' code, HEX_WRONG_TURN ...), GAME_OVER when the game is
 * over.  0, or -1 with `err`. */
int lx_engine_genmove(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err);

/* One candidate move and what the engine thinks of it. */
typedef struct lx_engine_candidate {
    char move[64];   /* SGF value */
    double value;    /* Hex, Twixt: chance to win for the mover, 0..1;
                        Backgammon: equity for the mover as gnubg ranks the
                        candidates (cubeful, normalised to the cube; about -3..3) */
    long visits;     /* playouts or visits through this move (Backgammon: 0) */
} lx_engine_candidate;

/* Judge the position with `who` to move, without playing: up to `cap` best
 * candidates, best first, into `out`; `*n` says how many.  0, or -1 with `err`.
 * Hex and Twixt: every root move of the search, most visited first (flat
 * kinds: best win rate first), its visits counting those kept from earlier
 * searches.
 * Backgammon: with dice set, the plays of that roll; answering a double,
 * "take", "drop" (and "double", a beaver, where allowed); about to roll
 * without dice and free to double, "double" and "roll" (play on without
 * doubling); about to roll with no cube decision and no dice: BG_NO_DICE. */
int lx_engine_analyse(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                      lx_game_error *err);

/* End a running genmove/analyse early (any thread). */
void lx_engine_stop(lx_engine *e);

/* The position as the game draws it (LX_DRAW_ASCII for HTP's showboard). */
int lx_engine_show(const lx_engine *e, lx_buf *out);

/* Playouts (Hex, Twixt) done by the last search, and how long it ran. */
void lx_engine_last_search(const lx_engine *e, long *playouts, double *seconds);

/* Hex, Twixt: the last genmove's chance to win for the player who moved, as
 * the engine judged the move it chose after its search (0 for a
 * resignation); -1 when it had no value (a move chosen without a search: a
 * win at once or the one block; another kind; no genmove yet).  A match referee can end games both engines agree on. */
double lx_engine_last_value(const lx_engine *e);

/* "hex", "twixt", "backgammon", ... as given. */
const char *lx_engine_kind(const lx_engine *e);

#ifdef __cplusplus
}
#endif
#endif

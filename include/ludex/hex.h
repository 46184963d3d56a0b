/* ludex/hex.h - Hex (SGF GM[11]): rules, positions, drawings, Little Golem records, playouts.
 *
 * Hex is played on a rhombus of cols x rows hexagonal cells (SZ[n] or
 * SZ[cols:rows], default 11 x 11).  Black moves first and connects the top
 * and bottom rows; White connects the left and right columns.  A cell is
 * named by its column letters (a..z, aa..zz, aaa.., either case) and its row
 * number from 1 at the top: "a1" is the acute corner top left, and the cells
 * next to (col,row) are (col-1,row) (col+1,row) (col,row-1) (col+1,row-1)
 * (col-1,row+1) (col,row+1).
 *
 * Special moves (any case on reading, lower case on writing):
 *   swap-pieces  the one stone on the board is replaced by a stone of the
 *                swapper's colour at its mirror image across the long
 *                diagonal (column and row exchanged: f2 -> b6), and the other
 *                colour moves next.  Square boards only.
 *   swap-sides   the players exchange colours and nothing on the board moves;
 *                colours keep their edges.  So after ;B[e5];W[swap-sides] the
 *                player who placed e5 now plays White and moves next: the next
 *                move is a W move, and the Black stone at e5 now belongs to
 *                the player who swapped.  PB/PW keep naming the players as they
 *                started: after an odd number of swap-sides, PB's player holds
 *                White.
 *   A swap (either form) is allowed when the board holds exactly one stone, of
 *   the opponent's colour, and no swap has been played in this game - and
 *   never in a game declared without the swap (lx_hex_set_no_swap).
 *   resign, forfeit  the player of that colour gives up (RE: "W+R", "W+F" when
 *                Black gives up); allowed at any time, even out of turn.
 *   pass         (and an empty value) passes the turn.
 *
 * A position (lx_hex_board) holds the stones, whose turn it is, the swap and
 * resignation history and a union-find over the cells (the four edges are
 * extra sets), so a win is detected after every move in amortised
 * near-constant time.  Boards of any size from 1x1 up to LX_HEX_MAX_SIDE on a
 * side and LX_HEX_MAX_CELLS cells are allowed (702 x 702 fits).
 *
 * Nothing here prints or keeps global state; two threads may use two boards. */
#ifndef LUDEX_HEX_H
#define LUDEX_HEX_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "sgf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LX_HEX_MAX_SIDE 18278       /* columns a .. zzz */
#define LX_HEX_MAX_CELLS 1048576L   /* cols * rows: 1024 x 1024, about 6 MB a position */
#define LX_HEX_DEFAULT_SIZE 11

/* The built-in game module for GM[11] ("hex"). */
extern const lx_game_module lx_hex_module;

typedef struct lx_hex_board lx_hex_board;

typedef enum lx_hex_move_kind {
    LX_HEX_STONE,       /* a stone on (col,row) */
    LX_HEX_SWAP_PIECES,
    LX_HEX_SWAP_SIDES,
    LX_HEX_RESIGN,
    LX_HEX_FORFEIT,
    LX_HEX_PASS
} lx_hex_move_kind;

typedef struct lx_hex_move {
    lx_hex_move_kind kind;
    int col, row; /* 0-based; LX_HEX_STONE only */
} lx_hex_move;

/* ---- positions ----------------------------------------------------------------- */

/* An empty board, Black to move.  NULL when a side is below 1 or above
 * LX_HEX_MAX_SIDE, when there would be more than LX_HEX_MAX_CELLS cells, or
 * when out of memory. */
lx_hex_board *lx_hex_board_new(int cols, int rows);
lx_hex_board *lx_hex_board_copy(const lx_hex_board *b); /* NULL when out of memory */
void lx_hex_board_free(lx_hex_board *b);

int lx_hex_cols(const lx_hex_board *b);
int lx_hex_rows(const lx_hex_board *b);
/* The stone on (col,row), 0-based; LX_NO_COLOUR when empty or off the board. */
lx_colour lx_hex_stone_at(const lx_hex_board *b, int col, int row);
/* Whose turn it is.  Before the first move, and after setup stones without
 * PL, either colour may move; this then names the more likely one. */
lx_colour lx_hex_to_play(const lx_hex_board *b);
/* Moves played so far (stones and special moves). */
size_t lx_hex_moves_played(const lx_hex_board *b);

/* Read a move as SGF writes it ("e5", "AA10", "swap-pieces", "resign", ...)
 * for this board.  0, or -1 with `err` (code and sentence). */
int lx_hex_parse_move(const lx_hex_board *b, const char *text, size_t len, lx_hex_move *m,
                      lx_game_error *err);
/* The spec's written form of a move, lower case, NUL-terminated; the length,
 * or 0 when it does not fit in `cap`. */
size_t lx_hex_format_move(const lx_hex_move *m, char *buf, size_t cap);
/* 0 when `who` may play `m` now, else -1 with the rule it breaks in `err`. */
int lx_hex_check_move(const lx_hex_board *b, lx_colour who, const lx_hex_move *m, lx_game_error *err);
/* Play a move lx_hex_check_move accepted. */
void lx_hex_apply_move(lx_hex_board *b, lx_colour who, const lx_hex_move *m);
/* Check, then play.  0, or -1 with `err` and the board unchanged. */
int lx_hex_play(lx_hex_board *b, lx_colour who, const lx_hex_move *m, lx_game_error *err);

/* Setup: put a stone of colour `c` on (col,row), or clear it with
 * LX_NO_COLOUR (SGF AB, AW, AE).  0, or -1 when off the board. */
int lx_hex_setup(lx_hex_board *b, int col, int row, lx_colour c);
/* Say whose turn it is (SGF PL). */
void lx_hex_set_to_play(lx_hex_board *b, lx_colour c);
/* Declare a game without the swap (ludexd's -noswap) or with it (the
 * default): without it, swap-pieces and swap-sides are refused
 * (HEX_NO_SWAP), and search positions made from the board offer none.  A
 * copy keeps it. */
void lx_hex_set_no_swap(lx_hex_board *b, int on);

/* The colour whose stones join its two edges, or LX_NO_COLOUR. */
lx_colour lx_hex_connected(const lx_hex_board *b);
/* The winner: by connection, else by the other side's resignation or forfeit;
 * LX_NO_COLOUR while the game goes on. */
lx_colour lx_hex_winner(const lx_hex_board *b);
/* The result as the game interface gives it ("B+", "W+R", "B+F", ""). */
void lx_hex_result(const lx_hex_board *b, lx_game_result *out);

/* ---- drawing and description -------------------------------------------------------- */

/* LX_DRAW_ASCII: the rhombus with column letters and row numbers, Black 'X',
 * White 'O', empty '.', then a line saying who connects what and whose turn
 * it is.  LX_DRAW_SVG: a standalone SVG document; `size` is the cell radius
 * in pixels (0: 18).  Appends to `out`; 0, or -1 when out of memory. */
int lx_hex_draw(const lx_hex_board *b, lx_draw_format fmt, int size, lx_buf *out);
/* `"stones":{"B":[...],"W":[...]}`: lower-case cell names, each list sorted in
 * plain byte (strcmp) order of the names ("a1" < "a10" < "a2" < "b1").
 * Appends to `out`; 0, or -1 when out of memory. */
int lx_hex_describe_json(const lx_hex_board *b, lx_buf *out);

/* ---- records ---------------------------------------------------------------------- */

/* The position of a GM[11] tree (read with the dialect rules of
 * lx_hex_module) after `move` moves of its main line (0: before the first
 * move, with the setup that precedes it; more than the line holds: the end).
 * Problems go to `diags`; a refused move ends the replay there (with its
 * diagnostic) and the position before it is returned.  NULL when the root
 * makes no board or when out of memory. */
lx_hex_board *lx_hex_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags);
/* The position at `node` (root first, along the path to it). */
lx_hex_board *lx_hex_position_at_node(const lx_sgf_tree *t, lx_sgf_node node, lx_diag_list *diags);
/* Draw the position after `move` moves (see lx_hex_position_after, lx_hex_draw).
 * 0; -1 when there is no position (see diags) or when out of memory. */
int lx_hex_show(const lx_sgf_tree *t, size_t move, lx_draw_format fmt, int size, lx_buf *out,
                lx_diag_list *diags);

/* Rewrite a GM[11] tree's swap values into the spec's form as they are read
 * (the rules are in src/hex/review.c): "swap-pieces" followed by another move
 * of the swapping colour (HexGui before 2022) becomes "swap-sides", "SWAP" or
 * "swap" becomes "swap-sides" or "swap-pieces" by what follows it.  Call it
 * before writing a tree with the module's canonical_value hook, which writes
 * every other value in the spec's form (cells lower case) but sees one value
 * at a time.  Warnings for what was rewritten go to `diags`.  0, or -1 when
 * out of memory. */
int lx_hex_normalize_tree(lx_sgf_tree *t, lx_diag_list *diags);

/* ---- Little Golem ------------------------------------------------------------------ */

/* Non-zero when a tree looks like a Little Golem Hex record: GM[11] with
 * two-letter cells ("mf"), or no GM (so Go by FF[4]'s default, and Little
 * Golem hosts Go too) and an EV starting "hex.", or SO naming littlegolem or
 * a "swap" move, with White (Little Golem's first player) moving first in
 * two-letter cells. */
int lx_hex_is_little_golem(const lx_sgf_tree *t);
/* A standard GM[11] tree for a Little Golem record.  Little Golem's first
 * player is W and connects top and bottom; its cells are two letters, column
 * then row ("mf" = m6); "swap" mirrors the stone (the spec's swap-pieces).
 * So W and B are exchanged (moves, PB/PW, BR/WR, BT/WT, RE), cells become
 * "m6", "swap" becomes "swap-pieces", RE[W] becomes RE[B+] (RE[B+R] when the
 * record ends in a resignation), and FF[4]GM[11] are set.  Values that cannot
 * be read are kept as they are, with an error in `diags`.  NULL only when out
 * of memory. */
lx_sgf_tree *lx_hex_convert_little_golem(const lx_sgf_tree *lg, lx_diag_list *diags);

/* ---- random playouts (benchmarks, engines) ------------------------------------------- */

typedef struct lx_hex_playout lx_hex_playout;

/* Tables for playouts on one board size; NULL for a bad size or out of memory. */
lx_hex_playout *lx_hex_playout_new(int cols, int rows);
void lx_hex_playout_free(lx_hex_playout *p);
/* One random game, filled to the end and judged once: Black takes a random
 * half (rounded up) of the cells, exactly as alternate random moves would.
 * Returns the winner.  `rng` is the caller's generator state (any value). */
lx_colour lx_hex_playout_fill(lx_hex_playout *p, uint64_t *rng);
/* One random game of alternate moves, the win checked after every move; stops
 * at the winning move.  Returns the winner; *moves gets the game's length. */
lx_colour lx_hex_playout_stepwise(lx_hex_playout *p, uint64_t *rng, int *moves);
/* The colour of each cell after the last playout (0-based; LX_NO_COLOUR for
 * cells a stepwise game left empty). */
lx_colour lx_hex_playout_cell(const lx_hex_playout *p, int col, int row);
/* The cell of move i (0-based; Black plays the even ones) of the last
 * stepwise game.  0, or -1 when there is no such move. */
int lx_hex_playout_move(const lx_hex_playout *p, int i, int *col, int *row);


/* ---- search positions (engines) --------------------------------------------------------
 *
 * A search position is a snapshot of a board's position that a Monte Carlo
 * search plays on: moves are numbered ids (a cell, or swap-pieces), a tree's
 * moves are played on it, then a playout fills every empty cell.  Playouts
 * save bridges: when the last move took one of the two cells joining two
 * stones of the colour to move (or a stone on the second row to its edge)
 * and the other cell is empty, the colour to move takes the other cell;
 * otherwise it moves at random.  The board is filled to the end and judged
 * once.  Each search thread uses its own search position. */

typedef struct lx_hex_sim lx_hex_sim;

/* The position of `b` now: its stones, the colour to play, and whether a
 * swap-pieces is allowed (as lx_hex_check_move says: never on a board
 * declared without the swap).  NULL when out of memory. */
lx_hex_sim *lx_hex_sim_new(const lx_hex_board *b);
void lx_hex_sim_free(lx_hex_sim *s);
/* Move ids are 0 .. lx_hex_sim_ids() - 1; the last one is swap-pieces. */
int32_t lx_hex_sim_ids(int cols, int rows);
/* The id of a stone or swap-pieces move on a cols x rows board; -1 for other moves. */
int32_t lx_hex_sim_id(int cols, int rows, const lx_hex_move *m);
/* The move of an id: 0, or -1 when it is no cell nor the swap. */
int lx_hex_sim_move(int cols, int rows, int32_t id, lx_hex_move *m);
/* Back to the snapshot. */
void lx_hex_sim_reset(lx_hex_sim *s);
lx_colour lx_hex_sim_to_play(const lx_hex_sim *s);
/* The legal moves now, in id order, into `ids` (room for lx_hex_sim_ids);
 * their number. */
size_t lx_hex_sim_legal(const lx_hex_sim *s, int32_t *ids);
/* Play a legal move for the colour to play. */
void lx_hex_sim_play(lx_hex_sim *s, int32_t id);
/* Fill the board from here (see above); the winner.  `rng`: the caller's
 * generator state. */
lx_colour lx_hex_sim_playout(lx_hex_sim *s, uint64_t *rng);
/* Who holds each id after the playout: 1 Black, 2 White, 0 nobody (ids of
 * border cells, and the cells the fill-in of a tree position on the way
 * filled - nobody moved there - hold other values). */
const uint8_t *lx_hex_sim_owners(const lx_hex_sim *s);
/* The empty cells where colour c would join its edges now, in id order, up to
 * `cap` into `ids`; how many there are. */
size_t lx_hex_sim_winning_cells(lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap);

/* What is proved without a search, on the sim's position now (boards of at
 * most LX_HEX_PROOF_MAX_CELLS cells; larger ones prove nothing).
 * Dead cells are empty cells whose colour cannot change who wins, by the
 * pattern of their six neighbours; a connection is a chain from edge to edge
 * of c's groups, each two joined by two empty cells of their own (a bridge, a
 * second-row stone's two cells to its edge) or a third-row stone joined to
 * its edge by the eight cells of a ziggurat, all cells different, which c
 * keeps whatever the opponent plays (he takes one cell of a pair, c the
 * other; the ziggurat has its answers). */
#define LX_HEX_PROOF_MAX_CELLS 441
/* Whether cell id is empty and dead. */
int lx_hex_sim_dead(const lx_hex_sim *s, int32_t id);
/* The moves c's connection still needs (a pair one, a ziggurat two; 0:
 * joined, dead cells counted as c's), -1 when none is found; its cells up to
 * cap into ids. */
int32_t lx_hex_sim_connection(const lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap, size_t *n);
/* With c to move: the cell after which c has a connection needing the fewest
 * moves (*id), and c's moves to the end (1 + those); -1 when none. */
int32_t lx_hex_sim_proved_move(const lx_hex_sim *s, lx_colour c, int32_t *id);
/* With c to move at the snapshot (no swap open): the opponent's threats
 * (cells whose stone gives him a connection) and the cells common to all of
 * them with their connections' cells, which become the only moves
 * lx_hex_sim_legal offers at the snapshot (a move elsewhere loses); their
 * number, 0 for a proved loss, -1 when there is no threat (nothing kept). */
long lx_hex_sim_must_play(lx_hex_sim *s, lx_colour c);
/* H-search (boards of at most 128 cells): c's virtual connections on the
 * position now, dead cells filled for c and captured pairs for their captor.  2: c joins its edges whatever the
 * opponent does (a full connection; its carrier's cells up to cap into ids,
 * their number in *n); 1: c joins them if it moves first, at *key (the
 * semi connection's carrier, the key among them, in ids and *n); 0:
 * neither found; -1: no H-search on this board. */
int lx_hex_sim_vc(lx_hex_sim *s, lx_colour c, int32_t *ids, size_t cap, size_t *n, int32_t *key);
/* The tree's knowledge at a position below the root: of the moves ids[0 ..
 * n - 1] for the colour to move there, keep (first, in order) those not
 * dead or in a captured pair there and in the must-play of the opponent's semi connections
 * (H-search); the number kept (n when nothing is proved), 0 when the colour
 * to move there is proved lost (the opponent's full connection, or semis
 * whose carriers meet nowhere). */
size_t lx_hex_sim_prune(lx_hex_sim *s, int32_t *ids, size_t n);
/* Give dst (a new sim of the same game) what src's knowledge found at the
 * tree's nodes (their dead and captured cells), unless src's store of it is
 * full (dst then starts afresh). */
void lx_hex_sim_inherit(lx_hex_sim *dst, lx_hex_sim *src);
/* Give dst (a sim of the same board) src's must-play cells. */
void lx_hex_sim_copy_must_play(lx_hex_sim *dst, const lx_hex_sim *src);

/* ---- the solver (engines) ----------------------------------------------------------
 *
 * Depth-first proof-number search (df-pn) of who wins with best play from a
 * position, the colour to move first, on boards of at most 128 cells
 * (H-search's): a position it opens is decided by H-search where it can
 * (the mover's full or semi connection wins, the opponent's full one
 * loses), else its moves are the empty cells neither dead nor captured and,
 * when the opponent has semi connections, only those in all their carriers.
 * No swap.  Memory is one fixed table; the search stops at the budget. */
typedef enum lx_hex_verdict {
    LX_HEX_UNPROVED = 0,  /* the budget ran out (or the board is too large) */
    LX_HEX_PROVED_WIN,    /* the colour to move wins */
    LX_HEX_PROVED_LOSS    /* the colour to move loses whatever it plays */
} lx_hex_verdict;

typedef struct lx_hex_solve_limits {
    long nodes;          /* positions opened (each one H-search or two); 0: no limit */
    double seconds;      /* 0: no limit */
    size_t table_bytes;  /* the table's memory; 0: 4 MB */
} lx_hex_solve_limits;

typedef struct lx_hex_solution {
    lx_hex_verdict verdict;
    int32_t move;        /* a proved win: the winning move (a sim id) of the fewest moves found; else -1 */
    int32_t moves;       /* proved: the winner's moves to the end along the line found (where
                          * H-search decided, half its connection's cells, rounded up) */
    long nodes;          /* positions opened */
    double seconds;
} lx_hex_solution;

/* Solve the board's position (lim NULL: no limits).  0, with the verdict in
 * *out; -1 when the board is over 128 cells, nobody is to move, or out of
 * memory (then LX_HEX_UNPROVED). */
int lx_hex_solve(const lx_hex_board *b, const lx_hex_solve_limits *lim, lx_hex_solution *out);
/* The same on a search position's position now (the engine's root). */
int lx_hex_sim_solve(const lx_hex_sim *s, const lx_hex_solve_limits *lim, lx_hex_solution *out);
/* Prior AMAF figures for a search of the sim's position now (src/hex/prior.c):
 * for each of the n legal ids, playouts added to visits[i] and wins for the
 * colour to move to wins[i]. */
void lx_hex_sim_prior(const lx_hex_sim *s, const int32_t *ids, size_t n, float *visits, float *wins);
/* The search's policy at the sim's position now (src/hex/pattern.c): for
 * each of the n legal ids, how likely a strong player is to choose it, from
 * its local pattern's weight learned from games; the n figures sum to 1. */
void lx_hex_sim_policy(const lx_hex_sim *s, const int32_t *ids, size_t n, float *prob);

#ifdef __cplusplus
}
#endif
#endif

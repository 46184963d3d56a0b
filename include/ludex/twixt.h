/* ludex/twixt.h - Twixt (SGF GM[21]): rules, positions, notations, drawings, other formats.
 *
 * The board.  cols x rows holes (SZ[n] or SZ[cols:rows], each from 3 to 702,
 * default 24 x 24) without the four corner holes.  A hole is named by its
 * column letters (a..z, aa..zz, either case) and its row number from 1 at the
 * top: "a1" is the (missing) corner top left.  White moves first (unless PL
 * says otherwise) and joins the top and bottom rows; Black joins the left and
 * right columns.  The outermost rows and columns are border rows: a peg may
 * not go into the opponent's border rows, on a corner, or on a peg.
 *
 * Links join two pegs of one colour a knight's move apart.  Under RU[STD]
 * (the default; RU[3M] is read as STD with a warning) no link may cross any
 * other link, one's own included; under RU[PP] one's own links may cross each
 * other, never the opponent's.  Placing a peg links it to every peg of its
 * colour that it can reach without a forbidden crossing (autolinking).
 *
 * Moves as SGF writes them (any case on reading):
 *   k4            a peg (the whole move, usually)
 *   -i'3 / -J4'   remove one's own link whose centre is there (STD only)
 *   /i'4  \i'4    add a link with positive (/) or negative (\) slope at that
 *                 centre between two of one's pegs, as drawn with row 1 at the
 *                 top: \i'4 joins i3 and j5, /i'4 joins i5 and j3 (STD only)
 *   A long move is a list B[-i'3][-J4'][\i'4][K4]: removals, then additions,
 *   then the peg, which ends the turn.  Centres: "i'3" (halfway between
 *   columns i and j, on row 3: a steep link) and "J4'" (on column j, halfway
 *   between rows 4 and 5: a shallow link); the older "B*3" and "C2*" mean
 *   "b'3" and "c2'".  In SGF text the spec writes [\i'4]; generic unescaping
 *   would read "i'4", so values are read from their raw text: [\i'4] and
 *   [\\i'4] both mean a backslash link, and the writer emits [\\i'4].
 *   swap-pieces   (second move only, never with HA nor in a game declared
 *                 without the swap, square boards only) the
 *                 one peg becomes the swapper's peg at its mirror image across
 *                 the main diagonal (column and row exchanged): after
 *                 ;W[f5];B[swap-pieces] Black has e6 and White moves next.
 *   swap-sides    (same conditions) the peg stays as it is and the swapper's
 *                 colour moves again: after ;W[f5];B[swap-sides] the peg is
 *                 White's and Black moves next (the first player now plays Black).
 *   resign, forfeit  that colour gives up, at any time.
 *
 * A position (lx_twixt_board) holds the pegs, the links, whose turn it is,
 * the state of a long move in progress, and a union-find over linked pegs
 * with the four borders as extra sets, so a win is found after every move in
 * near-constant time.  Which links cross which is a fixed geometric pattern
 * (every link crosses exactly 9 others on an open board); each board turns it
 * into array offsets for its size when it is made, so a legality check is a
 * fixed number of lookups.
 *
 * Nothing here prints or keeps mutable global state; two threads may use two
 * boards of different sizes at once. */
#ifndef LUDEX_TWIXT_H
#define LUDEX_TWIXT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "sgf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LX_TWIXT_MIN_SIDE 3
#define LX_TWIXT_MAX_SIDE 702
#define LX_TWIXT_DEFAULT_SIZE 24

/* The built-in game module for GM[21] ("twixt"). */
extern const lx_game_module lx_twixt_module;

typedef struct lx_twixt_board lx_twixt_board;

typedef enum lx_twixt_rules { LX_TWIXT_STD = 0, LX_TWIXT_PP = 1 } lx_twixt_rules;

typedef struct lx_twixt_point {
    int col, row; /* 0-based */
} lx_twixt_point;

typedef struct lx_twixt_link {
    lx_twixt_point a, b; /* a knight's move apart */
} lx_twixt_link;

typedef enum lx_twixt_move_kind {
    LX_TWIXT_PEG,
    LX_TWIXT_REMOVE,      /* -CENTRE */
    LX_TWIXT_ADD,         /* /CENTRE or \CENTRE */
    LX_TWIXT_SWAP_PIECES,
    LX_TWIXT_SWAP_SIDES,
    LX_TWIXT_RESIGN,
    LX_TWIXT_FORFEIT
} lx_twixt_move_kind;

/* One value of a B or W property: a peg, one part of a long move, or a special move. */
typedef struct lx_twixt_move {
    lx_twixt_move_kind kind;
    lx_twixt_point at;  /* LX_TWIXT_PEG */
    int cx2, cy2;       /* REMOVE, ADD: the link centre in doubled coordinates (col0 + col1, row0 + row1) */
    int slope;          /* ADD: +1 for '/', -1 for '\' */
    unsigned notes;     /* set by the game module from the record (not for callers) */
} lx_twixt_move;

/* ---- positions ----------------------------------------------------------------- */

/* An empty board, White to move.  NULL when a side is out of 3..702 or out of memory. */
lx_twixt_board *lx_twixt_board_new(int cols, int rows, lx_twixt_rules rules);
lx_twixt_board *lx_twixt_board_copy(const lx_twixt_board *b); /* NULL when out of memory */
void lx_twixt_board_free(lx_twixt_board *b);

int lx_twixt_cols(const lx_twixt_board *b);
int lx_twixt_rows(const lx_twixt_board *b);
lx_twixt_rules lx_twixt_get_rules(const lx_twixt_board *b);
/* Declare a handicap game (SGF HA): no swap. */
void lx_twixt_set_handicap(lx_twixt_board *b, int on);
/* Declare a game without the swap (ludexd's -noswap) or with it (the
 * default): without it, swap-pieces and swap-sides are refused
 * (TWIXT_NO_SWAP), and search positions made from the board offer none.  A
 * copy keeps it. */
void lx_twixt_set_no_swap(lx_twixt_board *b, int on);
/* The peg on (col,row); LX_NO_COLOUR when empty, a corner or off the board. */
lx_colour lx_twixt_peg_at(const lx_twixt_board *b, int col, int row);
/* The colour of the link joining p and q, or LX_NO_COLOUR. */
lx_colour lx_twixt_link_at(const lx_twixt_board *b, lx_twixt_point p, lx_twixt_point q);
/* Whether colour c may ever hold (col,row): on the board, not a corner, not
 * in the other colour's border rows. */
int lx_twixt_hole_allowed(const lx_twixt_board *b, lx_colour c, int col, int row);
/* Whose turn it is (the colour of a long move in progress, if any). */
lx_colour lx_twixt_to_play(const lx_twixt_board *b);
void lx_twixt_set_to_play(lx_twixt_board *b, lx_colour c);
/* Turns completed (pegs and special moves). */
size_t lx_twixt_moves_played(const lx_twixt_board *b);
/* Number of pegs, and every link of colour c (ends in any order) into `out`
 * (up to `cap`); the number of links. */
size_t lx_twixt_peg_count(const lx_twixt_board *b, lx_colour c);
size_t lx_twixt_links(const lx_twixt_board *b, lx_colour c, lx_twixt_link *out, size_t cap);

/* ---- moves -------------------------------------------------------------------- */

/* Read one value of a B or W property from its raw SGF text (escapes kept:
 * "\\i'4", "\i'4", "-J4'", "k4", "swap-pieces" ...) for this board.
 * 0, or -1 with `err`. */
int lx_twixt_parse_move(const lx_twixt_board *b, const char *raw, size_t len, lx_twixt_move *m,
                        lx_game_error *err);
/* The spec's form of a move, lower case, NUL-terminated and NOT SGF-escaped
 * ("\i'4"; the SGF writer makes it "\\i'4").  The length, or 0 when it does
 * not fit in `cap`. */
size_t lx_twixt_format_move(const lx_twixt_move *m, char *buf, size_t cap);
/* 0 when `who` may play `m` now, else -1 with the rule it breaks. */
int lx_twixt_check_move(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err);
/* Play a move that lx_twixt_check_move accepted. */
void lx_twixt_apply_move(lx_twixt_board *b, lx_colour who, const lx_twixt_move *m);
/* Check, then play.  0, or -1 with `err` and the board unchanged. */
int lx_twixt_play(lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err);
/* A whole turn (the values of one B or W property): every part checked and
 * played in order; the last must be a peg or a special move.  All or
 * nothing: 0, or -1 with `err` and the board unchanged. */
int lx_twixt_play_turn(lx_twixt_board *b, lx_colour who, const lx_twixt_move *parts, size_t n,
                       lx_game_error *err);

/* Setup (SGF AB, AW, AE): a peg of colour c on (col,row) without links, or
 * clear the hole (and its links) with LX_NO_COLOUR.  0, or -1 with `err`. */
int lx_twixt_setup(lx_twixt_board *b, int col, int row, lx_colour c, lx_game_error *err);

/* ---- the end -------------------------------------------------------------------- */

/* The colour whose linked pegs join its two border rows, or LX_NO_COLOUR. */
lx_colour lx_twixt_connected(const lx_twixt_board *b);
/* The same, found by a flood fill alone (slow; independent of the union-find). */
lx_colour lx_twixt_connected_slow(const lx_twixt_board *b);
/* Whether colour c can still join its border rows: 1 yes, 0 no, -1 when the
 * search gave up (see LX_TWIXT_SEARCH_BUDGET) - then nothing is claimed.
 * Exactly: is there a set of pegs (c's pegs and holes c may still fill) and
 * links between them, a knight's move apart, none crossing a link of the
 * other colour, none crossing another of the set under STD (c may remove its
 * own links, so they never count against it; under PP they may be crossed),
 * that forms a chain from one of c's border rows to the other?  The other
 * colour's pegs and links are taken as they stand (they never go away
 * unless their owner wants them to); its future pegs are not (the question is
 * whether c can still connect, so the other colour is taken to play
 * elsewhere while c fills the chain's holes, one a turn).  The answer is
 * exact (src/twixt/reach.c tells how it is searched). */
int lx_twixt_can_connect(const lx_twixt_board *b, lx_colour c);
#define LX_TWIXT_SEARCH_BUDGET 20000L /* path searches of the branching step (src/twixt/reach.c) */
/* 1 when neither colour can still connect (the help file's Example A): a
 * draw either player may claim.  0 otherwise (also when undecided). */
int lx_twixt_is_dead_draw(const lx_twixt_board *b);
/* The winner: by connection, else by the other side's resignation or forfeit. */
lx_colour lx_twixt_winner(const lx_twixt_board *b);
/* The result as the game interface gives it ("W+", "B+R", "W+F", "0" for a
 * dead draw, "" while the game goes on). */
void lx_twixt_result(const lx_twixt_board *b, lx_game_result *out);

/* ---- drawing and description ---------------------------------------------------- */

/* LX_DRAW_ASCII: the board with column letters and row numbers, White pegs
 * 'O', Black '#', holes '.', in four sizes as the server's display commands:
 * 1 small (pegs only, links listed below), 2 medium (default; links drawn as
 * in the server help's diagrams), 3 big, 4 large.  LX_DRAW_SVG: a standalone
 * SVG document; `size` sets the hole spacing in pixels: 1..4 (small to
 * large) give 18, 24, 28, 36, 0 gives 28, a larger number is the spacing
 * itself.  Appends to `out`; 0, or -1 when out of memory. */
int lx_twixt_draw(const lx_twixt_board *b, lx_draw_format fmt, int size, lx_buf *out);
/* `"pegs":{"W":[...],"B":[...]},"links":{"W":[["a1","b3"],...],"B":[...]}`:
 * lower-case names, each link's ends and every list sorted in byte order. */
int lx_twixt_describe_json(const lx_twixt_board *b, lx_buf *out);

/* ---- records -------------------------------------------------------------------- */

/* The position of a GM[21] tree after `move` moves of its main line (0: before
 * the first; more than there are: the end).  A refused move ends the replay
 * there, with its diagnostic.  NULL when the root makes no board or out of memory. */
lx_twixt_board *lx_twixt_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags);
/* The position at any node of a GM[21] tree (its setup and moves included),
 * along the path from the root; a refused move stops the walk there. */
lx_twixt_board *lx_twixt_position_at_node(const lx_sgf_tree *t, lx_sgf_node node, lx_diag_list *diags);

/* ---- the server's move syntax ------------------------------------------------------ */

/* "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11": place the peg, after
 * removing the links of the unlink chains; then autolink it, or, after a '+',
 * make exactly the links of the link chains (bare '+': no links).  Also
 * "swap" (the spec's swap-sides), "swap-pieces", "swap-sides", "resign",
 * "forfeit". */
#define LX_TWIXT_SERVER_MAX_LINKS 64
typedef struct lx_twixt_server_move {
    lx_twixt_move_kind kind; /* PEG or a special move */
    lx_twixt_point peg;
    size_t nunlink, nlink;
    int plus;                /* a '+' was written: no autolinking */
    lx_twixt_link unlink[LX_TWIXT_SERVER_MAX_LINKS];
    lx_twixt_link link[LX_TWIXT_SERVER_MAX_LINKS];
} lx_twixt_server_move;

int lx_twixt_parse_server_move(const lx_twixt_board *b, const char *text, size_t len, lx_twixt_server_move *m,
                               lx_game_error *err);
/* Written form, lower case; the length, or 0 when it does not fit. */
size_t lx_twixt_format_server_move(const lx_twixt_server_move *m, char *buf, size_t cap);
/* Play a server move for `who`, all or nothing.  0, or -1 with `err`. */
int lx_twixt_play_server_move(lx_twixt_board *b, lx_colour who, const lx_twixt_server_move *m, lx_game_error *err);
/* The SGF long move for server move `m` played by `who` on `b` (unchanged):
 * its parts into `parts` (room for 2 * LX_TWIXT_SERVER_MAX_LINKS + 1), their
 * number into *n, and *exact = 0 when the SGF move, whose peg always
 * autolinks, does not give the position the server move gives (a '+' that
 * declines an autolink).  0, or -1 with `err` when the move is illegal. */
int lx_twixt_server_to_sgf(const lx_twixt_board *b, lx_colour who, const lx_twixt_server_move *m,
                           lx_twixt_move *parts, size_t *n, int *exact, lx_game_error *err);
/* The server move for an SGF turn (`parts`, `n`) played by `who` on `b`
 * (unchanged).  0, or -1 with `err` when the turn is illegal. */
int lx_twixt_sgf_to_server(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *parts, size_t n,
                           lx_twixt_server_move *m, lx_game_error *err);

/* ---- other record formats ------------------------------------------------------------ */

/* Little Golem: non-zero when a tree looks like a Little Golem Twixt record:
 * no GM, and an r[..] move, or SO naming littlegolem and EV naming twixt. */
int lx_twixt_is_little_golem(const lx_sgf_tree *t);
/* A GM[21] tree for a Little Golem record (see lg.c for the exact mapping).
 * NULL only when out of memory; problems go to `diags`. */
lx_sgf_tree *lx_twixt_convert_little_golem(const lx_sgf_tree *lg, lx_diag_list *diags);

/* T1 files of the T1j program (see t1.c for the format as inferred). */
lx_sgf_tree *lx_twixt_read_t1(const char *bytes, size_t len, lx_diag_list *diags);
/* The main line of a GM[21] tree as a T1 file.  0; 1 when something could
 * not be written (errors in `diags`, output still made); -1 out of memory. */
int lx_twixt_write_t1(const lx_sgf_tree *t, lx_buf *out, lx_diag_list *diags);

/* A game written move by move in server syntax (see movelist.c for the format). */
lx_sgf_tree *lx_twixt_read_server_game(const char *bytes, size_t len, lx_diag_list *diags);
int lx_twixt_write_server_game(const lx_sgf_tree *t, lx_buf *out, lx_diag_list *diags);

/* ---- random playouts (benchmarks, engines) ------------------------------------------- */

typedef struct lx_twixt_playout lx_twixt_playout;

lx_twixt_playout *lx_twixt_playout_new(int cols, int rows, lx_twixt_rules rules);
void lx_twixt_playout_free(lx_twixt_playout *p);
/* One random game from the empty board: alternate random legal pegs with
 * autolinking, White first, the win checked after every move, until a win or
 * until the side to move has no hole left.  Returns the winner (LX_NO_COLOUR
 * when the holes ran out); *moves gets the number of pegs placed. */
lx_colour lx_twixt_playout_run(lx_twixt_playout *p, uint64_t *rng, int *moves);
/* Peg i (0-based, White the even ones) of the last playout.  0, or -1. */
int lx_twixt_playout_move(const lx_twixt_playout *p, int i, lx_twixt_point *at);


/* ---- search positions (engines) --------------------------------------------------------
 *
 * A search position is a snapshot of a board's position that a Monte Carlo
 * search plays on: moves are numbered ids (a hole, or swap-pieces), a tree's
 * pegs are played on it (each autolinked under the board's rules), then a
 * playout places random pegs until a connection or until the side to move
 * has no hole left.  Each search thread uses its own search position. */

typedef struct lx_twixt_sim lx_twixt_sim;

/* The position of `b` now: pegs, links, the colour to play, whether a
 * swap-pieces is allowed.  NULL when out of memory. */
lx_twixt_sim *lx_twixt_sim_new(const lx_twixt_board *b);
void lx_twixt_sim_free(lx_twixt_sim *s);
/* Move ids are 0 .. lx_twixt_sim_ids() - 1; the last one is swap-pieces. */
int32_t lx_twixt_sim_ids(int cols, int rows);
/* The id of a peg or swap-pieces move on a cols x rows board; -1 for other moves. */
int32_t lx_twixt_sim_id(int cols, int rows, const lx_twixt_move *m);
/* The move of an id: 0, or -1 when it is no hole nor the swap. */
int lx_twixt_sim_move(int cols, int rows, int32_t id, lx_twixt_move *m);
/* Back to the snapshot. */
void lx_twixt_sim_reset(lx_twixt_sim *s);
lx_colour lx_twixt_sim_to_play(const lx_twixt_sim *s);
/* The legal pegs (and the swap) now, in id order, into `ids` (room for
 * lx_twixt_sim_ids); their number (0 once a colour has connected). */
size_t lx_twixt_sim_legal(const lx_twixt_sim *s, int32_t *ids);
/* Play a legal move for the colour to play. */
void lx_twixt_sim_play(lx_twixt_sim *s, int32_t id);
/* Play at random from here; the winner, LX_NO_COLOUR when the holes ran out. */
lx_colour lx_twixt_sim_playout(lx_twixt_sim *s, uint64_t *rng);
/* Who holds each id after the playout, for the search's AMAF: 1 Black, 2
 * White, 0 nobody or a hole on a border row (only the colour whose border
 * it is may peg there, so holding it says nothing of a move's worth); other
 * values: no hole. */
const uint8_t *lx_twixt_sim_owners(const lx_twixt_sim *s);
/* After a playout without a winner: its value for Black, 0.1 .. 0.9 -
 * 0.5 + 0.4 * (the span of Black's widest chain across the board minus the
 * span of White's down it, each as a fraction of the board). */
double lx_twixt_sim_draw_value(lx_twixt_sim *s);
/* The holes where a peg of colour c would join its border rows now, in id
 * order, up to `cap` into `ids`; how many there are. */
size_t lx_twixt_sim_winning_holes(lx_twixt_sim *s, lx_colour c, int32_t *ids, size_t cap);
/* Proofs at the snapshot (src/twixt/proof.c tells how; the sim is left
 * reset).  With c to move: c's moves to a proved win - 1 a peg that joins
 * at once, 2 a double threat, 3 a ladder of threats ending in one - and the
 * first into *id, the shortest found first; -1 when none is found (which
 * proves nothing).  And whether c, to move, has lost: the opponent joins
 * next move whatever peg c places. */
int lx_twixt_sim_proved_move(lx_twixt_sim *s, lx_colour c, int32_t *id);
int lx_twixt_sim_proved_loss(lx_twixt_sim *s, lx_colour c);
/* Must-play, c to move without a threat of its own and no swap open: when
 * the opponent has threats, c's pegs after which he has none; else when he
 * has pegs that would make a double threat, c's pegs within reach of all of
 * them and those that make a threat of c's.  Every other peg loses by proof.
 * They become the sim's only moves at the snapshot (lx_twixt_sim_legal after
 * a reset); their number (0: a proved loss), or -1 when nothing is kept. */
long lx_twixt_sim_must_play(lx_twixt_sim *s, lx_colour c);
/* Give dst (a sim of the same position) src's must-play. */
void lx_twixt_sim_copy_must_play(lx_twixt_sim *dst, const lx_twixt_sim *src);
/* The proofs at the sim's position now (a search tree's node, below the
 * snapshot; src/twixt/node_proof.c): of the mover's n legal `ids`, kept in
 * ids the one that joins at once or begins a proved win, else the must-play;
 * their number - n when nothing is proved, 0 when the mover is proved lost. */
size_t lx_twixt_sim_prune(lx_twixt_sim *s, int32_t *ids, size_t n);
/* Prior AMAF figures for a search of the sim's position now (src/twixt/prior.c):
 * for each of the n legal ids, playouts added to visits[i] and wins for the
 * colour to move to wins[i]. */
void lx_twixt_sim_prior(const lx_twixt_sim *s, const int32_t *ids, size_t n, float *visits, float *wins);

#ifdef __cplusplus
}
#endif
#endif

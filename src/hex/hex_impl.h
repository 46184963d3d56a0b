/* hex_impl.h - what the files of src/hex/ share (internal to libludex).
 *
 * The grid (board.c): cells live in a padded array, one border cell on every
 * side, row-major with `stride` = cols + 2, so that the six neighbours of a
 * cell are at fixed offsets and nothing needs a bounds check.  The top and
 * bottom border rows are Black, the left and right border columns White, and
 * the four corner cells belong to nobody.  A union-find runs over the padded
 * cells; the border cells of each side start in one set, so the four edges are
 * four extra sets and "Black has won" is "top and bottom are in one set":
 * each root keeps the edges its set touches, so a move knows at once.
 * Removing a stone (AE, AB over a White stone, swap-pieces) cannot be undone
 * in a union-find: it marks the sets stale, and they are rebuilt before they
 * are next needed for a move.
 *
 * The position (lx_hex_board, rules.c): the grid, whose turn it is, the swap,
 * resignation and win history, and the dialect decisions for the swap values
 * of the tree it was made for (module.c, review.c). */
#ifndef LX_HEX_IMPL_H
#define LX_HEX_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/hex.h"
#include "base/random.h"
#include "base/text.h" /* lx_trim, lx_quote */

enum { HEX_EMPTY = 0, HEX_BLACK = 1, HEX_WHITE = 2, HEX_NOBODY = 3 };
enum { HEX_EDGE_TOP = 1, HEX_EDGE_BOTTOM = 2, HEX_EDGE_LEFT = 4, HEX_EDGE_RIGHT = 8 };

typedef struct hex_grid {
    int cols, rows, stride;
    size_t npadded;
    uint8_t *colour;  /* HEX_EMPTY, HEX_BLACK, HEX_WHITE, HEX_NOBODY (corners) */
    int32_t *parent;  /* union-find over padded cells; one allocation holds all four arrays */
    uint8_t *rank;
    uint8_t *flags;   /* at a root: the edges its set touches (HEX_EDGE_*) */
    int32_t top, bottom, left, right; /* a border cell of each side */
    int32_t off[6];   /* hex_neighbour_offsets */
    int stale;        /* the sets no longer match the stones: rebuild before use */
    int won;          /* when not stale: hex_grid_connected's answer, kept up to date */
    size_t stones[2]; /* Black, White */
} hex_grid;

/* Grow `seed` within the runs of `allowed` it touches (bit c: column c of
 * one row) - the step of the row-mask floods of playout.c and sim.c. */
static inline uint64_t hex_spread(uint64_t seed, uint64_t allowed)
{
    uint64_t x = seed & allowed;
    for (;;) {
        uint64_t y = (x | x << 1 | x >> 1) & allowed;
        if (y == x)
            return x;
        x = y;
    }
}

/* Padded cell q (stride cols + 2) of a cols x rows board: whether it is
 * inside, and the edge of `me` it stands for when it is a border cell of me
 * (0 the first: top or left; 1 the second), else -1 - for proof.c and hsearch.c. */
static inline int hex_padded_inside(int32_t q, int cols, int rows)
{
    int col = (int)(q % (cols + 2)) - 1, row = (int)(q / (cols + 2)) - 1;
    return col >= 0 && col < cols && row >= 0 && row < rows;
}
static inline int32_t hex_padded_edge(int32_t q, int cols, int rows, uint8_t me)
{
    int col = (int)(q % (cols + 2)) - 1, row = (int)(q / (cols + 2)) - 1;
    int in_c = col >= 0 && col < cols, in_r = row >= 0 && row < rows;
    if (me == HEX_BLACK && in_c && !in_r)
        return row < 0 ? 0 : 1;
    if (me == HEX_WHITE && in_r && !in_c)
        return col < 0 ? 0 : 1;
    return -1;
}

/* ---- board.c ---------------------------------------------------------------------- */

int hex_grid_init(hex_grid *g, int cols, int rows);
int hex_grid_copy(hex_grid *dst, const hex_grid *src);
void hex_grid_free(hex_grid *g);
static inline int32_t hex_cell(const hex_grid *g, int col, int row)
{
    return (int32_t)((row + 1) * g->stride + col + 1);
}
static inline int hex_cell_col(const hex_grid *g, int32_t p) { return (int)(p % g->stride) - 1; }
static inline int hex_cell_row(const hex_grid *g, int32_t p) { return (int)(p / g->stride) - 1; }
/* The six neighbour offsets, in a fixed order. */
void hex_neighbour_offsets(const hex_grid *g, int32_t off[6]);
/* Put a stone (HEX_BLACK / HEX_WHITE) on an empty cell and join its sets. */
void hex_grid_place(hex_grid *g, int32_t p, int colour);
/* Set a cell to any colour (setup): fast when it was empty, else stale. */
void hex_grid_set(hex_grid *g, int32_t p, int colour);
/* Rebuild the sets from the stones when they are stale. */
void hex_grid_refresh(hex_grid *g);
/* The same by breadth-first flood fill alone: slow, independent of the sets. */
int hex_grid_connected_slow(const hex_grid *g);
/* HEX_BLACK or HEX_WHITE when that colour joins its edges, else HEX_EMPTY.
 * Exact even when stale (then by a flood fill).  Asked before every move. */
static inline int hex_grid_connected(const hex_grid *g)
{
    return g->stale ? hex_grid_connected_slow(g) : g->won;
}

/* The cell of nearly every move value, "e5" or "k11" (column a-z, row 1-99
 * without a leading zero), when it is on a board of cols x rows: 1 and the
 * 0-based *col and *row; 0 for anything else (sgf_hex.c reads it then). */
static inline int hex_plain_cell(const char *s, size_t n, int cols, int rows, int *col, int *row)
{
    /* the row's last digit is s[n - 1] whether it has one digit or two: no branch on n,
     * which a board of ten rows or more makes hard to guess */
    if (n - 2 > 1 || (unsigned)(s[0] - 'a') > 25 || (unsigned)(s[1] - '1') > 8 || (unsigned)(s[n - 1] - '0') > 9)
        return 0;
    *col = s[0] - 'a';
    *row = (n == 3) * (s[1] - '0') * 10 + (s[n - 1] - '0') - 1;
    return *col < cols && *row < rows;
}

/* ---- the position ------------------------------------------------------------------ */

typedef enum hex_turn_source {
    HEX_TURN_START,  /* nothing said yet: Black by default, White accepted with a warning */
    HEX_TURN_SETUP,  /* stones were set up without PL: either colour may move */
    HEX_TURN_PL,     /* PL said */
    HEX_TURN_PLAY    /* follows from the last move */
} hex_turn_source;

/* How a swap value reads in a tree, decided before the replay (review.c). */
typedef struct hex_swap_rule {
    const char *raw;        /* the value's bytes in the tree (identity, not content) */
    lx_hex_move_kind kind;  /* LX_HEX_SWAP_PIECES or LX_HEX_SWAP_SIDES */
} hex_swap_rule;

struct lx_hex_board {
    hex_grid g;
    lx_colour to_play;
    hex_turn_source turn_source;
    size_t moves;              /* moves played */
    /* swap */
    int no_swap;               /* the game is played without it */
    size_t swap_move;          /* move number of the swap, 0 when none */
    lx_hex_move_kind swap_kind;
    lx_colour swapper;
    int32_t swap_from, swap_to; /* cells (swap_to == swap_from for swap-sides) */
    int sides_exchanged;       /* parity of swap-sides played */
    /* the end */
    int white_went_first;      /* White played the first move with nothing said (no PL, no setup) */
    int gave_up_after_win;     /* a resignation or forfeit came after a connection */
    lx_colour gave_up;         /* who resigned or forfeited first, or LX_NO_COLOUR */
    lx_hex_move_kind gave_up_how;
    size_t gave_up_move;
    lx_colour win_colour;      /* who first joined their edges by a move, or LX_NO_COLOUR */
    int32_t win_cell;
    size_t win_move;
    /* the last move, for drawings */
    lx_hex_move_kind last_kind;
    lx_colour last_colour;
    int32_t last_cell;         /* 0 when the last move was not a stone */
    /* dialect decisions for the tree this position replays */
    hex_swap_rule *swap_rules;
    size_t nswap_rules;
};

/* ---- proof.c: dead cells and virtual connections on a padded colour array ---------- */

/* Cell p (inside) is empty and dead by its neighbours' pattern. */
int hex_proof_is_dead(const uint8_t *colour, int cols, int32_t p);
/* Fill dead cells with `fill` until none is left (dead[p] = 1 for each when
 * dead is non-NULL); how many were filled. */
size_t hex_proof_fill_dead(uint8_t *colour, int cols, int rows, uint8_t fill, uint8_t *dead);
/* A connection of `me` (HEX_BLACK or HEX_WHITE) from edge to edge that holds
 * even with the opponent to move: the moves it still needs (a pair one, a
 * ziggurat two; 0: joined already, counting dead cells as me's), -1 when none
 * is found; its cells up to cap into carrier. */
int32_t hex_proof_connection(const uint8_t *colour, int cols, int rows, uint8_t me, int32_t *carrier, size_t cap,
                             size_t *ncarrier);
/* With `me` to move: the empty cell after which me has such a connection
 * needing the fewest moves (*best), and 1 + those (me's moves to the end);
 * -1 when no cell gives one. */
int32_t hex_proof_move(const uint8_t *colour, int cols, int rows, uint8_t me, int32_t *best);
/* With `me` to move: allowed[p] = 1 for the empty cells in every threat of
 * the opponent (a cell whose stone gives him a connection, with its cells);
 * their number (0: a proved loss), or -1 when he has no threat. */
int32_t hex_proof_must_play(const uint8_t *colour, int cols, int rows, uint8_t me, uint8_t *allowed);

/* ---- hsearch.c: H-search, full and semi virtual connections of one colour ---------- */
#define HEX_HS_MAX_CELLS 128
typedef struct hex_hsearch hex_hsearch;
/* Work space for boards of cols x rows (at most HEX_HS_MAX_CELLS cells, else NULL). */
hex_hsearch *hex_hsearch_new(int cols, int rows);
void hex_hsearch_free(hex_hsearch *h);
/* The connections of `me` on a padded colour array; 1 when `me` joins its
 * edges (joined, or by a full connection), else 0. */
int hex_hsearch_run(hex_hsearch *h, const uint8_t *colour, uint8_t me);
/* After a run: the carrier of an edge-to-edge full connection (padded ids,
 * up to cap; its size, 0 when none or joined already). */
size_t hex_hsearch_full(const hex_hsearch *h, int32_t *ids, size_t cap);
/* The edge-to-edge semi connections found, and one's key (a cell whose stone
 * joins `me`'s edges by a full connection; -1 when none). */
int hex_hsearch_semis(const hex_hsearch *h);
int32_t hex_hsearch_key(const hex_hsearch *h);
/* That semi's carrier (its key among them), as hex_hsearch_full. */
size_t hex_hsearch_semi(const hex_hsearch *h, int32_t *ids, size_t cap);
/* The opponent's must-play against the semis: allowed[p] = 1 on the cells
 * common to all their carriers, 0 elsewhere (the padded array); their
 * number, -1 when there is no semi (allowed untouched). */
long hex_hsearch_must_play(const hex_hsearch *h, uint8_t *allowed);

/* ---- inferior.c: captured pairs, vulnerable cells ------------------------------------ */
/* Dead cells (filled with dead_fill) and captured pairs (filled for their
 * captor) filled in turn until neither finds more; filled[p] = 1 for a dead
 * cell, 2 for a captured one (when filled is not NULL); how many were filled. */
size_t hex_inferior_fill(uint8_t *colour, int cols, int rows, uint8_t dead_fill, uint8_t *filled);
/* The n move ids (padded cells; an id >= npadded, the swap, stays) cut to
 * those not vulnerable for the mover `me` on colour (a cell is left out when
 * a killer of it is a move that stays); the number kept, in their order.
 * mark: npadded bytes of zeros, zeros again on return. */
size_t hex_inferior_cut_vulnerable(uint8_t *colour, int cols, uint8_t me, int32_t *ids, size_t n, int32_t npadded,
                                   uint8_t *mark);

/* ---- node_fill.c: the fill-in of the search tree's nodes ----------------------------- */
typedef struct hex_node_fills hex_node_fills;
hex_node_fills *hex_node_fills_new(void); /* NULL: out of memory */
void hex_node_fills_free(hex_node_fills *f);
/* Whether the store takes no more (a position of up to `most` cells). */
int hex_node_fills_full(const hex_node_fills *f, int32_t most);
/* The cells kept for the position `key` (*cells, their colours *colours);
 * their number, 0 when none are kept. */
int32_t hex_node_fills_find(hex_node_fills *f, uint64_t key, const int32_t **cells, const uint8_t **colours);
/* Keep for `key` (not 0) the cells p < n with filled[p] set and colour[p]
 * empty, each with the colour fill[p]; nothing when `key` has some already
 * or the store is full. */
void hex_node_fills_add(hex_node_fills *f, uint64_t key, const uint8_t *colour, const uint8_t *filled,
                        const uint8_t *fill, int32_t n);

/* ---- prior.c: the tree's prior figures from local shapes ----------------------------- */
/* For `me` to move, `last` the last stone (0: none): PRIOR playouts added
 * to visits[i] and wins for `me` to wins[i], for each empty cell ids[i]. */
void hex_prior(const uint8_t *colour, int cols, int rows, int32_t last, uint8_t me, const int32_t *ids, size_t n,
               float *visits, float *wins);

/* ---- rules.c -------------------------------------------------------------------- */

const char *hex_colour_name(lx_colour c); /* "Black", "White", "nobody" */
/* The name of a padded cell, lower case ("e5"); buf of at least 24 bytes. */
const char *hex_cell_name(const hex_grid *g, int32_t p, char *buf, size_t cap);
/* The position's current connection/resignation state, as a sentence for
 * messages ("Black joined top and bottom with e5 at move 41"). */
void hex_describe_end(const lx_hex_board *b, char *buf, size_t cap);
int hex_board_set_rules(lx_hex_board *b, const hex_swap_rule *rules, size_t n);

/* ---- sgf_hex.c -------------------------------------------------------------------- */

typedef enum hex_special {
    HEX_SP_NONE, HEX_SP_SWAP_PIECES, HEX_SP_SWAP_SIDES, HEX_SP_SWAP_OTHER, /* "SWAP", "swap" */
    HEX_SP_RESIGN, HEX_SP_FORFEIT, HEX_SP_PASS
} hex_special;

/* Which special move a value spells (any case), or HEX_SP_NONE. */
hex_special hex_special_of(const char *s, size_t len);
/* Non-zero for a Little Golem cell: exactly two letters. */
int hex_is_lg_point(const char *s, size_t len);
/* Read a point for a board of cols x rows: 0, or -1 with `err`. */
int hex_parse_point(int cols, int rows, const char *s, size_t len, int *col, int *row, lx_game_error *err);
/* SZ of a root: 0 with the size, 1 when there is no SZ (default), -1 with a
 * diagnostic in `diags`. */
int hex_read_size(const lx_sgf_tree *t, lx_sgf_node root, int *cols, int *rows, lx_diag_list *diags);
/* The game-interface hooks that read values. */
int hex_module_parse_move(const void *pos, lx_colour who, const char *raw, size_t len, void *move,
                          lx_game_error *err);
int hex_module_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err);
/* parse_move, check_move and apply_move at once (rules.c). */
int hex_module_play_value(void *pos, lx_colour who, const char *raw, size_t len, lx_game_error *err);
int hex_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out);

/* ---- review.c ---------------------------------------------------------------------- */

/* Decide how every swap value of the tree reads, with warnings.  The rules
 * kept are those that differ from the value's plain reading, sorted by address. */
int hex_decide_swaps(const lx_sgf_tree *t, hex_swap_rule **rules, size_t *n, lx_diag_list *diags);
const hex_swap_rule *hex_find_rule(const hex_swap_rule *rules, size_t n, const char *raw);
/* Before the replay: FF, and the form of RE (review.c). */
void hex_review_root(const lx_sgf_tree *t, lx_diag_list *diags);
/* The line_end hook: what the whole main line tells - RE against the final
 * position, White moving first unasked, a resignation after a win. */
void hex_line_end(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete, lx_diag_list *diags);
/* Check IS and IP. */
void hex_check_viewer_props(const lx_sgf_tree *t, lx_diag_list *diags);

/* ---- module.c ---------------------------------------------------------------------- */

void *hex_position_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags);
/* Apply one node (setup, then moves) with the module's hooks; stops after
 * `*budget` moves when budget is non-NULL (decremented).  0, 1 when the
 * budget ran out inside the node, -1 on a refusal (diagnostic added when
 * `diags` is non-NULL). */
int hex_apply_node(lx_hex_board *b, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags);

#endif

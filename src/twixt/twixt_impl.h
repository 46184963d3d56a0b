/* twixt_impl.h - what the files of src/twixt/ share (internal to libludex).
 *
 * Geometry (geometry.c).  Holes live in a padded array, TW_PAD cells of
 * nothing on every side, row-major with `stride` = cols + 2 * TW_PAD, so a
 * knight's move and the links a link crosses are fixed index offsets that
 * never leave the array.  A link is stored at its left end (the end with the
 * smaller column): link index = 4 * cell + dir, dir 0..3 for the steps
 * (+1,+2) (+2,+1) (+2,-1) (+1,-2) (column, row; rows grow downwards).  Which
 * links cross a link is a fixed pattern (tw_cross_pattern, 9 per direction);
 * a board turns it into index offsets for its stride once, when it is made.
 *
 * The position (board.c, rules.c).  Pegs: one byte per cell (TW_EMPTY,
 * TW_BLACK, TW_WHITE, TW_OFF for padding and corners).  Links: one byte per
 * link index (0, TW_BLACK, TW_WHITE).  A union-find over cells, with four
 * extra nodes for the top, bottom, left and right borders, joins linked pegs;
 * removing a link or a peg cannot be undone in a union-find, so it marks the
 * sets stale and they are rebuilt before they are next asked.
 *
 * Notes (module.c).  What only a whole record can tell about a value - that
 * it ends its property without a peg, that a value follows the peg in its
 * property, that it stands before a puzzle's IP - is found when the starting
 * position is made and kept in the position, keyed by the value's address. */
#ifndef LX_TWIXT_IMPL_H
#define LX_TWIXT_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/twixt.h"
#include "base/random.h"
#include "base/text.h" /* lx_trim, lx_quote */

#define TW_PAD 3

enum { TW_EMPTY = 0, TW_BLACK = 1, TW_WHITE = 2, TW_OFF = 3 };

/* lx_colour <-> cell byte */
static inline uint8_t tw_code(lx_colour c) { return (uint8_t)(c + 1); }
static inline lx_colour tw_colour(uint8_t code) { return code == TW_BLACK ? LX_BLACK : code == TW_WHITE ? LX_WHITE : LX_NO_COLOUR; }
static inline lx_colour tw_other(lx_colour c) { return c == LX_BLACK ? LX_WHITE : LX_BLACK; }

typedef struct tw_geom {
    int cols, rows, stride;
    int32_t ncells;       /* padded cells */
    int32_t knight[8];    /* cell offsets of the 8 knight's moves */
    int32_t klink[8];     /* link index of the link to knight[k], relative to 4 * cell */
    int32_t cross[4][9];  /* link index offsets of the links crossing (cell, dir) */
} tw_geom;

/* The fixed pattern: for a link (0,0)-(step of dir d), the 9 crossing links
 * as (column offset, row offset, dir) of their left ends. */
extern const int8_t tw_cross_pattern[4][9][3];
extern const int8_t tw_dir_step[4][2];
extern const int8_t tw_knight_step[8][2];

/* ---- geometry.c ---------------------------------------------------------------------- */

void tw_geom_init(tw_geom *g, int cols, int rows);
static inline int32_t tw_cell(const tw_geom *g, int col, int row)
{
    return (int32_t)((row + TW_PAD) * g->stride + col + TW_PAD);
}
static inline int tw_col(const tw_geom *g, int32_t p) { return (int)(p % g->stride) - TW_PAD; }
static inline int tw_row(const tw_geom *g, int32_t p) { return (int)(p / g->stride) - TW_PAD; }
static inline int tw_on_board(const tw_geom *g, int col, int row)
{
    return col >= 0 && row >= 0 && col < g->cols && row < g->rows;
}
/* The link index joining cells p and q, or -1 when they are not a knight's move apart. */
int32_t tw_link_index(const tw_geom *g, int32_t p, int32_t q);
/* The two ends of link index l. */
void tw_link_ends(const tw_geom *g, int32_t l, int32_t *p, int32_t *q);
/* The link with centre (cx2, cy2) (doubled coordinates) and slope +1 '/' or
 * -1 '\': its ends, or -1 when the centre is not a link centre. */
int tw_centre_ends(int cx2, int cy2, int slope, lx_twixt_point *a, lx_twixt_point *b);

/* ---- the position ------------------------------------------------------------------ */

enum { TW_PHASE_NONE = 0, TW_PHASE_REMOVE = 1, TW_PHASE_ADD = 2 };

/* Notes on values, by address (module.c). */
enum {
    TW_NOTE_ENDS_OPEN = 1,   /* last value of its property, and not a peg or special move */
    TW_NOTE_AFTER_PEG = 2,   /* follows a peg or special move in its property */
    TW_NOTE_RELAXED = 4      /* stands before a puzzle's IP: turn order and turn ends relaxed */
};
typedef struct tw_note {
    uintptr_t raw;
    unsigned notes;
} tw_note;

struct lx_twixt_board {
    tw_geom g;
    lx_twixt_rules rules;
    uint8_t *peg;        /* ncells */
    uint8_t *link;       /* 4 * ncells */
    int32_t *uf;         /* ncells + 4: parent, negative size at roots */
    int uf_stale;
    size_t pegs[2];
    /* turns */
    lx_colour to_play;
    lx_colour open;      /* the colour of a long move in progress, else LX_NO_COLOUR */
    int phase;           /* TW_PHASE_* of that long move */
    size_t moves;        /* turns completed */
    int handicap;
    int no_swap;         /* the game is played without the swap */
    int swapped;         /* a swap was played */
    /* the end */
    lx_colour winner;    /* by connection */
    lx_colour gave_up;   /* resigned or forfeited first */
    int gave_up_forfeit;
    /* the last turn, for drawings */
    lx_twixt_move_kind last_kind;
    lx_colour last_colour;
    int32_t last_peg;    /* 0 when none */
    /* record notes and puzzle state (module.c) */
    tw_note *notes;
    size_t nnotes;
    int puzzle;          /* PZ: PL given at the root is re-asserted after the relaxed moves */
    lx_colour puzzle_pl;
    int relaxed_seen;
};

/* The union-find's extra nodes. */
enum { TW_TOP = 0, TW_BOTTOM = 1, TW_LEFT = 2, TW_RIGHT = 3 };
static inline int32_t tw_border_node(const lx_twixt_board *b, int which) { return b->g.ncells + which; }

/* ---- board.c ----------------------------------------------------------------------- */

/* Put a peg on an empty allowed cell (no links) and join its border set. */
void tw_put_peg(lx_twixt_board *b, int32_t p, lx_colour c);
/* Take a peg and its links off. */
void tw_take_peg(lx_twixt_board *b, int32_t p);
/* Set or clear link l (sets stale on clearing). */
void tw_set_link(lx_twixt_board *b, int32_t l, lx_colour c);
void tw_clear_link(lx_twixt_board *b, int32_t l);
/* The colour of a link crossing link index l: of colour `only` when it is
 * not LX_NO_COLOUR, else any; the crossing link's index into *which (or -1).
 * Returns the crossing link's colour or LX_NO_COLOUR. */
lx_colour tw_crossing(const lx_twixt_board *b, int32_t l, lx_colour only, int32_t *which);
/* Whether colour c may make link l now under the board's rules. */
int tw_link_allowed(const lx_twixt_board *b, int32_t l, lx_colour c);
/* Link the peg on p to every peg of its colour it may link (autolinking). */
void tw_autolink(lx_twixt_board *b, int32_t p);
/* Whether colour c may hold cell (col,row) at all. */
int tw_hole_allowed(const tw_geom *g, lx_colour c, int col, int row);
/* Union-find. */
int32_t tw_find(lx_twixt_board *b, int32_t x);
void tw_union(lx_twixt_board *b, int32_t x, int32_t y);
void tw_refresh(lx_twixt_board *b);
lx_colour tw_connected_colour(const lx_twixt_board *b, lx_colour c);

/* ---- notation.c ------------------------------------------------------------------- */

/* "a1"..; buf of at least 16 bytes; returns buf. */
const char *tw_point_name(lx_twixt_point p, char *buf, size_t cap);
const char *tw_cell_name(const tw_geom *g, int32_t p, char *buf, size_t cap);
/* "i'3" / "j4'" for a centre; buf of at least 16 bytes. */
const char *tw_centre_name(int cx2, int cy2, char *buf, size_t cap);
/* A value quoted for a message (at most 40 bytes, control characters as '?'). */
/* Read a hole "k4" for a board of cols x rows: 0, or -1 with `err`. */
int tw_parse_point(int cols, int rows, const char *s, size_t len, lx_twixt_point *p, lx_game_error *err);
/* Read a centre "i'3", "J4'", "B*3", "C2*": 0, or -1 with `err`. */
int tw_parse_centre(int cols, int rows, const char *s, size_t len, int *cx2, int *cy2, lx_game_error *err);
/* Which special move a value spells (any case): the kind, or LX_TWIXT_PEG for none. */
lx_twixt_move_kind tw_special_of(const char *s, size_t len);
/* Classify a raw value without a board: 1 a long-move part (-, /, \), 0 otherwise. */
int tw_is_part(const char *raw, size_t len);
/* Parse a raw SGF move value. */
int tw_parse_move(int cols, int rows, const char *raw, size_t len, lx_twixt_move *m, lx_game_error *err);
/* The link (ends) a move's centre names for `slope`; -1 when off the board. */
int tw_move_link(const tw_geom *g, const lx_twixt_move *m, int slope, int32_t *l);

/* ---- rules.c ------------------------------------------------------------------------- */

const char *tw_colour_name(lx_colour c); /* "White", "Black" */
/* A sentence on the link ends "i4-j2". */
const char *tw_link_name(const tw_geom *g, int32_t l, char *buf, size_t cap);
/* The link a REMOVE move takes away: the existing link at its centre, or -1. */
int32_t tw_removal_link(const lx_twixt_board *b, const lx_twixt_move *m);
int tw_check_turn(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err);
int tw_check_not_over(const lx_twixt_board *b, lx_game_error *err);
int tw_check_peg(const lx_twixt_board *b, lx_colour who, lx_twixt_point at, lx_game_error *err);
/* Put the turn's peg (no links) / end the turn and look for a win. */
int32_t tw_place_peg(lx_twixt_board *b, lx_colour who, lx_twixt_point at);
void tw_finish_turn(lx_twixt_board *b, lx_colour who);
/* Mirror a board across the main diagonal (square boards). */
lx_twixt_point tw_mirror(lx_twixt_point p);

/* ---- draw.c, svg.c ------------------------------------------------------------------ */

/* "White to play; last move 12: W k4", "Black won: ...". */
void tw_status_line(const lx_twixt_board *b, char *buf, size_t cap);
int tw_draw_svg(const lx_twixt_board *b, int size, lx_buf *out);

/* ---- reach.c ---------------------------------------------------------------------- */

/* lx_twixt_can_connect with an explicit budget (tests). */
int tw_can_connect_budget(const lx_twixt_board *b, lx_colour c, long budget);

/* ---- module.c / record.c ------------------------------------------------------------- */

/* The first value of root property `id`, decoded as SimpleText, trimmed, cut
 * to cap - 1 bytes; 1 present, 0 absent, -1 out of memory.  *at: its offset. */
int tw_root_word(const lx_sgf_tree *t, const char *id, char *buf, size_t cap, size_t *at);
/* The line_end hook: RE against the final position of the main line (result.c). */
void tw_check_result(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete, lx_diag_list *diags);
void *tw_position_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags);
/* Read SZ of a root: 0 with the size, 1 when absent (default), -1 with a diagnostic. */
int tw_read_size(const lx_sgf_tree *t, lx_sgf_node root, int *cols, int *rows, lx_diag_list *diags);
int tw_module_parse_move(const void *pos, lx_colour who, const char *raw, size_t len, void *move, lx_game_error *err);
int tw_module_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err);
int tw_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out);
/* Apply one node (setup, then moves) with the module's hooks; stops after
 * *budget moves when budget is non-NULL.  0, 1 when the budget ran out, -1 on
 * a refusal (with a diagnostic when diags is non-NULL). */
int tw_apply_node(lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags);
/* The notes of the values of a tree; sorted by address. */
int tw_collect_notes(const lx_sgf_tree *t, lx_sgf_node ip, tw_note **notes, size_t *n, lx_diag_list *diags);
unsigned tw_note_of(const lx_twixt_board *b, const char *raw);
/* Puzzle: check the solution tree below `ip` against the goal of PZ. */
int tw_check_puzzle(const lx_sgf_tree *t, lx_sgf_node ip, const lx_twixt_board *start, lx_diag_list *diags);

/* ---- record building (build.c): a GM[21] tree from a list of turns -------------- */

typedef struct tw_builder {
    lx_sgf_tree *t;
    lx_sgf_node last;
    int oom;
} tw_builder;

int tw_builder_start(tw_builder *bl);
/* Add a root property with a text value (escaped for you). */
void tw_builder_root_text(tw_builder *bl, const char *id, const char *text);
/* Add a node with one move property; `values` are unescaped texts. */
void tw_builder_turn(tw_builder *bl, lx_colour who, const lx_twixt_move *parts, size_t n);
/* Add a node with a move property holding `text` as written (escaped for you). */
void tw_builder_turn_text(tw_builder *bl, lx_colour who, const char *text, size_t len);
/* Add a property with a text value to the last node. */
void tw_builder_node_text(tw_builder *bl, const char *id, const char *text);
/* Replay the built tree; each refused move becomes an error where the importer
 * read it: where[i] is move i's document offset, or its line when by_line.
 * 0, or -1 out of memory. */
int tw_builder_check(tw_builder *bl, const size_t *where, size_t n, int by_line, lx_diag_list *diags);

/* Walk the main line of a GM[21] tree turn by turn: calls `fn` with the
 * position before each turn and its parsed parts.  Stops at the first refusal
 * (diagnostic) or when fn returns non-zero.  0, 1 after a refusal, -1 OOM. */
typedef int (*tw_turn_fn)(void *ctx, const lx_twixt_board *before, lx_colour who, const lx_twixt_move *parts,
                          size_t n, lx_sgf_node node);
int tw_walk_main_line(const lx_sgf_tree *t, tw_turn_fn fn, void *ctx, lx_twixt_board **final, lx_diag_list *diags);

/* ---- playouts and search positions (playout.c, sim.c, proof.c) ------------------------- */

/* A search position (sim.c tells how it works; prior.c reads it). */
enum { SIM_POOL_BOTH = 0, SIM_POOL_WHITE = 1, SIM_POOL_BLACK = 2 };
enum { SIM_EDGE_1 = 1, SIM_EDGE_2 = 2 }; /* the mover's first / second border row */

struct lx_twixt_sim {
    tw_geom g;
    lx_twixt_rules rules;
    uint8_t *peg0, *peg, *link0, *link, *flags0, *flags;
    int32_t *parent0, *parent;
    uint8_t *edge[2];    /* per cell: the borders it lies on, for Black (0) and White (1) */
    int32_t *pool[3];
    int32_t npool[3];
    lx_colour to_play0, to_play, winner0, winner;
    int swap0, swap;
    int32_t single;      /* the one peg when the swap is allowed */
    /* draw values: per cell its column (Black) and row (White); per root
     * the first and last of them its set reaches; per colour the widest */
    int16_t *along[2], *lo, *hi;
    int32_t widest0[2], widest[2];
    int32_t crossing[8][9];   /* per knight's move k: link offsets from 4 * cell that cross its link */
    int32_t *roots0, nroots0; /* the snapshot's roots, and their lo, hi: */
    int16_t *roots0_lo, *roots0_hi;
    int32_t last0[2], last[2];  /* each colour's last peg (0: none), for the prior */
    uint8_t *must;   /* per cell: a root move kept by lx_twixt_sim_must_play, when must_on */
    int must_on;
    uint8_t *mark;   /* per cell: a hole lx_twixt_sim_winning_holes looks at (all 0 between calls) */
    uint8_t *owners; /* per cell: who holds it after the playout, for AMAF (lx_twixt_sim_owners) */
    int32_t played;  /* moves since the snapshot */
    struct lx_twixt_sim *node; /* the proofs' copy for tree nodes (node_proof.c), made when first needed */
};

/* A copy of sim s (same board, its snapshot and pools), or NULL. */
lx_twixt_sim *tw_sim_clone(const lx_twixt_sim *s);
/* d (a copy of s's sim) takes s's position now as its snapshot, and is reset there. */
void tw_sim_rebase(lx_twixt_sim *d, const lx_twixt_sim *s);


/* A union-find whose roots hold minus their set's size and, in `flags`, the
 * borders the set touches. */
static inline int32_t tw_uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] >= 0) {
        if (parent[parent[x]] >= 0)
            parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}
static inline void tw_uf_join(int32_t *parent, uint8_t *flags, int32_t x, int32_t y)
{
    x = tw_uf_find(parent, x);
    y = tw_uf_find(parent, y);
    if (x == y)
        return;
    if (parent[x] > parent[y]) { /* x the larger set */
        int32_t t = x;
        x = y;
        y = t;
    }
    parent[x] += parent[y];
    parent[y] = x;
    flags[x] |= flags[y];
}
/* Whether link l is crossed, in the link bytes `link`, by a link that blocks
 * colour `code` (STD: any link; PP: the other colour's). */
static inline int tw_link_blocked(const tw_geom *g, const uint8_t *link, lx_twixt_rules rules, int32_t l, uint8_t code)
{
    const int32_t *c = g->cross[l & 3];
    const uint8_t *k = link + l;
    if (rules == LX_TWIXT_STD)
        return (k[c[0]] | k[c[1]] | k[c[2]] | k[c[3]] | k[c[4]] | k[c[5]] | k[c[6]] | k[c[7]] | k[c[8]]) != 0;
    uint8_t other = (uint8_t)(code ^ 3); /* TW_BLACK <-> TW_WHITE */
    for (int i = 0; i < 9; i++)
        if (k[c[i]] == other)
            return 1;
    return 0;
}

#endif

/* gen_impl.h - what the move generator's files share (internal).
 *
 * The generator sees the board as lines: for each direction, each row
 * (across) or column (down) is an array of squares, the perpendicular
 * cross-word facts folded into each square.  gen_board.c fills them,
 * gen_place.c walks the GADDAG along a line from each anchor (for every
 * play, gen_left.c finds the rack's left parts once for all anchors that
 * have no tile next to them on their line), gen_shadow.c
 * bounds what an anchor can give (with gen_wordmap.c's word map, which
 * letter multisets are words), gen.c is the public face (racks, leaves,
 * exchanges, the best-play search). */
#ifndef LX_XWORD_GEN_IMPL_H
#define LX_XWORD_GEN_IMPL_H

#include "xword/xword_impl.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef struct xw_square {
    uint64_t cross;      /* letters (bit t for letter t) a new tile here may be; without a
                          * blank on the rack, of the rack's letters only (others: 0) */
    int32_t cross_score; /* the perpendicular word's tiles' value; -1: no such word */
    uint8_t tile;        /* the board's tile (letter | blank bit), 0 empty */
    uint8_t value;       /* its value (0 for a blank) */
    uint8_t lm, wm;      /* premiums */
    uint8_t anchor;      /* empty, next to a tile (or the start square of an empty board) */
} xw_square;

/* The cross facts of the last call's board (gen_board.c): per direction
 * and square (row-major), the cross set of every letter and the score, good
 * where the square is empty with a neighbour across; the board they are
 * for, the lexicon's digest, the letters and their values. */
typedef struct xw_cross_fact {
    uint64_t cross;
    int32_t score;
} xw_cross_fact;

typedef struct xw_cross_cache {
    int ok, rows, cols;
    uint64_t digest, letters;
    size_t nnodes;
    int values[256]; /* the tiles' values the scores were summed with */
    uint8_t *board;
    uint8_t *premiums; /* the layout's letter premiums, then its word premiums (g->sq holds them) */
    uint8_t *marks;    /* gen_board.c's, a call's: which squares' cross facts to work out again */
    xw_cross_fact *facts[2];
} xw_cross_cache;

#define XW_GEN_BEST 1 /* keep only the best play */

/* What a play being walked is worth so far: its main word's tiles, the
 * word multiplier, the cross-words' sum. */
typedef struct xw_walk_score {
    int main, mult, cross;
} xw_walk_score;

/* What the every-play walk asks of a square of a line to step on to it
 * (gen_every.c, worked out once per line): a tile of the run after the
 * letter put next to it in `want` - its board tile, or the letters its
 * cross set allows, of those the rack may give unless `any` is all ones (a
 * board tile); want 0: no step.  Going left, a step on to an empty anchor is
 * not taken (its own walk makes those plays): want_left. */
typedef struct xw_every_square {
    uint64_t want_left, want_right, any;
} xw_every_square;

/* A left part of the rack (gen_left.c): the tiles a play puts on an anchor
 * and on the empty squares left of it, read backwards from the anchor in
 * the GADDAG.  Left of an anchor with no tile next to it on the left the
 * squares are empty with no cross-words, so which left parts are good
 * depends on the rack alone: they are found once for all such anchors, in
 * the walk's order, each followed by its longer left parts (depth-first),
 * those that lead to no word dropped. */
typedef struct xw_left_part {
    uint64_t right_rack; /* letters that may start its right part on an empty square */
    uint64_t sub_rack;   /* the same for it and its longer left parts */
    uint32_t sep_run;    /* the GADDAG's run after the separator, 0: no word goes on right */
    uint32_t end;        /* index past its longer left parts */
    uint16_t leave_idx;
    uint8_t tile;        /* as put down (letter | blank bit) */
    uint8_t depth;       /* tiles, the anchor's included */
    uint8_t accepts;     /* the tiles alone are a word */
    uint8_t sub_accepts; /* it or a longer left part is */
} xw_left_part;

/* Which multisets of letters are words (gen_wordmap.c). */
#define XW_ASKED 4
typedef struct xw_wordmap {
    int built, ok;                        /* tried for the lexicon of this digest; usable */
    uint64_t digest;
    uint64_t asked[XW_ASKED];             /* the digests of the lexicons of the last searches without one */
    size_t nnodes;
    uint64_t key[LX_XW_MAX_LETTERS + 1];  /* each letter's; a multiset's fingerprint is their sum */
    uint32_t *set[2];                     /* words; words less one letter */
    size_t mask[2];
    uint64_t *maybe;                      /* bit (h >> 20) & maybe_mask: a word's fingerprint may be h */
    size_t maybe_mask;
} xw_wordmap;

/* What the best-play search knows of one board-tile multiset and play size:
 * over the sub-racks of that size that make a word with them, the largest
 * j-th tile value and the best leave (valid 0: none does). */
typedef struct xw_summary {
    uint64_t hb;
    unsigned stamp;
    int k;
    /* [0] over all those sub-racks, [1] over those with a blank */
    int valid[2];
    uint64_t maxval[2]; /* byte j (bits 8j..8j+7): the largest j-th value */
    double leave[2];
} xw_summary;

#define XW_SUMMARIES 512

/* A sub-rack the best-play search may play, as a summary reads it: its
 * fingerprint less blanks, its values descending (byte j: the j-th), the
 * leave of what is kept, its blanks. */
typedef struct xw_sub_rack {
    uint64_t h, vals;
    double leave;
    int nb;
} xw_sub_rack;

/* b[0][kl][kr]: plays with kl tiles left of the anchor and kr right of it;
 * b[1]: those of them that put down a blank. */
typedef struct xw_extent_bounds {
    double b[2][LX_XW_RACK_SIZE + 1][LX_XW_RACK_SIZE + 1];
} xw_extent_bounds;

/* A play's extent (gen_shadow.c): k new tiles, the board tiles its word
 * runs through (how many, their fingerprint), and its score as base + sum
 * of coef[j] times the j-th tile's value, coef descending, 0 past k (16
 * bits each, so 8 are multiplied at once; wide: one needs more, and the
 * extent is not bounded); first, its bounds before the word map's
 * refinement (set when it may make a word). */
#define XW_COEFS 8
typedef struct xw_extent {
    int k, through, base, wide;
    int16_t coef[XW_COEFS];
    uint64_t hb;
    double first[2];
} xw_extent;

/* An anchor's line for its bounds (gen_shadow.c) and the empty squares its
 * plays may cover, nearest first; the board tiles a word with kl tiles left
 * of the anchor runs through left of it (over the board tiles next to
 * them), and those of one with kr right of it: how many, their values'
 * sum, their fingerprint; ex[kl][kr], its extents.  Worked out once, in
 * the first pass. */
typedef struct xw_shadow_line {
    const xw_square *ln;
    int len, anchor, nl, nr;
    int left[LX_XW_RACK_SIZE], right[LX_XW_RACK_SIZE];
    int lcount[LX_XW_RACK_SIZE], lvalue[LX_XW_RACK_SIZE], rcount[LX_XW_RACK_SIZE], rvalue[LX_XW_RACK_SIZE];
    uint64_t lhb[LX_XW_RACK_SIZE], rhb[LX_XW_RACK_SIZE];
    xw_extent ex[LX_XW_RACK_SIZE][LX_XW_RACK_SIZE];
} xw_shadow_line;

/* The best-play search's anchors, on a heap by bound: ext, the bounds of
 * each extent, worked out when the anchor first comes up (bounded). */
typedef struct xw_anchor_bound {
    double bound;
    int dir, line, at, bounded;
    size_t id; /* of its line (lines) and extent bounds (ext) */
} xw_anchor_bound;

#define XW_RUNS_BEFORE 2 /* words before xw_gen_runs's nodes[0]: xw_arc_tiles(g, 0) is 0 */

/* The word graph with each run's tiles in the two words before it
 * (gen_runs.c), which the walk for every play reads. */
typedef struct xw_gen_runs {
    int tried;       /* for the lexicon of this digest and size */
    uint64_t digest;
    size_t nnodes;
    uint32_t *nodes; /* NULL: none for it (see gen_runs.c); "run" 0 has no tiles */
    uint32_t *block; /* holding nodes, XW_RUNS_BEFORE words (zeros) before nodes[0] */
    int words;       /* before each run, for its tiles: 1 (every tile below 32) or 2 */
    uint32_t dawg, gaddag;
    uint64_t asked[XW_ASKED]; /* the digests of the lexicons of the last calls without one */
} xw_gen_runs;

struct lx_xw_gen {
    /* the position */
    const lx_xw_pos *p;
    const lx_xw_lexicon *lx;
    const uint32_t *nodes;     /* lx's, or runs.nodes (headed) when it is made */
    uint32_t dawg, gaddag;     /* the roots in nodes */
    int headed;                /* nodes is runs.nodes, each run's tiles in the `headed` words before it; 0: lx's */
    xw_gen_runs runs;
    int rows, cols;
    uint64_t letters;          /* bits 1..n: the distribution's letters */
    xw_square *sq[2];          /* per direction, line-major: across [row][col], down [col][row] */
    size_t sq_cap;             /* and of cc's arrays */
    xw_cross_cache cc;
    int bingo_bonus;
    /* the rack: counts, and the leave of what is kept, indexed by mixed radix */
    int rack[LX_XW_MAX_LETTERS + 1];
    int rack0[LX_XW_MAX_LETTERS + 1]; /* the rack before the walk */
    uint64_t rack_mask;            /* bit t: letter t is on the rack (bit 0: a blank) */
    int nrack;
    int pv[LX_XW_MAX_LETTERS + 1]; /* place value of each tile in a leave index */
    int nleaves;
    int ndt;                       /* the rack's distinct tiles, ascending (the blank first) */
    uint8_t dt[LX_XW_RACK_SIZE];
    uint8_t kept[1 << LX_XW_RACK_SIZE][LX_XW_RACK_SIZE]; /* [leave index][i]: how many of dt[i] it keeps */
    double leave[1 << LX_XW_RACK_SIZE];
    uint64_t kept_mask[1 << LX_XW_RACK_SIZE]; /* [leave index]: the tiles it keeps (bit 0: a blank) */
    uint8_t played[1 << LX_XW_RACK_SIZE];     /* and how many tiles it plays */
    uint64_t may_go[1 << LX_XW_RACK_SIZE];    /* every play: the letters a tile it keeps may be
                                               * (any with a blank; never bit 0), xw_every_ready */
    double best_leave[LX_XW_RACK_SIZE + 1]; /* best leave when k tiles are played */
    /* best-play search: could k tiles of the rack make a word alone? */
    int can_alone[LX_XW_RACK_SIZE + 1];
    int16_t rack_values[XW_COEFS]; /* the rack's tiles' values, descending, 0 past them */
    int rack_values_narrow;        /* all of them below 256 (else the bounds multiply one by one) */
    int values[256];               /* of each board or rack tile; 0 for blanks */
    /* best-play search with a word map: each sub-rack played (by the leave
     * index of what is kept) - its fingerprint less blanks, blanks, size,
     * values descending - and those of each size */
    xw_wordmap wm;
    int use_wm;
    uint64_t sub_h[1 << LX_XW_RACK_SIZE];
    uint8_t sub_nb[1 << LX_XW_RACK_SIZE];
    uint64_t sub_vals[1 << LX_XW_RACK_SIZE]; /* byte j: the j-th value */
    xw_sub_rack sub[LX_XW_RACK_SIZE + 1][1 << LX_XW_RACK_SIZE]; /* [k][i]: the i-th of size k */
    int nsub[LX_XW_RACK_SIZE + 1];
    uint64_t sub_blanks[LX_XW_RACK_SIZE + 1]; /* bit i: sub[k][i] has a blank (at most 35 of a size) */
    xw_summary summaries[XW_SUMMARIES];
    unsigned stamp;
    xw_anchor_bound *anchors;  /* kept from call to call, as lines and ext */
    xw_shadow_line *lines;
    xw_extent_bounds *ext;
    size_t anchors_cap;
    /* the walk */
    int mode;
    int dir, line, len, anchor, left;
    int turn;                  /* where the walk turns right: the anchor, or the last of the tiles right after it */
    int right_empty;           /* no tile right after the anchor */
    const xw_square *ln;
    int nplaced, leave_idx, word_mult;
    int max_tiles;             /* tiles a play from this anchor may put down (the rack, or fewer) */
    /* best-play search: the walk's tiles left of the anchor once it turns
     * right (kl), and bounds on what a play can still be worth: with more
     * than kl tiles left (left_bound[kl + 1]), or with exactly kl left and
     * more than kr right (right_bound[kl][kr + 1]); +inf when listing every
     * play; [1]: the same for plays that put down a blank, which the walk
     * holds to once it has put one down; [2]: those of them that are no
     * bingo, which it holds to once it has made the blank a letter no bingo
     * of this anchor can have (bingo_letters: those that one may) */
    int kl;
    double left_bound[3][LX_XW_RACK_SIZE + 2];
    double right_bound[3][LX_XW_RACK_SIZE + 1][LX_XW_RACK_SIZE + 2];
    uint64_t bingo_letters;
    int no_bingo, bingo_known;
    const xw_extent_bounds *bingo_ext; /* the anchor's, to work bingo_letters out from when first needed */
    const xw_shadow_line *bingo_line;
    uint8_t strip[LX_XW_MAX_SIDE]; /* the tiles the walk put on empty squares (stale elsewhere) */
    /* every play: the empty squares of the line every_line (bit i: square i), when it has at most 64 */
    const xw_square *every_line;
    uint64_t every_empty;
    /* every play: each square's count of empty squares before it on every_line, and
     * the tiles the walk put down by that count of their square (where g->strip has
     * them for gen_place.c), so a play's tiles are one read; 8 more: a word at a time */
    uint8_t empties_before[LX_XW_MAX_SIDE];
    uint8_t packed[LX_XW_MAX_SIDE + 8];
    xw_every_square every_sq[LX_XW_MAX_SIDE + 2]; /* every play: of each square i of every_line at i + 1 (0: none) */
    const xw_square *every_turn_q; /* every play, walking left: the square right after g->turn (or the turn's) */
    int every_turn_ok;             /* and whether there is one */
    /* every play: its anchors in the walk's order, each XW_EVERY_ANCHOR(dir, line, square, kind) */
    uint32_t *every_anchors;
    size_t every_nanchors, every_anchors_cap;
    /* every play: the rack's left parts (gen_left.c) */
    xw_left_part *lp;
    size_t nlp, lp_cap;
    uint32_t lp_first[LX_XW_MAX_LETTERS + 1]; /* where the left parts with letter t on the anchor start */
    uint64_t lp_first_mask;                   /* the letters t some start with */
    uint8_t most[LX_XW_MAX_LETTERS + 1]; /* the most tiles of a left part with tile t on the anchor */
    uint64_t most_mask;                  /* the tiles t with most[t] > 0 */
    /* the plays found */
    lx_xw_play *plays;
    size_t nplays, plays_cap;
    lx_xw_play best;
    int have_best, oom;
};

/* The node of tile t in the run starting at `run`, 0 when none. */
static inline uint32_t xw_kwg_find(const uint32_t *nodes, uint32_t run, int t)
{
    if (run == 0)
        return 0;
    for (;; run++) {
        uint32_t node = nodes[run];
        if (xw_kwg_tile(node) == t)
            return run;
        if (node & XW_KWG_IS_END)
            return 0;
    }
}

/* The same, for a lexicon whose runs are in ascending tile order: the
 * search stops at the first tile past t. */
static inline uint32_t xw_kwg_find_asc(const uint32_t *nodes, uint32_t run, int t)
{
    if (run == 0)
        return 0;
    for (;; run++) {
        uint32_t node = nodes[run];
        if (xw_kwg_tile(node) >= t)
            return xw_kwg_tile(node) == t ? run : 0;
        if (node & XW_KWG_IS_END)
            return 0;
    }
}

/* The nodes of the run starting at `run` whose tile is in `any`, into cand
 * (room for LX_XW_MAX_LETTERS + 1); how many.  Gathered without a branch on
 * each node (that test mispredicts): a run holds each tile once. */
static inline int xw_kwg_gather(const uint32_t *nodes, uint32_t run, uint64_t any, uint32_t *cand)
{
    int nc = 0;
    for (uint32_t i = run;; i++) {
        uint32_t node = nodes[i];
        cand[nc] = node;
        nc += (int)((any >> xw_kwg_tile(node)) & 1);
        if (node & XW_KWG_IS_END)
            return nc;
    }
}

/* Make r for lx (1) or say there is none (0: use lx's nodes); made on the
 * second call with a lexicon (for one call it costs more than it saves). */
int xw_gen_runs_ready(xw_gen_runs *r, const lx_xw_lexicon *lx);
void xw_gen_runs_free(xw_gen_runs *r);

/* The index of the lowest bit set in m (not 0). */
static inline int xw_lowest_bit(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int n = 0;
    for (; !(m & 1); m >>= 1)
        n++;
    return n;
#endif
}

/* With g->headed: the tiles of the run starting at `run` (not 0). */
static inline uint64_t xw_run_tiles(const lx_xw_gen *g, uint32_t run)
{
    uint64_t last = g->nodes[run - 1];
    return g->headed == 1 ? last : (uint64_t)g->nodes[run - 2] | last << 32;
}

/* The tiles of the run at `run` of nodes whose runs are headed by `words`
 * words (1 or 2: g->headed; the every-play walk's builds pass a constant);
 * run 0 (no arc): none (the block's zeros). */
static inline uint64_t xw_tiles_of(const uint32_t *nodes, uint32_t run, int words)
{
    ptrdiff_t at = (ptrdiff_t)run;
    uint64_t last = nodes[at - 1];
    return words == 1 ? last : (uint64_t)nodes[at - 2] | last << 32;
}

/* With g->headed: the tiles of the run at `run`, which may be 0. */
static inline uint64_t xw_arc_tiles(const lx_xw_gen *g, uint32_t run)
{
    return xw_tiles_of(g->nodes, run, g->headed);
}

/* The node of tile t in that run, whose tiles are `tiles` (t among them). */
static inline uint32_t xw_run_node(uint32_t run, uint64_t tiles, int t)
{
    uint64_t below = tiles & (((uint64_t)1 << t) - 1);
#if defined(__GNUC__)
    return run + (uint32_t)__builtin_popcountll(below);
#else
    uint32_t n = 0;
    for (; below; below &= below - 1)
        n++;
    return run + n;
#endif
}

/* xw_kwg_gather on g->nodes: with each run's tiles at hand, a run with none
 * of `any` is not read, and the others only up to the last of them. */
static inline int xw_gen_gather(const lx_xw_gen *g, uint32_t run, uint64_t any, uint32_t *cand)
{
    if (!g->headed)
        return xw_kwg_gather(g->nodes, run, any, cand);
    uint64_t m = xw_run_tiles(g, run) & any;
    if (!m)
        return 0;
#if defined(__GNUC__)
    int last = 63 - __builtin_clzll(m); /* the run's last tile that may go: read no further */
#else
    int last = 63;
    while (!((m >> last) & 1))
        last--;
#endif
    int nc = 0;
    for (uint32_t i = run;; i++) {
        uint32_t node = g->nodes[i];
        cand[nc] = node;
        nc += (int)((any >> xw_kwg_tile(node)) & 1);
        if (xw_kwg_tile(node) >= last)
            return nc;
    }
}

/* The node of tile t in the run of g->nodes starting at `run`, 0 when none. */
static inline uint32_t xw_gen_find(const lx_xw_gen *g, uint32_t run, int t)
{
    if (g->headed) {
        uint64_t tiles = run ? xw_run_tiles(g, run) : 0;
        return (tiles >> t) & 1 ? xw_run_node(run, tiles, t) : 0;
    }
    return g->lx->ascending ? xw_kwg_find_asc(g->nodes, run, t) : xw_kwg_find(g->nodes, run, t);
}

/* On x86-64 with GCC the walks are built twice, with the popcnt instruction
 * and without (Debian's baseline CPU may lack it), and the first call from
 * outside picks the one the CPU runs (an ifunc); their calls to themselves
 * stay in their own build.  Elsewhere (other CPUs, Emscripten, clang) once. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define XW_WALK_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define XW_WALK_CLONES
#endif

/* A helper of the walks always inlined into them (the popcnt build does not
 * inline it by itself). */
#if defined(__GNUC__)
#define XW_INLINE static inline __attribute__((always_inline))
#else
#define XW_INLINE static inline
#endif

/* Set the walk up for the anchor at (dir, line, anchor) right before
 * tiles, and read those tiles backwards in the GADDAG: the run after them
 * (0: none), their score in *s; the walk turns right after the last. */
uint32_t xw_gen_read_after(lx_xw_gen *g, int dir, int line, int anchor, xw_walk_score *s);
/* The same for an anchor right after tiles, read forwards in the DAWG: the
 * play starts at the first of them, all of the walk is right of them. */
uint32_t xw_gen_read_before(lx_xw_gen *g, int dir, int line, int anchor, xw_walk_score *s);
/* Every play (gen_every.c): ready for a new position. */
void xw_every_ready(lx_xw_gen *g);
/* Ready g->every_empty for the line g->ln (worked out once per line). */
void xw_every_line(lx_xw_gen *g);
/* Every placement from an anchor right before tiles, or (after) right after them. */
void xw_every_beside_tiles(lx_xw_gen *g, int dir, int line, int anchor, int after);
/* Walk on right of the turn onto the empty square col with the letters m of
 * GADDAG run `run` (not 0) that may go there (of its tiles, those the
 * square's cross set and the rack allow), with score s and leave index idx
 * (what is kept), g->left where the play starts. */
void xw_every_step_right(lx_xw_gen *g, int col, uint32_t run, uint64_t m, xw_walk_score s, int idx);
/* List the word the walk made on squares left..right, idx kept. */
void xw_every_record(lx_xw_gen *g, int left, int right, xw_walk_score s, int idx);
/* Fill g->sq for p (cross sets and scores, premiums, anchors).  0 or -1. */
int xw_gen_board(lx_xw_gen *g);
/* Every placement from the anchor at (dir, line, anchor). */
void xw_gen_anchor(lx_xw_gen *g, int dir, int line, int anchor);
/* Every placement from an anchor right before a tile (for every play and
 * the best-play search, the bounds of g->left_bound applying): the
 * walk reads those tiles backwards once, then goes on left from the anchor,
 * and right after the last of them. */
void xw_gen_anchor_before_tiles(lx_xw_gen *g, int dir, int line, int anchor);
/* Every placement from an anchor right after a tile (for every play and
 * the best-play search): the
 * word starts with the tiles before it, read once in the word graph, and
 * the walk goes right from the anchor (the same plays as xw_gen_anchor, in
 * the same order). */
void xw_gen_anchor_after_tiles(lx_xw_gen *g, int dir, int line, int anchor);
/* Set the walk up for the anchor at (dir, line, anchor). */
void xw_gen_anchor_at(lx_xw_gen *g, int dir, int line, int anchor);
/* Record the word the walk made on squares left..right. */
void xw_gen_record_word(lx_xw_gen *g, int left, int right, xw_walk_score s);
/* Every play's anchors (g->every_anchors): kind 0, no tile next to it on
 * its line; 1, a tile right before it; 2, a tile right after it (and not
 * before). */
#define XW_EVERY_ANCHOR(dir, line, at, kind) ((uint32_t)(dir) << 26 | (uint32_t)(line) << 16 | (uint32_t)(at) << 2 | (uint32_t)(kind))
/* Find the rack's left parts (g->lp) for the anchors of kind 0 of
 * g->every_anchors: 0, or -1 out of memory. */
int xw_gen_left_parts(lx_xw_gen *g);
/* Every placement from an anchor with no tile next to it on its line, by
 * the left parts (the same plays as xw_gen_anchor, in the same order). */
void xw_gen_anchor_by_parts(lx_xw_gen *g, int dir, int line, int anchor);
/* An upper bound on the equity of any placement from that anchor (a
 * bingo's by the word map already, when there is one); its line into sl. */
double xw_gen_shadow(lx_xw_gen *g, int dir, int line, int anchor, xw_shadow_line *sl);
/* The same bound, extent by extent: ext->b[0][kl][kr] the bound for plays
 * with kl tiles left of the anchor and kr right of it, b[1] for those of
 * them that put down a blank; with the word map, each extent whose bound is
 * at least `floor` bounded again by the sub-racks that make a word with its
 * board tiles.  Returns the anchor's bound (at most xw_gen_shadow's). */
double xw_gen_bounds(lx_xw_gen *g, const xw_shadow_line *sl, xw_extent_bounds *ext, double floor);
/* With a rack of seven tiles, one of them a blank: the letters the blank
 * may be in a bingo from that anchor worth at least `floor` (all letters
 * when that is not known). */
uint64_t xw_gen_bingo_letters(lx_xw_gen *g, const xw_shadow_line *sl, const xw_extent_bounds *ext, double floor);
/* Ready the word map for g->lx (1) or say there is none (0). */
int xw_wordmap_ready(xw_wordmap *wm, const lx_xw_lexicon *lx);
/* Is the multiset of fingerprint h, with `blanks` (0 or 1) more letters of
 * any kind, a word?  (gen_wordmap.c says how the tables are laid out.) */
static inline int xw_wordmap_has(const xw_wordmap *wm, int blanks, uint64_t h)
{
    const uint32_t *set = wm->set[blanks];
    uint32_t tag = (uint32_t)(h >> 32) | 1;
    size_t i = (size_t)h & wm->mask[blanks];
    /* one branch, seldom taken (at most half the slots are full): whether
     * it is a word does not branch */
#if defined(__SSE2__)
    __m128i want = _mm_set1_epi32((int)tag), none = _mm_setzero_si128();
    for (;; i += 4) {
        __m128i four = _mm_loadu_si128((const __m128i *)(const void *)(set + i));
        int found = _mm_movemask_epi8(_mm_cmpeq_epi32(four, want));
        if (found | _mm_movemask_epi8(_mm_cmpeq_epi32(four, none)))
            return found != 0;
    }
#else
    uint32_t slot = set[i];
    while ((uint64_t)(slot ^ tag) * slot != 0) /* neither the tag nor empty (a product: no branch) */
        slot = set[++i];
    return slot == tag;
#endif
}
/* Whether some word's fingerprint may be h: 0 when none is (most
 * multisets), 1 when it is worth asking xw_wordmap_has (blanks 0); a bit in
 * a table small enough to stay in the caches. */
static inline int xw_wordmap_maybe(const xw_wordmap *wm, uint64_t h)
{
    size_t bit = (size_t)(h >> 20) & wm->maybe_mask;
    return (int)((wm->maybe[bit >> 6] >> (bit & 63)) & 1);
}
void xw_wordmap_free(xw_wordmap *wm);
/* Byte by byte, the larger of a's and b's (values packed a byte each). */
static inline uint64_t xw_bytes_max(uint64_t a, uint64_t b)
{
#if defined(__SSE2__)
    __m128i m = _mm_max_epu8(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b));
    return (uint64_t)_mm_cvtsi128_si64(m);
#else
    uint64_t r = 0;
    for (int j = 0; j < 64; j += 8) {
        uint64_t x = (a >> j) & 0xFF, y = (b >> j) & 0xFF;
        r |= (x > y ? x : y) << j;
    }
    return r;
#endif
}
/* Start reading where xw_wordmap_has will look (a hint, nothing more). */
static inline void xw_wordmap_prefetch(const xw_wordmap *wm, int blanks, uint64_t h)
{
#if defined(__GNUC__)
    __builtin_prefetch(&wm->set[blanks][(size_t)h & wm->mask[blanks]]);
#else
    (void)wm, (void)blanks, (void)h;
#endif
}
/* Work out g->can_alone and g->rack_values for the rack. */
void xw_gen_word_check(lx_xw_gen *g);
/* Record a play (all plays, or the best so far). */
void xw_gen_record(lx_xw_gen *g, const lx_xw_play *pl);
/* Room for n more plays in the list: 0, or -1 out of memory (g->oom). */
int xw_gen_reserve_plays(lx_xw_gen *g, size_t n);

#endif

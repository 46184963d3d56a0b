/* bg_impl.h - what the files of src/bgammon/ share (internal to libludex).
 *
 * board.c     boards: starting positions, checks, pips, letters, one step
 * movegen.c   the fast generator of legal plays, and the "how many dice can
 *             be used" search the play checker needs
 * checkplay.c judging one given play, naming the rule it breaks
 * ids.c       GNU Backgammon's position ID and match ID
 * notation.c  SGF values: moves, points, canonical forms
 * rules.c     what the root says: MI, RU, RE
 * game.c      lx_bgammon_game: turn, cube, match, actions, setup
 * result.c    how a game ended and what it is worth; RE against it
 * review.c    what only the whole main line tells (RE, the first mover)
 * module.c    the game-interface table and record positions
 * match.c     a file of several trees as one match
 * draw.c      drawing games, boards and ID pairs (draw_ascii.c, draw_svg.c)
 * json.c      the members of a `replay --json` record */
#ifndef LX_BG_IMPL_H
#define LX_BG_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/bgammon.h"
#include "base/text.h" /* lx_trim, lx_quote */

static inline lx_colour bg_other(lx_colour c) { return c == LX_BLACK ? LX_WHITE : LX_BLACK; }
/* GNU Backgammon's player number: White 0, Black 1. */
static inline int bg_player(lx_colour c) { return c == LX_WHITE ? 0 : 1; }
static inline lx_colour bg_colour_of_player(int p) { return p == 0 ? LX_WHITE : LX_BLACK; }

/* ---- board.c ------------------------------------------------------------------------ */

const char *bg_colour_name(lx_colour c); /* "Black", "White" */
/* Checkers of colour c on the points and the bar. */
int bg_on_board(const lx_bgammon_board *b, lx_colour c);
/* "the 13-point (l)", "the bar (y)", "off (z)" for colour c's point. */
void bg_point_name(lx_colour c, int point, char *buf, size_t cap);
/* Move one checker of `who` from `from` to `to` (own numbers); a lone
 * opposing checker on `to` goes to the bar.  1 when it hit, else 0. */
int bg_step_apply(lx_bgammon_board *b, lx_colour who, int from, int to);
/* What a win by bearing off is worth before the cube: 1, 2 (gammon) or 3
 * (backgammon), the loser being the other colour. */
int bg_win_level(const lx_bgammon_board *b, lx_colour winner);
/* Set the borne-off counts from the checkers left on the board (`total` a colour). */
void bg_board_set_off(lx_bgammon_board *b, int total);

/* ---- movegen.c --------------------------------------------------------------------- */

/* The most dice colour `who` can use with d1, d2 (0..2, or 0..4 for a
 * double); for two different dice whose best is one, *larger_alone says
 * whether the larger die can be played.  `example` (may be NULL) gets one
 * play that uses that many dice. */
int bg_max_usable(const lx_bgammon_board *b, lx_colour who, int d1, int d2, int *larger_alone,
                  lx_bgammon_play *example);

/* ---- checkplay.c ------------------------------------------------------------------- */

/* Rewrite pairs that move one checker by several dice (the spec's "61yg")
 * as the single-die steps they stand for on board b (see checkplay.c). */
void bg_expand_play(const lx_bgammon_board *b, lx_colour who, int d1, int d2, lx_bgammon_play *p);

/* ---- notation.c -------------------------------------------------------------------- */

typedef enum bg_action_kind { BG_ROLL, BG_DOUBLE, BG_TAKE, BG_DROP } bg_action_kind;

typedef struct bg_action {
    bg_action_kind kind;
    int dice[2];         /* BG_ROLL: as written */
    lx_bgammon_play play; /* BG_ROLL: the pairs as steps in the mover's own numbers */
    int unplayed;        /* GNU Backgammon's roll saved before it was played (see review.c) */
} bg_action;

/* Read one B or W value for colour `who`.  0, or -1 with `err`. */
int bg_parse_action(lx_colour who, const char *raw, size_t len, bg_action *a, lx_game_error *err);
/* The same, with pairs that use several dice turned into single-die steps
 * for the game's board (game.c). */
int bg_read_action(const lx_bgammon_game *g, lx_colour who, const char *raw, size_t len, bg_action *a,
                   lx_game_error *err);
/* The SGF form of an action ("31hefe", "double"), NUL-terminated; the length. */
size_t bg_format_action(lx_colour who, const bg_action *a, char *buf, size_t cap);
/* Canonical written form of a GM[6] value (the module's canonical_value). */
int bg_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out);

/* ---- rules.c ----------------------------------------------------------------------- */

/* The rules and the match a game is played under, from its root. */
typedef struct bg_rules {
    int length;            /* match length; 0 for money */
    int score[2];          /* before this game, indexed by lx_colour */
    long game_number;      /* MI game, -1 when not said */
    unsigned crawford_rule : 1, crawford_game : 1, jacoby : 1, no_cube : 1, have_mi : 1;
    lx_bgammon_variant variant;
} bg_rules;

/* Read MI and RU of the root into `r` (defaults: money, cube in use, no
 * Jacoby unless RU says so, standard variant).  Problems go to `diags` as
 * warnings or errors; -1 when the root makes no playable game. */
int bg_read_rules(const lx_sgf_tree *t, lx_sgf_node root, bg_rules *r, lx_diag_list *diags);

typedef enum bg_re_kind {
    BG_RE_NONE,     /* no RE, or "?" */
    BG_RE_DRAW,     /* "0", "Draw": backgammon has none */
    BG_RE_VOID,
    BG_RE_WIN,      /* "W+", "W+3" */
    BG_RE_RESIGN,   /* "W+2R", "W+R", "W+6Resign" */
    BG_RE_TIME,     /* "W+T", "W+Time" */
    BG_RE_FORFEIT,  /* "W+F", "W+Forfeit" */
    BG_RE_BAD
} bg_re_kind;

typedef struct bg_re {
    bg_re_kind kind;
    lx_colour winner;
    long points;      /* -1 when not given */
    size_t offset;    /* of the RE property, for diagnostics */
} bg_re;

/* Read the root's RE. */
void bg_read_re(const lx_sgf_tree *t, lx_sgf_node root, bg_re *re);

/* ---- game.c ------------------------------------------------------------------------- */

/* A setup value of a node where AE follows AB or AW.  GNU Backgammon clears
 * the board with AE and then lists the checkers, and ludex's canonical order
 * writes AE last, so in GM[6] a node's AE applies before its AB and AW,
 * whatever the order written: the first value of such a node met in the
 * replay applies the whole node (its AE, then its AB and AW) and the others
 * are then passed over.  One entry per value, found by the value's address. */
typedef struct bg_setup_rule {
    const char *raw;
    size_t len;
    uint32_t node;
    char kind;             /* 'E' (AE), 'B' (AB), 'W' (AW) */
} bg_setup_rule;

struct lx_bgammon_game {
    lx_bgammon_board board;
    bg_rules rules;
    int total;             /* checkers a colour plays with */
    lx_colour turn;        /* who rolls next (gnubg's dice owner) */
    int opening;           /* no move yet and no setup: either colour rolls first, no double */
    int any_first;         /* either colour may move first (before the first move) */
    int cube;              /* cube value */
    lx_colour owner;       /* LX_NO_COLOUR: centred */
    int cube_dead;         /* CO[n]: no cube in this game */
    int doubled;           /* a double or beaver waits for an answer */
    lx_colour answers;     /* who must answer it */
    int beavers;           /* beavers on the pending double */
    int turned;            /* the cube was doubled in this game (Jacoby) */
    lx_bgammon_game_state state;
    lx_colour winner;
    int points;            /* what the finished game is worth */
    int dice[2];           /* DI, 0 0 when none */
    size_t moves;          /* actions played */
    /* decided by the review of the main line (review.c) */
    size_t end_moves;      /* the main line's length */
    int end_kind;          /* bg_re_kind: how RE ends the game after the main line's last move */
    lx_colour end_winner;  /* (a resignation, time or forfeit; BG_RE_NONE when the moves end it) */
    int end_points;        /* -1 when RE gives none */
    const char *unplayed_raw; /* the value of a roll GNU Backgammon saved unplayed, or NULL */
    /* setup dialect (see bg_setup_rule) */
    bg_setup_rule *setup_rules;
    size_t nsetup_rules;
    uint32_t setup_node;   /* the node of rules applied last, UINT32_MAX for none */
};

int bg_game_init(lx_bgammon_game *g, const bg_rules *r);
/* Apply a parsed action: 0, or -1 with `err` (the game unchanged). */
int bg_game_apply(lx_bgammon_game *g, lx_colour who, const bg_action *a, lx_game_error *err);
/* Judge a parsed action without applying it. */
int bg_game_check(const lx_bgammon_game *g, lx_colour who, const bg_action *a, lx_game_error *err);
/* Apply an action bg_game_check accepted. */
void bg_game_play(lx_bgammon_game *g, lx_colour who, const bg_action *a);
/* One setup value (AB AW AE PL CO CV CP DI): 0, -1 with `err`, 1 when the
 * property is not a setup property of GM[6]. */
int bg_game_setup(lx_bgammon_game *g, const char *id, const char *raw, size_t len, lx_game_error *err);
/* Set the dialect rules for setup values (copied). */
int bg_game_set_setup_rules(lx_bgammon_game *g, const bg_setup_rule *rules, size_t n);
/* Points a win of this level (1..3) is worth now, with the cube and Jacoby. */
int bg_game_value(const lx_bgammon_game *g, int level);

/* ---- review.c ----------------------------------------------------------------------- */

/* Replay the main line from `start` (quietly; the driver reports refusals)
 * for what needs the whole line: RE against the final position, the
 * resignation it records, unfinished games.  Diagnostics go to `diags`;
 * `start` learns the main line's length and its resignation.  0, or -1 when
 * out of memory. */
int bg_review_main_line(const lx_sgf_tree *t, lx_bgammon_game *start, lx_diag_list *diags);
/* The setup dialect rules of a tree (sorted by address). */
int bg_find_setup_rules(const lx_sgf_tree *t, bg_setup_rule **rules, size_t *n);
/* Apply one node (setup, then moves) with the module's hooks; stops after
 * `*budget` moves when budget is non-NULL (decremented).  0, 1 when the
 * budget ran out inside the node, -1 on a refusal (diagnostic added when
 * `diags` is non-NULL). */
int bg_apply_node(lx_bgammon_game *g, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags);
/* The game at the start of a tree: rules, dialect, review.  NULL with a
 * diagnostic when the root makes no game (or out of memory). */
lx_bgammon_game *bg_game_for_tree(const lx_sgf_tree *t, lx_diag_list *diags, int review);

/* ---- draw ---------------------------------------------------------------------------- */

/* "White to roll.", "Black has doubled; White to take or drop.", "Game over: ..." */
const char *bg_state_sentence(const lx_bgammon_match_info *m, char *buf, size_t cap);

int bg_draw_ascii(const lx_bgammon_board *b, const lx_bgammon_match_info *m, lx_buf *out);
int bg_draw_svg(const lx_bgammon_board *b, const lx_bgammon_match_info *m, int size, lx_buf *out);

#endif

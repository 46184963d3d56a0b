/* ludex/bgammon.h - Backgammon (SGF GM[6]): rules, legal plays, cube and match,
 * GNU Backgammon's position and match IDs, drawings.
 *
 * Colours.  SGF names the players Black and White; GNU Backgammon calls
 * White "player 0" (PW, drawn 'O' here) and Black "player 1" (PB, drawn 'X').
 * Either may make the first move of a game (whoever won the opening roll).
 *
 * Points.  Each colour counts the points from its own side: its 1-point
 * (ace point) is the last it passes before bearing off, its 24-point is
 * where its back checkers start.  In an lx_bgammon_board, index 1..24 is the
 * colour's own point number, 25 its bar and 0 its borne-off checkers.  SGF
 * writes a point as a letter: 'a' is White's 1-point and Black's 24-point,
 * through 'x', White's 24-point and Black's 1-point; 'y' is the bar and 'z'
 * the bear-off tray.  So White moves from 'x' towards 'a', Black from 'a'
 * towards 'x'.
 *
 * Moves (SGF B and W values).  A roll and what was played: two dice digits
 * (1..6) and 0 to 4 from/to pairs, each pair moving one checker by one die
 * ("31hefe": White plays 3-1 as 8/5 6/5; "66" alone: no legal move).  Hits are
 * not marked; a checker that lands on a lone opposing checker sends it to
 * the bar.  "double", "take" and "drop" are cube actions; a double answered
 * by "double" is a beaver (money games only: the cube doubles again, the
 * doubler must answer).  A resignation is not a move: RE records it.
 *
 * Legality (lx_bgammon_check_play names the rule a play breaks): checkers on
 * the bar enter first; a point held by two or more opposing checkers is
 * closed; bearing off needs every checker of the colour in its home board, a
 * die equal to the point, or a larger die when no checker sits on a higher
 * point; both dice must be used when possible, the larger when only one can
 * be, and as many of the four moves of a double as possible.  A roll with no
 * legal play is played as nothing.
 *
 * Cube and match: CO (spec) or CP (GNU Backgammon) and CV set the cube; MI
 * gives match length (0: money), game number (GNU Backgammon counts from 0,
 * the spec from 1) and the scores before the game; RU says Crawford,
 * Crawford:CrawfordGame, Jacoby, NoCube, Nackgammon, Hypergammon1..3 (tokens
 * joined by ':').  No doubling in the Crawford game nor with NoCube; beavers
 * only in money games.  A game won by bearing off is worth the cube times 1,
 * 2 (gammon: the loser has borne off nothing) or 3 (backgammon: ... and still
 * has a checker on the bar or in the winner's home board); under the Jacoby
 * rule (money only) gammons count single while the cube was never turned.
 * A dropped double loses the cube's value before the double.
 *
 * Nothing here prints or keeps global state; two threads may use two games. */
#ifndef LUDEX_BGAMMON_H
#define LUDEX_BGAMMON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "sgf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The built-in game module for GM[6] ("backgammon"). */
extern const lx_game_module lx_bgammon_module;

#define LX_BGAMMON_OFF 0
#define LX_BGAMMON_BAR 25
#define LX_BGAMMON_CHECKERS 15

/* ---- boards ----------------------------------------------------------------------- */

/* checkers[c][i]: how many checkers of colour c (LX_BLACK, LX_WHITE) are on
 * c's own point i (1..24), on the bar (i = 25) or borne off (i = 0).  A valid
 * board has at most 15 checkers a colour in all and never checkers of both
 * colours on one point (Black's point i is White's point 25 - i). */
typedef struct lx_bgammon_board {
    uint8_t checkers[2][26];
} lx_bgammon_board;

typedef enum lx_bgammon_variant {
    LX_BGAMMON_STANDARD,
    LX_BGAMMON_NACKGAMMON,  /* 2 on the 24-point, 2 on the 23, 4 on the 13, 3 on the 8, 4 on the 6 */
    LX_BGAMMON_HYPER1,      /* hypergammon: 1, 2 or 3 checkers each, on the 24 (, 23, 22) */
    LX_BGAMMON_HYPER2,
    LX_BGAMMON_HYPER3
} lx_bgammon_variant;

/* The starting position of a variant. */
void lx_bgammon_board_start(lx_bgammon_board *b, lx_bgammon_variant v);
/* How many checkers each colour plays with in a variant (15, or 1..3). */
int lx_bgammon_variant_checkers(lx_bgammon_variant v);
/* 0 when the board is valid (see lx_bgammon_board), else -1 with the reason. */
int lx_bgammon_board_check(const lx_bgammon_board *b, lx_game_error *err);
/* Pips colour c needs to bear everything off (the bar counts 25). */
unsigned lx_bgammon_pips(const lx_bgammon_board *b, lx_colour c);

/* The SGF letter of colour c's point i (0..25: 'z' off, 'y' bar); 0 when out of range. */
char lx_bgammon_point_letter(lx_colour c, int point);
/* Colour c's point for an SGF letter ('a'..'z', either case), or -1. */
int lx_bgammon_letter_point(lx_colour c, char letter);

/* ---- plays --------------------------------------------------------------------------- */

/* One checker moved by one die, in the mover's own point numbers: from 25
 * (the bar) .. 1, to 24 .. 0 (borne off). */
typedef struct lx_bgammon_step {
    uint8_t from, to;
} lx_bgammon_step;

/* What a player does with a roll: 0 to 4 steps, in the order played; bit k of
 * `hits` is set when step k hit a blot (filled in by the generator and by
 * lx_bgammon_apply_play). */
typedef struct lx_bgammon_play {
    uint8_t nsteps;
    uint8_t hits;
    lx_bgammon_step step[4];
} lx_bgammon_play;

/* A reusable generator of legal plays (its tables grow as needed). */
typedef struct lx_bgammon_movegen lx_bgammon_movegen;

lx_bgammon_movegen *lx_bgammon_movegen_new(void); /* NULL when out of memory */
void lx_bgammon_movegen_free(lx_bgammon_movegen *g);

/* Every distinct legal play of colour `who` on a valid board with dice d1, d2
 * (1..6), de-duplicated by the position it leads to (one play per resulting
 * position, hits included).  A roll that cannot be played gives one empty
 * play.  *plays points into the generator and stays valid until its next
 * use.  Returns the number of plays (at least 1), or -1 for dice out of range
 * or when out of memory. */
long lx_bgammon_legal_plays(lx_bgammon_movegen *g, const lx_bgammon_board *b, lx_colour who, int d1, int d2,
                            const lx_bgammon_play **plays);

/* 0 when colour `who` may make play p with dice d1, d2 on a valid board; else
 * -1 and `err` names the rule broken (codes BG_BAR_FIRST, BG_POINT_CLOSED,
 * BG_NO_CHECKER, BG_WRONG_DIRECTION, BG_NO_SUCH_DIE, BG_BEAR_OFF_NOT_HOME,
 * BG_BEAR_OFF_HIGHER, BG_TOO_MANY_STEPS, BG_MUST_MOVE, BG_MUST_USE_BOTH,
 * BG_MUST_USE_LARGER, BG_MUST_PLAY_MORE; BG_BAD_STEP and BG_BAD_DICE for
 * steps or dice out of range).  The steps may be given in any
 * order in which they can be played one after the other. */
int lx_bgammon_check_play(const lx_bgammon_board *b, lx_colour who, int d1, int d2, const lx_bgammon_play *p,
                          lx_game_error *err);
/* Play p (which lx_bgammon_check_play accepted) for colour `who`: a checker
 * landing on a lone opposing checker sends it to the bar.  Returns the hits
 * (bit k: step k hit). */
unsigned lx_bgammon_apply_play(lx_bgammon_board *b, lx_colour who, const lx_bgammon_play *p);

/* The play in the usual notation, from the mover's side ("8/5 6/5",
 * "bar/22* 13/9", "6/off"; "" for no move), NUL-terminated; the length, or 0
 * when it does not fit in `cap` (64 bytes always do). */
size_t lx_bgammon_format_play(const lx_bgammon_play *p, char *buf, size_t cap);

/* ---- GNU Backgammon's IDs --------------------------------------------------------- */

/* The position ID (14 characters) of a board with `on_roll` to move:
 * the other colour's checkers first, each colour from its own side.  `out`
 * gets 15 bytes with the NUL. */
void lx_bgammon_position_id(const lx_bgammon_board *b, lx_colour on_roll, char out[15]);
/* Decode a position ID for `on_roll` (borne-off counts: 15 minus the
 * checkers on the board).  0, or -1 with the reason. */
int lx_bgammon_position_from_id(const char *id, size_t len, lx_colour on_roll, lx_bgammon_board *b,
                                lx_game_error *err);

typedef enum lx_bgammon_game_state {
    LX_BGAMMON_NO_GAME = 0,
    LX_BGAMMON_PLAYING = 1,
    LX_BGAMMON_OVER = 2,      /* won by bearing off */
    LX_BGAMMON_RESIGNED = 3,
    LX_BGAMMON_DROPPED = 4    /* a double was dropped */
} lx_bgammon_game_state;

/* What a match ID says: GNU Backgammon's documented 66 bits, and a 67th that
 * GNU Backgammon 1.07 sets when the Jacoby rule is not in force (always in a
 * match; in a money game without RU[Jacoby]). */
typedef struct lx_bgammon_match_info {
    int cube;              /* cube value: 1, 2, 4 ... 32768 */
    lx_colour cube_owner;  /* LX_NO_COLOUR when centred */
    lx_colour on_roll;     /* whose roll it is (gnubg's dice owner) */
    int crawford;          /* this is the Crawford game */
    lx_bgammon_game_state state;
    lx_colour turn;        /* who acts now: on_roll, or the one answering a double or resignation */
    int doubled;           /* a double waits for an answer */
    int resigned;          /* 0, or 1..3: single, gammon, backgammon offered */
    int dice[2];           /* 0 0 when not rolled */
    int length;            /* match length, 0 for money */
    int score[2];          /* indexed by lx_colour */
    int jacoby;            /* the Jacoby rule is in force (money games only) */
} lx_bgammon_match_info;

/* The match ID (12 characters) into `out` (13 bytes with the NUL).  Values
 * beyond the ID's fields (a score above 32767) are cut to fit. */
void lx_bgammon_match_id(const lx_bgammon_match_info *m, char out[13]);
/* Decode a match ID; 0, or -1 with the reason. */
int lx_bgammon_match_from_id(const char *id, size_t len, lx_bgammon_match_info *m, lx_game_error *err);

/* ---- games (the positions of the game module) ------------------------------------------ */

/* A game in progress: the board, whose turn, the cube, the match and the rules
 * in force, and how it ended. */
typedef struct lx_bgammon_game lx_bgammon_game;

/* A new game of a variant at the start of a money game (cube centred at 1). */
lx_bgammon_game *lx_bgammon_game_new(lx_bgammon_variant v);
lx_bgammon_game *lx_bgammon_game_copy(const lx_bgammon_game *g); /* NULL when out of memory */
void lx_bgammon_game_free(lx_bgammon_game *g);

const lx_bgammon_board *lx_bgammon_game_board(const lx_bgammon_game *g);
/* What GNU Backgammon's match ID says about the game now (dice not rolled). */
void lx_bgammon_game_info(const lx_bgammon_game *g, lx_bgammon_match_info *m);
/* Who acts next: the player to roll or double, or the one who must answer
 * a double; LX_NO_COLOUR before the opening roll or when the game is over. */
lx_colour lx_bgammon_game_to_play(const lx_bgammon_game *g);

/* One action as SGF writes it ("31hefe", "double", "take", "drop") for
 * colour `who`: 0 when played, else -1 with the rule it breaks in `err`
 * (the game unchanged). */
int lx_bgammon_game_act(lx_bgammon_game *g, lx_colour who, const char *value, size_t len, lx_game_error *err);
/* 1 when lx_bgammon_game_act would play `value` (NUL-terminated) for `who` now
 * ("double": may who double?), else 0; the game is not changed. */
int lx_bgammon_game_allows(const lx_bgammon_game *g, lx_colour who, const char *value);
/* The result as the game interface gives it ("W+2", "B+4", "W+2R", "" while
 * the game goes on). */
void lx_bgammon_game_result(const lx_bgammon_game *g, lx_game_result *out);

/* Both IDs after the last action, as GNU Backgammon shows them. */
void lx_bgammon_game_ids(const lx_bgammon_game *g, char position_id[15], char match_id[13]);
/* `"position_id":"...","match_id":"..."` (members of a `replay --json` record). */
int lx_bgammon_describe_json(const lx_bgammon_game *g, lx_buf *out);

/* ---- drawing ----------------------------------------------------------------------------- */

/* Draw a board with match information (from the match ID's point of view).
 * LX_DRAW_ASCII: the familiar layout, White's points 13-24 on top and 12-1
 * below (so White bears off at the bottom right), the bar in the middle,
 * borne-off counts, cube, score and pip counts beside; White 'O', Black 'X'.
 * LX_DRAW_SVG: a standalone SVG document; `size` is the width of a point in
 * pixels (0: 32; 1..4 for small, medium, big, large).  Appends to `out`;
 * 0, or -1 when out of memory. */
int lx_bgammon_draw_board(const lx_bgammon_board *b, const lx_bgammon_match_info *m, lx_draw_format fmt, int size,
                          lx_buf *out);
/* Draw a game now (see lx_bgammon_draw_board). */
int lx_bgammon_draw(const lx_bgammon_game *g, lx_draw_format fmt, int size, lx_buf *out);
/* Non-zero when `arg` reads as "POSITIONID:MATCHID" (14 + 1 + 12 characters
 * of base64; "POSITIONID" alone is accepted too). */
int lx_bgammon_is_id_pair(const char *arg);
/* Draw the position an ID pair describes (a lone position ID: White on roll,
 * money game).  0; -1 with `err` when the IDs are invalid or out of memory. */
int lx_bgammon_draw_ids(const char *arg, lx_draw_format fmt, int size, lx_buf *out, lx_game_error *err);

/* ---- records ----------------------------------------------------------------------------- */

/* The game of a GM[6] tree after `move` moves of its main line (0: before
 * the first; more than the line holds: the end), replayed with the module's
 * rules.  Problems go to `diags`; a refused move ends the replay there (with
 * its diagnostic).  NULL when the root makes no game or when out of memory. */
lx_bgammon_game *lx_bgammon_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags);

/* ---- matches: several trees of one file ---------------------------------------------------- */

/* A match is one game per tree; the scores carry from game to game.  Feed the
 * trees of a file in order to lx_bgammon_match_add (each is replayed quietly:
 * its own problems are lx_check_document's business) and call
 * lx_bgammon_match_end after the last: the match's problems go to `diags` -
 * MI scores that do not follow from the games before (BG_MATCH_SCORE), game
 * numbers out of sequence (BG_MATCH_GAME_NUMBER), another match length
 * (BG_MATCH_LENGTH), a game after the match was won (BG_MATCH_OVER), an
 * unfinished game followed by another (BG_MATCH_UNFINISHED), the Crawford
 * game not marked or marked wrongly (BG_CRAWFORD_GAME).  Trees of other games
 * are skipped. */
typedef struct lx_bgammon_match lx_bgammon_match;

lx_bgammon_match *lx_bgammon_match_new(void);
/* 0, or -1 when out of memory. */
int lx_bgammon_match_add(lx_bgammon_match *m, const lx_sgf_tree *t, lx_diag_list *diags);
void lx_bgammon_match_end(lx_bgammon_match *m, lx_diag_list *diags);
void lx_bgammon_match_free(lx_bgammon_match *m);

/* Read a whole document and check it as one match (the above on every tree).
 * Only the match's problems go to `diags` (resolved to lines and columns),
 * not those of each game.  0, or -1 when out of memory. */
int lx_bgammon_check_match(const char *bytes, size_t len, const lx_sgf_read_options *opt, lx_diag_list *diags);

#ifdef __cplusplus
}
#endif
#endif

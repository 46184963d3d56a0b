/* ludex/xword.h - crossword games: CGP positions, GCG records, letter
 * distributions, boards, play scoring and lexicons.
 *
 * Crossword games are not SGF games, so they do not go through the game
 * interface of game.h (a module with gm = 0 would have to fake a tree): they
 * have this API of their own.
 *
 * Data.  Letter distributions (letter, count, value, vowel), board layouts and
 * lexicons are data, found by name in the directories of an lx_xw_data (each
 * holds distributions/NAME.txt, boards/NAME.txt, lexica/NAME.kwg or
 * lexica/NAME.txt) or added by the caller.  Loaded data is immutable and
 * shared by every position that uses it; an lx_xw_data may be used by several
 * threads at once (its cache is behind a lock).
 *
 * Tiles.  A distribution numbers its letters 1..n in the order of its file
 * (the order KWG lexicon files number them too); 0 is the blank.  On a board
 * 0 is an empty square and a designated blank is its letter | LX_XW_BLANK_BIT.
 * A tile's label is its upper-case text ("A", "CH", "L·L"); a designated
 * blank is written with the lower-case label ("a", "ch").
 *
 * Squares are named column letters + row number as on a printed board ("H8"
 * is the centre of a 15x15 board; columns past Z are AA, AB, ...).  A play is
 * written row first for an across play ("8D WORD" or "8D.WORD") and column
 * first for a down play ("D8 WORD"): the coordinate is where the whole main
 * word starts, "." stands for a tile already on the board, and a lower-case
 * letter for a blank.  "-" is a pass, "-ABC" an exchange of A, B and C, "-3"
 * an exchange of three unknown tiles.
 *
 * Nothing here prints, exits or keeps global state.  Every problem in input
 * is a diagnostic (codes are listed in README.md).
 */
#ifndef LUDEX_XWORD_H
#define LUDEX_XWORD_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LX_XW_MAX_LETTERS 63     /* letters of a distribution, the blank not counted */
#define LX_XW_MAX_LABEL 15       /* bytes of a tile's label */
#define LX_XW_MAX_NAME 63        /* bytes of a distribution's, board's or lexicon's name */
#define LX_XW_MAX_SIDE 255       /* rows or columns of a board */
#define LX_XW_BLANK 0            /* the blank in a rack */
#define LX_XW_BLANK_BIT 0x80     /* on the board: a blank designated as a letter */
#define LX_XW_RACK_SIZE 7        /* tiles in a full rack */
#define LX_XW_BINGO_BONUS 50     /* bonus for playing a full rack (CGP bb) */
#define LX_XW_MAX_ZEROS 6        /* consecutive zero-score turns that end a game (CGP mcnz) */
#define LX_XW_EXCHANGE_LIMIT 7   /* tiles the bag must hold for an exchange (CGP etl) */
#define LX_XW_DEFAULT_BOARD "CrosswordGame"
#define LX_XW_DEFAULT_DIST "english"
#define LX_XW_DEFAULT_LEXICON "wamerican"
/* The system word list the default lexicon is built from when no prebuilt
 * lexica/wamerican.kwg is found (Debian's wamerican package). */
#define LX_XW_WAMERICAN_PATH "/usr/share/dict/american-english"
/* Environment variable naming the data directories when none are given. */
#define LX_XW_DATA_ENV "LUDEX_XWORD_DATA"

typedef struct lx_xw_dist lx_xw_dist;
typedef struct lx_xw_layout lx_xw_layout;
typedef struct lx_xw_lexicon lx_xw_lexicon;
typedef struct lx_xw_data lx_xw_data;
typedef struct lx_xw_pos lx_xw_pos;
typedef struct lx_xw_gcg lx_xw_gcg;

/* ---- letter distributions ------------------------------------------------------ */

/* Read a distribution: one tile per line, "LABEL COUNT VALUE VOWEL [LOWER]"
 * separated by white space or commas; "?" is the blank (its count is the
 * number of blanks); '#' starts a comment.  LOWER, the label of the tile as a
 * designated blank, defaults to LABEL in lower case.  NULL when the text
 * makes no distribution (with diagnostics at the offending line) or when out
 * of memory. */
lx_xw_dist *lx_xw_dist_parse(const char *name, const char *text, size_t len, lx_diag_list *diags);
void lx_xw_dist_free(lx_xw_dist *d);
const char *lx_xw_dist_name(const lx_xw_dist *d);
int lx_xw_dist_letters(const lx_xw_dist *d);        /* n: tiles are 1..n, the blank 0 */
int lx_xw_dist_total(const lx_xw_dist *d);          /* tiles in the bag at the start */
/* Of tile t (0 the blank, 1..n a letter, t | LX_XW_BLANK_BIT a designated blank): */
const char *lx_xw_dist_label(const lx_xw_dist *d, int t); /* "?", "A", "a" */
int lx_xw_dist_count(const lx_xw_dist *d, int t);   /* of letter or blank t & 0x7f */
int lx_xw_dist_value(const lx_xw_dist *d, int t);   /* 0 for a blank, designated or not */
int lx_xw_dist_vowel(const lx_xw_dist *d, int t);
/* The tile whose label starts s (len bytes): upper case gives the letter,
 * lower case the designated blank, "?" the blank; "[CH]" brackets a
 * multi-codepoint label.  Returns the bytes read, 0 when none matches. */
size_t lx_xw_dist_read_tile(const lx_xw_dist *d, const char *s, size_t len, int *tile);

/* ---- board layouts --------------------------------------------------------------- */

/* Read a layout: one line per row, one character per square:
 *   .  plain   '  double letter   "  triple letter   ^  quadruple letter
 *   -  double word   =  triple word   ~  quadruple word
 *   *  the start square (a double word)   +  the start square (plain)
 * '#' starts a comment line.  Without a start mark the centre is the start.
 * NULL with diagnostics when the text makes no board. */
lx_xw_layout *lx_xw_layout_parse(const char *name, const char *text, size_t len, lx_diag_list *diags);
void lx_xw_layout_free(lx_xw_layout *l);
const char *lx_xw_layout_name(const lx_xw_layout *l);
int lx_xw_layout_rows(const lx_xw_layout *l);
int lx_xw_layout_cols(const lx_xw_layout *l);
void lx_xw_layout_start(const lx_xw_layout *l, int *row, int *col); /* 0-based */
int lx_xw_layout_letter_mult(const lx_xw_layout *l, int row, int col);
int lx_xw_layout_word_mult(const lx_xw_layout *l, int row, int col);

/* "H8" for row 7, column 7 (0-based); returns the length written. */
size_t lx_xw_square_name(int row, int col, char *buf, size_t cap);

/* ---- lexicons ---------------------------------------------------------------------- */

/* A lexicon is a word graph in the KWG layout (the format wolges and MAGPIE
 * use): 32-bit little-endian nodes, each the tile in bits 24-31, accepts
 * (a word ends here) bit 23, is_end (last of its siblings) bit 22 and the
 * index of its children's run in bits 0-21.  Node 0 points at the DAWG
 * root, node 1 at the GADDAG root (whose separator is tile 0).  Tiles in it
 * are numbered as in the distribution it was built for. */

/* Read a KWG file's bytes (copied): both halves, or the DAWG alone (then the
 * GADDAG is built from its words).  NULL with a diagnostic when they are not
 * a well-formed KWG, or when out of memory. */
lx_xw_lexicon *lx_xw_lexicon_from_kwg(const char *name, const void *bytes, size_t len, lx_diag_list *diags);

typedef struct lx_xw_wordlist_options {
    int min_len, max_len;  /* letters; 0: no limit */
    /* Keep only lines of lower-case ASCII a-z (wamerican's common words, not
     * its proper nouns or possessives), read as upper case. */
    int lower_ascii_only;
} lx_xw_wordlist_options;

/* Build a lexicon from a word list (one word per line, in `d`'s labels, any
 * order, duplicates allowed).  Lines that are not words of `d` are skipped
 * and counted in *skipped (may be NULL).  NULL when out of memory. */
lx_xw_lexicon *lx_xw_lexicon_from_words(const char *name, const char *text, size_t len, const lx_xw_dist *d,
                                        const lx_xw_wordlist_options *opt, size_t *skipped);
void lx_xw_lexicon_free(lx_xw_lexicon *lx);
const char *lx_xw_lexicon_name(const lx_xw_lexicon *lx);
size_t lx_xw_lexicon_words(const lx_xw_lexicon *lx); /* words it accepts */
/* Whether the tiles (letters 1..n; a blank bit is ignored) are a word. */
int lx_xw_lexicon_has(const lx_xw_lexicon *lx, const uint8_t *tiles, size_t n);
/* Whether it has a GADDAG half (every lexicon read or built here has). */
int lx_xw_lexicon_has_gaddag(const lx_xw_lexicon *lx);
/* The lexicon as KWG bytes (DAWG and GADDAG), appended to out.  0 or -1. */
int lx_xw_lexicon_write_kwg(const lx_xw_lexicon *lx, lx_buf *out);

/* ---- data: where distributions, boards and lexicons come from ---------------------- */

/* `path`: directories separated by ':', each holding distributions/, boards/
 * and lexica/; searched in order.  NULL: the value of $LUDEX_XWORD_DATA (no
 * directory when unset).  NULL only when out of memory. */
lx_xw_data *lx_xw_data_new(const char *path);
void lx_xw_data_free(lx_xw_data *data);
/* Add a distribution, layout or lexicon of the caller's; the data takes it
 * over (and frees it), and it wins over files of the same name.  0 or -1. */
int lx_xw_data_add_dist(lx_xw_data *data, lx_xw_dist *d);
int lx_xw_data_add_layout(lx_xw_data *data, lx_xw_layout *l);
int lx_xw_data_add_lexicon(lx_xw_data *data, lx_xw_lexicon *lx);
/* Find by name (case-insensitive; '-' and '_' alike), loading on first use.
 * NULL when there is none; the reason (a file that does not read) goes to
 * diags, which may be NULL. */
const lx_xw_dist *lx_xw_data_dist(lx_xw_data *data, const char *name, lx_diag_list *diags);
const lx_xw_layout *lx_xw_data_layout(lx_xw_data *data, const char *name, lx_diag_list *diags);
/* A lexicon's tiles are read with distribution d.  The default lexicon
 * (LX_XW_DEFAULT_LEXICON) is lexica/wamerican.kwg, else lexica/wamerican.txt,
 * else built from LX_XW_WAMERICAN_PATH (a-z words of 2 to 15 letters); it
 * holds English words and is NULL (LEXICON_ALPHABET in diags) for a d other
 * than english or english_super. */
const lx_xw_lexicon *lx_xw_data_lexicon(lx_xw_data *data, const char *name, const lx_xw_dist *d,
                                        lx_diag_list *diags);
/* The lexicon that judges the words of a record: the one it names (NULL
 * with *unavailable set when data has no such lexicon: NWL and CSW are
 * licensed and not shipped), else the default lexicon when d is English
 * (english or english_super), else NULL.  A record is never judged by a
 * list other than the one it names. */
const lx_xw_lexicon *lx_xw_data_judge(lx_xw_data *data, const char *named, const lx_xw_dist *d, int *unavailable);
/* The names of the distributions a record may name without a data file
 * being needed to guess them: english, english_super, french, ... (NULL-ended). */
const char *const *lx_xw_dist_known_names(void);

/* ---- plays --------------------------------------------------------------------------- */

typedef enum lx_xw_move_kind {
    LX_XW_PLACE,     /* tiles put on the board */
    LX_XW_EXCHANGE,  /* tiles exchanged (tiles[] known, or only `count`) */
    LX_XW_PASS
} lx_xw_move_kind;

typedef struct lx_xw_move {
    lx_xw_move_kind kind;
    int row, col;  /* PLACE: 0-based square where the main word starts */
    int down;      /* PLACE: 0 across, 1 down */
    int len;       /* PLACE: squares the word covers; EXCHANGE: tiles exchanged */
    /* PLACE: per square of the word, the tile put there (letter, or
     * letter | LX_XW_BLANK_BIT for a blank), or 0 for a tile played through.
     * EXCHANGE: the tiles (0 a blank) when tiles_known. */
    uint8_t tiles[LX_XW_MAX_SIDE];
    /* PLACE: for a tile played through, the letter written for it ("(LI)" or a
     * letter spelled over the board's tile), 0 for ".". */
    uint8_t through[LX_XW_MAX_SIDE];
    int tiles_known; /* EXCHANGE: tiles[] holds the tiles, else only len is known */
} lx_xw_move;

/* Read a play in the notation above ("8D WORD", "8D.WORD", "D8 WORD", "-",
 * "-ABC", "-3"; played-through letters may be written "." or "(LI)") for a
 * board of rows x cols with distribution d.  0, or -1 with err (PLAY_SYNTAX,
 * OFF_BOARD, UNKNOWN_TILE). */
int lx_xw_move_parse(const lx_xw_dist *d, int rows, int cols, const char *s, size_t len, lx_xw_move *m,
                     lx_game_error *err);
/* Write a move in the notation ("8D.WORD" with dot_style, else "8D WORD"). */
int lx_xw_move_write(const lx_xw_dist *d, const lx_xw_move *m, int dot_style, lx_buf *out);

typedef struct lx_xw_placed {
    int row, col;   /* 0-based */
    int tile;       /* letter, or letter | LX_XW_BLANK_BIT */
} lx_xw_placed;

/* Make the move that puts these tiles on the board of p (in any order):
 * they must lie in one row or column (NOT_IN_LINE) on empty squares
 * (LETTER_OVER_OCCUPIED) with no empty square between them (GAP); the main
 * word is extended over the tiles already on the board.  0 or -1 with err. */
int lx_xw_move_from_tiles(const lx_xw_pos *p, const lx_xw_placed *tiles, size_t n, lx_xw_move *m,
                          lx_game_error *err);

#define LX_XW_MAX_WORDS (LX_XW_MAX_SIDE + 1)

typedef struct lx_xw_word {
    int row, col, down, len; /* where the word lies on the board after the play */
    int score;
} lx_xw_word;

typedef struct lx_xw_scored {
    long score;        /* the words' scores and the bingo bonus */
    int bingo;         /* a full rack was played */
    int tiles_played;
    size_t nwords;     /* the main word first, then the cross-words along it */
    lx_xw_word words[LX_XW_MAX_WORDS];
} lx_xw_scored;

/* Check flags. */
#define LX_XW_SPELLED_THROUGH 1 /* a letter over a board tile of the same letter counts as played through */
#define LX_XW_IGNORE_RACK 2     /* do not check the tiles against the mover's rack */

/* Check that the player to move in p (the first rack) may make move m, and
 * score it: premium squares count under new tiles only, blanks score 0,
 * every cross-word counts, and playing a full rack earns the bingo bonus
 * (CGP bb, default 50).  An exchange or pass scores 0.  0, or -1 with err:
 * OFF_BOARD, THROUGH_EMPTY ('.' over an empty square), THROUGH_MISMATCH,
 * LETTER_OVER_OCCUPIED, WORD_RUNS_ON (the word goes on into tiles the play
 * does not name), NO_NEW_TILES, NOT_CONNECTED, START_SQUARE_MISSED,
 * SINGLE_TILE_NO_WORD, TILE_NOT_IN_RACK (when the rack is known), TOO_MANY_TILES
 * (more of a tile than the distribution has), EXCHANGE_NOT_ALLOWED. */
int lx_xw_move_check(const lx_xw_pos *p, const lx_xw_move *m, int flags, lx_xw_scored *out, lx_game_error *err);

/* The text of word w of a scored move (upper case, blanks as their letter),
 * appended to out; 0 or -1. */
int lx_xw_word_text(const lx_xw_pos *p, const lx_xw_move *m, const lx_xw_word *w, lx_buf *out);
/* The tiles of word w (letters, blank bit cleared) into tiles[] (LX_XW_MAX_SIDE). */
int lx_xw_word_tiles(const lx_xw_pos *p, const lx_xw_move *m, const lx_xw_word *w, uint8_t *tiles);

/* ---- leaves ------------------------------------------------------------------------------ */

/* A leave table: what keeping tiles on the rack is worth, in points. */
typedef struct lx_xw_leaves lx_xw_leaves;

/* Read a KLV file (the format wolges and MAGPIE write: a u32 count of KWG
 * nodes, those nodes - a DAWG of leaves, tiles ascending, the blank 0 -, a
 * u32 count of values, then the values as i16 in 1/256 points (KLV) or f32
 * (KLV2)), copied.  NULL with a KLV_INVALID diagnostic when the bytes are
 * not one, or when out of memory. */
lx_xw_leaves *lx_xw_leaves_from_klv(const char *name, const void *bytes, size_t len, lx_diag_list *diags);
void lx_xw_leaves_free(lx_xw_leaves *lv);
const char *lx_xw_leaves_name(const lx_xw_leaves *lv);
size_t lx_xw_leaves_count(const lx_xw_leaves *lv); /* values it holds */
/* What keeping tiles[0..n) (0 a blank) is worth: from lv (0 for a leave it
 * lacks), or, when lv is NULL, the built-in estimate for distribution d:
 * each blank +25, each letter 2 - 0.75 * (value - 1), -4 for each copy of a
 * letter beyond the first, -3 for each vowel or consonant by which one
 * outnumbers the other beyond the first. */
double lx_xw_leave_value(const lx_xw_leaves *lv, const lx_xw_dist *d, const uint8_t *tiles, size_t n);

/* ---- move generation ------------------------------------------------------------------------- */

/* A play found by the generator. */
typedef struct lx_xw_play {
    lx_xw_move_kind kind;
    int row, col, down, len;        /* PLACE: as in lx_xw_move */
    int ntiles;                     /* tiles from the rack: put down (PLACE) or exchanged */
    /* PLACE: the tiles put down, in order along the word (letter, or
     * letter | LX_XW_BLANK_BIT for a blank); EXCHANGE: the tiles (0 a blank). */
    uint8_t tiles[LX_XW_RACK_SIZE];
    int score;
    double leave;                   /* what the tiles kept are worth (see equity) */
    double equity;                  /* score + leave */
} lx_xw_play;

typedef struct lx_xw_gen_options {
    const lx_xw_lexicon *lexicon;   /* the words allowed (required) */
    const lx_xw_leaves *leaves;     /* NULL: the built-in estimate */
    const uint8_t *rack;            /* NULL: the mover's rack in the position */
    size_t nrack;
} lx_xw_gen_options;

/* A move generator: scratch memory reused from one position to the next
 * (one per thread; it shares nothing). */
typedef struct lx_xw_gen lx_xw_gen;
lx_xw_gen *lx_xw_gen_new(void);
void lx_xw_gen_free(lx_xw_gen *g);

/* Every legal play for the rack on position p, each once: placements
 * across and down through the tiles on the board, with the score
 * lx_xw_move_check gives; exchanges of every distinct set of tiles when
 * the bag holds at least etl tiles (CGP etl, default 7), as
 * lx_xw_move_check allows; and the pass.  A play of one tile is across
 * when it makes an across word, else down.  Equity is score + leave; when
 * the bag is empty (the end of the game) it is instead score + twice the
 * unseen tiles' value for a play that goes out, else score - 10 - twice
 * the value of the tiles kept.  *plays (unsorted) stays valid until the
 * next call on g.  Returns the count, or -1 with err: NO_GADDAG,
 * RACK_TOO_LONG, OUT_OF_MEMORY. */
long lx_xw_gen_all(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_gen_options *o, const lx_xw_play **plays,
                   lx_game_error *err);
/* The best play by equity (ties broken by lx_xw_play_cmp): the first play
 * lx_xw_gen_all's plays would give sorted, found much faster (anchors are
 * searched in the order of an upper bound on their equity, and the search
 * stops when no bound can beat the best play found).  From the second call
 * with a lexicon, g keeps a word map of it for tighter bounds (which letter
 * multisets are words: about 4.5 MB and 10 ms to build for 60,000 words,
 * built again when the lexicon changes).  0 or -1 with err. */
int lx_xw_gen_best(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_gen_options *o, lx_xw_play *best,
                   lx_game_error *err);
/* The total order of plays: higher equity first, then higher score, then
 * placements before exchanges before the pass, then by square, direction
 * and tiles.  <0 when a comes first. */
int lx_xw_play_cmp(const lx_xw_play *a, const lx_xw_play *b);
/* Sort plays by lx_xw_play_cmp, or (by_score) by score first. */
void lx_xw_plays_sort(lx_xw_play *plays, size_t n, int by_score);
/* The play as a move on the position it was found on (the board's tiles
 * in the word written as 0, "."). */
void lx_xw_play_move(const lx_xw_pos *p, const lx_xw_play *pl, lx_xw_move *m);
/* The play in the notation lx_xw_move_parse reads ("8D WO.D" with '.' for
 * a tile on the board, "-ABC", "-"), appended to out.  0 or -1. */
int lx_xw_play_write(const lx_xw_pos *p, const lx_xw_play *pl, lx_buf *out);

/* ---- simulation ------------------------------------------------------------------------------- */

/* A simulating player: Monte Carlo lookahead over what the opponent may
 * hold, as Quackle's and MAGPIE's simmers do.  The best `candidates` plays
 * by static equity are each played out many times: an iteration draws a
 * rack for the opponent from the unseen tiles (the bag and the opponent's
 * rack together, counted from the board and the mover's own rack only: the
 * opponent's rack in the position, even when known, is never looked at),
 * plays the opponent's best reply by static equity and, with two plies, the
 * mover's best next play from the rack the mover would draw; an iteration's
 * value is the spread of those plays' scores plus the value of the tiles
 * each side keeps at the horizon (its last play's leave; a side that goes
 * out gets twice the other's rack instead).  Every candidate meets the same
 * draws in an iteration (common random numbers), and one whose mean falls
 * clearly behind the best's (two standard errors of the difference) is
 * dropped.  The choice is the candidate with the best mean. */
typedef struct lx_xw_sim_options {
    const lx_xw_lexicon *lexicon;   /* the words allowed (required) */
    const lx_xw_leaves *leaves;     /* NULL: the built-in estimate */
    const uint8_t *rack;            /* NULL: the mover's rack in the position */
    size_t nrack;
    int candidates;                 /* plays simulated (0: 10) */
    int plies;                      /* after the candidate: 1 the opponent's reply, 2 (0: the default) and ours */
    long iterations;                /* stop after this many iterations (0: no limit but the time) */
    double seconds;                 /* stop after this much time (0: no limit but the iterations) */
    int cpu_time;                   /* seconds are the calling thread's CPU time, not the wall clock */
    uint64_t seed;                  /* the same seed and iteration limit give the same choice */
} lx_xw_sim_options;

/* What the simulation found out about one candidate. */
typedef struct lx_xw_sim_candidate {
    lx_xw_play play;                /* with its static score, leave and equity */
    double mean;                    /* the mean value of its iterations (points for the mover) */
    double stderr_mean;             /* the standard error of that mean */
    long iterations;                /* iterations it took part in */
    int pruned;                     /* dropped before the end */
} lx_xw_sim_candidate;

/* A simulator: a move generator, a copy of the position, the candidates'
 * tallies; reused from one position to the next (one per thread). */
typedef struct lx_xw_sim lx_xw_sim;
lx_xw_sim *lx_xw_sim_new(void);
void lx_xw_sim_free(lx_xw_sim *s);
/* Simulate the position p for its mover, stopping at the iteration or
 * time limit (with neither, 100 iterations), or as soon as one candidate
 * is left, and set *best to the choice.  With an iteration limit and no
 * time limit the choice depends only on p (less the opponent's rack), the
 * options and the seed.  With the bag empty the opponent's rack is known
 * (every unseen tile), so one iteration says everything.  0, or -1 with
 * err: NO_GADDAG, RACK_TOO_LONG, OUT_OF_MEMORY, NO_LEXICON. */
int lx_xw_sim_run(lx_xw_sim *s, const lx_xw_pos *p, const lx_xw_sim_options *o, lx_xw_play *best,
                  lx_game_error *err);
/* The candidates of the last run, best mean first (pruned ones after the
 * rest); valid until the next run.  Returns their count. */
size_t lx_xw_sim_results(const lx_xw_sim *s, const lx_xw_sim_candidate **out);
/* Iterations the last run made (each plays out every candidate left). */
long lx_xw_sim_iterations(const lx_xw_sim *s);

/* ---- positions (CGP) ----------------------------------------------------------------- */

/* CGP opcodes present in a position. */
enum {
    LX_XW_OP_BB = 1 << 0, LX_XW_OP_BDN = 1 << 1, LX_XW_OP_CR = 1 << 2, LX_XW_OP_ETL = 1 << 3,
    LX_XW_OP_GID = 1 << 4, LX_XW_OP_LD = 1 << 5, LX_XW_OP_LEX = 1 << 6, LX_XW_OP_LM = 1 << 7,
    LX_XW_OP_MCNZ = 1 << 8, LX_XW_OP_TI = 1 << 9, LX_XW_OP_TMR = 1 << 10, LX_XW_OP_TO = 1 << 11,
    LX_XW_OP_VAR = 1 << 12, LX_XW_OP_ORU = 1 << 13
};

typedef enum lx_xw_lm_kind {
    LX_XW_LM_MOVE,        /* "8D WORD", "-", "-ABC", "-2" */
    LX_XW_LM_CHALLENGED   /* "challenge 8D WORD": taken back after a successful challenge */
} lx_xw_lm_kind;

typedef struct lx_xw_unknown_op {
    const char *name, *operands; /* operands as written, single spaces */
} lx_xw_unknown_op;

typedef struct lx_xw_ops {
    unsigned has;                 /* LX_XW_OP_* bits */
    long bb, etl, mcnz, ti, to;   /* defaults when absent: 50, 7, 6, 0, 0 */
    const char *bdn, *cr, *gid, *ld, *lex, *var; /* NULL when absent */
    const long *tmr;              /* one per player, next to move first */
    size_t ntmr;
    lx_xw_lm_kind lm_kind;
    lx_xw_move lm;                /* the last move, when LX_XW_OP_LM */
    long lm_bonus;                /* "+5": challenge bonus; -1 when none written */
    size_t nunknown;
    const lx_xw_unknown_op *unknown;
} lx_xw_ops;

lx_xw_pos *lx_xw_pos_new(void);
void lx_xw_pos_free(lx_xw_pos *p);
/* An empty board of layout l with distribution d, `players` empty racks and
 * zero scores, no opcodes.  0 or -1 (out of memory, or no player). */
int lx_xw_pos_reset(lx_xw_pos *p, const lx_xw_dist *d, const lx_xw_layout *l, size_t players);

/* Read one CGP record (one line; the text may end with a line break) into p,
 * reusing its memory.  Board and distribution come from bdn and ld through
 * `data` (defaults CrosswordGame and english; english_super on a
 * SuperCrosswordGame board).  Diagnostic offsets are base + the offset in
 * text.  Returns 0 when p holds the position read (perhaps with errors), 1
 * when nothing usable could be read (a fatal or board diagnostic says why),
 * -1 when out of memory.  Reading checks the syntax and the operand types;
 * lx_xw_pos_validate checks whether the position is possible. */
int lx_xw_cgp_read(lx_xw_pos *p, const char *text, size_t len, size_t base, lx_xw_data *data,
                   lx_diag_list *diags);
/* Check that the position read last could happen: tile counts within the
 * distribution (blanks too), tiles connected through the start square, racks
 * no larger than a rack, lm consistent with the board, and sane opcode
 * values.  Diagnostics name the square or tile.  Returns the errors found. */
size_t lx_xw_pos_validate(const lx_xw_pos *p, lx_diag_list *diags);
/* Check every word on the board (two or more tiles in a row or column)
 * against lx; a warning for each word it lacks.  Returns how many. */
size_t lx_xw_pos_check_words(const lx_xw_pos *p, const lx_xw_lexicon *lx, lx_diag_list *diags);
/* The position as canonical CGP, one line without a line break: runs of
 * empty squares as numbers, tiles of more than one codepoint in brackets,
 * racks sorted (blanks last), opcodes in alphabetical order. */
int lx_xw_cgp_write(const lx_xw_pos *p, lx_buf *out);

const lx_xw_dist *lx_xw_pos_dist(const lx_xw_pos *p);
const lx_xw_layout *lx_xw_pos_layout(const lx_xw_pos *p);
int lx_xw_pos_rows(const lx_xw_pos *p);
int lx_xw_pos_cols(const lx_xw_pos *p);
int lx_xw_pos_square(const lx_xw_pos *p, int row, int col); /* 0 empty, else a board tile */
void lx_xw_pos_set_square(lx_xw_pos *p, int row, int col, int tile);
size_t lx_xw_pos_players(const lx_xw_pos *p);
/* Player i's rack (i = 0 is next to move): its tiles (0 a blank) and count. */
const uint8_t *lx_xw_pos_rack(const lx_xw_pos *p, size_t i, size_t *n);
int lx_xw_pos_set_rack(lx_xw_pos *p, size_t i, const uint8_t *tiles, size_t n);
long lx_xw_pos_score(const lx_xw_pos *p, size_t i);
void lx_xw_pos_set_score(lx_xw_pos *p, size_t i, long score);
long lx_xw_pos_zero_turns(const lx_xw_pos *p);
void lx_xw_pos_set_zero_turns(lx_xw_pos *p, long n);
const lx_xw_ops *lx_xw_pos_ops(const lx_xw_pos *p);
/* Set or clear (value NULL) a string opcode: "bdn", "cr", "gid", "ld", "lex", "var". */
int lx_xw_pos_set_op_text(lx_xw_pos *p, const char *op, const char *value);
/* Set the last move (lm); bonus -1 for none. */
void lx_xw_pos_set_lm(lx_xw_pos *p, const lx_xw_move *m, lx_xw_lm_kind kind, long bonus);
/* Tiles not on the board nor in a known rack: in the bag or in unknown racks. */
long lx_xw_pos_unseen(const lx_xw_pos *p);
/* Put the tiles of a checked PLACE move on the board (racks untouched). */
void lx_xw_pos_place(lx_xw_pos *p, const lx_xw_move *m);
/* Take them off again. */
void lx_xw_pos_unplace(lx_xw_pos *p, const lx_xw_move *m);

/* ---- game records (GCG) -------------------------------------------------------------- */

typedef enum lx_xw_event_kind {
    LX_XW_EV_PLAY,            /* >nick: RACK 8D WORD +S T */
    LX_XW_EV_EXCHANGE,        /* >nick: RACK -ABC +0 T  (or -3) */
    LX_XW_EV_PASS,            /* >nick: RACK - +0 T */
    LX_XW_EV_WITHDRAWN,       /* >nick: RACK -- -S T  (a phony taken back) */
    LX_XW_EV_CHALLENGE_BONUS, /* >nick: RACK (challenge) +5 T */
    LX_XW_EV_END_RACK_BONUS,  /* >nick: (TILES) +2V T  (the opponent's rack, after going out) */
    LX_XW_EV_END_RACK_PENALTY,/* >nick: RACK (TILES) -V T  (own rack, when the game ends otherwise) */
    LX_XW_EV_TIME_PENALTY     /* >nick: RACK (time) -10 T */
} lx_xw_event_kind;

typedef struct lx_xw_event {
    lx_xw_event_kind kind;
    int player;                /* 0 (#player1) or 1 (#player2) */
    size_t offset;             /* of the line's '>' in the text */
    size_t move_offset;        /* of the position or event token */
    const uint8_t *rack;       /* the rack shown (0 a blank); NULL when none is shown */
    size_t nrack;
    lx_xw_move move;           /* PLAY and EXCHANGE; also the tiles of END_RACK_* */
    long score, cumulative;
    const char *note;          /* #note lines after the event, joined by '\n'; NULL when none */
} lx_xw_event;

typedef struct lx_xw_gcg_options {
    const char *encoding;      /* read the bytes as this charset (NULL: #character-encoding, else UTF-8
                                  when valid, else ISO-8859-1) */
    const char *dist;          /* distribution name (NULL: from pragmas, #lexicon, or the letters used) */
    const char *board;         /* board name (NULL: #board-layout, else CrosswordGame) */
} lx_xw_gcg_options;

/* Read a GCG record.  Problems are diagnostics (offsets in lx_xw_gcg_text);
 * NULL only when out of memory or when the distribution or board named is
 * not available (then with a diagnostic). */
lx_xw_gcg *lx_xw_gcg_read(const char *bytes, size_t len, lx_xw_data *data, const lx_xw_gcg_options *opt,
                          lx_diag_list *diags);
void lx_xw_gcg_free(lx_xw_gcg *g);
const char *lx_xw_gcg_text(const lx_xw_gcg *g, size_t *len);  /* UTF-8 */
const lx_xw_dist *lx_xw_gcg_dist(const lx_xw_gcg *g);
const lx_xw_layout *lx_xw_gcg_layout(const lx_xw_gcg *g);
size_t lx_xw_gcg_events(const lx_xw_gcg *g);
const lx_xw_event *lx_xw_gcg_event(const lx_xw_gcg *g, size_t i);
const char *lx_xw_gcg_nick(const lx_xw_gcg *g, int player);
const char *lx_xw_gcg_player_name(const lx_xw_gcg *g, int player);
/* The value of the first pragma "#name VALUE", NULL when absent. */
const char *lx_xw_gcg_pragma(const lx_xw_gcg *g, const char *name);

typedef struct lx_xw_replay_summary {
    size_t events;        /* events replayed */
    size_t plays;         /* plays placed on the board */
    size_t scores_checked;/* plays whose score was computed and compared */
    size_t words_checked; /* words looked up in a lexicon */
    int completed;        /* every event was replayed (no illegal play stopped it) */
    const char *lexicon;  /* the lexicon that judged the words, NULL when none */
} lx_xw_replay_summary;

/* Replay the record with every rule and score checked: plays legal and
 * scored as recorded, cumulative scores adding up, racks holding the tiles
 * played, tile counts within the distribution, withdrawn phonies matching
 * the play before, end-of-game rack bonuses and penalties matching the racks.
 * Words are judged by lexicon lx when not NULL.  Stops placing tiles at the
 * first illegal play.  Returns the errors found, or -1 when out of memory. */
long lx_xw_gcg_replay(const lx_xw_gcg *g, const lx_xw_lexicon *lx, lx_diag_list *diags,
                      lx_xw_replay_summary *summary);
/* The position after event n (1-based; 0: before the first; SIZE_MAX: the
 * end) into p, with the racks each player held then (as far as the record
 * tells), the scores, the zero-turn count, lm, lex, ld and bdn.  The player
 * to move next comes first.  0, 1 when the record cannot be replayed that
 * far (diagnostics say why), -1 when out of memory. */
int lx_xw_gcg_position(const lx_xw_gcg *g, size_t n, lx_xw_pos *p, lx_diag_list *diags);
/* Which player (0 or 1) moves next after event n. */
int lx_xw_gcg_next_player(const lx_xw_gcg *g, size_t n);
/* The record as canonical GCG (UTF-8, #character-encoding first). */
int lx_xw_gcg_write(const lx_xw_gcg *g, lx_buf *out);

/* ---- checking whole files --------------------------------------------------------------- */

/* Check a file of CGP records, one per line (blank lines and lines starting
 * with '#' are skipped): each is read and validated, and the words on its
 * board judged (lx_xw_data_judge; a lexicon that is named but missing gets
 * one LEXICON_UNAVAILABLE warning).  Diagnostics are resolved to lines and
 * columns.  *positions: records read.  0, or -1 when out of memory. */
int lx_xw_check_cgp(const char *text, size_t len, lx_xw_data *data, lx_diag_list *diags, size_t *positions);
/* Check a GCG record: read it, judge its words the same way, and replay it
 * (lx_xw_gcg_replay).  Diagnostics are resolved against its UTF-8 text.
 * 0, or -1 when out of memory. */
int lx_xw_check_gcg(const char *bytes, size_t len, lx_xw_data *data, const lx_xw_gcg_options *opt,
                    lx_diag_list *diags, lx_xw_replay_summary *summary);

/* ---- drawing --------------------------------------------------------------------------- */

/* Draw p: the board with premium squares, the racks and scores (names[i]
 * labels player i when names is not NULL) as text or SVG; size is the
 * SVG's square size in pixels (0: 32; 1..4: small .. large). */
int lx_xw_draw(const lx_xw_pos *p, lx_draw_format fmt, int size, const char *const *names, lx_buf *out);

#ifdef __cplusplus
}
#endif
#endif

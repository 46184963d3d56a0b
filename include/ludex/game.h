/* ludex/game.h - the game interface, the registry of games, and the replay driver.
 *
 * A game module (Twixt, Hex, Backgammon, crossword) fills in one
 * lx_game_module: how to make the position a record starts from, how to parse
 * a move value, whether a move is legal and why not, how to apply it, the
 * result, and how to draw and describe a position.  Positions and parsed moves
 * are the module's own types, seen here as `void *`.
 *
 * The replay driver walks a tree's main line (or every variation), applies the
 * setup and move properties of each node through the module and turns every
 * refusal into a diagnostic that points at the property.  lx_check_document
 * runs reading, the generic SGF checks and the replay for a whole file.
 */
#ifndef LUDEX_GAME_H
#define LUDEX_GAME_H

#include <stddef.h>

#include "buf.h"
#include "diag.h"
#include "sgf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum lx_colour { LX_NO_COLOUR = -1, LX_BLACK = 0, LX_WHITE = 1 } lx_colour;

/* Why a module refused something: a stable code and a sentence. */
typedef struct lx_game_error {
    const char *code; /* static string, e.g. "CELL_OCCUPIED" */
    lx_buf message;
} lx_game_error;

void lx_game_error_init(lx_game_error *e);
void lx_game_error_free(lx_game_error *e);
/* Set code and message; always returns -1 so a module can `return lx_game_fail(...)`.
 * e may be NULL: a caller that wants only whether a move is refused passes no error. */
int lx_game_fail(lx_game_error *e, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

typedef struct lx_game_result {
    int over;          /* non-zero when the game has ended */
    lx_colour winner;  /* LX_NO_COLOUR for a draw or when not over */
    char re[32];       /* as an SGF RE value: "B+", "W+R", "0", "" when not over */
} lx_game_result;

typedef enum lx_draw_format { LX_DRAW_ASCII, LX_DRAW_SVG } lx_draw_format;

#define LX_MOVE_MAX_SIZE 512 /* the most bytes a module's parsed move may take */

typedef struct lx_game_module {
    const char *name;  /* "twixt", "hex", "backgammon", "crossword" */
    int gm;            /* SGF GM number; 0 when the game has no SGF form */
    const lx_sgf_propdef *props; /* game-specific properties */
    size_t nprops;
    size_t move_size;  /* bytes of a parsed move, at most LX_MOVE_MAX_SIZE */

    /* The position a tree starts from, read from its root properties (SZ, RU,
     * HA ...).  NULL with a diagnostic (at the offending property) when the
     * root makes no playable game, or when out of memory. */
    void *(*position_new)(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags);
    void *(*position_copy)(const void *pos);
    void (*position_free)(void *pos);
    /* Whose turn it is. */
    lx_colour (*to_play)(const void *pos);
    /* Parse one raw value of a B or W property (as written: escapes kept, so a
     * module may read a backslash itself).  0, or -1 with `err`. */
    int (*parse_move)(const void *pos, lx_colour who, const char *raw, size_t len, void *move,
                      lx_game_error *err);
    /* 0 when `who` may play `move` now, else -1 and the rule it breaks. */
    int (*check_move)(const void *pos, lx_colour who, const void *move, lx_game_error *err);
    /* Play a move that check_move accepted. */
    void (*apply_move)(void *pos, lx_colour who, const void *move);
    /* A setup or game-specific node property (AB, AW, AE, PL, ...); one raw value.
     * 0, -1 with `err`; 1 when the module does not handle this property. */
    int (*apply_setup)(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err);
    void (*result)(const void *pos, lx_game_result *out);
    /* Draw the position; `size` is a module-defined scale (0 = default). */
    int (*draw)(const void *pos, lx_draw_format fmt, int size, lx_buf *out);
    /* The position's members of a `replay --json` record, without braces,
     * e.g. "\"stones\":{\"B\":[...],\"W\":[...]}". */
    int (*describe_json)(const void *pos, lx_buf *out);
    /* Canonical written form of a game-specific value (see lx_sgf_write_options). */
    int (*canonical_value)(const char *id, const char *raw, size_t len, lx_buf *out);
    /* Rewrite a tree's dialect forms into the spec's before it is written,
     * where one value alone cannot tell (a HexGui "swap-pieces" that meant
     * swap-sides).  0, or -1 when out of memory.  May be NULL. */
    int (*normalize_tree)(lx_sgf_tree *t, lx_diag_list *diags);
    /* For games whose trees in one file make one whole (a backgammon match:
     * scores carry from game to game).  lx_check_document calls
     * collection_new before the file's first tree of this game,
     * collection_add for each such tree in order (0, or -1 out of memory), and
     * collection_end after the last, which reports and frees.  May be NULL. */
    /* After the main line was replayed: `last` is the last node applied,
     * `complete` is non-zero when that is the line's end (no refusal before
     * it).  For what only the line as a whole tells, such as RE against the
     * final position (only when complete).  Not called when the replay was
     * limited to fewer moves.  May be NULL. */
    void (*line_end)(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete,
                     lx_diag_list *diags);
    void *(*collection_new)(void);
    int (*collection_add)(void *state, const lx_sgf_tree *t, lx_diag_list *diags);
    void (*collection_end)(void *state, lx_diag_list *diags);
    /* Optional, for speed: parse_move, check_move and apply_move of one raw
     * value in one call, with exactly their outcome (0 played; -1 with the
     * `err` they would give, the position untouched).  The replay uses it
     * when set.  May be NULL. */
    int (*play_value)(void *pos, lx_colour who, const char *raw, size_t len, lx_game_error *err);
} lx_game_module;

/* Write options for records of module m's game: its property table, and its
 * canonical_value hook for game-specific values.  m may be NULL (generic). */
void lx_game_write_options(const lx_game_module *m, lx_sgf_write_options *wo);

/* ---- applying a record's nodes -------------------------------------------------------- */

/* Turn a module's refusal `err` at property p into an error diagnostic (its
 * code, or `fallback_code` when it gave none) and free `err`.  Returns -1. */
int lx_game_report_refusal(lx_diag_list *diags, const lx_sgf_tree *t, lx_sgf_prop p, lx_game_error *err,
                           const char *fallback_code);
/* The colour of move property `id`: LX_BLACK for B, LX_WHITE for W, else LX_NO_COLOUR. */
lx_colour lx_game_move_colour(const char *id);
/* The numbers of B and W within one tree (lx_sgf_id_number), so that a walk
 * over its properties compares numbers rather than strings. */
typedef struct lx_move_ids {
    uint32_t b, w;
} lx_move_ids;
lx_move_ids lx_game_move_ids(const lx_sgf_tree *t);
/* What lx_game_move_colour(lx_sgf_prop_id(t, p)) says, by number; `ids` from
 * lx_game_move_ids(t). */
static inline lx_colour lx_game_prop_colour(const lx_sgf_tree *t, lx_sgf_prop p, lx_move_ids ids)
{
    uint32_t n = lx_sgf_prop_id_number(t, p);
    return n == ids.b ? LX_BLACK : n == ids.w ? LX_WHITE : LX_NO_COLOUR;
}
/* A Color value (PL[B]): "B" or "W", any case, white space around allowed.
 * 0 with *out, or -1. */
int lx_game_parse_colour(const char *raw, size_t len, lx_colour *out);
/* Whether `id` is a setup property for module m: AB AW AE PL, or one of its
 * own properties of category LX_PROP_SETUP. */
int lx_game_is_setup(const lx_game_module *m, const char *id);
/* Apply every value of setup property p to pos.  0, or -1 with a diagnostic. */
int lx_game_apply_setup_prop(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_prop p,
                             lx_diag_list *diags);
/* Apply the setup properties of node n (every property but B and W that
 * lx_game_is_setup accepts), in the order written.  0, or -1 with a diagnostic. */
int lx_game_apply_setup_props(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_node n,
                              lx_move_ids ids, lx_diag_list *diags);
/* Play every value of move property p (B or W) for `who`: parse, check,
 * apply.  0, or -1 with the refusal in `err` (position unchanged by the
 * refused value). */
int lx_game_play_prop(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_prop p, lx_colour who,
                      lx_game_error *err);
/* Apply node n: its setup properties, then its moves in the order written.
 * With `budget`, play at most *budget move properties (counting down) and
 * return 1 when a move was left unplayed.  0 when the whole node applied, -1
 * at a refusal (a diagnostic, when diags is not NULL). */
int lx_game_apply_node(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget,
                       lx_diag_list *diags);

/* ---- registry ---------------------------------------------------------------- */

/* The modules built into this libludex, found by GM number or by name
 * (case-insensitive); NULL when there is none. */
const lx_game_module *lx_game_builtin_by_gm(int gm);
const lx_game_module *lx_game_builtin_by_name(const char *name);
/* The name FF[4] gives a GM number ("Go", "Hex", ...), or NULL. */
const char *lx_game_gm_name(int gm);

/* ---- canonical form (`ludex fmt`) ----------------------------------------------- */

/* Write tree t with its built-in game's property table and canonical values
 * (lx_game_write_options), then a line break; unknown properties left out
 * when drop_unknown.  Appends to out; 0, or -1 out of memory. */
int lx_game_write_tree(const lx_sgf_tree *t, int drop_unknown, lx_buf *out);
/* As `ludex fmt` writes a tree read from doc: its CA made true of the UTF-8
 * output (lx_sgf_mark_utf8), its game's dialect forms normalised (what that
 * changed goes to diags), then lx_game_write_tree.  Changes t.  0, or -1. */
int lx_game_format_tree(lx_sgf_tree *t, const lx_sgf_doc *doc, int drop_unknown, lx_buf *out,
                        lx_diag_list *diags);
/* Every tree of doc read (problems to diags) and formatted into out: the
 * number of trees, or -1 out of memory. */
long lx_game_format_doc(const lx_sgf_doc *doc, int drop_unknown, lx_buf *out, lx_diag_list *diags);

typedef struct lx_game_registry lx_game_registry;
/* A registry holding the built-in modules; add your own with lx_game_registry_add. */
lx_game_registry *lx_game_registry_new(void);
/* A registry with no module at all. */
lx_game_registry *lx_game_registry_new_empty(void);
void lx_game_registry_free(lx_game_registry *reg);
/* A module added later wins over one with the same GM or name.  0 or -1. */
int lx_game_registry_add(lx_game_registry *reg, const lx_game_module *m);
const lx_game_module *lx_game_by_gm(const lx_game_registry *reg, int gm);
const lx_game_module *lx_game_by_name(const lx_game_registry *reg, const char *name);

/* ---- replay ------------------------------------------------------------------ */

typedef struct lx_replay_event {
    size_t game;            /* 0-based index of the tree in its file */
    size_t move;            /* 1-based move number along the line being replayed */
    lx_colour player;
    const lx_sgf_tree *tree;
    lx_sgf_node node;
    lx_sgf_prop prop;       /* the B or W property */
    const lx_game_module *module;
    const void *position;   /* the position after the move */
} lx_replay_event;

typedef struct lx_replay_hooks {
    void *ctx;
    /* After each move applied on the main line (or on every line with
     * all_variations).  A non-zero return stops the replay. */
    int (*on_move)(void *ctx, const lx_replay_event *ev);
    /* When a move is refused; `ev->position` is the position before it. */
    void (*on_refusal)(void *ctx, const lx_replay_event *ev, const lx_game_error *err);
    /* At the end of the main line, with the final position (NULL when the
     * replay could not start) and its result. */
    void (*on_end)(void *ctx, size_t game, const void *position, const lx_game_result *res);
} lx_replay_hooks;

typedef struct lx_replay_options {
    int all_variations;
    /* With limit_moves non-zero the main line stops after max_moves moves
     * (0: before the first) and on_end sees the position there. */
    int limit_moves;
    size_t max_moves;
} lx_replay_options;

/* Replay a tree under `m`.  Refusals are diagnostics (and reach on_refusal);
 * a line stops at its first refused move.  Returns 0, or -1 when out of memory. */
int lx_replay_tree(const lx_sgf_tree *t, size_t game_index, const lx_game_module *m,
                   const lx_replay_options *opt, const lx_replay_hooks *hooks, lx_diag_list *diags);

/* ---- checking a whole file -------------------------------------------------------- */

typedef struct lx_check_options {
    const lx_game_registry *registry; /* NULL: the built-in modules */
    int all_variations;
    const lx_sgf_read_options *read;
} lx_check_options;

typedef struct lx_check_summary {
    size_t games;         /* game trees read */
    size_t nodes;         /* nodes read */
    size_t moves;         /* moves the rules accepted (every line's, with all_variations) */
    size_t unchecked;     /* trees whose game has no rules module here */
} lx_check_summary;

/* The rules module that plays tree t: the one `reg` (NULL: the built-in
 * modules) holds for its GM, as lx_check_document finds it.  NULL when there
 * is none; then, when `why` is not NULL, the diagnostic `ludex check` gives
 * for that is added to it (unresolved): UNSUPPORTED_GAME, RULES_NOT_CHECKED,
 * LITTLE_GOLEM_HEX or LITTLE_GOLEM_TWIXT (warnings), or GM_INVALID (an error:
 * GM is not a positive number). */
const lx_game_module *lx_game_rules_for_tree(const lx_game_registry *reg, const lx_sgf_tree *t, lx_diag_list *why);

/* Read `bytes`, run the generic checks on every tree, replay each tree under
 * its game's rules when a module exists (else a RULES_NOT_CHECKED warning),
 * and check that the file does not mix games.  Diagnostics are resolved to
 * lines and columns and sorted.  Returns 0, or -1 when out of memory. */
int lx_check_document(const char *bytes, size_t len, const lx_check_options *opt,
                      lx_check_summary *summary, lx_diag_list *diags);

/* One piece of lx_check_document's work, for checking a collection's trees
 * on several threads: the trees a reader of `doc` reads from offset `start`
 * (a position another reader of doc stopped at: 0, or just after a tree)
 * while it has not reached `end`.  Diagnostics are added unresolved, in the
 * order lx_check_document adds them, and the counts to *summary.  The trees
 * are compared against the file's first tree's GM `first_gm`; no backgammon
 * match (collection hooks) is made: when a tree would join one, the range
 * stops there with want_whole set, and only a whole-file check is right.
 * The same, with not_utf8 set, when doc's text was not checked for UTF-8
 * (lx_sgf_doc_new_utf8_later) and the bytes read here are not UTF-8: only a
 * document made by lx_sgf_doc_new repairs them.  0, or -1 when out of memory. */
typedef struct lx_check_range_spec {
    const lx_game_registry *registry; /* required */
    const lx_check_options *check;    /* all_variations */
    int first_gm;
    int first_in_file;                /* start is where the file's first tree is searched for */
} lx_check_range_spec;
typedef struct lx_check_range_end {
    size_t pos;     /* where the reader stopped: end when the trees ended there */
    int at_end;     /* no tree after pos */
    int want_whole; /* stopped at a tree that needs the whole file */
    int not_utf8;   /* ... or at bytes that are not UTF-8 (want_whole set too) */
} lx_check_range_end;
int lx_check_range(const lx_sgf_doc *doc, size_t start, size_t end, const lx_check_range_spec *spec,
                   lx_check_summary *summary, lx_diag_list *diags, lx_check_range_end *out);

#ifdef __cplusplus
}
#endif
#endif

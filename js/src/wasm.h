/* js/src/wasm.h - the C side of the JavaScript binding (libludex compiled to
 * WebAssembly).  Everything here is a thin handle over libludex's public API
 * (include/ludex/): a read collection of game trees with its diagnostics, a
 * check result, canonical writing, a game position one can play moves on (its
 * legal moves, its planes), the replay of a tree's main line kept position by
 * position, conversions of other programs' records, and crossword positions
 * and records (xword.c).  Every function
 * the JavaScript wrapper (js/ludex.js) calls takes and returns only integers
 * and pointers; strings cross as (pointer, length) of UTF-8 bytes.  Nothing
 * here recurses on the depth of a tree: JavaScript walks trees by node index. */
#ifndef LUDEX_JS_WASM_H
#define LUDEX_JS_WASM_H

#include <emscripten.h>

#include "ludex/ludex.h"

#define LXW_API EMSCRIPTEN_KEEPALIVE

typedef struct lxw_coll lxw_coll;     /* a read file: document, trees, diagnostics */
typedef struct lxw_check lxw_check;   /* a check's summary and diagnostics */
typedef struct lxw_pos lxw_pos;       /* a position one can play on */
typedef struct lxw_replay lxw_replay; /* a main line kept position by position */
typedef struct lxw_convert lxw_convert; /* a conversion's result and diagnostics */
typedef struct lxw_xw lxw_xw;         /* crossword data: distributions, boards, lexicons */
typedef struct lxw_xw_pos lxw_xw_pos; /* a crossword position (CGP) */
typedef struct lxw_xw_gcg lxw_xw_gcg; /* a crossword game record (GCG) */

/* Every function JavaScript calls, by file.  Pointers returned as `const
 * char *` stay valid until the object they come from changes or is freed. */
/* check.c */
lxw_check *lxw_check_run(const char *bytes, size_t len, int all_variations, const char *encoding);
void lxw_check_free(lxw_check *r);
int lxw_check_oom(const lxw_check *r);
const lx_diag_list *lxw_check_diags(const lxw_check *r);
double lxw_check_count(const lxw_check *r, int which);

/* collection.c */
lxw_coll *lxw_read(char *bytes, size_t len, const char *encoding);
void lxw_coll_free(lxw_coll *c);
int lxw_coll_oom(const lxw_coll *c);
size_t lxw_coll_tree_count(const lxw_coll *c);
lx_sgf_tree *lxw_coll_tree(const lxw_coll *c, size_t i);
const lx_diag_list *lxw_coll_diags(const lxw_coll *c);
const char *lxw_coll_charset(const lxw_coll *c);
size_t lxw_coll_node_total(const lxw_coll *c);
const char *lxw_coll_scratch(const lxw_coll *c);
size_t lxw_coll_scratch_len(const lxw_coll *c);

/* convert.c */
lxw_convert *lxw_convert_run(const char *bytes, size_t len, const char *from, const char *to, const char *encoding);
void lxw_convert_free(lxw_convert *r);
int lxw_convert_status(const lxw_convert *r);
const char *lxw_convert_out(const lxw_convert *r);
size_t lxw_convert_out_len(const lxw_convert *r);
const lx_diag_list *lxw_convert_diags(const lxw_convert *r);
const char *lxw_convert_sniff(const char *bytes, size_t len, const char *encoding);

/* diags.c */
size_t lxw_diag_count(const lx_diag_list *l);
const char *lxw_diag_code(const lx_diag_list *l, size_t i);
int lxw_diag_severity(const lx_diag_list *l, size_t i);
double lxw_diag_offset(const lx_diag_list *l, size_t i);
uint32_t lxw_diag_line(const lx_diag_list *l, size_t i);
uint32_t lxw_diag_col(const lx_diag_list *l, size_t i);
const char *lxw_diag_message(const lx_diag_list *l, size_t i);
size_t lxw_diag_count_at_least(const lx_diag_list *l, int sev);

/* memory.c */
double lxw_heap_in_use(void);

/* position.c */
lxw_pos *lxw_pos_copy(const lxw_pos *p);
void lxw_pos_free(lxw_pos *p);
const char *lxw_pos_game(const lxw_pos *p);
int lxw_pos_to_play(const lxw_pos *p);
int lxw_pos_result(lxw_pos *p);
int lxw_pos_winner(const lxw_pos *p);
const char *lxw_pos_re(const lxw_pos *p);
int lxw_pos_play(lxw_pos *p, int who, const char *const *vals, const size_t *lens, size_t n);
const char *lxw_pos_error_code(const lxw_pos *p);
const char *lxw_pos_error_message(const lxw_pos *p);
int lxw_pos_draw(lxw_pos *p, int svg, int size);
int lxw_pos_describe(lxw_pos *p);
int lxw_pos_legal(lxw_pos *p, int who, int d1, int d2);
int lxw_pos_planes_shape(const lxw_pos *p, int which);
int lxw_pos_planes(lxw_pos *p);
const char *lxw_pos_out(const lxw_pos *p);
size_t lxw_pos_out_len(const lxw_pos *p);

/* replay.c */
void lxw_replay_free(lxw_replay *r);
lxw_replay *lxw_replay_new(const lx_sgf_tree *t);
int lxw_replay_started(const lxw_replay *r);
const lx_diag_list *lxw_replay_diags(const lxw_replay *r);
size_t lxw_replay_moves(const lxw_replay *r);
lxw_pos *lxw_replay_position(const lxw_replay *r, size_t k);
lx_sgf_node lxw_replay_move_node(const lxw_replay *r, size_t k);
lx_sgf_prop lxw_replay_move_prop(const lxw_replay *r, size_t k);
int lxw_replay_move_player(const lxw_replay *r, size_t k);
size_t lxw_replay_refused_move(const lxw_replay *r);
const char *lxw_replay_error_code(const lxw_replay *r);
const char *lxw_replay_error_message(const lxw_replay *r);

/* tree.c */
const char *lxw_value_raw(const lx_sgf_tree *t, lx_sgf_prop p, size_t i);
size_t lxw_value_len(const lx_sgf_tree *t, lx_sgf_prop p, size_t i);
double lxw_prop_offset(const lx_sgf_tree *t, lx_sgf_prop p);
double lxw_node_offset(const lx_sgf_tree *t, lx_sgf_node n);
int lxw_value_decode(lxw_coll *c, const lx_sgf_tree *t, lx_sgf_prop p, size_t i, int simple);
const char *lxw_tree_game(const lx_sgf_tree *t);
const char *lxw_tree_gm_name(const lx_sgf_tree *t);
lx_diag_list *lxw_tree_no_rules(const lx_sgf_tree *t);
void lxw_diags_free(lx_diag_list *l);

/* xword.c */
lxw_xw *lxw_xw_new(void);
void lxw_xw_free(lxw_xw *x);
int lxw_xw_add(lxw_xw *x, int kind, const char *name, const char *bytes, size_t len);
const lx_diag_list *lxw_xw_diags(const lxw_xw *x);
int lxw_xw_check(lxw_xw *x, int gcg, const char *bytes, size_t len, const char *encoding);
double lxw_xw_count(const lxw_xw *x, int which);
void lxw_xw_pos_free(lxw_xw_pos *p);
lxw_xw_pos *lxw_xw_cgp_read(lxw_xw *x, const char *text, size_t len);
int lxw_xw_pos_ok(const lxw_xw_pos *p);
const lx_diag_list *lxw_xw_pos_diags(const lxw_xw_pos *p);
int lxw_xw_pos_size(const lxw_xw_pos *p, int which);
const char *lxw_xw_pos_square(const lxw_xw_pos *p, int row, int col);
int lxw_xw_pos_rack(lxw_xw_pos *p, size_t i);
double lxw_xw_pos_score(const lxw_xw_pos *p, size_t i);
int lxw_xw_pos_cgp(lxw_xw_pos *p);
lx_diag_list *lxw_xw_pos_judge(lxw_xw_pos *p, int which);
int lxw_xw_pos_play_score(lxw_xw_pos *p, const char *play, size_t len, int ignore_rack);
double lxw_xw_pos_scored(const lxw_xw_pos *p, int which);
const char *lxw_xw_pos_err_code(const lxw_xw_pos *p);
const char *lxw_xw_pos_err_message(const lxw_xw_pos *p);
int lxw_xw_pos_draw(lxw_xw_pos *p, int svg, int size);
int lxw_xw_pos_moves(lxw_xw_pos *p, const char *rack, const char *lexicon, int by_score, int top, int best);
const char *lxw_xw_pos_out(const lxw_xw_pos *p);
size_t lxw_xw_pos_out_len(const lxw_xw_pos *p);
void lxw_xw_gcg_free(lxw_xw_gcg *g);
lxw_xw_gcg *lxw_xw_gcg_read(lxw_xw *x, const char *bytes, size_t len, const char *encoding);
int lxw_xw_gcg_ok(const lxw_xw_gcg *g);
const lx_diag_list *lxw_xw_gcg_diags(const lxw_xw_gcg *g);
double lxw_xw_gcg_events(const lxw_xw_gcg *g);
const char *lxw_xw_gcg_player(const lxw_xw_gcg *g, int player, int name);
lxw_xw_pos *lxw_xw_gcg_position(lxw_xw_gcg *g, double n);
lx_diag_list *lxw_xw_gcg_replay(lxw_xw_gcg *g);
double lxw_xw_gcg_summary(const lxw_xw_gcg *g, int which);
const char *lxw_xw_gcg_lexicon(const lxw_xw_gcg *g);
int lxw_xw_gcg_write(lxw_xw_gcg *g);
const char *lxw_xw_gcg_out(const lxw_xw_gcg *g);
size_t lxw_xw_gcg_out_len(const lxw_xw_gcg *g);

/* write.c */
int lxw_write(lxw_coll *c, int i, int drop_unknown);

#endif

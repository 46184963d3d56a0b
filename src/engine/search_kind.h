/* engine/search_kind.h - engine kinds that play by Monte Carlo search (Hex,
 * Twixt, and their flat yardsticks): what a game gives them.
 *
 * search_kind.c does the engine's work once for every such game: the game in
 * progress and its history (undo replays it), the search tree kept between
 * moves, immediate wins and forced blocks, the choice of move, swap and
 * resignation, and the analysis.  A game gives its board handling and its
 * search positions through search_game. */
#ifndef LUDEX_ENGINE_SEARCH_KIND_H
#define LUDEX_ENGINE_SEARCH_KIND_H

#include "engine/engine_int.h"
#include "engine/mcts.h"

typedef struct search_game {
    int default_size;
    /* A board of cols x rows (both > 0) under `rules` (may be NULL); NULL
     * with BAD_SIZE (or another code) in err. */
    void *(*board_new)(int cols, int rows, const char *rules, lx_game_error *err);
    void (*board_free)(void *board);
    /* Read, check and play a move for `who`; *id its search id, or -1 when a
     * search tree cannot follow it.  0, or -1 with the rule's code. */
    int (*play)(void *board, lx_colour who, const char *text, int32_t *id, lx_game_error *err);
    /* The colour to move, LX_NO_COLOUR when the game is over. */
    lx_colour (*to_play)(const void *board);
    /* 0 when `who` may move now (making it the colour to play when the rules
     * leave it open), else -1 with the rule's code. */
    int (*may_move)(void *board, lx_colour who, lx_game_error *err);
    void (*result)(const void *board, lx_game_result *out);
    int (*show)(const void *board, lx_buf *out);
    /* Search positions. */
    int32_t (*nids)(const void *board);
    void *(*sim_new)(const void *board);
    void (*sim_free)(void *sim);
    const mcts_sim_ops *sim_ops;
    /* The move text of an id; 0, or -1. */
    int (*format_id)(const void *board, int32_t id, char *buf, size_t cap);
    /* Optional: the moves that win at once for c in the sim's position (up
     * to cap); how many there are. */
    size_t (*winning)(void *sim, lx_colour c, int32_t *ids, size_t cap);
    /* Two winning moves of the opponent are a proved loss (Hex: a stone
     * blocks one cell; not Twixt, where one peg's links may cut both). */
    int two_threats_lose;
    /* Optional proofs without a search, on the sim's position: with c to
     * move, a move that wins by proof (*id) and c's moves to the end by it,
     * or -1; and whether the opponent of c has a proved win whatever c plays. */
    int32_t (*proved_move)(void *sim, lx_colour c, int32_t *id);
    int (*proved_loss)(void *sim, lx_colour c);
    /* Optional: a solver run when the proofs above decide nothing, with c to
     * move and `seconds` the move's time (0: a playout budget): 1 a proved
     * win (*id its move, of the fewest moves found), -1 a proved loss
     * (without the swap: not taken while one is open), 0 unproved. */
    int (*solve)(void *sim, lx_colour c, double seconds, int32_t *id);
    /* Optional: with c to move, keep as the sim's only root moves those not
     * proved to lose (their number; 0: all lose; -1: nothing kept), and give
     * another sim the same. */
    long (*must_play)(void *sim, lx_colour c);
    void (*copy_must_play)(void *dst, const void *src);
    /* Optional: what a new search position takes over from the last search's
     * in the same game (Hex: the fill-in its knowledge found at tree nodes,
     * which the kept tree's nodes do not find again). */
    void (*inherit)(void *dst, void *src);
    /* Whether the search resigns on an estimate, when even its best move
     * wins under 2% of at least 10000 playouts (Twixt, and the flat
     * yardsticks); 0: only a proved loss resigns (Hex, whose lost positions
     * become proved ones within a few moves). */
    int resign_on_estimate;
    /* Optional: how the game tunes the search (RAVE bias, expansion). */
    void (*tune)(mcts_params *p, int cols, int rows);
} search_game;

/* The kinds' hooks: init is per game, the rest is shared. */
int search_init(lx_engine *e, const search_game *g, int flat, lx_game_error *err);
void search_free(lx_engine *e);
int search_new_game(lx_engine *e, int cols, int rows, lx_game_error *err);
int search_play(lx_engine *e, lx_colour who, const char *move, lx_game_error *err);
int search_undo(lx_engine *e);
lx_colour search_to_play(const lx_engine *e);
void search_result(const lx_engine *e, lx_game_result *out);
int search_genmove(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err);
int search_analyse(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                   lx_game_error *err);
int search_show(const lx_engine *e, lx_buf *out);

/* `static const mcts_sim_ops name` over a game's search positions: the
 * functions PREFIX_reset, _to_play, _legal, _play, _playout, _owners (e.g.
 * lx_hex_sim_reset ...), and `draw` (or NULL). */
#define SEARCH_SIM_OPS(name, PREFIX, draw)                                                                  \
    static void name##_reset(void *s) { PREFIX##_reset(s); }                                                \
    static lx_colour name##_to_play(const void *s) { return PREFIX##_to_play(s); }                          \
    static size_t name##_legal(const void *s, int32_t *ids) { return PREFIX##_legal(s, ids); }              \
    static void name##_play(void *s, int32_t id) { PREFIX##_play(s, id); }                                  \
    static lx_colour name##_playout(void *s, uint64_t *rng) { return PREFIX##_playout(s, rng); }            \
    static const uint8_t *name##_owners(const void *s) { return PREFIX##_owners(s); }                       \
    static const mcts_sim_ops name = {.reset = name##_reset, .to_play = name##_to_play,                     \
                                      .legal = name##_legal, .play = name##_play,                           \
                                      .playout = name##_playout, .owners = name##_owners, .draw_value = draw}

/* The lx_engine_ops of a search kind whose init hook is `init`. */
#define SEARCH_KIND_OPS(name, init_hook)                                                                    \
    {                                                                                                       \
        .kind = (name), .init = (init_hook), .free = search_free, .new_game = search_new_game,              \
        .play = search_play, .undo = search_undo, .to_play = search_to_play, .result = search_result,       \
        .genmove = search_genmove, .analyse = search_analyse, .show = search_show,                          \
    }

#endif

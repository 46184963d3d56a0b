/* engine/search_kind.c - the engine's work for the games it plays by Monte
 * Carlo search (search_kind.h): the game in progress, the tree kept between
 * moves, and the choice of a move.
 *
 * Choosing a move: a move that wins at once is played without a search, and
 * so is a move that wins by proof where the game proves (Hex: a connection
 * kept whatever the opponent plays, proof.c), the one that ends the game
 * soonest; when the opponent has exactly one winning move it is blocked
 * (taken); when it has two or more, or a proved win (and the mover none),
 * the mover resigns where that is a proved loss (Hex), unless a swap is open
 * to it.  Where the game finds the opponent's threats (Hex: cells whose stone
 * would give him a proved win), only the moves in all of them are searched
 * (must-play): none is a proved loss, one is played at once.  Before that,
 * where the game has a solver (Hex: df-pn, given a share of the move's
 * time), a win it proves is played and a loss it proves resigned; the
 * search then gets the move's time less what this work took.  Otherwise the
 * search runs
 * (the game's swap is one of the root moves where the rules allow it) and
 * the most visited root move is played - or, where the game resigns on an
 * estimate (search_game.resign_on_estimate), "resign" when even that move
 * wins fewer than 2% of at least 10000 playouts.  Flat Monte Carlo takes the
 * root move of the best win rate instead.
 *
 * Tree reuse: every move played (by genmove or lx_engine_play) advances the
 * trees to its subtree, whose root keeps, before the search, only the moves
 * the game allows there now (Hex: the must-play, not the cells that became
 * dead or captured); a move a tree cannot follow (swap-sides, pass,
 * resignation), an undo or a new game drops them.  The last search's
 * positions are kept too, for what the next search's take over from them
 * (search_game.inherit; Hex: the fill-in found at the tree's nodes); a new
 * game drops them. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/search_kind.h"

enum { MAX_THREADS = 64 };
#define RESIGN_VALUE 0.02
#define RESIGN_PLAYOUTS 10000

typedef struct sims {
    void *sim[MAX_THREADS];
    int n;
} sims;

typedef struct search_state {
    const search_game *g;
    int flat, threads;
    int cols, rows;
    void *board;
    char **hist;           /* moves played, for undo */
    lx_colour *hist_who;
    size_t nhist, caphist;
    mcts *tree;
    int32_t nids;
    uint64_t seed;
    sims last;             /* the last search's positions, for search_game.inherit */
} search_state;

static search_state *state(const lx_engine *e)
{
    return e->impl;
}

static void free_sims(search_state *s, sims *v)
{
    for (int i = 0; i < v->n; i++)
        s->g->sim_free(v->sim[i]);
    v->n = 0;
}

/* A search is over: its positions are kept for the next one to inherit
 * from (where the game inherits), else freed. */
static void done_sims(search_state *s, sims *v)
{
    if (!s->g->inherit) {
        free_sims(s, v);
        return;
    }
    free_sims(s, &s->last);
    s->last = *v;
    v->n = 0;
}

static int make_tree(search_state *s, lx_game_error *err)
{
    mcts_params p;
    mcts_params_default(&p);
    p.flat = s->flat;
    p.threads = s->threads;
    if (s->g->tune)
        s->g->tune(&p, s->cols, s->rows);
    mcts_free(s->tree);
    s->nids = s->g->nids(s->board);
    s->tree = mcts_new(&p, s->nids, s->seed);
    if (!s->tree)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory for the search tree");
    return 0;
}

static void clear_history(search_state *s)
{
    for (size_t i = 0; i < s->nhist; i++)
        free(s->hist[i]);
    s->nhist = 0;
}

/* A fresh board of cols x rows (0: the game's default). */
static int fresh_board(lx_engine *e, int cols, int rows, lx_game_error *err)
{
    search_state *s = state(e);
    if (cols <= 0 && rows <= 0)
        cols = rows = s->g->default_size;
    else if (cols <= 0)
        cols = rows;
    else if (rows <= 0)
        rows = cols;
    void *b = s->g->board_new(cols, rows, e->opt.rules, err);
    if (!b)
        return -1;
    if (s->board)
        s->g->board_free(s->board);
    s->board = b;
    s->cols = cols;
    s->rows = rows;
    free_sims(s, &s->last);
    clear_history(s);
    return make_tree(s, err);
}

int search_init(lx_engine *e, const search_game *g, int flat, lx_game_error *err)
{
    search_state *s = calloc(1, sizeof *s);
    if (!s)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    e->impl = s;
    s->g = g;
    s->flat = flat;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s->threads = e->opt.threads > 0 ? e->opt.threads : cores > 0 ? (int)cores : 1;
    if (s->threads > MAX_THREADS)
        s->threads = MAX_THREADS;
    s->seed = e->opt.seed ? e->opt.seed : (uint64_t)(lx_engine_now() * 1e9) ^ (uint64_t)(uintptr_t)s;
    if (fresh_board(e, e->opt.cols, e->opt.rows, err) != 0) {
        search_free(e);
        return -1;
    }
    return 0;
}

void search_free(lx_engine *e)
{
    search_state *s = state(e);
    if (!s)
        return;
    clear_history(s);
    free(s->hist);
    free(s->hist_who);
    mcts_free(s->tree);
    free_sims(s, &s->last);
    if (s->board)
        s->g->board_free(s->board);
    free(s);
    e->impl = NULL;
}

int search_new_game(lx_engine *e, int cols, int rows, lx_game_error *err)
{
    search_state *s = state(e);
    if (cols <= 0 && rows <= 0) {
        cols = s->cols;
        rows = s->rows;
    }
    return fresh_board(e, cols, rows, err);
}

static int remember(search_state *s, lx_colour who, const char *move)
{
    if (s->nhist == s->caphist) {
        size_t cap = s->caphist ? 2 * s->caphist : 64;
        char **h = realloc(s->hist, cap * sizeof *h);
        if (h)
            s->hist = h;
        lx_colour *w = realloc(s->hist_who, cap * sizeof *w);
        if (w)
            s->hist_who = w;
        if (!h || !w)
            return -1;
        s->caphist = cap;
    }
    char *copy = strdup(move);
    if (!copy)
        return -1;
    s->hist[s->nhist] = copy;
    s->hist_who[s->nhist++] = who;
    return 0;
}

int search_play(lx_engine *e, lx_colour who, const char *move, lx_game_error *err)
{
    search_state *s = state(e);
    int32_t id = -1;
    if (who != LX_BLACK && who != LX_WHITE)
        return lx_game_fail(err, "BAD_MOVE", "a move is played by Black or White");
    if (s->g->play(s->board, who, move, &id, err) != 0)
        return -1;
    if (remember(s, who, move) != 0) {
        /* the board moved on but undo could not replay it: start undo from here */
        clear_history(s);
    }
    if (id >= 0)
        mcts_advance(s->tree, id);
    else
        mcts_forget(s->tree);
    return 0;
}

int search_undo(lx_engine *e)
{
    search_state *s = state(e);
    if (s->nhist == 0)
        return -1;
    lx_game_error err;
    lx_game_error_init(&err);
    void *b = s->g->board_new(s->cols, s->rows, e->opt.rules, &err);
    int ok = b != NULL;
    for (size_t i = 0; ok && i + 1 < s->nhist; i++) {
        int32_t id;
        ok = s->g->play(b, s->hist_who[i], s->hist[i], &id, &err) == 0;
    }
    lx_game_error_free(&err);
    if (!ok) {
        if (b)
            s->g->board_free(b);
        return -1;
    }
    s->g->board_free(s->board);
    s->board = b;
    free(s->hist[--s->nhist]);
    mcts_forget(s->tree);
    return 0;
}

lx_colour search_to_play(const lx_engine *e)
{
    const search_state *s = state(e);
    return s->g->to_play(s->board);
}

void search_result(const lx_engine *e, lx_game_result *out)
{
    const search_state *s = state(e);
    s->g->result(s->board, out);
}

int search_show(const lx_engine *e, lx_buf *out)
{
    const search_state *s = state(e);
    return s->g->show(s->board, out);
}

/* ---- searching ------------------------------------------------------------------ */

/* The checks before a search, and the search positions. */
static int prepare(lx_engine *e, lx_colour who, sims *v, lx_game_error *err)
{
    search_state *s = state(e);
    v->n = 0;
    lx_colour now = s->g->to_play(s->board);
    if (now == LX_NO_COLOUR)
        return lx_game_fail(err, "GAME_OVER", "the game is over");
    if (who != now && s->g->may_move(s->board, who, err) != 0)
        return -1;
    for (int i = 0; i < s->threads; i++) {
        v->sim[i] = s->g->sim_new(s->board);
        if (!v->sim[i]) {
            free_sims(s, v);
            return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory for the search");
        }
        if (s->g->inherit && i < s->last.n)
            s->g->inherit(v->sim[i], s->last.sim[i]);
        v->n++;
    }
    free_sims(s, &s->last);
    return 0;
}

/* The search, within the move's time less `spent` (the work before it: a
 * solver's), but never under a quarter of it. */
static int run_search(lx_engine *e, sims *v, double spent, lx_game_error *err)
{
    search_state *s = state(e);
    double seconds;
    long playouts;
    lx_engine_budget(e, &seconds, &playouts);
    if (seconds > 0)
        seconds = seconds - spent > seconds / 4 ? seconds - spent : seconds / 4;
    int32_t *legal = malloc((size_t)s->nids * sizeof *legal);
    if (!legal)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory for the search");
    s->g->sim_ops->reset(v->sim[0]);
    mcts_cut_root(s->tree, s->g->sim_ops, legal, s->g->sim_ops->legal(v->sim[0], legal));
    free(legal);
    int rc = mcts_search(s->tree, v->sim, s->g->sim_ops, seconds, playouts, &e->stop);
    mcts_last(s->tree, &e->last_playouts, &e->last_seconds);
    if (rc != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory during the search");
    return 0;
}

/* A move decided without a search: a win at once, a win proved (the one
 * that ends the game soonest), the one block, or a resignation when the
 * opponent has two wins or a proved one (never while a swap is open to the
 * mover).  The id, -2 for resign, -1 when a search must decide. */
static int32_t forced_move(search_state *s, void *sim, lx_colour who, double seconds, int *wins, int *restricted)
{
    *wins = *restricted = 0;
    if (!s->g->winning)
        return -1;
    int32_t ids[2], proved;
    int solved;
    const mcts_sim_ops *ops = s->g->sim_ops;
    ops->reset(sim);
    if (s->g->winning(sim, who, ids, 1) > 0)
        return *wins = 1, ids[0];
    if (s->g->proved_move && s->g->proved_move(sim, who, &proved) > 0)
        return *wins = 1, proved;
    int32_t *legal = malloc((size_t)s->nids * sizeof *legal);
    size_t n = legal ? ops->legal(sim, legal) : 0;
    int swap_open = n > 0 && legal[n - 1] == s->nids - 1;
    lx_colour other = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    size_t theirs = s->g->winning(sim, other, ids, 2);
    int32_t chosen = -1;
    if (theirs >= 2 && s->g->two_threats_lose && !swap_open)
        chosen = -2;
    else if (!swap_open && s->g->proved_loss && s->g->proved_loss(sim, who))
        chosen = -2;
    else if (s->g->solve && (solved = s->g->solve(sim, who, seconds, &proved)) != 0 && (solved > 0 || !swap_open))
        chosen = solved > 0 ? (*wins = 1, proved) : -2;
    else if (!swap_open && s->g->must_play) {
        long left = s->g->must_play(sim, who); /* the moves that do not lose to a proved threat */
        if (left == 0)
            chosen = -2;
        else if (left == 1 && ops->legal(sim, legal) == 1)
            chosen = legal[0];
        *restricted = left > 1 && s->g->copy_must_play;
    }
    else if (theirs == 1) /* the one block, when the mover may take that cell (a Twixt hole in the
                           * opponent's border rows it may not: then the search finds a cut) */
        for (size_t i = 0; i < n; i++)
            if (legal[i] == ids[0])
                chosen = ids[0];
    free(legal);
    return chosen;
}

/* When forced_move kept only some root moves in the first sim (must-play),
 * the other sims get them too (the tree's root is cut to them in
 * run_search). */
static void restrict_root(search_state *s, sims *v, int restricted)
{
    if (!restricted)
        return;
    for (int i = 1; i < v->n; i++)
        s->g->copy_must_play(v->sim[i], v->sim[0]);
}

static int play_chosen(lx_engine *e, lx_colour who, const char *text, lx_buf *move, lx_game_error *err)
{
    if (search_play(e, who, text, err) != 0)
        return -1;
    if (lx_buf_append_str(move, text) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    return 0;
}

int search_genmove(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err)
{
    search_state *s = state(e);
    sims v;
    if (prepare(e, who, &v, err) != 0)
        return -1;
    char text[64];
    int wins, restricted;
    double seconds, started = lx_engine_now();
    long playouts;
    lx_engine_budget(e, &seconds, &playouts);
    int32_t forced = forced_move(s, v.sim[0], who, seconds, &wins, &restricted);
    e->last_playouts = 0;
    e->last_seconds = 0;
    e->last_value = -1;
    int rc = -1;
    if (forced == -2) {
        strcpy(text, "resign");
        e->last_value = 0;
        rc = 0;
    } else if (forced >= 0) {
        e->last_value = wins ? 1 : -1;
        rc = s->g->format_id(s->board, forced, text, sizeof text);
    } else if (restrict_root(s, &v, restricted), run_search(e, &v, lx_engine_now() - started, err) == 0) {
        mcts_move best;
        long total = 0;
        if (mcts_root_moves(s->tree, &best, 1, &total) == 1) {
            e->last_value = best.value;
            if (s->g->resign_on_estimate && best.value < RESIGN_VALUE && total >= RESIGN_PLAYOUTS)
                strcpy(text, "resign"), rc = 0;
            else
                rc = s->g->format_id(s->board, best.id, text, sizeof text);
        } else {
            lx_game_fail(err, "ENGINE_FAILED", "the search found no move");
            done_sims(s, &v);
            return -1;
        }
    } else {
        done_sims(s, &v);
        return -1;
    }
    done_sims(s, &v);
    if (rc != 0)
        return lx_game_fail(err, "ENGINE_FAILED", "the search chose a move it cannot write");
    return play_chosen(e, who, text, move, err);
}

int search_analyse(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                   lx_game_error *err)
{
    search_state *s = state(e);
    sims v;
    *n = 0;
    if (prepare(e, who, &v, err) != 0)
        return -1;
    int rc = run_search(e, &v, 0, err);
    done_sims(s, &v);
    if (rc != 0)
        return -1;
    mcts_move *moves = malloc((cap ? cap : 1) * sizeof *moves);
    if (!moves)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    size_t got = mcts_root_moves(s->tree, moves, cap, NULL);
    for (size_t i = 0; i < got; i++) {
        lx_engine_candidate *c = &out[*n];
        if (s->g->format_id(s->board, moves[i].id, c->move, sizeof c->move) != 0)
            continue;
        c->value = moves[i].value;
        c->visits = moves[i].visits;
        (*n)++;
    }
    free(moves);
    return 0;
}

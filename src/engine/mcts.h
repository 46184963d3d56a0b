/* engine/mcts.h - Monte Carlo tree search over any two-player connection game
 * whose positions a search can copy, play and fill with random moves.
 *
 * A game gives a search position (a "sim") per thread through mcts_sim_ops:
 * moves are small integer ids (the last one, nids - 1, the swap), a playout returns the winner and leaves, for
 * each id, the colour that holds it at the end (for AMAF).  The search keeps
 * one tree per thread (root parallelism, see mcts.c), reuses the subtree of
 * the moves played between searches, and stops at a time or playout budget,
 * at a node cap (it then stops growing the tree, never its memory), or when
 * asked to.  A subtree kept between moves is trimmed to a quarter of the
 * cap, so that every search has room to grow. */
#ifndef LUDEX_ENGINE_MCTS_H
#define LUDEX_ENGINE_MCTS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ludex/game.h"

typedef struct mcts_sim_ops {
    void (*reset)(void *sim);                   /* back to the searched position */
    lx_colour (*to_play)(const void *sim);
    size_t (*legal)(const void *sim, int32_t *ids); /* room for `nids` */
    void (*play)(void *sim, int32_t id);
    /* Finish the game at random; the winner, LX_NO_COLOUR for a draw. */
    lx_colour (*playout)(void *sim, uint64_t *rng);
    /* After a playout: per id, 1 Black holds it, 2 White, anything else nobody. */
    const uint8_t *(*owners)(const void *sim);
    /* Optional: a draw's value for Black, 0..1, after a playout that ended in
     * one (NULL: 0.5). */
    double (*draw_value)(void *sim);
    /* Optional: prior AMAF figures for the n legal `ids` at the sim's
     * position, added to visits[i] and wins[i] (for the colour to move) when
     * a node grows its children (NULL: none). */
    void (*prior)(const void *sim, const int32_t *ids, size_t n, float *visits, float *wins);
    /* Optional: knowledge for a node below the root that reached
     * params.knowledge_at visits: of its children's ids[0 .. n - 1] at the
     * sim's position, the ones worth searching first in ids, their number
     * (n: keep all; 0: the mover here is proved lost, the node a proved win
     * for the colour that moved into it). */
    size_t (*prune)(void *sim, int32_t *ids, size_t n);
    /* Optional: how likely a strong player is to choose each of the n legal
     * ids at the sim's position (prob[i] >= 0, summing to 1 at most), for
     * params.progressive_bias (NULL: no bias). */
    void (*policy)(const void *sim, const int32_t *ids, size_t n, float *prob);
} mcts_sim_ops;

typedef struct mcts_params {
    int flat;            /* flat Monte Carlo: root moves in turn, no tree, no AMAF */
    double rave_bias;    /* b^2 of the RAVE weight (Silver): beta = r / (r + n + 4 n r b^2) */
    uint32_t expand_at;  /* visits a leaf needs before it grows children */
    uint32_t leaf_playouts; /* playouts from a leaf each time the search reaches it (0 or 1: one) */
    uint32_t knowledge_at; /* visits at which a node's children are pruned by ops->prune (0: never) */
    float progressive_bias; /* c: a child's selection value gets c p / sqrt(n + 1), p its ops->policy
                               figure and n its visits (0: none) */
    long node_cap;       /* nodes in all trees together */
    int threads;         /* >= 1 */
} mcts_params;

void mcts_params_default(mcts_params *p);

typedef struct mcts mcts;

typedef struct mcts_move {
    int32_t id;
    long visits;
    double value; /* chance to win for the colour to move at the root */
} mcts_move;

mcts *mcts_new(const mcts_params *p, int32_t nids, uint64_t seed);
void mcts_free(mcts *m);
/* Drop the trees (a new game, a move outside them, an undo). */
void mcts_forget(mcts *m);
/* A move was played: keep only its subtree (or forget when it has none). */
void mcts_advance(mcts *m, int32_t id);
/* Before a search: a root kept from the moves before keeps only its
 * children among the n ids[] (the moves the game allows there now: Hex's
 * must-play, cells that became dead), their figures kept; a tree with none
 * of them is forgotten. */
void mcts_cut_root(mcts *m, const mcts_sim_ops *ops, const int32_t *ids, size_t n);

/* Search from the position of `sims` (one per thread, all alike) until the
 * budget (seconds > 0 and/or playouts > 0), the stop flag, or the nodes run
 * out of moves.  0, or -1 when out of memory. */
int mcts_search(mcts *m, void *const *sims, const mcts_sim_ops *ops, double seconds, long playouts,
                atomic_int *stop);
/* The root's moves of the trees merged, most visited first; up to `cap`
 * into `out`; their number.  *playouts: playouts through the root. */
size_t mcts_root_moves(const mcts *m, mcts_move *out, size_t cap, long *playouts);
/* Playouts of the last search and its seconds. */
void mcts_last(const mcts *m, long *playouts, double *seconds);
/* Nodes the trees hold now (at most params.node_cap; a subtree kept by
 * mcts_advance holds at most a quarter of it, its most visited top). */
long mcts_nodes(const mcts *m);

#endif

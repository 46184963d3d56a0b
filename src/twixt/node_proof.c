/* node_proof.c - the proofs at a node of the search tree, below the root
 * (lx_twixt_sim_prune in ludex/twixt.h): what proof.c proves at the root,
 * asked of the position the search has played to.
 *
 * The sim's proofs work from its snapshot (they replay from it), so a node's
 * position is first made the snapshot of the sim's copy (tw_sim_rebase);
 * the sim itself, halfway down the tree, is left as it is.  Of the node's
 * moves are kept: a peg that joins at once (the game ends there); else the
 * first peg of a proved win (a double threat, a ladder); else the must-play
 * (lx_twixt_sim_must_play: every other peg loses by proof), none of them
 * when the mover is proved lost. */
#include "twixt/twixt_impl.h"

/* ids[0 .. n - 1] cut to `id` alone: 1, or n when it is not among them. */
static size_t keep_one(int32_t *ids, size_t n, int32_t id)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) {
            ids[0] = id;
            return 1;
        }
    return n;
}

size_t lx_twixt_sim_prune(lx_twixt_sim *s, int32_t *ids, size_t n)
{
    if (!s->node && !(s->node = tw_sim_clone(s)))
        return n;
    lx_twixt_sim *at = s->node;
    tw_sim_rebase(at, s);
    lx_colour c = at->to_play;
    int32_t win;
    if (at->winner != LX_NO_COLOUR || at->swap)
        return n;
    if (lx_twixt_sim_winning_holes(at, c, &win, 1) > 0 || lx_twixt_sim_proved_move(at, c, &win) > 0)
        return keep_one(ids, n, win);
    long kept = lx_twixt_sim_must_play(at, c);
    if (kept < 0)
        return n;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (ids[i] < at->g.ncells && at->must[ids[i]])
            ids[k++] = ids[i];
    return k;
}

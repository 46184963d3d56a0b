/* prior.c - what a Twixt search believes of a move before its first
 * playout (lx_twixt_sim_prior in ludex/twixt.h): prior AMAF figures, so
 * that among 500 holes the tree first tries the pegs of a Twixt player's
 * shape rather than whichever hole its first playouts happened to fill.
 *
 * A hole's prior is PRIOR_VISITS playouts worth a value from its shape for
 * the colour to move: a peg that links to one of its pegs (a knight's move
 * away, no link crossing) is worth more, one that links two or more (joins
 * or extends groups) more still, and one near the opponent's last peg (a
 * knight's move or a neighbour: the answer to a cut or an extension) more.
 * A hole on the mover's own border rows that links to none of its pegs is
 * worth almost nothing (BORDER_ALONE): such a peg neither joins a chain
 * to the edge nor, alone, stops the opponent, who may never peg there; and
 * as the playouts' AMAF leaves out the border rows (sim.c), this prior is
 * all the search believes of it until it is visited - in a worse position
 * the mover's border holes were otherwise its most visited moves. */
#include "twixt/twixt_impl.h"

enum { PRIOR_VISITS = 10 };
#define BORDER_ALONE 0.05

/* How many pegs of colour `code` a peg on `cell` would link to. */
static int links_from(const lx_twixt_sim *s, int32_t cell, uint8_t code)
{
    int n = 0;
    for (int k = 0; k < 8; k++)
        if (s->peg[cell + s->g.knight[k]] == code &&
            !tw_link_blocked(&s->g, s->link, s->rules, 4 * cell + s->g.klink[k], code))
            n++;
    return n;
}

/* Whether `cell` is within two columns and two rows of `at` (0: none). */
static int close_to(const tw_geom *g, int32_t cell, int32_t at)
{
    if (at <= 0)
        return 0;
    int dc = tw_col(g, cell) - tw_col(g, at), dr = tw_row(g, cell) - tw_row(g, at);
    return dc >= -2 && dc <= 2 && dr >= -2 && dr <= 2;
}

void lx_twixt_sim_prior(const lx_twixt_sim *s, const int32_t *ids, size_t n, float *visits, float *wins)
{
    lx_colour c = s->to_play;
    uint8_t code = tw_code(c);
    int32_t theirs = s->last[tw_other(c)];
    for (size_t i = 0; i < n; i++) {
        int32_t cell = ids[i];
        if (cell >= s->g.ncells)
            continue; /* the swap */
        int links = links_from(s, cell, code);
        double v = 0.4;
        if (links >= 1)
            v += 0.15;
        if (links >= 2)
            v += 0.1;
        if (close_to(&s->g, cell, theirs))
            v += 0.1;
        if (s->edge[c][cell] && links == 0)
            v = BORDER_ALONE;
        visits[i] += PRIOR_VISITS;
        wins[i] += (float)(PRIOR_VISITS * v);
    }
}

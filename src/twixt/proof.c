/* proof.c - Twixt wins and losses proved without a search, for the engine
 * (lx_twixt_sim_proved_move, lx_twixt_sim_proved_loss in ludex/twixt.h).
 *
 * A threat is a hole where c's peg would join c's border rows at once
 * (lx_twixt_sim_winning_holes).  The opponent's peg can spoil a threat only
 * by taking its hole or by a link of its own crossing one of the links the
 * threat's peg would make; both links of such a crossing lie within two
 * columns and two rows of their pegs, so only an opponent's peg within four
 * columns and four rows of a threat can spoil it (its "reach").  Every other
 * reply leaves the threat, and c wins.
 *
 * Proved win (threat-space search, c to move, at most `depth` moves of c):
 *   - c has a threat: one move;
 *   - a move m of c after which the opponent has no threat of his own, c has
 *     threats, and every opponent's peg within their reach that spoils them
 *     all (the "answers") leaves c a proved win in one move fewer.  No answer
 *     at all: a double threat, two moves.  Answers that each leave c a new
 *     double threat: a ladder, three moves.
 * Iterative deepening: the shortest proof is found first.  Below the first
 * move c's moves are looked for within reach of the answer or of c's last
 * peg (where ladders go on), so a proof is sound but not every win is found.
 * A swap open to the opponent ends a proof (a swap changes every peg).
 *
 * Proved loss: c to move has no threat, the opponent has threats, and every
 * peg of c within their reach leaves him one.
 *
 * Must-play (lx_twixt_sim_must_play, c to move without a threat): facing
 * threats, only c's pegs after which the opponent has none are kept; else
 * for each opponent's peg m that would be a double threat were it his move
 * (threats w, no answer spoils them), a peg of c beyond reach of m and of w
 * changes neither m's links nor w's holes and links nor what c's answer
 * could spoil, so it loses to m unless it makes a threat of c's (c could then
 * win first).  Kept: the pegs within reach of every such m or its threats,
 * and those that make a threat of c's. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

enum {
    REACH = 4,        /* columns and rows around a threat a spoiling peg can be */
    MAX_DEPTH = 3,    /* c's moves in the longest proof looked for */
    MAX_PATH = 2 * MAX_DEPTH,
    WORK = 60000,     /* positions looked at by one proof search at most */
    MAX_THREATS = 16  /* more threats than this: not looked at (a position that wins anyway) */
};

typedef struct prover {
    lx_twixt_sim *s;
    const tw_geom *g;
    lx_colour c;
    int32_t nids;
    int32_t path[MAX_PATH]; /* moves from the snapshot */
    int npath;
    long work;
    int32_t *scratch[MAX_PATH + 2]; /* id lists, one per level (nids each) */
    int pass;     /* the snapshot's mover passes first (must-play looks at the opponent's moves) */
    int must_on;  /* the sim's must-play, off while proving */
} prover;

/* The sim at the snapshot plus the path. */
static void replay(prover *p)
{
    lx_twixt_sim_reset(p->s);
    if (p->pass)
        p->s->to_play = tw_other(p->s->to_play);
    for (int i = 0; i < p->npath; i++)
        lx_twixt_sim_play(p->s, p->path[i]);
    p->work++;
}

static int near(const tw_geom *g, int32_t a, int32_t b)
{
    int dc = tw_col(g, a) - tw_col(g, b), dr = tw_row(g, a) - tw_row(g, b);
    return dc >= -REACH && dc <= REACH && dr >= -REACH && dr <= REACH;
}

static int near_any(const tw_geom *g, int32_t cell, const int32_t *cells, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (near(g, cell, cells[i]))
            return 1;
    return 0;
}

/* Colour x's threats now, up to cap into ids; how many. */
static size_t threats(prover *p, lx_colour x, int32_t *ids, size_t cap)
{
    return lx_twixt_sim_winning_holes(p->s, x, ids, cap);
}

static int prove(prover *p, int depth, int level, int32_t focus_a, int32_t focus_b);

/* After c's move (the path's last), with c's threats `w` (n of them): 1
 * when every answer of the opponent leaves c a win in depth - 1 moves. */
static int answers_lose(prover *p, const int32_t *w, size_t n, int depth, int level)
{
    int32_t *legal = p->scratch[level + 1];
    size_t nl = lx_twixt_sim_legal(p->s, legal);
    if (nl > 0 && legal[nl - 1] == p->nids - 1)
        return 0; /* the opponent may swap */
    int32_t mine = p->path[p->npath - 1];
    for (size_t i = 0; i < nl; i++) {
        if (!near_any(p->g, legal[i], w, n))
            continue;
        p->path[p->npath++] = legal[i];
        replay(p);
        int spoils = threats(p, p->c, NULL, 0) == 0;
        int ok = !spoils || (depth > 2 && prove(p, depth - 1, level + 2, legal[i], mine) > 0);
        p->npath--;
        if (!ok || p->work > WORK)
            return 0;
    }
    return 1;
}

/* Whether c's move m (after the path) leaves c threats (their holes into
 * w, *nw of them) and a win in `depth` moves whatever the opponent answers. */
static int forcing_win(prover *p, int32_t m, int depth, int level, int32_t w[MAX_THREATS], size_t *nw)
{
    p->path[p->npath++] = m;
    replay(p);
    *nw = threats(p, p->c, w, MAX_THREATS);
    int won = *nw > 0 && *nw <= MAX_THREATS && threats(p, tw_other(p->c), NULL, 0) == 0 &&
              answers_lose(p, w, *nw, depth, level);
    p->npath--;
    return won;
}

/* With c to move at the path's end: c's moves to a proved win within
 * `depth` (the first into path[npath] on success), or -1.  Below the first
 * level (focus >= 0) only moves within reach of a focus cell are tried. */
static int prove(prover *p, int depth, int level, int32_t focus_a, int32_t focus_b)
{
    int32_t *ids = p->scratch[level];
    replay(p);
    if (threats(p, p->c, ids, 1) > 0) {
        p->path[p->npath] = ids[0];
        return 1;
    }
    if (depth < 2 || p->npath + 2 > MAX_PATH)
        return -1;
    lx_colour other = tw_other(p->c);
    if (threats(p, other, NULL, 0) > 0)
        return -1; /* a threat to answer first: not a forcing line we look for */
    size_t n = lx_twixt_sim_legal(p->s, ids);
    for (size_t i = 0; i < n && p->work <= WORK; i++) {
        int32_t m = ids[i];
        if (m == p->nids - 1)
            continue; /* the swap */
        if (focus_a >= 0 && !near(p->g, m, focus_a) && !near(p->g, m, focus_b))
            continue;
        int32_t w[MAX_THREATS];
        size_t nw;
        if (forcing_win(p, m, depth, level, w, &nw)) {
            p->path[p->npath] = m;
            return depth;
        }
    }
    return -1;
}

static int prover_init(prover *p, lx_twixt_sim *s, lx_colour c)
{
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = &s->g;
    p->c = c;
    p->nids = lx_twixt_sim_ids(p->g->cols, p->g->rows);
    p->must_on = s->must_on;
    s->must_on = 0; /* the proofs see every move */
    for (int i = 0; i < MAX_PATH + 2; i++) {
        p->scratch[i] = malloc((size_t)p->nids * sizeof(int32_t));
        if (!p->scratch[i])
            return -1;
    }
    return 0;
}

static void prover_free(prover *p)
{
    for (int i = 0; i < MAX_PATH + 2; i++)
        free(p->scratch[i]);
    lx_twixt_sim_reset(p->s);
    p->s->must_on = p->must_on;
}

int lx_twixt_sim_proved_move(lx_twixt_sim *s, lx_colour c, int32_t *id)
{
    prover p;
    int moves = -1;
    if (prover_init(&p, s, c) == 0 && lx_twixt_sim_to_play(s) == c)
        for (int depth = 1; depth <= MAX_DEPTH && moves < 0 && p.work <= WORK; depth++)
            moves = prove(&p, depth, 0, -1, -1);
    if (moves > 0)
        *id = p.path[0];
    prover_free(&p);
    return moves;
}

int lx_twixt_sim_proved_loss(lx_twixt_sim *s, lx_colour c)
{
    prover p;
    int lost = 0;
    if (prover_init(&p, s, c) == 0 && lx_twixt_sim_to_play(s) == c) {
        lx_colour other = tw_other(c);
        int32_t *w = p.scratch[0], *legal = p.scratch[1];
        size_t nw = threats(&p, other, w, (size_t)p.nids);
        size_t nl = lx_twixt_sim_legal(s, legal);
        lost = nw > 0 && threats(&p, c, NULL, 0) == 0 && !(nl > 0 && legal[nl - 1] == p.nids - 1);
        for (size_t i = 0; lost && i < nl; i++) {
            if (!near_any(p.g, legal[i], w, nw))
                continue;
            p.path[0] = legal[i];
            p.npath = 1;
            replay(&p);
            lost = threats(&p, other, NULL, 0) > 0;
        }
    }
    prover_free(&p);
    return lost;
}

/* c to move facing the opponent's threats `w` (n of them), c having none:
 * s->must marks c's pegs after which he has none (only pegs within reach of
 * a threat can spoil it); their number. */
static long spoil_threats(prover *p, const int32_t *w, size_t n, const int32_t *legal, size_t nl)
{
    long kept = 0;
    for (size_t i = 0; i < nl; i++) {
        if (!near_any(p->g, legal[i], w, n))
            continue;
        p->path[0] = legal[i];
        p->npath = 1;
        replay(p);
        if (threats(p, tw_other(p->c), NULL, 0) == 0)
            p->s->must[legal[i]] = 1, kept++;
    }
    p->npath = 0;
    return kept;
}

/* Whether c's peg r lies within reach of the opponent's peg m or of one of
 * the threats w it makes: elsewhere r can neither take a hole nor cross a
 * link of that double threat, now or with c's answer after it. */
static int in_zone(const tw_geom *g, int32_t r, int32_t m, const int32_t *w, size_t nw)
{
    return near(g, r, m) || near_any(g, r, w, nw);
}

/* c to move, neither side with a threat: keep c's pegs within reach of every
 * double threat the opponent could make if c passed (his peg m leaving
 * threats no answer spoils), and c's pegs that make a threat of c's (c could
 * then win first).  Every other peg lets him play m and win.  -1: he has no
 * double threat (or the search ran out of work). */
static long stop_double_threats(prover *p, const int32_t *legal, size_t nl)
{
    lx_colour c = p->c;
    uint8_t *zone = p->s->must; /* per cell: how many double threats so far it is near */
    long ndouble = 0;
    p->c = tw_other(c);
    p->pass = 1;
    int32_t *theirs = p->scratch[MAX_PATH];
    replay(p);
    size_t nt = lx_twixt_sim_legal(p->s, theirs);
    for (size_t i = 0; i < nt && p->work <= WORK && ndouble < UINT8_MAX; i++) {
        int32_t w[MAX_THREATS];
        size_t nw;
        if (theirs[i] == p->nids - 1 || !forcing_win(p, theirs[i], 2, 0, w, &nw))
            continue;
        ndouble++;
        for (size_t j = 0; j < nl; j++)
            if (zone[legal[j]] == ndouble - 1 && in_zone(p->g, legal[j], theirs[i], w, nw))
                zone[legal[j]]++;
    }
    p->c = c;
    p->pass = 0;
    long kept = ndouble == 0 || p->work > WORK ? -1 : 0;
    for (size_t j = 0; j < nl; j++) {
        int32_t r = legal[j];
        int keep = zone[r] == ndouble;
        if (kept >= 0 && !keep) {
            p->path[0] = r;
            p->npath = 1;
            replay(p);
            keep = threats(p, c, NULL, 0) > 0;
        }
        zone[r] = (uint8_t)(kept >= 0 && keep);
        kept += kept >= 0 && keep;
    }
    p->npath = 0;
    return kept;
}

long lx_twixt_sim_must_play(lx_twixt_sim *s, lx_colour c)
{
    prover p;
    long kept = -1;
    memset(s->must, 0, (size_t)s->g.ncells + 1);
    if (prover_init(&p, s, c) == 0 && lx_twixt_sim_to_play(s) == c && threats(&p, c, NULL, 0) == 0) {
        int32_t *legal = p.scratch[MAX_PATH + 1], *w = p.scratch[0];
        size_t nl = lx_twixt_sim_legal(s, legal);
        if (!(nl > 0 && legal[nl - 1] == p.nids - 1)) { /* a swap open: nothing is proved */
            size_t nw = threats(&p, tw_other(c), w, (size_t)p.nids);
            kept = nw > 0 ? spoil_threats(&p, w, nw, legal, nl) : stop_double_threats(&p, legal, nl);
        }
    }
    prover_free(&p);
    s->must_on = kept > 0;
    return kept;
}

void lx_twixt_sim_copy_must_play(lx_twixt_sim *dst, const lx_twixt_sim *src)
{
    memcpy(dst->must, src->must, (size_t)src->g.ncells + 1);
    dst->must_on = src->must_on;
}

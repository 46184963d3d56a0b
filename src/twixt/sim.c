/* sim.c - Twixt search positions: the board a Monte Carlo search plays its
 * tree moves and playouts on (lx_twixt_sim_* in ludex/twixt.h).
 *
 * The arrays are laid out as a board's (geometry.c): peg bytes, link bytes
 * at 4 * cell + dir, and a union-find over the pegs whose roots carry two
 * bits, "touches my first border row" and "my second", so a win is one find
 * after a peg (only the new peg's links were made, so a new connection runs
 * through it).  A move id is a padded cell; the id after the last padded
 * cell is swap-pieces.  A peg links to every peg of its colour a knight's
 * move away that no link forbids (STD: any crossing link; PP: the other
 * colour's), exactly as the rules autolink.
 *
 * A playout places random pegs for the side to move, drawn from the holes
 * empty at the snapshot (both colours' holes, and each colour's own border
 * rows, in three lists shuffled as they are drawn and skipped where a tree
 * move or the swap filled them; a hole a knight's move from none of the
 * mover's pegs is put back and one more drawn, so that playouts build
 * chains as players do - with it and prior.c's prior the search won 14 of
 * 16 games against the search before both at 0.2 s a move, 9 of 20 with the
 * prior alone), until a connection or until the side to
 * move has no hole left: a draw, worth to Black 0.5 + 0.4 * (how far Black's
 * widest chain spans across minus how far White's spans down), so a search
 * still sees who came nearer.  The spans are kept as the pegs join: each
 * set's root holds the first and last column (Black) or row (White) it
 * reaches, and each colour its widest so far, so a draw costs nothing more.
 * The owners a search's AMAF reads after it are the pegs, but nobody on the
 * border rows (gather_owners).
 *
 * What it does not do: link removals or chosen links (the engine's pegs
 * autolink), check rules (the caller plays legal ids). */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

enum { TAKE_REDRAWS = 1 };

int32_t lx_twixt_sim_ids(int cols, int rows)
{
    return (int32_t)((cols + 2 * TW_PAD) * (rows + 2 * TW_PAD) + 1);
}

int32_t lx_twixt_sim_id(int cols, int rows, const lx_twixt_move *m)
{
    if (m->kind == LX_TWIXT_SWAP_PIECES)
        return lx_twixt_sim_ids(cols, rows) - 1;
    if (m->kind != LX_TWIXT_PEG || m->at.col < 0 || m->at.row < 0 || m->at.col >= cols || m->at.row >= rows)
        return -1;
    return (int32_t)((m->at.row + TW_PAD) * (cols + 2 * TW_PAD) + m->at.col + TW_PAD);
}

int lx_twixt_sim_move(int cols, int rows, int32_t id, lx_twixt_move *m)
{
    int32_t stride = cols + 2 * TW_PAD;
    memset(m, 0, sizeof *m);
    if (id == lx_twixt_sim_ids(cols, rows) - 1) {
        m->kind = LX_TWIXT_SWAP_PIECES;
        return 0;
    }
    int col = (int)(id % stride) - TW_PAD, row = (int)(id / stride) - TW_PAD;
    if (id < 0 || col < 0 || row < 0 || col >= cols || row >= rows)
        return -1;
    m->kind = LX_TWIXT_PEG;
    m->at.col = col;
    m->at.row = row;
    return 0;
}

static int32_t find(int32_t *parent, int32_t x)
{
    return tw_uf_find(parent, x);
}

static void join(int32_t *parent, uint8_t *flags, int32_t x, int32_t y)
{
    tw_uf_join(parent, flags, x, y);
}

static int blocked(const lx_twixt_sim *s, int32_t l, uint8_t code)
{
    return tw_link_blocked(&s->g, s->link, s->rules, l, code);
}

/* Join the sets of colour c's pegs x and y (tw_uf_join), the root keeping
 * the span of both and c's widest span updated. */
static int32_t join_spans(lx_twixt_sim *s, lx_colour c, int32_t x, int32_t y)
{
    x = find(s->parent, x);
    y = find(s->parent, y);
    if (x == y)
        return x;
    join(s->parent, s->flags, x, y);
    int32_t root = s->parent[x] < 0 ? x : y;
    int16_t lo = s->lo[x] < s->lo[y] ? s->lo[x] : s->lo[y], hi = s->hi[x] > s->hi[y] ? s->hi[x] : s->hi[y];
    s->lo[root] = lo;
    s->hi[root] = hi;
    if (hi - lo + 1 > s->widest[c])
        s->widest[c] = hi - lo + 1;
    return root;
}

/* Place colour c's peg on `cell` and autolink it; 1 when it wins.  The
 * link to knight's move k is blocked when one of the 9 link bytes at
 * 4 * cell + s->crossing[k][i] blocks it (tw_link_blocked); the arrays are
 * read through restrict pointers, so that the link stores (bytes, which
 * could alias anything) do not make the compiler read s's fields again. */
static int place(lx_twixt_sim *s, int32_t cell, lx_colour c)
{
    uint8_t code = tw_code(c), other = (uint8_t)(code ^ 3); /* TW_BLACK <-> TW_WHITE */
    const int32_t *kn = s->g.knight, *klink = s->g.klink;
    uint8_t *restrict peg = s->peg, *restrict link = s->link;
    const int32_t (*restrict crossing)[9] = s->crossing;
    int std = s->rules == LX_TWIXT_STD;
    peg[cell] = code;
    s->parent[cell] = -1;
    s->flags[cell] = s->edge[c][cell];
    s->lo[cell] = s->hi[cell] = s->along[c][cell];
    if (s->widest[c] < 1)
        s->widest[c] = 1;
    unsigned mask = 0;
    for (int k = 0; k < 8; k++)
        mask |= (unsigned)(peg[cell + kn[k]] == code) << k;
    int32_t root = cell;
    while (mask) {
        int k = __builtin_ctz(mask);
        mask &= mask - 1;
        const uint8_t *at = link + 4 * cell;
        const int32_t *x = crossing[k];
        int blocked = 0;
        if (std)
            blocked = (at[x[0]] | at[x[1]] | at[x[2]] | at[x[3]] | at[x[4]] | at[x[5]] | at[x[6]] | at[x[7]] |
                       at[x[8]]) != 0;
        else
            for (int i = 0; i < 9; i++)
                blocked |= at[x[i]] == other;
        if (blocked)
            continue;
        link[4 * cell + klink[k]] = code;
        root = join_spans(s, c, root, cell + kn[k]);
    }
    return s->flags[root] == (SIM_EDGE_1 | SIM_EDGE_2);
}

static int alloc_sim(lx_twixt_sim *s)
{
    size_t cells = (size_t)s->g.ncells + 1, holes = (size_t)s->g.cols * (size_t)s->g.rows;
    s->peg0 = calloc(cells, 1);
    s->peg = calloc(cells, 1);
    s->link0 = calloc(4 * cells, 1);
    s->link = calloc(4 * cells, 1);
    s->flags0 = calloc(cells, 1);
    s->flags = calloc(cells, 1);
    s->parent0 = malloc(cells * sizeof(int32_t));
    s->parent = malloc(cells * sizeof(int32_t));
    s->edge[0] = calloc(cells, 1);
    s->edge[1] = calloc(cells, 1);
    s->along[0] = calloc(cells, sizeof(int16_t));
    s->along[1] = calloc(cells, sizeof(int16_t));
    s->lo = calloc(cells, sizeof(int16_t));
    s->hi = calloc(cells, sizeof(int16_t));
    s->roots0 = malloc(cells * sizeof(int32_t));
    s->roots0_lo = malloc(cells * sizeof(int16_t));
    s->roots0_hi = malloc(cells * sizeof(int16_t));
    s->must = calloc(cells, 1);
    s->mark = calloc(cells, 1);
    s->owners = calloc(cells, 1);
    int ok = s->peg0 && s->peg && s->link0 && s->link && s->flags0 && s->flags && s->parent0 && s->parent &&
             s->edge[0] && s->edge[1] && s->along[0] && s->along[1] && s->lo && s->hi && s->roots0 &&
             s->roots0_lo && s->roots0_hi && s->must && s->mark && s->owners;
    for (int i = 0; i < 3; i++) {
        s->pool[i] = malloc(holes * sizeof(int32_t));
        ok = ok && s->pool[i];
    }
    return ok ? 0 : -1;
}

static int swap_allowed(const lx_twixt_board *b, lx_colour who)
{
    lx_game_error err;
    lx_game_error_init(&err);
    lx_twixt_move m = {.kind = LX_TWIXT_SWAP_PIECES};
    int ok = who != LX_NO_COLOUR && lx_twixt_check_move(b, who, &m, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

/* The spans of the snapshot's sets (at their roots), its roots and their
 * spans for the reset, and each colour's widest. */
static void snapshot_spans(lx_twixt_sim *s)
{
    const tw_geom *g = &s->g;
    s->widest0[0] = s->widest0[1] = 0;
    s->nroots0 = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < g->rows; r++)
            for (int k = 0; k < g->cols; k++) {
                int32_t cell = tw_cell(g, k, r);
                lx_colour c = tw_colour(s->peg0[cell]);
                if (c == LX_NO_COLOUR)
                    continue;
                int32_t root = find(s->parent0, cell);
                int16_t at = s->along[c][cell];
                if (pass == 0) { /* first sight of the root: its span is empty */
                    s->lo[root] = INT16_MAX;
                    s->hi[root] = -1;
                    continue;
                }
                if (s->lo[root] == INT16_MAX)
                    s->roots0[s->nroots0++] = root;
                if (at < s->lo[root])
                    s->lo[root] = at;
                if (at > s->hi[root])
                    s->hi[root] = at;
                if (s->hi[root] - s->lo[root] + 1 > s->widest0[c])
                    s->widest0[c] = s->hi[root] - s->lo[root] + 1;
            }
    for (int32_t i = 0; i < s->nroots0; i++) {
        s->roots0_lo[i] = s->lo[s->roots0[i]];
        s->roots0_hi[i] = s->hi[s->roots0[i]];
    }
}

/* The pegs, links and joined sets of `b`, and the holes a playout may fill. */
static void load(lx_twixt_sim *s, const lx_twixt_board *b)
{
    const tw_geom *g = &s->g;
    memset(s->peg0, TW_OFF, (size_t)g->ncells + 1);
    for (int32_t i = 0; i <= g->ncells; i++)
        s->parent0[i] = -1;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int32_t cell = tw_cell(g, c, r);
            int w = tw_hole_allowed(g, LX_WHITE, c, r), k = tw_hole_allowed(g, LX_BLACK, c, r);
            s->edge[LX_WHITE][cell] = (uint8_t)((r == 0 ? SIM_EDGE_1 : 0) | (r == g->rows - 1 ? SIM_EDGE_2 : 0));
            s->edge[LX_BLACK][cell] = (uint8_t)((c == 0 ? SIM_EDGE_1 : 0) | (c == g->cols - 1 ? SIM_EDGE_2 : 0));
            s->along[LX_BLACK][cell] = (int16_t)c;
            s->along[LX_WHITE][cell] = (int16_t)r;
            if (!w && !k)
                continue;
            s->peg0[cell] = b->peg[cell];
            lx_colour owner = tw_colour(b->peg[cell]);
            if (owner != LX_NO_COLOUR) {
                s->flags0[cell] = s->edge[owner][cell];
                s->single = cell;
            }
            if (owner == LX_NO_COLOUR || s->swap0) {
                int which = w && k ? SIM_POOL_BOTH : w ? SIM_POOL_WHITE : SIM_POOL_BLACK;
                s->pool[which][s->npool[which]++] = cell;
            }
        }
    memcpy(s->link0, b->link, 4 * (size_t)g->ncells);
    for (int32_t l = 0; l < 4 * g->ncells; l++)
        if (s->link0[l]) {
            int32_t p, q;
            tw_link_ends(g, l, &p, &q);
            join(s->parent0, s->flags0, p, q);
        }
    snapshot_spans(s);
}

lx_twixt_sim *lx_twixt_sim_new(const lx_twixt_board *b)
{
    lx_twixt_sim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = b->g;
    s->rules = b->rules;
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 9; i++)
            s->crossing[k][i] = s->g.klink[k] + s->g.cross[s->g.klink[k] & 3][i];
    if (alloc_sim(s) != 0) {
        lx_twixt_sim_free(s);
        return NULL;
    }
    s->to_play0 = lx_twixt_to_play(b);
    if (b->last_peg > 0 && b->last_colour != LX_NO_COLOUR)
        s->last0[b->last_colour] = b->last_peg;
    s->winner0 = lx_twixt_connected(b);
    s->swap0 = s->winner0 == LX_NO_COLOUR && swap_allowed(b, s->to_play0);
    load(s, b);
    lx_twixt_sim_reset(s);
    return s;
}

lx_twixt_sim *tw_sim_clone(const lx_twixt_sim *s)
{
    lx_twixt_sim *d = malloc(sizeof *d);
    if (!d)
        return NULL;
    *d = *s; /* the geometry and figures; the arrays are d's own: */
    d->peg0 = d->peg = d->link0 = d->link = d->flags0 = d->flags = d->must = d->mark = d->owners = NULL;
    d->edge[0] = d->edge[1] = NULL;
    d->parent0 = d->parent = d->roots0 = NULL;
    d->along[0] = d->along[1] = d->lo = d->hi = d->roots0_lo = d->roots0_hi = NULL;
    d->pool[0] = d->pool[1] = d->pool[2] = NULL;
    d->node = NULL;
    if (alloc_sim(d) != 0) {
        lx_twixt_sim_free(d);
        return NULL;
    }
    size_t cells = (size_t)s->g.ncells + 1, holes = (size_t)s->g.cols * (size_t)s->g.rows;
    for (int c = 0; c < 2; c++) {
        memcpy(d->edge[c], s->edge[c], cells);
        memcpy(d->along[c], s->along[c], cells * sizeof(int16_t));
    }
    for (int i = 0; i < 3; i++)
        memcpy(d->pool[i], s->pool[i], holes * sizeof(int32_t));
    tw_sim_rebase(d, s);
    return d;
}

void tw_sim_rebase(lx_twixt_sim *d, const lx_twixt_sim *s)
{
    size_t cells = (size_t)s->g.ncells + 1;
    memcpy(d->peg0, s->peg, cells);
    memcpy(d->link0, s->link, 4 * (size_t)s->g.ncells);
    memcpy(d->flags0, s->flags, cells);
    memcpy(d->parent0, s->parent, cells * sizeof(int32_t));
    d->to_play0 = s->to_play;
    d->winner0 = s->winner;
    d->swap0 = s->swap;
    d->single = s->single;
    d->last0[0] = s->last[0];
    d->last0[1] = s->last[1];
    d->must_on = 0;
    snapshot_spans(d);
    lx_twixt_sim_reset(d);
}

void lx_twixt_sim_free(lx_twixt_sim *s)
{
    if (!s)
        return;
    lx_twixt_sim_free(s->node);
    free(s->peg0);
    free(s->peg);
    free(s->link0);
    free(s->link);
    free(s->flags0);
    free(s->flags);
    free(s->parent0);
    free(s->parent);
    free(s->edge[0]);
    free(s->edge[1]);
    free(s->along[0]);
    free(s->along[1]);
    free(s->lo);
    free(s->hi);
    free(s->roots0);
    free(s->roots0_lo);
    free(s->roots0_hi);
    free(s->must);
    free(s->mark);
    free(s->owners);
    for (int i = 0; i < 3; i++)
        free(s->pool[i]);
    free(s);
}

void lx_twixt_sim_reset(lx_twixt_sim *s)
{
    size_t cells = (size_t)s->g.ncells + 1;
    memcpy(s->peg, s->peg0, cells);
    memcpy(s->link, s->link0, 4 * (size_t)s->g.ncells);
    memcpy(s->flags, s->flags0, cells);
    memcpy(s->parent, s->parent0, cells * sizeof *s->parent);
    for (int32_t i = 0; i < s->nroots0; i++) {
        s->lo[s->roots0[i]] = s->roots0_lo[i];
        s->hi[s->roots0[i]] = s->roots0_hi[i];
    }
    s->widest[0] = s->widest0[0];
    s->widest[1] = s->widest0[1];
    s->to_play = s->to_play0;
    s->winner = s->winner0;
    s->swap = s->swap0;
    s->last[0] = s->last0[0];
    s->last[1] = s->last0[1];
    s->played = 0;
}

lx_colour lx_twixt_sim_to_play(const lx_twixt_sim *s)
{
    return s->to_play;
}

size_t lx_twixt_sim_legal(const lx_twixt_sim *s, int32_t *ids)
{
    size_t n = 0;
    if (s->winner != LX_NO_COLOUR)
        return 0;
    const uint8_t *must = s->must_on && s->played == 0 ? s->must : NULL; /* must-play, at the snapshot */
    for (int r = 0; r < s->g.rows; r++)
        for (int c = 0; c < s->g.cols; c++) {
            int32_t cell = tw_cell(&s->g, c, r);
            if (s->peg[cell] == TW_EMPTY && tw_hole_allowed(&s->g, s->to_play, c, r) && (!must || must[cell]))
                ids[n++] = cell;
        }
    if (s->swap && !must)
        ids[n++] = s->g.ncells;
    return n;
}

void lx_twixt_sim_play(lx_twixt_sim *s, int32_t id)
{
    lx_colour me = s->to_play;
    if (id == s->g.ncells) {
        int32_t p = s->single;
        int col = tw_col(&s->g, p), row = tw_row(&s->g, p);
        s->peg[p] = TW_EMPTY;
        s->parent[p] = -1;
        s->flags[p] = 0;
        s->widest[0] = s->widest[1] = 0; /* it was the only peg */
        if (place(s, tw_cell(&s->g, row, col), me))
            s->winner = me;
    } else if (place(s, id, me)) {
        s->winner = me;
    }
    s->swap = 0;
    s->last[me] = id == s->g.ncells ? 0 : id;
    s->played++;
    s->to_play = tw_other(me);
}

/* Whether a peg of `code` on `cell` would be a knight's move from one of its pegs. */
static int near_own(const lx_twixt_sim *s, int32_t cell, uint8_t code)
{
    for (int k = 0; k < 8; k++)
        if (s->peg[cell + s->g.knight[k]] == code)
            return 1;
    return 0;
}

/* A random hole for colour c from the pools, or -1 when none is left: a
 * hole a knight's move from none of c's pegs is put back and another drawn,
 * once (TAKE_REDRAWS), so playouts build chains as players do. */
static int32_t take_hole(lx_twixt_sim *s, int32_t n[3], lx_colour c, uint64_t *rng)
{
    int own = c == LX_WHITE ? SIM_POOL_WHITE : SIM_POOL_BLACK, redraws = TAKE_REDRAWS;
    for (;;) {
        uint32_t total = (uint32_t)(n[SIM_POOL_BOTH] + n[own]);
        if (total == 0)
            return -1;
        uint32_t r = lx_random_below(rng, total);
        int which = r < (uint32_t)n[SIM_POOL_BOTH] ? SIM_POOL_BOTH : own;
        int32_t i = which == SIM_POOL_BOTH ? (int32_t)r : (int32_t)r - n[SIM_POOL_BOTH];
        int32_t *pool = s->pool[which], last = --n[which];
        int32_t cell = pool[i];
        pool[i] = pool[last]; /* drawn cells go to the end, so the pool keeps its holes */
        pool[last] = cell;
        if (s->peg[cell] != TW_EMPTY)
            continue;
        if (redraws > 0 && !near_own(s, cell, tw_code(c))) {
            redraws--;
            n[which]++; /* back in the pool, where it was drawn to */
            continue;
        }
        return cell;
    }
}

static lx_colour play_out(lx_twixt_sim *s, uint64_t *rng)
{
    if (s->winner != LX_NO_COLOUR)
        return s->winner;
    int32_t n[3] = {s->npool[0], s->npool[1], s->npool[2]};
    lx_colour who = s->to_play;
    for (;;) {
        int32_t cell = take_hole(s, n, who, rng);
        if (cell < 0)
            return LX_NO_COLOUR;
        if (place(s, cell, who))
            return s->winner = who;
        who = tw_other(who);
    }
}

/* The owners for AMAF: the pegs, but nobody on the border rows (each
 * colour's own, where only that colour ever pegs): whether it holds such a
 * hole at the end says only how long the playout ran, so its AMAF value
 * would be the position's average, above the real moves' in a worse
 * position. */
static void gather_owners(lx_twixt_sim *s)
{
    const tw_geom *g = &s->g;
    memcpy(s->owners, s->peg, (size_t)g->ncells + 1);
    for (int r = 1; r < g->rows - 1; r++) /* the corners are no holes */
        s->owners[tw_cell(g, 0, r)] = s->owners[tw_cell(g, g->cols - 1, r)] = TW_EMPTY;
    for (int k = 1; k < g->cols - 1; k++)
        s->owners[tw_cell(g, k, 0)] = s->owners[tw_cell(g, k, g->rows - 1)] = TW_EMPTY;
}

lx_colour lx_twixt_sim_playout(lx_twixt_sim *s, uint64_t *rng)
{
    lx_colour w = play_out(s, rng);
    gather_owners(s);
    return w;
}

const uint8_t *lx_twixt_sim_owners(const lx_twixt_sim *s)
{
    return s->owners;
}

double lx_twixt_sim_draw_value(lx_twixt_sim *s)
{
    return 0.5 + 0.4 * ((double)s->widest[LX_BLACK] / s->g.cols - (double)s->widest[LX_WHITE] / s->g.rows);
}

/* Whether a peg of c (`code`) on the empty hole `cell` would join c's
 * border rows: its own border and those of the sets it links to. */
static int joins_borders(lx_twixt_sim *s, int32_t cell, lx_colour c, uint8_t code)
{
    const int32_t *kn = s->g.knight;
    if (!tw_hole_allowed(&s->g, c, tw_col(&s->g, cell), tw_row(&s->g, cell)))
        return 0;
    uint8_t fl = s->edge[c][cell];
    for (int d = 0; d < 8; d++)
        if (s->peg[cell + kn[d]] == code && !blocked(s, 4 * cell + s->g.klink[d], code))
            fl |= s->flags[find(s->parent, cell + kn[d])];
    return fl == (SIM_EDGE_1 | SIM_EDGE_2);
}

/* A hole joins both border rows only through a link to a set that touches
 * one of them (a hole lies on one border at most where the board is 3 or
 * more across): only the holes a knight's move from such a set's pegs are
 * looked at, marked in s->mark and taken in id order. */
size_t lx_twixt_sim_winning_holes(lx_twixt_sim *s, lx_colour c, int32_t *ids, size_t cap)
{
    size_t n = 0;
    if (s->winner != LX_NO_COLOUR)
        return 0;
    uint8_t code = tw_code(c);
    const int32_t *kn = s->g.knight;
    int32_t first = s->g.ncells, last = -1;
    for (int r = 0; r < s->g.rows; r++)
        for (int k = 0; k < s->g.cols; k++) {
            int32_t cell = tw_cell(&s->g, k, r);
            if (s->peg[cell] != code || !s->flags[find(s->parent, cell)])
                continue;
            for (int d = 0; d < 8; d++)
                s->mark[cell + kn[d]] = 1;
            int32_t reach = 2 * s->g.stride + 2; /* a knight's move at most this far from the cell */
            first = cell - reach < first ? cell - reach : first;
            last = cell + reach > last ? cell + reach : last;
        }
    for (int32_t cell = first; cell <= last; cell++) {
        if (!s->mark[cell])
            continue;
        s->mark[cell] = 0;
        if (s->peg[cell] == TW_EMPTY && joins_borders(s, cell, c, code)) {
            if (n < cap)
                ids[n] = cell;
            n++;
        }
    }
    return n;
}

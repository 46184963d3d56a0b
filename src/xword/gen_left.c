/* gen_left.c - every play: the rack's left parts, found once for all anchors.
 *
 * Left of an anchor with no tile next to it on its line, the walk puts
 * tiles on empty squares that touch no tile (else they would be anchors):
 * no cross set to meet, no cross-word to score.  Which tiles may go there
 * is then a matter of the rack and the GADDAG alone, the same at every such
 * anchor: the tile on the anchor, then the ones left of it, read backwards.
 * So the left parts are walked once per rack (xw_gen_left_parts), in the
 * order the walk takes them, keeping those that are a word, or a word's
 * beginning, or lead to one; each anchor then goes through the list (only
 * the parts that fit its room and its cross set), scores them on its
 * squares, and walks on right of the anchor only where the next square can
 * take a letter that follows (gen_place.c's walk).  The plays, and their
 * order, are those of xw_gen_anchor. */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

static long new_part(lx_xw_gen *g)
{
    if (g->nlp == g->lp_cap) {
        size_t cap = g->lp_cap ? g->lp_cap * 2 : 256;
        xw_left_part *n = realloc(g->lp, cap * sizeof *n);
        if (!n)
            return -1;
        g->lp = n;
        g->lp_cap = cap;
    }
    return (long)g->nlp++;
}

/* The letters of a run of g's nodes (headed: g->headed, a constant in
 * each build of add_parts). */
XW_INLINE uint64_t run_letters(const lx_xw_gen *g, uint32_t run, const int headed)
{
    const uint32_t *nodes = g->nodes;
    if (headed)
        return xw_tiles_of(nodes, run, headed);
    uint64_t m = 0;
    for (uint32_t i = run; run; i++) {
        m |= (uint64_t)1 << xw_kwg_tile(nodes[i]);
        if (nodes[i] & XW_KWG_IS_END)
            break;
    }
    return m;
}

/* The letters a tile may be when the rack keeps leave index idx (of the
 * distribution's). */
static inline uint64_t may_be(const lx_xw_gen *g, int idx)
{
    return g->letters & g->may_go[idx];
}

/* The left part one tile longer than its parent, whose last tile, t, is
 * read from `node`, the rack keeping idx before it (g->kept_mask,
 * g->may_go: xw_every_ready), into g->lp (its longer ones follow it there); its
 * index, or -1 out of memory.  *idx becomes what the rack keeps after it. */
XW_INLINE long add_part(lx_xw_gen *g, uint32_t node, int t, int depth, int *idx, const int headed)
{
    const uint32_t *nodes = g->nodes;
    int rt = (g->kept_mask[*idx] >> t) & 1 ? t : 0;
    long at = new_part(g);
    if (at < 0)
        return -1;
    *idx -= g->pv[rt];
    uint32_t arc = xw_kwg_arc(node), sep = 0;
    if (headed) /* the separator, if any, is the run's first node (arc 0: no tiles) */
        sep = xw_tiles_of(nodes, arc, headed) & 1 ? arc : 0;
    else if (arc)
        sep = g->lx->ascending ? (xw_kwg_tile(nodes[arc]) == 0 ? arc : 0) : xw_kwg_find(nodes, arc, 0);
    uint32_t sep_run = sep ? xw_kwg_arc(nodes[sep]) : 0;
    uint64_t next = sep_run ? run_letters(g, sep_run, headed) : 0;
    xw_left_part *e = &g->lp[at];
    e->right_rack = next & g->may_go[*idx]; /* (never bit 0, the separator) */
    e->sep_run = sep_run;
    e->leave_idx = (uint16_t)*idx;
    e->tile = (uint8_t)(rt ? t : t | LX_XW_BLANK_BIT);
    e->depth = (uint8_t)(depth + 1);
    e->accepts = (node & XW_KWG_ACCEPTS) != 0;
    return at;
}

/* Done with the part at `at` and its longer ones (those after it in g->lp):
 * dropped when it leads to no word at any anchor (`next`: the letters the
 * square after some anchor may take), else what it and they may give. */
XW_INLINE void close_left_part(lx_xw_gen *g, size_t at, uint64_t next)
{
    xw_left_part *k = &g->lp[at];
    if (g->nlp == at + 1 && !(k->right_rack & next) && !k->accepts) {
        g->nlp = at;
        return;
    }
    k->end = (uint32_t)g->nlp;
    k->sub_rack = k->right_rack;
    k->sub_accepts = k->accepts;
    for (size_t c = at + 1; c < g->nlp; c = g->lp[c].end) { /* the next tile's parts */
        k->sub_rack |= g->lp[c].sub_rack;
        k->sub_accepts |= g->lp[c].sub_accepts;
    }
}

/* A left part being made longer: the candidates for its next tile (of
 * the run `run`: with g->headed the letters m of its tiles still to try,
 * else its nodes, cand[c..nc - 1]), what the rack keeps, the most tiles it
 * may have, and where it is in g->lp. */
typedef struct part_level {
    uint32_t *cand; /* (room for LX_XW_MAX_LETTERS + 1, apart: a level stays small) */
    uint64_t tiles, m;
    uint32_t run;
    int nc, c, idx, most;
    size_t at;
} part_level;

/* Ready l for the letters `any` of the run at `run`. */
XW_INLINE void level_start(const lx_xw_gen *g, part_level *l, uint32_t run, uint64_t any, uint32_t *cand,
                           const int headed)
{
    l->run = run;
    if (headed) { /* each letter's node found by the run's tiles below it */
        l->tiles = xw_tiles_of(g->nodes, run, headed);
        l->m = l->tiles & any;
    } else {
        l->c = 0;
        l->cand = cand;
        l->nc = xw_gen_gather(g, run, any, cand);
    }
}

/* The next candidate's node into *node: 1, or 0 when there is none. */
XW_INLINE int level_next(const lx_xw_gen *g, part_level *l, uint32_t *node, const int headed)
{
    if (headed) {
        if (!l->m)
            return 0;
        *node = g->nodes[xw_run_node(l->run, l->tiles, xw_lowest_bit(l->m))];
        l->m &= l->m - 1;
        return 1;
    }
    if (l->c == l->nc)
        return 0;
    *node = l->cand[l->c++];
    return 1;
}

/* The rack's left parts, depth first in the walk's order, each followed by
 * its longer ones (tile t on the anchor: at most g->most[t] tiles), walked
 * with a stack (at most a rack's depth); 0, or -1 out of memory.  Built
 * for each way of reading the runs' tiles (headed: g->headed, a constant in
 * each), and each of those twice, as the walks are, for xw_run_node's
 * popcnt (add_parts). */
XW_INLINE int add_parts_in(lx_xw_gen *g, uint64_t next, const int headed)
{
    part_level st[LX_XW_RACK_SIZE + 1];
    uint32_t cand[LX_XW_RACK_SIZE + 1][LX_XW_MAX_LETTERS + 1]; /* each level's, without the runs' tiles */
    int d = 0;
    st[0].idx = g->nleaves - 1;
    level_start(g, &st[0], g->gaddag, may_be(g, st[0].idx) & g->most_mask, cand[0], headed);
    for (;;) {
        part_level *l = &st[d];
        uint32_t node;
        if (!level_next(g, l, &node, headed)) {
            if (d == 0)
                return 0;
            close_left_part(g, l->at, next);
            d--;
            continue;
        }
        uint32_t arc = xw_kwg_arc(node);
        int t = xw_kwg_tile(node), idx = l->idx, most = d ? l->most : g->most[t];
        long at = add_part(g, node, t, d, &idx, headed);
        if (at < 0)
            return -1;
        uint64_t kept = g->kept_mask[idx];
        if (d + 1 < most && arc && kept) { /* its longer ones */
            part_level *n = &st[++d];
            n->idx = idx;
            n->most = most;
            n->at = (size_t)at;
            level_start(g, n, arc, may_be(g, idx), cand[headed ? 0 : d], headed);
        } else {
            close_left_part(g, (size_t)at, next);
        }
    }
}

XW_WALK_CLONES static int add_parts(lx_xw_gen *g, uint64_t next)
{
    return g->headed == 1 ? add_parts_in(g, next, 1) : g->headed == 2 ? add_parts_in(g, next, 2) : add_parts_in(g, next, 0);
}

/* The empty squares left of the anchor at ln[anchor] that a play from it
 * may cover. */
static int room_left(const xw_square *ln, int anchor)
{
    int room = 0;
    for (int c = anchor - 1; c >= 0 && !ln[c].tile && !ln[c].anchor; c--)
        room++;
    return room;
}

int xw_gen_left_parts(lx_xw_gen *g)
{
    /* the most tiles a left part with tile t on the anchor may have at an
     * anchor that uses the list (no tile next to it on its line) */
    uint64_t by_most[LX_XW_RACK_SIZE + 1] = {0}; /* the letters of the anchors whose left parts have at most k tiles */
    uint64_t next = 0;                            /* what the squares after them may take */
    for (size_t k = 0; k < g->every_nanchors; k++) {
        uint32_t a = g->every_anchors[k];
        if (a & 3)
            continue; /* a tile next to it */
        int dir = (int)(a >> 26), line = (int)(a >> 16 & 0x3FF), i = (int)(a >> 2 & 0x3FFF);
        int len = dir ? g->rows : g->cols;
        const xw_square *ln = g->sq[dir] + (size_t)line * (size_t)len;
        int most = room_left(ln, i) + 1;
        by_most[most < g->nrack ? most : g->nrack] |= ln[i].cross;
        next |= i + 1 < len ? ln[i + 1].cross : 0;
    }
    memset(g->most, 0, sizeof g->most);
    g->most_mask = 0;
    for (int k = g->nrack; k > 0; k--) { /* each letter's most: the largest k it is among */
        for (uint64_t m = by_most[k] & ~g->most_mask; m; m &= m - 1)
            g->most[xw_lowest_bit(m)] = (uint8_t)k;
        g->most_mask |= by_most[k];
    }
    g->nlp = 0;
    if (add_parts(g, next) != 0)
        return -1;
    g->lp_first_mask = 0; /* (each letter's parts after those of the letters before it) */
    for (size_t i = 0; i < g->nlp; i = g->lp[i].end) {
        int t = g->lp[i].tile & 0x7F;
        g->lp_first[t] = (uint32_t)i;
        g->lp_first_mask |= (uint64_t)1 << t;
    }
    return 0;
}

typedef struct part_at {
    const xw_left_part *e;
    xw_walk_score s;
} part_at;

/* Done with the left part on top of the stack: the words it begins, right
 * of the anchor, when the next square may take what follows (the letters
 * after the separator the rack may give, of those its cross set allows). */
static void close_part(lx_xw_gen *g, const part_at *p, uint64_t next_mask)
{
    const xw_left_part *e = p->e;
    uint64_t m = e->right_rack & next_mask;
    if (m) {
        g->left = g->anchor - (e->depth - 1);
        xw_every_step_right(g, g->anchor + 1, e->sep_run, m, p->s, e->leave_idx);
    }
}

void xw_gen_anchor_by_parts(lx_xw_gen *g, int dir, int line, int anchor)
{
    xw_gen_anchor_at(g, dir, line, anchor);
    xw_every_line(g);
    const xw_square *ln = g->ln;
    int room = room_left(ln, anchor);
    const xw_square *q = &ln[anchor];
    uint64_t next_mask = anchor + 1 < g->len ? ln[anchor + 1].cross : 0; /* (an empty square) */
    part_at st[LX_XW_RACK_SIZE + 1];
    int top = 0;
    const xw_left_part *lp = g->lp;
    for (uint64_t m = q->cross & g->lp_first_mask; m; m &= m - 1) /* the letters that may go on the anchor */
        for (size_t i = g->lp_first[xw_lowest_bit(m)], end = lp[i].end; i < end;) {
            const xw_left_part *e = &lp[i];
            int d = e->depth;
            if (d > room + 1 || (!(e->sub_rack & next_mask) && !e->sub_accepts)) {
                i = e->end;
                continue;
            }
            while (top >= d)
                close_part(g, &st[top--], next_mask);
            int col = anchor - (d - 1), v = g->values[e->tile] * ln[col].lm;
            xw_walk_score s;
            if (d == 1)
                s = (xw_walk_score){v, q->wm, q->cross_score >= 0 ? (q->cross_score + v) * q->wm : 0};
            else
                s = (xw_walk_score){st[d - 1].s.main + v, st[d - 1].s.mult * ln[col].wm, st[d - 1].s.cross};
            g->packed[g->empties_before[col]] = e->tile;
            st[d] = (part_at){e, s};
            top = d;
            if (e->accepts)
                xw_every_record(g, col, anchor, s, e->leave_idx);
            i = d > room ? e->end : i + 1; /* no room for longer ones */
        }
    while (top >= 1)
        close_part(g, &st[top--], next_mask);
}

/* gen_every.c - every play: the GADDAG walk from one anchor, each play
 * written straight into the list.
 *
 * The walk of gen_place.c (the same plays, in the same order), made for
 * listing every play, where nothing is pruned: what is left of the rack is
 * the leave index alone (idx: the tiles kept, in mixed radix), and which
 * letters it holds and how many tiles were played are tables worked out
 * once per rack (g->kept_mask, g->played), so a step sets no state it must
 * undo.  A play found is written into the list in its final form, and with
 * one blank on the rack every way of putting the word down goes in at once.
 * Depth is bounded by the length of a line (at most 255 squares). */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

typedef xw_walk_score walk_score;

XW_WALK_CLONES static void walk(lx_xw_gen *g, int col, uint32_t run, walk_score s, int idx);

void xw_every_ready(lx_xw_gen *g)
{
    for (int idx = 0; idx < g->nleaves; idx++) {
        uint64_t mask = 0;
        int kept = 0;
        for (int i = 0; i < g->ndt; i++) {
            mask |= g->kept[idx][i] ? (uint64_t)1 << g->dt[i] : 0;
            kept += g->kept[idx][i];
        }
        g->kept_mask[idx] = mask;
        g->played[idx] = (uint8_t)(g->nrack - kept);
    }
}

/* Room for n more plays at the end of the list; NULL out of memory. */
static lx_xw_play *room(lx_xw_gen *g, size_t n)
{
    if (g->plays_cap - g->nplays < n) {
        size_t cap = g->plays_cap ? g->plays_cap * 2 : 1024;
        lx_xw_play *np = realloc(g->plays, cap * sizeof *np);
        if (!np) {
            g->oom = 1;
            return NULL;
        }
        g->plays = np;
        g->plays_cap = cap;
    }
    return g->plays + g->nplays;
}

/* The placement's squares and the tiles the walk put down (pl->tiles). */
static void place_head(const lx_xw_gen *g, lx_xw_play *pl, int left, int right, int nplaced)
{
    pl->kind = LX_XW_PLACE;
    pl->down = g->dir;
    pl->row = g->dir ? left : g->line;
    pl->col = g->dir ? g->line : left;
    pl->len = right - left + 1;
    pl->ntiles = nplaced;
}

/* With one blank on the rack (see gen_place.c's record_one_blank): the
 * word as it is when the walk put the blank down nowhere, and with the
 * blank as each tile it may be. */
static void record_one_blank(lx_xw_gen *g, int left, int right, walk_score s, int idx, int nplaced)
{
    lx_xw_play *out = room(g, (size_t)nplaced + 1);
    if (!out)
        return;
    const xw_square *ln = g->ln;
    lx_xw_play pl;
    place_head(g, &pl, left, right, nplaced);
    int n = 0, blank_at = -1, less[LX_XW_RACK_SIZE]; /* what a tile as a blank takes off the score */
    for (int i = left; i <= right; i++) {
        if (ln[i].tile)
            continue;
        int t = g->strip[i] & 0x7F, v = g->values[t] * ln[i].lm;
        if (g->strip[i] & LX_XW_BLANK_BIT)
            blank_at = n;
        pl.tiles[n] = (uint8_t)t;
        less[n++] = v * s.mult + (ln[i].cross_score >= 0 ? v * ln[i].wm : 0);
    }
    int letters = s.main * s.mult + s.cross + (n == LX_XW_RACK_SIZE ? g->bingo_bonus : 0) +
                  (blank_at >= 0 ? less[blank_at] : 0); /* each tile a letter */
    lx_xw_play *o = out;
    if (blank_at < 0) {
        *o = pl;
        o->score = letters;
        o->leave = g->leave[idx];
        o->equity = o->score + o->leave;
        o++;
    }
    for (int j = 0; j < n; j++) {
        int t = pl.tiles[j];
        if (blank_at >= 0 && t != pl.tiles[blank_at])
            continue;
        *o = pl;
        o->tiles[j] = (uint8_t)(t | LX_XW_BLANK_BIT);
        o->score = letters - less[j];
        o->leave = g->leave[blank_at >= 0 ? idx : idx + g->pv[t] - g->pv[0]];
        o->equity = o->score + o->leave;
        o++;
    }
    g->nplays += (size_t)(o - out);
}

void xw_every_record(lx_xw_gen *g, int left, int right, walk_score s, int idx)
{
    int nplaced = g->played[idx];
    if (nplaced == 1) { /* one tile: across when it makes an across word, else down */
        if (right == left)
            return;
        if (g->dir == 1 && g->ln[g->anchor].cross_score >= 0)
            return;
    }
    if (g->rack0[0] == 1) {
        record_one_blank(g, left, right, s, idx, nplaced);
        return;
    }
    if (g->rack0[0] > 1) { /* gen_place.c's way, each set of tiles as blanks */
        int saved_nplaced = g->nplaced, saved_idx = g->leave_idx;
        g->nplaced = nplaced;
        g->leave_idx = idx;
        xw_gen_record_word(g, left, right, s);
        g->nplaced = saved_nplaced;
        g->leave_idx = saved_idx;
        return;
    }
    lx_xw_play *pl = room(g, 1);
    if (!pl)
        return;
    place_head(g, pl, left, right, nplaced);
    const xw_square *ln = g->ln;
    for (int i = left, j = 0; i <= right; i++)
        if (!ln[i].tile)
            pl->tiles[j++] = g->strip[i];
    pl->score = s.main * s.mult + s.cross + (nplaced == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
    pl->leave = g->leave[idx];
    pl->equity = pl->score + pl->leave;
    g->nplays++;
}

#if defined(__GNUC__)
#define XW_INLINE static inline __attribute__((always_inline))
#else
#define XW_INLINE static inline
#endif

/* Whether walking on at square col from `run` may find anything, the rack
 * holding `kept` (see gen_place.c's may_step). */
XW_INLINE int may_step(const lx_xw_gen *g, int col, uint32_t run, uint64_t kept)
{
    if (!g->headed)
        return 1;
    const xw_square *q = &g->ln[col];
    uint64_t tiles = xw_run_tiles(g, run);
    if (q->tile)
        return (int)((tiles >> (q->tile & 0x7F)) & 1);
    return ((kept & 1 ? q->cross : q->cross & kept) & tiles & ~(uint64_t)1) != 0;
}

/* Having read `node` for square col. */
XW_INLINE void go_on(lx_xw_gen *g, int col, uint32_t node, walk_score s, int idx)
{
    const xw_square *ln = g->ln;
    uint32_t arc = xw_kwg_arc(node);
    uint64_t kept = g->kept_mask[idx]; /* tiles left to put on empty squares */
    if (col <= g->turn) {
        int left_empty = col == 0 || !ln[col - 1].tile;
        if ((node & XW_KWG_ACCEPTS) && left_empty && g->right_empty)
            xw_every_record(g, col, g->turn, s, idx);
        if (!arc)
            return;
        if (col > 0 && (ln[col - 1].tile || (kept && !ln[col - 1].anchor)) && may_step(g, col - 1, arc, kept))
            walk(g, col - 1, arc, s, idx);
        if (left_empty && g->turn + 1 < g->len && (kept || ln[g->turn + 1].tile)) {
            uint32_t sep = g->lx->ascending ? (xw_kwg_tile(g->nodes[arc]) == 0 ? arc : 0) : xw_kwg_find(g->nodes, arc, 0);
            uint32_t right = sep ? xw_kwg_arc(g->nodes[sep]) : 0;
            if (right && may_step(g, g->turn + 1, right, kept)) {
                g->left = col; /* (read only right of the turn) */
                walk(g, g->turn + 1, right, s, idx);
            }
        }
    } else {
        if ((node & XW_KWG_ACCEPTS) && (col + 1 >= g->len || !ln[col + 1].tile))
            xw_every_record(g, g->left, col, s, idx);
        if (arc && col + 1 < g->len && (ln[col + 1].tile || kept) && may_step(g, col + 1, arc, kept))
            walk(g, col + 1, arc, s, idx);
    }
}

/* Letter t (node `node`) on the empty square col: the rack's tile, else
 * the blank standing for it. */
XW_INLINE void place(lx_xw_gen *g, int col, uint32_t node, int t, walk_score s, int idx, uint64_t kept)
{
    const xw_square *q = &g->ln[col];
    int blank = !((kept >> t) & 1), v = blank ? 0 : g->values[t] * q->lm;
    walk_score n = {s.main + v, s.mult * q->wm, s.cross + (q->cross_score >= 0 ? (q->cross_score + v) * q->wm : 0)};
    g->strip[col] = (uint8_t)(blank ? t | LX_XW_BLANK_BIT : t); /* read only while it is the path's */
    go_on(g, col, node, n, idx - g->pv[blank ? 0 : t]);
}

XW_WALK_CLONES static void walk(lx_xw_gen *g, int col, uint32_t run, walk_score s, int idx)
{
    const xw_square *q = &g->ln[col];
    const uint32_t *nodes = g->nodes;
    if (q->tile) {
        uint32_t at = xw_gen_find(g, run, q->tile & 0x7F);
        if (at) {
            walk_score n = {s.main + q->value, s.mult, s.cross};
            go_on(g, col, nodes[at], n, idx);
        }
        return;
    }
    uint64_t kept = g->kept_mask[idx];
    if (!kept || !run)
        return;
    /* the letters that may go here: the cross set's, of those on the rack
     * (any, with a blank); bit 0, the separator, never */
    uint64_t any = (kept & 1 ? q->cross : q->cross & kept) & ~(uint64_t)1;
    if (!any)
        return;
    if (g->headed) { /* each letter's node found by the run's tiles below it */
        uint64_t tiles = xw_run_tiles(g, run);
        for (uint64_t m = tiles & any; m; m &= m - 1) {
            int t = xw_lowest_bit(m);
            place(g, col, nodes[xw_run_node(run, tiles, t)], t, s, idx, kept);
        }
        return;
    }
    uint32_t cand[LX_XW_MAX_LETTERS + 1]; /* the run's nodes whose letter may go here */
    int nc = xw_kwg_gather(nodes, run, any, cand);
    for (int c = 0; c < nc; c++)
        place(g, col, cand[c], xw_kwg_tile(cand[c]), s, idx, kept);
}

void xw_every_walk(lx_xw_gen *g, int col, uint32_t run, xw_walk_score s, int idx)
{
    walk(g, col, run, s, idx);
}

void xw_every_before_tiles(lx_xw_gen *g, int dir, int line, int anchor)
{
    walk_score s;
    int end;
    uint32_t run = xw_gen_read_after(g, dir, line, anchor, &s, &end);
    g->turn = end;
    g->right_empty = 1;
    if (run)
        walk(g, anchor, run, s, g->nleaves - 1);
    g->turn = anchor;
}

void xw_every_after_tiles(lx_xw_gen *g, int dir, int line, int anchor)
{
    walk_score s;
    int start;
    uint32_t run = xw_gen_read_before(g, dir, line, anchor, &s, &start);
    g->turn = anchor - 1; /* all of the walk is right of them */
    g->left = start;
    if (run)
        walk(g, anchor, run, s, g->nleaves - 1);
    g->turn = g->left = anchor;
}

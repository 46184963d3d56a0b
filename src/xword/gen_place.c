/* gen_place.c - placements from one anchor: the GADDAG walk.
 *
 * From an anchor the walk goes left first, reading the GADDAG's reversed
 * prefixes: each square either holds a board tile (which the path must
 * follow) or takes a rack tile (a letter the node offers, the square's
 * cross set allows and the rack holds, or a blank as that letter).  An
 * accepting node with nothing further left (and nothing right of the anchor)
 * ends a word; the separator (tile 0) turns the walk right, from the square
 * after the anchor.  Going left stops before an empty anchor: a play that
 * covers it is found from that anchor, so each play is found once.
 *
 * The score is kept as the walk goes (main word's letters and word
 * multiplier, the cross-words' sum), so recording a play costs nothing
 * more.  Depth is bounded by the length of a line (at most 255 squares). */
#include <string.h>

#include "xword/gen_impl.h"

typedef xw_walk_score walk_score;

XW_WALK_CLONES static void walk(lx_xw_gen *g, int col, uint32_t run, walk_score s);

static int bits(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The play's tiles put down with the tiles in `blanks` (bit j: the j-th
 * tile put down) as blanks; recorded when the rack can give them so. */
static void record_as(lx_xw_gen *g, lx_xw_play *pl, int left, int right, unsigned blanks)
{
    const xw_square *ln = g->ln;
    int need[LX_XW_MAX_LETTERS + 1], nblank = 0, main = 0, cross = 0, idx = g->nleaves - 1, j = 0;
    for (int i = left; i <= right; i++) {
        if (ln[i].tile) {
            main += ln[i].value;
            continue;
        }
        int t = g->strip[i] & 0x7F, blank = (blanks >> j) & 1, v = blank ? 0 : g->values[t] * ln[i].lm;
        if (blank)
            nblank++, idx -= g->pv[0];
        else
            idx -= g->pv[t];
        pl->tiles[j++] = (uint8_t)(t | (blank ? LX_XW_BLANK_BIT : 0));
        main += v;
        cross += ln[i].cross_score >= 0 ? (ln[i].cross_score + v) * ln[i].wm : 0;
    }
    for (int k = 0; k < j; k++)
        need[pl->tiles[k] & 0x7F] = 0;
    for (int k = 0; k < j; k++) /* no more of a letter than the rack holds */
        if (!(pl->tiles[k] & LX_XW_BLANK_BIT) && ++need[pl->tiles[k]] > g->rack0[pl->tiles[k]])
            return;
    if (nblank > g->rack0[0])
        return;
    pl->score = main * g->word_mult + cross + (j == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
    pl->leave = g->leave[idx];
    pl->equity = pl->score + pl->leave;
    xw_gen_record(g, pl);
}

/* The same with one blank on the rack, without trying each tile: a word the
 * walk put down with the blank as b goes down with the blank as any of its
 * b's (the rack has no other b left, and the same tiles are kept); a word
 * it put down without the blank, as it is and with the blank as any one of
 * its tiles.  In the order record_as takes them. */
static void record_one_blank(lx_xw_gen *g, lx_xw_play *pl, int left, int right, walk_score s)
{
    const xw_square *ln = g->ln;
    int n = 0, blank_at = -1, less[LX_XW_RACK_SIZE]; /* what a tile as a blank takes off the score */
    for (int i = left; i <= right; i++) {
        if (ln[i].tile)
            continue;
        int t = g->strip[i] & 0x7F, v = g->values[t] * ln[i].lm;
        if (g->strip[i] & LX_XW_BLANK_BIT)
            blank_at = n;
        pl->tiles[n] = (uint8_t)t;
        less[n++] = v * s.mult + (ln[i].cross_score >= 0 ? v * ln[i].wm : 0);
    }
    int letters = s.main * s.mult + s.cross + (n == LX_XW_RACK_SIZE ? g->bingo_bonus : 0) +
                  (blank_at >= 0 ? less[blank_at] : 0); /* each tile a letter */
    if (blank_at < 0) {
        pl->score = letters;
        pl->leave = g->leave[g->leave_idx];
        pl->equity = pl->score + pl->leave;
        xw_gen_record(g, pl);
    }
    for (int j = 0; j < n; j++) {
        int t = pl->tiles[j];
        if (blank_at >= 0 && t != pl->tiles[blank_at])
            continue;
        pl->tiles[j] = (uint8_t)(t | LX_XW_BLANK_BIT);
        pl->score = letters - less[j];
        pl->leave = g->leave[blank_at >= 0 ? g->leave_idx : g->leave_idx + g->pv[t] - g->pv[0]];
        pl->equity = pl->score + pl->leave;
        xw_gen_record(g, pl);
        pl->tiles[j] = (uint8_t)t;
    }
}

static void record(lx_xw_gen *g, int left, int right, walk_score s)
{
    if (g->nplaced == 1) { /* one tile: across when it makes an across word, else down */
        if (right == left)
            return;
        if (g->dir == 1 && g->ln[g->anchor].cross_score >= 0)
            return;
    }
    if (g->mode == XW_GEN_BEST && g->rack0[0] &&
        s.main * s.mult + s.cross + (g->nplaced == LX_XW_RACK_SIZE ? g->bingo_bonus : 0) + g->best_leave[g->nplaced] <
            g->best.equity)
        return; /* no way of putting it down can win (a blank only lowers the score) */
    lx_xw_play pl;
    pl.kind = LX_XW_PLACE;
    pl.down = g->dir;
    pl.row = g->dir ? left : g->line;
    pl.col = g->dir ? g->line : left;
    pl.len = right - left + 1;
    pl.ntiles = g->nplaced;
    if (g->rack0[0] == 0) { /* no blank: the walk's own tiles and score */
        for (int i = left, j = 0; i <= right; i++)
            if (!g->ln[i].tile)
                pl.tiles[j++] = g->strip[i];
        pl.score = s.main * s.mult + s.cross + (g->nplaced == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
        pl.leave = g->leave[g->leave_idx];
        pl.equity = pl.score + pl.leave;
        xw_gen_record(g, &pl);
        return;
    }
    /* The walk took a rack letter where it could and a blank only where it
     * had to, so each word is walked once; here come all the ways the rack
     * can put it down, a blank standing for any of its letters. */
    if (g->rack0[0] == 1) {
        record_one_blank(g, &pl, left, right, s);
        return;
    }
    g->word_mult = s.mult;
    if (g->rack0[0] > 2) {
        for (unsigned blanks = 0; blanks < (1u << g->nplaced); blanks++)
            if (bits(blanks) <= g->rack0[0])
                record_as(g, &pl, left, right, blanks);
        return;
    }
    /* one or two blanks: the sets of at most that many tiles, in increasing
     * order of the bit mask (as the loop above takes them) */
    record_as(g, &pl, left, right, 0);
    for (int b = 0; b < g->nplaced; b++) {
        record_as(g, &pl, left, right, 1u << b);
        for (int a = 0; a < b && g->rack0[0] == 2; a++)
            record_as(g, &pl, left, right, (1u << b) | (1u << a));
    }
}

/* Which bounds the walk holds to (see left_bound). */
static int bounds_kind(const lx_xw_gen *g)
{
    return g->rack[0] < g->rack0[0] ? 1 + g->no_bingo : 0;
}

/* Whether walking on at square col from `run` may find anything: with each
 * run's tiles at hand, the run must hold the board's tile there, or a
 * letter the square and the rack allow (else the call is not worth its
 * cost: about two walks in five find nothing). */
XW_INLINE int may_step(const lx_xw_gen *g, int col, uint32_t run)
{
    if (!g->headed)
        return 1;
    const xw_square *q = &g->ln[col];
    uint64_t tiles = xw_run_tiles(g, run);
    if (q->tile)
        return (int)((tiles >> (q->tile & 0x7F)) & 1);
    return ((g->rack[0] ? q->cross : q->cross & g->rack_mask) & tiles & ~(uint64_t)1) != 0;
}

/* Having read `node` for square col. */
XW_INLINE void go_on(lx_xw_gen *g, int col, uint32_t node, walk_score s)
{
    const xw_square *ln = g->ln;
    uint32_t arc = xw_kwg_arc(node);
    if (col <= g->turn) {
        int left_empty = col == 0 || !ln[col - 1].tile;
        if ((node & XW_KWG_ACCEPTS) && left_empty && g->right_empty)
            record(g, col, g->turn, s);
        if (!arc)
            return;
        int more = g->nplaced < g->max_tiles; /* tiles left to put on empty squares */
        if (col > 0 && (ln[col - 1].tile || (more && !ln[col - 1].anchor)) && may_step(g, col - 1, arc))
            walk(g, col - 1, arc, s);
        if (left_empty && g->turn + 1 < g->len && (more || ln[g->turn + 1].tile)) {
            uint32_t sep = g->lx->ascending ? (xw_kwg_tile(g->nodes[arc]) == 0 ? arc : 0) : xw_kwg_find(g->nodes, arc, 0);
            if (sep && xw_kwg_arc(g->nodes[sep]) && may_step(g, g->turn + 1, xw_kwg_arc(g->nodes[sep])) &&
                (g->mode != XW_GEN_BEST || g->right_bound[bounds_kind(g)][g->nplaced - 1][0] >= g->best.equity)) {
                int saved = g->left, saved_kl = g->kl;
                g->left = col;
                g->kl = g->nplaced - 1; /* the tiles left of the anchor */
                walk(g, g->turn + 1, xw_kwg_arc(g->nodes[sep]), s);
                g->left = saved;
                g->kl = saved_kl;
            }
        }
    } else {
        if ((node & XW_KWG_ACCEPTS) && (col + 1 >= g->len || !ln[col + 1].tile))
            record(g, g->left, col, s);
        if (arc && col + 1 < g->len && (ln[col + 1].tile || g->nplaced < g->max_tiles) && may_step(g, col + 1, arc))
            walk(g, col + 1, arc, s);
    }
}

/* Put rack tile `tile` (letter t, or t | blank bit) on the empty square col. */
XW_INLINE void place(lx_xw_gen *g, int col, uint32_t node, int rack_tile, int tile, walk_score s)
{
    const xw_square *q = &g->ln[col];
    int v = g->values[tile] * q->lm;
    walk_score n = {s.main + v, s.mult * q->wm, s.cross + (q->cross_score >= 0 ? (q->cross_score + v) * q->wm : 0)};
    uint64_t mask = g->rack_mask;
    if (--g->rack[rack_tile] == 0)
        g->rack_mask &= ~((uint64_t)1 << rack_tile);
    g->leave_idx -= g->pv[rack_tile];
    g->nplaced++;
    g->strip[col] = (uint8_t)tile; /* read only while it is the path's */
    go_on(g, col, node, n);
    g->nplaced--;
    g->leave_idx += g->pv[rack_tile];
    g->rack[rack_tile]++;
    g->rack_mask = mask;
}

/* The bound (u = 1: of plays with a blank) on plays that put a tile on
 * square col next: going left, every tile but the anchor's is left of it;
 * going right, kl of them are. */
static double here_bound(const lx_xw_gen *g, int u, int col)
{
    return col <= g->anchor ? g->left_bound[u][g->nplaced] : g->right_bound[u][g->kl][g->nplaced - g->kl];
}

/* A letter of the run (node, tile t) on the empty square col: from the
 * rack, else a blank standing for it where the bounds allow. */
XW_INLINE void try_letter(lx_xw_gen *g, int col, uint32_t node, int t, walk_score s, int blank_ok, int blank_no_bingo)
{
    if (g->rack[t]) {
        place(g, col, node, t, t, s);
    } else if (blank_ok) {
        if (!g->bingo_known) { /* first time here: which letters may the blank be in a bingo? */
            g->bingo_letters = xw_gen_bingo_letters(g, g->bingo_line, g->bingo_ext, g->best.equity);
            g->bingo_known = 1;
        }
        if ((g->bingo_letters >> t) & 1) {
            place(g, col, node, 0, t | LX_XW_BLANK_BIT, s);
        } else if (blank_no_bingo) { /* the blank as t makes no bingo here */
            int saved = g->no_bingo;
            g->no_bingo = 1;
            place(g, col, node, 0, t | LX_XW_BLANK_BIT, s);
            g->no_bingo = saved;
        }
    }
}


XW_WALK_CLONES static void walk(lx_xw_gen *g, int col, uint32_t run, walk_score s)
{
    const xw_square *q = &g->ln[col];
    const uint32_t *nodes = g->nodes;
    if (q->tile) {
        uint32_t at = xw_gen_find(g, run, q->tile & 0x7F);
        if (at) {
            walk_score n = {s.main + q->value, s.mult, s.cross};
            go_on(g, col, nodes[at], n);
        }
        return;
    }
    if (g->nplaced >= g->max_tiles || !run)
        return;
    /* a tile here: can a play with it still beat the best found?  With a
     * blank on the board already, only the bounds of plays with a blank
     * count; a blank put here must meet them too. */
    int blank_ok = 1, blank_no_bingo = 1;
    if (g->mode == XW_GEN_BEST) {
        int kind = bounds_kind(g);
        if (here_bound(g, kind, col) < g->best.equity)
            return;
        blank_ok = kind || here_bound(g, 1, col) >= g->best.equity;
        blank_no_bingo = kind || here_bound(g, 2, col) >= g->best.equity;
    }
    /* the letters that may go here: the cross set's, of those on the rack
     * (any, with a blank); bit 0, the separator, never.  A letter the rack
     * holds is taken from it, else a blank stands for it: the other ways to
     * use the blanks are worked out when a play is recorded. */
    uint64_t any = (g->rack[0] ? q->cross : q->cross & g->rack_mask) & ~(uint64_t)1;
    if (!any)
        return;
    if (g->headed) { /* each letter's node found by the run's tiles below it */
        uint64_t tiles = xw_run_tiles(g, run);
        for (uint64_t m = tiles & any; m; m &= m - 1) {
            int t = xw_lowest_bit(m);
            try_letter(g, col, nodes[xw_run_node(run, tiles, t)], t, s, blank_ok, blank_no_bingo);
        }
        return;
    }
    uint32_t cand[LX_XW_MAX_LETTERS + 1]; /* the run's nodes whose letter may go here */
    int nc = xw_kwg_gather(nodes, run, any, cand);
    for (int c = 0; c < nc; c++)
        try_letter(g, col, cand[c], xw_kwg_tile(cand[c]), s, blank_ok, blank_no_bingo);
}

void xw_gen_record_word(lx_xw_gen *g, int left, int right, xw_walk_score s)
{
    record(g, left, right, s);
}

void xw_gen_anchor_at(lx_xw_gen *g, int dir, int line, int anchor)
{
    g->dir = dir;
    g->line = line;
    g->len = dir ? g->rows : g->cols;
    g->ln = g->sq[dir] + (size_t)line * (size_t)g->len;
    g->anchor = anchor;
    g->turn = anchor;
    g->left = anchor;
    g->kl = 0;
    g->right_empty = anchor + 1 >= g->len || !g->ln[anchor + 1].tile;
}

/* The board tiles ln[from], ln[from + step], ... before ln[to], read from
 * `run` of g->nodes: the run after them (0: none); their values added to
 * s->main.  Built for each way of reading the runs' tiles (headed:
 * g->headed, a constant in each). */
XW_INLINE uint32_t read_tiles(const lx_xw_gen *g, uint32_t run, const xw_square *ln, int from, int to, int step,
                              xw_walk_score *s, const int headed)
{
    const uint32_t *nodes = g->nodes;
    for (int c = from; c != to && run; c += step) {
        int t = ln[c].tile & 0x7F;
        uint32_t at;
        if (headed) {
            uint64_t tiles = xw_tiles_of(nodes, run, headed);
            at = (tiles >> t) & 1 ? xw_run_node(run, tiles, t) : 0;
        } else {
            at = g->lx->ascending ? xw_kwg_find_asc(nodes, run, t) : xw_kwg_find(nodes, run, t);
        }
        run = at ? xw_kwg_arc(nodes[at]) : 0;
        s->main += ln[c].value;
    }
    return run;
}

XW_INLINE uint32_t read_tiles_in(const lx_xw_gen *g, uint32_t run, const xw_square *ln, int from, int to, int step,
                                 xw_walk_score *s)
{
    return g->headed == 1   ? read_tiles(g, run, ln, from, to, step, s, 1)
           : g->headed == 2 ? read_tiles(g, run, ln, from, to, step, s, 2)
                            : read_tiles(g, run, ln, from, to, step, s, 0);
}

/* (The two reads below are built twice, as the walks are: a run's tiles
 * are counted with the popcnt instruction where the CPU has it.) */
XW_WALK_CLONES uint32_t xw_gen_read_after(lx_xw_gen *g, int dir, int line, int anchor, xw_walk_score *s)
{
    xw_gen_anchor_at(g, dir, line, anchor);
    const xw_square *ln = g->ln;
    int e = anchor + 1;
    while (e + 1 < g->len && ln[e + 1].tile)
        e++;
    *s = (walk_score){0, 1, 0};
    uint32_t run = read_tiles_in(g, g->gaddag, ln, e, anchor, -1, s); /* the tiles, backwards */
    g->turn = e;
    g->right_empty = 1;
    return run;
}

XW_WALK_CLONES uint32_t xw_gen_read_before(lx_xw_gen *g, int dir, int line, int anchor, xw_walk_score *s)
{
    xw_gen_anchor_at(g, dir, line, anchor);
    const xw_square *ln = g->ln;
    int b = anchor - 1;
    while (b > 0 && ln[b - 1].tile)
        b--;
    *s = (walk_score){0, 1, 0};
    uint32_t run = read_tiles_in(g, g->dawg, ln, b, anchor, 1, s);
    g->turn = anchor - 1; /* all of the walk is right of them */
    g->left = b;
    return run;
}

void xw_gen_anchor_before_tiles(lx_xw_gen *g, int dir, int line, int anchor)
{
    walk_score s;
    uint32_t run = xw_gen_read_after(g, dir, line, anchor, &s);
    if (run)
        walk(g, anchor, run, s);
    g->turn = anchor;
}

void xw_gen_anchor_after_tiles(lx_xw_gen *g, int dir, int line, int anchor)
{
    walk_score s;
    uint32_t run = xw_gen_read_before(g, dir, line, anchor, &s);
    if (run)
        walk(g, anchor, run, s);
    g->turn = g->left = anchor;
}

void xw_gen_anchor(lx_xw_gen *g, int dir, int line, int anchor)
{
    xw_gen_anchor_at(g, dir, line, anchor);
    walk_score s = {0, 1, 0};
    walk(g, anchor, g->gaddag, s);
}

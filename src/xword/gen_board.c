/* gen_board.c - the board as the move generator sees it.
 *
 * For each direction the board is laid out line by line (rows for across
 * plays, columns for down plays), and each empty square gets what a play
 * along its line needs to know of the perpendicular: which letters may go
 * there (the cross set: those that make a word with the tiles above and
 * below it, looked up in the lexicon's DAWG; every letter when it has no
 * such neighbours) and what the tiles of that cross word are worth.  An
 * anchor is an empty square next to a tile (on an empty board, the start
 * square): every placement covers one.
 *
 * The cross facts (of every letter, masked by the rack's letters for each
 * call) are kept from call to call with the board they were worked out
 * for, and so are the squares: a call works out again only those next to
 * the tiles in a row or column with a tile that changed (a game or a
 * simulation goes from position to position a play at a time), all of
 * them when the lexicon, the board's size or the tiles' letters or values
 * changed; the others only take the rack's letters again. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

static int tile_at(const lx_xw_pos *p, int r, int c)
{
    return r >= 0 && c >= 0 && r < p->rows && c < p->cols ? xw_sq(p, r, c) : 0;
}

/* 1 when tiles[0..n) (backwards when rev) are a path from run, with *last
 * the node of the last tile (0 when n is 0); else 0. */
static int follow(const uint32_t *nodes, uint32_t run, const uint8_t *tiles, int n, int rev, uint32_t *last)
{
    *last = 0;
    for (int k = 0; k < n; k++) {
        uint32_t at = xw_kwg_find(nodes, run, tiles[rev ? n - 1 - k : k] & 0x7F);
        if (!at)
            return 0;
        *last = nodes[at];
        run = xw_kwg_arc(*last);
    }
    return 1;
}

/* The letters of `wanted` that make a word with the tiles before[] and after[]: from
 * the DAWG (before, the letter, after), or, when after[] is the longer side,
 * from the GADDAG, which holds every word reversed (rev(after), the letter,
 * rev(before)), so that the walk made once per letter is the shorter one. */
static uint64_t cross_set(const lx_xw_lexicon *lx, const uint8_t *before, int nb, const uint8_t *after, int na,
                          uint64_t wanted)
{
    const uint32_t *nodes = lx->nodes;
    int rev = na > nb;
    const uint8_t *head = rev ? after : before, *tail = rev ? before : after;
    int nh = rev ? na : nb, nt = rev ? nb : na;
    uint32_t last, run = rev ? lx->gaddag : lx->dawg;
    if (!follow(nodes, run, head, nh, rev, &last))
        return 0;
    if (nh > 0)
        run = xw_kwg_arc(last);
    uint64_t set = 0;
    for (uint32_t i = run; i; i++) {
        uint32_t node = nodes[i];
        int ok = nt == 0 ? (node & XW_KWG_ACCEPTS) != 0
                         : ((wanted >> xw_kwg_tile(node)) & 1) && follow(nodes, xw_kwg_arc(node), tail, nt, rev, &last) &&
                               (last & XW_KWG_ACCEPTS);
        if (ok && xw_kwg_tile(node) > 0)
            set |= (uint64_t)1 << xw_kwg_tile(node);
        if (node & XW_KWG_IS_END)
            break;
    }
    return set;
}

/* The cross set (of every letter) and the cross-word's score of the empty
 * square (r, c) for plays whose perpendicular is (dr, dc); it has a
 * neighbour that way. */
static void cross_facts(lx_xw_gen *g, int r, int c, int dr, int dc, uint64_t *cross, int32_t *score)
{
    const lx_xw_pos *p = g->p;
    uint8_t before[LX_XW_MAX_SIDE], after[LX_XW_MAX_SIDE];
    int nb = 0, na = 0, sum = 0;
    int br = r - dr, bc = c - dc;
    while (tile_at(p, br, bc))
        br -= dr, bc -= dc;
    for (br += dr, bc += dc; br != r || bc != c; br += dr, bc += dc) {
        before[nb++] = (uint8_t)xw_sq(p, br, bc);
        sum += g->values[xw_sq(p, br, bc) & 0xFF];
    }
    for (int ar = r + dr, ac = c + dc; tile_at(p, ar, ac); ar += dr, ac += dc) {
        after[na++] = (uint8_t)xw_sq(p, ar, ac);
        sum += g->values[xw_sq(p, ar, ac) & 0xFF];
    }
    *cross = cross_set(g->lx, before, nb, after, na, g->letters) & g->letters;
    *score = sum;
}

/* Room for the cross facts of n squares; 0 or -1. */
static int grow(lx_xw_gen *g, size_t n)
{
    xw_cross_cache *cc = &g->cc;
    if (n <= g->sq_cap)
        return 0;
    cc->ok = 0;
    for (int d = 0; d < 2; d++) {
        xw_square *s = realloc(g->sq[d], n * sizeof *s);
        if (!s)
            return -1;
        g->sq[d] = s;
        xw_cross_fact *f = realloc(cc->facts[d], n * sizeof *f);
        if (!f)
            return -1;
        cc->facts[d] = f;
    }
    uint8_t *b = realloc(cc->board, n);
    if (!b)
        return -1;
    cc->board = b;
    uint8_t *m = realloc(cc->premiums, 2 * n);
    if (!m)
        return -1;
    cc->premiums = m;
    m = realloc(cc->marks, n);
    if (!m)
        return -1;
    cc->marks = m;
    g->sq_cap = n;
    return 0;
}

/* Around the square at `at` whose tile changed, along its line (squares
 * `stride` apart; `back` and `on` of them before and after it): the
 * squares next to the tiles in a row with it, then or now, and the first
 * square past them each way (a tile there neither then nor now), each
 * marked with `bit`: their cross words that way, and whether they are
 * anchors, may have changed.  Past those squares nothing did. */
static void mark_around(const lx_xw_gen *g, uint8_t *mark, ptrdiff_t at, int back, int on, ptrdiff_t stride, uint8_t bit)
{
    const uint8_t *then = g->cc.board, *now = g->p->sq;
    int lo = 0, hi = 0;
    while (lo < back && (then[at - (lo + 1) * stride] | now[at - (lo + 1) * stride]))
        lo++;
    while (hi < on && (then[at + (hi + 1) * stride] | now[at + (hi + 1) * stride]))
        hi++;
    lo += lo < back;
    hi += hi < on;
    for (ptrdiff_t k = -lo; k <= hi; k++)
        mark[at + k * stride] |= bit;
}

/* Which squares' cross facts must be worked out again (g->cc.marks: bit 1,
 * of the word down through it, bit 2 across): those around the squares
 * whose tiles changed since the last call (all of them when the lexicon,
 * board size or letters changed, or on the first call).  Returns whether
 * g->sq holds the last call's squares of the same layout, good but for the
 * rack's letters where no mark is. */
static int dirty_squares(lx_xw_gen *g)
{
    const lx_xw_pos *p = g->p;
    xw_cross_cache *cc = &g->cc;
    size_t n = (size_t)p->rows * (size_t)p->cols;
    int same = cc->ok && cc->rows == p->rows && cc->cols == p->cols && cc->digest == g->lx->digest &&
               cc->nnodes == g->lx->nnodes && cc->letters == g->letters &&
               memcmp(cc->values, g->values, sizeof cc->values) == 0;
    int keep = same && memcmp(cc->premiums, p->layout->lmul, n) == 0 && memcmp(cc->premiums + n, p->layout->wmul, n) == 0;
    memset(cc->marks, same ? 0 : 3, n);
    for (size_t at = 0; same && at < n; at++)
        if (cc->board[at] != p->sq[at]) {
            int r = (int)(at / (size_t)p->cols), c = (int)(at % (size_t)p->cols);
            mark_around(g, cc->marks, (ptrdiff_t)at, r, p->rows - 1 - r, p->cols, 1);
            mark_around(g, cc->marks, (ptrdiff_t)at, c, p->cols - 1 - c, 1, 2);
        }
    cc->ok = 0; /* until this call's facts are all in */
    cc->rows = p->rows;
    cc->cols = p->cols;
    cc->digest = g->lx->digest;
    cc->nnodes = g->lx->nnodes;
    cc->letters = g->letters;
    memcpy(cc->values, g->values, sizeof cc->values);
    memcpy(cc->premiums, p->layout->lmul, n);
    memcpy(cc->premiums + n, p->layout->wmul, n);
    return keep;
}

/* The across and down squares at (r, c) worked out afresh (the cross facts
 * again where `mark` says, see dirty_squares); `empty`: the board is. */
static void fresh_square(lx_xw_gen *g, int r, int c, int empty, int mark, uint64_t wanted)
{
    const lx_xw_pos *p = g->p;
    const uint8_t *sq = p->sq;
    size_t cols = (size_t)p->cols, at = (size_t)r * cols + (size_t)c;
    int t = sq[at], sr, sc;
    xw_square base = {t ? 0 : g->letters, -1, (uint8_t)t, (uint8_t)g->values[t], p->layout->lmul[at], p->layout->wmul[at], 0};
    xw_square across = base, down = base;
    if (!t && empty) {
        lx_xw_layout_start(p->layout, &sr, &sc);
        across.anchor = down.anchor = r == sr && c == sc;
    } else if (!t) { /* a perpendicular neighbour makes a cross word */
        int vertical = (r > 0 && sq[at - cols]) || (r + 1 < p->rows && sq[at + cols]);
        int horizontal = (c > 0 && sq[at - 1]) || (c + 1 < p->cols && sq[at + 1]);
        across.anchor = down.anchor = vertical || horizontal;
        xw_cross_fact *f = &g->cc.facts[0][at];
        if (vertical && (mark & 1))
            cross_facts(g, r, c, 1, 0, &f->cross, &f->score);
        if (vertical)
            across.cross = f->cross & wanted, across.cross_score = f->score;
        f = &g->cc.facts[1][at];
        if (horizontal && (mark & 2))
            cross_facts(g, r, c, 0, 1, &f->cross, &f->score);
        if (horizontal)
            down.cross = f->cross & wanted, down.cross_score = f->score;
    }
    g->sq[0][at] = across;
    g->sq[1][(size_t)c * (size_t)p->rows + (size_t)r] = down;
}

int xw_gen_board(lx_xw_gen *g)
{
    const lx_xw_pos *p = g->p;
    size_t n = (size_t)p->rows * (size_t)p->cols;
    if (grow(g, n) != 0)
        return -1;
    g->rows = p->rows;
    g->cols = p->cols;
    /* the distribution's letters: a lexicon file may hold tiles it does not have */
    g->letters = (p->dist->n >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << (p->dist->n + 1)) - 1) & ~(uint64_t)1;
    uint64_t wanted = g->letters & (g->rack[0] ? ~(uint64_t)0 : g->rack_mask); /* the letters a tile may be */
    int keep = dirty_squares(g);
    int empty = 1;
    for (size_t i = 0; i < n && empty; i++)
        empty = p->sq[i] == 0;
    keep &= !empty; /* (the start square is the anchor) */
    /* a square not marked is as it was, its tile and neighbours the same,
     * but for the rack's letters among those of its cross sets */
    const xw_cross_fact *across_facts = g->cc.facts[0], *down_facts = g->cc.facts[1];
    const uint8_t *marks = g->cc.marks;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            size_t at = (size_t)r * (size_t)p->cols + (size_t)c;
            if (!keep || marks[at]) {
                fresh_square(g, r, c, empty, marks[at], wanted);
                continue;
            }
            xw_square *across = &g->sq[0][at], *down = &g->sq[1][(size_t)c * (size_t)p->rows + (size_t)r];
            if (across->cross_score >= 0)
                across->cross = across_facts[at].cross & wanted;
            if (down->cross_score >= 0)
                down->cross = down_facts[at].cross & wanted;
        }
    memcpy(g->cc.board, p->sq, n);
    g->cc.ok = 1;
    return 0;
}

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

void xw_every_ready(lx_xw_gen *g)
{
    g->every_line = NULL; /* (the board is another) */
    for (int idx = 0; idx < g->nleaves; idx++) {
        uint64_t kept = g->kept_mask[idx];
        g->may_go[idx] = (kept | (0 - (kept & 1))) & ~(uint64_t)1;
    }
}

/* Room for n more plays at the end of the list; NULL out of memory. */
static inline lx_xw_play *room(lx_xw_gen *g, size_t n)
{
    return g->plays_cap - g->nplays >= n || xw_gen_reserve_plays(g, n) == 0 ? g->plays + g->nplays : NULL;
}

void xw_every_line(lx_xw_gen *g)
{
    if (g->every_line == g->ln)
        return;
    const xw_square *ln = g->ln;
    xw_every_square *e = g->every_sq + 1, none = {0, 0, 0};
    uint64_t m = 0, bit = 1; /* (bit: 0 past square 63) */
    int before = 0, len = g->len;
    e[-1] = e[len] = none; /* off the line */
    for (int i = 0; i < len; i++, bit <<= 1) {
        const xw_square *q = &ln[i];
        g->empties_before[i] = (uint8_t)before;
        if (q->tile) {
            uint64_t ask = (uint64_t)1 << (q->tile & 0x7F);
            e[i] = (xw_every_square){ask, ask, ~(uint64_t)0};
        } else {
            uint64_t ask = q->cross;
            e[i] = (xw_every_square){q->anchor ? 0 : ask, ask, 0};
            before++;
            m |= bit;
        }
    }
    g->every_line = ln;
    g->every_empty = m;
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

/* Where (from left) the walk put the play's tiles on left..right, into at
 * (room for one more than the rack); how many. */
static inline int walked_at(const lx_xw_gen *g, int left, int right, uint8_t *at)
{
    int n = 0;
    if (right < 64) { /* the empty squares by their bits */
        uint64_t m = g->every_empty >> left & (((uint64_t)2 << (right - left)) - 1);
        for (; m; m &= m - 1, n++)
            at[n] = (uint8_t)xw_lowest_bit(m);
        return n;
    }
    for (int i = left; i <= right; i++) {
        at[n] = (uint8_t)(i - left);
        n += !g->ln[i].tile;
    }
    return n;
}

/* The n tiles the walk put down from square left on, a byte each in one
 * word, the first lowest (g->packed holds them in a row). */
static inline uint64_t walked_word(const lx_xw_gen *g, int left, int n)
{
    const uint8_t *tiles = g->packed + g->empties_before[left];
    uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&w, tiles, sizeof w);
#else
    for (int j = 0; j < 8; j++)
        w |= (uint64_t)tiles[j] << 8 * j;
#endif
    return w & (((uint64_t)1 << 8 * n) - 1); /* (n < 8) */
}

/* Tiles w (a byte each, the first lowest) into a play's tiles. */
static inline void put_tiles(uint8_t *tiles, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(tiles, &w, LX_XW_RACK_SIZE);
#else
    for (int j = 0; j < LX_XW_RACK_SIZE; j++)
        tiles[j] = (uint8_t)(w >> 8 * j);
#endif
}

/* What tile i of the line, letter t, takes off the score as a blank. */
static inline int blank_less(const xw_square *q, const lx_xw_gen *g, int t, int mult)
{
    int v = g->values[t] * q->lm;
    return v * mult + (q->cross_score >= 0 ? v * q->wm : 0);
}

#define XW_ONES 0x0101010101010101u
#define XW_HIGH (XW_ONES << 7)

/* Of the n tiles w (a byte each), those that are the letter of byte j
 * (its high bit), whether a blank or not. */
static inline uint64_t same_letter(uint64_t w, int n, int j)
{
    uint64_t plain = w & ~XW_HIGH, low = ~XW_HIGH;
    uint64_t x = plain ^ XW_ONES * ((plain >> 8 * j) & 0x7F); /* a zero byte for each */
    return ~(((x & low) + low) | x) & XW_HIGH & (((uint64_t)1 << 8 * n) - 1); /* (n < 8) */
}

/* With one blank on the rack, the n tiles w the walk put down: can they go
 * down only as walked?  (The walk put the blank down, as a letter no other
 * of them is: see record_one_blank.) */
static inline int walked_one_way(uint64_t w, int n)
{
    uint64_t blank = w & XW_HIGH;
    if (!blank)
        return 0;
    uint64_t same = same_letter(w, n, xw_lowest_bit(blank) >> 3);
    return !(same & (same - 1));
}

/* With one blank on the rack (see gen_place.c's record_one_blank), where
 * the play cannot go down only as walked (walked_one_way): the word as it
 * is when the walk put the blank down nowhere, and with the blank as each
 * tile it may be - when the walk put the blank down as b, as each of its
 * b's (the play as walked among them, scored as walked). */
static void record_one_blank(lx_xw_gen *g, int left, int right, walk_score s, int idx, int nplaced)
{
    lx_xw_play *out = room(g, (size_t)nplaced + 1);
    if (!out)
        return;
    const xw_square *ln = g->ln;
    lx_xw_play *o = out;
    place_head(g, o, left, right, nplaced);
    uint8_t at[LX_XW_RACK_SIZE + 1];
    int n = nplaced;
    uint64_t w = walked_word(g, left, n); /* the tiles a byte each, the first lowest */
    uint64_t blank = w & XW_HIGH, plain = w & ~XW_HIGH;
    int walked = s.main * s.mult + s.cross + (n == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
    if (blank) {
        int blank_at = xw_lowest_bit(blank) >> 3, b = (int)(plain >> 8 * blank_at) & 0x7F;
        uint64_t same = same_letter(w, n, blank_at); /* the tiles that are b */
        put_tiles(o->tiles, plain);
        lx_xw_play pl = *o;
        walked_at(g, left, right, at);
        int letters = walked + blank_less(&ln[left + at[blank_at]], g, b, s.mult);
        for (; same; same &= same - 1) {
            int j = xw_lowest_bit(same) >> 3;
            *o = pl;
            o->tiles[j] = (uint8_t)(b | LX_XW_BLANK_BIT);
            o->score = j == blank_at ? walked : letters - blank_less(&ln[left + at[j]], g, b, s.mult);
            o->leave = g->leave[idx];
            o->equity = o->score + o->leave;
            o++;
        }
        g->nplays += (size_t)(o - out);
        return;
    }
    put_tiles(o->tiles, plain);
    o->score = walked;
    o->leave = g->leave[idx];
    o->equity = o->score + o->leave;
    lx_xw_play pl = *o++;
    walked_at(g, left, right, at);
    for (int j = 0; j < n; j++) {
        int t = pl.tiles[j];
        *o = pl;
        o->tiles[j] = (uint8_t)(t | LX_XW_BLANK_BIT);
        o->score = walked - blank_less(&ln[left + at[j]], g, t, s.mult);
        o->leave = g->leave[idx + g->pv[t] - g->pv[0]];
        o->equity = o->score + o->leave;
        o++;
    }
    g->nplays += (size_t)(o - out);
}

/* With two blanks on the rack (see gen_place.c's record): the word put
 * down with each set of at most two of its tiles as blanks that the rack
 * can give, in the order of the sets' bit masks as record_as takes them. */
static void record_two_blanks(lx_xw_gen *g, int left, int right, walk_score s, int nplaced)
{
    lx_xw_play *out = room(g, (size_t)(1 + nplaced + nplaced * (nplaced - 1) / 2));
    if (!out)
        return;
    const xw_square *ln = g->ln;
    lx_xw_play pl;
    place_head(g, &pl, left, right, nplaced);
    uint8_t at[LX_XW_RACK_SIZE + 1];
    int n = walked_at(g, left, right, at), less[LX_XW_RACK_SIZE], pv_less[LX_XW_RACK_SIZE];
    uint64_t w = walked_word(g, left, n);
    int letters = s.main * s.mult + s.cross + (n == LX_XW_RACK_SIZE ? g->bingo_bonus : 0), all_idx = g->nleaves - 1;
    for (int j = 0; j < n; j++) { /* each tile as a letter, and as a blank */
        int tile = (int)(w >> 8 * j) & 0xFF, t = tile & 0x7F;
        pl.tiles[j] = (uint8_t)t;
        less[j] = blank_less(&ln[left + at[j]], g, t, s.mult);
        letters += tile & LX_XW_BLANK_BIT ? less[j] : 0;
        all_idx -= g->pv[t];
        pv_less[j] = g->pv[t] - g->pv[0];
    }
    /* the letters the word holds more of than the rack, and how many more
     * (need): so many of their tiles (over, a bit each) must be blanks */
    int count[LX_XW_MAX_LETTERS + 1], need[LX_XW_RACK_SIZE], nover = 0;
    unsigned over[LX_XW_RACK_SIZE];
    for (int j = 0; j < n; j++)
        count[pl.tiles[j]] = 0;
    for (int j = 0; j < n; j++)
        count[pl.tiles[j]]++;
    for (int j = 0; j < n; j++) {
        int t = pl.tiles[j];
        if (count[t] > g->rack0[t]) {
            need[nover] = count[t] - g->rack0[t];
            over[nover] = 0;
            for (int k = j; k < n; k++)
                over[nover] |= (unsigned)(pl.tiles[k] == t) << k;
            nover++;
            count[t] = 0; /* (once) */
        }
    }
    lx_xw_play *o = out;
    for (int b = -1; b < n; b++) { /* the sets {a, b}, a < b (-1: none), that meet every need */
        unsigned as = b < 0 ? 0 : (1u << b) - 1; /* the a's that may go with b */
        int none_ok = 1, ok = 1;                 /* a = -1 */
        for (int k = 0; k < nover; k++) {
            int left_over = need[k] - (b >= 0 && ((over[k] >> b) & 1));
            ok &= left_over <= 1;
            if (left_over == 1)
                as &= over[k], none_ok = 0;
        }
        if (!ok)
            continue;
        int end = b < 0 ? 0 : b; /* (b = -1: a = -1 only) */
        for (int a = none_ok ? -1 : as ? xw_lowest_bit(as) : end; a < end;) {
            *o = pl;
            o->score = letters;
            int i = all_idx;
            if (b >= 0)
                o->tiles[b] |= LX_XW_BLANK_BIT, o->score -= less[b], i += pv_less[b];
            if (a >= 0)
                o->tiles[a] |= LX_XW_BLANK_BIT, o->score -= less[a], i += pv_less[a];
            o->leave = g->leave[i];
            o->equity = o->score + o->leave;
            o++;
            as &= a >= 0 ? as - 1 : ~0u; /* (a, the lowest) */
            a = as ? xw_lowest_bit(as) : end;
        }
    }
    g->nplays += (size_t)(o - out);
}

#if defined(__GNUC__)
#define XW_NOINLINE __attribute__((noinline))
#else
#define XW_NOINLINE
#endif

/* A word whose tiles go down in more than one way (blanks): each way. */
XW_NOINLINE static void record_blanks(lx_xw_gen *g, int left, int right, walk_score s, int idx, int nplaced)
{
    if (g->rack0[0] == 1) {
        record_one_blank(g, left, right, s, idx, nplaced);
        return;
    }
    if (g->rack0[0] == 2) {
        record_two_blanks(g, left, right, s, nplaced);
        return;
    }
    if (g->rack0[0] > 2) { /* gen_place.c's way, each set of tiles as blanks */
        for (int i = left; i <= right; i++) /* (its strip) */
            if (!g->ln[i].tile)
                g->strip[i] = g->packed[g->empties_before[i]];
        int saved_nplaced = g->nplaced, saved_idx = g->leave_idx;
        g->nplaced = nplaced;
        g->leave_idx = idx;
        xw_gen_record_word(g, left, right, s);
        g->nplaced = saved_nplaced;
        g->leave_idx = saved_idx;
    }
}

/* The walks' builds (`words`): the runs' tiles in words & 3 words (0:
 * plain), and XW_NO_BLANK for a rack without a blank (each letter the
 * rack's own tile). */
#define XW_NO_BLANK 4

/* (A word that goes down one way only, as walked - no blank on the rack,
 * or the walk's blank the only tile of its letter - is written here; the
 * others go through record_blanks, out of the way.) */
XW_INLINE void record(lx_xw_gen *g, int left, int right, walk_score s, int idx, const int words)
{
    int nplaced = g->played[idx];
    if (nplaced == 1) { /* one tile: across when it makes an across word, else down */
        if (right == left)
            return;
        if (g->dir == 1 && g->ln[g->anchor].cross_score >= 0)
            return;
    }
    uint64_t w = walked_word(g, left, nplaced);
    int blanks = words & XW_NO_BLANK ? 0 : g->rack0[0];
    if (blanks > 1 || (blanks == 1 && !walked_one_way(w, nplaced))) {
        record_blanks(g, left, right, s, idx, nplaced);
        return;
    }
    lx_xw_play *pl = room(g, 1);
    if (!pl)
        return;
    place_head(g, pl, left, right, nplaced);
    put_tiles(pl->tiles, w);
    pl->score = s.main * s.mult + s.cross + (nplaced == LX_XW_RACK_SIZE ? g->bingo_bonus : 0);
    pl->leave = g->leave[idx];
    pl->equity = pl->score + pl->leave;
    g->nplays++;
}

void xw_every_record(lx_xw_gen *g, int left, int right, walk_score s, int idx)
{
    record(g, left, right, s, idx, 0);
}

/* Of the run whose tiles are `tiles`, what square q can take: its board
 * tile (the tile's bit), or the letters its cross set allows of those the
 * rack may give (`may`, g->may_go).  The walk goes on to q only where
 * that is not 0, straight to the letters on an empty square. */
XW_INLINE uint64_t letters_on(const xw_square *q, uint64_t tiles, uint64_t may)
{
    return q->tile ? tiles & (uint64_t)1 << (q->tile & 0x7F) : tiles & q->cross & may;
}

/* The walk is built six times: going left (from the anchor, col <= g->turn)
 * or right (past it), and with each run's tiles at hand in one or two
 * words (g->headed) or not (plain).  With the runs' tiles, step_*: on to
 * the empty square col, the letters m of run `run` known to go there
 * (none of it worked out again but the run's tiles, one read: fewer
 * arguments than registers). */
static void walk_left_plain(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx);
static void walk_right_plain(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx);
#define XW_HEADED_WALKS(w)                                                                                          \
    XW_WALK_CLONES static void walk_left##w(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx);   \
    XW_WALK_CLONES static void walk_right##w(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx);  \
    XW_WALK_CLONES static void step_left##w(lx_xw_gen *g, int col, uint32_t run, uint64_t m,                      \
                                            const walk_score *s, int idx);                                        \
    XW_WALK_CLONES static void step_right##w(lx_xw_gen *g, int col, uint32_t run, uint64_t m,                     \
                                             const walk_score *s, int idx);
XW_HEADED_WALKS(1)
XW_HEADED_WALKS(2)
XW_HEADED_WALKS(5)
XW_HEADED_WALKS(6)

/* On to square col from `run`, in the build for `left` and `words`. */
XW_INLINE void walk_on(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx, const int left,
                       const int words)
{
    if (words == 1)
        (left ? walk_left1 : walk_right1)(g, col, run, s, idx);
    else if (words == 2)
        (left ? walk_left2 : walk_right2)(g, col, run, s, idx);
    else if (words == (1 | XW_NO_BLANK))
        (left ? walk_left5 : walk_right5)(g, col, run, s, idx);
    else if (words == (2 | XW_NO_BLANK))
        (left ? walk_left6 : walk_right6)(g, col, run, s, idx);
    else
        (left ? walk_left_plain : walk_right_plain)(g, col, run, s, idx);
}

/* On to the empty square col, letters m of `run`, words 1 or 2. */
XW_INLINE void step_on(lx_xw_gen *g, int col, uint32_t run, uint64_t m, const walk_score *s, int idx, const int left,
                       const int words)
{
    if (words == 1)
        (left ? step_left1 : step_right1)(g, col, run, m, s, idx);
    else if (words == 2)
        (left ? step_left2 : step_right2)(g, col, run, m, s, idx);
    else if (words == (1 | XW_NO_BLANK))
        (left ? step_left5 : step_right5)(g, col, run, m, s, idx);
    else
        (left ? step_left6 : step_right6)(g, col, run, m, s, idx);
}

/* Having read `node` for square col: the word made, if any, and the walk
 * on (left: on left, and right after the separator; right: on right). */
XW_INLINE void go_on(lx_xw_gen *g, int col, uint32_t node, const walk_score *s, int idx, const int left,
                     const int words)
{
    const xw_square *ln = g->ln;
    uint32_t arc = xw_kwg_arc(node);
    uint64_t kept = g->kept_mask[idx]; /* tiles left to put on empty squares */
    int accepts = (node & XW_KWG_ACCEPTS) != 0;
    if (!words) { /* without the runs' tiles: step, and see */
        if (left) {
            int left_empty = col == 0 || !ln[col - 1].tile;
            if (accepts && left_empty && g->right_empty)
                record(g, col, g->turn, *s, idx, words);
            if (!arc)
                return;
            if (col > 0 && (ln[col - 1].tile || (kept && !ln[col - 1].anchor)))
                walk_left_plain(g, col - 1, arc, s, idx);
            if (left_empty && g->turn + 1 < g->len && (kept || ln[g->turn + 1].tile)) {
                uint32_t sep = g->lx->ascending ? (xw_kwg_tile(g->nodes[arc]) == 0 ? arc : 0) : xw_kwg_find(g->nodes, arc, 0);
                uint32_t right = sep ? xw_kwg_arc(g->nodes[sep]) : 0;
                if (right) {
                    g->left = col; /* (read only right of the turn) */
                    walk_right_plain(g, g->turn + 1, right, s, idx);
                }
            }
        } else {
            if (accepts && (col + 1 >= g->len || !ln[col + 1].tile))
                record(g, g->left, col, *s, idx, words);
            if (arc && col + 1 < g->len && (ln[col + 1].tile || kept))
                walk_right_plain(g, col + 1, arc, s, idx);
        }
        return;
    }
    /* with them, each step is taken only where the next square can take
     * one of the run's tiles (about two in five cannot), the tests made
     * without branches, one branch a step (squares off the line are not
     * read: the square itself stands in for them) */
    if (left) {
        int has_left = col > 0;
        const xw_square *lq = &ln[col - has_left];
        int left_empty = !has_left | !lq->tile;
        if (accepts & left_empty & g->right_empty)
            record(g, col, g->turn, *s, idx, words);
        if (!arc)
            return;
        uint64_t tiles = xw_tiles_of(g->nodes, arc, words & 3), m = letters_on(lq, tiles, g->may_go[idx]);
        if (has_left & (lq->tile || !lq->anchor) & (m != 0)) {
            if (lq->tile)
                walk_on(g, col - 1, arc, s, idx, 1, words);
            else /* straight to its letters */
                step_on(g, col - 1, arc, m, s, idx, 1, words);
        }
        int turn1 = g->turn + 1;
        if (left_empty & (int)(tiles & 1) & (turn1 < g->len)) { /* the separator: its node is the run's first (ascending) */
            uint32_t right = xw_kwg_arc(g->nodes[arc]);
            const xw_square *tq = &ln[turn1];
            uint64_t turn = letters_on(tq, xw_tiles_of(g->nodes, right, words & 3), g->may_go[idx]); /* (run 0: none) */
            if (turn) {
                g->left = col; /* (read only right of the turn) */
                if (tq->tile)
                    walk_on(g, turn1, right, s, idx, 0, words);
                else
                    step_on(g, turn1, right, turn, s, idx, 0, words);
            }
        }
    } else {
        int has_next = col + 1 < g->len;
        const xw_square *rq = &ln[col + has_next];
        if (accepts & !(has_next & (rq->tile != 0)))
            record(g, g->left, col, *s, idx, words);
        uint64_t tiles = xw_tiles_of(g->nodes, arc, words & 3), m = letters_on(rq, tiles, g->may_go[idx]);
        if ((arc != 0) & has_next & (m != 0)) {
            if (rq->tile)
                walk_on(g, col + 1, arc, s, idx, 0, words);
            else /* straight to its letters */
                step_on(g, col + 1, arc, m, s, idx, 0, words);
        }
    }
}

/* The score and the tiles put down (g->packed) with letter t (the rack's tile rt, 0: the blank)
 * on the empty square q at col, in the walk's build `words`. */
XW_INLINE walk_score put_down(lx_xw_gen *g, const xw_square *q, int col, int t, int rt, walk_score s, const int words)
{
    int v = g->values[rt] * q->lm, blank = words & XW_NO_BLANK ? 0 : rt == 0;
    g->packed[g->empties_before[col]] = (uint8_t)(t | blank << 7); /* (LX_XW_BLANK_BIT) read only while it is the path's */
    return (walk_score){s.main + v, s.mult * q->wm, s.cross + (q->cross_score >= 0 ? (q->cross_score + v) * q->wm : 0)};
}

/* Letter t (node `node`) on the empty square col: the rack's tile, else
 * the blank standing for it (rt 0: tile 0's value is 0). */
XW_INLINE void place(lx_xw_gen *g, int col, uint32_t node, int t, const walk_score *s, int idx, uint64_t kept,
                     const int left, const int words)
{
    int rt = t & -(int)((kept >> t) & 1);
    walk_score n = put_down(g, &g->ln[col], col, t, rt, *s, words);
    go_on(g, col, node, &n, idx - g->pv[rt], left, words);
}

/* With the runs' tiles at hand: the letters m (of run `run`, whose tiles
 * are `tiles`) on the empty square col.  What each leads to (a word made,
 * a step on, a turn right) is worked out from its node before anything
 * else, and a letter that leads nowhere (about half of them) is dropped
 * there, unscored. */
/* The letters loop going left (see letters), for square col - 1 holding a
 * tile or not (`tiled`, a constant in each build: the walk reaches an
 * empty square going left only from the anchor or an empty square that
 * is no anchor, neither of which has a tile left of it, so the tiled
 * build is there for safety). */
XW_INLINE void letters_left(lx_xw_gen *g, int col, uint32_t run, uint64_t tiles, uint64_t m, const walk_score *s,
                            int idx, uint64_t kept, const int words, const int tiled)
{
    const xw_square *q = &g->ln[col];
    const uint32_t *nodes = g->nodes;
    const xw_every_square *e = &g->every_sq[col]; /* square col - 1's (see xw_every_line) */
    const xw_square *tq = g->every_turn_q;
    int record_ok = tiled ? 0 : g->right_empty;
    uint64_t sep_ok = tiled ? 0 : (uint64_t)g->every_turn_ok; /* bit 0, the separator's, when the walk may turn */
    uint32_t accepts_ok = XW_KWG_ACCEPTS & -(uint32_t)record_ok;
    /* a step on when the next run has a tile of want & (what the rack may | tile_any) */
    uint64_t want = e->want_left, tile_any = tiled ? ~(uint64_t)0 : 0;
    do {
        int t = xw_lowest_bit(m);
        uint32_t node = nodes[xw_run_node(run, tiles, t)], arc = xw_kwg_arc(node), right = 0;
        int rt = words & XW_NO_BLANK ? t : t & -(int)((kept >> t) & 1), next = idx - g->pv[rt];
        uint64_t next_may = g->may_go[next];
        uint64_t after = xw_tiles_of(nodes, arc, words & 3);
        uint64_t then = after & want & (next_may | tile_any); /* (lq empty: its letters that may go there) */
        uint32_t word = node & accepts_ok;
        if (!(then | word | (after & sep_ok)))
            continue; /* (about half the letters: one branch) */
        uint64_t turn = 0; /* the turn square's letters of run `right` (its tile's bit on a tile) */
        if (after & sep_ok) { /* the separator: its node is the run's first (ascending) */
            right = xw_kwg_arc(nodes[arc]);
            turn = letters_on(tq, xw_tiles_of(nodes, right, words & 3), next_may); /* (run 0: none) */
        }
        if (then | word | turn) {
            walk_score n = put_down(g, q, col, t, rt, *s, words);
            if (word)
                record(g, col, g->turn, n, next, words);
            if (then && tiled)
                walk_on(g, col - 1, arc, &n, next, 1, words);
            else if (then)
                step_on(g, col - 1, arc, then, &n, next, 1, words);
            if (turn) {
                g->left = col; /* (read only right of the turn) */
                if (tq->tile)
                    walk_on(g, g->turn + 1, right, &n, next, 0, words);
                else /* straight to its letters */
                    step_on(g, g->turn + 1, right, turn, &n, next, 0, words);
            }
        }
    } while (m &= m - 1);
}

/* The letters loop going right (see letters), for square col + 1 holding
 * a tile or not (`tiled`, a constant in each build). */
XW_INLINE void letters_right(lx_xw_gen *g, int col, uint32_t run, uint64_t tiles, uint64_t m, const walk_score *s,
                             int idx, uint64_t kept, const int words, const int tiled)
{
    const xw_square *q = &g->ln[col];
    const uint32_t *nodes = g->nodes;
    uint64_t want = g->every_sq[col + 2].want_right; /* square col + 1's */
    do {
        int t = xw_lowest_bit(m);
        uint32_t node = nodes[xw_run_node(run, tiles, t)], arc = xw_kwg_arc(node);
        int rt = words & XW_NO_BLANK ? t : t & -(int)((kept >> t) & 1), next = idx - g->pv[rt];
        uint64_t after = xw_tiles_of(nodes, arc, words & 3);
        uint64_t then = tiled ? after & want : after & want & g->may_go[next]; /* (empty: the rack's letters too) */
        uint32_t word = tiled ? 0 : node & XW_KWG_ACCEPTS;
        if (!(then | word))
            continue; /* (about half the letters: one branch) */
        walk_score n = put_down(g, q, col, t, rt, *s, words);
        if (word)
            record(g, g->left, col, n, next, words);
        if (then && tiled)
            walk_on(g, col + 1, arc, &n, next, 0, words);
        else if (then)
            step_on(g, col + 1, arc, then, &n, next, 0, words);
    } while (m &= m - 1);
}

XW_INLINE void letters(lx_xw_gen *g, int col, uint32_t run, uint64_t tiles, uint64_t m, const walk_score *s, int idx,
                       uint64_t kept, const int left, const int words)
{
    if (left) {
        if (g->every_sq[col].any)
            letters_left(g, col, run, tiles, m, s, idx, kept, words, 1);
        else
            letters_left(g, col, run, tiles, m, s, idx, kept, words, 0);
        return;
    }
    if (g->every_sq[col + 2].any) /* square col + 1's tile */
        letters_right(g, col, run, tiles, m, s, idx, kept, words, 1);
    else
        letters_right(g, col, run, tiles, m, s, idx, kept, words, 0);
}

XW_INLINE void walk(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx, const int left, const int words)
{
    const xw_square *q = &g->ln[col];
    const uint32_t *nodes = g->nodes;
    if (q->tile) {
        int t = q->tile & 0x7F;
        uint64_t tiles = words ? xw_tiles_of(nodes, run, words & 3) : 0; /* (run 0: none) */
        uint32_t at = !words ? xw_gen_find(g, run, t) : (tiles >> t) & 1 ? xw_run_node(run, tiles, t) : 0;
        if (at) {
            walk_score n = {s->main + q->value, s->mult, s->cross};
            go_on(g, col, nodes[at], &n, idx, left, words);
        }
        return;
    }
    /* the letters that may go here: the cross set's, of those on the rack
     * (any, with a blank); bit 0, the separator, never */
    uint64_t kept = g->kept_mask[idx], any = q->cross & g->may_go[idx];
    if (!any || !run)
        return;
    if (words) { /* each letter's node found by the run's tiles below it */
        uint64_t tiles = xw_tiles_of(nodes, run, words & 3), m = tiles & any;
        if (m)
            letters(g, col, run, tiles, m, s, idx, kept, left, words);
        return;
    }
    uint32_t cand[LX_XW_MAX_LETTERS + 1]; /* the run's nodes whose letter may go here */
    int nc = xw_kwg_gather(nodes, run, any, cand);
    for (int c = 0; c < nc; c++)
        place(g, col, cand[c], xw_kwg_tile(cand[c]), s, idx, kept, left, 0);
}

#define XW_HEADED_WALKS_BUILT(w)                                                                                     \
    XW_WALK_CLONES static void walk_left##w(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx)     \
    {                                                                                                              \
        walk(g, col, run, s, idx, 1, w);                                                                           \
    }                                                                                                              \
    XW_WALK_CLONES static void walk_right##w(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx)    \
    {                                                                                                              \
        walk(g, col, run, s, idx, 0, w);                                                                           \
    }                                                                                                              \
    XW_WALK_CLONES static void step_left##w(lx_xw_gen *g, int col, uint32_t run, uint64_t m, const walk_score *s,   \
                                            int idx)                                                              \
    {                                                                                                              \
        letters(g, col, run, xw_tiles_of(g->nodes, run, w & 3), m, s, idx, g->kept_mask[idx], 1, w);                  \
    }                                                                                                              \
    XW_WALK_CLONES static void step_right##w(lx_xw_gen *g, int col, uint32_t run, uint64_t m, const walk_score *s,  \
                                             int idx)                                                             \
    {                                                                                                              \
        letters(g, col, run, xw_tiles_of(g->nodes, run, w & 3), m, s, idx, g->kept_mask[idx], 0, w);                  \
    }
XW_HEADED_WALKS_BUILT(1)
XW_HEADED_WALKS_BUILT(2)
XW_HEADED_WALKS_BUILT(5)
XW_HEADED_WALKS_BUILT(6)

static void walk_left_plain(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx)
{
    walk(g, col, run, s, idx, 1, 0);
}

static void walk_right_plain(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx)
{
    walk(g, col, run, s, idx, 0, 0);
}

/* From square col (left of the turn or not), GADDAG run `run`. */
static void walk_from(lx_xw_gen *g, int col, uint32_t run, const walk_score *s, int idx)
{
    int left = col <= g->turn, none = g->rack0[0] == 0;
    if (g->headed == 1 && none)
        walk_on(g, col, run, s, idx, left, 1 | XW_NO_BLANK);
    else if (g->headed == 1)
        walk_on(g, col, run, s, idx, left, 1);
    else if (g->headed == 2 && none)
        walk_on(g, col, run, s, idx, left, 2 | XW_NO_BLANK);
    else if (g->headed == 2)
        walk_on(g, col, run, s, idx, left, 2);
    else
        walk_on(g, col, run, s, idx, left, 0);
}

void xw_every_step_right(lx_xw_gen *g, int col, uint32_t run, uint64_t m, xw_walk_score s, int idx)
{
    int none = g->rack0[0] == 0;
    if (g->headed == 1 && none)
        step_on(g, col, run, m, &s, idx, 0, 1 | XW_NO_BLANK);
    else if (g->headed == 1)
        step_on(g, col, run, m, &s, idx, 0, 1);
    else if (g->headed == 2 && none)
        step_on(g, col, run, m, &s, idx, 0, 2 | XW_NO_BLANK);
    else if (g->headed == 2)
        step_on(g, col, run, m, &s, idx, 0, 2);
    else
        walk_on(g, col, run, &s, idx, 0, 0); /* (the plain walk works m out again) */
}

void xw_every_beside_tiles(lx_xw_gen *g, int dir, int line, int anchor, int after)
{
    walk_score s;
    uint32_t run = after ? xw_gen_read_before(g, dir, line, anchor, &s) : xw_gen_read_after(g, dir, line, anchor, &s);
    xw_every_line(g);
    int turn1 = g->turn + 1;
    g->every_turn_ok = turn1 < g->len;
    g->every_turn_q = &g->ln[turn1 - !g->every_turn_ok];
    if (run)
        walk_from(g, anchor, run, &s, g->nleaves - 1);
    g->turn = g->left = anchor;
}

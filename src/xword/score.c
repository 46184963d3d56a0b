/* score.c - whether a play is legal on a position, and what it scores.
 *
 * The play names its whole main word: the coordinate is where it starts
 * and the tiles run to where it ends, so a word that would run on into
 * tiles the play does not name is refused, not silently extended.  The
 * score is the main word (when it has two tiles or more) and every
 * cross-word a new tile makes; letter and word premiums count only under
 * new tiles; blanks score 0; playing a full rack adds the bingo bonus.
 * Racks: a rack in a CGP may be partly known, so a tile missing from the
 * mover's rack is only an error when the rest of the rack cannot hold it. */
#include <string.h>

#include "xword/xword_impl.h"

int xw_tile_after(const lx_xw_pos *p, const lx_xw_move *m, int r, int c)
{
    if (m && m->kind == LX_XW_PLACE) {
        int i = m->down ? r - m->row : c - m->col;
        int on_line = m->down ? c == m->col : r == m->row;
        if (on_line && i >= 0 && i < m->len && m->tiles[i])
            return m->tiles[i];
    }
    return lx_xw_pos_square(p, r, c);
}

typedef struct play_check {
    const lx_xw_pos *p;
    lx_xw_move m;        /* the play, with spelled-through letters turned into '.' */
    int flags;
    int dr, dc;
    int new_tiles, touches, covers_start;
    char sq[16];
} play_check;

static const char *square(play_check *k, int r, int c)
{
    lx_xw_square_name(r, c, k->sq, sizeof k->sq);
    return k->sq;
}

/* Each square of the word: '.' over a tile, letters over empty squares. */
static int check_squares(play_check *k, lx_game_error *err)
{
    const lx_xw_pos *p = k->p;
    int sr, sc;
    lx_xw_layout_start(p->layout, &sr, &sc);
    for (int i = 0; i < k->m.len; i++) {
        int r = k->m.row + i * k->dr, c = k->m.col + i * k->dc, on = xw_sq(p, r, c), t = k->m.tiles[i];
        if (t && on && (k->flags & LX_XW_SPELLED_THROUGH) && (on & 0x7F) == (t & 0x7F)) {
            k->m.through[i] = (uint8_t)t;
            k->m.tiles[i] = 0;
            t = 0;
        }
        if (!t && !on)
            return lx_game_fail(err, "THROUGH_EMPTY", "the play goes through %s with '.', but the square is empty",
                                square(k, r, c));
        if (!t && k->m.through[i] && (k->m.through[i] & 0x7F) != (on & 0x7F))
            return lx_game_fail(err, "THROUGH_MISMATCH", "the play spells %s on %s, but the board has %s there",
                                lx_xw_dist_label(p->dist, k->m.through[i] & 0x7F), square(k, r, c),
                                lx_xw_dist_label(p->dist, on));
        if (t && on)
            return lx_game_fail(err, "LETTER_OVER_OCCUPIED", "the play puts %s on %s, which already holds %s (write "
                                "'.' for a tile on the board)", lx_xw_dist_label(p->dist, t), square(k, r, c),
                                lx_xw_dist_label(p->dist, on));
        if (!t) {
            k->touches = 1;
            continue;
        }
        if ((t & 0x7F) < 1 || (t & 0x7F) > p->dist->n)
            return lx_game_fail(err, "UNKNOWN_TILE", "the play holds a tile the distribution does not have");
        k->new_tiles++;
        k->covers_start |= r == sr && c == sc;
        k->touches |= lx_xw_pos_square(p, r - 1, c) || lx_xw_pos_square(p, r + 1, c) ||
                      lx_xw_pos_square(p, r, c - 1) || lx_xw_pos_square(p, r, c + 1);
    }
    return 0;
}

static int board_empty(const lx_xw_pos *p)
{
    size_t n = (size_t)p->rows * (size_t)p->cols;
    for (size_t i = 0; i < n; i++)
        if (p->sq[i])
            return 0;
    return 1;
}

static int check_shape(play_check *k, lx_game_error *err)
{
    const lx_xw_pos *p = k->p;
    const lx_xw_move *m = &k->m;
    int br = m->row - k->dr, bc = m->col - k->dc, er = m->row + m->len * k->dr, ec = m->col + m->len * k->dc;
    if (m->row < 0 || m->col < 0 || m->row + (m->len - 1) * k->dr >= p->rows || m->col + (m->len - 1) * k->dc >= p->cols)
        return lx_game_fail(err, "OFF_BOARD", "the word runs off the board");
    if (check_squares(k, err) != 0)
        return -1;
    if (k->new_tiles == 0)
        return lx_game_fail(err, "NO_NEW_TILES", "the play puts no tile on the board");
    if (lx_xw_pos_square(p, br, bc))
        return lx_game_fail(err, "WORD_RUNS_ON", "the word goes on before its first square, into the tile on %s; "
                            "the coordinate is where the whole word starts", square(k, br, bc));
    if (lx_xw_pos_square(p, er, ec))
        return lx_game_fail(err, "WORD_RUNS_ON", "the word goes on past its last square, into the tile on %s; the "
                            "play must name the whole word", square(k, er, ec));
    if (board_empty(p)) {
        int sr, sc;
        lx_xw_layout_start(p->layout, &sr, &sc);
        if (!k->covers_start)
            return lx_game_fail(err, "START_SQUARE_MISSED", "the first play must cover the start square %s",
                                square(k, sr, sc));
        if (m->len < 2)
            return lx_game_fail(err, "SINGLE_TILE_NO_WORD", "the first play must make a word of two tiles or more");
    } else if (!k->touches) {
        return lx_game_fail(err, "NOT_CONNECTED", "the play does not touch any tile on the board");
    }
    return 0;
}

/* ---- racks and the bag ------------------------------------------------------------------------- */

static int rack_size(void)
{
    return LX_XW_RACK_SIZE;
}

/* Tiles the play takes from the rack: counts[0] blanks, counts[t] letters. */
static void needed_tiles(const lx_xw_move *m, int *counts)
{
    if (m->kind == LX_XW_EXCHANGE) {
        if (m->tiles_known)
            xw_count_tiles(m->tiles, (size_t)m->len, counts);
        return;
    }
    for (int i = 0; i < m->len; i++)
        if (m->tiles[i])
            counts[(m->tiles[i] & LX_XW_BLANK_BIT) ? 0 : m->tiles[i]]++;
}

static const char *tile_name(const lx_xw_dist *d, int t)
{
    return t == 0 ? "blank (?)" : lx_xw_dist_label(d, t);
}

static int check_rack(const lx_xw_pos *p, const lx_xw_move *m, int flags, lx_game_error *err)
{
    int need[LX_XW_MAX_LETTERS + 1] = {0}, have[LX_XW_MAX_LETTERS + 1] = {0}, seen[LX_XW_MAX_LETTERS + 1] = {0};
    size_t nrack;
    const uint8_t *rack = lx_xw_pos_rack(p, 0, &nrack);
    needed_tiles(m, need);
    xw_count_tiles(rack, nrack, have);
    xw_count_board(p, seen);
    xw_count_tiles(p->racks, p->racks_len, seen);
    long unseen = lx_xw_pos_unseen(p), room = rack_size() - (long)nrack;
    long missing = 0;
    for (int t = 0; t <= p->dist->n; t++) {
        int short_by = need[t] > have[t] ? need[t] - have[t] : 0;
        if (short_by > 0 && short_by > p->dist->tiles[t].count - seen[t])
            return lx_game_fail(err, "TOO_MANY_TILES", "the play needs %d more %s than the %s distribution has left "
                                "unseen", short_by, t ? lx_xw_dist_label(p->dist, t) : "blanks", p->dist->name);
        if (short_by > 0 && (flags & LX_XW_IGNORE_RACK) == 0 && nrack >= (size_t)rack_size())
            return lx_game_fail(err, "TILE_NOT_IN_RACK", "the play uses %s, which the rack does not hold",
                                tile_name(p->dist, t));
        missing += short_by;
    }
    long could = room < unseen ? room : unseen;
    could = could > 0 ? could : 0;
    if ((flags & LX_XW_IGNORE_RACK) == 0 && missing > could)
        return lx_game_fail(err, "TILE_NOT_IN_RACK", "the play uses %ld tile%s the rack does not hold, and at most "
                            "%ld more could be in it", missing, missing == 1 ? "" : "s", could);
    return 0;
}

static int check_exchange(const lx_xw_pos *p, const lx_xw_move *m, int flags, lx_game_error *err)
{
    long unseen = lx_xw_pos_unseen(p), others = 0;
    for (size_t i = 1; i < p->npl; i++) {
        long room = rack_size() - (long)p->pl[i].rack_len;
        others += room > 0 ? room : 0;
    }
    size_t nrack;
    lx_xw_pos_rack(p, 0, &nrack);
    long mover_room = rack_size() - (long)nrack;
    long bag = unseen - others - (mover_room > 0 ? mover_room : 0);
    if (bag < p->ops.etl)
        return lx_game_fail(err, "EXCHANGE_NOT_ALLOWED", "an exchange needs %ld tiles in the bag; at most %ld are "
                            "left", p->ops.etl, bag > 0 ? bag : 0);
    if (m->len > rack_size())
        return lx_game_fail(err, "TILE_NOT_IN_RACK", "an exchange of %d tiles, more than a rack holds", m->len);
    return check_rack(p, m, flags, err);
}

/* ---- scoring ------------------------------------------------------------------------------------- */

/* Score the run of tiles through (r, c) in direction (dr, dc); its length into w. */
static int score_run(const lx_xw_pos *p, const lx_xw_move *m, int r, int c, int dr, int dc, lx_xw_word *w)
{
    while (xw_tile_after(p, m, r - dr, c - dc))
        r -= dr, c -= dc;
    int sum = 0, mult = 1, len = 0;
    *w = (lx_xw_word){r, c, dr, 0, 0};
    for (; r < p->rows && c < p->cols; r += dr, c += dc, len++) {
        int t = xw_tile_after(p, m, r, c);
        if (!t)
            break;
        int v = lx_xw_dist_value(p->dist, t);
        if (!lx_xw_pos_square(p, r, c)) { /* a new tile: premiums count */
            v *= lx_xw_layout_letter_mult(p->layout, r, c);
            mult *= lx_xw_layout_word_mult(p->layout, r, c);
        }
        sum += v;
    }
    w->len = len;
    w->score = sum * mult;
    return len;
}

static void score_play(const play_check *k, lx_xw_scored *out)
{
    const lx_xw_pos *p = k->p;
    const lx_xw_move *m = &k->m;
    lx_xw_word w;
    if (score_run(p, m, m->row, m->col, k->dr, k->dc, &w) >= 2)
        out->words[out->nwords++] = w;
    for (int i = 0; i < m->len; i++) {
        if (!m->tiles[i])
            continue;
        int r = m->row + i * k->dr, c = m->col + i * k->dc;
        if (score_run(p, m, r, c, k->dc, k->dr, &w) >= 2)
            out->words[out->nwords++] = w;
    }
    for (size_t i = 0; i < out->nwords; i++)
        out->score += out->words[i].score;
    out->tiles_played = k->new_tiles;
    out->bingo = k->new_tiles == rack_size();
    if (out->bingo)
        out->score += p->ops.bb;
}

int lx_xw_move_check(const lx_xw_pos *p, const lx_xw_move *m, int flags, lx_xw_scored *out, lx_game_error *err)
{
    out->score = 0;
    out->bingo = out->tiles_played = 0;
    out->nwords = 0;
    if (m->kind == LX_XW_PASS)
        return 0;
    if (m->kind == LX_XW_EXCHANGE)
        return check_exchange(p, m, flags, err);
    play_check k;
    memset(&k, 0, offsetof(play_check, m));
    k.p = p;
    k.m = *m;
    k.flags = flags;
    k.dr = m->down;
    k.dc = !m->down;
    k.new_tiles = k.touches = k.covers_start = 0;
    if (m->len < 1 || check_shape(&k, err) != 0)
        return m->len < 1 ? lx_game_fail(err, "NO_NEW_TILES", "the play has no tiles") : -1;
    if (k.new_tiles > rack_size())
        return lx_game_fail(err, "TILE_NOT_IN_RACK", "the play puts down %d tiles; a rack holds %d", k.new_tiles,
                            rack_size());
    if (check_rack(p, &k.m, flags, err) != 0)
        return -1;
    score_play(&k, out);
    if (out->nwords == 0)
        return lx_game_fail(err, "SINGLE_TILE_NO_WORD", "the single tile makes no word of two tiles or more");
    return 0;
}

int xw_spelled_through(const lx_xw_pos *p, lx_xw_move *m)
{
    int n = 0;
    for (int i = 0; m->kind == LX_XW_PLACE && i < m->len; i++) {
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i), on = lx_xw_pos_square(p, r, c);
        if (m->tiles[i] && on && (on & 0x7F) == (m->tiles[i] & 0x7F)) {
            m->through[i] = m->tiles[i];
            m->tiles[i] = 0;
            n++;
        }
    }
    return n;
}

/* ---- words ------------------------------------------------------------------------------------------ */

int lx_xw_word_tiles(const lx_xw_pos *p, const lx_xw_move *m, const lx_xw_word *w, uint8_t *tiles)
{
    for (int i = 0; i < w->len && i < LX_XW_MAX_SIDE; i++)
        tiles[i] = (uint8_t)(xw_tile_after(p, m, w->row + i * w->down, w->col + i * !w->down) & 0x7F);
    return w->len;
}

int lx_xw_word_text(const lx_xw_pos *p, const lx_xw_move *m, const lx_xw_word *w, lx_buf *out)
{
    uint8_t tiles[LX_XW_MAX_SIDE];
    int n = lx_xw_word_tiles(p, m, w, tiles);
    for (int i = 0; i < n; i++)
        if (lx_buf_append_str(out, lx_xw_dist_label(p->dist, tiles[i])) != 0)
            return -1;
    return 0;
}

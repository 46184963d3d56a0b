/* validate.c - could this position happen?
 *
 * A CGP that reads cleanly may still describe a board no game could reach:
 * thirteen E tiles, two islands of words, a word floating off the start
 * square, a rack of nine, a last move whose tiles are not on the board, a
 * negative bingo bonus.  Each such problem is a diagnostic that names the
 * square or the tile, at the place in the record it concerns.  The flood
 * fill that checks connectivity keeps its own queue: no recursion. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

typedef struct checker {
    const lx_xw_pos *p;
    lx_diag_list *diags;
    size_t errors;
} checker;

static void report(checker *k, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void report(checker *k, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
{
    if (sev >= LX_ERROR)
        k->errors++;
    if (!k->diags)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lx_diag_add(k->diags, sev, code, k->p->read ? k->p->base + at : LX_NO_OFFSET, "%s", msg);
}

static size_t square_at(const lx_xw_pos *p, int r, int c)
{
    return p->sq_off[(size_t)r * (size_t)p->cols + (size_t)c];
}

static const char *sq_name(int r, int c, char *buf)
{
    lx_xw_square_name(r, c, buf, 16);
    return buf;
}

/* ---- tile counts ----------------------------------------------------------------------------- */

static void check_counts(checker *k, const int *board)
{
    const lx_xw_pos *p = k->p;
    int racks[LX_XW_MAX_LETTERS + 1] = {0};
    xw_count_tiles(p->racks, p->racks_len, racks);
    for (int t = 0; t <= p->dist->n; t++) {
        int n = board[t] + racks[t], have = p->dist->tiles[t].count;
        if (n <= have)
            continue;
        if (t == 0)
            report(k, LX_ERROR, "TOO_MANY_TILES", p->field_at[0], "%d blanks (%d on the board, %d in racks); the %s "
                   "distribution has %d", n, board[0], racks[0], p->dist->name, have);
        else
            report(k, LX_ERROR, "TOO_MANY_TILES", p->field_at[0], "%d %s tiles (%d on the board, %d in racks); the "
                   "%s distribution has %d", n, p->dist->tiles[t].upper, board[t], racks[t], p->dist->name, have);
    }
}

/* ---- connectivity ----------------------------------------------------------------------------- */

/* Flood the group of occupied squares that holds (r, c), marking seen[].
 * Squares are queued as row << 8 | column (a side is at most 255). */
static size_t flood(const lx_xw_pos *p, int r, int c, uint8_t *seen, uint16_t *queue)
{
    size_t head = 0, tail = 0, cols = (size_t)p->cols;
    queue[tail++] = (uint16_t)(r << 8 | c);
    seen[(size_t)r * cols + (size_t)c] = 1;
    while (head < tail) {
        int qr = queue[head] >> 8, qc = queue[head] & 0xFF;
        head++;
        const uint8_t *sq = p->sq + (size_t)qr * cols + (size_t)qc;
        uint8_t *sn = seen + (size_t)qr * cols + (size_t)qc;
        if (qr > 0 && sq[-(long)cols] && !sn[-(long)cols])
            sn[-(long)cols] = 1, queue[tail++] = (uint16_t)((qr - 1) << 8 | qc);
        if (qr + 1 < p->rows && sq[cols] && !sn[cols])
            sn[cols] = 1, queue[tail++] = (uint16_t)((qr + 1) << 8 | qc);
        if (qc > 0 && sq[-1] && !sn[-1])
            sn[-1] = 1, queue[tail++] = (uint16_t)(qr << 8 | (qc - 1));
        if (qc + 1 < p->cols && sq[1] && !sn[1])
            sn[1] = 1, queue[tail++] = (uint16_t)(qr << 8 | (qc + 1));
    }
    return tail;
}

static void report_groups(checker *k, int sr, int sc, uint8_t *seen, uint16_t *queue)
{
    const lx_xw_pos *p = k->p;
    size_t n = (size_t)p->rows * (size_t)p->cols;
    char a[16], b[16];
    int groups = 0;
    for (size_t i = 0; i < n && groups < 10; i++) {
        if (!p->sq[i] || seen[i])
            continue;
        int r = (int)(i / (size_t)p->cols), c = (int)(i % (size_t)p->cols);
        size_t size = flood(p, r, c, seen, queue);
        groups++;
        if (size == 1)
            report(k, LX_ERROR, "TILES_NOT_CONNECTED", square_at(p, r, c), "the tile on %s is not connected to the "
                   "tiles through the start square %s", sq_name(r, c, a), sq_name(sr, sc, b));
        else
            report(k, LX_ERROR, "TILES_NOT_CONNECTED", square_at(p, r, c), "the %zu tiles from %s on are not "
                   "connected to the tiles through the start square %s", size, sq_name(r, c, a), sq_name(sr, sc, b));
    }
}

/* ---- connectivity, fast: runs of tiles and union-find ---------------------------------------------- */

typedef struct runs {
    uint16_t *parent;
    uint8_t *c0, *c1; /* first and last column of each run */
} runs;

static uint16_t find_root(uint16_t *parent, uint16_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Link the runs of one row (cur..n) with those of the row above (prev..cur). */
static void link_rows(runs *u, size_t prev, size_t cur, size_t n)
{
    size_t i = prev, j = cur;
    while (i < cur && j < n) {
        if (u->c1[i] >= u->c0[j] && u->c1[j] >= u->c0[i]) {
            uint16_t a = find_root(u->parent, (uint16_t)i), b = find_root(u->parent, (uint16_t)j);
            u->parent[a > b ? a : b] = a < b ? a : b; /* the earlier run stays the root: shallow trees */
        }
        if (u->c1[i] < u->c1[j])
            i++;
        else
            j++;
    }
}

/* Whether every tile is connected to the one on the start square: each
 * row's runs of tiles are linked to the overlapping runs of the row above. */
static int all_connected(const lx_xw_pos *p, int sr, int sc, runs *u)
{
    size_t n = 0, prev = 0;
    long start_run = -1;
    for (int r = 0; r < p->rows; r++) {
        const uint8_t *row = p->sq + (size_t)r * (size_t)p->cols;
        size_t cur = n;
        for (int c = 0; c < p->cols;) {
            while (c < p->cols && !row[c])
                c++;
            if (c >= p->cols)
                break;
            int first = c;
            while (c < p->cols && row[c])
                c++;
            u->parent[n] = (uint16_t)n;
            u->c0[n] = (uint8_t)first;
            u->c1[n] = (uint8_t)(c - 1);
            if (r == sr && first <= sc && sc < c)
                start_run = (long)n;
            n++;
        }
        link_rows(u, prev, cur, n);
        prev = cur;
    }
    if (start_run < 0)
        return 0;
    uint16_t root = find_root(u->parent, (uint16_t)start_run);
    for (size_t i = 0; i < n; i++)
        if (find_root(u->parent, (uint16_t)i) != root)
            return 0;
    return 1;
}

/* ---- connectivity, faster still: rows as 64-bit masks -------------------------------------------------- */

/* The occupied squares of a row of at most 64 columns, one bit each. */
static uint64_t row_mask(const uint8_t *row, int cols)
{
    uint64_t mask = 0;
    for (int c = 0; c < cols; c += 8) {
        uint64_t w = 0;
        if (c + 8 <= cols)
            memcpy(&w, row + c, 8);
        else
            for (int j = 0; c + j < cols; j++)
                w |= (uint64_t)row[c + j] << (8 * j);
        /* the high bit of each byte that is not zero, gathered into 8 bits */
        uint64_t hi = (((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w) & 0x8080808080808080ULL;
        mask |= (((hi >> 7) * 0x0102040810204080ULL) >> 56) << c;
    }
    return mask;
}

/* Spread x along the runs of occ it touches. */
static uint64_t fill_runs(uint64_t x, uint64_t occ)
{
    uint64_t y;
    do {
        y = x;
        x |= ((x << 1) | (x >> 1)) & occ;
    } while (x != y);
    return x;
}

/* Whether every tile is connected to the one on the start square, with
 * each row a bit mask: sweep down and up, spreading along runs and to the
 * rows beside, until nothing changes. */
static int all_connected_bits(const lx_xw_pos *p, int sr, int sc)
{
    uint64_t occ[LX_XW_MAX_SIDE], reach[LX_XW_MAX_SIDE];
    int rows = p->rows, changed = 1;
    for (int r = 0; r < rows; r++) {
        occ[r] = row_mask(p->sq + (size_t)r * (size_t)p->cols, p->cols);
        reach[r] = 0;
    }
    reach[sr] = fill_runs((uint64_t)1 << sc, occ[sr]);
    while (changed) {
        changed = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < rows; i++) {
                int r = pass ? rows - 1 - i : i;
                uint64_t x = reach[r] | (((r > 0 ? reach[r - 1] : 0) | (r + 1 < rows ? reach[r + 1] : 0)) & occ[r]);
                if (x == reach[r])
                    continue;
                reach[r] = fill_runs(x, occ[r]);
                changed = 1;
            }
    }
    for (int r = 0; r < rows; r++)
        if (reach[r] != occ[r])
            return 0;
    return 1;
}

/* The slow path, only when something is not connected: flood from the
 * start square and name each group left over. */
static void report_disconnected(checker *k, int sr, int sc)
{
    const lx_xw_pos *p = k->p;
    size_t n = (size_t)p->rows * (size_t)p->cols;
    uint8_t *seen = calloc(n, 1);
    uint16_t *queue = malloc(n * sizeof *queue);
    if (seen && queue) {
        flood(p, sr, sc, seen, queue);
        report_groups(k, sr, sc, seen, queue);
    }
    free(seen);
    free(queue);
}

static void check_connected(checker *k, size_t tiles)
{
    const lx_xw_pos *p = k->p;
    size_t n = (size_t)p->rows * (size_t)p->cols, most_runs = (size_t)p->rows * (size_t)((p->cols + 1) / 2);
    int sr, sc;
    char a[16];
    if (tiles == 0)
        return;
    lx_xw_layout_start(p->layout, &sr, &sc);
    if (tiles == 1) {
        size_t i = 0;
        while (!p->sq[i])
            i++;
        int r = (int)(i / (size_t)p->cols), c = (int)(i % (size_t)p->cols);
        report(k, LX_ERROR, "LONE_TILE", square_at(p, r, c), "the board holds one tile (on %s); every play makes a "
               "word of two tiles or more", sq_name(r, c, a));
        return;
    }
    if (!xw_sq(p, sr, sc)) {
        report(k, LX_ERROR, "START_SQUARE_EMPTY", p->field_at[0], "the board holds tiles but the start square %s is "
               "empty; the first play covers it", sq_name(sr, sc, a));
        return;
    }
    if (p->cols <= 64) {
        if (!all_connected_bits(p, sr, sc))
            report_disconnected(k, sr, sc);
        return;
    }
    uint16_t parent_small[1024];
    uint8_t c0_small[1024], c1_small[1024];
    int small = most_runs <= 1024;
    runs u = {small ? parent_small : malloc(most_runs * sizeof *u.parent), small ? c0_small : malloc(most_runs),
              small ? c1_small : malloc(most_runs)};
    if (u.parent && u.c0 && u.c1 && n > 0 && !all_connected(p, sr, sc, &u))
        report_disconnected(k, sr, sc);
    if (!small) {
        free(u.parent);
        free(u.c0);
        free(u.c1);
    }
}

/* ---- racks, zero turns, opcodes --------------------------------------------------------------------- */

static void check_racks(checker *k)
{
    const lx_xw_pos *p = k->p;
    for (size_t i = 0; i < p->npl; i++) {
        const xw_player *pl = &p->pl[i];
        if (pl->rack_len > LX_XW_RACK_SIZE)
            report(k, LX_ERROR, "RACK_TOO_LARGE", pl->rack_len ? p->rack_off[pl->rack_at] : p->field_at[1],
                   "rack %zu holds %zu tiles; a rack holds at most %d", i + 1, pl->rack_len, LX_XW_RACK_SIZE);
    }
    for (size_t i = 1; (p->ops.has & LX_XW_OP_ORU) && i < p->npl; i++)
        if (p->pl[i].rack_len) {
            report(k, LX_WARNING, "ORU_RACK_GIVEN", p->op_at[XW_OP_ORU], "oru says the opponent's rack is unknown, "
                   "but rack %zu is given", i + 1);
            break;
        }
}

static void check_range(checker *k, int op, long v, long lo, long warn_hi, const char *what)
{
    static const char *const names[XW_NOPS] = {"bb", "bdn", "cr", "etl", "gid", "ld", "lex",
                                               "lm", "mcnz", "ti", "tmr", "to", "var", "oru"};
    if (!(k->p->ops.has & (1u << op)))
        return;
    if (v < lo)
        report(k, LX_ERROR, "OPCODE_VALUE", k->p->op_at[op], "%s %ld: %s cannot be below %ld", names[op], v, what, lo);
    else if (warn_hi >= 0 && v > warn_hi)
        report(k, LX_WARNING, "OPCODE_VALUE", k->p->op_at[op], "%s %ld: %s above %ld is unlikely", names[op], v, what,
               warn_hi);
}

static void check_ops(checker *k)
{
    const lx_xw_pos *p = k->p;
    const lx_xw_ops *o = &p->ops;
    check_range(k, XW_OP_BB, o->bb, 0, 1000, "the bingo bonus");
    check_range(k, XW_OP_ETL, o->etl, 0, p->dist->total, "the exchange tile limit");
    check_range(k, XW_OP_MCNZ, o->mcnz, 1, 100, "the number of zero-score turns that ends a game");
    check_range(k, XW_OP_TI, o->ti, 0, 3600000, "the time increment (ms)");
    check_range(k, XW_OP_TO, o->to, 0, 3600000, "the maximum overtime (ms)");
    for (size_t i = 0; i < o->ntmr; i++) {
        if ((o->has & LX_XW_OP_TO) && o->to >= 0 && o->tmr[i] < -o->to)
            report(k, LX_WARNING, "OPCODE_VALUE", p->op_at[XW_OP_TMR], "tmr: player %zu is %ld ms over time, past the "
                   "maximum overtime of %ld ms (to); the game should be over", i + 1, -o->tmr[i], o->to);
        if ((long long)o->tmr[i] > 31LL * 24 * 3600000) /* never, with a 32-bit long */
            report(k, LX_WARNING, "OPCODE_VALUE", p->op_at[XW_OP_TMR], "tmr: player %zu has %ld ms, over a month",
                   i + 1, o->tmr[i]);
    }
    if (o->mcnz >= 1 && p->zero_turns >= o->mcnz)
        report(k, LX_WARNING, "GAME_OVER_ZEROS", p->field_at[3], "%ld consecutive zero-score turns: the game ended "
               "after %ld", p->zero_turns, o->mcnz);
}

/* ---- lm ----------------------------------------------------------------------------------------------- */

static void check_lm(checker *k)
{
    const lx_xw_pos *p = k->p;
    const lx_xw_move *m = &p->ops.lm;
    char a[16];
    if (!(p->ops.has & LX_XW_OP_LM))
        return;
    if (m->kind == LX_XW_EXCHANGE && m->len > LX_XW_RACK_SIZE)
        report(k, LX_ERROR, "LM_INCONSISTENT", p->lm_operands_at, "lm: an exchange of %d tiles; a rack holds %d",
               m->len, LX_XW_RACK_SIZE);
    if (m->kind != LX_XW_PLACE)
        return;
    for (int i = 0; i < m->len; i++) { /* the first square that disagrees is reported */
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i), on = xw_sq(p, r, c), t = m->tiles[i];
        if (!t && !on)
            report(k, LX_ERROR, "LM_INCONSISTENT", p->lm_operands_at, "lm plays through %s, but the square is empty",
                   sq_name(r, c, a));
        else if (t && p->ops.lm_kind == LX_XW_LM_CHALLENGED && on == t)
            report(k, LX_ERROR, "LM_INCONSISTENT", p->lm_operands_at, "lm was challenged off, but its %s is still "
                   "on %s", lx_xw_dist_label(p->dist, t), sq_name(r, c, a));
        else if (t && p->ops.lm_kind == LX_XW_LM_MOVE && on != t)
            report(k, LX_ERROR, "LM_INCONSISTENT", p->lm_operands_at, "lm puts %s on %s, but the board has %s there",
                   lx_xw_dist_label(p->dist, t), sq_name(r, c, a), on ? lx_xw_dist_label(p->dist, on) : "nothing");
        else
            continue;
        return;
    }
    int br = m->row - m->down, bc = m->col - !m->down, er = m->row + m->len * m->down, ec = m->col + m->len * !m->down;
    if (p->ops.lm_kind == LX_XW_LM_MOVE && (lx_xw_pos_square(p, br, bc) || lx_xw_pos_square(p, er, ec)))
        report(k, LX_ERROR, "LM_INCONSISTENT", p->lm_operands_at, "lm does not name the whole word: the tiles go on "
               "past it on the board");
}

size_t lx_xw_pos_validate(const lx_xw_pos *p, lx_diag_list *diags)
{
    checker k = {p, diags, 0};
    int board[LX_XW_MAX_LETTERS + 1] = {0};
    size_t tiles = 0, n = (size_t)p->rows * (size_t)p->cols;
    if (!p->dist || !p->layout)
        return 0;
    for (size_t i = 0; i < n; i += 8) { /* eight empty squares at a time are skipped at once */
        uint64_t w = 1; /* a partial last word is looked at square by square */
        size_t m = n - i < 8 ? n - i : 8;
        if (m == 8)
            memcpy(&w, p->sq + i, 8);
        for (size_t j = 0; w && j < m; j++) {
            int t = p->sq[i + j];
            if (t) {
                board[(t & LX_XW_BLANK_BIT) ? 0 : t]++;
                tiles++;
            }
        }
    }
    check_counts(&k, board);
    check_connected(&k, tiles);
    check_racks(&k);
    check_ops(&k);
    check_lm(&k);
    return k.errors;
}

/* ---- words ------------------------------------------------------------------------------------------------ */

static size_t check_line(const lx_xw_pos *p, const lx_xw_lexicon *lx, int r, int c, int down, lx_diag_list *diags)
{
    int dr = down, dc = !down, len = 0;
    uint8_t tiles[LX_XW_MAX_SIDE];
    while (r + len * dr < p->rows && c + len * dc < p->cols && xw_sq(p, r + len * dr, c + len * dc))
        tiles[len] = (uint8_t)(xw_sq(p, r + len * dr, c + len * dc) & 0x7F), len++;
    if (len < 2 || lx_xw_lexicon_has(lx, tiles, (size_t)len))
        return 0;
    if (diags) {
        lx_buf w = LX_BUF_INIT;
        char a[16];
        for (int i = 0; i < len; i++)
            lx_buf_append_str(&w, lx_xw_dist_label(p->dist, tiles[i]));
        lx_diag_add(diags, LX_WARNING, "WORD_NOT_IN_LEXICON", p->read ? p->base + square_at(p, r, c) : LX_NO_OFFSET,
                    "%s (%s %s) is not in the lexicon %s", w.data ? w.data : "", sq_name(r, c, a),
                    down ? "down" : "across", lx->name);
        lx_buf_free(&w);
    }
    return 1;
}

size_t lx_xw_pos_check_words(const lx_xw_pos *p, const lx_xw_lexicon *lx, lx_diag_list *diags)
{
    size_t bad = 0;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            if (!xw_sq(p, r, c))
                continue;
            if (c == 0 || !xw_sq(p, r, c - 1))
                bad += check_line(p, lx, r, c, 0, diags);
            if (r == 0 || !xw_sq(p, r - 1, c))
                bad += check_line(p, lx, r, c, 1, diags);
        }
    return bad;
}

/* pos.c - positions: storage, accessors, and tile bookkeeping.
 *
 * A position owns its squares, racks, scores and opcode strings, in buffers
 * that are reused from one lx_xw_cgp_read to the next, so reading a million
 * positions into one lx_xw_pos allocates a handful of times.  The
 * distribution and layout are borrowed from an lx_xw_data (or the caller)
 * and must outlive the position.  Reading is in cgp_read.c, checking in
 * validate.c, writing in cgp_write.c. */
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

static const char *const text_ops[6] = {"bdn", "cr", "gid", "ld", "lex", "var"};

lx_xw_pos *lx_xw_pos_new(void)
{
    return calloc(1, sizeof(lx_xw_pos));
}

void lx_xw_pos_free(lx_xw_pos *p)
{
    if (!p)
        return;
    free(p->sq);
    free(p->sq_off);
    free(p->pl);
    free(p->racks);
    free(p->rack_off);
    free(p->tmr);
    free(p->unk);
    free(p->unk_pub);
    lx_buf_free(&p->pool);
    free(p);
}

static size_t new_cap(size_t cap, size_t need)
{
    size_t n = cap ? cap : 16;
    while (n < need)
        n *= 2;
    return n;
}

static int grow_squares(lx_xw_pos *p, size_t need)
{
    if (need <= p->sq_cap)
        return 0;
    size_t c = new_cap(p->sq_cap, need);
    uint8_t *sq = realloc(p->sq, c);
    if (!sq)
        return -1;
    p->sq = sq;
    uint32_t *off = realloc(p->sq_off, c * sizeof *off);
    if (!off)
        return -1; /* sq is larger than sq_cap says: harmless */
    p->sq_off = off;
    p->sq_cap = c;
    return 0;
}

static int grow_racks(lx_xw_pos *p, size_t need)
{
    if (need <= p->racks_cap)
        return 0;
    size_t c = new_cap(p->racks_cap, need);
    uint8_t *r = realloc(p->racks, c);
    if (!r)
        return -1;
    p->racks = r;
    uint32_t *off = realloc(p->rack_off, c * sizeof *off);
    if (!off)
        return -1;
    p->rack_off = off;
    p->racks_cap = c;
    return 0;
}

static int grow_players(lx_xw_pos *p, size_t need)
{
    if (need <= p->pl_cap)
        return 0;
    size_t c = new_cap(p->pl_cap, need);
    xw_player *pl = realloc(p->pl, c * sizeof *pl);
    if (!pl)
        return -1;
    p->pl = pl;
    p->pl_cap = c;
    return 0;
}

int xw_pos_size(lx_xw_pos *p, int rows, int cols, size_t players, size_t rack_tiles)
{
    size_t n = (size_t)rows * (size_t)cols;
    if (grow_squares(p, n) != 0 || grow_players(p, players) != 0 || grow_racks(p, rack_tiles ? rack_tiles : 1) != 0)
        return -1;
    p->rows = rows;
    p->cols = cols;
    p->npl = players;
    memset(p->sq, 0, n); /* sq_off is only read where a tile was written */
    memset(p->pl, 0, players * sizeof *p->pl);
    return 0;
}

void xw_pos_reset_ops(lx_xw_pos *p)
{
    lx_xw_ops *o = &p->ops; /* field by field: lm's tile arrays need no clearing */
    o->has = 0;
    o->ti = o->to = 0;
    o->bdn = o->cr = o->gid = o->ld = o->lex = o->var = NULL;
    o->tmr = NULL;
    o->ntmr = o->nunknown = 0;
    o->unknown = NULL;
    o->lm_kind = LX_XW_LM_MOVE;
    p->ops.bb = LX_XW_BINGO_BONUS;
    p->ops.etl = LX_XW_EXCHANGE_LIMIT;
    p->ops.mcnz = LX_XW_MAX_ZEROS;
    p->ops.lm_bonus = -1;
    memset(p->text_at, 0, sizeof p->text_at);
    memset(p->op_at, 0, sizeof p->op_at);
    memset(p->field_at, 0, sizeof p->field_at);
    p->nunk = 0;
    p->lm_text_at = p->lm_operands_at = 0;
    lx_buf_clear(&p->pool);
    if (p->pool.data == NULL)
        lx_buf_append(&p->pool, "", 0);
}

int lx_xw_pos_reset(lx_xw_pos *p, const lx_xw_dist *d, const lx_xw_layout *l, size_t players)
{
    if (players == 0 || xw_pos_size(p, l->rows, l->cols, players, 0) != 0)
        return -1;
    p->dist = d;
    p->layout = l;
    p->racks_len = 0;
    p->zero_turns = 0;
    p->base = 0;
    p->read = 0;
    xw_pos_reset_ops(p);
    xw_pos_fix_ops(p);
    return 0;
}

size_t xw_pos_store(lx_xw_pos *p, const char *s, size_t len)
{
    size_t at = p->pool.len;
    if (lx_buf_append(&p->pool, s, len) != 0 || lx_buf_append_char(&p->pool, '\0') != 0)
        return 0;
    return at + 1;
}

void xw_pos_fix_ops(lx_xw_pos *p)
{
    const char **fields[6] = {&p->ops.bdn, &p->ops.cr, &p->ops.gid, &p->ops.ld, &p->ops.lex, &p->ops.var};
    for (int i = 0; i < 6; i++)
        *fields[i] = p->text_at[i] ? p->pool.data + p->text_at[i] - 1 : NULL;
    for (size_t i = 0; i < p->nunk; i++)
        p->unk_pub[i] = (lx_xw_unknown_op){p->pool.data + p->unk[i].name_at - 1,
                                           p->pool.data + p->unk[i].operands_at - 1};
    p->ops.unknown = p->nunk ? p->unk_pub : NULL;
    p->ops.nunknown = p->nunk;
    p->ops.tmr = p->ops.ntmr ? p->tmr : NULL;
}

/* ---- accessors ------------------------------------------------------------------------ */

const lx_xw_dist *lx_xw_pos_dist(const lx_xw_pos *p)
{
    return p->dist;
}

const lx_xw_layout *lx_xw_pos_layout(const lx_xw_pos *p)
{
    return p->layout;
}

int lx_xw_pos_rows(const lx_xw_pos *p)
{
    return p->rows;
}

int lx_xw_pos_cols(const lx_xw_pos *p)
{
    return p->cols;
}

int lx_xw_pos_square(const lx_xw_pos *p, int row, int col)
{
    return row >= 0 && col >= 0 && row < p->rows && col < p->cols ? xw_sq(p, row, col) : 0;
}

void lx_xw_pos_set_square(lx_xw_pos *p, int row, int col, int tile)
{
    if (row >= 0 && col >= 0 && row < p->rows && col < p->cols) {
        p->sq[(size_t)row * (size_t)p->cols + (size_t)col] = (uint8_t)tile;
        p->sq_off[(size_t)row * (size_t)p->cols + (size_t)col] = 0;
    }
}

size_t lx_xw_pos_players(const lx_xw_pos *p)
{
    return p->npl;
}

const uint8_t *lx_xw_pos_rack(const lx_xw_pos *p, size_t i, size_t *n)
{
    *n = i < p->npl ? p->pl[i].rack_len : 0;
    return i < p->npl ? p->racks + p->pl[i].rack_at : p->racks;
}

/* Racks are stored one after another; setting one rebuilds the pool. */
int lx_xw_pos_set_rack(lx_xw_pos *p, size_t i, const uint8_t *tiles, size_t n)
{
    if (i >= p->npl)
        return -1;
    size_t old = p->pl[i].rack_len, total = p->racks_len - old + n;
    uint8_t *copy = malloc(total ? total : 1);
    if (!copy)
        return -1;
    size_t at = 0;
    for (size_t k = 0; k < p->npl; k++) {
        size_t len = k == i ? n : p->pl[k].rack_len;
        if (len > 0)
            memcpy(copy + at, k == i ? tiles : p->racks + p->pl[k].rack_at, len);
        p->pl[k].rack_at = at;
        p->pl[k].rack_len = len;
        at += len;
    }
    if (grow_racks(p, total) != 0) {
        free(copy);
        return -1;
    }
    if (total > 0)
        memcpy(p->racks, copy, total);
    if (total > 0)
        memset(p->rack_off, 0, total * sizeof *p->rack_off);
    p->racks_len = total;
    free(copy);
    return 0;
}

long lx_xw_pos_score(const lx_xw_pos *p, size_t i)
{
    return i < p->npl ? p->pl[i].score : 0;
}

void lx_xw_pos_set_score(lx_xw_pos *p, size_t i, long score)
{
    if (i < p->npl)
        p->pl[i].score = score;
}

long lx_xw_pos_zero_turns(const lx_xw_pos *p)
{
    return p->zero_turns;
}

void lx_xw_pos_set_zero_turns(lx_xw_pos *p, long n)
{
    p->zero_turns = n;
}

const lx_xw_ops *lx_xw_pos_ops(const lx_xw_pos *p)
{
    return &p->ops;
}

int lx_xw_pos_set_op_text(lx_xw_pos *p, const char *op, const char *value)
{
    static const unsigned bits[6] = {LX_XW_OP_BDN, LX_XW_OP_CR, LX_XW_OP_GID, LX_XW_OP_LD, LX_XW_OP_LEX,
                                     LX_XW_OP_VAR};
    for (int i = 0; i < 6; i++) {
        if (strcmp(op, text_ops[i]) != 0)
            continue;
        size_t at = value ? xw_pos_store(p, value, strlen(value)) : 0;
        if (value && !at)
            return -1;
        p->text_at[i] = at;
        p->ops.has = value ? p->ops.has | bits[i] : p->ops.has & ~bits[i];
        xw_pos_fix_ops(p);
        return 0;
    }
    return -1;
}

void lx_xw_pos_set_lm(lx_xw_pos *p, const lx_xw_move *m, lx_xw_lm_kind kind, long bonus)
{
    if (!m) {
        p->ops.has &= ~(unsigned)LX_XW_OP_LM;
        return;
    }
    p->ops.has |= LX_XW_OP_LM;
    p->ops.lm = *m;
    p->ops.lm_kind = kind;
    p->ops.lm_bonus = bonus;
}

/* ---- tiles ------------------------------------------------------------------------------ */

void xw_count_board(const lx_xw_pos *p, int *counts)
{
    size_t n = (size_t)p->rows * (size_t)p->cols;
    for (size_t i = 0; i < n; i++) {
        int t = p->sq[i];
        if (t)
            counts[(t & LX_XW_BLANK_BIT) ? 0 : t]++;
    }
}

void xw_count_tiles(const uint8_t *tiles, size_t n, int *counts)
{
    for (size_t i = 0; i < n; i++)
        counts[tiles[i] & 0x7F]++;
}

long lx_xw_pos_unseen(const lx_xw_pos *p)
{
    long on_board = 0;
    size_t n = (size_t)p->rows * (size_t)p->cols;
    for (size_t i = 0; i < n; i++)
        on_board += p->sq[i] != 0;
    return (long)p->dist->total - on_board - (long)p->racks_len;
}

static void set_word_squares(lx_xw_pos *p, const lx_xw_move *m, int put)
{
    if (m->kind != LX_XW_PLACE)
        return;
    for (int i = 0; i < m->len; i++) {
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i);
        if (m->tiles[i] && r < p->rows && c < p->cols)
            p->sq[(size_t)r * (size_t)p->cols + (size_t)c] = put ? m->tiles[i] : 0;
    }
}

void lx_xw_pos_place(lx_xw_pos *p, const lx_xw_move *m)
{
    set_word_squares(p, m, 1);
}

void lx_xw_pos_unplace(lx_xw_pos *p, const lx_xw_move *m)
{
    set_word_squares(p, m, 0);
}

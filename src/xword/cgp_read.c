/* cgp_read.c - reading one CGP record: board, racks, scores, zero turns.
 *
 * "15/15/.../7D7/... AELNOQT/ 0/0 0 lex NWL18;" - four fields separated by
 * white space, then the opcodes (cgp_ops.c).  The opcodes are read first
 * because bdn and ld decide how the board and racks are read: the board's
 * size, and which tiles exist ([CH] in Spanish, L·L in Catalan).  Every
 * problem is a diagnostic at its byte; reading goes on after it, so one
 * record reports all of its problems at once.  What is possible (tile
 * counts, connectivity, lm) is checked later by validate.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/text.h"
#include "xword/xword_impl.h"

typedef struct span {
    const char *s;
    size_t len, at; /* at: offset from the record's start */
} span;

typedef struct cgp_reader {
    lx_xw_pos *p;
    lx_diag_list *diags;
    size_t errors;
    int warned_unbracketed, warned_leading_zero;
} cgp_reader;

static void report(cgp_reader *r, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void report(cgp_reader *r, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
{
    if (sev >= LX_ERROR)
        r->errors++;
    if (!r->diags)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lx_diag_add(r->diags, sev, code, r->p->base + at, "%s", msg);
}

static int is_space(char c)
{
    static const uint8_t space[256] = {[' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1};
    return space[(unsigned char)c];
}

/* Cut the first four fields; *rest is what follows (the opcodes). */
static int split_fields(const char *s, size_t len, span *f, span *rest)
{
    size_t i = 0;
    int n = 0;
    while (n < 4) {
        while (i < len && is_space(s[i]))
            i++;
        if (i >= len)
            break;
        size_t start = i;
        while (i < len && !is_space(s[i]))
            i++;
        f[n++] = (span){s + start, i - start, start};
    }
    while (i < len && is_space(s[i]))
        i++;
    *rest = (span){s + i, len - i, i};
    return n;
}

/* The text of one character (or invalid byte) at s, for messages. */
static int char_len(const char *s, size_t len)
{
    size_t k = lx_utf8_sequence((const unsigned char *)s, len);
    return k ? (int)k : 1;
}

/* ---- board ------------------------------------------------------------------------------- */

static void note_unbracketed(cgp_reader *r, size_t at, int tile)
{
    if (r->warned_unbracketed++)
        return;
    report(r, LX_WARNING, "UNBRACKETED_TILE", at, "tile %s has more than one character and is written without "
           "brackets; CGP writes it [%s] (read as the tile, since nothing else fits)",
           lx_xw_dist_label(r->p->dist, tile), lx_xw_dist_label(r->p->dist, tile));
}

/* A tile that is not a plain one-byte label: brackets, several bytes, or nothing. */
static size_t read_other_tile(cgp_reader *r, const char *s, size_t len, size_t at, int index, int *tile)
{
    const lx_xw_pos *p = r->p;
    int br, multi;
    size_t n = xw_dist_read(p->dist, s, len, 1, 0, tile, &br, &multi);
    if (n > 0) {
        if (multi)
            note_unbracketed(r, at, *tile);
        return n;
    }
    int k = char_len(s, len);
    if (*s == '?')
        report(r, LX_ERROR, "BOARD_TILE", at, "row %d: a blank on the board is written as the lower-case letter it "
               "stands for, not '?'", index + 1);
    else
        report(r, LX_ERROR, "BOARD_TILE", at, "row %d: '%.*s' is not a tile of the %s distribution", index + 1, k, s,
               p->dist->name);
    *tile = 0;
    return (size_t)k;
}

/* One board row: digits for runs of empty squares, tiles.  Returns the
 * squares it covers.  Locals keep what the loop reads, so stores into the
 * board do not make the compiler read the position again. */
static int read_row(cgp_reader *r, const span *row, int index)
{
    const lx_xw_dist *d = r->p->dist;
    const int cols = r->p->cols, inside = index < r->p->rows;
    uint8_t *sq = inside ? r->p->sq + (size_t)index * (size_t)cols : NULL;
    uint32_t *off = inside ? r->p->sq_off + (size_t)index * (size_t)cols : NULL;
    const unsigned char *s = (const unsigned char *)row->s;
    size_t len = row->len, i = 0;
    int col = 0, reported = 0;
    while (i < len) {
        unsigned c = s[i];
        size_t at = row->at + i, n = 1;
        int t;
        if (c - '0' < 10u) {
            long run = 0;
            for (n = 0; i + n < len && (unsigned)s[i + n] - '0' < 10u && run < 100000; n++)
                run = run * 10 + (s[i + n] - '0');
            if (run == 0)
                report(r, LX_ERROR, "BOARD_SYNTAX", at, "row %d: a run of 0 empty squares", index + 1);
            else if (c == '0' && !r->warned_leading_zero++)
                report(r, LX_WARNING, "BOARD_LEADING_ZERO", at, "row %d: the run '%.*s' has a leading zero; read "
                       "as %ld empty square%s (CGP writes %ld)", index + 1, (int)n, row->s + i, run,
                       run == 1 ? "" : "s", run);
            col += (int)run;
            i += n;
            continue;
        }
        if (c < 128 && !d->longer_first[c] && d->ascii_upper[c])
            t = d->ascii_upper[c];
        else if (c < 128 && !d->longer_first[c] && d->ascii_lower[c])
            t = d->ascii_lower[c] | LX_XW_BLANK_BIT;
        else
            n = read_other_tile(r, row->s + i, len - i, at, index, &t);
        if (t && col < cols && sq) {
            sq[col] = (uint8_t)t;
            off[col] = (uint32_t)at;
        } else if (t && !reported++) {
            report(r, LX_ERROR, "BOARD_ROW_WIDTH", at, "row %d has more than the %d squares of a %s row", index + 1,
                   cols, r->p->layout->name);
        }
        col++;
        i += n;
    }
    return reported ? cols : col;
}

static void read_board(cgp_reader *r, const span *f)
{
    lx_xw_pos *p = r->p;
    int row = 0;
    size_t start = 0;
    for (size_t i = 0; i <= f->len; i++) {
        if (i < f->len && f->s[i] != '/')
            continue;
        span rs = {f->s + start, i - start, f->at + start};
        int w = read_row(r, &rs, row);
        if (w != p->cols && row < p->rows)
            report(r, LX_ERROR, "BOARD_ROW_WIDTH", rs.at, "row %d covers %d square%s; a %s row has %d%s", row + 1, w,
                   w == 1 ? "" : "s", p->layout->name, p->cols,
                   p->dist->max_cps > 1 && w > p->cols ? " (a tile of several letters is written in brackets, as "
                                                          "[CH])" : "");
        row++;
        start = i + 1;
    }
    if (row != p->rows)
        report(r, LX_ERROR, "BOARD_ROWS", f->at, "the board has %d row%s; %s has %d%s", row, row == 1 ? "" : "s",
               p->layout->name, p->rows,
               (row == 21 && p->rows == 15) ? " (name the board: bdn SuperCrosswordGame;)" : "");
}

/* ---- racks, scores, zero turns --------------------------------------------------------------- */

static size_t count_parts(const span *f)
{
    size_t n = 1;
    for (size_t i = 0; i < f->len; i++)
        n += f->s[i] == '/';
    return n;
}

static void read_rack(cgp_reader *r, const span *rs, size_t player)
{
    lx_xw_pos *p = r->p;
    p->pl[player].rack_at = p->racks_len;
    size_t i = 0;
    const lx_xw_dist *d = p->dist;
    while (i < rs->len) {
        int t, br, multi;
        unsigned c = (unsigned char)rs->s[i];
        size_t n;
        if (c < 128 && !d->longer_first[c] && d->ascii_upper[c]) /* the common case: one byte */
            t = d->ascii_upper[c], n = 1, multi = 0;
        else
            n = xw_dist_read(d, rs->s + i, rs->len - i, 0, 1, &t, &br, &multi);
        if (n == 0) {
            int k = char_len(rs->s + i, rs->len - i), tl;
            int lower = xw_dist_read(p->dist, rs->s + i, rs->len - i, 1, 0, &tl, &br, &multi) > 0;
            if (lower)
                report(r, LX_ERROR, "RACK_TILE", rs->at + i, "rack %zu: '%.*s' is a designated blank; a rack holds "
                       "undesignated tiles (a blank is ?)", player + 1, k, rs->s + i);
            else
                report(r, LX_ERROR, "RACK_TILE", rs->at + i, "rack %zu: '%.*s' is not a tile of the %s distribution",
                       player + 1, k, rs->s + i, p->dist->name);
            i += (size_t)k;
            continue;
        }
        if (multi)
            note_unbracketed(r, rs->at + i, t);
        p->rack_off[p->racks_len] = (uint32_t)(rs->at + i);
        p->racks[p->racks_len++] = (uint8_t)t;
        i += n;
    }
    p->pl[player].rack_len = p->racks_len - p->pl[player].rack_at;
}

static void read_racks(cgp_reader *r, const span *f)
{
    size_t start = 0, player = 0;
    r->p->racks_len = 0;
    for (size_t i = 0; i <= f->len; i++)
        if (i == f->len || f->s[i] == '/') {
            span rs = {f->s + start, i - start, f->at + start};
            read_rack(r, &rs, player);
            player++;
            start = i + 1;
        }
}

static void read_scores(cgp_reader *r, const span *f)
{
    size_t start = 0, player = 0;
    for (size_t i = 0; i <= f->len; i++)
        if (i == f->len || f->s[i] == '/') {
            long v = 0;
            if (xw_parse_long(f->s + start, i - start, 1, &v) != 0)
                report(r, LX_ERROR, "SCORE_INVALID", f->at + start, "score %zu ('%.*s') is not a whole number",
                       player + 1, (int)(i - start), f->s + start);
            if (player < r->p->npl)
                r->p->pl[player].score = v;
            player++;
            start = i + 1;
        }
}

static void read_zeros(cgp_reader *r, const span *f)
{
    long v = 0;
    if (xw_parse_long(f->s, f->len, 0, &v) != 0)
        report(r, LX_ERROR, "ZERO_TURNS_INVALID", f->at, "the count of consecutive zero-score turns ('%.*s') is "
               "not a whole number", (int)f->len, f->s);
    r->p->zero_turns = v;
}

/* ---- the record ------------------------------------------------------------------------------ */

/* The board and distribution, from the names the record gives.  The last
 * names looked up are remembered, so a file of positions asks the data (and
 * takes its lock) only when the names change. */
static int choose_rules(cgp_reader *r, lx_xw_data *data)
{
    lx_xw_pos *p = r->p;
    const char *bdn = p->ops.bdn ? p->ops.bdn : LX_XW_DEFAULT_BOARD;
    if (p->cache_data != data)
        p->cache_layout = NULL, p->cache_dist = NULL;
    if (p->cache_layout && strcmp(p->cache_bdn, bdn) == 0)
        p->layout = p->cache_layout;
    else
        p->layout = data ? lx_xw_data_layout(data, bdn, r->diags) : NULL;
    if (!p->layout) {
        report(r, LX_FATAL, "UNKNOWN_BOARD", p->op_at[XW_OP_BDN], "no board layout named %s is available "
               "(boards come from the data directory's boards/)", bdn);
        return -1;
    }
    const char *ld = p->ops.ld ? p->ops.ld
                     : xw_name_eq(p->layout->name, "SuperCrosswordGame") ? "english_super" : LX_XW_DEFAULT_DIST;
    if (p->cache_dist && strcmp(p->cache_ld, ld) == 0)
        p->dist = p->cache_dist;
    else
        p->dist = lx_xw_data_dist(data, ld, r->diags);
    if (!p->dist) {
        report(r, LX_FATAL, "UNKNOWN_DISTRIBUTION", p->op_at[XW_OP_LD], "no letter distribution named %s is "
               "available (distributions come from the data directory's distributions/)", ld);
        return -1;
    }
    p->cache_data = data;
    p->cache_layout = strlen(bdn) < sizeof p->cache_bdn ? p->layout : NULL;
    p->cache_dist = strlen(ld) < sizeof p->cache_ld ? p->dist : NULL;
    if (p->cache_layout && p->cache_bdn != bdn)
        memcpy(p->cache_bdn, bdn, strlen(bdn) + 1);
    if (p->cache_dist && p->cache_ld != ld)
        memcpy(p->cache_ld, ld, strlen(ld) + 1);
    return 0;
}

int lx_xw_cgp_read(lx_xw_pos *p, const char *text, size_t len, size_t base, lx_xw_data *data,
                   lx_diag_list *diags)
{
    cgp_reader r = {p, diags, 0, 0, 0};
    span f[4], rest;
    while (len > 0 && is_space(text[len - 1]))
        len--;
    p->base = base;
    p->read = 0;
    xw_pos_reset_ops(p);
    int nf = split_fields(text, len, f, &rest);
    if (nf < 4) {
        report(&r, LX_FATAL, "CGP_FIELDS", nf ? f[nf - 1].at + f[nf - 1].len : 0, "a CGP record has four fields "
               "(board, racks, scores, zero-score turns) before its opcodes; this one has %d", nf);
        return 1;
    }
    for (int i = 0; i < 4; i++)
        p->field_at[i] = f[i].at;
    if (xw_cgp_read_ops(p, rest.s, rest.len, rest.at, diags) != 0)
        return -1;
    if (choose_rules(&r, data) != 0)
        return 1;
    size_t players = count_parts(&f[1]), nscores = count_parts(&f[2]);
    if (nscores != players)
        report(&r, LX_ERROR, "PLAYER_COUNT", f[2].at, "%zu racks but %zu scores; there is one of each per player",
               players, nscores);
    if (xw_pos_size(p, p->layout->rows, p->layout->cols, players, f[1].len) != 0)
        return -1;
    read_board(&r, &f[0]);
    read_racks(&r, &f[1]);
    read_scores(&r, &f[2]);
    read_zeros(&r, &f[3]);
    xw_cgp_parse_lm(p, diags);
    if ((p->ops.has & LX_XW_OP_TMR) && p->ops.ntmr != p->npl)
        report(&r, LX_ERROR, "OPCODE_OPERAND", p->op_at[XW_OP_TMR], "tmr gives %zu timer%s for %zu players",
               p->ops.ntmr, p->ops.ntmr == 1 ? "" : "s", p->npl);
    xw_pos_fix_ops(p);
    p->read = 1;
    return 0;
}

/* dist.c - letter distributions: reading them from data, and reading tiles.
 *
 * A distribution file has one tile per line: "LABEL COUNT VALUE VOWEL
 * [LOWER]".  Letters are numbered in file order from 1; the blank "?" is 0
 * wherever its line stands.  Labels of more than one codepoint (Spanish CH,
 * Catalan L·L) are written in brackets in CGP ("[CH]"), but may be read
 * without them when their text has no other reading with this
 * distribution's labels (Catalan QU: there is no Q tile).  This file does
 * not know any particular language: all of that is in the data files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "xword/xword_impl.h"

void lx_xw_dist_free(lx_xw_dist *d)
{
    free(d);
}

const char *lx_xw_dist_name(const lx_xw_dist *d)
{
    return d->name;
}

int lx_xw_dist_letters(const lx_xw_dist *d)
{
    return d->n;
}

int lx_xw_dist_total(const lx_xw_dist *d)
{
    return d->total;
}

static int tile_index(const lx_xw_dist *d, int t)
{
    int i = t & 0x7F;
    return i <= d->n ? i : 0;
}

const char *lx_xw_dist_label(const lx_xw_dist *d, int t)
{
    int i = tile_index(d, t);
    return (t & LX_XW_BLANK_BIT) && i ? d->tiles[i].lower : d->tiles[i].upper;
}

int lx_xw_dist_count(const lx_xw_dist *d, int t)
{
    return d->tiles[tile_index(d, t)].count;
}

int lx_xw_dist_value(const lx_xw_dist *d, int t)
{
    return (t & LX_XW_BLANK_BIT) ? 0 : d->tiles[tile_index(d, t)].value;
}

int lx_xw_dist_vowel(const lx_xw_dist *d, int t)
{
    return d->tiles[tile_index(d, t)].vowel;
}

/* ---- reading tiles ---------------------------------------------------------------- */

/* Whether label `lab` (tile `self`) can be cut into the labels of other tiles. */
static int segmentable(const lx_xw_dist *d, int self, const char *lab, size_t len)
{
    unsigned char reach[LX_XW_MAX_LABEL + 2] = {0};
    reach[0] = 1;
    for (size_t at = 0; at < len; at++) {
        if (!reach[at])
            continue;
        for (int t = 1; t <= d->n; t++) {
            const xw_tile_info *ti = &d->tiles[t];
            if (t != self && ti->ulen <= len - at && memcmp(lab + at, ti->upper, ti->ulen) == 0)
                reach[at + ti->ulen] = 1;
        }
    }
    return reach[len];
}

static int longer_cmp_len(const lx_xw_dist *d, uint8_t code)
{
    const xw_tile_info *ti = &d->tiles[code & 0x7F];
    return (code & 0x80) ? ti->llen : ti->ulen;
}

/* Fill the lookup tables once every tile is known. */
static void index_tiles(lx_xw_dist *d)
{
    memset(d->ascii_upper, 0, sizeof d->ascii_upper);
    memset(d->longer_first, 0, sizeof d->longer_first);
    memset(d->ascii_lower, 0, sizeof d->ascii_lower);
    d->nlonger = 0;
    d->max_cps = 1;
    for (int t = 1; t <= d->n; t++) {
        xw_tile_info *ti = &d->tiles[t];
        ti->bare_ok = ti->cps == 1 || !segmentable(d, t, ti->upper, ti->ulen);
        if (ti->cps > d->max_cps)
            d->max_cps = ti->cps;
        if (ti->ulen == 1)
            d->ascii_upper[(unsigned char)ti->upper[0]] = (uint8_t)t;
        else
            d->longer[d->nlonger++] = (uint8_t)t, d->longer_first[(unsigned char)ti->upper[0]] = 1;
        if (ti->llen == 1)
            d->ascii_lower[(unsigned char)ti->lower[0]] = (uint8_t)t;
        else
            d->longer[d->nlonger++] = (uint8_t)(t | 0x80), d->longer_first[(unsigned char)ti->lower[0]] = 1;
    }
    /* longest first, so "L·L" is tried before "L" */
    for (int i = 1; i < d->nlonger; i++) {
        uint8_t v = d->longer[i];
        int j = i;
        while (j > 0 && longer_cmp_len(d, d->longer[j - 1]) < longer_cmp_len(d, v)) {
            d->longer[j] = d->longer[j - 1];
            j--;
        }
        d->longer[j] = v;
    }
}

/* The tile whose whole label (upper or lower) is s. */
static int exact_label(const lx_xw_dist *d, const char *s, size_t len, int *tile)
{
    for (int t = 1; t <= d->n; t++) {
        const xw_tile_info *ti = &d->tiles[t];
        if (ti->ulen == len && memcmp(ti->upper, s, len) == 0)
            return *tile = t, 1;
        if (ti->llen == len && memcmp(ti->lower, s, len) == 0)
            return *tile = t | LX_XW_BLANK_BIT, 1;
    }
    return 0;
}

static size_t read_bracketed(const lx_xw_dist *d, const char *s, size_t len, int *tile)
{
    size_t k = 1;
    while (k < len && k <= LX_XW_MAX_LABEL + 1 && s[k] != ']')
        k++;
    if (k >= len || s[k] != ']' || !exact_label(d, s + 1, k - 1, tile))
        return 0;
    return k + 1;
}

size_t xw_dist_read(const lx_xw_dist *d, const char *s, size_t len, int allow_lower, int allow_blank, int *tile,
                    int *bracketed, int *unbracketed_multi)
{
    unsigned char c = (unsigned char)s[0];
    *bracketed = *unbracketed_multi = 0;
    if (len == 0)
        return 0;
    if (c == '?')
        return allow_blank ? (*tile = LX_XW_BLANK, 1) : 0;
    if (c < 128 && !d->longer_first[c]) { /* the common case: a one-byte label */
        if (d->ascii_upper[c])
            return *tile = d->ascii_upper[c], 1;
        if (allow_lower && d->ascii_lower[c])
            return *tile = d->ascii_lower[c] | LX_XW_BLANK_BIT, 1;
        if (c != '[')
            return 0;
    }
    if (c == '[') {
        size_t n = read_bracketed(d, s, len, tile);
        *bracketed = n > 0;
        return (n && ((*tile & LX_XW_BLANK_BIT) == 0 || allow_lower)) ? n : 0;
    }
    for (int i = 0; i < d->nlonger; i++) {
        uint8_t code = d->longer[i];
        const xw_tile_info *ti = &d->tiles[code & 0x7F];
        const char *lab = (code & 0x80) ? ti->lower : ti->upper;
        size_t n = (code & 0x80) ? ti->llen : ti->ulen;
        if (n > len || memcmp(s, lab, n) != 0 || !ti->bare_ok || ((code & 0x80) && !allow_lower))
            continue;
        *tile = (code & 0x80) ? ((code & 0x7F) | LX_XW_BLANK_BIT) : code;
        *unbracketed_multi = ti->cps > 1;
        return n;
    }
    if (c < 128 && d->ascii_upper[c])
        return *tile = d->ascii_upper[c], 1;
    if (c < 128 && allow_lower && d->ascii_lower[c])
        return *tile = d->ascii_lower[c] | LX_XW_BLANK_BIT, 1;
    return 0;
}

size_t lx_xw_dist_read_tile(const lx_xw_dist *d, const char *s, size_t len, int *tile)
{
    int b, u;
    return xw_dist_read(d, s, len, 1, 1, tile, &b, &u);
}

int xw_dist_append_label(const lx_xw_dist *d, int t, int brackets, lx_buf *out)
{
    int i = tile_index(d, t);
    const xw_tile_info *ti = &d->tiles[i];
    int lower = (t & LX_XW_BLANK_BIT) && i;
    if (brackets && ti->cps > 1) {
        return lx_buf_append_char(out, '[') || lx_buf_append(out, lower ? ti->lower : ti->upper,
                                                             lower ? ti->llen : ti->ulen) ||
               lx_buf_append_char(out, ']');
    }
    return lx_buf_append(out, lower ? ti->lower : ti->upper, lower ? ti->llen : ti->ulen);
}

/* ---- parsing a distribution file --------------------------------------------------------- */

typedef struct field {
    const char *s;
    size_t len;
} field;

/* Split a line at white space and commas; returns the number of fields (at most max). */
static int split(const char *s, size_t len, field *f, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len && n < max + 1) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r'))
            i++;
        if (i >= len)
            break;
        size_t start = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ',' && s[i] != '\r')
            i++;
        if (n < max)
            f[n] = (field){s + start, i - start};
        n++;
    }
    return n;
}

static int label_ok(const char *s, size_t len)
{
    if (len == 0 || len > LX_XW_MAX_LABEL || lx_utf8_valid_prefix(s, len) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (strchr("[]/.;?()+-0123456789", s[i]) || (unsigned char)s[i] < 0x21)
            return 0;
    return 1;
}

static size_t codepoints(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

typedef struct dist_reader {
    lx_xw_dist *d;
    lx_diag_list *diags;
    int blank_seen;
    size_t errors;
} dist_reader;

static void bad(dist_reader *r, size_t at, const char *fmt, const char *what)
{
    r->errors++;
    if (r->diags)
        lx_diag_add(r->diags, LX_ERROR, "DIST_LINE", at, fmt, what);
}

static int set_lower(dist_reader *r, xw_tile_info *ti, const field *f, int nf, size_t at)
{
    int n = nf > 4 ? (f[4].len <= LX_XW_MAX_LABEL && label_ok(f[4].s, f[4].len)
                          ? (memcpy(ti->lower, f[4].s, f[4].len), ti->lower[f[4].len] = '\0', (int)f[4].len)
                          : -1)
                   : xw_case_map(ti->upper, ti->ulen, 0, ti->lower, sizeof ti->lower);
    if (n <= 0 || ((size_t)n == ti->ulen && memcmp(ti->lower, ti->upper, ti->ulen) == 0)) {
        bad(r, at, "tile %s has no lower-case form to write it as a designated blank (give it as a fifth field)",
            ti->upper);
        return -1;
    }
    ti->llen = (uint8_t)n;
    return 0;
}

static void read_line(dist_reader *r, const char *s, size_t len, size_t at)
{
    field f[5];
    int nf = split(s, len, f, 5);
    if (nf == 0 || f[0].s[0] == '#')
        return;
    long count, value, vowel;
    if (nf < 4 || nf > 5 || xw_parse_long(f[1].s, f[1].len, 0, &count) || xw_parse_long(f[2].s, f[2].len, 1, &value) ||
        xw_parse_long(f[3].s, f[3].len, 0, &vowel) || count > 1000 || value < -1000 || value > 1000 || vowel > 1) {
        bad(r, at, "a tile line is LABEL COUNT VALUE VOWEL [LOWER] (counts and values numbers, VOWEL 0 or 1)%s", "");
        return;
    }
    if (f[0].len == 1 && f[0].s[0] == '?') {
        if (r->blank_seen++)
            bad(r, at, "the blank (?) is listed twice%s", "");
        r->d->tiles[0].count = (int)count;
        return;
    }
    if (!label_ok(f[0].s, f[0].len)) {
        bad(r, at, "a tile label is 1 to 15 bytes of UTF-8 without digits, brackets, parentheses or any of / . ; ? + -%s", "");
        return;
    }
    if (r->d->n >= LX_XW_MAX_LETTERS) {
        bad(r, at, "a distribution has at most 63 letters%s", "");
        return;
    }
    xw_tile_info *ti = &r->d->tiles[r->d->n + 1];
    memset(ti, 0, sizeof *ti);
    memcpy(ti->upper, f[0].s, f[0].len);
    ti->ulen = (uint8_t)f[0].len;
    ti->cps = (uint8_t)codepoints(f[0].s, f[0].len);
    ti->count = (int)count;
    ti->value = (int)value;
    ti->vowel = (int)vowel;
    if (set_lower(r, ti, f, nf, at) != 0)
        return;
    int dup;
    if (exact_label(r->d, ti->upper, ti->ulen, &dup) || exact_label(r->d, ti->lower, ti->llen, &dup)) {
        bad(r, at, "tile %s is listed twice", ti->upper);
        return;
    }
    r->d->n++;
}

lx_xw_dist *lx_xw_dist_parse(const char *name, const char *text, size_t len, lx_diag_list *diags)
{
    lx_xw_dist *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    snprintf(d->name, sizeof d->name, "%s", name ? name : "");
    strcpy(d->tiles[0].upper, "?");
    strcpy(d->tiles[0].lower, "?");
    d->tiles[0].ulen = d->tiles[0].llen = d->tiles[0].cps = 1;
    dist_reader r = {d, diags, 0, 0};
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') {
            read_line(&r, text + start, i - start, start);
            start = i + 1;
        }
    }
    if (r.errors == 0 && d->n == 0) {
        r.errors++;
        if (diags)
            lx_diag_add(diags, LX_ERROR, "DIST_EMPTY", 0, "the distribution %s lists no letters", d->name);
    }
    if (r.errors) {
        free(d);
        return NULL;
    }
    for (int t = 0; t <= d->n; t++)
        d->total += d->tiles[t].count;
    index_tiles(d);
    return d;
}

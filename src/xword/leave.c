/* leave.c - what the tiles kept after a play are worth: KLV leave tables,
 * and a built-in estimate when there is none.
 *
 * A KLV file (the format wolges and MAGPIE write) is: a little-endian u32,
 * the number of nodes of a KWG; those nodes (a DAWG whose words are the
 * leaves, tiles in ascending order, the blank as tile 0); a u32, the number
 * of leave values; then the values, in the order of the DAWG's words: i16
 * in 1/256 of a point (KLV), or f32 (KLV2, told apart by the bytes left).
 * A leave's index is the number of words before it in that order, found by
 * walking the DAWG with per-node word counts (as wolges does).  A leave not
 * in the table is worth 0, as is the empty leave.
 *
 * The built-in estimate, for a distribution without a table (documented in
 * README.md): each blank kept +25; each letter 2 - 0.75 * (value - 1)
 * (a 1-point letter +2, a 10-point one -4.75); -4 for every copy of a
 * letter beyond the first; -3 for each vowel or consonant by which one
 * outnumbers the other beyond the first (blanks are neither). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

struct lx_xw_leaves {
    char name[LX_XW_MAX_NAME + 1];
    uint32_t *nodes, *counts;
    size_t nnodes;
    float *values;
    size_t nvalues;
};

void lx_xw_leaves_free(lx_xw_leaves *lv)
{
    if (!lv)
        return;
    free(lv->nodes);
    free(lv->counts);
    free(lv->values);
    free(lv);
}

const char *lx_xw_leaves_name(const lx_xw_leaves *lv)
{
    return lv->name;
}

size_t lx_xw_leaves_count(const lx_xw_leaves *lv)
{
    return lv->nvalues;
}

/* The values, i16 (1/256 point) or f32, after the nodes. */
static const char *read_values(lx_xw_leaves *lv, const unsigned char *b, size_t left)
{
    if (left < 4)
        return "it ends before the number of leave values";
    size_t n = xw_le32(b);
    b += 4;
    left -= 4;
    int f32 = left >= n * 4;
    if (!f32 && left < n * 2)
        return "it holds fewer leave values than it says";
    if (!(lv->values = malloc((n ? n : 1) * sizeof *lv->values)))
        return "";
    for (size_t i = 0; i < n; i++) {
        if (f32) {
            uint32_t u = xw_le32(b + 4 * i);
            memcpy(&lv->values[i], &u, sizeof u);
            if (lv->values[i] != lv->values[i])
                lv->values[i] = 0; /* NaN: worth nothing */
        } else {
            int16_t v = (int16_t)(uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
            lv->values[i] = (float)v / 256.0f;
        }
    }
    lv->nvalues = n;
    return NULL;
}

lx_xw_leaves *lx_xw_leaves_from_klv(const char *name, const void *bytes, size_t len, lx_diag_list *diags)
{
    const unsigned char *b = bytes;
    const char *why = NULL;
    lx_xw_leaves *lv = calloc(1, sizeof *lv);
    if (!lv)
        return NULL;
    snprintf(lv->name, sizeof lv->name, "%s", name ? name : "");
    size_t n = len >= 4 ? xw_le32(b) : 0;
    if (len < 4 || n == 0 || n > XW_KWG_ARC_MASK + 1 || n > (len - 4) / 4)
        why = "its word graph's size does not fit the file";
    else if (!(lv->nodes = malloc(n * sizeof *lv->nodes)) || !(lv->counts = calloc(n, sizeof *lv->counts)))
        why = "";
    for (size_t i = 0; !why && i < n; i++)
        lv->nodes[i] = xw_le32(b + 4 + 4 * i);
    lv->nnodes = n;
    if (!why && xw_kwg_check(lv->nodes, n, &why) == 0 &&
        xw_kwg_count_words(lv->nodes, n, xw_kwg_arc(lv->nodes[0]), lv->counts) == (size_t)-1)
        why = "its word graph has a cycle";
    if (!why)
        why = read_values(lv, b + 4 + 4 * n, len - 4 - 4 * n);
    if (why) {
        if (diags && *why)
            lx_diag_add(diags, LX_ERROR, "KLV_INVALID", LX_NO_OFFSET, "leave table %s is not a well-formed KLV file: %s",
                        lv->name, why);
        lx_xw_leaves_free(lv);
        return NULL;
    }
    return lv;
}

/* The index of the leave (sorted tiles), or -1 when the table lacks it. */
static long leave_index(const lx_xw_leaves *lv, const uint8_t *t, size_t n)
{
    uint32_t p = xw_kwg_arc(lv->nodes[0]);
    long idx = 0;
    for (size_t i = 0; i < n; i++) {
        if (p == 0)
            return -1;
        uint32_t node = lv->nodes[p];
        while (xw_kwg_tile(node) != t[i]) {
            if (node & XW_KWG_IS_END)
                return -1;
            idx += (long)lv->counts[p] - (long)lv->counts[p + 1];
            node = lv->nodes[++p];
        }
        if (i + 1 == n)
            return (node & XW_KWG_ACCEPTS) ? idx : -1;
        idx += (node & XW_KWG_ACCEPTS) != 0;
        p = xw_kwg_arc(node);
    }
    return -1;
}

void xw_leave_builtin_part(const lx_xw_dist *d, int t, int c, xw_leave_part *part)
{
    part->v = 0;
    part->vowels = part->consonants = 0;
    if (c == 0 || t > d->n)
        return;
    if (t == 0) {
        part->v = 25.0 * c;
        return;
    }
    part->v = c * (2.0 - 0.75 * (d->tiles[t].value - 1)) - 4.0 * (c - 1);
    if (d->tiles[t].vowel)
        part->vowels = c;
    else
        part->consonants = c;
}

double xw_leave_builtin(const lx_xw_dist *d, const uint8_t *tiles, const int *counts, int n)
{
    double v = 0; /* the terms are quarters: the sum is exact in any order */
    int vowels = 0, consonants = 0;
    for (int i = 0; i < n; i++) {
        xw_leave_part part;
        xw_leave_builtin_part(d, tiles[i], counts[i], &part);
        v += part.v;
        vowels += part.vowels;
        consonants += part.consonants;
    }
    return xw_leave_builtin_sum(v, vowels, consonants);
}

/* The built-in estimate of tiles[0..n): each distinct tile once, with its count. */
static double builtin_value(const lx_xw_dist *d, const uint8_t *tiles, size_t n)
{
    uint8_t distinct[LX_XW_MAX_LETTERS + 1];
    int counts[LX_XW_MAX_LETTERS + 1], nd = 0;
    for (size_t i = 0; i < n; i++) {
        int t = tiles[i] & 0x3F, j = 0;
        while (j < nd && distinct[j] != t)
            j++;
        if (j == nd)
            distinct[nd] = (uint8_t)t, counts[nd++] = 0;
        counts[j]++;
    }
    return xw_leave_builtin(d, distinct, counts, nd);
}

double lx_xw_leave_value(const lx_xw_leaves *lv, const lx_xw_dist *d, const uint8_t *tiles, size_t n)
{
    if (!lv)
        return builtin_value(d, tiles, n);
    int count[LX_XW_MAX_LETTERS + 1] = {0};
    for (size_t i = 0; i < n; i++)
        count[tiles[i] & 0x3F]++;
    uint8_t sorted[LX_XW_RACK_SIZE * 4];
    size_t k = 0;
    for (int t = 0; t <= LX_XW_MAX_LETTERS && k < sizeof sorted; t++)
        for (int c = 0; c < count[t] && k < sizeof sorted; c++)
            sorted[k++] = (uint8_t)t;
    long idx = k ? leave_index(lv, sorted, k) : -1;
    return idx >= 0 && (size_t)idx < lv->nvalues ? lv->values[idx] : 0.0;
}

/* value.c - decoding and encoding of SGF values (FF[4] section "Property Value Types").
 *
 * Values are stored as written; these functions give their meaning on request:
 *   - Text: "\" escapes the next character (escaped white space other than a
 *     line break still becomes a space); "\" before a line break removes
 *     both (a soft line break); every other line break ("\n", "\r\n", "\n\r",
 *     "\r") is kept and written as "\n".
 *   - SimpleText: as Text, then line breaks and other white space become spaces.
 *   - Number / Real: strict syntax, nothing before or after.
 * Escaping for output is minimal: "\" and "]" always, ":" inside composed values. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "ludex/sgf.h"

/* Length of the line break at s[i] (1 or 2), or 0. */
static size_t linebreak_len(const char *s, size_t len, size_t i)
{
    if (s[i] != '\n' && s[i] != '\r')
        return 0;
    if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i])
        return 2;
    return 1;
}

static int decode(const char *raw, size_t len, int simple, lx_buf *out)
{
    if (lx_buf_reserve(out, len) != 0)
        return -1;
    for (size_t i = 0; i < len;) {
        char c = raw[i];
        size_t lb;
        if (c == '\\' && i + 1 < len) {
            size_t slb = linebreak_len(raw, len, i + 1);
            if (slb) { /* soft line break */
                i += 1 + slb;
                continue;
            }
            c = raw[i + 1];
            i += 2;
            if (c == '\t' || c == '\v' || c == '\f')
                c = ' '; /* FF[4]: escaped white space still becomes a space */
            out->data[out->len++] = c;
            continue;
        }
        if (c == '\\') { /* a lone backslash at the very end */
            i++;
            continue;
        }
        if ((lb = linebreak_len(raw, len, i)) != 0) {
            out->data[out->len++] = simple ? ' ' : '\n';
            i += lb;
            continue;
        }
        if (c == '\t' || c == '\v' || c == '\f')
            c = ' '; /* white space other than line breaks is a space in both types */
        out->data[out->len++] = c;
        i++;
    }
    out->data[out->len] = '\0';
    return 0;
}

int lx_sgf_decode_text(const char *raw, size_t len, lx_buf *out) { return decode(raw, len, 0, out); }
int lx_sgf_decode_simpletext(const char *raw, size_t len, lx_buf *out) { return decode(raw, len, 1, out); }

int lx_sgf_escape(const char *text, size_t len, int in_compose, lx_buf *out)
{
    if (lx_buf_reserve(out, len + 8) != 0)
        return -1;
    out->data[out->len] = '\0'; /* a fresh buffer from lx_buf_reserve is not terminated yet */
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\\' || c == ']' || (in_compose && c == ':')) {
            if (lx_buf_append_char(out, '\\') != 0)
                return -1;
        }
        if (lx_buf_append_char(out, c) != 0)
            return -1;
    }
    return 0;
}

size_t lx_sgf_compose_split(const char *raw, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (raw[i] == '\\')
            i++;
        else if (raw[i] == ':')
            return i;
    }
    return (size_t)-1;
}

int lx_sgf_parse_number(const char *raw, size_t len, long *out)
{
    size_t i = 0;
    if (len == 0)
        return -1;
    if (raw[0] == '+' || raw[0] == '-')
        i++;
    if (i == len)
        return -1;
    long v = 0;
    for (; i < len; i++) {
        if (raw[i] < '0' || raw[i] > '9')
            return -1;
        int d = raw[i] - '0';
        if (v > (LONG_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (out)
        *out = raw[0] == '-' ? -v : v;
    return 0;
}

int lx_sgf_parse_real(const char *raw, size_t len, double *out)
{
    size_t i = 0, digits = 0;
    if (len == 0 || len > 400)
        return -1;
    if (raw[0] == '+' || raw[0] == '-')
        i++;
    for (; i < len && raw[i] >= '0' && raw[i] <= '9'; i++)
        digits++;
    if (digits == 0)
        return -1; /* ".5": a Real starts with a Number, which has a digit */
    if (i < len && raw[i] == '.') {
        i++;
        size_t frac = 0;
        for (; i < len && raw[i] >= '0' && raw[i] <= '9'; i++)
            frac++;
        if (frac == 0)
            return -1;
        digits += frac;
    }
    if (i != len || digits == 0)
        return -1;
    char tmp[402];
    memcpy(tmp, raw, len);
    tmp[len] = '\0';
    double v = strtod(tmp, NULL);
    if (v > DBL_MAX || v < -DBL_MAX)
        return -1; /* too big for a double, like a Number too big for a long */
    if (out)
        *out = v;
    return 0;
}

/* One side of SZ, trimmed of white space. */
static int read_side(const char *s, size_t n, long min, long max, int *out)
{
    lx_trim(&s, &n);
    long v;
    if (lx_sgf_parse_number(s, n, &v) != 0 || v < min || v > max || v > INT_MAX)
        return -1;
    *out = (int)v;
    return 0;
}

int lx_sgf_read_size(const lx_sgf_tree *t, lx_sgf_node n, long min, long max, int *cols, int *rows,
                     lx_sgf_prop *where)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, n, "SZ");
    if (where)
        *where = p;
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 1;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    size_t split = lx_sgf_compose_split(v.raw, v.len);
    int c, r;
    int ok = split == (size_t)-1
                 ? read_side(v.raw, v.len, min, max, &c) == 0 && (r = c, 1)
                 : read_side(v.raw, split, min, max, &c) == 0 &&
                       read_side(v.raw + split + 1, v.len - split - 1, min, max, &r) == 0;
    if (!ok)
        return -1;
    *cols = c;
    *rows = r;
    return 0;
}

int lx_sgf_point_span(const char *raw, size_t len, const char **p1, size_t *n1, const char **p2, size_t *n2)
{
    size_t split = lx_sgf_compose_split(raw, len);
    *p1 = *p2 = raw;
    *n1 = *n2 = split == (size_t)-1 ? len : split;
    if (split != (size_t)-1) {
        *p2 = raw + split + 1;
        *n2 = len - split - 1;
    }
    lx_trim(p1, n1);
    lx_trim(p2, n2);
    return split != (size_t)-1;
}

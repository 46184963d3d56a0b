/* util.c - small helpers of xword/: numbers, names, square names.
 *
 * Numbers in CGP and GCG are plain decimal; these readers accept exactly
 * that (no leading '+' unless asked, no spaces, no hex) and refuse anything
 * that would overflow, so a value is either read whole or refused. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "xword/xword_impl.h"

int xw_word_ref_cmp(const void *a, const void *b)
{
    const xw_word_ref *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->tiles, y->tiles, n);
    return c ? c : (int)x->len - (int)y->len;
}

/* Numbers read are at most 10^15, or what a 32-bit long holds (WebAssembly), so that
 * v * 10 + 9 never overflows while reading. */
#if LONG_MAX > 1000000000000000L
#define XW_LONG_LIMIT 1000000000000000L
#else
#define XW_LONG_LIMIT (LONG_MAX / 10 - 1)
#endif

int xw_parse_long(const char *s, size_t len, int sign, long *out)
{
    size_t i = 0;
    int neg = 0;
    if (len > 0 && (s[0] == '-' || s[0] == '+') && sign > 0) {
        if (s[0] == '+' && sign < 2)
            return -1;
        neg = s[0] == '-';
        i = 1;
    }
    if (i >= len)
        return -1;
    long v = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
        if (v > XW_LONG_LIMIT)
            return -1;
    }
    *out = neg ? -v : v;
    return 0;
}

static int fold(int c)
{
    return c == '-' ? '_' : tolower((unsigned char)c);
}

int xw_name_eq(const char *a, const char *b)
{
    while (*a && *b && fold(*a) == fold(*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

size_t xw_column_name(int c, char *buf, size_t cap)
{
    char tmp[16];
    size_t n = 0;
    long v = (long)c + 1;
    while (v > 0 && n < sizeof tmp) {
        v--;
        tmp[n++] = (char)('A' + v % 26);
        v /= 26;
    }
    if (n + 1 > cap)
        return 0;
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

size_t lx_xw_square_name(int row, int col, char *buf, size_t cap)
{
    size_t n = xw_column_name(col, buf, cap);
    if (n == 0)
        return 0;
    int k = snprintf(buf + n, cap - n, "%d", row + 1);
    return k < 0 || (size_t)k >= cap - n ? 0 : n + (size_t)k;
}

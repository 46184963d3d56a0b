/* coord.c - column letters a..z, aa..zz, aaa.. and "letters + row" points.
 *
 * Bijective base 26 (see coord.h).  Column index i has letters found by
 * repeatedly taking (i % 26) as the last letter and going on with i / 26 - 1;
 * reading goes the other way, i = (i + 1) * 26 + letter.  Nothing here
 * allocates, and every function stops before a number could overflow. */
#include "base/coord.h"

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int letter_value(char c)
{
    return c >= 'a' ? c - 'a' : c - 'A';
}

size_t lx_coord_column_name(long index, char *buf, size_t cap)
{
    char rev[16];
    size_t n = 0;
    if (index < 0 || index > LX_COORD_MAX)
        return 0;
    for (long i = index;; i = i / 26 - 1) {
        rev[n++] = (char)('a' + i % 26);
        if (i < 26)
            break;
    }
    if (n + 1 > cap)
        return 0;
    for (size_t k = 0; k < n; k++)
        buf[k] = rev[n - 1 - k];
    buf[n] = '\0';
    return n;
}

int lx_coord_column_index(const char *s, size_t len, long *index)
{
    long v = -1;
    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (!is_letter(s[i]))
            return -1;
        v = (v + 1) * 26 + letter_value(s[i]);
        if (v > LX_COORD_MAX)
            return -1;
    }
    *index = v;
    return 0;
}

int lx_coord_parse_point(const char *s, size_t len, long *col, long *row)
{
    /* the common case first, as the loops below would read it: one letter and
     * a row of one or two digits ("e5", "k11") */
    if ((len == 2 || len == 3) && is_letter(s[0]) && s[1] >= '1' && s[1] <= '9' &&
        (len == 2 || (s[2] >= '0' && s[2] <= '9'))) {
        *col = letter_value(s[0]);
        *row = len == 2 ? s[1] - '0' : (s[1] - '0') * 10 + (s[2] - '0');
        return 0;
    }
    size_t nl = 0;
    while (nl < len && is_letter(s[nl]))
        nl++;
    if (nl == 0 || nl == len || s[nl] == '0')
        return -1;
    long r = 0;
    for (size_t i = nl; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        r = r * 10 + (s[i] - '0');
        if (r > LX_COORD_MAX)
            return -1;
    }
    if (lx_coord_column_index(s, nl, col) != 0)
        return -1;
    *row = r;
    return 0;
}

size_t lx_coord_point_name(long col, long row, char *buf, size_t cap)
{
    char digits[16];
    size_t nd = 0;
    if (row < 1 || row > LX_COORD_MAX)
        return 0;
    size_t nl = lx_coord_column_name(col, buf, cap);
    if (nl == 0)
        return 0;
    for (long r = row; r > 0; r /= 10)
        digits[nd++] = (char)('0' + r % 10);
    if (nl + nd + 1 > cap)
        return 0;
    for (size_t k = 0; k < nd; k++)
        buf[nl + k] = digits[nd - 1 - k];
    buf[nl + nd] = '\0';
    return nl + nd;
}

/* utf8.c - UTF-8 validation and repair.  Strict (RFC 3629): no overlong forms,
 * no surrogates, nothing above U+10FFFF.  The ASCII fast path reads 8 bytes at
 * a time, because most game records are pure ASCII. */
#include <stdint.h>
#include <string.h>

#include "base/text.h"

size_t lx_utf8_sequence(const unsigned char *s, size_t len)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    if (c < 0xC2 || c > 0xF4)
        return 0;
    size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (len < n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (c == 0xE0 && s[1] < 0xA0)
        return 0; /* overlong */
    if (c == 0xED && s[1] >= 0xA0)
        return 0; /* surrogate */
    if (c == 0xF0 && s[1] < 0x90)
        return 0; /* overlong */
    if (c == 0xF4 && s[1] >= 0x90)
        return 0; /* above U+10FFFF */
    return n;
}

static int word_is_ascii(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return (w & 0x8080808080808080ULL) == 0;
}

/* 32 bytes: four words tested at once. */
static int block_is_ascii(const unsigned char *p)
{
    uint64_t w[4];
    memcpy(w, p, 32);
    return ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ULL) == 0;
}

int lx_is_ascii(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        if (!word_is_ascii(p + i))
            return 0;
    for (; i < len; i++)
        if (p[i] & 0x80)
            return 0;
    return 1;
}

size_t lx_utf8_valid_prefix(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        if (i + 32 <= len && block_is_ascii(p + i)) {
            i += 32; /* text is mostly ASCII: 32 bytes a step */
            continue;
        }
        if (i + 8 <= len && word_is_ascii(p + i)) {
            i += 8;
            continue;
        }
        size_t n = lx_utf8_sequence(p + i, len - i);
        if (n == 0)
            return i;
        i += n;
    }
    return len;
}

int lx_utf8_repair(const char *in, size_t len, lx_buf *out, lx_diag_list *diags)
{
    size_t i = 0;
    while (i < len) {
        size_t good = lx_utf8_valid_prefix(in + i, len - i);
        if (lx_buf_append(out, in + i, good) != 0)
            return -1;
        i += good;
        if (i >= len)
            break;
        if (diags)
            lx_diag_add(diags, LX_ERROR, "INVALID_UTF8", out->len,
                        "byte 0x%02X is not valid UTF-8; replaced by U+FFFD (use --encoding to name the file's charset)",
                        (unsigned char)in[i]);
        if (lx_buf_append(out, "\xEF\xBF\xBD", 3) != 0)
            return -1;
        i++;
        /* skip continuation bytes of the same broken sequence */
        while (i < len && ((unsigned char)in[i] & 0xC0) == 0x80)
            i++;
    }
    return 0;
}

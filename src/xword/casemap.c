/* casemap.c - upper and lower case of the letters tile labels use.
 *
 * A designated blank is written with the lower-case form of its letter, so a
 * distribution needs both forms of every label.  This maps the letters of
 * Latin-1, Latin Extended-A, Greek and Cyrillic, which cover the alphabets
 * crossword games are played in; a distribution file may give the lower
 * form itself for anything else.  It deliberately does not do full Unicode
 * case folding (no ß -> SS, no locale rules). */
#include <string.h>

#include "base/text.h"
#include "xword/xword_impl.h"

/* Latin Extended-A: pairs (upper even, lower odd) except these ranges,
 * where the upper case is odd. */
static int latin_a_odd_upper(unsigned c)
{
    return (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
}

static unsigned to_lower(unsigned c)
{
    if (c >= 'A' && c <= 'Z')
        return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
        return c + 32;
    if (c == 0x178)
        return 0xFF;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F)
        return latin_a_odd_upper(c) ? ((c & 1) ? c + 1 : c) : ((c & 1) ? c : c + 1);
    if (c >= 0x391 && c <= 0x3AB && c != 0x3A2)
        return c + 32;
    if (c >= 0x410 && c <= 0x42F)
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    return c;
}

static unsigned to_upper(unsigned c)
{
    if (c >= 'a' && c <= 'z')
        return c - 32;
    if (c >= 0xE0 && c <= 0xFE && c != 0xF7)
        return c - 32;
    if (c == 0xFF)
        return 0x178;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F)
        return latin_a_odd_upper(c) ? ((c & 1) ? c : c - 1) : ((c & 1) ? c - 1 : c);
    if (c >= 0x3B1 && c <= 0x3CB && c != 0x3C2)
        return c - 32;
    if (c >= 0x430 && c <= 0x44F)
        return c - 32;
    if (c >= 0x450 && c <= 0x45F)
        return c - 80;
    return c;
}

static unsigned decode(const unsigned char *s, size_t n)
{
    if (n == 1)
        return s[0];
    if (n == 2)
        return ((unsigned)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
    if (n == 3)
        return ((unsigned)(s[0] & 0x0F) << 12) | ((unsigned)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    return ((unsigned)(s[0] & 0x07) << 18) | ((unsigned)(s[1] & 0x3F) << 12) | ((unsigned)(s[2] & 0x3F) << 6) |
           (s[3] & 0x3F);
}

static size_t encode(unsigned c, char *out)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

int xw_case_map(const char *in, size_t len, int upper, char *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t i = 0, o = 0;
    while (i < len) {
        size_t n = lx_utf8_sequence(s + i, len - i);
        if (n == 0)
            return -1;
        unsigned c = decode(s + i, n);
        c = upper ? to_upper(c) : to_lower(c);
        char tmp[4];
        size_t k = encode(c, tmp);
        if (o + k >= cap)
            return -1;
        memcpy(out + o, tmp, k);
        o += k;
        i += n;
    }
    out[o] = '\0';
    return (int)o;
}

/* quote.c - values quoted in diagnostics: short, whole characters, printable. */
#include "base/text.h"

const char *lx_quote(const char *s, size_t len, char *buf, size_t cap)
{
    size_t n = len < 40 ? len : 40;
    if (n < len)
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    if (n + 4 > cap)
        n = cap - 4;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        buf[k++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
    if (n < len)
        buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
    buf[k] = '\0';
    return buf;
}

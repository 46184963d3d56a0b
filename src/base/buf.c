/* buf.c - growable NUL-terminated byte buffer (see ludex/buf.h).
 * Growth doubles the capacity; a failed allocation leaves the buffer as it was. */
#include "ludex/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lx_buf_free(lx_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void lx_buf_clear(lx_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

int lx_buf_reserve(lx_buf *b, size_t extra)
{
    if (extra >= (size_t)-1 - b->len - 1)
        return -1;
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > ((size_t)-1) / 2 ? need : cap * 2;
    char *p = realloc(b->data, cap);
    if (!p)
        return -1;
    if (!b->data)
        p[0] = '\0'; /* a fresh buffer is an empty string too */
    b->data = p;
    b->cap = cap;
    return 0;
}

int lx_buf_append(lx_buf *b, const void *data, size_t len)
{
    if (lx_buf_reserve(b, len) != 0)
        return -1;
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return 0;
}

int lx_buf_append_str(lx_buf *b, const char *s)
{
    return lx_buf_append(b, s, strlen(s));
}

int lx_buf_append_char(lx_buf *b, char c)
{
    if (b->len + 1 < b->cap) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return 0;
    }
    return lx_buf_append(b, &c, 1);
}

int lx_buf_printf(lx_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if ((size_t)n < sizeof small)
        return lx_buf_append(b, small, (size_t)n);
    if (lx_buf_reserve(b, (size_t)n) != 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

char *lx_buf_steal(lx_buf *b, size_t *len)
{
    char *p = b->data;
    if (len)
        *len = b->len;
    if (!p)
        p = calloc(1, 1);
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}

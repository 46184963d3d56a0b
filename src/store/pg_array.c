/* store/pg_array.c - PostgreSQL array literals, element by element (pg_array.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/pg_array.h"

void pg_lit_open(pg_lit *l)
{
    *l = (pg_lit){NULL, 0, 0, 1};
    pg_lit_put(l, "{", 1);
}

void pg_lit_close(pg_lit *l) { pg_lit_put(l, "}", 1); }

void pg_lit_put(pg_lit *l, const char *s, size_t len)
{
    if (!l->ok)
        return;
    if (l->n + len + 2 > l->cap) {
        size_t cap = l->cap ? l->cap : 64;
        while (l->n + len + 2 > cap)
            cap *= 2;
        char *t = realloc(l->s, cap);
        if (!t) {
            l->ok = 0;
            return;
        }
        l->s = t;
        l->cap = cap;
    }
    memcpy(l->s + l->n, s, len);
    l->n += len;
    l->s[l->n] = 0;
}

static void lit_sep(pg_lit *l) { pg_lit_put(l, l->n > 1 ? "," : "", l->n > 1); }

void pg_lit_int(pg_lit *l, long long x)
{
    char num[24];
    lit_sep(l);
    pg_lit_put(l, num, (size_t)snprintf(num, sizeof num, "%lld", x));
}

void pg_lit_text(pg_lit *l, const char *s)
{
    lit_sep(l);
    pg_lit_put(l, "\"", 1);
    for (const char *p = s ? s : ""; *p;) {
        size_t run = strcspn(p, "\"\\");
        pg_lit_put(l, p, run);
        p += run;
        if (*p) {
            pg_lit_put(l, "\\", 1);
            pg_lit_put(l, p++, 1);
        }
    }
    pg_lit_put(l, "\"", 1);
}


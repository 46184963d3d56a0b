/* store/pg_array.h - PostgreSQL array literals ("{1,2}", "{\"a\",\"b\"}") built up element by
 * element, for statements that take a whole batch's column as one parameter (pg_pairs.c,
 * pg_tournaments.c). */
#ifndef LUDEX_PG_ARRAY_H
#define LUDEX_PG_ARRAY_H

#include <stddef.h>

/* A growing text, "{" ... "}" (an array literal); on running out of memory, ok is 0. */
typedef struct pg_lit {
    char *s;
    size_t n, cap;
    int ok;
} pg_lit;

/* An empty literal "{" (pg_lit_close ends it). */
void pg_lit_open(pg_lit *l);
void pg_lit_close(pg_lit *l);
void pg_lit_put(pg_lit *l, const char *s, size_t len);
void pg_lit_int(pg_lit *l, long long x);
/* A text element, double-quoted, its quotes and backslashes escaped (NULL: ""). */
void pg_lit_text(pg_lit *l, const char *s);

#endif

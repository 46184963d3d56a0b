/* ludex/diag.h - diagnostics: what is wrong with an input, where, and how bad.
 *
 * Every problem the library finds in input becomes one lx_diag: a stable code
 * (an upper-case identifier such as "UNCLOSED_TREE" that scripts may match on),
 * a severity, the byte offset in the document, the line and column (1-based,
 * columns counted in characters) and a sentence for people.  A diagnostic list
 * collects them; it never prints anything itself.
 */
#ifndef LUDEX_DIAG_H
#define LUDEX_DIAG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum lx_severity {
    LX_WARNING = 0, /* legal but suspicious, or a departure from the spec that was repaired */
    LX_ERROR = 1,   /* the input breaks a rule; reading went on */
    LX_FATAL = 2    /* nothing sensible could be read from here on */
} lx_severity;

#define LX_NO_OFFSET ((size_t)-1)

typedef struct lx_diag {
    const char *code;    /* stable identifier, static storage */
    lx_severity severity;
    size_t offset;       /* byte offset in the (UTF-8) document, or LX_NO_OFFSET */
    uint32_t line, col;  /* 1-based; 0 until resolved (or when there is no position) */
    const char *message; /* owned by the list */
} lx_diag;

typedef struct lx_diag_list lx_diag_list;

/* A new, empty list; NULL when out of memory. */
lx_diag_list *lx_diag_list_new(void);
void lx_diag_list_free(lx_diag_list *list);
/* Forget every diagnostic (capacity is kept). */
void lx_diag_list_clear(lx_diag_list *list);

/* At most `max` diagnostics are stored (default 10000); the rest are counted
 * and a single TOO_MANY_DIAGNOSTICS warning says how many were left out. */
void lx_diag_list_set_limit(lx_diag_list *list, size_t max);

/* Add one diagnostic; the message is printf-formatted.  Returns 0, or -1 when
 * out of memory (the diagnostic is then only counted). */
int lx_diag_add(lx_diag_list *list, lx_severity sev, const char *code, size_t offset,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Same, with a known line and column (for input that has no document offset). */
int lx_diag_add_at(lx_diag_list *list, lx_severity sev, const char *code, uint32_t line,
                   uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

size_t lx_diag_count(const lx_diag_list *list);
const lx_diag *lx_diag_get(const lx_diag_list *list, size_t i);
/* Number of diagnostics of severity `min` or worse, including those past the limit. */
size_t lx_diag_count_at_least(const lx_diag_list *list, lx_severity min);
/* Diagnostics beyond the limit that were counted but not stored. */
size_t lx_diag_dropped(const lx_diag_list *list);

/* Fill line and column of every diagnostic that has an offset but no line yet,
 * counting in `text` (UTF-8; columns count code points).  Then sort the list
 * by position, keeping the order of diagnostics at one position. */
void lx_diag_list_resolve(lx_diag_list *list, const char *text, size_t len);
/* Add src's diagnostics to dst, in the order they were added to src, as if
 * they had been added to dst there and then (dst's limit applies; what src
 * itself left out counts as left out of dst).  Neither list may have been
 * resolved.  0, or -1 when out of memory. */
int lx_diag_list_append(lx_diag_list *dst, const lx_diag_list *src);

/* "fatal", "error" or "warning". */
const char *lx_severity_name(lx_severity sev);

#ifdef __cplusplus
}
#endif
#endif

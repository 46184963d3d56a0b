/* ludex/buf.h - a growable byte buffer, always NUL-terminated.
 *
 * Used wherever the library produces text (decoded values, written SGF,
 * drawings).  Functions return 0 on success and -1 when memory runs out; after
 * a failure the buffer keeps what it held before the failing call.
 */
#ifndef LUDEX_BUF_H
#define LUDEX_BUF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lx_buf {
    char *data; /* NUL-terminated when non-NULL */
    size_t len;
    size_t cap;
} lx_buf;

#define LX_BUF_INIT {NULL, 0, 0}

void lx_buf_free(lx_buf *b);
void lx_buf_clear(lx_buf *b); /* length 0, capacity kept */
int lx_buf_reserve(lx_buf *b, size_t extra);
int lx_buf_append(lx_buf *b, const void *data, size_t len);
int lx_buf_append_str(lx_buf *b, const char *s);
int lx_buf_append_char(lx_buf *b, char c);
int lx_buf_printf(lx_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hand the bytes to the caller (who frees them); the buffer becomes empty. */
char *lx_buf_steal(lx_buf *b, size_t *len);

#ifdef __cplusplus
}
#endif
#endif

/* mail/mail_int.h - the message parser's decoders (decode.c, html.c), used
 * by message.c; the door's own parts are in door_int.h.
 *
 * Each appends to an lx_buf and returns 0, or -1 when memory runs out; none
 * refuses its input: a bad byte is passed over or replaced, never an error. */
#ifndef LUDEX_MAIL_INT_H
#define LUDEX_MAIL_INT_H

#include <stddef.h>

#include "ludex/buf.h"

/* Base64, leniently: characters outside the alphabet are passed over, a
 * last group of 2 or 3 characters gives its 1 or 2 bytes. */
int mail_base64_decode(const char *s, size_t n, lx_buf *out);
/* Quoted-printable; in_header for RFC 2047's Q ('_' is a space). */
int mail_qp_decode(const char *s, size_t n, int in_header, lx_buf *out);
/* Bytes in charset (a MIME name; "" or unknown: UTF-8) to UTF-8. */
int mail_to_utf8(const char *charset, const char *s, size_t n, lx_buf *out);
/* A header value with RFC 2047 encoded-words to UTF-8 (raw 8-bit bytes are
 * read as UTF-8); white space between two encoded-words is dropped. */
int mail_decode_words(const char *s, size_t n, lx_buf *out);
/* UTF-8 HTML to text: tags dropped, script/style/title and blockquote
 * contents left out, block ends as LF, entities decoded. */
int mail_html_to_text(const char *s, size_t n, lx_buf *out);

/* The code point's UTF-8 (U+FFFD for what is not a scalar value). */
int mail_put_utf8(lx_buf *out, unsigned long cp);

#endif

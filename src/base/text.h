/* text.h - UTF-8 validation and charset conversion (internal to libludex).
 *
 * Everything inside ludex is UTF-8.  These helpers find out whether bytes
 * already are, repair them when they are not (each bad sequence becomes
 * U+FFFD and a diagnostic), and convert from any charset iconv knows. */
#ifndef LX_BASE_TEXT_H
#define LX_BASE_TEXT_H

#include <stddef.h>

#include "ludex/buf.h"
#include "ludex/diag.h"

/* Length of the longest prefix of s that is valid UTF-8. */
size_t lx_utf8_valid_prefix(const char *s, size_t len);
/* Non-zero when every byte is below 0x80. */
int lx_is_ascii(const char *s, size_t len);
/* Length of the valid UTF-8 sequence at s (1..4), or 0 when it is invalid. */
size_t lx_utf8_sequence(const unsigned char *s, size_t len);

/* Copy `in` to `out`, replacing every invalid UTF-8 sequence by U+FFFD with an
 * INVALID_UTF8 diagnostic at its offset in `out`.  0, or -1 when out of memory. */
int lx_utf8_repair(const char *in, size_t len, lx_buf *out, lx_diag_list *diags);

/* Narrow s[0..*len) to leave out white space at both ends. */
void lx_trim(const char **s, size_t *len);

/* A value quoted for a diagnostic: at most 40 bytes of s, cut on a UTF-8
 * boundary, control characters shown as '?', "..." when cut.  cap >= 8. */
const char *lx_quote(const char *s, size_t len, char *buf, size_t cap);

/* Non-zero when iconv can convert from `charset` to UTF-8. */
int lx_charset_known(const char *charset);
/* Non-zero for the names of UTF-8 ("UTF-8", "utf8", ...). */
int lx_charset_is_utf8(const char *charset);
/* Convert `in` from `charset` to UTF-8, appending to `out`.  A byte that is
 * invalid in the charset becomes U+FFFD with an INVALID_BYTES diagnostic.
 * 0; -1 when out of memory or the charset is unknown. */
int lx_charset_to_utf8(const char *charset, const char *in, size_t len, lx_buf *out,
                       lx_diag_list *diags);

#endif

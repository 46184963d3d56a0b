/* ludex/convert.h - records of other programs to standard SGF and back, as
 * `ludex convert` converts them (its SGF conversions; crossword GCG and CGP
 * have their own calls in xword.h).
 *
 * Formats: "sgf"; "littlegolem-hex" (Little Golem's Hex SGF: no GM, White
 * first, "mf" cells); "littlegolem-twixt" (.tsgf: b[ec];r[ff]); "t1" (T1j and
 * twixtbot-ui); "twixt-server" (a game move by move in the Twixt server's
 * syntax).  Conversions: each of the four to "sgf" (canonical, every tree for
 * the Little Golem formats), and "sgf" to "t1" and to "twixt-server" (the main
 * line of the first tree, which must be Twixt). */
#ifndef LUDEX_CONVERT_H
#define LUDEX_CONVERT_H

#include <stddef.h>

#include "buf.h"
#include "diag.h"
#include "sgf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Convert `len` bytes in format `from` to format `to` (names as above, any case),
 * appending the result to `out` and the problems to `diags`, resolved against the
 * input's text.  0 when done (errors in diags mean the input had problems; `out` may
 * still hold a best effort, or nothing), -1 when out of memory, -2 when there is no
 * such conversion.  `read` (may be NULL) says how to read SGF input (its charset). */
int lx_convert(const char *bytes, size_t len, const char *from, const char *to, const lx_sgf_read_options *read,
               lx_buf *out, lx_diag_list *diags);

/* The format of SGF bytes: "littlegolem-hex" or "littlegolem-twixt" when the first
 * game tree is a Little Golem record, else "sgf". */
const char *lx_convert_sniff_sgf(const char *bytes, size_t len, const lx_sgf_read_options *read);

/* Whether lx_convert knows the conversion from `from` to `to`. */
int lx_convert_known(const char *from, const char *to);

#ifdef __cplusplus
}
#endif

#endif

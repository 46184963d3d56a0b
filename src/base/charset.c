/* charset.c - conversion to UTF-8 through iconv, for every charset iconv knows.
 * Invalid input never stops a conversion: the bad byte becomes U+FFFD, a
 * diagnostic records where, and conversion resumes at the next byte. */
#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"

int lx_charset_is_utf8(const char *cs)
{
    return strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "UTF8") == 0;
}

int lx_charset_known(const char *cs)
{
    if (cs[0] == '\0')
        return 0; /* iconv would take "" as the locale's charset */
    if (lx_charset_is_utf8(cs))
        return 1;
    iconv_t cd = iconv_open("UTF-8", cs);
    if (cd == (iconv_t)-1)
        return 0;
    iconv_close(cd);
    return 1;
}

int lx_charset_to_utf8(const char *cs, const char *in, size_t len, lx_buf *out, lx_diag_list *diags)
{
    if (lx_charset_is_utf8(cs))
        return lx_utf8_repair(in, len, out, diags);
    iconv_t cd = iconv_open("UTF-8", cs);
    if (cd == (iconv_t)-1)
        return -1;
    char *src = (char *)in;
    size_t left = len, start = out->len;
    int rc = 0;
    size_t reported = 0;
    while (left > 0) {
        if (lx_buf_reserve(out, left * 2 + 16) != 0) {
            rc = -1;
            break;
        }
        char *dst = out->data + out->len;
        size_t room = out->cap - out->len - 1;
        size_t r = iconv(cd, &src, &left, &dst, &room);
        out->len = (size_t)(dst - out->data);
        out->data[out->len] = '\0';
        if (r != (size_t)-1)
            break;
        if (errno == E2BIG)
            continue;
        /* EILSEQ or EINVAL: one bad byte; say so (a few times) and go on */
        if (diags && reported < 100)
            lx_diag_add(diags, LX_ERROR, "INVALID_BYTES", out->len,
                        "byte 0x%02X is not valid %s; replaced by U+FFFD", (unsigned char)*src, cs);
        reported++;
        if (lx_buf_append(out, "\xEF\xBF\xBD", 3) != 0) {
            rc = -1;
            break;
        }
        src++;
        left--;
        iconv(cd, NULL, NULL, NULL, NULL);
    }
    iconv_close(cd);
    /* iconv may pass on what is not Unicode (glibc reads UTF-8 and UCS-4 up
     * to U+7FFFFFFF): the text must be strict UTF-8 whatever the charset. */
    if (rc == 0 && out->len > start && lx_utf8_valid_prefix(out->data + start, out->len - start) != out->len - start) {
        lx_buf fixed = LX_BUF_INIT;
        if (lx_buf_append(&fixed, out->data, start) != 0 ||
            lx_utf8_repair(out->data + start, out->len - start, &fixed, diags) != 0) {
            lx_buf_free(&fixed);
            return -1;
        }
        lx_buf_free(out);
        *out = fixed;
    }
    return rc;
}

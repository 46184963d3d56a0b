/* doc.c - an SGF document: the file's text as UTF-8, and the charset it was read as.
 *
 * The charset is settled before parsing, for the whole file, so that the
 * parser only ever sees UTF-8 (where '\\' and ']' can never hide inside a
 * multi-byte character, as they can in Shift_JIS or Big5).  The rule, first
 * match wins:
 *   1. --encoding (lx_sgf_read_options.encoding);
 *   2. a byte-order mark (UTF-8, UTF-16, UTF-32);
 *   3. the CA property of the first game tree's root node, unless it names a
 *      charset that does not write ASCII as ASCII (UTF-16, UTF-32): CA was
 *      just read as ASCII, so the file is not in it (CHARSET_MISMATCH);
 *   4. UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (FF[4]'s default).
 * Rule 4 departs from FF[4] (which says ISO-8859-1) because nearly every file
 * without CA written since 2005 is UTF-8; a CHARSET_ASSUMED warning says so
 * whenever the file has non-ASCII bytes and the choice mattered. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "ludex/sgf.h"

struct lx_sgf_doc {
    const char *text;
    size_t len;
    char *owned; /* the text when it is ours */
    char charset[64];
    int converted;
    int unchecked; /* UTF-8 taken as it is (lx_sgf_doc_new_utf8_later): the caller checks it */
};

const char *lx_sgf_doc_text(const lx_sgf_doc *d, size_t *len)
{
    if (len)
        *len = d->len;
    return d->text;
}

const char *lx_sgf_doc_charset(const lx_sgf_doc *d) { return d->charset; }
int lx_sgf_doc_converted(const lx_sgf_doc *d) { return d->converted; }
int lx_sgf_doc_utf8_unchecked(const lx_sgf_doc *d) { return d->unchecked; }

void lx_sgf_doc_free(lx_sgf_doc *d)
{
    if (!d)
        return;
    free(d->owned);
    free(d);
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Find CA[...] in the first root node: the first "(" + ";" and the properties
 * that follow up to the next ';', '(' or ')'.  Copies the trimmed value and
 * sets *at to the offset of the ID.  With `escapes` zero a '\\' is an ordinary
 * byte: in Shift_JIS or Big5 it may be the second byte of a character, so a
 * value written before CA can seem to end in an escaped ']'. */
static int find_root_ca_scan(const char *s, size_t len, int escapes, char *out, size_t outsz, size_t *at)
{
    size_t i = 0;
    for (;;) {
        const char *p = memchr(s + i, '(', len - i);
        if (!p)
            return 0;
        i = (size_t)(p - s) + 1;
        while (i < len && is_ws(s[i]))
            i++;
        if (i < len && s[i] == ';')
            break;
    }
    i++;
    while (i < len) {
        char c = s[i];
        if (c == ';' || c == '(' || c == ')')
            return 0;
        if (!is_letter(c)) {
            i++;
            continue;
        }
        size_t id = i, upper = 0;
        char idbuf[3] = {0};
        while (i < len && is_letter(s[i])) {
            if (s[i] >= 'A' && s[i] <= 'Z' && upper < 2)
                idbuf[upper++] = s[i];
            else if (s[i] >= 'A' && s[i] <= 'Z')
                upper = 3;
            i++;
        }
        int is_ca = upper == 2 && idbuf[0] == 'C' && idbuf[1] == 'A';
        if (upper == 0 && i - id == 2 && (s[id] | 0x20) == 'c' && (s[id + 1] | 0x20) == 'a')
            is_ca = 1;
        while (i < len && is_ws(s[i]))
            i++;
        while (i < len && s[i] == '[') {
            size_t v = ++i;
            while (i < len && s[i] != ']')
                i += (escapes && s[i] == '\\' && i + 1 < len) ? 2 : 1;
            if (is_ca) {
                size_t a = v, b = i < len ? i : len;
                while (a < b && is_ws(s[a]))
                    a++;
                while (b > a && is_ws(s[b - 1]))
                    b--;
                if (b - a == 0 || b - a >= outsz)
                    return 0;
                memcpy(out, s + a, b - a);
                out[b - a] = '\0';
                *at = id;
                return 1;
            }
            if (i < len)
                i++;
            while (i < len && is_ws(s[i]))
                i++;
        }
    }
    return 0;
}

/* The escape-blind scan runs only on bytes that are not UTF-8 (in UTF-8 a
 * '\\' is always a '\\'), and only when the first found nothing. */
static int find_root_ca(const char *s, size_t len, char *out, size_t outsz, size_t *at)
{
    return find_root_ca_scan(s, len, 1, out, outsz, at) ||
           (lx_utf8_valid_prefix(s, len) != len && find_root_ca_scan(s, len, 0, out, outsz, at));
}

/* Whether `cs` writes ASCII as ASCII.  A CA that could be read from the bytes
 * cannot name UTF-16 or UTF-32: reading as those would lose the whole file. */
static int ascii_compatible(const char *cs)
{
    static const char probe[] = "(;CA[]) az";
    lx_buf out = LX_BUF_INIT;
    int ok = lx_charset_to_utf8(cs, probe, sizeof probe - 1, &out, NULL) == 0 && out.len == sizeof probe - 1 &&
             memcmp(out.data, probe, out.len) == 0;
    lx_buf_free(&out);
    return ok;
}

/* Offset of the CA property in the document's (UTF-8) text, for diagnostics. */
static size_t ca_offset(const lx_sgf_doc *d)
{
    char ca[64];
    size_t at;
    return find_root_ca(d->text, d->len, ca, sizeof ca, &at) ? at : LX_NO_OFFSET;
}

/* When a UTF-8 text is checked: here, by the caller (lx_sgf_doc_new_utf8_later), or already. */
enum { CHECK_NOW, CHECK_LATER, CHECKED };

static int set_text_utf8(lx_sgf_doc *d, const char *bytes, size_t len, int borrow, int later, lx_diag_list *diags)
{
    if (borrow && later != CHECK_NOW) {
        d->text = bytes;
        d->len = len;
        d->unchecked = later == CHECK_LATER;
        return 0;
    }
    size_t good = later == CHECKED ? len : lx_utf8_valid_prefix(bytes, len);
    if (good == len) {
        if (borrow) {
            d->text = bytes;
        } else {
            d->owned = malloc(len + 1);
            if (!d->owned)
                return -1;
            memcpy(d->owned, bytes, len);
            d->owned[len] = '\0';
            d->text = d->owned;
        }
        d->len = len;
        return 0;
    }
    lx_buf out = LX_BUF_INIT;
    if (lx_buf_append(&out, bytes, good) || lx_utf8_repair(bytes + good, len - good, &out, diags)) {
        lx_buf_free(&out);
        return -1;
    }
    d->len = out.len;
    d->owned = lx_buf_steal(&out, NULL);
    d->text = d->owned;
    return 0;
}

static int set_text_converted(lx_sgf_doc *d, const char *cs, const char *bytes, size_t len, lx_diag_list *diags)
{
    lx_buf out = LX_BUF_INIT;
    if (lx_buf_reserve(&out, len + len / 2 + 16) || lx_charset_to_utf8(cs, bytes, len, &out, diags)) {
        lx_buf_free(&out);
        return -1;
    }
    d->len = out.len;
    d->owned = lx_buf_steal(&out, NULL);
    d->text = d->owned;
    d->converted = 1;
    return 0;
}

static void set_charset(lx_sgf_doc *d, const char *cs)
{
    size_t n = strlen(cs);
    if (n >= sizeof d->charset)
        n = sizeof d->charset - 1;
    memcpy(d->charset, cs, n);
    d->charset[n] = '\0';
}

/* Charset from a byte-order mark; sets *skip to the mark's length. */
static const char *bom_charset(const unsigned char *b, size_t len, size_t *skip)
{
    *skip = 0;
    if (len >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0)
        return "UTF-32";
    if (len >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF)
        return "UTF-32";
    if (len >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
        *skip = 3;
        return "UTF-8";
    }
    if (len >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF)))
        return "UTF-16";
    return NULL;
}

/* `later`: when a UTF-8 text is checked (CHECK_NOW...). */
static int read_with(lx_sgf_doc *d, const char *cs, const char *bytes, size_t len, int borrow, int later,
                     lx_diag_list *diags)
{
    set_charset(d, cs);
    if (lx_charset_is_utf8(cs)) {
        set_charset(d, "UTF-8");
        return set_text_utf8(d, bytes, len, borrow, later, diags);
    }
    if (lx_is_ascii(bytes, len) && strncasecmp(cs, "UTF-", 4) != 0 && strncasecmp(cs, "UCS", 3) != 0)
        return set_text_utf8(d, bytes, len, borrow, CHECKED, diags); /* ASCII reads the same in every such charset */
    return set_text_converted(d, cs, bytes, len, diags);
}

static lx_sgf_doc *doc_new(const char *bytes, size_t len, int borrow, int later, const lx_sgf_read_options *opt,
                           lx_diag_list *diags)
{
    if (len >= UINT32_MAX) {
        if (diags)
            lx_diag_add(diags, LX_FATAL, "FILE_TOO_LARGE", LX_NO_OFFSET,
                        "the file has %zu bytes; ludex reads SGF files of up to 4 GiB - 1", len);
        return NULL;
    }
    lx_sgf_doc *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    int rc;
    size_t skip = 0;
    const char *bom = bom_charset((const unsigned char *)bytes, len, &skip);
    char ca[64];
    size_t ca_at;
    if (opt && opt->encoding) {
        if (!lx_charset_known(opt->encoding)) {
            if (diags)
                lx_diag_add(diags, LX_FATAL, "UNKNOWN_ENCODING", LX_NO_OFFSET,
                            "the encoding \"%s\" is not known to iconv (try `iconv -l`)", opt->encoding);
            lx_sgf_doc_free(d);
            return NULL;
        }
        if (bom && lx_charset_is_utf8(bom) && lx_charset_is_utf8(opt->encoding))
            bytes += skip, len -= skip;
        rc = read_with(d, opt->encoding, bytes, len, borrow, later, diags);
    } else if (bom) {
        rc = read_with(d, bom, bytes + skip, len - skip, borrow, later, diags);
        if (rc == 0 && !lx_charset_is_utf8(bom) && find_root_ca(d->text, d->len, ca, sizeof ca, &ca_at) &&
            strncasecmp(ca, "UTF", 3) != 0 && diags)
            lx_diag_add(diags, LX_WARNING, "CHARSET_MISMATCH", ca_at,
                        "the file starts with a %s byte-order mark but CA says %s; read as %s", bom, ca, bom);
    } else if (find_root_ca(bytes, len, ca, sizeof ca, &ca_at)) {
        if (lx_charset_known(ca) && ascii_compatible(ca)) {
            int mismatch = !lx_charset_is_utf8(ca) && !lx_is_ascii(bytes, len) &&
                           lx_utf8_valid_prefix(bytes, len) == len;
            rc = read_with(d, ca, bytes, len, borrow, later, diags);
            if (rc == 0 && mismatch && diags)
                lx_diag_add(diags, LX_WARNING, "CHARSET_MISMATCH", ca_offset(d),
                            "CA says %s but the bytes are also valid UTF-8; read as %s as CA says "
                            "(use --encoding UTF-8 if the text looks wrong)", ca, ca);
        } else {
            int known = lx_charset_known(ca);
            int utf8 = lx_utf8_valid_prefix(bytes, len) == len;
            rc = read_with(d, utf8 ? "UTF-8" : "ISO-8859-1", bytes, len, borrow, CHECKED, diags);
            if (rc == 0 && diags && known)
                lx_diag_add(diags, LX_WARNING, "CHARSET_MISMATCH", ca_offset(d),
                            "CA says %s, but the file cannot be in %s since CA itself is written in ASCII; "
                            "read as %s", ca, ca, utf8 ? "UTF-8" : "ISO-8859-1");
            else if (rc == 0 && diags)
                lx_diag_add(diags, LX_ERROR, "UNKNOWN_CHARSET", ca_offset(d),
                            "CA[%s] names a charset iconv does not know; read as %s instead", ca,
                            utf8 ? "UTF-8" : "ISO-8859-1");
        }
    } else if (lx_utf8_valid_prefix(bytes, len) == len) {
        if (diags && !lx_is_ascii(bytes, len))
            lx_diag_add(diags, LX_WARNING, "CHARSET_ASSUMED", LX_NO_OFFSET,
                        "no CA property and the text is not ASCII: read as UTF-8 because the bytes are valid "
                        "UTF-8 (FF[4]'s default would be ISO-8859-1; use --encoding to choose)");
        rc = read_with(d, "UTF-8", bytes, len, borrow, CHECKED, diags);
    } else {
        if (diags)
            lx_diag_add(diags, LX_WARNING, "CHARSET_ASSUMED", LX_NO_OFFSET,
                        "no CA property and the bytes are not valid UTF-8: read as ISO-8859-1, FF[4]'s default "
                        "(use --encoding to choose another)");
        rc = read_with(d, "ISO-8859-1", bytes, len, borrow, CHECK_NOW, diags);
    }
    if (rc != 0) {
        lx_sgf_doc_free(d);
        return NULL;
    }
    return d;
}

lx_sgf_doc *lx_sgf_doc_new(const char *bytes, size_t len, int borrow, const lx_sgf_read_options *opt,
                           lx_diag_list *diags)
{
    return doc_new(bytes, len, borrow, CHECK_NOW, opt, diags);
}

lx_sgf_doc *lx_sgf_doc_new_utf8_later(const char *bytes, size_t len, const lx_sgf_read_options *opt,
                                      lx_diag_list *diags)
{
    return doc_new(bytes, len, 1, CHECK_LATER, opt, diags);
}

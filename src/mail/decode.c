/* mail/decode.c - transfer encodings, charsets and RFC 2047 encoded-words.
 *
 * Lenient by design: mail is written by every program there is, so a bad
 * base64 character is passed over, a bad "=XY" kept as it is, an unknown
 * charset read as UTF-8 with its bad bytes replaced.  Output is always
 * valid UTF-8 where a charset is involved. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "mail/mail_int.h"

/* The value of a base64 character, or -1. */
static int sextet(unsigned char c)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = c ? strchr(alphabet, c) : NULL;
    return at ? (int)(at - alphabet) : -1;
}

int mail_base64_decode(const char *s, size_t n, lx_buf *out)
{
    unsigned long acc = 0;
    int have = 0;
    if (lx_buf_reserve(out, n / 4 * 3 + 3) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int v = sextet((unsigned char)s[i]);
        if (v < 0)
            continue;
        acc = acc << 6 | (unsigned long)v;
        if (++have == 4) {
            char b[3] = {(char)(acc >> 16 & 0xFF), (char)(acc >> 8 & 0xFF), (char)(acc & 0xFF)};
            lx_buf_append(out, b, 3); /* reserved above */
            acc = 0;
            have = 0;
        }
    }
    if (have >= 2) {
        acc <<= 6 * (4 - have);
        char b[2] = {(char)(acc >> 16 & 0xFF), (char)(acc >> 8 & 0xFF)};
        lx_buf_append(out, b, (size_t)have - 1);
    }
    return 0;
}

static int hex_value(unsigned char c)
{
    static const char digits[] = "0123456789ABCDEF";
    const char *at = c ? strchr(digits, toupper(c)) : NULL;
    return at ? (int)(at - digits) : -1;
}

/* After a '=' at s[i]: the length of a soft line break ("=", blanks, line
 * end), or 0 when there is none. */
static size_t soft_break(const char *s, size_t n, size_t i)
{
    size_t j = i + 1;
    while (j < n && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j < n && s[j] == '\r' && j + 1 < n && s[j + 1] == '\n')
        return j + 2 - i;
    if (j == n || s[j] == '\r' || s[j] == '\n')
        return j + (j < n) - i;
    return 0;
}

int mail_qp_decode(const char *s, size_t n, int in_header, lx_buf *out)
{
    if (lx_buf_reserve(out, n) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '=') {
            int hi = i + 2 < n ? hex_value((unsigned char)s[i + 1]) : -1;
            int lo = hi >= 0 ? hex_value((unsigned char)s[i + 2]) : -1;
            if (lo >= 0) {
                c = (char)(hi << 4 | lo);
                i += 2;
            } else if (!in_header) {
                size_t skip = soft_break(s, n, i);
                if (skip) {
                    i += skip - 1;
                    continue;
                }
            }
        } else if (c == '_' && in_header) {
            c = ' ';
        }
        lx_buf_append_char(out, c); /* never more than n: reserved */
    }
    return 0;
}

/* A charset name fit for iconv: letters, digits and "-_.:", at most 40. */
static int charset_name_ok(const char *cs)
{
    size_t n = strlen(cs);
    return n > 0 && n <= 40 &&
           strspn(cs, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:") == n;
}

int mail_to_utf8(const char *cs, const char *s, size_t n, lx_buf *out)
{
    if (charset_name_ok(cs) && !lx_charset_is_utf8(cs) && strcasecmp(cs, "us-ascii") &&
        lx_charset_known(cs)) {
        size_t start = out->len;
        /* lx_charset_to_utf8 wants out's data allocated even for no input */
        if (lx_buf_reserve(out, n + 16) != 0)
            return -1;
        if (lx_charset_to_utf8(cs, s, n, out, NULL) == 0)
            return 0;
        out->len = start;
        if (out->data)
            out->data[start] = 0;
    }
    return lx_utf8_repair(s, n, out, NULL);
}

/* An encoded-word "=?cs?E?text?=" at s: its length, with the charset (any
 * "*lang" cut off), the encoding and the text; 0 when there is none. */
static size_t encoded_word(const char *s, size_t n, char cs[48], char *enc, const char **text, size_t *tlen)
{
    if (n < 8 || s[0] != '=' || s[1] != '?')
        return 0;
    size_t i = 2, c = 0;
    while (i < n && s[i] != '?' && c < 47)
        cs[c++] = s[i++];
    cs[c] = 0;
    char *star = strchr(cs, '*');
    if (star)
        *star = 0;
    if (c == 0 || i + 2 >= n || s[i] != '?' || s[i + 2] != '?')
        return 0;
    *enc = (char)(s[i + 1] | 0x20);
    if (*enc != 'b' && *enc != 'q')
        return 0;
    i += 3;
    *text = s + i;
    while (i + 1 < n && !(s[i] == '?' && s[i + 1] == '=')) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')
            return 0;
        i++;
    }
    if (i + 1 >= n)
        return 0;
    *tlen = (size_t)(s + i - *text);
    return i + 2;
}

/* Encoded-words of one charset are joined before conversion, so a character
 * split between two of them comes out whole. */
typedef struct words_state {
    lx_buf pending;
    char cs[48];
} words_state;

static int flush_pending(words_state *w, lx_buf *out)
{
    int rc = w->pending.len ? mail_to_utf8(w->cs, w->pending.data, w->pending.len, out) : 0;
    lx_buf_clear(&w->pending);
    return rc;
}

static int add_word(words_state *w, const char *cs, char enc, const char *t, size_t tlen, lx_buf *out)
{
    if (strcasecmp(cs, w->cs) != 0 && flush_pending(w, out) != 0)
        return -1;
    snprintf(w->cs, sizeof w->cs, "%s", cs);
    return enc == 'b' ? mail_base64_decode(t, tlen, &w->pending) : mail_qp_decode(t, tlen, 1, &w->pending);
}

int mail_decode_words(const char *s, size_t n, lx_buf *out)
{
    words_state w = {LX_BUF_INIT, ""};
    int rc = 0;
    size_t i = 0;
    while (rc == 0 && i < n) {
        char cs[48], enc;
        const char *t;
        size_t tlen, wl = encoded_word(s + i, n - i, cs, &enc, &t, &tlen);
        if (wl) {
            rc = add_word(&w, cs, enc, t, tlen, out);
            i += wl;
            size_t sp = i;
            while (sp < n && (s[sp] == ' ' || s[sp] == '\t'))
                sp++;
            if (sp < n && encoded_word(s + sp, n - sp, cs, &enc, &t, &tlen))
                i = sp; /* white space between encoded-words is not text */
            continue;
        }
        size_t run = 1;
        while (i + run < n && !(s[i + run] == '=' && i + run + 1 < n && s[i + run + 1] == '?'))
            run++;
        rc = flush_pending(&w, out);
        if (rc == 0)
            rc = lx_utf8_repair(s + i, run, out, NULL);
        i += run;
    }
    if (rc == 0)
        rc = flush_pending(&w, out);
    lx_buf_free(&w.pending);
    return rc;
}

int mail_put_utf8(lx_buf *out, unsigned long cp)
{
    char b[4];
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = 0xFFFD;
    if (cp < 0x80)
        return lx_buf_append_char(out, (char)cp);
    if (cp < 0x800) {
        b[0] = (char)(0xC0 | cp >> 6);
        b[1] = (char)(0x80 | (cp & 0x3F));
        return lx_buf_append(out, b, 2);
    }
    if (cp < 0x10000) {
        b[0] = (char)(0xE0 | cp >> 12);
        b[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        return lx_buf_append(out, b, 3);
    }
    b[0] = (char)(0xF0 | cp >> 18);
    b[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    b[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    b[3] = (char)(0x80 | (cp & 0x3F));
    return lx_buf_append(out, b, 4);
}

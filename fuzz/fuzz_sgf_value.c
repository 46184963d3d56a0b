/* fuzz_sgf_value.c - libFuzzer harness for the value functions of ludex/sgf.h:
 * lx_sgf_decode_text, lx_sgf_decode_simpletext, lx_sgf_escape,
 * lx_sgf_compose_split, lx_sgf_parse_number and lx_sgf_parse_real.
 *
 * The input is taken as a raw value (the bytes between '[' and ']').  Traps
 * when an invariant breaks:
 *   - decoding never grows a value, and always NUL-terminates;
 *   - decode(escape(x)) == x for every text x that decoding can give (no
 *     '\r', tab, vertical tab or form feed: decoding turns those into line
 *     breaks and spaces), with and without ':' escaped; and SimpleText the
 *     same with line breaks as spaces;
 *   - decoding is a fixed point: decode(escape(decode(raw))) == decode(raw);
 *   - the escaped text has no unescaped ']' (it cannot end a value early) and,
 *     escaped for a composed value, no unescaped ':';
 *   - compose_split finds a ':' that is not escaped, and nothing before it
 *     is one;
 *   - Number and Real accept exactly their grammar (checked against a
 *     plain re-implementation), and a Number is also a Real of equal value. */
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/sgf.h"

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            __builtin_trap();                                                                      \
    } while (0)

static int same(const lx_buf *a, const char *s, size_t n)
{
    return a->len == n && (n == 0 || memcmp(a->data, s, n) == 0);
}

/* What decoding can give: '\r' and white space other than '\n' and ' ' mapped
 * as decoding maps them, so that decode(escape(x)) == x is the law. */
static void normalise(const char *in, size_t n, int simple, lx_buf *out)
{
    lx_buf_clear(out);
    CHECK(lx_buf_reserve(out, n) == 0);
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        if (c == '\r' || c == '\t' || c == '\v' || c == '\f')
            c = ' ';
        if (simple && c == '\n')
            c = ' ';
        out->data[out->len++] = c;
    }
    out->data[out->len] = '\0';
}

/* No byte `c` (nor ':' with `colon`) in `s` that is not escaped. */
static int all_escaped(const char *s, size_t n, char c, int colon)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\')
            i++;
        else if (s[i] == c || (colon && s[i] == ':'))
            return 0;
    }
    return 1;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Number: [+-] digit+.  Real: Number ["." digit+]. */
static int grammar_number(const char *s, size_t n)
{
    size_t i = (n > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0, d = 0;
    while (i < n && is_digit(s[i]))
        i++, d++;
    return d > 0 && i == n;
}

static int grammar_real(const char *s, size_t n)
{
    size_t i = (n > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0, d = 0, f = 0;
    while (i < n && is_digit(s[i]))
        i++, d++;
    if (d == 0)
        return 0;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && is_digit(s[i]))
            i++, f++;
        if (f == 0)
            return 0;
    }
    return i == n;
}

static void check_numbers(const char *s, size_t n)
{
    long v = 12345;
    int rc = lx_sgf_parse_number(s, n, &v);
    CHECK(rc == 0 || rc == -1);
    if (rc == 0) {
        CHECK(grammar_number(s, n));
        double r = 0;
        if (n <= 400) {
            CHECK(lx_sgf_parse_real(s, n, &r) == 0);
            CHECK(r == (double)v); /* both the double nearest to the same integer */
        }
        if (v == 0)
            for (size_t i = 0; i < n; i++)
                CHECK(!is_digit(s[i]) || s[i] == '0');
    } else {
        CHECK(v == 12345);
        /* refused: not the grammar, or too many digits for a long */
        size_t digits = 0;
        for (size_t i = 0; i < n; i++)
            digits += is_digit(s[i]);
        CHECK(!grammar_number(s, n) || digits >= 10);
    }
    double d = 42;
    rc = lx_sgf_parse_real(s, n, &d);
    CHECK(rc == 0 || rc == -1);
    if (rc == 0) {
        CHECK(grammar_real(s, n));
        CHECK(d == d); /* never NaN */
        CHECK(d <= DBL_MAX && d >= -DBL_MAX);
    } else {
        CHECK(d == 42);
        CHECK(!grammar_real(s, n) || n > 300);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    const char *raw = (const char *)data;
    lx_buf d1 = LX_BUF_INIT, esc = LX_BUF_INIT, d2 = LX_BUF_INIT, norm = LX_BUF_INIT;

    for (int simple = 0; simple <= 1; simple++) {
        int (*decode)(const char *, size_t, lx_buf *) = simple ? lx_sgf_decode_simpletext : lx_sgf_decode_text;

        /* decode the input as a raw value */
        lx_buf_clear(&d1);
        CHECK(decode(raw, size, &d1) == 0);
        CHECK(d1.data != NULL && d1.len <= size && d1.data[d1.len] == '\0');
        for (size_t i = 0; i < d1.len; i++) {
            CHECK(d1.data[i] != '\r' && d1.data[i] != '\t' && d1.data[i] != '\v' && d1.data[i] != '\f');
            CHECK(!simple || d1.data[i] != '\n');
        }
        /* the decoded text is a fixed point */
        for (int colon = 0; colon <= 1; colon++) {
            lx_buf_clear(&esc);
            lx_buf_clear(&d2);
            CHECK(lx_sgf_escape(d1.data, d1.len, colon, &esc) == 0);
            CHECK(esc.data != NULL && esc.data[esc.len] == '\0');
            CHECK(all_escaped(esc.data, esc.len, ']', colon));
            CHECK(colon == 0 || lx_sgf_compose_split(esc.data, esc.len) == (size_t)-1);
            CHECK(decode(esc.data, esc.len, &d2) == 0);
            CHECK(same(&d2, d1.data, d1.len));
        }

        /* the input as text: decode(escape(x)) == x once x is a decodable text */
        normalise(raw, size, simple, &norm);
        lx_buf_clear(&esc);
        lx_buf_clear(&d2);
        CHECK(lx_sgf_escape(norm.data, norm.len, simple, &esc) == 0);
        CHECK(esc.len >= norm.len);
        CHECK(decode(esc.data, esc.len, &d2) == 0);
        CHECK(same(&d2, norm.data, norm.len));
    }

    /* compose_split: the first ':' that is not escaped */
    size_t colon = lx_sgf_compose_split(raw, size);
    if (colon != (size_t)-1) {
        CHECK(colon < size && raw[colon] == ':');
        CHECK(all_escaped(raw, colon, ':', 0));
        /* each half decodes on its own */
        lx_buf_clear(&d1);
        CHECK(lx_sgf_decode_simpletext(raw, colon, &d1) == 0);
        CHECK(lx_sgf_decode_simpletext(raw + colon + 1, size - colon - 1, &d1) == 0);
    } else {
        size_t bs = 0;
        for (size_t i = 0; i < size; i++) {
            if (raw[i] == ':')
                CHECK(bs & 1); /* every ':' is escaped */
            bs = raw[i] == '\\' ? bs + 1 : 0;
        }
    }

    check_numbers(raw, size);
    if (size > 1)
        check_numbers(raw + 1, size - 1);

    lx_buf_free(&d1);
    lx_buf_free(&esc);
    lx_buf_free(&d2);
    lx_buf_free(&norm);
    return 0;
}

/* test_value.c - decoding and encoding of SGF values (Text, SimpleText,
 * escapes, composed values, Number, Real) and the byte buffer they write to. */
#include <float.h>
#include <limits.h>

#include "testutil.h"

/* ---- helpers ------------------------------------------------------------------ */

typedef int (*decoder)(const char *raw, size_t len, lx_buf *out);

/* Decode `len` bytes of `raw` and compare with the NUL-terminated `want`. */
static void check_decode(decoder f, const char *raw, size_t len, const char *want)
{
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(f(raw, len, &b), 0);
    assert_non_null(b.data);
    assert_int_equal(b.data[b.len], '\0');
    if (b.len != strlen(want) || memcmp(b.data, want, b.len) != 0)
        fail_msg("decoding \"%.*s\" gave \"%s\", not \"%s\"", (int)len, raw, b.data, want);
    lx_buf_free(&b);
}

#define TEXT(raw, want) check_decode(lx_sgf_decode_text, (raw), sizeof(raw) - 1, (want))
#define SIMPLE(raw, want) check_decode(lx_sgf_decode_simpletext, (raw), sizeof(raw) - 1, (want))

static void check_escape(const char *text, int in_compose, const char *want)
{
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_sgf_escape(text, strlen(text), in_compose, &b), 0);
    assert_string_equal(b.data, want);
    assert_int_equal(b.len, strlen(want));
    lx_buf_free(&b);
}

static int number(const char *s, long *out) { return lx_sgf_parse_number(s, strlen(s), out); }
static int real(const char *s, double *out) { return lx_sgf_parse_real(s, strlen(s), out); }

/* ---- Text ---------------------------------------------------------------------- */

static void test_text_plain_and_escapes(void **state)
{
    (void)state;
    TEXT("", "");
    TEXT("plain words", "plain words");
    TEXT("a\\]b", "a]b");
    TEXT("a\\\\b", "a\\b");
    TEXT("a\\:b", "a:b");
    TEXT("\\x\\y\\[", "xy[");
    TEXT("\\\\\\]", "\\]");
    TEXT("trailing\\", "trailing"); /* a lone '\\' at the end escapes nothing */
    TEXT("\xE8\xA1\xA8\\]", "\xE8\xA1\xA8]");
    /* the length is obeyed, NUL bytes included */
    check_decode(lx_sgf_decode_text, "ab]cd", 2, "ab");
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_sgf_decode_text("a\0b", 3, &b), 0);
    assert_int_equal(b.len, 3);
    assert_memory_equal(b.data, "a\0b", 3);
    lx_buf_free(&b);
}

static void test_text_soft_line_breaks(void **state)
{
    (void)state;
    TEXT("one\\\ntwo", "onetwo");
    TEXT("one\\\r\ntwo", "onetwo");
    TEXT("one\\\n\rtwo", "onetwo");
    TEXT("one\\\rtwo", "onetwo");
    /* a soft break takes one line break, not two */
    TEXT("one\\\n\ntwo", "one\ntwo");
    TEXT("one\\\r\n\r\ntwo", "one\ntwo");
    TEXT("one\\\n", "one");
    /* an escaped backslash before a line break: the break is hard */
    TEXT("one\\\\\ntwo", "one\\\ntwo");
}

static void test_text_hard_line_breaks(void **state)
{
    (void)state;
    TEXT("a\nb", "a\nb");
    TEXT("a\r\nb", "a\nb");
    TEXT("a\n\rb", "a\nb");
    TEXT("a\rb", "a\nb");
    TEXT("a\n\nb", "a\n\nb");
    TEXT("a\r\rb", "a\n\nb");
    TEXT("a\r\n\r\nb", "a\n\nb");
    TEXT("a\n\r\n\rb", "a\n\nb");
    TEXT("\r\n", "\n");
    TEXT("a\n\r\nb", "a\n\nb"); /* "\n\r" then "\n" */
}

static void test_text_white_space(void **state)
{
    (void)state;
    TEXT("a\tb\vc\fd", "a b c d");
    TEXT("\t\t", "  ");
    /* FF[4]: an escaped white space character is still a space */
    TEXT("a\\\tb", "a b");
    TEXT("a\\\vb\\\fc", "a b c");
    TEXT("a  b", "a  b");
}

/* ---- SimpleText ------------------------------------------------------------------ */

static void test_simpletext(void **state)
{
    (void)state;
    SIMPLE("", "");
    SIMPLE("John Doe", "John Doe");
    SIMPLE("a\nb", "a b");
    SIMPLE("a\r\nb", "a b");
    SIMPLE("a\n\rb", "a b");
    SIMPLE("a\rb", "a b");
    SIMPLE("a\n\nb", "a  b");
    SIMPLE("a\tb\\\tc", "a b c");
    SIMPLE("a\\\nb", "ab");
    SIMPLE("a\\\r\nb", "ab");
    SIMPLE("a\\]b\\\\c\\:", "a]b\\c:");
    SIMPLE("end\\", "end");
}

static void test_decode_appends(void **state)
{
    (void)state;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&b, "C: "), 0);
    assert_int_equal(lx_sgf_decode_text("x\\]", 3, &b), 0);
    assert_int_equal(lx_sgf_decode_simpletext("\ny", 2, &b), 0);
    assert_string_equal(b.data, "C: x] y");
    lx_buf_free(&b);
}

/* ---- escaping ---------------------------------------------------------------------- */

static void test_escape(void **state)
{
    (void)state;
    check_escape("", 0, "");
    check_escape("plain", 0, "plain");
    check_escape("a]b\\c:d", 0, "a\\]b\\\\c:d");
    check_escape("a]b\\c:d", 1, "a\\]b\\\\c\\:d");
    check_escape("[x]", 0, "[x\\]");
    check_escape("\\", 0, "\\\\");
    check_escape("line\nbreak\ttab", 0, "line\nbreak\ttab");
    /* appends */
    lx_buf b = LX_BUF_INIT;
    lx_buf_append_str(&b, "LB[aa:");
    assert_int_equal(lx_sgf_escape("1:2]", 4, 1, &b), 0);
    assert_string_equal(b.data, "LB[aa:1\\:2\\]");
    lx_buf_free(&b);
}

static void test_escape_then_decode(void **state)
{
    (void)state;
    static const char *texts[] = {
        "", "plain", "]", "\\", "\\\\]]", "a:b", "ends in \\", "two\nlines", "\n\n", "x\\\ny", "\xC3\xA9]\\",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        for (int compose = 0; compose <= 1; compose++) {
            lx_buf esc = LX_BUF_INIT, dec = LX_BUF_INIT;
            size_t n = strlen(texts[i]);
            assert_int_equal(lx_sgf_escape(texts[i], n, compose, &esc), 0);
            assert_int_equal(lx_sgf_decode_text(esc.data, esc.len, &dec), 0);
            assert_int_equal(dec.len, n);
            assert_memory_equal(dec.data, texts[i], n);
            if (compose)
                assert_int_equal(lx_sgf_compose_split(esc.data, esc.len), (size_t)-1);
            lx_buf_free(&esc);
            lx_buf_free(&dec);
        }
    }
}

/* ---- composed values ---------------------------------------------------------------- */

static void test_compose_split(void **state)
{
    (void)state;
    assert_int_equal(lx_sgf_compose_split("aa:bb", 5), 2);
    assert_int_equal(lx_sgf_compose_split(":x", 2), 0);
    assert_int_equal(lx_sgf_compose_split("x:", 2), 1);
    assert_int_equal(lx_sgf_compose_split("a\\:b:c", 6), 4);
    assert_int_equal(lx_sgf_compose_split("\\\\:", 3), 2); /* an escaped backslash, then ':' */
    assert_int_equal(lx_sgf_compose_split("a:b:c", 5), 1);
    assert_int_equal(lx_sgf_compose_split("abc", 3), (size_t)-1);
    assert_int_equal(lx_sgf_compose_split("", 0), (size_t)-1);
    assert_int_equal(lx_sgf_compose_split("a\\:b", 4), (size_t)-1);
    assert_int_equal(lx_sgf_compose_split("ab\\", 3), (size_t)-1);
    assert_int_equal(lx_sgf_compose_split("ab\\:", 3), (size_t)-1); /* the length is obeyed */
    assert_int_equal(lx_sgf_compose_split("ab:cd", 2), (size_t)-1);
}

/* ---- Number ---------------------------------------------------------------------------- */

static void test_parse_number(void **state)
{
    (void)state;
    long v = 0;
    assert_int_equal(number("0", &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(number("19", &v), 0);
    assert_int_equal(v, 19);
    assert_int_equal(number("+5", &v), 0);
    assert_int_equal(v, 5);
    assert_int_equal(number("-17", &v), 0);
    assert_int_equal(v, -17);
    assert_int_equal(number("007", &v), 0);
    assert_int_equal(v, 7);
    assert_int_equal(number("-0", &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(number("1", NULL), 0);

    v = 42;
    static const char *bad[] = {"", "+", "-", "+-1", "--1", "1.5", "1.", " 1", "1 ", "1a", "0x10", "\xD9\xA1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (number(bad[i], &v) != -1)
            fail_msg("\"%s\" read as a Number", bad[i]);
        assert_int_equal(v, 42); /* untouched on failure */
    }
    assert_int_equal(lx_sgf_parse_number("12", 1, &v), 0); /* the length is obeyed */
    assert_int_equal(v, 1);
}

static void test_parse_number_overflow(void **state)
{
    (void)state;
    char buf[64];
    long v = 0;
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    assert_int_equal(number(buf, &v), 0);
    assert_true(v == LONG_MAX);
    snprintf(buf, sizeof buf, "-%ld", LONG_MAX);
    assert_int_equal(number(buf, &v), 0);
    assert_true(v == -LONG_MAX);
    /* LONG_MAX + 1 (2^63 - 1 and 2^31 - 1 both end in 7) */
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    buf[strlen(buf) - 1] = '8';
    v = 42;
    assert_int_equal(number(buf, &v), -1);
    assert_int_equal(v, 42);
    assert_int_equal(number("99999999999999999999999999", &v), -1);
    assert_int_equal(number("-99999999999999999999999999", &v), -1);
    snprintf(buf, sizeof buf, "%ld0", LONG_MAX);
    assert_int_equal(number(buf, &v), -1);
}

/* ---- Real ---------------------------------------------------------------------------- */

static void test_parse_real(void **state)
{
    (void)state;
    double d = 0;
    assert_int_equal(real("1.5", &d), 0);
    assert_true(d == 1.5);
    assert_int_equal(real("-0.25", &d), 0);
    assert_true(d == -0.25);
    assert_int_equal(real("+3", &d), 0);
    assert_true(d == 3.0);
    assert_int_equal(real("6.5", &d), 0);
    assert_true(d == 6.5);
    assert_int_equal(real("0.000", &d), 0);
    assert_true(d == 0.0);
    assert_int_equal(real("12", &d), 0);
    assert_true(d == 12.0);
    assert_int_equal(real("7.5", NULL), 0);

    d = 42;
    static const char *bad[] = {"", "+", "-", "1.", ".5", "-.5", "+.", ".", "1.5.2", "1e5", "1,5",
                                " 1.5", "1.5 ", "inf", "nan", "0x1p3", "--1", "1.-5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (real(bad[i], &d) != -1)
            fail_msg("\"%s\" read as a Real", bad[i]);
        assert_true(d == 42);
    }
    assert_int_equal(lx_sgf_parse_real("2.75", 3, &d), 0); /* the length is obeyed */
    assert_true(d == 2.7);
}

static void test_parse_real_limits(void **state)
{
    (void)state;
    char buf[512];
    double d = 42;
    /* too big for a double */
    memset(buf, '9', 350);
    buf[350] = '\0';
    assert_int_equal(real(buf, &d), -1);
    assert_true(d == 42);
    buf[0] = '-';
    assert_int_equal(real(buf, &d), -1);
    /* big but representable */
    memset(buf, '0', 300);
    buf[0] = '1';
    buf[300] = '\0';
    assert_int_equal(real(buf, &d), 0);
    assert_true(d > 9e298 && d < 1.1e299);
    /* very small: rounds towards zero, still a Real */
    strcpy(buf, "0.");
    memset(buf + 2, '0', 340);
    strcpy(buf + 342, "1");
    assert_int_equal(real(buf, &d), 0);
    assert_true(d >= 0 && d < 1e-300);
    /* longer than any real value needs */
    memset(buf, '1', 450);
    buf[450] = '\0';
    assert_int_equal(real(buf, &d), -1);
}

/* ---- lx_buf --------------------------------------------------------------------------- */

static void test_buf_basics(void **state)
{
    (void)state;
    lx_buf b = LX_BUF_INIT;
    assert_null(b.data);
    assert_int_equal(lx_buf_append(&b, "", 0), 0);
    assert_non_null(b.data);
    assert_string_equal(b.data, "");
    assert_int_equal(lx_buf_append_str(&b, "abc"), 0);
    assert_int_equal(lx_buf_append(&b, "defgh", 2), 0);
    assert_int_equal(lx_buf_append_char(&b, '!'), 0);
    assert_string_equal(b.data, "abcde!");
    assert_int_equal(b.len, 6);
    assert_true(b.cap > b.len);
    for (int i = 0; i < 10000; i++)
        assert_int_equal(lx_buf_append_char(&b, (char)('a' + i % 26)), 0);
    assert_int_equal(b.len, 10006);
    assert_int_equal(b.data[10006], '\0');
    assert_int_equal(b.data[6 + 25], 'z');
    size_t cap = b.cap;
    lx_buf_clear(&b);
    assert_int_equal(b.len, 0);
    assert_int_equal(b.cap, cap);
    assert_string_equal(b.data, "");
    lx_buf_free(&b);
    assert_null(b.data);
    assert_int_equal(b.len, 0);
    assert_int_equal(b.cap, 0);
    lx_buf_free(&b); /* twice is fine */
    lx_buf_clear(&b); /* so is clearing an empty buffer */
}

static void test_buf_printf(void **state)
{
    (void)state;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_printf(&b, "%s=%d;", "SZ", 19), 0);
    assert_string_equal(b.data, "SZ=19;");
    /* longer than any small internal buffer */
    char big[1000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(lx_buf_printf(&b, "[%s]%zu", big, sizeof big), 0);
    assert_int_equal(b.len, 6 + 1 + 999 + 1 + 4);
    assert_int_equal(b.data[6], '[');
    assert_int_equal(b.data[7 + 999], ']');
    assert_string_equal(b.data + b.len - 4, "1000");
    assert_int_equal(lx_buf_printf(&b, "%s", ""), 0);
    assert_int_equal(b.len, 6 + 1 + 999 + 1 + 4);
    lx_buf_free(&b);
}

static void test_buf_reserve_and_steal(void **state)
{
    (void)state;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, 100), 0);
    assert_true(b.cap >= 101);
    assert_int_equal(b.len, 0);
    lx_buf_append_str(&b, "kept");
    char *before = b.data;
    /* impossible sizes fail and leave the buffer as it was */
    assert_int_equal(lx_buf_reserve(&b, (size_t)-1), -1);
    assert_int_equal(lx_buf_reserve(&b, (size_t)-1 - 3), -1);
    assert_int_equal(lx_buf_append(&b, "x", (size_t)-1), -1);
    assert_ptr_equal(b.data, before);
    assert_string_equal(b.data, "kept");
    assert_int_equal(b.len, 4);
    size_t len = 0;
    char *s = lx_buf_steal(&b, &len);
    assert_int_equal(len, 4);
    assert_string_equal(s, "kept");
    assert_null(b.data);
    assert_int_equal(b.len, 0);
    assert_int_equal(b.cap, 0);
    free(s);
    /* stealing from an empty buffer gives an empty string to free */
    s = lx_buf_steal(&b, &len);
    assert_non_null(s);
    assert_int_equal(len, 0);
    assert_string_equal(s, "");
    free(s);
    s = lx_buf_steal(&b, NULL);
    free(s);
}

static void test_read_size(void **state)
{
    (void)state;
    static const struct {
        const char *sgf;
        int rc, cols, rows;
    } cases[] = {
        {"(;FF[4])", 1, 7, 7},           {"(;SZ[11])", 0, 11, 11},      {"(;SZ[ 24 : 20 ])", 0, 24, 20},
        {"(;SZ[0])", -1, 7, 7},           {"(;SZ[703])", -1, 7, 7},      {"(;SZ[5:x])", -1, 7, 7},
        {"(;SZ[])", -1, 7, 7},            {"(;SZ[3:702])", 0, 3, 702},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed p;
        parse_text(&p, cases[i].sgf);
        int cols = 7, rows = 7;
        lx_sgf_prop where;
        int rc = lx_sgf_read_size(p.trees[0], 0, 1, 702, &cols, &rows, &where);
        if (rc != cases[i].rc || cols != cases[i].cols || rows != cases[i].rows)
            fail_msg("%s: got %d %dx%d", cases[i].sgf, rc, cols, rows);
        assert_true((where == LX_SGF_NIL) == (cases[i].rc == 1 && !strstr(cases[i].sgf, "SZ")));
        parsed_free(&p);
    }
}

static void test_point_properties(void **state)
{
    (void)state;
    static const char *const points[] = {"AB", "AE", "AR", "AW", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "VW"};
    static const char *const others[] = {"B", "W", "C", "SZ", "PL", "KO", "MN", "FG", "XX", "", "ABC"};
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++)
        if (!lx_sgf_prop_holds_points(points[i]))
            fail_msg("%s holds points", points[i]);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        if (lx_sgf_prop_holds_points(others[i]))
            fail_msg("%s does not hold points", others[i]);
}

static void test_point_span(void **state)
{
    (void)state;
    const char *a, *b;
    size_t na, nb;
    assert_int_equal(lx_sgf_point_span(" e5 ", 4, &a, &na, &b, &nb), 0);
    assert_int_equal(na, 2);
    assert_memory_equal(a, "e5", 2);
    assert_ptr_equal(a, b);
    assert_int_equal(nb, 2);
    assert_int_equal(lx_sgf_point_span("a1 : c3", 7, &a, &na, &b, &nb), 1);
    assert_int_equal(na, 2);
    assert_memory_equal(a, "a1", 2);
    assert_int_equal(nb, 2);
    assert_memory_equal(b, "c3", 2);
    assert_int_equal(lx_sgf_point_span("a\\:b", 4, &a, &na, &b, &nb), 0); /* an escaped ':' splits nothing */
    assert_int_equal(na, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_size),
        cmocka_unit_test(test_point_properties),
        cmocka_unit_test(test_point_span),
        cmocka_unit_test(test_text_plain_and_escapes),
        cmocka_unit_test(test_text_soft_line_breaks),
        cmocka_unit_test(test_text_hard_line_breaks),
        cmocka_unit_test(test_text_white_space),
        cmocka_unit_test(test_simpletext),
        cmocka_unit_test(test_decode_appends),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_escape_then_decode),
        cmocka_unit_test(test_compose_split),
        cmocka_unit_test(test_parse_number),
        cmocka_unit_test(test_parse_number_overflow),
        cmocka_unit_test(test_parse_real),
        cmocka_unit_test(test_parse_real_limits),
        cmocka_unit_test(test_buf_basics),
        cmocka_unit_test(test_buf_printf),
        cmocka_unit_test(test_buf_reserve_and_steal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

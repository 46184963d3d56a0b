/* test_charset.c - how a document settles its charset and becomes UTF-8:
 * byte-order marks, CA, detection when CA is absent, the `encoding` option,
 * and what happens to bytes that are invalid in the charset chosen.
 *
 * Inputs are byte arrays with explicit lengths (UTF-16 holds NUL bytes). */
#include "testutil.h"

/* ---- helpers ------------------------------------------------------------------ */

static void parse_bytes(parsed *p, const char *bytes, size_t len, const char *encoding)
{
    lx_sgf_read_options opt = {encoding};
    parse_text_opt(p, bytes, len, &opt);
}

#define PARSE(p, lit, enc) parse_bytes((p), (lit), sizeof(lit) - 1, (enc))

static void assert_raw(const lx_sgf_tree *t, lx_sgf_node n, const char *id, size_t i, const char *want)
{
    char buf[256];
    const char *got = raw_value(t, n, id, i, buf, sizeof buf);
    if (!got)
        fail_msg("node %u has no value %zu of %s", (unsigned)n, i, id);
    assert_string_equal(got, want);
}

/* `ascii` written as UTF-16 (big- or little-endian) with a byte-order mark;
 * the byte 0x01 in `ascii` stands for U+00E9 and 0x02 for U+8868. */
static size_t utf16(const char *ascii, int big_endian, unsigned char *out)
{
    size_t n = 0;
    for (size_t i = 0;; i++) {
        unsigned u;
        if (i == 0)
            u = 0xFEFF; /* the byte-order mark */
        else if (ascii[i - 1] == '\0')
            break;
        else if (ascii[i - 1] == 1)
            u = 0xE9;
        else if (ascii[i - 1] == 2)
            u = 0x8868;
        else
            u = (unsigned char)ascii[i - 1];
        out[n++] = (unsigned char)(big_endian ? u >> 8 : u & 0xFF);
        out[n++] = (unsigned char)(big_endian ? u & 0xFF : u >> 8);
    }
    return n;
}

/* ---- byte-order marks --------------------------------------------------------------- */

static void test_utf8_bom(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "\xEF\xBB\xBF(;FF[4]C[h\xC3\xA9]\n;B[aa])", NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_int_equal(lx_sgf_doc_converted(p.doc), 0);
    size_t len;
    const char *text = lx_sgf_doc_text(p.doc, &len);
    assert_int_equal(text[0], '('); /* the mark is not part of the text */
    assert_int_equal(p.ntrees, 1);
    assert_raw(p.trees[0], 0, "C", 0, "h\xC3\xA9");
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    parsed_free(&p);
    /* the mark with an encoding option of UTF-8: still skipped */
    PARSE(&p, "\xEF\xBB\xBF(;FF[4])", "utf-8");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(p.ntrees, 1);
    assert_int_equal(lx_sgf_doc_text(p.doc, NULL)[0], '(');
    parsed_free(&p);
}

static void test_utf16_with_bom(void **state)
{
    (void)state;
    unsigned char buf[256];
    for (int be = 0; be <= 1; be++) {
        size_t n = utf16("(;FF[4]C[h\x01 \x02]\n;B[aa]C[x])", be, buf);
        parsed p;
        parse_bytes(&p, (const char *)buf, n, NULL);
        assert_int_equal(lx_diag_count(p.diags), 0);
        assert_int_equal(lx_sgf_doc_converted(p.doc), 1);
        assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-16");
        assert_int_equal(p.ntrees, 1);
        assert_int_equal(lx_sgf_node_count(p.trees[0]), 2);
        assert_raw(p.trees[0], 0, "C", 0, "h\xC3\xA9 \xE8\xA1\xA8");
        assert_raw(p.trees[0], 1, "B", 0, "aa");
        parsed_free(&p);
    }
}

static void test_utf16_odd_length(void **state)
{
    (void)state;
    unsigned char buf[256];
    size_t n = utf16("(;FF[4]C[x])", 0, buf);
    buf[n++] = 'Z'; /* half a code unit at the end */
    parsed p;
    parse_bytes(&p, (const char *)buf, n, NULL);
    assert_int_equal(p.ntrees, 1);
    assert_raw(p.trees[0], 0, "C", 0, "x");
    assert_diag(p.diags, "INVALID_BYTES", LX_ERROR, 1, 13);
    parsed_free(&p);
}

static void test_utf32_bom(void **state)
{
    (void)state;
    const char *ascii = "(;FF[4]C[ok])";
    unsigned char buf[128];
    size_t n = 0;
    buf[n++] = 0xFF, buf[n++] = 0xFE, buf[n++] = 0, buf[n++] = 0;
    for (const char *c = ascii; *c; c++)
        buf[n++] = (unsigned char)*c, buf[n++] = 0, buf[n++] = 0, buf[n++] = 0;
    parsed p;
    parse_bytes(&p, (const char *)buf, n, NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-32");
    assert_raw(p.trees[0], 0, "C", 0, "ok");
    parsed_free(&p);
}

static void test_bom_against_ca(void **state)
{
    (void)state;
    unsigned char buf[256];
    size_t n = utf16("(;FF[4]\nCA[ISO-8859-1]C[\x01])", 1, buf);
    parsed p;
    parse_bytes(&p, (const char *)buf, n, NULL);
    assert_diag(p.diags, "CHARSET_MISMATCH", LX_WARNING, 2, 1);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-16");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    parsed_free(&p);
    /* a mark and a CA that agree: nothing to say */
    n = utf16("(;FF[4]CA[UTF-16]C[\x01])", 0, buf);
    parse_bytes(&p, (const char *)buf, n, NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    parsed_free(&p);
}

/* ---- CA ----------------------------------------------------------------------------- */

static void test_ca_latin1(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]CA[ISO-8859-1]PB[Ren\xE9]C[\xE9\xE9]%)", NULL);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "ISO-8859-1");
    assert_int_equal(lx_sgf_doc_converted(p.doc), 1);
    assert_raw(p.trees[0], 0, "PB", 0, "Ren\xC3\xA9");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9\xC3\xA9");
    /* columns count characters of the converted text */
    assert_diag(p.diags, "ILLEGAL_CHARACTER", LX_ERROR, 1, 35);
    assert_int_equal(lx_diag_count(p.diags), 1);
    parsed_free(&p);
    /* lower-case ca and spaces around the name */
    PARSE(&p, "(;FF[4]ca[ latin1 ]C[\xE9])", NULL);
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    assert_string_equal(lx_sgf_doc_charset(p.doc), "latin1");
    assert_no_diag(p.diags, "CHARSET_ASSUMED");
    parsed_free(&p);
    /* an ASCII file with CA: nothing converted */
    PARSE(&p, "(;FF[4]CA[ISO-8859-1]C[plain])", NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(lx_sgf_doc_converted(p.doc), 0);
    parsed_free(&p);
}

static void test_ca_utf8_invalid_byte(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]CA[UTF-8]\nC[a\xFF" "b\xC3\xA9\xFE" "c]\n;B[aa])", NULL);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_diag(p.diags, "INVALID_UTF8", LX_ERROR, 2, 4);
    assert_int_equal(lx_diag_count(p.diags), 2);
    const lx_diag *second = lx_diag_get(p.diags, 1);
    assert_string_equal(second->code, "INVALID_UTF8");
    assert_int_equal(second->line, 2);
    assert_int_equal(second->col, 7); /* a, U+FFFD, b, U+00E9 each one column */
    assert_raw(p.trees[0], 0, "C", 0, "a\xEF\xBF\xBD" "b\xC3\xA9\xEF\xBF\xBD" "c");
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    parsed_free(&p);
    /* a truncated sequence at the very end */
    PARSE(&p, "(;CA[UTF-8]C[x])\xE8\xA1", NULL);
    assert_diag(p.diags, "INVALID_UTF8", LX_ERROR, 1, 17);
    assert_int_equal(p.ntrees, 1);
    parsed_free(&p);
}

static void test_ca_shift_jis_backslash_trail_byte(void **state)
{
    (void)state;
    parsed p;
    /* 0x95 0x5C is one character; its second byte is '\\' in ASCII: read
     * before conversion it would escape the ']' and swallow the next node */
    PARSE(&p, "(;FF[4]CA[SHIFT_JIS]C[\x95\x5C]PB[\x95\x5C\x95\x5C];B[aa])", NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "SHIFT_JIS");
    assert_int_equal(p.ntrees, 1);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 2);
    assert_raw(t, 0, "C", 0, "\xE8\xA1\xA8");
    assert_raw(t, 0, "PB", 0, "\xE8\xA1\xA8\xE8\xA1\xA8");
    assert_raw(t, 1, "B", 0, "aa");
    lx_buf b = LX_BUF_INIT;
    lx_sgf_value v = lx_sgf_get_value(t, lx_sgf_find_prop(t, 0, "C"), 0);
    assert_int_equal(lx_sgf_decode_text(v.raw, v.len, &b), 0);
    assert_string_equal(b.data, "\xE8\xA1\xA8");
    lx_buf_free(&b);
    parsed_free(&p);
}

static void test_ca_after_shift_jis_value(void **state)
{
    (void)state;
    parsed p;
    /* the CA comes after a value whose last character ends in 0x5C */
    PARSE(&p, "(;FF[4]GN[\x95\x5C]CA[SHIFT_JIS];B[aa])", NULL);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "SHIFT_JIS");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_raw(p.trees[0], 0, "GN", 0, "\xE8\xA1\xA8");
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    parsed_free(&p);
}

static void test_ca_like_text_inside_a_value(void **state)
{
    (void)state;
    parsed p;
    /* valid UTF-8: "\\]" is an escape, so "CA[...]" here is text in N's value */
    PARSE(&p, "(;FF[4]N[x\\]CA[SHIFT_JIS]]C[\xC3\xA9])", NULL);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_raw(p.trees[0], 0, "N", 0, "x\\]CA[SHIFT_JIS]");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    assert_diag(p.diags, "CHARSET_ASSUMED", LX_WARNING, 0, 0);
    parsed_free(&p);
}

static void test_ca_invalid_bytes_in_charset(void **state)
{
    (void)state;
    parsed p;
    /* 0xA0 is not a Shift_JIS byte; a lead byte is cut off at the end */
    PARSE(&p, "(;CA[SHIFT_JIS]\nC[a\xA0" "b];B[aa])\x95", NULL);
    assert_diag(p.diags, "INVALID_BYTES", LX_ERROR, 2, 4);
    assert_int_equal(p.ntrees, 1);
    assert_raw(p.trees[0], 0, "C", 0, "a\xEF\xBF\xBD" "b");
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    assert_true(lx_diag_count(p.diags) >= 2);
    parsed_free(&p);
}

static void test_ca_unknown(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]\nCA[no-such-charset]C[\xE9])", NULL);
    assert_diag(p.diags, "UNKNOWN_CHARSET", LX_ERROR, 2, 1);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "ISO-8859-1");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    assert_non_null(strstr(find_diag(p.diags, "UNKNOWN_CHARSET")->message, "no-such-charset"));
    parsed_free(&p);
    /* valid UTF-8 bytes: the fallback is UTF-8 */
    PARSE(&p, "(;FF[4]CA[no-such-charset]C[\xC3\xA9])", NULL);
    assert_diag(p.diags, "UNKNOWN_CHARSET", LX_ERROR, 1, 8);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    parsed_free(&p);
    /* a name that is empty as a C string is no name (iconv would take the locale's) */
    PARSE(&p, "(;CA[\0\0aa]C[x])", NULL);
    assert_diag(p.diags, "UNKNOWN_CHARSET", LX_ERROR, 1, 3);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    parsed_free(&p);
}

static void test_ca_names_ascii_incompatible_charset(void **state)
{
    (void)state;
    parsed p;
    /* CA could be read as ASCII, so the file is not UTF-16 whatever CA says */
    PARSE(&p, "(;FF[4]CA[UTF-16]C[hi];B[aa])", NULL);
    assert_int_equal(p.ntrees, 1);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 2);
    assert_raw(p.trees[0], 0, "C", 0, "hi");
    assert_diag(p.diags, "CHARSET_MISMATCH", LX_WARNING, 1, 8);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    parsed_free(&p);
}

static void test_ca_mismatch_utf8_bytes(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]C[\xC3\xA9]\nCA[ISO-8859-1])", NULL);
    assert_diag(p.diags, "CHARSET_MISMATCH", LX_WARNING, 2, 1);
    /* CA is obeyed */
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\x83\xC2\xA9");
    parsed_free(&p);
}

/* ---- no CA ---------------------------------------------------------------------------- */

static void test_no_ca_utf8(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]PB[J\xC3\xBCrgen])", NULL);
    assert_diag(p.diags, "CHARSET_ASSUMED", LX_WARNING, 0, 0); /* about the whole file */
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_raw(p.trees[0], 0, "PB", 0, "J\xC3\xBCrgen");
    parsed_free(&p);
    /* pure ASCII: no choice was made, so nothing is said */
    PARSE(&p, "(;FF[4]PB[Juergen])", NULL);
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    parsed_free(&p);
}

static void test_no_ca_not_utf8(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]PB[J\xFCrgen])", NULL);
    assert_diag(p.diags, "CHARSET_ASSUMED", LX_WARNING, 0, 0);
    assert_no_diag(p.diags, "INVALID_UTF8");
    assert_string_equal(lx_sgf_doc_charset(p.doc), "ISO-8859-1");
    assert_int_equal(lx_sgf_doc_converted(p.doc), 1);
    assert_raw(p.trees[0], 0, "PB", 0, "J\xC3\xBCrgen");
    parsed_free(&p);
}

/* ---- the encoding option ----------------------------------------------------------------- */

static void test_encoding_overrides_ca(void **state)
{
    (void)state;
    parsed p;
    PARSE(&p, "(;FF[4]CA[UTF-8]C[\xE9])", "ISO-8859-1");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "ISO-8859-1");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    parsed_free(&p);
    PARSE(&p, "(;FF[4]CA[ISO-8859-1]C[\xC3\xA9])", "UTF-8");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_string_equal(lx_sgf_doc_charset(p.doc), "UTF-8");
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\xA9");
    parsed_free(&p);
    /* ... and detection: bytes that are valid UTF-8 read as Latin-1 on request */
    PARSE(&p, "(;FF[4]C[\xC3\xA9])", "latin1");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_raw(p.trees[0], 0, "C", 0, "\xC3\x83\xC2\xA9");
    parsed_free(&p);
    /* an encoding of UTF-8 with invalid bytes still reports them */
    PARSE(&p, "(;FF[4]C[\xE9])", "UTF-8");
    assert_diag(p.diags, "INVALID_UTF8", LX_ERROR, 1, 10);
    parsed_free(&p);
}

static void test_conversion_gives_unicode_only(void **state)
{
    (void)state;
    /* UCS-4 can hold numbers past U+10FFFF, which iconv passes on; the text
     * must still be strict UTF-8 */
    static const char ucs4[] = "\0\0\0(\0\0\0;\0\0\0C\0\0\0[\0\x12\x2F\xA8\0\0\0]\0\0\0)";
    parsed p;
    parse_bytes(&p, ucs4, sizeof ucs4 - 1, "UCS-4BE");
    size_t len;
    const char *text = lx_sgf_doc_text(p.doc, &len);
    assert_int_equal(len, 9);
    assert_memory_equal(text, "(;C[\xEF\xBF\xBD])", 9);
    assert_true(lx_diag_count_at_least(p.diags, LX_ERROR) >= 1);
    assert_int_equal(lx_diag_get(p.diags, 0)->line, 1);
    assert_int_equal(lx_diag_get(p.diags, 0)->col, 5);
    assert_raw(p.trees[0], 0, "C", 0, "\xEF\xBF\xBD");
    parsed_free(&p);
}

static void test_encoding_unknown(void **state)
{
    (void)state;
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_read_options opt = {"no-such-encoding"};
    static const char text[] = "(;FF[4])";
    lx_sgf_doc *doc = lx_sgf_doc_new(text, sizeof text - 1, 0, &opt, d);
    assert_null(doc);
    assert_int_equal(lx_diag_count(d), 1);
    const lx_diag *x = lx_diag_get(d, 0);
    assert_string_equal(x->code, "UNKNOWN_ENCODING");
    assert_int_equal(x->severity, LX_FATAL);
    assert_non_null(strstr(x->message, "no-such-encoding"));
    assert_int_equal(lx_diag_count_at_least(d, LX_FATAL), 1);
    /* without a list it still fails cleanly */
    assert_null(lx_sgf_doc_new(text, sizeof text - 1, 0, &opt, NULL));
    /* "" names nothing */
    opt.encoding = "";
    lx_diag_list_clear(d);
    assert_null(lx_sgf_doc_new(text, sizeof text - 1, 0, &opt, d));
    assert_string_equal(lx_diag_get(d, 0)->code, "UNKNOWN_ENCODING");
    lx_diag_list_free(d);
}

static void test_borrowed_bytes(void **state)
{
    (void)state;
    static const char utf8[] = "(;FF[4]C[\xC3\xA9])";
    static const char latin1[] = "(;FF[4]CA[latin1]C[\xE9])";
    lx_diag_list *d = lx_diag_list_new();
    /* already UTF-8 and borrowed: the caller's bytes are the text */
    lx_sgf_doc *doc = lx_sgf_doc_new(utf8, sizeof utf8 - 1, 1, NULL, d);
    assert_ptr_equal(lx_sgf_doc_text(doc, NULL), utf8);
    lx_sgf_doc_free(doc);
    /* converted: a text of its own, NUL-terminated */
    doc = lx_sgf_doc_new(latin1, sizeof latin1 - 1, 1, NULL, d);
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    assert_ptr_not_equal(text, latin1);
    assert_int_equal(len, sizeof latin1);
    assert_int_equal(text[len], '\0');
    lx_sgf_doc_free(doc);
    /* copied */
    doc = lx_sgf_doc_new(utf8, sizeof utf8 - 1, 0, NULL, d);
    assert_ptr_not_equal(lx_sgf_doc_text(doc, NULL), utf8);
    assert_string_equal(lx_sgf_doc_text(doc, NULL), utf8);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

/* lx_check_range over [start, end) of a document made by lx_sgf_doc_new_utf8_later. */
static lx_check_range_end check_later(const char *bytes, size_t len, size_t start, size_t end, size_t *games)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_game_registry *reg = lx_game_registry_new();
    lx_sgf_doc *doc = lx_sgf_doc_new_utf8_later(bytes, len, NULL, d);
    assert_non_null(doc);
    assert_ptr_equal(lx_sgf_doc_text(doc, NULL), bytes); /* taken as it is, even the bad byte */
    assert_true(lx_sgf_doc_utf8_unchecked(doc));
    assert_string_equal(lx_sgf_doc_charset(doc), "UTF-8");
    assert_int_equal(lx_diag_count(d), 0);
    lx_check_options co = {reg, 0, NULL};
    lx_check_range_spec spec = {reg, &co, 11, start == 0};
    lx_check_summary s = {0};
    lx_check_range_end e;
    assert_int_equal(lx_check_range(doc, start, end, &spec, &s, d, &e), 0);
    *games = s.games;
    lx_sgf_doc_free(doc);
    lx_game_registry_free(reg);
    lx_diag_list_free(d);
    return e;
}

/* A document whose UTF-8 is checked range by range (`ludex check -j` on one
 * file): a range with a byte that is not UTF-8 stops at once, one that reads
 * past its end into such a byte stops after reading, and the others are read. */
static void test_utf8_checked_later_by_ranges(void **state)
{
    (void)state;
    static const char text[] = "(;FF[4]GM[11]SZ[5]CA[UTF-8];B[a1])\n(;FF[4]GM[11]SZ[5]C[\xC3\xA9];B[b2])\n"
                               "(;FF[4]GM[11]SZ[5]C[x\xFF];B[c3])\n";
    /* ranges start and end just after a tree's ')' */
    size_t len = sizeof text - 1, second = (size_t)(strchr(text, '\n') - text);
    size_t third = (size_t)(strchr(text + second + 1, '\n') - text), games;
    lx_check_range_end e = check_later(text, len, 0, second, &games); /* the first tree: ASCII */
    assert_int_equal(games, 1);
    assert_int_equal(e.want_whole, 0);
    assert_int_equal(e.not_utf8, 0);
    e = check_later(text, len, 0, third, &games); /* two trees, the second with an e acute */
    assert_int_equal(games, 2);
    assert_int_equal(e.want_whole, 0);
    e = check_later(text, len, third, len, &games); /* the third: 0xFF, seen before reading */
    assert_int_equal(games, 0);
    assert_int_equal(e.want_whole, 1);
    assert_int_equal(e.not_utf8, 1);
    assert_int_equal(e.pos, third);
    e = check_later(text, len, second, third + 3, &games); /* reads on into the third tree */
    assert_int_equal(games, 2);
    assert_int_equal(e.want_whole, 1);
    assert_int_equal(e.not_utf8, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8_bom),
        cmocka_unit_test(test_utf16_with_bom),
        cmocka_unit_test(test_utf16_odd_length),
        cmocka_unit_test(test_utf32_bom),
        cmocka_unit_test(test_bom_against_ca),
        cmocka_unit_test(test_ca_latin1),
        cmocka_unit_test(test_ca_utf8_invalid_byte),
        cmocka_unit_test(test_ca_shift_jis_backslash_trail_byte),
        cmocka_unit_test(test_ca_after_shift_jis_value),
        cmocka_unit_test(test_ca_like_text_inside_a_value),
        cmocka_unit_test(test_ca_invalid_bytes_in_charset),
        cmocka_unit_test(test_ca_unknown),
        cmocka_unit_test(test_ca_names_ascii_incompatible_charset),
        cmocka_unit_test(test_ca_mismatch_utf8_bytes),
        cmocka_unit_test(test_no_ca_utf8),
        cmocka_unit_test(test_no_ca_not_utf8),
        cmocka_unit_test(test_encoding_overrides_ca),
        cmocka_unit_test(test_conversion_gives_unicode_only),
        cmocka_unit_test(test_encoding_unknown),
        cmocka_unit_test(test_borrowed_bytes),
        cmocka_unit_test(test_utf8_checked_later_by_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

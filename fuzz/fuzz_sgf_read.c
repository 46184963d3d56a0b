/* fuzz_sgf_read.c - libFuzzer harness for the whole reading path: bytes ->
 * document (charset settled, text made UTF-8) -> every game tree -> every
 * node, property and value, decoded -> generic checks -> canonical writing.
 *
 * Besides "no crash, no leak, no undefined behaviour" it traps when an
 * invariant breaks:
 *   - the document text is valid UTF-8, and so is every decoded value;
 *   - the tree is a tree: every child's parent is its parent, node indices
 *     are in file order (a parent before its children), every value lies
 *     inside the document text, every ID is upper-case letters;
 *   - decoding is a fixed point of escaping: decode(escape(decode(v))) ==
 *     decode(v), for Text and SimpleText;
 *   - writing is idempotent: W1 = write(read(x)) reads back as one tree of
 *     the same shape with no syntax errors, and write(read(W1)) == W1;
 *   - diagnostics are resolved to a line and column and sorted.
 *
 * An input whose first byte is 0x01..0x08 is read with an `encoding` option
 * named by that byte (the byte itself is dropped), so the fuzzer also covers
 * forced conversions.  Inputs over 1 MB are skipped. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/ludex.h"

#define MAX_INPUT (1u << 20)

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            __builtin_trap();                                                                      \
    } while (0)

static const char *const encodings[] = {
    NULL, "ISO-8859-1", "SHIFT_JIS", "UTF-16", "UTF-16LE", "UTF-8", "GB18030", "BIG5", "UTF-32BE",
};

/* Strict UTF-8 (RFC 3629), written here again so the harness does not trust
 * the library's own validator. */
static int valid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t k;
        uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF)
            k = 1, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF)
            k = 2, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4)
            k = 3, cp = c & 0x07;
        else
            return 0;
        if (n - i <= k)
            return 0;
        for (size_t j = 1; j <= k; j++) {
            if ((s[i + j] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if ((k == 2 && cp < 0x800) || (k == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += k + 1;
    }
    return 1;
}

static int same(const lx_buf *a, const lx_buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* decode(escape(decode(raw))) == decode(raw), and the decoded text is UTF-8. */
static void check_value(const char *raw, size_t len, lx_buf *d1, lx_buf *esc, lx_buf *d2)
{
    for (int simple = 0; simple <= 1; simple++) {
        int (*decode)(const char *, size_t, lx_buf *) = simple ? lx_sgf_decode_simpletext : lx_sgf_decode_text;
        lx_buf_clear(d1);
        lx_buf_clear(esc);
        lx_buf_clear(d2);
        CHECK(decode(raw, len, d1) == 0);
        CHECK(d1->len <= len);
        CHECK(valid_utf8((const unsigned char *)d1->data, d1->len));
        CHECK(lx_sgf_escape(d1->data, d1->len, simple, esc) == 0);
        CHECK(decode(esc->data, esc->len, d2) == 0);
        CHECK(same(d1, d2));
    }
    size_t colon = lx_sgf_compose_split(raw, len);
    CHECK(colon == (size_t)-1 || (colon < len && raw[colon] == ':'));
    long n;
    double r;
    if (lx_sgf_parse_number(raw, len, &n) == 0)
        CHECK(lx_sgf_parse_real(raw, len, &r) == 0 && r == (double)n);
}

/* Walk every node, property and value of `t`, checking the invariants above. */
static void touch_tree(const lx_sgf_tree *t, const char *text, size_t len, lx_buf *scratch)
{
    size_t nn = lx_sgf_node_count(t), edges = 0;
    CHECK(nn >= 1);
    CHECK(lx_sgf_parent(t, 0) == LX_SGF_NIL);
    for (size_t n = 0; n < nn; n++) {
        lx_sgf_node node = (lx_sgf_node)n;
        if (n > 0)
            CHECK(lx_sgf_parent(t, node) < node);
        size_t kids = 0;
        for (lx_sgf_node c = lx_sgf_first_child(t, node); c != LX_SGF_NIL; c = lx_sgf_next_sibling(t, c)) {
            CHECK(c < nn && c > node && lx_sgf_parent(t, c) == node);
            kids++;
        }
        CHECK(kids == lx_sgf_child_count(t, node));
        edges += kids;
        size_t off = lx_sgf_node_offset(t, node);
        CHECK(off == LX_NO_OFFSET || off < len);
        size_t np = lx_sgf_prop_count(t, node);
        for (size_t i = 0; i < np; i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, node, i);
            const char *id = lx_sgf_prop_id(t, p);
            CHECK(id[0] != '\0');
            for (const char *c = id; *c; c++)
                CHECK(*c >= 'A' && *c <= 'Z');
            CHECK(lx_sgf_prop_node(t, p) == node);
            lx_sgf_prop first = lx_sgf_find_prop(t, node, id);
            CHECK(first != LX_SGF_NIL && strcmp(lx_sgf_prop_id(t, first), id) == 0);
            CHECK(lx_sgf_prop_offset(t, p) < len);
            size_t nv = lx_sgf_value_count(t, p);
            CHECK(nv >= 1);
            for (size_t k = 0; k < nv; k++) {
                lx_sgf_value v = lx_sgf_get_value(t, p, k);
                CHECK(v.raw >= text && v.raw + v.len <= text + len);
                CHECK(v.offset < len && text[v.offset] == '[');
                check_value(v.raw, v.len, &scratch[0], &scratch[1], &scratch[2]);
            }
        }
    }
    CHECK(edges == nn - 1);
}

/* The shape of two trees: the same parents, property and value counts. */
static void check_same_shape(const lx_sgf_tree *a, const lx_sgf_tree *b)
{
    CHECK(lx_sgf_node_count(a) == lx_sgf_node_count(b));
    for (size_t n = 0; n < lx_sgf_node_count(a); n++) {
        lx_sgf_node node = (lx_sgf_node)n;
        CHECK(lx_sgf_parent(a, node) == lx_sgf_parent(b, node));
        CHECK(lx_sgf_prop_count(a, node) == lx_sgf_prop_count(b, node));
        size_t va = 0, vb = 0; /* the root's CA aside: the writer may say CA[UTF-8] instead */
        for (size_t i = 0; i < lx_sgf_prop_count(a, node); i++) {
            lx_sgf_prop pa = lx_sgf_node_prop(a, node, i), pb = lx_sgf_node_prop(b, node, i);
            if (n > 0 || strcmp(lx_sgf_prop_id(a, pa), "CA") != 0)
                va += lx_sgf_value_count(a, pa);
            if (n > 0 || strcmp(lx_sgf_prop_id(b, pb), "CA") != 0)
                vb += lx_sgf_value_count(b, pb);
        }
        CHECK(va == vb);
    }
}

static void check_diags(lx_diag_list *d, const char *text, size_t len)
{
    lx_diag_list_resolve(d, text, len);
    uint32_t line = 0, col = 0;
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        CHECK(x->code && x->code[0] && x->message);
        CHECK(x->severity <= LX_FATAL);
        if (x->offset != LX_NO_OFFSET)
            CHECK(x->line >= 1 && x->col >= 1);
        CHECK(x->line > line || (x->line == line && x->col >= col));
        line = x->line;
        col = x->col;
    }
}

/* Read `bytes` (UTF-8, one tree) again: the tree's shape and no syntax error. */
static lx_sgf_tree *reread(const char *bytes, size_t len, const lx_sgf_tree *like, lx_diag_list *d,
                           lx_sgf_doc **doc_out)
{
    lx_diag_list_clear(d);
    lx_sgf_doc *doc = lx_sgf_doc_new(bytes, len, 1, NULL, d);
    CHECK(doc != NULL);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    CHECK(r != NULL);
    lx_sgf_tree *t = NULL;
    CHECK(lx_sgf_reader_next(r, &t) == 1);
    CHECK(lx_sgf_reader_next(r, &t) == 0 || !"a second tree");
    lx_sgf_reader_free(r);
    check_same_shape(like, t);
    /* the writer's output needs no repair (CA problems may stay: they are the input's) */
    static const char *const repairs[] = {
        "JUNK_OUTSIDE_TREE", "MISSING_OPEN_PAREN", "MISSING_SEMICOLON", "LOWERCASE_PROP_ID",
        "PROP_WITHOUT_VALUE", "UNESCAPED_BRACKET", "ILLEGAL_CHARACTER", "VALUE_WITHOUT_PROPERTY",
        "EMPTY_VARIATION", "ROOT_VARIATION", "UNCLOSED_TREE", "UNCLOSED_VALUE", "INVALID_UTF8",
        "INVALID_BYTES",
    };
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        for (size_t k = 0; k < sizeof repairs / sizeof repairs[0]; k++)
            CHECK(strcmp(x->code, repairs[k]) != 0);
    }
    *doc_out = doc;
    return t;
}

static void check_writing(const lx_sgf_tree *t, lx_diag_list *d)
{
    lx_buf w1 = LX_BUF_INIT, w2 = LX_BUF_INIT;
    CHECK(lx_sgf_write_tree(t, NULL, &w1) == 0);
    CHECK(valid_utf8((const unsigned char *)w1.data, w1.len));
    lx_sgf_doc *doc1 = NULL, *doc2 = NULL;
    lx_sgf_tree *t1 = reread(w1.data, w1.len, t, d, &doc1);
    CHECK(lx_sgf_write_tree(t1, NULL, &w2) == 0);
    CHECK(same(&w1, &w2) || !"write(read(write(read(x)))) != write(read(x))");
    lx_sgf_tree *t2 = reread(w2.data, w2.len, t1, d, &doc2);
    lx_sgf_tree_free(t2);
    lx_sgf_doc_free(doc2);
    lx_sgf_tree_free(t1);
    lx_sgf_doc_free(doc1);
    lx_buf_free(&w1);
    lx_buf_free(&w2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    lx_sgf_read_options opt = {NULL};
    if (size > 0 && data[0] >= 1 && data[0] < sizeof encodings / sizeof encodings[0]) {
        opt.encoding = encodings[data[0]];
        data++;
        size--;
    }
    lx_diag_list *diags = lx_diag_list_new();
    lx_diag_list *check_diags_list = lx_diag_list_new();
    CHECK(diags && check_diags_list);
    lx_sgf_doc *doc = lx_sgf_doc_new((const char *)data, size, 1, &opt, diags);
    CHECK(doc != NULL); /* every encoding above is one iconv knows */
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    CHECK(valid_utf8((const unsigned char *)text, len));
    CHECK(lx_sgf_doc_charset(doc)[0] != '\0');

    lx_buf scratch[3] = {LX_BUF_INIT, LX_BUF_INIT, LX_BUF_INIT};
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    CHECK(r != NULL);
    lx_sgf_tree *t = NULL;
    int rc;
    size_t trees = 0, last_offset = 0;
    while ((rc = lx_sgf_reader_next(r, &t)) == 1) {
        CHECK(lx_sgf_tree_doc(t) == doc);
        size_t off = lx_sgf_tree_offset(t);
        CHECK(off < len && (trees == 0 || off > last_offset));
        last_offset = off;
        trees++;
        touch_tree(t, text, len, scratch);
        CHECK(lx_sgf_check_tree(t, NULL, diags) == 0);
        check_writing(t, check_diags_list);
    }
    CHECK(rc == 0);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    check_diags(diags, text, len);
    for (int i = 0; i < 3; i++)
        lx_buf_free(&scratch[i]);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    lx_diag_list_free(check_diags_list);
    return 0;
}

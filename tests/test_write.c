/* test_write.c - the canonical SGF writer (src/sgf/write.c).
 *
 * Exact output bytes for small inputs (escapes, soft line breaks, line breaks,
 * composed values, property order, unknown properties, variations, repairs,
 * built trees, charsets, line wrapping); idempotence and tree-for-tree round
 * trips over the real records in tests/corpus; a million nested
 * variations written and read back without recursion. */
#include <dirent.h>
#include <sys/stat.h>

#include "testutil.h"

/* ---- helpers ---- */

typedef struct forest {
    lx_diag_list *diags;
    lx_sgf_doc *doc;
    lx_sgf_tree **trees;
    size_t ntrees, cap;
} forest;

/* Read every tree of `len` bytes (any number of them). */
static void forest_read(forest *f, const char *text, size_t len, const lx_sgf_read_options *opt)
{
    memset(f, 0, sizeof *f);
    f->diags = lx_diag_list_new();
    assert_non_null(f->diags);
    f->doc = lx_sgf_doc_new(text, len, 0, opt, f->diags);
    assert_non_null(f->doc);
    lx_sgf_reader *r = lx_sgf_reader_new(f->doc, f->diags);
    assert_non_null(r);
    lx_sgf_tree *t = NULL;
    int rc;
    while ((rc = lx_sgf_reader_next(r, &t)) == 1) {
        if (f->ntrees == f->cap) {
            f->cap = f->cap ? f->cap * 2 : 8;
            f->trees = realloc(f->trees, f->cap * sizeof *f->trees);
            assert_non_null(f->trees);
        }
        f->trees[f->ntrees++] = t;
        t = NULL;
    }
    assert_int_equal(rc, 0);
    lx_sgf_reader_free(r);
}

static void forest_free(forest *f)
{
    for (size_t i = 0; i < f->ntrees; i++)
        lx_sgf_tree_free(f->trees[i]);
    free(f->trees);
    lx_sgf_doc_free(f->doc);
    lx_diag_list_free(f->diags);
}

static void forest_write(const forest *f, const lx_sgf_write_options *opt, lx_buf *out)
{
    for (size_t i = 0; i < f->ntrees; i++)
        assert_int_equal(lx_sgf_write_tree(f->trees[i], opt, out), 0);
}

/* Reading canonical output must report nothing, except the document's
 * charset guesswork (doc.c's business, and fooled by "CA[" inside values). */
static void assert_clean_read(const forest *f)
{
    for (size_t i = 0; i < lx_diag_count(f->diags); i++) {
        const lx_diag *d = lx_diag_get(f->diags, i);
        if (strcmp(d->code, "CHARSET_ASSUMED") != 0 && strcmp(d->code, "UNKNOWN_CHARSET") != 0 &&
            strcmp(d->code, "CHARSET_MISMATCH") != 0)
            fail_msg("canonical output read with %s: %s\n%s", d->code, d->message, lx_sgf_doc_text(f->doc, NULL));
    }
}

static void check_writes_opt(const char *in, size_t inlen, const lx_sgf_write_options *opt, const char *expected)
{
    forest f;
    forest_read(&f, in, inlen, NULL);
    lx_buf out = LX_BUF_INIT;
    forest_write(&f, opt, &out);
    assert_string_equal(out.data ? out.data : "", expected);
    forest_free(&f);
    lx_buf_free(&out);
}

static void check_writes(const char *in, const char *expected)
{
    check_writes_opt(in, strlen(in), NULL, expected);
}

/* ---- exact output ---- */

static void test_escapes(void **state)
{
    (void)state;
    check_writes("(;C[a\\]b\\\\c])", "(;C[a\\]b\\\\c])\n");
    /* needless escapes go; ':' is escaped only in composed values */
    check_writes("(;C[\\a\\:b\\x])", "(;C[a:bx])\n");
    check_writes("(;N[x\\]y\\:z])", "(;N[x\\]y:z])\n");
}

static void test_soft_line_break(void **state)
{
    (void)state;
    check_writes("(;C[ab\\\ncd])", "(;C[abcd])\n");
    check_writes("(;C[ab\\\r\ncd])", "(;C[abcd])\n");
    check_writes("(;N[ab\\\ncd])", "(;N[abcd])\n");
}

static void test_line_breaks_in_text(void **state)
{
    (void)state;
    check_writes("(;C[one\r\ntwo\n\rthree\rfour\nfive])", "(;C[one\ntwo\nthree\nfour\nfive])\n");
    /* SimpleText: line breaks and tabs are spaces */
    check_writes("(;N[one\r\ntwo\tthree])", "(;N[one two three])\n");
    check_writes("(;C[tab\there])", "(;C[tab here])\n");
}

static void test_compose(void **state)
{
    (void)state;
    check_writes("(;FF[4]GM[11]SZ[11];LB[aa:x\\:y])", "(;FF[4]GM[11]SZ[11]\n;LB[aa:x\\:y])\n");
    /* a second ':' is escaped; the first unescaped one splits */
    check_writes("(;FF[4];LB[aa:x:y][bb:\\\\])", "(;FF[4]\n;LB[aa:x\\:y][bb:\\\\])\n");
    check_writes("(;AP[HexGui:0.9.0])", "(;AP[HexGui:0.9.0])\n");
    check_writes("(;AP[Hex\\:Gui:0.9:1])", "(;AP[Hex\\:Gui:0.9\\:1])\n");
    check_writes("(;SZ[ 11 : 13 ])", "(;SZ[11:13])\n");
}

static void test_numbers_trimmed(void **state)
{
    (void)state;
    check_writes("(;FF[ 4 ]GM[11\n]SZ[\t19]ST[2 ];V[ 1.5 ]PL[ B ])", "(;FF[4]GM[11]SZ[19]ST[2]\n;PL[B]V[1.5])\n");
}

static void test_property_order(void **state)
{
    (void)state;
    check_writes("(;GM[11]PW[y]SZ[13]FF[4]ST[0]PB[x]AP[a:b]CA[UTF-8]RE[B+]EV[e]GN[g]"
                 ";C[c]W[aa]KO[]MN[3]B[bb]PL[W]AE[ee]AW[cc]AB[dd]VW[]TR[ff]N[n])",
                 "(;FF[4]CA[UTF-8]GM[11]SZ[13]AP[a:b]ST[0]GN[g]EV[e]PB[x]PW[y]RE[B+]\n"
                 ";PL[W]AE[ee]AB[dd]AW[cc]B[bb]W[aa]KO[]MN[3]C[c]N[n]TR[ff]VW[])\n");
}

static void test_duplicates_kept(void **state)
{
    (void)state;
    check_writes("(;B[aa]C[1]B[bb]C[2])", "(;B[aa]B[bb]C[1]C[2])\n");
}

static void test_unknown_kept_in_order(void **state)
{
    (void)state;
    check_writes("(;ZZ[1]FF[4]XA[a\\:b]C[x]YY[3]GM[11]ZZ[0])", "(;FF[4]GM[11]C[x]ZZ[1]XA[a\\:b]YY[3]ZZ[0])\n");
}

static void test_drop_unknown(void **state)
{
    (void)state;
    lx_sgf_write_options opt = {0};
    opt.drop_unknown = 1;
    const char *in = "(;ZZ[1]FF[4]XA[2]C[x]YY[3]GM[11];QQ[9];B[aa]RR[1])";
    check_writes_opt(in, strlen(in), &opt, "(;FF[4]GM[11]C[x]\n;;B[aa])\n");
    /* `extra` makes a property known: kept, and typed (here as Text) */
    static const lx_sgf_propdef extra[] = {{"QQ", LX_PROP_NODE, LX_VT_TEXT, LX_VT_NONE, 0, "test"}};
    opt.extra = extra;
    opt.nextra = 1;
    in = "(;FF[4]QQ[a\\b]ZZ[1])";
    check_writes_opt(in, strlen(in), &opt, "(;FF[4]QQ[ab])\n");
}

static void test_variations(void **state)
{
    (void)state;
    check_writes("(;FF[4](;B[aa];W[bb])(;B[cc](;W[dd])(;W[ee];B[ff])))",
                 "(;FF[4]\n(;B[aa];W[bb])\n(;B[cc]\n(;W[dd])\n(;W[ee];B[ff])))\n");
    /* a variation with a single child is one sequence */
    check_writes("(;FF[4](;B[aa](;W[bb](;B[cc]))))", "(;FF[4]\n;B[aa];W[bb];B[cc])\n");
    check_writes("(;FF[4];B[aa](;W[bb])(;W[cc]))", "(;FF[4]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n");
    check_writes("(;)", "(;)\n");
    check_writes("(;FF[4])(;FF[4];B[aa])", "(;FF[4])\n(;FF[4]\n;B[aa])\n");
}

static void test_wrapping(void **state)
{
    (void)state;
    lx_buf in = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&in, "(;FF[4]"), 0);
    for (int i = 0; i < 15; i++)
        assert_int_equal(lx_buf_append_str(&in, i % 2 ? ";W[bb]" : ";B[aa]"), 0);
    assert_int_equal(lx_buf_append_str(&in, ")"), 0);
    /* 13 nodes of 6 characters make 78 columns; a 14th would end at 84 */
    check_writes(in.data, "(;FF[4]\n"
                          ";B[aa];W[bb];B[aa];W[bb];B[aa];W[bb];B[aa];W[bb];B[aa];W[bb];B[aa];W[bb];B[aa]\n"
                          ";W[bb];B[aa])\n");
    lx_buf_free(&in);
    /* columns count characters, not bytes: ";N[é]" is 5 characters (6 bytes), 15 to a line */
    check_writes("(;FF[4];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é])",
                 "(;FF[4]\n;N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é];N[é]\n"
                 ";N[é];N[é])\n");
    /* a node longer than a line is never cut; the next node starts a new line */
    check_writes("(;FF[4];B[aa];C[" "0123456789012345678901234567890123456789012345678901234567890123456789"
                 "0123456789];W[bb])",
                 "(;FF[4]\n;B[aa]\n;C[0123456789012345678901234567890123456789012345678901234567890123456789"
                 "0123456789]\n;W[bb])\n");
    /* a line break inside a Text value restarts the column count */
    check_writes("(;FF[4];C[" "0123456789012345678901234567890123456789012345678901234567890123456789\n"
                 "x];B[aa];W[bb])",
                 "(;FF[4]\n;C[0123456789012345678901234567890123456789012345678901234567890123456789\n"
                 "x];B[aa];W[bb])\n");
}

static void test_unescaped_bracket_repaired(void **state)
{
    (void)state;
    /* the reader keeps "a]b" as one value (UNESCAPED_BRACKET); the writer escapes it */
    check_writes("(;C[a]b];B[c]d]XX[e]f])", "(;C[a\\]b]\n;B[c\\]d]XX[e\\]f])\n");
    forest f;
    forest_read(&f, "(;C[a]b])", 9, NULL);
    assert_non_null(find_diag(f.diags, "UNESCAPED_BRACKET"));
    forest_free(&f);
}

static void test_trailing_backslash(void **state)
{
    (void)state;
    /* a value cut by the end of the file ends with a lone '\': it must not escape ']' */
    check_writes("(;FF[4]XX[ab\\", "(;FF[4]XX[ab])\n");
    check_writes("(;FF[4]B[ab\\\\", "(;FF[4]B[ab\\\\])\n");
    /* in a Number, the lone '\' goes before trimming, and what it exposes is trimmed too */
    check_writes("(;FF[4]MN[ 7 \\ \\", "(;FF[4]MN[7])\n");
}

static void test_game_values_raw(void **state)
{
    (void)state;
    /* Twixt long moves: the backslash means "negative slope" and must stay */
    check_writes("(;FF[4]GM[21];B[-i'3][-J4'][\\i'4][K4];W[ /f6 ])",
                 "(;FF[4]GM[21]\n;B[-i'3][-J4'][\\i'4][K4];W[ /f6 ])\n");
    /* compressed point lists and unknown values are kept as written */
    check_writes("(;FF[4]AB[aa:cc][dd]XX[ \\a\\\\b ])", "(;FF[4]AB[aa:cc][dd]XX[ \\a\\\\b ])\n");
}

static int lower_moves(void *ctx, const char *id, const char *raw, size_t len, lx_buf *out)
{
    int *calls = ctx;
    (*calls)++;
    if (strcmp(id, "B") != 0 && strcmp(id, "W") != 0 && strcmp(id, "AB") != 0)
        return 1;
    for (size_t i = 0; i < len; i++) {
        char c = raw[i] >= 'A' && raw[i] <= 'Z' ? (char)(raw[i] - 'A' + 'a') : raw[i];
        if (lx_buf_append_char(out, c))
            return -1;
    }
    if (len == 3 && memcmp(raw, "BAD", 3) == 0) /* a callback that returns something invalid is repaired */
        return lx_buf_append_str(out, "]");
    return 0;
}

static void test_game_value_callback(void **state)
{
    (void)state;
    int calls = 0;
    lx_sgf_write_options opt = {0};
    opt.game_value = lower_moves;
    opt.ctx = &calls;
    const char *in = "(;FF[4]AB[AA:CC]XX[Q];B[K4]C[K4];W[BAD])";
    check_writes_opt(in, strlen(in), &opt, "(;FF[4]AB[aa:cc]XX[Q]\n;B[k4]C[K4];W[bad\\]])\n");
    assert_int_equal(calls, 5); /* AB twice (each point), XX, B, W; never C */
}

static int failing_callback(void *ctx, const char *id, const char *raw, size_t len, lx_buf *out)
{
    (void)ctx, (void)id, (void)raw, (void)len;
    lx_buf_append_str(out, "partial");
    return -1;
}

/* A failure (here the callback's) returns -1 and leaves `out` as it was. */
static void test_failure_leaves_output(void **state)
{
    (void)state;
    forest f;
    forest_read(&f, "(;FF[4]C[long comment];B[aa])", 29, NULL);
    lx_sgf_write_options opt = {0};
    opt.game_value = failing_callback;
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&out, "before"), 0);
    assert_int_equal(lx_sgf_write_tree(f.trees[0], &opt, &out), -1);
    assert_string_equal(out.data, "before");
    assert_int_equal(out.len, 6);
    lx_buf_free(&out);
    forest_free(&f);
}

static void test_built_tree(void **state)
{
    (void)state;
    lx_sgf_tree *t = lx_sgf_tree_new();
    assert_non_null(t);
    lx_sgf_node root = lx_sgf_add_node(t, LX_SGF_NIL);
    lx_sgf_prop gm = lx_sgf_add_prop(t, root, "GM");
    assert_int_equal(lx_sgf_add_value(t, gm, "11", 2), 0);
    lx_sgf_prop ff = lx_sgf_add_prop(t, root, "FF");
    assert_int_equal(lx_sgf_add_value(t, ff, "4", 1), 0);
    lx_sgf_node a = lx_sgf_add_node(t, root);
    lx_sgf_node b = lx_sgf_add_node(t, root);
    lx_sgf_prop c = lx_sgf_add_prop(t, a, "C");
    assert_int_equal(lx_sgf_add_text_value(t, c, "a]b\\c", 5), 0);
    lx_sgf_prop mv = lx_sgf_add_prop(t, a, "B");
    assert_int_equal(lx_sgf_add_value(t, mv, "e4", 2), 0);
    lx_sgf_prop w = lx_sgf_add_prop(t, b, "W");
    assert_int_equal(lx_sgf_add_value(t, w, "x]y\\", 4), 0); /* raw, unsafe as given */
    lx_sgf_add_prop(t, b, "KO");                            /* no value at all */
    lx_sgf_node b2 = lx_sgf_add_node(t, b);
    lx_sgf_prop ab = lx_sgf_add_prop(t, b2, "AB");
    assert_int_equal(lx_sgf_add_value(t, ab, "a1", 2), 0);
    lx_sgf_prop fa = lx_sgf_add_prop(t, root, "CA"); /* a built tree's CA is kept */
    assert_int_equal(lx_sgf_add_value(t, fa, "ISO-8859-1", 10), 0);
    assert_int_equal(lx_sgf_add_value(t, mv, "f5", 2), 0); /* grows a property of an earlier node */

    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&out, "kept;"), 0);
    assert_int_equal(lx_sgf_write_tree(t, NULL, &out), 0);
    assert_string_equal(out.data, "kept;(;FF[4]CA[ISO-8859-1]GM[11]\n(;B[e4][f5]C[a\\]b\\\\c])\n(;W[x\\]y]KO[];AB[a1]))\n");
    lx_buf_free(&out);
    lx_sgf_tree_free(t);

    t = lx_sgf_tree_new();
    assert_int_equal(lx_sgf_write_tree(t, NULL, &out), 0);
    assert_string_equal(out.data, "(;)\n");
    lx_buf_free(&out);
    lx_sgf_tree_free(t);
}

/* ---- round trip: same shape, IDs and decoded values ---- */

static void canon_part(lx_sgf_vtype type, const char *s, size_t n, lx_buf *out)
{
    if (type == LX_VT_SIMPLETEXT) {
        assert_int_equal(lx_sgf_decode_simpletext(s, n, out), 0);
        return;
    }
    size_t start = out->len;
    assert_int_equal(lx_sgf_decode_text(s, n, out), 0);
    if (type == LX_VT_NONE || type == LX_VT_NUMBER || type == LX_VT_REAL || type == LX_VT_DOUBLE ||
        type == LX_VT_COLOR) { /* decoded, then white space around cut */
        size_t a = start, b = out->len;
        while (a < b && strchr(" \t\r\n\v\f", out->data[a]))
            a++;
        while (b > a && strchr(" \t\r\n\v\f", out->data[b - 1]))
            b--;
        memmove(out->data + start, out->data + a, b - a);
        out->len = start + (b - a);
        out->data[out->len] = '\0';
    }
}

/* A value decoded by its type, composed halves kept apart by '\1'. */
static void canon_value(const char *id, lx_sgf_value v, lx_buf *out)
{
    lx_buf_clear(out);
    const lx_sgf_propdef *def = lx_sgf_propdef_find(id);
    if (!def) {
        canon_part(LX_VT_ANY, v.raw, v.len, out);
        return;
    }
    unsigned composes = def->flags & (LX_PF_COMPOSE | LX_PF_COMPOSE_OPT);
    size_t k = composes ? lx_sgf_compose_split(v.raw, v.len) : (size_t)-1;
    if (k == (size_t)-1) {
        canon_part(def->first, v.raw, v.len, out);
        return;
    }
    canon_part(def->first, v.raw, k, out);
    assert_int_equal(lx_buf_append_char(out, '\1'), 0);
    canon_part(def->second, v.raw + k + 1, v.len - k - 1, out);
}

/* The k-th property of node n with the same ID as `id`, or NIL. */
static lx_sgf_prop nth_with_id(const lx_sgf_tree *t, lx_sgf_node n, const char *id, size_t k)
{
    for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        if (strcmp(lx_sgf_prop_id(t, p), id) == 0 && k-- == 0)
            return p;
    }
    return LX_SGF_NIL;
}

static void compare_nodes(const lx_sgf_tree *a, lx_sgf_node na, const lx_sgf_tree *b, lx_sgf_node nb, int ca_utf8)
{
    lx_buf va = LX_BUF_INIT, vb = LX_BUF_INIT;
    assert_int_equal(lx_sgf_prop_count(a, na), lx_sgf_prop_count(b, nb));
    for (size_t i = 0; i < lx_sgf_prop_count(b, nb); i++) {
        lx_sgf_prop pb = lx_sgf_node_prop(b, nb, i);
        const char *id = lx_sgf_prop_id(b, pb);
        size_t k = 0;
        for (size_t j = 0; j < i; j++)
            k += strcmp(lx_sgf_prop_id(b, lx_sgf_node_prop(b, nb, j)), id) == 0;
        lx_sgf_prop pa = nth_with_id(a, na, id, k);
        assert_int_not_equal(pa, LX_SGF_NIL);
        if (ca_utf8 && na == 0 && strcmp(id, "CA") == 0)
            continue;
        size_t nv = lx_sgf_value_count(a, pa);
        assert_int_equal(nv ? nv : 1, lx_sgf_value_count(b, pb));
        for (size_t v = 0; v < nv; v++) {
            canon_value(id, lx_sgf_get_value(a, pa, v), &va);
            canon_value(id, lx_sgf_get_value(b, pb, v), &vb);
            assert_int_equal(va.len, vb.len);
            assert_memory_equal(va.data ? va.data : "", vb.data ? vb.data : "", va.len);
        }
    }
    lx_buf_free(&va);
    lx_buf_free(&vb);
}

/* The node after n in preorder, or NIL. */
static lx_sgf_node preorder_next(const lx_sgf_tree *t, lx_sgf_node n)
{
    if (lx_sgf_first_child(t, n) != LX_SGF_NIL)
        return lx_sgf_first_child(t, n);
    while (n != LX_SGF_NIL && lx_sgf_next_sibling(t, n) == LX_SGF_NIL)
        n = lx_sgf_parent(t, n);
    return n == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_next_sibling(t, n);
}

/* Walk both trees in step (no recursion): same shape, then same properties. */
static void compare_trees(const lx_sgf_tree *a, const lx_sgf_tree *b)
{
    int ca_utf8 = lx_sgf_tree_doc(a) != NULL; /* the root's CA is written CA[UTF-8] */
    assert_int_equal(lx_sgf_node_count(a), lx_sgf_node_count(b));
    lx_sgf_node na = 0, nb = 0;
    while (na != LX_SGF_NIL) {
        assert_int_not_equal(nb, LX_SGF_NIL);
        assert_int_equal(lx_sgf_child_count(a, na), lx_sgf_child_count(b, nb));
        compare_nodes(a, na, b, nb, ca_utf8);
        na = preorder_next(a, na);
        nb = preorder_next(b, nb);
    }
    assert_int_equal(nb, LX_SGF_NIL);
}

/* The property IDs of every node, in order, as one string. */
static void id_sequence(const lx_sgf_tree *t, lx_buf *out)
{
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = preorder_next(t, n)) {
        for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
            assert_int_equal(lx_buf_append_str(out, lx_sgf_prop_id(t, lx_sgf_node_prop(t, n, i))), 0);
            assert_int_equal(lx_buf_append_char(out, ' '), 0);
        }
        assert_int_equal(lx_buf_append_char(out, ';'), 0);
    }
}

/* write(read(x)) is stable, read back cleanly and gives the same trees. */
static void check_round_trip(const char *text, size_t len, const char *name)
{
    forest f1, f2, f3;
    lx_buf w1 = LX_BUF_INIT, w2 = LX_BUF_INIT;
    forest_read(&f1, text, len, NULL);
    forest_write(&f1, NULL, &w1);
    forest_read(&f2, w1.data ? w1.data : "", w1.len, NULL);
    assert_clean_read(&f2);
    forest_write(&f2, NULL, &w2);
    if (w1.len != w2.len || (w1.len > 0 && memcmp(w1.data, w2.data, w1.len) != 0))
        fail_msg("%s: writing is not idempotent", name);
    assert_int_equal(f1.ntrees, f2.ntrees);
    forest_read(&f3, w2.data ? w2.data : "", w2.len, NULL);
    for (size_t i = 0; i < f1.ntrees; i++) {
        compare_trees(f1.trees[i], f2.trees[i]);
        lx_buf s2 = LX_BUF_INIT, s3 = LX_BUF_INIT;
        id_sequence(f2.trees[i], &s2);
        id_sequence(f3.trees[i], &s3);
        assert_string_equal(s2.data, s3.data); /* the canonical order is a fixed point */
        lx_buf_free(&s2);
        lx_buf_free(&s3);
    }
    forest_free(&f1);
    forest_free(&f2);
    forest_free(&f3);
    lx_buf_free(&w1);
    lx_buf_free(&w2);
}

/* The text written is UTF-8, so a read tree's root says CA[UTF-8]. */
static void test_charset(void **state)
{
    (void)state;
    check_writes("(;CA[ISO-8859-1]FF[4]C[caf\xe9])", "(;FF[4]CA[UTF-8]C[caf\xc3\xa9])\n");
    check_writes("(;CA[utf8]C[café])", "(;CA[UTF-8]C[café])\n");
    check_writes("(;CA[ISO-8859-1]C[cafe];CA[x])", "(;CA[UTF-8]C[cafe]\n;CA[x])\n"); /* root only */
    /* a UTF-8 byte-order mark wins over CA: read without conversion, still written as UTF-8 */
    const char bom[] = "\xef\xbb\xbf(;CA[ISO-8859-1]C[caf\xc3\xa9])";
    check_writes("\xef\xbb\xbf(;CA[ISO-8859-1]C[caf\xc3\xa9])", "(;CA[UTF-8]C[caf\xc3\xa9])\n");
    check_round_trip(bom, strlen(bom), "byte-order mark");
}

static void test_round_trip_samples(void **state)
{
    (void)state;
    static const char *const samples[] = {
        "(;FF[4]GM[11]SZ[11]AP[HexGui:0.9.0]PB[a\\]b]C[x\\\ny\r\nz]LB[aa:a\\:b];B[aa]C[\\\\](;W[bb])(;W[cc]))",
        "junk (;GM[11]ff[4]CoPyright[me];B[a]b];W[cc]XX[1][2]XX[3]", /* repairs: case, bracket, unclosed */
        "(;FF[4](;B[aa])(;B[bb]))(;FF[4]GM[6]DI[3][4]CV[x])",
        "(;SZ[ 9 : 9 ]C[  spaces  kept  ]N[\ttab\\\tx]FG[257:fig\\:1])",
        "(;FF[4];B[aa]C[]N[]KO[]MN[\\ 3 ]V[1.5\\]])",
    };
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        check_round_trip(samples[i], strlen(samples[i]), samples[i]);
}

/* Random byte soup made of SGF pieces (a fixed seed, so always the same):
 * whatever the reader makes of it, writing is idempotent and round-trips. */
static void test_round_trip_random(void **state)
{
    (void)state;
    static const char *const pieces[] = {"(", ")", ";", "[", "]", "\\", "\\", "\n", "\r", ":", " ", "\t",
                                         "B", "W", "C", "N", "AP", "LB", "SZ", "FF", "MN", "XX", "AB", "GM",
                                         "CA", "KO", "a", "b", "1", "\xc3\xa9", "\xe9", "ca"};
    uint64_t seed = 12345;
    for (int iter = 0; iter < 20000; iter++) {
        char text[256];
        size_t n = 0, k = 1 + (size_t)(seed >> 40) % 40;
        for (size_t i = 0; i < k; i++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            const char *p = pieces[(seed >> 33) % (sizeof pieces / sizeof pieces[0])];
            size_t l = strlen(p);
            memcpy(text + n, p, l);
            n += l;
        }
        check_round_trip(text, n, "random");
    }
}

/* ---- the corpus ---- */

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    lx_buf b = LX_BUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        assert_int_equal(lx_buf_append(&b, chunk, n), 0);
    fclose(fp);
    return lx_buf_steal(&b, len);
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Round-trip every file under `root` ending in `suffix`, walking the
 * directories with an explicit list; returns how many files. */
static size_t round_trip_dir(const char *root, const char *suffix)
{
    char **todo = NULL;
    size_t ntodo = 0, cap = 0, files = 0;
    todo = malloc(sizeof *todo);
    assert_non_null(todo);
    todo[ntodo++] = strdup(root);
    cap = 1;
    while (ntodo > 0) {
        char *dir = todo[--ntodo];
        DIR *d = opendir(dir);
        assert_non_null(d);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            lx_buf path = LX_BUF_INIT;
            assert_int_equal(lx_buf_printf(&path, "%s/%s", dir, e->d_name), 0);
            struct stat st;
            assert_int_equal(stat(path.data, &st), 0);
            if (S_ISDIR(st.st_mode)) {
                if (ntodo == cap) {
                    cap *= 2;
                    todo = realloc(todo, cap * sizeof *todo);
                    assert_non_null(todo);
                }
                todo[ntodo++] = lx_buf_steal(&path, NULL);
                continue;
            }
            if (has_suffix(e->d_name, suffix)) {
                size_t len;
                char *text = slurp(path.data, &len);
                assert_non_null(text);
                check_round_trip(text, len, path.data);
                free(text);
                files++;
            }
            lx_buf_free(&path);
        }
        closedir(d);
        free(dir);
    }
    free(todo);
    return files;
}

static void test_corpus_hex(void **state)
{
    (void)state;
    const char *dir = "tests/corpus/hex-benzene"; /* the repository's copy (tests/corpus/README.md) */
    struct stat st;
    if (stat(dir, &st) != 0)
        fail_msg("%s is missing: the corpus is part of the repository", dir);
    assert_true(round_trip_dir(dir, ".sgf") > 100);
}

static void test_corpus_twixt(void **state)
{
    (void)state;
    const char *dir = "tests/corpus/twixt-files"; /* the repository's copy (tests/corpus/README.md) */
    struct stat st;
    if (stat(dir, &st) != 0)
        fail_msg("%s is missing: the corpus is part of the repository", dir);
    assert_true(round_trip_dir(dir, ".tsgf") > 0);
}

/* ---- depth ---- */

#define DEEP 1000000

static size_t chain_depth(const lx_sgf_tree *t)
{
    size_t d = 0;
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        d++;
    return d;
}

/* (;FF[4](;B[aa](;W[bb]...))): nested variations of one node each are one
 * sequence, written on wrapped lines and read back as a chain. */
static void test_deep_nesting(void **state)
{
    (void)state;
    lx_buf in = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&in, "(;FF[4]"), 0);
    for (int i = 0; i < DEEP; i++)
        assert_int_equal(lx_buf_append_str(&in, i % 2 ? "(;W[bb]" : "(;B[aa]"), 0);
    for (int i = 0; i <= DEEP; i++)
        assert_int_equal(lx_buf_append_char(&in, ')'), 0);
    forest f, g;
    forest_read(&f, in.data, in.len, NULL);
    assert_int_equal(lx_sgf_node_count(f.trees[0]), DEEP + 1);
    lx_buf out = LX_BUF_INIT;
    forest_write(&f, NULL, &out);
    assert_memory_equal(out.data, "(;FF[4]\n;B[aa];W[bb];B[aa]", 26);
    assert_int_equal(out.len, 8 + (size_t)DEEP * 6 + (DEEP / 13) + 2);
    forest_read(&g, out.data, out.len, NULL);
    assert_int_equal(lx_diag_count(g.diags), 0);
    assert_int_equal(lx_sgf_node_count(g.trees[0]), DEEP + 1);
    assert_int_equal(chain_depth(g.trees[0]), DEEP + 1);
    forest_free(&f);
    forest_free(&g);
    lx_buf_free(&out);
    lx_buf_free(&in);
}

/* (;FF[4](;B[aa])(;B[bb](;B[aa])(;B[bb]...))): a million variations inside
 * each other, which the writer must nest a million deep. */
static void test_deep_variations(void **state)
{
    (void)state;
    lx_buf in = LX_BUF_INIT, expect = LX_BUF_INIT, out = LX_BUF_INIT;
    assert_int_equal(lx_buf_append_str(&in, "(;FF[4]"), 0);
    assert_int_equal(lx_buf_append_str(&expect, "(;FF[4]\n"), 0);
    for (int i = 0; i < DEEP; i++) {
        assert_int_equal(lx_buf_append_str(&in, "(;B[aa])(;B[bb]"), 0);
        assert_int_equal(lx_buf_append_str(&expect, i ? "\n(;B[aa])\n(;B[bb]" : "(;B[aa])\n(;B[bb]"), 0);
    }
    for (int i = 0; i <= DEEP; i++) {
        assert_int_equal(lx_buf_append_char(&in, ')'), 0);
        assert_int_equal(lx_buf_append_char(&expect, ')'), 0);
    }
    assert_int_equal(lx_buf_append_char(&expect, '\n'), 0);
    forest f, g;
    forest_read(&f, in.data, in.len, NULL);
    forest_write(&f, NULL, &out);
    assert_int_equal(out.len, expect.len);
    assert_memory_equal(out.data, expect.data, out.len);
    forest_read(&g, out.data, out.len, NULL);
    assert_int_equal(lx_diag_count(g.diags), 0);
    assert_int_equal(lx_sgf_node_count(g.trees[0]), 2 * (size_t)DEEP + 1);
    size_t depth = 0;
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; depth++) {
        lx_sgf_node c = lx_sgf_first_child(g.trees[0], n);
        n = c == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_next_sibling(g.trees[0], c);
    }
    assert_int_equal(depth, DEEP + 1);
    compare_trees(f.trees[0], g.trees[0]);
    forest_free(&f);
    forest_free(&g);
    lx_buf_free(&in);
    lx_buf_free(&expect);
    lx_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_soft_line_break),
        cmocka_unit_test(test_line_breaks_in_text),
        cmocka_unit_test(test_compose),
        cmocka_unit_test(test_numbers_trimmed),
        cmocka_unit_test(test_property_order),
        cmocka_unit_test(test_duplicates_kept),
        cmocka_unit_test(test_unknown_kept_in_order),
        cmocka_unit_test(test_drop_unknown),
        cmocka_unit_test(test_variations),
        cmocka_unit_test(test_wrapping),
        cmocka_unit_test(test_unescaped_bracket_repaired),
        cmocka_unit_test(test_trailing_backslash),
        cmocka_unit_test(test_game_values_raw),
        cmocka_unit_test(test_game_value_callback),
        cmocka_unit_test(test_failure_leaves_output),
        cmocka_unit_test(test_built_tree),
        cmocka_unit_test(test_charset),
        cmocka_unit_test(test_round_trip_samples),
        cmocka_unit_test(test_round_trip_random),
        cmocka_unit_test(test_corpus_hex),
        cmocka_unit_test(test_corpus_twixt),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_deep_variations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

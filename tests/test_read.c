/* test_read.c - the SGF reader: the FF[4] grammar, every repair it makes (one
 * diagnostic each, checked for code, severity, line and column), and inputs
 * built to break a recursive or quadratic reader (a million nested
 * variations, a million variations side by side, ten million nodes).
 *
 * The big inputs are built in memory.  Their full size runs in optimised
 * builds without sanitizers; elsewhere a smaller size runs unless the
 * environment says LX_BIG_TESTS=1 (LX_BIG_TESTS=0 forces the small size). */
#include "testutil.h"

/* ---- helpers ------------------------------------------------------------------ */

static size_t count_diag(lx_diag_list *d, const char *code)
{
    size_t c = 0;
    for (size_t i = 0; i < lx_diag_count(d); i++)
        if (strcmp(lx_diag_get(d, i)->code, code) == 0)
            c++;
    return c;
}

/* The k-th (0-based) diagnostic with `code` in list order, or a failure. */
static const lx_diag *nth_diag(lx_diag_list *d, const char *code, size_t k)
{
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        if (strcmp(x->code, code) == 0 && k-- == 0)
            return x;
    }
    fail_msg("fewer %s diagnostics than expected", code);
    return NULL;
}

/* The i-th raw value of property `id` at node n must be `want`. */
static void assert_raw(const lx_sgf_tree *t, lx_sgf_node n, const char *id, size_t i, const char *want)
{
    char buf[256];
    const char *got = raw_value(t, n, id, i, buf, sizeof buf);
    if (!got)
        fail_msg("node %u has no value %zu of %s", (unsigned)n, i, id);
    assert_string_equal(got, want);
}

static size_t values_of(const lx_sgf_tree *t, lx_sgf_node n, const char *id)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, n, id);
    assert_int_not_equal(p, LX_SGF_NIL);
    return lx_sgf_value_count(t, p);
}

/* Whether the build is one where the full-size big inputs are the default. */
static int big_tests(void)
{
    const char *e = getenv("LX_BIG_TESTS");
    if (e && *e)
        return strcmp(e, "0") != 0;
#if defined(__SANITIZE_ADDRESS__)
    return 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
    return 0;
#endif
#endif
#if defined(__OPTIMIZE__)
    return 1;
#else
    return 0;
#endif
}

/* ---- the grammar ---------------------------------------------------------------- */

static void test_one_tree_no_diagnostics(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]GM[11]SZ[11]\n;B[a1]\n;W[b2])");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(p.ntrees, 1);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 3);
    assert_int_equal(lx_sgf_tree_offset(t), 0);
    assert_int_equal(lx_sgf_parent(t, 0), LX_SGF_NIL);
    assert_int_equal(lx_sgf_first_child(t, 0), 1);
    assert_int_equal(lx_sgf_first_child(t, 1), 2);
    assert_int_equal(lx_sgf_first_child(t, 2), LX_SGF_NIL);
    assert_int_equal(lx_sgf_parent(t, 2), 1);
    assert_int_equal(lx_sgf_node_offset(t, 0), 1);
    assert_int_equal(lx_sgf_node_offset(t, 1), 20);
    assert_int_equal(lx_sgf_prop_count(t, 0), 3);
    assert_string_equal(lx_sgf_prop_id(t, lx_sgf_node_prop(t, 0, 0)), "FF");
    assert_string_equal(lx_sgf_prop_id(t, lx_sgf_node_prop(t, 0, 1)), "GM");
    assert_string_equal(lx_sgf_prop_id(t, lx_sgf_node_prop(t, 0, 2)), "SZ");
    assert_int_equal(lx_sgf_prop_offset(t, lx_sgf_node_prop(t, 0, 1)), 7);
    assert_raw(t, 0, "GM", 0, "11");
    assert_raw(t, 1, "B", 0, "a1");
    assert_raw(t, 2, "W", 0, "b2");
    lx_sgf_value v = lx_sgf_get_value(t, lx_sgf_find_prop(t, 2, "W"), 0);
    assert_int_equal(v.offset, 29); /* the '[' */
    assert_int_equal(lx_sgf_find_prop(t, 1, "W"), LX_SGF_NIL);
    assert_int_equal(lx_sgf_prop_node(t, lx_sgf_find_prop(t, 2, "W")), 2);
    parsed_free(&p);
}

/* lx_sgf_id_number and lx_sgf_values_may_contain: the cheap questions asked
 * before a walk over a whole tree. */
static void test_tree_prefilters(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]GM[11]C[a note on SWAP]\n;B[a1];W[Swap-Pieces])(;FF[4]GM[11]PB[swa]\n;B[a1]PW[p])");
    assert_int_equal(p.ntrees, 2);
    const lx_sgf_tree *t = p.trees[0], *u = p.trees[1];
    assert_int_equal(lx_sgf_id_number(t, "W"), lx_sgf_prop_id_number(t, lx_sgf_find_prop(t, 2, "W")));
    assert_int_equal(lx_sgf_id_number(t, "IP"), LX_SGF_NIL);
    assert_int_equal(lx_sgf_id_number(t, "w"), LX_SGF_NIL);   /* not an upper-case ID */
    assert_int_equal(lx_sgf_id_number(t, "W1"), LX_SGF_NIL);
    assert_int_equal(lx_sgf_find_prop(t, 0, "IP"), LX_SGF_NIL);
    assert_int_equal(lx_sgf_values_may_contain(t, "swap"), 1);
    assert_int_equal(lx_sgf_values_may_contain(t, "pieces"), 1);
    assert_int_equal(lx_sgf_values_may_contain(t, "resign"), 0);
    assert_int_equal(lx_sgf_values_may_contain(u, "swap"), 0); /* "swa" and "p" are in two values */
    assert_int_equal(lx_sgf_values_may_contain(u, "a1"), 1);
    parsed_free(&p);
    lx_sgf_tree *b = lx_sgf_tree_new(); /* a built tree: always "may" */
    lx_sgf_node n = lx_sgf_add_node(b, LX_SGF_NIL);
    lx_sgf_prop q = lx_sgf_add_prop(b, n, "C");
    assert_int_equal(lx_sgf_add_value(b, q, "x", 1), 0);
    assert_int_equal(lx_sgf_values_may_contain(b, "swap"), 1);
    lx_sgf_tree_free(b);
}

static void test_collection_of_trees(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]GM[11])\n(;FF[4]GM[21]\n;B[c3])  (;FF[4]GM[6])\n");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(p.ntrees, 3);
    assert_raw(p.trees[0], 0, "GM", 0, "11");
    assert_raw(p.trees[1], 0, "GM", 0, "21");
    assert_raw(p.trees[2], 0, "GM", 0, "6");
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 1);
    assert_int_equal(lx_sgf_node_count(p.trees[1]), 2);
    assert_int_equal(lx_sgf_node_count(p.trees[2]), 1);
    assert_int_equal(lx_sgf_tree_offset(p.trees[1]), 15);
    assert_int_equal(lx_sgf_tree_offset(p.trees[2]), 38);
    assert_ptr_equal(lx_sgf_tree_doc(p.trees[2]), p.doc);
    parsed_free(&p);
}

static void test_variation_shape(void **state)
{
    (void)state;
    parsed p;
    /* nodes in file order: 0 root, 1 B[aa], 2 W[bb], 3 B[cc], 4 B[dd], 5 B[ee] */
    parse_text(&p, "(;FF[4](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))");
    assert_int_equal(lx_diag_count(p.diags), 0);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 6);
    static const uint32_t parent[] = {LX_SGF_NIL, 0, 1, 2, 2, 0};
    static const uint32_t first[] = {1, 2, 3, LX_SGF_NIL, LX_SGF_NIL, LX_SGF_NIL};
    static const uint32_t next[] = {LX_SGF_NIL, 5, LX_SGF_NIL, 4, LX_SGF_NIL, LX_SGF_NIL};
    static const size_t children[] = {2, 1, 2, 0, 0, 0};
    for (uint32_t n = 0; n < 6; n++) {
        assert_int_equal(lx_sgf_parent(t, n), parent[n]);
        assert_int_equal(lx_sgf_first_child(t, n), first[n]);
        assert_int_equal(lx_sgf_next_sibling(t, n), next[n]);
        assert_int_equal(lx_sgf_child_count(t, n), children[n]);
    }
    assert_raw(t, 3, "B", 0, "cc");
    assert_raw(t, 4, "B", 0, "dd");
    assert_raw(t, 5, "B", 0, "ee");
    parsed_free(&p);
}

static void test_multiple_values(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]AW[aa][bb] [cc]\n\t[dd]LB[aa:one][bb:two])");
    assert_int_equal(lx_diag_count(p.diags), 0);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(values_of(t, 0, "AW"), 4);
    assert_raw(t, 0, "AW", 0, "aa");
    assert_raw(t, 0, "AW", 2, "cc");
    assert_raw(t, 0, "AW", 3, "dd");
    assert_int_equal(values_of(t, 0, "LB"), 2);
    assert_raw(t, 0, "LB", 1, "bb:two");
    parsed_free(&p);
}

static void test_compressed_point_list_kept_raw(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]AB[aa:cc][ee]AE[])");
    assert_int_equal(lx_diag_count(p.diags), 0);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(values_of(t, 0, "AB"), 2);
    assert_raw(t, 0, "AB", 0, "aa:cc");
    assert_raw(t, 0, "AB", 1, "ee");
    assert_int_equal(values_of(t, 0, "AE"), 1);
    assert_raw(t, 0, "AE", 0, "");
    parsed_free(&p);
}

static void test_escapes_kept_raw(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]C[a\\]b\\\\c\\:d\\\n e]GN[x\\\\];B[aa])");
    assert_int_equal(lx_diag_count(p.diags), 0);
    const lx_sgf_tree *t = p.trees[0];
    assert_raw(t, 0, "C", 0, "a\\]b\\\\c\\:d\\\n e");
    assert_raw(t, 0, "GN", 0, "x\\\\"); /* an escaped backslash does not escape the ']' */
    assert_int_equal(lx_sgf_node_count(t), 2);
    parsed_free(&p);
}

static void test_whitespace_between_tokens(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, " \r\n ( \t; FF \n [4] \r\n GM[11]\n ;\n B [a1]\v\f; W\t[b2]\n( ;B[c3] ) ) \n");
    assert_int_equal(lx_diag_count(p.diags), 0);
    assert_int_equal(p.ntrees, 1);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 4);
    assert_raw(t, 0, "FF", 0, "4");
    assert_raw(t, 1, "B", 0, "a1");
    assert_raw(t, 2, "W", 0, "b2");
    assert_raw(t, 3, "B", 0, "c3");
    assert_int_equal(lx_sgf_parent(t, 3), 2);
    parsed_free(&p);
}

static void test_empty_file(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "");
    assert_int_equal(p.ntrees, 0);
    assert_int_equal(lx_diag_count(p.diags), 0);
    parsed_free(&p);
    parse_text(&p, " \n\t\r\n");
    assert_int_equal(p.ntrees, 0);
    assert_int_equal(lx_diag_count(p.diags), 0);
    parsed_free(&p);
}

static void test_only_junk(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "\n  this is no SGF; really ] [ )\n");
    assert_int_equal(p.ntrees, 0);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_diag(p.diags, "JUNK_OUTSIDE_TREE", LX_WARNING, 2, 3);
    parsed_free(&p);
}

static void test_empty_parens(void **state)
{
    (void)state;
    parsed p;
    /* "()" holds no node: it is not a game tree, so nothing is read from it */
    parse_text(&p, "()");
    assert_int_equal(p.ntrees, 0);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_diag(p.diags, "JUNK_OUTSIDE_TREE", LX_WARNING, 1, 1);
    parsed_free(&p);
    /* ... and a real tree after it is still found */
    parse_text(&p, "()\n(;FF[4])");
    assert_int_equal(p.ntrees, 1);
    assert_raw(p.trees[0], 0, "FF", 0, "4");
    assert_diag(p.diags, "JUNK_OUTSIDE_TREE", LX_WARNING, 1, 1);
    parsed_free(&p);
}

/* ---- every repair ----------------------------------------------------------------- */

static void test_junk_outside_tree(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "Game record by X\n  (;FF[4]GM[11])\nend of file\n");
    assert_int_equal(p.ntrees, 1);
    assert_int_equal(count_diag(p.diags, "JUNK_OUTSIDE_TREE"), 2);
    assert_int_equal(lx_diag_count(p.diags), 2);
    /* sorted by position: the one before the tree first */
    const lx_diag *d0 = lx_diag_get(p.diags, 0), *d1 = lx_diag_get(p.diags, 1);
    assert_string_equal(d0->code, "JUNK_OUTSIDE_TREE");
    assert_int_equal(d0->severity, LX_WARNING);
    assert_int_equal(d0->line, 1);
    assert_int_equal(d0->col, 1);
    assert_int_equal(d1->line, 3);
    assert_int_equal(d1->col, 1);
    assert_non_null(d0->message);
    assert_true(strlen(d0->message) > 10);
    assert_raw(p.trees[0], 0, "GM", 0, "11");
    parsed_free(&p);
}

static void test_missing_open_paren(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "\n;FF[4]GM[11];B[a1])\n(;FF[4]GM[11])");
    assert_int_equal(p.ntrees, 2);
    assert_diag(p.diags, "MISSING_OPEN_PAREN", LX_ERROR, 2, 1);
    assert_int_equal(count_diag(p.diags, "MISSING_OPEN_PAREN"), 1);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 2);
    assert_raw(p.trees[0], 1, "B", 0, "a1");
    assert_int_equal(lx_sgf_node_count(p.trees[1]), 1);
    parsed_free(&p);
    /* a ';' in junk that does not start a node is only junk */
    parse_text(&p, "notes; see below\n(;FF[4])");
    assert_int_equal(p.ntrees, 1);
    assert_no_diag(p.diags, "MISSING_OPEN_PAREN");
    assert_diag(p.diags, "JUNK_OUTSIDE_TREE", LX_WARNING, 1, 1);
    parsed_free(&p);
}

static void test_missing_semicolon(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]\n(B[aa];W[bb]))");
    assert_int_equal(p.ntrees, 1);
    assert_diag(p.diags, "MISSING_SEMICOLON", LX_ERROR, 2, 2);
    assert_int_equal(lx_diag_count(p.diags), 1);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 3);
    assert_int_equal(lx_sgf_parent(t, 1), 0);
    assert_int_equal(lx_sgf_parent(t, 2), 1);
    assert_raw(t, 1, "B", 0, "aa");
    assert_raw(t, 2, "W", 0, "bb");
    parsed_free(&p);
    /* the root's own ';' left out */
    parse_text(&p, "(FF[4]GM[11];B[a1])");
    assert_int_equal(p.ntrees, 1);
    assert_diag(p.diags, "MISSING_SEMICOLON", LX_ERROR, 1, 2);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 2);
    assert_raw(p.trees[0], 0, "GM", 0, "11");
    parsed_free(&p);
    /* properties after a variation closed cannot join the node before it:
     * they start a node of their own, another variation */
    parse_text(&p, "(;FF[4](;B[aa])C[x]D[y];E[z])");
    const lx_sgf_tree *u = p.trees[0];
    assert_diag(p.diags, "MISSING_SEMICOLON", LX_ERROR, 1, 16);
    assert_int_equal(count_diag(p.diags, "MISSING_SEMICOLON"), 1);
    assert_int_equal(lx_sgf_node_count(u), 4);
    assert_int_equal(lx_sgf_prop_count(u, 0), 1);
    assert_raw(u, 0, "FF", 0, "4");
    assert_int_equal(lx_sgf_prop_count(u, 1), 1);
    assert_raw(u, 1, "B", 0, "aa");
    assert_int_equal(lx_sgf_parent(u, 2), 0);
    assert_int_equal(lx_sgf_prop_count(u, 2), 2);
    assert_raw(u, 2, "C", 0, "x");
    assert_raw(u, 2, "D", 0, "y");
    assert_int_equal(lx_sgf_parent(u, 3), 2);
    assert_raw(u, 3, "E", 0, "z");
    assert_int_equal(lx_sgf_prop_node(u, lx_sgf_find_prop(u, 2, "D")), 2);
    parsed_free(&p);
}

static void test_lowercase_ff3(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[3]CoPyright[me]GaMe[1]\n;CoPyright[again])");
    const lx_sgf_tree *t = p.trees[0];
    assert_raw(t, 0, "CP", 0, "me");
    assert_raw(t, 0, "GM", 0, "1");
    assert_raw(t, 1, "CP", 0, "again");
    assert_diag(p.diags, "LOWERCASE_PROP_ID", LX_WARNING, 1, 8);
    assert_int_equal(count_diag(p.diags, "LOWERCASE_PROP_ID"), 2); /* CP once, GM once */
    assert_int_equal(lx_diag_count(p.diags), 2);
    assert_non_null(strstr(find_diag(p.diags, "LOWERCASE_PROP_ID")->message, "CP"));
    parsed_free(&p);
}

static void test_lowercase_little_golem(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]SZ[24];b[dd];r[th];b[kj];r[jp])\n(;FF[4]SZ[24];b[aa])");
    assert_int_equal(p.ntrees, 2);
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 5);
    assert_raw(t, 1, "B", 0, "dd");
    assert_raw(t, 2, "R", 0, "th");
    assert_raw(t, 3, "B", 0, "kj");
    assert_raw(p.trees[1], 1, "B", 0, "aa");
    /* once per ID per tree: B and R in the first tree, B again in the second */
    assert_int_equal(count_diag(p.diags, "LOWERCASE_PROP_ID"), 3);
    assert_diag(p.diags, "LOWERCASE_PROP_ID", LX_WARNING, 1, 15);
    assert_int_equal(nth_diag(p.diags, "LOWERCASE_PROP_ID", 1)->line, 1);
    assert_int_equal(nth_diag(p.diags, "LOWERCASE_PROP_ID", 1)->col, 21);
    assert_int_equal(nth_diag(p.diags, "LOWERCASE_PROP_ID", 2)->line, 2);
    assert_int_equal(nth_diag(p.diags, "LOWERCASE_PROP_ID", 2)->col, 15);
    parsed_free(&p);
}

static void test_lowercase_many_ids_once_each(void **state)
{
    (void)state;
    parsed p;
    /* more distinct lower-case IDs than a small fixed table would remember */
    static const char *ids[] = {"aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj",
                                "kk", "ll", "mm", "nn", "oo", "pp", "qq", "rr", "ss", "tt",
                                "uu", "vv", "ww", "xx", "yy", "zz", "abc", "abd", "abe", "abf",
                                "abg", "abh", "abi", "abj", "abk", "abl", "abm", "abn", "abo", "abp"};
    const size_t nids = sizeof ids / sizeof ids[0];
    for (size_t ntake = 10; ntake <= nids; ntake += nids - 10) {
        lx_buf b = LX_BUF_INIT;
        lx_buf_append_str(&b, "(;FF[4]");
        for (int round = 0; round < 3; round++) {
            for (size_t i = 0; i < ntake; i++)
                lx_buf_printf(&b, "%s[x]", ids[i]);
            lx_buf_append_str(&b, "\n;");
        }
        lx_buf_append_str(&b, ")(;FF[4]aa[x]bb[y])");
        parse_text(&p, b.data);
        assert_int_equal(p.ntrees, 2);
        assert_int_equal(count_diag(p.diags, "LOWERCASE_PROP_ID"), ntake + 2);
        assert_raw(p.trees[0], 2, ntake == nids ? "ABP" : "JJ", 0, "x");
        assert_raw(p.trees[1], 0, "BB", 0, "y");
        parsed_free(&p);
        lx_buf_free(&b);
    }
}

static void test_prop_without_value(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4];B[aa] junk ;W[bb])");
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 3);
    assert_raw(t, 1, "B", 0, "aa");
    assert_int_equal(values_of(t, 1, "B"), 1);
    assert_raw(t, 2, "W", 0, "bb"); /* the W move is not swallowed */
    assert_int_equal(lx_sgf_prop_count(t, 1), 1);
    assert_diag(p.diags, "PROP_WITHOUT_VALUE", LX_ERROR, 1, 15);
    assert_no_diag(p.diags, "UNESCAPED_BRACKET");
    assert_non_null(strstr(find_diag(p.diags, "PROP_WITHOUT_VALUE")->message, "JUNK[]"));
    parsed_free(&p);
    /* an ID at the end of a tree and at the end of the file */
    parse_text(&p, "(;FF[4]PB\n)(;FF[4]\nKM");
    assert_int_equal(p.ntrees, 2);
    assert_int_equal(count_diag(p.diags, "PROP_WITHOUT_VALUE"), 2);
    assert_diag(p.diags, "PROP_WITHOUT_VALUE", LX_ERROR, 1, 8);
    assert_int_equal(nth_diag(p.diags, "PROP_WITHOUT_VALUE", 1)->line, 3);
    assert_int_equal(nth_diag(p.diags, "PROP_WITHOUT_VALUE", 1)->col, 1);
    assert_int_equal(lx_sgf_prop_count(p.trees[0], 0), 1);
    assert_diag(p.diags, "UNCLOSED_TREE", LX_ERROR, 2, 2);
    parsed_free(&p);
}

static void test_unescaped_bracket(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]C[see [1] here];B[aa])");
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(values_of(t, 0, "C"), 1);
    assert_raw(t, 0, "C", 0, "see [1] here");
    assert_diag(p.diags, "UNESCAPED_BRACKET", LX_WARNING, 1, 16);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_int_equal(lx_sgf_node_count(t), 2);
    assert_raw(t, 1, "B", 0, "aa");
    parsed_free(&p);
    /* two early ']' in one value, the second line: one warning each */
    parse_text(&p, "(;FF[4]\nC[a] b] c];W[bb])");
    assert_raw(p.trees[0], 0, "C", 0, "a] b] c");
    assert_int_equal(count_diag(p.diags, "UNESCAPED_BRACKET"), 2);
    assert_diag(p.diags, "UNESCAPED_BRACKET", LX_WARNING, 2, 4);
    assert_raw(p.trees[0], 1, "W", 0, "bb");
    parsed_free(&p);
    /* a ']' that is right: what follows the value is junk, then a move */
    parse_text(&p, "(;FF[4];B[aa] junk ;W[bb])");
    assert_no_diag(p.diags, "UNESCAPED_BRACKET");
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    assert_raw(p.trees[0], 2, "W", 0, "bb");
    parsed_free(&p);
}

static void test_illegal_character(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4] %$ ;B[aa]\n;W[bb])");
    const lx_sgf_tree *t = p.trees[0];
    assert_int_equal(lx_sgf_node_count(t), 3);
    assert_int_equal(count_diag(p.diags, "ILLEGAL_CHARACTER"), 1); /* one for the run "%$" */
    assert_diag(p.diags, "ILLEGAL_CHARACTER", LX_ERROR, 1, 9);
    assert_raw(t, 1, "B", 0, "aa");
    parsed_free(&p);
    /* a ']' between nodes */
    parse_text(&p, "(;FF[4];]B[aa])");
    assert_diag(p.diags, "ILLEGAL_CHARACTER", LX_ERROR, 1, 9);
    assert_raw(p.trees[0], 1, "B", 0, "aa");
    parsed_free(&p);
    /* junk at the very end of an unclosed tree */
    parse_text(&p, "(;FF[4]\n;B[aa] ##");
    assert_diag(p.diags, "ILLEGAL_CHARACTER", LX_ERROR, 2, 8);
    assert_diag(p.diags, "UNCLOSED_TREE", LX_ERROR, 1, 1);
    parsed_free(&p);
}

static void test_value_without_property(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]\n;[aa]B[bb] [cc])");
    const lx_sgf_tree *t = p.trees[0];
    assert_diag(p.diags, "VALUE_WITHOUT_PROPERTY", LX_ERROR, 2, 2);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_int_equal(lx_sgf_prop_count(t, 1), 1);
    assert_int_equal(values_of(t, 1, "B"), 2);
    assert_raw(t, 1, "B", 0, "bb");
    assert_raw(t, 1, "B", 1, "cc");
    parsed_free(&p);
}

static void test_empty_variation(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]()(;B[aa]))");
    const lx_sgf_tree *t = p.trees[0];
    assert_diag(p.diags, "EMPTY_VARIATION", LX_WARNING, 1, 8);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_int_equal(lx_sgf_node_count(t), 2);
    assert_int_equal(lx_sgf_parent(t, 1), 0);
    parsed_free(&p);
    parse_text(&p, "(()(;FF[4]))");
    assert_int_equal(count_diag(p.diags, "EMPTY_VARIATION"), 2);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 1);
    assert_raw(p.trees[0], 0, "FF", 0, "4");
    parsed_free(&p);
}

static void test_node_after_variation(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;A[1](;B[2])\n;C[3])");
    const lx_sgf_tree *t = p.trees[0];
    assert_diag(p.diags, "NODE_AFTER_VARIATION", LX_ERROR, 2, 1);
    assert_int_equal(lx_diag_count(p.diags), 1);
    assert_int_equal(lx_sgf_node_count(t), 3);
    assert_int_equal(lx_sgf_parent(t, 2), 0); /* one more variation of A */
    assert_int_equal(lx_sgf_next_sibling(t, 1), 2);
    parsed_free(&p);
}

static void test_root_variation(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "((;FF[4]GM[11])\n(;B[aa]))");
    const lx_sgf_tree *t = p.trees[0];
    assert_diag(p.diags, "ROOT_VARIATION", LX_ERROR, 2, 2);
    assert_diag(p.diags, "EMPTY_VARIATION", LX_WARNING, 1, 1);
    assert_int_equal(lx_diag_count(p.diags), 2);
    assert_int_equal(lx_sgf_node_count(t), 2);
    assert_int_equal(lx_sgf_parent(t, 1), 0);
    assert_raw(t, 1, "B", 0, "aa");
    parsed_free(&p);
}

static void test_unclosed_tree(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "\n(;FF[4](;B[aa])\n(;B[bb]\n");
    assert_int_equal(p.ntrees, 1);
    assert_diag(p.diags, "UNCLOSED_TREE", LX_ERROR, 2, 1);
    assert_int_equal(count_diag(p.diags, "UNCLOSED_TREE"), 1);
    assert_non_null(strstr(find_diag(p.diags, "UNCLOSED_TREE")->message, "variations"));
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 3);
    assert_int_equal(lx_sgf_next_sibling(p.trees[0], 1), 2);
    parsed_free(&p);
    /* "(((" : a tree with an empty root */
    parse_text(&p, "(((");
    assert_int_equal(p.ntrees, 1);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), 1);
    assert_int_equal(lx_sgf_prop_count(p.trees[0], 0), 0);
    assert_diag(p.diags, "UNCLOSED_TREE", LX_ERROR, 1, 1);
    parsed_free(&p);
}

static void test_unclosed_value(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "(;FF[4]\n  C[abc\ndef");
    assert_int_equal(p.ntrees, 1);
    assert_diag(p.diags, "UNCLOSED_VALUE", LX_ERROR, 2, 4);
    assert_diag(p.diags, "UNCLOSED_TREE", LX_ERROR, 1, 1);
    assert_raw(p.trees[0], 0, "C", 0, "abc\ndef");
    parsed_free(&p);
    /* a value that ends in an escaped ']' at the end of the file */
    parse_text(&p, "(;FF[4]C[abc\\]");
    assert_diag(p.diags, "UNCLOSED_VALUE", LX_ERROR, 1, 9);
    assert_raw(p.trees[0], 0, "C", 0, "abc\\]");
    parsed_free(&p);
}

static void test_recovery_keeps_later_trees(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, "junk (;FF[4]C[x] %% ;[v]B[aa] junk ;(W[bb]))\n(;FF[4]GM[11];B[a1])");
    assert_int_equal(p.ntrees, 2);
    assert_int_equal(lx_sgf_node_count(p.trees[1]), 2);
    assert_raw(p.trees[1], 1, "B", 0, "a1");
    assert_int_equal(lx_diag_count_at_least(p.diags, LX_FATAL), 0);
    assert_true(lx_diag_count_at_least(p.diags, LX_ERROR) >= 4);
    /* sorted by line, then column */
    for (size_t i = 1; i < lx_diag_count(p.diags); i++) {
        const lx_diag *a = lx_diag_get(p.diags, i - 1), *b = lx_diag_get(p.diags, i);
        assert_true(a->line < b->line || (a->line == b->line && a->col <= b->col));
    }
    parsed_free(&p);
}

/* ---- reuse ------------------------------------------------------------------------- */

static void test_tree_reuse(void **state)
{
    (void)state;
    const char *text = "(;FF[4]GM[11]SZ[11]PB[x]PW[y](;B[a1];W[b2])(;B[c3]))(;GM[21]XX[1];B[d4])";
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(text, strlen(text), 1, NULL, d);
    assert_non_null(doc);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_non_null(t);
    lx_sgf_tree *first = t;
    assert_int_equal(lx_sgf_node_count(t), 4);
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_ptr_equal(t, first); /* the same tree, cleared and refilled */
    assert_int_equal(lx_sgf_node_count(t), 2);
    assert_int_equal(lx_sgf_tree_offset(t), strlen("(;FF[4]GM[11]SZ[11]PB[x]PW[y](;B[a1];W[b2])(;B[c3]))"));
    assert_int_equal(lx_sgf_prop_count(t, 0), 2);
    assert_string_equal(lx_sgf_prop_id(t, lx_sgf_node_prop(t, 0, 0)), "GM");
    assert_string_equal(lx_sgf_prop_id(t, lx_sgf_node_prop(t, 0, 1)), "XX");
    /* interned IDs may be kept from the tree before; distinct IDs, distinct numbers */
    assert_int_not_equal(lx_sgf_prop_id_number(t, lx_sgf_node_prop(t, 0, 0)),
                         lx_sgf_prop_id_number(t, lx_sgf_node_prop(t, 0, 1)));
    assert_int_equal(lx_sgf_find_prop(t, 0, "SZ"), LX_SGF_NIL);
    assert_int_equal(lx_sgf_find_prop(t, 0, "FF"), LX_SGF_NIL);
    assert_raw(t, 1, "B", 0, "d4");
    assert_int_equal(lx_sgf_first_child(t, 1), LX_SGF_NIL);
    assert_int_equal(lx_sgf_reader_next(r, &t), 0);
    assert_int_equal(lx_sgf_reader_next(r, &t), 0);
    assert_ptr_equal(t, first);
    assert_int_equal(lx_diag_count(d), 0);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

/* ---- big inputs -------------------------------------------------------------------- */

static void test_deep_nesting(void **state)
{
    (void)state;
    const size_t depth = 1000000; /* cheap enough for every build */
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, depth * 7 + 64), 0);
    lx_buf_append_str(&b, "(;FF[4]GM[11]");
    for (size_t i = 0; i < depth; i++)
        lx_buf_append(&b, "(;B[a1]", 7);
    for (size_t i = 0; i <= depth; i++)
        lx_buf_append_char(&b, ')');
    lx_buf_append_str(&b, "(;FF[4])");

    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(b.data, b.len, 1, NULL, d);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_int_equal(lx_diag_count(d), 0);
    assert_int_equal(lx_sgf_node_count(t), depth + 1);
    /* walk down by first children, then back up by parents: both iterative */
    lx_sgf_node n = 0, last = 0;
    size_t down = 0;
    while ((n = lx_sgf_first_child(t, n)) != LX_SGF_NIL) {
        assert_int_equal(lx_sgf_next_sibling(t, n), LX_SGF_NIL);
        last = n;
        down++;
    }
    assert_int_equal(down, depth);
    size_t up = 0;
    for (n = last; lx_sgf_parent(t, n) != LX_SGF_NIL; n = lx_sgf_parent(t, n))
        up++;
    assert_int_equal(up, depth);
    assert_int_equal(n, 0);
    assert_raw(t, last, "B", 0, "a1");
    /* the tree after it is found: the reader came out of all the nesting */
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_int_equal(lx_sgf_node_count(t), 1);
    assert_int_equal(lx_sgf_reader_next(r, &t), 0);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    lx_buf_free(&b);
}

static void test_deep_nesting_unclosed(void **state)
{
    (void)state;
    const size_t depth = 1000000;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, depth * 2 + 16), 0);
    for (size_t i = 0; i < depth; i++)
        lx_buf_append(&b, "(;", 2);
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(b.data, b.len, 1, NULL, d);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_int_equal(lx_sgf_node_count(t), depth);
    assert_int_equal(lx_diag_count(d), 1);
    assert_string_equal(lx_diag_get(d, 0)->code, "UNCLOSED_TREE");
    assert_int_equal(lx_sgf_reader_next(r, &t), 0);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    lx_buf_free(&b);
}

static void test_wide_variations(void **state)
{
    (void)state;
    /* a million variations beside each other: siblings are linked at the end
     * of the list, never by walking it */
    const size_t width = 1000000;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, width * 8 + 16), 0);
    lx_buf_append_str(&b, "(;FF[4]");
    for (size_t i = 0; i < width; i++)
        lx_buf_append(&b, "(;B[a1])", 8);
    lx_buf_append_char(&b, ')');
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(b.data, b.len, 1, NULL, d);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_int_equal(lx_diag_count(d), 0);
    assert_int_equal(lx_sgf_node_count(t), width + 1);
    assert_int_equal(lx_sgf_child_count(t, 0), width);
    size_t k = 0;
    for (lx_sgf_node c = lx_sgf_first_child(t, 0); c != LX_SGF_NIL; c = lx_sgf_next_sibling(t, c)) {
        k++;
        if (c != k || lx_sgf_parent(t, c) != 0 || lx_sgf_first_child(t, c) != LX_SGF_NIL)
            fail_msg("variation %zu is node %u", k, (unsigned)c);
    }
    assert_int_equal(k, width);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    lx_buf_free(&b);
}

static void test_ten_million_nodes(void **state)
{
    (void)state;
    const size_t total = big_tests() ? 10000000 : 1000000;
    const size_t per_tree = 1000; /* nodes per game tree, the root included */
    static const char *moves[] = {";B[a1]", ";W[b2]", ";B[c3]", ";W[k11]"};
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, total * 7 + total / per_tree * 24 + 64), 0);
    size_t trees = 0;
    for (size_t made = 0; made < total; trees++) {
        lx_buf_append_str(&b, "(;FF[4]GM[11]SZ[11]");
        made++;
        for (size_t k = 1; k < per_tree && made < total; k++, made++)
            lx_buf_append_str(&b, moves[k & 3]);
        lx_buf_append_str(&b, ")\n");
    }
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(b.data, b.len, 1, NULL, d);
    assert_non_null(doc);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    size_t ntrees = 0, nodes = 0, props = 0;
    int rc;
    while ((rc = lx_sgf_reader_next(r, &t)) == 1) {
        ntrees++;
        size_t n = lx_sgf_node_count(t);
        nodes += n;
        for (size_t k = 0; k < n; k++)
            props += lx_sgf_prop_count(t, (lx_sgf_node)k);
        if (n > 1)
            assert_int_equal(lx_sgf_parent(t, (lx_sgf_node)(n - 1)), n - 2);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(ntrees, trees);
    assert_int_equal(nodes, total);
    assert_int_equal(props, total + 2 * trees); /* one per node, two more per root */
    assert_int_equal(lx_diag_count(d), 0);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    lx_buf_free(&b);
}

static void test_one_huge_value(void **state)
{
    (void)state;
    /* 50 MB in one value, with every other character a ']' escaped: no fixed buffer cuts it */
    const size_t pairs = big_tests() ? 25000000 : 2000000;
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_buf_reserve(&b, pairs * 2 + 64), 0);
    lx_buf_append_str(&b, "(;FF[4]C[");
    for (size_t i = 0; i < pairs; i++)
        lx_buf_append(&b, "\\]", 2);
    lx_buf_append_str(&b, "];B[aa])");
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(b.data, b.len, 1, NULL, d);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, d);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    assert_int_equal(lx_diag_count(d), 0);
    lx_sgf_value v = lx_sgf_get_value(t, lx_sgf_find_prop(t, 0, "C"), 0);
    assert_int_equal(v.len, pairs * 2);
    lx_buf dec = LX_BUF_INIT;
    assert_int_equal(lx_sgf_decode_text(v.raw, v.len, &dec), 0);
    assert_int_equal(dec.len, pairs);
    assert_int_equal(dec.data[pairs - 1], ']');
    assert_int_equal(lx_sgf_node_count(t), 2);
    lx_buf_free(&dec);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    lx_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_tree_no_diagnostics),
        cmocka_unit_test(test_collection_of_trees),
        cmocka_unit_test(test_variation_shape),
        cmocka_unit_test(test_multiple_values),
        cmocka_unit_test(test_compressed_point_list_kept_raw),
        cmocka_unit_test(test_escapes_kept_raw),
        cmocka_unit_test(test_whitespace_between_tokens),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_only_junk),
        cmocka_unit_test(test_empty_parens),
        cmocka_unit_test(test_junk_outside_tree),
        cmocka_unit_test(test_missing_open_paren),
        cmocka_unit_test(test_missing_semicolon),
        cmocka_unit_test(test_lowercase_ff3),
        cmocka_unit_test(test_lowercase_little_golem),
        cmocka_unit_test(test_lowercase_many_ids_once_each),
        cmocka_unit_test(test_prop_without_value),
        cmocka_unit_test(test_unescaped_bracket),
        cmocka_unit_test(test_illegal_character),
        cmocka_unit_test(test_value_without_property),
        cmocka_unit_test(test_empty_variation),
        cmocka_unit_test(test_node_after_variation),
        cmocka_unit_test(test_root_variation),
        cmocka_unit_test(test_unclosed_tree),
        cmocka_unit_test(test_unclosed_value),
        cmocka_unit_test(test_recovery_keeps_later_trees),
        cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_tree_prefilters),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_deep_nesting_unclosed),
        cmocka_unit_test(test_wide_variations),
        cmocka_unit_test(test_ten_million_nodes),
        cmocka_unit_test(test_one_huge_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

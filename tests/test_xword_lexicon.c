/* test_xword_lexicon.c - word graphs: building from word lists, the KWG
 * format (reading, writing, refusing malformed files), and which lexicon
 * judges a record. */
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#include "ludex/xword.h"

static lx_xw_data *data;
static const lx_xw_dist *en;

static int setup(void **state)
{
    (void)state;
    const char *env = getenv("LUDEX_XWORD_DATA");
    data = lx_xw_data_new(env && *env ? env : "data/xword");
    en = data ? lx_xw_data_dist(data, "english", NULL) : NULL;
    return en ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    lx_xw_data_free(data);
    return 0;
}

/* The tiles of an upper-case ASCII word in the English distribution. */
static size_t tiles_of(const char *w, uint8_t *t)
{
    size_t n = 0;
    for (; *w; w++)
        t[n++] = (uint8_t)(*w - 'A' + 1);
    return n;
}

static int has(const lx_xw_lexicon *lx, const char *w)
{
    uint8_t t[64];
    size_t n = tiles_of(w, t);
    return lx_xw_lexicon_has(lx, t, n);
}

static void test_build_and_look_up(void **state)
{
    (void)state;
    const char *list = "CATS\ncat\n\nBAT\nBATS\r\nCAT\nAT\nA\nZEBRA\nQU1CK\nBATSMAN\n  \n";
    size_t skipped = 0;
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("tiny", list, strlen(list), en, NULL, &skipped);
    assert_non_null(lx);
    assert_int_equal(skipped, 1); /* QU1CK */
    assert_int_equal(lx_xw_lexicon_words(lx), 8); /* CAT once, though listed twice (in two cases) */
    static const char *const in[] = {"CATS", "CAT", "BAT", "BATS", "AT", "A", "ZEBRA", "BATSMAN"};
    static const char *const out[] = {"CA", "C", "BA", "BATSM", "CATSS", "ZEBRAS", "B", "AA", "QUICK", "BATSMEN"};
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++)
        if (!has(lx, in[i]))
            fail_msg("%s is missing", in[i]);
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++)
        if (has(lx, out[i]))
            fail_msg("%s is there", out[i]);
    uint8_t t[8];
    size_t n = tiles_of("CAT", t);
    t[1] |= LX_XW_BLANK_BIT; /* a blank's letter counts as the letter */
    assert_true(lx_xw_lexicon_has(lx, t, n));
    assert_false(lx_xw_lexicon_has(lx, t, 0));
    lx_xw_lexicon_free(lx);
}

/* ---- an independent KWG decoder: the documented layout, nothing of ludex's ---- */

static uint32_t node_at(const uint8_t *b, size_t i)
{
    return (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
}

typedef struct strset {
    char **s;
    size_t n, cap;
} strset;

static void strset_add(strset *set, const char *s)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 64;
        set->s = realloc(set->s, set->cap * sizeof *set->s);
        assert_non_null(set->s);
    }
    set->s[set->n++] = strdup(s);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void strset_sort(strset *set)
{
    qsort(set->s, set->n, sizeof *set->s, cmp_str);
    size_t k = 0; /* distinct */
    for (size_t i = 0; i < set->n; i++) {
        if (k > 0 && strcmp(set->s[k - 1], set->s[i]) == 0)
            free(set->s[i]);
        else
            set->s[k++] = set->s[i];
    }
    set->n = k;
}

static void strset_free(strset *set)
{
    for (size_t i = 0; i < set->n; i++)
        free(set->s[i]);
    free(set->s);
}

/* Every accepted string from the run at `run` (bits: tile 24-31, accepts 23,
 * is_end 22, arc 0-21); tile 0 written '@', tile t as 'A' + t - 1.  Counts
 * the nodes visited in *visited (distinct, when not NULL). */
static void decode(const uint8_t *b, size_t nnodes, uint32_t run, strset *out, uint8_t *visited)
{
    uint32_t stack[64];
    char word[64];
    size_t depth = 0;
    if (run == 0)
        return;
    stack[0] = run;
    for (;;) {
        assert_true(stack[depth] < nnodes);
        uint32_t v = node_at(b, stack[depth]);
        if (visited)
            visited[stack[depth]] = 1;
        word[depth] = (v >> 24) ? (char)('A' + (v >> 24) - 1) : '@';
        word[depth + 1] = '\0';
        if (v & 0x800000u)
            strset_add(out, word);
        if (v & 0x3FFFFFu) {
            assert_true(depth + 2 < sizeof stack / sizeof stack[0]);
            stack[++depth] = v & 0x3FFFFFu;
            continue;
        }
        while (depth > 0 && (node_at(b, stack[depth]) & 0x400000u))
            depth--;
        if (node_at(b, stack[depth]) & 0x400000u)
            break;
        stack[depth]++;
    }
}

/* What the GADDAG half must hold for these words: rev(w), and rev(p) @ s for
 * every split w = p s with p and s not empty. */
static void gaddag_of(const char *const *words, size_t n, strset *out)
{
    char buf[64];
    for (size_t i = 0; i < n; i++) {
        size_t L = strlen(words[i]);
        for (size_t k = 1; k <= L; k++) {
            size_t j = 0;
            for (size_t m = k; m > 0; m--)
                buf[j++] = words[i][m - 1];
            if (k < L) {
                buf[j++] = '@';
                memcpy(buf + j, words[i] + k, L - k);
                j += L - k;
            }
            buf[j] = '\0';
            strset_add(out, buf);
        }
    }
    strset_sort(out);
}

static void assert_same_set(strset *a, strset *b)
{
    assert_int_equal(a->n, b->n);
    for (size_t i = 0; i < a->n; i++)
        assert_string_equal(a->s[i], b->s[i]);
}

/* A file ludex writes, decoded by the layout alone: node 0's run spells
 * exactly the words, node 1's (tile 0, is_end) exactly their GADDAG strings. */
static void check_layout(const char *const *words, size_t n)
{
    lx_buf list = LX_BUF_INIT, out = LX_BUF_INIT;
    for (size_t i = 0; i < n; i++)
        lx_buf_printf(&list, "%s\n", words[i]);
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("x", list.data, list.len, en, NULL, NULL);
    assert_non_null(lx);
    assert_true(lx_xw_lexicon_has_gaddag(lx));
    assert_int_equal(lx_xw_lexicon_write_kwg(lx, &out), 0);
    const uint8_t *b = (const uint8_t *)out.data;
    size_t nn = out.len / 4;
    assert_true(nn >= 2);
    uint32_t n0 = node_at(b, 0), n1 = node_at(b, 1);
    assert_int_equal(n0 >> 22, 1); /* tile 0, is_end, not accepting */
    assert_int_equal(n1 >> 22, 1);
    strset dawg = {0}, want = {0}, gaddag = {0}, gwant = {0};
    decode(b, nn, n0 & 0x3FFFFFu, &dawg, NULL);
    decode(b, nn, n1 & 0x3FFFFFu, &gaddag, NULL);
    strset_sort(&dawg);
    strset_sort(&gaddag);
    for (size_t i = 0; i < n; i++)
        strset_add(&want, words[i]);
    strset_sort(&want);
    assert_same_set(&dawg, &want);
    gaddag_of(words, n, &gwant);
    assert_same_set(&gaddag, &gwant);
    strset_free(&dawg);
    strset_free(&want);
    strset_free(&gaddag);
    strset_free(&gwant);
    lx_buf_free(&list);
    lx_buf_free(&out);
    lx_xw_lexicon_free(lx);
}

static void test_kwg_layout_both_halves(void **state)
{
    (void)state;
    static const char *const a[] = {"AA", "AAH", "AAHED", "AAL", "AALS", "AAS", "AB", "ABA", "ABAC", "ABS", "ABY",
                                    "CAB", "CAD", "CAT", "CATS", "ZAP", "ZAPS", "ZED", "ZOO", "CARE", "CAR", "CARED"};
    check_layout(a, sizeof a / sizeof a[0]);
    static const char *const b[] = {"QI"};
    check_layout(b, 1);
    static const char *const c[] = {"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ZYXWVUTSRQPONMLKJIHGFEDCBA", "AB", "BA"};
    check_layout(c, sizeof c / sizeof c[0]);
}

static void test_minimal_graph(void **state)
{
    (void)state;
    /* BAT BATS CAT CATS: the tails after B and C are one and the same */
    const char *list = "BAT\nBATS\nCAT\nCATS\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("x", list, strlen(list), en, NULL, NULL);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_xw_lexicon_write_kwg(lx, &out), 0);
    /* the DAWG half: the root's B and C, then A, T, S, one each */
    uint8_t *visited = calloc(out.len / 4, 1);
    strset words = {0};
    decode((const uint8_t *)out.data, out.len / 4, node_at((const uint8_t *)out.data, 0) & 0x3FFFFFu, &words, visited);
    size_t used = 0;
    for (size_t i = 0; i < out.len / 4; i++)
        used += visited[i];
    assert_int_equal(used, 5);
    assert_int_equal(words.n, 4);
    strset_free(&words);
    free(visited);
    lx_buf_free(&out);
    lx_xw_lexicon_free(lx);
}

static void test_kwg_round_trip(void **state)
{
    (void)state;
    const char *list = "AA\nAB\nABA\nABBA\nBA\nBAA\nBAAS\nBAS\nSABA\nZZZ\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("x", list, strlen(list), en, NULL, NULL);
    lx_buf a = LX_BUF_INIT, b = LX_BUF_INIT;
    assert_int_equal(lx_xw_lexicon_write_kwg(lx, &a), 0);
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_lexicon *back = lx_xw_lexicon_from_kwg("back", a.data, a.len, d);
    assert_non_null(back);
    assert_int_equal(lx_diag_count(d), 0);
    assert_int_equal(lx_xw_lexicon_words(back), 10);
    assert_true(has(back, "BAAS"));
    assert_true(has(back, "ZZZ"));
    assert_false(has(back, "ZZ"));
    assert_int_equal(lx_xw_lexicon_write_kwg(back, &b), 0);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    lx_buf_free(&a);
    lx_buf_free(&b);
    lx_xw_lexicon_free(lx);
    lx_xw_lexicon_free(back);
    lx_diag_list_free(d);
}

/* A KWG written by hand from the documented layout: little-endian nodes,
 * arc index in bits 0-21, is_end bit 22, accepts bit 23, tile in 24-31. */
static void put(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
}

#define NODE(tile, accepts, end, arc) (((uint32_t)(tile) << 24) | ((accepts) ? 0x800000u : 0) | ((end) ? 0x400000u : 0) | (arc))

/* Both halves laid out by hand as wolges builds them (words AB and B): the
 * GADDAG's separator after "A" points back into the DAWG's run after "A". */
static void test_kwg_wolges_gaddawg(void **state)
{
    (void)state;
    uint8_t b[9 * 4];
    put(b + 0, NODE(0, 0, 1, 2));  /* DAWG root */
    put(b + 4, NODE(0, 0, 1, 4));  /* GADDAG root */
    put(b + 8, NODE(1, 0, 0, 6));  /* DAWG: A -> 6 */
    put(b + 12, NODE(2, 1, 1, 0)); /* B */
    put(b + 16, NODE(1, 0, 0, 7)); /* GADDAG: A -> 7 */
    put(b + 20, NODE(2, 1, 1, 8)); /* B (the reversal of B), -> 8 */
    put(b + 24, NODE(2, 1, 1, 0)); /* DAWG: AB */
    put(b + 28, NODE(0, 0, 1, 6)); /* GADDAG: A@ -> the DAWG after A */
    put(b + 32, NODE(1, 1, 1, 0)); /* GADDAG: BA, the reversal of AB */
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("wolges", b, sizeof b, d);
    assert_non_null(lx);
    assert_int_equal(lx_diag_count(d), 0);
    assert_true(lx_xw_lexicon_has_gaddag(lx));
    assert_int_equal(lx_xw_lexicon_words(lx), 2);
    assert_true(has(lx, "AB"));
    assert_true(has(lx, "B"));
    assert_false(has(lx, "A"));
    lx_buf out = LX_BUF_INIT; /* kept as it was read */
    assert_int_equal(lx_xw_lexicon_write_kwg(lx, &out), 0);
    assert_int_equal(out.len, sizeof b);
    assert_memory_equal(out.data, b, sizeof b);
    lx_buf_free(&out);
    lx_xw_lexicon_free(lx);
    /* a DAWG-only file gets its GADDAG on reading */
    uint8_t c[4 * 4];
    put(c + 0, NODE(0, 0, 1, 1));
    put(c + 4, NODE(1, 0, 0, 3)); /* A -> 3 */
    put(c + 8, NODE(2, 1, 1, 0)); /* B */
    put(c + 12, NODE(2, 1, 1, 0)); /* AB */
    lx = lx_xw_lexicon_from_kwg("dawg", c, sizeof c, d);
    assert_non_null(lx);
    assert_true(lx_xw_lexicon_has_gaddag(lx));
    assert_true(has(lx, "AB"));
    assert_int_equal(lx_xw_lexicon_words(lx), 2);
    lx_xw_lexicon_free(lx);
    /* a GADDAG with a cycle is refused */
    put(b + 28, NODE(0, 0, 1, 4));
    assert_null(lx_xw_lexicon_from_kwg("loop", b, sizeof b, d));
    assert_int_equal(lx_diag_count(d), 1);
    lx_diag_list_free(d);
}

/* A file whose GADDAG does not hold exactly the DAWG's words is refused:
 * the generator walks one half, word checks read the other. */
static void test_kwg_halves_disagree(void **state)
{
    (void)state;
    uint8_t b[10 * 4]; /* words AB and B, as in test_kwg_wolges_gaddawg, and more in the GADDAG */
    put(b + 0, NODE(0, 0, 1, 2));  /* DAWG root */
    put(b + 4, NODE(0, 0, 1, 4));  /* GADDAG root */
    put(b + 8, NODE(1, 0, 0, 7));  /* DAWG: A -> 7 */
    put(b + 12, NODE(2, 1, 1, 0)); /* B */
    put(b + 16, NODE(1, 0, 0, 8)); /* GADDAG: A -> 8 */
    put(b + 20, NODE(2, 1, 0, 9)); /* B, -> 9 */
    put(b + 24, NODE(3, 1, 1, 0)); /* C: a string no word makes */
    put(b + 28, NODE(2, 1, 1, 0)); /* DAWG: AB */
    put(b + 32, NODE(0, 0, 1, 7)); /* GADDAG: A@ -> the DAWG after A */
    put(b + 36, NODE(1, 1, 1, 0)); /* GADDAG: BA */
    lx_diag_list *d = lx_diag_list_new();
    assert_null(lx_xw_lexicon_from_kwg("extra", b, sizeof b, d));
    put(b + 20, NODE(2, 1, 1, 9)); /* without C it reads */
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("fine", b, sizeof b, d);
    assert_non_null(lx);
    lx_xw_lexicon_free(lx);
    put(b + 36, NODE(3, 1, 1, 0)); /* BC instead of BA: the reversal of AB missing */
    assert_null(lx_xw_lexicon_from_kwg("missing", b, sizeof b, d));
    put(b + 36, NODE(1, 1, 1, 0));
    put(b + 16, NODE(1, 1, 0, 8)); /* A accepted in the GADDAG, not a word in the DAWG */
    assert_null(lx_xw_lexicon_from_kwg("accepts", b, sizeof b, d));
    put(b + 16, NODE(1, 0, 0, 8));
    put(b + 32, NODE(0, 0, 1, 3)); /* A@ -> the DAWG root's B: A@B reads as a word, AB is one, fine */
    lx = lx_xw_lexicon_from_kwg("same", b, sizeof b, d);
    assert_non_null(lx);
    lx_xw_lexicon_free(lx);
    put(b + 32, NODE(0, 1, 1, 7)); /* A@ accepted: a string that ends at the separator */
    assert_null(lx_xw_lexicon_from_kwg("separator", b, sizeof b, d));
    uint8_t c[5 * 4]; /* a DAWG-only file whose word A? holds tile 0, the GADDAG's separator */
    put(c + 0, NODE(0, 0, 1, 1));
    put(c + 4, NODE(1, 0, 0, 3));  /* A -> 3 */
    put(c + 8, NODE(2, 1, 1, 0));  /* B */
    put(c + 12, NODE(0, 1, 0, 0)); /* A and tile 0 */
    put(c + 16, NODE(3, 1, 1, 0)); /* AC */
    assert_null(lx_xw_lexicon_from_kwg("zero", c, sizeof c, d));
    put(c + 12, NODE(4, 1, 0, 0)); /* AD instead: it reads, its GADDAG built */
    lx = lx_xw_lexicon_from_kwg("dawg", c, sizeof c, d);
    assert_non_null(lx);
    assert_int_equal(lx_xw_lexicon_words(lx), 3);
    lx_xw_lexicon_free(lx);
    assert_int_equal(lx_diag_count(d), 5);
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        assert_string_equal(lx_diag_get(d, i)->code, "KWG_INVALID");
        assert_non_null(strstr(lx_diag_get(d, i)->message, "GADDAG"));
    }
    assert_non_null(strstr(lx_diag_get(d, 3)->message, "ending at the separator"));
    assert_non_null(strstr(lx_diag_get(d, 4)->message, "holds tile 0"));
    lx_diag_list_free(d);
}

static void test_kwg_by_hand(void **state)
{
    (void)state;
    /* words AB, AC, B: root run A, B at 1-2; A's children B, C at 3-4 */
    uint8_t b[5 * 4];
    put(b + 0, NODE(0, 0, 1, 1));
    put(b + 4, NODE(1, 0, 0, 3));  /* A -> 3 */
    put(b + 8, NODE(2, 1, 1, 0));  /* B, a word */
    put(b + 12, NODE(2, 1, 0, 0)); /* AB */
    put(b + 16, NODE(3, 1, 1, 0)); /* AC */
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("hand", b, sizeof b, d);
    assert_non_null(lx);
    assert_int_equal(lx_xw_lexicon_words(lx), 3);
    assert_true(has(lx, "AB"));
    assert_true(has(lx, "AC"));
    assert_true(has(lx, "B"));
    assert_false(has(lx, "A"));
    assert_false(has(lx, "BA"));
    assert_false(has(lx, "ABC"));
    lx_xw_lexicon_free(lx);
    /* malformed: odd size, an arc past the end, no end to the last run, a cycle */
    uint8_t bad[4 * 4];
    assert_null(lx_xw_lexicon_from_kwg("odd", b, 7, d));
    put(bad + 0, NODE(0, 0, 1, 9));
    assert_null(lx_xw_lexicon_from_kwg("far", bad, 4, d));
    put(bad + 0, NODE(0, 0, 1, 1));
    put(bad + 4, NODE(1, 1, 0, 0));
    assert_null(lx_xw_lexicon_from_kwg("open", bad, 8, d));
    put(bad + 4, NODE(1, 1, 1, 1)); /* A points at itself: AAAA... */
    assert_null(lx_xw_lexicon_from_kwg("cycle", bad, 8, d));
    put(bad + 4, NODE(99, 1, 1, 0));
    assert_null(lx_xw_lexicon_from_kwg("tile", bad, 8, d));
    assert_null(lx_xw_lexicon_from_kwg("empty", bad, 0, d));
    put(bad + 4, NODE(1, 1, 0, 0)); /* A, A: one tile twice among siblings */
    put(bad + 8, NODE(1, 1, 1, 0));
    assert_null(lx_xw_lexicon_from_kwg("twice", bad, 12, d));
    assert_int_equal(lx_diag_count(d), 7);
    for (size_t i = 0; i < lx_diag_count(d); i++)
        assert_string_equal(lx_diag_get(d, i)->code, "KWG_INVALID");
    lx_diag_list_free(d);
}

static void test_word_list_options(void **state)
{
    (void)state;
    const char *list = "cat\nCats\ncat's\nzoë\na\nabcdefghijklmnop\nox\nDog\n";
    lx_xw_wordlist_options opt = {2, 15, 1};
    size_t skipped;
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("w", list, strlen(list), en, &opt, &skipped);
    assert_int_equal(lx_xw_lexicon_words(lx), 2); /* cat, ox */
    assert_int_equal(skipped, 6);
    assert_true(has(lx, "CAT"));
    assert_true(has(lx, "OX"));
    assert_false(has(lx, "DOG"));
    lx_xw_lexicon_free(lx);
}

static void test_multi_codepoint_words(void **state)
{
    (void)state;
    const lx_xw_dist *es = lx_xw_data_dist(data, "spanish", NULL), *ca = lx_xw_data_dist(data, "catalan", NULL);
    const char *list = "[CH]AL\nCHAL\nÑU\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("es", list, strlen(list), es, NULL, NULL);
    int ch, c, h, a, l;
    lx_xw_dist_read_tile(es, "[CH]", 4, &ch);
    lx_xw_dist_read_tile(es, "C", 1, &c);
    lx_xw_dist_read_tile(es, "H", 1, &h);
    lx_xw_dist_read_tile(es, "A", 1, &a);
    lx_xw_dist_read_tile(es, "L", 1, &l);
    uint8_t one[] = {(uint8_t)ch, (uint8_t)a, (uint8_t)l}, two[] = {(uint8_t)c, (uint8_t)h, (uint8_t)a, (uint8_t)l};
    assert_true(lx_xw_lexicon_has(lx, one, 3));
    assert_true(lx_xw_lexicon_has(lx, two, 4)); /* CHAL without brackets is C, H, A, L */
    assert_int_equal(lx_xw_lexicon_words(lx), 3);
    lx_xw_lexicon_free(lx);
    const char *cat = "QUE\nL·LA\n";
    lx = lx_xw_lexicon_from_words("ca", cat, strlen(cat), ca, NULL, NULL);
    int qu, e;
    lx_xw_dist_read_tile(ca, "QU", 2, &qu);
    lx_xw_dist_read_tile(ca, "E", 1, &e);
    uint8_t que[] = {(uint8_t)qu, (uint8_t)e};
    assert_true(lx_xw_lexicon_has(lx, que, 2));
    assert_int_equal(lx_xw_lexicon_words(lx), 2);
    lx_xw_lexicon_free(lx);
}

static void test_judge(void **state)
{
    (void)state;
    int unavailable;
    const lx_xw_dist *fr = lx_xw_data_dist(data, "french", NULL);
    assert_null(lx_xw_data_judge(data, "NWL20", en, &unavailable));
    assert_true(unavailable); /* never a verdict from another list */
    assert_null(lx_xw_data_judge(data, "CSW21", en, &unavailable));
    assert_true(unavailable);
    assert_null(lx_xw_data_judge(data, NULL, fr, &unavailable));
    assert_false(unavailable);
    const char *list = "QI\nZA\n";
    lx_xw_lexicon *mine = lx_xw_lexicon_from_words("MYLEX", list, strlen(list), en, NULL, NULL);
    assert_int_equal(lx_xw_data_add_lexicon(data, mine), 0);
    assert_ptr_equal(lx_xw_data_judge(data, "mylex", en, &unavailable), mine);
    assert_false(unavailable);
    /* the default lexicon, when Debian's wamerican is installed */
    FILE *f = fopen(LX_XW_WAMERICAN_PATH, "r");
    if (!f) {
        printf("note: %s is missing; the default lexicon is not tested\n", LX_XW_WAMERICAN_PATH);
        return;
    }
    fclose(f);
    const lx_xw_lexicon *def = lx_xw_data_judge(data, NULL, en, &unavailable);
    assert_non_null(def);
    assert_string_equal(lx_xw_lexicon_name(def), "wamerican");
    assert_true(lx_xw_lexicon_words(def) > 50000);
    assert_true(has(def, "CAT"));
    assert_true(has(def, "ZEBRAS"));
    assert_false(has(def, "XQZ"));
    assert_false(has(def, "A"));                 /* one letter: left out */
    assert_false(has(def, "PARIS"));             /* a proper noun in the list, capitalised: left out */
    assert_false(has(def, "INCOMPREHENSIBLE"));  /* 16 letters: left out */
    assert_ptr_equal(lx_xw_data_judge(data, NULL, lx_xw_data_dist(data, "english_super", NULL), &unavailable) != NULL,
                     1);
}

static void write_file(const char *path, const void *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

/* A data directory of the user's: a KWG lexicon, a distribution and a board,
 * found by name (case-insensitively) through the path list. */
static void test_data_directory(void **state)
{
    (void)state;
    char dir[] = "/tmp/ludex-xword-test.XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    const char *subs[] = {"lexica", "distributions", "boards"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, subs[i]);
        assert_int_equal(mkdir(path, 0700), 0);
    }
    const char *list = "AB\nBA\nABBA\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("x", list, strlen(list), en, NULL, NULL);
    lx_buf kwg = LX_BUF_INIT;
    lx_xw_lexicon_write_kwg(lx, &kwg);
    snprintf(path, sizeof path, "%s/lexica/MyList.kwg", dir);
    write_file(path, kwg.data, kwg.len);
    snprintf(path, sizeof path, "%s/lexica/broken.kwg", dir);
    write_file(path, "abc", 3);
    snprintf(path, sizeof path, "%s/distributions/Two-Letters.txt", dir);
    write_file(path, "? 1 0 0\nA 5 1 1\nB 5 2 0\n", 24);
    snprintf(path, sizeof path, "%s/boards/Small.txt", dir);
    write_file(path, "=.=\n.*.\n=.=\n", 12);
    char paths[512];
    snprintf(paths, sizeof paths, "/nonexistent:%s", dir);
    lx_xw_data *mine = lx_xw_data_new(paths);
    lx_diag_list *d = lx_diag_list_new();
    const lx_xw_lexicon *found = lx_xw_data_lexicon(mine, "mylist", en, d);
    assert_non_null(found);
    assert_int_equal(lx_xw_lexicon_words(found), 3);
    assert_true(has(found, "ABBA"));
    assert_null(lx_xw_data_lexicon(mine, "broken", en, d));
    assert_non_null(find_diag(d, "KWG_INVALID"));
    assert_null(lx_xw_data_lexicon(mine, "../lexica/MyList", en, d));
    const lx_xw_dist *two = lx_xw_data_dist(mine, "two_letters", d);
    assert_non_null(two);
    assert_int_equal(lx_xw_dist_total(two), 11);
    const lx_xw_layout *small = lx_xw_data_layout(mine, "SMALL", d);
    assert_non_null(small);
    assert_int_equal(lx_xw_layout_rows(small), 3);
    /* a position on them, read through the same data */
    lx_xw_pos *p = lx_xw_pos_new();
    const char *cgp = "3/AB1/3 ?/ 0/0 0 bdn small; ld two-letters; lex MYLIST;";
    assert_int_equal(lx_xw_cgp_read(p, cgp, strlen(cgp), 0, mine, d), 0);
    assert_int_equal(lx_xw_pos_validate(p, d), 0);
    assert_int_equal(lx_xw_pos_check_words(p, found, d), 0);
    lx_xw_pos_free(p);
    lx_diag_list_free(d);
    lx_xw_data_free(mine);
    lx_buf_free(&kwg);
    lx_xw_lexicon_free(lx);
    const char *files[] = {"lexica/MyList.kwg", "lexica/broken.kwg", "distributions/Two-Letters.txt", "boards/Small.txt",
                           "lexica", "distributions", "boards", ""};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        (i >= 4 ? rmdir : unlink)(path);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_and_look_up), cmocka_unit_test(test_minimal_graph),
        cmocka_unit_test(test_kwg_round_trip),    cmocka_unit_test(test_kwg_layout_both_halves), cmocka_unit_test(test_kwg_wolges_gaddawg),    cmocka_unit_test(test_kwg_by_hand), cmocka_unit_test(test_kwg_halves_disagree),
        cmocka_unit_test(test_word_list_options), cmocka_unit_test(test_multi_codepoint_words),
        cmocka_unit_test(test_judge),             cmocka_unit_test(test_data_directory),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

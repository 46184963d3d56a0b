/* fuzz_gcg.c - libFuzzer harness for GCG records and KWG lexicon files.
 *
 * Input starting with "KWG\n" is the bytes of a KWG file: it is read (or
 * refused), every word of up to four letters is looked up, a lexicon that
 * reads is written back (the same bytes, or bytes that read back to
 * themselves), and every play is generated with it on a small position
 * (each accepted by lx_xw_move_check with the same score, the best play
 * the first of the sorted list, every word a play makes in the lexicon).
 * Input starting with "WORDS\n" is a word list: plays are generated with
 * its lexicon in the same way.  Input starting with "KLV\n" is a KLV leave
 * table: read (or refused) and looked up.  Any other input is a GCG
 * record: it is read, replayed with every check, turned into the position
 * after each of its first 16 events and its last (each written as CGP and
 * read back without a fatal problem), drawn, and written as canonical GCG.  Traps when:
 *   - the canonical GCG, read again with the same distribution, writes the
 *     same text (the writer is a fixed point);
 *   - a position after an event does not read back from its own CGP;
 *   - a KWG that reads does not write back to the bytes it came from.
 * Data comes from $LUDEX_XWORD_DATA, else data/xword. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/xword.h"

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            __builtin_trap();                                                                      \
    } while (0)

static lx_xw_data *data_dir(void)
{
    static lx_xw_data *data; /* the harness's, built once */
    if (!data) {
        const char *env = getenv(LX_XW_DATA_ENV);
        static const char five[] = "=.'.=\n.-.-.\n'.*.'\n.-.-.\n=.'.=\n"; /* a 5x5 board for generating on */
        data = lx_xw_data_new(env && *env ? env : "data/xword");
        lx_xw_layout *l = data ? lx_xw_layout_parse("Five", five, sizeof five - 1, NULL) : NULL;
        if (l && lx_xw_data_add_layout(data, l) != 0)
            lx_xw_layout_free(l);
    }
    return data;
}

/* Every play on a small position with lexicon lx: each legal, scored as
 * the scorer scores it; the best play the first of them all. */
static void fuzz_generate(const lx_xw_lexicon *lx, lx_xw_data *data)
{
    static const char cgp[] = "5/5/2A2/5/5 EA?/ 0/0 0 bdn Five;";
    lx_xw_pos *p = lx_xw_pos_new();
    lx_xw_gen *g = lx_xw_gen_new();
    if (lx_xw_cgp_read(p, cgp, sizeof cgp - 1, 0, data, NULL) == 0) {
        lx_xw_gen_options o = {lx, NULL, NULL, 0};
        const lx_xw_play *plays;
        long n = lx_xw_gen_all(g, p, &o, &plays, NULL);
        lx_xw_play best, top;
        int have = 0;
        for (long i = 0; i < n; i++) {
            lx_xw_move m;
            lx_xw_scored sc;
            lx_xw_play_move(p, &plays[i], &m);
            CHECK(lx_xw_move_check(p, &m, 0, &sc, NULL) == 0 && sc.score == plays[i].score);
            if (m.kind == LX_XW_PLACE) { /* every word it makes is in the lexicon */
                lx_xw_pos_place(p, &m);
                CHECK(lx_xw_pos_check_words(p, lx, NULL) == 0);
                lx_xw_pos_unplace(p, &m);
            }
            if (!have || lx_xw_play_cmp(&plays[i], &top) < 0)
                top = plays[i], have = 1;
        }
        for (int again = 0; again < 2; again++) { /* the second search with the lexicon has its word map */
            CHECK(lx_xw_gen_best(g, p, &o, &best, NULL) == 0);
            CHECK(!have || lx_xw_play_cmp(&best, &top) == 0);
        }
    }
    lx_xw_gen_free(g);
    lx_xw_pos_free(p);
}

/* A word list (English tiles): its lexicon, generated with. */
static void fuzz_words(const uint8_t *bytes, size_t size, lx_xw_data *data)
{
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    lx_xw_lexicon *lx = en ? lx_xw_lexicon_from_words("words", (const char *)bytes, size, en, NULL, NULL) : NULL;
    if (lx)
        fuzz_generate(lx, data);
    lx_xw_lexicon_free(lx);
}

static void fuzz_kwg(const uint8_t *bytes, size_t size, lx_xw_data *data)
{
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("fuzz", bytes, size, NULL);
    if (!lx)
        return;
    fuzz_generate(lx, data);
    uint8_t w[4];
    for (int a = 1; a <= 8; a++)
        for (int b = 0; b <= 8; b++)
            for (int c = 0; c <= 4; c++) {
                size_t n = 0;
                w[n++] = (uint8_t)a;
                if (b)
                    w[n++] = (uint8_t)b;
                if (b && c)
                    w[n++] = (uint8_t)c;
                lx_xw_lexicon_has(lx, w, n);
            }
    /* written back: the bytes read (a file with both halves), or a file
     * that reads back to itself (a DAWG-only file given its GADDAG) */
    lx_buf out = LX_BUF_INIT, again = LX_BUF_INIT;
    CHECK(lx_xw_lexicon_has_gaddag(lx));
    CHECK(lx_xw_lexicon_write_kwg(lx, &out) == 0);
    lx_xw_lexicon *back = lx_xw_lexicon_from_kwg("back", out.data, out.len, NULL);
    CHECK(back != NULL && lx_xw_lexicon_words(back) == lx_xw_lexicon_words(lx));
    CHECK(lx_xw_lexicon_write_kwg(back, &again) == 0);
    CHECK(again.len == out.len && memcmp(again.data, out.data, out.len) == 0);
    lx_xw_lexicon_free(back);
    lx_buf_free(&out);
    lx_buf_free(&again);
    lx_xw_lexicon_free(lx);
}

/* A KLV leave table: read, and every leave of up to three tiles looked up. */
static void fuzz_klv(const uint8_t *bytes, size_t size, lx_xw_data *data)
{
    lx_xw_leaves *lv = lx_xw_leaves_from_klv("fuzz", bytes, size, NULL);
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    if (!lv || !en) {
        lx_xw_leaves_free(lv);
        return;
    }
    uint8_t t[3];
    for (int a = 0; a <= 26; a++)
        for (int b = a; b <= 26; b++)
            for (int c = b; c <= 26; c += 5) {
                t[0] = (uint8_t)a, t[1] = (uint8_t)b, t[2] = (uint8_t)c;
                double v = lx_xw_leave_value(lv, en, t, 3) + lx_xw_leave_value(lv, en, t, 2);
                CHECK(v == v);
            }
    lx_xw_leaves_free(lv);
}

static void positions(const lx_xw_gcg *g, lx_xw_data *data)
{
    lx_xw_pos *p = lx_xw_pos_new(), *q = lx_xw_pos_new();
    lx_buf out = LX_BUF_INIT;
    size_t n = lx_xw_gcg_events(g);
    for (size_t i = 0; i <= n; i = i < 16 || i == n ? i + 1 : n) { /* each position replays from the start */
        if (lx_xw_gcg_position(g, i, p, NULL) != 0)
            break;
        lx_buf_clear(&out);
        CHECK(lx_xw_cgp_write(p, &out) == 0);
        lx_diag_list *d = lx_diag_list_new();
        CHECK(lx_xw_cgp_read(q, out.data, out.len, 0, data, d) == 0);
        lx_xw_pos_validate(q, d);
        lx_diag_list_free(d);
        if (i == lx_xw_gcg_events(g)) {
            CHECK(lx_xw_draw(p, LX_DRAW_ASCII, 0, NULL, &out) == 0);
            CHECK(lx_xw_draw(p, LX_DRAW_SVG, 0, NULL, &out) == 0);
        }
    }
    lx_buf_free(&out);
    lx_xw_pos_free(p);
    lx_xw_pos_free(q);
}

static void rewrite(const lx_xw_gcg *g, lx_xw_data *data)
{
    lx_buf a = LX_BUF_INIT, b = LX_BUF_INIT;
    CHECK(lx_xw_gcg_write(g, &a) == 0);
    lx_xw_gcg_options opt = {NULL, lx_xw_dist_name(lx_xw_gcg_dist(g)), lx_xw_layout_name(lx_xw_gcg_layout(g))};
    lx_xw_gcg *again = lx_xw_gcg_read(a.data ? a.data : "", a.len, data, &opt, NULL);
    CHECK(again != NULL);
    CHECK(lx_xw_gcg_write(again, &b) == 0);
    CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    lx_xw_gcg_free(again);
    lx_buf_free(&a);
    lx_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size)
{
    lx_xw_data *data = data_dir();
    if (size >= 4 && memcmp(bytes, "KWG\n", 4) == 0) {
        fuzz_kwg(bytes + 4, size - 4, data);
        return 0;
    }
    if (size >= 6 && memcmp(bytes, "WORDS\n", 6) == 0) {
        fuzz_words(bytes + 6, size - 6, data);
        return 0;
    }
    if (size >= 4 && memcmp(bytes, "KLV\n", 4) == 0) {
        fuzz_klv(bytes + 4, size - 4, data);
        return 0;
    }
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_gcg *g = lx_xw_gcg_read((const char *)bytes, size, data, NULL, d);
    if (g) {
        lx_xw_replay_summary s;
        CHECK(lx_xw_gcg_replay(g, NULL, d, &s) >= 0);
        CHECK(s.events <= lx_xw_gcg_events(g));
        positions(g, data);
        rewrite(g, data);
        lx_xw_gcg_free(g);
    }
    lx_diag_list_free(d);
    return 0;
}

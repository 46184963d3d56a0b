/* test_xword.c - crossword games: distributions, boards, CGP reading and
 * writing, position validation, play parsing and scoring.
 *
 * Data comes from data/xword (or $LUDEX_XWORD_DATA).  Scores of real plays
 * were worked out by hand from the board layout and letter values (the
 * working is in the comments) and agree with the corpus records they come
 * from (gcgio_testdata_doug_v_emely.gcg). */
#include "testutil.h"

#include "ludex/xword.h"

static lx_xw_data *data;

static int setup(void **state)
{
    (void)state;
    const char *env = getenv("LUDEX_XWORD_DATA");
    data = lx_xw_data_new(env && *env ? env : "data/xword");
    return data ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    lx_xw_data_free(data);
    return 0;
}

/* ---- helpers ------------------------------------------------------------------------------------------ */

typedef struct cgp {
    lx_xw_pos *p;
    lx_diag_list *d;
    int rc;
    size_t errors;
} cgp;

static cgp read_cgp(const char *text)
{
    cgp c = {lx_xw_pos_new(), lx_diag_list_new(), 0, 0};
    assert_non_null(c.p);
    c.rc = lx_xw_cgp_read(c.p, text, strlen(text), 0, data, c.d);
    if (c.rc == 0)
        c.errors = lx_xw_pos_validate(c.p, c.d);
    lx_diag_list_resolve(c.d, text, strlen(text));
    return c;
}

static void cgp_free(cgp *c)
{
    lx_xw_pos_free(c->p);
    lx_diag_list_free(c->d);
}

static const char *write_cgp(const lx_xw_pos *p, lx_buf *out)
{
    lx_buf_clear(out);
    assert_int_equal(lx_xw_cgp_write(p, out), 0);
    return out->data;
}

#define EMPTY15 "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"

/* Score `play` on `text`: the score, or -1 with the error code in code. */
static long score(const char *text, const char *play, char *code, lx_buf *words)
{
    cgp c = read_cgp(text);
    assert_int_equal(c.rc, 0);
    lx_xw_move m;
    lx_xw_scored s;
    lx_game_error err;
    lx_game_error_init(&err);
    long result = -1;
    code[0] = '\0';
    if (lx_xw_move_parse(lx_xw_pos_dist(c.p), lx_xw_pos_rows(c.p), lx_xw_pos_cols(c.p), play, strlen(play), &m, &err) ||
        lx_xw_move_check(c.p, &m, 0, &s, &err)) {
        snprintf(code, 64, "%s", err.code);
    } else {
        result = s.score + (s.bingo ? 100000 : 0);
        if (words) {
            lx_buf_clear(words);
            for (size_t i = 0; i < s.nwords; i++) {
                if (i)
                    lx_buf_append_char(words, ' ');
                lx_xw_word_text(c.p, &m, &s.words[i], words);
            }
        }
    }
    lx_game_error_free(&err);
    cgp_free(&c);
    return result;
}

static void expect_score(const char *text, const char *play, long want, const char *want_words)
{
    char code[64];
    lx_buf w = LX_BUF_INIT;
    long got = score(text, play, code, &w);
    if (got != want)
        fail_msg("%s: scored %ld (%s), want %ld", play, got, code, want);
    if (want_words)
        assert_string_equal(w.data ? w.data : "", want_words);
    lx_buf_free(&w);
}

static void expect_illegal(const char *text, const char *play, const char *want_code)
{
    char code[64];
    long got = score(text, play, code, NULL);
    if (got >= 0 || strcmp(code, want_code) != 0)
        fail_msg("%s: got %ld [%s], want %s", play, got, code, want_code);
}

/* ---- distributions ----------------------------------------------------------------------------------------- */

static void test_dist_builtin_totals(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int total, letters, blanks;
    } want[] = {{"english", 100, 26, 2}, {"english_super", 200, 26, 4}, {"french", 102, 26, 2},
                {"german", 102, 29, 2},  {"spanish", 100, 28, 2},        {"catalan", 100, 26, 2},
                {"polish", 100, 32, 2},  {"dutch", 102, 26, 2},          {"norwegian", 100, 32, 2},
                {"slovene", 100, 29, 2}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const lx_xw_dist *d = lx_xw_data_dist(data, want[i].name, NULL);
        if (!d)
            fail_msg("no distribution %s", want[i].name);
        assert_int_equal(lx_xw_dist_total(d), want[i].total);
        assert_int_equal(lx_xw_dist_letters(d), want[i].letters);
        assert_int_equal(lx_xw_dist_count(d, LX_XW_BLANK), want[i].blanks);
    }
    /* every name a record may use is a data file */
    for (const char *const *n = lx_xw_dist_known_names(); *n; n++)
        assert_non_null(lx_xw_data_dist(data, *n, NULL));
    /* names: case and '-' / '_' do not matter */
    assert_ptr_equal(lx_xw_data_dist(data, "English-Super", NULL), lx_xw_data_dist(data, "english_super", NULL));
    assert_null(lx_xw_data_dist(data, "klingon", NULL));
    assert_null(lx_xw_data_dist(data, "../boards/CrosswordGame", NULL));
}

static void test_dist_values(void **state)
{
    (void)state;
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    int t;
    assert_int_equal(lx_xw_dist_read_tile(en, "Q", 1, &t), 1);
    assert_int_equal(lx_xw_dist_value(en, t), 10);
    assert_int_equal(lx_xw_dist_count(en, t), 1);
    assert_string_equal(lx_xw_dist_label(en, t), "Q");
    assert_int_equal(lx_xw_dist_read_tile(en, "q", 1, &t), 1);
    assert_true(t & LX_XW_BLANK_BIT);
    assert_int_equal(lx_xw_dist_value(en, t), 0); /* a blank scores nothing */
    assert_string_equal(lx_xw_dist_label(en, t), "q");
    assert_int_equal(lx_xw_dist_read_tile(en, "E", 1, &t), 1);
    assert_true(lx_xw_dist_vowel(en, t));
    assert_int_equal(lx_xw_dist_count(en, t), 12);
    assert_int_equal(lx_xw_dist_read_tile(en, "?", 1, &t), 1);
    assert_int_equal(t, LX_XW_BLANK);
    assert_int_equal(lx_xw_dist_read_tile(en, "1", 1, &t), 0);
}

static void test_dist_multi_codepoint(void **state)
{
    (void)state;
    const lx_xw_dist *es = lx_xw_data_dist(data, "spanish", NULL), *ca = lx_xw_data_dist(data, "catalan", NULL);
    const lx_xw_dist *pl = lx_xw_data_dist(data, "polish", NULL);
    int t;
    /* Spanish CH: C and H are tiles too, so CH without brackets reads as C */
    assert_int_equal(lx_xw_dist_read_tile(es, "CH", 2, &t), 1);
    assert_string_equal(lx_xw_dist_label(es, t), "C");
    assert_int_equal(lx_xw_dist_read_tile(es, "[CH]", 4, &t), 4);
    assert_string_equal(lx_xw_dist_label(es, t), "CH");
    assert_int_equal(lx_xw_dist_value(es, t), 5);
    assert_int_equal(lx_xw_dist_read_tile(es, "[ch]", 4, &t), 4);
    assert_string_equal(lx_xw_dist_label(es, t), "ch");
    assert_int_equal(lx_xw_dist_value(es, t), 0);
    assert_int_equal(lx_xw_dist_read_tile(es, "[Ch]", 4, &t), 0);
    assert_int_equal(lx_xw_dist_read_tile(es, "Ñ", strlen("Ñ"), &t), strlen("Ñ"));
    assert_int_equal(lx_xw_dist_value(es, t), 8);
    assert_int_equal(lx_xw_dist_read_tile(es, "ñ", strlen("ñ"), &t), strlen("ñ"));
    assert_true(t & LX_XW_BLANK_BIT);
    /* Catalan: QU has no other reading (no Q tile), L·L neither; NY does (N, Y) */
    assert_int_equal(lx_xw_dist_read_tile(ca, "QU", 2, &t), 2);
    assert_string_equal(lx_xw_dist_label(ca, t), "QU");
    assert_int_equal(lx_xw_dist_read_tile(ca, "L·L", strlen("L·L"), &t), strlen("L·L"));
    assert_int_equal(lx_xw_dist_value(ca, t), 10);
    assert_int_equal(lx_xw_dist_read_tile(ca, "l·l", strlen("l·l"), &t), strlen("l·l"));
    assert_true(t & LX_XW_BLANK_BIT);
    assert_int_equal(lx_xw_dist_read_tile(ca, "NY", 2, &t), 2); /* Catalan has no Y tile */
    assert_string_equal(lx_xw_dist_label(ca, t), "NY");
    assert_int_equal(lx_xw_dist_read_tile(ca, "[NY]", 4, &t), 4);
    assert_int_equal(lx_xw_dist_read_tile(ca, "Ç", strlen("Ç"), &t), strlen("Ç"));
    assert_int_equal(lx_xw_dist_read_tile(ca, "ç", strlen("ç"), &t), strlen("ç"));
    /* Polish letters outside Latin-1, lower-cased by the case map */
    assert_int_equal(lx_xw_dist_read_tile(pl, "ż", strlen("ż"), &t), strlen("ż"));
    assert_string_equal(lx_xw_dist_label(pl, t & 0x7F), "Ż");
    assert_int_equal(lx_xw_dist_value(pl, t & 0x7F), 5);
    assert_int_equal(lx_xw_dist_read_tile(pl, "Ł", strlen("Ł"), &t), strlen("Ł"));
    assert_int_equal(lx_xw_dist_count(pl, t), 2);
}

static void test_dist_user_supplied(void **state)
{
    (void)state;
    lx_diag_list *d = lx_diag_list_new();
    const char *text = "# a tiny game\n? 1 0 0\nA 3 1 1\nB 2 3 0\nTH 1 4 0 th\nX, 1, 8, 0\n";
    lx_xw_dist *dist = lx_xw_dist_parse("tiny", text, strlen(text), d);
    assert_non_null(dist);
    assert_int_equal(lx_xw_dist_total(dist), 8);
    assert_int_equal(lx_xw_dist_letters(dist), 4);
    int t;
    assert_int_equal(lx_xw_dist_read_tile(dist, "TH", 2, &t), 2); /* T is no tile: TH reads without brackets */
    assert_int_equal(lx_xw_dist_value(dist, t), 4);
    assert_int_equal(lx_xw_data_add_dist(data, dist), 0);
    assert_ptr_equal(lx_xw_data_dist(data, "tiny", NULL), dist);
    /* what a distribution file must not be */
    static const char *const bad[] = {"A 1 1\n", "A x 1 0\n", "A 1 1 2\n", "A 1 1 0\nA 2 1 0\n", "1 1 1 0\n",
                                      "[A] 1 1 0\n", "", "# nothing\n", "? 2 0 0\n? 2 0 0\nA 1 1 0\n", "· 1 1 0\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lx_diag_list_clear(d);
        lx_xw_dist *x = lx_xw_dist_parse("bad", bad[i], strlen(bad[i]), d);
        if (x)
            fail_msg("distribution %zu was accepted", i);
        assert_true(lx_diag_count(d) > 0);
    }
    lx_diag_list_free(d);
}

/* ---- boards ------------------------------------------------------------------------------------------------- */

static void test_layouts(void **state)
{
    (void)state;
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    int r, c;
    assert_non_null(l);
    assert_int_equal(lx_xw_layout_rows(l), 15);
    assert_int_equal(lx_xw_layout_cols(l), 15);
    lx_xw_layout_start(l, &r, &c);
    assert_int_equal(r, 7);
    assert_int_equal(c, 7);
    assert_int_equal(lx_xw_layout_word_mult(l, 0, 0), 3);    /* A1 triple word */
    assert_int_equal(lx_xw_layout_word_mult(l, 7, 7), 2);    /* H8 the star */
    assert_int_equal(lx_xw_layout_letter_mult(l, 1, 5), 3);  /* F2 triple letter */
    assert_int_equal(lx_xw_layout_letter_mult(l, 0, 3), 2);  /* D1 double letter */
    assert_int_equal(lx_xw_layout_word_mult(l, 4, 4), 2);    /* E5 double word */
    int tw = 0, dw = 0, tl = 0, dl = 0;
    for (r = 0; r < 15; r++)
        for (c = 0; c < 15; c++) {
            tw += lx_xw_layout_word_mult(l, r, c) == 3;
            dw += lx_xw_layout_word_mult(l, r, c) == 2;
            tl += lx_xw_layout_letter_mult(l, r, c) == 3;
            dl += lx_xw_layout_letter_mult(l, r, c) == 2;
        }
    assert_int_equal(tw, 8);
    assert_int_equal(dw, 17); /* 16 and the star */
    assert_int_equal(tl, 12);
    assert_int_equal(dl, 24);
    const lx_xw_layout *s = lx_xw_data_layout(data, "SuperCrosswordGame", NULL);
    assert_non_null(s);
    assert_int_equal(lx_xw_layout_rows(s), 21);
    lx_xw_layout_start(s, &r, &c);
    assert_int_equal(r, 10);
    assert_int_equal(lx_xw_layout_word_mult(s, 0, 0), 4);   /* quadruple word corners */
    assert_int_equal(lx_xw_layout_letter_mult(s, 2, 5), 4); /* F3 quadruple letter */
    /* the middle 15x15 of the super board is the standard board */
    for (r = 0; r < 15; r++)
        for (c = 0; c < 15; c++) {
            assert_int_equal(lx_xw_layout_word_mult(s, r + 3, c + 3), lx_xw_layout_word_mult(l, r, c));
            assert_int_equal(lx_xw_layout_letter_mult(s, r + 3, c + 3), lx_xw_layout_letter_mult(l, r, c));
        }
}

static void test_layout_user_supplied(void **state)
{
    (void)state;
    lx_diag_list *d = lx_diag_list_new();
    const char *text = "# five by five\n=...=\n.'-'.\n..+..\n.'-'.\n=...=\n";
    lx_xw_layout *l = lx_xw_layout_parse("Tiny", text, strlen(text), d);
    assert_non_null(l);
    int r, c;
    lx_xw_layout_start(l, &r, &c);
    assert_int_equal(r, 2);
    assert_int_equal(lx_xw_layout_word_mult(l, 2, 2), 1); /* '+': a plain start square */
    static const char *const bad[] = {"...\n..\n", "..x\n", "*..\n..*\n...\n", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lx_xw_layout *x = lx_xw_layout_parse("bad", bad[i], strlen(bad[i]), d);
        if (x)
            fail_msg("layout %zu was accepted", i);
    }
    assert_non_null(find_diag(d, "LAYOUT_ROW_WIDTH"));
    assert_non_null(find_diag(d, "LAYOUT_SQUARE"));
    assert_non_null(find_diag(d, "LAYOUT_START"));
    assert_int_equal(lx_xw_data_add_layout(data, l), 0);
    cgp x = read_cgp("5/5/2AB1/5/5 / 0/0 0 bdn Tiny;");
    assert_int_equal(x.rc, 0);
    assert_int_equal(x.errors, 0);
    cgp_free(&x);
    lx_diag_list_free(d);
}

/* ---- reading CGP ----------------------------------------------------------------------------------------------- */

static void test_cgp_spec_examples(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    cgp c = read_cgp(EMPTY15 " AELNOQT/ 0/0 0 lex NWL18; lm -2;");
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count(c.d), 0);
    assert_int_equal(lx_xw_pos_players(c.p), 2);
    size_t n;
    lx_xw_pos_rack(c.p, 0, &n);
    assert_int_equal(n, 7);
    lx_xw_pos_rack(c.p, 1, &n);
    assert_int_equal(n, 0);
    const lx_xw_ops *o = lx_xw_pos_ops(c.p);
    assert_string_equal(o->lex, "NWL18");
    assert_true(o->has & LX_XW_OP_LM);
    assert_int_equal(o->lm.kind, LX_XW_EXCHANGE);
    assert_int_equal(o->lm.len, 2);
    assert_false(o->lm.tiles_known);
    assert_string_equal(write_cgp(c.p, &out), EMPTY15 " AELNOQT/ 0/0 0 lex NWL18; lm -2;");
    cgp_free(&c);
    const char *maven = "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
                        "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 "
                        "lex OSPD1;";
    c = read_cgp(maven);
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count_at_least(c.d, LX_ERROR), 0);
    assert_int_equal(lx_xw_pos_square(c.p, 5, 9), 3 | LX_XW_BLANK_BIT); /* J6: the blank c */
    assert_string_equal(write_cgp(c.p, &out), maven);
    cgp_free(&c);
    lx_buf_free(&out);
}

static void test_cgp_every_opcode(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    const char *text = EMPTY15 " ABC/DEF/GHI 10/-5/0 2 var classic; tmr 10000/-2500/300; to 60000; ti 3000; "
                                "mcnz 6; lm 8D WORD +5; lex CSW21; ld english; gid abc-123; etl 7; cr 5pt; "
                                "bdn CrosswordGame; bb 35; oru;";
    cgp c = read_cgp(text);
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count(c.d), 2);
    assert_non_null(find_diag(c.d, "LM_INCONSISTENT")); /* WORD is not on the empty board */
    assert_non_null(find_diag(c.d, "ORU_RACK_GIVEN"));  /* oru, but the other racks are given */
    const lx_xw_ops *o = lx_xw_pos_ops(c.p);
    assert_int_equal(lx_xw_pos_players(c.p), 3);
    assert_int_equal(lx_xw_pos_score(c.p, 1), -5);
    assert_int_equal(lx_xw_pos_zero_turns(c.p), 2);
    assert_int_equal(o->bb, 35);
    assert_int_equal(o->etl, 7);
    assert_int_equal(o->mcnz, 6);
    assert_int_equal(o->ti, 3000);
    assert_int_equal(o->to, 60000);
    assert_int_equal(o->ntmr, 3);
    assert_int_equal(o->tmr[1], -2500);
    assert_string_equal(o->cr, "5pt");
    assert_string_equal(o->gid, "abc-123");
    assert_string_equal(o->var, "classic");
    assert_true(o->has & LX_XW_OP_ORU);
    assert_int_equal(o->lm_bonus, 5);
    assert_int_equal(o->lm.row, 7);
    assert_int_equal(o->lm.col, 3);
    assert_false(o->lm.down);
    /* canonical: sorted racks, opcodes in alphabetical order, lm the newer way */
    assert_string_equal(write_cgp(c.p, &out),
                        EMPTY15 " ABC/DEF/GHI 10/-5/0 2 bb 35; bdn CrosswordGame; cr 5pt; etl 7; gid abc-123; "
                                "ld english; lex CSW21; lm 8D.WORD +5; mcnz 6; oru; ti 3000; tmr 10000/-2500/300; "
                                "to 60000; var classic;");
    cgp_free(&c);
    lx_buf_free(&out);
}

static void test_cgp_lm_forms(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    static const struct {
        const char *lm, *canonical;
        lx_xw_move_kind kind;
    } forms[] = {{"8H AB", "8H.AB", LX_XW_PLACE},       {"8H.AB", "8H.AB", LX_XW_PLACE},
                 {"H8 A.", "H8.A.", LX_XW_PLACE},       {"-", "-", LX_XW_PASS},
                 {"-ABC", "-ABC", LX_XW_EXCHANGE},      {"-3", "-3", LX_XW_EXCHANGE},
                 {"8H AB +0", "8H.AB +0", LX_XW_PLACE}, {"challenge 8J CD", "challenge 8J.CD", LX_XW_PLACE}};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "15/15/15/15/15/15/15/7AB6/7B7/15/15/15/15/15/15 / 0/0 0 lm %s;", forms[i].lm);
        cgp c = read_cgp(text);
        assert_int_equal(c.rc, 0);
        if (lx_diag_count(c.d) != 0)
            fail_msg("lm %s: %s", forms[i].lm, lx_diag_get(c.d, 0)->message);
        assert_int_equal(lx_xw_pos_ops(c.p)->lm.kind, forms[i].kind);
        char want[256];
        snprintf(want, sizeof want, "15/15/15/15/15/15/15/7AB6/7B7/15/15/15/15/15/15 / 0/0 0 lm %s;",
                 forms[i].canonical);
        assert_string_equal(write_cgp(c.p, &out), want);
        cgp_free(&c);
    }
    /* inconsistent with the board */
    static const char *const bad[] = {"8H AC", "8G AB", "8H ABC", "challenge 8H AB", "-12", "H8 A"};
    static const char *const codes[] = {"LM_INCONSISTENT", "LM_INCONSISTENT", "LM_INCONSISTENT",
                                        "LM_INCONSISTENT", "LM_INCONSISTENT", "LM_INCONSISTENT"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "15/15/15/15/15/15/15/7AB6/7B7/15/15/15/15/15/15 / 0/0 0 lm %s;", bad[i]);
        cgp c = read_cgp(text);
        if (!find_diag(c.d, codes[i]))
            fail_msg("lm %s: no %s", bad[i], codes[i]);
        cgp_free(&c);
    }
    cgp c = read_cgp(EMPTY15 " / 0/0 0 lm 8D WORD EXTRA MORE;");
    assert_non_null(find_diag(c.d, "OPCODE_OPERAND"));
    cgp_free(&c);
    c = read_cgp(EMPTY15 " / 0/0 0 lm 99Z WORD;");
    assert_non_null(find_diag(c.d, "LM_SYNTAX"));
    cgp_free(&c);
    lx_buf_free(&out);
}

static void test_cgp_operand_types(void **state)
{
    (void)state;
    static const struct {
        const char *ops, *code;
        int line_col;
    } cases[] = {
        {"bb 3r3;", "OPCODE_OPERAND", 0},   {"bb;", "OPCODE_OPERAND", 0},       {"bb 1 2;", "OPCODE_OPERAND", 0},
        {"etl x;", "OPCODE_OPERAND", 0},    {"mcnz 1.5;", "OPCODE_OPERAND", 0}, {"ti ten;", "OPCODE_OPERAND", 0},
        {"to +;", "OPCODE_OPERAND", 0},     {"tmr 1/x;", "OPCODE_OPERAND", 0},  {"tmr 1;", "OPCODE_OPERAND", 0},
        {"gid a b;", "OPCODE_OPERAND", 0},  {"lex;", "OPCODE_OPERAND", 0},      {"bdn;", "OPCODE_OPERAND", 0},
        {"cr quadruple;", "OPCODE_VALUE", 0}, {"oru maybe;", "OPCODE_OPERAND", 0}, {"bb 1; bb 2;", "OPCODE_REPEATED", 0},
        {"lm -; lm -;", "OPCODE_REPEATED", 0}, {"ld;", "OPCODE_OPERAND", 0},     {"var;", "OPCODE_OPERAND", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, EMPTY15 " / 0/0 0 %s", cases[i].ops);
        cgp c = read_cgp(text);
        if (!find_diag(c.d, cases[i].code))
            fail_msg("'%s': no %s", cases[i].ops, cases[i].code);
        assert_int_equal(find_diag(c.d, cases[i].code)->severity, LX_ERROR);
        cgp_free(&c);
    }
    /* an unknown opcode is kept, with a warning, and written back */
    lx_buf out = LX_BUF_INIT;
    cgp c = read_cgp(EMPTY15 " / 0/0 0 zz  1   two; bb 20; aa;");
    assert_diag(c.d, "OPCODE_UNKNOWN", LX_WARNING, 1, 54);
    assert_int_equal(lx_xw_pos_ops(c.p)->nunknown, 2);
    assert_string_equal(lx_xw_pos_ops(c.p)->unknown[0].operands, "1 two");
    assert_string_equal(write_cgp(c.p, &out), EMPTY15 " / 0/0 0 aa; bb 20; zz 1 two;");
    cgp_free(&c);
    /* a missing last semicolon is repaired with a warning */
    c = read_cgp(EMPTY15 " / 0/0 0 lex NWL20");
    assert_int_equal(lx_diag_count_at_least(c.d, LX_ERROR), 0);
    assert_non_null(find_diag(c.d, "MISSING_SEMICOLON"));
    assert_string_equal(lx_xw_pos_ops(c.p)->lex, "NWL20");
    cgp_free(&c);
    lx_buf_free(&out);
}

static void test_cgp_fields(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    /* white space: runs of blanks and tabs between fields, a line break at the end */
    cgp c = read_cgp(EMPTY15 "  \tAB/CD\t 1/2   0  lex X;\r\n");
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count(c.d), 0);
    assert_string_equal(write_cgp(c.p, &out), EMPTY15 " AB/CD 1/2 0 lex X;");
    cgp_free(&c);
    /* any number of players; racks and scores must agree */
    c = read_cgp(EMPTY15 " A/B/C/D 1/2/3/4 0");
    assert_int_equal(lx_xw_pos_players(c.p), 4);
    assert_int_equal(lx_xw_pos_score(c.p, 3), 4);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A 7 0");
    assert_int_equal(lx_xw_pos_players(c.p), 1);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A/B 1/2/3 0");
    assert_diag(c.d, "PLAYER_COUNT", LX_ERROR, 1, 50);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A/B 1/x 0");
    assert_non_null(find_diag(c.d, "SCORE_INVALID"));
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A/B 1/2 -1");
    assert_non_null(find_diag(c.d, "ZERO_TURNS_INVALID"));
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A/B 1/2");
    assert_int_equal(c.rc, 1);
    assert_diag(c.d, "CGP_FIELDS", LX_FATAL, 1, 53);
    cgp_free(&c);
    c = read_cgp("");
    assert_int_equal(c.rc, 1);
    cgp_free(&c);
    /* racks: tiles of the distribution, ? for a blank, no designated blanks */
    c = read_cgp(EMPTY15 " Ab/1 0/0 0");
    assert_diag(c.d, "RACK_TILE", LX_ERROR, 1, 47);
    assert_non_null(strstr(find_diag(c.d, "RACK_TILE")->message, "designated blank"));
    cgp_free(&c);
    lx_buf_free(&out);
}

static void test_cgp_board_syntax(void **state)
{
    (void)state;
    cgp c = read_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "BOARD_ROWS", LX_ERROR, 1, 1);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/14/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "BOARD_ROW_WIDTH", LX_ERROR, 1, 22);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7ABC7/15/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(find_diag(c.d, "BOARD_ROW_WIDTH"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7A?6/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "BOARD_TILE", LX_ERROR, 1, 24);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7A%6/15/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(find_diag(c.d, "BOARD_TILE"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/0AB13/15/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(find_diag(c.d, "BOARD_SYNTAX"));
    cgp_free(&c);
    /* a run with a leading zero is read as its number, with one warning per record */
    c = read_cgp("15/15/15/15/15/15/15/07AB06/15/15/15/15/015/15/15 / 0/0 0");
    assert_int_equal(c.rc, 0);
    assert_int_equal(c.errors, 0);
    assert_int_equal(lx_diag_count(c.d), 1);
    assert_diag(c.d, "BOARD_LEADING_ZERO", LX_WARNING, 1, 22);
    assert_string_equal(lx_diag_get(c.d, 0)->message,
                        "row 8: the run '07' has a leading zero; read as 7 empty squares (CGP writes 7)");
    lx_buf z = LX_BUF_INIT;
    assert_string_equal(write_cgp(c.p, &z), "15/15/15/15/15/15/15/7AB6/15/15/15/15/15/15/15 / 0/0 0");
    lx_buf_free(&z);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7A01A5/15/15/15/15/15/15/15 / 0/0 0");
    assert_string_equal(find_diag(c.d, "BOARD_LEADING_ZERO")->message,
                        "row 8: the run '01' has a leading zero; read as 1 empty square (CGP writes 1)");
    cgp_free(&c);
    /* a 21-row board without bdn: the message says how to name it */
    lx_buf b = LX_BUF_INIT;
    for (int i = 0; i < 21; i++)
        lx_buf_append_str(&b, i ? "/21" : "21");
    lx_buf_append_str(&b, " / 0/0 0");
    c = read_cgp(b.data);
    assert_non_null(strstr(find_diag(c.d, "BOARD_ROWS")->message, "bdn SuperCrosswordGame"));
    cgp_free(&c);
    lx_buf_append_str(&b, " bdn SuperCrosswordGame;");
    c = read_cgp(b.data);
    assert_int_equal(lx_diag_count(c.d), 0);
    assert_string_equal(lx_xw_dist_name(lx_xw_pos_dist(c.p)), "english_super");
    cgp_free(&c);
    lx_buf_free(&b);
    c = read_cgp(EMPTY15 " / 0/0 0 bdn NoSuchBoard;");
    assert_int_equal(c.rc, 1);
    assert_diag(c.d, "UNKNOWN_BOARD", LX_FATAL, 1, 54);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " / 0/0 0 ld klingon;");
    assert_int_equal(c.rc, 1);
    assert_non_null(find_diag(c.d, "UNKNOWN_DISTRIBUTION"));
    cgp_free(&c);
}

static void test_cgp_multi_codepoint(void **state)
{
    (void)state;
    lx_buf out = LX_BUF_INIT;
    /* Spanish: brackets, lower case for blanks, written back bracketed */
    cgp c = read_cgp("15/15/15/15/15/15/15/6[CH]E[ll]O5/15/15/15/15/15/15/15 AÑ?/[RR] 10/20 3 ld spanish;");
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count(c.d), 0);
    assert_string_equal(write_cgp(c.p, &out),
                        "15/15/15/15/15/15/15/6[CH]E[ll]O5/15/15/15/15/15/15/15 AÑ?/[RR] 10/20 3 ld spanish;");
    cgp_free(&c);
    /* Catalan: QU and L·L without brackets are read (nothing else fits) with a warning */
    c = read_cgp("15/15/15/15/15/15/15/6QUE7/15/15/15/15/15/15/15 L·LNY/ 0/0 0 ld catalan;");
    assert_int_equal(c.rc, 0);
    assert_int_equal(lx_diag_count_at_least(c.d, LX_ERROR), 0);
    assert_diag(c.d, "UNBRACKETED_TILE", LX_WARNING, 1, 23);
    assert_string_equal(write_cgp(c.p, &out),
                        "15/15/15/15/15/15/15/6[QU]E7/15/15/15/15/15/15/15 [L·L][NY]/ 0/0 0 ld catalan;");
    cgp_free(&c);
    /* Spanish CH without brackets is C and H: the row is one square too long */
    c = read_cgp("15/15/15/15/15/15/15/6CHE7/15/15/15/15/15/15/15 / 0/0 0 ld spanish;");
    assert_non_null(strstr(find_diag(c.d, "BOARD_ROW_WIDTH")->message, "[CH]"));
    cgp_free(&c);
    /* Polish and Norwegian letters */
    c = read_cgp("15/15/15/15/15/15/15/6ŻĄĆ6/15/15/15/15/15/15/15 ŹŃ?/ 0/0 0 ld polish;");
    assert_int_equal(lx_diag_count(c.d), 0);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/6ÆØå6/15/15/15/15/15/15/15 Å/ 0/0 0 ld norwegian;");
    assert_int_equal(lx_diag_count(c.d), 0);
    cgp_free(&c);
    lx_buf_free(&out);
}

/* ---- validation --------------------------------------------------------------------------------------------------- */

static void test_validate_tile_counts(void **state)
{
    (void)state;
    cgp c = read_cgp("15/15/15/15/15/15/15/7EE6/15/15/15/15/15/15/15 EEEEEEE/EEE 0/0 0");
    assert_int_equal(c.errors, 0); /* exactly 12 E */
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7EE6/15/15/15/15/15/15/15 EEEEEEE/EEEE 0/0 0");
    assert_int_equal(c.errors, 1);
    assert_non_null(strstr(find_diag(c.d, "TOO_MANY_TILES")->message, "13 E tiles"));
    cgp_free(&c);
    /* blanks: designated blanks on the board and ? in racks are both blanks */
    c = read_cgp("15/15/15/15/15/15/15/7ab6/15/15/15/15/15/15/15 ?/ 0/0 0");
    assert_non_null(strstr(find_diag(c.d, "TOO_MANY_TILES")->message, "3 blanks"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7aZ6/15/15/15/15/15/15/15 ?/ 0/0 0");
    assert_int_equal(c.errors, 0);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7ZZ6/15/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(strstr(find_diag(c.d, "TOO_MANY_TILES")->message, "2 Z tiles"));
    cgp_free(&c);
}

static void test_validate_connectivity(void **state)
{
    (void)state;
    cgp c = read_cgp("15/15/15/15/15/15/6A8/6BCD6/8E6/15/15/15/15/15/15 / 0/0 0");
    assert_int_equal(c.errors, 0);
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/AB13/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "START_SQUARE_EMPTY", LX_ERROR, 1, 1);
    assert_non_null(strstr(find_diag(c.d, "START_SQUARE_EMPTY")->message, "H8"));
    cgp_free(&c);
    c = read_cgp("AB13/15/15/15/15/15/15/7CD6/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "TILES_NOT_CONNECTED", LX_ERROR, 1, 1);
    assert_non_null(strstr(find_diag(c.d, "TILES_NOT_CONNECTED")->message, "A1"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7CD4X1/15/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(strstr(find_diag(c.d, "TILES_NOT_CONNECTED")->message, "the tile on N8"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 / 0/0 0");
    assert_diag(c.d, "LONE_TILE", LX_ERROR, 1, 23);
    cgp_free(&c);
    /* diagonal is not connected; a long snake is */
    c = read_cgp("15/15/15/15/15/15/15/7AB6/9C5/15/15/15/15/15/15 / 0/0 0");
    assert_non_null(find_diag(c.d, "TILES_NOT_CONNECTED"));
    cgp_free(&c);
    c = read_cgp("15/15/15/15/1ABCDEF8/1G13/1H13/1IJKLMNOP5/8Q6/15/15/15/15/15/15 / 0/0 0");
    assert_int_equal(c.errors, 0);
    cgp_free(&c);
    /* a 21x21 board, and a board wider than 64 columns (the other method) */
    lx_buf b = LX_BUF_INIT;
    for (int i = 0; i < 21; i++)
        lx_buf_append_str(&b, i == 0 ? "21" : i == 10 ? "/10AB9" : i == 20 ? "/A20" : "/21");
    lx_buf_append_str(&b, " / 0/0 0 bdn SuperCrosswordGame;");
    c = read_cgp(b.data);
    assert_non_null(strstr(find_diag(c.d, "TILES_NOT_CONNECTED")->message, "A21"));
    cgp_free(&c);
    lx_buf_free(&b);
    lx_buf layout = LX_BUF_INIT;
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < 70; k++)
            lx_buf_append_char(&layout, r == 1 && k == 35 ? '*' : '.');
        lx_buf_append_char(&layout, '\n');
    }
    lx_xw_layout *wide = lx_xw_layout_parse("Wide", layout.data, layout.len, NULL);
    assert_non_null(wide);
    lx_xw_data_add_layout(data, wide);
    c = read_cgp("70/35AB33/70 / 0/0 0 bdn Wide;");
    assert_int_equal(c.errors, 0);
    cgp_free(&c);
    c = read_cgp("A69/35AB33/70 / 0/0 0 bdn Wide;");
    assert_non_null(find_diag(c.d, "TILES_NOT_CONNECTED"));
    cgp_free(&c);
    lx_buf_free(&layout);
}

static void test_validate_racks_and_values(void **state)
{
    (void)state;
    cgp c = read_cgp(EMPTY15 " ABCDEFGH/ 0/0 0");
    assert_diag(c.d, "RACK_TOO_LARGE", LX_ERROR, 1, 46);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " ABCDEFG/ABCDEFG 0/0 0");
    assert_int_equal(c.errors, 0);
    cgp_free(&c);
    static const struct {
        const char *ops, *code;
        lx_severity sev;
    } cases[] = {{"bb -1;", "OPCODE_VALUE", LX_ERROR},     {"bb 5000;", "OPCODE_VALUE", LX_WARNING},
                 {"etl -1;", "OPCODE_VALUE", LX_ERROR},    {"etl 500;", "OPCODE_VALUE", LX_WARNING},
                 {"mcnz 0;", "OPCODE_VALUE", LX_ERROR},    {"ti -3;", "OPCODE_VALUE", LX_ERROR},
                 {"to -1;", "OPCODE_VALUE", LX_ERROR},     {"ti 99999999;", "OPCODE_VALUE", LX_WARNING},
                 {"to 1000; tmr -5000/0;", "OPCODE_VALUE", LX_WARNING}, {"oru;", "ORU_RACK_GIVEN", LX_WARNING}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, EMPTY15 " A/B 0/0 0 %s", cases[i].ops);
        c = read_cgp(text);
        const lx_diag *d = find_diag(c.d, cases[i].code);
        if (!d || d->severity != cases[i].sev)
            fail_msg("'%s': no %s of that severity", cases[i].ops, cases[i].code);
        cgp_free(&c);
    }
    c = read_cgp(EMPTY15 " A/B 0/0 6");
    assert_diag(c.d, "GAME_OVER_ZEROS", LX_WARNING, 1, 54);
    cgp_free(&c);
    c = read_cgp(EMPTY15 " A/B 0/0 5 bb 0; etl 0; mcnz 10; ti 0; to 0; tmr 0/1;");
    assert_int_equal(lx_diag_count(c.d), 0);
    cgp_free(&c);
}

/* ---- plays ------------------------------------------------------------------------------------------------------ */

static void test_move_parse(void **state)
{
    (void)state;
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    lx_xw_move m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "8D WORD", 7, &m, &e), 0);
    assert_int_equal(m.kind, LX_XW_PLACE);
    assert_int_equal(m.row, 7);
    assert_int_equal(m.col, 3);
    assert_false(m.down);
    assert_int_equal(m.len, 4);
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "D8.W.rD", 7, &m, &e), 0);
    assert_true(m.down);
    assert_int_equal(m.tiles[1], 0);
    assert_true(m.tiles[2] & LX_XW_BLANK_BIT);
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "8D MID(LI)ST", 12, &m, &e), 0);
    assert_int_equal(m.len, 7);
    assert_int_equal(m.tiles[3], 0);
    assert_int_equal(m.through[3], 12); /* L */
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "-", 1, &m, &e), 0);
    assert_int_equal(m.kind, LX_XW_PASS);
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "-AB?", 4, &m, &e), 0);
    assert_int_equal(m.kind, LX_XW_EXCHANGE);
    assert_int_equal(m.len, 3);
    assert_int_equal(m.tiles[2], LX_XW_BLANK);
    assert_int_equal(lx_xw_move_parse(en, 15, 15, "-4", 2, &m, &e), 0);
    assert_false(m.tiles_known);
    static const struct {
        const char *s, *code;
    } bad[] = {{"8DWORD", "PLAY_SYNTAX"}, {"16A AB", "OFF_BOARD"},   {"P1 AB", "OFF_BOARD"},  {"8L WORDS", "OFF_BOARD"},
               {"8D WO?D", "PLAY_SYNTAX"}, {"8D WO1D", "UNKNOWN_TILE"}, {"WORD", "PLAY_SYNTAX"}, {"8D ", "PLAY_SYNTAX"},
               {"0A AB", "PLAY_SYNTAX"},  {"8D (AB", "PLAY_SYNTAX"}, {"-A1", "UNKNOWN_TILE"}, {"-0", "PLAY_SYNTAX"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (lx_xw_move_parse(en, 15, 15, bad[i].s, strlen(bad[i].s), &m, &e) == 0)
            fail_msg("'%s' was read", bad[i].s);
        if (strcmp(e.code, bad[i].code) != 0)
            fail_msg("'%s': %s, want %s", bad[i].s, e.code, bad[i].code);
    }
    lx_buf out = LX_BUF_INIT;
    lx_xw_move_parse(en, 15, 15, "D8 .w.RD", 8, &m, &e);
    lx_xw_move_write(en, &m, 0, &out);
    assert_string_equal(out.data, "D8 .w.RD");
    lx_buf_clear(&out);
    lx_xw_move_write(en, &m, 1, &out);
    assert_string_equal(out.data, "D8..w.RD");
    lx_buf_free(&out);
    lx_game_error_free(&e);
}

/* Real plays from gcgio_testdata_doug_v_emely.gcg, scored by hand. */
static void test_score_real_plays(void **state)
{
    (void)state;
    /* 8D WINDY: W on D8 (double letter) 8, I 1 N 1 D 2 Y 4 = 16, doubled by the star H8: 32 */
    expect_score(EMPTY15 " DINNVWY/ 0/0 0", "8D WINDY", 32, "WINDY");
    /* 7C GALE: G on C7 (double letter) 4 + A 1 + L 1 + E 1 = 7; cross-words AW 1+4 = 5, LI 2, EN 2: 16 */
    expect_score("15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0", "7C GALE", 16,
                 "GALE AW LI EN");
    /* E3 JAVE..N: J 8 A 1 V 4 (on E5, a double word) E 1 L 1 I 1 N 1 = 17, doubled: 34 */
    expect_score("15/15/15/15/15/15/2GALE9/3WINDY7/15/15/15/15/15/15/15 AEJNOSV/ 16/32 0", "E3 JAVE..N", 34,
                 "JAVELIN");
    /* the same, with the through tiles spelled "(LI)" */
    expect_score("15/15/15/15/15/15/2GALE9/3WINDY7/15/15/15/15/15/15/15 AEJNOSV/ 16/32 0", "E3 JAVE(LI)N", 34,
                 "JAVELIN");
    /* F2 VOX: V on F2 (triple letter) 12 + O 1 + X 8 = 21; cross-words VOX/JAVE: OJ? no - O on F3 beside J on
     * E3: JO = 8+1 = 9; X on F4 beside A on E4: AX = 1+8 = 9; 21 + 9 + 9 = 39 */
    expect_score("15/15/4J10/4A10/4V10/4E10/2GALE9/3WINDY7/4N10/15/15/15/15/15/15 DEILOVX/ADENOST 16/66 0",
                 "F2 VOX", 39, "VOX JO AX");
    /* 10B DONATES, a bingo: D 2 O 1 N 1 (E10 plain) A 1 (the N on E9 above: NA) ... worked in the record: 82 */
    /* 10B DONATES, a bingo: D on B10 (triple letter) 6, O 1, N 1, A 1, T on F10 (triple letter) 3, E 1, S 1
     * = 14; the A on E10 hangs under JAVELIN: JAVELINA 8+1+4+1+1+1+1+1 = 18; 14 + 18 + 50 = 82 */
    expect_score("15/5V9/4JO9/4AX9/4V10/4E10/2GALE9/3WINDY7/4N10/15/15/15/15/15/15 ADENOST/DEIILTZ 66/55 0",
                 "10B DONATES", 100082, "DONATES JAVELINA");
}

static void test_score_premiums_and_blanks(void **state)
{
    (void)state;
    /* premiums under tiles already on the board do not count again: .aFS through a on L14 */
    /* a blank scores 0 even on a premium: 8H qI: q on H8 (star) 0, I 1 = 1, doubled 2 */
    expect_score(EMPTY15 " ?I/ 0/0 0", "8H qI", 2, "QI");
    /* a play of seven tiles earns the bingo bonus (bb, default 50) */
    /* R on H8 (the star), I on L8 (double letter): (7 + 1) * 2 = 16, + 50 */
    expect_score(EMPTY15 " AEINRST/ 0/0 0", "8H RETAINS", 100000 + 16 + 50, "RETAINS");
    expect_score(EMPTY15 " AEINRST/ 0/0 0 bb 35;", "8H RETAINS", 100000 + 16 + 35, NULL);
    /* H8 down from the star: R on H8 doubled, E H9, T H10, ... L on H12 is a double letter */
    expect_score(EMPTY15 " AEILRST/ 0/0 0", "H8 RETAILS", 100000 + (1 + 1 + 1 + 1 + 1 + 2 + 1) * 2 + 50, NULL);
    /* a premium under the new tile counts: Z on G7, a double letter, above B: ZB 20 + 3 */
    expect_score("15/15/15/15/15/15/15/5ABC7/15/15/15/15/15/15/15 Z/ 0/0 0", "G7 Z.", 23, "ZB");
    /* and in the cross-word too: Z on G7 across, "ZO" hanging over B? no - D7 Z across touching nothing
     * below but B: 7F .Z? - a one-tile play across whose cross-word is down: 7G Z makes ZB down */
    expect_score("15/15/15/15/15/15/15/5ABC7/15/15/15/15/15/15/15 Z/ 0/0 0", "7G Z", 23, "ZB");
    /* a word multiplier under a tile already there is spent: extend ABC on H8 (the star) */
    expect_score("15/15/15/15/15/15/15/7ABC5/15/15/15/15/15/15/15 D/ 0/0 0", "8H ...D", 9, "ABCD");
    /* multi-codepoint tiles: [CH] on the star 5, A 1, then L 1: 7 doubled */
    expect_score(EMPTY15 " [CH]AL/ 0/0 0 ld spanish;", "8H [CH]AL", 14, "CHAL");
    expect_score(EMPTY15 " ?AL/ 0/0 0 ld spanish;", "8H [ch]AL", 4, "CHAL");
    expect_score(EMPTY15 " QUE/ 0/0 0 ld catalan;", "8H QUE", 2 * (8 + 1), "QUE");
    /* the super board: quadruple word in the corner */
    lx_buf b = LX_BUF_INIT;
    for (int i = 0; i < 21; i++)
        lx_buf_append_str(&b, i == 0 ? "21" : i == 10 ? "/10AB9" : "/21");
    lx_buf_append_str(&b, " / 0/0 0 bdn SuperCrosswordGame;");
    /* L11 down: B already there 3, A on L12 (a double letter) 2, T on L13 1 */
    expect_score(b.data, "L11 .AT", 6, "BAT");
    lx_buf_free(&b);
}

static void test_score_exchange_and_pass(void **state)
{
    (void)state;
    expect_score(EMPTY15 " ABCDEFG/ 0/0 0", "-", 0, "");
    expect_score(EMPTY15 " ABCDEFG/ 0/0 0", "-ABC", 0, "");
    expect_illegal(EMPTY15 " ABCDEFG/ 0/0 0", "-XYZ", "TILE_NOT_IN_RACK");
    expect_illegal(EMPTY15 " ABCDEFG/ 0/0 0", "-8", "TILE_NOT_IN_RACK");
    /* an exchange needs 7 tiles in the bag (etl) */
    expect_illegal("15/15/15/15/15/15/15/7AB6/15/15/15/15/15/15/15 ABCDEFG/ 0/0 0 etl 200;", "-A",
                   "EXCHANGE_NOT_ALLOWED");
}

static void test_score_illegal(void **state)
{
    (void)state;
    const char *pos = "15/15/15/15/15/15/15/7ABC5/15/15/15/15/15/15/15 DEFGHIS/ 0/0 0";
    expect_illegal(EMPTY15 " DEFGHIS/ 0/0 0", "8A FISH", "START_SQUARE_MISSED");
    expect_illegal(EMPTY15 " DEFGHIS/ 0/0 0", "8H S", "SINGLE_TILE_NO_WORD");
    expect_illegal(pos, "3A FISH", "NOT_CONNECTED");
    expect_illegal(pos, "8H DEF", "LETTER_OVER_OCCUPIED");
    expect_illegal(pos, "7H .DE", "THROUGH_EMPTY");
    expect_illegal(pos, "8H (ABD)S", "THROUGH_MISMATCH");
    expect_illegal(pos, "8I ..S", "WORD_RUNS_ON"); /* the word starts on H8, not I8 */
    expect_illegal(pos, "8F DE", "WORD_RUNS_ON");  /* DE runs on into ABC */
    expect_illegal(pos, "8I .CS", "LETTER_OVER_OCCUPIED");
    expect_illegal(pos, "8H ...", "NO_NEW_TILES");
    expect_illegal(pos, "8N HIS", "OFF_BOARD");
    expect_illegal(pos, "8H ...DZ", "TILE_NOT_IN_RACK"); /* the rack of seven is known */
    expect_illegal(pos, "8H ...ZZ", "TOO_MANY_TILES");   /* there is one Z */
    expect_illegal(pos, "8H ...x", "TILE_NOT_IN_RACK");  /* a blank: no ? on the rack */
    expect_illegal(pos, "K7 S", "NOT_CONNECTED");        /* only a corner touches */
    expect_illegal(pos, "8K S", "WORD_RUNS_ON");         /* the word is ABCS, from H8 */
    /* a single tile under C: the down word CS starts on J8 */
    expect_score(pos, "J8 .S", 4, "CS");
    expect_score(pos, "9J S", 4, "CS"); /* written across, its only word is the cross-word */
    expect_illegal(pos, "J9 S", "WORD_RUNS_ON");
    /* a partly known rack: tiles beyond it may be in the unknown part */
    expect_score("15/15/15/15/15/15/15/7ABC5/15/15/15/15/15/15/15 D/ 0/0 0", "8H ...DE", 1 + 3 + 3 + 2 + 1 * 2, "ABCDE"); /* E on L8, a double letter */
    expect_illegal("15/15/15/15/15/15/15/7ABC5/15/15/15/15/15/15/15 Z/ 0/0 0", "K2 DEFGHIJ", "TILE_NOT_IN_RACK");
    /* more of a letter than the distribution has */
    expect_illegal("15/15/15/15/15/15/15/7ZA5/15/15/15/15/15/15/15 / 0/0 0", "H8 .Z", "TOO_MANY_TILES");
    /* an illegal play gives no score; a legal one through the same squares does */
    expect_score(pos, "8H ...E", 2 * 0 + (1 + 3 + 3 + 1) * 1, "ABCE");
}

static void test_move_from_tiles(void **state)
{
    (void)state;
    cgp c = read_cgp("15/15/15/15/15/15/15/7ABC5/15/15/15/15/15/15/15 DEFGHIS/ 0/0 0");
    const lx_xw_dist *en = lx_xw_pos_dist(c.p);
    int d, e, s;
    lx_xw_dist_read_tile(en, "D", 1, &d);
    lx_xw_dist_read_tile(en, "E", 1, &e);
    lx_xw_dist_read_tile(en, "S", 1, &s);
    lx_xw_move m;
    lx_xw_scored sc;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_xw_placed ok[] = {{7, 11, e}, {7, 10, d}};
    assert_int_equal(lx_xw_move_from_tiles(c.p, ok, 2, &m, &err), 0);
    assert_int_equal(m.col, 7); /* extended back over ABC */
    assert_int_equal(m.len, 5);
    assert_int_equal(lx_xw_move_check(c.p, &m, 0, &sc, &err), 0);
    lx_xw_placed gap[] = {{7, 11, e}, {7, 13, d}};
    assert_int_equal(lx_xw_move_from_tiles(c.p, gap, 2, &m, &err), -1);
    assert_string_equal(err.code, "GAP");
    assert_non_null(strstr(err.message.data, "M8"));
    lx_xw_placed bent[] = {{7, 10, e}, {8, 11, d}};
    assert_int_equal(lx_xw_move_from_tiles(c.p, bent, 2, &m, &err), -1);
    assert_string_equal(err.code, "NOT_IN_LINE");
    lx_xw_placed taken[] = {{7, 7, e}};
    assert_int_equal(lx_xw_move_from_tiles(c.p, taken, 1, &m, &err), -1);
    assert_string_equal(err.code, "LETTER_OVER_OCCUPIED");
    lx_xw_placed hook[] = {{8, 9, s}}; /* under C: a down word CS */
    assert_int_equal(lx_xw_move_from_tiles(c.p, hook, 1, &m, &err), 0);
    assert_true(m.down);
    assert_int_equal(m.row, 7);
    assert_int_equal(lx_xw_move_check(c.p, &m, 0, &sc, &err), 0);
    assert_int_equal(sc.score, 4);
    lx_game_error_free(&err);
    cgp_free(&c);
}

static void test_pos_api_and_draw(void **state)
{
    (void)state;
    lx_xw_pos *p = lx_xw_pos_new();
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    assert_int_equal(lx_xw_pos_reset(p, en, l, 2), 0);
    uint8_t rack[] = {1, 2, 0};
    assert_int_equal(lx_xw_pos_set_rack(p, 1, rack, 3), 0);
    assert_int_equal(lx_xw_pos_set_rack(p, 0, rack, 1), 0);
    lx_xw_pos_set_square(p, 7, 7, 3);
    lx_xw_pos_set_square(p, 7, 8, 1 | LX_XW_BLANK_BIT);
    lx_xw_pos_set_score(p, 0, 12);
    assert_int_equal(lx_xw_pos_set_op_text(p, "lex", "wamerican"), 0);
    assert_int_equal(lx_xw_pos_unseen(p), 100 - 2 - 4);
    lx_buf out = LX_BUF_INIT;
    assert_string_equal(write_cgp(p, &out), "15/15/15/15/15/15/15/7Ca6/15/15/15/15/15/15/15 A/AB? 12/0 0 lex wamerican;");
    lx_buf_clear(&out);
    const char *names[] = {"Ann & Bo", "Cy"};
    assert_int_equal(lx_xw_draw(p, LX_DRAW_ASCII, 0, names, &out), 0);
    assert_non_null(strstr(out.data, "-> Ann & Bo"));
    assert_non_null(strstr(out.data, "  8  = . . ' . . . C a . . ' . . = 8"));
    assert_non_null(strstr(out.data, "AB?"));
    lx_buf_clear(&out);
    assert_int_equal(lx_xw_draw(p, LX_DRAW_SVG, 2, names, &out), 0);
    assert_non_null(strstr(out.data, "<svg "));
    assert_non_null(strstr(out.data, "Ann &amp; Bo"));
    assert_null(strstr(out.data, "Ann & Bo"));
    assert_non_null(strstr(out.data, "</svg>"));
    lx_buf_free(&out);
    lx_xw_pos_free(p);
}

/* A page maps a click on the SVG to a play: every square names itself as a
 * play's coordinate is written across ("8H": row, column) and shows its tile. */
static void test_svg_squares_name_themselves(void **state)
{
    (void)state;
    lx_xw_pos *p = lx_xw_pos_new();
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    assert_int_equal(lx_xw_pos_reset(p, lx_xw_data_dist(data, "english", NULL), l, 2), 0);
    lx_xw_pos_set_square(p, 7, 7, 3);
    lx_xw_pos_set_square(p, 7, 8, 1 | LX_XW_BLANK_BIT);
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_xw_draw(p, LX_DRAW_SVG, 0, NULL, &out), 0);
    assert_int_equal(occurrences(out.data, " data-square=\""), 15 * 15);
    assert_int_equal(occurrences(out.data, "<rect class=\"square\" data-square=\""), 15 * 15);
    assert_int_equal(occurrences(out.data, " data-tile=\""), 2);
    static const char *const squares[] = {"<rect class=\"square\" data-square=\"8H\" data-tile=\"C\" x=\"",
                                          " data-square=\"8I\" data-tile=\"a\" x=\"",
                                          " data-square=\"1A\" x=\"32\" y=\"32\"",
                                          " data-square=\"15O\" x=\"480\" y=\"480\"", NULL};
    assert_holds_all(out.data, squares);
    /* a label may hold what XML must escape */
    const char *text = "? 1 0 0\nA 3 1 1\n&\" 1 2 0 <'\n";
    lx_xw_dist *odd = lx_xw_dist_parse("odd", text, strlen(text), NULL);
    assert_non_null(odd);
    assert_int_equal(lx_xw_pos_reset(p, odd, l, 2), 0);
    lx_xw_pos_set_square(p, 0, 0, 2);
    lx_xw_pos_set_square(p, 0, 1, 2 | LX_XW_BLANK_BIT);
    lx_buf_clear(&out);
    assert_int_equal(lx_xw_draw(p, LX_DRAW_SVG, 0, NULL, &out), 0);
    static const char *const escaped[] = {" data-square=\"1A\" data-tile=\"&amp;&quot;\" x=\"",
                                          " data-square=\"1B\" data-tile=\"&lt;'\" x=\"", NULL};
    assert_holds_all(out.data, escaped);
    lx_buf_free(&out);
    lx_xw_pos_free(p);
    lx_xw_dist_free(odd);
}

static void test_check_words_on_board(void **state)
{
    (void)state;
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    const char *words = "CAT\nAT\nTA\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("tiny", words, strlen(words), en, NULL, NULL);
    cgp c = read_cgp("15/15/15/15/15/15/15/7CAT3/8TO5/15/15/15/15/15/15 / 0/0 0");
    /* CAT across and AT down are words of the list; TO across and TO down are not */
    assert_int_equal(lx_xw_pos_check_words(c.p, lx, c.d), 2);
    assert_non_null(strstr(find_diag(c.d, "WORD_NOT_IN_LEXICON")->message, "TO"));
    lx_diag_list_resolve(c.d, "", 0);
    cgp_free(&c);
    lx_xw_lexicon_free(lx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dist_builtin_totals),
        cmocka_unit_test(test_dist_values),
        cmocka_unit_test(test_dist_multi_codepoint),
        cmocka_unit_test(test_dist_user_supplied),
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_layout_user_supplied),
        cmocka_unit_test(test_cgp_spec_examples),
        cmocka_unit_test(test_cgp_every_opcode),
        cmocka_unit_test(test_cgp_lm_forms),
        cmocka_unit_test(test_cgp_operand_types),
        cmocka_unit_test(test_cgp_fields),
        cmocka_unit_test(test_cgp_board_syntax),
        cmocka_unit_test(test_cgp_multi_codepoint),
        cmocka_unit_test(test_validate_tile_counts),
        cmocka_unit_test(test_validate_connectivity),
        cmocka_unit_test(test_validate_racks_and_values),
        cmocka_unit_test(test_move_parse),
        cmocka_unit_test(test_score_real_plays),
        cmocka_unit_test(test_score_premiums_and_blanks),
        cmocka_unit_test(test_score_exchange_and_pass),
        cmocka_unit_test(test_score_illegal),
        cmocka_unit_test(test_move_from_tiles),
        cmocka_unit_test(test_pos_api_and_draw),
        cmocka_unit_test(test_svg_squares_name_themselves),
        cmocka_unit_test(test_check_words_on_board),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* test_xword_gcg.c - GCG records: reading (pragmas, every kind of event,
 * charsets, notes), replaying with every score checked, positions after any
 * event, canonical writing, and the real records of the corpus
 * (tests/corpus/crossword-gcg, the repository's copy of real records). */
#include <dirent.h>

#include "testutil.h"

#include "ludex/xword.h"

static lx_xw_data *data;
static const char *corpus = "tests/corpus/crossword-gcg";

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

typedef struct rec {
    lx_xw_gcg *g;
    lx_diag_list *d;
    long errors;
    lx_xw_replay_summary s;
} rec;

/* Read and replay a record (judged by lx when not NULL); diagnostics resolved. */
static rec replay_text(const char *text, size_t len, const lx_xw_lexicon *lx)
{
    rec r = {NULL, lx_diag_list_new(), -1, {0}};
    r.g = lx_xw_gcg_read(text, len, data, NULL, r.d);
    if (r.g) {
        r.errors = lx_xw_gcg_replay(r.g, lx, r.d, &r.s);
        size_t tl;
        const char *t = lx_xw_gcg_text(r.g, &tl);
        lx_diag_list_resolve(r.d, t, tl);
    }
    return r;
}

static rec replay(const char *text)
{
    return replay_text(text, strlen(text), NULL);
}

static void rec_free(rec *r)
{
    lx_xw_gcg_free(r->g);
    lx_diag_list_free(r->d);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    lx_buf b = LX_BUF_INIT;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        lx_buf_append(&b, chunk, n);
    fclose(f);
    lx_buf_append(&b, "", 0);
    return lx_buf_steal(&b, len);
}

static char *corpus_file(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", corpus, name);
    return read_file(path, len);
}

/* The CGP after event n, as text in out. */
static const char *position(const lx_xw_gcg *g, size_t n, lx_buf *out)
{
    lx_xw_pos *p = lx_xw_pos_new();
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_xw_gcg_position(g, n, p, d), 0);
    lx_buf_clear(out);
    assert_int_equal(lx_xw_cgp_write(p, out), 0);
    lx_xw_pos_free(p);
    lx_diag_list_free(d);
    return out->data;
}

static const char game[] = "#character-encoding UTF-8\n"
                           "#player1 doug Doug Example\n"
                           "#player2 emely Emely\n"
                           "#lexicon TINY\n"
                           "#description a test\n"
                           ">doug: DINNVWY 8D WINDY +32 32\n"
                           "#note a first note\n"
                           "and its second line\n"
                           ">emely: ADEEGIL 7C GALE +16 16\n"
                           ">doug: AEJNOSV E3 JAVE..N +34 66\n"
                           ">emely: DEILOVX F2 VOX +39 55\n"
                           ">doug: ADENOST 10B DONATES +82 148\n"
                           ">emely: DEIILTZ 4B TIL.. +24 79\n"
                           ">emely: DEIILTZ --  -24 55\n"
                           ">doug: AAEINRU -AAU +0 148\n"
                           ">emely: DEIILTZ - +0 55\n"
                           ">doug: EINRSTT (time) -10 138\n";

/* ---- reading --------------------------------------------------------------------------------------------- */

static void test_read_events(void **state)
{
    (void)state;
    rec r = replay(game);
    assert_non_null(r.g);
    assert_int_equal(r.errors, 0);
    assert_int_equal(lx_xw_gcg_events(r.g), 10);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "doug");
    assert_string_equal(lx_xw_gcg_player_name(r.g, 0), "Doug Example");
    assert_string_equal(lx_xw_gcg_pragma(r.g, "lexicon"), "TINY");
    assert_string_equal(lx_xw_gcg_pragma(r.g, "description"), "a test");
    static const lx_xw_event_kind kinds[] = {LX_XW_EV_PLAY,      LX_XW_EV_PLAY,     LX_XW_EV_PLAY, LX_XW_EV_PLAY,
                                             LX_XW_EV_PLAY,      LX_XW_EV_PLAY,     LX_XW_EV_WITHDRAWN,
                                             LX_XW_EV_EXCHANGE,  LX_XW_EV_PASS,     LX_XW_EV_TIME_PENALTY};
    for (size_t i = 0; i < 10; i++)
        assert_int_equal(lx_xw_gcg_event(r.g, i)->kind, kinds[i]);
    const lx_xw_event *e = lx_xw_gcg_event(r.g, 0);
    assert_int_equal(e->player, 0);
    assert_int_equal(e->nrack, 7);
    assert_int_equal(e->score, 32);
    assert_string_equal(e->note, "a first note\nand its second line");
    assert_int_equal(lx_xw_gcg_event(r.g, 6)->score, -24);
    assert_int_equal(lx_xw_gcg_event(r.g, 7)->move.len, 3);
    assert_int_equal(r.s.plays, 6);
    assert_int_equal(r.s.scores_checked, 6);
    assert_true(r.s.completed);
    rec_free(&r);
}

static void test_read_end_of_game(void **state)
{
    (void)state;
    const char *text = "#player1 a A\n#player2 b B\n"
                       ">a: AB 8H AB +8 8\n"
                       ">b: CD - +0 0\n"
                       ">a:  (CD) +10 18\n"
                       ">b: CD (CD) -5 -5\n"
                       ">b: CD (challenge) +5 0\n";
    rec r = replay(text);
    assert_int_equal(lx_xw_gcg_event(r.g, 2)->kind, LX_XW_EV_END_RACK_BONUS);
    assert_null(lx_xw_gcg_event(r.g, 2)->rack);
    assert_int_equal(lx_xw_gcg_event(r.g, 3)->kind, LX_XW_EV_END_RACK_PENALTY);
    assert_int_equal(lx_xw_gcg_event(r.g, 4)->kind, LX_XW_EV_CHALLENGE_BONUS);
    assert_int_equal(r.errors, 0);
    assert_non_null(find_diag(r.d, "CHALLENGE_WITHOUT_PLAY")); /* a bonus must follow the player's play */
    rec_free(&r);
}

static void test_read_bad_lines(void **state)
{
    (void)state;
    const char *text = "#player1 a A\n#player2 b B\n"
                       "junk before anything\n"
                       ">c: AB 8H AB +8 8\n"
                       ">a AB 8H AB +8 8\n"
                       ">a: AB 8H AB 8\n"
                       ">a: AB 8H AB +x 8\n"
                       ">a: AB 8H A1 +8 8\n"
                       ">a: A%B 8H AB +8 8\n"
                       ">a: AB +8 8\n"
                       ">a: AB 8H AB +8 8\n";
    rec r = replay(text);
    assert_non_null(r.g);
    assert_diag(r.d, "GCG_JUNK_LINE", LX_WARNING, 3, 1);
    assert_diag(r.d, "UNKNOWN_PLAYER", LX_ERROR, 4, 2);
    assert_diag(r.d, "GCG_EVENT", LX_ERROR, 5, 1);
    assert_diag(r.d, "GCG_SCORE", LX_ERROR, 6, 11);
    assert_diag(r.d, "UNKNOWN_TILE", LX_ERROR, 8, 8);
    assert_diag(r.d, "RACK_TILE", LX_ERROR, 9, 6);
    /* the line with a bad rack still counts: its play is checked without a rack */
    assert_int_equal(lx_xw_gcg_events(r.g), 2);
    rec_free(&r);
}

static void test_charsets(void **state)
{
    (void)state;
    const char latin1[] = "#player1 c\xe9sar c\xe9sar\n#player2 d d\n>c\xe9sar: DINNVWY 8D WINDY +32 32\n";
    rec r = replay(latin1);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "césar");
    assert_int_equal(lx_diag_count(r.d), 0);
    rec_free(&r);
    const char utf8[] = "#player1 césar césar\n#player2 d d\n>césar: DINNVWY 8D WINDY +32 32\n";
    r = replay(utf8);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "césar");
    assert_non_null(find_diag(r.d, "CHARSET_ASSUMED"));
    rec_free(&r);
    const char mismatch[] = "#character-encoding ISO8859-6\n#player1 césar césar\n#player2 d d\n"
                            ">césar: DINNVWY 8D WINDY +32 32\n";
    r = replay(mismatch);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "césar");
    assert_non_null(find_diag(r.d, "CHARSET_MISMATCH"));
    rec_free(&r);
    const char declared[] = "#character-encoding ISO-8859-1\r\n#player1 c\xe9sar x\r\n#player2 d d\r\n"
                            ">c\xe9sar: DINNVWY 8D WINDY +32 32\r\n";
    r = replay(declared);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "césar");
    assert_int_equal(lx_diag_count(r.d), 0);
    rec_free(&r);
}

/* ---- replaying -------------------------------------------------------------------------------------------- */

static void expect_error(const char *events, const char *code, int line)
{
    char text[2048];
    snprintf(text, sizeof text, "#player1 a A\n#player2 b B\n%s", events);
    rec r = replay(text);
    const lx_diag *d = find_diag(r.d, code);
    if (!d)
        fail_msg("no %s in:\n%s", code, events);
    assert_int_equal(d->line, line);
    rec_free(&r);
}

static void test_replay_errors(void **state)
{
    (void)state;
    expect_error(">a: DINNVWY 8D WINDY +30 30\n", "SCORE_MISMATCH", 3);
    expect_error(">a: DINNVWY 8D WINDY +32 33\n", "CUMULATIVE_MISMATCH", 3);
    expect_error(">a: DINNVWY 8A WINDY +32 32\n", "START_SQUARE_MISSED", 3);
    expect_error(">a: DINNVWY 8A WINDY +32 32\n", "REPLAY_STOPPED", 3);
    expect_error(">a: DINNVWY 8D WINDS +32 32\n", "TILE_NOT_IN_RACK", 3);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: AB 3A AB +8 8\n", "NOT_CONNECTED", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: AB -- -8 -8\n", "WITHDRAWN_NOTHING", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>a: DINNVWY -- -30 2\n", "SCORE_MISMATCH", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: ABC - +5 5\n", "SCORE_MISMATCH", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: ABC -XYZ +0 0\n", "TILE_NOT_IN_RACK", 4);
    /* b kept C after AB (7G AB: AB 5, AN 3, BY 7): the tiles counted at the end must include it */
    expect_error(">a: NY 8G NY +10 10\n>b: ABC 7G AB +15 15\n>a:  (AQ) +22 32\n", "END_RACK_MISMATCH", 5);
    expect_error(">a: NY 8G NY +10 10\n>b: AB - +0 0\n>a:  (AB) +7 17\n", "SCORE_MISMATCH", 5);
    expect_error(">a: NY 8G NY +10 10\n>b: ZZ 7G ZA +8 8\n", "TOO_MANY_TILES", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>a: DINNVWY 8D WANDY +32 64\n", "LETTER_OVER_OCCUPIED", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: DINNVWY 8D WINDY +32 32\n", "NO_NEW_TILES", 4);
    expect_error(">a: DINNVWY 8D WINDY +32 32\n>b: DINNVWY 8D WINDY +32 32\n", "THROUGH_SPELLED", 4);
    /* a kept CDEFG after AB; its next rack must hold them */
    expect_error(">a: ABCDEFG 8H AB +8 8\n>b: HIJ - +0 0\n>a: XYZ - +0 8\n", "RACK_INCONSISTENT", 5);
}

static void test_replay_phony_and_bonuses(void **state)
{
    (void)state;
    rec r = replay(game);
    lx_buf out = LX_BUF_INIT;
    /* after the phony TIL.. the tiles are on the board; after "--" they are gone, and the turn scored 0 */
    assert_string_equal(position(r.g, 6, &out), "15/5V9/4JO9/1TILAX9/4V10/4E10/2GALE9/3WINDY7/4N10/1DONATES7/15/15/"
                                                "15/15/15 AAEINRU/DEIZ 148/79 0 lex TINY; lm 4B.TIL..;");
    assert_string_equal(position(r.g, 7, &out), "15/5V9/4JO9/4AX9/4V10/4E10/2GALE9/3WINDY7/4N10/1DONATES7/15/15/"
                                                "15/15/15 AAEINRU/DEIILTZ 148/55 1 lex TINY; lm challenge 4B.TIL..;");
    /* an exchange, a pass, a time penalty */
    assert_string_equal(position(r.g, 9, &out), "15/5V9/4JO9/4AX9/4V10/4E10/2GALE9/3WINDY7/4N10/1DONATES7/15/15/"
                                                "15/15/15 EINRSTT/DEIILTZ 148/55 3 lex TINY; lm -;");
    assert_string_equal(position(r.g, (size_t)-1, &out), "15/5V9/4JO9/4AX9/4V10/4E10/2GALE9/3WINDY7/4N10/1DONATES7/"
                                                         "15/15/15/15/15 EINRSTT/DEIILTZ 138/55 3 lex TINY; lm -;");
    rec_free(&r);
    /* a challenge bonus goes with the play before it into lm */
    const char *bonus = "#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n>a: DEFINOR (challenge) +5 37\n";
    r = replay(bonus);
    assert_int_equal(r.errors, 0);
    assert_string_equal(position(r.g, 2, &out), "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 /DEFINOR 0/37 0 lm "
                                                "8D.WINDY +5;");
    rec_free(&r);
    lx_buf_free(&out);
}

static void test_replay_judged(void **state)
{
    (void)state;
    const lx_xw_dist *en = lx_xw_data_dist(data, "english", NULL);
    const char *words = "WINDY\nGALE\nLI\nEN\nJAVELIN\nVOX\nJO\nAX\nDONATES\n";
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("TINY", words, strlen(words), en, NULL, NULL);
    rec r = replay_text(game, strlen(game), lx);
    assert_int_equal(r.errors, 0);
    /* AW (from GALE) and JAVELINA (from DONATES) are not in the list; TIL.. was taken back: not judged */
    size_t phonies = 0;
    for (size_t i = 0; i < lx_diag_count(r.d); i++)
        phonies += strcmp(lx_diag_get(r.d, i)->code, "WORD_NOT_IN_LEXICON") == 0;
    assert_int_equal(phonies, 2);
    assert_string_equal(r.s.lexicon, "TINY");
    assert_int_equal(r.s.words_checked, 1 + 4 + 1 + 3 + 2);
    rec_free(&r);
    /* the whole-file check: the record names TINY; when it is missing, one warning and no verdict */
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_replay_summary s;
    assert_int_equal(lx_xw_check_gcg(game, strlen(game), data, NULL, d, &s), 0);
    assert_diag(d, "LEXICON_UNAVAILABLE", LX_WARNING, 4, 1);
    assert_null(find_diag(d, "WORD_NOT_IN_LEXICON"));
    lx_diag_list_clear(d);
    assert_int_equal(lx_xw_data_add_lexicon(data, lx), 0);
    assert_int_equal(lx_xw_check_gcg(game, strlen(game), data, NULL, d, &s), 0);
    assert_null(find_diag(d, "LEXICON_UNAVAILABLE"));
    assert_non_null(find_diag(d, "WORD_NOT_IN_LEXICON"));
    lx_diag_list_free(d);
}

static void test_write_round_trip(void **state)
{
    (void)state;
    rec r = replay(game);
    lx_buf a = LX_BUF_INIT, b = LX_BUF_INIT;
    assert_int_equal(lx_xw_gcg_write(r.g, &a), 0);
    assert_non_null(strstr(a.data, "#character-encoding UTF-8\n#player1 doug Doug Example\n"));
    assert_non_null(strstr(a.data, ">doug: DINNVWY 8D WINDY +32 32\n#note a first note\n#note and its second line\n"));
    assert_non_null(strstr(a.data, ">emely: DEIILTZ -- -24 55\n"));
    assert_non_null(strstr(a.data, ">doug: EINRSTT (time) -10 138\n"));
    rec back = replay(a.data);
    assert_int_equal(back.errors, 0);
    assert_int_equal(lx_xw_gcg_write(back.g, &b), 0);
    assert_string_equal(a.data, b.data);
    rec_free(&r);
    rec_free(&back);
    lx_buf_free(&a);
    lx_buf_free(&b);
}

static void test_check_cgp_file(void **state)
{
    (void)state;
    const char *file = "# positions\n"
                       "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;\n"
                       "\n"
                       "15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 / 0/0 0 lex NWL18;\n"
                       "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 / 0/0 0 ld french;\n";
    lx_diag_list *d = lx_diag_list_new();
    size_t n = 0;
    assert_int_equal(lx_xw_check_cgp(file, strlen(file), data, d, &n), 0);
    assert_int_equal(n, 3);
    assert_diag(d, "LEXICON_UNAVAILABLE", LX_WARNING, 2, 61); /* once, though two positions name it */
    assert_diag(d, "LONE_TILE", LX_ERROR, 4, 23);
    assert_diag(d, "WORDS_NOT_CHECKED", LX_WARNING, 5, 1);
    size_t missing = 0;
    for (size_t i = 0; i < lx_diag_count(d); i++)
        missing += strcmp(lx_diag_get(d, i)->code, "LEXICON_UNAVAILABLE") == 0;
    assert_int_equal(missing, 1);
    lx_diag_list_free(d);
}

/* ---- the corpus ------------------------------------------------------------------------------------------------ */

/* Every record reads, replays to the end with every play scored, and the
 * errors found are the ones its data really has. */
static void test_corpus(void **state)
{
    (void)state;
    DIR *dir = opendir(corpus);
    if (!dir) /* the corpus is part of the repository: its absence is a failure */
        fail_msg("no corpus folder (tests/corpus/crossword-gcg)");
    static const struct {
        const char *file, *error; /* the one error code expected, or NULL */
    } known[] = {
        /* Player_2 passes holding IX while Player_1 holds AIIIILX: two X tiles */
        {"gcgio_testdata_incomplete.gcg", "TOO_MANY_TILES"},
        {"gcgio_testdata_incomplete_3.gcg", "TOO_MANY_TILES"},
        {"gcgio_testdata_incomplete_elise.gcg", "TOO_MANY_TILES"},
    };
    struct dirent *ent;
    size_t files = 0;
    while ((ent = readdir(dir)) != NULL) {
        size_t n = strlen(ent->d_name), len;
        if (n < 5 || strcmp(ent->d_name + n - 4, ".gcg") != 0)
            continue;
        char *text = corpus_file(ent->d_name, &len);
        assert_non_null(text);
        rec r = replay_text(text, len, NULL);
        if (!r.g)
            fail_msg("%s does not read", ent->d_name);
        files++;
        const char *want = NULL;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            if (strcmp(known[i].file, ent->d_name) == 0)
                want = known[i].error;
        if (lx_diag_count_at_least(r.d, LX_FATAL))
            fail_msg("%s: a fatal diagnostic", ent->d_name);
        if (!r.s.completed || r.s.scores_checked != r.s.plays)
            fail_msg("%s: the replay stopped", ent->d_name);
        if (want ? (r.errors != 1 || !find_diag(r.d, want)) : r.errors != 0)
            fail_msg("%s: %ld errors, first %s", ent->d_name, r.errors,
                     lx_diag_count(r.d) ? lx_diag_get(r.d, 0)->message : "");
        /* the canonical GCG reads back to the same canonical GCG */
        lx_buf a = LX_BUF_INIT, b = LX_BUF_INIT;
        assert_int_equal(lx_xw_gcg_write(r.g, &a), 0);
        rec back = replay(a.data);
        assert_int_equal(lx_xw_gcg_write(back.g, &b), 0);
        if (strcmp(a.data, b.data) != 0)
            fail_msg("%s: writing is not idempotent", ent->d_name);
        assert_int_equal(back.errors, r.errors);
        /* the CGP after every event reads back, valid, to the same CGP */
        lx_xw_pos *p = lx_xw_pos_new();
        for (size_t i = 0; i <= lx_xw_gcg_events(r.g) && !want; i++) {
            lx_buf_clear(&a);
            assert_int_equal(lx_xw_gcg_position(r.g, i, p, NULL), 0);
            assert_int_equal(lx_xw_cgp_write(p, &a), 0);
            lx_diag_list *d = lx_diag_list_new();
            lx_xw_pos *q = lx_xw_pos_new();
            assert_int_equal(lx_xw_cgp_read(q, a.data, a.len, 0, data, d), 0);
            if (lx_xw_pos_validate(q, d) > 0)
                fail_msg("%s after %zu: %s: %s", ent->d_name, i, a.data, lx_diag_get(d, 0)->message);
            lx_buf_clear(&b);
            lx_xw_cgp_write(q, &b);
            assert_string_equal(a.data, b.data);
            lx_xw_pos_free(q);
            lx_diag_list_free(d);
        }
        lx_xw_pos_free(p);
        lx_buf_free(&a);
        lx_buf_free(&b);
        rec_free(&back);
        rec_free(&r);
        free(text);
    }
    closedir(dir);
    assert_true(files >= 27); /* the 27 records of the corpus as it was given */
}

static void test_corpus_details(void **state)
{
    (void)state;
    size_t len;
    char *text = corpus_file("gcgio_testdata_polish_endgame.gcg", &len);
    if (!text)
        fail_msg("no corpus file tests/corpus/crossword-gcg/gcgio_testdata_polish_endgame.gcg");
    rec r = replay_text(text, len, NULL);
    assert_string_equal(lx_xw_dist_name(lx_xw_gcg_dist(r.g)), "polish");
    assert_non_null(find_diag(r.d, "DISTRIBUTION_ASSUMED"));
    lx_buf out = LX_BUF_INIT;
    /* 8G STĘPIĆ, a bingo worth 46: the Ę and Ć are Polish tiles (5 and 6 points) */
    assert_int_equal(lx_xw_gcg_event(r.g, 2)->score, 46);
    assert_non_null(strstr(position(r.g, 3, &out), "STĘPIĆ"));
    assert_non_null(strstr(out.data, "ld polish;"));
    rec_free(&r);
    free(text);
    text = corpus_file("gcgio_testdata_utf8_dos.gcg", &len);
    r = replay_text(text, len, NULL);
    assert_int_equal(r.errors, 0);
    /* the note continued on a line of its own (no #note) belongs to the note */
    assert_non_null(strstr(lx_xw_gcg_event(r.g, 9)->note, "\nsince ive been behind"));
    rec_free(&r);
    free(text);
    text = corpus_file("gcgio_testdata_name_iso8859-1.gcg", &len);
    r = replay_text(text, len, NULL);
    assert_string_equal(lx_xw_gcg_nick(r.g, 0), "césar");
    rec_free(&r);
    free(text);
    lx_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_events),       cmocka_unit_test(test_read_end_of_game),
        cmocka_unit_test(test_read_bad_lines),    cmocka_unit_test(test_charsets),
        cmocka_unit_test(test_replay_errors),     cmocka_unit_test(test_replay_phony_and_bonuses),
        cmocka_unit_test(test_replay_judged),     cmocka_unit_test(test_write_round_trip),
        cmocka_unit_test(test_check_cgp_file),    cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_corpus_details),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

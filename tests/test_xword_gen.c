/* test_xword_gen.c - crossword move generation: hand-checked positions, and
 * a randomized comparison with a deliberately simple brute-force generator.
 *
 * The brute force knows nothing of GADDAGs, anchors or cross sets: for
 * every square, direction and length it tries every word of the list that
 * fits the board's tiles, every way of taking its new letters from the rack
 * (blank or not), and keeps those whose cross-words are in the list (a
 * sorted array searched here) and that touch the board.  Every play either
 * finds must be accepted by lx_xw_move_check with the generator's score. */
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

/* ---- a word list of the test's own ------------------------------------------------------------------ */

typedef struct wordset {
    char **w; /* tiles as bytes 1..63, NUL-ended, sorted by strcmp */
    size_t n;
    char **by_len[64]; /* the words of each length */
    size_t nlen[64];
} wordset;

static int cmp_word(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Words of d (one per line, labels in upper case, [CH] for a long one). */
static wordset words_of(const lx_xw_dist *d, const char *text)
{
    wordset s;
    memset(&s, 0, sizeof s);
    size_t cap = 0;
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char w[64];
        size_t k = 0, i = 0;
        int ok = len > 0;
        while (ok && i < len) {
            int t;
            size_t r = lx_xw_dist_read_tile(d, line + i, len - i, &t);
            ok = r > 0 && t > 0 && t < 64 && k < 63;
            if (ok)
                w[k++] = (char)t, i += r;
        }
        w[k] = '\0';
        if (ok) {
            if (s.n == cap)
                s.w = realloc(s.w, (cap = cap ? cap * 2 : 256) * sizeof *s.w);
            s.w[s.n++] = strdup(w);
        }
        line = end ? end + 1 : line + len;
    }
    qsort(s.w, s.n, sizeof *s.w, cmp_word);
    for (size_t i = 0; i < s.n; i++) {
        size_t L = strlen(s.w[i]);
        s.by_len[L] = realloc(s.by_len[L], (s.nlen[L] + 1) * sizeof *s.by_len[L]);
        s.by_len[L][s.nlen[L]++] = s.w[i];
    }
    return s;
}

static void wordset_free(wordset *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->w[i]);
    free(s->w);
    for (int i = 0; i < 64; i++)
        free(s->by_len[i]);
}

static int in_set(const wordset *s, const char *w)
{
    return bsearch(&w, s->w, s->n, sizeof *s->w, cmp_word) != NULL;
}

/* The list as text in d's labels, for lx_xw_lexicon_from_words. */
static lx_xw_lexicon *lexicon_of(const lx_xw_dist *d, const char *text)
{
    lx_xw_lexicon *lx = lx_xw_lexicon_from_words("test", text, strlen(text), d, NULL, NULL);
    assert_non_null(lx);
    return lx;
}

/* ---- plays as comparable text --------------------------------------------------------------------------- */

typedef struct playlist {
    char **s;
    size_t n, cap;
} playlist;

static void pl_add(playlist *l, const char *s)
{
    if (l->n == l->cap)
        l->s = realloc(l->s, (l->cap = l->cap ? l->cap * 2 : 256) * sizeof *l->s);
    l->s[l->n++] = strdup(s);
}

static void pl_free(playlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

static void pl_sort(playlist *l)
{
    if (l->n > 1)
        qsort(l->s, l->n, sizeof *l->s, cmp_word);
}

/* "8D WO.D 24": the notation and the score. */
static void play_key(const lx_xw_pos *p, const lx_xw_move *m, long score, char *buf, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    assert_int_equal(lx_xw_move_write(lx_xw_pos_dist(p), m, 0, &b), 0);
    snprintf(buf, cap, "%s %ld", b.data, score);
    lx_buf_free(&b);
}

/* The generator's placements (each checked by lx_xw_move_check), as keys. */
static long generated(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_lexicon *lx, playlist *out, long *others)
{
    lx_xw_gen_options o = {lx, NULL, NULL, 0};
    const lx_xw_play *plays;
    lx_game_error err;
    lx_game_error_init(&err);
    long n = lx_xw_gen_all(g, p, &o, &plays, &err);
    assert_true(n >= 1);
    *others = 0;
    for (long i = 0; i < n; i++) {
        lx_xw_move m;
        lx_xw_scored s;
        lx_xw_play_move(p, &plays[i], &m);
        if (lx_xw_move_check(p, &m, 0, &s, &err) != 0)
            fail_msg("generated play %ld is refused: %s", i, err.message.data);
        assert_int_equal(s.score, plays[i].score);
        if (plays[i].kind != LX_XW_PLACE) {
            ++*others;
            continue;
        }
        char key[600];
        play_key(p, &m, s.score, key, sizeof key);
        pl_add(out, key);
        /* the notation reads back as the same play */
        lx_buf b = LX_BUF_INIT;
        lx_xw_move back;
        assert_int_equal(lx_xw_play_write(p, &plays[i], &b), 0);
        assert_int_equal(lx_xw_move_parse(lx_xw_pos_dist(p), lx_xw_pos_rows(p), lx_xw_pos_cols(p), b.data, b.len, &back,
                                          &err), 0);
        assert_int_equal(lx_xw_move_check(p, &back, 0, &s, &err), 0);
        assert_int_equal(s.score, plays[i].score);
        lx_buf_free(&b);
    }
    lx_game_error_free(&err);
    pl_sort(out);
    return n;
}

/* ---- the brute force --------------------------------------------------------------------------------------- */

static int sq(const lx_xw_pos *p, int r, int c)
{
    return r < 0 || c < 0 || r >= lx_xw_pos_rows(p) || c >= lx_xw_pos_cols(p) ? 0 : lx_xw_pos_square(p, r, c);
}

/* Whether letter t on the empty (r, c) makes a word (or nothing) across the play's direction. */
static int cross_ok(const lx_xw_pos *p, const wordset *ws, int r, int c, int down, int t)
{
    int dr = down ? 0 : 1, dc = down ? 1 : 0; /* the perpendicular */
    int br = r, bc = c;
    while (sq(p, br - dr, bc - dc))
        br -= dr, bc -= dc;
    char w[300];
    int n = 0;
    for (int rr = br, cc = bc; (rr == r && cc == c) || sq(p, rr, cc); rr += dr, cc += dc)
        w[n++] = (char)((rr == r && cc == c) ? t : (sq(p, rr, cc) & 0x7F));
    w[n] = '\0';
    return n == 1 || in_set(ws, w);
}

static void brute(const lx_xw_pos *p, const wordset *ws, playlist *out)
{
    int rows = lx_xw_pos_rows(p), cols = lx_xw_pos_cols(p), sr, sc, empty = 1;
    lx_xw_layout_start(lx_xw_pos_layout(p), &sr, &sc);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            empty &= !sq(p, r, c);
    size_t nrack;
    const uint8_t *rack = lx_xw_pos_rack(p, 0, &nrack);
    int have[64] = {0};
    for (size_t i = 0; i < nrack; i++)
        have[rack[i]]++;
    /* which letters each empty square takes, per direction (worked out once) */
    uint8_t *fits_here = calloc((size_t)2 * (size_t)rows * (size_t)cols * 64, 1);
    for (int down = 0; down < 2; down++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                for (int t = 1; t < 64 && !sq(p, r, c); t++)
                    fits_here[(((size_t)down * (size_t)rows + (size_t)r) * (size_t)cols + (size_t)c) * 64 + (size_t)t] =
                        (uint8_t)cross_ok(p, ws, r, c, down, t);
    for (int down = 0; down < 2; down++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int dr = down, dc = !down;
                if (sq(p, r - dr, c - dc))
                    continue;
                for (int len = 2; r + (len - 1) * dr < rows && c + (len - 1) * dc < cols; len++) {
                    if (sq(p, r + len * dr, c + len * dc))
                        continue;
                    int nempty = 0, touches = 0, start = 0, single_across = 0;
                    for (int i = 0; i < len; i++) {
                        int rr = r + i * dr, cc = c + i * dc;
                        if (sq(p, rr, cc)) {
                            touches = 1;
                            continue;
                        }
                        nempty++;
                        start |= rr == sr && cc == sc;
                        if (sq(p, rr - dc, cc - dr) || sq(p, rr + dc, cc + dr))
                            touches = 1, single_across = 1;
                    }
                    if (nempty == 0 || nempty > (int)nrack || (empty ? !start : !touches))
                        continue;
                    if (down && nempty == 1 && single_across)
                        continue; /* a single tile making an across word is written across */
                    int fixed_at[64], fixed_tile[64], nfixed = 0; /* the board's tiles in the range */
                    for (int i = 0; i < len && len < 64; i++)
                        if (sq(p, r + i * dr, c + i * dc))
                            fixed_at[nfixed] = i, fixed_tile[nfixed++] = sq(p, r + i * dr, c + i * dc) & 0x7F;
                    for (size_t k = 0; len < 64 && k < ws->nlen[len]; k++) {
                        const char *w = ws->by_len[len][k];
                        int match = 1;
                        for (int i = 0; i < nfixed && match; i++)
                            match = w[fixed_at[i]] == fixed_tile[i];
                        if (!match)
                            continue;
                        int ok = 1, e[8], ne = 0;
                        for (int i = 0; i < len && ok; i++) {
                            int rr = r + i * dr, cc = c + i * dc, on = sq(p, rr, cc);
                            if (on)
                                ok = (on & 0x7F) == w[i];
                            else
                                ok = fits_here[(((size_t)down * (size_t)rows + (size_t)rr) * (size_t)cols + (size_t)cc) * 64 +
                                               (size_t)w[i]],
                                e[ne++] = i;
                        }
                        if (!ok)
                            continue;
                        for (int mask = 0; mask < (1 << ne); mask++) { /* bit set: a blank */
                            int need[64] = {0};
                            for (int j = 0; j < ne; j++)
                                need[(mask >> j) & 1 ? 0 : w[e[j]]]++;
                            int fits = 1;
                            for (int t = 0; t < 64; t++)
                                fits &= need[t] <= have[t];
                            if (!fits)
                                continue;
                            lx_xw_move m;
                            memset(&m, 0, sizeof m);
                            m.kind = LX_XW_PLACE;
                            m.row = r, m.col = c, m.down = down, m.len = len;
                            for (int j = 0; j < ne; j++)
                                m.tiles[e[j]] = (uint8_t)(w[e[j]] | ((mask >> j) & 1 ? LX_XW_BLANK_BIT : 0));
                            lx_xw_scored s;
                            lx_game_error err;
                            lx_game_error_init(&err);
                            if (lx_xw_move_check(p, &m, 0, &s, &err) != 0)
                                fail_msg("brute-force play refused: %s", err.message.data);
                            lx_game_error_free(&err);
                            char key[600];
                            play_key(p, &m, s.score, key, sizeof key);
                            pl_add(out, key);
                        }
                    }
                }
            }
    free(fits_here);
    pl_sort(out);
}

static void assert_same_plays(const playlist *a, const playlist *b)
{
    for (size_t i = 0, j = 0; i < a->n || j < b->n;) {
        int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->s[i], b->s[j]);
        if (c < 0)
            fail_msg("only the generator found %s", a->s[i]);
        if (c > 0)
            fail_msg("only the brute force found %s", b->s[j]);
        i++, j++;
    }
    assert_int_equal(a->n, b->n);
}

/* Compare generator and brute force on p; the number of placements. */
static size_t compare(lx_xw_gen *g, const lx_xw_pos *p, const lx_xw_lexicon *lx, const wordset *ws)
{
    playlist a = {0}, b = {0};
    long others;
    generated(g, p, lx, &a, &others);
    brute(p, ws, &b);
    assert_same_plays(&a, &b);
    size_t n = a.n;
    pl_free(&a);
    pl_free(&b);
    return n;
}

/* ---- hand-checked positions --------------------------------------------------------------------------------- */

typedef struct fixture {
    lx_xw_pos *p;
    lx_xw_lexicon *lx;
    wordset ws;
    lx_xw_gen *g;
} fixture;

/* A position: its CGP, and the word list. */
static fixture make(const char *cgp, const char *words)
{
    fixture f;
    f.p = lx_xw_pos_new();
    f.g = lx_xw_gen_new();
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_xw_cgp_read(f.p, cgp, strlen(cgp), 0, data, d), 0);
    assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), 0);
    lx_diag_list_free(d);
    f.lx = lexicon_of(lx_xw_pos_dist(f.p), words);
    f.ws = words_of(lx_xw_pos_dist(f.p), words);
    return f;
}

static void unmake(fixture *f)
{
    lx_xw_pos_free(f->p);
    lx_xw_lexicon_free(f->lx);
    wordset_free(&f->ws);
    lx_xw_gen_free(f->g);
}

/* The placements, checked against the brute force; *others: exchanges and the pass. */
static playlist plays_of(fixture *f, long *others)
{
    playlist a = {0}, b = {0};
    generated(f->g, f->p, f->lx, &a, others);
    brute(f->p, &f->ws, &b);
    assert_same_plays(&a, &b);
    pl_free(&b);
    return a;
}

static void expect(const playlist *l, const char *const *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!bsearch(&want[i], l->s, l->n, sizeof *l->s, cmp_word))
            fail_msg("%s is missing", want[i]);
    assert_int_equal(l->n, n);
}

#define EMPTY15 "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"

static void test_empty_board(void **state)
{
    (void)state;
    fixture f = make(EMPTY15 " ACT/ 0/0 0", "CAT\nAT\nACT\nTA\n");
    long others;
    playlist l = plays_of(&f, &others);
    assert_int_equal(l.n, 20); /* 10 across covering H8, 10 down */
    assert_int_equal(others, 8); /* the pass and 7 exchanges */
    const char *some[] = {"8F CAT 10", "8G AT 4", "H6 ACT 10", "H8 TA 4"};
    for (size_t i = 0; i < 4; i++)
        assert_non_null(bsearch(&some[i], l.s, l.n, sizeof *l.s, cmp_word));
    pl_free(&l);
    unmake(&f);
}

static void test_one_tile(void **state)
{
    (void)state;
    fixture f = make("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 T/ 0/0 0", "AT\nTA\n");
    long others;
    playlist l = plays_of(&f, &others);
    const char *want[] = {"8G T. 2", "8H .T 2", "H7 T. 2", "H8 .T 2"};
    expect(&l, want, 4);
    assert_int_equal(others, 2); /* -T and the pass */
    pl_free(&l);
    unmake(&f);
    /* a blank makes the same words, for A's point only */
    f = make("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 ?/ 0/0 0", "AT\nTA\n");
    l = plays_of(&f, &others);
    const char *blank[] = {"8G t. 1", "8H .t 1", "H7 t. 1", "H8 .t 1"};
    expect(&l, blank, 4);
    pl_free(&l);
    unmake(&f);
}

/* A blank may stand for either E of EE, or for the E with the rack's own E kept. */
static void test_blank_choices(void **state)
{
    (void)state;
    fixture f = make(EMPTY15 " E?/ 0/0 0", "EE\nHE\n");
    long others;
    playlist l = plays_of(&f, &others);
    const char *want[] = {"8G Ee 2", "8G eE 2", "8H Ee 2", "8H eE 2", "8G hE 2", "8H hE 2",
                          "H7 Ee 2", "H7 eE 2", "H8 Ee 2", "H8 eE 2", "H7 hE 2", "H8 hE 2"};
    pl_sort(&l);
    expect(&l, want, sizeof want / sizeof want[0]);
    pl_free(&l);
    unmake(&f);
}

static void test_bingo_through_two(void **state)
{
    (void)state;
    /* L on F8 and T on H8; RELATIONS from D8: R (D8 double letter) 2, E, A, I,
     * O, N 1 each, S (L8 double letter) 2, L and T 1 each = 11, + 50 */
    fixture f = make("15/15/15/15/15/15/15/5L1T7/15/15/15/15/15/15/15 AEINORS/ 0/0 0",
                     "RELATIONS\nORIENTALS\nSNORE\nLA\nAT\nTA\n");
    long others;
    playlist l = plays_of(&f, &others);
    assert_non_null(bsearch(&(const char *){"8D RE.A.IONS 61"}, l.s, l.n, sizeof *l.s, cmp_word));
    pl_free(&l);
    lx_xw_gen_options o = {f.lx, NULL, NULL, 0};
    lx_xw_play best;
    lx_game_error err;
    lx_game_error_init(&err);
    assert_int_equal(lx_xw_gen_best(f.g, f.p, &o, &best, &err), 0);
    assert_int_equal(best.score, 61);
    assert_int_equal(best.ntiles, 7);
    lx_game_error_free(&err);
    unmake(&f);
}

static void test_edges(void **state)
{
    (void)state;
    fixture f = make("14A/15/15/15/15/15/15/15/15/15/15/15/15/15/15 T/ 0/0 0", "AT\nTA\n");
    long others;
    playlist l = plays_of(&f, &others);
    const char *want[] = {"1N T. 2", "O1 .T 2"};
    expect(&l, want, 2);
    pl_free(&l);
    unmake(&f);
}

static void test_multi_codepoint_tile(void **state)
{
    (void)state;
    /* Spanish: CH is one tile worth 5; 8G [CH]E: (5 + 1) x 2 on the centre */
    fixture f = make(EMPTY15 " AE[CH]/ 0/0 0 ld spanish;", "[CH]E\nA[CH]E\nE[CH]A\n");
    long others;
    playlist l = plays_of(&f, &others);
    assert_non_null(bsearch(&(const char *){"8G [CH]E 12"}, l.s, l.n, sizeof *l.s, cmp_word));
    assert_int_equal(l.n, 2 * (2 + 3 + 3));
    pl_free(&l);
    unmake(&f);
}

/* A distribution with tiles above 31 (Polish: Ź is 31, Ż 32): the word
 * graph the every-play walk reads from a generator's second call with a
 * lexicon on keeps each run's tiles in two words.  Both calls list what
 * the brute force does. */
static void test_tiles_above_31(void **state)
{
    (void)state;
    fixture f = make("15/15/15/15/15/15/15/7ŻA6/15/15/15/15/15/15/15 AŹŻ?/ 0/0 0 ld polish;",
                     "ŻA\nAŻ\nŹA\nAŹ\nŻAŹ\nŹAŻ\nAŻA\nŻAŻA\nZA\n");
    for (int call = 0; call < 2; call++) {
        long others;
        playlist l = plays_of(&f, &others);
        /* AŻA, ŻAŻA, ŻAŹ through the board's ŻA; the blank as Ż; ŻAŹ over 7G's premiums */
        const char *some[] = {"8G A.. 7", "8H ..ŻA 12", "8H ..Ź 15", "8F żA.. 7", "7G ŻAŹ 54"};
        for (size_t i = 0; i < 5; i++)
            if (!bsearch(&some[i], l.s, l.n, sizeof *l.s, cmp_word))
                fail_msg("%s is missing", some[i]);
        assert_int_equal(l.n, 169);
        pl_free(&l);
    }
    unmake(&f);
}

/* ---- exchanges, the end of the game, leaves, other engines' files ------------------------------------------------ */

static void test_exchange_rule(void **state)
{
    (void)state;
    /* etl 200: the bag never holds enough to exchange */
    fixture f = make(EMPTY15 " ACT/ 0/0 0 etl 200;", "CAT\n");
    long others;
    playlist l = plays_of(&f, &others);
    assert_int_equal(others, 1);
    pl_free(&l);
    unmake(&f);
}

static void test_endgame(void **state)
{
    (void)state;
    const char *tiny = "A 3 1 1\nT 2 1 0\n";
    lx_xw_data *own = lx_xw_data_new("");
    lx_xw_dist *d = lx_xw_dist_parse("tiny", tiny, strlen(tiny), NULL);
    assert_non_null(d);
    assert_int_equal(lx_xw_data_add_dist(own, d), 0);
    lx_xw_layout *lay = lx_xw_layout_parse("CrosswordGame", "..." "\n" ".*." "\n" "..." "\n", 12, NULL);
    assert_non_null(lay);
    assert_int_equal(lx_xw_data_add_layout(own, lay), 0);
    /* every tile in a rack: the bag is empty */
    const char *cgp = "3/3/3 AT/AAT 0/0 0 ld tiny;";
    lx_xw_pos *p = lx_xw_pos_new();
    assert_int_equal(lx_xw_cgp_read(p, cgp, strlen(cgp), 0, own, NULL), 0);
    lx_xw_lexicon *lx = lexicon_of(lx_xw_pos_dist(p), "AT\nTA\n");
    lx_xw_gen *g = lx_xw_gen_new();
    lx_xw_gen_options o = {lx, NULL, NULL, 0};
    const lx_xw_play *plays;
    lx_game_error err;
    lx_game_error_init(&err);
    long n = lx_xw_gen_all(g, p, &o, &plays, &err);
    assert_int_equal(n, 9); /* AT and TA, across and down, two squares each; the pass; no exchange */
    for (long i = 0; i < n; i++) {
        if (plays[i].kind == LX_XW_PASS) { /* not out: -10 - 2 x (1 + 1) */
            assert_true(plays[i].equity == -14.0);
            continue;
        }
        assert_int_equal(plays[i].kind, LX_XW_PLACE);
        /* out: the score + 2 x the opponent's AAT (3 points) */
        assert_true(plays[i].equity == plays[i].score + 6.0);
    }
    lx_xw_play best;
    assert_int_equal(lx_xw_gen_best(g, p, &o, &best, &err), 0);
    assert_int_equal(best.kind, LX_XW_PLACE);
    assert_int_equal(best.score, 4); /* two 1-point tiles on the double-word start */
    lx_game_error_free(&err);
    lx_xw_gen_free(g);
    lx_xw_lexicon_free(lx);
    lx_xw_pos_free(p);
    lx_xw_data_free(own);
}

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8), b[2] = (uint8_t)(v >> 16), b[3] = (uint8_t)(v >> 24);
}

#define NODE(tile, accepts, end, arc) (((uint32_t)(tile) << 24) | ((accepts) ? 0x800000u : 0) | ((end) ? 0x400000u : 0) | (arc))

static void test_klv(void **state)
{
    (void)state;
    /* leaves ? (the blank), A, AT: a DAWG of them, then f32 values */
    uint8_t b[4 + 4 * 4 + 4 + 3 * 4];
    put32(b, 4);
    put32(b + 4, NODE(0, 0, 1, 1));
    put32(b + 8, NODE(0, 1, 0, 0));  /* ? */
    put32(b + 12, NODE(1, 1, 1, 3)); /* A */
    put32(b + 16, NODE(20, 1, 1, 0)); /* AT */
    put32(b + 20, 3);
    float v[3] = {25.5f, 1.0f, 3.5f};
    for (int i = 0; i < 3; i++) {
        uint32_t u;
        memcpy(&u, &v[i], 4);
        put32(b + 24 + 4 * i, u);
    }
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_leaves *lv = lx_xw_leaves_from_klv("t", b, sizeof b, d);
    assert_non_null(lv);
    assert_int_equal(lx_xw_leaves_count(lv), 3);
    uint8_t blank = 0, a = 1, ta[2] = {20, 1}, t = 20;
    assert_true(lx_xw_leave_value(lv, en, &blank, 1) == 25.5);
    assert_true(lx_xw_leave_value(lv, en, &a, 1) == 1.0);
    assert_true(lx_xw_leave_value(lv, en, ta, 2) == 3.5);
    assert_true(lx_xw_leave_value(lv, en, &t, 1) == 0.0);
    lx_xw_leaves_free(lv);
    /* the same as KLV (i16, 1/256 point): 25.5 is 6528 */
    uint8_t c[4 + 4 * 4 + 4 + 3 * 2];
    memcpy(c, b, 24);
    int16_t w[3] = {6528, 256, 896};
    for (int i = 0; i < 3; i++)
        c[24 + 2 * i] = (uint8_t)(w[i] & 0xFF), c[25 + 2 * i] = (uint8_t)((uint16_t)w[i] >> 8);
    lv = lx_xw_leaves_from_klv("t", c, sizeof c, d);
    assert_non_null(lv);
    assert_true(lx_xw_leave_value(lv, en, ta, 2) == 3.5);
    assert_true(lx_xw_leave_value(lv, en, &blank, 1) == 25.5);
    lx_xw_leaves_free(lv);
    /* malformed: too short, an arc out of range */
    assert_null(lx_xw_leaves_from_klv("t", c, 10, d));
    put32(c + 8, NODE(0, 1, 0, 99));
    assert_null(lx_xw_leaves_from_klv("t", c, sizeof c, d));
    assert_int_equal(lx_diag_count(d), 2);
    assert_string_equal(lx_diag_get(d, 0)->code, "KLV_INVALID");
    lx_diag_list_free(d);
    /* the built-in estimate: blank 25; E +2; EE 2 + 2 - 4; QU -4.75 + 2 */
    uint8_t e2[2] = {5, 5}, qu[2] = {17, 21};
    assert_true(lx_xw_leave_value(NULL, en, &blank, 1) == 25.0);
    assert_true(lx_xw_leave_value(NULL, en, e2, 2) == 0.0 - 3.0 * 1); /* two vowels, no consonant: off by 2 */
    assert_true(lx_xw_leave_value(NULL, en, qu, 2) == -2.75);
}

/* A KWG with both halves laid out as wolges lays them (words AB and B): the
 * generator walks its GADDAG, separator arcs into the DAWG and all. */
static void test_wolges_layout_generates(void **state)
{
    (void)state;
    uint8_t b[9 * 4];
    put32(b + 0, NODE(0, 0, 1, 2));
    put32(b + 4, NODE(0, 0, 1, 4));
    put32(b + 8, NODE(1, 0, 0, 6));
    put32(b + 12, NODE(2, 1, 1, 0));
    put32(b + 16, NODE(1, 0, 0, 7));
    put32(b + 20, NODE(2, 1, 1, 8));
    put32(b + 24, NODE(2, 1, 1, 0));
    put32(b + 28, NODE(0, 0, 1, 6));
    put32(b + 32, NODE(1, 1, 1, 0));
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("wolges", b, sizeof b, NULL);
    assert_non_null(lx);
    fixture f = make("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 B/ 0/0 0", "AB\nB\n");
    lx_xw_lexicon_free(f.lx);
    f.lx = lx;
    long others;
    playlist l = plays_of(&f, &others);
    const char *want[] = {"8H .B 4", "H8 .B 4"}; /* B is 3 points: A 1 + B 3 */
    expect(&l, want, 2);
    pl_free(&l);
    unmake(&f);
}

/* A lexicon file with a tile the distribution lacks: a blank never becomes it. */
static void test_foreign_tile(void **state)
{
    (void)state;
    uint8_t b[3 * 4]; /* the one word "A" + tile 40, DAWG only */
    put32(b + 0, NODE(0, 0, 1, 1));
    put32(b + 4, NODE(1, 0, 1, 2));
    put32(b + 8, NODE(40, 1, 1, 0));
    lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg("foreign", b, sizeof b, NULL);
    assert_non_null(lx);
    fixture f = make("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 ?/ 0/0 0", "AT\n");
    lx_xw_lexicon_free(f.lx);
    f.lx = lx;
    lx_xw_gen_options o = {lx, NULL, NULL, 0};
    const lx_xw_play *plays;
    lx_game_error err;
    lx_game_error_init(&err);
    long n = lx_xw_gen_all(f.g, f.p, &o, &plays, &err);
    for (long i = 0; i < n; i++)
        assert_int_not_equal(plays[i].kind, LX_XW_PLACE);
    assert_int_equal(n, 2); /* -? and the pass */
    lx_game_error_free(&err);
    unmake(&f);
}

/* ---- random games ------------------------------------------------------------------------------------------------ */

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33) % n;
}

/* A word list from Debian's wamerican: a-z words of 2 to 8 letters, one in
 * `keep` of them (chosen by a hash of the word), upper case. */
static char *wamerican_subset(unsigned keep)
{
    FILE *fp = fopen(LX_XW_WAMERICAN_PATH, "r");
    assert_non_null(fp); /* Debian's wamerican is a build dependency */
    lx_buf out = LX_BUF_INIT;
    char line[128];
    while (fgets(line, sizeof line, fp)) {
        size_t n = strcspn(line, "\n");
        int ok = n >= 2 && n <= 8;
        unsigned h = 5381;
        for (size_t i = 0; i < n && ok; i++) {
            ok = line[i] >= 'a' && line[i] <= 'z';
            h = h * 33 + (unsigned char)line[i];
            line[i] = (char)(line[i] - 'a' + 'A');
        }
        if (ok && h % keep == 0) {
            line[n] = '\n';
            lx_buf_append(&out, line, n + 1);
        }
    }
    fclose(fp);
    lx_buf_append_char(&out, '\0');
    return out.data;
}

typedef struct bag {
    uint8_t t[1024];
    size_t n;
} bag;

static void fill_bag(bag *b, const lx_xw_dist *d)
{
    b->n = 0;
    for (int t = 0; t <= lx_xw_dist_letters(d); t++)
        for (int k = 0; k < lx_xw_dist_count(d, t); k++)
            b->t[b->n++] = (uint8_t)t;
}

static void draw(bag *b, uint8_t *rack, size_t *n)
{
    while (*n < LX_XW_RACK_SIZE && b->n > 0) {
        uint32_t i = rnd((uint32_t)b->n);
        rack[(*n)++] = b->t[i];
        b->t[i] = b->t[--b->n];
    }
}

/* Play a game of random legal placements on layout l; compare the
 * generator with the brute force before each.  Returns the placements seen. */
static size_t random_game(const lx_xw_dist *d, const lx_xw_layout *l, const lx_xw_lexicon *lx, const wordset *ws,
                          int turns)
{
    lx_xw_pos *p = lx_xw_pos_new();
    lx_xw_gen *g = lx_xw_gen_new();
    assert_int_equal(lx_xw_pos_reset(p, d, l, 2), 0);
    bag b;
    fill_bag(&b, d);
    uint8_t racks[2][LX_XW_RACK_SIZE];
    size_t n[2] = {0, 0}, seen = 0;
    draw(&b, racks[0], &n[0]);
    draw(&b, racks[1], &n[1]);
    for (int turn = 0; turn < turns; turn++) {
        int who = turn & 1;
        assert_int_equal(lx_xw_pos_set_rack(p, 0, racks[who], n[who]), 0);
        assert_int_equal(lx_xw_pos_set_rack(p, 1, racks[!who], n[!who]), 0);
        seen += compare(g, p, lx, ws);

        /* a random placement, else an exchange of the whole rack */
        lx_xw_gen_options o = {lx, NULL, NULL, 0};
        const lx_xw_play *plays;
        lx_game_error err;
        lx_game_error_init(&err);
        long count = lx_xw_gen_all(g, p, &o, &plays, &err), places = 0;
        for (long i = 0; i < count; i++)
            places += plays[i].kind == LX_XW_PLACE;
        if (places == 0) {
            for (size_t j = 0; j < n[who]; j++)
                b.t[b.n++] = racks[who][j];
            n[who] = 0;
            draw(&b, racks[who], &n[who]);
            lx_game_error_free(&err);
            continue;
        }
        long pick = (long)rnd((uint32_t)places);
        const lx_xw_play *pl = NULL;
        for (long i = 0; i < count && !pl; i++)
            if (plays[i].kind == LX_XW_PLACE && pick-- == 0)
                pl = &plays[i];
        /* the best play is the first of the sorted list */
        lx_xw_play *copy = malloc((size_t)count * sizeof *copy), best;
        memcpy(copy, plays, (size_t)count * sizeof *copy);
        lx_xw_play chosen = *pl;
        lx_xw_plays_sort(copy, (size_t)count, 0);
        assert_int_equal(lx_xw_gen_best(g, p, &o, &best, &err), 0);
        assert_int_equal(lx_xw_play_cmp(&best, &copy[0]), 0);
        free(copy);
        lx_xw_move m;
        lx_xw_play_move(p, &chosen, &m);
        lx_xw_pos_place(p, &m);
        for (int k = 0; k < chosen.ntiles; k++) { /* off the rack */
            int t = chosen.tiles[k] & LX_XW_BLANK_BIT ? 0 : chosen.tiles[k];
            for (size_t j = 0; j < n[who]; j++)
                if (racks[who][j] == t) {
                    racks[who][j] = racks[who][--n[who]];
                    break;
                }
        }
        draw(&b, racks[who], &n[who]);
        lx_game_error_free(&err);
    }
    lx_xw_gen_free(g);
    lx_xw_pos_free(p);
    return seen;
}

static void test_random_games(void **state)
{
    (void)state;
    char *text = wamerican_subset(5);
    lx_xw_lexicon *lx = lexicon_of(en, text);
    wordset ws = words_of(en, text);
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    assert_non_null(l);
    size_t seen = 0;
    for (int game = 0; game < 3; game++) {
        rng_state = 1000 + (uint64_t)game;
        seen += random_game(en, l, lx, &ws, 12);
    }
    assert_true(seen > 1000); /* the games went somewhere */
    wordset_free(&ws);
    lx_xw_lexicon_free(lx);
    free(text);
}

/* The best play (shadow bounds, word map) against the first of the sorted
 * full list, on positions of games the best plays make, racks drawn with an
 * extra chance of blanks; one generator for two lexicons in turns, so its
 * word map must follow the lexicon. */
static void test_best_many(void **state)
{
    (void)state;
    char *big_text = wamerican_subset(1), *small_text = wamerican_subset(3);
    lx_xw_lexicon *lex[2] = {lexicon_of(en, big_text), lexicon_of(en, small_text)};
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    assert_non_null(l);
    lx_xw_pos *p = lx_xw_pos_new();
    lx_xw_gen *g = lx_xw_gen_new();
    size_t compared = 0, with_blank = 0;
    rng_state = 4242;
    for (int game = 0; game < 6; game++) {
        assert_int_equal(lx_xw_pos_reset(p, en, l, 2), 0);
        for (int turn = 0; turn < 14; turn++) {
            bag b;
            fill_bag(&b, en);
            uint8_t rack[LX_XW_RACK_SIZE];
            size_t n = 0;
            draw(&b, rack, &n);
            int blanks = rnd(3) == 0 ? 1 + (int)rnd(2) : 0;
            for (int k = 0; k < blanks; k++)
                rack[k] = 0;
            with_blank += blanks > 0;
            assert_int_equal(lx_xw_pos_set_rack(p, 0, rack, n), 0);
            lx_xw_play moved;
            int have_move = 0;
            for (int which = 0; which < 2; which++) {
                lx_xw_gen_options o = {lex[(turn + which) & 1], NULL, NULL, 0};
                const lx_xw_play *plays;
                lx_game_error err;
                lx_game_error_init(&err);
                long count = lx_xw_gen_all(g, p, &o, &plays, &err);
                assert_true(count > 0);
                lx_xw_play *copy = malloc((size_t)count * sizeof *copy), best;
                memcpy(copy, plays, (size_t)count * sizeof *copy);
                lx_xw_plays_sort(copy, (size_t)count, 0);
                assert_int_equal(lx_xw_gen_best(g, p, &o, &best, &err), 0);
                assert_int_equal(lx_xw_play_cmp(&best, &copy[0]), 0);
                compared++;
                if (o.lexicon == lex[0] && copy[0].kind == LX_XW_PLACE)
                    moved = copy[0], have_move = 1;
                free(copy);
                lx_game_error_free(&err);
            }
            if (have_move) {
                lx_xw_move m;
                lx_xw_play_move(p, &moved, &m);
                lx_xw_pos_place(p, &m);
            }
        }
    }
    assert_true(compared == 6 * 14 * 2);
    assert_true(with_blank > 10);
    lx_xw_gen_free(g);
    lx_xw_pos_free(p);
    lx_xw_lexicon_free(lex[0]);
    lx_xw_lexicon_free(lex[1]);
    free(big_text);
    free(small_text);
}

/* The generator keeps the cross facts of the last board and works out again
 * only the lines whose tiles changed: one generator taken through positions
 * of two games in a scrambled order (lines of many kinds changed, a board
 * of another size between them), then the last with the values of another
 * distribution, lists what the brute force does. */
static void test_cross_facts_kept(void **state)
{
    (void)state;
    char *text = wamerican_subset(5);
    lx_xw_lexicon *lx = lexicon_of(en, text);
    wordset ws = words_of(en, text);
    const lx_xw_layout *l = lx_xw_data_layout(data, "CrosswordGame", NULL);
    const char *five = "=.'.=\n.-.-.\n'.*.'\n.-.-.\n=.'.=\n";
    lx_xw_layout *small = lx_xw_layout_parse("Five", five, strlen(five), NULL);
    assert_non_null(l);
    assert_non_null(small);
    enum { TURNS = 8 };
    lx_buf cgp[2 * TURNS];
    lx_xw_pos *p = lx_xw_pos_new();
    lx_xw_gen *g = lx_xw_gen_new();
    lx_xw_gen_options o = {lx, NULL, NULL, 0};
    rng_state = 31;
    for (int game = 0; game < 2; game++) { /* positions of two games of random placements */
        assert_int_equal(lx_xw_pos_reset(p, en, l, 2), 0);
        for (int turn = 0; turn < TURNS; turn++) {
            bag b;
            fill_bag(&b, en);
            uint8_t rack[LX_XW_RACK_SIZE];
            size_t n = 0;
            draw(&b, rack, &n);
            assert_int_equal(lx_xw_pos_set_rack(p, 0, rack, n), 0);
            lx_buf *c = &cgp[game * TURNS + turn];
            *c = (lx_buf)LX_BUF_INIT;
            assert_int_equal(lx_xw_cgp_write(p, c), 0);
            const lx_xw_play *plays;
            long count = lx_xw_gen_all(g, p, &o, &plays, NULL);
            for (long i = (long)rnd((uint32_t)count), k = 0; k < count; k++, i = (i + 1) % count)
                if (plays[i].kind == LX_XW_PLACE) {
                    lx_xw_move m;
                    lx_xw_play_move(p, &plays[i], &m);
                    lx_xw_pos_place(p, &m);
                    break;
                }
        }
    }
    lx_xw_gen_free(g);
    g = lx_xw_gen_new();
    size_t seen = 0;
    for (int i = 0, at = 0; i < 2 * TURNS; i++, at = (at + 5) % (2 * TURNS)) { /* 5 is prime to 16 */
        assert_int_equal(lx_xw_cgp_read(p, cgp[at].data, cgp[at].len, 0, data, NULL), 0);
        seen += compare(g, p, lx, &ws);
        if (i == TURNS) { /* a board of another size, then back */
            assert_int_equal(lx_xw_pos_reset(p, en, small, 2), 0);
            uint8_t rack[] = {1, 5, 18, 20, 19, 14, 15};
            assert_int_equal(lx_xw_pos_set_rack(p, 0, rack, sizeof rack), 0);
            seen += compare(g, p, lx, &ws);
        }
    }
    assert_true(seen > 500);
    /* the same tiles with the values of another distribution: the cross-words' scores change */
    const char *words = "WAX\nAX\nAW\nWE\nYE\nOW\nOX\nKA\nKAY\nAY\nYA\nWO\nAWE\nAWEE\n";
    lx_xw_lexicon *wlx = lexicon_of(en, words);
    wordset wws = words_of(en, words);
    size_t scored[2];
    for (int k = 0; k < 2; k++) {
        const char *cgp_text[2] = {"15/15/15/15/15/15/15/6WAX6/15/15/15/15/15/15/15 AEKOWYS/ 0/0 0",
                                   "15/15/15/15/15/15/15/6WAX6/15/15/15/15/15/15/15 AEKOWYS/ 0/0 0 ld french;"};
        assert_int_equal(lx_xw_cgp_read(p, cgp_text[k], strlen(cgp_text[k]), 0, data, NULL), 0);
        assert_string_equal(lx_xw_dist_name(lx_xw_pos_dist(p)), k ? "french" : "english");
        scored[k] = compare(g, p, wlx, &wws);
    }
    assert_true(scored[0] > 10 && scored[0] == scored[1]);
    /* the same tiles on a board of the same size with other premiums (the
     * squares the generator keeps from call to call hold them), and back */
    char other[16 * 15 + 1] = "";
    for (int r = 0; r < 15; r++)
        strcat(other, r == 6 ? ".....=\"-'=.....\n" : r == 7 ? ".......*.......\n" : r == 8 ? ".....-=\"=-.....\n" : "...............\n");
    lx_xw_layout *ol = lx_xw_layout_parse("Other", other, strlen(other), NULL);
    assert_non_null(ol);
    size_t on[3];
    for (int k = 0; k < 3; k++) {
        assert_int_equal(lx_xw_pos_reset(p, en, k == 1 ? ol : l, 2), 0);
        lx_xw_move m = {LX_XW_PLACE, 7, 6, 0, 3, {23, 1, 24}, {0}, 0}; /* WAX */
        lx_xw_pos_place(p, &m);
        uint8_t rack[] = {1, 5, 11, 15, 23, 25, 19};
        assert_int_equal(lx_xw_pos_set_rack(p, 0, rack, sizeof rack), 0);
        on[k] = compare(g, p, wlx, &wws);
    }
    assert_true(on[0] > 10 && on[0] == on[1] && on[1] == on[2]);
    lx_xw_layout_free(ol);
    wordset_free(&wws);
    lx_xw_lexicon_free(wlx);
    for (int i = 0; i < 2 * TURNS; i++)
        lx_buf_free(&cgp[i]);
    lx_xw_gen_free(g);
    lx_xw_pos_free(p);
    lx_xw_layout_free(small);
    wordset_free(&ws);
    lx_xw_lexicon_free(lx);
    free(text);
}

static void test_board_sizes(void **state)
{
    (void)state;
    char *text = wamerican_subset(4);
    lx_xw_lexicon *lx = lexicon_of(en, text);
    wordset ws = words_of(en, text);
    const char *five = "=.'.=\n.-.-.\n'.*.'\n.-.-.\n=.'.=\n";
    lx_xw_layout *small = lx_xw_layout_parse("Five", five, strlen(five), NULL);
    assert_non_null(small);
    assert_int_equal(lx_xw_layout_rows(small), 5);
    size_t seen = 0;
    for (int game = 0; game < 6; game++) {
        rng_state = 77 + (uint64_t)game;
        seen += random_game(en, small, lx, &ws, 8);
    }
    assert_true(seen > 30);
    const lx_xw_layout *super = lx_xw_data_layout(data, "SuperCrosswordGame", NULL);
    const lx_xw_dist *sen = lx_xw_data_dist(data, "english_super", NULL);
    assert_non_null(super);
    assert_int_equal(lx_xw_layout_rows(super), 21);
    lx_xw_lexicon *slx = lexicon_of(sen, text);
    wordset sws = words_of(sen, text);
    rng_state = 5;
    size_t big = random_game(sen, super, slx, &sws, 8);
    assert_true(big > 100);
    lx_xw_layout_free(small);
    lx_xw_lexicon_free(slx);
    wordset_free(&sws);
    wordset_free(&ws);
    lx_xw_lexicon_free(lx);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_board),      cmocka_unit_test(test_one_tile),
        cmocka_unit_test(test_blank_choices),
        cmocka_unit_test(test_bingo_through_two), cmocka_unit_test(test_edges),
        cmocka_unit_test(test_multi_codepoint_tile), cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_tiles_above_31),
        cmocka_unit_test(test_board_sizes),      cmocka_unit_test(test_cross_facts_kept),
        cmocka_unit_test(test_best_many),      cmocka_unit_test(test_exchange_rule),
        cmocka_unit_test(test_endgame),          cmocka_unit_test(test_klv),
        cmocka_unit_test(test_wolges_layout_generates), cmocka_unit_test(test_foreign_tile),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

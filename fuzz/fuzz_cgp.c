/* fuzz_cgp.c - libFuzzer harness for CGP positions and plays.
 *
 * The input is a file of CGP records, one per line; a line "play X" scores
 * the play X on the position read last.  Every record is read, validated,
 * its words judged, drawn as text and SVG, and written; traps when an
 * invariant breaks:
 *   - a position read without errors writes a canonical CGP that reads
 *     back without errors to the same text (the writer is a fixed point);
 *   - a play that is accepted scores at least 0, makes at least one word,
 *     and every word lies on the board;
 *   - the whole-file check (lx_xw_check_cgp) counts exactly the lines it
 *     was given (blank and '#' lines left out).
 * Data comes from $LUDEX_XWORD_DATA, else data/xword (the repository's). */
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
    static lx_xw_data *data; /* the harness's, not the library's: built once, read-only after */
    if (!data) {
        const char *env = getenv(LX_XW_DATA_ENV);
        data = lx_xw_data_new(env && *env ? env : "data/xword");
    }
    return data;
}

static void check_round_trip(lx_xw_pos *p, lx_xw_data *data)
{
    lx_buf a = LX_BUF_INIT, b = LX_BUF_INIT;
    CHECK(lx_xw_cgp_write(p, &a) == 0);
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_pos *q = lx_xw_pos_new();
    CHECK(lx_xw_cgp_read(q, a.data, a.len, 0, data, d) == 0);
    CHECK(lx_diag_count_at_least(d, LX_ERROR) == 0);
    CHECK(lx_xw_cgp_write(q, &b) == 0);
    CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    lx_xw_pos_free(q);
    lx_diag_list_free(d);
    lx_buf_free(&a);
    lx_buf_free(&b);
}

static void score_play(const lx_xw_pos *p, const char *s, size_t len)
{
    lx_xw_move m;
    lx_xw_scored sc;
    lx_game_error e;
    lx_game_error_init(&e);
    if (lx_xw_move_parse(lx_xw_pos_dist(p), lx_xw_pos_rows(p), lx_xw_pos_cols(p), s, len, &m, &e) == 0 &&
        lx_xw_move_check(p, &m, LX_XW_SPELLED_THROUGH, &sc, &e) == 0) {
        CHECK(sc.score >= 0);
        CHECK(m.kind != LX_XW_PLACE || sc.nwords > 0);
        lx_buf w = LX_BUF_INIT;
        for (size_t i = 0; i < sc.nwords; i++) {
            const lx_xw_word *x = &sc.words[i];
            CHECK(x->len >= 2 && x->row >= 0 && x->col >= 0);
            CHECK(x->row + (x->down ? x->len - 1 : 0) < lx_xw_pos_rows(p));
            CHECK(x->col + (x->down ? 0 : x->len - 1) < lx_xw_pos_cols(p));
            CHECK(lx_xw_word_text(p, &m, x, &w) == 0);
        }
        lx_buf_free(&w);
    }
    lx_game_error_free(&e);
}

static void one_record(lx_xw_pos *p, int *have, const char *s, size_t len, size_t at, lx_xw_data *data)
{
    if (len > 5 && memcmp(s, "play ", 5) == 0) {
        if (*have)
            score_play(p, s + 5, len - 5);
        return;
    }
    lx_diag_list *d = lx_diag_list_new();
    *have = lx_xw_cgp_read(p, s, len, at, data, d) == 0;
    if (*have) {
        lx_xw_pos_validate(p, d);
        lx_buf out = LX_BUF_INIT;
        CHECK(lx_xw_draw(p, LX_DRAW_ASCII, 0, NULL, &out) == 0);
        CHECK(lx_xw_draw(p, LX_DRAW_SVG, 1, NULL, &out) == 0);
        lx_buf_free(&out);
        if (lx_diag_count_at_least(d, LX_ERROR) == 0)
            check_round_trip(p, data);
    }
    lx_diag_list_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size)
{
    lx_xw_data *data = data_dir();
    const char *text = (const char *)bytes;
    lx_xw_pos *p = lx_xw_pos_new();
    int have = 0;
    size_t start = 0, lines = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n')
            continue;
        size_t a = start;
        start = i + 1;
        while (a < i && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r'))
            a++;
        if (a == i || text[a] == '#')
            continue;
        lines++;
        one_record(p, &have, text + a, i - a, a, data);
    }
    lx_xw_pos_free(p);
    lx_diag_list *d = lx_diag_list_new();
    size_t n = 0;
    lx_xw_check_cgp(text, size, data, d, &n);
    CHECK(n == lines); /* the checker reads every line ("play" lines as records that do not read) */
    lx_diag_list_free(d);
    return 0;
}

/* fuzz_bgammon.c - libFuzzer harness for backgammon records, games, plays and IDs.
 *
 * Input starting with '(' is an SGF text: it is checked (main line, then
 * every variation), checked as a match, its final position is drawn and
 * described, and it is written canonically - which, for a record without
 * errors, must read back to the same final IDs.  Input starting with '#' is a pair of GNU Backgammon IDs to
 * decode and draw; a decoded pair must encode to the same IDs.  Any other
 * input is a game: the first byte picks the variant, the rest is actions
 * separated by ';' or new lines ("31hefe", "double", "B:take", ...), each
 * played for the colour named by a leading "B:"/"W:" (else the one to
 * play).  After every action the board must be valid with every checker
 * accounted for, its IDs must decode back to it, and for a roll taken from
 * the input every play the generator gives must pass the play checker and
 * lead to a valid board.  Anything else aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"
#include "ludex/ludex.h"

static void invariants(const lx_bgammon_game *g)
{
    const lx_bgammon_board *b = lx_bgammon_game_board(g);
    lx_game_error e;
    lx_game_error_init(&e);
    if (lx_bgammon_board_check(b, &e) != 0)
        abort();
    for (int c = 0; c < 2; c++)
        if (b->checkers[c][0] + bg_on_board(b, (lx_colour)c) != g->total && bg_on_board(b, (lx_colour)c) <= g->total)
            abort();
    char pos[15], mid[13];
    lx_bgammon_game_ids(g, pos, mid);
    lx_bgammon_match_info m, back;
    lx_bgammon_game_info(g, &m);
    if (lx_bgammon_match_from_id(mid, 12, &back, &e) != 0)
        abort();
    if (back.state != m.state || back.turn != m.turn || back.on_roll != m.on_roll || back.doubled != m.doubled)
        abort();
    lx_bgammon_board decoded;
    if (g->total == LX_BGAMMON_CHECKERS) {
        if (lx_bgammon_position_from_id(pos, 14, m.on_roll, &decoded, &e) != 0)
            abort();
        for (int c = 0; c < 2; c++)
            if (memcmp(decoded.checkers[c] + 1, b->checkers[c] + 1, 25) != 0)
                abort();
    }
    lx_game_error_free(&e);
}

/* Every play the generator gives for dice d1, d2 must be accepted and lead somewhere valid. */
static void plays_agree(lx_bgammon_movegen *gen, const lx_bgammon_board *b, lx_colour who, int d1, int d2)
{
    const lx_bgammon_play *plays;
    long n = lx_bgammon_legal_plays(gen, b, who, d1, d2, &plays);
    if (n < 1)
        abort();
    lx_game_error e;
    lx_game_error_init(&e);
    for (long i = 0; i < n && i < 64; i++) {
        if (lx_bgammon_check_play(b, who, d1, d2, &plays[i], &e) != 0)
            abort();
        lx_bgammon_board c = *b;
        lx_bgammon_apply_play(&c, who, &plays[i]);
        if (lx_bgammon_board_check(&c, &e) != 0)
            abort();
    }
    lx_game_error_free(&e);
}

static void describe(const lx_bgammon_game *g)
{
    lx_buf out = LX_BUF_INIT;
    lx_bgammon_draw(g, LX_DRAW_ASCII, 0, &out);
    lx_bgammon_draw(g, LX_DRAW_SVG, 1, &out);
    lx_bgammon_describe_json(g, &out);
    lx_game_result r;
    lx_bgammon_game_result(g, &r);
    lx_buf_free(&out);
}

/* ---- records ------------------------------------------------------------------------------ */

static void final_ids(const char *text, size_t len, char *out, size_t cap)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(text, len, 0, NULL, d);
    lx_sgf_reader *r = doc ? lx_sgf_reader_new(doc, d) : NULL;
    lx_sgf_tree *t = NULL;
    out[0] = '\0';
    if (r && lx_sgf_reader_next(r, &t) == 1 && lx_sgf_tree_gm(t) == 6) {
        lx_bgammon_game *g = lx_bgammon_position_after(t, (size_t)-1, d);
        if (g) {
            char pos[15], mid[13];
            lx_bgammon_game_ids(g, pos, mid);
            snprintf(out, cap, "%s:%s", pos, mid);
            invariants(g);
            describe(g);
            lx_bgammon_game_free(g);
        }
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

static void rewrite_first_tree(const char *text, size_t len, lx_buf *out)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(text, len, 0, NULL, d);
    lx_sgf_reader *r = doc ? lx_sgf_reader_new(doc, d) : NULL;
    lx_sgf_tree *t = NULL;
    if (r && lx_sgf_reader_next(r, &t) == 1) {
        lx_sgf_write_options wo = {0};
        lx_game_write_options(&lx_bgammon_module, &wo);
        lx_sgf_write_tree(t, &wo, out);
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

static void fuzz_sgf(const uint8_t *data, size_t size)
{
    lx_game_registry *reg = lx_game_registry_new();
    size_t errors = 0;
    for (int all = 0; all < 2; all++) {
        lx_diag_list *d = lx_diag_list_new();
        lx_check_options o = {reg, all, NULL};
        lx_check_document((const char *)data, size, &o, NULL, d);
        if (!all)
            errors = lx_diag_count_at_least(d, LX_ERROR);
        lx_diag_list_free(d);
    }
    lx_game_registry_free(reg);
    lx_diag_list *d = lx_diag_list_new();
    lx_bgammon_check_match((const char *)data, size, NULL, d);
    lx_diag_list_free(d);
    char before[40], after[40];
    final_ids((const char *)data, size, before, sizeof before);
    lx_buf out = LX_BUF_INIT;
    rewrite_first_tree((const char *)data, size, &out);
    if (before[0] && out.len > 0 && errors == 0) { /* a refused value leaves a node half done, in any order */
        final_ids(out.data, out.len, after, sizeof after);
        if (strcmp(before, after) != 0)
            abort();
    }
    lx_buf_free(&out);
}

/* ---- IDs --------------------------------------------------------------------------------- */

static void fuzz_ids(const uint8_t *data, size_t size)
{
    char arg[64];
    size_t n = size - 1 < sizeof arg - 1 ? size - 1 : sizeof arg - 1;
    memcpy(arg, data + 1, n);
    arg[n] = '\0';
    lx_buf out = LX_BUF_INIT;
    lx_game_error e;
    lx_game_error_init(&e);
    lx_bgammon_draw_ids(arg, LX_DRAW_ASCII, 0, &out, &e);
    lx_bgammon_board b;
    lx_bgammon_match_info m;
    if (n >= 14 && lx_bgammon_position_from_id(arg, 14, LX_WHITE, &b, &e) == 0) {
        char again[15];
        lx_bgammon_position_id(&b, LX_WHITE, again);
        if (memcmp(again, arg, 14) != 0)
            abort();
    }
    if (n >= 27 && lx_bgammon_match_from_id(arg + 15, 12, &m, &e) == 0) {
        char again[13];
        lx_bgammon_match_id(&m, again);
        lx_bgammon_match_info m2;
        if (lx_bgammon_match_from_id(again, 12, &m2, &e) != 0 || memcmp(&m, &m2, sizeof m) != 0)
            abort();
    }
    lx_game_error_free(&e);
    lx_buf_free(&out);
}

/* ---- games ----------------------------------------------------------------------------- */

static void act(lx_bgammon_game *g, lx_bgammon_movegen *gen, const char *s, size_t n)
{
    lx_colour who = lx_bgammon_game_to_play(g);
    if (n > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == ':') {
        who = s[0] == 'B' ? LX_BLACK : LX_WHITE;
        s += 2, n -= 2;
    }
    if (who == LX_NO_COLOUR)
        who = n % 2 ? LX_BLACK : LX_WHITE;
    lx_game_error e;
    lx_game_error_init(&e);
    lx_bgammon_game_act(g, who, s, n, &e);
    lx_game_error_free(&e);
    invariants(g);
    if (n >= 2 && s[0] >= '1' && s[0] <= '6' && s[1] >= '1' && s[1] <= '6')
        plays_agree(gen, lx_bgammon_game_board(g), who, s[0] - '0', s[1] - '0');
}

static void fuzz_game(const uint8_t *data, size_t size)
{
    if (size < 1)
        return;
    lx_bgammon_game *g = lx_bgammon_game_new((lx_bgammon_variant)(data[0] % 5));
    lx_bgammon_movegen *gen = lx_bgammon_movegen_new();
    if (!g || !gen) {
        lx_bgammon_game_free(g);
        lx_bgammon_movegen_free(gen);
        return;
    }
    const char *s = (const char *)data + 1;
    size_t n = size - 1, start = 0;
    for (size_t i = 0; i <= n; i++)
        if (i == n || s[i] == ';' || s[i] == '\n') {
            act(g, gen, s + start, i - start);
            start = i + 1;
        }
    describe(g);
    lx_bgammon_movegen_free(gen);
    lx_bgammon_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0 && data[0] == '(')
        fuzz_sgf(data, size);
    else if (size > 0 && data[0] == '#')
        fuzz_ids(data, size);
    else
        fuzz_game(data, size);
    return 0;
}

/* fuzz_twixt.c - libFuzzer harness for Twixt records, moves and notations.
 *
 * Input starting with '(' is an SGF text: it is checked (main line, then every
 * variation), its final position is drawn and described, it is written in
 * canonical form, as T1 and in server syntax (both read back), and, when it
 * looks like Little Golem's, converted.  Input starting with '#' is read as a
 * T1 file and as a game in server syntax, each written back.  Any other input
 * is a board (two bytes: columns and rows, 3..34; a third: the rules) and a
 * list of moves separated by ';' or new lines: "B:" or "W:" names the colour
 * (else the colour to play); '!' starts a server move, '%' a setup peg ("%-"
 * clears the hole), anything else is an SGF move value.  After every
 * change the union-find's winner must equal a flood fill's, a connected colour
 * must be able to connect, and the peg counts must match the board; then a
 * random playout of the board's size is replayed move by move through the
 * rules and must end with the same winner.  Anything else aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/ludex.h"
#include "ludex/twixt.h"
#include "twixt/twixt_impl.h"

#include "fuzz_common.h"

static void agree(const lx_twixt_board *b)
{
    size_t counts[2] = {0, 0};
    for (int r = 0; r < lx_twixt_rows(b); r++)
        for (int c = 0; c < lx_twixt_cols(b); c++) {
            lx_colour s = lx_twixt_peg_at(b, c, r);
            if (s != LX_NO_COLOUR)
                counts[s]++;
        }
    if (counts[0] != lx_twixt_peg_count(b, LX_BLACK) || counts[1] != lx_twixt_peg_count(b, LX_WHITE))
        abort();
    lx_colour won = lx_twixt_connected(b);
    if (won != lx_twixt_connected_slow(b))
        abort();
    if (won != LX_NO_COLOUR && lx_twixt_can_connect(b, won) != 1)
        abort();
}

static void describe(const lx_twixt_board *b)
{
    lx_buf out = LX_BUF_INIT;
    agree(b);
    if ((long)lx_twixt_cols(b) * lx_twixt_rows(b) <= 4096) {
        for (int size = 1; size <= 4; size++)
            lx_twixt_draw(b, LX_DRAW_ASCII, size, &out);
        lx_twixt_draw(b, LX_DRAW_SVG, 0, &out);
        lx_twixt_is_dead_draw(b);
    }
    lx_twixt_describe_json(b, &out);
    lx_buf_free(&out);
}

static void write_and_read_back(const lx_sgf_tree *t, lx_diag_list *d)
{
    lx_buf out = LX_BUF_INIT;
    if (lx_twixt_write_t1(t, &out, d) >= 0 && out.len) {
        lx_sgf_tree *back = lx_twixt_read_t1(out.data, out.len, d);
        lx_sgf_tree_free(back);
    }
    lx_buf_clear(&out);
    if (lx_twixt_write_server_game(t, &out, d) >= 0 && out.len) {
        lx_sgf_tree *back = lx_twixt_read_server_game(out.data, out.len, d);
        lx_sgf_tree_free(back);
    }
    lx_buf_free(&out);
}

static void fuzz_tree(lx_sgf_tree *t)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_twixt_board *b = lx_twixt_position_after(t, (size_t)-1, d);
    if (b) {
        describe(b);
        lx_twixt_board_free(b);
    }
    if (lx_twixt_is_little_golem(t)) {
        lx_sgf_tree *c = lx_twixt_convert_little_golem(t, d);
        lx_sgf_tree_free(c);
    }
    lx_buf out = LX_BUF_INIT;
    lx_sgf_write_options o = {0};
    lx_game_write_options(&lx_twixt_module, &o);
    lx_sgf_write_tree(t, &o, &out);
    lx_buf_free(&out);
    if (lx_sgf_tree_gm(t) == 21)
        write_and_read_back(t, d);
    lx_diag_list_free(d);
}

static void fuzz_sgf(const uint8_t *data, size_t size)
{
    fuzz_document(data, size, fuzz_tree);
}

static void fuzz_text_formats(const uint8_t *data, size_t size)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_tree *a = lx_twixt_read_t1((const char *)data, size, d);
    lx_sgf_tree *b = lx_twixt_read_server_game((const char *)data, size, d);
    if (a)
        write_and_read_back(a, d);
    if (b)
        write_and_read_back(b, d);
    lx_sgf_tree_free(a);
    lx_sgf_tree_free(b);
    lx_diag_list_free(d);
}

static void play_one(lx_twixt_board *b, const char *s, size_t n)
{
    lx_colour who = lx_twixt_to_play(b);
    lx_game_error e;
    lx_game_error_init(&e);
    if (n > 1 && (s[0] == 'B' || s[0] == 'W') && s[1] == ':') {
        who = s[0] == 'B' ? LX_BLACK : LX_WHITE;
        s += 2, n -= 2;
    }
    if (n && s[0] == '!') {
        lx_twixt_server_move m;
        lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
        size_t np;
        int exact;
        if (lx_twixt_parse_server_move(b, s + 1, n - 1, &m, &e) == 0 &&
            lx_twixt_server_to_sgf(b, who, &m, parts, &np, &exact, &e) == 0)
            lx_twixt_play_server_move(b, who, &m, &e);
    } else if (n && s[0] == '%') {
        lx_twixt_move m;
        int clear = n > 1 && s[1] == '-';
        if (lx_twixt_parse_move(b, s + 1 + clear, n - 1 - clear, &m, &e) == 0 && m.kind == LX_TWIXT_PEG)
            lx_twixt_setup(b, m.at.col, m.at.row, clear ? LX_NO_COLOUR : who, &e);
    } else {
        lx_twixt_move m;
        if (lx_twixt_parse_move(b, s, n, &m, &e) == 0)
            lx_twixt_play(b, who, &m, &e);
    }
    lx_game_error_free(&e);
    agree(b);
}

/* A playout replayed through the rules must end the same way. */
static void fuzz_playout(int cols, int rows, lx_twixt_rules rules, const uint8_t *data, size_t size)
{
    uint64_t rng = 0;
    for (size_t i = 0; i < size && i < 8; i++)
        rng = rng << 8 | data[i];
    lx_twixt_playout *p = lx_twixt_playout_new(cols, rows, rules);
    lx_twixt_board *b = lx_twixt_board_new(cols, rows, rules);
    if (p && b) {
        int moves = 0;
        lx_colour w = lx_twixt_playout_run(p, &rng, &moves);
        lx_game_error e;
        lx_game_error_init(&e);
        for (int i = 0; i < moves; i++) {
            lx_twixt_move m = {.kind = LX_TWIXT_PEG};
            lx_twixt_playout_move(p, i, &m.at);
            if (lx_twixt_play(b, i % 2 ? LX_BLACK : LX_WHITE, &m, &e) != 0)
                abort();
        }
        lx_game_error_free(&e);
        if (lx_twixt_winner(b) != w)
            abort();
    }
    lx_twixt_board_free(b);
    lx_twixt_playout_free(p);
}

static void fuzz_moves(const uint8_t *data, size_t size)
{
    if (size < 3)
        return;
    int cols = 3 + data[0] % 32, rows = 3 + data[1] % 32;
    lx_twixt_rules rules = data[2] & 1 ? LX_TWIXT_PP : LX_TWIXT_STD;
    lx_twixt_board *b = lx_twixt_board_new(cols, rows, rules);
    if (!b)
        return;
    if (data[2] & 2)
        lx_twixt_set_handicap(b, 1);
    const char *s = (const char *)data + 3;
    size_t n = size - 3, start = 0;
    for (size_t i = 0; i <= n; i++)
        if (i == n || s[i] == ';' || s[i] == '\n') {
            play_one(b, s + start, i - start);
            start = i + 1;
        }
    describe(b);
    lx_twixt_board_free(b);
    fuzz_playout(cols, rows, rules, data, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0 && data[0] == '(')
        fuzz_sgf(data, size);
    else if (size > 0 && data[0] == '#')
        fuzz_text_formats(data, size);
    else
        fuzz_moves(data, size);
    return 0;
}

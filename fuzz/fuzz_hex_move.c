/* fuzz_hex_move.c - libFuzzer harness for Hex moves, positions and records.
 *
 * Input starting with '(' is an SGF text: it is checked (main line, then
 * every variation), its final position is drawn and described, it is
 * normalised and written, and, when it looks like Little Golem's, converted.
 * Any other input is a board size (two bytes) and a list of moves separated
 * by ';' or new lines, each played for the colour named by a leading 'B'/'W'
 * (else the colour to play); '-' before a cell clears it (setup) and '+' puts
 * a stone of the colour there.  After every change the union-find's verdict
 * must equal a flood fill's, and the stone counts the board's contents; then
 * a random playout of each kind on that board size must name the winner a
 * flood fill names.  Anything else aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"
#include "ludex/ludex.h"

#include "fuzz_common.h"

static void agree(const lx_hex_board *b)
{
    size_t counts[2] = {0, 0};
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++) {
            lx_colour s = lx_hex_stone_at(b, c, r);
            if (s != LX_NO_COLOUR)
                counts[s]++;
        }
    if (counts[0] != b->g.stones[0] || counts[1] != b->g.stones[1])
        abort();
    if (hex_grid_connected(&b->g) != hex_grid_connected_slow(&b->g))
        abort();
}

static void describe(const lx_hex_board *b)
{
    lx_buf out = LX_BUF_INIT;
    agree(b);
    if (lx_hex_cols(b) * lx_hex_rows(b) <= 4096) {
        lx_hex_draw(b, LX_DRAW_ASCII, 0, &out);
        lx_hex_draw(b, LX_DRAW_SVG, 0, &out);
    }
    lx_hex_describe_json(b, &out);
    lx_buf_free(&out);
}

static void fuzz_tree(lx_sgf_tree *t)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_hex_board *b = lx_hex_position_after(t, (size_t)-1, d);
    if (b) {
        describe(b);
        lx_hex_board_free(b);
    }
    if (lx_hex_is_little_golem(t)) {
        lx_sgf_tree *c = lx_hex_convert_little_golem(t, d);
        lx_sgf_tree_free(c);
    }
    lx_buf out = LX_BUF_INIT;
    lx_sgf_write_options o = {0};
    lx_game_write_options(&lx_hex_module, &o);
    if (lx_hex_normalize_tree(t, d) == 0)
        lx_sgf_write_tree(t, &o, &out);
    lx_buf_free(&out);
    lx_diag_list_free(d);
}

static void fuzz_sgf(const uint8_t *data, size_t size)
{
    fuzz_document(data, size, fuzz_tree);
}

static void play_one(lx_hex_board *b, const char *s, size_t n)
{
    lx_colour who = lx_hex_to_play(b);
    int setup = 0;
    if (n && (s[0] == 'B' || s[0] == 'W') && n > 1 && s[1] == ':') {
        who = s[0] == 'B' ? LX_BLACK : LX_WHITE;
        s += 2, n -= 2;
    }
    if (n && (s[0] == '-' || s[0] == '+')) {
        setup = s[0] == '-' ? 1 : 2;
        s++, n--;
    }
    lx_hex_move m;
    lx_game_error e;
    lx_game_error_init(&e);
    if (lx_hex_parse_move(b, s, n, &m, &e) == 0) {
        if (setup && m.kind == LX_HEX_STONE)
            lx_hex_setup(b, m.col, m.row, setup == 1 ? LX_NO_COLOUR : who);
        else if (!setup)
            lx_hex_play(b, who, &m, &e);
    }
    lx_game_error_free(&e);
    agree(b);
}

/* One fill and one stepwise playout of the board's size, judged again by a flood fill. */
static void fuzz_playouts(int cols, int rows, const uint8_t *data, size_t size)
{
    uint64_t rng = 0;
    for (size_t i = 0; i < size && i < 8; i++)
        rng = rng << 8 | data[i];
    lx_hex_playout *p = lx_hex_playout_new(cols, rows);
    lx_hex_board *b = lx_hex_board_new(cols, rows);
    for (int k = 0; p && b && k < 2; k++) {
        int moves = 0;
        lx_colour w = k ? lx_hex_playout_stepwise(p, &rng, &moves) : lx_hex_playout_fill(p, &rng);
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                lx_hex_setup(b, c, r, lx_hex_playout_cell(p, c, r));
        int slow = hex_grid_connected_slow(&b->g);
        if (w != (slow == HEX_BLACK ? LX_BLACK : slow == HEX_WHITE ? LX_WHITE : LX_NO_COLOUR))
            abort();
    }
    lx_hex_board_free(b);
    lx_hex_playout_free(p);
}

static void fuzz_moves(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    lx_hex_board *b = lx_hex_board_new(1 + data[0] % 40, 1 + data[1] % 40);
    if (!b)
        return;
    const char *s = (const char *)data + 2;
    size_t n = size - 2, start = 0;
    for (size_t i = 0; i <= n; i++)
        if (i == n || s[i] == ';' || s[i] == '\n') {
            play_one(b, s + start, i - start);
            start = i + 1;
        }
    describe(b);
    fuzz_playouts(lx_hex_cols(b), lx_hex_rows(b), data + 2, size - 2);
    lx_hex_board_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0 && data[0] == '(')
        fuzz_sgf(data, size);
    else
        fuzz_moves(data, size);
    return 0;
}

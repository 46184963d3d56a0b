/* hex_testutil.h - helpers shared by the Hex unit tests (test_hex*.c).
 *
 * check_hex(text): run lx_check_document on an SGF text and keep its
 * diagnostics; position(text, n): the position after n main-line moves;
 * slow_winner(b): who joins their edges, by a flood fill written here, apart
 * from the library's union-find, so the two can be checked against each other. */
#ifndef LX_HEX_TESTUTIL_H
#define LX_HEX_TESTUTIL_H

#include "testutil.h"

#include "ludex/hex.h"

static inline lx_diag_list *check_hex(const char *text)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_check_summary s;
    assert_int_equal(lx_check_document(text, strlen(text), NULL, &s, d), 0);
    return d;
}

/* The message of the first diagnostic with `code` (fails the test when none). */
static inline const char *message_of(lx_diag_list *d, const char *code)
{
    const lx_diag *x = find_diag(d, code);
    if (!x)
        fail_msg("no %s diagnostic", code);
    return x->message;
}

static inline size_t errors_in(lx_diag_list *d)
{
    return lx_diag_count_at_least(d, LX_ERROR);
}

static inline void print_diags(lx_diag_list *d)
{
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        print_message("  %u:%u %s %s: %s\n", x->line, x->col, lx_severity_name(x->severity), x->code, x->message);
    }
}

/* The position after `move` moves of the first tree of `text`; diagnostics in *d. */
static inline lx_hex_board *position(const char *text, size_t move, parsed *p)
{
    parse_text(p, text);
    assert_true(p->ntrees >= 1);
    lx_hex_board *b = lx_hex_position_after(p->trees[0], move, p->diags);
    assert_non_null(b);
    return b;
}

static inline lx_colour stone(const lx_hex_board *b, const char *cell)
{
    lx_hex_move m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_hex_parse_move(b, cell, strlen(cell), &m, &e), 0);
    lx_game_error_free(&e);
    assert_int_equal(m.kind, LX_HEX_STONE);
    return lx_hex_stone_at(b, m.col, m.row);
}

/* Breadth-first flood fill from the first edge of `c`; independent of the library. */
static inline int slow_joins(const lx_hex_board *b, lx_colour c)
{
    int cols = lx_hex_cols(b), rows = lx_hex_rows(b), n = cols * rows, head = 0, tail = 0;
    int *queue = malloc((size_t)n * sizeof *queue);
    char *seen = calloc((size_t)n, 1);
    static const int dc[] = {-1, 1, 0, 0, 1, -1}, dr[] = {0, 0, -1, 1, -1, 1};
    int found = 0;
    int first = c == LX_BLACK ? cols : rows;
    for (int i = 0; i < first; i++) {
        int col = c == LX_BLACK ? i : 0, row = c == LX_BLACK ? 0 : i;
        if (lx_hex_stone_at(b, col, row) == c) {
            seen[row * cols + col] = 1;
            queue[tail++] = row * cols + col;
        }
    }
    while (head < tail && !found) {
        int col = queue[head] % cols, row = queue[head] / cols;
        head++;
        if ((c == LX_BLACK && row == rows - 1) || (c == LX_WHITE && col == cols - 1))
            found = 1;
        for (int k = 0; k < 6; k++) {
            int nc = col + dc[k], nr = row + dr[k];
            if (nc < 0 || nr < 0 || nc >= cols || nr >= rows || seen[nr * cols + nc] || lx_hex_stone_at(b, nc, nr) != c)
                continue;
            seen[nr * cols + nc] = 1;
            queue[tail++] = nr * cols + nc;
        }
    }
    free(queue);
    free(seen);
    return found;
}

static inline lx_colour slow_winner(const lx_hex_board *b)
{
    if (slow_joins(b, LX_BLACK))
        return LX_BLACK;
    return slow_joins(b, LX_WHITE) ? LX_WHITE : LX_NO_COLOUR;
}

static inline uint64_t test_random(uint64_t *s)
{
    *s += 0x9E3779B97F4A7C15ull;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif

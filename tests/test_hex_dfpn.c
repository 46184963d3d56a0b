/* test_hex_dfpn.c - the Hex solver (src/hex/dfpn.c, lx_hex_solve and
 * lx_hex_sim_solve) against a game search of its own: hand-made positions
 * won with their winning move and lost whatever is played, the empty 3x3,
 * 4x4 and 5x5 boards (the first player wins; the winning first moves of 3x3
 * and 4x4, as a plain game search finds them),
 * random 5x5 positions whose verdicts and winning moves a plain game search
 * confirms, a spent budget answered "unproved", the tree's knowledge
 * (lx_hex_sim_prune: a node's mover proved lost, the moves kept) on random
 * 5x5 positions against the same search, and the engine playing what
 * the solver proved (a win finished, a loss resigned, no search).  Positions
 * are drawn as rows of '.', 'B' and 'W' (Black joins top and bottom, White
 * left and right). */
#include "hex_pictures.h"

#include "base/random.h"

/* ---- the plain game search (no knowledge, a table of positions seen) ------------------ */

enum { MAX_CELLS = 25, MEMO = 1 << 20, DIRECT_CELLS = 16 };

typedef struct game {
    int cols, rows;
    char cell[MAX_CELLS]; /* '.', 'B', 'W' */
    uint64_t *memo;       /* over 16 cells: key << 1 | mover wins, 0 empty */
    uint8_t *direct;      /* up to 16 cells: 2 bits a key (1 lost, 2 won, 0 unknown) */
    int order[MAX_CELLS]; /* the cells tried, the middle rows first (earlier cut-offs) */
} game;

static int joins(const game *g, char who)
{
    int seen[MAX_CELLS] = {0}, stack[MAX_CELLS], top = 0;
    int n = who == 'B' ? g->cols : g->rows;
    for (int i = 0; i < n; i++) {
        int p = who == 'B' ? i : i * g->cols;
        if (g->cell[p] == who)
            seen[p] = 1, stack[top++] = p;
    }
    const int dc[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    while (top > 0) {
        int p = stack[--top], c = p % g->cols, r = p / g->cols;
        if (who == 'B' ? r == g->rows - 1 : c == g->cols - 1)
            return 1;
        for (int k = 0; k < 6; k++) {
            int c2 = c + dc[k], r2 = r + dr[k], q = r2 * g->cols + c2;
            if (c2 >= 0 && r2 >= 0 && c2 < g->cols && r2 < g->rows && g->cell[q] == who && !seen[q])
                seen[q] = 1, stack[top++] = q;
        }
    }
    return 0;
}

static uint64_t key_of(const game *g, char mover)
{
    uint64_t k = 0;
    for (int i = 0; i < g->cols * g->rows; i++)
        k = k * 3 + (g->cell[i] == '.' ? 0 : g->cell[i] == 'B' ? 1 : 2);
    return k * 2 + (mover == 'W') + !g->direct; /* the hash's keys are never 0 */
}

static int memo_get(const game *g, uint64_t key)
{
    if (g->direct)
        return (g->direct[key >> 2] >> (2 * (key & 3)) & 3) - 1;
    for (uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 44;; i = (i + 1) & (MEMO - 1)) {
        if (!g->memo[i])
            return -1;
        if (g->memo[i] >> 1 == key)
            return (int)(g->memo[i] & 1);
    }
}

static void memo_put(game *g, uint64_t key, int won)
{
    if (g->direct) {
        g->direct[key >> 2] |= (uint8_t)((won + 1) << (2 * (key & 3)));
        return;
    }
    uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 44;
    for (int tries = 0; tries < 64; i = (i + 1) & (MEMO - 1), tries++)
        if (!g->memo[i]) {
            g->memo[i] = key << 1 | (uint64_t)won;
            return;
        }
}

/* Whether `mover` wins with best play (neither side has joined yet).  The
 * depth is at most the cells: 25. */
static int wins(game *g, char mover)
{
    uint64_t key = key_of(g, mover);
    int known = memo_get(g, key);
    if (known >= 0)
        return known;
    char other = mover == 'B' ? 'W' : 'B';
    int won = 0;
    for (int i = 0; i < g->cols * g->rows && !won; i++) {
        int p = g->order[i];
        if (g->cell[p] != '.')
            continue;
        g->cell[p] = mover;
        won = joins(g, mover) || !wins(g, other);
        g->cell[p] = '.';
    }
    memo_put(g, key, won);
    return won;
}

/* The table and the order for a board of g's size. */
static void memo_new(game *g)
{
    int n = 0, mid = (g->rows - 1) / 2;
    for (int d = 0; d < g->rows; d++) /* rows mid, mid + 1, mid - 1, mid + 2, ... */
        for (int c = 0; c < g->cols; c++) {
            int r = mid + (d % 2 ? (d + 1) / 2 : -(d / 2));
            g->order[n++] = r * g->cols + (c + g->cols / 2) % g->cols;
        }
    if (g->cols * g->rows <= DIRECT_CELLS) {
        size_t keys = 2;
        for (int i = 0; i < g->cols * g->rows; i++)
            keys *= 3;
        g->direct = calloc(keys / 4 + 1, 1);
        assert_non_null(g->direct);
    } else {
        g->memo = calloc(MEMO, sizeof *g->memo);
        assert_non_null(g->memo);
    }
}

static void memo_free(game *g)
{
    free(g->memo);
    free(g->direct);
}

static game game_of(const char *const *rows, int nrows)
{
    game g = {.cols = (int)strlen(rows[0]), .rows = nrows};
    for (int r = 0; r < nrows; r++)
        memcpy(g.cell + r * g.cols, rows[r], (size_t)g.cols);
    memo_new(&g);
    return g;
}

/* ---- boards and the solver ------------------------------------------------------------ */

static lx_hex_board *board_of_game(const game *g, lx_colour next)
{
    lx_hex_board *b = lx_hex_board_new(g->cols, g->rows);
    assert_non_null(b);
    lx_hex_set_no_swap(b, 1);
    for (int p = 0; p < g->cols * g->rows; p++)
        if (g->cell[p] != '.')
            assert_int_equal(lx_hex_setup(b, p % g->cols, p / g->cols, g->cell[p] == 'B' ? LX_BLACK : LX_WHITE), 0);
    lx_hex_set_to_play(b, next);
    return b;
}

/* The cell (index into game.cell) of a sim id. */
static int cell_of(const game *g, int32_t id)
{
    lx_hex_move m;
    assert_int_equal(lx_hex_sim_move(g->cols, g->rows, id, &m), 0);
    return m.row * g->cols + m.col;
}

static lx_hex_solution solve(const game *g, lx_colour next, long nodes)
{
    lx_hex_board *b = board_of_game(g, next);
    lx_hex_solve_limits lim = {.nodes = nodes};
    lx_hex_solution sol;
    assert_int_equal(lx_hex_solve(b, &lim, &sol), 0);
    /* the search position's answer is the board's */
    lx_hex_sim *s = lx_hex_sim_new(b);
    assert_non_null(s);
    lx_hex_solution again;
    assert_int_equal(lx_hex_sim_solve(s, &lim, &again), 0);
    assert_int_equal(again.verdict, sol.verdict);
    assert_int_equal(again.move, sol.move);
    assert_int_equal(again.nodes, sol.nodes);
    lx_hex_sim_free(s);
    lx_hex_board_free(b);
    return sol;
}

/* The solver's verdict for `next` matches the game search's, and a proved
 * win's move wins by the game search. */
static void assert_agrees(game *g, char next)
{
    lx_hex_solution sol = solve(g, next == 'B' ? LX_BLACK : LX_WHITE, 0);
    int won = wins(g, next);
    assert_int_equal(sol.verdict, won ? LX_HEX_PROVED_WIN : LX_HEX_PROVED_LOSS);
    if (won) {
        int p = cell_of(g, sol.move);
        assert_true(g->cell[p] == '.');
        g->cell[p] = next;
        assert_true(joins(g, next) || !wins(g, next == 'B' ? 'W' : 'B'));
        g->cell[p] = '.';
        assert_true(sol.moves >= 1);
    } else
        assert_int_equal(sol.move, -1);
}

/* ---- hand-made positions -------------------------------------------------------------- */

/* Black to move on 5x5 wins only at b4 (the game search finds no other
 * cell): it joins a4 to the bottom edge's stones and reaches c3 over b3. */
static const char *const won_at_one_cell[] = {
    "W...B",
    "W....",
    "...WW",
    "B..BB",
    "W.BWB",
};

static void test_win_proved_with_its_move(void **state)
{
    (void)state;
    game g = game_of(won_at_one_cell, 5);
    int winners = 0, winner = -1;
    for (int p = 0; p < 25; p++)
        if (g.cell[p] == '.') {
            g.cell[p] = 'B';
            if (!wins(&g, 'W'))
                winners++, winner = p;
            g.cell[p] = '.';
        }
    assert_int_equal(winners, 1);
    lx_hex_solution sol = solve(&g, LX_BLACK, 0);
    assert_int_equal(sol.verdict, LX_HEX_PROVED_WIN);
    lx_hex_board *b = board_of(won_at_one_cell, 5, LX_BLACK);
    assert_int_equal(sol.move, id_of(b, winner % 5, winner / 5));
    assert_int_equal(sol.move, id_of(b, 1, 3)); /* b4 */
    lx_hex_board_free(b);
    memo_free(&g);
}

/* Black to move on 5x5 loses whatever it plays (the game search agrees). */
static const char *const lost_for_black[] = {
    "B....",
    "BBWW.",
    "..BBB",
    "...WW",
    ".WWBW",
};

static void test_loss_proved(void **state)
{
    (void)state;
    game g = game_of(lost_for_black, 5);
    assert_false(wins(&g, 'B'));
    lx_hex_solution sol = solve(&g, LX_BLACK, 0);
    assert_int_equal(sol.verdict, LX_HEX_PROVED_LOSS);
    assert_int_equal(sol.move, -1);
    assert_true(sol.moves >= 1);
    memo_free(&g);
}

/* ---- empty boards --------------------------------------------------------------------- */

/* Each first move on an empty n x n board: winning for Black exactly when
 * the game search says so, and those are `want` (3x3: c1 a2 b2 c2 a3; 4x4:
 * the short diagonal d1 c2 b3 a4, as is known); then the empty board: won
 * for Black with one of them. */
static void check_first_moves(int n, const char *want)
{
    game g = {.cols = n, .rows = n};
    memset(g.cell, '.', sizeof g.cell);
    memo_new(&g);
    char found[64] = "";
    for (int p = 0; p < n * n; p++) {
        g.cell[p] = 'B';
        int won = !wins(&g, 'W');
        lx_hex_solution sol = solve(&g, LX_WHITE, 0);
        assert_int_equal(sol.verdict, won ? LX_HEX_PROVED_LOSS : LX_HEX_PROVED_WIN);
        if (won)
            snprintf(found + strlen(found), sizeof found - strlen(found), "%s%c%d", *found ? " " : "", 'a' + p % n,
                     p / n + 1);
        g.cell[p] = '.';
    }
    assert_string_equal(found, want);
    assert_agrees(&g, 'B');
    memo_free(&g);
}

static void test_empty_3x3_and_4x4(void **state)
{
    (void)state;
    check_first_moves(3, "c1 a2 b2 c2 a3");
    check_first_moves(4, "d1 c2 b3 a4");
}

/* 5x5, too many positions for the plain search here: the first player wins,
 * and the move found wins too (White to move after it loses). */
static void test_empty_5x5(void **state)
{
    (void)state;
    game g = {.cols = 5, .rows = 5};
    memset(g.cell, '.', sizeof g.cell);
    lx_hex_solution sol = solve(&g, LX_BLACK, 0);
    assert_int_equal(sol.verdict, LX_HEX_PROVED_WIN);
    int p = cell_of(&g, sol.move);
    g.cell[p] = 'B';
    lx_hex_solution after = solve(&g, LX_WHITE, 0);
    assert_int_equal(after.verdict, LX_HEX_PROVED_LOSS);
}

/* ---- random positions ----------------------------------------------------------------- */

/* A random 5x5 position of 11 to 15 stones (as many of each colour, or one
 * more Black) in g: the colour to move, 0 when someone has joined. */
static char random_position(game *g, uint64_t *rng)
{
    memset(g->cell, '.', sizeof g->cell);
    int stones = 11 + (int)lx_random_below(rng, 5);
    for (int i = 0; i < stones; i++) {
        int p;
        do
            p = (int)lx_random_below(rng, 25);
        while (g->cell[p] != '.');
        g->cell[p] = i % 2 ? 'W' : 'B';
    }
    if (joins(g, 'B') || joins(g, 'W'))
        return 0;
    return stones % 2 ? 'W' : 'B';
}

/* Random positions, either colour to move: the verdict and the winning
 * move agree with the plain search. */
static void test_random_positions_agree(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    game g = {.cols = 5, .rows = 5};
    memo_new(&g);
    int checked = 0, won = 0;
    for (int t = 0; t < 200 && checked < 60; t++) {
        char next = random_position(&g, &rng);
        if (!next)
            continue;
        won += wins(&g, next);
        assert_agrees(&g, next);
        checked++;
    }
    assert_int_equal(checked, 60);
    assert_true(won > 10 && won < 50); /* both verdicts met */
    memo_free(&g);
}

/* The tree's knowledge (lx_hex_sim_prune) on random 5x5 positions: where it
 * says the colour to move is lost (0 kept), the plain search agrees; where
 * the mover wins, a kept move wins. */
static void test_tree_knowledge_losses_agree(void **state)
{
    (void)state;
    uint64_t rng = 777;
    game g = {.cols = 5, .rows = 5};
    memo_new(&g);
    int checked = 0, lost = 0;
    for (int t = 0; t < 200 && checked < 60; t++) {
        char next = random_position(&g, &rng);
        if (!next)
            continue;
        lx_hex_board *b = board_of_game(&g, next == 'B' ? LX_BLACK : LX_WHITE);
        lx_hex_sim *s = lx_hex_sim_new(b);
        int32_t ids[32];
        size_t n = lx_hex_sim_legal(s, ids), kept = lx_hex_sim_prune(s, ids, n);
        int won = wins(&g, next), kept_wins = 0;
        if (kept == 0) {
            assert_false(won);
            lost++;
        }
        for (size_t i = 0; i < kept && won && !kept_wins; i++) {
            int p = cell_of(&g, ids[i]);
            g.cell[p] = next;
            kept_wins = joins(&g, next) || !wins(&g, next == 'B' ? 'W' : 'B');
            g.cell[p] = '.';
        }
        assert_true(!won || kept_wins);
        lx_hex_sim_free(s);
        lx_hex_board_free(b);
        checked++;
    }
    assert_int_equal(checked, 60);
    assert_int_equal(lost, 19); /* of the 60, each a loss by the plain search */
    memo_free(&g);
}

/* ---- limits ----------------------------------------------------------------------------- */

static void test_spent_budget_is_unproved(void **state)
{
    (void)state;
    lx_hex_board *b = lx_hex_board_new(9, 9);
    lx_hex_set_no_swap(b, 1);
    lx_hex_solve_limits lim = {.nodes = 40, .table_bytes = 1 << 16};
    lx_hex_solution sol;
    assert_int_equal(lx_hex_solve(b, &lim, &sol), 0);
    assert_int_equal(sol.verdict, LX_HEX_UNPROVED);
    assert_int_equal(sol.move, -1);
    assert_int_equal(sol.nodes, 40);
    lim = (lx_hex_solve_limits){.seconds = 0.02};
    assert_int_equal(lx_hex_solve(b, &lim, &sol), 0);
    assert_int_equal(sol.verdict, LX_HEX_UNPROVED);
    assert_true(sol.seconds < 1.0);
    lx_hex_board_free(b);
    lx_hex_board *big = lx_hex_board_new(12, 11); /* 132 cells: over H-search's 128 */
    assert_int_equal(lx_hex_solve(big, NULL, &sol), -1);
    assert_int_equal(sol.verdict, LX_HEX_UNPROVED);
    lx_hex_board_free(big);
}

/* ---- the engine ------------------------------------------------------------------------ */

/* A 9x9 game of ludex (Black) against MoHex 2.0 at 1 s a move (bench/htp_match.py,
 * 2026-11-29): after its first 23 moves (Black's g6) White is lost, and after
 * White's g7 Black has a win, which none of the proofs before the solver
 * sees (no chain, no virtual connection or threats at the root, dead cells
 * and captured pairs filled) and the solver proves in a few dozen positions. */
static const char *const mohex_game[] = {"e5", "e4", "f4", "e6", "d6", "f3", "g3", "h1", "g2", "g1", "f2", "d7",
                                         "c7", "b9", "c8", "c9", "b7", "a9", "d8", "d9", "f8", "e8", "g6", "g7"};

static lx_engine *engine_after(int moves)
{
    lx_engine *e = hex_engine(9);
    lx_game_error err;
    lx_game_error_init(&err);
    for (int i = 0; i < moves; i++)
        assert_int_equal(lx_engine_play(e, i % 2 ? LX_WHITE : LX_BLACK, mohex_game[i], &err), 0);
    lx_game_error_free(&err);
    return e;
}

static lx_hex_board *board_after(int moves)
{
    lx_hex_board *b = lx_hex_board_new(9, 9);
    assert_non_null(b);
    lx_hex_set_no_swap(b, 1);
    lx_game_error err;
    lx_game_error_init(&err);
    for (int i = 0; i < moves; i++) {
        lx_hex_move m;
        assert_int_equal(lx_hex_parse_move(b, mohex_game[i], strlen(mohex_game[i]), &m, &err), 0);
        assert_int_equal(lx_hex_play(b, i % 2 ? LX_WHITE : LX_BLACK, &m, &err), 0);
    }
    lx_game_error_free(&err);
    return b;
}

/* Nothing before the solver proves the position for `who` to move. */
static void assert_unproved_before_the_solver(const lx_hex_board *b, lx_colour who)
{
    lx_hex_sim *s = lx_hex_sim_new(b);
    assert_non_null(s);
    lx_colour other = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    int32_t id, key, cells[128];
    size_t n;
    assert_int_equal(lx_hex_sim_proved_move(s, who, &id), -1);
    assert_int_equal(lx_hex_sim_connection(s, other, NULL, 0, NULL), -1);
    assert_int_equal(lx_hex_sim_vc(s, who, cells, 128, &n, &key), 0);
    assert_int_not_equal(lx_hex_sim_vc(s, other, cells, 128, &n, &key), 2);
    assert_true(lx_hex_sim_winning_cells(s, other, cells, 128) < 2);
    assert_true(lx_hex_sim_must_play(s, who) != 0);
    lx_hex_sim_free(s);
}

static void test_engine_plays_the_solved_win(void **state)
{
    (void)state;
    lx_hex_board *b = board_after(24);
    assert_unproved_before_the_solver(b, LX_BLACK);
    lx_engine *e = engine_after(24);
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf mv = {0};
    assert_int_equal(lx_engine_genmove(e, LX_BLACK, &mv, &err), 0);
    long playouts;
    double seconds;
    lx_engine_last_search(e, &playouts, &seconds);
    assert_int_equal(playouts, 0); /* no search */
    assert_true(lx_engine_last_value(e) == 1.0);
    lx_hex_move m; /* the move wins: White to move after it is lost */
    assert_int_equal(lx_hex_parse_move(b, mv.data, mv.len, &m, &err), 0);
    assert_int_equal(lx_hex_play(b, LX_BLACK, &m, &err), 0);
    lx_hex_solution sol;
    assert_int_equal(lx_hex_solve(b, NULL, &sol), 0);
    assert_int_equal(sol.verdict, LX_HEX_PROVED_LOSS);
    lx_buf_free(&mv);
    lx_game_error_free(&err);
    lx_engine_free(e);
    lx_hex_board_free(b);
}

static void test_engine_resigns_the_solved_loss(void **state)
{
    (void)state;
    lx_hex_board *b = board_after(23);
    assert_unproved_before_the_solver(b, LX_WHITE);
    lx_hex_board_free(b);
    lx_engine *e = engine_after(23);
    assert_resigns_at_once(e, LX_WHITE);
    lx_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_proved_with_its_move),
        cmocka_unit_test(test_loss_proved),
        cmocka_unit_test(test_empty_3x3_and_4x4),
        cmocka_unit_test(test_empty_5x5),
        cmocka_unit_test(test_random_positions_agree),
        cmocka_unit_test(test_tree_knowledge_losses_agree),
        cmocka_unit_test(test_spent_budget_is_unproved),
        cmocka_unit_test(test_engine_plays_the_solved_win),
        cmocka_unit_test(test_engine_resigns_the_solved_loss),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_game.c - the game interface, the registry, the replay driver and
 * lx_check_document, exercised with a toy game defined here: a row of SZ
 * cells, Black and White alternate placing a stone on a free cell ("3"), the
 * game is over when the row is full, and the player with more stones wins. */
#include "testutil.h"

typedef struct toy {
    int size, cells[64], to_play, stones;
} toy;

typedef struct toy_move {
    int cell;
} toy_move;

static void *toy_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *d)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, root, "SZ");
    int size = 5;
    if (p != LX_SGF_NIL) {
        lx_sgf_value v = lx_sgf_get_value(t, p, 0);
        long n;
        if (lx_sgf_parse_number(v.raw, v.len, &n) != 0 || n < 1 || n > 64) {
            lx_diag_add(d, LX_ERROR, "TOY_BAD_SIZE", lx_sgf_prop_offset(t, p), "toy boards have 1 to 64 cells");
            return NULL;
        }
        size = (int)n;
    }
    toy *g = calloc(1, sizeof *g);
    g->size = size;
    return g;
}

static void *toy_copy(const void *pos)
{
    toy *g = malloc(sizeof *g);
    memcpy(g, pos, sizeof *g);
    return g;
}

static void toy_free(void *pos) { free(pos); }
static lx_colour toy_to_play(const void *pos) { return ((const toy *)pos)->to_play ? LX_WHITE : LX_BLACK; }

static int toy_parse(const void *pos, lx_colour who, const char *raw, size_t len, void *move, lx_game_error *err)
{
    (void)who;
    long n;
    if (lx_sgf_parse_number(raw, len, &n) != 0)
        return lx_game_fail(err, "TOY_BAD_MOVE", "\"%.*s\" is not a cell number", (int)len, raw);
    if (n < 1 || n > ((const toy *)pos)->size)
        return lx_game_fail(err, "TOY_OFF_BOARD", "cell %ld is off the board", n);
    ((toy_move *)move)->cell = (int)n;
    return 0;
}

static int toy_check(const void *pos, lx_colour who, const void *move, lx_game_error *err)
{
    const toy *g = pos;
    int c = ((const toy_move *)move)->cell;
    if (who != toy_to_play(pos))
        return lx_game_fail(err, "TOY_WRONG_TURN", "it is not %s's turn", who == LX_BLACK ? "Black" : "White");
    if (g->cells[c - 1])
        return lx_game_fail(err, "TOY_OCCUPIED", "cell %d is taken", c);
    return 0;
}

static void toy_apply(void *pos, lx_colour who, const void *move)
{
    toy *g = pos;
    g->cells[((const toy_move *)move)->cell - 1] = who == LX_BLACK ? 1 : 2;
    g->to_play = !g->to_play;
    g->stones++;
}

static int toy_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    toy *g = pos;
    long n;
    if (strcmp(id, "AB") && strcmp(id, "AW"))
        return 1;
    if (lx_sgf_parse_number(raw, len, &n) != 0 || n < 1 || n > g->size)
        return lx_game_fail(err, "TOY_BAD_SETUP", "bad setup cell");
    g->cells[n - 1] = id[1] == 'B' ? 1 : 2;
    g->stones++;
    return 0;
}

static void toy_result(const void *pos, lx_game_result *r)
{
    const toy *g = pos;
    int b = 0, w = 0;
    for (int i = 0; i < g->size; i++)
        b += g->cells[i] == 1, w += g->cells[i] == 2;
    r->over = g->stones == g->size;
    r->winner = !r->over || b == w ? LX_NO_COLOUR : b > w ? LX_BLACK : LX_WHITE;
    snprintf(r->re, sizeof r->re, "%s", !r->over ? "" : b == w ? "0" : b > w ? "B+" : "W+");
}

static const lx_game_module toy_module = {
    .name = "toy", .gm = 99, .move_size = sizeof(toy_move),
    .position_new = toy_new, .position_copy = toy_copy, .position_free = toy_free,
    .to_play = toy_to_play, .parse_move = toy_parse, .check_move = toy_check,
    .apply_move = toy_apply, .apply_setup = toy_setup, .result = toy_result,
};

typedef struct seen {
    char log[512];
    int ends;
    lx_game_result last;
    int stop_after;
    int moves;
} seen;

static int on_move(void *ctx, const lx_replay_event *ev)
{
    seen *s = ctx;
    size_t n = strlen(s->log);
    lx_sgf_value v = lx_sgf_get_value(ev->tree, ev->prop, 0);
    snprintf(s->log + n, sizeof s->log - n, "%zu%c%.*s ", ev->move, ev->player == LX_BLACK ? 'B' : 'W', (int)v.len, v.raw);
    s->moves++;
    return s->stop_after && s->moves >= s->stop_after;
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *r)
{
    (void)game;
    (void)pos;
    seen *s = ctx;
    s->ends++;
    s->last = *r;
}

static void replay(const char *text, int all, seen *s, parsed *p)
{
    parse_text(p, text);
    assert_int_equal(p->ntrees, 1);
    lx_replay_hooks h = {s, on_move, NULL, on_end};
    lx_replay_options o = {all, 0, 0};
    assert_int_equal(lx_replay_tree(p->trees[0], 0, &toy_module, &o, &h, p->diags), 0);
    size_t tl;
    const char *tx = lx_sgf_doc_text(p->doc, &tl);
    lx_diag_list_resolve(p->diags, tx, tl);
}

static void main_line_to_the_end(void **state)
{
    (void)state;
    seen s = {0};
    parsed p;
    replay("(;GM[99]SZ[3];B[1];W[2];B[3])", 0, &s, &p);
    assert_string_equal(s.log, "1B1 2W2 3B3 ");
    assert_int_equal(s.ends, 1);
    assert_true(s.last.over);
    assert_int_equal(s.last.winner, LX_BLACK);
    assert_string_equal(s.last.re, "B+");
    assert_int_equal(lx_diag_count(p.diags), 0);
    parsed_free(&p);
}

static void refusal_is_a_diagnostic_at_the_property(void **state)
{
    (void)state;
    seen s = {0};
    parsed p;
    replay("(;GM[99]SZ[3]\n;B[1]\n;W[1]\n;B[2])", 0, &s, &p);
    assert_string_equal(s.log, "1B1 ");
    assert_diag(p.diags, "TOY_OCCUPIED", LX_ERROR, 3, 2);
    assert_string_equal(find_diag(p.diags, "TOY_OCCUPIED")->message, "cell 1 is taken");
    assert_false(s.last.over);
    parsed_free(&p);
}

static void parse_errors_and_turn_order_come_from_the_module(void **state)
{
    (void)state;
    seen s = {0};
    parsed p;
    replay("(;GM[99];B[x])", 0, &s, &p);
    assert_diag(p.diags, "TOY_BAD_MOVE", LX_ERROR, 1, 10);
    parsed_free(&p);
    memset(&s, 0, sizeof s);
    replay("(;GM[99];W[1])", 0, &s, &p);
    assert_diag(p.diags, "TOY_WRONG_TURN", LX_ERROR, 1, 10);
    parsed_free(&p);
}

static void setup_is_applied_before_moves(void **state)
{
    (void)state;
    seen s = {0};
    parsed p;
    replay("(;GM[99]SZ[3]AB[1]AW[2];B[1])", 0, &s, &p);
    assert_diag(p.diags, "TOY_OCCUPIED", LX_ERROR, 1, 25);
    parsed_free(&p);
    memset(&s, 0, sizeof s);
    replay("(;GM[99]SZ[3]AB[9])", 0, &s, &p);
    assert_diag(p.diags, "TOY_BAD_SETUP", LX_ERROR, 1, 14);
    parsed_free(&p);
}

static void variations_only_when_asked(void **state)
{
    (void)state;
    const char *text = "(;GM[99]SZ[4];B[1](;W[2];B[3])(;W[3](;B[2])(;B[3]))(;W[4]))";
    seen s = {0};
    parsed p;
    replay(text, 0, &s, &p);
    assert_string_equal(s.log, "1B1 2W2 3B3 ");
    assert_int_equal(lx_diag_count(p.diags), 0);
    parsed_free(&p);
    memset(&s, 0, sizeof s);
    replay(text, 1, &s, &p);
    /* document order; each line from the position where it branches */
    assert_string_equal(s.log, "1B1 2W2 3B3 2W3 3B2 2W4 ");
    /* the refused B[3] (cell 3 already taken on that line) is reported */
    assert_diag(p.diags, "TOY_OCCUPIED", LX_ERROR, 1, 46);
    assert_int_equal(s.ends, 1);
    parsed_free(&p);
}

static void a_hook_can_stop_the_replay(void **state)
{
    (void)state;
    seen s = {0};
    s.stop_after = 2;
    parsed p;
    replay("(;GM[99]SZ[5];B[1];W[2];B[3];W[4])", 0, &s, &p);
    assert_string_equal(s.log, "1B1 2W2 ");
    parsed_free(&p);
}

static void a_move_limit_ends_the_main_line_there(void **state)
{
    (void)state;
    for (size_t limit = 0; limit <= 4; limit++) {
        parsed p;
        parse_text(&p, "(;GM[99]SZ[5]AB[5];B[1];W[2];C[no move]B[3])");
        seen s = {0};
        lx_replay_hooks h = {&s, on_move, NULL, on_end};
        lx_replay_options o = {0, 1, limit};
        assert_int_equal(lx_replay_tree(p.trees[0], 0, &toy_module, &o, &h, p.diags), 0);
        assert_int_equal(s.moves, limit < 3 ? limit : 3);
        assert_int_equal(s.ends, 1);
        parsed_free(&p);
    }
}

static int line_end_calls, line_end_complete;
static lx_sgf_node line_end_last;

static void toy_line_end(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete, lx_diag_list *d)
{
    (void)pos;
    (void)t;
    (void)d;
    line_end_calls++;
    line_end_complete = complete;
    line_end_last = last;
}

static void line_end_sees_the_end_of_the_main_line(void **state)
{
    (void)state;
    lx_game_module m = toy_module;
    m.line_end = toy_line_end;
    static const struct {
        const char *sgf;
        int limit, calls, complete;
        lx_sgf_node last;
    } cases[] = {
        {"(;GM[99]SZ[5];B[1];W[2](;B[3])(;B[4]))", 0, 1, 1, 3}, /* the main line's last node */
        {"(;GM[99]SZ[5];B[1];W[1];B[3])", 0, 1, 0, 2},          /* stopped at the refused W[1] */
        {"(;GM[99]SZ[5];B[1];W[2];B[3])", 2, 0, 0, 0},          /* a move limit: not called */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed p;
        parse_text(&p, cases[i].sgf);
        line_end_calls = line_end_complete = 0;
        line_end_last = LX_SGF_NIL;
        lx_replay_options o = {1, cases[i].limit > 0, (size_t)cases[i].limit};
        assert_int_equal(lx_replay_tree(p.trees[0], 0, &m, &o, NULL, p.diags), 0);
        assert_int_equal(line_end_calls, cases[i].calls);
        if (cases[i].calls) {
            assert_int_equal(line_end_complete, cases[i].complete);
            assert_int_equal(line_end_last, cases[i].last);
        }
        parsed_free(&p);
    }
}

static void position_new_failure_ends_quietly(void **state)
{
    (void)state;
    seen s = {0};
    parsed p;
    replay("(;GM[99]SZ[0];B[1])", 0, &s, &p);
    assert_diag(p.diags, "TOY_BAD_SIZE", LX_ERROR, 1, 9);
    assert_int_equal(s.ends, 1);
    assert_int_equal(s.moves, 0);
    parsed_free(&p);
}

static void deep_line_replays_without_recursion(void **state)
{
    (void)state;
    /* 200,000 nested one-node variations, alternating moves on a 64-cell row
     * would run out of cells: use pass-free toggling via refusals instead:
     * the line is long, the first refusal ends it. */
    size_t depth = 200000;
    lx_buf b = LX_BUF_INIT;
    lx_buf_append_str(&b, "(;GM[99]SZ[64]");
    for (size_t i = 0; i < depth; i++)
        lx_buf_printf(&b, "(;%c[%zu]", i % 2 ? 'W' : 'B', i % 64 + 1);
    for (size_t i = 0; i <= depth; i++)
        lx_buf_append_char(&b, ')');
    parsed p;
    parse_text_opt(&p, b.data, b.len, NULL);
    seen s = {0};
    lx_replay_hooks h = {&s, on_move, NULL, on_end};
    lx_replay_options o = {1, 0, 0};
    assert_int_equal(lx_replay_tree(p.trees[0], 0, &toy_module, &o, &h, p.diags), 0);
    assert_int_equal(s.moves, 64);
    assert_non_null(find_diag(p.diags, "TOY_OCCUPIED"));
    parsed_free(&p);
    lx_buf_free(&b);
}

static void a_refusal_without_an_error_to_fill_is_still_a_refusal(void **state)
{
    (void)state;
    assert_int_equal(lx_game_fail(NULL, "SOME_CODE", "move %d refused", 3), -1);
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_game_fail(&e, "SOME_CODE", "move %d refused", 3), -1);
    assert_string_equal(e.code, "SOME_CODE");
    assert_int_equal(e.message.len, strlen("move 3 refused"));
    assert_memory_equal(e.message.data, "move 3 refused", e.message.len);
    lx_game_error_free(&e);
}

static void registry_finds_by_gm_and_name(void **state)
{
    (void)state;
    lx_game_registry *reg = lx_game_registry_new();
    assert_non_null(reg);
    assert_null(lx_game_by_gm(reg, 99));
    assert_int_equal(lx_game_registry_add(reg, &toy_module), 0);
    assert_ptr_equal(lx_game_by_gm(reg, 99), &toy_module);
    assert_ptr_equal(lx_game_by_name(reg, "TOY"), &toy_module);
    lx_game_module later = toy_module;
    later.name = "toy2";
    assert_int_equal(lx_game_registry_add(reg, &later), 0);
    assert_ptr_equal(lx_game_by_gm(reg, 99), &later);
    assert_null(lx_game_by_gm(reg, 0));
    lx_game_registry_free(reg);
    assert_string_equal(lx_game_gm_name(11), "Hex");
    assert_string_equal(lx_game_gm_name(21), "Twixt");
    assert_string_equal(lx_game_gm_name(6), "Backgammon");
    assert_null(lx_game_gm_name(0));
    assert_null(lx_game_gm_name(1000));
}

static void colour_values_parse(void **state)
{
    (void)state;
    static const struct {
        const char *raw;
        int rc;
        lx_colour c;
    } cases[] = {{"B", 0, LX_BLACK}, {"w", 0, LX_WHITE}, {" W\n", 0, LX_WHITE}, {"b ", 0, LX_BLACK},
                 {"", -1, LX_NO_COLOUR}, {"BW", -1, LX_NO_COLOUR}, {"x", -1, LX_NO_COLOUR}, {"Black", -1, LX_NO_COLOUR}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lx_colour c = LX_NO_COLOUR;
        assert_int_equal(lx_game_parse_colour(cases[i].raw, strlen(cases[i].raw), &c), cases[i].rc);
        assert_int_equal(c, cases[i].c);
    }
    assert_int_equal(lx_game_move_colour("B"), LX_BLACK);
    assert_int_equal(lx_game_move_colour("W"), LX_WHITE);
    assert_int_equal(lx_game_move_colour("BL"), LX_NO_COLOUR);
}

static lx_diag_list *check(const char *text, const lx_game_registry *reg, lx_check_summary *s)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_check_options o = {reg, 0, NULL};
    assert_int_equal(lx_check_document(text, strlen(text), &o, s, d), 0);
    return d;
}

static void check_document_replays_with_a_module(void **state)
{
    (void)state;
    lx_game_registry *reg = lx_game_registry_new();
    lx_game_registry_add(reg, &toy_module);
    lx_check_summary s;
    lx_diag_list *d = check("(;FF[4]GM[99]SZ[3];B[1];W[1])\n(;FF[4]GM[99];B[2])", reg, &s);
    assert_int_equal(s.games, 2);
    assert_int_equal(s.nodes, 5);
    assert_int_equal(s.moves, 2); /* B[1] and B[2]; W[1] was refused */
    assert_int_equal(s.unchecked, 0);
    assert_diag(d, "TOY_OCCUPIED", LX_ERROR, 1, 25);
    lx_diag_list_free(d);
    lx_game_registry_free(reg);
}

/* summary.moves: the moves the rules accepted, on every line with all_variations. */
static void check_document_counts_moves(void **state)
{
    (void)state;
    lx_game_registry *reg = lx_game_registry_new();
    lx_game_registry_add(reg, &toy_module);
    const char *text = "(;FF[4]GM[99]SZ[4];B[1](;W[2];B[3])(;W[3])(;W[1]))";
    lx_check_summary s = {9, 9, 9, 9};
    lx_diag_list *d = check(text, reg, &s);
    assert_int_equal(s.moves, 3);
    lx_diag_list_free(d);
    d = lx_diag_list_new();
    lx_check_options all = {reg, 1, NULL};
    assert_int_equal(lx_check_document(text, strlen(text), &all, &s, d), 0);
    assert_int_equal(s.moves, 4); /* B[1] W[2] B[3], W[3]; W[1] refused */
    assert_non_null(find_diag(d, "TOY_OCCUPIED"));
    lx_diag_list_free(d);
    d = check("(;FF[4]GM[1];B[aa];W[bb])", reg, &s);
    assert_int_equal(s.moves, 0); /* no rules: nothing replayed */
    assert_int_equal(s.unchecked, 1);
    lx_diag_list_free(d);
    lx_game_registry_free(reg);
}

/* lx_game_rules_for_tree: the module, or NULL and the diagnostic check gives. */
static const char *rules_why(const char *text, const lx_game_registry *reg, const lx_game_module **m)
{
    static char code[64];
    parsed p;
    parse_text(&p, text);
    lx_diag_list *why = lx_diag_list_new();
    *m = lx_game_rules_for_tree(reg, p.trees[0], why);
    assert_ptr_equal(lx_game_rules_for_tree(reg, p.trees[0], NULL), *m);
    code[0] = 0;
    if (lx_diag_count(why) > 0)
        snprintf(code, sizeof code, "%s", lx_diag_get(why, 0)->code);
    assert_int_equal(lx_diag_count(why), *m ? 0 : 1);
    lx_diag_list_free(why);
    parsed_free(&p);
    return code;
}

static void rules_for_tree_says_why_not(void **state)
{
    (void)state;
    const lx_game_module *m;
    lx_game_registry *toys = lx_game_registry_new_empty(), *none = lx_game_registry_new_empty();
    lx_game_registry_add(toys, &toy_module);
    assert_string_equal(rules_why("(;GM[99]SZ[3])", toys, &m), "");
    assert_ptr_equal(m, &toy_module);
    assert_string_equal(rules_why("(;GM[11]SZ[3])", NULL, &m), "");
    assert_string_equal(m->name, "hex");
    assert_string_equal(rules_why("(;GM[11]SZ[3])", none, &m), "RULES_NOT_CHECKED");
    assert_string_equal(rules_why("(;FF[4]GM[1];B[aa])", NULL, &m), "UNSUPPORTED_GAME");
    assert_string_equal(rules_why("(;FF[4];B[aa])", NULL, &m), "UNSUPPORTED_GAME"); /* no GM: Go */
    assert_string_equal(rules_why("(;GM[x])", NULL, &m), "GM_INVALID");
    assert_string_equal(rules_why("(;GM[])", NULL, &m), "GM_INVALID");
    assert_null(m);
    lx_game_registry_free(toys);
    lx_game_registry_free(none);
}

static void check_document_says_rules_not_checked(void **state)
{
    (void)state;
    lx_check_summary s;
    lx_game_registry *none = lx_game_registry_new_empty(), *none2;
    lx_diag_list *d = check("(;FF[4]GM[11]SZ[11];B[e5])", none, &s);
    lx_game_registry_free(none);
    assert_int_equal(s.games, 1);
    assert_int_equal(s.unchecked, 1);
    assert_diag(d, "RULES_NOT_CHECKED", LX_WARNING, 1, 8);
    assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), 0);
    lx_diag_list_free(d);
    d = check("(;FF[4]GM[21]SZ[24];W[f5];B[-d'5][j10])", none2 = lx_game_registry_new_empty(), &s);
    lx_game_registry_free(none2);
    assert_diag(d, "RULES_NOT_CHECKED", LX_WARNING, 1, 8);
    assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), 0); /* a long move is a list */
    lx_diag_list_free(d);
    d = check("(;FF[4]GM[1];B[aa])", NULL, &s);
    assert_diag(d, "UNSUPPORTED_GAME", LX_WARNING, 1, 8);
    lx_diag_list_free(d);
    d = check("(;FF[4];B[aa])", NULL, &s); /* no GM: Go, FF[4]'s default */
    assert_non_null(find_diag(d, "UNSUPPORTED_GAME"));
    lx_diag_list_free(d);
}

static void check_document_finds_mixed_games_and_empty_files(void **state)
{
    (void)state;
    lx_check_summary s;
    lx_diag_list *d = check("(;GM[11])\n(;GM[6])", NULL, &s);
    assert_diag(d, "MIXED_GAMES", LX_ERROR, 2, 3);
    lx_diag_list_free(d);
    d = check("no game here", NULL, &s);
    assert_int_equal(s.games, 0);
    assert_non_null(find_diag(d, "NO_GAME_TREE"));
    lx_diag_list_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(main_line_to_the_end),
        cmocka_unit_test(refusal_is_a_diagnostic_at_the_property),
        cmocka_unit_test(parse_errors_and_turn_order_come_from_the_module),
        cmocka_unit_test(setup_is_applied_before_moves),
        cmocka_unit_test(variations_only_when_asked),
        cmocka_unit_test(a_hook_can_stop_the_replay),
        cmocka_unit_test(a_move_limit_ends_the_main_line_there),
        cmocka_unit_test(line_end_sees_the_end_of_the_main_line),
        cmocka_unit_test(position_new_failure_ends_quietly),
        cmocka_unit_test(deep_line_replays_without_recursion),
        cmocka_unit_test(a_refusal_without_an_error_to_fill_is_still_a_refusal),
        cmocka_unit_test(registry_finds_by_gm_and_name),
        cmocka_unit_test(colour_values_parse),
        cmocka_unit_test(check_document_replays_with_a_module),
        cmocka_unit_test(check_document_counts_moves),
        cmocka_unit_test(rules_for_tree_says_why_not),
        cmocka_unit_test(check_document_says_rules_not_checked),
        cmocka_unit_test(check_document_finds_mixed_games_and_empty_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_hex_corpus.c - real Hex records and Little Golem conversion.
 *
 * Every file of the Benzene corpus (the folder named by LUDEX_HEX_CORPUS,
 * else tests/corpus/hex-benzene, the repository's copy; the test
 * fails when neither is there) must be checked without an error, except the two listed
 * below with the reason; the dialect warnings must be the ones the corpus
 * README counts; and each file, normalised and written in the canonical form,
 * must read back to the same final position with no dialect warning left.
 * Little Golem records are recognised and converted, by hand-made examples
 * and by random games turned into Little Golem form and back. */
#include <dirent.h>
#include <sys/stat.h>

#include "hex_testutil.h"

/* Files that break the rules for real, and the error that says why. */
static const struct { const char *file, *code; } exceptions[] = {
    /* moves 32-33 are B[c6];B[a5]: Black moves twice in a row */
    {"largeBoards/14x14-berge-3.sgf", "HEX_WRONG_TURN"},
    /* moves 44-51 are eight White moves in a row */
    {"largeBoards/14x14-berge-4.sgf", "HEX_WRONG_TURN"},
};

static const char *corpus_dir(void)
{
    static const char *const tries[] = {"tests/corpus/hex-benzene"}; /* the repository's copy */
    const char *env = getenv("LUDEX_HEX_CORPUS");
    struct stat st;
    if (env && stat(env, &st) == 0)
        return env;
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++)
        if (stat(tries[i], &st) == 0 && S_ISDIR(st.st_mode))
            return tries[i];
    return NULL;
}

typedef struct file_list {
    char **names; /* relative to the corpus folder */
    size_t n, cap;
} file_list;

static void push_name(file_list *l, const char *name)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->names = realloc(l->names, l->cap * sizeof *l->names);
    }
    l->names[l->n++] = strdup(name);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.sgf under root, sorted; folders are walked from a list, not recursively. */
static void list_sgf_files(const char *root, file_list *out)
{
    file_list dirs = {0};
    push_name(&dirs, "");
    for (size_t d = 0; d < dirs.n; d++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root, dirs.names[d]);
        DIR *dir = opendir(path);
        for (struct dirent *e = dir ? readdir(dir) : NULL; e; e = readdir(dir)) {
            char rel[4096], full[8192];
            if (e->d_name[0] == '.')
                continue;
            snprintf(rel, sizeof rel, "%s%s%s", dirs.names[d], *dirs.names[d] ? "/" : "", e->d_name);
            snprintf(full, sizeof full, "%s/%s", root, rel);
            struct stat st;
            if (stat(full, &st) != 0)
                continue;
            size_t len = strlen(rel);
            if (S_ISDIR(st.st_mode))
                push_name(&dirs, rel);
            else if (len > 4 && strcmp(rel + len - 4, ".sgf") == 0)
                push_name(out, rel);
        }
        if (dir)
            closedir(dir);
    }
    for (size_t i = 0; i < dirs.n; i++)
        free(dirs.names[i]);
    free(dirs.names);
    qsort(out->names, out->n, sizeof *out->names, by_string);
}

static char *read_file(const char *root, const char *rel, size_t *len)
{
    char full[8192];
    snprintf(full, sizeof full, "%s/%s", root, rel);
    FILE *f = fopen(full, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static const char *expected_error(const char *rel)
{
    for (size_t i = 0; i < sizeof exceptions / sizeof exceptions[0]; i++)
        if (strcmp(rel, exceptions[i].file) == 0)
            return exceptions[i].code;
    return NULL;
}

static size_t count_code(lx_diag_list *d, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < lx_diag_count(d); i++)
        n += strcmp(lx_diag_get(d, i)->code, code) == 0;
    return n;
}

typedef struct tally {
    size_t files, pieces_as_sides, nonstandard, no_ff, resign_after_win, names_player;
} tally;

static void check_one(const char *root, const char *rel, tally *t)
{
    size_t len;
    char *text = read_file(root, rel, &len);
    lx_diag_list *d = lx_diag_list_new();
    lx_check_summary s;
    assert_int_equal(lx_check_document(text, len, NULL, &s, d), 0);
    assert_int_equal(s.unchecked, 0);
    const char *want = expected_error(rel);
    if (want ? errors_in(d) != 1 || !find_diag(d, want) || find_diag(d, want)->severity != LX_ERROR
             : errors_in(d) != 0) {
        print_message("%s:\n", rel);
        print_diags(d);
        fail_msg("%s: unexpected errors", rel);
    }
    t->files++;
    t->pieces_as_sides += count_code(d, "HEX_SWAP_PIECES_MEANS_SIDES");
    t->nonstandard += count_code(d, "HEX_SWAP_NONSTANDARD");
    t->no_ff += count_code(d, "HEX_NO_FF");
    t->resign_after_win += count_code(d, "HEX_RESIGN_AFTER_WIN");
    t->names_player += count_code(d, "HEX_RESULT_NAMES_PLAYER");
    lx_diag_list_free(d);
    free(text);
}

static void every_benzene_file_replays(void **state)
{
    (void)state;
    const char *root = corpus_dir();
    if (!root) /* the corpus is part of the repository: its absence is a failure */
        fail_msg("no corpus folder (tests/corpus/hex-benzene, or LUDEX_HEX_CORPUS)");
    file_list files = {0};
    list_sgf_files(root, &files);
    tally t = {0};
    for (size_t i = 0; i < files.n; i++)
        check_one(root, files.names[i], &t);
    print_message("  %zu files checked in %s\n", t.files, root);
    assert_int_equal(t.files, 375);
    assert_int_equal(t.pieces_as_sides, 41);  /* W[swap-pieces] followed by W */
    assert_int_equal(t.nonstandard, 10);      /* W[SWAP] */
    assert_int_equal(t.no_ff, 5);             /* the twogtp files of olympiad/09 */
    assert_int_equal(t.resign_after_win, 5);  /* the same five resign after the win */
    assert_int_equal(t.names_player, 1);      /* mw1.sgf: RE[B+] names PB's player, who holds White */
    for (size_t i = 0; i < files.n; i++)
        free(files.names[i]);
    free(files.names);
}

/* ---- written in the canonical form and read again ------------------------------------------ */

static void final_json(const char *text, size_t len, lx_buf *json, lx_diag_list *d)
{
    parsed p;
    parse_text_opt(&p, text, len, NULL);
    lx_hex_board *b = lx_hex_position_after(p.trees[0], (size_t)-1, d);
    assert_non_null(b);
    lx_buf_clear(json);
    assert_int_equal(lx_hex_describe_json(b, json), 0);
    lx_hex_board_free(b);
    parsed_free(&p);
}

static void benzene_files_written_canonically_read_the_same(void **state)
{
    (void)state;
    const char *root = corpus_dir();
    if (!root)
        fail_msg("no corpus folder (tests/corpus/hex-benzene, or LUDEX_HEX_CORPUS)");
    file_list files = {0};
    list_sgf_files(root, &files);
    lx_buf j1 = LX_BUF_INIT, j2 = LX_BUF_INIT, out = LX_BUF_INIT;
    for (size_t i = 0; i < files.n; i++) {
        size_t len;
        char *text = read_file(root, files.names[i], &len);
        lx_diag_list *d1 = lx_diag_list_new(), *d2 = lx_diag_list_new();
        final_json(text, len, &j1, d1);
        parsed p;
        parse_text_opt(&p, text, len, NULL);
        assert_int_equal(lx_hex_normalize_tree(p.trees[0], d1), 0);
        lx_sgf_write_options o = {0};
        lx_game_write_options(&lx_hex_module, &o);
        lx_buf_clear(&out);
        assert_int_equal(lx_sgf_write_tree(p.trees[0], &o, &out), 0);
        final_json(out.data, out.len, &j2, d2);
        assert_string_equal(j1.data, j2.data);
        assert_null(find_diag(d2, "HEX_SWAP_PIECES_MEANS_SIDES"));
        assert_null(find_diag(d2, "HEX_SWAP_NONSTANDARD"));
        assert_null(strstr(out.data, "SWAP"));
        parsed_free(&p);
        lx_diag_list_free(d1);
        lx_diag_list_free(d2);
        free(text);
        free(files.names[i]);
    }
    free(files.names);
    lx_buf_free(&j1);
    lx_buf_free(&j2);
    lx_buf_free(&out);
}

/* ---- Little Golem -------------------------------------------------------------------------- */

static const char lg_game[] =
    "(;FF[4]EV[hex.mc.2010.oct.1.11]PB[Bob]PW[Alice]SZ[13]RE[B]GC[ game #1]SO[http://www.littlegolem.com]"
    ";W[mf];B[swap];W[gg];B[fi];W[resign])";

static void little_golem_records_are_recognised(void **state)
{
    (void)state;
    static const struct { const char *text; int lg; } cases[] = {
        {lg_game, 1},
        {"(;FF[4]SO[https://www.littlegolem.net]SZ[11];W[aa])", 1},
        {"(;FF[4]EV[hex.ch.23.1.1]SZ[13];W[ma])", 1},
        {"(;FF[4]EV[null]PB[x]PW[y]SZ[13];W[ma];B[swap])", 1},  /* by W first, its cells and swap */
        {"(;FF[4]SZ[13];W[ma];B[mb])", 0},                     /* could be Go (FF[4]'s default) */
        {"(;FF[4]GM[11]SZ[13];W[ma])", 1},                      /* GM[11] with Little Golem cells */
        {"(;FF[4]GM[11]SZ[13]SO[http://www.littlegolem.com];B[m1])", 0}, /* already converted */
        {"(;FF[4]GM[11]SZ[11];B[a1];W[SWAP])", 0},
        {"(;FF[4]GM[1]SO[littlegolem];B[aa])", 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        parsed p;
        parse_text(&p, cases[k].text);
        if (lx_hex_is_little_golem(p.trees[0]) != cases[k].lg)
            fail_msg("case %zu: %s", k, cases[k].text);
        parsed_free(&p);
    }
}

static void a_little_golem_record_converts_to_the_spec(void **state)
{
    (void)state;
    parsed p;
    parse_text(&p, lg_game);
    lx_sgf_tree *t = lx_hex_convert_little_golem(p.trees[0], p.diags);
    assert_non_null(t);
    assert_int_equal(lx_diag_count(p.diags), 0);
    lx_buf out = LX_BUF_INIT;
    lx_sgf_write_options o = {0};
    lx_game_write_options(&lx_hex_module, &o);
    assert_int_equal(lx_sgf_write_tree(t, &o, &out), 0);
    /* the first player (LG's W, Alice) is Black; "mf" is m6; swap is swap-pieces; B's resignation: RE[W+R] */
    assert_non_null(strstr(out.data, "(;FF[4]GM[11]SZ[13]EV[hex.mc.2010.oct.1.11]PB[Alice]PW[Bob]RE[W+R]"));
    assert_non_null(strstr(out.data, ";B[m6];W[swap-pieces];B[g7];W[f9];B[resign])"));
    lx_diag_list *d = check_hex(out.data);
    assert_int_equal(lx_diag_count(d), 0);
    lx_diag_list_free(d);
    parsed q;
    lx_hex_board *b = position(out.data, 2, &q);
    assert_int_equal(stone(b, "f13"), LX_WHITE); /* m6 mirrored for the second player */
    lx_hex_board_free(b);
    parsed_free(&q);
    lx_buf_free(&out);
    lx_sgf_tree_free(t);
    parsed_free(&p);
    parse_text(&p, "(;FF[4]SZ[13]SO[littlegolem];W[m6x];B[swap])");
    t = lx_hex_convert_little_golem(p.trees[0], p.diags);
    assert_non_null(find_diag(p.diags, "HEX_LG_BAD_VALUE"));
    lx_sgf_tree_free(t);
    parsed_free(&p);
}

/* A random GM[11] game with swap-pieces, and the same game in Little Golem form. */
static void random_pair(int size, uint64_t *rng, lx_buf *std, lx_buf *lg)
{
    lx_hex_board *b = lx_hex_board_new(size, size);
    lx_game_error e;
    lx_game_error_init(&e);
    lx_buf_printf(std, "(;FF[4]GM[11]SZ[%d]", size);
    lx_buf_printf(lg, "(;FF[4]EV[hex.test]SZ[%d]SO[http://www.littlegolem.com]", size);
    lx_colour who = LX_BLACK;
    for (int i = 0; lx_hex_winner(b) == LX_NO_COLOUR; i++) {
        lx_hex_move m = {LX_HEX_STONE, (int)(test_random(rng) % (uint64_t)size), (int)(test_random(rng) % (uint64_t)size)};
        if (i == 1)
            m.kind = LX_HEX_SWAP_PIECES;
        if (lx_hex_play(b, who, &m, &e) != 0)
            continue;
        char name[24];
        lx_hex_format_move(&m, name, sizeof name);
        lx_buf_printf(std, ";%c[%s]", who == LX_BLACK ? 'B' : 'W', name);
        if (m.kind == LX_HEX_STONE)
            lx_buf_printf(lg, ";%c[%c%c]", who == LX_BLACK ? 'W' : 'B', 'a' + m.col, 'a' + m.row);
        else
            lx_buf_printf(lg, ";%c[swap]", who == LX_BLACK ? 'W' : 'B');
        who = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    }
    lx_buf_printf(lg, ")");
    lx_buf_printf(std, ")");
    lx_game_error_free(&e);
    lx_hex_board_free(b);
}

static void random_games_survive_little_golem_and_back(void **state)
{
    (void)state;
    uint64_t rng = 2024;
    lx_buf std = LX_BUF_INIT, lg = LX_BUF_INIT, out = LX_BUF_INIT, j1 = LX_BUF_INIT, j2 = LX_BUF_INIT;
    for (int g = 0; g < 300; g++) {
        int size = 2 + g % 25;
        lx_buf_clear(&std);
        lx_buf_clear(&lg);
        random_pair(size, &rng, &std, &lg);
        parsed p;
        parse_text(&p, lg.data);
        assert_true(lx_hex_is_little_golem(p.trees[0]));
        lx_sgf_tree *t = lx_hex_convert_little_golem(p.trees[0], p.diags);
        lx_buf_clear(&out);
        assert_int_equal(lx_sgf_write_tree(t, NULL, &out), 0);
        lx_diag_list *d = lx_diag_list_new();
        final_json(std.data, std.len, &j1, d);
        final_json(out.data, out.len, &j2, d);
        assert_string_equal(j1.data, j2.data);
        assert_int_equal(errors_in(d), 0);
        lx_diag_list_free(d);
        lx_sgf_tree_free(t);
        parsed_free(&p);
    }
    lx_buf_free(&std);
    lx_buf_free(&lg);
    lx_buf_free(&out);
    lx_buf_free(&j1);
    lx_buf_free(&j2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_benzene_file_replays),
        cmocka_unit_test(benzene_files_written_canonically_read_the_same),
        cmocka_unit_test(little_golem_records_are_recognised),
        cmocka_unit_test(a_little_golem_record_converts_to_the_spec),
        cmocka_unit_test(random_games_survive_little_golem_and_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_twixt_formats.c - Twixt records in other notations: the server's move
 * syntax (the help file's example, exactly), games written move by move in
 * it, Little Golem .tsgf and T1 files (every corpus file), and round trips
 * SGF <-> server syntax <-> T1. */
#include <sys/stat.h>

#include "twixt_data/twixt_testutil.h"

/* ---- the help file's server move ---------------------------------------------------------------- */

/* The position before "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11" (# to move). */
static lx_twixt_board *help_before(void)
{
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_STD);
    put_pegs(b, LX_WHITE, "k10 m11 k12 p12 i13 m13 o14");
    put_links(b, LX_WHITE, "k10-m11 k12-i13 k12-m13 p12-o14 m13-o14");
    put_pegs(b, LX_BLACK, "n10 h11 k11 l11 o11 p11 i12 l12 m12 n12 h13 n13");
    put_links(b, LX_BLACK, "n10-p11 n10-m12 k11-i12 k11-m12 o11-n13 l12-n13");
    lx_twixt_set_to_play(b, LX_BLACK);
    return b;
}

/* Columns first..last, rows r0..r1 of a medium drawing (24 rows: x of column c is 4 + 3c). */
static void window(const char *drawing, int first, int last, int r0, int r1, lx_buf *out)
{
    int y0 = 2 + 2 * (r0 - 1), y1 = 2 + 2 * (r1 - 1), x0 = 4 + 3 * first - 1, x1 = 4 + 3 * last + 2;
    const char *line = drawing;
    for (int y = 0; line && y <= y1; y++) {
        const char *end = strchr(line, '\n');
        int n = end ? (int)(end - line) : (int)strlen(line);
        if (y >= y0) {
            int to = n < x1 ? n : x1, k = to;
            while (k > x0 && line[k - 1] == ' ')
                k--;
            lx_buf_printf(out, "%.*s\n", k > x0 ? k - x0 : 0, line + x0);
        }
        line = end ? end + 1 : NULL;
    }
}

static void help_server_move_exactly(void **state)
{
    (void)state;
    /* the help's diagrams, columns H..P, rows 10..14 (the text beside them left out) */
    static const char *before =
        " .  .  .  O_ .  .  #_ .  .\n"
        "            ---_  /  ---_\n"
        " #  .  . _#_ #  O |.  #  #\n"
        "     _---   ---_ /   /\n"
        " .  #  . _O_ #_ #  # |.  O\n"
        "     _---   ---_--_ /   /\n"
        " #  O  .  .  .  O_ #  . |.\n"
        "                  ---_ /\n"
        " .  .  .  .  .  .  .  O  .\n";
    static const char *after =
        " .  .  .  O_ .  .  #_ .  .\n"
        "            ---_     ---_\n"
        " #_ .  .  # _#_ O  .  # _#\n"
        "   ---_ _---   ---_ _---\n"
        " .  #  # _O_ #_ #  #  .  O\n"
        "     _---   ---_--_     /\n"
        " #  O  .  .  .  O_ #  . |.\n"
        "                  ---_ /\n"
        " .  .  .  .  .  .  .  O  .\n";
    const char *text = "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11";
    lx_twixt_board *b = help_before();
    lx_buf pic = LX_BUF_INIT, cut = LX_BUF_INIT;
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_ASCII, 2, &pic), 0);
    window(pic.data, 7, 15, 10, 14, &cut);
    assert_string_equal(cut.data, before);
    lx_twixt_server_move m;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_twixt_parse_server_move(b, text, strlen(text), &m, &e), 0);
    assert_int_equal(m.nunlink, 4);
    assert_int_equal(m.nlink, 4);
    assert_true(m.plus);
    char back[128];
    assert_true(lx_twixt_format_server_move(&m, back, sizeof back) > 0);
    assert_string_equal(back, text);
    /* its SGF long move, which cannot be exact: the peg would also link h13 */
    lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
    size_t n;
    int exact;
    assert_int_equal(lx_twixt_server_to_sgf(b, LX_BLACK, &m, parts, &n, &exact, &e), 0);
    assert_int_equal(exact, 0);
    static const char *want[] = {"-j11'", "-l11'", "-m'11", "-n'12", "\\m11'", "/o11'", "j12"};
    assert_int_equal(n, 7);
    for (size_t i = 0; i < n; i++) {
        char v[32];
        lx_twixt_format_move(&parts[i], v, sizeof v);
        assert_string_equal(v, want[i]);
    }
    lx_twixt_board *sgf = lx_twixt_board_copy(b);
    assert_int_equal(lx_twixt_play_turn(sgf, LX_BLACK, parts, n, &e), 0);
    assert_int_equal(lx_twixt_link_at(sgf, pt("h13"), pt("j12")), LX_BLACK);
    lx_twixt_board_free(sgf);
    /* played as the server plays it: the help's second diagram */
    assert_int_equal(lx_twixt_play_server_move(b, LX_BLACK, &m, &e), 0);
    assert_int_equal(lx_twixt_link_at(b, pt("h13"), pt("j12")), LX_NO_COLOUR);
    assert_int_equal(lx_twixt_to_play(b), LX_WHITE);
    lx_buf_clear(&pic);
    lx_buf_clear(&cut);
    assert_int_equal(lx_twixt_draw(b, LX_DRAW_ASCII, 2, &pic), 0);
    window(pic.data, 7, 15, 10, 14, &cut);
    assert_string_equal(cut.data, after);
    /* and back: the SGF turn as a server move is exact */
    lx_twixt_board *again = help_before();
    lx_twixt_server_move m2;
    assert_int_equal(lx_twixt_sgf_to_server(again, LX_BLACK, parts, n, &m2, &e), 0);
    assert_true(lx_twixt_format_server_move(&m2, back, sizeof back) > 0);
    assert_string_equal(back, "j12-i12/k11/m12/n10,n13/o11+l11/n12/p11,j12/l11,j12/h11,j12/h13");
    lx_twixt_board_free(again);
    lx_game_error_free(&e);
    lx_twixt_board_free(b);
    lx_buf_free(&pic);
    lx_buf_free(&cut);
}

static void server_move_errors(void **state)
{
    (void)state;
    lx_twixt_board *b = help_before();
    lx_twixt_server_move m;
    lx_game_error e;
    static const struct {
        const char *text, *code, *msg;
    } bad[] = {
        {"j12 -i12/k11", "TWIXT_SERVER_SYNTAX", "\"j12 -i12/k11\": a server move has no spaces anywhere"},
        {"j12-i12/k12", "TWIXT_SERVER_NOT_KNIGHT", "i12 and k12 are not a knight's move apart"},
        {"j12-i12", "TWIXT_SERVER_SYNTAX", "a chain names two holes or more: i12/..."},
        {"j12+h11/", "TWIXT_SERVER_SYNTAX", "expected a hole such as j12 at \"\""},
        {"j12*", "TWIXT_SERVER_SYNTAX", "\"j12*\": unexpected \"*\"; a server move is a hole, then -unlinks, then +links"},
        {"y12", "TWIXT_OFF_BOARD", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lx_game_error_init(&e);
        assert_int_equal(lx_twixt_parse_server_move(b, bad[i].text, strlen(bad[i].text), &m, &e), -1);
        assert_string_equal(e.code, bad[i].code);
        if (bad[i].msg)
            assert_string_equal(e.message.data, bad[i].msg);
        lx_game_error_free(&e);
    }
    static const struct {
        const char *text, *code, *msg;
    } illegal[] = {
        {"j12-i12/g13", "TWIXT_NO_LINK_TO_REMOVE", "there is no link g13-i12 to remove"},
        {"j12-k10/m11", "TWIXT_NOT_OWN_LINK", "the link k10-m11 is White's; a player removes only their own links"},
        {"j12+j12/k10", "TWIXT_ADD_NEEDS_PEGS", "cannot link j12-k10: Black has no peg on both ends"},
        {"j12+h11/j12/l11/n12", "TWIXT_LINK_CROSSES", "the link h11-j12 would cross Black's link i12-k11; links may not cross"},
        {"k12", "TWIXT_OCCUPIED", "k12 already holds a White peg"},
    };
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        lx_game_error_init(&e);
        assert_int_equal(lx_twixt_parse_server_move(b, illegal[i].text, strlen(illegal[i].text), &m, &e), 0);
        assert_int_equal(lx_twixt_play_server_move(b, LX_BLACK, &m, &e), -1);
        assert_string_equal(e.code, illegal[i].code);
        assert_string_equal(e.message.data, illegal[i].msg);
        assert_int_equal(lx_twixt_peg_at(b, 9, 11), LX_NO_COLOUR); /* all or nothing */
        assert_int_equal(lx_twixt_link_at(b, pt("i12"), pt("k11")), LX_BLACK);
        lx_game_error_free(&e);
    }
    /* a bare '+': no links at all */
    lx_game_error_init(&e);
    assert_int_equal(lx_twixt_parse_server_move(b, "J12+", 4, &m, &e), 0);
    assert_int_equal(lx_twixt_play_server_move(b, LX_BLACK, &m, &e), 0);
    assert_int_equal(lx_twixt_link_at(b, pt("h11"), pt("j12")), LX_NO_COLOUR);
    assert_int_equal(lx_twixt_link_at(b, pt("h13"), pt("j12")), LX_NO_COLOUR);
    assert_int_equal(lx_twixt_parse_server_move(b, "swap", 4, &m, &e), 0);
    assert_int_equal(m.kind, LX_TWIXT_SWAP_SIDES);
    lx_game_error_free(&e);
    lx_twixt_board_free(b);
}

/* ---- games in server syntax -------------------------------------------------------------------- */

static char *write_sgf(const lx_sgf_tree *t)
{
    lx_sgf_write_options wo = {0};
    lx_buf out = LX_BUF_INIT;
    lx_game_write_options(&lx_twixt_module, &wo);
    assert_int_equal(lx_sgf_write_tree(t, &wo, &out), 0);
    return lx_buf_steal(&out, NULL);
}

/* The moves of a tree's main line in canonical form, "W[k4];B[-i'3][k5];...". */
static char *moves_of(const char *sgf)
{
    const char *s = strstr(sgf, ";W[") ? strchr(sgf + 2, ';') : NULL;
    lx_buf out = LX_BUF_INIT;
    for (const char *p = s; p && *p; p++)
        if (*p != '\n' && *p != ')')
            lx_buf_append_char(&out, *p);
    return lx_buf_steal(&out, NULL);
}

static void a_server_game_file(void **state)
{
    (void)state;
    const char *game = "# a game on the server\n"
                       "[Size \"12\"]\n[White \"red player\"]\n[Black \"black player\"]\n[Result \"W+R\"]\n"
                       "1 R f3   # Red starts\n"
                       "2. B c6\n"
                       "W g5\n"
                       "4 Black d7\n"
                       "f7\n"
                       "6 B -d'6 + \n";
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_tree *t = lx_twixt_read_server_game(game, strlen(game), d);
    assert_non_null(t);
    assert_diag(d, "TWIXT_SERVER_SYNTAX", LX_ERROR, 11, 1);
    char *sgf = write_sgf(t);
    assert_non_null(strstr(sgf, "SZ[12]"));
    assert_non_null(strstr(sgf, "PW[red player]"));
    assert_non_null(strstr(sgf, "RE[W+R]"));
    char *moves = moves_of(sgf);
    assert_string_equal(moves, ";W[f3]C[Red starts];B[c6];W[g5];B[d7];W[f7]");
    free(moves);
    free(sgf);
    lx_sgf_tree_free(t);
    lx_diag_list_free(d);
    /* a '+' that declines an autolink: SGF cannot say it (warning), the game goes on from the server's position */
    const char *declines = "1 W j10\n2 B c3\n3 W k12+\n4 B c7\n5 W l10\n";
    d = lx_diag_list_new();
    t = lx_twixt_read_server_game(declines, strlen(declines), d);
    assert_diag(d, "TWIXT_SERVER_NOT_EXACT", LX_WARNING, 3, 1);
    assert_string_equal(find_diag(d, "TWIXT_SERVER_NOT_EXACT")->message,
                        "k12+: its '+' declines a link the peg would make; an SGF long move always autolinks the new "
                        "peg, so the SGF record has that link and the server's game does not");
    assert_null(first_error(d));
    lx_sgf_tree_free(t);
    lx_diag_list_free(d);
    /* a colour that is not the side to move */
    const char *wrong = "1 W j10\n2 W c3\n";
    d = lx_diag_list_new();
    t = lx_twixt_read_server_game(wrong, strlen(wrong), d);
    assert_diag(d, "TWIXT_WRONG_TURN", LX_ERROR, 2, 1);
    assert_string_equal(find_diag(d, "TWIXT_WRONG_TURN")->message, "c3: it is Black's turn, not White's");
    lx_sgf_tree_free(t);
    lx_diag_list_free(d);
}

/* RU[PP] has no long moves (the Twixt SGF specification): a server move with
 * a '+' is refused like one with a '-', whether or not it declines a link;
 * the plain peg is played, links and all. */
static void pp_server_moves_have_no_long_form(void **state)
{
    (void)state;
    static const char *const pp_plus = "RU[PP] has no long moves: a peg makes every link it can and no link is added "
                                       "or declined by hand; place it without '+'";
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_PP);
    put_pegs(b, LX_WHITE, "j10");
    put_pegs(b, LX_BLACK, "c3");
    lx_twixt_set_to_play(b, LX_WHITE);
    lx_twixt_server_move m;
    lx_game_error e;
    static const struct {
        const char *text, *msg;
    } refused[] = {
        {"k12+", NULL},          /* declines the link j10-k12 */
        {"k12+j10/k12", NULL},   /* makes exactly the links the peg makes */
        {"t20+", NULL},          /* nothing to decline */
        {"k12-j10/l11", "RU[PP] has no long moves: links are never removed"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        lx_game_error_init(&e);
        assert_int_equal(lx_twixt_parse_server_move(b, refused[i].text, strlen(refused[i].text), &m, &e), 0);
        assert_int_equal(lx_twixt_play_server_move(b, LX_WHITE, &m, &e), -1);
        assert_string_equal(e.code, "TWIXT_PP_NO_LONG_MOVES");
        assert_string_equal(e.message.data, refused[i].msg ? refused[i].msg : pp_plus);
        assert_int_equal(lx_twixt_peg_at(b, 10, 11), LX_NO_COLOUR); /* k12: all or nothing */
        assert_int_equal(lx_twixt_to_play(b), LX_WHITE);
        lx_game_error_free(&e);
    }
    lx_game_error_init(&e);
    assert_int_equal(lx_twixt_parse_server_move(b, "k12", 3, &m, &e), 0);
    assert_int_equal(lx_twixt_play_server_move(b, LX_WHITE, &m, &e), 0);
    assert_int_equal(lx_twixt_link_at(b, pt("j10"), pt("k12")), LX_WHITE);
    lx_game_error_free(&e);
    lx_twixt_board_free(b);
    /* converting a game: the '+' is an error that ends the record there (under STD it is a warning, above) */
    const char *game = "[Rules \"PP\"]\n1 W j10\n2 B c3\n3 W k12+\n4 B c7\n";
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_tree *t = lx_twixt_read_server_game(game, strlen(game), d);
    assert_non_null(t);
    assert_int_equal(lx_diag_count(d), 1);
    assert_diag(d, "TWIXT_PP_NO_LONG_MOVES", LX_ERROR, 4, 1);
    char want[256];
    snprintf(want, sizeof want, "k12+: %s", pp_plus);
    assert_string_equal(lx_diag_get(d, 0)->message, want);
    char *sgf = write_sgf(t);
    assert_string_equal(sgf, "(;FF[4]GM[21]SZ[24]RU[PP]\n;W[j10];B[c3])\n");
    free(sgf);
    lx_sgf_tree_free(t);
    lx_diag_list_free(d);
}

/* SGF -> server syntax -> SGF keeps every move, long moves included. */
static void sgf_to_server_and_back(void **state)
{
    (void)state;
    const char *sgf = "(;FF[4]GM[21]SZ[24]PB[Bram]PW[Wendy]RE[W+R]\n"
                      ";W[b10];B[i4];W[b14];B[j2];W[b18];B[k5];W[w10];B[i3];W[w14];B[j5];W[w18]\n"
                      ";B[-i'3][-j4'][\\\\i'4][k4];W[f5];B[-i'4][m6];W[resign])";
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree(sgf, &doc);
    lx_buf text = LX_BUF_INIT;
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_twixt_write_server_game(t, &text, d), 0);
    assert_non_null(strstr(text.data, "[White \"Wendy\"]\n"));
    assert_non_null(strstr(text.data, "12 B k4-i4/j2,i4/k5+i3/j5,k4/j2,k4/i3\n"));
    assert_non_null(strstr(text.data, "14 B m6-i3/j5\n"));
    assert_non_null(strstr(text.data, "15 W resign\n"));
    lx_sgf_tree *back = lx_twixt_read_server_game(text.data, text.len, d);
    assert_int_equal(lx_diag_count(d), 0);
    char *a = write_sgf(t), *b = write_sgf(back), *ma = moves_of(a), *mb = moves_of(b);
    assert_string_equal(ma, mb);
    free(a), free(b), free(ma), free(mb);
    lx_sgf_tree_free(back);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_free(&text);
    lx_diag_list_free(d);
}

/* A swap-pieces becomes the server's swap (swap-sides) with every later move mirrored. */
static void swap_pieces_in_server_syntax(void **state)
{
    (void)state;
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree("(;FF[4]GM[21];W[f5];B[swap-pieces];W[k10];B[c3])", &doc);
    lx_buf text = LX_BUF_INIT;
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_twixt_write_server_game(t, &text, d), 0);
    assert_non_null(strstr(text.data, "1 W f5\n2 B swap\n3 B j11\n4 W c3\n"));
    lx_sgf_tree *back = lx_twixt_read_server_game(text.data, text.len, d);
    char *sgf = write_sgf(back), *moves = moves_of(sgf);
    assert_string_equal(moves, ";W[f5];B[swap-sides];B[j11];W[c3]");
    /* the same game seen from the other side: Black's e6 and White's k10 become White's f5 and Black's j11 */
    lx_twixt_board *x = board_after("(;GM[21];W[f5];B[swap-pieces];W[k10];B[c3])", 0);
    lx_twixt_board *y = board_after("(;GM[21];W[f5];B[swap-sides];B[j11];W[c3])", 0);
    for (int r = 0; r < 24; r++)
        for (int c = 0; c < 24; c++) {
            lx_colour p = lx_twixt_peg_at(x, c, r), q = lx_twixt_peg_at(y, r, c);
            assert_int_equal(p, q == LX_NO_COLOUR ? q : q == LX_WHITE ? LX_BLACK : LX_WHITE);
        }
    lx_twixt_board_free(x);
    lx_twixt_board_free(y);
    free(sgf), free(moves);
    lx_sgf_tree_free(back);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_free(&text);
    lx_diag_list_free(d);
}

/* ---- the corpus -------------------------------------------------------------------------------- */

static const char *corpus_dir(void)
{
    static const char *const tries[] = {"tests/corpus/twixt-files"}; /* the repository's copy */
    const char *env = getenv("LUDEX_TWIXT_CORPUS");
    struct stat st;
    if (env && stat(env, &st) == 0)
        return env;
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++)
        if (stat(tries[i], &st) == 0)
            return tries[i];
    return NULL;
}

static char *slurp(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", corpus_dir(), name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    lx_buf b = LX_BUF_INIT;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        lx_buf_append(&b, chunk, n);
    fclose(f);
    return lx_buf_steal(&b, len);
}

/* Convert an LG file; returns the SGF text. */
static char *lg_to_sgf(const char *name, lx_diag_list *d)
{
    size_t len;
    char *raw = slurp(name, &len);
    lx_sgf_doc *doc;
    lx_sgf_tree *lg = read_tree(raw, &doc);
    assert_true(lx_twixt_is_little_golem(lg));
    lx_sgf_tree *t = lx_twixt_convert_little_golem(lg, d);
    assert_non_null(t);
    char *sgf = write_sgf(t);
    lx_sgf_tree_free(t);
    lx_sgf_tree_free(lg);
    lx_sgf_doc_free(doc);
    free(raw);
    return sgf;
}

static void every_little_golem_file(void **state)
{
    (void)state;
    if (!corpus_dir()) /* the corpus is part of the repository: its absence is a failure */
        fail_msg("no corpus folder (tests/corpus/twixt-files, or LUDEX_TWIXT_CORPUS)");
    static const struct {
        const char *name, *first, *result;
        size_t moves;
    } files[] = {
        {"game2206555.tsgf", ";W[d4];B[t8];W[k10]", "W+R", 18},
        {"game2209801.tsgf", ";W[c21];B[l15];W[g15]", "", 40},
        {"game2220939.tsgf", ";W[c4];B[f7];W[o8]", "W+R", 22},
        {"game2232217.tsgf", ";W[e3];B[f6];W[p10]", "", 38},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        lx_diag_list *d = lx_diag_list_new();
        char *sgf = lg_to_sgf(files[i].name, d);
        assert_null(first_error(d));
        assert_non_null(strstr(sgf, "GM[21]"));
        assert_non_null(strstr(sgf, "RU[PP]"));
        assert_non_null(strstr(sgf, files[i].first));
        lx_diag_list *c = check(sgf);
        assert_null(first_error(c));
        lx_diag_list_free(c);
        lx_twixt_board *b = board_after(sgf, 0);
        lx_game_result r;
        lx_twixt_result(b, &r);
        assert_string_equal(r.re, files[i].result);
        assert_int_equal(lx_twixt_moves_played(b), files[i].moves);
        lx_twixt_board_free(b);
        free(sgf);
        lx_diag_list_free(d);
    }
    lx_diag_list *d = lx_diag_list_new();
    char *sgf = lg_to_sgf("game2232217.tsgf", d);
    assert_non_null(strstr(sgf, "PW[slaapgraag]")); /* b moved first: Little Golem's PB is White */
    assert_non_null(strstr(sgf, "PB[agtoever]"));
    assert_non_null(strstr(sgf, "B[q9]C[draw offered]"));
    free(sgf);
    lx_diag_list_free(d);
}

static void little_golem_swap_and_draw(void **state)
{
    (void)state;
    const char *lg = "(;FF[4]EV[twixt.test]PB[first]PW[second]SZ[24]SO[https://www.littlegolem.net]"
                     ";b[fe];r[swap];b[gh];r[ij];b[draw])";
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree(lg, &doc);
    lx_diag_list *d = lx_diag_list_new();
    lx_sgf_tree *std = lx_twixt_convert_little_golem(t, d);
    assert_null(first_error(d));
    char *sgf = write_sgf(std), *moves = moves_of(sgf);
    /* fe = f5; after the swap holes are mirrored back: gh (g8) -> h7, ij (i10) -> j9 */
    assert_string_equal(moves, ";W[f5];B[swap-sides];B[h7];W[j9]");
    assert_non_null(strstr(sgf, "RE[0]"));
    free(sgf), free(moves);
    lx_sgf_tree_free(std);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
    /* a move the rules refuse is reported where the file has it */
    t = read_tree("(;FF[4]SZ[24];b[fe];r[fe])", &doc);
    d = lx_diag_list_new();
    std = lx_twixt_convert_little_golem(t, d);
    const lx_diag *e = first_error(d);
    assert_non_null(e);
    assert_string_equal(e->code, "TWIXT_OCCUPIED");
    assert_int_equal(e->offset, 21); /* the '[' of r[fe] */
    assert_string_equal(e->message, "move 2: f5 already holds a White peg");
    lx_sgf_tree_free(std);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(d);
}

static char *t1_to_sgf(const char *raw, size_t len, lx_diag_list *d)
{
    lx_sgf_tree *t = lx_twixt_read_t1(raw, len, d);
    assert_non_null(t);
    char *sgf = write_sgf(t);
    lx_sgf_tree_free(t);
    return sgf;
}

static void every_t1_file(void **state)
{
    (void)state;
    if (!corpus_dir())
        fail_msg("no corpus folder (tests/corpus/twixt-files, or LUDEX_TWIXT_CORPUS)");
    static const struct {
        const char *name, *first, *result;
        size_t moves;
        int errors;
    } files[] = {
        {"sample.T1", ";W[e15];B[swap-pieces];W[f17];B[h18];W[p12];B[resign]", "W+R", 6, 0},
        {"drawngame.T1", ";W[i9];B[m5];W[m9]", "0", 58, 0}, /* a dead draw, as its name says */
        {"scl-issue.T1", ";W[q23];B[swap-pieces];W[c21]", "", 43, 0},
        {"full_board.T1", ";W[b2];B[b3];W[b4]", "0", 572, 0}, /* every hole filled, nobody joined */
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t len;
        char *raw = slurp(files[i].name, &len);
        lx_diag_list *d = lx_diag_list_new();
        char *sgf = t1_to_sgf(raw, len, d);
        assert_int_equal(lx_diag_count_at_least(d, LX_ERROR), files[i].errors);
        assert_non_null(strstr(sgf, files[i].first));
        lx_twixt_board *b = board_after(sgf, 0);
        lx_game_result r;
        lx_twixt_result(b, &r);
        assert_string_equal(r.re, files[i].result);
        assert_int_equal(lx_twixt_moves_played(b), files[i].moves);
        lx_twixt_board_free(b);
        /* T1 -> SGF -> T1 -> SGF: the same moves */
        lx_sgf_doc *doc;
        lx_sgf_tree *t = read_tree(sgf, &doc);
        lx_buf t1 = LX_BUF_INIT;
        lx_diag_list *d2 = lx_diag_list_new();
        assert_int_equal(lx_twixt_write_t1(t, &t1, d2), files[i].errors ? 1 : 0);
        char *sgf2 = t1_to_sgf(t1.data, t1.len, d2), *m1 = moves_of(sgf), *m2 = moves_of(sgf2);
        assert_string_equal(m1, m2);
        free(m1), free(m2), free(sgf2);
        lx_buf_free(&t1);
        lx_diag_list_free(d2);
        lx_sgf_tree_free(t);
        lx_sgf_doc_free(doc);
        free(sgf);
        free(raw);
        lx_diag_list_free(d);
    }
    size_t len;
    char *raw;
    lx_diag_list *d;
    raw = slurp("sample.T1", &len);
    d = lx_diag_list_new();
    char *sgf = t1_to_sgf(raw, len, d);
    assert_non_null(strstr(sgf, "PB[Jerry]"));
    assert_non_null(strstr(sgf, "PW[Tom]"));
    free(sgf);
    free(raw);
    lx_diag_list_free(d);
}

static void writing_t1(void **state)
{
    (void)state;
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree("(;FF[4]GM[21]PW[Tom]PB[Jerry];W[e15];B[swap-pieces];W[f17];B[h18];W[resign])", &doc);
    lx_buf out = LX_BUF_INIT;
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_twixt_write_t1(t, &out, d), 0);
    assert_string_equal(out.data, "# File created by ludex\n# ludex reads, checks and converts game records\n"
                                  "1 # version of file-format\nTom # Name of player 1\nJerry # Name of player 2\n"
                                  "24 # y-size of board\n24 # x-size of board\nH # player 1 human or computer\n"
                                  "H # player 2 human or computer\n1 # starting player (1 plays top-down)\n"
                                  "V # direction of letters\nY # pierule?\nY # game already over?\n"
                                  "E15\nswap\nF17\nH18\nresign\n");
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_clear(&out);
    /* long moves have no T1 form */
    t = read_tree("(;FF[4]GM[21];W[j10];B[c3];W[k12];B[d5];W[-j'11][l10])", &doc);
    assert_int_equal(lx_twixt_write_t1(t, &out, d), 1);
    assert_diag(d, "TWIXT_T1_LONG_MOVE", LX_ERROR, 0, 0);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_clear(&out);
    /* swap-sides: "swap", later holes mirrored; HA: no pie rule; Black first: player 2 starts */
    t = read_tree("(;FF[4]GM[21]HA[]PL[B];B[e6];W[k10])", &doc);
    assert_int_equal(lx_twixt_write_t1(t, &out, d), 0);
    assert_non_null(strstr(out.data, "2 # starting player"));
    assert_non_null(strstr(out.data, "N # pierule?"));
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_clear(&out);
    t = read_tree("(;FF[4]GM[21];W[f5];B[swap-sides];B[k10];W[c3])", &doc);
    assert_int_equal(lx_twixt_write_t1(t, &out, d), 0);
    assert_non_null(strstr(out.data, "F5\nswap\nJ11\nC3\n"));
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    lx_buf_free(&out);
    lx_diag_list_free(d);
    /* a T1 file with too few lines, and a bad move */
    d = lx_diag_list_new();
    t = lx_twixt_read_t1("1\n2\n", strlen("1\n2\n"), d);
    assert_diag(d, "TWIXT_T1_SHORT_HEADER", LX_ERROR, 3, 1);
    lx_sgf_tree_free(t);
    lx_diag_list_clear(d);
    const char *bad = "#\n#\n#\nA\nB\n#\n#\n#\n#\n#\n#\n#\n#\ne5\nzz99\n";
    t = lx_twixt_read_t1(bad, strlen(bad), d);
    assert_diag(d, "TWIXT_T1_BAD_MOVE", LX_ERROR, 15, 1);
    lx_sgf_tree_free(t);
    lx_diag_list_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(help_server_move_exactly),
        cmocka_unit_test(server_move_errors),
        cmocka_unit_test(a_server_game_file),
        cmocka_unit_test(pp_server_moves_have_no_long_form),
        cmocka_unit_test(sgf_to_server_and_back),
        cmocka_unit_test(swap_pieces_in_server_syntax),
        cmocka_unit_test(every_little_golem_file),
        cmocka_unit_test(little_golem_swap_and_draw),
        cmocka_unit_test(every_t1_file),
        cmocka_unit_test(writing_t1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_check.c - the FF[4] property table (props.c) and the generic checks
 * (check.c): every diagnostic code with its severity, line and column, what
 * must stay silent (private properties, real Hex files from Benzene, a
 * GNU-Backgammon-like match), game-specific tables that override FF[4], built
 * trees, and a tree a million levels deep. */
#include <dirent.h>
#include <sys/stat.h>

#include "testutil.h"

/* ---- helpers ---- */

/* Read `text` (which must read without any reader diagnostic), run the checks
 * on every tree with `opt`, and resolve the diagnostics to lines and columns. */
static void checked_opt(parsed *p, const char *text, const lx_sgf_check_options *opt)
{
    parse_text(p, text);
    if (lx_diag_count(p->diags) > 0)
        fail_msg("the reader reported %s: %s", lx_diag_get(p->diags, 0)->code, lx_diag_get(p->diags, 0)->message);
    for (size_t i = 0; i < p->ntrees; i++)
        assert_int_equal(lx_sgf_check_tree(p->trees[i], opt, p->diags), 0);
    size_t len;
    const char *tx = lx_sgf_doc_text(p->doc, &len);
    lx_diag_list_resolve(p->diags, tx, len);
}

static void checked(parsed *p, const char *text) { checked_opt(p, text, NULL); }

static size_t count_code(lx_diag_list *d, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < lx_diag_count(d); i++)
        n += strcmp(lx_diag_get(d, i)->code, code) == 0;
    return n;
}

static void assert_no_diagnostics(lx_diag_list *d)
{
    if (lx_diag_count(d) > 0) {
        const lx_diag *x = lx_diag_get(d, 0);
        fail_msg("unexpected %s at %u:%u: %s", x->code, x->line, x->col, x->message);
    }
}

/* Exactly one diagnostic, with this code, severity and position. */
#define assert_only_diag(d, code, sev, ln, cl)                                                     \
    do {                                                                                           \
        assert_diag((d), (code), (sev), (ln), (cl));                                               \
        assert_int_equal(lx_diag_count(d), 1);                                                     \
    } while (0)

/* Check one text that should give exactly one diagnostic. */
static void expect_one(const char *text, const char *code, lx_severity sev, uint32_t line, uint32_t col)
{
    parsed p;
    checked(&p, text);
    assert_only_diag(p.diags, code, sev, line, col);
    parsed_free(&p);
}

static void expect_none(const char *text)
{
    parsed p;
    checked(&p, text);
    assert_no_diagnostics(p.diags);
    parsed_free(&p);
}

/* The message of the only diagnostic of `text`, copied into buf. */
static const char *only_message(const char *text, char *buf, size_t cap)
{
    parsed p;
    checked(&p, text);
    assert_int_equal(lx_diag_count(p.diags), 1);
    snprintf(buf, cap, "%s", lx_diag_get(p.diags, 0)->message);
    parsed_free(&p);
    return buf;
}

/* ---- the property table ---- */

static void test_table_has_every_ff4_property(void **state)
{
    (void)state;
    static const char *const ids[] = {
        "B", "KO", "MN", "W", "AB", "AE", "AW", "PL", "C", "DM", "GB", "GW", "HO", "N", "UC", "V",
        "BM", "DO", "IT", "TE", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "AP", "CA", "FF",
        "GM", "ST", "SZ", "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW",
        "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "BL", "OB", "OW", "WL", "FG", "PM", "VW"};
    assert_int_equal(sizeof ids / sizeof ids[0], 63);
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        const lx_sgf_propdef *d = lx_sgf_propdef_find(ids[i]);
        if (!d)
            fail_msg("%s is not in the table", ids[i]);
        assert_string_equal(d->id, ids[i]);
        assert_non_null(d->description);
    }
}

static void test_table_leaves_others_unknown(void **state)
{
    (void)state;
    static const char *const ids[] = {"", "A", "HA", "KM", "TB", "TW", "MI", "XX", "ZZ", "BLX", "b", "ff", "L", "M"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        assert_null(lx_sgf_propdef_find(ids[i]));
    assert_null(lx_sgf_propdef_find(NULL));
}

static void test_table_types(void **state)
{
    (void)state;
    const lx_sgf_propdef *d = lx_sgf_propdef_find("SZ");
    assert_int_equal(d->category, LX_PROP_ROOT);
    assert_int_equal(d->first, LX_VT_NUMBER);
    assert_int_equal(d->second, LX_VT_NUMBER);
    assert_int_equal(d->flags, LX_PF_COMPOSE_OPT);
    d = lx_sgf_propdef_find("AP");
    assert_int_equal(d->flags, LX_PF_COMPOSE);
    assert_int_equal(d->second, LX_VT_SIMPLETEXT);
    d = lx_sgf_propdef_find("LB");
    assert_int_equal(d->flags, LX_PF_LIST | LX_PF_COMPOSE);
    assert_int_equal(d->first, LX_VT_POINT);
    assert_int_equal(d->second, LX_VT_SIMPLETEXT);
    d = lx_sgf_propdef_find("AB");
    assert_int_equal(d->category, LX_PROP_SETUP);
    assert_int_equal(d->first, LX_VT_STONE);
    assert_int_equal(d->flags, LX_PF_LIST | LX_PF_POINT_LIST);
    d = lx_sgf_propdef_find("DD");
    assert_int_equal(d->category, LX_PROP_INHERIT);
    assert_int_equal(d->flags, LX_PF_ELIST | LX_PF_POINT_LIST);
    d = lx_sgf_propdef_find("FG");
    assert_int_equal(d->flags, LX_PF_COMPOSE | LX_PF_NONE_OR);
    assert_int_equal(lx_sgf_propdef_find("DO")->first, LX_VT_NONE);
    assert_int_equal(lx_sgf_propdef_find("BL")->category, LX_PROP_MOVE);
    assert_int_equal(lx_sgf_propdef_find("TM")->category, LX_PROP_GAME_INFO);
    assert_int_equal(lx_sgf_propdef_find("B")->first, LX_VT_MOVE);
}

/* ---- placement ---- */

static void test_root_property_outside_root(void **state)
{
    (void)state;
    expect_one("(;FF[4]GM[11]\n;B[a1]SZ[11])", "ROOT_PROP_NOT_IN_ROOT", LX_ERROR, 2, 7);
    parsed p;
    checked(&p, "(;GM[11];B[a1]\n;W[b2]FF[4]AP[x:1]CA[UTF-8]ST[1])");
    assert_int_equal(count_code(p.diags, "ROOT_PROP_NOT_IN_ROOT"), 4);
    assert_diag(p.diags, "ROOT_PROP_NOT_IN_ROOT", LX_ERROR, 2, 7);
    parsed_free(&p);
}

static void test_game_info_repeated_on_path(void **state)
{
    (void)state;
    expect_one("(;GM[11]PB[ann];B[a1]\n;W[b2]PW[bob])", "GAME_INFO_REPEATED", LX_ERROR, 2, 7);
    /* two variations, each with its own game info below an info-less root: fine */
    expect_none("(;GM[11](;PB[ann]PW[bob];B[a1])(;PB[cy]RE[B+];B[a2]))");
    /* game info in the root, and again two levels down in one variation only */
    parsed p;
    checked(&p, "(;GM[11]EV[x](;B[a1])\n(;B[a2];W[a3]\n  DT[2020])(;B[a4]))");
    assert_only_diag(p.diags, "GAME_INFO_REPEATED", LX_ERROR, 3, 3);
    parsed_free(&p);
}

static void test_game_info_reported_once_per_node(void **state)
{
    (void)state;
    parsed p;
    checked(&p, "(;PB[a];PW[b]RE[B+]DT[2001])");
    assert_only_diag(p.diags, "GAME_INFO_REPEATED", LX_ERROR, 1, 9);
    parsed_free(&p);
}

static void test_move_and_setup(void **state)
{
    (void)state;
    expect_one("(;GM[11];AB[a1]\nB[b2])", "MOVE_AND_SETUP", LX_ERROR, 2, 1);
    expect_one("(;GM[11];B[b2]PL[W])", "MOVE_AND_SETUP", LX_ERROR, 1, 15);
    /* timing and move annotation are move properties too */
    expect_one("(;GM[11];AW[a1]BL[30])", "MOVE_AND_SETUP", LX_ERROR, 1, 16);
    /* a setup node with markup, a move node with time and annotation: fine */
    expect_none("(;GM[11];AB[a1][b2]PL[W]C[setup]TR[a1];W[c3]WL[44]BM[1]C[hm])");
}

static void test_black_and_white_move(void **state)
{
    (void)state;
    expect_one("(;GM[11];B[a1]W[b2])", "BLACK_AND_WHITE_MOVE", LX_ERROR, 1, 15);
    expect_one("(;GM[11];W[a1]C[x]\n  B[b2])", "BLACK_AND_WHITE_MOVE", LX_ERROR, 2, 3);
}

static void test_duplicate_property(void **state)
{
    (void)state;
    expect_one("(;GM[11];AB[a1]AB[b2])", "DUPLICATE_PROPERTY", LX_ERROR, 1, 16);
    /* private properties too: the rule is FF[4]'s for every property */
    expect_one("(;GM[6];XY[1]C[c]XY[2])", "DUPLICATE_PROPERTY", LX_ERROR, 1, 18);
    /* the same ID in two nodes is fine */
    expect_none("(;GM[6];XY[1];XY[2];B[a1];B[a2])");
    /* three times: two reports */
    parsed p;
    checked(&p, "(;GM[11];C[a]C[b]\nC[c])");
    assert_int_equal(count_code(p.diags, "DUPLICATE_PROPERTY"), 2);
    parsed_free(&p);
}

/* ---- values ---- */

static void test_bad_number_real_double_color(void **state)
{
    (void)state;
    expect_one("(;GM[11];B[a1]MN[x3])", "BAD_VALUE", LX_ERROR, 1, 17);
    expect_one("(;GM[11];B[a1]\nBL[12,5])", "BAD_VALUE", LX_ERROR, 2, 3);
    expect_one("(;GM[11];V[1.])", "BAD_VALUE", LX_ERROR, 1, 11);
    expect_one("(;GM[11];GB[3])", "BAD_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11];AB[a1]PL[X])", "BAD_VALUE", LX_ERROR, 1, 18);
    /* a lower-case colour can only mean one thing */
    expect_one("(;GM[11];AB[a1]PL[w])", "BAD_VALUE", LX_WARNING, 1, 18);
    /* game info only describes the game: a bad TM is a warning */
    expect_one("(;GM[11]TM[30 min])", "BAD_VALUE", LX_WARNING, 1, 11);
    expect_none("(;GM[11]TM[1800.5];AB[a1]PL[B];W[b1]WL[-3.25]OW[+2]MN[7]V[-0.5]GB[2]UC[1]TE[1])");
}

static void test_bad_value_message_names_property_value_and_type(void **state)
{
    (void)state;
    char m[512];
    only_message("(;GM[11];GB[3])", m, sizeof m);
    assert_non_null(strstr(m, "GB[3]"));
    assert_non_null(strstr(m, "Double"));
    only_message("(;GM[11];LB[a1])", m, sizeof m);
    assert_non_null(strstr(m, "LB[a1]"));
    assert_non_null(strstr(m, "Point:SimpleText"));
    /* long values are cut, never in the middle of a UTF-8 sequence */
    only_message("(;CA[UTF-8]GM[11];MN[12345678901234567890123456789012345678\xc3\xa9\xc3\xa9xyz])", m, sizeof m);
    assert_non_null(strstr(m, "5678\xc3\xa9..."));
}

static void test_none_value(void **state)
{
    (void)state;
    expect_one("(;GM[11];B[a1]DO[yes])", "BAD_VALUE", LX_WARNING, 1, 17);
    expect_one("(;GM[11];B[a1]KO[1])", "BAD_VALUE", LX_WARNING, 1, 17);
    expect_none("(;GM[11];B[a1]IT[]KO[])");
}

static void test_composed_values(void **state)
{
    (void)state;
    /* missing ':' */
    expect_one("(;GM[11];LB[a1:one][b2])", "BAD_VALUE", LX_ERROR, 1, 20);
    expect_one("(;GM[11];AR[a1])", "BAD_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11];FG[12])", "BAD_VALUE", LX_ERROR, 1, 12);
    /* an empty half where a point is due */
    expect_one("(;GM[11];LN[a1:])", "BAD_VALUE", LX_ERROR, 1, 12);
    /* a second unescaped ':' */
    expect_one("(;GM[11];AR[a1:b2:c3])", "BAD_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11];LB[a1:x:y])", "BAD_VALUE", LX_WARNING, 1, 12);
    /* a Number part that is not a number */
    expect_one("(;GM[11];FG[x:fig])", "BAD_VALUE", LX_ERROR, 1, 12);
    /* escaped ':' is text, and an empty text half is allowed */
    expect_none("(;GM[11]AP[a\\:b:1.0];LB[a1:x\\:y][b2:]AR[a1:b2]LN[c3:d4]FG[];FG[257:Figure 1])");
}

static void test_application_without_version(void **state)
{
    (void)state;
    expect_one("(;FF[4]\n AP[LittleGolem]GM[11])", "BAD_VALUE", LX_WARNING, 2, 4);
    expect_one("(;FF[4]AP[]GM[11])", "EMPTY_VALUE", LX_WARNING, 1, 10);
}

static void test_compressed_point_lists(void **state)
{
    (void)state;
    expect_none("(;GM[11];AB[a1:c3][d4]AW[e5:e9]AE[f1:f2]CR[a1:b2]MA[c1]SL[a1:z9]SQ[b1]TR[c1:c2])");
    expect_one("(;GM[11];AB[a1][a1:])", "BAD_VALUE", LX_ERROR, 1, 16);
    expect_one("(;GM[11];SQ[:c3])", "BAD_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11];TR[a1:b2:c3])", "BAD_VALUE", LX_ERROR, 1, 12);
}

static void test_moves_are_not_checked_here(void **state)
{
    (void)state;
    /* Move values are the game module's business: anything goes but the count */
    expect_none("(;GM[6];B[52lmlm];W[double];B[take];W[a:b:c];B[];W[resign])");
    expect_one("(;GM[11];B[a1][b2])", "TOO_MANY_VALUES", LX_ERROR, 1, 15);
}

static void test_too_many_values(void **state)
{
    (void)state;
    expect_one("(;FF[4][3]GM[11])", "TOO_MANY_VALUES", LX_ERROR, 1, 8);
    expect_one("(;GM[11]\nPB[ann][bob])", "TOO_MANY_VALUES", LX_ERROR, 2, 8);
    /* the extra values are not checked: one diagnostic only */
    expect_one("(;GM[11];GB[1][x])", "TOO_MANY_VALUES", LX_ERROR, 1, 15);
}

static void test_empty_values(void **state)
{
    (void)state;
    expect_one("(;FF[]GM[11])", "EMPTY_VALUE", LX_ERROR, 1, 5);
    expect_one("(;GM[])", "EMPTY_VALUE", LX_ERROR, 1, 5);
    expect_one("(;GM[11]SZ[])", "EMPTY_VALUE", LX_ERROR, 1, 11);
    expect_one("(;GM[11]ST[])", "EMPTY_VALUE", LX_ERROR, 1, 11);
    expect_one("(;GM[11]CA[])", "EMPTY_VALUE", LX_ERROR, 1, 11);
    expect_one("(;GM[11];AB[a1]PL[])", "EMPTY_VALUE", LX_ERROR, 1, 18);
    expect_one("(;GM[11];B[a1]MN[])", "EMPTY_VALUE", LX_ERROR, 1, 17);
    expect_one("(;GM[11];V[])", "EMPTY_VALUE", LX_ERROR, 1, 11);
    expect_one("(;GM[11];DM[])", "EMPTY_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11];LB[])", "EMPTY_VALUE", LX_ERROR, 1, 12);
    expect_one("(;GM[11]TM[])", "EMPTY_VALUE", LX_WARNING, 1, 11);
    expect_one("(;GM[11];AB[])", "EMPTY_VALUE", LX_WARNING, 1, 12);
    /* text may be empty, and so may a none, an elist or FG */
    expect_none("(;GM[11]PB[]RU[]GC[];C[]N[]DD[]VW[]FG[]DO[])");
}

static void test_elist_empty_mixed_with_points(void **state)
{
    (void)state;
    expect_one("(;GM[11];DD[a1][]\n[b2])", "EMPTY_VALUE", LX_ERROR, 1, 16);
    expect_one("(;GM[11];VW[][a1:b2])", "EMPTY_VALUE", LX_ERROR, 1, 12);
    expect_none("(;GM[11];DD[a1][b2:c3];VW[a1:k11];VW[])");
}

/* ---- root properties ---- */

static void test_ff(void **state)
{
    (void)state;
    expect_one("(;FF[5]GM[11])", "FF_INVALID", LX_ERROR, 1, 5);
    expect_one("(;GM[11]FF[0])", "FF_INVALID", LX_ERROR, 1, 11);
    expect_one("(;FF[four])", "FF_INVALID", LX_ERROR, 1, 5);
    expect_none("(;FF[1])(;FF[3])(;FF[4])(;GM[11])");
}

static void test_gm(void **state)
{
    (void)state;
    expect_one("(;FF[4]GM[0])", "GM_INVALID", LX_ERROR, 1, 10);
    expect_one("(;GM[-6])", "GM_INVALID", LX_ERROR, 1, 5);
    expect_one("(;GM[hex])", "GM_INVALID", LX_ERROR, 1, 5);
    expect_none("(;GM[1])(;GM[6])(;GM[11])(;GM[21])(;GM[40])");
}

static void test_sz(void **state)
{
    (void)state;
    expect_one("(;GM[11]SZ[0])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]SZ[-11])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]SZ[703])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]SZ[11:0])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]SZ[11:x])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]SZ[11x11])", "SZ_INVALID", LX_ERROR, 1, 11);
    expect_none("(;GM[11]SZ[1])(;GM[11]SZ[702])(;GM[11]SZ[14:11])(;GM[21]SZ[24])");
    char m[512];
    assert_non_null(strstr(only_message("(;GM[11]SZ[800])", m, sizeof m), "702"));
}

static void test_st(void **state)
{
    (void)state;
    expect_one("(;GM[11]ST[4])", "ST_INVALID", LX_ERROR, 1, 11);
    expect_one("(;GM[11]ST[-1])", "ST_INVALID", LX_ERROR, 1, 11);
    expect_none("(;GM[11]ST[0])(;GM[11]ST[1])(;GM[11]ST[2])(;GM[11]ST[3])");
}

static void test_ca(void **state)
{
    (void)state;
    expect_none("(;FF[4]CA[UTF-8]GM[11])(;FF[4]CA[utf8]GM[11])");
}

/* ---- what stays silent ---- */

static void test_unknown_and_private_properties_are_silent(void **state)
{
    (void)state;
    expect_none("(;FF[4]GM[6]MI[length:7][game:0]XX[]LONGNAME[1][2]HA[x]KM[y]\n"
                ";B[52lmlm]CO[c]A[ver:3][1:0.2];W[double]LU[x];B[take])");
}

static const char gnubg_like[] =
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.06.002]\n"
    "MI[length:5][game:0][ws:0][bs:0][wtime:0][btime:0][wtimeout:0][btimeout:0]\n"
    "PW[Wilma]PB[Fred]WR[1512]BR[1498]RU[Crawford:Jacoby]DT[2024-03-01]EV[Club night]RE[W+2]\n"
    "CV[1]CP[c]\n"
    ";PL[B]AE[a:y]AW[a][a][l][l][l][l][l][s][s][s][m][m][m][m][m]AB[y][y][n][n][n][n][n][h][h][h][g][g][g][g][g]\n"
    ";B[52lmlm]A[ver:3][1:0.412:0.116]\n"
    ";W[31hhgh]LU[-0.0412]\n"
    ";B[double]\n"
    ";W[take]C[Ouch\\] I should have dropped]\n"
    ";B[64sksm]\n"
    ";W[drop])\n"
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.06.002]MI[length:5][game:1][ws:2][bs:0]PW[Wilma]PB[Fred]RE[B+1]\n"
    ";W[21gfgd];B[11yxyx]N[opening])\n";

static void test_gnubg_like_match_has_no_diagnostics(void **state)
{
    (void)state;
    parsed p;
    checked(&p, gnubg_like);
    assert_int_equal(p.ntrees, 2);
    assert_no_diagnostics(p.diags);
    parsed_free(&p);
}

static void test_realistic_hex_game_has_no_diagnostics(void **state)
{
    (void)state;
    expect_none("(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11]PB[Blue]PW[Red]EV[Olympiad]\n"
                ";B[a2]BL[0]WL[0];BL[0]W[swap-pieces]WL[44];B[c7]BL[2]WL[44](;W[c9]C[main])(;W[resign]))\n"
                "(;FF[4]GM[11]SZ[8];AB[b7][c3]AW[d4]PL[W]C[a position\\: White to play]LB[b7:1][c3:2])");
}

/* Every Hex file from Benzene reads and checks without a single diagnostic. */
static size_t check_corpus_dir(const char *dir)
{
    DIR *d = opendir(dir);
    size_t files = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[1024];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            files += check_corpus_dir(path);
            continue;
        }
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".sgf") != 0)
            continue;
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        static char buf[1 << 20];
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = '\0';
        parsed p;
        parse_text_opt(&p, buf, len, NULL);
        assert_int_equal(p.ntrees, 1);
        assert_int_equal(lx_sgf_check_tree(p.trees[0], NULL, p.diags), 0);
        if (lx_diag_count(p.diags) > 0)
            fail_msg("%s: %s %s", path, lx_diag_get(p.diags, 0)->code, lx_diag_get(p.diags, 0)->message);
        parsed_free(&p);
        files++;
    }
    closedir(d);
    return files;
}

static void test_benzene_hex_files_have_no_diagnostics(void **state)
{
    (void)state;
    /* the repository's copy of the records (tests/corpus/README.md): part of every clone */
    const char *dir = "tests/corpus/hex-benzene";
    struct stat st;
    if (stat(dir, &st) != 0)
        fail_msg("%s is missing: the corpus is part of the repository", dir);
    assert_int_equal(check_corpus_dir(dir), 375);
}

/* ---- game-specific tables ---- */

static const lx_sgf_propdef game_props[] = {
    {"SZ", LX_PROP_ROOT, LX_VT_ANY, LX_VT_NONE, 0, "board description, anything"},
    {"PL", LX_PROP_SETUP, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "player to move, by name"},
    {"HA", LX_PROP_GAME_INFO, LX_VT_NUMBER, LX_VT_NONE, 0, "handicap"},
    {"XS", LX_PROP_SETUP, LX_VT_NUMBER, LX_VT_NONE, LX_PF_LIST, "a setup of our own"},
    {"XR", LX_PROP_ROOT, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "a root property of our own"},
};
static const lx_sgf_check_options game_opt = {game_props, sizeof game_props / sizeof game_props[0]};

static void expect_one_opt(const char *text, const char *code, lx_severity sev, uint32_t line, uint32_t col)
{
    parsed p;
    checked_opt(&p, text, &game_opt);
    assert_only_diag(p.diags, code, sev, line, col);
    parsed_free(&p);
}

static void test_game_properties_override_ff4(void **state)
{
    (void)state;
    parsed p;
    /* SZ and PL as the game defines them: no SZ_INVALID, no Color */
    checked_opt(&p, "(;GM[99]SZ[big board]XR[r];AB[a1]PL[fred])", &game_opt);
    assert_no_diagnostics(p.diags);
    parsed_free(&p);
    /* ... while without the game's table they are wrong */
    parsed q;
    checked(&q, "(;GM[99]SZ[big board];AB[a1]PL[fred])");
    assert_diag(q.diags, "SZ_INVALID", LX_ERROR, 1, 11);
    assert_diag(q.diags, "BAD_VALUE", LX_ERROR, 1, 31);
    parsed_free(&q);
}

static void test_game_properties_are_checked_like_ff4(void **state)
{
    (void)state;
    expect_one_opt("(;GM[99]HA[two])", "BAD_VALUE", LX_WARNING, 1, 11);
    expect_one_opt("(;GM[99];B[a1]XS[1][2])", "MOVE_AND_SETUP", LX_ERROR, 1, 15);
    expect_one_opt("(;GM[99];XS[1][x])", "BAD_VALUE", LX_ERROR, 1, 15);
    expect_one_opt("(;GM[99];XR[1])", "ROOT_PROP_NOT_IN_ROOT", LX_ERROR, 1, 10);
    expect_one_opt("(;GM[99]HA[2];HA[3])", "GAME_INFO_REPEATED", LX_ERROR, 1, 15);
}

/* ---- built trees, big trees ---- */

static void test_built_tree(void **state)
{
    (void)state;
    lx_sgf_tree *t = lx_sgf_tree_new();
    lx_diag_list *d = lx_diag_list_new();
    assert_int_equal(lx_sgf_check_tree(t, NULL, d), 0); /* no nodes yet */
    assert_int_equal(lx_diag_count(d), 0);
    lx_sgf_node root = lx_sgf_add_node(t, LX_SGF_NIL);
    lx_sgf_prop p = lx_sgf_add_prop(t, root, "GM");
    assert_int_equal(lx_sgf_add_value(t, p, "11", 2), 0);
    p = lx_sgf_add_prop(t, root, "PB");
    assert_int_equal(lx_sgf_add_value(t, p, "ann", 3), 0);
    lx_sgf_node n1 = lx_sgf_add_node(t, root);
    p = lx_sgf_add_prop(t, n1, "C");
    assert_int_equal(lx_sgf_add_value(t, p, "caf\xe9", 4), 0); /* Latin-1, not UTF-8 */
    p = lx_sgf_add_prop(t, n1, "B");
    assert_int_equal(lx_sgf_add_value(t, p, "a1", 2), 0);
    lx_sgf_node n2 = lx_sgf_add_node(t, n1);
    p = lx_sgf_add_prop(t, n2, "W");
    assert_int_equal(lx_sgf_add_value(t, p, "b2", 2), 0);
    p = lx_sgf_add_prop(t, n2, "PW"); /* game info again on the path */
    assert_int_equal(lx_sgf_add_value(t, p, "bob", 3), 0);
    p = lx_sgf_add_prop(t, n2, "MN"); /* a property with no value at all */
    /* a later property added to an earlier node (the builder moves its run) */
    p = lx_sgf_add_prop(t, root, "SZ");
    assert_int_equal(lx_sgf_add_value(t, p, "0", 1), 0);
    assert_int_equal(lx_sgf_check_tree(t, NULL, d), 0);
    assert_int_equal(lx_diag_count(d), 4);
    lx_diag_list_resolve(d, "", 0);
    assert_diag(d, "BAD_VALUE", LX_ERROR, 0, 0);
    assert_diag(d, "GAME_INFO_REPEATED", LX_ERROR, 0, 0);
    assert_diag(d, "EMPTY_VALUE", LX_ERROR, 0, 0);
    assert_diag(d, "SZ_INVALID", LX_ERROR, 0, 0);
    assert_non_null(strstr(find_diag(d, "BAD_VALUE")->message, "UTF-8"));
    assert_null(strstr(find_diag(d, "BAD_VALUE")->message, "caf"));
    lx_diag_list_free(d);
    lx_sgf_tree_free(t);
}

static void test_many_names_and_second_tree(void **state)
{
    (void)state;
    /* more distinct IDs than the checker keeps on its stack */
    char text[2048];
    size_t at = (size_t)snprintf(text, sizeof text, "(;GM[11])\n(;GM[11]");
    for (int i = 0; i < 100; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "Q%c%c[%d]", 'A' + i / 26, 'A' + i % 26, i);
    snprintf(text + at, sizeof text - at, "\nQAA[1]QAB[2]FF[9])");
    parsed p;
    checked(&p, text);
    assert_int_equal(p.ntrees, 2);
    assert_int_equal(count_code(p.diags, "DUPLICATE_PROPERTY"), 2);
    assert_diag(p.diags, "DUPLICATE_PROPERTY", LX_ERROR, 3, 1);
    assert_diag(p.diags, "FF_INVALID", LX_ERROR, 3, 15);
    assert_int_equal(lx_diag_count(p.diags), 3);
    parsed_free(&p);
}

static void test_million_levels_deep(void **state)
{
    (void)state;
    enum { LEVELS = 1000000 };
    static const char open[] = "(;B[a1]";
    size_t cap = 64 + (size_t)LEVELS * (sizeof open - 1 + 1);
    char *text = malloc(cap);
    assert_non_null(text);
    size_t at = (size_t)snprintf(text, cap, "(;GM[11]PB[x]");
    for (int i = 0; i < LEVELS; i++) {
        memcpy(text + at, open, sizeof open - 1);
        at += sizeof open - 1;
    }
    at += (size_t)snprintf(text + at, cap - at, ";PW[y]");
    memset(text + at, ')', (size_t)LEVELS + 1);
    at += (size_t)LEVELS + 1;
    text[at] = '\0';
    parsed p;
    checked(&p, text);
    assert_int_equal(lx_sgf_node_count(p.trees[0]), LEVELS + 2);
    assert_only_diag(p.diags, "GAME_INFO_REPEATED", LX_ERROR, 1, 14 + 7 * LEVELS + 1);
    parsed_free(&p);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_has_every_ff4_property),
        cmocka_unit_test(test_table_leaves_others_unknown),
        cmocka_unit_test(test_table_types),
        cmocka_unit_test(test_root_property_outside_root),
        cmocka_unit_test(test_game_info_repeated_on_path),
        cmocka_unit_test(test_game_info_reported_once_per_node),
        cmocka_unit_test(test_move_and_setup),
        cmocka_unit_test(test_black_and_white_move),
        cmocka_unit_test(test_duplicate_property),
        cmocka_unit_test(test_bad_number_real_double_color),
        cmocka_unit_test(test_bad_value_message_names_property_value_and_type),
        cmocka_unit_test(test_none_value),
        cmocka_unit_test(test_composed_values),
        cmocka_unit_test(test_application_without_version),
        cmocka_unit_test(test_compressed_point_lists),
        cmocka_unit_test(test_moves_are_not_checked_here),
        cmocka_unit_test(test_too_many_values),
        cmocka_unit_test(test_empty_values),
        cmocka_unit_test(test_elist_empty_mixed_with_points),
        cmocka_unit_test(test_ff),
        cmocka_unit_test(test_gm),
        cmocka_unit_test(test_sz),
        cmocka_unit_test(test_st),
        cmocka_unit_test(test_ca),
        cmocka_unit_test(test_unknown_and_private_properties_are_silent),
        cmocka_unit_test(test_gnubg_like_match_has_no_diagnostics),
        cmocka_unit_test(test_realistic_hex_game_has_no_diagnostics),
        cmocka_unit_test(test_benzene_hex_files_have_no_diagnostics),
        cmocka_unit_test(test_game_properties_override_ff4),
        cmocka_unit_test(test_game_properties_are_checked_like_ff4),
        cmocka_unit_test(test_built_tree),
        cmocka_unit_test(test_many_names_and_second_tree),
        cmocka_unit_test(test_million_levels_deep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

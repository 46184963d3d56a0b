/* test_bgammon_gnubg.c - ludex against GNU Backgammon, its test partner.
 *
 * tests/gnubg holds matches GNU Backgammon played against itself (made by
 * tests/gnubg/regenerate; the hypergammon games were played at random by
 * ludex's generator, as gnubg cannot play them without its databases, and
 * three last-move positions winning gammons and backgammons were written by
 * hand), each
 * with the position ID and match ID gnubg itself shows after every move, and
 * its result of every game (NAME.ids).
 * Without gnubg installed, this test replays them all and requires the
 * same IDs after every move and the same results; checks them with no error
 * (only the warnings GNU Backgammon's departures earn: games numbered from
 * 0, CP for the cube, a roll saved before it was played); checks each
 * file as one match; and rewrites them canonically (ludex fmt) and replays
 * the rewrite, which must change nothing, keep gnubg's private properties,
 * and give the same text when rewritten again.
 *
 * With gnubg installed (/usr/games/gnubg, or LUDEX_GNUBG naming it) two more
 * tests run: gnubg plays fresh matches from a seed printed in the output, and
 * ludex must see exactly what gnubg sees in them; and gnubg loads ludex's
 * canonical rewrite of every checked-in match and must read the same match
 * (every move, cube action, the IDs after each, and every result).  Without
 * gnubg they are skipped, saying so. */
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "ludex/bgammon.h"

static const char *const names[] = {"match5", "match9", "nackgammon3", "nocube3", "money", "money-nojacoby",
                                    "beaver", "raccoon", "setup", "analysed", "unplayed", "hypergammon1",
                                    "hypergammon2", "hypergammon3", "gammon", "gammon-jacoby", "backgammon"};
#define NNAMES (sizeof names / sizeof names[0])

static const char *data_dir(void)
{
    static char dir[1024];
    const char *src = __FILE__;
    const char *slash = strrchr(src, '/');
    snprintf(dir, sizeof dir, "%.*s/gnubg", slash ? (int)(slash - src) : 5, slash ? src : "tests");
    return dir;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static int write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int rc = fwrite(data, 1, len, f) == len ? 0 : -1;
    return fclose(f) == 0 ? rc : -1;
}

/* ---- comparing a replay with gnubg's IDs ---------------------------------------------------- */

typedef struct expected {
    char *text;       /* the .ids file, cut into lines */
    char **lines;
    size_t n, next;
    long compared, bad;
    const char *name;
} expected;

static void expected_load(expected *e, const char *path, const char *name)
{
    size_t len = 0;
    memset(e, 0, sizeof *e);
    e->name = name;
    e->text = read_file(path, &len);
    if (!e->text)
        fail_msg("cannot read %s", path);
    e->lines = malloc((len / 10 + 2) * sizeof *e->lines);
    for (char *s = strtok(e->text, "\n"); s; s = strtok(NULL, "\n"))
        if (s[0] != '#')
            e->lines[e->n++] = s;
}

static void expected_free(expected *e)
{
    free(e->lines);
    free(e->text);
}

static void expect_line(expected *e, const char *got)
{
    if (e->next >= e->n || strcmp(e->lines[e->next], got) != 0) {
        if (e->bad++ < 5)
            print_message("  %s: gnubg says '%s', ludex '%s'\n", e->name, e->next < e->n ? e->lines[e->next] : "(nothing)",
                          got);
    }
    e->next++;
    e->compared++;
}

static int on_move(void *ctx, const lx_replay_event *ev)
{
    char line[128], pos[15], match[13];
    lx_bgammon_game_ids(ev->position, pos, match);
    snprintf(line, sizeof line, "%zu %zu %c %s %s", ev->game, ev->move, ev->player == LX_BLACK ? 'B' : 'W', pos, match);
    expect_line(ctx, line);
    return 0;
}

static void on_refusal(void *ctx, const lx_replay_event *ev, const lx_game_error *err)
{
    expected *e = ctx;
    print_message("  %s: game %zu move %zu refused: %s\n", e->name, ev->game, ev->move, err->message.data);
    e->bad++;
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    (void)pos;
    char line[128];
    snprintf(line, sizeof line, "%zu end %s", game, res->over && res->re[0] ? res->re : "-");
    expect_line(ctx, line);
}

/* Replay every tree of `text` and compare with the .ids at ids_path; the moves compared. */
static long replay_against(const char *text, size_t len, const char *ids_path, const char *name)
{
    expected e;
    expected_load(&e, ids_path, name);
    parsed p;
    parse_text_opt(&p, text, len, NULL);
    lx_replay_hooks h = {&e, on_move, on_refusal, on_end};
    for (size_t i = 0; i < p.ntrees; i++)
        assert_int_equal(lx_replay_tree(p.trees[i], i, &lx_bgammon_module, NULL, &h, p.diags), 0);
    if (e.next != e.n)
        fail_msg("%s: gnubg has %zu lines, ludex gave %zu", name, e.n, e.next);
    if (e.bad)
        fail_msg("%s: %ld of %ld differ from GNU Backgammon", name, e.bad, e.compared);
    long n = e.compared;
    parsed_free(&p);
    expected_free(&e);
    return n;
}

static char *data_file(const char *name, const char *ext, size_t *len)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s.%s", data_dir(), name, ext);
    char *text = read_file(path, len);
    if (!text)
        fail_msg("cannot read %s", path);
    return text;
}

static void checked_in_matches_replay_as_gnubg_sees_them(void **state)
{
    (void)state;
    long total = 0;
    for (size_t i = 0; i < NNAMES; i++) {
        size_t len = 0;
        char *text = data_file(names[i], "sgf", &len), ids[1200];
        snprintf(ids, sizeof ids, "%s/%s.ids", data_dir(), names[i]);
        total += replay_against(text, len, ids, names[i]);
        free(text);
    }
    print_message("  %ld position IDs, match IDs and results, all as GNU Backgammon has them\n", total);
    assert_true(total > 1000);
}

/* ---- checking ------------------------------------------------------------------------------- */

static void checked_in_matches_check_clean(void **state)
{
    (void)state;
    for (size_t i = 0; i < NNAMES; i++) {
        size_t len = 0;
        char *text = data_file(names[i], "sgf", &len);
        lx_diag_list *d = lx_diag_list_new();
        lx_check_summary s;
        assert_int_equal(lx_check_document(text, len, NULL, &s, d), 0);
        assert_int_equal(s.unchecked, 0);
        for (size_t k = 0; k < lx_diag_count(d); k++) {
            const lx_diag *x = lx_diag_get(d, k);
            if (strcmp(x->code, "BG_MI_GAME_ZERO") && strcmp(x->code, "BG_GNUBG_CP") &&
                strcmp(x->code, "BG_GNUBG_UNPLAYED_ROLL"))
                fail_msg("%s:%u:%u %s %s", names[i], x->line, x->col, x->code, x->message);
        }
        lx_diag_list_clear(d);
        assert_int_equal(lx_bgammon_check_match(text, len, NULL, d), 0);
        if (lx_diag_count(d))
            fail_msg("%s as a match: %s %s", names[i], lx_diag_get(d, 0)->code, lx_diag_get(d, 0)->message);
        lx_diag_list_free(d);
        free(text);
    }
}

/* ---- canonical rewriting ---------------------------------------------------------------------- */

/* ludex fmt's work on a text: every tree written canonically. */
static char *rewrite(const char *text, size_t len, size_t *out_len)
{
    parsed p;
    parse_text_opt(&p, text, len, NULL);
    lx_buf out = LX_BUF_INIT;
    for (size_t i = 0; i < p.ntrees; i++) {
        lx_sgf_write_options wo = {0};
        lx_game_write_options(&lx_bgammon_module, &wo);
        assert_int_equal(lx_sgf_write_tree(p.trees[i], &wo, &out), 0);
    }
    parsed_free(&p);
    return lx_buf_steal(&out, out_len);
}

static void rewritten_matches_replay_the_same(void **state)
{
    (void)state;
    for (size_t i = 0; i < NNAMES; i++) {
        size_t len = 0, len1 = 0, len2 = 0;
        char *text = data_file(names[i], "sgf", &len), ids[1200];
        char *once = rewrite(text, len, &len1), *twice = rewrite(once, len1, &len2);
        assert_int_equal(len1, len2);
        assert_memory_equal(once, twice, len1);
        snprintf(ids, sizeof ids, "%s/%s.ids", data_dir(), names[i]);
        replay_against(once, len1, ids, names[i]);
        /* GNU Backgammon's private properties are kept */
        if (!strcmp(names[i], "analysed")) {
            assert_non_null(strstr(once, "]A["));
            assert_non_null(strstr(once, "DA["));
            assert_non_null(strstr(once, "GS["));
            assert_non_null(strstr(once, "MR["));
        }
        free(text);
        free(once);
        free(twice);
    }
}

/* ---- with GNU Backgammon itself ------------------------------------------------------------- */

static const char *gnubg_path(void)
{
    const char *env = getenv("LUDEX_GNUBG");
    if (env && *env)
        return access(env, X_OK) == 0 ? env : NULL;
    return access("/usr/games/gnubg", X_OK) == 0 ? "/usr/games/gnubg" : NULL;
}

/* Run gnubg_matches.py with the environment `vars`; its LUDEX lines into *out. */
static int run_gnubg(const char *gnubg, const char *vars, const char *tmp, char **out)
{
    char cmd[16384], log[1100];
    size_t len;
    snprintf(log, sizeof log, "%s/gnubg.log", tmp);
    snprintf(cmd, sizeof cmd, "env %s '%s' -t -q -r -p '%s/gnubg_matches.py' > '%s' 2>&1", vars, gnubg, data_dir(),
             log);
    int rc = system(cmd);
    *out = read_file(log, &len);
    return rc == 0 && *out && strstr(*out, "LUDEX DONE") ? 0 : -1;
}

static void make_tmp(char *dir, size_t cap)
{
    snprintf(dir, cap, "%s/ludex-bgammon-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(dir));
}

static void remove_tmp(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void gnubg_plays_fresh_matches(void **state)
{
    (void)state;
    const char *gnubg = gnubg_path();
    if (!gnubg) {
        print_message("  skipped: GNU Backgammon is not installed (Debian package gnubg; or set LUDEX_GNUBG)\n");
        skip();
    }
    unsigned seed = getenv("LUDEX_GNUBG_SEED") ? (unsigned)atoi(getenv("LUDEX_GNUBG_SEED")) : (unsigned)time(NULL) % 100000;
    print_message("  gnubg plays from seed %u (LUDEX_GNUBG_SEED=%u repeats it)\n", seed, seed);
    char tmp[1024], vars[4096], *log = NULL;
    make_tmp(tmp, sizeof tmp);
    snprintf(vars, sizeof vars,
             "LUDEX_GNUBG_MODE=generate LUDEX_GNUBG_OUT='%s' "
             "LUDEX_GNUBG_MATCHES=fresh-match:5:%u,fresh-money:0:%u:games=2,fresh-nack:3:%u:nack",
             tmp, seed, seed + 1, seed + 2);
    if (run_gnubg(gnubg, vars, tmp, &log) != 0)
        fail_msg("gnubg failed: %s", log ? log : "(no output)");
    static const char *const fresh[] = {"fresh-match", "fresh-money", "fresh-nack"};
    long total = 0;
    for (size_t i = 0; i < 3; i++) {
        char path[1200], ids[1200];
        size_t len = 0;
        snprintf(path, sizeof path, "%s/%s.sgf", tmp, fresh[i]);
        snprintf(ids, sizeof ids, "%s/%s.ids", tmp, fresh[i]);
        char *text = read_file(path, &len);
        assert_non_null(text);
        total += replay_against(text, len, ids, fresh[i]);
        lx_diag_list *d = lx_diag_list_new();
        assert_int_equal(lx_bgammon_check_match(text, len, NULL, d), 0);
        assert_int_equal(lx_diag_count(d), 0);
        lx_diag_list_free(d);
        free(text);
    }
    print_message("  %ld IDs and results of fresh gnubg matches, all equal\n", total);
    free(log);
    remove_tmp(tmp);
}

static void gnubg_reads_ludex_rewrites_as_the_same_match(void **state)
{
    (void)state;
    const char *gnubg = gnubg_path();
    if (!gnubg) {
        print_message("  skipped: GNU Backgammon is not installed (Debian package gnubg; or set LUDEX_GNUBG)\n");
        skip();
    }
    char tmp[1024], vars[8192], *log = NULL;
    size_t used;
    make_tmp(tmp, sizeof tmp);
    used = (size_t)snprintf(vars, sizeof vars, "LUDEX_GNUBG_MODE=compare LUDEX_GNUBG_PAIRS=");
    size_t pairs = 0;
    for (size_t i = 0; i < NNAMES; i++) {
        size_t len = 0, olen = 0;
        char *text = data_file(names[i], "sgf", &len), *once = rewrite(text, len, &olen), path[1200];
        snprintf(path, sizeof path, "%s/%s.sgf", tmp, names[i]);
        assert_int_equal(write_file(path, once, olen), 0);
        used += (size_t)snprintf(vars + used, sizeof vars - used, "%s%s/%s.sgf=%s", pairs++ ? "," : "", data_dir(),
                                 names[i], path);
        free(text);
        free(once);
    }
    if (run_gnubg(gnubg, vars, tmp, &log) != 0)
        fail_msg("gnubg failed: %s", log ? log : "(no output)");
    size_t same = 0;
    for (const char *s = strstr(log, "LUDEX SAME"); s; s = strstr(s + 1, "LUDEX SAME"))
        same++;
    const char *diff = strstr(log, "LUDEX DIFF");
    if (diff)
        fail_msg("gnubg reads a rewrite differently: %.400s", diff);
    assert_int_equal(same, pairs);
    assert_int_equal(pairs, NNAMES); /* every file, setup positions too (PL AE AB AW, as gnubg needs) */
    print_message("  gnubg read %zu rewritten matches exactly as the originals\n", same);
    free(log);
    remove_tmp(tmp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checked_in_matches_replay_as_gnubg_sees_them),
        cmocka_unit_test(checked_in_matches_check_clean),
        cmocka_unit_test(rewritten_matches_replay_the_same),
        cmocka_unit_test(gnubg_plays_fresh_matches),
        cmocka_unit_test(gnubg_reads_ludex_rewrites_as_the_same_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

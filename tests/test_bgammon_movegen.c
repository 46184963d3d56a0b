/* test_bgammon_movegen.c - the legal-play generator against a slow one written here.
 *
 * The generator of this test knows nothing of the library's: it tries every
 * die on every point, one after the other, on whole boards, keeps the plays
 * that use the most dice (and the larger die when only one can be used), and
 * compares the positions they reach.  Both must give the same set of
 * positions, the library's without repeats, for every roll of positions from
 * GNU Backgammon's own matches (tests/gnubg) and of random positions made to
 * be awkward: checkers on the bar against closed boards, bearing off with
 * gaps, blots everywhere.  Every play the library gives must also pass
 * lx_bgammon_check_play, and the same play with one step changed must not
 * (unless it happens to be another legal play). */
#include "testutil.h"

#include "ludex/bgammon.h"

#define MAX_SLOW 20000

static uint64_t test_rand(uint64_t *s)
{
    *s += 0x9E3779B97F4A7C15ull;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct slow_set {
    lx_bgammon_board *boards;
    size_t n;
    int best;         /* steps */
    int used_larger;  /* any best play (of one step) used the larger die */
    int *first_die;
} slow_set;

static lx_colour other(lx_colour c) { return c == LX_BLACK ? LX_WHITE : LX_BLACK; }

/* One checker of `who` from `from` by `die`: 1 with *to when legal. */
static int slow_step(const lx_bgammon_board *b, lx_colour who, int from, int die, int *to)
{
    const uint8_t *me = b->checkers[who], *op = b->checkers[other(who)];
    if (me[from] == 0 || (me[25] && from != 25))
        return 0;
    int t = from - die;
    if (t >= 1) {
        if (op[25 - t] >= 2)
            return 0;
        *to = t;
        return 1;
    }
    for (int i = 7; i <= 25; i++)
        if (me[i])
            return 0;
    if (t < 0)
        for (int i = from + 1; i <= 6; i++)
            if (me[i])
                return 0;
    *to = 0;
    return 1;
}

static void slow_apply(lx_bgammon_board *b, lx_colour who, int from, int to)
{
    uint8_t *me = b->checkers[who], *op = b->checkers[other(who)];
    me[from]--;
    me[to]++;
    if (to >= 1 && op[25 - to] == 1) {
        op[25 - to] = 0;
        op[25]++;
    }
}

static void slow_leaf(slow_set *s, const lx_bgammon_board *b, int steps, int first_die)
{
    if (steps < s->best)
        return;
    if (steps > s->best) {
        s->best = steps;
        s->n = 0;
    }
    for (size_t i = 0; i < s->n; i++)
        if (memcmp(&s->boards[i], b, sizeof *b) == 0) {
            if (first_die > s->first_die[i])
                s->first_die[i] = first_die; /* the same position, reached with the larger die too */
            return;
        }
    assert_true(s->n < MAX_SLOW);
    s->boards[s->n] = *b;
    s->first_die[s->n++] = first_die;
}

/* Every sequence: dice[] are the dice not yet used (`left` of them). */
static void slow_search(slow_set *s, const lx_bgammon_board *b, lx_colour who, const int *dice, int left, int steps,
                        int first_die)
{
    int moved = 0;
    for (int k = 0; k < left; k++) {
        if (k > 0 && dice[k] == dice[k - 1])
            continue; /* the same die value twice: one is enough */
        int rest[4], n = 0;
        for (int j = 0; j < left; j++)
            if (j != k)
                rest[n++] = dice[j];
        for (int from = 1; from <= 25; from++) {
            int to;
            if (!slow_step(b, who, from, dice[k], &to))
                continue;
            lx_bgammon_board c = *b;
            slow_apply(&c, who, from, to);
            moved = 1;
            slow_search(s, &c, who, rest, n, steps + 1, steps == 0 ? dice[k] : first_die);
        }
    }
    if (!moved)
        slow_leaf(s, b, steps, first_die);
}

static void slow_plays(slow_set *s, const lx_bgammon_board *b, lx_colour who, int d1, int d2)
{
    int dice[4] = {d1 > d2 ? d1 : d2, d1 > d2 ? d2 : d1, d1, d1};
    s->n = 0;
    s->best = -1;
    slow_search(s, b, who, dice, d1 == d2 ? 4 : 2, 0, 0);
    if (d1 != d2 && s->best == 1) {
        int hi = dice[0], any = 0;
        for (size_t i = 0; i < s->n; i++)
            any |= s->first_die[i] == hi;
        size_t k = 0;
        for (size_t i = 0; i < s->n; i++)
            if (!any || s->first_die[i] == hi)
                s->boards[k++] = s->boards[i];
        s->n = k;
    }
}

typedef struct totals {
    long pairs, plays, checked;
} totals;

/* Change one step of a legal play; it must then be refused unless it is
 * another legal play (the resulting position among `legal`). */
static void check_mutant(const lx_bgammon_board *b, lx_colour who, int d1, int d2, const lx_bgammon_play *p,
                         const slow_set *legal, uint64_t *seed)
{
    if (p->nsteps == 0)
        return;
    lx_bgammon_play m = *p;
    int k = (int)(test_rand(seed) % m.nsteps);
    int delta = (int)(test_rand(seed) % 3) - 1;
    int to = m.step[k].to + (delta == 0 ? 2 : delta);
    if (to < 0 || to > 24)
        return;
    m.step[k].to = (uint8_t)to;
    lx_game_error e;
    lx_game_error_init(&e);
    int accepted = lx_bgammon_check_play(b, who, d1, d2, &m, &e) == 0;
    lx_game_error_free(&e);
    if (!accepted)
        return;
    lx_bgammon_board c = *b;
    lx_bgammon_apply_play(&c, who, &m);
    for (size_t i = 0; i < legal->n; i++)
        if (memcmp(&legal->boards[i], &c, sizeof c) == 0)
            return;
    fail_msg("a changed play was accepted but reaches no legal position (dice %d-%d)", d1, d2);
}

static void compare_one(lx_bgammon_movegen *g, slow_set *s, const lx_bgammon_board *b, lx_colour who, int d1, int d2,
                        totals *t, uint64_t *seed)
{
    const lx_bgammon_play *plays;
    long n = lx_bgammon_legal_plays(g, b, who, d1, d2, &plays);
    assert_true(n >= 1);
    slow_plays(s, b, who, d1, d2);
    if ((size_t)n != s->n) {
        char id[15];
        lx_bgammon_position_id(b, who, id);
        fail_msg("%s (%s to play) %d-%d: the library gives %ld plays, the slow search %zu", id,
                 who == LX_BLACK ? "Black" : "White", d1, d2, n, s->n);
    }
    lx_bgammon_board *seen = malloc((size_t)n * sizeof *seen);
    for (long i = 0; i < n; i++) {
        lx_bgammon_board c = *b;
        lx_bgammon_apply_play(&c, who, &plays[i]);
        int found = 0;
        for (size_t j = 0; j < s->n && !found; j++)
            found = memcmp(&s->boards[j], &c, sizeof c) == 0;
        assert_true(found);
        for (long j = 0; j < i; j++)
            assert_memory_not_equal(&seen[j], &c, sizeof c);
        seen[i] = c;
        lx_game_error e;
        lx_game_error_init(&e);
        if (lx_bgammon_check_play(b, who, d1, d2, &plays[i], &e) != 0)
            fail_msg("a generated play is refused: %s %s", e.code, e.message.data);
        lx_game_error_free(&e);
        if (i % 7 == 0)
            check_mutant(b, who, d1, d2, &plays[i], s, seed);
    }
    free(seen);
    t->pairs++;
    t->plays += n;
}

static void compare_all_rolls(lx_bgammon_movegen *g, slow_set *s, const lx_bgammon_board *b, lx_colour who,
                              totals *t, uint64_t *seed)
{
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= d1; d2++)
            compare_one(g, s, b, who, d1, d2, t, seed);
}

static slow_set slow_new(void)
{
    slow_set s = {malloc(MAX_SLOW * sizeof(lx_bgammon_board)), 0, -1, 0, malloc(MAX_SLOW * sizeof(int))};
    return s;
}

static void slow_free(slow_set *s)
{
    free(s->boards);
    free(s->first_die);
}

/* ---- positions from GNU Backgammon's matches ------------------------------------------------ */

typedef struct collected {
    lx_bgammon_board *boards;
    lx_colour *who;
    size_t n, cap;
    size_t every, count;
} collected;

static int collect(void *ctx, const lx_replay_event *ev)
{
    collected *c = ctx;
    lx_bgammon_match_info m;
    lx_bgammon_game_info(ev->position, &m);
    if (m.state != LX_BGAMMON_PLAYING || m.doubled || c->count++ % c->every)
        return 0;
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->boards = realloc(c->boards, c->cap * sizeof *c->boards);
        c->who = realloc(c->who, c->cap * sizeof *c->who);
    }
    c->boards[c->n] = *lx_bgammon_game_board(ev->position);
    c->who[c->n++] = m.on_roll;
    return 0;
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
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static const char *data_dir(void)
{
    static char dir[1024];
    const char *src = __FILE__;
    const char *slash = strrchr(src, '/');
    snprintf(dir, sizeof dir, "%.*s/gnubg", slash ? (int)(slash - src) : 5, slash ? src : "tests");
    return dir;
}

static void collect_file(const char *name, collected *c)
{
    char path[1200];
    size_t len = 0;
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
    char *text = read_file(path, &len);
    assert_non_null(text);
    parsed p;
    parse_text_opt(&p, text, len, NULL);
    lx_replay_hooks h = {c, collect, NULL, NULL};
    for (size_t i = 0; i < p.ntrees; i++)
        assert_int_equal(lx_replay_tree(p.trees[i], i, &lx_bgammon_module, NULL, &h, p.diags), 0);
    parsed_free(&p);
    free(text);
}

static void positions_from_real_matches(void **state)
{
    (void)state;
    static const char *const files[] = {"match5.sgf", "match9.sgf", "nackgammon3.sgf", "money.sgf", "setup.sgf",
                                        "beaver.sgf"};
    collected c = {0};
    c.every = 7;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        collect_file(files[i], &c);
    assert_true(c.n > 80);
    lx_bgammon_movegen *g = lx_bgammon_movegen_new();
    slow_set s = slow_new();
    totals t = {0};
    uint64_t seed = 42;
    for (size_t i = 0; i < c.n; i++)
        compare_all_rolls(g, &s, &c.boards[i], c.who[i], &t, &seed);
    print_message("  %ld (position, roll) pairs from real matches, %ld plays, all equal\n", t.pairs, t.plays);
    slow_free(&s);
    lx_bgammon_movegen_free(g);
    free(c.boards);
    free(c.who);
}

/* ---- random awkward positions ------------------------------------------------------------------ */

/* Put n checkers of `who` on its points lo..hi (25: the bar) where the other colour is not. */
static void scatter(lx_bgammon_board *b, lx_colour who, int n, int lo, int hi, uint64_t *seed)
{
    for (int k = 0; k < n; k++) {
        for (int tries = 0; tries < 50; tries++) {
            int p = lo + (int)(test_rand(seed) % (uint64_t)(hi - lo + 1));
            if (p >= 1 && p <= 24 && b->checkers[other(who)][25 - p])
                continue;
            b->checkers[who][p]++;
            break;
        }
    }
}

static void random_board(lx_bgammon_board *b, uint64_t *seed)
{
    memset(b, 0, sizeof *b);
    int kind = (int)(test_rand(seed) % 4);
    for (int c = 0; c < 2; c++) {
        lx_colour who = (lx_colour)c;
        int bar = kind == 0 ? (int)(test_rand(seed) % 3) : 0;
        int home = kind == 1 ? 15 - (int)(test_rand(seed) % 8) : kind == 0 ? 8 : 0;
        int rest = 15 - bar - home;
        scatter(b, who, bar, 25, 25, seed);
        scatter(b, who, home, 1, 6, seed);
        scatter(b, who, rest, kind == 2 ? 1 : 7, 24, seed);
        int on = 0;
        for (int i = 1; i <= 25; i++)
            on += b->checkers[who][i];
        b->checkers[who][0] = (uint8_t)(15 - on);
    }
}

static void random_positions(void **state)
{
    (void)state;
    lx_bgammon_movegen *g = lx_bgammon_movegen_new();
    slow_set s = slow_new();
    totals t = {0};
    uint64_t seed = 7;
    for (int i = 0; i < 70; i++) {
        lx_bgammon_board b;
        random_board(&b, &seed);
        lx_game_error e;
        lx_game_error_init(&e);
        assert_int_equal(lx_bgammon_board_check(&b, &e), 0);
        lx_game_error_free(&e);
        compare_all_rolls(g, &s, &b, i % 2 ? LX_WHITE : LX_BLACK, &t, &seed);
    }
    print_message("  %ld (position, roll) pairs from random positions, %ld plays, all equal\n", t.pairs, t.plays);
    slow_free(&s);
    lx_bgammon_movegen_free(g);
}

/* ---- cases worth naming ------------------------------------------------------------------------ */

static long count_plays(const char *posid, lx_colour who, int d1, int d2)
{
    lx_bgammon_board b;
    lx_game_error e;
    lx_game_error_init(&e);
    assert_int_equal(lx_bgammon_position_from_id(posid, strlen(posid), who, &b, &e), 0);
    lx_bgammon_movegen *g = lx_bgammon_movegen_new();
    const lx_bgammon_play *p;
    long n = lx_bgammon_legal_plays(g, &b, who, d1, d2, &p);
    lx_bgammon_movegen_free(g);
    return n;
}

static void known_counts(void **state)
{
    (void)state;
    /* the opening position, as GNU Backgammon's "hint" lists them: 3-1 has 16
     * distinct plays, 2-1 has 15, 6-6 has 11, 5-5 has 4 */
    assert_int_equal(count_plays("4HPwATDgc/ABMA", LX_WHITE, 3, 1), 16);
    assert_int_equal(count_plays("4HPwATDgc/ABMA", LX_WHITE, 2, 1), 15);
    assert_int_equal(count_plays("4HPwATDgc/ABMA", LX_WHITE, 6, 6), 11);
    assert_int_equal(count_plays("4HPwATDgc/ABMA", LX_BLACK, 5, 5), 4);
    lx_bgammon_movegen *g = lx_bgammon_movegen_new();
    const lx_bgammon_play *p;
    lx_bgammon_board b;
    lx_bgammon_board_start(&b, LX_BGAMMON_STANDARD);
    assert_int_equal(lx_bgammon_legal_plays(g, &b, LX_WHITE, 0, 3, &p), -1);
    assert_int_equal(lx_bgammon_legal_plays(g, &b, LX_WHITE, 7, 3, &p), -1);
    /* a checker on the bar against a closed board: one empty play */
    memset(&b, 0, sizeof b);
    b.checkers[LX_WHITE][25] = 1;
    b.checkers[LX_WHITE][0] = 14;
    for (int i = 1; i <= 6; i++)
        b.checkers[LX_BLACK][i] = 2;
    b.checkers[LX_BLACK][0] = 3;
    assert_int_equal(lx_bgammon_legal_plays(g, &b, LX_WHITE, 6, 6, &p), 1);
    assert_int_equal(p[0].nsteps, 0);
    char text[64];
    assert_int_equal(lx_bgammon_format_play(&p[0], text, sizeof text), 0);
    assert_string_equal(text, "");
    lx_bgammon_movegen_free(g);
}

static void plays_are_written_as_players_write_them(void **state)
{
    (void)state;
    lx_bgammon_play p = {3, 2, {{25, 22}, {13, 9}, {6, 0}, {0, 0}}};
    char text[64];
    assert_int_equal(lx_bgammon_format_play(&p, text, sizeof text), strlen("bar/22 13/9* 6/off"));
    assert_string_equal(text, "bar/22 13/9* 6/off");
    assert_int_equal(lx_bgammon_format_play(&p, text, 8), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_counts),
        cmocka_unit_test(plays_are_written_as_players_write_them),
        cmocka_unit_test(positions_from_real_matches),
        cmocka_unit_test(random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

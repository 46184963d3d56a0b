/* engine/gnubg.c - the "backgammon" engine kind: GNU Backgammon chooses, ludex
 * checks.
 *
 * The game is ludex's own lx_bgammon_game (the rules, the cube, the match);
 * for each decision gnubg is told the position by its IDs (`set gnubgid
 * POSITION:MATCH`, built by ludex) and asked for a `hint`.  A play it names
 * is turned into a board, matched against ludex's legal plays for the dice
 * and checked with lx_bgammon_check_play before it is played or given out;
 * an answer that does not read or is not legal is ENGINE_FAILED, never
 * passed on.  A roll with one legal play (or none) is played without asking.
 * A gnubg that dies or does not answer in time is killed and started again
 * once for that request (see gnubg_proc.c).  Hypergammon is not offered:
 * gnubg plays it only with databases it builds separately. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine_int.h"
#include "engine/gnubg_int.h"
#include "engine/gnubg_proc.h"
#include "ludex/sgf.h"

#define START_TIMEOUT 20.0

typedef struct played {
    lx_colour who;
    char move[48];
} played;

typedef struct gnubg_kind {
    lx_bgammon_game *start, *cur;
    played *hist;
    size_t nhist, cap;
    int dice[2];            /* set for the next roll; 0 0: none */
    uint64_t rng;
    gnubg_proc *proc;
    char program[1024];
    int plies;              /* what gnubg was last told; -1 unknown */
    int no_cube, nack;
    lx_buf reply, cmd;
    lx_bgammon_movegen *gen;
} gnubg_kind;

static gnubg_kind *K(const lx_engine *e) { return e->impl; }
static lx_colour other(lx_colour c) { return c == LX_BLACK ? LX_WHITE : LX_BLACK; }

/* ---- rules and the game ------------------------------------------------------------------ */

/* Is RU token `w` (case-insensitive) among the ':'-separated tokens of `rules`? */
static int has_token(const char *rules, const char *w)
{
    size_t n = strlen(w);
    for (const char *s = rules; s && *s;) {
        while (*s == ' ' || *s == ':')
            s++;
        const char *t = s;
        while (*s && *s != ':')
            s++;
        const char *end = s;
        while (end > t && end[-1] == ' ')
            end--;
        if ((size_t)(end - t) == n && strncasecmp(t, w, n) == 0)
            return 1;
    }
    return 0;
}

/* The root of a game under the engine's rules, as SGF: RU escaped, Crawford
 * tokens from the match. */
static int root_text(const lx_engine *e, int length, int bs, int ws, int crawford_game, lx_buf *out)
{
    lx_buf_clear(out);
    if (lx_buf_printf(out, "(;GM[6]MI[length:%d][bs:%d][ws:%d]RU[", length, bs, ws) != 0)
        return -1;
    const char *r = e->opt.rules ? e->opt.rules : "";
    int sep = 0;
    for (const char *s = r; *s;) {
        const char *t = s;
        while (*s && *s != ':')
            s++;
        size_t n = (size_t)(s - t);
        if (*s)
            s++;
        int crawfordish = (n == 8 && strncasecmp(t, "Crawford", 8) == 0) ||
                          (n == 12 && strncasecmp(t, "CrawfordGame", 12) == 0);
        if (n == 0 || crawfordish)
            continue;
        if (sep && lx_buf_append_char(out, ':') != 0)
            return -1;
        for (size_t i = 0; i < n; i++)
            if (((t[i] == ']' || t[i] == '\\') && lx_buf_append_char(out, '\\') != 0) ||
                lx_buf_append_char(out, t[i]) != 0)
                return -1;
        sep = 1;
    }
    if (length > 0 && lx_buf_printf(out, "%sCrawford%s", sep ? ":" : "", crawford_game ? ":CrawfordGame" : "") != 0)
        return -1;
    return lx_buf_append_str(out, "])");
}

static lx_bgammon_game *game_from_root(const char *text, lx_game_error *err)
{
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_read_options ro;
    memset(&ro, 0, sizeof ro);
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(text, strlen(text), 1, &ro, diags) : NULL;
    lx_sgf_reader *rd = doc ? lx_sgf_reader_new(doc, diags) : NULL;
    lx_sgf_tree *t = NULL;
    lx_bgammon_game *g = NULL;
    if (rd && lx_sgf_reader_next(rd, &t) == 1)
        g = lx_bgammon_position_after(t, 0, diags);
    if (g && lx_diag_count_at_least(diags, LX_ERROR) > 0) {
        const lx_diag *d = lx_diag_get(diags, 0);
        for (size_t i = 0; i < lx_diag_count(diags); i++)
            if (lx_diag_get(diags, i)->severity >= LX_ERROR)
                d = lx_diag_get(diags, i);
        lx_game_fail(err, "BAD_SIZE", "%s", d->message);
        lx_bgammon_game_free(g);
        g = NULL;
    } else if (!g) {
        lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(rd);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    return g;
}

static int set_match(lx_engine *e, int length, int bs, int ws, int crawford_game, lx_game_error *err)
{
    gnubg_kind *k = K(e);
    if (length < 0 || length > 32767 || bs < 0 || ws < 0 || (length > 0 && (bs >= length || ws >= length)) ||
        (length == 0 && (bs > 32767 || ws > 32767)))
        return lx_game_fail(err, "BAD_SIZE", "a %d-point match cannot stand at %d-%d", length, bs, ws);
    if (crawford_game && length > 0 && bs != length - 1 && ws != length - 1)
        return lx_game_fail(err, "BAD_SIZE", "the Crawford game is played when a player is one point from winning");
    if (root_text(e, length, bs, ws, crawford_game && length > 0, &k->cmd) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    lx_bgammon_game *g = game_from_root(k->cmd.data, err);
    lx_bgammon_game *c = g ? lx_bgammon_game_copy(g) : NULL;
    if (!c) {
        lx_bgammon_game_free(g);
        return g ? lx_game_fail(err, "OUT_OF_MEMORY", "out of memory") : -1;
    }
    lx_bgammon_game_free(k->start);
    lx_bgammon_game_free(k->cur);
    k->start = g;
    k->cur = c;
    k->nhist = 0;
    k->dice[0] = k->dice[1] = 0;
    e->opt.match_length = length;
    return 0;
}

/* ---- the process ----------------------------------------------------------------------------- */

static int plies_for(const lx_engine *e)
{
    double s;
    long playouts;
    lx_engine_budget(e, &s, &playouts);
    return s <= 0 ? 2 : s < 0.25 ? 0 : s < 0.75 ? 1 : 2;
}

static double timeout_for(const lx_engine *e)
{
    double s;
    long playouts;
    lx_engine_budget(e, &s, &playouts);
    return 2.0 + 10.0 * s;
}

static int start_proc(lx_engine *e, lx_game_error *err)
{
    gnubg_kind *k = K(e);
    gnubg_proc_free(k->proc);
    k->proc = gnubg_proc_start(k->program, START_TIMEOUT, err);
    if (!k->proc)
        return -1;
    k->plies = -1;
    char setup[512]; /* not k->cmd: that may hold the request being retried */
    snprintf(setup, sizeof setup,
             "set player 0 human\nset player 1 human\nset automatic roll off\nset automatic game off\n"
             "set confirm new off\nset beavers 3\nset cube use %s\nset variation %s",
             k->no_cube ? "off" : "on", k->nack ? "nackgammon" : "standard");
    return gnubg_proc_ask(k->proc, setup, START_TIMEOUT, &k->reply, err);
}

/* Ask once; if gnubg died or hung, start it again and ask once more. */
static int ask(lx_engine *e, const char *commands, lx_game_error *err)
{
    gnubg_kind *k = K(e);
    for (int attempt = 0; attempt < 2; attempt++) {
        if (!gnubg_proc_alive(k->proc) && start_proc(e, err) != 0)
            continue;
        int plies = plies_for(e);
        lx_buf pre = LX_BUF_INIT;
        int rc = 0;
        if (plies != k->plies)
            rc = lx_buf_printf(&pre,
                               "set evaluation chequerplay evaluation plies %d\n"
                               "set evaluation cubedecision evaluation plies %d\n",
                               plies, plies);
        rc = rc ? rc : lx_buf_append_str(&pre, commands);
        if (rc != 0) {
            lx_buf_free(&pre);
            return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
        }
        rc = gnubg_proc_ask(k->proc, pre.data, timeout_for(e), &k->reply, err);
        lx_buf_free(&pre);
        if (rc == 0) {
            k->plies = plies;
            return 0;
        }
    }
    if (!err || !err->code || strcmp(err->code, "ENGINE_FAILED") != 0)
        return -1;
    char why[256];
    snprintf(why, sizeof why, "%s", err->message.data ? err->message.data : "gnubg failed");
    return lx_game_fail(err, "ENGINE_FAILED", "%s (after one restart)", why);
}

/* `set gnubgid` for `who` on roll with dice d1 d2 (0 0: before rolling), the cube at `cube` (0: as it
 * is) owned by `owner`, and no double pending; then the command `then`. */
static int position_command(const gnubg_kind *k, lx_colour who, int d1, int d2, int cube, lx_colour owner,
                            const char *then, lx_buf *out)
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    if (cube > 0) {
        m.cube = cube;
        m.cube_owner = owner;
    }
    m.on_roll = m.turn = who;
    m.doubled = 0;
    m.resigned = 0;
    m.state = LX_BGAMMON_PLAYING;
    m.dice[0] = d1;
    m.dice[1] = d2;
    char pos[15], mid[13];
    lx_bgammon_position_id(lx_bgammon_game_board(k->cur), who, pos);
    lx_bgammon_match_id(&m, mid);
    lx_buf_clear(out);
    return lx_buf_printf(out, "set jacoby %s\nset gnubgid %s:%s\n%s", m.jacoby ? "on" : "off", pos, mid, then);
}

/* ---- plays ------------------------------------------------------------------------------------- */

/* The SGF value of play p for `who` with the dice. */
static void format_value(lx_colour who, int d1, int d2, const lx_bgammon_play *p, char *out, size_t cap)
{
    size_t n = (size_t)snprintf(out, cap, "%d%d", d1, d2);
    for (int i = 0; i < p->nsteps && n + 3 < cap; i++) {
        out[n++] = lx_bgammon_point_letter(who, p->step[i].from);
        out[n++] = lx_bgammon_point_letter(who, p->step[i].to);
    }
    out[n] = '\0';
}

/* The legal play (of `plays`) that gnubg's notation leads to; -1 when none. */
static long match_play(const lx_bgammon_board *b, lx_colour who, const char *notation, const lx_bgammon_play *plays,
                       long n)
{
    lx_bgammon_board want = *b;
    if (gnubg_apply_notation(&want, who, notation) != 0)
        return -1;
    for (long i = 0; i < n; i++) {
        lx_bgammon_board got = *b;
        lx_bgammon_apply_play(&got, who, &plays[i]);
        if (memcmp(&got, &want, sizeof got) == 0)
            return i;
    }
    return -1;
}

/* gnubg's plays for `who` with the dice, as ludex's legal plays: up to `cap`
 * candidates (value: gnubg's equity).  The first is checked again with
 * lx_bgammon_check_play. */
static int ranked_plays(lx_engine *e, lx_colour who, int d1, int d2, lx_engine_candidate *out, size_t cap, size_t *n,
                        lx_game_error *err)
{
    gnubg_kind *k = K(e);
    const lx_bgammon_board *b = lx_bgammon_game_board(k->cur);
    const lx_bgammon_play *plays;
    long np = lx_bgammon_legal_plays(k->gen, b, who, d1, d2, &plays);
    *n = 0;
    if (np < 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    if (np == 1) {
        format_value(who, d1, d2, &plays[0], out[0].move, sizeof out[0].move);
        out[0].value = 0;
        out[0].visits = 0;
        *n = cap ? 1 : 0;
        return 0;
    }
    char then[32];
    snprintf(then, sizeof then, "hint %zu", cap < 1 ? (size_t)1 : cap > 999 ? (size_t)999 : cap);
    if (position_command(k, who, d1, d2, 0, LX_NO_COLOUR, then, &k->cmd) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    if (ask(e, k->cmd.data, err) != 0)
        return -1;
    gnubg_hint_play *hp = calloc(cap ? cap : 1, sizeof *hp);
    if (!hp)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    size_t nh = gnubg_parse_plays(k->reply.data, hp, cap);
    int rc = 0;
    for (size_t i = 0; i < nh && rc == 0; i++) {
        long j = match_play(b, who, hp[i].notation, plays, np);
        lx_game_error chk;
        lx_game_error_init(&chk);
        if (j < 0 || lx_bgammon_check_play(b, who, d1, d2, &plays[j], &chk) != 0)
            rc = lx_game_fail(err, "ENGINE_FAILED", "gnubg proposed '%s' for %d-%d, which is not a legal play%s%s",
                              hp[i].notation, d1, d2, chk.message.data ? ": " : "",
                              chk.message.data ? chk.message.data : "");
        lx_game_error_free(&chk);
        if (rc == 0) {
            format_value(who, d1, d2, &plays[j], out[*n].move, sizeof out[*n].move);
            out[*n].value = hp[i].equity;
            out[*n].visits = 0;
            (*n)++;
        }
    }
    free(hp);
    if (rc == 0 && *n == 0)
        rc = lx_game_fail(err, "ENGINE_FAILED", "gnubg gave no play for %d-%d", d1, d2);
    return rc;
}

/* ---- cube --------------------------------------------------------------------------------------- */

/* gnubg's cube analysis with `doubler` about to roll. */
static int cube_analysis(lx_engine *e, lx_colour doubler, int cube, lx_colour owner, gnubg_cube_analysis *c,
                         lx_game_error *err)
{
    gnubg_kind *k = K(e);
    if (position_command(k, doubler, 0, 0, cube, owner, "hint", &k->cmd) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    if (ask(e, k->cmd.data, err) != 0)
        return -1;
    if (gnubg_parse_cube(k->reply.data, c) == 0)
        return 0;
    if (strstr(k->reply.data, "You cannot double") || strstr(k->reply.data, "You cannot redouble"))
        return 1; /* gnubg sees no cube decision (a leader one point away after the Crawford game) */
    return lx_game_fail(err, "ENGINE_FAILED", "gnubg gave no cube analysis");
}

static void candidate(lx_engine_candidate *c, const char *move, double value)
{
    snprintf(c->move, sizeof c->move, "%s", move);
    c->value = value;
    c->visits = 0;
}

static void sort_candidates(lx_engine_candidate *c, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && c[j].value > c[j - 1].value; j--) {
            lx_engine_candidate t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* Put candidate `first` (by move) in front, the others after it by value. */
static size_t give_out(lx_engine_candidate *c, size_t nc, const char *first, lx_engine_candidate *out, size_t cap,
                       size_t *n)
{
    sort_candidates(c, nc);
    for (size_t i = 1; i < nc; i++)
        if (strcmp(c[i].move, first) == 0) {
            lx_engine_candidate t = c[i];
            memmove(c + 1, c, i * sizeof *c);
            c[0] = t;
        }
    for (size_t i = 0; i < nc && *n < cap; i++)
        out[(*n)++] = c[i];
    return *n;
}

/* The answers to a pending double (or beaver), for the one who answers. */
static int answer_candidates(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                             lx_game_error *err)
{
    gnubg_kind *k = K(e);
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    gnubg_cube_analysis ca;
    lx_engine_candidate c[3];
    if (m.on_roll == who) {
        /* `who` doubled and was beavered: the cube went up on the other side.  Judged from the double
           before the beaver (gnubg's own rule: a beaver is taken), in units of that cube. */
        int before = m.cube / 2 > 0 ? m.cube / 2 : 1;
        if (cube_analysis(e, who, before, before > 1 ? who : LX_NO_COLOUR, &ca, err) != 0)
            ca.double_take = 0; /* no analysis: take, as gnubg's own rule has it */
        candidate(&c[0], "take", 2 * ca.double_take);
        candidate(&c[1], "drop", -2.0);
        give_out(c, 2, c[0].value >= c[1].value ? "take" : "drop", out, cap, n);
        return 0;
    }
    int rc = cube_analysis(e, other(who), m.cube, m.cube_owner, &ca, err);
    if (rc < 0)
        return -1;
    if (rc > 0) /* gnubg would not have doubled here: take */
        ca.double_take = ca.double_pass = 0, strcpy(ca.proper, "No double, take");
    size_t nc = 0;
    candidate(&c[nc++], "take", -ca.double_take);
    candidate(&c[nc++], "drop", -ca.double_pass);
    int verdict = gnubg_cube_answer(&ca);
    if (verdict == 2 && lx_bgammon_game_allows(k->cur, who, "double"))
        candidate(&c[nc++], "double", -2 * ca.double_take);
    give_out(c, nc, verdict == 0 ? "drop" : verdict == 2 && nc == 3 ? "double" : "take", out, cap, n);
    return 0;
}

/* Double or play on, for the player about to roll. */
static int double_candidates(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                             lx_game_error *err)
{
    gnubg_kind *k = K(e);
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    gnubg_cube_analysis ca;
    int rc = cube_analysis(e, who, m.cube, m.cube_owner, &ca, err);
    if (rc != 0)
        return rc;
    lx_engine_candidate c[2];
    candidate(&c[0], "double", ca.double_take < ca.double_pass ? ca.double_take : ca.double_pass);
    candidate(&c[1], "roll", ca.no_double);
    give_out(c, 2, gnubg_cube_should_double(&ca) ? "double" : "roll", out, cap, n);
    return 0;
}

/* ---- the kind ---------------------------------------------------------------------------------- */

static int is_opening(const gnubg_kind *k)
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    return m.state == LX_BGAMMON_PLAYING && lx_bgammon_game_to_play(k->cur) == LX_NO_COLOUR;
}

static lx_colour gnubg_to_play(const lx_engine *e)
{
    const gnubg_kind *k = K(e);
    if (is_opening(k))
        return LX_WHITE; /* either may take the opening roll; White is gnubg's player 0 */
    return lx_bgammon_game_to_play(k->cur);
}

static int game_over(const gnubg_kind *k)
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    return m.state != LX_BGAMMON_PLAYING;
}

static int check_turn(const lx_engine *e, lx_colour who, lx_game_error *err)
{
    const gnubg_kind *k = K(e);
    if (game_over(k))
        return lx_game_fail(err, "GAME_OVER", "the game is over");
    if (who != LX_BLACK && who != LX_WHITE)
        return lx_game_fail(err, "BAD_MOVE", "a move is Black's or White's");
    if (!is_opening(k) && lx_bgammon_game_to_play(k->cur) != who)
        return lx_game_fail(err, "BG_NOT_YOUR_TURN", "it is %s's turn",
                            lx_bgammon_game_to_play(k->cur) == LX_BLACK ? "Black" : "White");
    return 0;
}

static int gnubg_play(lx_engine *e, lx_colour who, const char *move, lx_game_error *err)
{
    gnubg_kind *k = K(e);
    size_t len = strlen(move);
    if (len >= sizeof k->hist[0].move)
        return lx_game_fail(err, "BAD_MOVE", "'%.20s...' is not a backgammon move", move);
    if (lx_bgammon_game_act(k->cur, who, move, len, err) != 0)
        return -1;
    if (k->nhist == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        played *h = realloc(k->hist, cap * sizeof *h);
        if (!h) {
            lx_engine_undo(e); /* cannot fail: replays what was played */
            return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
        }
        k->hist = h;
        k->cap = cap;
    }
    k->hist[k->nhist].who = who;
    memcpy(k->hist[k->nhist].move, move, len + 1);
    k->nhist++;
    if (move[0] >= '1' && move[0] <= '6')
        k->dice[0] = k->dice[1] = 0;
    return 0;
}

static int gnubg_undo(lx_engine *e)
{
    gnubg_kind *k = K(e);
    if (k->nhist == 0)
        return -1;
    lx_bgammon_game *g = lx_bgammon_game_copy(k->start);
    if (!g)
        return -1;
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = 0;
    for (size_t i = 0; i + 1 < k->nhist && rc == 0; i++)
        rc = lx_bgammon_game_act(g, k->hist[i].who, k->hist[i].move, strlen(k->hist[i].move), &err);
    lx_game_error_free(&err);
    if (rc != 0) {
        lx_bgammon_game_free(g);
        return -1;
    }
    lx_bgammon_game_free(k->cur);
    k->cur = g;
    k->nhist--;
    k->dice[0] = k->dice[1] = 0;
    return 0;
}

static int roll_die(gnubg_kind *k)
{
    /* splitmix64 */
    uint64_t z = (k->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (int)(z % 6) + 1;
}

static int gnubg_set_dice(lx_engine *e, int d1, int d2)
{
    K(e)->dice[0] = d1;
    K(e)->dice[1] = d2;
    return 0;
}

static int pending_double(const gnubg_kind *k)
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(k->cur, &m);
    return m.doubled;
}

static int gnubg_analyse(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                         lx_game_error *err)
{
    gnubg_kind *k = K(e);
    if (check_turn(e, who, err) != 0)
        return -1;
    double t0 = lx_engine_now();
    int rc;
    if (pending_double(k))
        rc = answer_candidates(e, who, out, cap, n, err);
    else if (k->dice[0])
        rc = ranked_plays(e, who, k->dice[0], k->dice[1], out, cap, n, err);
    else if (lx_bgammon_game_allows(k->cur, who, "double") && (rc = double_candidates(e, who, out, cap, n, err)) <= 0)
        ;
    else
        rc = lx_game_fail(err, "BG_NO_DICE", "%s rolls now and may not double: give the dice first",
                          who == LX_BLACK ? "Black" : "White");
    e->last_seconds = lx_engine_now() - t0;
    return rc;
}

static int gnubg_genmove(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err)
{
    gnubg_kind *k = K(e);
    if (check_turn(e, who, err) != 0)
        return -1;
    lx_engine_candidate best[1];
    size_t n = 0;
    int rc;
    double t0 = lx_engine_now();
    if (pending_double(k)) {
        rc = answer_candidates(e, who, best, 1, &n, err);
    } else {
        rc = 0;
        if (!k->dice[0] && lx_bgammon_game_allows(k->cur, who, "double")) {
            rc = double_candidates(e, who, best, 1, &n, err);
            if (rc > 0 || (rc == 0 && strcmp(best[0].move, "roll") == 0))
                rc = 0, n = 0;
        }
        if (rc == 0 && n == 0) {
            if (!k->dice[0])
                do {
                    k->dice[0] = roll_die(k);
                    k->dice[1] = roll_die(k);
                } while (is_opening(k) && k->dice[0] == k->dice[1]);
            rc = ranked_plays(e, who, k->dice[0], k->dice[1], best, 1, &n, err);
        }
    }
    e->last_seconds = lx_engine_now() - t0;
    if (rc != 0)
        return -1;
    if (gnubg_play(e, who, best[0].move, err) != 0) {
        const char *why = err && err->message.data ? err->message.data : "";
        char copy[256];
        snprintf(copy, sizeof copy, "%s", why);
        return lx_game_fail(err, "ENGINE_FAILED", "gnubg's choice '%s' was refused by ludex's rules: %s", best[0].move,
                            copy);
    }
    return lx_buf_append_str(move, best[0].move) == 0 ? 0 : lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
}

static void gnubg_result(const lx_engine *e, lx_game_result *out)
{
    lx_bgammon_game_result(K(e)->cur, out);
}

static int gnubg_show(const lx_engine *e, lx_buf *out)
{
    return lx_bgammon_draw(K(e)->cur, LX_DRAW_ASCII, 0, out);
}

static int gnubg_new_game(lx_engine *e, int cols, int rows, lx_game_error *err)
{
    if (cols != 0 || rows != 0)
        return lx_game_fail(err, "BAD_SIZE", "a backgammon board has no size to choose");
    lx_bgammon_match_info m;
    lx_bgammon_game_info(K(e)->start, &m);
    return set_match(e, m.length, m.score[LX_BLACK], m.score[LX_WHITE], m.crawford, err);
}

static void gnubg_free(lx_engine *e)
{
    gnubg_kind *k = K(e);
    if (!k)
        return;
    gnubg_proc_free(k->proc);
    lx_bgammon_game_free(k->start);
    lx_bgammon_game_free(k->cur);
    lx_bgammon_movegen_free(k->gen);
    lx_buf_free(&k->reply);
    lx_buf_free(&k->cmd);
    free(k->hist);
    free(k);
    e->impl = NULL;
}

static int gnubg_init(lx_engine *e, lx_game_error *err)
{
    const char *rules = e->opt.rules ? e->opt.rules : "";
    if (has_token(rules, "Hypergammon") || has_token(rules, "Hypergammon1") || has_token(rules, "Hypergammon2") ||
        has_token(rules, "Hypergammon3"))
        return lx_game_fail(err, "ENGINE_UNAVAILABLE",
                            "ludex does not drive gnubg for hypergammon (gnubg needs databases it builds apart)");
    if (e->opt.cols || e->opt.rows)
        return lx_game_fail(err, "BAD_SIZE", "a backgammon board has no size to choose");
    gnubg_kind *k = calloc(1, sizeof *k);
    if (!k)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    e->impl = k;
    k->no_cube = has_token(rules, "NoCube");
    k->nack = has_token(rules, "Nackgammon");
    k->rng = e->opt.seed ? e->opt.seed : (uint64_t)(lx_engine_now() * 1e9) ^ (uint64_t)(uintptr_t)k;
    k->gen = lx_bgammon_movegen_new();
    const char *prog = gnubg_find_program(e->opt.program, k->program, sizeof k->program);
    int rc;
    if (!k->gen)
        rc = lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    else if (!prog)
        rc = lx_game_fail(err, "ENGINE_UNAVAILABLE",
                          e->opt.program && *e->opt.program
                              ? "cannot run %s: GNU Backgammon is needed (Debian package gnubg)"
                              : "GNU Backgammon is not installed: install the Debian package gnubg (apt-get install gnubg)%s",
                          e->opt.program && *e->opt.program ? e->opt.program : "");
    else
        rc = set_match(e, e->opt.match_length, 0, 0, 0, err);
    if (rc == 0 && prog != k->program)
        snprintf(k->program, sizeof k->program, "%s", prog);
    if (rc == 0 && start_proc(e, err) != 0) {
        const char *why = err && err->message.data ? err->message.data : "";
        char copy[256];
        snprintf(copy, sizeof copy, "%s", why);
        rc = lx_game_fail(err, "ENGINE_UNAVAILABLE", "GNU Backgammon (%s) does not run: %s (Debian package gnubg)",
                          k->program, copy);
    }
    if (rc != 0)
        gnubg_free(e);
    return rc;
}

const lx_engine_ops lx_engine_gnubg_ops = {
    .kind = "backgammon",
    .init = gnubg_init,
    .free = gnubg_free,
    .new_game = gnubg_new_game,
    .play = gnubg_play,
    .undo = gnubg_undo,
    .to_play = gnubg_to_play,
    .result = gnubg_result,
    .set_dice = gnubg_set_dice,
    .genmove = gnubg_genmove,
    .analyse = gnubg_analyse,
    .show = gnubg_show,
    .set_match = set_match,
};

/* game.c - a game of backgammon in progress: turns, the cube, setup, the end.
 *
 * The state follows GNU Backgammon's own model, so that its match ID comes
 * out the same after every action:
 *   - `turn` is the player to roll (its "dice owner"); a move passes it to
 *     the opponent, even the move that wins the game;
 *   - a double leaves the cube's value as it was and asks the opponent to
 *     answer; a take doubles the cube and gives it to the player not on roll;
 *     a beaver (the answer "double", money games only) doubles the value at
 *     once, gives the cube to the player not on roll and asks the doubler to
 *     answer in turn; a drop ends the game, the dropper losing the cube's
 *     value as it stands.
 * Before the first action of a game either colour may roll first (whoever
 * won the opening roll); from the standard start that first roll may not be
 * a double (equal dice are rolled again) and nobody may double before it.
 *
 * Setup (AB AW AE PL, and GM[6]'s CO CV CP DI) changes the board or the cube
 * between moves.  In GM[6] a point named several times in AB or AW holds that
 * many checkers, and a node's AE clears points before its AB and AW add to
 * them, in whatever order they are written (see bg_setup_rule).  The board
 * must be valid after every value (after the whole node, for a node whose AE
 * comes last). */
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"

int bg_game_init(lx_bgammon_game *g, const bg_rules *r)
{
    memset(g, 0, sizeof *g);
    g->rules = *r;
    g->total = lx_bgammon_variant_checkers(r->variant);
    lx_bgammon_board_start(&g->board, r->variant);
    bg_board_set_off(&g->board, g->total);
    g->turn = LX_WHITE;
    g->opening = 1;
    g->any_first = 1;
    g->cube = 1;
    g->owner = LX_NO_COLOUR;
    g->answers = LX_NO_COLOUR;
    g->state = LX_BGAMMON_PLAYING;
    g->winner = LX_NO_COLOUR;
    g->end_winner = LX_NO_COLOUR;
    g->end_points = -1;
    g->setup_node = UINT32_MAX;
    return 0;
}

int bg_game_value(const lx_bgammon_game *g, int level)
{
    if (level > 1 && g->rules.length == 0 && g->rules.jacoby && g->owner == LX_NO_COLOUR)
        level = 1; /* Jacoby: gammons count only once the cube has been turned */
    return g->cube * level;
}

/* ---- judging an action ------------------------------------------------------------------ */

static int fail_over(const lx_bgammon_game *g, lx_game_error *err)
{
    const char *how = g->state == LX_BGAMMON_DROPPED ? "a dropped double" : "bearing off";
    return lx_game_fail(err, "BG_GAME_OVER", "the game is over: %s won it (%d point%s) by %s", bg_colour_name(g->winner),
                        g->points, g->points == 1 ? "" : "s", how);
}

static int check_roll(const lx_bgammon_game *g, lx_colour who, const bg_action *a, lx_game_error *err)
{
    if (g->doubled)
        return lx_game_fail(err, "BG_DOUBLE_PENDING",
                            "%s must first answer the double with take or drop%s; nobody rolls before that",
                            bg_colour_name(g->answers), g->rules.length == 0 ? " (or double again: a beaver)" : "");
    if (!g->any_first && who != g->turn)
        return lx_game_fail(err, "BG_NOT_YOUR_TURN", "it is %s's turn to roll, not %s's", bg_colour_name(g->turn),
                            bg_colour_name(who));
    if (g->opening && a->dice[0] == a->dice[1])
        return lx_game_fail(err, "BG_OPENING_DOUBLET",
                            "the opening roll cannot be a double (%d-%d): equal dice are rolled again", a->dice[0],
                            a->dice[1]);
    if (a->unplayed)
        return 0; /* read as GNU Backgammon reads it: nothing played (review.c warned) */
    return lx_bgammon_check_play(&g->board, who, a->dice[0], a->dice[1], &a->play, err);
}

static int check_beaver(const lx_bgammon_game *g, lx_colour who, lx_game_error *err)
{
    if (who != g->answers)
        return lx_game_fail(err, "BG_DOUBLE_PENDING", "%s has doubled and %s must answer (take or drop)",
                            bg_colour_name(bg_other(g->answers)), bg_colour_name(g->answers));
    if (g->rules.length > 0)
        return lx_game_fail(err, "BG_BEAVER_IN_MATCH",
                            "%s answers the double with a double (a beaver), but beavers are for money games and this "
                            "is a %d-point match: take or drop",
                            bg_colour_name(who), g->rules.length);
    if (g->cube >= 16384)
        return lx_game_fail(err, "BG_CUBE_LIMIT", "the cube cannot go beyond 32768");
    return 0;
}

static int check_double(const lx_bgammon_game *g, lx_colour who, lx_game_error *err)
{
    if (g->doubled)
        return check_beaver(g, who, err);
    if (!g->any_first && who != g->turn)
        return lx_game_fail(err, "BG_NOT_YOUR_TURN", "only the player about to roll may double: it is %s's turn",
                            bg_colour_name(g->turn));
    if (g->opening)
        return lx_game_fail(err, "BG_OPENING_DOUBLE", "nobody may double before the opening roll has been played");
    if (g->rules.no_cube)
        return lx_game_fail(err, "BG_NO_CUBE", "this game is played without the doubling cube (RU NoCube)");
    if (g->cube_dead)
        return lx_game_fail(err, "BG_NO_CUBE", "the cube is out of play in this game (CO[n])");
    if (g->rules.crawford_game)
        return lx_game_fail(err, "BG_CRAWFORD", "nobody may double in the Crawford game");
    if (g->owner != LX_NO_COLOUR && g->owner != who)
        return lx_game_fail(err, "BG_CUBE_NOT_YOURS", "%s owns the cube at %d: only %s may redouble",
                            bg_colour_name(g->owner), g->cube, bg_colour_name(g->owner));
    if (g->cube >= 32768)
        return lx_game_fail(err, "BG_CUBE_LIMIT", "the cube cannot go beyond 32768");
    return 0;
}

static int check_answer(const lx_bgammon_game *g, lx_colour who, const char *what, lx_game_error *err)
{
    if (!g->doubled)
        return lx_game_fail(err, "BG_NO_DOUBLE", "%s cannot %s: nobody has doubled", bg_colour_name(who), what);
    if (who != g->answers)
        return lx_game_fail(err, "BG_NOT_YOUR_TURN", "%s doubled, so %s answers, not %s", bg_colour_name(bg_other(g->answers)),
                            bg_colour_name(g->answers), bg_colour_name(who));
    return 0;
}

int bg_game_check(const lx_bgammon_game *g, lx_colour who, const bg_action *a, lx_game_error *err)
{
    if (who != LX_BLACK && who != LX_WHITE)
        return lx_game_fail(err, "BG_NOT_YOUR_TURN", "a move is Black's or White's");
    if (g->state != LX_BGAMMON_PLAYING)
        return fail_over(g, err);
    switch (a->kind) {
    case BG_ROLL: return check_roll(g, who, a, err);
    case BG_DOUBLE: return check_double(g, who, err);
    case BG_TAKE: return check_answer(g, who, "take", err);
    case BG_DROP: return check_answer(g, who, "drop", err);
    }
    return -1;
}

/* ---- playing an action -------------------------------------------------------------------- */

static void play_roll(lx_bgammon_game *g, lx_colour who, const bg_action *a)
{
    lx_bgammon_apply_play(&g->board, who, &a->play);
    g->turn = bg_other(who);
    if (g->board.checkers[who][LX_BGAMMON_OFF] >= g->total && bg_on_board(&g->board, who) == 0) {
        g->state = LX_BGAMMON_OVER;
        g->winner = who;
        g->points = bg_game_value(g, bg_win_level(&g->board, who));
    }
}

static void play_double(lx_bgammon_game *g, lx_colour who)
{
    if (!g->doubled) {
        g->doubled = 1;
        g->beavers = 0;
        g->turn = who;
        g->answers = bg_other(who);
        return;
    }
    /* a beaver: the value doubles now and the cube goes to the player not on roll */
    g->cube *= 2;
    g->owner = bg_other(g->turn);
    g->beavers++;
    g->answers = bg_other(who);
}

void bg_game_play(lx_bgammon_game *g, lx_colour who, const bg_action *a)
{
    g->moves++;
    g->any_first = 0;
    g->opening = 0;
    g->dice[0] = g->dice[1] = 0;
    g->setup_node = UINT32_MAX;
    switch (a->kind) {
    case BG_ROLL:
        play_roll(g, who, a);
        break;
    case BG_DOUBLE:
        play_double(g, who);
        break;
    case BG_TAKE:
        g->cube *= 2;
        g->owner = bg_other(g->turn);
        g->doubled = 0;
        g->beavers = 0;
        break;
    case BG_DROP:
        g->doubled = 0;
        g->state = LX_BGAMMON_DROPPED;
        g->winner = bg_other(who);
        g->points = g->cube;
        break;
    }
}

int bg_game_apply(lx_bgammon_game *g, lx_colour who, const bg_action *a, lx_game_error *err)
{
    if (bg_game_check(g, who, a, err) != 0)
        return -1;
    bg_game_play(g, who, a);
    return 0;
}

/* ---- setup ------------------------------------------------------------------------------------ */

static const bg_setup_rule *find_setup_rule(const lx_bgammon_game *g, const char *raw)
{
    size_t lo = 0, hi = g->nsetup_rules;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (g->setup_rules[mid].raw == raw)
            return &g->setup_rules[mid];
        if ((uintptr_t)g->setup_rules[mid].raw < (uintptr_t)raw)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

int bg_game_set_setup_rules(lx_bgammon_game *g, const bg_setup_rule *rules, size_t n)
{
    free(g->setup_rules);
    g->setup_rules = NULL;
    g->nsetup_rules = 0;
    if (n == 0)
        return 0;
    g->setup_rules = malloc(n * sizeof *rules);
    if (!g->setup_rules)
        return -1;
    memcpy(g->setup_rules, rules, n * sizeof *rules);
    g->nsetup_rules = n;
    return 0;
}

/* The letters of a point value: "a" or a range "a:y". */
static int point_range(const char *raw, size_t len, char *first, char *last, lx_game_error *err)
{
    lx_trim(&raw, &len);
    const char *a, *b;
    size_t na, nb;
    lx_sgf_point_span(raw, len, &a, &na, &b, &nb);
    if (na != 1 || nb != 1 || lx_bgammon_letter_point(LX_WHITE, a[0]) < 0 ||
        lx_bgammon_letter_point(LX_WHITE, b[0]) < 0)
        return lx_game_fail(err, "BG_BAD_POINT", "'%.*s' is not a point: points are single letters a..z (y the bar, z off)",
                            (int)(len > 40 ? 40 : len), raw);
    *first = (char)(a[0] | 0x20);
    *last = (char)(b[0] | 0x20);
    if (*first > *last) {
        char t = *first;
        *first = *last, *last = t;
    }
    return 0;
}

static int check_counts(const lx_bgammon_game *g, lx_game_error *err)
{
    for (int c = 0; c < 2; c++) {
        int on = bg_on_board(&g->board, (lx_colour)c);
        if (on > g->total)
            return lx_game_fail(err, "BG_TOO_MANY_CHECKERS", "the setup gives %s %d checkers; a side has %d",
                                bg_colour_name((lx_colour)c), on, g->total);
    }
    return lx_bgammon_board_check(&g->board, err);
}

static int add_checkers(lx_bgammon_game *g, lx_colour c, char first, char last, lx_game_error *err)
{
    for (char l = first; l <= last; l++) {
        int i = lx_bgammon_letter_point(c, l);
        if (i == LX_BGAMMON_OFF)
            continue; /* borne-off checkers are those not on the board */
        if (g->board.checkers[c][i] >= LX_BGAMMON_CHECKERS)
            return lx_game_fail(err, "BG_TOO_MANY_CHECKERS", "the setup puts more than 15 %s checkers on %c",
                                bg_colour_name(c), l);
        if (i != LX_BGAMMON_BAR && g->board.checkers[bg_other(c)][25 - i])
            return lx_game_fail(err, "BG_SHARED_POINT", "%c holds %s checkers; clear it (AE) before putting %s ones there",
                                l, bg_colour_name(bg_other(c)), bg_colour_name(c));
        g->board.checkers[c][i]++;
    }
    bg_board_set_off(&g->board, g->total);
    return check_counts(g, err);
}

static void clear_points(lx_bgammon_game *g, char first, char last)
{
    for (char l = first; l <= last; l++) {
        int w = lx_bgammon_letter_point(LX_WHITE, l), b = lx_bgammon_letter_point(LX_BLACK, l);
        if (w == LX_BGAMMON_OFF)
            continue;
        g->board.checkers[LX_WHITE][w] = 0;
        g->board.checkers[LX_BLACK][b] = 0;
    }
    bg_board_set_off(&g->board, g->total);
}

/* One AB, AW or AE value. */
static int setup_value(lx_bgammon_game *g, char kind, const char *raw, size_t len, lx_game_error *err)
{
    char first = 0, last = 0;
    if (point_range(raw, len, &first, &last, err) != 0)
        return -1;
    g->opening = 0;
    if (kind == 'E') {
        clear_points(g, first, last);
        return 0;
    }
    return add_checkers(g, kind == 'B' ? LX_BLACK : LX_WHITE, first, last, err);
}

/* A node whose AE follows its AB or AW, all at once: AE first (see bg_setup_rule). */
static int setup_node(lx_bgammon_game *g, uint32_t node, lx_game_error *err)
{
    g->setup_node = node;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < g->nsetup_rules; i++) {
            const bg_setup_rule *r = &g->setup_rules[i];
            if (r->node == node && (r->kind == 'E') == (pass == 0) &&
                setup_value(g, r->kind, r->raw, r->len, err) != 0)
                return -1;
        }
    return 0;
}

/* A refused value leaves the board as it was. */
static int setup_points(lx_bgammon_game *g, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    const bg_setup_rule *rule = find_setup_rule(g, raw);
    if (rule && rule->node == g->setup_node)
        return 0;
    lx_bgammon_board before = g->board;
    int opening = g->opening, rc;
    if (rule) {
        rc = setup_node(g, rule->node, err);
    } else {
        g->setup_node = UINT32_MAX;
        rc = setup_value(g, id[1], raw, len, err);
    }
    if (rc != 0) {
        g->board = before;
        g->opening = opening;
    }
    return rc;
}

static int setup_cube_owner(lx_bgammon_game *g, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    lx_trim(&raw, &len);
    char c = len == 1 ? (char)(raw[0] | 0x20) : 0;
    if (c == 'b' || c == 'w' || c == 'c') {
        g->owner = c == 'b' ? LX_BLACK : c == 'w' ? LX_WHITE : LX_NO_COLOUR;
        g->cube_dead = 0;
        return 0;
    }
    if (c == 'n') {
        g->owner = LX_NO_COLOUR;
        g->cube_dead = 1;
        return 0;
    }
    if (id[1] == 'P')
        return 1; /* CP that is not a cube position: FF[4]'s copyright */
    return lx_game_fail(err, "BG_BAD_CUBE", "CO is b (Black), w (White), c (centred) or n (no cube), not '%.*s'",
                        (int)(len > 20 ? 20 : len), raw);
}

static int setup_cube_value(lx_bgammon_game *g, const char *raw, size_t len, lx_game_error *err)
{
    long v;
    lx_trim(&raw, &len);
    if (lx_sgf_parse_number(raw, len, &v) != 0 || v < 1 || v > 32768 || (v & (v - 1)) != 0)
        return lx_game_fail(err, "BG_BAD_CUBE", "CV is the cube's value, a power of two from 1 to 32768, not '%.*s'",
                            (int)(len > 20 ? 20 : len), raw);
    g->cube = (int)v;
    return 0;
}

static int setup_dice(lx_bgammon_game *g, const char *raw, size_t len, lx_game_error *err)
{
    lx_trim(&raw, &len);
    if (len != 2 || raw[0] < '1' || raw[0] > '6' || raw[1] < '1' || raw[1] > '6')
        return lx_game_fail(err, "BG_BAD_DICE", "DI is two dice, each 1 to 6 (DI[31]), not '%.*s'",
                            (int)(len > 20 ? 20 : len), raw);
    g->dice[0] = raw[0] - '0';
    g->dice[1] = raw[1] - '0';
    return 0;
}

static int setup_player(lx_bgammon_game *g, const char *raw, size_t len, lx_game_error *err)
{
    lx_colour c;
    if (lx_game_parse_colour(raw, len, &c) != 0) {
        lx_trim(&raw, &len);
        return lx_game_fail(err, "BG_BAD_PLAYER", "PL is B or W, not '%.*s'", (int)(len > 20 ? 20 : len), raw);
    }
    g->turn = c;
    g->any_first = 0;
    return 0;
}

int bg_game_setup(lx_bgammon_game *g, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE"))
        return setup_points(g, id, raw, len, err);
    if (!strcmp(id, "PL"))
        return setup_player(g, raw, len, err);
    if (!strcmp(id, "CO") || !strcmp(id, "CP"))
        return setup_cube_owner(g, id, raw, len, err);
    if (!strcmp(id, "CV"))
        return setup_cube_value(g, raw, len, err);
    if (!strcmp(id, "DI"))
        return setup_dice(g, raw, len, err);
    return 1;
}

/* ---- the public face -------------------------------------------------------------------------- */

lx_bgammon_game *lx_bgammon_game_new(lx_bgammon_variant v)
{
    lx_bgammon_game *g = malloc(sizeof *g);
    if (!g)
        return NULL;
    bg_rules r;
    memset(&r, 0, sizeof r);
    r.game_number = -1;
    r.variant = v;
    bg_game_init(g, &r);
    return g;
}

lx_bgammon_game *lx_bgammon_game_copy(const lx_bgammon_game *g)
{
    lx_bgammon_game *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g;
    c->setup_rules = NULL;
    c->nsetup_rules = 0;
    if (bg_game_set_setup_rules(c, g->setup_rules, g->nsetup_rules) != 0) {
        free(c);
        return NULL;
    }
    return c;
}

void lx_bgammon_game_free(lx_bgammon_game *g)
{
    if (!g)
        return;
    free(g->setup_rules);
    free(g);
}

const lx_bgammon_board *lx_bgammon_game_board(const lx_bgammon_game *g) { return &g->board; }

lx_colour lx_bgammon_game_to_play(const lx_bgammon_game *g)
{
    if (g->state != LX_BGAMMON_PLAYING || (g->any_first && g->moves == 0 && g->opening))
        return LX_NO_COLOUR;
    return g->doubled ? g->answers : g->turn;
}

int bg_read_action(const lx_bgammon_game *g, lx_colour who, const char *raw, size_t len, bg_action *a,
                   lx_game_error *err)
{
    if (bg_parse_action(who, raw, len, a, err) != 0)
        return -1;
    if (a->kind == BG_ROLL && (who == LX_BLACK || who == LX_WHITE))
        bg_expand_play(&g->board, who, a->dice[0], a->dice[1], &a->play);
    a->unplayed = a->kind == BG_ROLL && a->play.nsteps == 0 && raw == g->unplayed_raw;
    return 0;
}

int lx_bgammon_game_act(lx_bgammon_game *g, lx_colour who, const char *value, size_t len, lx_game_error *err)
{
    bg_action a;
    if (bg_read_action(g, who, value, len, &a, err) != 0)
        return -1;
    return bg_game_apply(g, who, &a, err);
}

int lx_bgammon_game_allows(const lx_bgammon_game *g, lx_colour who, const char *value)
{
    bg_action a;
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = bg_read_action(g, who, value, strlen(value), &a, &err) == 0 && bg_game_check(g, who, &a, &err) == 0;
    lx_game_error_free(&err);
    return ok;
}

void lx_bgammon_game_info(const lx_bgammon_game *g, lx_bgammon_match_info *m)
{
    memset(m, 0, sizeof *m);
    m->cube = g->cube;
    m->cube_owner = g->owner;
    m->on_roll = g->turn;
    m->crawford = g->rules.crawford_game;
    m->state = g->state;
    m->turn = g->doubled || g->state == LX_BGAMMON_DROPPED ? g->answers : g->turn;
    m->doubled = g->doubled;
    m->dice[0] = g->dice[0];
    m->dice[1] = g->dice[1];
    m->length = g->rules.length;
    m->jacoby = g->rules.length == 0 && g->rules.jacoby;
    m->score[LX_BLACK] = g->rules.score[LX_BLACK];
    m->score[LX_WHITE] = g->rules.score[LX_WHITE];
    if (g->state == LX_BGAMMON_OVER || g->state == LX_BGAMMON_DROPPED)
        m->score[g->winner] += g->points;
}

void lx_bgammon_game_ids(const lx_bgammon_game *g, char position_id[15], char match_id[13])
{
    lx_bgammon_match_info m;
    lx_bgammon_game_info(g, &m);
    lx_bgammon_position_id(&g->board, g->turn, position_id);
    lx_bgammon_match_id(&m, match_id);
}

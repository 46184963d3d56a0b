/* review.c - what only a tree's whole main line tells, settled before its replay.
 *
 * The replay driver applies one property at a time and has no hook at the end
 * of a line, so the module reads the tree once when it makes the starting
 * game (bg_game_for_tree): the match and rules of the root, the setup dialect
 * (bg_find_setup_rules), and a quiet replay of the main line to judge RE
 * against the game's end - a result must match how the moves finished the
 * game and what that is worth with the cube, and a resignation (RE W+2R),
 * which is not a move, must come while the game is still being played.  The
 * starting game then carries what the driver's positions need to know: the
 * first mover (for the IDs before any move), the main line's length, and how
 * RE ends the game after it.
 *
 * bg_apply_node walks a node with the same steps the driver takes (setup
 * first, then the moves in the order written), for the review and for the
 * positions of records.
 *
 * One more departure of GNU Backgammon is settled here: a game saved after a
 * roll but before its play ends "...;PL[B]DI[65];B[65])", the roll written
 * as if nothing could be played.  GNU Backgammon reads it back as an empty
 * move; so does ludex, for the main line's last move only, when DI shows the
 * same roll just before - with a warning when the roll could be played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"

int bg_apply_node(lx_bgammon_game *g, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags)
{
    return lx_game_apply_node(&lx_bgammon_module, g, t, n, budget, diags);
}

/* ---- the setup dialect --------------------------------------------------------------------- */

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const bg_setup_rule *)a)->raw, y = (uintptr_t)((const bg_setup_rule *)b)->raw;
    return x < y ? -1 : x > y;
}

/* Whether node n has AE after an AB or AW. */
static int ae_follows_stones(const lx_sgf_tree *t, lx_sgf_node n)
{
    int stones = 0;
    for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
        const char *id = lx_sgf_prop_id(t, lx_sgf_node_prop(t, n, i));
        if (!strcmp(id, "AB") || !strcmp(id, "AW"))
            stones = 1;
        else if (!strcmp(id, "AE") && stones)
            return 1;
    }
    return 0;
}

int bg_find_setup_rules(const lx_sgf_tree *t, bg_setup_rule **rules, size_t *n)
{
    size_t cap = 0;
    *rules = NULL;
    *n = 0;
    for (lx_sgf_node node = 0; node < lx_sgf_node_count(t); node++) {
        if (lx_sgf_find_prop(t, node, "AE") == LX_SGF_NIL || !ae_follows_stones(t, node))
            continue;
        for (size_t i = 0; i < lx_sgf_prop_count(t, node); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, node, i);
            const char *id = lx_sgf_prop_id(t, p);
            if (strcmp(id, "AB") && strcmp(id, "AW") && strcmp(id, "AE"))
                continue;
            for (size_t k = 0; k < lx_sgf_value_count(t, p); k++) {
                if (*n == cap) {
                    cap = cap ? cap * 2 : 32;
                    bg_setup_rule *r = realloc(*rules, cap * sizeof *r);
                    if (!r) {
                        free(*rules);
                        *rules = NULL;
                        *n = 0;
                        return -1;
                    }
                    *rules = r;
                }
                lx_sgf_value v = lx_sgf_get_value(t, p, k);
                (*rules)[(*n)++] = (bg_setup_rule){v.raw, v.len, node, id[1]};
            }
        }
    }
    if (*n > 1)
        qsort(*rules, *n, sizeof **rules, by_address);
    return 0;
}

/* ---- RE against the end of the main line ------------------------------------------------------- */

static const char *level_name(int level)
{
    return level == 3 ? "a backgammon" : level == 2 ? "a gammon" : "a single game";
}

/* How the game ended, in a few words. */
static void describe_end(const lx_bgammon_game *g, char *buf, size_t cap)
{
    if (g->state == LX_BGAMMON_DROPPED)
        snprintf(buf, cap, "%s dropped %s's double, which loses %d point%s", bg_colour_name(bg_other(g->winner)),
                 bg_colour_name(g->winner), g->points, g->points == 1 ? "" : "s");
    else
        snprintf(buf, cap, "%s bore off all its checkers and won %s on a %d cube%s, %d point%s",
                 bg_colour_name(g->winner), level_name(bg_win_level(&g->board, g->winner)), g->cube,
                 g->points < g->cube * bg_win_level(&g->board, g->winner) ? " (Jacoby: no gammons with the cube in "
                                                                             "the middle)"
                                                                           : "",
                 g->points, g->points == 1 ? "" : "s");
}

static void check_win(const bg_re *re, const lx_bgammon_game *end, lx_diag_list *diags)
{
    char how[200];
    if (end->state == LX_BGAMMON_PLAYING) {
        lx_diag_add(diags, LX_ERROR, "BG_RE_NOT_OVER", re->offset,
                    "RE says %s won, but after the last move the game is still being played (a resignation is "
                    "written with R: %s+%dR)",
                    bg_colour_name(re->winner), re->winner == LX_BLACK ? "B" : "W",
                    re->points > 0 ? (int)re->points : end->cube);
        return;
    }
    describe_end(end, how, sizeof how);
    if (re->winner != end->winner)
        lx_diag_add(diags, LX_ERROR, "BG_RE_WINNER", re->offset, "RE says %s won, but %s", bg_colour_name(re->winner),
                    how);
    else if (re->points >= 0 && re->points != end->points)
        lx_diag_add(diags, LX_ERROR, "BG_RE_POINTS", re->offset, "RE gives %ld point%s, but %s", re->points,
                    re->points == 1 ? "" : "s", how);
}

static void check_resignation(const bg_re *re, lx_bgammon_game *start, const lx_bgammon_game *end,
                              lx_diag_list *diags)
{
    char how[200];
    const char *what = re->kind == BG_RE_RESIGN ? "resigned" : re->kind == BG_RE_TIME ? "lost on time" : "forfeited";
    if (end->state != LX_BGAMMON_PLAYING) {
        describe_end(end, how, sizeof how);
        lx_diag_add(diags, LX_ERROR, "BG_RE_AFTER_END", re->offset, "RE says %s %s, but the game was already over: %s",
                    bg_colour_name(bg_other(re->winner)), what, how);
        return;
    }
    if (re->kind == BG_RE_RESIGN && re->points >= 0) {
        long k = re->points / end->cube;
        if (re->points % end->cube != 0 || k < 1 || k > 3) {
            lx_diag_add(diags, LX_ERROR, "BG_RE_POINTS", re->offset,
                        "RE gives a resignation %ld point%s, but on a %d cube one is worth %d, %d or %d (a single "
                        "game, a gammon or a backgammon)",
                        re->points, re->points == 1 ? "" : "s", end->cube, end->cube, 2 * end->cube, 3 * end->cube);
            return;
        }
    }
    start->end_kind = re->kind;
    start->end_winner = re->winner;
    start->end_points = re->kind == BG_RE_RESIGN && re->points < 0 ? end->cube : (int)re->points;
}

static void check_re(const lx_sgf_tree *t, lx_bgammon_game *start, const lx_bgammon_game *end, lx_diag_list *diags)
{
    bg_re re;
    bg_read_re(t, 0, &re);
    switch (re.kind) {
    case BG_RE_NONE:
    case BG_RE_VOID:
        break;
    case BG_RE_DRAW:
        lx_diag_add(diags, LX_ERROR, "BG_RE_DRAW", re.offset, "RE says the game was drawn; backgammon has no draws");
        break;
    case BG_RE_BAD:
        lx_diag_add(diags, LX_ERROR, "BG_BAD_RE", re.offset,
                    "RE is not a backgammon result: W+1, B+4 (points won), W+2R (a resignation), B+T, W+F, or ?");
        break;
    case BG_RE_WIN:
        check_win(&re, end, diags);
        break;
    default:
        check_resignation(&re, start, end, diags);
        break;
    }
}

/* The colour of the first B or W property of node n, or LX_NO_COLOUR. */
static lx_colour node_mover(const lx_sgf_tree *t, lx_sgf_node n)
{
    for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
        lx_colour c = lx_game_move_colour(lx_sgf_prop_id(t, lx_sgf_node_prop(t, n, i)));
        if (c != LX_NO_COLOUR)
            return c;
    }
    return LX_NO_COLOUR;
}

/* The DI of node n as two digits, or 0. */
static int node_dice(const lx_sgf_tree *t, lx_sgf_node n)
{
    lx_sgf_prop p = n == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_find_prop(t, n, "DI");
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    const char *s = v.raw;
    size_t len = v.len;
    lx_trim(&s, &len);
    return len == 2 ? (s[0] - '0') * 10 + (s[1] - '0') : 0;
}

/* The last node of the main line, if its move is a roll with nothing played
 * and DI just before shows the same roll: that move's property, else LX_SGF_NIL. */
static lx_sgf_prop unplayed_candidate(const lx_sgf_tree *t, lx_sgf_node *node)
{
    lx_sgf_node n = 0;
    while (lx_sgf_first_child(t, n) != LX_SGF_NIL)
        n = lx_sgf_first_child(t, n);
    lx_colour who = node_mover(t, n);
    lx_sgf_prop p = who == LX_NO_COLOUR ? LX_SGF_NIL : lx_sgf_find_prop(t, n, who == LX_BLACK ? "B" : "W");
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) != 1)
        return LX_SGF_NIL;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    const char *s = v.raw;
    size_t len = v.len;
    lx_trim(&s, &len);
    if (len != 2 || s[0] < '1' || s[0] > '6' || s[1] < '1' || s[1] > '6')
        return LX_SGF_NIL;
    int dice = (s[0] - '0') * 10 + (s[1] - '0');
    if (node_dice(t, n) != dice && node_dice(t, lx_sgf_parent(t, n)) != dice)
        return LX_SGF_NIL;
    *node = n;
    return p;
}

/* Before node n is applied to g: warn when its unplayed roll could have been played. */
static void note_unplayed(const lx_sgf_tree *t, lx_sgf_prop p, const lx_bgammon_game *g, lx_diag_list *diags)
{
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    lx_colour who = lx_sgf_prop_id(t, p)[0] == 'B' ? LX_BLACK : LX_WHITE;
    bg_action a;
    lx_game_error e;
    lx_game_error_init(&e);
    if (bg_parse_action(who, v.raw, v.len, &a, &e) == 0 &&
        lx_bgammon_check_play(&g->board, who, a.dice[0], a.dice[1], &a.play, &e) != 0)
        lx_diag_add(diags, LX_WARNING, "BG_GNUBG_UNPLAYED_ROLL", lx_sgf_prop_offset(t, p),
                    "%s[%.*s] is a roll GNU Backgammon saved before it was played (DI shows it just before); read "
                    "as GNU Backgammon reads it back, as nothing played, although %d-%d can be played",
                    who == LX_BLACK ? "B" : "W", (int)v.len, v.raw, a.dice[0], a.dice[1]);
    lx_game_error_free(&e);
}

int bg_review_main_line(const lx_sgf_tree *t, lx_bgammon_game *start, lx_diag_list *diags)
{
    lx_sgf_node last = LX_SGF_NIL;
    lx_sgf_prop unplayed = unplayed_candidate(t, &last);
    if (unplayed != LX_SGF_NIL)
        start->unplayed_raw = lx_sgf_get_value(t, unplayed, 0).raw;
    lx_bgammon_game *g = lx_bgammon_game_copy(start);
    if (!g)
        return -1;
    lx_colour first = LX_NO_COLOUR;
    int refused = 0;
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n)) {
        if (first == LX_NO_COLOUR)
            first = node_mover(t, n);
        if (n == last)
            note_unplayed(t, unplayed, g, diags);
        if (bg_apply_node(g, t, n, NULL, NULL) != 0) {
            refused = 1;
            break;
        }
    }
    start->end_moves = g->moves;
    if (first != LX_NO_COLOUR)
        start->turn = first;
    if (!refused)
        check_re(t, start, g, diags);
    lx_bgammon_game_free(g);
    return 0;
}

/* ---- the game of a tree ---------------------------------------------------------------------- */

/* GNU Backgammon writes the cube's position as CP, FF[4]'s copyright: once a tree. */
static void note_gnubg_cp(const lx_sgf_tree *t, lx_diag_list *diags)
{
    for (lx_sgf_node n = 0; n < lx_sgf_node_count(t); n++) {
        lx_sgf_prop p = lx_sgf_find_prop(t, n, "CP");
        if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
            continue;
        lx_sgf_value v = lx_sgf_get_value(t, p, 0);
        const char *s = v.raw;
        size_t len = v.len;
        lx_trim(&s, &len);
        if (len == 1 && strchr("bwcnBWCN", s[0])) {
            lx_diag_add(diags, LX_WARNING, "BG_GNUBG_CP", lx_sgf_prop_offset(t, p),
                        "CP[%c] is GNU Backgammon's cube position; the GM[6] spec writes it CO (CP is FF[4]'s "
                        "copyright)",
                        s[0]);
            return;
        }
    }
}

lx_bgammon_game *bg_game_for_tree(const lx_sgf_tree *t, lx_diag_list *diags, int review)
{
    bg_rules r;
    if (lx_sgf_node_count(t) == 0 || bg_read_rules(t, 0, &r, diags) != 0)
        return NULL;
    lx_bgammon_game *g = malloc(sizeof *g);
    if (!g)
        return NULL;
    bg_game_init(g, &r);
    bg_setup_rule *rules = NULL;
    size_t n = 0;
    if (bg_find_setup_rules(t, &rules, &n) != 0 || bg_game_set_setup_rules(g, rules, n) != 0) {
        free(rules);
        lx_bgammon_game_free(g);
        return NULL;
    }
    free(rules);
    if (review) {
        note_gnubg_cp(t, diags);
        if (bg_review_main_line(t, g, diags) != 0) {
            lx_bgammon_game_free(g);
            return NULL;
        }
    }
    return g;
}

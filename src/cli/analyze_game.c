/* analyze_game.c - one game of a record walked through an engine: before each
 * move of the main line, the engine's candidates for the player to move; the
 * move played found among them; then the move played.
 *
 * Hex (GM[11]) and Twixt (GM[21]) use the search engines; Backgammon (GM[6])
 * uses GNU Backgammon, told the match (MI, RU) first.  A Backgammon roll is
 * two decisions, as gnubg analyses it: whether to double before rolling
 * (only when the player could double), then the play of the roll; a play
 * is found among gnubg's by the position it leads to.  Set-up positions
 * (AB, AW, AE in the main line) are not analysed: the walk stops there and
 * says so, as it does at a move the engine refuses. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/analyze.h"

#define CANDIDATES 512

typedef struct walk {
    const lx_sgf_tree *t;
    lx_engine *e;
    an_game *g;
    lx_bgammon_game *bg;    /* Backgammon: ludex's own game beside the engine's, to compare positions */
    lx_engine_candidate *c;
    lx_buf text;
} walk;

static an_row *add_row(an_game *g)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 64;
        an_row *r = realloc(g->rows, cap * sizeof *r);
        if (!r)
            return NULL;
        g->rows = r;
        g->cap = cap;
    }
    an_row *r = &g->rows[g->n++];
    memset(r, 0, sizeof *r);
    r->prop = LX_SGF_NIL;
    return r;
}

/* The root's simple text value of `id` into buf ("" when absent). */
static void root_text(const lx_sgf_tree *t, const char *id, char *buf, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, id);
    buf[0] = '\0';
    if (p != LX_SGF_NIL && lx_sgf_value_count(t, p) > 0) {
        lx_sgf_value v = lx_sgf_get_value(t, p, 0);
        if (lx_sgf_decode_simpletext(v.raw, v.len, &b) == 0 && b.data)
            snprintf(buf, cap, "%s", b.data);
    }
    lx_buf_free(&b);
}

/* The engine for the tree's game, told the size, rules and match. */
static lx_engine *engine_for(walk *w, const cli_engine_opts *eo, lx_game_error *err)
{
    const lx_sgf_tree *t = w->t;
    cli_engine_opts o = *eo;
    char ru[128];
    root_text(t, "RU", ru, sizeof ru);
    int gm = lx_sgf_tree_gm(t);
    if (gm == 6) {
        w->g->kind = "backgammon";
        o.rules = ru;
        lx_diag_list *d = lx_diag_list_new();
        w->bg = d ? lx_bgammon_position_after(t, 0, d) : NULL;
        lx_diag_list_free(d);
        if (!w->bg) {
            lx_game_fail(err, "BAD_MOVE", "the record's first node makes no backgammon game");
            return NULL;
        }
        lx_engine *e = cli_engine_start(&o, "backgammon", err);
        lx_bgammon_match_info m;
        lx_bgammon_game_info(w->bg, &m);
        if (e && lx_engine_set_match(e, m.length, m.score[LX_BLACK], m.score[LX_WHITE], m.crawford, err) != 0) {
            lx_engine_free(e);
            return NULL;
        }
        return e;
    }
    if (gm != 11 && gm != 21) {
        lx_game_fail(err, "ENGINE_UNAVAILABLE", "no engine plays GM[%d] (Hex, Twixt and Backgammon only)", gm);
        return NULL;
    }
    int cols = gm == 11 ? 11 : 24, rows = cols;
    if (lx_sgf_read_size(t, 0, 1, 100000, &cols, &rows, NULL) < 0) {
        lx_game_fail(err, "BAD_SIZE", "SZ is not a board size");
        return NULL;
    }
    o.cols = cols;
    o.rows = rows;
    o.rules = gm == 11 ? NULL : !strcasecmp(ru, "pp") || !strcasecmp(ru, "pp1") ? "pp" : "std";
    w->g->kind = gm == 11 ? "hex" : "twixt";
    return cli_engine_start(&o, w->g->kind, err);
}

static void stop(walk *w, const char *why, const lx_game_error *err)
{
    snprintf(w->g->stopped, sizeof w->g->stopped, "%s%s%s", why, err && err->message.data ? ": " : "",
             err && err->message.data ? err->message.data : "");
}

/* Whether the Backgammon move `a` and `b` (SGF values) lead to the same game now. */
static int same_backgammon_move(const walk *w, lx_colour who, const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return 1;
    if (a[0] < '1' || a[0] > '6' || b[0] < '1' || b[0] > '6')
        return 0;
    lx_bgammon_game *x = lx_bgammon_game_copy(w->bg), *y = lx_bgammon_game_copy(w->bg);
    lx_game_error err;
    lx_game_error_init(&err);
    int same = 0;
    if (x && y && lx_bgammon_game_act(x, who, a, strlen(a), &err) == 0 &&
        lx_bgammon_game_act(y, who, b, strlen(b), &err) == 0) {
        char pa[15], pb[15], ma[13], mb[13];
        lx_bgammon_game_ids(x, pa, ma);
        lx_bgammon_game_ids(y, pb, mb);
        same = !strcmp(pa, pb) && !strcmp(ma, mb);
    }
    lx_game_error_free(&err);
    lx_bgammon_game_free(x);
    lx_bgammon_game_free(y);
    return same;
}

/* One decision: the engine's candidates now, and where the played move stands among them. */
static int judge(walk *w, lx_colour who, const char *played, lx_sgf_prop prop, size_t number, int cube,
                 lx_game_error *err)
{
    size_t n = 0;
    if (lx_engine_analyse(w->e, who, w->c, CANDIDATES, &n, err) != 0)
        return -1;
    if (n == 0)
        return 0;
    an_row *r = add_row(w->g);
    if (!r)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    r->number = number;
    r->prop = prop;
    r->who = who;
    r->cube = cube;
    r->forced = n == 1;
    snprintf(r->played, sizeof r->played, "%s", played);
    snprintf(r->best, sizeof r->best, "%s", w->c[0].move);
    r->best_value = w->c[0].value;
    for (size_t i = 0; i < n && !r->known; i++)
        if (w->bg ? same_backgammon_move(w, who, w->c[i].move, played) : !strcasecmp(w->c[i].move, played)) {
            r->known = 1;
            r->played_value = w->c[i].value;
            if (i == 0)
                snprintf(r->best, sizeof r->best, "%s", played);
        }
    return 0;
}

/* Backgammon: the decisions of one action. */
static int judge_backgammon(walk *w, lx_colour who, const char *played, lx_sgf_prop prop, size_t number,
                            lx_game_error *err)
{
    if (played[0] < '1' || played[0] > '6')
        return judge(w, who, played, prop, number, 1, err);
    /* before the roll: could the player double? */
    if (lx_bgammon_game_allows(w->bg, who, "double")) {
        lx_game_error cube_err;
        lx_game_error_init(&cube_err);
        int rc = judge(w, who, "roll", LX_SGF_NIL, number, 1, &cube_err);
        int no_decision = rc != 0 && cube_err.code && !strcmp(cube_err.code, "BG_NO_DICE");
        if (rc != 0 && !no_decision) {
            lx_game_fail(err, cube_err.code, "%s", cube_err.message.data ? cube_err.message.data : "");
            lx_game_error_free(&cube_err);
            return -1;
        }
        lx_game_error_free(&cube_err);
    }
    if (played[1] < '1' || played[1] > '6' || lx_engine_set_dice(w->e, played[0] - '0', played[1] - '0') != 0)
        return lx_game_fail(err, "BAD_MOVE", "'%s' is not a roll", played);
    return judge(w, who, played, prop, number, 0, err);
}

static int walk_line(walk *w, lx_game_error *err)
{
    size_t number = 0;
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(w->t, n)) {
        if (n != 0 && (lx_sgf_find_prop(w->t, n, "AB") != LX_SGF_NIL || lx_sgf_find_prop(w->t, n, "AW") != LX_SGF_NIL ||
                       lx_sgf_find_prop(w->t, n, "AE") != LX_SGF_NIL))
            return stop(w, "a set-up position (AB, AW, AE) is not analysed", NULL), 0;
        for (size_t i = 0; i < lx_sgf_prop_count(w->t, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop(w->t, n, i);
            const char *id = lx_sgf_prop_id(w->t, p);
            if ((strcmp(id, "B") != 0 && strcmp(id, "W") != 0) || lx_sgf_value_count(w->t, p) == 0)
                continue;
            lx_colour who = id[0] == 'B' ? LX_BLACK : LX_WHITE;
            lx_sgf_value v = lx_sgf_get_value(w->t, p, 0);
            lx_buf_clear(&w->text);
            if (lx_sgf_decode_simpletext(v.raw, v.len, &w->text) != 0)
                return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
            const char *played = w->text.data ? w->text.data : "";
            number++;
            lx_game_result res;
            lx_engine_result(w->e, &res);
            if (res.over)
                return stop(w, "moves after the end of the game", NULL), 0;
            lx_game_error jerr;
            lx_game_error_init(&jerr);
            int rc = w->bg ? judge_backgammon(w, who, played, p, number, &jerr) : judge(w, who, played, p, number, 0, &jerr);
            if (rc != 0) {
                int fatal = jerr.code && !strcmp(jerr.code, "OUT_OF_MEMORY");
                char why[64];
                snprintf(why, sizeof why, "move %zu (%s[%.20s]) not analysed", number, id, played);
                stop(w, why, &jerr);
                lx_game_error_free(&jerr);
                return fatal ? lx_game_fail(err, "OUT_OF_MEMORY", "out of memory") : 0;
            }
            if (lx_engine_play(w->e, who, played, &jerr) != 0 ||
                (w->bg && lx_bgammon_game_act(w->bg, who, played, strlen(played), &jerr) != 0)) {
                char why[64];
                snprintf(why, sizeof why, "move %zu (%s[%.20s]) refused", number, id, played);
                stop(w, why, &jerr);
                lx_game_error_free(&jerr);
                return 0;
            }
            lx_game_error_free(&jerr);
        }
    }
    return 0;
}

int an_game_run(const lx_sgf_tree *t, const cli_engine_opts *eo, an_game *g, lx_game_error *err)
{
    memset(g, 0, sizeof *g);
    walk w = {t, NULL, g, NULL, NULL, LX_BUF_INIT};
    if (lx_sgf_node_count(t) == 0)
        return lx_game_fail(err, "BAD_MOVE", "an empty game tree");
    w.c = calloc(CANDIDATES, sizeof *w.c);
    w.e = w.c ? engine_for(&w, eo, err) : NULL;
    int rc = w.e ? walk_line(&w, err) : -1;
    if (!w.c)
        lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    lx_engine_free(w.e);
    lx_bgammon_game_free(w.bg);
    lx_buf_free(&w.text);
    free(w.c);
    return rc;
}

void an_game_free(an_game *g)
{
    free(g->rows);
    memset(g, 0, sizeof *g);
}

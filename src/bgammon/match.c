/* match.c - the game trees of one file as one match.
 *
 * A backgammon match is written one game per tree (GNU Backgammon saves a
 * match that way), and MI tells each game's number and the score before it.
 * The trees are replayed independently (lx_check_document), so what links
 * them is checked here, tree by tree as the reader hands them over: the same
 * match length throughout; game numbers one apart (from 0, GNU Backgammon's
 * way, or from 1, the spec's); the scores of each game equal to those before
 * the previous game plus what it was worth (from the moves, or from RE when
 * it was resigned); no game after one player has won the match, nor after a
 * game left unfinished; and, under the Crawford rule, RU marks exactly the
 * first game after a player reaches match point as the Crawford game.
 * Money sessions (MI length 0) carry their scores the same way.  A tree
 * without MI is not part of a match and is passed over.
 *
 * Each tree is replayed quietly: its own problems are reported by the check
 * of the tree, not again here. */
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"

struct lx_bgammon_match {
    size_t games;        /* trees with MI seen */
    int length;
    long last_number;    /* MI game of the tree before, -1 when not said */
    int score[2];        /* the score after the games so far */
    int score_known;     /* the games so far all had a known value */
    int unfinished;      /* the tree before had no result */
    int crawford_next;   /* the next game is the Crawford game */
    int crawford_done;   /* the Crawford game has been played */
};

typedef struct tree_end {
    int known;           /* the game has a result with points */
    int finished;        /* the game ended (with or without points) */
    lx_colour winner;
    int points;
} tree_end;

lx_bgammon_match *lx_bgammon_match_new(void)
{
    return calloc(1, sizeof(lx_bgammon_match));
}

void lx_bgammon_match_free(lx_bgammon_match *m)
{
    free(m);
}

/* How the tree's main line ends, replayed quietly. */
static int replay_end(const lx_sgf_tree *t, tree_end *e)
{
    memset(e, 0, sizeof *e);
    e->winner = LX_NO_COLOUR;
    lx_diag_list *quiet = lx_diag_list_new();
    if (!quiet)
        return -1;
    lx_bgammon_game *g = lx_bgammon_position_after(t, (size_t)-1, quiet);
    lx_diag_list_free(quiet);
    if (!g)
        return lx_sgf_node_count(t) ? -1 : 0;
    if (g->state == LX_BGAMMON_OVER || g->state == LX_BGAMMON_DROPPED) {
        e->known = e->finished = 1;
        e->winner = g->winner;
        e->points = g->points;
    } else if (g->end_kind != BG_RE_NONE && g->moves == g->end_moves) {
        e->finished = 1;
        e->winner = g->end_winner;
        e->known = g->end_points > 0;
        e->points = g->end_points;
    }
    lx_bgammon_game_free(g);
    return 0;
}

static size_t mi_offset(const lx_sgf_tree *t)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "MI");
    return p != LX_SGF_NIL ? lx_sgf_prop_offset(t, p) : lx_sgf_tree_offset(t);
}

static void check_sequence(lx_bgammon_match *m, const lx_sgf_tree *t, const bg_rules *r, lx_diag_list *diags)
{
    size_t at = mi_offset(t);
    if (r->length != m->length)
        lx_diag_add(diags, LX_ERROR, "BG_MATCH_LENGTH", at,
                    "MI gives this game a match length of %d, but the match began as %d", r->length, m->length);
    if (m->last_number >= 0 && r->game_number >= 0 && r->game_number != m->last_number + 1)
        lx_diag_add(diags, LX_WARNING, "BG_MATCH_GAME_NUMBER", at, "MI numbers this game %ld; after game %ld comes %ld",
                    r->game_number, m->last_number, m->last_number + 1);
    if (m->unfinished)
        lx_diag_add(diags, LX_ERROR, "BG_MATCH_UNFINISHED", at,
                    "the game before this one has no result, so no game can follow it in the match");
    if (!m->score_known)
        return;
    if (m->length > 0 && (m->score[LX_WHITE] >= m->length || m->score[LX_BLACK] >= m->length))
        lx_diag_add(diags, LX_ERROR, "BG_MATCH_OVER", at, "%s had already won the %d-point match (%d-%d) before this game",
                    bg_colour_name(m->score[LX_WHITE] >= m->length ? LX_WHITE : LX_BLACK), m->length,
                    m->score[LX_WHITE], m->score[LX_BLACK]);
    else if (r->score[LX_WHITE] != m->score[LX_WHITE] || r->score[LX_BLACK] != m->score[LX_BLACK])
        lx_diag_add(diags, LX_ERROR, "BG_MATCH_SCORE", at,
                    "MI gives the score before this game as White %d, Black %d, but the games before it end at White "
                    "%d, Black %d",
                    r->score[LX_WHITE], r->score[LX_BLACK], m->score[LX_WHITE], m->score[LX_BLACK]);
}

/* Whether this game should be the Crawford game, and the check that RU says so. */
static void check_crawford(lx_bgammon_match *m, const lx_sgf_tree *t, const bg_rules *r, lx_diag_list *diags)
{
    if (!r->crawford_rule || r->length <= 0)
        return;
    int away_w = r->length - r->score[LX_WHITE], away_b = r->length - r->score[LX_BLACK];
    int at_point = (away_w == 1) != (away_b == 1);
    int due = m->games == 0 ? r->crawford_game : at_point && (m->crawford_next || !m->crawford_done);
    if (m->games > 0 && due != (int)r->crawford_game) {
        lx_sgf_prop p = lx_sgf_find_prop(t, 0, "RU");
        lx_diag_add(diags, LX_ERROR, "BG_CRAWFORD_GAME", p != LX_SGF_NIL ? lx_sgf_prop_offset(t, p) : mi_offset(t),
                    due ? "this is the Crawford game (the first after %s reached match point), but RU does not say "
                          "Crawford:CrawfordGame"
                        : "RU marks this as the Crawford game, but %s was not just reaching match point: the Crawford "
                          "game is the first game after that",
                    away_w == 1 ? "White" : "Black");
    }
    if (due || r->crawford_game || (at_point && m->games == 0))
        m->crawford_done = 1;
}

static void carry(lx_bgammon_match *m, const bg_rules *r, const tree_end *e)
{
    if (m->games == 0 || !m->score_known) {
        m->score[LX_WHITE] = r->score[LX_WHITE];
        m->score[LX_BLACK] = r->score[LX_BLACK];
        m->score_known = 1;
    }
    m->unfinished = !e->finished;
    if (!e->known) {
        m->score_known = 0;
        return;
    }
    int before = m->length > 0 && (m->length - m->score[LX_WHITE] == 1 || m->length - m->score[LX_BLACK] == 1);
    m->score[e->winner] += e->points;
    int after = m->length > 0 && (m->length - m->score[LX_WHITE] == 1 || m->length - m->score[LX_BLACK] == 1);
    m->crawford_next = !before && after;
}

int lx_bgammon_match_add(lx_bgammon_match *m, const lx_sgf_tree *t, lx_diag_list *diags)
{
    if (lx_sgf_tree_gm(t) != 6 || lx_sgf_node_count(t) == 0 || lx_sgf_find_prop(t, 0, "MI") == LX_SGF_NIL)
        return 0;
    lx_diag_list *quiet = lx_diag_list_new();
    if (!quiet)
        return -1;
    bg_rules r;
    int rc = bg_read_rules(t, 0, &r, quiet);
    lx_diag_list_free(quiet);
    tree_end e;
    if (rc != 0 || replay_end(t, &e) != 0)
        return -1;
    if (m->games == 0)
        m->length = r.length;
    else
        check_sequence(m, t, &r, diags);
    check_crawford(m, t, &r, diags);
    carry(m, &r, &e);
    m->last_number = r.game_number;
    m->games++;
    return 0;
}

void lx_bgammon_match_end(lx_bgammon_match *m, lx_diag_list *diags)
{
    (void)m;
    (void)diags; /* an unfinished last game is an unfinished match: nothing wrong */
}

int lx_bgammon_check_match(const char *bytes, size_t len, const lx_sgf_read_options *opt, lx_diag_list *diags)
{
    lx_diag_list *quiet = lx_diag_list_new();
    lx_sgf_doc *doc = quiet ? lx_sgf_doc_new(bytes, len, 1, opt, quiet) : NULL;
    lx_sgf_reader *r = doc ? lx_sgf_reader_new(doc, quiet) : NULL;
    lx_bgammon_match *m = lx_bgammon_match_new();
    lx_sgf_tree *t = NULL;
    int rc = r && m ? 0 : -1, got;
    while (rc == 0 && (got = lx_sgf_reader_next(r, &t)) != 0)
        rc = got < 0 ? -1 : lx_bgammon_match_add(m, t, diags);
    if (rc == 0) {
        lx_bgammon_match_end(m, diags);
        size_t tl;
        const char *text = lx_sgf_doc_text(doc, &tl);
        lx_diag_list_resolve(diags, text, tl);
    }
    lx_sgf_tree_free(t);
    lx_bgammon_match_free(m);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(quiet);
    return rc;
}

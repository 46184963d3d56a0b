/* replay.c - the replay driver: play a tree's moves under a game module.
 *
 * The main line is walked in place; with all_variations every other line is
 * walked too, depth first in document order, from a copy of the position
 * saved where the lines branch (one copy per branch point, however many
 * siblings it has).  The walk keeps its own stack on the
 * heap, so a million nested variations cost memory, not C stack.  At each
 * node the setup properties (AB AW AE PL and the module's own setup
 * properties) are applied first, then the move properties (B, W) in the order
 * written.  The first refused move ends its line: the refusal becomes a
 * diagnostic at the property, with the module's code and sentence.
 *
 * What it does not do: judge turn order, results or RE itself - those are
 * rules, and rules belong to the module. */
#include <stdlib.h>
#include <string.h>

#include "ludex/game.h"
#include "sgf/tree_inline.h"

typedef struct pending {
    lx_sgf_node next; /* the next sibling line still to walk from this branch */
    void *pos;        /* the position at the branch, before any of its lines */
    size_t moves;
} pending;

typedef struct walk {
    const lx_sgf_tree *t;
    size_t game;
    const lx_game_module *m;
    const lx_replay_hooks *hooks;
    lx_diag_list *diags;
    lx_move_ids ids; /* B and W in this tree */
    lx_game_error err;
    pending *stack;
    size_t depth, cap;
    int stopped;   /* a hook asked to stop */
    int limited;   /* the main line stops after max_moves moves */
    size_t max_moves;
} walk;

/* Play one B or W property; 0 played, -1 refused, 1 stopped by a hook. */
static int play(walk *w, void *pos, lx_sgf_node n, lx_sgf_prop p, lx_colour who, size_t *moves)
{
    if (w->err.code || w->err.message.data)
        lx_game_error_free(&w->err);
    int refused;
    if (w->m->play_value && lx_sgf_value_count_i(w->t, p) == 1) { /* one value: lx_game_play_prop's work, inline */
        size_t len;
        const char *raw = lx_sgf_value_i(w->t, p, 0, &len);
        refused = w->m->play_value(pos, who, raw, len, &w->err) != 0;
    } else {
        refused = lx_game_play_prop(w->m, pos, w->t, p, who, &w->err) != 0;
    }
    if (refused) {
        if (w->hooks && w->hooks->on_refusal) {
            lx_replay_event ev = {w->game, *moves + 1, who, w->t, n, p, w->m, pos};
            w->hooks->on_refusal(w->hooks->ctx, &ev, &w->err);
        }
        return lx_game_report_refusal(w->diags, w->t, p, &w->err, "ILLEGAL_MOVE");
    }
    ++*moves;
    if (w->hooks && w->hooks->on_move) {
        lx_replay_event ev = {w->game, *moves, who, w->t, n, p, w->m, pos};
        if (w->hooks->on_move(w->hooks->ctx, &ev) != 0)
            return 1;
    }
    return 0;
}

/* Apply node n to pos: setup, then moves.  0 to go on, non-zero to end the line. */
static inline lx_colour colour_of(const walk *w, lx_sgf_prop p)
{
    uint32_t name = lx_sgf_prop_name_i(w->t, p);
    return name == w->ids.b ? LX_BLACK : name == w->ids.w ? LX_WHITE : LX_NO_COLOUR;
}

static int visit(walk *w, void *pos, lx_sgf_node n, size_t *moves)
{
    uint32_t np = lx_sgf_prop_count_i(w->t, n);
    int only_a_move = np == 1 && colour_of(w, lx_sgf_node_prop_i(w->t, n, 0)) != LX_NO_COLOUR;
    if (!only_a_move && lx_game_apply_setup_props(w->m, pos, w->t, n, w->ids, w->diags) != 0)
        return -1; /* (most nodes are one move: no setup to look for) */
    for (uint32_t i = 0; i < np; i++) {
        lx_sgf_prop p = lx_sgf_node_prop_i(w->t, n, i);
        lx_colour who = colour_of(w, p);
        if (who == LX_NO_COLOUR)
            continue;
        int rc = play(w, pos, n, p, who, moves);
        if (rc > 0)
            w->stopped = 1;
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Remember the branch at n (its other children) with a copy of pos. */
static int queue_siblings(walk *w, lx_sgf_node n, const void *pos, size_t moves)
{
    lx_sgf_node first = lx_sgf_first_child(w->t, n);
    if (first == LX_SGF_NIL || lx_sgf_next_sibling(w->t, first) == LX_SGF_NIL)
        return 0;
    if (w->depth == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        pending *s = realloc(w->stack, cap * sizeof *s);
        if (!s)
            return -1;
        w->stack = s;
        w->cap = cap;
    }
    void *copy = w->m->position_copy(pos);
    if (!copy)
        return -1;
    w->stack[w->depth++] = (pending){lx_sgf_next_sibling(w->t, first), copy, moves};
    return 0;
}

static int node_has_move(const walk *w, lx_sgf_node n)
{
    for (uint32_t i = 0; i < lx_sgf_prop_count_i(w->t, n); i++)
        if (colour_of(w, lx_sgf_node_prop_i(w->t, n, i)) != LX_NO_COLOUR)
            return 1;
    return 0;
}

/* Walk one line from `n` down its first children; returns -1 on out of memory. */
static int walk_line(walk *w, void *pos, lx_sgf_node n, size_t moves, int all, int main_line)
{
    int complete = 0, limited = 0; /* the whole line was applied; a move limit ended it */
    for (;;) {
        if (main_line && w->limited && moves >= w->max_moves && node_has_move(w, n)) {
            limited = 1;
            break;
        }
        int refused = visit(w, pos, n, &moves) != 0;
        if (w->stopped)
            break;
        if (!refused && all && queue_siblings(w, n, pos, moves) != 0)
            return -1;
        lx_sgf_node next = refused ? LX_SGF_NIL : lx_sgf_first_child_i(w->t, n);
        if (next == LX_SGF_NIL) {
            complete = !refused;
            break;
        }
        n = next;
    }
    if (main_line && !limited && !w->stopped && w->m->line_end)
        w->m->line_end(pos, w->t, n, complete, w->diags);
    if (main_line && w->hooks && w->hooks->on_end) {
        lx_game_result res = {0, LX_NO_COLOUR, ""};
        if (w->m->result)
            w->m->result(pos, &res);
        w->hooks->on_end(w->hooks->ctx, w->game, pos, &res);
    }
    return 0;
}

int lx_replay_tree(const lx_sgf_tree *t, size_t game_index, const lx_game_module *m,
                   const lx_replay_options *opt, const lx_replay_hooks *hooks, lx_diag_list *diags)
{
    if (m->move_size > LX_MOVE_MAX_SIZE)
        return -1;
    walk w = {0};
    w.t = t;
    w.game = game_index;
    w.m = m;
    w.hooks = hooks;
    w.diags = diags;
    w.ids = lx_game_move_ids(t);
    w.limited = opt && opt->limit_moves;
    w.max_moves = opt ? opt->max_moves : 0;
    lx_game_error_init(&w.err);
    void *pos = m->position_new(t, 0, diags);
    if (!pos) {
        if (hooks && hooks->on_end)
            hooks->on_end(hooks->ctx, game_index, NULL, &(lx_game_result){0, LX_NO_COLOUR, ""});
        return 0;
    }
    int all = opt && opt->all_variations, rc = walk_line(&w, pos, 0, 0, all, 1);
    m->position_free(pos);
    while (w.depth > 0) {
        /* the innermost branch first: that is document order */
        pending *p = &w.stack[w.depth - 1];
        lx_sgf_node node = p->next, after = lx_sgf_next_sibling(t, node);
        size_t moves = p->moves;
        void *line = after == LX_SGF_NIL ? p->pos : m->position_copy(p->pos);
        if (after == LX_SGF_NIL)
            w.depth--;
        else
            p->next = after;
        if (!line)
            rc = -1;
        else if (rc == 0 && !w.stopped)
            rc = walk_line(&w, line, node, moves, all, 0);
        if (line)
            m->position_free(line);
        if (rc != 0 || w.stopped)
            break;
    }
    while (w.depth > 0)
        m->position_free(w.stack[--w.depth].pos);
    free(w.stack);
    lx_game_error_free(&w.err);
    return rc;
}

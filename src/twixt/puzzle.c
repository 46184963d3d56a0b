/* puzzle.c - does a Twixt puzzle's solution reach its goal?
 *
 * A puzzle (PZ) states a goal - PZ[] the player to move at IP wins, PZ[W+]
 * or PZ[B+] that colour wins, PZ[0] or PZ[draw] the player to move forces a
 * draw - and its solution is the tree below the IP node.  Every line of that
 * tree is replayed to its last node and judged where the outcome is forced:
 *   - the goal holds (the goal's colour has joined its border rows, or for a
 *     draw neither colour can any longer connect, decided exactly by reach.c):
 *     fine;
 *   - the line ends in the opposite outcome (the other colour has won, the
 *     goal's colour can no longer connect, or for a draw somebody has won):
 *     TWIXT_PUZZLE_GOAL_FAILS, an error at the line's last move;
 *   - the line stops before anything is decided: TWIXT_PUZZLE_GOAL_OPEN, a
 *     warning (solutions often leave the obvious end out).
 * Lines whose moves are refused are left to the replay driver to report.
 * The walk keeps its own stack of (node, position) pairs (puzzles are small:
 * each child gets its own copy). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "twixt/twixt_impl.h"

typedef enum goal_kind { GOAL_WIN, GOAL_DRAW, GOAL_UNKNOWN } goal_kind;

typedef struct goal {
    goal_kind kind;
    lx_colour who; /* GOAL_WIN: the colour to win */
} goal;

static goal read_goal(const lx_sgf_tree *t, const lx_twixt_board *at_ip, lx_diag_list *diags)
{
    char v[48];
    size_t at = LX_NO_OFFSET;
    tw_root_word(t, "PZ", v, sizeof v, &at);
    if (v[0] == '\0')
        return (goal){GOAL_WIN, lx_twixt_to_play(at_ip)};
    if (!strcmp(v, "0") || !strcasecmp(v, "draw"))
        return (goal){GOAL_DRAW, LX_NO_COLOUR};
    if ((v[0] == 'W' || v[0] == 'w' || v[0] == 'B' || v[0] == 'b') && v[1] == '+')
        return (goal){GOAL_WIN, v[0] == 'W' || v[0] == 'w' ? LX_WHITE : LX_BLACK};
    lx_diag_add(diags, LX_WARNING, "TWIXT_BAD_PUZZLE_GOAL", at,
                "PZ[%s] is not a puzzle goal: write PZ[] (the player to move wins), PZ[W+], PZ[B+] or PZ[0] (a "
                "draw); the solution was not checked", v);
    return (goal){GOAL_UNKNOWN, LX_NO_COLOUR};
}

/* Where to point at a line's end: its last move property, else the node. */
static size_t line_end_offset(const lx_sgf_tree *t, lx_sgf_node n)
{
    for (lx_sgf_node x = n; x != LX_SGF_NIL; x = lx_sgf_parent(t, x)) {
        lx_sgf_prop p = lx_sgf_find_prop(t, x, "W");
        if (p == LX_SGF_NIL)
            p = lx_sgf_find_prop(t, x, "B");
        if (p != LX_SGF_NIL)
            return lx_sgf_prop_offset(t, p);
    }
    return lx_sgf_node_offset(t, n);
}

static void judge(const lx_sgf_tree *t, lx_sgf_node leaf, const lx_twixt_board *b, goal g, lx_diag_list *diags)
{
    size_t at = line_end_offset(t, leaf);
    lx_colour w = lx_twixt_winner(b);
    if (g.kind == GOAL_DRAW) {
        if (w != LX_NO_COLOUR)
            lx_diag_add(diags, LX_ERROR, "TWIXT_PUZZLE_GOAL_FAILS", at,
                        "this line of the solution ends with %s winning; the puzzle's goal is a draw", tw_colour_name(w));
        else if (!lx_twixt_is_dead_draw(b))
            lx_diag_add(diags, LX_WARNING, "TWIXT_PUZZLE_GOAL_OPEN", at,
                        "this line of the solution ends before the draw is forced (a colour can still connect)");
        return;
    }
    if (w == g.who)
        return;
    if (w != LX_NO_COLOUR)
        lx_diag_add(diags, LX_ERROR, "TWIXT_PUZZLE_GOAL_FAILS", at,
                    "this line of the solution ends with %s winning; the puzzle's goal is a %s win", tw_colour_name(w),
                    tw_colour_name(g.who));
    else if (lx_twixt_can_connect(b, g.who) == 0)
        lx_diag_add(diags, LX_ERROR, "TWIXT_PUZZLE_GOAL_FAILS", at,
                    "this line of the solution ends with %s unable to connect; the puzzle's goal is a %s win",
                    tw_colour_name(g.who), tw_colour_name(g.who));
    else
        lx_diag_add(diags, LX_WARNING, "TWIXT_PUZZLE_GOAL_OPEN", at,
                    "this line of the solution ends before %s has won", tw_colour_name(g.who));
}

typedef struct item {
    lx_sgf_node node;
    lx_twixt_board *b;
} item;

/* Push the children of n, each with its own copy of b; 0, or -1 out of memory. */
static int push_children(const lx_sgf_tree *t, lx_sgf_node n, const lx_twixt_board *b, item **stack, size_t *depth,
                         size_t *cap)
{
    size_t base = *depth;
    for (lx_sgf_node c = lx_sgf_first_child(t, n); c != LX_SGF_NIL; c = lx_sgf_next_sibling(t, c)) {
        if (*depth == *cap) {
            size_t nc = *cap ? *cap * 2 : 16;
            item *s = realloc(*stack, nc * sizeof *s);
            if (!s)
                return -1;
            *stack = s;
            *cap = nc;
        }
        lx_twixt_board *cb = lx_twixt_board_copy(b);
        if (!cb)
            return -1;
        (*stack)[(*depth)++] = (item){c, cb};
    }
    for (size_t i = base, j = *depth ? *depth - 1 : 0; i < j; i++, j--) { /* first child on top */
        item tmp = (*stack)[i];
        (*stack)[i] = (*stack)[j];
        (*stack)[j] = tmp;
    }
    return 0;
}

int tw_check_puzzle(const lx_sgf_tree *t, lx_sgf_node ip, const lx_twixt_board *start, lx_diag_list *diags)
{
    size_t depth = 0, cap = 0, count = 0;
    for (lx_sgf_node x = ip; x != LX_SGF_NIL; x = lx_sgf_parent(t, x))
        count++;
    lx_sgf_node *path = malloc(count * sizeof *path);
    lx_twixt_board *b = path ? lx_twixt_board_copy(start) : NULL;
    if (!b) {
        free(path);
        return -1;
    }
    for (lx_sgf_node x = ip, i = (lx_sgf_node)count; x != LX_SGF_NIL; x = lx_sgf_parent(t, x))
        path[--i] = x;
    int ok = 1;
    for (size_t i = 0; ok && i < count; i++)
        ok = tw_apply_node(b, t, path[i], NULL, NULL) == 0;
    free(path);
    if (!ok || lx_sgf_first_child(t, ip) == LX_SGF_NIL) {
        lx_twixt_board_free(b);
        return 0; /* a refused setup is the driver's to report; no solution: nothing to check */
    }
    goal g = read_goal(t, b, diags);
    item *stack = NULL;
    int rc = g.kind == GOAL_UNKNOWN ? 0 : push_children(t, ip, b, &stack, &depth, &cap);
    lx_twixt_board_free(b);
    while (depth > 0) {
        item it = stack[--depth];
        if (rc == 0 && tw_apply_node(it.b, t, it.node, NULL, NULL) == 0) {
            if (lx_sgf_first_child(t, it.node) == LX_SGF_NIL)
                judge(t, it.node, it.b, g, diags);
            else
                rc = push_children(t, it.node, it.b, &stack, &depth, &cap);
        }
        lx_twixt_board_free(it.b);
    }
    free(stack);
    return rc;
}

/* reach.c - can a colour still join its border rows?  The exact draw decision.
 *
 * The question, for colour c, with the other colour's pegs and links as they
 * stand: is there a chain - pegs on c's pegs or on holes c may still fill
 * (not the other colour's border rows, not corners, not the other colour's
 * pegs), links between pegs a knight's move apart - from one of c's border
 * rows to the other, such that
 *   - no link of the chain crosses a link of the other colour, and
 *   - under STD no two links of the chain cross each other?
 * c's own links never count against it: under STD c may remove them on any
 * turn, under PP c's links may cross them.  The other colour's links and pegs
 * never go away unless their owner wants them to, so they are obstacles; the
 * other colour's future pegs are not (the question is whether c *can* still
 * connect, not whether it will).  When neither colour can, the game is a dead
 * draw (the server help's Example A) that either player may claim.
 *
 * How.  G is the graph of those pegs and holes, an edge where a link would
 * cross no link of the other colour.
 *   1. Depth-first search in G from the first border row, knight's moves
 *      towards the goal first, every hole visited once: in an open position
 *      it runs nearly straight across the board.  No path: c cannot connect
 *      (every chain is a path in G).  Under PP a path is a chain (own links
 *      may cross): c can.
 *   2. Under STD, take the path found (the search's stack, a simple path);
 *      if no two of its links cross, c can.  Else try a shortest path
 *      (breadth first), which winds less: if no two of its links cross, c can.
 *   3. Otherwise (rare: it takes a pocket where the ways through cross each
 *      other) branch on the conflict: a chain cannot hold both links of a
 *      crossing pair, so it lies in G without the first or in G without the
 *      second.  Search both (depth first, an explicit stack of the links
 *      taken out), each time with a shortest path in what is left: no path
 *      ends a branch, a path without crossings is a chain, a path with one
 *      gives the next pair to branch on.  This is exact - every chain avoids
 *      the links taken out along at least one branch - and a branch only
 *      ever grows, so it ends; `budget` bounds the number of path searches,
 *      and when it runs out the answer is -1, "undecided", and no draw is
 *      claimed.
 *
 * What this does not do: look at whose turn it is, or at swaps. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"

typedef struct frame {
    int32_t cell, link; /* link: the one that entered the cell, or -1 */
    uint8_t next;       /* step 1: the next knight's move to try */
} frame;

typedef struct reach {
    const lx_twixt_board *b;
    lx_colour c, opp;
    uint8_t *node;     /* per cell: 1 a chain of c may use it, 2 visited by step 1 */
    uint8_t *mark;     /* per link index: on the path */
    uint8_t *cut;      /* per link index: taken out of G by step 3 */
    int32_t *parent;   /* each cell's parent in a breadth-first search */
    int32_t *queue;
    frame *stack;
    void *block;
    uint8_t towards[8]; /* knight's moves, most goal-ward first */
} reach;

static int at_start(const reach *r, int32_t p)
{
    return r->c == LX_WHITE ? tw_row(&r->b->g, p) == 0 : tw_col(&r->b->g, p) == 0;
}

static int at_goal(const reach *r, int32_t p)
{
    return r->c == LX_WHITE ? tw_row(&r->b->g, p) == r->b->g.rows - 1 : tw_col(&r->b->g, p) == r->b->g.cols - 1;
}

/* The knight's moves ordered by how far they go towards the goal. */
static void goal_order(reach *r)
{
    int n = 0;
    for (int gain = 2; gain >= -2; gain--)
        for (int k = 0; k < 8; k++)
            if ((r->c == LX_WHITE ? tw_knight_step[k][1] : tw_knight_step[k][0]) == gain)
                r->towards[n++] = (uint8_t)k;
}

static int reach_init(reach *r, const lx_twixt_board *b, lx_colour c)
{
    size_t n = (size_t)b->g.ncells;
    memset(r, 0, sizeof *r);
    r->b = b;
    r->c = c;
    r->opp = tw_other(c);
    r->block = malloc(n * (1 + 4 + 4 + 2 * sizeof(int32_t) + sizeof(frame)));
    if (!r->block)
        return -1;
    r->stack = r->block;
    r->parent = (int32_t *)(void *)(r->stack + n);
    r->queue = r->parent + n;
    r->node = (uint8_t *)(r->queue + n);
    r->mark = r->node + n;
    r->cut = r->mark + 4 * n;
    memset(r->node, 0, n);
    memset(r->mark, 0, 4 * n);
    memset(r->cut, 0, 4 * n);
    uint8_t opp = tw_code(r->opp);
    for (int row = 0; row < b->g.rows; row++)
        for (int col = 0; col < b->g.cols; col++) {
            int32_t p = tw_cell(&b->g, col, row);
            r->node[p] = tw_hole_allowed(&b->g, c, col, row) && b->peg[p] != opp;
        }
    goal_order(r);
    return 0;
}

/* The link from p by knight's move k, when G has that edge; else -1. */
static int32_t edge(const reach *r, int32_t p, int k)
{
    int32_t q = p + r->b->g.knight[k];
    if (!r->node[q])
        return -1;
    int32_t l = 4 * p + r->b->g.klink[k];
    return !r->cut[l] && tw_crossing(r->b, l, r->opp, NULL) == LX_NO_COLOUR ? l : -1;
}

/* ---- step 1: is there a path? ------------------------------------------------------------ */

/* Depth-first from every start cell; the path found is left on the stack.
 * Returns its length, or 0 when there is none. */
static size_t find_path(reach *r)
{
    const tw_geom *g = &r->b->g;
    for (int32_t s = 0; s < g->ncells; s++) {
        if (r->node[s] != 1 || !at_start(r, s))
            continue;
        size_t depth = 1;
        r->stack[0] = (frame){.cell = s, .link = -1};
        r->node[s] = 2;
        while (depth > 0) {
            frame *f = &r->stack[depth - 1];
            if (at_goal(r, f->cell))
                return depth;
            if (f->next == 8) {
                depth--;
                continue;
            }
            int k = r->towards[f->next++];
            int32_t q = f->cell + g->knight[k], l;
            if (r->node[q] != 1 || (l = edge(r, f->cell, k)) < 0)
                continue;
            r->node[q] = 2;
            r->stack[depth++] = (frame){.cell = q, .link = l};
        }
    }
    return 0;
}

/* ---- step 2: does that path cross itself? -------------------------------------------------- */

/* Whether the path on the stack has two crossing links; the first such pair
 * into *l1, *l2. */
static int path_crosses_itself(reach *r, size_t depth, int32_t *l1, int32_t *l2)
{
    const tw_geom *g = &r->b->g;
    int crosses = 0;
    for (size_t i = 1; i < depth; i++)
        r->mark[r->stack[i].link] = 1;
    for (size_t i = 1; i < depth && !crosses; i++) {
        int32_t l = r->stack[i].link;
        for (int k = 0; k < 9 && !crosses; k++)
            if (r->mark[l + g->cross[l & 3][k]]) {
                crosses = 1;
                *l1 = l;
                *l2 = l + g->cross[l & 3][k];
            }
    }
    for (size_t i = 1; i < depth; i++)
        r->mark[r->stack[i].link] = 0;
    return crosses;
}

/* A shortest path from the start rows to the goal, breadth first, onto the
 * stack.  Its length, or 0. */
static size_t shortest_path(reach *r)
{
    const tw_geom *g = &r->b->g;
    size_t head = 0, tail = 0;
    int32_t end = -1;
    for (int32_t p = 0; p < g->ncells; p++) {
        r->node[p] = r->node[p] != 0;
        if (r->node[p] && at_start(r, p)) {
            r->node[p] = 2;
            r->parent[p] = -1;
            r->queue[tail++] = p;
        }
    }
    while (head < tail && end < 0) {
        int32_t p = r->queue[head++];
        if (at_goal(r, p))
            end = p;
        for (int k = 0; k < 8 && end < 0; k++) {
            int32_t q = p + g->knight[k];
            if (r->node[q] == 1 && edge(r, p, k) >= 0) {
                r->node[q] = 2;
                r->parent[q] = p;
                r->queue[tail++] = q;
            }
        }
    }
    size_t n = 0;
    for (int32_t p = end; p >= 0; p = r->parent[p])
        n++;
    size_t i = n;
    for (int32_t p = end; p >= 0; p = r->parent[p]) {
        i--;
        r->stack[i].cell = p;
        r->stack[i].link = r->parent[p] >= 0 ? tw_link_index(g, p, r->parent[p]) : -1;
    }
    return end < 0 ? 0 : n;
}

/* ---- step 3: branching on crossing pairs ------------------------------------------------------- */

typedef struct branch {
    int32_t l1, l2; /* the crossing pair */
    int state;      /* 0: next take out l1; 1: next take out l2 instead; 2: done */
} branch;

/* 1 a chain found, 0 none, -1 out of budget. */
static int branch_search(reach *r, int32_t l1, int32_t l2, long budget)
{
    size_t cap = 64, depth = 0;
    branch *stack = malloc(cap * sizeof *stack);
    if (!stack)
        return -1;
    stack[depth++] = (branch){l1, l2, 0};
    int answer = 0;
    while (depth > 0) {
        branch *f = &stack[depth - 1];
        if (f->state == 2) {
            r->cut[f->l2] = 0;
            depth--;
            continue;
        }
        if (f->state == 0) {
            r->cut[f->l1] = 1;
        } else {
            r->cut[f->l1] = 0;
            r->cut[f->l2] = 1;
        }
        f->state++;
        if (--budget < 0) {
            answer = -1;
            break;
        }
        size_t n = shortest_path(r);
        int32_t a, b;
        if (n == 0)
            continue;
        if (!path_crosses_itself(r, n, &a, &b)) {
            answer = 1;
            break;
        }
        if (depth == cap) {
            branch *s = realloc(stack, 2 * cap * sizeof *s);
            if (!s) {
                answer = -1;
                break;
            }
            stack = s;
            cap *= 2;
        }
        stack[depth++] = (branch){a, b, 0};
    }
    free(stack);
    return answer;
}

int tw_can_connect_budget(const lx_twixt_board *b, lx_colour c, long budget)
{
    if (tw_connected_colour(b, c) == c)
        return 1;
    reach r;
    int answer = -1;
    int32_t l1, l2;
    if (reach_init(&r, b, c) == 0) {
        size_t depth = find_path(&r);
        if (depth == 0)
            answer = 0;
        else if (b->rules == LX_TWIXT_PP || !path_crosses_itself(&r, depth, &l1, &l2))
            answer = 1;
        else if ((depth = shortest_path(&r)) > 0 && !path_crosses_itself(&r, depth, &l1, &l2))
            answer = 1;
        else
            answer = budget > 0 ? branch_search(&r, l1, l2, budget) : -1;
    }
    free(r.block);
    return answer;
}

int lx_twixt_can_connect(const lx_twixt_board *b, lx_colour c)
{
    if (c != LX_WHITE && c != LX_BLACK)
        return 0;
    return tw_can_connect_budget(b, c, LX_TWIXT_SEARCH_BUDGET);
}

int lx_twixt_is_dead_draw(const lx_twixt_board *b)
{
    return lx_twixt_can_connect(b, LX_WHITE) == 0 && lx_twixt_can_connect(b, LX_BLACK) == 0;
}

lx_colour lx_twixt_connected_slow(const lx_twixt_board *b)
{
    const tw_geom *g = &b->g;
    int32_t *queue = malloc((size_t)g->ncells * sizeof *queue);
    uint8_t *seen = calloc((size_t)g->ncells, 1);
    lx_colour won = LX_NO_COLOUR;
    for (int c = LX_WHITE; queue && seen && c >= LX_BLACK && won == LX_NO_COLOUR; c--) {
        size_t head = 0, tail = 0;
        memset(seen, 0, (size_t)g->ncells);
        for (int i = 1; i < (c == LX_WHITE ? g->cols : g->rows) - 1; i++) {
            int32_t p = c == LX_WHITE ? tw_cell(g, i, 0) : tw_cell(g, 0, i);
            if (b->peg[p] == tw_code((lx_colour)c))
                seen[p] = 1, queue[tail++] = p;
        }
        while (head < tail && won == LX_NO_COLOUR) {
            int32_t p = queue[head++];
            if (c == LX_WHITE ? tw_row(g, p) == g->rows - 1 : tw_col(g, p) == g->cols - 1)
                won = (lx_colour)c;
            for (int k = 0; k < 8; k++) {
                int32_t q = p + g->knight[k];
                if (!seen[q] && b->link[4 * p + g->klink[k]] == tw_code((lx_colour)c))
                    seen[q] = 1, queue[tail++] = q;
            }
        }
    }
    free(queue);
    free(seen);
    return won;
}

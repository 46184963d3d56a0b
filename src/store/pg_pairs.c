/* store/pg_pairs.c - a batch's plain moves as two statements over arrays (PostgreSQL).
 *
 * Most of a busy batch is moves: a conditional MOVE_APPEND whose version change is left to its
 * board's clock write right after it (store_plan_guards), and that GAME_CLOCK.  Sent one
 * statement each, PostgreSQL spends more on starting and ending the statements than on the
 * rows.  The pairs of boards that have nothing else in the batch go instead as one INSERT of all
 * their moves, then one UPDATE of all their games (pg_store.c's Q_MOVES_IF_MANY,
 * Q_CLOCKS_IF_MANY), each given its columns as array literals and RETURNING the boards it
 * wrote: an op whose board is not returned was refused, as a plain statement's row count of 0
 * says.  The same checks as the single statements, in the same order for each board (its move
 * on the version it was computed from, then its clock on that version, making the new one);
 * boards with any other op in the batch keep the single statements, in the batch's order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/pg_array.h"
#include "store/pg_pairs.h"

/* The board an op writes or checks, or 0. */
static int64_t board_of(const store_op *op)
{
    if (op->guard_board > 0)
        return op->guard_board;
    switch (op->kind) {
    case STORE_GAME_CREATE: case STORE_GAME_STATE: case STORE_GAME_CLOCK:
        return op->game.id;
    case STORE_MOVE_APPEND: case STORE_MOVE_DELETE: case STORE_MOVE_COMMENT:
        return op->move.game_id;
    default:
        return 0;
    }
}

typedef struct touch {
    int64_t board;
    size_t op;
} touch;

static int by_board(const void *a, const void *b)
{
    const touch *x = a, *y = b;
    if (x->board != y->board)
        return x->board < y->board ? -1 : 1;
    return (x->op > y->op) - (x->op < y->op);
}

/* Ops i then j (the only two of their board in the batch) are a move and its clock write. */
static int is_pair(const store_op *ops, const store_guard *plan, size_t i, size_t j)
{
    const store_op *m = &ops[i], *c = &ops[j];
    return m->kind == STORE_MOVE_APPEND && store_op_guarded(m) && !plan[i].bump && m->move.game_id == m->guard_board &&
           c->kind == STORE_GAME_CLOCK && store_op_guarded(c) && plan[j].bump && c->game.id == c->guard_board &&
           c->guard_board == m->guard_board && plan[j].version == plan[i].version;
}

static void add_pair(pg_pairs *p, pg_lit *cols, const store_op *ops, const store_guard *plan, size_t i, size_t j)
{
    const store_op *m = &ops[i], *c = &ops[j];
    p->board[p->n] = m->guard_board;
    p->move_op[p->n] = i;
    p->clock_op[p->n] = j;
    p->n++;
    p->in[i] = p->in[j] = 1;
    pg_lit_int(&cols[0], m->guard_board);
    pg_lit_int(&cols[1], m->move.n);
    pg_lit_int(&cols[2], m->move.seat);
    pg_lit_text(&cols[3], m->move.text);
    pg_lit_int(&cols[4], plan[i].version);
    pg_lit_text(&cols[5], c->game.clock);
    pg_lit_int(&cols[6], c->game.deadline);
    pg_lit_int(&cols[7], c->game.nag_at);
    pg_lit_text(&cols[8], c->game.result);
    pg_lit_int(&cols[9], c->game.status);
    pg_lit_text(&cols[10], c->game.offer);
    pg_lit_int(&cols[11], c->new_version);
}

int pg_pairs_plan(pg_pairs *p, const store_op *ops, size_t n, const store_guard *plan)
{
    memset(p, 0, sizeof *p);
    touch *t = malloc((n ? n : 1) * sizeof *t);
    p->in = calloc(n ? n : 1, 1);
    p->board = malloc((n / 2 + 1) * sizeof *p->board);
    p->move_op = malloc((n / 2 + 1) * sizeof *p->move_op);
    p->clock_op = malloc((n / 2 + 1) * sizeof *p->clock_op);
    pg_lit cols[PG_PAIR_COLS];
    for (int k = 0; k < PG_PAIR_COLS; k++)
        pg_lit_open(&cols[k]);
    int ok = t && p->in && p->board && p->move_op && p->clock_op;
    size_t nt = 0;
    for (size_t i = 0; ok && i < n; i++)
        if (board_of(&ops[i]) > 0)
            t[nt++] = (touch){board_of(&ops[i]), i};
    if (ok)
        qsort(t, nt, sizeof *t, by_board); /* by board, each board's ops in the batch's order */
    for (size_t a = 0; ok && a < nt;) {
        size_t b = a;
        while (b < nt && t[b].board == t[a].board)
            b++;
        if (b - a == 2 && is_pair(ops, plan, t[a].op, t[a + 1].op))
            add_pair(p, cols, ops, plan, t[a].op, t[a + 1].op);
        a = b;
    }
    for (int k = 0; k < PG_PAIR_COLS; k++) {
        pg_lit_close(&cols[k]);
        ok = ok && cols[k].ok;
        p->col[k] = cols[k].s;
    }
    free(t);
    if (!ok) {
        pg_pairs_free(p);
        return -1;
    }
    return 0;
}

void pg_pairs_refuse_all(const pg_pairs *p, unsigned char *refused)
{
    for (size_t k = 0; refused && k < p->n; k++)
        refused[p->move_op[k]] = refused[p->clock_op[k]] = 1;
}

void pg_pairs_applied(const pg_pairs *p, int64_t board, int clock, unsigned char *refused)
{
    size_t lo = 0, hi = p->n; /* p->board is sorted: the pairs were taken in the order of their boards */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->board[mid] < board)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (refused && lo < p->n && p->board[lo] == board)
        refused[clock ? p->clock_op[lo] : p->move_op[lo]] = 0;
}

void pg_pairs_free(pg_pairs *p)
{
    free(p->in);
    free(p->board);
    free(p->move_op);
    free(p->clock_op);
    for (int k = 0; k < PG_PAIR_COLS; k++)
        free(p->col[k]);
    memset(p, 0, sizeof *p);
}

/* store/pg_pairs.h - a batch's plain moves as two statements over arrays (pg_pairs.c). */
#ifndef LUDEX_PG_PAIRS_H
#define LUDEX_PG_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* The columns, as array literals: the moves' board, n, seat, text and the version each checks
 * (col 0-4, Q_MOVES_IF_MANY's parameters), then the clocks' clock, deadline, nag_at, result,
 * status, offer and the version each makes (col 5-11; Q_CLOCKS_IF_MANY takes cols 0, 4, 5-11). */
#define PG_PAIR_COLS 12

typedef struct pg_pairs {
    size_t n;              /* pairs: a move and its board's clock write, alone on their board */
    int64_t *board;        /* their boards, ascending */
    size_t *move_op, *clock_op; /* the two ops of each, by their index in the batch */
    unsigned char *in;     /* per op of the batch: 1 when it goes in the two statements, not alone */
    char *col[PG_PAIR_COLS];
} pg_pairs;

/* The pairs of the n ops (plan: store_plan_guards'); 0, or -1 out of memory. */
int pg_pairs_plan(pg_pairs *p, const store_op *ops, size_t n, const store_guard *plan);
/* Every op of the pairs refused, until a statement returns its board (pg_pairs_applied). */
void pg_pairs_refuse_all(const pg_pairs *p, unsigned char *refused);
/* A board returned by the moves' statement (clock 0) or the clocks' (clock 1): that op applied. */
void pg_pairs_applied(const pg_pairs *p, int64_t board, int clock, unsigned char *refused);
void pg_pairs_free(pg_pairs *p);

#endif

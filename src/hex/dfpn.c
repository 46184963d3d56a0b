/* dfpn.c - a solver for Hex positions: depth-first proof-number search
 * (Nagai's df-pn, in its negamax form) for the engine's endgame and the
 * positions its search cannot decide (lx_hex_solve, lx_hex_sim_solve).
 *
 * Every position has two numbers for the colour to move there: phi, how
 * many positions must still be proved to show it wins, and delta, to show
 * it loses; phi = min of the children's delta, delta = sum of their phi.  A
 * proved win is (0, INF), a proved loss (INF, 0).  The search goes down the
 * child of least delta while the node's numbers stay below the thresholds
 * its parent gave it (a child's: thphi = the parent's thdelta - the parent's
 * delta + its own phi, thdelta = min(the parent's thphi, the second least
 * delta * (1 + 1/4) + 1)), and writes a node's numbers into the table when
 * it goes back up.  The path is an explicit stack of frames (one a move, at
 * most one a cell), moves are played and taken back on one board.
 *
 * The table is fixed in size, buckets of four entries keyed by a Zobrist
 * hash of the stones and the colour to move; the entry with the least work
 * under it makes room.  An opened position keeps its children's cells in
 * its entry, so H-search runs once a position as long as the entry stays.
 *
 * What a position is told when it is opened (evaluate): the opponent joined
 * is a loss; the mover's full or semi virtual connection (H-search, with the
 * dead cells filled for the mover and captured pairs for their captor,
 * inferior.c) a win; the opponent's full one a loss; else its children are
 * the empty cells neither dead nor captured and, when the opponent has semi
 * connections, only those in all their carriers (a stone elsewhere leaves
 * him a semi: lost) - none left is a loss.  At the root the mover's own
 * connection does not end the search: a win there needs its move.
 *
 * The line: a proved node keeps the winner's moves to the end along what was
 * found (a win: 1 + its child's; a loss: the most of its children's;
 * positions H-search decided: half their carrier, rounded up).  A root proved
 * won is then polished: each child not yet proved is opened once (within
 * the budget), and the move of the fewest moves is given.
 *
 * The budget is the caller's: positions opened and seconds; spent, every
 * frame goes back up with its numbers and the answer is "unproved".  Boards
 * of at most HEX_HS_MAX_CELLS cells (H-search's). */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "hex/hex_impl.h"

#define INF 100000000u
enum { BUCKET = 4, DEFAULT_TABLE = 4 << 20 };

typedef struct tt_entry {
    uint64_t key;      /* 0: empty */
    uint64_t moves[2]; /* opened: the children's cell bits (row * cols + col) */
    uint32_t phi, delta;
    uint32_t work;     /* positions opened under it */
    uint16_t len;      /* proved: the winner's moves to the end along the line found */
    uint8_t opened;
} tt_entry;

typedef struct frame {
    uint64_t key;
    int32_t cell;      /* the padded cell played to get here, 0 at the root */
    uint32_t thphi, thdelta;
    long nodes0;       /* d->nodes when entered */
    int32_t *children; /* padded cells */
    int32_t n;         /* -1: not opened yet */
    uint8_t me;
} frame;

typedef struct hex_dfpn {
    int cols, rows, stride, ncells;
    size_t npadded;
    int32_t ring[6];
    uint64_t (*zob)[2]; /* per padded cell: Black's, White's */
    uint64_t turn;      /* White to move */
    uint64_t base;      /* every key's start: the empty board's is not 0 (an empty entry) */
    tt_entry *tt;
    size_t buckets;     /* a power of two */
    hex_hsearch *hs;
    uint8_t *board, *scratch, *allowed;
    uint8_t *dead;      /* evaluate's: cells dead (1) or captured (2), never children */
    int32_t *order;     /* the cells, from the centre out: the children's order */
    int32_t *flood;
    uint8_t *seen;      /* joined's */
    frame *stack;
    int32_t *childbuf;  /* ncells per frame */
    long nodes, max_nodes;
    double deadline;    /* 0: none */
    int spent;
} hex_dfpn;

static int bit_of_cell(const hex_dfpn *d, int32_t p)
{
    return (p / d->stride - 1) * d->cols + p % d->stride - 1;
}

/* ---- making and freeing ---------------------------------------------------------- */

static void dfpn_free(hex_dfpn *d)
{
    if (!d)
        return;
    hex_hsearch_free(d->hs);
    free(d->zob);
    free(d->tt);
    free(d->board);
    free(d->scratch);
    free(d->dead);
    free(d->allowed);
    free(d->order);
    free(d->flood);
    free(d->seen);
    free(d->stack);
    free(d->childbuf);
    free(d);
}

/* Cells by their distance from the centre (twice the hex distance), nearer first. */
static void centre_order(hex_dfpn *d)
{
    int n = 0;
    for (int r = 0; r < d->rows; r++)
        for (int c = 0; c < d->cols; c++)
            d->order[n++] = (r + 1) * d->stride + c + 1;
    int *key = d->flood; /* scratch for the keys, by position in order */
    for (int i = 0; i < n; i++) {
        int c = 2 * (d->order[i] % d->stride - 1) - (d->cols - 1), r = 2 * (d->order[i] / d->stride - 1) - (d->rows - 1);
        int s = -(c + r); /* axial to cube: the third coordinate */
        key[i] = (abs(c) + abs(r) + abs(s)) / 2;
    }
    for (int i = 1; i < n; i++) /* insertion sort: stable, at most 128 cells */
        for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
            int tk = key[j];
            key[j] = key[j - 1], key[j - 1] = tk;
            int32_t tc = d->order[j];
            d->order[j] = d->order[j - 1], d->order[j - 1] = tc;
        }
}

static hex_dfpn *dfpn_new(int cols, int rows, size_t table_bytes)
{
    if (cols < 1 || rows < 1 || (long)cols * rows > HEX_HS_MAX_CELLS)
        return NULL;
    hex_dfpn *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->cols = cols, d->rows = rows, d->stride = cols + 2, d->ncells = cols * rows;
    d->npadded = (size_t)d->stride * (size_t)(rows + 2);
    int32_t st = d->stride, ring[6] = {1, 1 - st, -st, -1, st - 1, st};
    memcpy(d->ring, ring, sizeof ring);
    size_t want = table_bytes ? table_bytes : DEFAULT_TABLE;
    d->buckets = 1;
    while (d->buckets * 2 * BUCKET * sizeof(tt_entry) <= want)
        d->buckets *= 2;
    d->hs = hex_hsearch_new(cols, rows);
    d->zob = malloc(d->npadded * sizeof *d->zob);
    d->tt = calloc(d->buckets * BUCKET, sizeof *d->tt);
    d->board = malloc(d->npadded);
    d->scratch = malloc(d->npadded);
    d->dead = malloc(d->npadded);
    d->allowed = malloc(d->npadded);
    d->order = malloc((size_t)d->ncells * sizeof *d->order);
    d->flood = malloc(d->npadded * sizeof *d->flood);
    d->seen = malloc(d->npadded);
    d->stack = malloc(((size_t)d->ncells + 1) * sizeof *d->stack);
    d->childbuf = malloc(((size_t)d->ncells + 1) * (size_t)d->ncells * sizeof *d->childbuf);
    if (!d->hs || !d->zob || !d->tt || !d->board || !d->scratch || !d->dead || !d->allowed || !d->order ||
        !d->flood || !d->seen || !d->stack || !d->childbuf) {
        dfpn_free(d);
        return NULL;
    }
    uint64_t rng = 0x6a09e667f3bcc909ull; /* fixed: the same keys every run */
    for (size_t p = 0; p < d->npadded; p++)
        d->zob[p][0] = lx_random_next(&rng), d->zob[p][1] = lx_random_next(&rng);
    d->turn = lx_random_next(&rng);
    d->base = lx_random_next(&rng);
    centre_order(d);
    return d;
}

/* ---- the table ------------------------------------------------------------------- */

static tt_entry *lookup(hex_dfpn *d, uint64_t key)
{
    tt_entry *b = &d->tt[(key & (d->buckets - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key)
            return &b[i];
    return NULL;
}

/* The entry of key, made (emptied) in place of the one of least work when missing. */
static tt_entry *entry_for(hex_dfpn *d, uint64_t key)
{
    tt_entry *e = lookup(d, key);
    if (e)
        return e;
    tt_entry *b = &d->tt[(key & (d->buckets - 1)) * BUCKET];
    e = &b[0];
    for (int i = 1; i < BUCKET && e->key; i++)
        if (!b[i].key || b[i].work < e->work)
            e = &b[i];
    memset(e, 0, sizeof *e);
    e->key = key ? key : 1;
    return e;
}

static void store(hex_dfpn *d, uint64_t key, uint32_t phi, uint32_t delta, uint16_t len, long work)
{
    tt_entry *e = entry_for(d, key);
    e->phi = phi, e->delta = delta, e->len = len;
    e->work = work > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)work;
}

static uint64_t key_after(const hex_dfpn *d, uint64_t key, int32_t cell, uint8_t me)
{
    return key ^ d->zob[cell][me - 1] ^ d->turn;
}

/* ---- what a position is told when it is opened ------------------------------------ */

/* `me` joins its edges on `colour` (a flood from its first edge). */
static int joined(hex_dfpn *d, const uint8_t *colour, uint8_t me)
{
    int32_t top = 0;
    memset(d->seen, 0, d->npadded);
    for (int i = 0; i < (me == HEX_BLACK ? d->cols : d->rows); i++) {
        int32_t p = me == HEX_BLACK ? d->stride + 1 + i : (i + 1) * d->stride + 1;
        if (colour[p] == me)
            d->seen[p] = 1, d->flood[top++] = p;
    }
    while (top > 0) {
        int32_t p = d->flood[--top];
        if (me == HEX_BLACK ? p / d->stride == d->rows : p % d->stride == d->cols)
            return 1;
        for (int k = 0; k < 6; k++) {
            int32_t q = p + d->ring[k];
            if (colour[q] == me && !d->seen[q] && hex_padded_inside(q, d->cols, d->rows))
                d->seen[q] = 1, d->flood[top++] = q;
        }
    }
    return 0;
}

static uint16_t half_up(size_t k)
{
    return (uint16_t)((k + 1) / 2);
}

enum { OPEN_WIN = 1, OPEN_LOSS = -1, OPEN_CHILDREN = 0 };

/* Open the position on d->board with `me` to move: OPEN_WIN or OPEN_LOSS
 * with *len, or OPEN_CHILDREN with the cells into children (*n). */
static int evaluate(hex_dfpn *d, uint8_t me, int root, int32_t *children, int32_t *n, uint16_t *len)
{
    uint8_t you = (uint8_t)(me ^ 3);
    int32_t ids[HEX_HS_MAX_CELLS];
    d->nodes++;
    *n = 0;
    *len = 0;
    if (joined(d, d->board, you))
        return OPEN_LOSS;
    memcpy(d->scratch, d->board, d->npadded);
    memset(d->dead, 0, d->npadded);
    hex_inferior_fill(d->scratch, d->cols, d->rows, me, d->dead);
    int mine = hex_hsearch_run(d->hs, d->scratch, me);
    if (!root && mine) { /* joined once the dead cells are filled (H-search keeps no carrier), or a full connection */
        *len = joined(d, d->scratch, me) ? 1 : half_up(hex_hsearch_full(d->hs, ids, HEX_HS_MAX_CELLS));
        *len = *len ? *len : 1;
        return OPEN_WIN;
    }
    if (!root && !mine && hex_hsearch_semis(d->hs) > 0) {
        *len = (uint16_t)(1 + hex_hsearch_semi(d->hs, ids, HEX_HS_MAX_CELLS) / 2);
        return OPEN_WIN;
    }
    memcpy(d->scratch, d->board, d->npadded);
    hex_inferior_fill(d->scratch, d->cols, d->rows, you, NULL);
    if (hex_hsearch_run(d->hs, d->scratch, you)) {
        *len = joined(d, d->scratch, you) ? 1 : half_up(hex_hsearch_full(d->hs, ids, HEX_HS_MAX_CELLS));
        return OPEN_LOSS;
    }
    long must = hex_hsearch_must_play(d->hs, d->allowed);
    for (int i = 0; i < d->ncells; i++) {
        int32_t p = d->order[i];
        if (d->board[p] == HEX_EMPTY && !d->dead[p] && (must < 0 || d->allowed[p]))
            children[(*n)++] = p;
    }
    if (*n == 0) { /* every move leaves him a semi connection */
        *len = (uint16_t)(1 + hex_hsearch_semi(d->hs, ids, HEX_HS_MAX_CELLS) / 2);
        return OPEN_LOSS;
    }
    return OPEN_CHILDREN;
}

/* ---- the search ------------------------------------------------------------------- */

static int out_of_budget(hex_dfpn *d)
{
    if (d->spent)
        return 1;
    if (d->nodes >= d->max_nodes)
        d->spent = 1;
    else if (d->deadline > 0 && lx_clock_seconds() >= d->deadline) /* a clock read is nothing to a position opened */
        d->spent = 1;
    return d->spent;
}

/* Frame f's children: from the table, or by evaluate (a decided position
 * is stored).  0 to search it, 1 when it is decided. */
static int list_children(hex_dfpn *d, frame *f, int root)
{
    tt_entry *e = lookup(d, f->key);
    f->n = 0;
    if (e && e->opened) {
        for (int i = 0; i < d->ncells; i++) {
            int b = bit_of_cell(d, d->order[i]);
            if (e->moves[b >> 6] >> (b & 63) & 1)
                f->children[f->n++] = d->order[i];
        }
        return 0;
    }
    uint16_t len;
    int r = evaluate(d, f->me, root, f->children, &f->n, &len);
    if (r == OPEN_WIN) {
        store(d, f->key, 0, INF, len, 1);
        return 1;
    }
    if (r == OPEN_LOSS) {
        store(d, f->key, INF, 0, len, 1);
        return 1;
    }
    int known = (e = lookup(d, f->key)) != NULL; /* numbers kept when its children were lost from the table */
    e = entry_for(d, f->key);
    if (!known)
        e->phi = 1, e->delta = (uint32_t)f->n, e->work = 1;
    e->opened = 1;
    for (int32_t i = 0; i < f->n; i++) {
        int b = bit_of_cell(d, f->children[i]);
        e->moves[b >> 6] |= 1ull << (b & 63);
    }
    return 0;
}

/* Frame f opened: 0 to search it, 1 to go back up at once (its numbers are
 * past its thresholds already, or it is decided). */
static int open_frame(hex_dfpn *d, frame *f, int root)
{
    const tt_entry *e = lookup(d, f->key);
    if (e && (e->phi >= f->thphi || e->delta >= f->thdelta))
        return 1;
    return list_children(d, f, root);
}

typedef struct sums {
    uint32_t phi, delta;   /* the node's */
    int32_t best;          /* index of the child of least delta */
    uint32_t best_phi, delta2;
    uint16_t len;          /* proved: as the file's head says */
} sums;

static void child_numbers(hex_dfpn *d, const frame *f, int32_t i, uint32_t *phi, uint32_t *delta, uint16_t *len)
{
    const tt_entry *e = lookup(d, key_after(d, f->key, f->children[i], f->me));
    *phi = e ? e->phi : 1;
    *delta = e ? e->delta : 1;
    *len = e ? e->len : 0;
}

static sums add_up(hex_dfpn *d, const frame *f)
{
    sums s = {.phi = INF, .delta = 0, .best = -1, .best_phi = 0, .delta2 = INF, .len = 0};
    uint64_t sum = 0;
    uint16_t win_len = UINT16_MAX, loss_len = 0;
    for (int32_t i = 0; i < f->n; i++) {
        uint32_t phi, delta;
        uint16_t len;
        child_numbers(d, f, i, &phi, &delta, &len);
        sum += phi;
        if (delta == 0 && len < win_len)
            win_len = len;
        if (len > loss_len)
            loss_len = len;
        if (s.best < 0 || delta < s.phi) {
            s.delta2 = s.phi;
            s.phi = delta, s.best = i, s.best_phi = phi;
        } else if (delta < s.delta2)
            s.delta2 = delta;
    }
    s.delta = sum >= INF ? INF : (uint32_t)sum;
    if (s.phi == 0)
        s.len = (uint16_t)(win_len + 1);
    else if (s.delta == 0)
        s.len = loss_len;
    if (s.phi == 0)
        s.delta = INF;
    if (s.delta == 0)
        s.phi = INF;
    return s;
}

static void push(hex_dfpn *d, int *top, int32_t cell, uint32_t thphi, uint32_t thdelta)
{
    frame *f = &d->stack[*top], *c = &d->stack[*top + 1];
    d->board[cell] = f->me;
    *c = (frame){.key = key_after(d, f->key, cell, f->me), .cell = cell, .thphi = thphi, .thdelta = thdelta,
                 .nodes0 = d->nodes, .children = d->childbuf + (size_t)(*top + 1) * (size_t)d->ncells,
                 .n = -1, .me = (uint8_t)(f->me ^ 3)};
    (*top)++;
}

static void pop(hex_dfpn *d, int *top)
{
    frame *f = &d->stack[*top];
    if (f->cell)
        d->board[f->cell] = HEX_EMPTY;
    (*top)--;
}

/* The search from d->board with `me` to move (key: its hash) until the root
 * is proved or the budget is spent. */
static void search(hex_dfpn *d, uint8_t me, uint64_t key)
{
    int top = 0;
    d->stack[0] = (frame){.key = key, .thphi = INF, .thdelta = INF, .nodes0 = d->nodes, .children = d->childbuf,
                          .n = -1, .me = me};
    while (top >= 0) {
        frame *f = &d->stack[top];
        if (f->n < 0 && open_frame(d, f, top == 0)) {
            pop(d, &top);
            continue;
        }
        sums s = add_up(d, f);
        if (s.phi >= f->thphi || s.delta >= f->thdelta || out_of_budget(d)) {
            tt_entry *e = entry_for(d, f->key);
            e->phi = s.phi, e->delta = s.delta, e->len = s.len;
            long work = d->nodes - f->nodes0 + 1;
            e->work = work > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)work;
            pop(d, &top);
            continue;
        }
        /* the child's thresholds (delta < thdelta here, so no overflow below INF) */
        uint64_t thphi = (uint64_t)f->thdelta - s.delta + s.best_phi;
        uint64_t thdelta = (uint64_t)s.delta2 + s.delta2 / 4 + 1;
        push(d, &top, f->children[s.best], thphi >= INF ? INF : (uint32_t)thphi,
             thdelta < f->thphi ? (uint32_t)thdelta : f->thphi);
    }
}

/* After the root (frame 0, opened) was proved won: each child not proved yet
 * is opened once while the budget lasts; the child of the fewest moves. */
static int32_t shortest_win(hex_dfpn *d, frame *root, uint16_t *len)
{
    int32_t best = -1;
    uint16_t best_len = UINT16_MAX;
    for (int32_t i = 0; i < root->n; i++) {
        int32_t cell = root->children[i];
        uint64_t key = key_after(d, root->key, cell, root->me);
        const tt_entry *e = lookup(d, key);
        if (!e && !out_of_budget(d)) {
            int32_t n;
            uint16_t l;
            d->board[cell] = root->me;
            int r = evaluate(d, (uint8_t)(root->me ^ 3), 0, d->childbuf + d->ncells, &n, &l);
            d->board[cell] = HEX_EMPTY;
            if (r == OPEN_LOSS)
                store(d, key, INF, 0, l, 1);
            e = lookup(d, key);
        }
        if (e && e->delta == 0 && e->len < best_len)
            best = cell, best_len = e->len;
    }
    *len = (uint16_t)(best_len + 1);
    return best;
}

static void solve_on(hex_dfpn *d, const uint8_t *colour, uint8_t me, long max_nodes, double max_seconds,
                     lx_hex_solution *out)
{
    double t0 = lx_clock_seconds();
    memcpy(d->board, colour, d->npadded);
    d->nodes = 0;
    d->spent = 0;
    d->max_nodes = max_nodes > 0 ? max_nodes : 1000000000L;
    d->deadline = max_seconds > 0 ? t0 + max_seconds : 0;
    uint64_t key = d->base ^ (me == HEX_WHITE ? d->turn : 0);
    for (size_t p = 0; p < d->npadded; p++)
        if (hex_padded_inside((int32_t)p, d->cols, d->rows) && (colour[p] == HEX_BLACK || colour[p] == HEX_WHITE))
            key ^= d->zob[p][colour[p] - 1];
    *out = (lx_hex_solution){.verdict = LX_HEX_UNPROVED, .move = -1};
    if (joined(d, d->board, me)) {
        out->verdict = LX_HEX_PROVED_WIN; /* over already */
    } else {
        search(d, me, key);
        const tt_entry *e = lookup(d, key);
        if (e && e->phi == 0) {
            uint16_t len;
            frame *root = &d->stack[0];
            d->spent = 0; /* the polish gets the budget's rest */
            if (list_children(d, root, 1) == 0 && (out->move = shortest_win(d, root, &len)) >= 0) {
                out->verdict = LX_HEX_PROVED_WIN;
                out->moves = len;
            }
        } else if (e && e->delta == 0) {
            out->verdict = LX_HEX_PROVED_LOSS;
            out->moves = e->len;
        }
    }
    out->nodes = d->nodes;
    out->seconds = lx_clock_seconds() - t0;
}

/* ---- the library's entry points -------------------------------------------------------- */

static int solve_colours(const uint8_t *colour, int cols, int rows, lx_colour to_move, const lx_hex_solve_limits *lim,
                         lx_hex_solution *out)
{
    *out = (lx_hex_solution){.verdict = LX_HEX_UNPROVED, .move = -1};
    if ((long)cols * rows > HEX_HS_MAX_CELLS || (to_move != LX_BLACK && to_move != LX_WHITE))
        return -1;
    hex_dfpn *d = dfpn_new(cols, rows, lim ? lim->table_bytes : 0);
    if (!d)
        return -1;
    solve_on(d, colour, to_move == LX_BLACK ? HEX_BLACK : HEX_WHITE, lim ? lim->nodes : 0, lim ? lim->seconds : 0,
             out);
    dfpn_free(d);
    return 0;
}

int lx_hex_solve(const lx_hex_board *b, const lx_hex_solve_limits *lim, lx_hex_solution *out)
{
    if (b->g.stale)
        return *out = (lx_hex_solution){.verdict = LX_HEX_UNPROVED, .move = -1}, -1;
    return solve_colours(b->g.colour, b->g.cols, b->g.rows, lx_hex_to_play(b), lim, out);
}

/* A sim's padded colours tell its size: the top border row is a corner
 * (nobody's), cols Black cells, a corner; the first column below the corner
 * is White down to the next corner (hex_impl.h's grid). */
static int sim_size(const uint8_t *colour, int *cols, int *rows)
{
    if (colour[0] != HEX_NOBODY)
        return -1;
    int c = 1;
    while (c <= HEX_HS_MAX_CELLS && colour[c] == HEX_BLACK)
        c++;
    if (colour[c] != HEX_NOBODY || c == 1)
        return -1;
    *cols = c - 1;
    int stride = c + 1, r = 1;
    while (r <= HEX_HS_MAX_CELLS && colour[r * stride] == HEX_WHITE)
        r++;
    if (colour[r * stride] != HEX_NOBODY || r == 1)
        return -1;
    *rows = r - 1;
    return 0;
}

int lx_hex_sim_solve(const lx_hex_sim *s, const lx_hex_solve_limits *lim, lx_hex_solution *out)
{
    const uint8_t *colour = lx_hex_sim_owners(s);
    int cols, rows;
    *out = (lx_hex_solution){.verdict = LX_HEX_UNPROVED, .move = -1};
    if (sim_size(colour, &cols, &rows) != 0)
        return -1;
    return solve_colours(colour, cols, rows, lx_hex_sim_to_play(s), lim, out);
}

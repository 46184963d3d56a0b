/* movegen.c - every legal play for a position and a roll, fast.
 *
 * The search works in the mover's view, on its own point numbers (25 the
 * bar, 0 borne off).  Bit masks of the points the mover occupies, of the
 * points closed to it (two or more opposing checkers) and of the opposing
 * blots give, for a die d, every source a checker can leave from in a few
 * instructions:
 *   - with a checker on the bar, only the bar, if the entry point is open;
 *   - else each occupied point s > d whose destination s - d is open;
 *   - and, once every checker is home, the point d itself, or the highest
 *     occupied point when it is below d (exact-or-highest bearing off).
 * The search goes depth first, never deeper than the four moves of a double,
 * on copies of a 24-byte state (so "undo" is free): the masks, and the key
 * below, which also holds the mover's count on every point.  For a double, each move
 * starts on a point no higher than the one before: every play has an order
 * like that, and it is the same play, so each play is reached once or a few
 * times instead of up to 24.  For two different dice both orders are tried,
 * the larger die first; the second order skips what is the first's reverse.
 *
 * Only plays that use the most dice count; with two different dice of which
 * only one can be used, only plays of the larger die when there is one.
 * Plays are de-duplicated by the position they lead to, with an exact
 * 128-bit key kept up to date move by move: the mover's count on each of
 * points 1..25 in a nibble (at most 15 checkers, so a count never spills),
 * and one bit for each point where a blot was hit.  Borne-off checkers need
 * no place in it (15 minus the rest).  The key goes into an open-addressing
 * table whose slots carry a generation stamp, so emptying it is one
 * increment. */
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"

/* Where point i's count lives in the key: nibble i-1 of lo for 1..16, of hi for 17..25. */
#define KLO(i) ((i) >= 1 && (i) <= 16 ? 1ull << (4 * (((i) - 1) & 15)) : 0ull)
#define KHI(i) ((i) >= 17 && (i) <= 25 ? 1ull << (4 * (((i) - 17) & 15)) : 0ull)
#define KEY_ROW(f) {f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8), f(9), f(10), f(11), f(12), \
                    f(13), f(14), f(15), f(16), f(17), f(18), f(19), f(20), f(21), f(22), f(23), f(24), f(25)}
static const uint64_t key_lo[26] = KEY_ROW(KLO);
static const uint64_t key_hi[26] = KEY_ROW(KHI);
#define HIT_BIT(t) (1ull << (35 + (t))) /* points 1..24: bits 36..59 of hi */

#define HOME_OUTSIDE 0x3FFFF80u /* bits 7..25: points outside the home board, and the bar */

/* The state of the search: 24 bytes, copied at each step.  The mover's
 * counts live only in the key's nibbles. */
typedef struct gen_pos {
    uint32_t occ;      /* bit i: the mover has a checker on point i (1..25) */
    uint32_t blots;    /* bit i: one opposing checker on the mover's point i */
    uint64_t klo, khi;
} gen_pos;

struct lx_bgammon_movegen {
    lx_bgammon_play *plays;
    uint8_t *first_die; /* the die of each play's first step */
    size_t nplays, cap;
    uint64_t *tlo, *thi;
    uint32_t *stamp;
    size_t tcap;        /* a power of two */
    uint32_t gen;
    int best;           /* the most steps of a play found so far, -1 none */
    int failed;         /* out of memory */
    uint32_t blocked;   /* points closed to the mover (fixed during a search) */
    uint32_t seen[26];  /* two different dice: bit b of seen[a] when "a by the larger, then b by the smaller" was played */
    lx_bgammon_play cur;
    /* the last board searched, for the next roll of the same position */
    int have_last;
    lx_colour last_who;
    lx_bgammon_board last_board;
    gen_pos last_start;
    uint32_t last_blocked;
};

static inline int count_at(const gen_pos *p, int i)
{
    return i <= 16 ? (int)((p->klo >> (4 * (i - 1))) & 15) : (int)((p->khi >> (4 * (i - 17))) & 15);
}

static void gen_pos_init(gen_pos *p, uint32_t *blocked, const lx_bgammon_board *b, lx_colour who)
{
    const uint8_t *mine = b->checkers[who], *theirs = b->checkers[bg_other(who)];
    memset(p, 0, sizeof *p);
    *blocked = 0;
    for (int i = 1; i <= 16; i++)
        p->klo |= (uint64_t)mine[i] << (4 * (i - 1));
    for (int i = 17; i <= 25; i++)
        p->khi |= (uint64_t)mine[i] << (4 * (i - 17));
    for (int i = 1; i <= 25; i++)
        p->occ |= (uint32_t)(mine[i] != 0) << i;
    for (int i = 1; i <= 24; i++) {
        if (theirs[25 - i] >= 2)
            *blocked |= 1u << i;
        else if (theirs[25 - i] == 1)
            p->blots |= 1u << i;
    }
}

static inline int highest_bit(uint32_t x) { return 31 - __builtin_clz(x); }

/* The points a checker may leave by die d, among 1..maxsrc. */
static inline uint32_t sources(const gen_pos *p, uint32_t blocked, int d, int maxsrc)
{
    uint32_t limit = maxsrc >= 25 ? 0x3FFFFFEu : ((2u << maxsrc) - 1) & ~1u;
    if (p->occ & (1u << 25))
        return (blocked >> (25 - d)) & 1 ? 0 : (1u << 25) & limit;
    uint32_t moves = p->occ & ~(blocked << d) & ~((2u << d) - 1);
    if (!(p->occ & HOME_OUTSIDE) && p->occ) {
        if (p->occ & (1u << d))
            moves |= 1u << d;
        else if (highest_bit(p->occ) < d)
            moves |= 1u << highest_bit(p->occ);
    }
    return moves & limit;
}

/* Move one checker from s by d; 1 when it hit. */
static inline int gen_step(gen_pos *p, int s, int d)
{
    int t = s > d ? s - d : 0, hit = 0;
    p->klo -= key_lo[s];
    p->khi -= key_hi[s];
    if (count_at(p, s) == 0)
        p->occ &= ~(1u << s);
    if (t) {
        if (p->blots & (1u << t)) {
            p->blots &= ~(1u << t);
            p->khi |= HIT_BIT(t);
            hit = 1;
        }
        p->occ |= 1u << t;
        p->klo += key_lo[t];
        p->khi += key_hi[t];
    }
    return hit;
}

/* The key after moving one checker from s by d (the state itself unchanged);
 * *hit says whether it hits. */
static inline void key_after(const gen_pos *p, int s, int d, uint64_t *klo, uint64_t *khi, int *hit)
{
    int t = s > d ? s - d : 0;
    *klo = p->klo - key_lo[s] + key_lo[t];
    *khi = p->khi - key_hi[s] + key_hi[t];
    *hit = t && (p->blots & (1u << t));
    if (*hit)
        *khi |= HIT_BIT(t);
}

/* ---- the table of plays ---------------------------------------------------------------- */

static size_t slot_of(uint64_t lo, uint64_t hi, size_t mask)
{
    uint64_t h = lo * 0x9E3779B97F4A7C15ull ^ (hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(h ^ (h >> 29)) & mask;
}

static int table_alloc(lx_bgammon_movegen *g, size_t cap)
{
    uint64_t *lo = malloc(cap * sizeof *lo), *hi = malloc(cap * sizeof *hi);
    uint32_t *st = calloc(cap, sizeof *st);
    if (!lo || !hi || !st) {
        free(lo), free(hi), free(st);
        return -1;
    }
    free(g->tlo), free(g->thi), free(g->stamp);
    g->tlo = lo, g->thi = hi, g->stamp = st, g->tcap = cap;
    return 0;
}

static void table_clear(lx_bgammon_movegen *g)
{
    if (++g->gen == 0) {
        memset(g->stamp, 0, g->tcap * sizeof *g->stamp);
        g->gen = 1;
    }
}

/* Insert a key; 1 when it is new, 0 when it was there. */
static inline __attribute__((always_inline)) int table_insert(lx_bgammon_movegen *g, uint64_t lo, uint64_t hi)
{
    size_t mask = g->tcap - 1;
    for (size_t i = slot_of(lo, hi, mask);; i = (i + 1) & mask) {
        if (g->stamp[i] != g->gen) {
            g->stamp[i] = g->gen;
            g->tlo[i] = lo;
            g->thi[i] = hi;
            return 1;
        }
        if (g->tlo[i] == lo && g->thi[i] == hi)
            return 0;
    }
}

/* Rebuild the table twice as large from the plays' keys is not possible
 * (plays do not keep keys), so the table is sized ahead: it grows before it
 * is half full, re-inserting the keys it holds. */
static int table_grow(lx_bgammon_movegen *g)
{
    size_t old_cap = g->tcap;
    uint64_t *lo = g->tlo, *hi = g->thi;
    uint32_t *st = g->stamp, gen = g->gen;
    g->tlo = NULL, g->thi = NULL, g->stamp = NULL;
    if (table_alloc(g, old_cap * 2) != 0) {
        g->tlo = lo, g->thi = hi, g->stamp = st, g->tcap = old_cap;
        return -1;
    }
    g->gen = 1;
    for (size_t i = 0; i < old_cap; i++)
        if (st[i] == gen)
            table_insert(g, lo[i], hi[i]);
    free(lo), free(hi), free(st);
    return 0;
}

static int plays_reserve(lx_bgammon_movegen *g)
{
    if (g->nplays < g->cap)
        return 0;
    size_t cap = g->cap * 2;
    lx_bgammon_play *p = realloc(g->plays, cap * sizeof *p);
    if (!p)
        return -1;
    g->plays = p;
    uint8_t *f = realloc(g->first_die, cap);
    if (!f)
        return -1;
    g->first_die = f;
    g->cap = cap;
    return 0;
}

/* A play of n steps (in g->cur) reached the position with key (klo, khi). */
static inline __attribute__((always_inline)) void record(lx_bgammon_movegen *g, uint64_t klo, uint64_t khi, int n,
                                                     int first_die)
{
    if (n < g->best || g->failed)
        return;
    if (n > g->best) {
        g->best = n;
        g->nplays = 0;
        table_clear(g);
    }
    if ((g->nplays + 1) * 2 > g->tcap && table_grow(g) != 0) {
        g->failed = 1;
        return;
    }
    if (!table_insert(g, klo, khi))
        return;
    if (plays_reserve(g) != 0) {
        g->failed = 1;
        return;
    }
    lx_bgammon_play *out = &g->plays[g->nplays];
    *out = g->cur;
    out->nsteps = (uint8_t)n;
    out->hits &= (uint8_t)((1u << n) - 1);
    for (int k = n; k < 4; k++)
        out->step[k] = (lx_bgammon_step){0, 0};
    g->first_die[g->nplays++] = (uint8_t)first_die;
}

static inline void set_step(lx_bgammon_movegen *g, int k, int s, int d, int hit)
{
    g->cur.step[k].from = (uint8_t)s;
    g->cur.step[k].to = (uint8_t)(s > d ? s - d : 0);
    if (hit)
        g->cur.hits |= (uint8_t)(1u << k);
    else
        g->cur.hits &= (uint8_t)~(1u << k);
}

/* ---- the search -------------------------------------------------------------------------- */

/* Two different dice: `first` then `second`.  The second order (smaller die
 * first) skips a play whose reverse the first order already made: the same
 * two checkers moved, so the same position. */
static void search_order(lx_bgammon_movegen *g, const gen_pos *p, int first, int second, int second_pass)
{
    for (uint32_t src = sources(p, g->blocked, first, 25); src; src &= src - 1) {
        int s = __builtin_ctz(src);
        gen_pos q = *p;
        set_step(g, 0, s, first, gen_step(&q, s, first));
        uint32_t src2 = sources(&q, g->blocked, second, 25);
        if (!src2) {
            record(g, q.klo, q.khi, 1, first);
            continue;
        }
        for (; src2; src2 &= src2 - 1) {
            int s2 = __builtin_ctz(src2), hit;
            if (second_pass && (g->seen[s2] >> s) & 1)
                continue;
            if (!second_pass)
                g->seen[s] |= 1u << s2;
            uint64_t klo, khi;
            key_after(&q, s2, second, &klo, &khi, &hit);
            set_step(g, 1, s2, second, hit);
            record(g, klo, khi, 2, first);
        }
    }
}

/* A double: moves `depth`.. with die d, each from a point no higher than `maxsrc`. */
static void search_double(lx_bgammon_movegen *g, const gen_pos *p, int d, int depth, int maxsrc)
{
    uint32_t src = depth < 4 ? sources(p, g->blocked, d, maxsrc) : 0;
    if (!src) {
        record(g, p->klo, p->khi, depth, d);
        return;
    }
    if (depth == 3) { /* the last move: no state to carry on */
        for (; src; src &= src - 1) {
            int s = __builtin_ctz(src), hit;
            uint64_t klo, khi;
            key_after(p, s, d, &klo, &khi, &hit);
            set_step(g, 3, s, d, hit);
            record(g, klo, khi, 4, d);
        }
        return;
    }
    for (; src; src &= src - 1) {
        int s = __builtin_ctz(src);
        gen_pos q = *p;
        set_step(g, depth, s, d, gen_step(&q, s, d));
        search_double(g, &q, d, depth + 1, s);
    }
}

/* With two dice of which only one can be used: keep the larger die's plays when there are any. */
static void keep_larger(lx_bgammon_movegen *g, int larger)
{
    size_t k = 0;
    int any = 0;
    for (size_t i = 0; i < g->nplays; i++)
        any |= g->first_die[i] == larger;
    if (!any)
        return;
    for (size_t i = 0; i < g->nplays; i++)
        if (g->first_die[i] == larger) {
            g->plays[k] = g->plays[i];
            g->first_die[k++] = g->first_die[i];
        }
    g->nplays = k;
}

lx_bgammon_movegen *lx_bgammon_movegen_new(void)
{
    lx_bgammon_movegen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->cap = 64;
    g->plays = malloc(g->cap * sizeof *g->plays);
    g->first_die = malloc(g->cap);
    if (!g->plays || !g->first_die || table_alloc(g, 1024) != 0) {
        lx_bgammon_movegen_free(g);
        return NULL;
    }
    return g;
}

void lx_bgammon_movegen_free(lx_bgammon_movegen *g)
{
    if (!g)
        return;
    free(g->plays);
    free(g->first_die);
    free(g->tlo);
    free(g->thi);
    free(g->stamp);
    free(g);
}

long lx_bgammon_legal_plays(lx_bgammon_movegen *g, const lx_bgammon_board *b, lx_colour who, int d1, int d2,
                            const lx_bgammon_play **plays)
{
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 || (who != LX_BLACK && who != LX_WHITE))
        return -1;
    gen_pos p;
    if (g->have_last && g->last_who == who && memcmp(&g->last_board, b, sizeof *b) == 0) {
        p = g->last_start;
        g->blocked = g->last_blocked;
    } else {
        gen_pos_init(&p, &g->blocked, b, who);
        g->have_last = 1;
        g->last_who = who;
        g->last_board = *b;
        g->last_start = p;
        g->last_blocked = g->blocked;
    }
    g->nplays = 0;
    g->best = -1;
    g->failed = 0;
    g->cur = (lx_bgammon_play){0};
    table_clear(g);
    if (d1 == d2) {
        search_double(g, &p, d1, 0, 25);
    } else {
        int hi = d1 > d2 ? d1 : d2, lo = d1 + d2 - hi;
        memset(g->seen, 0, sizeof g->seen);
        search_order(g, &p, hi, lo, 0);
        search_order(g, &p, lo, hi, 1);
        if (g->best < 0)
            record(g, p.klo, p.khi, 0, 0);
        else if (g->best == 1)
            keep_larger(g, hi);
    }
    if (g->failed)
        return -1;
    *plays = g->plays;
    return (long)g->nplays;
}

/* ---- how many dice can be used (for judging a given play) ------------------------------------ */

typedef struct usable {
    int best;
    uint32_t blocked;
    lx_bgammon_play cur, example;
    int full;  /* the most a roll allows */
} usable;

static void usable_leaf(usable *u, int n)
{
    if (n > u->best) {
        u->best = n;
        u->example = u->cur;
        u->example.nsteps = (uint8_t)n;
    }
}

static void usable_step(usable *u, int k, int s, int d, int hit)
{
    u->cur.step[k].from = (uint8_t)s;
    u->cur.step[k].to = (uint8_t)(s > d ? s - d : 0);
    u->cur.hits = (uint8_t)(hit ? u->cur.hits | (1u << k) : u->cur.hits & ~(1u << k));
}

static void usable_double(usable *u, const gen_pos *p, int d, int depth, int maxsrc)
{
    uint32_t src = depth < 4 ? sources(p, u->blocked, d, maxsrc) : 0;
    if (!src) {
        usable_leaf(u, depth);
        return;
    }
    for (; src && u->best < u->full; src &= src - 1) {
        int s = __builtin_ctz(src);
        gen_pos q = *p;
        usable_step(u, depth, s, d, gen_step(&q, s, d));
        usable_double(u, &q, d, depth + 1, s);
    }
}

static void usable_order(usable *u, const gen_pos *p, int first, int second)
{
    for (uint32_t src = sources(p, u->blocked, first, 25); src && u->best < 2; src &= src - 1) {
        int s = __builtin_ctz(src);
        gen_pos q = *p;
        usable_step(u, 0, s, first, gen_step(&q, s, first));
        uint32_t src2 = sources(&q, u->blocked, second, 25);
        if (!src2) {
            usable_leaf(u, 1);
            continue;
        }
        int s2 = __builtin_ctz(src2);
        usable_step(u, 1, s2, second, gen_step(&q, s2, second));
        usable_leaf(u, 2);
    }
}

int bg_max_usable(const lx_bgammon_board *b, lx_colour who, int d1, int d2, int *larger_alone,
                  lx_bgammon_play *example)
{
    gen_pos p;
    usable u;
    memset(&u, 0, sizeof u);
    gen_pos_init(&p, &u.blocked, b, who);
    if (larger_alone)
        *larger_alone = 0;
    if (d1 == d2) {
        u.full = 4;
        usable_double(&u, &p, d1, 0, 25);
    } else {
        int hi = d1 > d2 ? d1 : d2, lo = d1 + d2 - hi;
        u.full = 2;
        usable_order(&u, &p, hi, lo);
        if (u.best < 2)
            usable_order(&u, &p, lo, hi);
        if (larger_alone)
            *larger_alone = sources(&p, u.blocked, hi, 25) != 0;
    }
    if (example)
        *example = u.example;
    return u.best;
}

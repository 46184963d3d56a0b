/* sim.c - the simulating crossword player: Monte Carlo lookahead over the
 * racks the opponent may hold.
 *
 * The best plays by static equity are the candidates.  An iteration shuffles
 * the unseen tiles (every tile of the distribution not on the board nor on
 * the mover's rack: the bag and the opponent's rack together, which the
 * mover cannot tell apart), deals the opponent its rack from the front and
 * keeps the rest as the bag in that order; then every candidate still in the
 * race is played out against that same deal (common random numbers make
 * the candidates' differences less noisy than their values): the candidate,
 * the mover's draw, the opponent's best reply by static equity, its draw,
 * and with two plies the mover's best next play.  The value is the spread
 * of those scores plus each side's last leave (or, when a side goes out,
 * twice the other's rack).  A candidate whose mean falls behind the best's by
 * more than two standard errors of the difference is dropped.
 *
 * The opponent's rack in the position is never read: the position the
 * replies are generated on is a copy of the board with the racks the
 * iteration dealt.  Everything lives in the lx_xw_sim: no global state.
 * It does not look past its plies (no endgame solver, no win probability). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/random.h"
#include "xword/xword_impl.h"

#define SIM_CANDIDATES 10      /* when the options say 0 */
#define SIM_ITERATIONS 100     /* when the options give no limit at all */
#define SIM_PLIES 2            /* when the options say 0 */
#define SIM_PRUNE_AFTER 12     /* iterations before a candidate may be dropped */
#define SIM_PRUNE_Z 2.0        /* standard errors of the difference that drop one */
#define SIM_MAX_PLIES 4

typedef struct sim_rack {
    uint8_t t[LX_XW_RACK_SIZE];
    size_t n;
} sim_rack;

struct lx_xw_sim {
    lx_xw_gen *gen;
    lx_xw_pos *pos;                 /* the board, and the racks of the play-out at hand */
    lx_xw_sim_candidate *cand;
    double *sum, *sumsq;            /* of each candidate's values */
    size_t ncand, cap;
    uint8_t *pool, *deal, *bag;     /* the unseen tiles; this iteration's order; a play-out's bag */
    size_t npool, pool_cap;
    uint64_t rng;
    long iterations;
};

/* One candidate played out against one deal. */
typedef struct playout {
    lx_xw_sim *s;
    const lx_xw_sim_options *o;
    sim_rack rack[2];               /* 0 the mover, 1 the opponent */
    size_t nbag, next;              /* s->bag[next..nbag) is still in the bag */
    double leave[2];                /* each side's last leave */
    double value;
    int over;                       /* someone went out */
} playout;

lx_xw_sim *lx_xw_sim_new(void)
{
    lx_xw_sim *s = calloc(1, sizeof *s);
    if (s && (!(s->gen = lx_xw_gen_new()) || !(s->pos = lx_xw_pos_new()))) {
        lx_xw_sim_free(s);
        return NULL;
    }
    return s;
}

void lx_xw_sim_free(lx_xw_sim *s)
{
    if (!s)
        return;
    lx_xw_gen_free(s->gen);
    lx_xw_pos_free(s->pos);
    free(s->cand);
    free(s->sum);
    free(s->sumsq);
    free(s->pool);
    free(s->deal);
    free(s->bag);
    free(s);
}

size_t lx_xw_sim_results(const lx_xw_sim *s, const lx_xw_sim_candidate **out)
{
    *out = s->cand;
    return s->ncand;
}

long lx_xw_sim_iterations(const lx_xw_sim *s)
{
    return s->iterations;
}

/* The square root of x >= 0 by Newton's steps (the library links no libm). */
static double square_root(double x)
{
    if (!(x > 0))
        return 0;
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 64; i++) {
        double next = 0.5 * (r + x / r);
        if (next >= r)
            break;
        r = next;
    }
    return r;
}

/* ---- setting up: the board copied, the unseen tiles, the candidates ---------------------------- */

static double now(int cpu_time)
{
    struct timespec ts;
    clock_gettime(cpu_time ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The board and the rules' numbers of p, with two empty racks. */
static int copy_board(lx_xw_sim *s, const lx_xw_pos *p)
{
    if (lx_xw_pos_reset(s->pos, p->dist, p->layout, 2) != 0)
        return -1;
    memcpy(s->pos->sq, p->sq, (size_t)p->rows * (size_t)p->cols);
    s->pos->ops.bb = p->ops.bb;
    s->pos->ops.etl = p->ops.etl;
    s->pos->ops.mcnz = p->ops.mcnz;
    s->pos->ops.has = p->ops.has & (LX_XW_OP_BB | LX_XW_OP_ETL | LX_XW_OP_MCNZ);
    return 0;
}

/* The tiles neither on the board nor on the mover's rack, in tile order. */
static int gather_unseen(lx_xw_sim *s, const lx_xw_pos *p, const uint8_t *rack, size_t nrack)
{
    int seen[LX_XW_MAX_LETTERS + 1] = {0};
    xw_count_board(p, seen);
    xw_count_tiles(rack, nrack, seen);
    size_t need = (size_t)p->dist->total + 1;
    if (need > s->pool_cap) {
        /* exchanges put tiles back into a play-out's bag after drawing */
        size_t bag_room = need + LX_XW_RACK_SIZE * (SIM_MAX_PLIES + 1);
        uint8_t *a = realloc(s->pool, need), *b = a ? realloc(s->deal, need) : NULL;
        uint8_t *c = b ? realloc(s->bag, bag_room) : NULL;
        s->pool = a ? a : s->pool;
        s->deal = b ? b : s->deal;
        s->bag = c ? c : s->bag;
        if (!c)
            return -1;
        s->pool_cap = need;
    }
    s->npool = 0;
    for (int t = 0; t <= p->dist->n; t++)
        for (int k = seen[t]; k < p->dist->tiles[t].count && s->npool < need; k++)
            s->pool[s->npool++] = (uint8_t)t;
    return 0;
}

/* The best `want` plays by static equity as the candidates. */
static int pick_candidates(lx_xw_sim *s, const lx_xw_play *plays, size_t n, size_t want)
{
    lx_xw_play *sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted)
        return -1;
    memcpy(sorted, plays, n * sizeof *sorted);
    lx_xw_plays_sort(sorted, n, 0);
    s->ncand = n < want ? n : want;
    if (s->ncand > s->cap) {
        lx_xw_sim_candidate *c = realloc(s->cand, s->ncand * sizeof *c);
        double *a = c ? realloc(s->sum, s->ncand * sizeof *a) : NULL, *b = a ? realloc(s->sumsq, s->ncand * sizeof *b) : NULL;
        s->cand = c ? c : s->cand;
        s->sum = a ? a : s->sum;
        s->sumsq = b ? b : s->sumsq;
        if (!b) {
            free(sorted);
            s->ncand = 0;
            return -1;
        }
        s->cap = s->ncand;
    }
    for (size_t i = 0; i < s->ncand; i++) {
        memset(&s->cand[i], 0, sizeof s->cand[i]);
        s->cand[i].play = sorted[i];
        s->sum[i] = s->sumsq[i] = 0;
    }
    free(sorted);
    return 0;
}

/* ---- one play-out ------------------------------------------------------------------------------ */

static int rack_value(const lx_xw_dist *d, const sim_rack *r)
{
    int v = 0;
    for (size_t i = 0; i < r->n; i++)
        v += d->tiles[r->t[i]].value;
    return v;
}

static void take_tile(sim_rack *r, int tile)
{
    for (size_t j = 0; j < r->n; j++)
        if (r->t[j] == tile) {
            r->t[j] = r->t[--r->n];
            return;
        }
}

static void draw_tiles(playout *po, sim_rack *r)
{
    while (r->n < LX_XW_RACK_SIZE && po->next < po->nbag)
        r->t[r->n++] = po->s->bag[po->next++];
}

/* Exchanged tiles go back into the bag at random places among those left. */
static void return_tiles(playout *po, const uint8_t *tiles, int n)
{
    for (int i = 0; i < n; i++) {
        po->s->bag[po->nbag++] = tiles[i];
        size_t span = po->nbag - po->next, j = po->next + lx_random_below(&po->s->rng, (uint32_t)span);
        uint8_t t = po->s->bag[j];
        po->s->bag[j] = po->s->bag[po->nbag - 1];
        po->s->bag[po->nbag - 1] = t;
    }
}

/* Side `who` makes play pl (on the board as m when placed): the score
 * counted, the rack emptied and refilled; going out ends the play-out. */
static void make_play(playout *po, int who, const lx_xw_play *pl, lx_xw_move *m)
{
    double sign = who == 0 ? 1.0 : -1.0;
    sim_rack *r = &po->rack[who];
    po->value += sign * pl->score;
    po->leave[who] = pl->leave;
    if (pl->kind == LX_XW_PLACE) {
        lx_xw_play_move(po->s->pos, pl, m);
        lx_xw_pos_place(po->s->pos, m);
        for (int k = 0; k < pl->ntiles; k++)
            take_tile(r, pl->tiles[k] & LX_XW_BLANK_BIT ? 0 : pl->tiles[k]);
        draw_tiles(po, r);
        if (r->n == 0) {
            po->value += sign * 2.0 * rack_value(po->s->pos->dist, &po->rack[!who]);
            po->over = 1;
        }
        return;
    }
    m->kind = pl->kind;
    if (pl->kind == LX_XW_EXCHANGE) {
        for (int k = 0; k < pl->ntiles; k++)
            take_tile(r, pl->tiles[k]);
        draw_tiles(po, r);
        return_tiles(po, pl->tiles, pl->ntiles);
    }
}

/* Side `who`'s best play by static equity, its rack the position's first. */
static int best_reply(playout *po, int who, lx_xw_play *pl, lx_game_error *err)
{
    lx_xw_pos *q = po->s->pos;
    if (lx_xw_pos_set_rack(q, 0, po->rack[who].t, po->rack[who].n) != 0 ||
        lx_xw_pos_set_rack(q, 1, po->rack[!who].t, po->rack[!who].n) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    lx_xw_gen_options go = {po->o->lexicon, po->o->leaves, po->rack[who].t, po->rack[who].n};
    return lx_xw_gen_best(po->s->gen, q, &go, pl, err);
}

/* Candidate c against the deal in s->deal (the opponent's rack its first
 * `dealt` tiles): its value into *value; 0, or -1 with err set. */
static int play_out(lx_xw_sim *s, const lx_xw_sim_options *o, int plies, const sim_rack *mine, size_t dealt,
                    const lx_xw_play *c, double *value, lx_game_error *err)
{
    playout po = {s, o, {*mine, {{0}, 0}}, s->npool, dealt, {0, 0}, 0, 0};
    memcpy(s->bag, s->deal, s->npool);
    memcpy(po.rack[1].t, s->deal, dealt);
    po.rack[1].n = dealt;
    lx_xw_move placed[SIM_MAX_PLIES + 1];
    int made = 0, failed = 0;
    make_play(&po, 0, c, &placed[made++]);
    for (int ply = 1; ply <= plies && !po.over && !failed; ply++) {
        lx_xw_play reply;
        if (best_reply(&po, ply & 1, &reply, err) != 0)
            failed = 1;
        else
            make_play(&po, ply & 1, &reply, &placed[made++]);
    }
    while (made > 0)
        lx_xw_pos_unplace(s->pos, &placed[--made]);
    *value = po.over ? po.value : po.value + po.leave[0] - po.leave[1];
    return failed ? -1 : 0;
}

/* ---- the race ---------------------------------------------------------------------------------- */

static double mean_of(const lx_xw_sim *s, size_t i)
{
    long n = s->cand[i].iterations;
    return n ? s->sum[i] / (double)n : 0;
}

static double variance_of_mean(const lx_xw_sim *s, size_t i)
{
    long n = s->cand[i].iterations;
    if (n < 2)
        return 0;
    double m = s->sum[i] / (double)n, var = (s->sumsq[i] - (double)n * m * m) / (double)(n - 1);
    return var > 0 ? var / (double)n : 0;
}

/* The live candidate with the best mean (the first in static order on a tie). */
static size_t leader(const lx_xw_sim *s)
{
    size_t best = 0;
    for (size_t i = 0; i < s->ncand; i++)
        if (!s->cand[i].pruned && (s->cand[best].pruned || mean_of(s, i) > mean_of(s, best)))
            best = i;
    return best;
}

/* Drop the candidates clearly behind the leader; how many are left. */
static size_t prune(lx_xw_sim *s)
{
    size_t lead = leader(s), live = 0;
    for (size_t i = 0; i < s->ncand; i++) {
        if (s->cand[i].pruned || i == lead) {
            live += !s->cand[i].pruned;
            continue;
        }
        double gap = mean_of(s, lead) - mean_of(s, i);
        double se = square_root(variance_of_mean(s, lead) + variance_of_mean(s, i));
        if (s->cand[i].iterations >= SIM_PRUNE_AFTER && gap > SIM_PRUNE_Z * se)
            s->cand[i].pruned = 1;
        else
            live++;
    }
    return live;
}

/* One iteration: a new deal, every live candidate played out on it. */
static int iterate(lx_xw_sim *s, const lx_xw_sim_options *o, int plies, const sim_rack *mine, lx_game_error *err)
{
    memcpy(s->deal, s->pool, s->npool);
    for (size_t i = s->npool; i > 1; i--) {
        size_t j = lx_random_below(&s->rng, (uint32_t)i);
        uint8_t t = s->deal[i - 1];
        s->deal[i - 1] = s->deal[j];
        s->deal[j] = t;
    }
    size_t dealt = s->npool < LX_XW_RACK_SIZE ? s->npool : LX_XW_RACK_SIZE;
    for (size_t i = 0; i < s->ncand; i++) {
        if (s->cand[i].pruned)
            continue;
        double v;
        if (play_out(s, o, plies, mine, dealt, &s->cand[i].play, &v, err) != 0)
            return -1;
        s->sum[i] += v;
        s->sumsq[i] += v * v;
        s->cand[i].iterations++;
    }
    s->iterations++;
    return 0;
}

static int by_result(const void *a, const void *b)
{
    const lx_xw_sim_candidate *x = a, *y = b;
    if (x->pruned != y->pruned)
        return x->pruned - y->pruned;
    if (x->mean != y->mean)
        return x->mean > y->mean ? -1 : 1;
    return lx_xw_play_cmp(&x->play, &y->play);
}

/* Means and errors into the candidates, sorted best first. */
static void finish(lx_xw_sim *s)
{
    for (size_t i = 0; i < s->ncand; i++) {
        s->cand[i].mean = mean_of(s, i);
        s->cand[i].stderr_mean = square_root(variance_of_mean(s, i));
    }
    qsort(s->cand, s->ncand, sizeof *s->cand, by_result);
}

static int race(lx_xw_sim *s, const lx_xw_sim_options *o, const sim_rack *mine, lx_game_error *err)
{
    int plies = o->plies > 0 ? (o->plies < SIM_MAX_PLIES ? o->plies : SIM_MAX_PLIES) : SIM_PLIES;
    long limit = o->iterations > 0 ? o->iterations : o->seconds > 0 ? -1 : SIM_ITERATIONS;
    if (s->npool <= LX_XW_RACK_SIZE)
        limit = 1; /* the bag is empty: the opponent's rack is every unseen tile */
    double start = now(o->cpu_time);
    size_t live = s->ncand;
    while (live > 1 && (limit < 0 || s->iterations < limit)) {
        if (iterate(s, o, plies, mine, err) != 0)
            return -1;
        live = prune(s);
        if (o->seconds > 0 && now(o->cpu_time) - start >= o->seconds)
            break;
    }
    return 0;
}

int lx_xw_sim_run(lx_xw_sim *s, const lx_xw_pos *p, const lx_xw_sim_options *o, lx_xw_play *best,
                  lx_game_error *err)
{
    s->ncand = 0;
    s->iterations = 0;
    s->rng = o->seed;
    if (!o->lexicon)
        return lx_game_fail(err, "NO_LEXICON", "a simulation needs a lexicon");
    sim_rack mine = {{0}, 0};
    size_t n;
    const uint8_t *r = o->rack ? o->rack : lx_xw_pos_rack(p, 0, &n);
    n = o->rack ? o->nrack : n;
    if (n > LX_XW_RACK_SIZE)
        return lx_game_fail(err, "RACK_TOO_LONG", "a rack of %zu tiles; a rack holds %d", n, LX_XW_RACK_SIZE);
    memcpy(mine.t, r, n);
    mine.n = n;
    /* the candidates come from the board alone, as the replies will */
    if (copy_board(s, p) != 0 || gather_unseen(s, p, mine.t, mine.n) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    lx_xw_gen_options go = {o->lexicon, o->leaves, mine.t, mine.n};
    const lx_xw_play *plays;
    long count = lx_xw_gen_all(s->gen, s->pos, &go, &plays, err);
    if (count < 0)
        return -1;
    size_t want = o->candidates > 0 ? (size_t)o->candidates : SIM_CANDIDATES;
    if (pick_candidates(s, plays, (size_t)count, want) != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    if (race(s, o, &mine, err) != 0)
        return -1;
    finish(s);
    *best = s->cand[0].play;
    return 0;
}

/* engine/mcts.c - Monte Carlo tree search with RAVE, one tree per thread.
 *
 * Each iteration walks down the tree choosing at every node the child of
 * highest (1 - beta) * Q + beta * AMAF, where Q is
 * the child's win rate, AMAF its "all moves as first" win rate (the playouts
 * through the parent in which the parent's colour to move held the child's
 * id at the end), and beta = r / (r + n + 4 n r b^2) (Silver's weight: AMAF
 * leads while a child has few visits of its own).  There is no exploration
 * term: the AMAF values and a first-play value of 1 for a child with no
 * figures at all explore enough (MoHex 2.0 adds 0.22 sqrt(ln N / n) to Q;
 * tried in the Hex search, 9x9, 0.5 s a move, it won 32 of 80 paired games
 * against the search without it, bench/RESULTS.md).  A leaf visited
 * `expand_at` times grows all its children; the game's playout finishes the
 * game, `leaf_playouts` times from the same leaf; the playouts' owners are
 * summed per id, the results go back up the path, and the AMAF counts of
 * every child of every node on the path are updated from the sums - the
 * same pass finds each node's best child for the next selection.  With
 * `progressive_bias` c and the game's policy (ops->policy: how likely a
 * strong player is to choose each move, p), a child's value also gets
 * c p / sqrt(n + 1), a pull towards likely moves that fades with the
 * child's own visits n (MoHex 2.0's progressive bias; the AMAF prior of
 * ops->prior fades with the AMAF playouts instead, far sooner).  A node
 * below the root that reaches `knowledge_at` visits has its children cut to
 * those the game's knowledge keeps (ops->prune; Hex: H-search's must-play);
 * where the knowledge proves the mover there lost, the node is a proved win
 * for the other colour: never grown again, every playout through it counted
 * as his (so its parent's choice and value follow the proof).
 *
 * Parallelism: one tree per thread, merged at the root when a move is
 * chosen (root parallelism).  No locks or atomics on the hot path, each
 * thread's search repeats exactly from its seed, and on two to a few cores it
 * plays as strongly as a shared tree (Chaslot, Winands and van den Herik,
 * "Parallel Monte-Carlo Tree Search", 2008) - shared trees pay for their
 * locks or virtual losses and lose the determinism the tests rely on.  A
 * thread's tree, path and AMAF sums are its own allocations (nothing it
 * writes shares a cache line with another thread's).
 *
 * Memory: the trees together hold at most `node_cap` nodes (a root always
 * gets its children); a full tree stops growing and its leaves keep playing
 * out.  Nodes are arrays per tree, one a field (move, visits, wins, AMAF
 * visits, AMAF wins, links), so that a node's children - contiguous, their
 * number rounded up to a multiple of 4 with fillers that never win a
 * selection - are updated and compared four at a time with vector
 * arithmetic (GCC and Clang vector extensions).  Between moves the subtree
 * of the move played is copied to fresh arrays breadth first (no
 * recursion), so the old tree's memory goes back; where it would hold over
 * a quarter of the cap, only its nodes of the most visits keep their
 * children (tree_advance), and the rest grow again when reached; a search
 * whose tree nears the cap keeps its most visited half the same way
 * (tree_keep) and grows on.
 *
 * Flat Monte Carlo (params.flat): the root's moves in turn, one playout
 * each, no tree below them, no AMAF: the yardstick. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine_int.h"
#include "engine/mcts.h"

typedef struct mlink {
    int32_t first;  /* first child, -1 while not expanded */
    int32_t nchild; /* children (the fillers after them not counted) */
    int32_t best;   /* the child selection takes next (its index among the children) */
} mlink;

/* Children blocks are a multiple of this long; the fillers' move is the id
 * `nids`, whose AMAF sums stay 0, and their value is FILLER_WINS. */
#define LANES 4
#define FILLER_WINS (-1e9f)

/* A node's link.first when the game proved its mover lost (prune_children):
 * below the root it is not grown again, and every playout through it counts
 * as won by the colour that played its move. */
#define PROVED (-2)

static int32_t block_of(int32_t n)
{
    return (n + LANES - 1) / LANES * LANES;
}

/* The last id is the swap, which no playout holds: instead of AMAF figures
 * it starts with a prior of even chances worth this many playouts, which its
 * own visits then outweigh (with no AMAF and no exploration term, one lost
 * first playout would leave it at 0 for ever). */
#define SWAP_PRIOR 20

typedef struct mtree {
    _Alignas(64) int32_t nids; /* whole cache lines: the threads' trees share none */
    /* the nodes: node x is move[x], visits[x] ... */
    int32_t *move;    /* id of the move that leads here (-1 at the root, nids a filler) */
    uint32_t *visits;
    float *wins;      /* for the colour that played `move` */
    float *rvisits;   /* AMAF playouts (a float: it is only ever compared and weighed) */
    float *rwins;     /* AMAF wins for the parent's colour to move */
    float *bias;      /* progressive_bias times the policy's figure of the move (0 without) */
    mlink *link;
    int32_t n, cap, limit;
    uint64_t rng;
    int32_t *ids;      /* legal moves (nids) */
    int32_t *path;     /* node indices, root first */
    uint8_t *colour;   /* colour to move at each node of the path (1 Black, 2 White) */
    float *amaf;       /* the leaf's playouts, per id 4 floats: how often Black held it and
                          Black's wins over those, the same for White; nids + 1 ids (the
                          last, the fillers', always 0) */
    int32_t pathcap;
    long playouts;     /* last search */
    /* the search's arguments */
    void *sim;
    const mcts_sim_ops *ops;
    double deadline;
    long budget;
    atomic_int *stop;
    int failed;
} mtree;

struct mcts {
    mcts_params p;
    int32_t nids;
    mtree *trees;
    long last_playouts;
    double last_seconds;
};

void mcts_params_default(mcts_params *p)
{
    memset(p, 0, sizeof *p);
    p->rave_bias = 0.0005;
    p->expand_at = 1;
    p->node_cap = 4000000; /* 36 bytes a node: 144 MB at most */
    p->threads = 1;
}

/* n bytes, zeroed, from a cache line of their own to the end of their last
 * (a thread's small arrays share no line with another's). */
static void *lines_alloc(size_t n)
{
    size_t size = (n + 63) / 64 * 64;
    void *p = aligned_alloc(64, size ? size : 64);
    if (p)
        memset(p, 0, size ? size : 64);
    return p;
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

mcts *mcts_new(const mcts_params *p, int32_t nids, uint64_t seed)
{
    mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->p = *p;
    if (m->p.threads < 1)
        m->p.threads = 1;
    m->nids = nids;
    m->trees = lines_alloc((size_t)m->p.threads * sizeof *m->trees);
    if (!m->trees) {
        free(m);
        return NULL;
    }
    long each = m->p.node_cap / m->p.threads;
    for (int t = 0; t < m->p.threads; t++) {
        mtree *tr = &m->trees[t];
        tr->nids = nids;
        tr->limit = (int32_t)(each > INT32_MAX / 2 ? INT32_MAX / 2 : each);
        if (tr->limit < block_of(nids) + 2)
            tr->limit = block_of(nids) + 2;
        tr->rng = splitmix(&seed) | 1;
        tr->ids = lines_alloc((size_t)nids * sizeof *tr->ids);
        tr->amaf = lines_alloc(4 * ((size_t)nids + 1) * sizeof *tr->amaf);
        tr->pathcap = nids + 2; /* every tree move fills a cell, or swaps */
        tr->path = lines_alloc((size_t)tr->pathcap * sizeof *tr->path);
        tr->colour = lines_alloc((size_t)tr->pathcap);
        if (!tr->ids || !tr->amaf || !tr->path || !tr->colour) {
            mcts_free(m);
            return NULL;
        }
    }
    return m;
}

static void nodes_free(mtree *tr)
{
    free(tr->move);
    free(tr->visits);
    free(tr->wins);
    free(tr->rvisits);
    free(tr->rwins);
    free(tr->bias);
    free(tr->link);
    tr->move = NULL;
    tr->visits = NULL;
    tr->wins = tr->rvisits = tr->rwins = tr->bias = NULL;
    tr->link = NULL;
}

void mcts_free(mcts *m)
{
    if (!m)
        return;
    for (int t = 0; t < m->p.threads; t++) {
        nodes_free(&m->trees[t]);
        free(m->trees[t].ids);
        free(m->trees[t].amaf);
        free(m->trees[t].path);
        free(m->trees[t].colour);
    }
    free(m->trees);
    free(m);
}

static void tree_forget(mtree *tr)
{
    nodes_free(tr);
    tr->n = tr->cap = 0;
}

void mcts_forget(mcts *m)
{
    for (int t = 0; t < m->p.threads; t++)
        tree_forget(&m->trees[t]);
}

/* The arrays of tr resized to cap nodes; 0, or -1 (those that could be
 * resized are, the capacity is not). */
static int nodes_resize(mtree *tr, int32_t cap)
{
    int ok = 1;
#define RESIZE(field)                                                                                       \
    do {                                                                                                    \
        void *p = realloc(tr->field, (size_t)cap * sizeof *tr->field);                                      \
        if (p)                                                                                              \
            tr->field = p;                                                                                  \
        else                                                                                                \
            ok = 0;                                                                                         \
    } while (0)
    RESIZE(move);
    RESIZE(visits);
    RESIZE(wins);
    RESIZE(rvisits);
    RESIZE(rwins);
    RESIZE(bias);
    RESIZE(link);
#undef RESIZE
    return ok ? 0 : -1;
}

/* Room for `more` nodes: 0, or -1 when over the limit or out of memory. */
static int tree_reserve(mtree *tr, int32_t more)
{
    if ((int64_t)tr->n + more > tr->limit)
        return -1;
    if (tr->n + more <= tr->cap)
        return 0;
    int64_t cap = tr->cap ? tr->cap : 1024;
    while (cap < (int64_t)tr->n + more)
        cap *= 2;
    if (cap > tr->limit)
        cap = tr->limit;
    if (nodes_resize(tr, (int32_t)cap) != 0)
        return -1;
    tr->cap = (int32_t)cap;
    return 0;
}

/* Node `from` of `src` (or the n nodes from it) to `to` of `dst`. */
static void copy_nodes(mtree *dst, int32_t to, const mtree *src, int32_t from, int32_t n)
{
    memcpy(&dst->move[to], &src->move[from], (size_t)n * sizeof *dst->move);
    memcpy(&dst->visits[to], &src->visits[from], (size_t)n * sizeof *dst->visits);
    memcpy(&dst->wins[to], &src->wins[from], (size_t)n * sizeof *dst->wins);
    memcpy(&dst->rvisits[to], &src->rvisits[from], (size_t)n * sizeof *dst->rvisits);
    memcpy(&dst->rwins[to], &src->rwins[from], (size_t)n * sizeof *dst->rwins);
    memcpy(&dst->bias[to], &src->bias[from], (size_t)n * sizeof *dst->bias);
    memcpy(&dst->link[to], &src->link[from], (size_t)n * sizeof *dst->link);
}

/* A subtree kept between moves holds at most this share (1/KEEP_SHARE) of a tree's nodes,
 * so that the next search has room to grow: at 11x11 a second's search
 * grows about 1.7 million nodes (280,000 playouts, two a leaf, a leaf
 * grown at its 8th visit with ~100 children), and keeping the whole
 * subtree of the move played filled the 4 million of the cap within 4-5
 * moves, after which no search grew its tree at all. */
#define KEEP_SHARE 4
/* A search whose tree is this close to full - within 1/TRIM_AT of the cap -
 * trims it to its most visited half (the root stays) and grows on: a long
 * search (an analysis, a bot of several seconds a move) would otherwise
 * stop growing its tree after ~2 s at 11x11. */
#define TRIM_AT 16

/* Visits bucketed by the top three bits of the count (monotone, 128
 * buckets), and the least count of a bucket. */
enum { VISIT_BUCKETS = 128 };

static int visit_bucket(uint32_t v)
{
    if (v < 4)
        return (int)v;
    int e = 31 - __builtin_clz(v);
    return 4 * e + (int)(v >> (e - 2) & 3);
}

static uint32_t bucket_floor(int b)
{
    return b < 8 ? (uint32_t)b : (uint32_t)(4 + b % 4) << (b / 4 - 2);
}

/* The fewest visits a node of the subtree under `keep` needs to keep its
 * children, so that the nodes kept fit in `room`, into *least: a node's
 * visits are never more than its parent's, so the nodes of at least that
 * many visits are the top of the subtree (0: the whole subtree fits).  0, or
 * -1 when out of memory. */
static int keep_threshold(const mtree *tr, int32_t keep, int64_t room, uint32_t *least)
{
    int64_t hist[VISIT_BUCKETS] = {0}, total = 1;
    int32_t *queue = malloc(((size_t)tr->n / LANES + 2) * sizeof *queue);
    if (!queue)
        return -1;
    int32_t head = 0, tail = 0;
    queue[tail++] = keep;
    while (head < tail) { /* the expanded nodes only: each has a block of at least LANES */
        int32_t at = queue[head++];
        const mlink *x = &tr->link[at];
        if (x->first < 0 || x->nchild == 0)
            continue;
        int32_t len = block_of(x->nchild);
        hist[visit_bucket(tr->visits[at])] += len;
        total += len;
        for (int32_t i = 0; i < x->nchild; i++)
            if (tr->link[x->first + i].first >= 0 && tr->link[x->first + i].nchild > 0)
                queue[tail++] = x->first + i;
    }
    free(queue);
    *least = 0;
    if (total <= room)
        return 0;
    int64_t kept = 1;
    int b = VISIT_BUCKETS - 1;
    for (; b > 0 && kept + hist[b] <= room; b--)
        kept += hist[b];
    *least = b + 1 < VISIT_BUCKETS ? bucket_floor(b + 1) : UINT32_MAX;
    return 0;
}

/* The tree made the subtree under node `keep` (its root now), only its nodes
 * of the most visits keeping their children so that it fits in `room`
 * nodes: copied to fresh arrays breadth first (the fresh arrays are their
 * own queue).  0, or -1 when out of memory (the tree as it was). */
static int tree_keep(mtree *tr, int32_t keep, int64_t room)
{
    uint32_t least;
    mtree fresh = {.nids = tr->nids};
    if (keep_threshold(tr, keep, room, &least) != 0 || nodes_resize(&fresh, tr->cap) != 0) {
        nodes_free(&fresh);
        return -1;
    }
    copy_nodes(&fresh, 0, tr, keep, 1);
    fresh.move[0] = -1;
    int32_t n = 1;
    for (int32_t i = 0; i < n; i++) {
        mlink *x = &fresh.link[i];
        if (x->first < 0 || x->nchild == 0)
            continue;
        if (i > 0 && fresh.visits[i] < least) {
            *x = (mlink){.first = -1}; /* a leaf again: it grows afresh when next reached */
            continue;
        }
        int32_t len = block_of(x->nchild);
        copy_nodes(&fresh, n, tr, x->first, len);
        x->first = n;
        n += len;
    }
    nodes_free(tr);
    tr->move = fresh.move;
    tr->visits = fresh.visits;
    tr->wins = fresh.wins;
    tr->rvisits = fresh.rvisits;
    tr->rwins = fresh.rwins;
    tr->bias = fresh.bias;
    tr->link = fresh.link;
    tr->n = n;
    return 0;
}

static void tree_advance(mtree *tr, int32_t id)
{
    if (tr->n == 0 || tr->link[0].first < 0) {
        tree_forget(tr);
        return;
    }
    int32_t keep = -1;
    for (int32_t i = 0; i < tr->link[0].nchild; i++)
        if (tr->move[tr->link[0].first + i] == id)
            keep = tr->link[0].first + i;
    if (keep < 0 || tree_keep(tr, keep, tr->limit / KEEP_SHARE) != 0)
        tree_forget(tr);
}

void mcts_advance(mcts *m, int32_t id)
{
    for (int t = 0; t < m->p.threads; t++) {
        if (m->p.flat)
            tree_forget(&m->trees[t]);
        else
            tree_advance(&m->trees[t], id);
    }
}

/* ---- one search thread ------------------------------------------------------------ */

/* 1 / sqrt(x) for x >= 1 within 5e-6 (the bit trick's guess and two
 * Newton steps): no libm, and the same figure for one child or four. */
#define RSQRT_STEPS(y, x)                                                                                     \
    do {                                                                                                      \
        y = y * (1.5f - 0.5f * x * y * y);                                                                    \
        y = y * (1.5f - 0.5f * x * y * y);                                                                    \
    } while (0)

static inline float rsqrt1(float x)
{
    int32_t i;
    float y;
    memcpy(&i, &x, sizeof i);
    i = 0x5f375a86 - (i >> 1);
    memcpy(&y, &i, sizeof y);
    RSQRT_STEPS(y, x);
    return y;
}

/* A child's selection value: (1 - beta) Q + beta AMAF, or the first-play
 * value 1 while it has no figures at all, plus its bias / sqrt(n + 1) when
 * `biased`.  (1 - beta) wins / n + beta rwins / r with beta = r / D, D = r
 * + n + b4 n r, is (wins (1 + b4 r) + rwins) / D: one division.
 * update_children computes the same four children at a time. */
static inline float value_of(const mtree *tr, int32_t c, float b4, int biased)
{
    float nv = (float)tr->visits[c], rv = tr->rvisits[c];
    float d = rv + nv + b4 * nv * rv;
    float v = d > 0 ? (tr->wins[c] * (1.0f + b4 * rv) + tr->rwins[c]) / d : 1.0f;
    return biased ? v + tr->bias[c] * rsqrt1(nv + 1.0f) : v;
}

/* The index among the n children from `first` of the one of highest
 * selection value, the first of equals. */
static int32_t best_child(const mtree *tr, int32_t first, int32_t n, float b4, int biased)
{
    float best = -1.0f;
    int32_t pick = 0;
    for (int32_t i = 0; i < n; i++) {
        float v = value_of(tr, first + i, b4, biased);
        if (v > best) {
            best = v;
            pick = i;
        }
    }
    return pick;
}

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef uint64_t v2u __attribute__((vector_size(16)));

static inline v4f pick4(v4i mask, v4f a, v4f b)
{
    return (v4f)(((v4i)a & mask) | ((v4i)b & ~mask));
}

static inline v4f rsqrt4(v4f x)
{
    const v4i magic = {0x5f375a86, 0x5f375a86, 0x5f375a86, 0x5f375a86};
    v4f y = (v4f)(magic - ((v4i)x >> 1));
    RSQRT_STEPS(y, x);
    return y;
}

/* The AMAF update of the children from `first` (block_of(n) of them, the
 * fillers included) for the mover whose sums are at `am` (held, mover's
 * wins, every 4 floats), and the index of the best of them after it: four
 * at a time (value_of by vector arithmetic, one vector division), each
 * lane keeping its best, the lanes merged at the end (the first of
 * equals). */
static int32_t update_children(mtree *tr, int32_t first, int32_t n, const float *am, float b4, int biased)
{
    const v4f one = {1.0f, 1.0f, 1.0f, 1.0f}, zero = {0.0f, 0.0f, 0.0f, 0.0f}, b4v = {b4, b4, b4, b4};
    v4f bv = -one;
    v4i bi = {0, 0, 0, 0}, k = {0, 1, 2, 3};
    const v4i step = {LANES, LANES, LANES, LANES};
    /* locals: the stores below are floats, which could alias tr's fields */
    const int32_t *restrict move = tr->move + first;
    const uint32_t *restrict visits = tr->visits + first;
    const float *restrict wins = tr->wins + first, *restrict bias = tr->bias + first;
    float *restrict rvisits = tr->rvisits + first, *restrict rwins = tr->rwins + first;
    int32_t len = block_of(n);
    for (int32_t i = 0; i < len; i += LANES, k += step) {
        v4i mv, vis;
        v4f w, rv, rw;
        memcpy(&mv, &move[i], sizeof mv);
        memcpy(&vis, &visits[i], sizeof vis);
        memcpy(&w, &wins[i], sizeof w);
        memcpy(&rv, &rvisits[i], sizeof rv);
        memcpy(&rw, &rwins[i], sizeof rw);
        /* the four children's (held, won) pairs, then held and won apart */
        uint64_t q0, q1, q2, q3;
        memcpy(&q0, am + 4 * (size_t)mv[0], 8);
        memcpy(&q1, am + 4 * (size_t)mv[1], 8);
        memcpy(&q2, am + 4 * (size_t)mv[2], 8);
        memcpy(&q3, am + 4 * (size_t)mv[3], 8);
        v4f p01 = (v4f)(v2u){q0, q1}, p23 = (v4f)(v2u){q2, q3};
        rv += __builtin_shufflevector(p01, p23, 0, 2, 4, 6);
        rw += __builtin_shufflevector(p01, p23, 1, 3, 5, 7);
        memcpy(&rvisits[i], &rv, sizeof rv);
        memcpy(&rwins[i], &rw, sizeof rw);
        v4f nv = __builtin_convertvector(vis, v4f); /* visits stay below 2^31 */
        v4f d = rv + nv + b4v * nv * rv;
        v4f none = (v4f)((v4i)(d == zero) & (v4i)one); /* 1 for no figures at all: the first-play value 1 */
        v4f value = (w * (one + b4v * rv) + rw + none) / (d + none);
        if (biased) {
            v4f bs;
            memcpy(&bs, &bias[i], sizeof bs);
            value += bs * rsqrt4(nv + one);
        }
        v4i better = value > bv;
        bv = pick4(better, value, bv);
        bi = (k & better) | (bi & ~better);
    }
    int32_t best = bi[0];
    float pv = bv[0];
    for (int l = 1; l < LANES; l++) {
        if (bv[l] > pv || (bv[l] == pv && bi[l] < best)) {
            pv = bv[l];
            best = bi[l];
        }
    }
    return best;
}

/* A node's children change their figures only when the node is on the path
 * (its child's own, and the AMAF update of all of them), so the backup that
 * updates them also finds the best one, and the selection reads it. */
static int32_t select_child(const mcts_params *p, const mtree *tr, int32_t parent)
{
    const mlink *l = &tr->link[parent];
    if (p->flat)
        return l->first + (int32_t)(tr->visits[parent] % (uint32_t)l->nchild);
    return l->first + l->best;
}

/* The progressive bias's constant for this search (0: none). */
static float bias_of(const mcts_params *p, const mcts_sim_ops *ops)
{
    return ops->policy && !p->flat && p->progressive_bias > 0 ? p->progressive_bias : 0.0f;
}

/* Grow the children of node x from the sim's legal moves; 0, or -1 when
 * there is no room (x stays a leaf).  pb: bias_of's constant. */
static int expand(mtree *tr, int32_t x, const void *sim, const mcts_sim_ops *ops, float b4, float pb)
{
    int32_t n = (int32_t)ops->legal(sim, tr->ids), len = block_of(n), c = tr->n;
    if (tree_reserve(tr, len) != 0)
        return -1;
    for (int32_t i = 0; i < len; i++) {
        int filler = i >= n;
        tr->move[c + i] = filler ? tr->nids : tr->ids[i];
        tr->visits[c + i] = (uint32_t)filler;
        tr->wins[c + i] = filler ? FILLER_WINS : 0.0f;
        tr->rvisits[c + i] = tr->rwins[c + i] = tr->bias[c + i] = 0.0f;
        tr->link[c + i] = (mlink){.first = -1};
    }
    if (pb > 0 && n > 0) {
        ops->policy(sim, tr->ids, (size_t)n, &tr->bias[c]);
        for (int32_t i = 0; i < n; i++)
            tr->bias[c + i] *= pb;
    }
    if (ops->prior)
        ops->prior(sim, tr->ids, (size_t)n, &tr->rvisits[c], &tr->rwins[c]);
    if (n > 0 && tr->ids[n - 1] == tr->nids - 1) { /* the swap: no playout holds it, so no AMAF */
        tr->rvisits[c + n - 1] = (float)SWAP_PRIOR;
        tr->rwins[c + n - 1] = SWAP_PRIOR / 2.0f;
    }
    tr->link[x] = (mlink){.first = c, .nchild = n, .best = best_child(tr, c, n, b4, pb > 0)};
    tr->n += len;
    return 0;
}

/* Node x's children cut to the `kept` (at least one) of ids[], in that
 * order; the others become fillers (their subtrees are left unreachable). */
static void cut_children(mtree *tr, int32_t x, const int32_t *ids, size_t kept, float b4, int biased)
{
    mlink *l = &tr->link[x];
    int32_t f = l->first, n = l->nchild, k = 0;
    for (size_t j = 0; j < kept; j++)
        for (int32_t i = k; i < n; i++)
            if (tr->move[f + i] == ids[j]) {
                int32_t mv = tr->move[f + i]; /* swap nodes f + k and f + i */
                uint32_t vi = tr->visits[f + i];
                float w = tr->wins[f + i], rv = tr->rvisits[f + i], rw = tr->rwins[f + i], bi = tr->bias[f + i];
                mlink ln = tr->link[f + i];
                copy_nodes(tr, f + i, tr, f + k, 1);
                tr->move[f + k] = mv, tr->visits[f + k] = vi, tr->wins[f + k] = w;
                tr->rvisits[f + k] = rv, tr->rwins[f + k] = rw, tr->bias[f + k] = bi, tr->link[f + k] = ln;
                k++;
                break;
            }
    for (int32_t i = k; i < n; i++) {
        tr->move[f + i] = tr->nids;
        tr->visits[f + i] = 1;
        tr->wins[f + i] = FILLER_WINS;
        tr->rvisits[f + i] = tr->rwins[f + i] = tr->bias[f + i] = 0.0f;
        tr->link[f + i] = (mlink){.first = -1};
    }
    l->nchild = k;
    l->best = best_child(tr, f, k, b4, biased);
}

/* Node x's children cut to those ops->prune keeps.  When the game proves
 * the mover at x lost (prune keeps none), x becomes PROVED: a win for the
 * colour that played its move, all its visits so far counted won. */
static void prune_children(mtree *tr, int32_t x, void *sim, const mcts_sim_ops *ops, float b4, int biased)
{
    mlink *l = &tr->link[x];
    int32_t f = l->first, n = l->nchild;
    for (int32_t i = 0; i < n; i++)
        tr->ids[i] = tr->move[f + i];
    size_t kept = ops->prune(sim, tr->ids, (size_t)n);
    if (kept == 0) {
        *l = (mlink){.first = PROVED};
        tr->wins[x] = (float)tr->visits[x];
        return;
    }
    if (kept < (size_t)n)
        cut_children(tr, x, tr->ids, kept, b4, biased);
}

/* The tree's root children kept are those of ids[] it has (the rest it
 * never had were pruned at that node by the game's knowledge, as moves that
 * lose or are never better). */
void mcts_cut_root(mcts *m, const mcts_sim_ops *ops, const int32_t *ids, size_t n)
{
    for (int t = 0; t < m->p.threads; t++) {
        mtree *tr = &m->trees[t];
        if (m->p.flat || tr->n == 0 || tr->link[0].first < 0)
            continue;
        int32_t f = tr->link[0].first, nc = tr->link[0].nchild;
        size_t have = 0;
        for (size_t j = 0; j < n; j++)
            for (int32_t i = 0; i < nc; i++)
                if (tr->move[f + i] == ids[j]) {
                    tr->ids[have++] = ids[j];
                    break;
                }
        if (have == 0)
            tree_forget(tr); /* nothing in common: it starts afresh */
        else if (have < (size_t)nc)
            cut_children(tr, 0, tr->ids, have, (float)(4.0 * m->p.rave_bias), bias_of(&m->p, ops) > 0);
    }
}

static int path_reserve(mtree *tr, int32_t depth)
{
    if (depth < tr->pathcap)
        return 0;
    int32_t cap = tr->pathcap ? tr->pathcap * 2 : 64;
    while (cap <= depth)
        cap *= 2;
    int32_t *path = realloc(tr->path, (size_t)cap * sizeof *path);
    if (path)
        tr->path = path;
    uint8_t *colour = realloc(tr->colour, (size_t)cap);
    if (colour)
        tr->colour = colour;
    if (!path || !colour)
        return -1;
    tr->pathcap = cap;
    return 0;
}

static uint8_t code(lx_colour c)
{
    return (uint8_t)(c + 1);
}

/* Add a playout whose result for Black is `black` to the leaf's figures
 * (the first playout's sums replace the last leaf's): per id one vector
 * addition of what its owner adds (nobody, Black, White), no compares on
 * who holds it - a coin toss the processor cannot predict. */
static void gather(mtree *tr, double black, const uint8_t *restrict owners, int first)
{
    int32_t nids = tr->nids;
    float r = (float)black;
    const v4f add[3] = {{0.0f, 0.0f, 0.0f, 0.0f}, {1.0f, r, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f, 1.0f - r}};
    float *a = tr->amaf;
    if (first) {
        for (int32_t id = 0; id < nids; id++, a += 4) {
            uint32_t o = owners[id];
            memcpy(a, &add[o > 2 ? 0 : o], sizeof add[0]);
        }
        return;
    }
    for (int32_t id = 0; id < nids; id++, a += 4) {
        uint32_t o = owners[id];
        v4f sum;
        memcpy(&sum, a, sizeof sum);
        sum += add[o > 2 ? 0 : o];
        memcpy(a, &sum, sizeof sum);
    }
}

/* Back up `n` playouts from the leaf whose results for Black sum to `black`
 * and whose AMAF figures gather() added up. */
static void backup(const mcts_params *p, mtree *tr, int32_t depth, uint32_t n, double black)
{
    tr->visits[tr->path[0]] += n;
    for (int32_t i = 1; i < depth; i++) {
        int32_t x = tr->path[i];
        tr->visits[x] += n;
        tr->wins[x] += (float)(tr->colour[i - 1] == 1 ? black : n - black);
    }
    if (p->flat)
        return;
    float b4 = (float)(4.0 * p->rave_bias);
    int biased = bias_of(p, tr->ops) > 0;
    for (int32_t i = 0; i < depth; i++) {
        mlink *x = &tr->link[tr->path[i]];
        if (x->first >= 0)
            x->best = update_children(tr, x->first, x->nchild, tr->amaf + (tr->colour[i] == 1 ? 0 : 2), b4, biased);
    }
}

/* One iteration: down the tree, grow it, play out `n` times from the leaf
 * (p->leaf_playouts, less when the budget ends sooner), back up.  0, or -1
 * when out of memory. */
static int iterate(const mcts_params *p, mtree *tr, uint32_t n)
{
    void *sim = tr->sim;
    const mcts_sim_ops *ops = tr->ops;
    ops->reset(sim);
    int32_t depth = 0, x = 0;
    uint8_t proved = 0; /* the code of the colour a PROVED node on the path is won for */
    for (;;) {
        if (path_reserve(tr, depth + 1) != 0)
            return -1;
        tr->path[depth] = x;
        tr->colour[depth++] = code(ops->to_play(sim));
        if (x != 0 && tr->link[x].first == PROVED) {
            proved = tr->colour[depth - 2];
            break;
        }
        int grown = 0;
        if (tr->link[x].first < 0) {
            int grow = x == 0 || (!p->flat && tr->visits[x] >= p->expand_at);
            if (!grow || expand(tr, x, sim, ops, (float)(4.0 * p->rave_bias), bias_of(p, ops)) != 0)
                break;
            grown = 1; /* a node trimmed between moves grows again past knowledge_at */
        }
        if (tr->link[x].nchild == 0)
            break; /* the game is over here */
        if (p->knowledge_at && x != 0 && ops->prune && tr->visits[x] >= p->knowledge_at &&
            (tr->visits[x] < p->knowledge_at + n || grown) && tr->link[x].nchild > 1)
            prune_children(tr, x, sim, ops, (float)(4.0 * p->rave_bias), bias_of(p, ops) > 0);
        if (tr->link[x].first == PROVED) {
            proved = tr->colour[depth - 2];
            break;
        }
        x = select_child(p, tr, x);
        ops->play(sim, tr->move[x]);
        if (p->flat) {
            if (path_reserve(tr, depth + 1) != 0)
                return -1;
            tr->path[depth] = x;
            tr->colour[depth++] = code(ops->to_play(sim));
            break;
        }
    }
    double sum = 0;
    for (uint32_t j = 0; j < n; j++) {
        if (j > 0) { /* back to the leaf */
            ops->reset(sim);
            for (int32_t i = 1; i < depth; i++)
                ops->play(sim, tr->move[tr->path[i]]);
        }
        lx_colour w = ops->playout(sim, &tr->rng);
        double black = w == LX_BLACK ? 1.0 : w == LX_WHITE ? 0.0 : ops->draw_value ? ops->draw_value(sim) : 0.5;
        if (proved)
            black = proved == code(LX_BLACK) ? 1.0 : 0.0;
        gather(tr, black, ops->owners(sim), j == 0);
        sum += black;
    }
    backup(p, tr, depth, n, sum);
    return 0;
}

typedef struct run_args {
    const mcts_params *p;
    mtree *tr;
} run_args;

static void *run(void *arg)
{
    run_args *a = arg;
    mtree *tr = a->tr;
    tr->playouts = 0;
    tr->failed = 0;
    if (tr->n == 0) {
        if (tree_reserve(tr, 1) != 0) {
            tr->failed = 1;
            return NULL;
        }
        tr->move[0] = -1;
        tr->visits[0] = 0;
        tr->wins[0] = tr->rvisits[0] = tr->rwins[0] = tr->bias[0] = 0.0f;
        tr->link[0] = (mlink){.first = -1};
        tr->n = 1;
    }
    int trim = !a->p->flat;
    for (;;) {
        if (tr->budget > 0 && tr->playouts >= tr->budget)
            break;
        /* a tree nearly full keeps its top half and grows on (out of memory,
         * or a cap too small to trim: it stops growing, its leaves play on) */
        if (trim && tr->n > tr->limit - tr->limit / TRIM_AT)
            trim = tree_keep(tr, 0, tr->limit / 2) == 0 && tr->n <= tr->limit - tr->limit / TRIM_AT;
        /* a stop ends the search after its first iteration at the earliest: a
         * stop that came while the game's proofs ran before the search would
         * otherwise leave the root without moves */
        if (tr->playouts > 0 && atomic_load_explicit(tr->stop, memory_order_relaxed))
            break;
        if (tr->deadline > 0 && lx_engine_now() >= tr->deadline) /* each time: a playout on a big board is long */
            break;
        uint32_t n = a->p->leaf_playouts > 1 && !a->p->flat ? a->p->leaf_playouts : 1;
        if (tr->budget > 0 && tr->budget - tr->playouts < (long)n)
            n = (uint32_t)(tr->budget - tr->playouts);
        if (iterate(a->p, tr, n) != 0) {
            tr->failed = 1;
            break;
        }
        tr->playouts += n;
    }
    return NULL;
}

int mcts_search(mcts *m, void *const *sims, const mcts_sim_ops *ops, double seconds, long playouts,
                atomic_int *stop)
{
    int nt = m->p.threads;
    double start = lx_engine_now();
    run_args args[64];
    pthread_t th[64];
    int started[64] = {0};
    if (nt > 64)
        nt = 64;
    for (int t = 0; t < nt; t++) {
        mtree *tr = &m->trees[t];
        tr->sim = sims[t];
        tr->ops = ops;
        tr->deadline = seconds > 0 ? start + seconds : 0;
        tr->budget = playouts > 0 ? playouts / nt + (t < playouts % nt) : 0;
        if (playouts > 0 && tr->budget == 0)
            tr->budget = -1; /* nothing for this thread */
        tr->stop = stop;
        args[t] = (run_args){.p = &m->p, .tr = tr};
    }
    for (int t = 1; t < nt; t++)
        if (m->trees[t].budget >= 0)
            started[t] = pthread_create(&th[t], NULL, run, &args[t]) == 0;
    if (m->trees[0].budget >= 0)
        run(&args[0]);
    int failed = m->trees[0].failed;
    for (int t = 1; t < nt; t++) {
        if (started[t])
            pthread_join(th[t], NULL);
        else if (m->trees[t].budget >= 0)
            run(&args[t]); /* no thread: run it here */
        failed |= m->trees[t].failed;
    }
    m->last_playouts = 0;
    for (int t = 0; t < nt; t++)
        m->last_playouts += m->trees[t].playouts > 0 ? m->trees[t].playouts : 0;
    m->last_seconds = lx_engine_now() - start;
    return failed ? -1 : 0;
}

static int by_visits(const void *a, const void *b)
{
    const mcts_move *x = a, *y = b;
    if (x->visits != y->visits)
        return x->visits > y->visits ? -1 : 1;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int by_value(const void *a, const void *b)
{
    const mcts_move *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    if (x->visits != y->visits)
        return x->visits > y->visits ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

size_t mcts_root_moves(const mcts *m, mcts_move *out, size_t cap, long *playouts)
{
    size_t n = 0;
    long total = 0;
    /* the trees' root children share their ids; merge them by id */
    double *wins = calloc((size_t)m->nids, sizeof *wins);
    long *visits = calloc((size_t)m->nids, sizeof *visits);
    int32_t *order = malloc((size_t)m->nids * sizeof *order);
    uint8_t *seen = calloc((size_t)m->nids, 1);
    mcts_move *all = malloc((size_t)m->nids * sizeof *all);
    if (wins && visits && order && seen && all) {
        size_t distinct = 0;
        for (int t = 0; t < m->p.threads; t++) {
            const mtree *tr = &m->trees[t];
            if (tr->n == 0 || tr->link[0].first < 0)
                continue;
            total += tr->visits[0];
            for (int32_t i = tr->link[0].first; i < tr->link[0].first + tr->link[0].nchild; i++) {
                int32_t id = tr->move[i];
                if (!seen[id]) {
                    seen[id] = 1;
                    order[distinct++] = id;
                }
                visits[id] += tr->visits[i];
                wins[id] += tr->wins[i];
            }
        }
        for (size_t i = 0; i < distinct; i++) {
            int32_t id = order[i];
            all[i] = (mcts_move){.id = id, .visits = visits[id], .value = visits[id] ? wins[id] / (double)visits[id] : 0};
        }
        qsort(all, distinct, sizeof *all, m->p.flat ? by_value : by_visits);
        n = distinct < cap ? distinct : cap;
        memcpy(out, all, n * sizeof *out);
    }
    free(wins);
    free(visits);
    free(order);
    free(seen);
    free(all);
    if (playouts)
        *playouts = total;
    return n;
}

void mcts_last(const mcts *m, long *playouts, double *seconds)
{
    *playouts = m->last_playouts;
    *seconds = m->last_seconds;
}

long mcts_nodes(const mcts *m)
{
    long n = 0;
    for (int t = 0; t < m->p.threads; t++)
        n += m->trees[t].n;
    return n;
}

/* service/pairing_swiss.c - one round of a Swiss tournament (pairing.h, swiss_pair).
 *
 * Players are ranked by points, then seed.  The search takes the highest-ranked player not
 * yet paired and tries opponents in the order the Dutch system prefers: in the score group
 * (the players left with the same points, or the next group's when the player is alone, a
 * floater), the player half way down first (top half against bottom half), then the rest of
 * the bottom half, then the top half from its foot, then everyone below in rank order.  A
 * candidate is skipped when the two have met, or when both must have the same colour (the
 * same one twice in a row, or two more of one than the other).  The search goes back on a
 * dead end, but only SWISS_STEP_BUDGET + 4 count^2 steps (a player looked at) a try and never more than SWISS_CANDIDATES
 * opponents a player: no exponential blow-up; when a try fails the next bye candidate is
 * tried, then the colour rule is dropped, then a greedy pass that allows a repeat (the
 * rarest case: more rounds than the field can give) pairs whatever is left.  Iterative: no
 * recursion on the number of players.  Colours are given after the pairing. */
#include <stdint.h>
#include <stdlib.h>

#include "service/pairing.h"

#define SWISS_CANDIDATES 24
#define SWISS_BYE_TRIES 4

typedef struct colours {
    int diff;        /* games moving first minus games moving second */
    int last, last2; /* +1 first, -1 second, 0 none (last the most recent) */
    int had_bye;
} colours;

typedef struct search {
    const swiss_entrant *e;
    int n, count;          /* entrants, active players in order[] */
    int *order;            /* active players, best first */
    colours *col;          /* by player */
    uint64_t *met;         /* sorted keys of pairs that have met */
    size_t nmet;
    unsigned char *paired; /* by position in order[] */
    int *partner;          /* by position: the position paired with */
    int *frame_pos, *frame_next, *frame_count, *cands; /* the search's stack */
    int *group;            /* scratch: a score group's positions */
    long steps, budget;
    int level;             /* 0 strict, 1 without the colour rule, 2 repeats allowed */
} search;

static uint64_t pair_key(int a, int b)
{
    uint64_t lo = (uint64_t)(a < b ? a : b), hi = (uint64_t)(a < b ? b : a);
    return lo << 32 | hi;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static int have_met(const search *s, int a, int b)
{
    uint64_t k = pair_key(a, b);
    return bsearch(&k, s->met, s->nmet, sizeof k, cmp_u64) != NULL;
}

/* +1: must move first, -1: must move second, 0: free */
static int absolute_colour(const colours *c)
{
    if (c->diff >= 2)
        return -1;
    if (c->diff <= -2)
        return 1;
    if (c->last != 0 && c->last == c->last2)
        return -c->last;
    return 0;
}

/* The colour a player would like (+1 first, -1 second, 0 none) and how much: 3 absolute,
 * 2 strong (one more of the other), 1 mild (alternation), 0 none. */
static int preference(const colours *c, int *strength)
{
    int abs = absolute_colour(c);
    if (abs) {
        *strength = 3;
        return abs;
    }
    if (c->diff != 0) {
        *strength = 2;
        return c->diff > 0 ? -1 : 1;
    }
    *strength = c->last ? 1 : 0;
    return -c->last;
}

static int may_meet(const search *s, int a, int b)
{
    if (s->level < 2 && have_met(s, a, b))
        return 0;
    if (s->level < 1) {
        int ca = absolute_colour(&s->col[a]);
        if (ca != 0 && ca == absolute_colour(&s->col[b]))
            return 0;
    }
    return 1;
}

/* Positions after pos not paired, with the points of `points`, into group (at most cap). */
static int group_after(search *s, int pos, double points, int *group, int cap)
{
    int k = 0;
    for (int j = pos + 1; j < s->count && k < cap; j++) {
        s->steps++;
        if (s->paired[j])
            continue;
        double pj = s->e[s->order[j]].points;
        if (pj < points)
            break;
        group[k++] = j;
    }
    return k;
}

static int first_unpaired_after(const search *s, int pos)
{
    for (int j = pos + 1; j < s->count; j++)
        if (!s->paired[j])
            return j;
    return -1;
}

static int add_candidate(search *s, int p, int q, int *out, int k, int pass)
{
    if (k >= SWISS_CANDIDATES || !may_meet(s, s->order[p], s->order[q]))
        return k;
    if (s->level == 2 && (pass == 0) == have_met(s, s->order[p], s->order[q]))
        return k; /* with repeats allowed: every fresh pairing first, then the repeats */
    for (int i = 0; i < k; i++)
        if (out[i] == q)
            return k;
    out[k++] = q;
    return k;
}

/* The opponents player at position p may be given, best first, into out. */
static int candidates(search *s, int p, int *out)
{
    int first = first_unpaired_after(s, p);
    if (first < 0)
        return 0;
    int *group = s->group;
    double points = s->e[s->order[p]].points;
    int k = group_after(s, p, points, group, s->count);
    if (k == 0) /* a floater: into the next score group */
        k = group_after(s, first - 1, s->e[s->order[first]].points, group, s->count);
    int half = (k + 1) / 2 - 1; /* p and the group, split in two: p meets the bottom half's top */
    int nc = 0;
    for (int pass = 0; pass < (s->level == 2 ? 2 : 1); pass++) {
        for (int i = half; i < k; i++)
            nc = add_candidate(s, p, group[i], out, nc, pass);
        for (int i = half - 1; i >= 0; i--)
            nc = add_candidate(s, p, group[i], out, nc, pass);
        for (int j = first; j < s->count && nc < SWISS_CANDIDATES; j++) {
            s->steps++;
            if (!s->paired[j] && j != p)
                nc = add_candidate(s, p, j, out, nc, pass);
        }
    }
    return nc;
}

static void set_pair(search *s, int p, int q, int on)
{
    s->paired[p] = s->paired[q] = (unsigned char)on;
    s->partner[p] = on ? q : -1;
    s->partner[q] = on ? p : -1;
}

/* The search over the players left once `bye` (a position, or -1) sits out: 1 found (partner[]
 * set), 0 not within the budget. */
static int search_pairs(search *s, int bye)
{
    for (int i = 0; i < s->count; i++) {
        s->paired[i] = 0;
        s->partner[i] = -1;
    }
    if (bye >= 0)
        s->paired[bye] = 1;
    long start = s->steps;
    int depth = 0, p = first_unpaired_after(s, -1);
    if (p < 0)
        return 1;
    for (;;) {
        if (p >= 0) { /* a new frame for player p */
            int *c = s->cands + (size_t)depth * SWISS_CANDIDATES;
            int nc = candidates(s, p, c);
            s->frame_pos[depth] = p;
            s->frame_next[depth] = 0;
            s->frame_count[depth] = nc;
            p = -1;
        }
        if (s->level < 2 && s->steps - start > s->budget)
            return 0;
        int fp = s->frame_pos[depth];
        if (s->frame_next[depth] < s->frame_count[depth]) {
            int q = s->cands[(size_t)depth * SWISS_CANDIDATES + s->frame_next[depth]++];
            s->steps++;
            set_pair(s, fp, q, 1);
            p = first_unpaired_after(s, fp);
            if (p < 0)
                return 1;
            depth++;
            continue;
        }
        if (depth == 0)
            return 0;
        depth--; /* a dead end: undo the pair the frame below made and try its next */
        int prev = s->frame_pos[depth];
        set_pair(s, prev, s->partner[prev], 0);
    }
}

/* Who moves first between the players at positions hi (higher-ranked) and lo on board b. */
static pairing_game give_colours(const search *s, int hi, int lo, int b)
{
    int a = s->order[hi], c = s->order[lo], sa, sc;
    int pa = preference(&s->col[a], &sa), pc = preference(&s->col[c], &sc);
    int a_first;
    if (pa == 0 && pc == 0)
        a_first = (b % 2) == 0;   /* no history: the higher-ranked first on boards 1, 3, ... */
    else if (pa != pc)
        a_first = pa != 0 ? pa > 0 : pc < 0;
    else if (sa != sc)
        a_first = sa > sc ? pa > 0 : pc < 0;
    else
        a_first = pa > 0;         /* the same wish as strongly: the higher-ranked has it */
    pairing_game g = {a_first ? a : c, a_first ? c : a};
    return g;
}

static int by_rank(const void *x, const void *y, const swiss_entrant *e)
{
    int a = *(const int *)x, b = *(const int *)y;
    if (e[a].points != e[b].points)
        return e[a].points > e[b].points ? -1 : 1;
    return (a > b) - (a < b);
}

/* by rank, stable: qsort has no context argument in C11, so a bottom-up merge sort */
static void sort_by_rank(int *v, int *tmp, int n, const swiss_entrant *e)
{
    for (int width = 1; width < n; width *= 2)
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = by_rank(&v[j], &v[i], e) < 0 ? v[j++] : v[i++];
            while (i < mid)
                tmp[k++] = v[i++];
            while (j < hi)
                tmp[k++] = v[j++];
            for (k = lo; k < hi; k++)
                v[k] = tmp[k];
        }
}

static void read_history(search *s, const pairing_game *past, size_t npast)
{
    for (size_t i = 0; i < npast; i++) {
        int f = past[i].first, g = past[i].second;
        if (f < 0 || f >= s->n)
            continue;
        if (g == PAIRING_BYE) {
            s->col[f].had_bye = 1;
            continue;
        }
        if (g < 0 || g >= s->n || g == f)
            continue;
        s->met[s->nmet++] = pair_key(f, g);
        s->col[f].diff++;
        s->col[g].diff--;
        s->col[f].last2 = s->col[f].last;
        s->col[f].last = 1;
        s->col[g].last2 = s->col[g].last;
        s->col[g].last = -1;
    }
    qsort(s->met, s->nmet, sizeof *s->met, cmp_u64);
}

/* Positions that may have the bye, lowest-ranked first (those who had one only if all have). */
static int bye_candidates(const search *s, int *out)
{
    int k = 0;
    for (int i = s->count - 1; i >= 0 && k < SWISS_BYE_TRIES; i--)
        if (!s->col[s->order[i]].had_bye)
            out[k++] = i;
    if (k == 0)
        out[k++] = s->count - 1;
    return k;
}

static int write_boards(const search *s, int bye, pairing_game *out)
{
    int nb = 0;
    for (int i = 0; i < s->count; i++)
        if (i != bye && s->partner[i] > i) {
            out[nb] = give_colours(s, i, s->partner[i], nb);
            nb++;
        }
    if (bye >= 0) {
        out[nb].first = s->order[bye];
        out[nb++].second = PAIRING_BYE;
    }
    return nb;
}

static int pair_with_relaxing(search *s, swiss_report *report, pairing_game *out)
{
    int byes[SWISS_BYE_TRIES], nbyes = 1;
    byes[0] = -1;
    if (s->count % 2)
        nbyes = bye_candidates(s, byes);
    for (s->level = 0; s->level <= 2; s->level++) {
        for (int b = 0; b < (s->level == 2 ? 1 : nbyes); b++) {
            if (search_pairs(s, byes[b])) {
                report->relaxed = s->level;
                return write_boards(s, byes[b], out);
            }
        }
    }
    return -1; /* not reached: the greedy pass always pairs an even count */
}

int swiss_pair(const swiss_entrant *entrants, int n, const pairing_game *past, size_t npast,
               pairing_game *out, swiss_report *report)
{
    swiss_report dummy;
    if (!report)
        report = &dummy;
    report->relaxed = 0;
    report->steps = 0;
    if (n < 0)
        return -1;
    search s = {.e = entrants, .n = n};
    size_t un = (size_t)n + 1;
    s.order = malloc(sizeof *s.order * un);
    int *tmp = malloc(sizeof *tmp * un);
    s.col = calloc(un, sizeof *s.col);
    s.met = malloc(sizeof *s.met * (npast + 1));
    s.paired = malloc(un);
    s.partner = malloc(sizeof *s.partner * un);
    s.frame_pos = malloc(sizeof(int) * un);
    s.frame_next = malloc(sizeof(int) * un);
    s.frame_count = malloc(sizeof(int) * un);
    s.cands = malloc(sizeof(int) * un * SWISS_CANDIDATES);
    s.group = malloc(sizeof(int) * un);
    int nb = -1;
    if (s.order && tmp && s.col && s.met && s.paired && s.partner && s.frame_pos && s.frame_next &&
        s.frame_count && s.cands && s.group) {
        for (int i = 0; i < n; i++)
            if (entrants[i].active)
                s.order[s.count++] = i;
        sort_by_rank(s.order, tmp, s.count, entrants);
        s.budget = SWISS_STEP_BUDGET + 4L * s.count * s.count; /* a pass without going back costs ~count^2/2 */
        read_history(&s, past, npast);
        nb = pair_with_relaxing(&s, report, out);
        report->steps = s.steps;
    }
    free(s.order);
    free(tmp);
    free(s.col);
    free(s.met);
    free(s.paired);
    free(s.partner);
    free(s.frame_pos);
    free(s.frame_next);
    free(s.frame_count);
    free(s.cands);
    free(s.group);
    return nb;
}

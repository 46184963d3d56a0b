/* checkplay.c - judging one given play, and naming the rule it breaks.
 *
 * A play is checked in two stages.  First its steps, one after the other on
 * a scratch board, each with one die: a checker must be there, the bar comes
 * first, checkers move forward by exactly the die, the landing point must be
 * open, and bearing off needs all checkers home and the exact die or, from
 * the highest point, a larger one.  The steps may be written in any order in
 * which they can be played (the position reached does not depend on it), and
 * two different dice may be matched to the steps either way; the first
 * failure of the order as written is the one reported when no order works.
 * Then the play as a whole: it must use as many dice as the roll allows
 * (bg_max_usable), and with two dice of which only one can be used, the
 * larger when it can be.
 *
 * What this file does not do: whose turn it is, the cube, the game's end -
 * those are game.c's. */
#include <stdio.h>
#include <string.h>

#include "bgammon/bg_impl.h"

typedef struct attempt {
    const lx_bgammon_board *b;
    lx_colour who;
    int d1, d2;
} attempt;

static void roll_name(int d1, int d2, char *buf, size_t cap)
{
    /* "6-1": the larger die first; dice are 1..6 (checked before), so three
     * characters, written by hand because this runs for every play */
    int hi = d1 > d2 ? d1 : d2, lo = d1 > d2 ? d2 : d1;
    if (cap < 4 || hi < 0 || hi > 9 || lo < 0) {
        if (cap)
            buf[0] = '\0';
        return;
    }
    buf[0] = (char)('0' + hi);
    buf[1] = '-';
    buf[2] = (char)('0' + lo);
    buf[3] = '\0';
}

static int all_home(const uint8_t *me)
{
    for (int i = 7; i <= 25; i++)
        if (me[i])
            return 0;
    return 1;
}

/* A step that stays on the board, with die d. */
static int check_move_step(const attempt *a, const lx_bgammon_board *b, int from, int to, int d, lx_game_error *err)
{
    const uint8_t *them = b->checkers[bg_other(a->who)];
    char f[32], t[32], roll[8];
    bg_point_name(a->who, from, f, sizeof f);
    bg_point_name(a->who, to, t, sizeof t);
    roll_name(a->d1, a->d2, roll, sizeof roll);
    int dist = from - to, in_roll = dist == a->d1 || dist == a->d2;
    if (to >= from)
        return lx_game_fail(err, "BG_WRONG_DIRECTION",
                            "%s moves from %s to %s, backwards: checkers move towards their home board",
                            bg_colour_name(a->who), f, t);
    if (dist != d)
        return lx_game_fail(err, "BG_NO_SUCH_DIE", "moving from %s to %s is %d pip%s; the roll %s has no %s%d for it", f,
                            t, dist, dist == 1 ? "" : "s", roll, in_roll && a->d1 != a->d2 ? "unused " : "", dist);
    if (them[25 - to] >= 2)
        return lx_game_fail(err, "BG_POINT_CLOSED", "%s is closed: %s holds it with %d checkers", t,
                            bg_colour_name(bg_other(a->who)), them[25 - to]);
    return 0;
}

/* Bearing off from `from` with die d: all checkers home, the exact die, or a
 * larger one from the highest point. */
static int check_bear_off(const attempt *a, const lx_bgammon_board *b, int from, int d, lx_game_error *err)
{
    const uint8_t *me = b->checkers[a->who];
    const char *name = bg_colour_name(a->who);
    char f[32], roll[8];
    bg_point_name(a->who, from, f, sizeof f);
    roll_name(a->d1, a->d2, roll, sizeof roll);
    if (!all_home(me))
        return lx_game_fail(err, "BG_BEAR_OFF_NOT_HOME",
                            "%s bears off from %s while some of its checkers are outside the home board", name, f);
    if (from > d)
        return lx_game_fail(err, "BG_NO_SUCH_DIE", "bearing off from %s needs a %d or more; the roll %s has no %s", f,
                            from, roll, a->d1 >= from || a->d2 >= from ? "such die left" : "such die");
    for (int i = from + 1; i <= 6 && from < d; i++)
        if (me[i])
            return lx_game_fail(err, "BG_BEAR_OFF_HIGHER",
                                "%s bears off from %s with a %d, but a checker on the %d-point must move first: a "
                                "larger die bears off only from the highest point",
                                name, f, d, i);
    return 0;
}

/* Whether step (from, to) with die d is legal, without a word about why
 * not: the common case, decided before any message is formatted. */
static int step_is_legal(const attempt *a, const lx_bgammon_board *b, int from, int to, int d)
{
    const uint8_t *me = b->checkers[a->who];
    if (from == LX_BGAMMON_OFF || to == LX_BGAMMON_BAR || me[from] == 0)
        return 0;
    if (me[LX_BGAMMON_BAR] > 0 && from != LX_BGAMMON_BAR)
        return 0;
    if (to == LX_BGAMMON_OFF) {
        if (!all_home(me) || from > d)
            return 0;
        for (int i = from + 1; i <= 6 && from < d; i++)
            if (me[i])
                return 0;
        return 1;
    }
    return to < from && from - to == d && b->checkers[bg_other(a->who)][25 - to] < 2;
}

/* Step (from, to) with die d on board b for `who`: 0, or -1 with the rule.
 * The explanation below is the authority; step_is_legal only spares the
 * formatting of names when nothing is wrong. */
static int check_step(const attempt *a, const lx_bgammon_board *b, int from, int to, int d, lx_game_error *err)
{
    if (step_is_legal(a, b, from, to, d))
        return 0;
    const uint8_t *me = b->checkers[a->who];
    char f[32];
    bg_point_name(a->who, from, f, sizeof f);
    if (from == LX_BGAMMON_OFF)
        return lx_game_fail(err, "BG_BAD_STEP", "a checker that is off (z) cannot move again");
    if (to == LX_BGAMMON_BAR)
        return lx_game_fail(err, "BG_BAD_STEP", "a checker cannot move onto the bar (y); it goes there only when hit");
    if (me[LX_BGAMMON_BAR] > 0 && from != LX_BGAMMON_BAR)
        return lx_game_fail(err, "BG_BAR_FIRST", "%s has %d checker%s on the bar and must enter %s before moving from %s",
                            bg_colour_name(a->who), me[LX_BGAMMON_BAR], me[LX_BGAMMON_BAR] == 1 ? "" : "s",
                            me[LX_BGAMMON_BAR] == 1 ? "it" : "them", f);
    if (me[from] == 0)
        return lx_game_fail(err, "BG_NO_CHECKER", "%s has no checker on %s", bg_colour_name(a->who), f);
    return to == LX_BGAMMON_OFF ? check_bear_off(a, b, from, d, err) : check_move_step(a, b, from, to, d, err);
}

/* Play the steps in `order` with dice `dice` on a copy of the board: 0, or
 * -1 with the first step's rule. */
static int try_steps(const attempt *a, const lx_bgammon_play *p, const int *order, const int *dice,
                     lx_game_error *err)
{
    lx_bgammon_board b = *a->b;
    for (int k = 0; k < p->nsteps; k++) {
        const lx_bgammon_step *s = &p->step[order[k]];
        if (check_step(a, &b, s->from, s->to, dice[k], err) != 0)
            return -1;
        bg_step_apply(&b, a->who, s->from, s->to);
    }
    return 0;
}

/* The next permutation of idx[0..n-1] in lexicographic order; 0 after the last. */
static int next_permutation(int *idx, int n)
{
    int i = n - 2;
    while (i >= 0 && idx[i] >= idx[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (idx[j] <= idx[i])
        j--;
    int tmp = idx[i];
    idx[i] = idx[j], idx[j] = tmp;
    for (int l = i + 1, r = n - 1; l < r; l++, r--)
        tmp = idx[l], idx[l] = idx[r], idx[r] = tmp;
    return 1;
}

/* The dice for steps in `order`, choice `which` (0 the natural one: the die
 * equal to a step's distance first; 1 the other way round). */
static void assign_dice(const attempt *a, const lx_bgammon_play *p, const int *order, int which, int *dice)
{
    if (a->d1 == a->d2) {
        for (int k = 0; k < 4; k++)
            dice[k] = a->d1;
        return;
    }
    int hi = a->d1 > a->d2 ? a->d1 : a->d2, lo = a->d1 + a->d2 - hi;
    const lx_bgammon_step *s = &p->step[order[0]];
    int dist = s->from - s->to;
    int first = dist == lo ? lo : hi; /* exact, else the larger (bearing off) */
    if (which)
        first = first == hi ? lo : hi;
    dice[0] = first;
    dice[1] = first == hi ? lo : hi;
}

/* Find an order and dice under which every step is legal.  0 with the
 * dice of the first step in *first_die; -1 with the error of the play as
 * written. */
static int find_order(const attempt *a, const lx_bgammon_play *p, int *first_die, lx_game_error *err)
{
    int n = p->nsteps, order[4] = {0, 1, 2, 3}, dice[4];
    int choices = a->d1 == a->d2 ? 1 : 2;
    lx_game_error scratch;
    lx_game_error_init(&scratch);
    int found = -1, reported = 0;
    do {
        for (int which = 0; which < choices && found != 0; which++) {
            assign_dice(a, p, order, which, dice);
            lx_game_error *e = reported ? &scratch : err;
            if (try_steps(a, p, order, dice, e) == 0) {
                found = 0;
                *first_die = dice[0];
                lx_game_error_free(err); /* a failure of the order as written is no failure */
            }
            reported = 1;
        }
    } while (found != 0 && next_permutation(order, n));
    lx_game_error_free(&scratch);
    return found;
}

/* With one step and two dice, whether the larger die can make it. */
static int step_with_die(const attempt *a, const lx_bgammon_play *p, int d)
{
    lx_game_error e;
    lx_game_error_init(&e);
    int rc = check_step(a, a->b, p->step[0].from, p->step[0].to, d, &e);
    lx_game_error_free(&e);
    return rc == 0;
}

static int fail_not_enough(const attempt *a, const lx_bgammon_play *p, int most, const lx_bgammon_play *example,
                           lx_game_error *err)
{
    char roll[8], ex[64];
    roll_name(a->d1, a->d2, roll, sizeof roll);
    lx_bgammon_format_play(example, ex, sizeof ex);
    const char *name = bg_colour_name(a->who);
    if (p->nsteps == 0)
        return lx_game_fail(err, "BG_MUST_MOVE", "%s rolled %s and played nothing, but can play (for example %s)", name,
                            roll, ex);
    if (a->d1 != a->d2)
        return lx_game_fail(err, "BG_MUST_USE_BOTH",
                            "%s uses one die of %s, but both can be played (for example %s): both must be used", name,
                            roll, ex);
    return lx_game_fail(err, "BG_MUST_PLAY_MORE",
                        "%s plays %d of the four %ds, but %d can be played (for example %s): as many as possible "
                        "must be",
                        name, p->nsteps, a->d1, most, ex);
}

int lx_bgammon_check_play(const lx_bgammon_board *b, lx_colour who, int d1, int d2, const lx_bgammon_play *p,
                          lx_game_error *err)
{
    attempt a = {b, who, d1, d2};
    char roll[8];
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return lx_game_fail(err, "BG_BAD_DICE", "dice go from 1 to 6, not %d and %d", d1, d2);
    roll_name(d1, d2, roll, sizeof roll);
    int allowed = d1 == d2 ? 4 : 2;
    if (p->nsteps > allowed)
        return lx_game_fail(err, "BG_TOO_MANY_STEPS", "a roll of %s moves %s checker%s, not %d", roll,
                            allowed == 4 ? "at most four" : "at most two", "s", p->nsteps);
    for (int k = 0; k < p->nsteps; k++)
        if (p->step[k].from > 25 || p->step[k].to > 25)
            return lx_game_fail(err, "BG_BAD_STEP", "a step goes from a point 0..25 to a point 0..25");
    int first_die = 0;
    if (p->nsteps > 0 && find_order(&a, p, &first_die, err) != 0)
        return -1;
    int larger_alone = 0;
    lx_bgammon_play example;
    int most = bg_max_usable(b, who, d1, d2, &larger_alone, &example);
    if (p->nsteps < most)
        return fail_not_enough(&a, p, most, &example, err);
    if (d1 != d2 && p->nsteps == 1 && larger_alone) {
        int hi = d1 > d2 ? d1 : d2, lo = d1 + d2 - hi;
        if (first_die != hi && !step_with_die(&a, p, hi)) {
            char ex[64];
            lx_bgammon_format_play(&example, ex, sizeof ex);
            return lx_game_fail(err, "BG_MUST_USE_LARGER",
                                "%s plays the %d of %s, but only one die can be used and the %d can (for example %s): "
                                "then the larger must be",
                                bg_colour_name(who), lo, roll, hi, ex);
        }
    }
    return 0;
}

/* ---- pairs that move one checker by several dice ------------------------------------------ */

/* The GM[6] spec writes "B[61yg]" for bar/18 with 6-1: one pair may move a
 * checker by more than one die.  Such a play is read as the single-die steps
 * it stands for; when the checker could go either way round (6 then 1, or 1
 * then 6), the way that is legal is taken, and of two legal ways the one
 * that hits fewer blots on the way (a hit on the way would be written as a
 * stop of its own). */

typedef struct expansion {
    const attempt *a;
    const lx_bgammon_play *in;
    int left[7];              /* dice still free, by value */
    lx_bgammon_step out[4];
    int nout;
    int found;                /* a legal expansion was found */
    int best_hits;
    lx_bgammon_play best, first;
    int have_first;
} expansion;

static int pair_is_single(const attempt *a, const lx_bgammon_step *s)
{
    int hi = a->d1 > a->d2 ? a->d1 : a->d2;
    if (s->to == LX_BGAMMON_OFF && s->from <= 25)
        return s->from <= hi;
    int dist = s->from - s->to;
    return dist == a->d1 || dist == a->d2;
}

/* Hits on the way (not at a pair's destination) when p is played. */
static int hits_on_the_way(const attempt *a, const lx_bgammon_play *p, const int *last_of_pair)
{
    lx_bgammon_board b = *a->b;
    int hits = 0;
    for (int k = 0; k < p->nsteps; k++)
        if (bg_step_apply(&b, a->who, p->step[k].from, p->step[k].to) && !last_of_pair[k])
            hits++;
    return hits;
}

static void expansion_done(expansion *x)
{
    lx_bgammon_play p;
    memset(&p, 0, sizeof p);
    int last_of_pair[4] = {0};
    p.nsteps = (uint8_t)x->nout;
    for (int k = 0; k < x->nout; k++) {
        p.step[k] = x->out[k];
        last_of_pair[k] = k + 1 == x->nout || x->out[k + 1].from != x->out[k].to || x->out[k].to == 0;
    }
    if (!x->have_first) {
        x->first = p;
        x->have_first = 1;
    }
    lx_game_error e;
    lx_game_error_init(&e);
    int legal = lx_bgammon_check_play(x->a->b, x->a->who, x->a->d1, x->a->d2, &p, &e) == 0;
    lx_game_error_free(&e);
    if (!legal)
        return;
    int hits = hits_on_the_way(x->a, &p, last_of_pair);
    if (!x->found || hits < x->best_hits) {
        x->found = 1;
        x->best_hits = hits;
        x->best = p;
    }
}

/* Expand pairs k.. of the play; `pos` is where pair k's checker stands now. */
static void expand_pair(expansion *x, int k, int pos, int moved)
{
    if (k == x->in->nsteps) {
        expansion_done(x);
        return;
    }
    const lx_bgammon_step *s = &x->in->step[k];
    int from = moved ? pos : s->from, to = s->to;
    for (int d = 1; d <= 6 && x->nout < 4; d++) {
        if (!x->left[d])
            continue;
        int next = from - d;
        int arrives = to == LX_BGAMMON_OFF ? next <= 0 : next == to;
        if (!arrives && (next <= to || next < 1))
            continue;
        x->left[d]--;
        x->out[x->nout++] = (lx_bgammon_step){(uint8_t)from, (uint8_t)(arrives ? to : next)};
        if (arrives)
            expand_pair(x, k + 1, 0, 0);
        else
            expand_pair(x, k, next, 1);
        x->nout--;
        x->left[d]++;
    }
}

void bg_expand_play(const lx_bgammon_board *b, lx_colour who, int d1, int d2, lx_bgammon_play *p)
{
    attempt a = {b, who, d1, d2};
    int combined = 0;
    for (int k = 0; k < p->nsteps; k++)
        combined |= !pair_is_single(&a, &p->step[k]) && p->step[k].from <= 25 && p->step[k].to < 25;
    if (!combined || d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return;
    expansion x;
    memset(&x, 0, sizeof x);
    x.a = &a;
    x.in = p;
    x.left[d1]++;
    x.left[d2]++;
    if (d1 == d2)
        x.left[d1] += 2;
    expand_pair(&x, 0, 0, 0);
    if (x.found)
        *p = x.best;
    else if (x.have_first)
        *p = x.first;
}

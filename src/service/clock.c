/* service/clock.c - game clocks: time per move, or a bank with an increment,
 * when the reminder is due (a quarter of a player's time left) and the deadline.
 *
 * A challenge sets the clock with -days=D (D days for every move, 7 by
 * default) or -clock=INITIAL+INCREMENT[/MAX] in days or hours ("14d+1d/30d",
 * "48h+12h": Fischer's clock, the bank growing by INCREMENT after each move,
 * capped at MAX).  The clock runs for the seat to move from the moment its
 * turn began; every change of turn is persisted in the batch of the move
 * that made it, with the next deadline and reminder, which the store indexes.
 * What is due is handled elsewhere, from above: the sweep once a second (sweep.c: reminders,
 * losses on time, with the claim that gives each due game to one instance's sweep) and the end
 * of a game with a result its rules did not make (game_end.c: stored, rated, told, in one
 * batch).  Memory decides, and the change is queued in one batch, so a sweep that runs twice,
 * or a restart between two sweeps, never ends a game twice.  A move that arrives after its
 * deadline, before the sweep, ends the game the same way instead of being played.
 *
 * Time is the service's clock (svc_clock_now): the system's, moved by
 * --clock-offset for tests that must jump weeks in a second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/rules_util.h"
#include "service/model.h"

#define DAY 86400L

int64_t svc_clock_now(const srv *s) { return (int64_t)time(NULL) + model_of(s)->clock_offset; }

/* "14d", "48h", "7" (days): seconds, or -1. */
static long duration(const char *p, const char **end)
{
    char *e;
    long v = strtol(p, &e, 10);
    if (e == p || v < 0 || v > 3650)
        return -1;
    long unit = DAY;
    if (*e == 'd' || *e == 'h') {
        unit = *e == 'h' ? 3600 : DAY;
        e++;
    }
    *end = e;
    return v * unit;
}

int clock_option(const char *word, lx_buf *canon, svc_status *st)
{
    const char *end;
    if (!strncmp(word, "-days=", 6)) {
        long d = duration(word + 6, &end);
        if (d <= 0 || *end || d > 365 * DAY)
            return svc_fail(st, "BAD_OPTION", "-days=D takes 1 to 365 days (or hours: -days=36h)");
        lx_buf_printf(canon, "%sclock=%ld+0/%ld", canon->len ? " " : "", d, d);
        return 1;
    }
    if (strncmp(word, "-clock=", 7))
        return 0;
    long initial = duration(word + 7, &end), inc = -1, max = -1;
    if (initial > 0 && *end == '+')
        inc = duration(end + 1, &end);
    if (inc >= 0 && *end == '/')
        max = duration(end + 1, &end);
    else if (inc >= 0 && !*end)
        max = 365 * DAY;
    if (initial <= 0 || inc < 0 || max < initial || *end)
        return svc_fail(st, "BAD_OPTION", "-clock=INITIAL+INCREMENT[/MAX] in days or hours, e.g. -clock=14d+1d/30d");
    lx_buf_printf(canon, "%sclock=%ld+%ld/%ld", canon->len ? " " : "", initial, inc, max);
    return 1;
}

/* ---- the clock's state ------------------------------------------------------------------- */
static void clock_config(const srv_game *sg, long *initial, long *inc, long *max)
{
    char v[64];
    *initial = 7 * DAY, *inc = 0, *max = 7 * DAY; /* the classic server: seven days a move */
    if (opt_get(sg->options, "clock", v, sizeof v) && sscanf(v, "%ld+%ld/%ld", initial, inc, max) != 3)
        *initial = 7 * DAY, *inc = 0, *max = 7 * DAY;
}

static int per_move(const srv_game *sg)
{
    long initial, inc, max;
    clock_config(sg, &initial, &inc, &max);
    return inc == 0 && max == initial; /* -days=D: the whole time again every move */
}

int64_t clock_deadline(const srv_game *sg)
{
    const srv_clock *c = &sg->clock;
    return c->seat < 0 ? 0 : c->since + c->bank[c->seat];
}

int64_t clock_nag_time(const srv_game *sg)
{
    const srv_clock *c = &sg->clock;
    return c->seat < 0 || c->nagged ? 0 : clock_deadline(sg) - c->bank[c->seat] / 4;
}

static int persist(srv *s, srv_game *sg, svc_status *st)
{
    char text[96];
    const srv_clock *c = &sg->clock;
    snprintf(text, sizeof text, "%d %lld %ld %ld %d", c->seat, (long long)c->since, c->bank[0], c->bank[1], c->nagged);
    store_op op = {.kind = STORE_GAME_CLOCK};
    op.game.id = sg->id;
    op.game.clock = text;
    op.game.deadline = sg->forced_result[0] ? 0 : sg->waiting ? sg->waiting_until : clock_deadline(sg);
    op.game.nag_at = sg->forced_result[0] || sg->waiting ? 0 : clock_nag_time(sg);
    snprintf(op.game.result, sizeof op.game.result, "%s", sg->forced_result);
    op.game.status = sg->waiting;
    snprintf(op.game.offer, sizeof op.game.offer, "%s", sg->offer);
    return svc_commit(s, &op, sg, st);
}

int clock_persist(srv *s, srv_game *sg, svc_status *st) { return persist(s, sg, st); }

void clock_restore(srv_game *sg, const store_game *row)
{
    const char *text = row->clock, *result = row->result;
    sg->waiting = row->status >= 1 && row->status <= 2 ? row->status : 0;
    sg->waiting_until = sg->waiting ? row->deadline : 0;
    snprintf(sg->offer, sizeof sg->offer, "%s", row->offer);
    srv_clock *c = &sg->clock;
    long long since;
    c->seat = -1;
    if (text && sscanf(text, "%d %lld %ld %ld %d", &c->seat, &since, &c->bank[0], &c->bank[1], &c->nagged) == 5)
        c->since = since;
    else
        c->seat = -1;
    snprintf(sg->forced_result, sizeof sg->forced_result, "%s", result ? result : "");
}

int clock_start(srv *s, srv_game *sg, svc_status *st)
{
    long initial, inc, max;
    clock_config(sg, &initial, &inc, &max);
    sg->clock.bank[0] = sg->clock.bank[1] = initial;
    sg->clock.seat = sg->rules->seat_to_move(sg->g);
    sg->clock.since = svc_clock_now(s);
    sg->clock.nagged = 0;
    return persist(s, sg, st);
}

/* When user's vacation ends, 0 when they are not on one. */
static int64_t away_until(srv *s, const char *user)
{
    srv_user *u = users_find(s, user);
    return u && u->vacation_until > svc_clock_now(s) ? u->vacation_until : 0;
}

int clock_after_play(srv *s, srv_game *sg, svc_status *st)
{
    srv_clock *c = &sg->clock;
    int next = games_to_move(sg);
    if (next == c->seat)
        return 0; /* the same player acts again (a roll): the clock runs on */
    int64_t now = svc_clock_now(s);
    if (c->seat >= 0) {
        long initial, inc, max;
        clock_config(sg, &initial, &inc, &max);
        long left = c->bank[c->seat] - (long)(now - c->since);
        c->bank[c->seat] = per_move(sg) ? initial : (left + inc > max ? max : left + inc < 0 ? 0 : left + inc);
    }
    c->seat = next;
    c->since = now;
    int64_t away = next >= 0 ? away_until(s, sg->player[next]) : 0;
    if (away > now) /* the turn comes to a player on vacation: it starts when they are back */
        c->since = away;
    c->nagged = 0;
    return persist(s, sg, st);
}

long clock_left(const srv *s, const srv_game *sg)
{
    if (sg->clock.seat < 0 || games_over(sg))
        return -1;
    long left = (long)(clock_deadline(sg) - svc_clock_now(s));
    return left < 0 ? 0 : left;
}


long svc_game_time_left(srv *s, const srv_game *sg) { return clock_left(s, sg); }

void svc_format_duration(long t, char out[32])
{
    if (t >= DAY)
        snprintf(out, 32, "%ldd %ldh", t / DAY, t % DAY / 3600);
    else if (t >= 3600)
        snprintf(out, 32, "%ldh %ldm", t / 3600, t % 3600 / 60);
    else
        snprintf(out, 32, "%ldm", (t + 59) / 60);
}

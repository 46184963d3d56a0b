/* service/vacation.c - vacation: a player's clocks stand still.
 *
 * Each user has 30 days a year.  `vacation DAYS` stops the clock of every
 * game where it is their turn (the time they had used is taken from their
 * bank, and their turn starts again when the vacation ends) and of every
 * turn that comes to them meanwhile; `vacation off` ends it early and gives
 * back the days not over yet (a vacation ended an hour after it began costs nothing).  Deadlines move with it, in the store too,
 * so the sweep never ends a game of a player on vacation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/ops.h"

#define DAY 86400L
#define VACATION_DAYS 30

static int year_of(int64_t t)
{
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    return tm.tm_year + 1900;
}

enum { LISTED = 200 }; /* the games a vacation's clocks are moved in */

/* Every game where it is u's turn (ids, listed before): its clock stands still until `until` (or
 * runs from now when until <= now). */
static int move_clocks(srv *s, srv_user *u, const int64_t *ids, long n, int64_t until, svc_status *st)
{
    int64_t now = svc_clock_now(s);
    for (long i = 0; i < n; i++) {
        srv_game *sg = games_find(s, ids[i]);
        srv_clock *c = sg ? &sg->clock : NULL;
        if (!c || c->seat < 0 || strcmp(sg->player[c->seat], u->name))
            continue;
        if (until > now && c->since < now) { /* the time used so far is gone from the bank */
            long used = (long)(now - c->since);
            c->bank[c->seat] = c->bank[c->seat] > used ? c->bank[c->seat] - used : 0;
        }
        c->since = until > now ? until : (c->since > now ? now : c->since);
        sg->changes++;
        if (clock_persist(s, sg, st) != 0)
            return -1;
    }
    return 0;
}

int svc_vacation(srv *s, const char *user, const char *word, int64_t *until, int *left, svc_status *st)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", user);
    int64_t now = svc_clock_now(s);
    int year = year_of(now);
    if (u->vacation_year != year) {
        u->vacation_year = year;
        u->vacation_used = 0;
    }
    int on = u->vacation_until > now, off = proto_word_is(word, "off");
    long days = 0;
    if (off && !on)
        return svc_fail(st, "NOT_ON_VACATION", "%s is not on vacation", u->name);
    if (!off) {
        char *end;
        days = strtol(word, &end, 10);
        if (*end || days < 1 || days > VACATION_DAYS)
            return svc_fail(st, "BAD_ARG", "vacation DAYS (1 to %d) or vacation off", VACATION_DAYS);
        if (on)
            return svc_fail(st, "ON_VACATION", "already on vacation; 'vacation off' first");
        if (u->vacation_used + days > VACATION_DAYS)
            return svc_fail(st, "NO_VACATION_LEFT", "%d vacation days are left this year",
                            VACATION_DAYS - u->vacation_used);
    }
    int64_t ids[LISTED]; /* before anything changes: a request may run again with them */
    long n = svc_games_list_request(s, G_NONE, u->name, SVC_NEXT, ids, LISTED, st);
    if (n < 0)
        return -1;
    if (off) { /* the days not begun come back: a day counts as taken once it is over */
        u->vacation_used -= (int)((u->vacation_until - now + DAY - 1) / DAY);
        if (u->vacation_used < 0)
            u->vacation_used = 0;
        u->vacation_until = 0;
    } else {
        u->vacation_used += (int)days;
        u->vacation_until = now + days * DAY;
    }
    *until = u->vacation_until;
    *left = VACATION_DAYS - u->vacation_used;
    commit_hold(bridge_of(s)->cq);
    int rc = users_commit_prefs(s, u, st);
    if (rc == 0)
        rc = move_clocks(s, u, ids, n, u->vacation_until, st);
    commit_release(bridge_of(s)->cq);
    return rc;
}

int svc_vacation_ready(srv *s, const char *user, svc_status *st)
{
    srv_user *u = users_find(s, user);
    return u ? games_list_ready(s, G_NONE, u->name, SVC_NEXT, LISTED, st) : 0;
}

int svc_user_prefs_get(srv *s, const char *user, svc_user_prefs *out)
{
    srv_user *u = users_find(s, user);
    if (!u)
        return 0;
    int64_t now = svc_clock_now(s);
    out->challenges = u->challenges >= 0 ? u->challenges : ops_of(s)->default_challenges;
    out->vacation_until = u->vacation_until > now ? u->vacation_until : 0;
    out->vacation_left = VACATION_DAYS - (u->vacation_year == year_of(now) ? u->vacation_used : 0);
    return 1;
}

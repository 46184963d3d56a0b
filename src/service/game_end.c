/* service/game_end.c - a game that ends with a result its rules did not make: a loss on time,
 * a draw agreed, a void (clock_end_game, clock_time_out).
 *
 * The result, the clock stopped, both players' new ratings and the doors' mails go in one batch
 * (commit_hold), and the watchers hear of it once that has committed. */
#include <stdio.h>

#include "service/ops.h"
#include "service/conditional.h"

/* ---- the loss on time, and the reminder ---------------------------------------------------- */
int clock_time_out(srv *s, srv_game *sg, svc_status *st)
{
    int loser = sg->clock.seat;
    char winner[8];
    if (loser < 0 || games_over(sg))
        return 0;
    games_colour_of(sg, 1 - loser, winner);
    char re[32];
    snprintf(re, sizeof re, "%s+Time", winner);
    sg->clock.bank[loser] = 0;
    int rc = clock_end_game(s, sg, re, st);
    srv_log(s, "board %lld: %s lost on time (%s)", (long long)sg->id, sg->player[loser], sg->forced_result);
    return rc;
}

int clock_end_game(srv *s, srv_game *sg, const char *result, svc_status *st)
{
    snprintf(sg->forced_result, sizeof sg->forced_result, "%s", result);
    sg->clock.seat = -1;
    sg->waiting = 0;
    sg->offer[0] = 0;
    sg->changes++;
    commit_hold(bridge_of(s)->cq);
    int rc = clock_persist(s, sg, st);
    if (rc == 0)
        rc = conditional_end(s, sg, st); /* conditional moves end with the game */
    if (rc == 0)
        rc = ratings_game_over(s, sg, st);
    if (rc == 0)
        notify_game_changed(s, sg, NULL);
    commit_release(bridge_of(s)->cq);
    watch_queue(s, sg, 1);
    if (rc == 0)
        game_end_publish(s, sg);
    return rc;
}

void game_end_publish(srv *s, const srv_game *sg)
{
    if (games_over(sg) && ops_of(s)->game_ended)
        ops_of(s)->game_ended(s, sg, sg->write_seq);
}

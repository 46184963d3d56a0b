/* service/game_state.c - what a game held in memory says of itself: its result (the rules', or
 * one they did not make: a loss on time, an agreed draw), whether it is over, whose turn it is,
 * the colours its seats play, which seat a user has, whether its chat is public, a move as
 * history writes it, and a move appended to its list.
 *
 * It reads the game and its rules only: no store, no other game, no server state, so the clocks,
 * the games' map and the watchers all sit on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/rules_util.h"
#include "service/model.h"

int games_append_move(srv_game *sg, int seat, const char *text, const char *colour)
{
    if (sg->nmoves == sg->cap) {
        size_t cap = sg->cap ? sg->cap * 2 : 32;
        srv_move *m = realloc(sg->moves, cap * sizeof *m);
        if (!m)
            return -1;
        sg->moves = m;
        sg->cap = cap;
    }
    srv_move *m = &sg->moves[sg->nmoves];
    if (!(m->text = strdup(text)))
        return -1;
    m->seat = seat;
    m->seq = 0; /* loaded moves are committed; a new one gets its batch from the caller */
    m->comment = NULL;
    snprintf(m->colour, sizeof m->colour, "%s", colour);
    sg->nmoves++;
    return 0;
}

void games_result(const srv_game *sg, char re[32])
{
    if (sg->forced_result[0]) {
        snprintf(re, 32, "%s", sg->forced_result);
        return;
    }
    if (sg->re_memo_at != sg->changes + 1 || sg->re_memo_n != sg->nmoves) { /* good until the game changes */
        srv_game *memo = (srv_game *)sg;
        sg->rules->result(sg->g, memo->re_memo);
        memo->re_memo_at = sg->changes + 1;
        memo->re_memo_n = sg->nmoves;
    }
    memcpy(re, sg->re_memo, 32);
}

int games_over(const srv_game *sg)
{
    char re[32];
    if (sg->waiting)
        return 0; /* not begun: nobody moves, but it is not over */
    games_result(sg, re);
    return re[0] || sg->rules->seat_to_move(sg->g) < 0;
}

int games_to_move(const srv_game *sg)
{
    return sg->waiting || games_over(sg) ? -1 : sg->rules->seat_to_move(sg->g);
}

const char *games_first_colour(proto_game kind, int seat)
{
    static const char *const colours[G_COUNT][2] = {{"W", "B"}, {"B", "W"}, {"W", "B"}, {"1", "2"}};
    return colours[kind][seat];
}

void games_colour_of(const srv_game *sg, int seat, char out[8])
{
    if (sg->rules->colour_now && sg->g)
        sg->rules->colour_now(sg->g, seat, out);
    else
        snprintf(out, 8, "%s", games_first_colour(sg->kind, seat));
}

int games_seat_of(const srv_game *sg, const char *user)
{
    int a = strcmp(sg->player[0], user) == 0, b = strcmp(sg->player[1], user) == 0;
    if (a && b) {
        int t = games_to_move(sg);
        return t < 0 ? 0 : t;
    }
    return a ? 0 : b ? 1 : -1;
}

int games_history_text(const srv_game *sg, size_t i, int viewer, lx_buf *out)
{
    char re[32];
    games_result(sg, re);
    if (sg->rules->history_public && !re[0] && viewer != sg->moves[i].seat)
        return sg->rules->history_public(sg->moves[i].text, out);
    return sg->rules->history_text(sg->moves[i].text, out);
}

int messages_chat_public(const srv_game *sg) { return opt_long(sg->options, "publicchat", 0) != 0; }

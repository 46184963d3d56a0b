/* service/offers.c - offers between the players of a game: a draw, a
 * takeback, and the answers (accept, decline) that also answer a challenge.
 *
 * An offer waits in the game ("draw 0": seat 0 offers a draw) until the
 * other player answers or anyone moves.  A draw exists only where the
 * rules know one (Twixt, crossword); a takeback only where the whole
 * position is the moves (Twixt, Hex: no dice or tile bag to put back).  A
 * takeback removes the asker's last move from memory and the store in one
 * batch, replays the game without it, gives the turn back with its clock,
 * and rewinds the watchers, so the move played next in its place reaches
 * them again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/ops.h"
#include "service/conditional.h"

/* The game where actor plays and which has begun and goes on; its seat in *seat. */
static srv_game *game_in_play(srv *s, const char *actor, int64_t board, int *seat, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return NULL;
    *seat = games_seat_of(sg, actor);
    if (*seat < 0) {
        svc_fail(st, "NOT_A_PLAYER", "%s does not play on board %lld", actor, (long long)board);
        return NULL;
    }
    if (sg->waiting) {
        svc_fail(st, "CHALLENGE_PENDING", "board %lld has not begun: it waits for %s to accept", (long long)board,
                 sg->player[sg->waiting - 1]);
        return NULL;
    }
    if (games_over(sg)) {
        svc_fail(st, "GAME_OVER", "the game on board %lld is over", (long long)board);
        return NULL;
    }
    return sg;
}

static int set_offer(srv *s, srv_game *sg, const char *what, int seat, svc_status *st)
{
    if (what)
        snprintf(sg->offer, sizeof sg->offer, "%s %d", what, seat);
    else
        sg->offer[0] = 0;
    sg->changes++;
    int rc = clock_persist(s, sg, st);
    watch_queue(s, sg, 1); /* the other player's page learns of it at once */
    return rc;
}

/* The offer waiting on sg by `seat`'s opponent, or NULL. */
static const char *offer_to(const srv_game *sg, int seat)
{
    char what[16];
    int by;
    if (!sg->offer[0] || sscanf(sg->offer, "%15s %d", what, &by) != 2 || by == seat)
        return NULL;
    return !strcmp(what, "draw") ? "draw" : !strcmp(what, "takeback") ? "takeback" : NULL;
}

/* The game ends agreed drawn: "0" in the record, half a point each (the players and their
 * ratings read first when not held, and the request run again: the game's end cannot; its
 * mails then enter the end's own batch). */
static int agree_draw(srv *s, srv_game *sg, svc_status *st)
{
    if (players_later(s, sg, 1, 1))
        return svc_fail(st, "BUSY", "the players are being read");
    return clock_end_game(s, sg, "0", st);
}

int svc_offer_draw(srv *s, const char *actor, int64_t board, int *agreed, svc_status *st)
{
    int seat;
    srv_game *sg = game_in_play(s, actor, board, &seat, st);
    *agreed = 0;
    if (!sg)
        return -1;
    if (sg->kind != G_TWIXT && sg->kind != G_CROSSWORD)
        return svc_fail(st, "NO_DRAWS", "%s has no draws", sg->rules->name);
    const char *waiting = offer_to(sg, seat);
    if (waiting && !strcmp(waiting, "draw")) {
        *agreed = 1;
        return agree_draw(s, sg, st);
    }
    return set_offer(s, sg, "draw", seat, st);
}

int svc_takeback(srv *s, const char *actor, int64_t board, svc_status *st)
{
    int seat;
    srv_game *sg = game_in_play(s, actor, board, &seat, st);
    if (!sg)
        return -1;
    if (sg->kind != G_TWIXT && sg->kind != G_HEX)
        return svc_fail(st, "NO_TAKEBACK", "a %s move cannot be taken back (dice or tiles were drawn)",
                        sg->rules->name);
    if (!sg->nmoves || sg->moves[sg->nmoves - 1].seat != seat || games_to_move(sg) == seat)
        return svc_fail(st, "NO_TAKEBACK", "only your last move can be taken back, before your opponent moves");
    return set_offer(s, sg, "takeback", seat, st);
}

/* Play the game again without its last move (the players read first when not held: the turn goes
 * back to the asker, whose vacation its clock asks). */
static int take_back(srv *s, srv_game *sg, svc_status *st)
{
    if (players_later(s, sg, 1, 0))
        return svc_fail(st, "BUSY", "the players are being read");
    lx_game_error err;
    lx_game_error_init(&err);
    void *g = sg->rules->create(sg->options, &err);
    lx_game_error_free(&err);
    if (!g)
        return svc_fail(st, "INTERNAL", "cannot make the game again");
    size_t n = sg->nmoves - 1;
    for (size_t i = 0; i < n; i++) {
        char colour[8];
        if (sg->rules->replay(g, sg->moves[i].seat, sg->moves[i].text, colour) != 0) {
            sg->rules->destroy(g);
            return svc_fail(st, "INTERNAL", "a move does not replay");
        }
    }
    sg->rules->destroy(sg->g);
    sg->g = g;
    free(sg->moves[n].text);
    free(sg->moves[n].comment); /* the move's comment goes with it (messages.c) */
    sg->nmoves = n;
    sg->offer[0] = 0;
    store_op op = {.kind = STORE_MOVE_DELETE};
    op.move.game_id = sg->id;
    op.move.n = (int)n + 1;
    commit_hold(bridge_of(s)->cq);
    int rc = svc_commit(s, &op, sg, st);
    store_op no_comment = {.kind = STORE_MOVE_COMMENT}; /* text NULL: the comment's row is deleted */
    no_comment.move.game_id = sg->id;
    no_comment.move.n = (int)n + 1;
    if (rc == 0)
        rc = svc_commit(s, &no_comment, sg, st);
    if (rc == 0)
        rc = clock_after_play(s, sg, st);
    if (rc == 0)
        rc = clock_persist(s, sg, st);
    if (rc == 0)
        rc = conditional_end(s, sg, st); /* conditional moves end with a takeback */
    commit_release(bridge_of(s)->cq);
    watch_rewind(sg, n);
    watch_queue(s, sg, 1);
    return rc;
}

/* accept / decline an offer on sg made by seat's opponent. */
static int answer_offer(srv *s, srv_game *sg, int seat, int yes, const char **what, svc_status *st)
{
    *what = offer_to(sg, seat);
    if (!*what)
        return svc_fail(st, "NOTHING_TO_ANSWER", "board %lld waits for no answer from you", (long long)sg->id);
    if (!yes)
        return set_offer(s, sg, NULL, seat, st);
    return !strcmp(*what, "draw") ? agree_draw(s, sg, st) : take_back(s, sg, st);
}

int svc_answer(srv *s, const char *actor, int64_t board, int yes, const char **what, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    *what = "challenge";
    if (!sg)
        return -1;
    if (sg->waiting && !sg->forced_result[0]) {
        if (strcmp(sg->player[sg->waiting - 1], actor))
            return svc_fail(st, "NOT_YOURS", "board %lld waits for %s's answer", (long long)board,
                            sg->player[sg->waiting - 1]);
        if (players_later(s, sg, 1, 0)) /* the mails of the answer look both up: in its own batch */
            return svc_fail(st, "BUSY", "the players are being read");
        return yes ? challenge_accept(s, actor, sg, st) : challenge_decline(s, sg, st);
    }
    int seat;
    if (!(sg = game_in_play(s, actor, board, &seat, st)))
        return -1;
    return answer_offer(s, sg, seat, yes, what, st);
}

const char *svc_game_offer(const srv_game *sg, int *by)
{
    static const char *const kinds[] = {"draw", "takeback"};
    char what[16];
    if (!sg->offer[0] || sscanf(sg->offer, "%15s %d", what, by) != 2)
        return NULL;
    for (int i = 0; i < 2; i++)
        if (!strcmp(what, kinds[i]))
            return kinds[i];
    return NULL;
}

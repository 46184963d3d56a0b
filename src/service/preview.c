/* service/preview.c - a crossword play scored without being played (the web page's running score).
 *
 * A player builds a word on the board tile by tile; after each tile the page asks what the play
 * would score.  The rules check it exactly as they would check the move (placement, words in the
 * lexicon, tiles held) against the actor's own rack, and change nothing: no batch, no version, no
 * clock.  Only a player of the board may ask, and only from their own rack, so nothing hidden (the
 * other rack, the bag) is revealed: the answer is what the player could learn by playing. */
#include <string.h>

#include "service/ops.h"

int svc_preview(srv *s, const char *actor, int64_t board, const char *text, long *score, int *bingo, lx_buf *words,
                svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    int seat = actor ? games_seat_of(sg, actor) : -1;
    if (seat < 0)
        return svc_fail(st, "NOT_A_PLAYER", "only the players of board %lld score plays there", (long long)board);
    if (!sg->rules->preview)
        return svc_fail(st, "WRONG_GAME", "only a crossword play is scored before it is played");
    if (sg->forced_result[0] || sg->rules->seat_to_move(sg->g) < 0)
        return svc_fail(st, "GAME_OVER", "the game is over");
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = sg->rules->preview(sg->g, seat, text, score, bingo, words, &err);
    if (rc != 0)
        svc_fail(st, err.code ? err.code : "ILLEGAL_MOVE", "%s", err.message.data ? err.message.data : "illegal play");
    lx_game_error_free(&err);
    return rc;
}

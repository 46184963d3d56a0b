/* service/comments.c - a move's comment, as a game held in memory carries it: read from the
 * store with the game's moves (comments_load), and read by the doors (svc_game_move_comment).
 * Writing one is an operation (messages.c: svc_comment_move, svc_play_commented). */
#include <stdlib.h>
#include <string.h>

#include "service/model.h"

const char *svc_game_move_comment(const srv_game *sg, size_t i)
{
    return i < sg->nmoves ? sg->moves[i].comment : NULL;
}

static int load_one(void *ctx, int n, const char *text)
{
    srv_game *sg = ctx;
    if (n < 1 || (size_t)n > sg->nmoves) /* a comment of a move taken back: not this game's any more */
        return 0;
    char *copy = strdup(text);
    if (!copy)
        return -1;
    free(sg->moves[n - 1].comment);
    sg->moves[n - 1].comment = copy;
    return 0;
}

int comments_load(store *st, srv_game *sg) { return st->be->comments_each(st, sg->id, load_one, sg); }

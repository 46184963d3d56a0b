/* service/comments.c - a move's comment, as a game held in memory carries it: read from the
 * store with the game's moves (comments_load), read by the doors (svc_game_move_comment), and put
 * on a move and queued in the open batch (comments_attach; comments_attach_pending, the comment
 * the play in progress holds for its move).  Asking to write one is an operation (messages.c:
 * svc_comment_move, svc_play_commented), which checks its text. */
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

int comments_attach(srv *s, srv_game *sg, size_t n, const char *text, svc_status *st)
{
    char *copy = strdup(text);
    if (!copy)
        return svc_fail(st, "INTERNAL", "out of memory");
    store_op op = {.kind = STORE_MOVE_COMMENT};
    op.move.game_id = sg->id;
    op.move.n = (int)n;
    op.move.seat = sg->moves[n - 1].seat;
    op.move.text = copy;
    if (svc_commit(s, &op, sg, st) != 0) {
        free(copy);
        return -1;
    }
    free(sg->moves[n - 1].comment);
    sg->moves[n - 1].comment = copy;
    return 0;
}

int comments_attach_pending(srv *s, srv_game *sg, const char *actor, svc_status *st)
{
    const char *text = model_of(s)->pending_comment;
    model_of(s)->pending_comment = NULL; /* one move takes it */
    if (!text || !sg->nmoves || !actor || strcmp(sg->player[sg->moves[sg->nmoves - 1].seat], actor))
        return 0;
    return comments_attach(s, sg, sg->nmoves, text, st);
}

/* line/cmd_ratings.c - ratings GAME [USER] and standings GAME.
 *
 * ratings: one line per class of the game, "CLASS RATING RD VOLATILITY
 * GAMES" and "provisional" while the deviation is above 110; standings:
 * "CLASS RANK USER RATING RD GAMES [provisional]", best first, per class. */
#include <stdio.h>
#include <stdlib.h>

#include "line/line_int.h"

#define STANDINGS_MAX 50

static void rating_line(lx_buf *out, const char *cls, long rank, const svc_rating *r)
{
    if (rank)
        lx_buf_printf(out, "%s %ld %s %.0f %.0f %d", cls, rank, r->user, r->r, r->rd, r->games);
    else
        lx_buf_printf(out, "%s %.0f %.0f %.5f %d", cls, r->r, r->rd, r->sigma, r->games);
    if (r->rd > SVC_PROVISIONAL_RD)
        lx_buf_append_str(out, " provisional");
}

/* standings GAME: every class's rows read first (off the loop for a request that runs again). */
static cmd_end standings(conn *c, proto_game g, const char *game)
{
    const char *const *classes;
    svc_rating *r = calloc(SVC_CLASSES_MAX * STANDINGS_MAX, sizeof *r);
    long k[SVC_CLASSES_MAX];
    svc_status st;
    svc_status_init(&st);
    int n = r ? svc_standings(c->s, g, r, STANDINGS_MAX, k, &st) : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        free(r);
        return cmd_error(c, &st);
    }
    ratings_classes(g, &classes);
    lx_buf line = LX_BUF_INIT;
    reply_ok(&c->reply, "standings %s", game);
    for (int i = 0; i < n; i++)
        for (long j = 0; j < k[i]; j++) {
            lx_buf_clear(&line);
            rating_line(&line, classes[i], j + 1, &r[i * STANDINGS_MAX + j]);
            reply_body(&c->reply, line.data, line.len);
        }
    lx_buf_free(&line);
    free(r);
    return CMD_ANSWERED;
}

cmd_end cmd_ratings(conn *c, proto_cmd *cmd)
{
    proto_game g = proto_game_of(cmd->argv[0]);
    const char *const *classes;
    int n = g == G_NONE ? 0 : ratings_classes(g, &classes);
    const char *user = cmd->argc > 1 ? cmd->argv[1] : c->user;
    char name[SVC_NAME_MAX + 1];
    if (!n)
        return cmd_refuse(c, "UNKNOWN_GAME", "%s", proto_unknown_game);
    if (cmd->verb == V_STANDINGS)
        return standings(c, g, cmd->argv[0]);
    if (!user[0])
        return cmd_refuse(c, "NOT_LOGGED_IN", "whose? ratings GAME USER, or log in first");
    if (!svc_user_exists(c->s, user, name))
        return cmd_refuse(c, "NO_SUCH_USER", "there is no user '%.40s'", user);
    lx_buf line = LX_BUF_INIT;
    reply_ok(&c->reply, "%s %s", name, cmd->argv[0]);
    for (int i = 0; i < n; i++) {
        svc_rating r;
        if (svc_rating_of(c->s, name, classes[i], &r) == 0) {
            lx_buf_clear(&line);
            rating_line(&line, classes[i], 0, &r);
            reply_body(&c->reply, line.data, line.len);
        }
    }
    lx_buf_free(&line);
    return CMD_ANSWERED;
}

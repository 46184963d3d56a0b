/* service/changes.c - a change a call makes, queued for the commit thread (svc_commit).
 *
 * An op that writes a game is made conditional on the version it was computed from, and makes
 * the next (svc_queue; the play in progress, model_of(s)->guard, covers its comment, ratings and mails);
 * an op other servers on the database must hear of (a user's, a rating's, the seeks') has its
 * notice queued beside it; the call's status learns the batch its answer waits for.  A change no
 * one but its maker may learn of (svc_commit_hidden: a player's own conditional moves) makes a
 * version marked hidden, which other servers read again without telling anyone.  It only
 * queues: what becomes of the batch is the bridge's (commit.c, waits.c). */
#include <stdio.h>
#include <string.h>

#include "service/model.h"

/* The top bit of a version's low half marks a hidden change (the rest counts this server's). */
#define VERSION_HIDDEN 0x80000000u

static int64_t new_version(srv *s, int hidden)
{
    model_of(s)->versions++;
    return (int64_t)((uint64_t)model_of(s)->instance << 32 | (model_of(s)->versions & ~VERSION_HIDDEN) |
                     (hidden ? VERSION_HIDDEN : 0));
}

int64_t games_new_version(srv *s) { return new_version(s, 0); }

int games_version_hidden(int64_t version) { return ((uint64_t)version & VERSION_HIDDEN) != 0; }

/* A change of g that others may not learn of stays hidden unless one they may is still in flight
 * (the batch's last version is the one other servers hear of). */
static int stays_hidden(srv *s, const srv_game *g)
{
    return g->write_seq <= bridge_of(s)->committed || games_version_hidden(g->version);
}

static uint64_t queue(srv *s, const store_op *in, srv_game *sg, int hidden)
{
    store_op op = *in; /* commit_add copies its strings */
    srv_game *g = sg ? sg : model_of(s)->guard;
    if (sg && op.kind == STORE_GAME_CREATE) {
        op.game.version = sg->version;
    } else if (g && store_op_bumps(op.kind)) { /* applies only on the version it was computed from */
        op.guard_board = g->id;
        op.guard_version = g->version;
        op.new_version = g->version = new_version(s, hidden && stays_hidden(s, g));
    } else if (g) { /* a comment, rating or mail of the change: kept only when the change is */
        op.guard_board = g->id;
        op.guard_version = g->version;
    }
    return commit_add(bridge_of(s)->cq, &op);
}

uint64_t svc_queue(srv *s, const store_op *op, srv_game *sg) { return queue(s, op, sg, 0); }

/* The user whose row (or block list) op changes, or NULL when it changes no user. */
const char *user_changed_by(const store_op *op)
{
    switch (op->kind) {
    case STORE_USER_CREATE: case STORE_USER_PASSWORD: case STORE_USER_DISPLAY: case STORE_USER_DISABLE:
    case STORE_USER_MAIL: case STORE_USER_PREFS:
        return op->user.name;
    case STORE_BLOCK:
        return op->block.user;
    default:
        return NULL;
    }
}

/* What other servers on the database must hear of an op they may hold in memory: a user's
 * change (users_changed; a new user they cannot hold yet), a rating's (ratings_changed) or the
 * seeks' (seeks_changed), as a notice; 0 when nothing. */
static int notice_of(const srv *s, const store_op *op, store_op *notice)
{
    const char *user = user_changed_by(op);
    if (user && op->kind != STORE_USER_CREATE) {
        store_user_notice(notice, model_of(s)->instance, user);
        return 1;
    }
    switch (op->kind) {
    case STORE_SEEK_ADD: case STORE_SEEK_DELETE:
        memset(notice, 0, sizeof *notice);
        notice->kind = STORE_NOTIFY;
        snprintf(notice->message.text, sizeof notice->message.text, "SEEKS %u", (unsigned)model_of(s)->instance);
        return 1;
    case STORE_RATING_SET:
        memset(notice, 0, sizeof *notice);
        notice->kind = STORE_NOTIFY;
        snprintf(notice->message.text, sizeof notice->message.text, "RATING %u %s %s %.17g %.17g %.17g %d",
                 (unsigned)model_of(s)->instance, op->rating.cls, op->rating.user, op->rating.r, op->rating.rd,
                 op->rating.sigma, (int)op->rating.games);
        return 1;
    default:
        return 0;
    }
}

static int commit(srv *s, const store_op *op, srv_game *sg, int hidden, svc_status *st)
{
    uint64_t seq = queue(s, op, sg, hidden);
    if (seq == 0)
        return svc_fail(st, "INTERNAL", "out of memory");
    store_op notice;
    if (bridge_of(s)->rstore->be->listen && notice_of(s, op, &notice)) { /* every other server on the database hears it */
        uint64_t told = commit_add(bridge_of(s)->cq, &notice);
        seq = told > seq ? told : seq;
    }
    if (op->kind == STORE_RATING_SET)
        model_of(s)->ratings_written = seq;
    if (op->kind == STORE_SEEK_ADD || op->kind == STORE_SEEK_DELETE)
        model_of(s)->seeks_written = seq;
    if (user_changed_by(op)) { /* another server's notice is read once this has committed */
        model_of(s)->users_written = seq;
        users_written(s, user_changed_by(op), seq); /* and the user stays held until then */
    }
    if ((sg || model_of(s)->guard) && store_op_bumps(op->kind))
        st->wait_board = (sg ? sg : model_of(s)->guard)->id;
    model_of(s)->changes++;
    if (seq > st->wait_seq)
        st->wait_seq = seq;
    if (sg) {
        sg->write_seq = seq;
        sg->changes += !hidden;
    }
    return 0;
}

int svc_commit(srv *s, const store_op *op, srv_game *sg, svc_status *st) { return commit(s, op, sg, 0, st); }

int svc_commit_hidden(srv *s, const store_op *op, srv_game *sg, svc_status *st)
{
    return commit(s, op, sg, 1, st);
}

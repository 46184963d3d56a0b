/* store/store.c - picking a backend for a location, and freeing rows.
 *
 * "postgresql://..." and "postgres://..." are PostgreSQL (libpq's URI, handed
 * over as it is); "sqlite:PATH" and any other location are an SQLite file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

int store_is_pg(const char *location)
{
    return strncmp(location, "postgres://", 11) == 0 || strncmp(location, "postgresql://", 13) == 0;
}

store *store_open(const char *location, char *err, size_t errcap)
{
    if (store_is_pg(location))
        return store_pg_backend.open(location, err, errcap);
    if (strncmp(location, "sqlite:", 7) == 0)
        location += 7;
    return store_sqlite_backend.open(location, err, errcap);
}

void store_close(store *s)
{
    if (s)
        s->be->close(s);
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

void store_op_clear(store_op *op)
{
    store_user_clear(&op->user);
    store_game_clear(&op->game);
    free(op->move.text);
    store_mail_clear(&op->mail);
}

int store_op_copy(store_op *dst, const store_op *src)
{
    *dst = *src;
    dst->user.pwhash = dup_or_null(src->user.pwhash);
    dst->user.email = dup_or_null(src->user.email);
    dst->game.options = dup_or_null(src->game.options);
    dst->game.state = dup_or_null(src->game.state);
    dst->game.clock = dup_or_null(src->game.clock);
    dst->move.text = dup_or_null(src->move.text);
    dst->mail.message = dup_or_null(src->mail.message);
    if ((src->user.pwhash && !dst->user.pwhash) || (src->user.email && !dst->user.email) ||
        (src->game.options && !dst->game.options) || (src->game.state && !dst->game.state) ||
        (src->game.clock && !dst->game.clock) ||
        (src->move.text && !dst->move.text) || (src->mail.message && !dst->mail.message)) {
        store_op_clear(dst);
        return -1;
    }
    return 0;
}

void store_user_clear(store_user *u)
{
    free(u->pwhash);
    free(u->email);
    u->pwhash = u->email = NULL;
}

void store_game_clear(store_game *g)
{
    free(g->options);
    free(g->state);
    free(g->clock);
    g->options = g->state = g->clock = NULL;
}

void store_mail_clear(store_mail *m)
{
    free(m->message);
    m->message = NULL;
}

int store_op_bumps(store_op_kind kind)
{
    return kind == STORE_GAME_STATE || kind == STORE_GAME_CLOCK || kind == STORE_MOVE_APPEND ||
           kind == STORE_MOVE_DELETE;
}

int store_op_guarded(const store_op *op)
{
    return op->guard_board > 0 && (store_op_bumps(op->kind) || op->kind == STORE_MOVE_COMMENT ||
                                   op->kind == STORE_RATING_SET || op->kind == STORE_OUTBOX_ADD);
}

void store_user_notice(store_op *op, uint32_t instance, const char *name)
{
    memset(op, 0, sizeof *op);
    op->kind = STORE_NOTIFY;
    snprintf(op->message.text, sizeof op->message.text, "USER %u %s", (unsigned)instance, name);
}

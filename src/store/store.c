/* store/store.c - picking a backend for a location, naming its statements, and freeing rows.
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

const char *store_query_text(const store *s, int qi)
{
    return s->be->query_text ? s->be->query_text(qi) : NULL;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

void store_op_clear(store_op *op)
{
    store_user_clear(&op->user);
    store_game_clear(&op->game);
    free(op->move.text);
    free(op->row.data);
    op->row.data = NULL;
    store_mail_clear(&op->mail);
}

/* The bytes of an op its kind uses: message and seek, at the end, only for theirs. */
static size_t op_extent(store_op_kind kind)
{
    switch (kind) {
    case STORE_SEEK_ADD: case STORE_SEEK_DELETE:
        return sizeof(store_op);
    case STORE_MESSAGE_ADD: case STORE_MESSAGES_SEEN: case STORE_MESSAGE_COPY: case STORE_NOTIFY:
        return offsetof(store_op, seek);
    default:
        return offsetof(store_op, message);
    }
}

int store_op_copy(store_op *dst, const store_op *src)
{
    memcpy(dst, src, op_extent(src->kind));
    dst->user.pwhash = dup_or_null(src->user.pwhash);
    dst->user.email = dup_or_null(src->user.email);
    dst->game.options = dup_or_null(src->game.options);
    dst->game.state = dup_or_null(src->game.state);
    dst->game.clock = dup_or_null(src->game.clock);
    dst->move.text = dup_or_null(src->move.text);
    dst->mail.message = dup_or_null(src->mail.message);
    dst->row.data = src->row.data ? malloc(src->row.len) : NULL;
    if (dst->row.data)
        memcpy(dst->row.data, src->row.data, src->row.len);
    if ((src->row.data && !dst->row.data) || (src->user.pwhash && !dst->user.pwhash) || (src->user.email && !dst->user.email) ||
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
           kind == STORE_MOVE_DELETE || kind == STORE_CONDITIONAL_SET;
}

int store_op_guarded(const store_op *op)
{
    if (op->kind == STORE_RATING_SET && op->rating_from.check)
        return 1;
    return op->guard_board > 0 && (store_op_bumps(op->kind) || op->kind == STORE_MOVE_COMMENT ||
                                   op->kind == STORE_RATING_SET || op->kind == STORE_OUTBOX_ADD ||
                                   op->kind == STORE_MAIL_SEEN);
}

void store_user_notice(store_op *op, uint32_t instance, const char *name)
{
    memset(op, 0, sizeof *op);
    op->kind = STORE_NOTIFY;
    snprintf(op->message.text, sizeof op->message.text, "USER %u %s", (unsigned)instance, name);
}

/* Each board's chain through the batch: the version its last op makes (virt) and the one the
 * row will really have there (real), in a small open-addressing table. */
typedef struct chain {
    int64_t board, virt, real;
} chain;

static chain *chain_of(chain *t, size_t cap, int64_t board)
{
    size_t h = (size_t)((uint64_t)board * 0x9E3779B97F4A7C15ull >> 17) & (cap - 1);
    while (t[h].board && t[h].board != board)
        h = (h + 1) & (cap - 1);
    t[h].board = board;
    return &t[h];
}

/* The next op after i that bumps the same board, among the few that follow (a move's clock
 * write is queued right after it), or -1. */
static long next_bump(const store_op *ops, size_t n, size_t i)
{
    for (size_t j = i + 1; j < n && j < i + 16; j++)
        if (ops[j].guard_board == ops[i].guard_board && store_op_guarded(&ops[j]) && store_op_bumps(ops[j].kind))
            return (long)j;
    return -1;
}

int store_plan_guards(const store_op *ops, size_t n, store_guard *out)
{
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    chain *t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < n; i++) {
        const store_op *op = &ops[i];
        out[i] = (store_guard){op->guard_version, 0};
        if (!store_op_guarded(op) || op->guard_board <= 0) /* a rating on its row alone */
            continue;
        chain *c = chain_of(t, cap, op->guard_board);
        if (!c->virt || c->virt != op->guard_version) /* the board's first op here, or a new chain */
            c->virt = c->real = op->guard_version;
        out[i].version = c->real;
        if (!store_op_bumps(op->kind))
            continue;
        long j = op->kind == STORE_MOVE_APPEND || op->kind == STORE_MOVE_DELETE ? next_bump(ops, n, i) : -1;
        if (j >= 0 && ops[j].guard_version == op->new_version) { /* that write changes the version for both */
            c->virt = op->new_version;
            continue;
        }
        out[i].bump = 1;
        c->virt = c->real = op->new_version;
    }
    free(t);
    return 0;
}

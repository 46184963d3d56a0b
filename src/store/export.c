/* store/export.c - a whole store as the ops that make it again (ludex-admin migrate).
 *
 * Each backend reads a table's rows as text (store_backend.table_each, with
 * the one query below per table); this file turns them into store_ops in
 * an order an empty store takes: accounts, then games before their moves,
 * then what refers to them.  Messages and the outbox keep their ids (a
 * mail's id is how its sending is recorded); a last STORE_IDS_SETTLE makes
 * the store number new rows after them.  Nothing here knows SQL dialects:
 * the queries are plain enough for both backends ("user" is quoted for
 * PostgreSQL, where it is a reserved word; SQLite takes the quotes too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/queries.h"
#include "store/store.h"

static const char *const table_sql[STORE_NTABLES] = {
    [STORE_T_USERS] = "SELECT id, name, pwhash, email, display, disabled, email_verified, verify_hash, notify,"
                      " challenges, vacation_until, vacation_year, vacation_used, created FROM users ORDER BY id",
    [STORE_T_BLOCKS] = "SELECT \"user\", other FROM blocks ORDER BY \"user\", other",
    [STORE_T_GAMES] = "SELECT id, kind, player1, player2, options, state, created, clock, deadline, nag_at, result,"
                      " status, offer FROM games ORDER BY id",
    [STORE_T_MOVES] = "SELECT game_id, n, seat, text FROM moves ORDER BY game_id, n",
    [STORE_T_COMMENTS] = "SELECT game_id, n, text FROM move_comments ORDER BY game_id, n",
    [STORE_T_RATINGS] = "SELECT \"user\", class, rating, rd, volatility, games FROM ratings ORDER BY \"user\", class",
    [STORE_T_SEEKS] = "SELECT id, kind, \"user\", options, created FROM seeks ORDER BY id",
    [STORE_T_MESSAGES] = "SELECT id, board, sender, recipient, text, created, seen FROM messages ORDER BY id",
    [STORE_T_SESSIONS] = "SELECT token_hash, \"user\", csrf, expires FROM sessions ORDER BY token_hash",
    [STORE_T_MAIL_SEEN] = "SELECT message_id FROM mail_seen ORDER BY message_id",
    [STORE_T_OUTBOX] = "SELECT id, event, recipient, message, created, sent, attempts, next_try, error FROM outbox"
                       " ORDER BY id",
    [STORE_T_RATING_HISTORY] = "SELECT \"user\", class, at, rating, rd, board FROM rating_history ORDER BY id",
    [STORE_T_CONDITIONALS] = "SELECT game_id, seat, lines FROM conditionals ORDER BY game_id, seat",
    [STORE_T_TOURNAMENTS] = "SELECT id, name, kind, format, options, organizer, min_players, max_players, start_at,"
                            " rated, sequential, state, round, created FROM tournaments ORDER BY id",
    [STORE_T_TOURNAMENT_ENTRANTS] = "SELECT tournament_id, player, seed, joined, withdrawn FROM tournament_entrants"
                                    " ORDER BY tournament_id, player",
    [STORE_T_TOURNAMENT_ROUNDS] = "SELECT tournament_id, round, paired_at FROM tournament_rounds"
                                  " ORDER BY tournament_id, round",
    [STORE_T_TOURNAMENT_PAIRINGS] = "SELECT tournament_id, round, board, player1, player2, game_id FROM"
                                    " tournament_pairings ORDER BY tournament_id, round, board",
};

const char *store_table_query(int t) { return t >= 0 && t < STORE_NTABLES ? table_sql[t] : NULL; }

typedef struct exporter {
    int table;
    int (*fn)(void *ctx, const store_op *op);
    void *ctx;
} exporter;

static const char *text(const char *c) { return c ? c : ""; }
static int64_t num(const char *c) { return c ? strtoll(c, NULL, 10) : 0; }
static void copy(char *dst, size_t cap, const char *c) { snprintf(dst, cap, "%s", text(c)); }

/* An account: made, then its mail settings, preferences and standing. */
static int user_ops(exporter *x, const char *const *c)
{
    store_op op = {.kind = STORE_USER_CREATE};
    store_user *u = &op.user;
    copy(u->name, sizeof u->name, c[1]);
    u->pwhash = (char *)text(c[2]);
    u->email = (char *)c[3];
    u->display = (int)num(c[4]);
    u->disabled = (int)num(c[5]);
    u->email_verified = (int)num(c[6]);
    copy(u->verify_hash, sizeof u->verify_hash, c[7]);
    u->notify = (int)num(c[8]);
    u->challenges = (int)num(c[9]);
    u->vacation_until = num(c[10]);
    u->vacation_year = (int)num(c[11]);
    u->vacation_used = (int)num(c[12]);
    u->created = num(c[13]);
    static const store_op_kind then[] = {STORE_USER_CREATE, STORE_USER_MAIL, STORE_USER_PREFS, STORE_USER_DISABLE};
    for (size_t i = 0; i < sizeof then / sizeof then[0]; i++) {
        op.kind = then[i];
        if (x->fn(x->ctx, &op) != 0)
            return -1;
    }
    return 0;
}

static int game_ops(exporter *x, const char *const *c)
{
    store_op op = {.kind = STORE_GAME_CREATE};
    store_game *g = &op.game;
    g->id = num(c[0]);
    copy(g->kind, sizeof g->kind, c[1]);
    copy(g->player[0], sizeof g->player[0], c[2]);
    copy(g->player[1], sizeof g->player[1], c[3]);
    g->options = (char *)text(c[4]);
    g->state = (char *)text(c[5]);
    g->created = num(c[6]);
    g->clock = (char *)text(c[7]);
    g->deadline = num(c[8]);
    g->nag_at = num(c[9]);
    copy(g->result, sizeof g->result, c[10]);
    g->status = (int)num(c[11]);
    copy(g->offer, sizeof g->offer, c[12]);
    if (x->fn(x->ctx, &op) != 0)
        return -1;
    op.kind = STORE_GAME_CLOCK;
    return x->fn(x->ctx, &op);
}

static int message_op(exporter *x, const char *const *c)
{
    store_op op = {.kind = STORE_MESSAGE_COPY};
    store_message *m = &op.message;
    m->id = num(c[0]);
    m->board = num(c[1]);
    copy(m->sender, sizeof m->sender, c[2]);
    copy(m->recipient, sizeof m->recipient, c[3]);
    copy(m->text, sizeof m->text, c[4]);
    m->created = num(c[5]);
    m->seen = (int)num(c[6]);
    return x->fn(x->ctx, &op);
}

static int outbox_op(exporter *x, const char *const *c)
{
    store_op op = {.kind = STORE_OUTBOX_COPY};
    store_mail *m = &op.mail;
    m->id = num(c[0]);
    copy(m->event, sizeof m->event, c[1]);
    copy(m->recipient, sizeof m->recipient, c[2]);
    m->message = (char *)text(c[3]);
    m->created = num(c[4]);
    m->sent = (int)num(c[5]);
    m->attempts = (int)num(c[6]);
    m->next_try = num(c[7]);
    copy(m->error, sizeof m->error, c[8]);
    return x->fn(x->ctx, &op);
}

/* Moves, comments, ratings and their history, seeks, blocks, sessions, conditional moves, inbound mail
 * seen: one op a row. */
static int simple_op(exporter *x, const char *const *c)
{
    store_op op;
    memset(&op, 0, sizeof op);
    switch (x->table) {
    case STORE_T_MOVES:
        op.kind = STORE_MOVE_APPEND;
        op.move = (store_move){num(c[0]), (int)num(c[1]), (int)num(c[2]), (char *)text(c[3])};
        break;
    case STORE_T_COMMENTS:
        op.kind = STORE_MOVE_COMMENT;
        op.move = (store_move){num(c[0]), (int)num(c[1]), 0, (char *)text(c[2])};
        break;
    case STORE_T_RATINGS:
        op.kind = STORE_RATING_SET;
        copy(op.rating.user, sizeof op.rating.user, c[0]);
        copy(op.rating.cls, sizeof op.rating.cls, c[1]);
        op.rating.r = strtod(text(c[2]), NULL);
        op.rating.rd = strtod(text(c[3]), NULL);
        op.rating.sigma = strtod(text(c[4]), NULL);
        op.rating.games = (int)num(c[5]);
        break;
    case STORE_T_SEEKS:
        op.kind = STORE_SEEK_ADD;
        op.seek.id = num(c[0]);
        copy(op.seek.kind, sizeof op.seek.kind, c[1]);
        copy(op.seek.user, sizeof op.seek.user, c[2]);
        copy(op.seek.options, sizeof op.seek.options, c[3]);
        op.seek.created = num(c[4]);
        break;
    case STORE_T_BLOCKS:
        op.kind = STORE_BLOCK;
        copy(op.block.user, sizeof op.block.user, c[0]);
        copy(op.block.other, sizeof op.block.other, c[1]);
        op.block.on = 1;
        break;
    case STORE_T_SESSIONS:
        op.kind = STORE_SESSION_CREATE;
        copy(op.session.token_hash, sizeof op.session.token_hash, c[0]);
        copy(op.session.user, sizeof op.session.user, c[1]);
        copy(op.session.csrf, sizeof op.session.csrf, c[2]);
        op.session.expires = num(c[3]);
        break;
    case STORE_T_RATING_HISTORY:
        op.kind = STORE_RATING_HISTORY_COPY;
        copy(op.rating.user, sizeof op.rating.user, c[0]);
        copy(op.rating.cls, sizeof op.rating.cls, c[1]);
        op.rating_from.at = num(c[2]);
        op.rating.r = strtod(text(c[3]), NULL);
        op.rating.rd = strtod(text(c[4]), NULL);
        op.rating_from.board = num(c[5]);
        break;
    case STORE_T_CONDITIONALS: /* a player's conditional moves, as they were */
        op.kind = STORE_CONDITIONAL_SET;
        op.move = (store_move){num(c[0]), 0, (int)num(c[1]), (char *)text(c[2])};
        break;
    default: /* STORE_T_MAIL_SEEN */
        op.kind = STORE_MAIL_SEEN;
        copy(op.mail.message_id, sizeof op.mail.message_id, c[0]);
        break;
    }
    return x->fn(x->ctx, &op);
}

static int one_row(void *ctx, const char *const *cols)
{
    exporter *x = ctx;
    switch (x->table) {
    case STORE_T_USERS:
        return user_ops(x, cols);
    case STORE_T_GAMES:
        return game_ops(x, cols);
    case STORE_T_MESSAGES:
        return message_op(x, cols);
    case STORE_T_OUTBOX:
        return outbox_op(x, cols);
    case STORE_T_TOURNAMENTS: case STORE_T_TOURNAMENT_ENTRANTS: case STORE_T_TOURNAMENT_ROUNDS:
    case STORE_T_TOURNAMENT_PAIRINGS: { /* a tournament's rows, column for column */
        store_op op;
        memset(&op, 0, sizeof op);
        op.kind = STORE_TOURNAMENT_ROW_COPY;
        op.row.table = x->table;
        op.row.n = store_tournament_copy_columns(x->table);
        for (int i = 0; i < op.row.n; i++)
            op.row.len += strlen(text(cols[i])) + 1;
        if (!(op.row.data = malloc(op.row.len + 1)))
            return -1;
        for (size_t i = 0, at = 0; i < (size_t)op.row.n; at += strlen(text(cols[i])) + 1, i++)
            memcpy(op.row.data + at, text(cols[i]), strlen(text(cols[i])) + 1);
        int rc = x->fn(x->ctx, &op);
        free(op.row.data);
        return rc;
    }
    default:
        return simple_op(x, cols);
    }
}

int store_export(store *s, int (*fn)(void *ctx, const store_op *op), void *ctx, char *err, size_t errcap)
{
    exporter x = {0, fn, ctx};
    for (x.table = 0; x.table < STORE_NTABLES; x.table++)
        if (s->be->table_each(s, x.table, one_row, &x, err, errcap) != 0)
            return -1;
    store_op settle;
    memset(&settle, 0, sizeof settle);
    settle.kind = STORE_IDS_SETTLE;
    if (fn(ctx, &settle) != 0) {
        snprintf(err, errcap, "writing the copy failed");
        return -1;
    }
    return 0;
}

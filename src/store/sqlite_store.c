/* store/sqlite_store.c - the SQLite backend of the store interface.
 *
 * The database runs in WAL mode with synchronous=FULL, so a transaction that
 * has committed survives a crash of the process or of the machine, and
 * readers (the event loop's handle) never wait for the writer (the commit
 * thread's handle).  Every statement is prepared once when the store opens
 * and run with bound parameters; no SQL is ever built from input.  A batch
 * is one BEGIN IMMEDIATE ... COMMIT: either every op of it is in the file
 * or none is.  The primary key (game_id, n) of moves refuses a second move
 * with the same number, a last line of defence against two racing moves;
 * the service's ops are conditional on their game's version (store_op), the
 * same statements PostgreSQL runs, though here the server is the file's only
 * writer and none is ever refused. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/queries.h"
#include "store/sqlite_store.h"
#include "store/store.h"

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    sqlite3_stmt *q[NQUERIES];
} sqlite_store;

sqlite3 *sqlite_store_db(store *s) { return ((sqlite_store *)s)->db; }

static void sq_close(store *s)
{
    sqlite_store *q = (sqlite_store *)s;
    for (int i = 0; i < NQUERIES; i++)
        sqlite3_finalize(q->q[i]);
    sqlite3_close(q->db);
    free(q);
}

static int configure(sqlite3 *db, char *err, size_t errcap)
{
    static const char *const pragmas[] = {
        "PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON",
    };
    sqlite3_busy_timeout(db, 5000);
    for (size_t i = 0; i < sizeof pragmas / sizeof pragmas[0]; i++) {
        char *msg = NULL;
        if (sqlite3_exec(db, pragmas[i], NULL, NULL, &msg) != SQLITE_OK) {
            snprintf(err, errcap, "%s: %s", pragmas[i], msg ? msg : "failed");
            sqlite3_free(msg);
            return -1;
        }
    }
    return 0;
}

static int prepare_all(sqlite_store *q, char *err, size_t errcap)
{
    for (int i = 0; i < NQUERIES; i++)
        if (sqlite3_prepare_v2(q->db, store_query_sql[i], -1, &q->q[i], NULL) != SQLITE_OK) {
            snprintf(err, errcap, "preparing a query: %s", sqlite3_errmsg(q->db));
            return -1;
        }
    return 0;
}

static store *sq_open(const char *path, char *err, size_t errcap)
{
    sqlite_store *q = calloc(1, sizeof *q);
    if (!q) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    q->base.be = &store_sqlite_backend;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path, &q->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "%s: %s", path, q->db ? sqlite3_errmsg(q->db) : "cannot open");
        sq_close(&q->base);
        return NULL;
    }
    char why[256] = "";
    if (configure(q->db, why, sizeof why) != 0 || sqlite_store_migrate(q->db, why, sizeof why) != 0 ||
        prepare_all(q, why, sizeof why) != 0) {
        int corrupt = sqlite3_errcode(q->db) == SQLITE_NOTADB || sqlite3_errcode(q->db) == SQLITE_CORRUPT;
        snprintf(err, errcap, "%s: %s%s", path, why,
                 corrupt ? " (this is not a ludexd database, or it is damaged: restore a backup, or look with ludex-admin check)"
                         : "");
        sq_close(&q->base);
        return NULL;
    }
    return &q->base;
}

/* Run a statement that returns no rows; 0 or -1. */
static int run_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* A queued mail's delivery so far, from parameter `at` on, in the order of Q_OUTBOX_DONE. */
static void bind_delivery(sqlite3_stmt *st, int at, const store_mail *m)
{
    sqlite3_bind_int(st, at, m->sent);
    sqlite3_bind_int(st, at + 1, m->attempts);
    sqlite3_bind_int64(st, at + 2, m->next_try);
    bind_text(st, at + 3, m->error);
}

/* A message's own fields, from parameter `at` on, in the order of Q_MESSAGE_INSERT. */
static void bind_message(sqlite3_stmt *st, int at, const store_message *m)
{
    if (m->board)
        sqlite3_bind_int64(st, at, m->board);
    else
        sqlite3_bind_null(st, at);
    bind_text(st, at + 1, m->sender);
    bind_text(st, at + 2, m->recipient[0] ? m->recipient : NULL);
    bind_text(st, at + 3, m->text);
    sqlite3_bind_int64(st, at + 4, m->created);
}

static int apply_user(sqlite_store *q, const store_op *op)
{
    const store_user *u = &op->user;
    sqlite3_stmt *st;
    switch (op->kind) {
    case STORE_USER_CREATE:
        st = q->q[Q_USER_INSERT];
        bind_text(st, 1, u->name);
        bind_text(st, 2, u->pwhash);
        bind_text(st, 3, u->email);
        sqlite3_bind_int(st, 4, u->display);
        sqlite3_bind_int64(st, 5, u->created ? u->created : (sqlite3_int64)time(NULL));
        return run_done(st);
    case STORE_USER_PASSWORD:
        st = q->q[Q_USER_PASSWORD];
        bind_text(st, 1, u->name);
        bind_text(st, 2, u->pwhash);
        return run_done(st);
    case STORE_USER_DISABLE:
        st = q->q[Q_USER_DISABLE];
        bind_text(st, 1, u->name);
        sqlite3_bind_int(st, 2, u->disabled);
        return run_done(st);
    case STORE_USER_MAIL:
        st = q->q[Q_USER_MAIL];
        bind_text(st, 1, u->name);
        bind_text(st, 2, u->email);
        sqlite3_bind_int(st, 3, u->email_verified);
        bind_text(st, 4, u->verify_hash);
        sqlite3_bind_int(st, 5, u->notify);
        return run_done(st);
    default:
        st = q->q[Q_USER_DISPLAY];
        bind_text(st, 1, u->name);
        sqlite3_bind_int(st, 2, u->display);
        return run_done(st);
    }
}

/* A game's clock row, parameters 1 to 7 (the plain and the conditional statement). */
static void bind_clock(sqlite3_stmt *st, const store_game *g)
{
    sqlite3_bind_int64(st, 1, g->id);
    bind_text(st, 2, g->clock ? g->clock : "");
    sqlite3_bind_int64(st, 3, g->deadline);
    sqlite3_bind_int64(st, 4, g->nag_at);
    bind_text(st, 5, g->result);
    sqlite3_bind_int(st, 6, g->status);
    bind_text(st, 7, g->offer);
}

static int apply_game(sqlite_store *q, const store_op *op)
{
    const store_game *g = &op->game;
    sqlite3_stmt *st;
    if (op->kind == STORE_GAME_CLOCK) {
        st = q->q[Q_GAME_CLOCK];
        bind_clock(st, g);
        return run_done(st);
    }
    if (op->kind == STORE_GAME_STATE) {
        st = q->q[Q_GAME_STATE];
        sqlite3_bind_int64(st, 1, g->id);
        bind_text(st, 2, g->state ? g->state : "");
        return run_done(st);
    }
    st = q->q[Q_GAME_INSERT];
    sqlite3_bind_int64(st, 1, g->id);
    bind_text(st, 2, g->kind);
    bind_text(st, 3, g->player[0]);
    bind_text(st, 4, g->player[1]);
    bind_text(st, 5, g->options ? g->options : "");
    bind_text(st, 6, g->state ? g->state : "");
    sqlite3_bind_int64(st, 7, g->created);
    sqlite3_bind_int64(st, 8, g->version);
    return run_done(st);
}

static int apply_move(sqlite_store *q, const store_op *op)
{
    sqlite3_stmt *st = q->q[Q_MOVE_INSERT];
    sqlite3_bind_int64(st, 1, op->move.game_id);
    sqlite3_bind_int(st, 2, op->move.n);
    sqlite3_bind_int(st, 3, op->move.seat);
    bind_text(st, 4, op->move.text);
    return run_done(st);
}

static int apply_session(sqlite_store *q, const store_op *op)
{
    const store_session *ss = &op->session;
    sqlite3_stmt *st;
    if (op->kind == STORE_SESSION_DELETE) { /* the expired ones go with it */
        st = q->q[Q_SESSION_DELETE];
        bind_text(st, 1, ss->token_hash);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)time(NULL));
        return run_done(st);
    }
    st = q->q[Q_SESSION_INSERT];
    bind_text(st, 1, ss->token_hash);
    bind_text(st, 2, ss->user);
    bind_text(st, 3, ss->csrf);
    sqlite3_bind_int64(st, 4, ss->expires);
    return run_done(st);
}

/* A mail queued now, parameters 1 to 5 (the plain and the conditional statement). */
static void bind_outbox(sqlite3_stmt *st, const store_mail *m)
{
    bind_text(st, 1, m->event);
    bind_text(st, 2, m->recipient);
    bind_text(st, 3, m->message ? m->message : "");
    sqlite3_bind_int64(st, 4, (sqlite3_int64)time(NULL));
    sqlite3_bind_int64(st, 5, m->next_try);
}

static int apply_mail(sqlite_store *q, const store_op *op)
{
    const store_mail *m = &op->mail;
    sqlite3_stmt *st;
    switch (op->kind) {
    case STORE_MAIL_SEEN:
        st = q->q[Q_MAIL_SEEN_INSERT];
        bind_text(st, 1, m->message_id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)time(NULL));
        return run_done(st);
    case STORE_OUTBOX_ADD:
        st = q->q[Q_OUTBOX_INSERT];
        bind_outbox(st, m);
        return run_done(st);
    case STORE_OUTBOX_REPLACE:
        st = q->q[Q_OUTBOX_REPLACE];
        bind_text(st, 1, m->event);
        bind_text(st, 2, m->message ? m->message : "");
        sqlite3_bind_int64(st, 3, (sqlite3_int64)time(NULL));
        return run_done(st);
    default:
        st = q->q[Q_OUTBOX_DONE];
        sqlite3_bind_int64(st, 1, m->id);
        bind_delivery(st, 2, m);
        return run_done(st);
    }
}

/* A rating's six values, parameters 1 to 6 (the plain and the conditional statement). */
static void bind_rating(sqlite3_stmt *st, const store_rating *r)
{
    bind_text(st, 1, r->user);
    bind_text(st, 2, r->cls);
    sqlite3_bind_double(st, 3, r->r);
    sqlite3_bind_double(st, 4, r->rd);
    sqlite3_bind_double(st, 5, r->sigma);
    sqlite3_bind_int(st, 6, r->games);
}

/* A game's end in the history of ratings, when its STORE_RATING_SET wrote the row (same transaction). */
static int history_add(sqlite_store *q, const store_op *op)
{
    sqlite3_stmt *st = q->q[Q_RATING_HISTORY_ADD];
    bind_rating(st, &op->rating);
    sqlite3_bind_int64(st, 7, op->rating_from.at);
    sqlite3_bind_int64(st, 8, op->rating_from.board);
    return run_done(st);
}

static int apply_rating(sqlite_store *q, const store_op *op)
{
    sqlite3_stmt *st = q->q[Q_RATING_SET];
    bind_rating(st, &op->rating);
    return run_done(st);
}

/* Preferences, blocks, seeks and a move taken back. */
static int apply_consent(sqlite_store *q, const store_op *op)
{
    sqlite3_stmt *st;
    switch (op->kind) {
    case STORE_USER_PREFS:
        st = q->q[Q_USER_PREFS];
        bind_text(st, 1, op->user.name);
        sqlite3_bind_int(st, 2, op->user.challenges);
        sqlite3_bind_int64(st, 3, op->user.vacation_until);
        sqlite3_bind_int(st, 4, op->user.vacation_year);
        sqlite3_bind_int(st, 5, op->user.vacation_used);
        return run_done(st);
    case STORE_BLOCK:
        st = q->q[op->block.on ? Q_BLOCK_ADD : Q_BLOCK_DELETE];
        bind_text(st, 1, op->block.user);
        bind_text(st, 2, op->block.other);
        return run_done(st);
    case STORE_SEEK_ADD:
        st = q->q[Q_SEEK_ADD];
        sqlite3_bind_int64(st, 1, op->seek.id);
        bind_text(st, 2, op->seek.kind);
        bind_text(st, 3, op->seek.user);
        bind_text(st, 4, op->seek.options);
        sqlite3_bind_int64(st, 5, op->seek.created);
        return run_done(st);
    case STORE_SEEK_DELETE:
        st = q->q[Q_SEEK_DELETE];
        sqlite3_bind_int64(st, 1, op->seek.id);
        return run_done(st);
    default:
        st = q->q[Q_MOVE_DELETE];
        sqlite3_bind_int64(st, 1, op->move.game_id);
        sqlite3_bind_int(st, 2, op->move.n);
        return run_done(st);
    }
}

/* A message or chat line, messages seen, a move's comment. */
static int apply_message(sqlite_store *q, const store_op *op)
{
    const store_message *m = &op->message;
    sqlite3_stmt *st;
    switch (op->kind) {
    case STORE_MESSAGE_ADD:
        st = q->q[Q_MESSAGE_INSERT];
        bind_message(st, 1, m);
        return run_done(st);
    case STORE_MESSAGES_SEEN:
        st = q->q[Q_MESSAGES_SEEN];
        bind_text(st, 1, m->recipient);
        sqlite3_bind_int64(st, 2, m->id);
        return run_done(st);
    default: /* a comment, or none (text NULL: a move taken back takes its comment along) */
        st = q->q[op->move.text ? Q_COMMENT_SET : Q_COMMENT_DELETE];
        sqlite3_bind_int64(st, 1, op->move.game_id);
        sqlite3_bind_int(st, 2, op->move.n);
        if (op->move.text)
            bind_text(st, 3, op->move.text);
        return run_done(st);
    }
}

/* The rows of a whole copy that keep their ids (store/export.c). */
static int apply_copy(sqlite_store *q, const store_op *op)
{
    sqlite3_stmt *st;
    if (op->kind == STORE_IDS_SETTLE) /* SQLite numbers rows after the largest id by itself; id blocks do not */
        return run_done(q->q[Q_IDS_BLOCKS_SETTLE]);
    if (op->kind == STORE_TOURNAMENT_ROW_COPY) {
        int qi = store_tournament_copy_query(op->row.table);
        if (qi < 0)
            return -1;
        st = q->q[qi];
        const char *c = op->row.data;
        for (int i = 0; c && i < op->row.n; c += strlen(c) + 1, i++)
            bind_text(st, i + 1, c);
        return run_done(st);
    }
    if (op->kind == STORE_RATING_HISTORY_COPY) {
        st = q->q[Q_RATING_HISTORY_COPY];
        bind_text(st, 1, op->rating.user);
        bind_text(st, 2, op->rating.cls);
        sqlite3_bind_int64(st, 3, op->rating_from.at);
        sqlite3_bind_double(st, 4, op->rating.r);
        sqlite3_bind_double(st, 5, op->rating.rd);
        sqlite3_bind_int64(st, 6, op->rating_from.board);
        return run_done(st);
    }
    if (op->kind == STORE_MESSAGE_COPY) {
        const store_message *m = &op->message;
        st = q->q[Q_MESSAGE_COPY];
        sqlite3_bind_int64(st, 1, m->id);
        bind_message(st, 2, m);
        sqlite3_bind_int(st, 7, m->seen);
        return run_done(st);
    }
    const store_mail *m = &op->mail;
    st = q->q[Q_OUTBOX_COPY];
    sqlite3_bind_int64(st, 1, m->id);
    bind_text(st, 2, m->event);
    bind_text(st, 3, m->recipient);
    bind_text(st, 4, m->message ? m->message : "");
    sqlite3_bind_int64(st, 5, m->created);
    bind_delivery(st, 6, m);
    return run_done(st);
}

/* A player's conditional moves set (text NULL: removed); on the board's version `version` when
 * it is not 0, else whatever the version. */
static int apply_conditional(sqlite_store *q, const store_op *op, int64_t version)
{
    int put = op->move.text != NULL;
    sqlite3_stmt *st = q->q[put ? (version ? Q_CONDITIONAL_PUT_IF : Q_CONDITIONAL_PUT)
                                : (version ? Q_CONDITIONAL_DELETE_IF : Q_CONDITIONAL_DELETE)];
    sqlite3_bind_int64(st, 1, op->move.game_id);
    sqlite3_bind_int(st, 2, op->move.seat);
    if (put)
        bind_text(st, 3, op->move.text);
    if (version)
        sqlite3_bind_int64(st, put ? 4 : 3, version);
    return run_done(st);
}

/* Run a statement that changes rows: how many it changed, or -1. */
static int run_changes(sqlite_store *q, sqlite3_stmt *st)
{
    return run_done(st) == 0 ? sqlite3_changes(q->db) : -1;
}

/* A conditional op (store_op's guard): 0 with *refused set when the board's version was not the
 * op's, or -1. */
static int apply_guarded(sqlite_store *q, const store_op *op, const store_guard *g, int *refused)
{
    sqlite3_stmt *st;
    int64_t b = op->guard_board, v = g->version;
    int changed = 1;
    switch (op->kind) {
    case STORE_GAME_STATE:
        st = q->q[Q_GAME_STATE_IF];
        sqlite3_bind_int64(st, 1, b);
        bind_text(st, 2, op->game.state ? op->game.state : "");
        sqlite3_bind_int64(st, 3, v);
        sqlite3_bind_int64(st, 4, op->new_version);
        changed = run_changes(q, st);
        break;
    case STORE_GAME_CLOCK:
        st = q->q[Q_GAME_CLOCK_IF];
        bind_clock(st, &op->game);
        sqlite3_bind_int64(st, 8, v);
        sqlite3_bind_int64(st, 9, op->new_version);
        changed = run_changes(q, st);
        break;
    case STORE_MOVE_APPEND: case STORE_MOVE_DELETE: /* its own version change, or the next write's (g->bump) */
        if (g->bump) {
            st = q->q[Q_GAME_BUMP];
            sqlite3_bind_int64(st, 1, b);
            sqlite3_bind_int64(st, 2, v);
            sqlite3_bind_int64(st, 3, op->new_version);
            if ((changed = run_changes(q, st)) <= 0)
                break;
        }
        st = q->q[op->kind == STORE_MOVE_APPEND ? Q_MOVE_INSERT_IF : Q_MOVE_DELETE_IF];
        sqlite3_bind_int64(st, 1, op->move.game_id);
        sqlite3_bind_int(st, 2, op->move.n);
        if (op->kind == STORE_MOVE_APPEND) {
            sqlite3_bind_int(st, 3, op->move.seat);
            bind_text(st, 4, op->move.text);
        }
        sqlite3_bind_int64(st, op->kind == STORE_MOVE_APPEND ? 5 : 3, g->bump ? op->new_version : v);
        int rows = run_changes(q, st);
        if (rows < 0)
            return -1;
        if (!g->bump)
            changed = rows;
        break;
    case STORE_CONDITIONAL_SET: /* the board's version changes, then the lines on the new version */
        st = q->q[Q_GAME_BUMP];
        sqlite3_bind_int64(st, 1, b);
        sqlite3_bind_int64(st, 2, v);
        sqlite3_bind_int64(st, 3, op->new_version);
        if ((changed = run_changes(q, st)) <= 0)
            break;
        return apply_conditional(q, op, op->new_version);
    case STORE_MOVE_COMMENT:
        st = q->q[op->move.text ? Q_COMMENT_SET_IF : Q_COMMENT_DELETE_IF];
        sqlite3_bind_int64(st, 1, op->move.game_id);
        sqlite3_bind_int(st, 2, op->move.n);
        if (op->move.text)
            bind_text(st, 3, op->move.text);
        sqlite3_bind_int64(st, op->move.text ? 4 : 3, v);
        return run_done(st);
    case STORE_RATING_SET:
        st = q->q[Q_RATING_SET_IF];
        bind_rating(st, &op->rating);
        sqlite3_bind_int64(st, 7, b);
        sqlite3_bind_int64(st, 8, b ? v : 0);
        sqlite3_bind_double(st, 9, op->rating_from.was.r);
        sqlite3_bind_double(st, 10, op->rating_from.was.rd);
        sqlite3_bind_double(st, 11, op->rating_from.was.sigma);
        sqlite3_bind_int(st, 12, op->rating_from.was.games);
        sqlite3_bind_int(st, 13, op->rating_from.check);
        if (!op->rating_from.check)
            return run_done(st);
        changed = run_changes(q, st);
        if (changed > 0 && op->rating_from.board > 0 && history_add(q, op) != 0)
            return -1;
        break;
    case STORE_MAIL_SEEN:
        st = q->q[Q_MAIL_SEEN_INSERT_IF];
        bind_text(st, 1, op->mail.message_id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)time(NULL));
        sqlite3_bind_int64(st, 3, b);
        sqlite3_bind_int64(st, 4, v);
        return run_done(st);
    default: /* STORE_OUTBOX_ADD */
        st = q->q[Q_OUTBOX_INSERT_IF];
        bind_outbox(st, &op->mail);
        sqlite3_bind_int64(st, 6, b);
        sqlite3_bind_int64(st, 7, v);
        return run_done(st);
    }
    if (changed < 0)
        return -1;
    *refused = changed == 0;
    return 0;
}

static int apply_op(sqlite_store *q, const store_op *op)
{
    switch (op->kind) {
    case STORE_NOTIFY: /* one server per SQLite file: nobody to tell */
        return 0;
    case STORE_MESSAGE_COPY:
    case STORE_OUTBOX_COPY:
    case STORE_IDS_SETTLE:
    case STORE_RATING_HISTORY_COPY:
    case STORE_TOURNAMENT_ROW_COPY:
        return apply_copy(q, op);
    case STORE_MESSAGE_ADD:
    case STORE_MESSAGES_SEEN:
    case STORE_MOVE_COMMENT:
        return apply_message(q, op);
    case STORE_USER_PREFS:
    case STORE_BLOCK:
    case STORE_SEEK_ADD:
    case STORE_SEEK_DELETE:
    case STORE_MOVE_DELETE:
        return apply_consent(q, op);
    case STORE_RATING_SET:
        return apply_rating(q, op);
    case STORE_MAIL_SEEN:
    case STORE_OUTBOX_ADD:
    case STORE_OUTBOX_DONE:
    case STORE_OUTBOX_REPLACE:
        return apply_mail(q, op);
    case STORE_USER_MAIL:
    case STORE_USER_CREATE:
    case STORE_USER_PASSWORD:
    case STORE_USER_DISPLAY:
    case STORE_USER_DISABLE:
        return apply_user(q, op);
    case STORE_GAME_CREATE:
    case STORE_GAME_STATE:
    case STORE_GAME_CLOCK:
        return apply_game(q, op);
    case STORE_MOVE_APPEND:
        return apply_move(q, op);
    case STORE_SESSION_CREATE:
    case STORE_SESSION_DELETE:
        return apply_session(q, op);
    case STORE_LOGIN_FAIL: /* one instance counts failed logins in memory (no login_failures here) */
        return 0;
    case STORE_CONDITIONAL_SET:
        return apply_conditional(q, op, 0);
    }
    return -1;
}

static int sq_commit(store *s, const store_op *ops, size_t n, unsigned char *refused, char *err, size_t errcap)
{
    sqlite_store *q = (sqlite_store *)s;
    store_guard *plan = malloc((n ? n : 1) * sizeof *plan);
    if (!plan || store_plan_guards(ops, n, plan) != 0) {
        free(plan);
        snprintf(err, errcap, "out of memory");
        return STORE_FULL; /* nothing applied; a later commit may have the memory */
    }
    if (run_done(q->q[Q_BEGIN]) != 0)
        goto fail;
    for (size_t i = 0; i < n; i++) {
        int no = 0;
        if ((store_op_guarded(&ops[i]) ? apply_guarded(q, &ops[i], &plan[i], &no) : apply_op(q, &ops[i])) != 0)
            goto fail;
        if (refused)
            refused[i] = (unsigned char)no;
    }
    if (run_done(q->q[Q_COMMIT]) == 0) {
        free(plan);
        return 0;
    }
fail:
    free(plan);
    snprintf(err, errcap, "%s", sqlite3_errmsg(q->db));
    int full = (sqlite3_extended_errcode(q->db) & 0xff) == SQLITE_FULL;
    if (!sqlite3_get_autocommit(q->db))
        run_done(q->q[Q_ROLLBACK]);
    return full && sqlite3_get_autocommit(q->db) ? STORE_FULL : -1;
}

static char *column_dup(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? strdup((const char *)t) : NULL;
}

static void column_copy(sqlite3_stmt *st, int i, char *dst, size_t cap)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    snprintf(dst, cap, "%s", t ? (const char *)t : "");
}

static int finish_row(sqlite3_stmt *st, int rc)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

/* A row of Q_USER_GET or Q_USERS_ALL. */
static void user_row(sqlite3_stmt *st, store_user *out)
{
    out->id = sqlite3_column_int64(st, 0);
    column_copy(st, 1, out->name, sizeof out->name);
    out->pwhash = column_dup(st, 2);
    out->email = column_dup(st, 3);
    out->display = sqlite3_column_int(st, 4);
    out->disabled = sqlite3_column_int(st, 5);
    out->email_verified = sqlite3_column_int(st, 6);
    column_copy(st, 7, out->verify_hash, sizeof out->verify_hash);
    out->notify = sqlite3_column_int(st, 8);
    out->challenges = sqlite3_column_int(st, 9);
    out->vacation_until = sqlite3_column_int64(st, 10);
    out->vacation_year = sqlite3_column_int(st, 11);
    out->vacation_used = sqlite3_column_int(st, 12);
}

static int sq_user_get(store *s, const char *name, store_user *out)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_USER_GET];
    memset(out, 0, sizeof *out);
    bind_text(st, 1, name);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW)
        return finish_row(st, rc == SQLITE_DONE ? 0 : -1);
    user_row(st, out);
    return finish_row(st, out->pwhash ? 1 : -1);
}

static int sq_game_get(store *s, int64_t id, store_game *out)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_GAME_GET];
    memset(out, 0, sizeof *out);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW)
        return finish_row(st, rc == SQLITE_DONE ? 0 : -1);
    out->id = sqlite3_column_int64(st, 0);
    column_copy(st, 1, out->kind, sizeof out->kind);
    column_copy(st, 2, out->player[0], sizeof out->player[0]);
    column_copy(st, 3, out->player[1], sizeof out->player[1]);
    out->options = column_dup(st, 4);
    out->state = column_dup(st, 5);
    out->created = sqlite3_column_int64(st, 6);
    out->clock = column_dup(st, 7);
    out->deadline = sqlite3_column_int64(st, 8);
    out->nag_at = sqlite3_column_int64(st, 9);
    column_copy(st, 10, out->result, sizeof out->result);
    out->status = sqlite3_column_int(st, 11);
    column_copy(st, 12, out->offer, sizeof out->offer);
    out->version = sqlite3_column_int64(st, 13);
    return finish_row(st, out->options && out->state && out->clock ? 1 : -1);
}

static int sq_moves_each(store *s, int64_t game_id, int (*fn)(void *ctx, const store_move *m), void *ctx)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_MOVES];
    sqlite3_bind_int64(st, 1, game_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_move m;
        m.game_id = sqlite3_column_int64(st, 0);
        m.n = sqlite3_column_int(st, 1);
        m.seat = sqlite3_column_int(st, 2);
        m.text = (char *)sqlite3_column_text(st, 3);
        if (!m.text || fn(ctx, &m) != 0)
            return finish_row(st, -1);
    }
    return finish_row(st, rc == SQLITE_DONE ? 0 : -1);
}

static long sq_games_of(store *s, const store_list *ask, int64_t *ids, size_t cap)
{
    sqlite_store *q = (sqlite_store *)s;
    sqlite3_stmt *st = q->q[store_list_query(ask)];
    if (ask->user)
        bind_text(st, 1, ask->user);
    sqlite3_bind_int(st, 2, ask->filter);
    bind_text(st, 3, ask->kind ? ask->kind : "");
    sqlite3_bind_int64(st, 4, (sqlite3_int64)cap);
    long n = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && (size_t)n < cap)
        ids[n++] = sqlite3_column_int64(st, 0);
    return finish_row(st, rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1) == 0 ? n : -1;
}

static int64_t sq_max_game_id(store *s)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_MAX_GAME];
    int64_t v = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    finish_row(st, 0);
    return v;
}

static int sq_session_get(store *s, const char *token_hash, store_session *out)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_SESSION_GET];
    memset(out, 0, sizeof *out);
    bind_text(st, 1, token_hash);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW)
        return finish_row(st, rc == SQLITE_DONE ? 0 : -1);
    column_copy(st, 0, out->token_hash, sizeof out->token_hash);
    column_copy(st, 1, out->user, sizeof out->user);
    column_copy(st, 2, out->csrf, sizeof out->csrf);
    out->expires = sqlite3_column_int64(st, 3);
    return finish_row(st, 1);
}

static int sq_users_each(store *s, int (*fn)(void *ctx, const store_user *u), void *ctx)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_USERS_ALL];
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_user u;
        memset(&u, 0, sizeof u);
        user_row(st, &u);
        stop = fn(ctx, &u) != 0;
        store_user_clear(&u);
    }
    return finish_row(st, stop || rc == SQLITE_DONE ? 0 : -1);
}

static int sq_backup(store *s, const char *out, char *err, size_t errcap)
{
    sqlite3 *dst = NULL;
    int rc = sqlite3_open_v2(out, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    sqlite3_backup *b = rc == SQLITE_OK ? sqlite3_backup_init(dst, "main", ((sqlite_store *)s)->db, "main") : NULL;
    if (b) {
        while ((rc = sqlite3_backup_step(b, 256)) == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(rc == SQLITE_OK ? 0 : 20);
        rc = sqlite3_backup_finish(b) == SQLITE_OK && rc == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    }
    if (!b || rc != SQLITE_OK)
        snprintf(err, errcap, "%s: %s", out, dst ? sqlite3_errmsg(dst) : "cannot open");
    sqlite3_close(dst);
    return b && rc == SQLITE_OK ? 0 : -1;
}

static int sq_integrity(store *s, char *err, size_t errcap)
{
    sqlite3_stmt *st;
    int ok = 0;
    if (sqlite3_prepare_v2(((sqlite_store *)s)->db, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "%s", sqlite3_errmsg(((sqlite_store *)s)->db));
        return -1;
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *r = (const char *)sqlite3_column_text(st, 0);
        ok = r && !strcmp(r, "ok");
        snprintf(err, errcap, "%s", r ? r : "no answer");
    }
    sqlite3_finalize(st);
    return ok ? 0 : -1;
}

static int sq_mail_seen(store *s, const char *message_id)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_MAIL_SEEN_GET];
    bind_text(st, 1, message_id);
    int rc = sqlite3_step(st);
    return finish_row(st, rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1);
}

static long sq_outbox_due(store *s, int64_t now, int64_t claim_until, store_mail *out, size_t cap)
{
    (void)claim_until; /* one instance: nobody to claim against */
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_OUTBOX_DUE];
    sqlite3_bind_int64(st, 1, now);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)cap);
    long n = 0;
    int rc = SQLITE_DONE;
    while ((size_t)n < cap && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_mail *m = &out[n];
        memset(m, 0, sizeof *m);
        m->id = sqlite3_column_int64(st, 0);
        column_copy(st, 1, m->event, sizeof m->event);
        column_copy(st, 2, m->recipient, sizeof m->recipient);
        m->message = column_dup(st, 3);
        m->attempts = sqlite3_column_int(st, 4);
        m->next_try = sqlite3_column_int64(st, 5);
        if (!m->message)
            break;
        n++;
    }
    if ((size_t)n < cap && rc != SQLITE_DONE) {
        for (long i = 0; i < n; i++)
            store_mail_clear(&out[i]);
        return finish_row(st, -1);
    }
    finish_row(st, 0);
    return n;
}

static void rating_row(sqlite3_stmt *st, store_rating *r)
{
    column_copy(st, 0, r->user, sizeof r->user);
    column_copy(st, 1, r->cls, sizeof r->cls);
    r->r = sqlite3_column_double(st, 2);
    r->rd = sqlite3_column_double(st, 3);
    r->sigma = sqlite3_column_double(st, 4);
    r->games = sqlite3_column_int(st, 5);
}

static int sq_rating_get(store *s, const char *user, const char *cls, store_rating *out)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_RATING_GET];
    bind_text(st, 1, user);
    bind_text(st, 2, cls);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        rating_row(st, out);
    return finish_row(st, rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1);
}

static long sq_ratings_of(store *s, const char *cls, store_rating *out, size_t cap)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_RATINGS_OF];
    bind_text(st, 1, cls);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)cap);
    long n = 0;
    int rc = SQLITE_DONE;
    while ((size_t)n < cap && (rc = sqlite3_step(st)) == SQLITE_ROW)
        rating_row(st, &out[n++]);
    return finish_row(st, rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1) == 0 ? n : -1;
}

static long sq_rating_history(store *s, const char *user, const char *cls, int64_t before, store_rating_point *out,
                              size_t cap)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_RATING_HISTORY];
    bind_text(st, 1, user);
    bind_text(st, 2, cls);
    sqlite3_bind_int64(st, 3, before);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)cap);
    long n = 0;
    int rc = SQLITE_DONE;
    while ((size_t)n < cap && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_rating_point *p = &out[n++];
        p->id = sqlite3_column_int64(st, 0);
        p->at = sqlite3_column_int64(st, 1);
        p->board = sqlite3_column_int64(st, 2);
        p->r = sqlite3_column_double(st, 3);
        p->rd = sqlite3_column_double(st, 4);
    }
    return finish_row(st, rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1) == 0 ? n : -1;
}

static long sq_games_due(store *s, int64_t now, int64_t claim_until, int64_t *ids, size_t cap)
{
    (void)claim_until;
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_GAMES_DUE];
    sqlite3_bind_int64(st, 1, now);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)cap);
    long n = 0;
    int rc = SQLITE_DONE;
    while ((size_t)n < cap && (rc = sqlite3_step(st)) == SQLITE_ROW)
        ids[n++] = sqlite3_column_int64(st, 0);
    return finish_row(st, rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1) == 0 ? n : -1;
}

static int sq_blocks_of(store *s, const char *user, int (*fn)(void *ctx, const char *other), void *ctx)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_BLOCKS_OF];
    bind_text(st, 1, user);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const unsigned char *o = sqlite3_column_text(st, 0);
        stop = fn(ctx, o ? (const char *)o : "") != 0;
    }
    return finish_row(st, stop || rc == SQLITE_DONE ? 0 : -1);
}

static int sq_seeks_each(store *s, int (*fn)(void *ctx, const store_seek *k), void *ctx)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_SEEKS_ALL];
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_seek k;
        k.id = sqlite3_column_int64(st, 0);
        column_copy(st, 1, k.kind, sizeof k.kind);
        column_copy(st, 2, k.user, sizeof k.user);
        column_copy(st, 3, k.options, sizeof k.options);
        k.created = sqlite3_column_int64(st, 4);
        stop = fn(ctx, &k) != 0;
    }
    return finish_row(st, stop || rc == SQLITE_DONE ? 0 : -1);
}

static void message_row(sqlite3_stmt *st, store_message *m)
{
    memset(m, 0, sizeof *m);
    m->id = sqlite3_column_int64(st, 0);
    m->board = sqlite3_column_int64(st, 1); /* NULL reads as 0 */
    column_copy(st, 2, m->sender, sizeof m->sender);
    column_copy(st, 3, m->recipient, sizeof m->recipient);
    column_copy(st, 4, m->text, sizeof m->text);
    m->created = sqlite3_column_int64(st, 5);
    m->seen = sqlite3_column_int(st, 6);
}

static long messages_rows(sqlite3_stmt *st, store_message *out, size_t cap)
{
    long n = 0;
    int rc = SQLITE_DONE;
    while ((size_t)n < cap && (rc = sqlite3_step(st)) == SQLITE_ROW)
        message_row(st, &out[n++]);
    return finish_row(st, rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1) == 0 ? n : -1;
}

static long sq_messages_unread(store *s, const char *user, store_message *out, size_t cap)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_MESSAGES_UNREAD];
    bind_text(st, 1, user);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)cap);
    return messages_rows(st, out, cap);
}

static long sq_messages_unread_count(store *s, const char *user)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_MESSAGES_UNREAD_COUNT];
    bind_text(st, 1, user);
    long n = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        n = (long)sqlite3_column_int64(st, 0);
    finish_row(st, 0);
    return n;
}

static long sq_chat_of(store *s, int64_t board, store_message *out, size_t cap)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_CHAT_OF];
    sqlite3_bind_int64(st, 1, board);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)cap);
    long n = messages_rows(st, out, cap);
    for (long i = 0, j = n - 1; i < j; i++, j--) { /* newest first from the index: oldest first for the reader */
        store_message t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
    return n;
}

/* A game's rows of (number, text), query qi's, each given to fn: comments by move, lines by seat. */
static int sq_int_text_each(store *s, int qi, int64_t game_id, int (*fn)(void *ctx, int n, const char *text), void *ctx)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[qi];
    sqlite3_bind_int64(st, 1, game_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 1);
        if (!t || fn(ctx, sqlite3_column_int(st, 0), (const char *)t) != 0)
            return finish_row(st, -1);
    }
    return finish_row(st, rc == SQLITE_DONE ? 0 : -1);
}

static int sq_comments_each(store *s, int64_t game_id, int (*fn)(void *ctx, int n, const char *text), void *ctx)
{
    return sq_int_text_each(s, Q_COMMENTS, game_id, fn, ctx);
}

static int sq_conditionals_each(store *s, int64_t game_id, int (*fn)(void *ctx, int seat, const char *lines),
                                void *ctx)
{
    return sq_int_text_each(s, Q_CONDITIONALS, game_id, fn, ctx);
}

/* Every row of a table as text (store/export.c's queries): reals exact, NULL as NULL. */
static int sq_table_each(store *s, int table, int (*fn)(void *ctx, const char *const *cols), void *ctx, char *err,
                         size_t errcap)
{
    sqlite3 *db = ((sqlite_store *)s)->db;
    sqlite3_stmt *st;
    if (!store_table_query(table) || sqlite3_prepare_v2(db, store_table_query(table), -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "reading a table: %s", sqlite3_errmsg(db));
        return -1;
    }
    int n = sqlite3_column_count(st), rc = SQLITE_ERROR, stop = 0;
    const char *cols[16];
    char reals[16][32];
    while (!stop && n <= 16 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int i = 0; i < n; i++) {
            int type = sqlite3_column_type(st, i);
            if (type == SQLITE_FLOAT) {
                snprintf(reals[i], sizeof reals[i], "%.17g", sqlite3_column_double(st, i));
                cols[i] = reals[i];
            } else {
                cols[i] = type == SQLITE_NULL ? NULL : (const char *)sqlite3_column_text(st, i);
            }
        }
        stop = fn(ctx, cols) != 0;
    }
    int ok = !stop && n <= 16 && rc == SQLITE_DONE;
    if (!ok)
        snprintf(err, errcap, "%s", stop ? "the copy stopped" : sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return ok ? 0 : -1;
}

static int64_t sq_ids_reserve(store *s, const char *what, int count)
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_IDS_RESERVE];
    bind_text(st, 1, what);
    sqlite3_bind_int(st, 2, count);
    int64_t first = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        first = sqlite3_column_int64(st, 0);
    return finish_row(st, 0) == 0 && first > 0 ? first : -1;
}

static int sq_counts(store *s, int64_t now, long out[2])
{
    sqlite3_stmt *st = ((sqlite_store *)s)->q[Q_COUNTS];
    sqlite3_bind_int64(st, 1, now);
    int rc = -1;
    if (sqlite3_step(st) == SQLITE_ROW) {
        out[0] = (long)sqlite3_column_int64(st, 0);
        out[1] = (long)sqlite3_column_int64(st, 1);
        rc = 0;
    }
    finish_row(st, 0);
    return rc;
}

const store_backend store_sqlite_backend = {
    "sqlite", sq_open, sq_close, sq_commit, sq_user_get, sq_game_get, sq_moves_each, sq_games_of, sq_max_game_id,
    sq_session_get, sq_users_each, sq_backup, sq_integrity, sq_mail_seen, sq_outbox_due, sq_rating_get, sq_ratings_of,
    sq_games_due, sq_blocks_of, sq_seeks_each, sq_messages_unread, sq_messages_unread_count, sq_chat_of,
    sq_comments_each, sq_table_each, sq_ids_reserve, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    sq_conditionals_each, sq_counts, sq_rating_history,
};

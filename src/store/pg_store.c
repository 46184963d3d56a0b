/* store/pg_store.c - the PostgreSQL backend of the store interface (libpq).
 *
 * A location "postgresql://USER@HOST:PORT/DB" (or "postgres://...") is handed
 * to libpq as it is.  One store handle is one connection, used by one thread
 * at a time: ludexd's commit thread owns one (every write), the event loop
 * another (the reads that fill its caches).  Every statement is prepared
 * once per connection and run with parameters; no SQL is built from input.
 * synchronous_commit is set on for the session: a COMMIT has answered only
 * once its WAL is on disk.
 *
 * A batch is one transaction sent through libpq's pipeline: BEGIN and the
 * ops in chunks of CHUNK statements with one round trip each, then COMMIT,
 * so a batch of a thousand moves costs a few round trips, not a thousand.
 * The moves that are alone on their board with their clock write go as two
 * statements over arrays for the whole batch (pg_pairs.c): PostgreSQL's cost
 * of a statement is mostly in starting and ending it, not in its row.
 * Outcomes (store_backend.commit):
 *   0           committed;
 *   STORE_FULL  nothing applied and a later commit may succeed: the server
 *               is out of disk (SQLSTATE class 53), or the connection was
 *               lost before COMMIT was sent (the server rolls back an open
 *               transaction whose client is gone).  The next call reconnects;
 *   -1          the outcome is unknown (the connection broke after COMMIT was
 *               sent) or the database refused the batch (a constraint).
 * Several ludexd may share the database: the service's writes of a game are
 * conditional on its version (store_op's guard); a statement's row count says
 * whether it applied (refused[i]).  A batch first locks the rows of the games
 * it writes in the order of their ids, so two servers' batches never wait in
 * a circle on them; one that still loses a deadlock elsewhere (users, ratings)
 * was rolled back whole and is sent again.  Changes reach the other servers
 * by NOTIFY: one per batch naming every board it wrote with its version now
 * (Q_NOTIFY_BOARDS, after the last op), and STORE_NOTIFY's; heard on a
 * connection that only listens (pg_listen, pg_notifications).
 * Reads retry once on a fresh connection when theirs was lost. */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/pg_pairs.h"
#include "store/pg_store.h"
#include "store/queries.h"
#include "store/store.h"

/* The statements only PostgreSQL runs, numbered after the shared ones (queries.h). */
enum {
    Q_INTEGRITY = NQUERIES, Q_IDS_SETTLE, Q_NOTIFY, Q_OUTBOX_CLAIM, Q_GAMES_CLAIM, Q_LOGIN_FAIL, Q_LOGIN_COUNT, Q_RATE_COUNT,
    Q_LOCK_BOARDS, Q_NOTIFY_BOARDS, Q_USER_INSERT_NOW, Q_SEEK_TAKE, Q_MOVES_IF_MANY, Q_CLOCKS_IF_MANY,
    Q_GENERIC_PLANS, NPG_QUERIES
};

static const char *const pg_only_sql[NPG_QUERIES - NQUERIES] = {
    /* what the database can tell cheaply: every move belongs to a game, numbered from 1 without a gap */
    [Q_INTEGRITY - NQUERIES] =
        "SELECT (SELECT COUNT(*) FROM moves m WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = m.game_id)),"
        " (SELECT COUNT(*) FROM (SELECT game_id FROM moves GROUP BY game_id HAVING MAX(n) <> COUNT(*)) x)",
    /* identity columns go on after the largest id copied */
    [Q_IDS_SETTLE - NQUERIES] =
        "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM users), false),"
        " setval(pg_get_serial_sequence('messages', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM messages), false),"
        " setval(pg_get_serial_sequence('outbox', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM outbox), false),"
        " setval(pg_get_serial_sequence('tournaments', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments),"
        " false)",
    /* a payload for every listening server, delivered when the transaction commits */
    [Q_NOTIFY - NQUERIES] = "SELECT pg_notify('ludex', ?1)",
    /* Several instances, each due row to one (SKIP LOCKED: what another instance is claiming right
     * now is left to it; the claim's condition is checked again on the row locked).  One statement,
     * so a claim is made whole or not at all; it runs out at ?3, so one left by an instance that
     * died is taken again then.  The outbox's ends with the attempt's record (Q_OUTBOX_DONE). */
    [Q_OUTBOX_CLAIM - NQUERIES] =
        "UPDATE outbox SET claimed_until = ?3 WHERE id IN (SELECT id FROM outbox WHERE sent = 0 AND next_try <= ?1"
        " AND claimed_until <= ?1 ORDER BY id LIMIT ?2 FOR UPDATE SKIP LOCKED)"
        " RETURNING id, event, recipient, message, attempts, next_try",
    [Q_GAMES_CLAIM - NQUERIES] =
        "UPDATE games SET swept_until = ?3 WHERE id IN (SELECT id FROM games WHERE swept_until <= ?1 AND id IN ("
        "SELECT id FROM (SELECT id FROM games WHERE deadline > 0 AND deadline <= ?1 AND swept_until <= ?1"
        " ORDER BY deadline LIMIT ?2) d UNION SELECT id FROM (SELECT id FROM games WHERE nag_at > 0 AND nag_at <= ?1"
        " AND swept_until <= ?1 ORDER BY nag_at LIMIT ?2) a) LIMIT ?2 FOR UPDATE SKIP LOCKED) RETURNING id",
    /* failed logins by (address, user, minute), every instance's; the minutes no limit looks at any
     * more go in the same statement */
    [Q_LOGIN_FAIL - NQUERIES] =
        "WITH gone AS (DELETE FROM login_failures WHERE minute < ?3 - 1)"
        " INSERT INTO login_failures(address, \"user\", minute, failures) VALUES (?1, ?2, ?3, 1)"
        " ON CONFLICT (address, \"user\", minute) DO UPDATE SET failures = login_failures.failures + 1",
    /* a signup from an address, a challenge by a user: counted for every server at once (the
     * windows no limit looks at any more go in the same statement) */
    [Q_RATE_COUNT - NQUERIES] =
        "WITH gone AS (DELETE FROM rate_counts WHERE kind = ?1 AND win < ?3 - 1)"
        " INSERT INTO rate_counts(kind, key, win, n) VALUES (?1, ?2, ?3, 1)"
        " ON CONFLICT (kind, key, win) DO UPDATE SET n = rate_counts.n + 1 RETURNING n",
    /* a signup: the name is taken once, by the first server whose insert commits */
    [Q_USER_INSERT_NOW - NQUERIES] = "INSERT INTO users(name, pwhash, email, display, created)"
                                     " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (name) DO NOTHING RETURNING id",
    /* a seek accepted: taken once, by the first server whose delete commits */
    [Q_SEEK_TAKE - NQUERIES] = "DELETE FROM seeks WHERE id = ?1 RETURNING id",
    [Q_LOGIN_COUNT - NQUERIES] =
        "SELECT COALESCE(SUM(failures) FILTER (WHERE address = ?1 AND \"user\" = ?2), 0),"
        " COALESCE(SUM(failures) FILTER (WHERE \"user\" = ?2), 0), COALESCE(SUM(failures) FILTER (WHERE address = ?1), 0)"
        " FROM login_failures WHERE minute = ?3 AND (address = ?1 OR \"user\" = ?2)",
    /* the rows of the boards a batch writes, locked first and in the order of their ids: two
     * servers' batches then never wait for each other in a circle.  Both statements over a batch's
     * boards join the array's elements to the rows by the key: "id = ANY(array)" was tested against
     * every element for every row it read, a cost growing with the square of the batch */
    [Q_LOCK_BOARDS - NQUERIES] = "SELECT g.id FROM unnest(CAST(?1 AS BIGINT[])) AS b(id) JOIN games g ON g.id = b.id"
                                 " ORDER BY g.id FOR UPDATE OF g",
    /* the boards a batch wrote, with the versions they have now and their players (the lobbies of other
     * servers tell them), told every listening server in one payload when the batch commits ("BOARDS ID
     * VERSION PLAYER1 PLAYER2 ...", '-' for no player: at most NOTIFY_BOARDS of them, which keeps it under
     * PostgreSQL's 8,000 bytes) */
    [Q_NOTIFY_BOARDS - NQUERIES] = "SELECT pg_notify('ludex', 'BOARDS ' || string_agg(g.id || ' ' || g.version || ' ' ||"
                                   " COALESCE(NULLIF(g.player1, ''), '-') || ' ' || COALESCE(NULLIF(g.player2, ''), '-'),"
                                   " ' '))"
                                   " FROM unnest(CAST(?1 AS BIGINT[])) AS b(id) JOIN games g ON g.id = b.id"
                                   " HAVING COUNT(*) > 0",
    /* a batch's moves alone on their boards and their clock writes (pg_pairs.c): Q_MOVE_INSERT_IF's and
     * Q_GAME_CLOCK_IF's checks, one row of the arrays each, returning the boards written */
    [Q_MOVES_IF_MANY - NQUERIES] =
        "INSERT INTO moves(game_id, n, seat, text) SELECT m.g, m.n, m.s, m.t FROM unnest(CAST(?1 AS BIGINT[]),"
        " CAST(?2 AS INTEGER[]), CAST(?3 AS INTEGER[]), CAST(?4 AS TEXT[]), CAST(?5 AS BIGINT[])) AS m(g, n, s, t, v)"
        " WHERE EXISTS (SELECT 1 FROM games WHERE id = m.g AND version = m.v) ON CONFLICT (game_id, n) DO NOTHING"
        " RETURNING game_id",
    [Q_CLOCKS_IF_MANY - NQUERIES] =
        "UPDATE games g SET clock = c.clock, deadline = c.deadline, nag_at = c.nag, result = c.result, status = c.status,"
        " offer = c.offer, swept_until = 0, version = c.nv FROM unnest(CAST(?1 AS BIGINT[]), CAST(?2 AS BIGINT[]),"
        " CAST(?3 AS TEXT[]), CAST(?4 AS BIGINT[]), CAST(?5 AS BIGINT[]), CAST(?6 AS TEXT[]), CAST(?7 AS INTEGER[]),"
        " CAST(?8 AS TEXT[]), CAST(?9 AS BIGINT[])) AS c(id, v, clock, deadline, nag, result, status, offer, nv)"
        " WHERE g.id = c.id AND g.version = c.v RETURNING g.id",
    /* For the batch's transaction only: its statements planned once, not again at every batch for the
     * arrays at hand, and rows looked up by key as cheaply as they are (the rows a batch writes are
     * in memory: the default random_page_cost of 4 is for disks that seek).  Without it PostgreSQL
     * read the whole games table for each statement over a batch's boards (a hash join) while the
     * table had a few thousand rows, and planned each again: 500 us of its CPU per batch */
    [Q_GENERIC_PLANS - NQUERIES] =
        "SELECT set_config('plan_cache_mode', 'force_generic_plan', true), set_config('random_page_cost', '1.1', true)",
};

/* Shared statements whose words differ here: no BEGIN IMMEDIATE; names sorted by their
 * bytes as SQLite does, whatever the database's collation. */
static const char *pg_override(int i)
{
    switch (i) {
    case Q_BEGIN:
        return "BEGIN";
    case Q_USERS_ALL:
        return "SELECT id, name, pwhash, email, display, disabled, email_verified, verify_hash, notify,"
               " challenges, vacation_until, vacation_year, vacation_used FROM users ORDER BY name COLLATE \"C\"";
    case Q_RATINGS_OF:
        return "SELECT \"user\", class, rating, rd, volatility, games FROM ratings WHERE class = ?1"
               " ORDER BY rating DESC, \"user\" COLLATE \"C\" LIMIT ?2";
    case Q_BLOCKS_OF:
        return "SELECT other FROM blocks WHERE \"user\" = ?1 ORDER BY other COLLATE \"C\"";
    default:
        return NULL;
    }
}

_Static_assert(NPG_QUERIES <= STORE_COUNTED_QUERIES, "a store counts every statement");

static const char *pg_query_text(int i)
{
    if (i < 0 || i >= NPG_QUERIES)
        return NULL;
    return i >= NQUERIES ? pg_only_sql[i - NQUERIES] : pg_override(i) ? pg_override(i) : store_query_sql[i];
}

/* Statement i in PostgreSQL's words: ?N becomes $N.  0, or -1 when it does not fit. */
static int pg_sql(int i, char *out, size_t cap)
{
    const char *src = pg_query_text(i);
    size_t n = 0;
    for (; *src && n + 1 < cap; src++)
        out[n++] = *src == '?' ? '$' : *src;
    out[n] = 0;
    return *src ? -1 : 0;
}

#define CHUNK 256     /* statements sent before one round trip */
#define NOTIFY_BOARDS 70 /* boards in one notification (each at most 107 bytes: two ids, two names) */
#define MAX_PARAMS 14
#define SLOT_MOVES (-2)   /* a round's statement of the pairs' moves (its rows: the boards written) */
#define SLOT_CLOCKS (-3)  /* ... of their clocks */

typedef struct pg_store {
    store base;
    PGconn *c;
    /* the statements of the round in flight, in order: the op whose row count says whether it
     * was refused (store_op's guard), SLOT_MOVES or SLOT_CLOCKS, or -1 */
    int slots[2 * CHUNK + 4];
    int nslots, slot_at, count_as;
    char **notify;        /* the batch's boards as array literals, NOTIFY_BOARDS at most in each */
    store_guard *plan;    /* how the batch's conditional ops run (store_plan_guards) */
    pg_pairs pairs;       /* the batch's moves that go in two statements (pg_pairs.c) */
    size_t nnotify;
    time_t last_reset;    /* when a lost connection was last tried again */
} pg_store;

/* The text of a statement's parameters (libpq's text format). */
typedef struct params {
    const char *v[MAX_PARAMS];
    char num[MAX_PARAMS][32];
    int n;
} params;

/* A statement with more parameters than MAX_PARAMS is a programming error: the
 * extra ones are dropped, so PostgreSQL refuses the statement (its parameter
 * count) instead of this writing past the arrays. */
static void p_text(params *p, const char *s)
{
    if (p->n < MAX_PARAMS)
        p->v[p->n++] = s;
}

static void p_int(params *p, int64_t x)
{
    if (p->n >= MAX_PARAMS)
        return;
    snprintf(p->num[p->n], sizeof p->num[p->n], "%lld", (long long)x);
    p->v[p->n] = p->num[p->n];
    p->n++;
}

static void p_real(params *p, double x)
{
    if (p->n >= MAX_PARAMS)
        return;
    snprintf(p->num[p->n], sizeof p->num[p->n], "%.17g", x);
    p->v[p->n] = p->num[p->n];
    p->n++;
}

/* A rating's six values, and a mail queued now: the plain and the conditional statements' first parameters. */
static void p_rating(params *p, const store_rating *r)
{
    p_text(p, r->user);
    p_text(p, r->cls);
    p_real(p, r->r);
    p_real(p, r->rd);
    p_real(p, r->sigma);
    p_int(p, r->games);
}

static void p_outbox(params *p, const store_mail *m)
{
    p_text(p, m->event);
    p_text(p, m->recipient);
    p_text(p, m->message ? m->message : "");
    p_int(p, (int64_t)time(NULL));
    p_int(p, m->next_try);
}

/* A message's own fields, in the order of Q_MESSAGE_INSERT (and Q_MESSAGE_COPY after its id). */
static void p_message(params *p, const store_message *m)
{
    if (m->board)
        p_int(p, m->board);
    else
        p_text(p, NULL);
    p_text(p, m->sender);
    p_text(p, m->recipient[0] ? m->recipient : NULL);
    p_text(p, m->text);
    p_int(p, m->created);
}

/* A queued mail's delivery so far, in the order of Q_OUTBOX_DONE (and the end of Q_OUTBOX_COPY). */
static void p_delivery(params *p, const store_mail *m)
{
    p_int(p, m->sent);
    p_int(p, m->attempts);
    p_int(p, m->next_try);
    p_text(p, m->error);
}

static void qname(int i, char out[8]) { snprintf(out, 8, "q%d", i); }

static void pg_close(store *s)
{
    pg_store *q = (pg_store *)s;
    if (q->c)
        PQfinish(q->c);
    free(q);
}

/* A new connection's settings: synchronous commit, UTF-8, no notices. */
static int setup_settings(pg_store *q, char *err, size_t errcap)
{
    static const char *const settings[] = {"SET synchronous_commit TO on", "SET client_encoding TO 'UTF8'",
                                           "SET client_min_messages TO warning"};
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        PGresult *r = PQexec(q->c, settings[i]);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (!ok) {
            snprintf(err, errcap, "%s: %s", settings[i], PQerrorMessage(q->c));
            return -1;
        }
    }
    return 0;
}

/* A new connection's statements, every one prepared. */
static int prepare_all(pg_store *q, char *err, size_t errcap)
{
    for (int i = 0; i < NPG_QUERIES; i++) {
        char name[8], sql[2048]; /* the longest, a list of games (Q_GAMES_OF), is 1,200 bytes */
        qname(i, name);
        if (pg_sql(i, sql, sizeof sql) != 0) {
            snprintf(err, errcap, "query %d is too long", i);
            return -1;
        }
        PGresult *r = PQprepare(q->c, name, sql, 0, NULL);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (!ok) {
            snprintf(err, errcap, "preparing a query: %s", PQerrorMessage(q->c));
            return -1;
        }
    }
    return 0;
}

/* The connection usable, reconnecting once a second at most when it was lost; 0 or -1. */
static int ensure_connected(pg_store *q, char *err, size_t errcap)
{
    if (PQstatus(q->c) == CONNECTION_OK && PQtransactionStatus(q->c) == PQTRANS_IDLE)
        return 0;
    time_t now = time(NULL);
    if (now == q->last_reset) {
        snprintf(err, errcap, "the database connection is lost: %s", PQerrorMessage(q->c));
        return -1;
    }
    q->last_reset = now;
    PQreset(q->c);
    if (PQstatus(q->c) != CONNECTION_OK) {
        snprintf(err, errcap, "cannot reach the database: %s", PQerrorMessage(q->c));
        return -1;
    }
    return setup_settings(q, err, errcap) == 0 && prepare_all(q, err, errcap) == 0 ? 0 : -1;
}

PGconn *pg_store_conn(store *s, char *err, size_t errcap)
{
    pg_store *q = (pg_store *)s;
    PGTransactionStatusType ts = PQtransactionStatus(q->c);
    if (PQstatus(q->c) == CONNECTION_OK && (ts == PQTRANS_INTRANS || ts == PQTRANS_INERROR))
        return q->c; /* within a transaction of pg_tournaments.c's */
    return ensure_connected(q, err, errcap) == 0 ? q->c : NULL;
}

static store *pg_open(const char *location, char *err, size_t errcap)
{
    pg_store *q = calloc(1, sizeof *q);
    if (!q) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    q->base.be = &store_pg_backend;
    /* defaults first, then the location: what the location says wins */
    const char *keys[] = {"connect_timeout", "fallback_application_name", "dbname", NULL};
    const char *values[] = {"5", "ludexd", location, NULL};
    q->c = PQconnectdbParams(keys, values, 1);
    char why[512] = "";
    if (!q->c || PQstatus(q->c) != CONNECTION_OK)
        snprintf(why, sizeof why, "%s", q->c ? PQerrorMessage(q->c) : "out of memory");
    else if (setup_settings(q, why, sizeof why) == 0 && pg_store_migrate(q->c, why, sizeof why) == 0)
        prepare_all(q, why, sizeof why);
    if (why[0]) {
        size_t n = strlen(why);
        while (n > 0 && (why[n - 1] == '\n' || why[n - 1] == ' '))
            why[--n] = 0;
        snprintf(err, errcap, "PostgreSQL: %s", why);
        pg_close(&q->base);
        return NULL;
    }
    return &q->base;
}

/* ---- writes ------------------------------------------------------------------------------ */

static int send_q(pg_store *q, int qi, const params *p)
{
    char name[8];
    qname(qi, name);
    q->base.statements[qi]++;
    if (q->nslots < (int)(sizeof q->slots / sizeof q->slots[0]))
        q->slots[q->nslots++] = q->count_as;
    q->count_as = -1;
    return PQsendQueryPrepared(q->c, name, p ? p->n : 0, p ? p->v : NULL, NULL, NULL, 0) ? 0 : -1;
}

static int send_user(pg_store *q, const store_op *op)
{
    const store_user *u = &op->user;
    params p = {.n = 0};
    p_text(&p, u->name);
    switch (op->kind) {
    case STORE_USER_CREATE:
        p_text(&p, u->pwhash);
        p_text(&p, u->email);
        p_int(&p, u->display);
        p_int(&p, u->created ? u->created : (int64_t)time(NULL));
        return send_q(q, Q_USER_INSERT, &p);
    case STORE_USER_PASSWORD:
        p_text(&p, u->pwhash);
        return send_q(q, Q_USER_PASSWORD, &p);
    case STORE_USER_DISABLE:
        p_int(&p, u->disabled);
        return send_q(q, Q_USER_DISABLE, &p);
    case STORE_USER_MAIL:
        p_text(&p, u->email);
        p_int(&p, u->email_verified);
        p_text(&p, u->verify_hash);
        p_int(&p, u->notify);
        return send_q(q, Q_USER_MAIL, &p);
    case STORE_USER_PREFS:
        p_int(&p, u->challenges);
        p_int(&p, u->vacation_until);
        p_int(&p, u->vacation_year);
        p_int(&p, u->vacation_used);
        return send_q(q, Q_USER_PREFS, &p);
    default:
        p_int(&p, u->display);
        return send_q(q, Q_USER_DISPLAY, &p);
    }
}

static int send_game(pg_store *q, const store_op *op)
{
    const store_game *g = &op->game;
    params p = {.n = 0};
    p_int(&p, g->id);
    if (op->kind == STORE_GAME_CLOCK) {
        p_text(&p, g->clock ? g->clock : "");
        p_int(&p, g->deadline);
        p_int(&p, g->nag_at);
        p_text(&p, g->result);
        p_int(&p, g->status);
        p_text(&p, g->offer);
        return send_q(q, Q_GAME_CLOCK, &p);
    }
    if (op->kind == STORE_GAME_STATE) {
        p_text(&p, g->state ? g->state : "");
        return send_q(q, Q_GAME_STATE, &p);
    }
    p_text(&p, g->kind);
    p_text(&p, g->player[0]);
    p_text(&p, g->player[1]);
    p_text(&p, g->options ? g->options : "");
    p_text(&p, g->state ? g->state : "");
    p_int(&p, g->created);
    p_int(&p, g->version);
    return send_q(q, Q_GAME_INSERT, &p);
}

/* A player's conditional moves set (text NULL: removed); on the board's version `version` when
 * it is not 0, else whatever the version. */
static int send_conditional(pg_store *q, const store_op *op, int64_t version)
{
    params p = {.n = 0};
    int put = op->move.text != NULL;
    p_int(&p, op->move.game_id);
    p_int(&p, op->move.seat);
    if (put)
        p_text(&p, op->move.text);
    if (version)
        p_int(&p, version);
    return send_q(q, put ? (version ? Q_CONDITIONAL_PUT_IF : Q_CONDITIONAL_PUT)
                         : (version ? Q_CONDITIONAL_DELETE_IF : Q_CONDITIONAL_DELETE), &p);
}

/* A conditional op (store_op's guard), op i of the batch: the statement whose row count says
 * whether it was refused is counted as i.  The same statements as SQLite's (sqlite_store.c). */
static int send_guarded(pg_store *q, const store_op *op, int i)
{
    const store_guard *g = &q->plan[i];
    params p = {.n = 0};
    p_int(&p, op->guard_board);
    switch (op->kind) {
    case STORE_GAME_STATE:
        p_text(&p, op->game.state ? op->game.state : "");
        p_int(&p, g->version);
        p_int(&p, op->new_version);
        q->count_as = i;
        return send_q(q, Q_GAME_STATE_IF, &p);
    case STORE_GAME_CLOCK:
        p_text(&p, op->game.clock ? op->game.clock : "");
        p_int(&p, op->game.deadline);
        p_int(&p, op->game.nag_at);
        p_text(&p, op->game.result);
        p_int(&p, op->game.status);
        p_text(&p, op->game.offer);
        p_int(&p, g->version);
        p_int(&p, op->new_version);
        q->count_as = i;
        return send_q(q, Q_GAME_CLOCK_IF, &p);
    case STORE_MOVE_APPEND: case STORE_MOVE_DELETE: { /* its own version change, or the next write's */
        p_int(&p, g->version);
        p_int(&p, op->new_version);
        q->count_as = i;
        if (g->bump && send_q(q, Q_GAME_BUMP, &p) != 0)
            return -1;
        q->count_as = g->bump ? -1 : i;
        params m = {.n = 0};
        p_int(&m, op->move.game_id);
        p_int(&m, op->move.n);
        if (op->kind == STORE_MOVE_APPEND) {
            p_int(&m, op->move.seat);
            p_text(&m, op->move.text);
        }
        p_int(&m, g->bump ? op->new_version : g->version);
        return send_q(q, op->kind == STORE_MOVE_APPEND ? Q_MOVE_INSERT_IF : Q_MOVE_DELETE_IF, &m);
    }
    case STORE_MOVE_COMMENT: {
        params m = {.n = 0};
        p_int(&m, op->move.game_id);
        p_int(&m, op->move.n);
        if (op->move.text)
            p_text(&m, op->move.text);
        p_int(&m, g->version);
        return send_q(q, op->move.text ? Q_COMMENT_SET_IF : Q_COMMENT_DELETE_IF, &m);
    }
    case STORE_CONDITIONAL_SET: /* the board's version changes (counted), then the lines on the new version */
        p_int(&p, g->version);
        p_int(&p, op->new_version);
        q->count_as = i;
        if (send_q(q, Q_GAME_BUMP, &p) != 0)
            return -1;
        return send_conditional(q, op, op->new_version);
    case STORE_RATING_SET: {
        params r = {.n = 0};
        p_rating(&r, &op->rating);
        p_int(&r, op->guard_board);
        p_int(&r, op->guard_board ? g->version : 0);
        p_real(&r, op->rating_from.was.r);
        p_real(&r, op->rating_from.was.rd);
        p_real(&r, op->rating_from.was.sigma);
        p_int(&r, op->rating_from.was.games);
        p_int(&r, op->rating_from.check);
        if (op->rating_from.check) /* refused when another server changed the row first */
            q->count_as = i;
        if (send_q(q, Q_RATING_SET_IF, &r) != 0)
            return -1;
        if (!op->rating_from.check || op->rating_from.board <= 0)
            return 0;
        params h = {.n = 0}; /* the history's row, only when the rating was written (same transaction) */
        p_rating(&h, &op->rating);
        p_int(&h, op->rating_from.at);
        p_int(&h, op->rating_from.board);
        return send_q(q, Q_RATING_HISTORY_ADD, &h);
    }
    case STORE_MAIL_SEEN: {
        params m = {.n = 0};
        p_text(&m, op->mail.message_id);
        p_int(&m, (int64_t)time(NULL));
        p_int(&m, op->guard_board);
        p_int(&m, g->version);
        return send_q(q, Q_MAIL_SEEN_INSERT_IF, &m);
    }
    default: { /* STORE_OUTBOX_ADD */
        params m = {.n = 0};
        p_outbox(&m, &op->mail);
        p_int(&m, op->guard_board);
        p_int(&m, g->version);
        return send_q(q, Q_OUTBOX_INSERT_IF, &m);
    }
    }
}

static int send_move(pg_store *q, const store_op *op)
{
    params p = {.n = 0};
    p_int(&p, op->move.game_id);
    p_int(&p, op->move.n);
    switch (op->kind) {
    case STORE_MOVE_APPEND:
        p_int(&p, op->move.seat);
        p_text(&p, op->move.text);
        return send_q(q, Q_MOVE_INSERT, &p);
    case STORE_MOVE_DELETE:
        return send_q(q, Q_MOVE_DELETE, &p);
    default: /* a comment, or none (text NULL: a move taken back takes its comment along) */
        if (!op->move.text)
            return send_q(q, Q_COMMENT_DELETE, &p);
        p_text(&p, op->move.text);
        return send_q(q, Q_COMMENT_SET, &p);
    }
}

static int send_session(pg_store *q, const store_op *op)
{
    const store_session *ss = &op->session;
    params p = {.n = 0};
    p_text(&p, ss->token_hash);
    if (op->kind == STORE_SESSION_DELETE) { /* the expired ones go with it */
        p_int(&p, (int64_t)time(NULL));
        return send_q(q, Q_SESSION_DELETE, &p);
    }
    p_text(&p, ss->user);
    p_text(&p, ss->csrf);
    p_int(&p, ss->expires);
    return send_q(q, Q_SESSION_INSERT, &p);
}

static int send_mail(pg_store *q, const store_op *op)
{
    const store_mail *m = &op->mail;
    params p = {.n = 0};
    switch (op->kind) {
    case STORE_MAIL_SEEN:
        p_text(&p, m->message_id);
        p_int(&p, (int64_t)time(NULL));
        return send_q(q, Q_MAIL_SEEN_INSERT, &p);
    case STORE_OUTBOX_ADD:
        p_outbox(&p, m);
        return send_q(q, Q_OUTBOX_INSERT, &p);
    case STORE_OUTBOX_REPLACE:
        p_text(&p, m->event);
        p_text(&p, m->message ? m->message : "");
        p_int(&p, (int64_t)time(NULL));
        return send_q(q, Q_OUTBOX_REPLACE, &p);
    default:
        p_int(&p, m->id);
        p_delivery(&p, m);
        return send_q(q, Q_OUTBOX_DONE, &p);
    }
}

/* Ratings, blocks, seeks, messages. */
static int send_other(pg_store *q, const store_op *op)
{
    params p = {.n = 0};
    const store_message *m = &op->message;
    switch (op->kind) {
    case STORE_RATING_SET:
        p_rating(&p, &op->rating);
        return send_q(q, Q_RATING_SET, &p);
    case STORE_BLOCK:
        p_text(&p, op->block.user);
        p_text(&p, op->block.other);
        return send_q(q, op->block.on ? Q_BLOCK_ADD : Q_BLOCK_DELETE, &p);
    case STORE_SEEK_ADD:
        p_int(&p, op->seek.id);
        p_text(&p, op->seek.kind);
        p_text(&p, op->seek.user);
        p_text(&p, op->seek.options);
        p_int(&p, op->seek.created);
        return send_q(q, Q_SEEK_ADD, &p);
    case STORE_SEEK_DELETE:
        p_int(&p, op->seek.id);
        return send_q(q, Q_SEEK_DELETE, &p);
    case STORE_MESSAGE_ADD:
        p_message(&p, m);
        return send_q(q, Q_MESSAGE_INSERT, &p);
    default: /* STORE_MESSAGES_SEEN */
        p_text(&p, m->recipient);
        p_int(&p, m->id);
        return send_q(q, Q_MESSAGES_SEEN, &p);
    }
}

/* The rows of a whole copy that keep their ids (store/export.c). */
static int send_copy(pg_store *q, const store_op *op)
{
    params p = {.n = 0};
    if (op->kind == STORE_IDS_SETTLE)
        return send_q(q, Q_IDS_SETTLE, NULL) == 0 && send_q(q, Q_IDS_BLOCKS_SETTLE, NULL) == 0 ? 0 : -1;
    if (op->kind == STORE_TOURNAMENT_ROW_COPY) {
        int qi = store_tournament_copy_query(op->row.table);
        if (qi < 0)
            return -1;
        const char *c = op->row.data;
        for (int i = 0; c && i < op->row.n; c += strlen(c) + 1, i++)
            p_text(&p, c);
        return send_q(q, qi, &p);
    }
    if (op->kind == STORE_RATING_HISTORY_COPY) { /* numbered anew, in the order copied */
        p_text(&p, op->rating.user);
        p_text(&p, op->rating.cls);
        p_int(&p, op->rating_from.at);
        p_real(&p, op->rating.r);
        p_real(&p, op->rating.rd);
        p_int(&p, op->rating_from.board);
        return send_q(q, Q_RATING_HISTORY_COPY, &p);
    }
    if (op->kind == STORE_MESSAGE_COPY) {
        const store_message *m = &op->message;
        p_int(&p, m->id);
        p_message(&p, m);
        p_int(&p, m->seen);
        return send_q(q, Q_MESSAGE_COPY, &p);
    }
    const store_mail *m = &op->mail;
    p_int(&p, m->id);
    p_text(&p, m->event);
    p_text(&p, m->recipient);
    p_text(&p, m->message ? m->message : "");
    p_int(&p, m->created);
    p_delivery(&p, m);
    return send_q(q, Q_OUTBOX_COPY, &p);
}

/* A failed login counted (and the counts of minutes no limit looks at any more dropped). */
static int send_login_fail(pg_store *q, const store_op *op)
{
    params p = {.n = 0};
    p_text(&p, op->login.address);
    p_text(&p, op->login.user);
    p_int(&p, op->login.minute);
    return send_q(q, Q_LOGIN_FAIL, &p);
}

static int send_op(pg_store *q, const store_op *op, int i)
{
    if (store_op_guarded(op))
        return send_guarded(q, op, i);
    switch (op->kind) {
    case STORE_NOTIFY: {
        params p = {.n = 0};
        p_text(&p, op->message.text);
        return send_q(q, Q_NOTIFY, &p);
    }
    case STORE_MESSAGE_COPY: case STORE_OUTBOX_COPY: case STORE_IDS_SETTLE: case STORE_RATING_HISTORY_COPY:
    case STORE_TOURNAMENT_ROW_COPY:
        return send_copy(q, op);
    case STORE_USER_CREATE: case STORE_USER_PASSWORD: case STORE_USER_DISPLAY: case STORE_USER_DISABLE:
    case STORE_USER_MAIL: case STORE_USER_PREFS:
        return send_user(q, op);
    case STORE_GAME_CREATE: case STORE_GAME_STATE: case STORE_GAME_CLOCK:
        return send_game(q, op);
    case STORE_MOVE_APPEND: case STORE_MOVE_DELETE: case STORE_MOVE_COMMENT:
        return send_move(q, op);
    case STORE_SESSION_CREATE: case STORE_SESSION_DELETE:
        return send_session(q, op);
    case STORE_MAIL_SEEN: case STORE_OUTBOX_ADD: case STORE_OUTBOX_DONE: case STORE_OUTBOX_REPLACE:
        return send_mail(q, op);
    case STORE_RATING_SET: case STORE_BLOCK: case STORE_SEEK_ADD: case STORE_SEEK_DELETE:
    case STORE_MESSAGE_ADD: case STORE_MESSAGES_SEEN:
        return send_other(q, op);
    case STORE_LOGIN_FAIL:
        return send_login_fail(q, op);
    case STORE_CONDITIONAL_SET:
        return send_conditional(q, op, 0);
    }
    return -1;
}

/* What one round trip of the pipeline said. */
typedef struct round {
    int failed;          /* a statement failed (its message in err) */
    int full;            /* ... for want of resources (SQLSTATE class 53) */
    int lost;            /* the connection broke */
    int retry;           /* ... in a deadlock, or a serialization failure: nothing applied, try again */
} round;

/* Read every result up to the pipeline's sync point; a counted statement (send_guarded) that
 * changed no row marks its op refused. */
static void read_round(pg_store *q, round *rd, unsigned char *refused, char *err, size_t errcap)
{
    int nulls = 0;
    for (;;) {
        PGresult *r = PQgetResult(q->c);
        if (!r) {
            if (++nulls > 1 || PQstatus(q->c) != CONNECTION_OK) {
                rd->lost = 1;
                if (!rd->failed)
                    snprintf(err, errcap, "the database connection was lost: %s", PQerrorMessage(q->c));
                rd->failed = 1;
                return;
            }
            continue;
        }
        nulls = 0;
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            q->nslots = q->slot_at = 0;
            return;
        }
        int slot = q->slot_at < q->nslots ? q->slots[q->slot_at++] : -1;
        if (slot >= 0 && refused && st == PGRES_COMMAND_OK && !strcmp(PQcmdTuples(r), "0"))
            refused[slot] = 1;
        for (int k = 0; (slot == SLOT_MOVES || slot == SLOT_CLOCKS) && st == PGRES_TUPLES_OK && k < PQntuples(r); k++)
            pg_pairs_applied(&q->pairs, strtoll(PQgetvalue(r, k, 0), NULL, 10), slot == SLOT_CLOCKS, refused);
        if (st == PGRES_FATAL_ERROR && !rd->failed) {
            const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
            rd->failed = 1;
            rd->full = state && !strncmp(state, "53", 2);
            rd->retry = state && (!strcmp(state, "40P01") || !strcmp(state, "40001"));
            snprintf(err, errcap, "%s", PQresultErrorMessage(r));
        }
        PQclear(r);
    }
}

/* Send ops [*i, n) up to a chunk, or COMMIT once they have all gone and been
 * answered; 1 when COMMIT went, 0 not, -1 a send failed. */
static int send_chunk(pg_store *q, const store_op *ops, size_t n, size_t *i)
{
    if (*i == n)
        return send_q(q, Q_COMMIT, NULL) == 0 ? 1 : -1;
    for (size_t sent = 0; *i < n && sent < CHUNK; (*i)++)
        if (!q->pairs.in[*i] && (sent++, send_op(q, &ops[*i], (int)*i) != 0))
            return -1;
    for (size_t k = 0; *i == n && k < q->nnotify; k++) { /* after the last op: the boards it left */
        params p = {.n = 0};
        p_text(&p, q->notify[k]);
        if (send_q(q, Q_NOTIFY_BOARDS, &p) != 0)
            return -1;
    }
    return 0;
}

/* The pairs' two statements (pg_pairs.c), after the boards' lock and before the other ops: none of
 * those touches their boards.  0, or -1 a send failed. */
static int send_pairs(pg_store *q)
{
    const pg_pairs *pp = &q->pairs;
    if (pp->n == 0)
        return 0;
    params m = {.n = 0}, c = {.n = 0};
    for (int k = 0; k < 5; k++)
        p_text(&m, pp->col[k]);
    p_text(&c, pp->col[0]);
    p_text(&c, pp->col[4]);
    for (int k = 5; k < PG_PAIR_COLS; k++)
        p_text(&c, pp->col[k]);
    q->count_as = SLOT_MOVES;
    if (send_q(q, Q_MOVES_IF_MANY, &m) != 0)
        return -1;
    q->count_as = SLOT_CLOCKS;
    return send_q(q, Q_CLOCKS_IF_MANY, &c);
}

/* BEGIN and the ops in rounds of CHUNK, then COMMIT alone in the last round:
 * a connection lost before that round leaves nothing applied (the server
 * rolls back the transaction of a client gone), and only one lost during it
 * leaves the outcome unknown. */
static int commit_once(pg_store *q, const store_op *ops, size_t n, const char *boards, unsigned char *refused,
                       int *retry, char *err, size_t errcap)
{
    *retry = 0;
    if (refused)
        memset(refused, 0, n);
    pg_pairs_refuse_all(&q->pairs, refused);
    q->nslots = q->slot_at = 0;
    q->count_as = -1;
    if (ensure_connected(q, err, errcap) != 0)
        return STORE_FULL; /* nothing sent: nothing applied */
    if (!PQenterPipelineMode(q->c)) {
        snprintf(err, errcap, "cannot enter pipeline mode: %s", PQerrorMessage(q->c));
        return STORE_FULL;
    }
    round rd = {0, 0, 0, 0};
    int committing = 0;
    size_t i = 0;
    params lock = {.n = 0};
    p_text(&lock, boards);
    if (send_q(q, Q_BEGIN, NULL) != 0 || send_q(q, Q_GENERIC_PLANS, NULL) != 0 ||
        (boards && send_q(q, Q_LOCK_BOARDS, &lock) != 0) || send_pairs(q) != 0)
        rd.failed = rd.lost = 1;
    while (!rd.failed && !committing) {
        committing = send_chunk(q, ops, n, &i);
        if (committing < 0 || !PQpipelineSync(q->c)) {
            snprintf(err, errcap, "the database connection was lost: %s", PQerrorMessage(q->c));
            rd.failed = rd.lost = 1;
            committing = committing < 0 ? 0 : committing;
            break;
        }
        read_round(q, &rd, refused, err, errcap);
    }
    if (rd.lost) {
        PQexitPipelineMode(q->c); /* refused on a broken connection: the reset clears it */
        /* Sent COMMIT, heard nothing back: it may or may not have committed. */
        return committing ? -1 : STORE_FULL;
    }
    PQexitPipelineMode(q->c);
    if (!rd.failed)
        return 0;
    if (PQtransactionStatus(q->c) != PQTRANS_IDLE) {
        char name[8];
        qname(Q_ROLLBACK, name);
        PGresult *r = PQexecPrepared(q->c, name, 0, NULL, NULL, NULL, 0);
        PQclear(r);
    }
    size_t len = strlen(err);
    while (len > 0 && err[len - 1] == '\n')
        err[--len] = 0;
    *retry = rd.retry;
    return rd.full ? STORE_FULL : -1;
}

static int cmp_id(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* ids[from, to) as an array literal "{3,7,12}" (malloc'd), or NULL. */
static char *id_literal(const int64_t *ids, size_t from, size_t to)
{
    char *text = malloc((to - from) * 21 + 3);
    if (!text)
        return NULL;
    size_t len = 0;
    text[len++] = '{';
    for (size_t i = from; i < to; i++)
        len += (size_t)sprintf(text + len, "%s%lld", i > from ? "," : "", (long long)ids[i]);
    text[len++] = '}';
    text[len] = 0;
    return text;
}

/* The boards the batch's conditional ops write, each once and sorted: all of them as one array
 * literal (the lock's; NULL when there are none, or no memory: then locks come as rows are
 * written), and in literals of NOTIFY_BOARDS for the notifications (q->notify). */
static char *boards_of(pg_store *q, const store_op *ops, size_t n)
{
    size_t k = 0;
    int64_t *ids = malloc((n ? n : 1) * sizeof *ids);
    for (size_t i = 0; ids && i < n; i++)
        if (store_op_guarded(&ops[i]) && store_op_bumps(ops[i].kind))
            ids[k++] = ops[i].guard_board;
    char *all = NULL;
    q->nnotify = 0;
    if (ids && k) {
        qsort(ids, k, sizeof *ids, cmp_id);
        size_t u = 0;
        for (size_t i = 0; i < k; i++)
            if (i == 0 || ids[i] != ids[u - 1])
                ids[u++] = ids[i];
        all = id_literal(ids, 0, u);
        q->notify = calloc((u + NOTIFY_BOARDS - 1) / NOTIFY_BOARDS, sizeof *q->notify);
        for (size_t i = 0; q->notify && i < u; i += NOTIFY_BOARDS)
            if ((q->notify[q->nnotify] = id_literal(ids, i, i + NOTIFY_BOARDS < u ? i + NOTIFY_BOARDS : u)))
                q->nnotify++;
    }
    free(ids);
    return all;
}

static int has_bumps(const store_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (store_op_guarded(&ops[i]) && store_op_bumps(ops[i].kind))
            return 1;
    return 0;
}

/* A batch that lost a deadlock (another server's batch waited on its rows while it waited on
 * theirs) was rolled back whole: it is sent again, a few times, after a short pause. */
static int pg_commit(store *s, const store_op *ops, size_t n, unsigned char *refused, char *err, size_t errcap)
{
    pg_store *q = (pg_store *)s;
    char *boards = boards_of(q, ops, n);
    int rc = -1, retry = 1;
    /* a move that leaves its version change to the write after it relies on the board's row lock
     * (Q_LOCK_BOARDS) between the two: without it, or without the plan, nothing is sent */
    q->plan = malloc((n ? n : 1) * sizeof *q->plan);
    if (!q->plan || store_plan_guards(ops, n, q->plan) != 0 || (!boards && has_bumps(ops, n)) ||
        pg_pairs_plan(&q->pairs, ops, n, q->plan) != 0) {
        snprintf(err, errcap, "out of memory");
        retry = 0;
        rc = STORE_FULL;
    }
    for (int attempt = 0; retry && attempt < 8; attempt++) {
        if (attempt > 0) {
            struct timespec pause = {0, (long)(1 + (attempt * 7 + (long)(time(NULL) & 3)) % 10) * 1000000L};
            nanosleep(&pause, NULL);
        }
        rc = commit_once(q, ops, n, boards, refused, &retry, err, errcap);
    }
    free(boards);
    free(q->plan);
    q->plan = NULL;
    pg_pairs_free(&q->pairs);
    for (size_t k = 0; k < q->nnotify; k++)
        free(q->notify[k]);
    free(q->notify);
    q->notify = NULL;
    q->nnotify = 0;
    return rc;
}

/* ---- reads ------------------------------------------------------------------------------- */

/* Run a read; its rows, or NULL (error, its message in err when err is not NULL).  A lost
 * connection is tried again once. */
static PGresult *run_read_err(pg_store *q, int qi, const params *p, char *err, size_t errcap)
{
    char name[8], why[256];
    qname(qi, name);
    if (!err)
        err = why, errcap = sizeof why;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (ensure_connected(q, err, errcap) != 0)
            return NULL;
        q->base.statements[qi]++;
        PGresult *r = PQexecPrepared(q->c, name, p ? p->n : 0, p ? p->v : NULL, NULL, NULL, 0);
        if (PQresultStatus(r) == PGRES_TUPLES_OK)
            return r;
        snprintf(err, errcap, "%s", PQresultErrorMessage(r)[0] ? PQresultErrorMessage(r) : PQerrorMessage(q->c));
        PQclear(r);
        if (PQstatus(q->c) == CONNECTION_OK)
            return NULL;
    }
    return NULL;
}

static PGresult *run_read(pg_store *q, int qi, const params *p) { return run_read_err(q, qi, p, NULL, 0); }

static int64_t col_int(const PGresult *r, int row, int col) { return strtoll(PQgetvalue(r, row, col), NULL, 10); }

static char *col_dup(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? NULL : strdup(PQgetvalue(r, row, col));
}

static void col_copy(const PGresult *r, int row, int col, char *dst, size_t cap)
{
    snprintf(dst, cap, "%s", PQgetvalue(r, row, col)); /* NULL reads as "" */
}

static void user_row(const PGresult *r, int i, store_user *out)
{
    memset(out, 0, sizeof *out);
    out->id = col_int(r, i, 0);
    col_copy(r, i, 1, out->name, sizeof out->name);
    out->pwhash = col_dup(r, i, 2);
    out->email = col_dup(r, i, 3);
    out->display = (int)col_int(r, i, 4);
    out->disabled = (int)col_int(r, i, 5);
    out->email_verified = (int)col_int(r, i, 6);
    col_copy(r, i, 7, out->verify_hash, sizeof out->verify_hash);
    out->notify = (int)col_int(r, i, 8);
    out->challenges = (int)col_int(r, i, 9);
    out->vacation_until = col_int(r, i, 10);
    out->vacation_year = (int)col_int(r, i, 11);
    out->vacation_used = (int)col_int(r, i, 12);
}

static int pg_user_get(store *s, const char *name, store_user *out)
{
    params p = {.n = 0};
    p_text(&p, name);
    memset(out, 0, sizeof *out);
    PGresult *r = run_read((pg_store *)s, Q_USER_GET, &p);
    if (!r)
        return -1;
    int rc = 0;
    if (PQntuples(r) > 0) {
        user_row(r, 0, out);
        rc = out->pwhash ? 1 : -1;
    }
    PQclear(r);
    return rc;
}

static int pg_game_get(store *s, int64_t id, store_game *out)
{
    params p = {.n = 0};
    p_int(&p, id);
    memset(out, 0, sizeof *out);
    PGresult *r = run_read((pg_store *)s, Q_GAME_GET, &p);
    if (!r)
        return -1;
    int rc = 0;
    if (PQntuples(r) > 0) {
        out->id = col_int(r, 0, 0);
        col_copy(r, 0, 1, out->kind, sizeof out->kind);
        col_copy(r, 0, 2, out->player[0], sizeof out->player[0]);
        col_copy(r, 0, 3, out->player[1], sizeof out->player[1]);
        out->options = col_dup(r, 0, 4);
        out->state = col_dup(r, 0, 5);
        out->created = col_int(r, 0, 6);
        out->clock = col_dup(r, 0, 7);
        out->deadline = col_int(r, 0, 8);
        out->nag_at = col_int(r, 0, 9);
        col_copy(r, 0, 10, out->result, sizeof out->result);
        out->status = (int)col_int(r, 0, 11);
        col_copy(r, 0, 12, out->offer, sizeof out->offer);
        out->version = col_int(r, 0, 13);
        rc = out->options && out->state && out->clock ? 1 : -1;
    }
    PQclear(r);
    return rc;
}

static int pg_moves_each(store *s, int64_t game_id, int (*fn)(void *ctx, const store_move *m), void *ctx)
{
    params p = {.n = 0};
    p_int(&p, game_id);
    PGresult *r = run_read((pg_store *)s, Q_MOVES, &p);
    if (!r)
        return -1;
    int rc = 0;
    for (int i = 0; i < PQntuples(r) && rc == 0; i++) {
        store_move m = {col_int(r, i, 0), (int)col_int(r, i, 1), (int)col_int(r, i, 2), PQgetvalue(r, i, 3)};
        rc = fn(ctx, &m) != 0 ? -1 : 0;
    }
    PQclear(r);
    return rc;
}

/* Rows of one id column into ids; the count or -1. */
static long id_rows(PGresult *r, int64_t *ids, size_t cap)
{
    if (!r)
        return -1;
    long n = 0;
    for (int i = 0; i < PQntuples(r) && (size_t)n < cap; i++)
        ids[n++] = col_int(r, i, 0);
    PQclear(r);
    return n;
}

static long pg_games_of(store *s, const store_list *ask, int64_t *ids, size_t cap)
{
    params p = {.n = 0};
    p_text(&p, ask->user); /* NULL: SQL's NULL, no player's name */
    p_int(&p, ask->filter);
    p_text(&p, ask->kind ? ask->kind : "");
    p_int(&p, (int64_t)cap);
    return id_rows(run_read((pg_store *)s, store_list_query(ask), &p), ids, cap);
}

static int64_t pg_max_game_id(store *s)
{
    int64_t v;
    return id_rows(run_read((pg_store *)s, Q_MAX_GAME, NULL), &v, 1) == 1 ? v : -1;
}

static int pg_session_get(store *s, const char *token_hash, store_session *out)
{
    params p = {.n = 0};
    p_text(&p, token_hash);
    memset(out, 0, sizeof *out);
    PGresult *r = run_read((pg_store *)s, Q_SESSION_GET, &p);
    if (!r)
        return -1;
    int rc = PQntuples(r) > 0;
    if (rc) {
        col_copy(r, 0, 0, out->token_hash, sizeof out->token_hash);
        col_copy(r, 0, 1, out->user, sizeof out->user);
        col_copy(r, 0, 2, out->csrf, sizeof out->csrf);
        out->expires = col_int(r, 0, 3);
    }
    PQclear(r);
    return rc;
}

static int pg_users_each(store *s, int (*fn)(void *ctx, const store_user *u), void *ctx)
{
    PGresult *r = run_read((pg_store *)s, Q_USERS_ALL, NULL);
    if (!r)
        return -1;
    int stop = 0;
    for (int i = 0; i < PQntuples(r) && !stop; i++) {
        store_user u;
        user_row(r, i, &u);
        stop = fn(ctx, &u) != 0;
        store_user_clear(&u);
    }
    PQclear(r);
    return 0;
}

static int pg_backup(store *s, const char *out, char *err, size_t errcap)
{
    (void)s;
    (void)out;
    snprintf(err, errcap, "a PostgreSQL database is backed up with pg_dump or pg_basebackup, not ludex-admin");
    return -1;
}

static int pg_integrity(store *s, char *err, size_t errcap)
{
    PGresult *r = run_read((pg_store *)s, Q_INTEGRITY, NULL);
    if (!r || PQntuples(r) != 1) {
        snprintf(err, errcap, "cannot ask the database: %s", PQerrorMessage(((pg_store *)s)->c));
        PQclear(r);
        return -1;
    }
    int64_t orphans = col_int(r, 0, 0), gaps = col_int(r, 0, 1);
    PQclear(r);
    if (orphans || gaps) {
        snprintf(err, errcap, "%lld moves of no game, %lld games whose moves have a gap", (long long)orphans,
                 (long long)gaps);
        return -1;
    }
    snprintf(err, errcap, "ok");
    return 0;
}

static int pg_mail_seen(store *s, const char *message_id)
{
    params p = {.n = 0};
    p_text(&p, message_id);
    PGresult *r = run_read((pg_store *)s, Q_MAIL_SEEN_GET, &p);
    if (!r)
        return -1;
    int rc = PQntuples(r) > 0;
    PQclear(r);
    return rc;
}

/* The rows of a claim; the count, or -1. */
static long outbox_rows(PGresult *r, store_mail *out, size_t cap)
{
    if (!r)
        return -1;
    long n = 0;
    for (int i = 0; i < PQntuples(r) && (size_t)n < cap; i++) {
        store_mail *m = &out[n];
        memset(m, 0, sizeof *m);
        m->id = col_int(r, i, 0);
        col_copy(r, i, 1, m->event, sizeof m->event);
        col_copy(r, i, 2, m->recipient, sizeof m->recipient);
        m->message = col_dup(r, i, 3);
        m->attempts = (int)col_int(r, i, 4);
        m->next_try = col_int(r, i, 5);
        if (!m->message)
            break;
        n++;
    }
    PQclear(r);
    return n;
}

static int by_id(const void *a, const void *b)
{
    const store_mail *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

static long pg_outbox_due(store *s, int64_t now, int64_t claim_until, store_mail *out, size_t cap)
{
    params p = {.n = 0};
    p_int(&p, now);
    p_int(&p, (int64_t)cap);
    p_int(&p, claim_until);
    long n = outbox_rows(run_read((pg_store *)s, Q_OUTBOX_CLAIM, &p), out, cap);
    if (n > 1) /* RETURNING keeps no order: oldest first, as promised */
        qsort(out, (size_t)n, sizeof *out, by_id);
    return n;
}

static void rating_row(const PGresult *r, int i, store_rating *out)
{
    col_copy(r, i, 0, out->user, sizeof out->user);
    col_copy(r, i, 1, out->cls, sizeof out->cls);
    out->r = strtod(PQgetvalue(r, i, 2), NULL);
    out->rd = strtod(PQgetvalue(r, i, 3), NULL);
    out->sigma = strtod(PQgetvalue(r, i, 4), NULL);
    out->games = (int)col_int(r, i, 5);
}

static int pg_rating_get(store *s, const char *user, const char *cls, store_rating *out)
{
    params p = {.n = 0};
    p_text(&p, user);
    p_text(&p, cls);
    PGresult *r = run_read((pg_store *)s, Q_RATING_GET, &p);
    if (!r)
        return -1;
    int rc = PQntuples(r) > 0;
    if (rc)
        rating_row(r, 0, out);
    PQclear(r);
    return rc;
}

static long pg_ratings_of(store *s, const char *cls, store_rating *out, size_t cap)
{
    params p = {.n = 0};
    p_text(&p, cls);
    p_int(&p, (int64_t)cap);
    PGresult *r = run_read((pg_store *)s, Q_RATINGS_OF, &p);
    if (!r)
        return -1;
    long n = 0;
    for (int i = 0; i < PQntuples(r) && (size_t)n < cap; i++)
        rating_row(r, i, &out[n++]);
    PQclear(r);
    return n;
}

static long pg_rating_history(store *s, const char *user, const char *cls, int64_t before, store_rating_point *out,
                              size_t cap)
{
    params p = {.n = 0};
    p_text(&p, user);
    p_text(&p, cls);
    p_int(&p, before);
    p_int(&p, (int64_t)cap);
    PGresult *r = run_read((pg_store *)s, Q_RATING_HISTORY, &p);
    if (!r)
        return -1;
    long n = 0;
    for (int i = 0; i < PQntuples(r) && (size_t)n < cap; i++, n++) {
        out[n].id = col_int(r, i, 0);
        out[n].at = col_int(r, i, 1);
        out[n].board = col_int(r, i, 2);
        out[n].r = strtod(PQgetvalue(r, i, 3), NULL);
        out[n].rd = strtod(PQgetvalue(r, i, 4), NULL);
    }
    PQclear(r);
    return n;
}

static long pg_games_due(store *s, int64_t now, int64_t claim_until, int64_t *ids, size_t cap)
{
    params p = {.n = 0};
    p_int(&p, now);
    p_int(&p, (int64_t)cap);
    p_int(&p, claim_until);
    return id_rows(run_read((pg_store *)s, Q_GAMES_CLAIM, &p), ids, cap);
}

static int pg_user_insert(store *s, const store_user *u, char *err, size_t errcap)
{
    params p = {.n = 0};
    p_text(&p, u->name);
    p_text(&p, u->pwhash);
    p_text(&p, u->email);
    p_int(&p, u->display);
    p_int(&p, u->created ? u->created : (int64_t)time(NULL));
    PGresult *r = run_read_err((pg_store *)s, Q_USER_INSERT_NOW, &p, err, errcap);
    int rc = r ? PQntuples(r) == 1 : -1;
    PQclear(r);
    return rc;
}

static int pg_seek_take(store *s, int64_t id, char *err, size_t errcap)
{
    params p = {.n = 0};
    p_int(&p, id);
    PGresult *r = run_read_err((pg_store *)s, Q_SEEK_TAKE, &p, err, errcap);
    int rc = r ? PQntuples(r) == 1 : -1;
    PQclear(r);
    return rc;
}

static int pg_login_failures(store *s, const char *address, const char *user, int64_t minute, long out[3])
{
    params p = {.n = 0};
    p_text(&p, address);
    p_text(&p, user);
    p_int(&p, minute);
    PGresult *r = run_read((pg_store *)s, Q_LOGIN_COUNT, &p);
    if (!r || PQntuples(r) != 1) {
        PQclear(r);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        out[i] = (long)col_int(r, 0, i);
    PQclear(r);
    return 0;
}

static int pg_rate_count(store *s, const char *kind, const char *key, int64_t window, long *count)
{
    params p = {.n = 0};
    p_text(&p, kind);
    p_text(&p, key);
    p_int(&p, window);
    PGresult *r = run_read((pg_store *)s, Q_RATE_COUNT, &p);
    int ok = r && PQntuples(r) == 1;
    if (ok)
        *count = (long)col_int(r, 0, 0);
    PQclear(r);
    return ok ? 0 : -1;
}

static int pg_blocks_of(store *s, const char *user, int (*fn)(void *ctx, const char *other), void *ctx)
{
    params p = {.n = 0};
    p_text(&p, user);
    PGresult *r = run_read((pg_store *)s, Q_BLOCKS_OF, &p);
    if (!r)
        return -1;
    for (int i = 0, stop = 0; i < PQntuples(r) && !stop; i++)
        stop = fn(ctx, PQgetvalue(r, i, 0)) != 0;
    PQclear(r);
    return 0;
}

static int pg_seeks_each(store *s, int (*fn)(void *ctx, const store_seek *k), void *ctx)
{
    PGresult *r = run_read((pg_store *)s, Q_SEEKS_ALL, NULL);
    if (!r)
        return -1;
    for (int i = 0, stop = 0; i < PQntuples(r) && !stop; i++) {
        store_seek k;
        k.id = col_int(r, i, 0);
        col_copy(r, i, 1, k.kind, sizeof k.kind);
        col_copy(r, i, 2, k.user, sizeof k.user);
        col_copy(r, i, 3, k.options, sizeof k.options);
        k.created = col_int(r, i, 4);
        stop = fn(ctx, &k) != 0;
    }
    PQclear(r);
    return 0;
}

static long message_rows(PGresult *r, store_message *out, size_t cap)
{
    if (!r)
        return -1;
    long n = 0;
    for (int i = 0; i < PQntuples(r) && (size_t)n < cap; i++) {
        store_message *m = &out[n++];
        memset(m, 0, sizeof *m);
        m->id = col_int(r, i, 0);
        m->board = col_int(r, i, 1); /* NULL reads as "" and so as 0 */
        col_copy(r, i, 2, m->sender, sizeof m->sender);
        col_copy(r, i, 3, m->recipient, sizeof m->recipient);
        col_copy(r, i, 4, m->text, sizeof m->text);
        m->created = col_int(r, i, 5);
        m->seen = (int)col_int(r, i, 6);
    }
    PQclear(r);
    return n;
}

static long pg_messages_unread(store *s, const char *user, store_message *out, size_t cap)
{
    params p = {.n = 0};
    p_text(&p, user);
    p_int(&p, (int64_t)cap);
    return message_rows(run_read((pg_store *)s, Q_MESSAGES_UNREAD, &p), out, cap);
}

static long pg_messages_unread_count(store *s, const char *user)
{
    params p = {.n = 0};
    int64_t v;
    p_text(&p, user);
    return id_rows(run_read((pg_store *)s, Q_MESSAGES_UNREAD_COUNT, &p), &v, 1) == 1 ? (long)v : -1;
}

static long pg_chat_of(store *s, int64_t board, store_message *out, size_t cap)
{
    params p = {.n = 0};
    p_int(&p, board);
    p_int(&p, (int64_t)cap);
    long n = message_rows(run_read((pg_store *)s, Q_CHAT_OF, &p), out, cap);
    for (long i = 0, j = n - 1; i < j; i++, j--) { /* newest first from the index: oldest first for the reader */
        store_message t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
    return n;
}

/* A game's rows of (number, text), query qi's, each given to fn: comments by move, lines by seat. */
static int pg_int_text_each(store *s, int qi, int64_t game_id, int (*fn)(void *ctx, int n, const char *text), void *ctx)
{
    params p = {.n = 0};
    p_int(&p, game_id);
    PGresult *r = run_read((pg_store *)s, qi, &p);
    if (!r)
        return -1;
    int rc = 0;
    for (int i = 0; i < PQntuples(r) && rc == 0; i++)
        rc = fn(ctx, (int)col_int(r, i, 0), PQgetvalue(r, i, 1)) != 0 ? -1 : 0;
    PQclear(r);
    return rc;
}

static int pg_comments_each(store *s, int64_t game_id, int (*fn)(void *ctx, int n, const char *text), void *ctx)
{
    return pg_int_text_each(s, Q_COMMENTS, game_id, fn, ctx);
}

static int pg_conditionals_each(store *s, int64_t game_id, int (*fn)(void *ctx, int seat, const char *lines),
                                void *ctx)
{
    return pg_int_text_each(s, Q_CONDITIONALS, game_id, fn, ctx);
}

/* Every row of a table as text (store/export.c's queries), a row at a time off the wire. */
static int pg_table_each(store *s, int table, int (*fn)(void *ctx, const char *const *cols), void *ctx, char *err,
                         size_t errcap)
{
    pg_store *q = (pg_store *)s;
    const char *sql = store_table_query(table);
    if (!sql || ensure_connected(q, err, errcap) != 0 || !PQsendQueryParams(q->c, sql, 0, NULL, NULL, NULL, NULL, 0) ||
        !PQsetSingleRowMode(q->c)) {
        if (sql && !err[0])
            snprintf(err, errcap, "reading a table: %s", PQerrorMessage(q->c));
        return -1;
    }
    int ok = 1, stop = 0;
    PGresult *r;
    while ((r = PQgetResult(q->c))) {
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_SINGLE_TUPLE && !stop && PQnfields(r) <= 16) {
            const char *cols[16];
            for (int i = 0; i < PQnfields(r); i++)
                cols[i] = PQgetisnull(r, 0, i) ? NULL : PQgetvalue(r, 0, i);
            stop = fn(ctx, cols) != 0;
        } else if (st != PGRES_SINGLE_TUPLE && st != PGRES_TUPLES_OK && ok) {
            ok = 0;
            snprintf(err, errcap, "reading a table: %s", PQresultErrorMessage(r));
        }
        PQclear(r);
    }
    if (stop && ok)
        snprintf(err, errcap, "the copy stopped");
    return ok && !stop ? 0 : -1;
}

static int64_t pg_ids_reserve(store *s, const char *what, int count)
{
    params p = {.n = 0};
    int64_t first;
    p_text(&p, what);
    p_int(&p, count);
    return id_rows(run_read((pg_store *)s, Q_IDS_RESERVE, &p), &first, 1) == 1 && first > 0 ? first : -1;
}

/* ---- notifications ---------------------------------------------------------------------- */

static int pg_listen(store *s, char *err, size_t errcap)
{
    pg_store *q = (pg_store *)s;
    PGresult *r = PQexec(q->c, "LISTEN ludex");
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok || PQsocket(q->c) < 0) {
        snprintf(err, errcap, "LISTEN: %s", PQerrorMessage(q->c));
        return -1;
    }
    return PQsocket(q->c);
}

/* Only what has arrived: PQconsumeInput reads what the socket holds and never waits. */
static int pg_notifications(store *s, void (*fn)(void *ctx, const char *payload), void *ctx)
{
    pg_store *q = (pg_store *)s;
    if (!PQconsumeInput(q->c) || PQstatus(q->c) != CONNECTION_OK)
        return -1;
    PGnotify *n;
    while ((n = PQnotifies(q->c))) {
        fn(ctx, n->extra);
        PQfreemem(n);
    }
    return 0;
}

static int pg_counts(store *s, int64_t now, long out[2])
{
    params p = {.n = 0};
    p_int(&p, now);
    PGresult *r = run_read((pg_store *)s, Q_COUNTS, &p);
    if (!r || PQntuples(r) != 1) {
        PQclear(r);
        return -1;
    }
    out[0] = (long)col_int(r, 0, 0);
    out[1] = (long)col_int(r, 0, 1);
    PQclear(r);
    return 0;
}

const store_backend store_pg_backend = {
    "postgresql", pg_open, pg_close, pg_commit, pg_user_get, pg_game_get, pg_moves_each, pg_games_of, pg_max_game_id,
    pg_session_get, pg_users_each, pg_backup, pg_integrity, pg_mail_seen, pg_outbox_due, pg_rating_get, pg_ratings_of,
    pg_games_due, pg_blocks_of, pg_seeks_each, pg_messages_unread, pg_messages_unread_count, pg_chat_of,
    pg_comments_each, pg_table_each, pg_ids_reserve, pg_listen, pg_notifications, pg_login_failures,
    pg_user_insert, pg_seek_take, pg_rate_count, pg_query_text, pg_conditionals_each, pg_counts,
    pg_rating_history,
};

/* test_store.c - the SQLite store: migrations, batches all or nothing, reads.
 *
 * Each test uses a fresh database file in a temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store/queries.h"
#include "store/store.h"

static char dir[64], path[128];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/ludex-store.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/t.db", dir);
    return 0;
}

static int teardown(void **state)
{
    char p[160];
    (void)state;
    const char *sfx[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s%s", path, sfx[i]);
        unlink(p);
    }
    rmdir(dir);
    return 0;
}

static store *open_ok(void)
{
    char err[256];
    store *s = store_open(path, err, sizeof err);
    assert_non_null(s);
    return s;
}

static store_op user_op(const char *name)
{
    store_op op = {.kind = STORE_USER_CREATE};
    snprintf(op.user.name, sizeof op.user.name, "%s", name);
    op.user.pwhash = "$argon2id$fake";
    op.user.display = 3;
    return op;
}

static store_op game_op(int64_t id)
{
    store_op op = {.kind = STORE_GAME_CREATE};
    op.game.id = id;
    snprintf(op.game.kind, sizeof op.game.kind, "hex");
    snprintf(op.game.player[0], sizeof op.game.player[0], "ann");
    snprintf(op.game.player[1], sizeof op.game.player[1], "ben");
    op.game.options = "cols=5 rows=5 swap=1";
    op.game.state = "";
    return op;
}

static store_op move_op(int64_t game, int n, const char *text)
{
    store_op op = {.kind = STORE_MOVE_APPEND};
    op.move.game_id = game;
    op.move.n = n;
    op.move.seat = (n + 1) % 2;
    op.move.text = (char *)text;
    return op;
}

static void test_schema_version_and_wal(void **state)
{
    (void)state;
    store *s = open_ok();
    store_close(s);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 16); /* 1: users, games, moves; 2: sessions; 3: disabled; 4: mail; 5: ratings; 6: clocks; 7: messages; 8: consent; 9: ids, versions; 10: claims; 11: (PostgreSQL's trigger dropped); 12: (PostgreSQL's rate counts); 13: conditional moves; 14: tournaments; 15: games not over by player; 16: the history of ratings */
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
    store_close(open_ok()); /* reopening an up-to-date file applies nothing */
}

static int collect(void *ctx, const store_move *m)
{
    char *out = ctx;
    strcat(out, m->text);
    strcat(out, ";");
    return 0;
}

static void test_batch_and_reads(void **state)
{
    (void)state;
    store *s = open_ok();
    char err[256], got[256] = "";
    store_op ops[] = {user_op("ann"), user_op("ben"), game_op(1), move_op(1, 1, "c3"), move_op(1, 2, "b2")};
    assert_int_equal(s->be->commit(s, ops, 5, NULL, err, sizeof err), 0);
    store_user u;
    assert_int_equal(s->be->user_get(s, "ann", &u), 1);
    assert_string_equal(u.pwhash, "$argon2id$fake");
    assert_int_equal(u.display, 3);
    store_user_clear(&u);
    assert_int_equal(s->be->user_get(s, "nobody", &u), 0);
    assert_int_equal(s->be->moves_each(s, 1, collect, got), 0);
    assert_string_equal(got, "c3;b2;");
    assert_int_equal(s->be->max_game_id(s), 1);
    store_close(s);
}

static void test_batch_all_or_nothing(void **state)
{
    (void)state;
    store *s = open_ok();
    char err[256], got[256] = "";
    store_op first[] = {user_op("ann"), game_op(1), move_op(1, 1, "c3")};
    assert_int_equal(s->be->commit(s, first, 3, NULL, err, sizeof err), 0);
    /* a second move numbered 1 breaks the key: the whole batch is refused */
    store_op racing[] = {move_op(1, 2, "d4"), move_op(1, 1, "e5")};
    assert_int_equal(s->be->commit(s, racing, 2, NULL, err, sizeof err), -1);
    assert_int_equal(s->be->moves_each(s, 1, collect, got), 0);
    assert_string_equal(got, "c3;");
    store_op dup[] = {user_op("ann")};
    assert_int_equal(s->be->commit(s, dup, 1, NULL, err, sizeof err), -1);
    store_close(s);
}

/* Conditional ops: one computed from a version the game no longer has is refused on its own, the
 * rest of the batch commits; ids come in blocks that never overlap. */
static void test_conditional_ops(void **state)
{
    (void)state;
    store *s = open_ok();
    char err[256], got[256] = "";
    store_op first[] = {user_op("ann"), game_op(1)};
    first[1].game.version = 5;
    assert_int_equal(s->be->commit(s, first, 2, NULL, err, sizeof err), 0);
    store_op race[] = {move_op(1, 1, "c3"), move_op(1, 1, "e5"), move_op(1, 2, "d4"), user_op("ben")};
    int64_t from[] = {5, 5, 6}, to[] = {6, 7, 8};
    for (int i = 0; i < 3; i++) {
        race[i].guard_board = 1;
        race[i].guard_version = from[i];
        race[i].new_version = to[i];
    }
    unsigned char refused[4] = {9, 9, 9, 9};
    assert_int_equal(s->be->commit(s, race, 4, refused, err, sizeof err), 0);
    assert_int_equal(refused[0], 0);
    assert_int_equal(refused[1], 1); /* computed from version 5 too: the first one won */
    assert_int_equal(refused[2], 0);
    assert_int_equal(refused[3], 0);
    assert_int_equal(s->be->moves_each(s, 1, collect, got), 0);
    assert_string_equal(got, "c3;d4;");
    store_game g;
    assert_int_equal(s->be->game_get(s, 1, &g), 1);
    assert_int_equal(g.version, 8);
    store_game_clear(&g);
    store_user u;
    assert_int_equal(s->be->user_get(s, "ben", &u), 1);
    store_user_clear(&u);
    /* a move and the clock write after it change the version once, together; of two such pairs
     * computed from one version the second is refused whole */
    store_op clocks[2];
    for (int i = 0; i < 2; i++) {
        clocks[i] = (store_op){.kind = STORE_GAME_CLOCK};
        clocks[i].game.id = 1;
        clocks[i].game.clock = i ? "second" : "first";
    }
    store_op fused[] = {move_op(1, 3, "e1"), clocks[0], move_op(1, 3, "a5"), clocks[1]};
    int64_t f_from[] = {8, 9, 8, 11}, f_to[] = {9, 10, 11, 12};
    for (int i = 0; i < 4; i++) {
        fused[i].guard_board = 1;
        fused[i].guard_version = f_from[i];
        fused[i].new_version = f_to[i];
    }
    store_guard plan[4];
    assert_int_equal(store_plan_guards(fused, 4, plan), 0);
    assert_int_equal(plan[0].bump, 0); /* the move leaves the version to its clock */
    assert_int_equal(plan[1].version, 8);
    assert_int_equal(plan[1].bump, 1);
    assert_int_equal(s->be->commit(s, fused, 4, refused, err, sizeof err), 0);
    assert_memory_equal(refused, ((unsigned char[]){0, 0, 1, 1}), 4);
    got[0] = 0;
    assert_int_equal(s->be->moves_each(s, 1, collect, got), 0);
    assert_string_equal(got, "c3;d4;e1;");
    assert_int_equal(s->be->game_get(s, 1, &g), 1);
    assert_int_equal(g.version, 10);
    assert_string_equal(g.clock, "first");
    store_game_clear(&g);
    /* an inbound mail's "applied" mark kept only on the version its move made */
    store_op seen[2] = {{.kind = STORE_MAIL_SEEN}, {.kind = STORE_MAIL_SEEN}};
    snprintf(seen[0].mail.message_id, sizeof seen[0].mail.message_id, "<lost@example.org>");
    snprintf(seen[1].mail.message_id, sizeof seen[1].mail.message_id, "<won@example.org>");
    seen[0].guard_board = seen[1].guard_board = 1;
    seen[0].guard_version = 9;
    seen[1].guard_version = 10;
    assert_int_equal(s->be->commit(s, seen, 2, refused, err, sizeof err), 0);
    assert_int_equal(s->be->mail_seen(s, "<lost@example.org>"), 0);
    assert_int_equal(s->be->mail_seen(s, "<won@example.org>"), 1);
    int64_t a = s->be->ids_reserve(s, "games", 64), b = s->be->ids_reserve(s, "games", 64);
    assert_true(a >= 1);
    assert_int_equal(b, a + 64);
    store_close(s);
}

static store_op session_op(store_op_kind kind, const char *hash, const char *user, int64_t expires)
{
    store_op op = {.kind = kind};
    snprintf(op.session.token_hash, sizeof op.session.token_hash, "%s", hash);
    snprintf(op.session.user, sizeof op.session.user, "%s", user);
    snprintf(op.session.csrf, sizeof op.session.csrf, "csrf-of-%s", hash);
    op.session.expires = expires;
    return op;
}

static void test_sessions(void **state)
{
    (void)state;
    store *s = open_ok();
    char err[256];
    store_session ss;
    store_op ops[] = {session_op(STORE_SESSION_CREATE, "h1", "ann", 4000000000LL),
                      session_op(STORE_SESSION_CREATE, "h2", "ben", 4000000000LL),
                      session_op(STORE_SESSION_CREATE, "old", "ann", 5)};
    assert_int_equal(s->be->commit(s, ops, 3, NULL, err, sizeof err), 0);
    assert_int_equal(s->be->session_get(s, "h1", &ss), 1);
    assert_string_equal(ss.user, "ann");
    assert_string_equal(ss.csrf, "csrf-of-h1");
    assert_true(ss.expires == 4000000000LL);
    assert_int_equal(s->be->session_get(s, "h3", &ss), 0);
    store_op end[] = {session_op(STORE_SESSION_DELETE, "h1", "", 0)}; /* and the expired ones go with it */
    assert_int_equal(s->be->commit(s, end, 1, NULL, err, sizeof err), 0);
    assert_int_equal(s->be->session_get(s, "h1", &ss), 0);
    assert_int_equal(s->be->session_get(s, "old", &ss), 0);
    assert_int_equal(s->be->session_get(s, "h2", &ss), 1);
    store_close(s);
}

/* A game of ann's (seat 0) against ben with its row's clock (seat to move first), result and status. */
static void list_game(store *s, int64_t id, const char *kind, const char *clock, const char *result, int status)
{
    char err[256];
    store_op ops[2] = {game_op(id), {.kind = STORE_GAME_CLOCK}};
    snprintf(ops[0].game.kind, sizeof ops[0].game.kind, "%s", kind);
    ops[1].game.id = id;
    ops[1].game.clock = (char *)clock;
    snprintf(ops[1].game.result, sizeof ops[1].game.result, "%s", result);
    ops[1].game.status = status;
    assert_int_equal(s->be->commit(s, ops, 2, NULL, err, sizeof err), 0);
}

/* The ids a list gets, as "ID ID ...", newest first. */
static const char *listed(store *s, const char *user, const char *kind, int filter)
{
    static char out[256];
    int64_t ids[16];
    store_list ask = {user, kind, filter};
    long n = s->be->games_of(s, &ask, ids, 16);
    assert_true(n >= 0);
    out[0] = 0;
    for (long i = 0; i < n; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%lld", i ? " " : "", (long long)ids[i]);
    return out;
}

/* Lists of games read from the rows alone (store_list): finished by a result column or by the
 * clock's seat -1, whose turn by the clock's seat, a challenge by status; a row whose clock names
 * no seat is listed by every filter but pending's (its board decides). */
static void test_lists_from_rows(void **state)
{
    (void)state;
    store *s = open_ok();
    list_game(s, 1, "hex", "0 100 604800 604800 0", "", 0);   /* ann to move */
    list_game(s, 2, "hex", "1 100 604800 604800 0", "", 0);   /* ben to move */
    list_game(s, 3, "hex", "-1 100 604800 604800 0", "", 0);  /* the rules ended it */
    list_game(s, 4, "twixt", "1 100 604800 604800 0", "W+Time", 0); /* lost on time */
    list_game(s, 5, "hex", "0 100 604800 604800 0", "", 2);   /* a challenge waiting for ben */
    list_game(s, 6, "hex", "", "", 0);                        /* older than clocks: unknown */
    assert_string_equal(listed(s, "ann", NULL, STORE_LIST_ALL), "6 5 4 3 2 1");
    assert_string_equal(listed(s, "ann", "", STORE_LIST_NEXT), "6 1");
    assert_string_equal(listed(s, "ben", NULL, STORE_LIST_NEXT), "6 2");
    assert_string_equal(listed(s, "ann", NULL, STORE_LIST_ACTIVE), "6 5 2 1");
    assert_string_equal(listed(s, "ann", NULL, STORE_LIST_FINISHED), "6 4 3");
    assert_string_equal(listed(s, "ben", NULL, STORE_LIST_PENDING), "5");
    assert_string_equal(listed(s, "ann", "twixt", STORE_LIST_ALL), "4");
    assert_string_equal(listed(s, "cid", NULL, STORE_LIST_ALL), "");
    assert_string_equal(listed(s, NULL, NULL, STORE_LIST_FINISHED), "6 4 3");
    assert_string_equal(listed(s, NULL, NULL, STORE_LIST_NEXT), "6"); /* no turn is nobody's: the unknown row only */
    int64_t ids[2];
    store_list all = {"ann", NULL, STORE_LIST_ALL};
    assert_int_equal(s->be->games_of(s, &all, ids, 2), 2); /* at most cap, the newest */
    assert_true(ids[0] == 6 && ids[1] == 5);
    store_close(s);
    /* a player's games not over are found by the partial indexes: no finished game is read */
    sqlite3 *db;
    sqlite3_stmt *st;
    char plan[1024] = "";
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *sql = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", store_query_sql[Q_GAMES_OPEN_OF]);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW)
        snprintf(plan + strlen(plan), sizeof plan - strlen(plan), "%s\n", (const char *)sqlite3_column_text(st, 3));
    sqlite3_finalize(st);
    sqlite3_free(sql);
    sqlite3_close(db);
    assert_non_null(strstr(plan, "USING INDEX games_open_player1 (player1=?)"));
    assert_non_null(strstr(plan, "USING INDEX games_open_player2 (player2=?)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lists_from_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_schema_version_and_wal, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch_and_reads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sessions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch_all_or_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_conditional_ops, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

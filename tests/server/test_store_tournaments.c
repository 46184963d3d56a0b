/* test_store_tournaments.c - a tournament's rows (store/tournaments.h) in a real store: SQLite in
 * a temporary directory, or the PostgreSQL database LUDEX_TEST_STORE names (tests/server/with_pg
 * starts a throw-away cluster for it: make check-server-pg).
 *
 * Joins stop at the maximum and once the tournament has started; a start happens once; a round
 * is paired once: its claim, games and pairings in one transaction, a second pairing of the same
 * round (on the same connection, then from two connections in two threads at once) writes
 * nothing; a 100-player round robin's 4,950 games go in one call. */
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "store/tournaments.h"

static char location[600];
static char dir[64];

static store *open_store(void)
{
    char err[300];
    store *s = store_open(location, err, sizeof err);
    if (!s)
        fail_msg("store_open %s: %s", location, err);
    return s;
}

static int setup(void **state)
{
    (void)state;
    const char *env = getenv("LUDEX_TEST_STORE");
    if (env && *env) {
        snprintf(location, sizeof location, "%s", env);
        return 0;
    }
    snprintf(dir, sizeof dir, "/tmp/ludex-tournaments.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(location, sizeof location, "%s/store.db", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (dir[0]) {
        char path[700];
        const char *suffix[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            snprintf(path, sizeof path, "%s/store.db%s", dir, suffix[i]);
            unlink(path);
        }
        rmdir(dir);
    }
    return 0;
}

static int64_t new_tournament(store *s, const char *name, int max_players)
{
    store_tournament t = {0};
    char err[300];
    snprintf(t.name, sizeof t.name, "%s", name);
    snprintf(t.kind, sizeof t.kind, "hex");
    snprintf(t.format, sizeof t.format, "roundrobin:2");
    snprintf(t.options, sizeof t.options, "-size=11 -days=3");
    snprintf(t.organizer, sizeof t.organizer, "olga");
    t.min_players = 2;
    t.max_players = max_players;
    t.rated = 1;
    t.sequential = 1;
    t.created = 1700000000;
    if (store_tournament_create(s, &t, err, sizeof err) != 0)
        fail_msg("create: %s", err);
    assert_true(t.id > 0);
    assert_int_equal(t.state, STORE_TOURNAMENT_OPEN);
    return t.id;
}

/* the games of one round, ids from `first`, and their pairings */
static void make_round(int64_t first, int round, int n, store_game *g, store_pairing *p)
{
    for (int i = 0; i < n; i++) {
        memset(&g[i], 0, sizeof g[i]);
        g[i].id = first + i;
        snprintf(g[i].kind, sizeof g[i].kind, "hex");
        snprintf(g[i].player[0], sizeof g[i].player[0], "p%d", 2 * i);
        snprintf(g[i].player[1], sizeof g[i].player[1], "p%d", 2 * i + 1);
        g[i].options = "-size=11 -days=3";
        g[i].state = "";
        g[i].clock = "0 days=3";
        g[i].created = 1700000100;
        g[i].deadline = 1700000100 + 3 * 86400;
        g[i].version = 1;
        p[i].round = round;
        p[i].board = i + 1;
        snprintf(p[i].first, sizeof p[i].first, "%s", g[i].player[0]);
        snprintf(p[i].second, sizeof p[i].second, "%s", g[i].player[1]);
        p[i].game_id = g[i].id;
    }
}

static void join_start_leave(void **state)
{
    (void)state;
    store *s = open_store();
    char err[300];
    int64_t id = new_tournament(s, "Autumn Hex", 3);
    store_tournament t;
    assert_int_equal(store_tournament_get(s, id, &t), 1);
    assert_string_equal(t.name, "Autumn Hex");
    assert_string_equal(t.format, "roundrobin:2");
    assert_string_equal(t.options, "-size=11 -days=3");
    assert_int_equal(t.max_players, 3);
    assert_int_equal(store_tournament_get(s, id + 1000, &t), 0);
    assert_int_equal(store_tournament_join(s, id, "ann", 10, err, sizeof err), 1);
    assert_int_equal(store_tournament_join(s, id, "ann", 11, err, sizeof err), 0); /* joined already */
    assert_int_equal(store_tournament_join(s, id, "bob", 12, err, sizeof err), 1);
    assert_int_equal(store_tournament_join(s, id, "cat", 13, err, sizeof err), 1);
    assert_int_equal(store_tournament_join(s, id, "dan", 14, err, sizeof err), 0); /* full */
    assert_int_equal(store_tournament_leave(s, id, "bob", err, sizeof err), 1);    /* gone before the start */
    assert_int_equal(store_tournament_leave(s, id, "bob", err, sizeof err), 0);
    assert_int_equal(store_tournament_join(s, id, "dan", 15, err, sizeof err), 1);
    store_entrant e[8];
    assert_int_equal(store_tournament_entrants(s, id, e, 8), 3);
    assert_string_equal(e[0].user, "ann");
    assert_string_equal(e[2].user, "dan");
    store_tournament list[8];
    long n = store_tournaments_list(s, STORE_TOURNAMENT_OPEN, list, 8);
    assert_true(n >= 1);
    assert_true(list[0].id == id);
    const char *seeded[3] = {"dan", "ann", "cat"};
    assert_int_equal(store_tournament_start(s, id, seeded, 3, err, sizeof err), 1);
    assert_int_equal(store_tournament_start(s, id, seeded, 3, err, sizeof err), 0); /* started already */
    assert_int_equal(store_tournament_join(s, id, "eve", 16, err, sizeof err), 0);
    assert_int_equal(store_tournament_entrants(s, id, e, 8), 3);
    assert_string_equal(e[0].user, "dan");
    assert_int_equal(e[0].seed, 1);
    assert_string_equal(e[1].user, "ann");
    assert_int_equal(store_tournament_leave(s, id, "ann", err, sizeof err), 1); /* withdrawn, kept */
    assert_int_equal(store_tournament_entrants(s, id, e, 8), 3);
    assert_int_equal(e[1].withdrawn, 1);
    assert_int_equal(store_tournament_get(s, id, &t), 1);
    assert_int_equal(t.state, STORE_TOURNAMENT_RUNNING);
    assert_int_equal(store_tournament_finish(s, id, err, sizeof err), 1);
    assert_int_equal(store_tournament_finish(s, id, err, sizeof err), 0);
    assert_int_equal(store_tournaments_list(s, STORE_TOURNAMENT_FINISHED, list, 8) >= 1, 1);
    store_close(s);
}

static void a_round_is_paired_once(void **state)
{
    (void)state;
    store *s = open_store();
    char err[300];
    int64_t id = new_tournament(s, "Once", 8);
    int64_t first = s->be->max_game_id(s) + 1;
    store_game g[2];
    store_pairing p[3];
    make_round(first, 1, 2, g, p);
    p[2] = (store_pairing){1, 3, "p4", "", 0}; /* a bye */
    assert_int_equal(store_tournament_pair_round(s, id, 1, g, 2, p, 3, err, sizeof err), 1);
    make_round(first + 10, 1, 2, g, p);
    assert_int_equal(store_tournament_pair_round(s, id, 1, g, 2, p, 2, err, sizeof err), 0);
    store_game got;
    assert_int_equal(s->be->game_get(s, first + 10, &got), 0); /* the loser wrote no game */
    assert_int_equal(s->be->game_get(s, first + 1, &got), 1);
    assert_string_equal(got.player[0], "p2");
    assert_string_equal(got.clock, "0 days=3");
    assert_true(got.deadline == 1700000100 + 3 * 86400);
    store_game_clear(&got);
    store_pairing back[8];
    assert_int_equal(store_tournament_pairings(s, id, back, 8), 3);
    assert_string_equal(back[2].first, "p4");
    assert_string_equal(back[2].second, "");
    assert_true(back[1].game_id == first + 1);
    int64_t tid = 0;
    int round = 0;
    assert_int_equal(store_tournament_of_game(s, first + 1, &tid, &round), 1);
    assert_true(tid == id && round == 1);
    assert_int_equal(store_tournament_of_game(s, first + 10, &tid, &round), 0);
    store_tournament t;
    assert_int_equal(store_tournament_get(s, id, &t), 1);
    assert_int_equal(t.round, 1);
    store_close(s);
}

/* 100 players, a single round robin's 4,950 games: one transaction, every row there. */
static void a_big_round_in_one_transaction(void **state)
{
    (void)state;
    store *s = open_store();
    char err[300];
    int64_t id = new_tournament(s, "Hundred", 100);
    int64_t first = s->be->max_game_id(s) + 1;
    size_t n = 4950;
    store_game *g = calloc(n, sizeof *g);
    store_pairing *p = calloc(n, sizeof *p);
    assert_non_null(g);
    assert_non_null(p);
    make_round(first, 1, (int)n, g, p);
    if (store_tournament_pair_round(s, id, 1, g, n, p, n, err, sizeof err) != 1)
        fail_msg("pair_round: %s", err);
    store_pairing *back = calloc(n + 1, sizeof *back);
    assert_int_equal(store_tournament_pairings(s, id, back, n + 1), (long)n);
    assert_true(s->be->max_game_id(s) == first + (int64_t)n - 1);
    free(g);
    free(p);
    free(back);
    store_close(s);
}

/* Rounds 1..3 claimed together (-rounds=together): a second claim of any of them writes nothing;
 * a game's clock stopped (deadline 0) is no longer counted as being played. */
static void rounds_paired_together_once(void **state)
{
    (void)state;
    store *s = open_store();
    char err[300];
    int64_t id = new_tournament(s, "Together", 8);
    int64_t first = s->be->max_game_id(s) + 1;
    store_game g[6];
    store_pairing p[6];
    for (int r = 0; r < 3; r++)
        make_round(first + 2 * r, r + 1, 2, g + 2 * r, p + 2 * r);
    assert_int_equal(store_tournament_pair_rounds(s, id, 1, 3, g, 6, p, 6, err, sizeof err), 1);
    store_tournament t;
    assert_int_equal(store_tournament_get(s, id, &t), 1);
    assert_int_equal(t.round, 3);
    assert_int_equal(store_tournament_games_running(s, id, 1), 6);
    assert_int_equal(store_tournament_games_running(s, id, 3), 2);
    store_game again[2];
    store_pairing pa[2];
    make_round(first + 20, 2, 2, again, pa);
    assert_int_equal(store_tournament_pair_round(s, id, 2, again, 2, pa, 2, err, sizeof err), 0);
    assert_int_equal(store_tournament_pair_rounds(s, id, 3, 4, again, 2, pa, 2, err, sizeof err), 0);
    store_game got;
    assert_int_equal(s->be->game_get(s, first + 20, &got), 0); /* neither wrote a game */
    store_pairing back[16];
    assert_int_equal(store_tournament_pairings(s, id, back, 16), 6);
    assert_int_equal(store_tournament_get(s, id, &t), 1);
    assert_int_equal(t.round, 3);
    store_op op = {.kind = STORE_GAME_CLOCK};
    op.game.id = first + 5;
    op.game.clock = "-1 0 0 0 0";
    snprintf(op.game.result, sizeof op.game.result, "B+");
    unsigned char refused = 0;
    assert_int_equal(s->be->commit(s, &op, 1, &refused, err, sizeof err), 0);
    assert_int_equal(store_tournament_games_running(s, id, 3), 1);
    store_close(s);
}

typedef struct racer {
    int64_t id, first;
    int result;
    char err[300];
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    char err[300];
    store *s = store_open(location, err, sizeof err);
    if (!s) {
        r->result = -2;
        return NULL;
    }
    store_game g[4];
    store_pairing p[4];
    make_round(r->first, 2, 4, g, p);
    r->result = store_tournament_pair_round(s, r->id, 2, g, 4, p, 4, r->err, sizeof r->err);
    store_close(s);
    return NULL;
}

/* Two connections pair round 2 at the same moment: one does, the other writes nothing. */
static void two_connections_pair_once(void **state)
{
    (void)state;
    store *s = open_store();
    int64_t id = new_tournament(s, "Race", 8);
    int64_t first = s->be->max_game_id(s) + 1;
    racer r[2] = {{id, first, 9, ""}, {id, first + 100, 9, ""}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, race, &r[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    if (r[0].result < 0 || r[1].result < 0)
        fail_msg("race: %d %s / %d %s", r[0].result, r[0].err, r[1].result, r[1].err);
    assert_int_equal(r[0].result + r[1].result, 1);
    store_pairing back[16];
    assert_int_equal(store_tournament_pairings(s, id, back, 16), 4);
    int64_t winner_first = r[0].result ? first : first + 100;
    assert_true(back[0].game_id == winner_first);
    store_game got;
    assert_int_equal(s->be->game_get(s, r[0].result ? first + 100 : first, &got), 0);
    store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_start_leave),
        cmocka_unit_test(a_round_is_paired_once),
        cmocka_unit_test(a_big_round_in_one_transaction),
        cmocka_unit_test(rounds_paired_together_once),
        cmocka_unit_test(two_connections_pair_once),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

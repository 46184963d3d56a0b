/* test_service.c - the service's rules called directly, with no door and no socket.
 *
 * Every player operation is a plain call (service/service.h): these tests
 * make accounts, challenge, play, read games, hold answers for commits and
 * watch boards exactly as a door does, and check the codes every door
 * relies on.  Each test uses a fresh database in a temporary directory and
 * drives the event loop itself until the service's threads have answered. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <event2/event.h>

#include "service/service.h"

typedef struct world {
    char dir[64], path[128];
    struct event_base *base;
    srv *s;
} world;

typedef struct answer {
    int done;
    svc_status st;
} answer;

static void on_done(void *ctx, const svc_status *st)
{
    answer *a = ctx;
    a->st = *st;
    a->done = 1;
}

static void on_ready(void *ctx) { *(int *)ctx = 1; }

/* Run the loop until *flag is set (bounded: 2000 turns of at most 10 ms). */
static void run_until(world *w, const int *flag)
{
    struct timeval tick = {0, 10000};
    for (int i = 0; i < 2000 && !*flag; i++) {
        event_base_loopexit(w->base, &tick);
        event_base_dispatch(w->base);
    }
    assert_true(*flag);
}

static void wait_commit(world *w, uint64_t seq)
{
    svc_wait wt = {0};
    int ready = 0;
    if (!svc_wait_for(w->s, &wt, seq, on_ready, &ready))
        run_until(w, &ready);
}

/* The crossword data beside this program: BUILD/data/xword, then the repository's data/xword. */
static void find_xword_data(void)
{
    char exe[1024], dirs[2300];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || getenv("LUDEX_XWORD_DATA"))
        return;
    exe[n] = 0;
    *strrchr(exe, '/') = 0;
    snprintf(dirs, sizeof dirs, "%s/../../data/xword:%s/../../../data/xword", exe, exe);
    setenv("LUDEX_XWORD_DATA", dirs, 1);
}

static int setup(void **state)
{
    world *w = calloc(1, sizeof *w);
    find_xword_data();
    snprintf(w->dir, sizeof w->dir, "/tmp/ludex-svc.XXXXXX");
    if (!w || !mkdtemp(w->dir))
        return -1;
    snprintf(w->path, sizeof w->path, "%s/t.db", w->dir);
    char err[256] = "";
    svc_config cfg = {w->path, "min", 1, 1, 0, 0, 0, stderr, 0, SVC_CHALLENGES_OPEN, 0, 0, 0, 0, 0};
    w->base = event_base_new();
    w->s = svc_open(w->base, &cfg, err, sizeof err);
    if (!w->s)
        return -1;
    *state = w;
    return 0;
}

static int teardown(void **state)
{
    world *w = *state;
    char p[160];
    svc_close(w->s);
    event_base_free(w->base);
    const char *sfx[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s%s", w->path, sfx[i]);
        unlink(p);
    }
    rmdir(w->dir);
    free(w);
    return 0;
}

static void signup(world *w, const char *user)
{
    answer a = {0};
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_signup(w->s, user, "secret-pw", NULL, "10.0.0.1", &st, on_done, &a), SVC_PENDING);
    run_until(w, &a.done);
    assert_null(a.st.code);
    assert_string_equal(a.st.user, user);
    wait_commit(w, a.st.wait_seq);
}

static int64_t hex_game(world *w, const char *p1, const char *p2)
{
    char *opts[] = {"-size=3", "-noswap"};
    int64_t board = 0;
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, p1, G_HEX, p1, p2, 2, opts, &board, &st), 0);
    assert_true(board > 0 && st.wait_seq > 0);
    wait_commit(w, st.wait_seq);
    return board;
}

/* Play and return the error code ("" when it was played). */
static const char *play(world *w, const char *who, int64_t board, const char *text, long n, svc_played *out)
{
    static svc_status st; /* the code outlives the call for the assertion */
    svc_played tmp = {0};
    svc_status_init(&st);
    int rc = svc_play(w->s, who, board, G_NONE, text, n, out ? out : &tmp, &st);
    svc_played_free(&tmp);
    if (rc == 0)
        wait_commit(w, st.wait_seq);
    return rc == 0 ? "" : st.code;
}

/* A login's answer: the code, NULL when authenticated. */
static const char *login(world *w, const char *user, const char *password, const char *addr)
{
    static answer a; /* the code outlives the call for the assertion */
    memset(&a, 0, sizeof a);
    svc_status st;
    svc_status_init(&st);
    if (svc_authenticate(w->s, user, password, addr, &st, on_done, &a) == SVC_PENDING)
        run_until(w, &a.done);
    else
        a.st = st;
    return a.st.code;
}

static void accounts(void **state)
{
    world *w = *state;
    answer a = {0};
    svc_status st;
    signup(w, "alice");
    svc_status_init(&st);
    assert_int_equal(svc_signup(w->s, "alice", "xxxxxxxxx", NULL, "10.0.0.1", &st, on_done, &a), SVC_DONE);
    assert_string_equal(st.code, "USER_EXISTS");
    svc_status_init(&st);
    assert_int_equal(svc_signup(w->s, "no spaces", "xxxxxxxxx", NULL, "10.0.0.1", &st, on_done, &a), SVC_DONE);
    assert_string_equal(st.code, "BAD_NAME");
    assert_string_equal(login(w, "alice", "wrong", "10.0.0.1"), "BAD_PASSWORD");
    svc_status_init(&st);
    assert_int_equal(svc_authenticate(w->s, "alice", "secret-pw", "10.0.0.1", &st, on_done, &a), SVC_DONE); /* cached */
    assert_null(st.code);
    assert_string_equal(st.user, "alice");
}

/* Passwords: 8 bytes at least by default, 256 at most, never the user's name; on signup and
 * on a change alike. */
static void password_rules(void **state)
{
    world *w = *state;
    answer a = {0};
    svc_status st;
    const char *refused[] = {"x", "seven77", "Alexandra"};
    for (int i = 0; i < 3; i++) {
        svc_status_init(&st);
        assert_int_equal(svc_signup(w->s, "alexandra", refused[i], NULL, "10.0.0.1", &st, on_done, &a), SVC_DONE);
        assert_string_equal(st.code, "BAD_PASSWORD");
    }
    assert_string_equal(st.msg, "a password is not the user's name");
    char longest[258];
    memset(longest, 'p', 257);
    longest[257] = 0;
    svc_status_init(&st);
    assert_int_equal(svc_signup(w->s, "alexandra", longest, NULL, "10.0.0.1", &st, on_done, &a), SVC_DONE);
    assert_string_equal(st.code, "BAD_PASSWORD");
    signup(w, "alexandra");
    for (int i = 0; i < 3; i++) {
        svc_status_init(&st);
        assert_int_equal(svc_set_password(w->s, "alexandra", refused[i], &st, on_done, &a), SVC_DONE);
        assert_string_equal(st.code, "BAD_PASSWORD");
    }
    assert_null(login(w, "alexandra", "secret-pw", "10.0.0.1"));
}

/* A name with no account answers as a wrong password does (after a hash), and counts the same. */
static void login_says_nothing_of_accounts(void **state)
{
    world *w = *state;
    signup(w, "alice");
    answer a = {0};
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_authenticate(w->s, "nobody", "wrong-pw", "10.0.0.2", &st, on_done, &a), SVC_PENDING);
    run_until(w, &a.done);
    svc_status wrong = a.st;
    assert_string_equal(login(w, "alice", "wrong-pw", "10.0.0.2"), "BAD_PASSWORD");
    assert_string_equal(wrong.code, "BAD_PASSWORD");
    assert_string_equal(wrong.msg, "wrong user name or password");
    assert_string_equal(a.st.msg, "wrong user name or password");
    for (int i = 1; i < 5; i++)
        assert_string_equal(login(w, "nobody", "wrong-pw", "10.0.0.2"), "BAD_PASSWORD");
    assert_string_equal(login(w, "nobody", "wrong-pw", "10.0.0.2"), "RATE_LIMITED");
}

/* Once an (address, user) is limited, the right password is refused too, cached or not, and
 * another address is not. */
static void limit_stops_the_right_password(void **state)
{
    world *w = *state;
    signup(w, "alice");
    assert_null(login(w, "alice", "secret-pw", "10.0.0.3")); /* proved from 10.0.0.3: cached for it */
    for (int i = 0; i < 5; i++)
        assert_string_equal(login(w, "alice", "guess-pw", "10.0.0.3"), "BAD_PASSWORD");
    assert_string_equal(login(w, "alice", "secret-pw", "10.0.0.3"), "RATE_LIMITED");
    assert_string_equal(login(w, "alice", "guess-pw", "10.0.0.3"), "RATE_LIMITED");
    assert_null(login(w, "alice", "secret-pw", "10.0.0.4"));
}

/* Failures for a user from many addresses (its limit: 20 a minute) shut out every address
 * but one that has proved the password itself: that one is no oracle, it knew the password. */
static void the_user_limit_spares_a_proved_address(void **state)
{
    world *w = *state;
    signup(w, "alice"); /* from 10.0.0.1: proved there */
    char addr[32];
    for (int i = 0; i < 20; i++) {
        snprintf(addr, sizeof addr, "10.0.1.%d", i);
        assert_string_equal(login(w, "alice", "guess-pw", addr), "BAD_PASSWORD");
    }
    assert_string_equal(login(w, "alice", "guess-pw", "10.0.2.1"), "RATE_LIMITED");
    assert_string_equal(login(w, "alice", "secret-pw", "10.0.2.1"), "RATE_LIMITED");
    assert_null(login(w, "alice", "secret-pw", "10.0.0.1"));
    assert_string_equal(login(w, "alice", "guess-pw", "10.0.0.1"), "RATE_LIMITED");
}

static void sessions(void **state)
{
    world *w = *state;
    char token[65], csrf[65], user[SVC_NAME_MAX + 1], csrf2[65];
    svc_status st;
    signup(w, "alice");
    svc_status_init(&st);
    assert_int_equal(svc_session_create(w->s, "alice", 3600, token, csrf, &st), 0);
    assert_int_equal(strlen(token), 64);
    assert_int_equal(svc_session_user(w->s, token, user, csrf2), 0); /* not yet committed: not yet a session */
    wait_commit(w, st.wait_seq);
    assert_int_equal(svc_session_user(w->s, token, user, csrf2), 1);
    assert_string_equal(user, "alice");
    assert_string_equal(csrf2, csrf);
    token[0] = token[0] == 'a' ? 'b' : 'a';
    assert_int_equal(svc_session_user(w->s, token, user, NULL), 0);
    token[0] = token[0] == 'a' ? 'b' : 'a';
    svc_status_init(&st);
    svc_session_end(w->s, token, &st);
    wait_commit(w, st.wait_seq);
    assert_int_equal(svc_session_user(w->s, token, user, NULL), 0);
    assert_int_equal(svc_session_user(w->s, "not-a-token", user, NULL), 0);
}

/* A list's answer: its count in *ctx. */
static void list_count(srv *s, void *ctx, const int64_t *ids, long n, svc_status *st)
{
    (void)s, (void)ids, (void)st;
    *(long *)ctx = n;
}

static void challenge_and_play(void **state)
{
    world *w = *state;
    svc_status st;
    int64_t board;
    char *none[] = {NULL};
    signup(w, "alice");
    signup(w, "bob");
    signup(w, "carol");
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, "carol", G_HEX, "alice", "bob", 0, none, &board, &st), -1);
    assert_string_equal(st.code, "NOT_A_PLAYER");
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, "alice", G_HEX, "alice", "dave", 0, none, &board, &st), -1);
    assert_string_equal(st.code, "NO_SUCH_USER");
    board = hex_game(w, "alice", "bob");
    assert_string_equal(play(w, "carol", board, "a1", 0, NULL), "NOT_A_PLAYER");
    assert_string_equal(play(w, "bob", board, "a1", 0, NULL), "NOT_YOUR_TURN");
    assert_string_equal(play(w, "alice", board, "a1", 2, NULL), "WRONG_MOVE_NUMBER");
    assert_string_equal(play(w, "alice", board, "d9", 0, NULL), "HEX_OFF_BOARD");
    svc_played p = {0};
    assert_string_equal(play(w, "alice", board, "b1", 1, &p), "");
    assert_int_equal(p.n, 1);
    assert_string_equal(p.colour, "B");
    assert_string_equal(p.shown.data, "b1");
    svc_played_free(&p);
    svc_status_init(&st);
    srv_game *sg = svc_game(w->s, board, G_TWIXT, &st);
    assert_null(sg);
    assert_string_equal(st.code, "WRONG_GAME");
    sg = svc_game(w->s, board, G_HEX, &st);
    svc_game_info g;
    svc_game_describe(sg, &g);
    assert_int_equal(g.nmoves, 1);
    assert_int_equal(g.to_move, 1);
    assert_int_equal(svc_game_actions(sg, 1), SVC_ACT_MOVE | SVC_ACT_RESIGN);
    assert_int_equal(svc_game_actions(sg, 0), 0);
    const char *rest[] = {"a2", "b2", "c1", "b3"}; /* bob, alice, bob, alice: b1 b2 b3 joins top and bottom */
    for (int i = 0; i < 4; i++)
        assert_string_equal(play(w, i % 2 ? "alice" : "bob", board, rest[i], 0, NULL), "");
    svc_game_describe(sg, &g);
    assert_string_equal(g.result, "B+");
    assert_int_equal(g.to_move, -1);
    assert_string_equal(play(w, "bob", board, "c3", 0, NULL), "GAME_OVER");
    int64_t ids[8];
    svc_status_init(&st);
    assert_int_equal(svc_games_list_request(w->s, G_NONE, "bob", SVC_FINISHED, ids, 8, &st), 1);
    assert_int_equal(ids[0], board);
    assert_int_equal(svc_games_list_request(w->s, G_NONE, "bob", SVC_NEXT, ids, 8, &st), 0);
    long listed = -2; /* SQLite: the continuation's list is read and given at once */
    svc_games_list_then(w->s, G_NONE, "bob", SVC_FINISHED, 8, list_count, &listed);
    assert_int_equal(listed, 1);
}

/* A game made with -noswap says so (svc_game_noswap, which the bots read)
 * and refuses a swap in every form, an SGF one ("swap-pieces;") too. */
static void games_without_the_swap(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    char *noswap[] = {"-size=8", "-noswap"}, *plain[] = {"-size=8"};
    int64_t board, other;
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, "alice", G_TWIXT, "alice", "bob", 2, noswap, &board, &st), 0);
    wait_commit(w, st.wait_seq);
    assert_int_equal(svc_challenge(w->s, "alice", G_TWIXT, "alice", "bob", 1, plain, &other, &st), 0);
    wait_commit(w, st.wait_seq);
    assert_int_equal(svc_game_noswap(svc_game(w->s, board, G_NONE, &st)), 1);
    assert_int_equal(svc_game_noswap(svc_game(w->s, other, G_NONE, &st)), 0);
    assert_int_equal(svc_game_noswap(svc_game(w->s, hex_game(w, "alice", "bob"), G_NONE, &st)), 1);
    assert_string_equal(play(w, "alice", board, "d4", 0, NULL), "");
    const char *swaps[] = {"swap", "swap-pieces", "swap-pieces;", "swap-sides;"};
    for (int i = 0; i < 4; i++)
        assert_string_equal(play(w, "bob", board, swaps[i], 0, NULL), "NO_SWAP");
    assert_string_equal(play(w, "alice", other, "d4", 0, NULL), "");
    assert_string_equal(play(w, "bob", other, "swap-pieces;", 0, NULL), "");
}

/* After a swap of sides each player's colour is the other one, everywhere: the game's colours,
 * the record's PB/PW beside its RE (the winner named), in Hex and in Twixt. */
static void a_swap_exchanges_the_colours(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    char *hex[] = {"-size=5"}, *twixt[] = {"-size=8"};
    const struct {
        proto_game kind;
        char **opts;
        const char *first, *swap, *record;
    } cases[] = {{G_HEX, hex, "b2", "swap", "PB[bob]PW[alice]"}, {G_TWIXT, twixt, "d4", "swap", "PB[alice]PW[bob]"}};
    for (int k = 0; k < 2; k++) {
        int64_t board;
        svc_status st;
        svc_status_init(&st);
        assert_int_equal(svc_challenge(w->s, "alice", cases[k].kind, "alice", "bob", 1, cases[k].opts, &board, &st), 0);
        wait_commit(w, st.wait_seq);
        svc_game_info before, after;
        svc_game_describe(svc_game(w->s, board, G_NONE, &st), &before);
        assert_string_equal(play(w, "alice", board, cases[k].first, 0, NULL), "");
        assert_string_equal(play(w, "bob", board, cases[k].swap, 0, NULL), "");
        assert_string_equal(play(w, "alice", board, "resign", 0, NULL), "");
        svc_game_describe(svc_game(w->s, board, G_NONE, &st), &after);
        assert_string_equal(after.colour[0], before.colour[1]);
        assert_string_equal(after.colour[1], before.colour[0]);
        char re[16];
        snprintf(re, sizeof re, "RE[%s+R]", after.colour[1]); /* bob, who swapped, wins with his colour now */
        lx_buf rec = {0};
        svc_status_init(&st);
        assert_int_equal(svc_game_record(svc_game(w->s, board, G_NONE, &st), NULL, &rec, &st), 0);
        assert_non_null(strstr(rec.data, cases[k].record));
        assert_non_null(strstr(rec.data, re));
        lx_buf_free(&rec);
    }
}

typedef struct seen {
    size_t n[16];
    int count, states;
} seen;

static void on_event(void *ctx, const svc_event *e)
{
    seen *s = ctx;
    if (e->state_only)
        s->states++;
    else if (s->count < 16)
        s->n[s->count++] = e->n;
}

static void watchers(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    int64_t board = hex_game(w, "alice", "bob");
    assert_string_equal(play(w, "alice", board, "a1", 0, NULL), "");
    assert_string_equal(play(w, "bob", board, "c3", 0, NULL), "");
    seen from0 = {{0}, 0, 0}, fresh = {{0}, 0, 0};
    svc_watch a = {on_event, &from0, 0, 0, 1, NULL, 0}, b = {on_event, &fresh, 0, 0, 0, NULL, 0};
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_watch_add(w->s, board, &a, 0, &st), 0);      /* catches up at once */
    assert_int_equal(svc_watch_add(w->s, board, &b, (size_t)-1, &st), 0); /* from now on */
    assert_int_equal(from0.count, 2);
    assert_int_equal(fresh.count, 0);
    svc_played p = {0};
    svc_status_init(&st);
    assert_int_equal(svc_play(w->s, "alice", board, G_HEX, "b2", 0, &p, &st), 0);
    svc_played_free(&p);
    assert_int_equal(from0.count, 2); /* not before its commit */
    wait_commit(w, st.wait_seq);
    assert_int_equal(from0.count, 3);
    assert_int_equal(fresh.count, 1);
    assert_int_equal(from0.n[0] * 100 + from0.n[1] * 10 + from0.n[2], 123);
    assert_int_equal(fresh.n[0], 3);
    svc_watch_remove(w->s, &a);
    assert_string_equal(play(w, "bob", board, "c2", 0, NULL), "");
    assert_int_equal(from0.count, 3);
    assert_int_equal(fresh.count, 2);
    svc_status_init(&st);
    assert_int_equal(svc_watch_add(w->s, 999, &a, 0, &st), -1);
    assert_string_equal(st.code, "NO_SUCH_BOARD");
    svc_watch_remove(w->s, &b);
}

/* The game's history as one text ("N COLOUR MOVE" lines) and its record, as a door shows them. */
static void game_texts(world *w, int64_t board, lx_buf *history, lx_buf *record)
{
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = svc_game(w->s, board, G_NONE, &st);
    assert_non_null(sg);
    svc_game_info info;
    svc_game_describe(sg, &info);
    lx_buf move = LX_BUF_INIT;
    char colour[8], line[128];
    int seat;
    for (size_t i = 0; i < info.nmoves; i++) {
        lx_buf_clear(&move);
        assert_int_equal(svc_game_move(sg, i, -1, colour, &seat, &move), 0);
        snprintf(line, sizeof line, "%zu %s %s %s\n", i + 1, colour, move.data, info.player[seat]);
        lx_buf_append(history, line, strlen(line));
    }
    snprintf(line, sizeof line, "result %s to move %d\n", info.result, info.to_move);
    lx_buf_append(history, line, strlen(line));
    assert_int_equal(svc_game_record(sg, NULL, record, &st), 0);
    lx_buf_free(&move);
}

static uint64_t game_version(world *w, int64_t board)
{
    svc_status st;
    svc_status_init(&st);
    svc_game_info info;
    svc_game_describe(svc_game(w->s, board, G_NONE, &st), &info);
    return info.version;
}

/* A game's conditional moves count in the games cache's estimate of its bytes (game_cache.c),
 * from when they are set to when they are cleared. */
static void conditional_lines_count_in_the_cache(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    char *opts[] = {"-size=11", "-noswap"};
    int64_t board = 0;
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, "alice", G_HEX, "alice", "bob", 2, opts, &board, &st), 0);
    wait_commit(w, st.wait_seq);
    assert_string_equal(play(w, "alice", board, "a1", 0, NULL), "");
    svc_cache_stats before, set, cleared;
    svc_status_init(&st);
    assert_non_null(svc_game(w->s, board, G_NONE, &st)); /* a use counts the game's bytes again */
    svc_cache_stats_get(w->s, &before);
    lx_buf lines = LX_BUF_INIT, out = LX_BUF_INIT;
    for (char c = 'b'; c <= 'k'; c++) /* ten lines, each down a column: b1 b2 ... b10 */
        for (int r = 1; r <= 10; r++)
            lx_buf_printf(&lines, "%c%d%s", c, r, r < 10 ? " " : "\n");
    size_t from = 0;
    svc_status_init(&st);
    assert_int_equal(svc_conditional_set(w->s, "alice", board, G_HEX, lines.data, 1, &out, &from, &st), 0);
    wait_commit(w, st.wait_seq);
    svc_cache_stats_get(w->s, &set);
    assert_true(set.bytes >= before.bytes + lines.len);
    svc_status_init(&st);
    assert_int_equal(svc_conditional_set(w->s, "alice", board, G_HEX, "", 1, &out, &from, &st), 0);
    wait_commit(w, st.wait_seq);
    svc_cache_stats_get(w->s, &cleared);
    assert_int_equal(cleared.bytes, before.bytes);
    lx_buf_free(&lines);
    lx_buf_free(&out);
}

/* The games held are a cache of the store: a game dropped for the budget is read again on its
 * next use and answers exactly as before (history, record, a move, a watcher's moves); a
 * watched game is never dropped. */
static void evicted_games_answer_as_before(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    int64_t over = hex_game(w, "alice", "bob"), going = hex_game(w, "alice", "bob");
    const char *moves[] = {"a1", "c3", "b2", "c2"};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(play(w, i % 2 ? "bob" : "alice", over, moves[i], 0, NULL), "");
        assert_string_equal(play(w, i % 2 ? "bob" : "alice", going, moves[i], 0, NULL), "");
    }
    assert_string_equal(play(w, "alice", over, "resign", 0, NULL), "");
    lx_buf h0 = LX_BUF_INIT, r0 = LX_BUF_INIT, h1 = LX_BUF_INIT, r1 = LX_BUF_INIT;
    game_texts(w, over, &h0, &r0);
    uint64_t version = game_version(w, over);
    svc_cache_stats cs;
    svc_cache_stats_get(w->s, &cs);
    assert_int_equal(cs.held, 2);
    assert_true(cs.bytes > 0 && cs.evictions == 0);
    svc_cache_budget(w->s, 0); /* nothing pins either game: both go */
    svc_cache_stats_get(w->s, &cs);
    assert_int_equal(cs.held, 0);
    assert_int_equal(cs.bytes, 0);
    assert_int_equal(cs.evictions, 2);
    unsigned long misses = cs.misses;
    game_texts(w, over, &h1, &r1); /* read again from the store */
    assert_string_equal(h1.data, h0.data);
    assert_string_equal(r1.data, r0.data);
    assert_true(game_version(w, over) > version); /* a door's cache never takes it for the old one */
    svc_cache_stats_get(w->s, &cs);
    assert_int_equal(cs.misses, misses + 1);
    assert_int_equal(cs.held, 1);
    seen from0 = {{0}, 0, 0};
    svc_watch a = {on_event, &from0, 0, 0, 0, NULL, 0};
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_watch_add(w->s, going, &a, 0, &st), 0); /* going read again, then watched */
    assert_int_equal(from0.count, 4);
    svc_cache_budget(w->s, 0);
    svc_cache_stats_get(w->s, &cs);
    assert_int_equal(cs.held, 1); /* the watched game stays */
    assert_int_equal(cs.evictions, 3);
    assert_string_equal(play(w, "alice", going, "a2", 4, NULL), "WRONG_MOVE_NUMBER");
    assert_string_equal(play(w, "alice", going, "a2", 5, NULL), "");
    assert_int_equal(from0.count, 5);
    assert_int_equal(from0.n[4], 5);
    svc_watch_remove(w->s, &a);
    svc_cache_budget(w->s, 0);
    svc_cache_stats_get(w->s, &cs);
    assert_int_equal(cs.held, 0);
    assert_string_equal(play(w, "alice", going, "b1", 0, NULL), "NOT_YOUR_TURN"); /* read again: bob's turn */
    assert_string_equal(play(w, "bob", going, "b1", 6, NULL), "");
    /* a watcher coming back after move 2 (a stream's Last-Event-ID) to a game dropped meanwhile:
     * read again, it gets every move after 2 once, then the next as it commits */
    svc_cache_budget(w->s, 0);
    seen from2 = {{0}, 0, 0};
    svc_watch b = {on_event, &from2, 0, 0, 0, NULL, 0};
    assert_int_equal(svc_watch_add(w->s, going, &b, 2, &st), 0);
    assert_int_equal(from2.count, 4);
    assert_true(from2.n[0] == 3 && from2.n[3] == 6);
    assert_string_equal(play(w, "alice", going, "a3", 7, NULL), "");
    assert_int_equal(from2.count, 5);
    assert_int_equal(from2.n[4], 7);
    svc_watch_remove(w->s, &b);
    lx_buf_clear(&h1);
    lx_buf_clear(&r1);
    svc_cache_budget(w->s, 0);
    game_texts(w, going, &h1, &r1);
    assert_non_null(strstr(h1.data, "6 W b1 bob\n"));
    assert_non_null(strstr(h1.data, "7 B a3 alice\n"));
    lx_buf_free(&h0);
    lx_buf_free(&r0);
    lx_buf_free(&h1);
    lx_buf_free(&r1);
}

static void crossword_rack_stays_private(void **state)
{
    world *w = *state;
    signup(w, "alice");
    signup(w, "bob");
    char *opts[] = {"-nostrict"};
    int64_t board;
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_challenge(w->s, "bob", G_CROSSWORD, "alice", "bob", 1, opts, &board, &st), 0);
    wait_commit(w, st.wait_seq);
    srv_game *sg = svc_game(w->s, board, G_NONE, &st);
    lx_buf r0 = LX_BUF_INIT, r1 = LX_BUF_INIT, svg = LX_BUF_INIT, text = LX_BUF_INIT;
    assert_int_equal(svc_game_rack(sg, 0, &r0), 0);
    assert_int_equal(svc_game_rack(sg, 1, &r1), 0);
    assert_int_equal(svc_game_rack(sg, -1, &text), 1);
    assert_int_equal(r0.len, 7);
    assert_int_equal(r1.len, 7);
    assert_int_equal(svc_game_svg(sg, -1, &svg), 0);
    assert_null(strstr(svg.data, r0.data));
    assert_null(strstr(svg.data, r1.data));
    assert_int_equal(svc_game_draw(sg, 1, 2, &text), 0);
    assert_non_null(strstr(text.data, r1.data));
    assert_null(strstr(text.data, r0.data));
    lx_buf_free(&r0);
    lx_buf_free(&r1);
    lx_buf_free(&svg);
    lx_buf_free(&text);
}

/* The users and rating rows held are caches of the store too: dropped for the budget, each is
 * read again on its next use and answers exactly as before (a login, a rating, a display size, a
 * move, a game's end that rates both players); a user present or with a change not yet committed
 * is never dropped. */
static void cache_counts(world *w, int which, size_t *held, unsigned long *misses, unsigned long *evictions)
{
    svc_cache_stats cs;
    svc_cache_stats_of(w->s, which, &cs);
    *held = cs.held;
    *misses = cs.misses;
    *evictions = cs.evictions;
    assert_true(cs.held == 0 ? cs.bytes == 0 : cs.bytes > 0);
}

static void same_rating(const svc_rating *a, const svc_rating *b)
{
    assert_string_equal(a->user, b->user);
    assert_string_equal(a->cls, b->cls);
    assert_true(a->r == b->r && a->rd == b->rd && a->sigma == b->sigma);
    assert_int_equal(a->games, b->games);
}

static void evicted_users_answer_as_before(void **state)
{
    world *w = *state;
    size_t held;
    unsigned long misses, evictions, rmisses;
    signup(w, "alice");
    signup(w, "bob");
    svc_status st;
    svc_status_init(&st);
    assert_int_equal(svc_set_display(w->s, "alice", 3, &st), 0);
    wait_commit(w, st.wait_seq);
    int64_t first = hex_game(w, "alice", "bob");
    assert_string_equal(play(w, "alice", first, "a1", 0, NULL), "");
    assert_string_equal(play(w, "bob", first, "resign", 0, NULL), "");
    svc_rating a0, b0, a1, b1;
    assert_int_equal(svc_rating_of(w->s, "alice", "hex-small", &a0), 0);
    assert_int_equal(svc_rating_of(w->s, "bob", "hex-small", &b0), 0);
    assert_true(a0.games == 1 && a0.r > 1500 && b0.r < 1500);
    cache_counts(w, SVC_CACHE_USERS, &held, &misses, &evictions);
    assert_int_equal(held, 2);
    cache_counts(w, SVC_CACHE_RATINGS, &held, &rmisses, &evictions);
    assert_int_equal(held, 2);

    svc_cache_budget(w->s, 0); /* nothing pins them: every user and rating row goes */
    cache_counts(w, SVC_CACHE_USERS, &held, &misses, &evictions);
    assert_int_equal(held, 0);
    assert_int_equal(evictions, 2);
    cache_counts(w, SVC_CACHE_RATINGS, &held, &rmisses, &evictions);
    assert_int_equal(held, 0);
    assert_int_equal(evictions, 2);
    assert_int_equal(svc_rating_of(w->s, "alice", "hex-small", &a1), 0); /* read again from the store */
    same_rating(&a1, &a0);
    cache_counts(w, SVC_CACHE_RATINGS, &held, &evictions, &evictions);
    assert_int_equal(held, 1);
    assert_int_equal(svc_user_display(w->s, "alice"), 3);
    cache_counts(w, SVC_CACHE_USERS, &held, &evictions, &evictions);
    assert_int_equal(held, 1);
    assert_true(evictions == 2);
    svc_cache_budget(w->s, 0);
    assert_null(login(w, "alice", "secret-pw", "10.0.0.9")); /* hashed against the hash read again */
    svc_cache_budget(w->s, 0);
    assert_string_equal(login(w, "alice", "wrong-pw", "10.0.0.9"), "BAD_PASSWORD");
    svc_cache_budget(w->s, 0);
    assert_null(login(w, "alice", "secret-pw", "10.0.0.9")); /* the credential cached: the same answer */

    /* a second game, its players dropped before each move: its end rates both from the store's rows */
    int64_t second = hex_game(w, "alice", "bob");
    svc_cache_budget(w->s, 0);
    assert_string_equal(play(w, "alice", second, "b2", 0, NULL), "");
    svc_cache_budget(w->s, 0);
    assert_string_equal(play(w, "bob", second, "a1", 0, NULL), "");
    svc_cache_budget(w->s, 0);
    assert_string_equal(play(w, "alice", second, "resign", 0, NULL), "");
    assert_int_equal(svc_rating_of(w->s, "alice", "hex-small", &a1), 0);
    assert_int_equal(svc_rating_of(w->s, "bob", "hex-small", &b1), 0);
    assert_true(a1.games == 2 && b1.games == 2 && a1.r < a0.r && b1.r > b0.r);
    svc_cache_budget(w->s, 0); /* committed: the store's rows are these */
    svc_rating a2, b2;
    assert_int_equal(svc_rating_of(w->s, "alice", "hex-small", &a2), 0);
    assert_int_equal(svc_rating_of(w->s, "bob", "hex-small", &b2), 0);
    same_rating(&a2, &a1);
    same_rating(&b2, &b1);

    /* pinned: a user present, a user whose change has not committed yet */
    svc_cache_budget(w->s, 0);
    svc_presence_add(w->s, "bob");
    svc_status_init(&st);
    assert_int_equal(svc_set_display(w->s, "alice", 1, &st), 0);
    svc_cache_budget(w->s, 0);
    cache_counts(w, SVC_CACHE_USERS, &held, &misses, &evictions);
    assert_int_equal(held, 2);
    assert_int_equal(svc_user_present(w->s, "bob"), 1);
    wait_commit(w, st.wait_seq);
    svc_cache_budget(w->s, 0);
    cache_counts(w, SVC_CACHE_USERS, &held, &misses, &evictions);
    assert_int_equal(held, 1); /* bob, present */
    assert_int_equal(svc_user_display(w->s, "alice"), 1);
    svc_presence_remove(w->s, "bob");
    svc_cache_budget(w->s, 0);
    assert_int_equal(svc_user_present(w->s, "bob"), 0);
    cache_counts(w, SVC_CACHE_USERS, &held, &misses, &evictions);
    assert_int_equal(held, 0);
    lx_buf text = LX_BUF_INIT;
    assert_int_equal(svc_cache_stats_text(w->s, &text), 0);
    assert_non_null(strstr(text.data, "cache users held 0 bytes 0 budget 0 hits "));
    assert_non_null(strstr(text.data, "\ncache ratings held 0 bytes 0 budget 0 hits "));
    lx_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(accounts, setup, teardown),
        cmocka_unit_test_setup_teardown(password_rules, setup, teardown),
        cmocka_unit_test_setup_teardown(login_says_nothing_of_accounts, setup, teardown),
        cmocka_unit_test_setup_teardown(limit_stops_the_right_password, setup, teardown),
        cmocka_unit_test_setup_teardown(the_user_limit_spares_a_proved_address, setup, teardown),
        cmocka_unit_test_setup_teardown(sessions, setup, teardown),
        cmocka_unit_test_setup_teardown(challenge_and_play, setup, teardown),
        cmocka_unit_test_setup_teardown(games_without_the_swap, setup, teardown),
        cmocka_unit_test_setup_teardown(a_swap_exchanges_the_colours, setup, teardown),
        cmocka_unit_test_setup_teardown(watchers, setup, teardown),
        cmocka_unit_test_setup_teardown(crossword_rack_stays_private, setup, teardown),
        cmocka_unit_test_setup_teardown(evicted_games_answer_as_before, setup, teardown),
        cmocka_unit_test_setup_teardown(conditional_lines_count_in_the_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(evicted_users_answer_as_before, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* twixt_bench.c - how fast ludex plays and replays Twixt.
 *
 *   cc -O2 -Iinclude bench/twixt_bench.c build/libludex.a -o build/twixt_bench
 *   build/twixt_bench [SECONDS]
 *
 * Prints, one figure per line:
 *   - random playouts per second on an empty 24x24 board under STD rules:
 *     random legal pegs for alternate sides, each autolinked, the win checked
 *     after every move, until a win or until the side to move has no hole
 *     (lx_twixt_playout_run) - the target is at least 50,000;
 *   - SGF read + replay, in games per second, over a collection of 10,000
 *     generated games held in memory as one SGF text: reading every tree
 *     (lx_sgf_reader_next) and replaying it under the rules (lx_replay_tree,
 *     every move checked and applied, the result decided at the end) - the
 *     target is at least 20,000.  The games are random games of realistic
 *     length: 20 to 100 moves of random legal pegs from a playout, about one
 *     turn in twelve a long move (a removal and the same link added back
 *     before the peg), ended by a resignation, or earlier by a win.
 * Each figure runs for SECONDS (default 1) of CPU time on one core.  The
 * average game length and the share of White wins are printed beside the
 * figures as a sanity check.
 *
 *   build/twixt_bench --write FILE GAMES
 *
 * writes such a collection of GAMES games to FILE instead (the same games
 * for the same GAMES, a fixed seed): `make bench` times `ludex check` on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludex/ludex.h"
#include "ludex/twixt.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: fair on a busy machine */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void bench_playouts(double seconds)
{
    lx_twixt_playout *p = lx_twixt_playout_new(24, 24, LX_TWIXT_STD);
    uint64_t rng = 0x2545F4914F6CDD1Dull;
    long games = 0, white = 0, none = 0, moves = 0;
    double start = now(), elapsed;
    do {
        for (int i = 0; i < 1000; i++) {
            int m = 0;
            lx_colour w = lx_twixt_playout_run(p, &rng, &m);
            white += w == LX_WHITE;
            none += w == LX_NO_COLOUR;
            moves += m;
        }
        games += 1000;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("twixt 24x24 STD playouts/s, win checked after every move: %10.0f  (target 50000; average %.1f pegs, "
           "White wins %.3f, no winner %.3f)\n",
           games / elapsed, (double)moves / games, (double)white / games, (double)none / games);
    lx_twixt_playout_free(p);
}

/* ---- the collection ------------------------------------------------------------------------ */

static uint32_t below(uint64_t *s, uint32_t n)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)((*s >> 11) % n);
}

/* One game: a playout's pegs, cut at a random length; now and then a long move
 * that removes one of the mover's links and adds it back before its peg. */
static long write_game(lx_buf *out, lx_twixt_playout *p, uint64_t *rng, long index)
{
    int moves = 0;
    lx_colour won = lx_twixt_playout_run(p, rng, &moves);
    int length = 20 + (int)below(rng, 81);
    if (length > moves)
        length = moves;
    else
        won = LX_NO_COLOUR;
    lx_twixt_board *b = lx_twixt_board_new(24, 24, LX_TWIXT_STD);
    lx_game_error err;
    lx_game_error_init(&err);
    lx_buf_printf(out, "(;FF[4]GM[21]SZ[24]RU[STD]PW[white %ld]PB[black %ld]\n", index, index);
    for (int i = 0; i < length; i++) {
        lx_colour who = i % 2 ? LX_BLACK : LX_WHITE;
        lx_twixt_move m = {.kind = LX_TWIXT_PEG};
        lx_twixt_playout_move(p, i, &m.at);
        char name[16], centre[32];
        lx_twixt_format_move(&m, name, sizeof name);
        lx_twixt_link own[4];
        lx_buf_printf(out, ";%c", who == LX_WHITE ? 'W' : 'B');
        if (below(rng, 12) == 0 && lx_twixt_links(b, who, own, 4) > 0) {
            lx_twixt_link k = own[0];
            lx_twixt_move rm = {.kind = LX_TWIXT_REMOVE, .cx2 = k.a.col + k.b.col, .cy2 = k.a.row + k.b.row};
            lx_twixt_point left = k.a.col < k.b.col ? k.a : k.b, right = k.a.col < k.b.col ? k.b : k.a;
            lx_twixt_move add = rm;
            add.kind = LX_TWIXT_ADD;
            add.slope = left.row > right.row ? 1 : -1;
            lx_twixt_format_move(&rm, centre, sizeof centre);
            lx_buf_printf(out, "[%s]", centre);
            lx_twixt_format_move(&add, centre, sizeof centre);
            lx_buf_printf(out, "[%s%s]", centre[0] == '\\' ? "\\" : "", centre);
            lx_twixt_play(b, who, &rm, &err);
            lx_twixt_play(b, who, &add, &err);
        }
        lx_buf_printf(out, "[%s]", name);
        lx_twixt_play(b, who, &m, &err);
        if (i % 10 == 9)
            lx_buf_append_char(out, '\n');
    }
    if (won == LX_NO_COLOUR)
        lx_buf_printf(out, ";%c[resign]", length % 2 ? 'B' : 'W');
    lx_buf_append_str(out, ")\n");
    lx_game_error_free(&err);
    lx_twixt_board_free(b);
    return length;
}

typedef struct tally {
    long moves, results;
} tally;

static int on_move(void *ctx, const lx_replay_event *ev)
{
    (void)ev;
    ((tally *)ctx)->moves++;
    return 0;
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    (void)game;
    (void)pos;
    ((tally *)ctx)->results += res->over;
}

/* `games` generated games as one SGF text; the moves they hold. */
static long make_collection(lx_buf *text, long games)
{
    lx_twixt_playout *p = lx_twixt_playout_new(24, 24, LX_TWIXT_STD);
    uint64_t rng = 88172645463325252ull;
    long generated = 0;
    for (long i = 0; i < games; i++)
        generated += write_game(text, p, &rng, i);
    lx_twixt_playout_free(p);
    return generated;
}

static int write_collection(const char *path, long games)
{
    lx_buf text = LX_BUF_INIT;
    long moves = make_collection(&text, games);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(text.data, 1, text.len, f) == text.len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok)
        printf("%s: %ld games, %ld moves, %zu bytes\n", path, games, moves, text.len);
    else
        perror(path);
    lx_buf_free(&text);
    return ok ? 0 : 2;
}

static void bench_replay(double seconds)
{
    enum { GAMES = 10000 };
    lx_buf text = LX_BUF_INIT;
    long generated = make_collection(&text, GAMES);
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_doc *doc = lx_sgf_doc_new(text.data, text.len, 1, NULL, diags);
    long games = 0, rounds = 0;
    tally t = {0, 0};
    lx_replay_hooks hooks = {&t, on_move, NULL, on_end};
    double start = now(), elapsed;
    do {
        lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
        lx_sgf_tree *tree = NULL;
        long index = 0;
        while (lx_sgf_reader_next(r, &tree) > 0)
            lx_replay_tree(tree, (size_t)index++, &lx_twixt_module, NULL, &hooks, diags);
        games += index;
        rounds++;
        lx_sgf_tree_free(tree);
        lx_sgf_reader_free(r);
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("twixt SGF read + replay, games/s (10,000 generated games):   %10.0f  (target 20000; %.1f moves a game, "
           "%.1f MB of SGF, %.2f M moves/s, %zu diagnostics)\n",
           games / elapsed, (double)generated / GAMES, text.len / 1e6, t.moves / elapsed / 1e6,
           lx_diag_count(diags) / (size_t)rounds);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    lx_buf_free(&text);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--write") == 0)
        return write_collection(argv[2], atol(argv[3]));
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (seconds <= 0)
        seconds = 1.0;
    bench_playouts(seconds);
    bench_replay(seconds);
    return 0;
}

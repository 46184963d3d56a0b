/* magpie_moves.c - MAGPIE's move generator on the positions of bench/xword_moves.c,
 * for bench/run's `xword-moves` section to set beside ludex's figures.
 *
 *   magpie_moves --data DIR --lexicon NAME [--seconds S] [--wmp 0|1] [--rit 0|1]
 *                [--best FILE] POSITIONS.cgp
 *
 * Built by bench/run against a MAGPIE tree that MAGPIE=DIR names (github
 * jvc56/MAGPIE, built there with `make magpie BUILD=release`; never part of
 * this project): it links that tree's objects and calls its public
 * generate_moves.  DIR/data (given by --data) holds the lexicon's KWG, word
 * map (WMP) and leaves (KLV2) and the English letter distribution and
 * board, all made by bench/run from ludex's own data (the wamerican word
 * list, the built-in leave estimate of every leave), so both generators
 * search the same words with the same leaves.  Each CGP line is loaded into
 * a game first; then, like xword_moves, every play (MOVE_RECORD_ALL) and
 * the best play (MOVE_RECORD_BEST) position after position for S seconds
 * of this process's CPU time.  Prints positions=, all_per_s=, best_per_s=.
 * --best FILE writes each position's best play to FILE, one a line, as
 * bench/xword_moves.c's --best does ("place ROW COL DOWN TILES SCORE",
 * "exchange TILES" or "pass"), so that bench/run can check that both
 * generators chose the same play.  --rit 1 also loads the lexicon's rack
 * info table (NAME.rit, made by `magpie convert klvwmp2rit`; off by
 * default in MAGPIE and here). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ent/equity.h"
#include "ent/game.h"
#include "ent/move.h"
#include "impl/cgp.h"
#include "impl/config.h"
#include "impl/move_gen.h"
#include "util/io_util.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int command(Config *config, const char *cmd)
{
    ErrorStack *es = error_stack_create();
    config_load_command(config, cmd, es);
    if (error_stack_is_empty(es))
        config_execute_command(config, es);
    int ok = error_stack_is_empty(es);
    if (!ok) {
        fprintf(stderr, "magpie_moves: MAGPIE refused: %s\n", cmd);
        error_stack_print_and_reset(es);
    }
    error_stack_destroy(es);
    return ok ? 0 : -1;
}

/* Every position of the file as a game of its own. */
static Game **load_games(Config *config, const char *path, size_t *n)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    Game **games = NULL;
    size_t cap = 0;
    *n = 0;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        char cmd[4200];
        snprintf(cmd, sizeof cmd, "cgp %s", line);
        if (command(config, cmd) != 0)
            continue;
        if (*n == cap)
            games = realloc(games, (cap = cap ? 2 * cap : 256) * sizeof *games);
        games[(*n)++] = game_duplicate(config_get_game(config));
    }
    if (f)
        fclose(f);
    return games;
}

static MoveGenArgs gen_args(Game *game, move_record_t record, MoveList *ml)
{
    return (MoveGenArgs){
        .game = game,
        .move_record_type = record,
        .move_sort_type = MOVE_SORT_EQUITY,
        .override_kwg = NULL,
        .eq_margin_movegen = 0,
        .target_equity = EQUITY_MAX_VALUE,
        .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE,
        .move_list = ml,
    };
}

/* Each position's best play, one a line (see --best above). */
static int write_best(const char *path, Game **games, size_t n, MoveList *ml)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (size_t i = 0; i < n; i++) {
        MoveGenArgs args = gen_args(games[i], MOVE_RECORD_BEST, ml);
        generate_moves(&args);
        const Move *m = move_list_get_move(ml, 0);
        if (move_get_type(m) == GAME_EVENT_TILE_PLACEMENT_MOVE) {
            fprintf(f, "place %d %d %d %d %d\n", move_get_row_start(m), move_get_col_start(m),
                    move_get_dir(m) == BOARD_VERTICAL_DIRECTION, move_get_tiles_played(m),
                    equity_to_int(move_get_score(m)));
        } else if (move_get_type(m) == GAME_EVENT_EXCHANGE) {
            fprintf(f, "exchange %d\n", move_get_tiles_played(m));
        } else {
            fprintf(f, "pass\n");
        }
    }
    return fclose(f);
}

static double rate(Game **games, size_t n, move_record_t record, MoveList *ml, double seconds)
{
    size_t done = 0;
    double t0 = now(), t;
    do {
        MoveGenArgs args = gen_args(games[done++ % n], record, ml);
        generate_moves(&args);
    } while ((t = now() - t0) < seconds || done < n);
    return (double)done / t;
}

int main(int argc, char **argv)
{
    const char *data = NULL, *lexicon = NULL, *cgp = NULL, *best_path = NULL;
    double seconds = 2;
    int wmp = 1, rit = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--data") == 0 && i + 1 < argc)
            data = argv[++i];
        else if (strcmp(argv[i], "--lexicon") == 0 && i + 1 < argc)
            lexicon = argv[++i];
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--wmp") == 0 && i + 1 < argc)
            wmp = atoi(argv[++i]);
        else if (strcmp(argv[i], "--rit") == 0 && i + 1 < argc)
            rit = atoi(argv[++i]);
        else if (strcmp(argv[i], "--best") == 0 && i + 1 < argc)
            best_path = argv[++i];
        else
            cgp = argv[i];
    }
    if (!data || !lexicon || !cgp) {
        fprintf(stderr, "usage: magpie_moves --data DIR --lexicon NAME [--seconds S] [--wmp 0|1] [--rit 0|1] [--best FILE] POSITIONS.cgp\n");
        return 2;
    }
    ErrorStack *es = error_stack_create();
    ConfigArgs args = {.data_paths = data, .settings_filename = "/dev/null", .use_wmp = wmp != 0};
    Config *config = config_create(&args, es);
    if (!error_stack_is_empty(es)) {
        error_stack_print_and_reset(es);
        return 2;
    }
    error_stack_destroy(es);
    char set[512];
    snprintf(set, sizeof set, "set -threads 1 -savesettings false -ld english -lex %s -leaves %s -wmp %s -rit %s",
             lexicon, lexicon, wmp ? "true" : "false", rit ? "true" : "false");
    if (command(config, set) != 0)
        return 2;
    size_t n;
    Game **games = load_games(config, cgp, &n);
    if (n == 0) {
        fprintf(stderr, "magpie_moves: no positions in %s\n", cgp);
        return 2;
    }
    MoveList *all = move_list_create(20000), *best = move_list_create(1);
    if (best_path && write_best(best_path, games, n, best) != 0) {
        fprintf(stderr, "magpie_moves: cannot write %s\n", best_path);
        return 2;
    }
    printf("positions=%zu\n", n);
    printf("all_per_s=%.0f\n", rate(games, n, MOVE_RECORD_ALL, all, seconds));
    printf("best_per_s=%.0f\n", rate(games, n, MOVE_RECORD_BEST, best, seconds));
    move_list_destroy(all);
    move_list_destroy(best);
    for (size_t i = 0; i < n; i++)
        game_destroy(games[i]);
    free(games);
    config_destroy(config);
    return 0;
}

/* engine.c - `ludex engine`: an engine spoken to in HTP (the Go Text Protocol's
 * Hex dialect) on standard input and output, for GUI programs and bots.
 *
 *   ludex engine GAME [--size N[xM]] [--rules R] [--seconds S] [--playouts N]
 *                     [--threads T] [--seed N] [--program PATH]
 *
 * This file only reads lines and writes the replies the library's session
 * (ludex/htp.h) makes; GAME is an engine kind of ludex/engine.h.  The
 * backgammon engine runs GNU Backgammon: --program, else the environment's
 * LUDEX_GNUBG, else gnubg on PATH or /usr/games/gnubg. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/engine_opts.h"

static void usage(FILE *f)
{
    fputs("Usage: ludex engine GAME [OPTIONS]\n"
          "Play GAME (hex, twixt, backgammon; hex-flat, twixt-flat) in HTP, the Go Text\n"
          "Protocol's Hex dialect, on standard input and output.\n"
          "  --size N[xM]    board size (Hex 11, Twixt 24 by default)\n"
          "  --rules R       Hex: swap or noswap (a game without the swap); Twixt: std or pp,\n"
          "                  either with ,noswap after it;\n"
          "                  Backgammon: SGF RU tokens (Jacoby, NoCube...)\n"
          "  --seconds S     time a move (default 1)\n"
          "  --playouts N    playouts a move (Hex, Twixt)\n"
          "  --threads T     search threads (default: one a core)\n"
          "  --seed N        a repeatable engine (with --threads 1 and --playouts)\n"
          "  --program PATH  the gnubg to run (default: $LUDEX_GNUBG, gnubg on PATH, /usr/games/gnubg)\n"
          "Commands: protocol_version name version known_command list_commands quit\n"
          "boardsize clear_board play genmove undo showboard final_score, and for\n"
          "Backgammon dice D1 D2 and match LENGTH BLACK WHITE [crawford].\n"
          "Exit status: 0 after quit or the end of input, 2 usage failure or no engine.\n",
          f);
}

int cli_engine(int argc, char **argv)
{
    cli_engine_opts eo;
    const char *game = NULL;
    cli_engine_opts_init(&eo);
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int is_opt;
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (game)
                return cli_usage_error(argv[0], "one GAME only ('%s' too)", arg);
            game = arg;
            continue;
        }
        if (cli_args_is(&a, arg, "--help", "-h"))
            return usage(stdout), CLI_OK;
        int r = cli_engine_option(&a, arg, &eo, 1);
        if (r < 0)
            return CLI_FAILURE;
        if (r == 0)
            return cli_usage_error(argv[0], "unknown option '%s'", arg);
    }
    if (!game)
        return cli_usage_error(argv[0], "which game? (hex, twixt or backgammon)");
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = cli_engine_start(&eo, game, &err);
    if (!e) {
        cli_error(argv[0], "%s", err.message.data ? err.message.data : "no engine");
        lx_game_error_free(&err);
        return CLI_FAILURE;
    }
    lx_htp *h = lx_htp_new(e);
    if (!h) {
        lx_engine_free(e);
        cli_error(argv[0], "out of memory");
        return CLI_FAILURE;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    lx_buf reply = LX_BUF_INIT;
    int status = CLI_OK, rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, stdin)) >= 0) {
        lx_buf_clear(&reply);
        rc = lx_htp_line(h, line, (size_t)n, &reply);
        if (rc < 0) {
            cli_error(argv[0], "out of memory");
            status = CLI_FAILURE;
        } else if (reply.len && cli_write_stdout(argv[0], reply.data, reply.len) != 0) {
            status = CLI_FAILURE;
            break;
        }
    }
    free(line);
    lx_buf_free(&reply);
    lx_htp_free(h);
    return status;
}

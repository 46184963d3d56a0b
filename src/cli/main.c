/* main.c - the `ludex` command: find the subcommand and run it.
 *
 * Each subcommand is a function in its own file (check.c, fmt.c, info.c,
 * replay.c) that takes the arguments from its own name on and returns the
 * exit status; this file only dispatches and answers --help and --version. */
#include <string.h>

#include "cli/cli.h"

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    {"check", cli_check, "check SGF files: syntax, FF[4] rules, and each game's rules"},
    {"fmt", cli_fmt, "write an SGF file in canonical form"},
    {"info", cli_info, "summarize the game information of each game in SGF files"},
    {"replay", cli_replay, "replay the main line of each game, one JSON record per move"},
    {"show", cli_show, "draw the position after any move, as text or SVG"},
    {"convert", cli_convert, "convert a record to another format"},
    {"analyze", cli_analyze, "judge each move of a finished record with an engine (gnubg, the search)"},
    {"engine", cli_engine, "play a game in HTP (the Go Text Protocol's Hex dialect) on stdin/stdout"},
    {"xword", cli_xword, "crossword games: score a play on a CGP position, build a lexicon"},
};
#define NSUBCOMMANDS (sizeof subcommands / sizeof subcommands[0])

static void print_usage(FILE *f)
{
    fputs("Usage: ludex COMMAND [OPTIONS] FILE...\n"
          "Read, check and rewrite game records: SGF for Twixt (GM[21]), Hex (GM[11])\n"
          "and Backgammon (GM[6]); crossword positions (CGP) and records (GCG): score\n"
          "a play, convert GCG to CGP, draw a position ('ludex xword', 'convert', 'show').\n\nCommands:\n",
          f);
    for (size_t i = 0; i < NSUBCOMMANDS; i++)
        fprintf(f, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fputs("\n'ludex COMMAND --help' tells more about one command; 'man ludex' about all.\n"
          "  --help     show this help\n"
          "  --version  show the version\n"
          "Exit status: 0 success, 1 the input has problems, 2 usage or I/O failure.\n",
          f);
}

static const subcommand *find_subcommand(const char *name)
{
    for (size_t i = 0; i < NSUBCOMMANDS; i++)
        if (strcmp(subcommands[i].name, name) == 0)
            return &subcommands[i];
    return NULL;
}

/* `ludex help [COMMAND]` */
static int help(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stdout);
        return CLI_OK;
    }
    const subcommand *sc = find_subcommand(argv[1]);
    if (!sc)
        return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
    char *args[] = {argv[1], (char *)"--help", NULL};
    return sc->run(2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return CLI_FAILURE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
        return print_usage(stdout), CLI_OK;
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("ludex %s\n", lx_version());
        return CLI_OK;
    }
    if (strcmp(cmd, "help") == 0)
        return help(argc - 1, argv + 1);
    const subcommand *sc = find_subcommand(cmd);
    if (!sc) {
        if (cmd[0] == '-')
            return cli_usage_error(NULL, "unknown option '%s'", cmd);
        return cli_usage_error(NULL, "unknown command '%s'", cmd);
    }
    return sc->run(argc - 1, argv + 1);
}

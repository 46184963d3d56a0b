/* engine_opts.h - the engine options `ludex engine` and `ludex analyze` share
 * (--size, --rules, --seconds, --playouts, --threads, --seed, --program) and
 * starting an engine with them. */
#ifndef LX_CLI_ENGINE_OPTS_H
#define LX_CLI_ENGINE_OPTS_H

#include "cli/cli.h"

typedef struct cli_engine_opts {
    int cols, rows;
    const char *rules;
    double seconds;
    long playouts;
    int threads;
    uint64_t seed;
    const char *program;
} cli_engine_opts;

void cli_engine_opts_init(cli_engine_opts *o);
/* The current option if it is one of these: 1 taken, 0 not one of them,
 * -1 a bad value (a usage error was printed). */
int cli_engine_option(cli_args *a, const char *arg, cli_engine_opts *o, int with_size);
/* An engine of `kind` with the options (the gnubg program from --program,
 * else $LUDEX_GNUBG).  NULL with `err`. */
lx_engine *cli_engine_start(const cli_engine_opts *o, const char *kind, lx_game_error *err);

#endif

/* engine_opts.c - the engine options of `ludex engine` and `ludex analyze`
 * (see engine_opts.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/engine_opts.h"

void cli_engine_opts_init(cli_engine_opts *o)
{
    memset(o, 0, sizeof *o);
}

static int bad(cli_args *a, const char *what, const char *v)
{
    cli_usage_error(a->cmd, "%s: '%s' is not a valid value", what, v);
    return -1;
}

static int read_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || end == v || *end || n < lo || n > hi)
        return -1;
    *out = n;
    return 0;
}

static int read_size(const char *v, int *cols, int *rows)
{
    long c, r;
    const char *x = strpbrk(v, "x:");
    char first[16];
    size_t n = x ? (size_t)(x - v) : strlen(v);
    if (n == 0 || n >= sizeof first)
        return -1;
    memcpy(first, v, n);
    first[n] = '\0';
    if (read_long(first, 1, 1000, &c) != 0 || (x && read_long(x + 1, 1, 1000, &r) != 0))
        return -1;
    *cols = (int)c;
    *rows = x ? (int)r : (int)c;
    return 0;
}

int cli_engine_option(cli_args *a, const char *arg, cli_engine_opts *o, int with_size)
{
    const char *v;
    int r;
    long n;
    if (with_size && (r = cli_args_value(a, arg, "--size", NULL, &v)) != 0)
        return r < 0 ? -1 : read_size(v, &o->cols, &o->rows) == 0 ? 1 : bad(a, "--size", v);
    if ((r = cli_args_value(a, arg, "--rules", NULL, &v)) != 0)
        return r < 0 ? -1 : (o->rules = v, 1);
    if ((r = cli_args_value(a, arg, "--program", NULL, &v)) != 0)
        return r < 0 ? -1 : (o->program = v, 1);
    if ((r = cli_args_value(a, arg, "--seconds", NULL, &v)) != 0) {
        if (r < 0)
            return -1;
        char *end;
        double s = strtod(v, &end);
        if (end == v || *end || !(s > 0 && s <= 86400))
            return bad(a, "--seconds", v);
        o->seconds = s;
        return 1;
    }
    if ((r = cli_args_value(a, arg, "--playouts", NULL, &v)) != 0)
        return r < 0 ? -1 : read_long(v, 1, 1000000000000L, &o->playouts) == 0 ? 1 : bad(a, "--playouts", v);
    if ((r = cli_args_value(a, arg, "--threads", NULL, &v)) != 0) {
        if (r < 0 || read_long(v, 1, 256, &n) != 0)
            return r < 0 ? -1 : bad(a, "--threads", v);
        o->threads = (int)n;
        return 1;
    }
    if ((r = cli_args_value(a, arg, "--seed", NULL, &v)) != 0) {
        if (r < 0)
            return -1;
        char *end;
        errno = 0;
        unsigned long long s = strtoull(v, &end, 10);
        if (errno || end == v || *end || v[0] == '-')
            return bad(a, "--seed", v);
        o->seed = (uint64_t)s;
        return 1;
    }
    return 0;
}

lx_engine *cli_engine_start(const cli_engine_opts *o, const char *kind, lx_game_error *err)
{
    lx_engine_options eo;
    lx_engine_options_init(&eo, kind);
    eo.cols = o->cols;
    eo.rows = o->rows;
    eo.rules = o->rules;
    eo.seconds = o->seconds;
    eo.playouts = o->playouts;
    eo.threads = o->threads;
    eo.seed = o->seed;
    eo.program = o->program ? o->program : getenv("LUDEX_GNUBG");
    return lx_engine_new(&eo, err);
}

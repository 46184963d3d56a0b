/* check.c - `ludex check`: read, check and replay SGF files, report every problem.
 *
 * The work is lx_check_document's; this file chooses the files, prints the
 * diagnostics (compiler style, or one JSON object per file as DESIGN.md's
 * contract says) and turns the counts into the exit status:
 *   0 no errors (warnings allowed unless --strict), 1 some file has errors
 *   (or warnings under --strict), 2 usage or I/O failure - the worst file wins.
 * A file that cannot be opened is reported on standard error only (no JSON
 * object is printed for it), and the other files are still checked.
 *
 * Several files are checked at once (-j N, default: one per core) and
 * printed in the order given (check_jobs.c), and one big SGF file is cut
 * into ranges of game trees checked on N threads (check_split.c); -r checks the record files
 * below directories (check_walk.c).  With more than one file, a total goes
 * to standard error at the end, and while they are checked a progress line
 * when standard error is a terminal (check_progress.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/check.h"
#include "cli/cli.h"

static const char usage[] =
    "Usage: ludex check [--json] [--strict] [--all-variations] [--encoding CS] [-r] [-j N] FILE...\n"
    "Read each SGF FILE ('-' for standard input), check its syntax and the FF[4]\n"
    "rules, replay its moves under the game's rules, and report every problem.\n"
    "\n"
    "  -r, --recursive   a FILE that is a directory means every .sgf, .gcg and .cgp\n"
    "                    file below it (sorted by name, depth first)\n"
    "  -j, --jobs N      check N files at once (default: one per core), or one SGF\n"
    "                    file over 1 MB on N threads; the output is the same, in\n"
    "                    the same order, whatever N is\n"
    "  --json            one JSON object per file and line:\n"
    "                    {\"file\":F,\"ok\":BOOL,\"games\":N,\"nodes\":N,\"moves\":N,\n"
    "                    \"unchecked\":N,\"diagnostics\":[{\"line\":L,\"col\":C,\n"
    "                    \"severity\":S,\"code\":CODE,\"message\":M},...]}\n"
    "  --strict          warnings count as errors\n"
    "  --all-variations  replay every variation, not only the main line\n"
    "  --encoding CS     read the files as charset CS (any name iconv knows),\n"
    "                    whatever their CA property says\n"
    "  --help            show this help\n"
    "\n"
    "Without --json: one line per diagnostic, FILE:LINE:COL: severity: message [CODE]\n"
    "(FILE: severity: ... when it concerns the whole file), then a summary per file;\n"
    "with several files a total on standard error at the end (not with --json), and a\n"
    "progress line there while they are checked when it is a terminal.\n"
    "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage or I/O failure.\n";

typedef struct check_opts {
    int json, strict, recursive, jobs;
    size_t split_min, split_chunk; /* one file bigger than split_min is cut into ranges of trees */
    lx_check_options check;
    lx_sgf_read_options read;
} check_opts;

/* One file's outcome, filled in by a worker, printed in its turn. */
typedef struct file_result {
    int error;   /* errno: the file could not be read */
    int oom;     /* out of memory while checking it */
    lx_check_summary s;
    lx_diag_list *diags;
    size_t bytes;
} file_result;

typedef struct check_run {
    const check_opts *o;
    check_items items;
    file_result *res;
    check_progress progress;
    int status;
} check_run;

static const char *plural(size_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static void print_summary(const char *name, const lx_check_summary *s, size_t errors, size_t warnings)
{
    printf("%s: %zu %s, %zu %s, %zu %s", name, s->games, plural(s->games, "game", "games"), errors,
           plural(errors, "error", "errors"), warnings, plural(warnings, "warning", "warnings"));
    if (s->unchecked > 0 && s->unchecked == s->games)
        printf("; rules not checked");
    else if (s->unchecked > 0)
        printf("; rules not checked for %zu of them", s->unchecked);
    putchar('\n');
}

static int print_json(const char *path, int ok, const lx_check_summary *s, const lx_diag_list *diags)
{
    json_t *o = json_object();
    if (!o)
        return -1;
    json_object_set_new(o, "file", cli_json_string(path));
    json_object_set_new(o, "ok", json_boolean(ok));
    json_object_set_new(o, "games", json_integer((json_int_t)s->games));
    json_object_set_new(o, "nodes", json_integer((json_int_t)s->nodes));
    json_object_set_new(o, "moves", json_integer((json_int_t)s->moves));
    json_object_set_new(o, "unchecked", json_integer((json_int_t)s->unchecked));
    json_object_set_new(o, "diagnostics", cli_json_diags(diags));
    return cli_json_print(o);
}

/* Check item i (a worker thread: nothing is printed here). */
static void check_work(void *ctx, size_t i)
{
    check_run *run = ctx;
    const check_item *it = &run->items.v[i];
    file_result *r = &run->res[i];
    cli_input in;
    r->error = it->error;
    if (r->error || cli_input_open_quiet(&in, it->path, &r->error) != 0)
        return;
    r->bytes = in.len;
    const check_opts *o = run->o;
    if (run->items.n == 1 && o->jobs > 1 && in.len > o->split_min && !cli_xword_file(it->path)) {
        r->oom = cli_check_split(in.bytes, in.len, &o->check, o->jobs, o->split_chunk, &r->s, &r->diags) != 0;
        cli_input_close(&in);
        return;
    }
    r->diags = lx_diag_list_new();
    r->oom = !r->diags || (cli_xword_file(it->path) ? cli_check_xword(&in, o->read.encoding, &r->s, r->diags)
                                                    : lx_check_document(in.bytes, in.len, &o->check, &r->s, r->diags)) != 0;
    cli_input_close(&in);
}

/* Print one checked file; its exit status. */
static int report_file(const char *path, const check_opts *o, const file_result *r, size_t *errors, size_t *warnings)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    int rc = 0;
    if (r->error) {
        cli_error("check", "%s: %s", name,
                  r->error == CHECK_NO_RECORDS ? "no .sgf, .gcg or .cgp file below this directory" : strerror(r->error));
        return CLI_FAILURE;
    }
    if (!r->oom) {
        *errors = cli_count(r->diags, LX_ERROR);
        *warnings = cli_count(r->diags, LX_WARNING) - *errors;
        int ok = *errors == 0 && !(o->strict && *warnings > 0);
        if (o->json) {
            rc = print_json(path, ok, &r->s, r->diags);
        } else {
            cli_print_diags(stdout, name, r->diags);
            print_summary(name, &r->s, *errors, *warnings);
        }
        if (rc == 0)
            return ok ? CLI_OK : CLI_PROBLEMS;
    }
    cli_error("check", "%s: out of memory", name);
    return CLI_FAILURE;
}

/* Print item i in its turn (the calling thread). */
static void check_deliver(void *ctx, size_t i)
{
    check_run *run = ctx;
    file_result *r = &run->res[i];
    size_t errors = 0, warnings = 0;
    check_progress_hide(&run->progress);
    int rc = report_file(run->items.v[i].path, run->o, r, &errors, &warnings);
    fflush(stdout);
    if (rc > run->status)
        run->status = rc;
    check_progress_add(&run->progress, r->error == 0, r->s.games, errors, warnings, r->error ? run->items.v[i].size : r->bytes);
    lx_diag_list_free(r->diags);
    r->diags = NULL;
}

static void check_tick(void *ctx)
{
    check_progress_show(&((check_run *)ctx)->progress);
}

static int check_files(const char **files, int nfiles, const check_opts *o)
{
    check_run run = {o, {0}, NULL, {0}, CLI_OK};
    if (check_items_collect(files, nfiles, o->recursive, &run.items) != 0 ||
        !(run.res = calloc(run.items.n ? run.items.n : 1, sizeof *run.res))) {
        check_items_free(&run.items);
        cli_error("check", "out of memory");
        return CLI_FAILURE;
    }
    size_t total = 0;
    for (size_t i = 0; i < run.items.n; i++)
        total += run.items.v[i].size;
    check_progress_start(&run.progress, run.items.n, total, run.items.n > 1);
    check_pool_spec spec = {run.items.n, o->jobs, check_work, check_deliver, check_tick, &run};
    check_pool_run(&spec);
    if (run.items.n > 1 && !o->json)
        check_progress_total(&run.progress);
    else
        check_progress_hide(&run.progress);
    free(run.res);
    check_items_free(&run.items);
    return run.status;
}

/* -j N: 1 to 1024 */
static int parse_jobs(const char *v, int *jobs)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || end == v || *end || n < 1 || n > 1024)
        return cli_usage_error("check", "-j needs a number of jobs from 1 to 1024, not '%s'", v);
    *jobs = (int)n;
    return 0;
}

static int parse_args(int argc, char **argv, check_opts *o, const char **files, int *nfiles)
{
    cli_args a;
    const char *arg, *jobs;
    int is_opt, got;
    cli_args_init(&a, argc, argv);
    *nfiles = 0;
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt)
            files[(*nfiles)++] = arg;
        else if (cli_args_is(&a, arg, "--help", "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (cli_args_is(&a, arg, "--json", NULL))
            o->json = 1;
        else if (cli_args_is(&a, arg, "--strict", NULL))
            o->strict = 1;
        else if (cli_args_is(&a, arg, "--all-variations", NULL))
            o->check.all_variations = 1;
        else if (cli_args_is(&a, arg, "--recursive", "-r"))
            o->recursive = 1;
        else if ((got = cli_args_value(&a, arg, "--jobs", "-j", &jobs)) != 0) {
            if (got < 0 || parse_jobs(jobs, &o->jobs) != 0)
                return CLI_FAILURE;
        } else if ((got = cli_args_value(&a, arg, "--encoding", NULL, &o->read.encoding)) != 0) {
            if (got < 0)
                return CLI_FAILURE;
        } else
            return cli_usage_error("check", "unknown option '%s'", arg);
    }
    if (*nfiles == 0)
        return cli_usage_error("check", "no FILE given");
    return cli_check_encoding("check", o->read.encoding);
}

static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

int cli_check(int argc, char **argv)
{
    check_opts o;
    memset(&o, 0, sizeof o);
    o.check.read = &o.read;
    o.jobs = cores();
    o.split_min = 1u << 20;
    /* for the tests: LUDEX_CHECK_SPLIT=BYTES cuts files above BYTES into ranges
     * of about BYTES (1: one tree each) */
    const char *split = getenv("LUDEX_CHECK_SPLIT");
    if (split && *split) {
        o.split_min = (size_t)strtoull(split, NULL, 10);
        o.split_chunk = o.split_min ? o.split_min : 1;
    }
    const char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0, status = files ? parse_args(argc, argv, &o, files, &nfiles) : CLI_FAILURE;
    if (!files)
        cli_error("check", "out of memory");
    else if (status < 0)
        status = CLI_OK; /* --help */
    else if (status == CLI_OK)
        status = check_files(files, nfiles, &o);
    if (fflush(stdout) != 0) {
        cli_error("check", "standard output: write failed");
        status = CLI_FAILURE;
    }
    free(files);
    return status;
}

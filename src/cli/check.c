/* check.c - `ludex check`: read, check and replay SGF files, report every problem.
 *
 * The work is lx_check_document's; this file chooses the files, prints the
 * diagnostics (compiler style, or one JSON object per file as DESIGN.md's
 * contract says) and turns the counts into the exit status:
 *   0 no errors (warnings allowed unless --strict), 1 some file has errors
 *   (or warnings under --strict), 2 usage or I/O failure - the worst file wins.
 * A file that cannot be opened is reported on standard error only (no JSON
 * object is printed for it), and the other files are still checked. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char usage[] =
    "Usage: ludex check [--json] [--strict] [--all-variations] [--encoding CS] FILE...\n"
    "Read each SGF FILE ('-' for standard input), check its syntax and the FF[4]\n"
    "rules, replay its moves under the game's rules, and report every problem.\n"
    "\n"
    "  --json            one JSON object per file and line:\n"
    "                    {\"file\":F,\"ok\":BOOL,\"games\":N,\"diagnostics\":[{\"line\":L,\n"
    "                    \"col\":C,\"severity\":S,\"code\":CODE,\"message\":M},...]}\n"
    "  --strict          warnings count as errors\n"
    "  --all-variations  replay every variation, not only the main line\n"
    "  --encoding CS     read the files as charset CS (any name iconv knows),\n"
    "                    whatever their CA property says\n"
    "  --help            show this help\n"
    "\n"
    "Without --json: one line per diagnostic, FILE:LINE:COL: severity: message [CODE]\n"
    "(FILE: severity: ... when it concerns the whole file), then a summary per file.\n"
    "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage or I/O failure.\n";

typedef struct check_opts {
    int json, strict;
    lx_check_options check;
    lx_sgf_read_options read;
} check_opts;

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
    json_object_set_new(o, "diagnostics", cli_json_diags(diags));
    return cli_json_print(o);
}

/* Check one file; its exit status. */
static int check_file(const char *path, const check_opts *o, lx_diag_list *diags)
{
    cli_input in;
    if (cli_input_open(&in, "check", path) != 0)
        return CLI_FAILURE;
    lx_check_summary s;
    lx_diag_list_clear(diags);
    int rc = cli_xword_file(path) ? cli_check_xword(&in, o->read.encoding, &s, diags)
                                  : lx_check_document(in.bytes, in.len, &o->check, &s, diags);
    if (rc == 0) {
        size_t errors = cli_count(diags, LX_ERROR), warnings = cli_count(diags, LX_WARNING) - errors;
        int ok = errors == 0 && !(o->strict && warnings > 0);
        if (o->json) {
            rc = print_json(path, ok, &s, diags);
        } else {
            cli_print_diags(stdout, in.name, diags);
            print_summary(in.name, &s, errors, warnings);
        }
        if (rc == 0)
            rc = ok ? CLI_OK : CLI_PROBLEMS;
    }
    if (rc < 0) {
        cli_error("check", "%s: out of memory", in.name);
        rc = CLI_FAILURE;
    }
    cli_input_close(&in);
    return rc;
}

static int parse_args(int argc, char **argv, check_opts *o, const char **files, int *nfiles)
{
    cli_args a;
    const char *arg;
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
        else if ((got = cli_args_value(&a, arg, "--encoding", NULL, &o->read.encoding)) != 0) {
            if (got < 0)
                return CLI_FAILURE;
        } else
            return cli_usage_error("check", "unknown option '%s'", arg);
    }
    if (*nfiles == 0)
        return cli_usage_error("check", "no FILE given");
    return cli_check_encoding("check", o->read.encoding);
}

int cli_check(int argc, char **argv)
{
    check_opts o;
    memset(&o, 0, sizeof o);
    o.check.read = &o.read;
    const char **files = calloc((size_t)argc, sizeof *files);
    lx_diag_list *diags = lx_diag_list_new();
    int nfiles = 0, status = (files && diags) ? parse_args(argc, argv, &o, files, &nfiles) : CLI_FAILURE;
    if (!files || !diags)
        cli_error("check", "out of memory");
    else if (status < 0)
        status = CLI_OK; /* --help */
    else if (status == CLI_OK) {
        for (int i = 0; i < nfiles; i++) {
            int rc = check_file(files[i], &o, diags);
            if (rc > status)
                status = rc;
        }
    }
    if (fflush(stdout) != 0) {
        cli_error("check", "standard output: write failed");
        status = CLI_FAILURE;
    }
    lx_diag_list_free(diags);
    free(files);
    return status;
}

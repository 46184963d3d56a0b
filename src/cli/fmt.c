/* fmt.c - `ludex fmt`: rewrite an SGF file in canonical form.
 *
 * Every game tree of the file is read and written again with
 * lx_sgf_write_tree (one style of escapes, line breaks and property order;
 * game-specific values in the game module's canonical form when this build
 * has the module).  The output is always UTF-8, and CA is made to say so
 * where it matters (see lx_sgf_mark_utf8).  Running fmt on its own output changes
 * nothing.
 *
 * The problems found while reading go to standard error; fmt repairs what the
 * reader repaired and says so, and exits 1 when there were errors.  It writes
 * nothing at all when the file could not be read (a fatal diagnostic) or held
 * no game tree, so `fmt -o` never replaces a file with an empty one.  The
 * rules are `ludex check`'s business, not fmt's. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char usage[] =
    "Usage: ludex fmt [-o OUT] [--drop-unknown] [--encoding CS] FILE\n"
    "Write SGF FILE ('-' for standard input) in canonical form: to standard\n"
    "output, or to OUT (through a temporary file and a rename, so OUT may be FILE).\n"
    "\n"
    "  -o, --output OUT  write to OUT instead of standard output\n"
    "  --drop-unknown    leave out properties that are neither FF[4] nor the game's\n"
    "  --encoding CS     read FILE as charset CS (any name iconv knows); the output\n"
    "                    is always UTF-8\n"
    "  --help            show this help\n"
    "\n"
    "Problems found while reading go to standard error.  Nothing is written when\n"
    "the file cannot be read or holds no game tree.\n"
    "Exit status: 0 read without errors, 1 errors (output still written when there\n"
    "was something to write), 2 usage or I/O failure.\n";

typedef struct fmt_opts {
    const char *file, *out;
    int drop_unknown;
    lx_sgf_read_options read;
} fmt_opts;

/* Report, then write when there is something to write; the exit status. */
static int finish(const cli_input *in, const fmt_opts *o, long trees, lx_diag_list *diags, const lx_buf *out)
{
    if (trees == 0)
        lx_diag_add(diags, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET,
                    "the file holds no SGF game tree (none starts with \"(;\"); nothing was written");
    cli_print_diags(stderr, in->name, diags);
    if (trees == 0 || cli_count(diags, LX_FATAL) > 0)
        return CLI_PROBLEMS;
    int rc = o->out ? cli_write_file("fmt", o->out, out->data, out->len)
                    : cli_write_stdout("fmt", out->data, out->len);
    if (rc != 0)
        return CLI_FAILURE;
    return cli_count(diags, LX_ERROR) > 0 ? CLI_PROBLEMS : CLI_OK;
}

static int format_file(const fmt_opts *o)
{
    cli_input in;
    if (cli_input_open(&in, "fmt", o->file) != 0)
        return CLI_FAILURE;
    lx_diag_list *diags = lx_diag_list_new();
    lx_buf out = LX_BUF_INIT;
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(in.bytes, in.len, 1, &o->read, diags) : NULL;
    long trees = doc ? lx_game_format_doc(doc, o->drop_unknown, &out, diags) : 0;
    int status;
    if (!diags || trees < 0 || (!doc && cli_count(diags, LX_FATAL) == 0)) {
        cli_error("fmt", "%s: out of memory", in.name);
        status = CLI_FAILURE;
    } else {
        if (doc) {
            size_t len;
            const char *text = lx_sgf_doc_text(doc, &len);
            lx_diag_list_resolve(diags, text, len);
        }
        status = doc ? finish(&in, o, trees, diags, &out) : (cli_print_diags(stderr, in.name, diags), CLI_PROBLEMS);
    }
    lx_buf_free(&out);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    cli_input_close(&in);
    return status;
}

static int parse_args(int argc, char **argv, fmt_opts *o)
{
    cli_args a;
    const char *arg;
    int is_opt, got;
    cli_args_init(&a, argc, argv);
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (o->file)
                return cli_usage_error("fmt", "one FILE at a time (got '%s' and '%s')", o->file, arg);
            o->file = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (cli_args_is(&a, arg, "--drop-unknown", NULL)) {
            o->drop_unknown = 1;
        } else if ((got = cli_args_value(&a, arg, "--output", "-o", &o->out)) != 0 ||
                   (got = cli_args_value(&a, arg, "--encoding", NULL, &o->read.encoding)) != 0) {
            if (got < 0)
                return CLI_FAILURE;
        } else {
            return cli_usage_error("fmt", "unknown option '%s'", arg);
        }
    }
    if (!o->file)
        return cli_usage_error("fmt", "no FILE given");
    if (o->out && o->out[0] == '\0')
        return cli_usage_error("fmt", "-o needs a file name");
    return cli_check_encoding("fmt", o->read.encoding);
}

int cli_fmt(int argc, char **argv)
{
    fmt_opts o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(argc, argv, &o);
    if (rc < 0)
        return CLI_OK;
    if (rc != CLI_OK)
        return rc;
    return format_file(&o);
}

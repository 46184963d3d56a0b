/* convert.c - `ludex convert`: from one record format to another.
 *
 *   ludex convert FILE --to FORMAT [--from FORMAT] [--move N] [-o OUT]
 *
 * The input format is --from, else guessed from the file name's extension
 * and, for SGF, from its content (a Little Golem Hex record is .sgf too).
 * Each conversion is one line in `converters`; the work is done in the
 * game's own convert_<game>.c on top of its library module. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/convert.h"
#include "ludex/convert.h"

static const converter converters[] = {
    {"littlegolem-hex", "sgf", convert_hex_lg_to_sgf, "Little Golem Hex record to standard Hex SGF"},
    {"littlegolem-twixt", "sgf", convert_twixt_lg_to_sgf, "Little Golem Twixt record (.tsgf) to GM[21] SGF"},
    {"t1", "sgf", convert_twixt_t1_to_sgf, "T1 file of T1j / twixtbot-ui to GM[21] SGF"},
    {"sgf", "t1", convert_twixt_sgf_to_t1, "GM[21] SGF main line to a T1 file"},
    {"twixt-server", "sgf", convert_twixt_server_to_sgf, "Twixt game in the server's move syntax to GM[21] SGF"},
    {"sgf", "twixt-server", convert_twixt_sgf_to_server, "GM[21] SGF main line in the server's move syntax"},
    {"gcg", "cgp", convert_gcg_to_cgp, "crossword game record to the CGP after event --move N"},
    {"gcg", "gcg", convert_gcg_to_gcg, "crossword game record in canonical GCG"},
};
#define NCONVERTERS (sizeof converters / sizeof converters[0])

/* File name extensions and the format they name. */
static const struct {
    const char *ext, *format;
} extensions[] = {
    {".sgf", "sgf"}, {".tsgf", "littlegolem-twixt"}, {".t1", "t1"}, {".gcg", "gcg"}, {".cgp", "cgp"},
};

static void usage(FILE *f)
{
    fputs("Usage: ludex convert FILE --to FORMAT [--from FORMAT] [--move N] [-o OUT] [--encoding CS]\n"
          "Convert a record to another format; the result goes to standard output or OUT.\n"
          "  --to FORMAT     the format to write\n"
          "  --from FORMAT   the format of FILE (default: from its extension and content)\n"
          "  --move N        for position formats: the position after move N\n"
          "  -o, --output F  write to F (safely, through a temporary file)\n"
          "  --encoding CS   read FILE in charset CS\n"
          "Conversions:\n",
          f);
    for (size_t i = 0; i < NCONVERTERS; i++)
        fprintf(f, "  %-18s -> %-5s %s\n", converters[i].from, converters[i].to, converters[i].summary);
    fputs("Exit status: 0 converted, 1 the input has errors, 2 usage or I/O failure.\n", f);
}

static int parse_args(int argc, char **argv, convert_opts *o)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg, *v;
    int is_opt, r;
    *o = (convert_opts){NULL, NULL, NULL, NULL, -1, {NULL}};
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (o->file)
                return cli_usage_error("convert", "one FILE at a time");
            o->file = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            usage(stdout);
            return -1;
        } else if ((r = cli_args_value(&a, arg, "--to", "-t", &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            o->to = v;
        } else if ((r = cli_args_value(&a, arg, "--from", NULL, &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            o->from = v;
        } else if ((r = cli_args_value(&a, arg, "--output", "-o", &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            o->out_path = v;
        } else if ((r = cli_args_value(&a, arg, "--move", "-m", &v)) != 0) {
            char *end;
            if (r < 0)
                return CLI_FAILURE;
            o->move = strtol(v, &end, 10);
            if (!*v || *end || o->move < 0)
                return cli_usage_error("convert", "--move takes a move number, not '%s'", v);
        } else if ((r = cli_args_value(&a, arg, "--encoding", NULL, &v)) != 0) {
            if (r < 0 || cli_check_encoding("convert", v) != 0)
                return CLI_FAILURE;
            o->read.encoding = v;
        } else {
            return cli_usage_error("convert", "unknown option '%s'", arg);
        }
    }
    if (!o->file)
        return cli_usage_error("convert", "no FILE given");
    if (!o->to)
        return cli_usage_error("convert", "say which format to write with --to");
    return CLI_OK;
}

static const char *guess_format(const cli_input *in, const convert_opts *o)
{
    size_t n = strlen(in->path);
    for (size_t i = 0; i < sizeof extensions / sizeof extensions[0]; i++) {
        size_t k = strlen(extensions[i].ext);
        if (n > k && strcasecmp(in->path + n - k, extensions[i].ext) == 0)
            return strcmp(extensions[i].format, "sgf") == 0 ? lx_convert_sniff_sgf(in->bytes, in->len, &o->read)
                                                          : extensions[i].format;
    }
    return NULL;
}

static const converter *find_converter(const char *from, const char *to)
{
    for (size_t i = 0; i < NCONVERTERS; i++)
        if (strcasecmp(converters[i].from, from) == 0 && strcasecmp(converters[i].to, to) == 0)
            return &converters[i];
    return NULL;
}

static int emit(const convert_opts *o, const lx_buf *out)
{
    const char *data = out->data ? out->data : "";
    if (o->out_path)
        return cli_write_file("convert", o->out_path, data, out->len) == 0 ? CLI_OK : CLI_FAILURE;
    return cli_write_stdout("convert", data, out->len) == 0 ? CLI_OK : CLI_FAILURE;
}

static int run(const cli_input *in, const convert_opts *o)
{
    const char *from = o->from ? o->from : guess_format(in, o);
    if (!from)
        return cli_usage_error("convert", "%s: cannot tell its format from its name; say it with --from", in->name);
    const converter *c = find_converter(from, o->to);
    if (!c)
        return cli_usage_error("convert", "%s: no conversion from %s to %s (see 'ludex convert --help')", in->name,
                               from, o->to);
    lx_diag_list *diags = lx_diag_list_new();
    lx_buf out = LX_BUF_INIT;
    int status = diags ? c->run(in, o, &out, diags) : -1;
    if (status < 0) {
        cli_error("convert", "%s: out of memory", in->name);
        status = CLI_FAILURE;
    }
    if (diags)
        cli_print_diags(stderr, in->name, diags);
    if (status != CLI_FAILURE && out.len > 0) {
        int w = emit(o, &out);
        if (w != CLI_OK)
            status = w;
    } else if (status == CLI_OK) {
        cli_error("convert", "%s: nothing to write", in->name);
        status = CLI_PROBLEMS;
    }
    if (status == CLI_OK && diags && cli_count(diags, LX_ERROR) > 0)
        status = CLI_PROBLEMS;
    lx_buf_free(&out);
    lx_diag_list_free(diags);
    return status;
}

int cli_convert(int argc, char **argv)
{
    convert_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    cli_input in;
    if (cli_input_open(&in, "convert", o.file) != 0)
        return CLI_FAILURE;
    int status = run(&in, &o);
    cli_input_close(&in);
    return status;
}

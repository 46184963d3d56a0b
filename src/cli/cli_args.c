/* cli_args.c - command-line options and messages for the subcommands.
 *
 * A small option walker instead of getopt_long: it keeps error messages
 * exact and the same on every libc, lets options and operands mix in any
 * order, and treats "-" as an operand (standard input).  It does not
 * bundle short flags ("-ab"): ludex has too few to need it. */
#include <stdarg.h>
#include <string.h>

#include "cli/cli.h"

static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
    fflush(stdout); /* keep stdout and stderr in order when both go to one place */
    fprintf(stderr, "ludex%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'ludex %s%s--help' for more information.\n", cmd ? cmd : "", cmd ? " " : "");
    return CLI_FAILURE;
}

void cli_args_init(cli_args *a, int argc, char **argv)
{
    a->cmd = argv[0];
    a->argc = argc;
    a->argv = argv;
    a->i = 0;
    a->options_done = 0;
}

int cli_args_next(cli_args *a, const char **arg, int *is_option)
{
    for (;;) {
        if (++a->i >= a->argc)
            return 0;
        const char *s = a->argv[a->i];
        if (!a->options_done && strcmp(s, "--") == 0) {
            a->options_done = 1;
            continue;
        }
        *arg = s;
        *is_option = !a->options_done && s[0] == '-' && s[1] != '\0';
        return 1;
    }
}

int cli_args_is(const cli_args *a, const char *arg, const char *long_name, const char *short_name)
{
    (void)a;
    return (long_name && strcmp(arg, long_name) == 0) || (short_name && strcmp(arg, short_name) == 0);
}

int cli_args_value(cli_args *a, const char *arg, const char *long_name, const char *short_name,
                   const char **value)
{
    size_t n;
    if (long_name && strncmp(arg, long_name, n = strlen(long_name)) == 0 && arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (short_name && strncmp(arg, short_name, n = strlen(short_name)) == 0 && arg[n] != '\0') {
        *value = arg + n;
        return 1;
    }
    if (!cli_args_is(a, arg, long_name, short_name))
        return 0;
    if (a->i + 1 >= a->argc) {
        cli_usage_error(a->cmd, "option '%s' needs a value", arg);
        return -1;
    }
    *value = a->argv[++a->i];
    return 1;
}

int cli_check_encoding(const char *cmd, const char *encoding)
{
    if (!encoding)
        return CLI_OK;
    if (encoding[0] == '\0')
        return cli_usage_error(cmd, "--encoding needs a charset name");
    lx_diag_list *diags = lx_diag_list_new();
    if (!diags) {
        cli_error(cmd, "out of memory");
        return CLI_FAILURE;
    }
    lx_sgf_read_options ro = {encoding};
    lx_sgf_doc *doc = lx_sgf_doc_new("", 0, 1, &ro, diags);
    int rc = CLI_OK;
    if (!doc && lx_diag_count_at_least(diags, LX_FATAL) > 0)
        rc = cli_usage_error(cmd, "unknown encoding '%s' ('iconv -l' lists the known ones)", encoding);
    else if (!doc) {
        cli_error(cmd, "out of memory");
        rc = CLI_FAILURE;
    }
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    return rc;
}

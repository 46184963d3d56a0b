/* cli.h - what the subcommands of the `ludex` tool share.
 *
 * The tool is the one place in ludex that prints and exits; the library only
 * returns values and diagnostics.  Each subcommand lives in its own file
 * (check.c, fmt.c, info.c, replay.c) and is an ordinary function taking the
 * arguments after its name and returning the exit status:
 *   0 success, 1 the input has problems, 2 usage or I/O failure.
 * This header gathers the helpers they have in common: command-line options,
 * reading input (mmap for files, a buffer for standard input), writing output
 * safely, printing diagnostics, and JSON lines through jansson. */
#ifndef LX_CLI_H
#define LX_CLI_H

#include <stdio.h>

#include <jansson.h>

#include "ludex/ludex.h"

enum { CLI_OK = 0, CLI_PROBLEMS = 1, CLI_FAILURE = 2 };

/* The subcommands: argv[0] is the subcommand's name. */
int cli_check(int argc, char **argv);
int cli_fmt(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_show(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_engine(int argc, char **argv);
int cli_analyze(int argc, char **argv);

/* `ludex show` operands that are positions, not files (show_bgammon.c: a
 * backgammon POSITIONID:MATCHID).  1 when `arg` was one (drawn or not:
 * *status is the exit status), 0 when it is not such an operand. */
int show_position_argument(const char *arg, lx_draw_format fmt, int size, int *status);
int cli_xword(int argc, char **argv);

/* ---- messages ------------------------------------------------------------------ */

/* "ludex CMD: message" on standard error. */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A usage error: the message, a hint at --help; returns CLI_FAILURE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- options ------------------------------------------------------------------- */

/* Walks argv[1..] of a subcommand.  Options may come before or after the
 * operands; "--" ends the options; "-" alone is an operand (standard input). */
typedef struct cli_args {
    const char *cmd;
    int argc;
    char **argv;
    int i;          /* index of the current argument */
    int options_done;
} cli_args;

void cli_args_init(cli_args *a, int argc, char **argv);
/* The next argument: 1 with *arg set and *is_option saying whether it is an
 * option, 0 when there are no more. */
int cli_args_next(cli_args *a, const char **arg, int *is_option);
/* Whether the current option is `name` (a long "--name" or a short "-n"). */
int cli_args_is(const cli_args *a, const char *arg, const char *long_name, const char *short_name);
/* An option with a value: "--name VALUE", "--name=VALUE", "-n VALUE", "-nVALUE".
 * 1 with *value set; 0 when the current option is not this one; -1 when it is
 * but no value follows (a usage error was printed). */
int cli_args_value(cli_args *a, const char *arg, const char *long_name, const char *short_name,
                   const char **value);

/* Check an --encoding value before any file is read: 0, or CLI_FAILURE
 * after printing why. */
int cli_check_encoding(const char *cmd, const char *encoding);

/* ---- input and output ------------------------------------------------------------ */

typedef struct cli_input {
    const char *path;    /* as given ("-" for standard input) */
    const char *name;    /* for messages: the path, or "<stdin>" */
    const char *bytes;
    size_t len;
    void *map;           /* the mmap'ed file, or NULL */
    size_t map_len;
    lx_buf owned;        /* the bytes when they were read, not mapped */
} cli_input;

/* Open `path` ("-": standard input).  Regular files are mapped, not copied.
 * 0, or -1 after printing the reason. */
int cli_input_open(cli_input *in, const char *cmd, const char *path);
/* The same without a word: -1 with the errno value in *error (safe in a
 * worker thread, which must not print). */
int cli_input_open_quiet(cli_input *in, const char *path, int *error);
void cli_input_close(cli_input *in);

/* Write `len` bytes to `path` through a temporary file in the same directory
 * and a rename, so that writing onto the input file is safe.  0, or -1 after
 * printing the reason. */
int cli_write_file(const char *cmd, const char *path, const char *data, size_t len);
/* Write to standard output and flush; 0, or -1 after printing the reason. */
int cli_write_stdout(const char *cmd, const char *data, size_t len);

/* ---- diagnostics ------------------------------------------------------------------- */

/* "NAME:LINE:COL: severity: message [CODE]", or "NAME: severity: ..." when the
 * diagnostic has no position (line 0). */
void cli_print_diag(FILE *f, const char *name, const lx_diag *d);
/* Every diagnostic of the list, then one line for those beyond the list's limit. */
void cli_print_diags(FILE *f, const char *name, const lx_diag_list *l);
/* Diagnostics of severity `min` or worse (those beyond the limit included). */
size_t cli_count(const lx_diag_list *l, lx_severity min);

/* ---- JSON ------------------------------------------------------------------------ */

/* A JSON string of `len` bytes; bytes that are not valid UTF-8 become U+FFFD.
 * Never NULL unless out of memory. */
json_t *cli_json_stringn(const char *s, size_t len);
json_t *cli_json_string(const char *s); /* NULL s gives JSON null */
/* The diagnostic as {"line","col","severity","code","message"}. */
json_t *cli_json_diag(const lx_diag *d);
/* Every diagnostic of the list as an array (with one standing for those
 * beyond the list's limit). */
json_t *cli_json_diags(const lx_diag_list *l);
/* Print `obj` as one compact line (keys in insertion order) on standard
 * output and release it.  0, or -1 when out of memory. */
int cli_json_print(json_t *obj);

/* ---- crossword files (.cgp, .gcg): xword.c, check_xword.c ---------------------------- */

typedef struct lx_xw_data lx_xw_data;
/* The crossword data directories ($LUDEX_XWORD_DATA, else beside the executable). */
lx_xw_data *cli_xword_data(void);
/* Whether path names a crossword file (.cgp or .gcg). */
int cli_xword_file(const char *path);
/* `ludex check` of a crossword file: like lx_check_document. 0, or -1 out of memory. */
int cli_check_xword(const cli_input *in, const char *encoding, lx_check_summary *s, lx_diag_list *diags);
/* `ludex check` of one big SGF file on `jobs` threads (check_split.c): what
 * lx_check_document would give, into *s and a new *diags.  0, or -1 out of
 * memory.  `chunk`: bytes a range of trees aims at (0: chosen from len). */
int cli_check_split(const char *bytes, size_t len, const lx_check_options *check, int jobs, size_t chunk,
                    lx_check_summary *s, lx_diag_list **diags);
typedef struct cli_show_xword_opts {
    const char *path, *encoding;
    long move, game;
    lx_draw_format format;
    int size;
} cli_show_xword_opts;
/* `ludex show` of a crossword file; the exit status. */
int cli_show_xword(const cli_show_xword_opts *o);

/* ---- SGF helpers --------------------------------------------------------------------- */

/* A tree's GM (1, FF[4]'s default, when absent), or 0 when unreadable. */
int cli_tree_gm(const lx_sgf_tree *t);
/* The first value of `id` in the root, decoded as SimpleText and trimmed of
 * white space, into `out` (cleared first); 1 when present, 0 when absent,
 * -1 out of memory. */
int cli_root_text(const lx_sgf_tree *t, const char *id, lx_buf *out);

#endif

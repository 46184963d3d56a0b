/* show.c - `ludex show`: draw the position of a record after any move.
 *
 *   ludex show [--move N] [--format ascii|svg] [--size S] [--game G] FILE
 *
 * The game's module replays the main line up to move N (the end when left
 * out; 0 is the position before the first move) and draws it; SIZE is
 * small|medium|big|large or a number, read by the module as its scale.
 * Position formats that are not files (a backgammon position ID, say) are
 * tried first by show_position_argument(). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

typedef struct show_opts {
    const char *file;
    long move;       /* -1: the end of the main line */
    long game;       /* 1-based */
    lx_draw_format format;
    int size;
    lx_sgf_read_options read;
} show_opts;

typedef struct show_run {
    const show_opts *o;
    const lx_game_module *m;
    size_t moves;
    int drawn, refused;
    lx_buf out;
} show_run;

static void usage(FILE *f)
{
    fputs("Usage: ludex show [--move N] [--format ascii|svg] [--size S] [--game G] [--encoding CS] FILE\n"
          "Draw the position after move N of the main line (default: the last move;\n"
          "0: before the first move) of game G (default 1) of FILE.\n"
          "  --move N        the move to show the position after\n"
          "  --format F      ascii (default) or svg\n"
          "  --size S        small, medium, big, large, or a number (the game's scale)\n"
          "  --game G        which game tree of a collection (1-based)\n"
          "  --encoding CS   read the file in charset CS\n"
          "Exit status: 0 drawn, 1 the record cannot be replayed that far, 2 usage or I/O failure.\n",
          f);
}

static int parse_size(const char *v)
{
    static const char *const names[] = {"small", "medium", "big", "large"};
    for (int i = 0; i < 4; i++)
        if (strcmp(v, names[i]) == 0)
            return i + 1;
    char *end;
    long n = strtol(v, &end, 10);
    return *v && !*end && n > 0 && n < 1000 ? (int)n : -1;
}

static int parse_count(const char *v, long *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < 0)
        return -1;
    *out = n;
    return 0;
}

static int parse_args(int argc, char **argv, show_opts *o)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg, *v;
    int is_opt, r;
    *o = (show_opts){NULL, -1, 1, LX_DRAW_ASCII, 0, {NULL}};
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (o->file)
                return cli_usage_error("show", "one FILE at a time");
            o->file = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            usage(stdout);
            return CLI_OK + 100;
        } else if ((r = cli_args_value(&a, arg, "--move", "-m", &v)) != 0) {
            if (r < 0 || parse_count(v, &o->move) != 0)
                return r < 0 ? CLI_FAILURE : cli_usage_error("show", "--move takes a move number, not '%s'", v);
        } else if ((r = cli_args_value(&a, arg, "--game", "-g", &v)) != 0) {
            if (r < 0 || parse_count(v, &o->game) != 0 || o->game == 0)
                return r < 0 ? CLI_FAILURE : cli_usage_error("show", "--game takes a game number from 1, not '%s'", v);
        } else if ((r = cli_args_value(&a, arg, "--format", "-f", &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            if (strcmp(v, "ascii") && strcmp(v, "svg"))
                return cli_usage_error("show", "--format is ascii or svg, not '%s'", v);
            o->format = strcmp(v, "svg") == 0 ? LX_DRAW_SVG : LX_DRAW_ASCII;
        } else if ((r = cli_args_value(&a, arg, "--size", "-s", &v)) != 0) {
            if (r < 0 || (o->size = parse_size(v)) < 0)
                return r < 0 ? CLI_FAILURE : cli_usage_error("show", "--size is small, medium, big, large or a number, not '%s'", v);
        } else if ((r = cli_args_value(&a, arg, "--encoding", NULL, &v)) != 0) {
            if (r < 0 || cli_check_encoding("show", v) != 0)
                return CLI_FAILURE;
            o->read.encoding = v;
        } else {
            return cli_usage_error("show", "unknown option '%s'", arg);
        }
    }
    if (!o->file)
        return cli_usage_error("show", "no FILE given");
    return CLI_OK;
}

static int on_move(void *ctx, const lx_replay_event *ev)
{
    ((show_run *)ctx)->moves = ev->move;
    return 0;
}

static void on_refusal(void *ctx, const lx_replay_event *ev, const lx_game_error *err)
{
    (void)ev;
    (void)err;
    ((show_run *)ctx)->refused = 1;
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    (void)game;
    (void)res;
    show_run *run = ctx;
    if (!pos || run->refused || !run->m->draw)
        return;
    if (run->o->move >= 0 && run->moves < (size_t)run->o->move)
        return; /* the main line is shorter */
    run->drawn = run->m->draw(pos, run->o->format, run->o->size, &run->out) == 0;
}

/* Draw tree t; the exit status. */
static int show_tree(const lx_sgf_tree *t, const cli_input *in, const show_opts *o, lx_diag_list *diags)
{
    int gm = lx_sgf_tree_gm(t);
    const lx_game_module *m = gm > 0 ? lx_game_builtin_by_gm(gm) : NULL;
    if (!m || !m->draw) {
        cli_error("show", "%s: GM[%d]: this build cannot draw %s positions", in->name, gm,
                  lx_game_gm_name(gm) ? lx_game_gm_name(gm) : "such");
        return CLI_PROBLEMS;
    }
    show_run run = {o, m, 0, 0, 0, LX_BUF_INIT};
    lx_replay_hooks hooks = {&run, on_move, on_refusal, on_end};
    lx_replay_options ro = {0, o->move >= 0, o->move >= 0 ? (size_t)o->move : 0};
    if (lx_replay_tree(t, (size_t)o->game - 1, m, &ro, &hooks, diags) != 0) {
        lx_buf_free(&run.out);
        return -1;
    }
    int status = CLI_OK;
    if (run.drawn) {
        if (cli_write_stdout("show", run.out.data ? run.out.data : "", run.out.len) != 0)
            status = CLI_FAILURE;
    } else if (!run.refused && o->move >= 0 && run.moves < (size_t)o->move) {
        cli_error("show", "%s: the main line has %zu move%s; there is no move %ld", in->name, run.moves,
                  run.moves == 1 ? "" : "s", o->move);
        status = CLI_PROBLEMS;
    } else {
        cli_error("show", "%s: the position could not be drawn (see the diagnostics)", in->name);
        status = CLI_PROBLEMS;
    }
    lx_buf_free(&run.out);
    return status;
}

/* Find game o->game in the document and draw it. */
static int show_doc(const cli_input *in, const lx_sgf_doc *doc, const show_opts *o, lx_diag_list *diags)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    long index = 0;
    int got = -1, status = -1;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0)
        if (++index == o->game)
            break;
    if (r && got > 0) {
        status = show_tree(t, in, o, diags);
    } else if (r && got == 0) {
        cli_error("show", "%s: the file has %ld game%s; there is no game %ld", in->name, index, index == 1 ? "" : "s",
                  o->game);
        status = CLI_PROBLEMS;
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return status;
}

int cli_show(int argc, char **argv)
{
    show_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc == CLI_OK + 100 ? CLI_OK : rc;
    if (access(o.file, F_OK) != 0 && show_position_argument(o.file, o.format, o.size, &rc))
        return rc;
    if (cli_xword_file(o.file))
        return cli_show_xword(&(cli_show_xword_opts){o.file, o.read.encoding, o.move, o.game, o.format, o.size});
    cli_input in;
    if (cli_input_open(&in, "show", o.file) != 0)
        return CLI_FAILURE;
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(in.bytes, in.len, 1, &o.read, diags) : NULL;
    int status = doc ? show_doc(&in, doc, &o, diags) : (diags && cli_count(diags, LX_FATAL) ? CLI_PROBLEMS : -1);
    if (status < 0) {
        cli_error("show", "%s: out of memory", in.name);
        status = CLI_FAILURE;
    }
    size_t len = 0;
    const char *text = doc ? lx_sgf_doc_text(doc, &len) : "";
    if (diags) {
        lx_diag_list_resolve(diags, text, len);
        for (size_t i = 0; i < lx_diag_count(diags); i++)
            if (lx_diag_get(diags, i)->severity >= LX_ERROR)
                cli_print_diag(stderr, in.name, lx_diag_get(diags, i));
        if (status == CLI_OK && cli_count(diags, LX_ERROR) > 0)
            status = CLI_PROBLEMS;
    }
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    cli_input_close(&in);
    return status;
}

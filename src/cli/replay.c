/* replay.c - `ludex replay`: play each game's main line and show every position.
 *
 * Built on lx_replay_tree's hooks.  With --json, DESIGN.md's contract: one
 * object per move ({"game","move","player"} and the module's describe_json
 * members), then {"game","end":true,"winner","result"} after each game; a
 * refused move gives {"game","move","error":{"code","message"}} instead of
 * the end record, that game stops there, and the exit status is 1.  A game
 * whose root makes no playable position gives the same error record with
 * "move":0.  Without --json the same events as plain lines, and the final
 * position drawn.
 *
 * A tree whose game has no rules module in this build cannot be replayed:
 * that is said on standard error, the other trees are still replayed, and
 * the exit status is 1.  Problems found while reading go to standard error. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char usage[] =
    "Usage: ludex replay [--json] [--encoding CS] FILE\n"
    "Replay the main line of every game in SGF FILE ('-' for standard input)\n"
    "under the game's rules and show the position after each move.\n"
    "\n"
    "  --json         one JSON object per line: for each move\n"
    "                 {\"game\":G,\"move\":K,\"player\":\"B\"|\"W\",...position...},\n"
    "                 after each game {\"game\":G,\"end\":true,\"winner\":W,\"result\":RE},\n"
    "                 for a refused move {\"game\":G,\"move\":K,\"error\":{\"code\":C,\"message\":M}}\n"
    "  --encoding CS  read FILE as charset CS (any name iconv knows)\n"
    "  --help         show this help\n"
    "\n"
    "Exit status: 0 every game replayed, 1 a move was refused, a game's rules are\n"
    "not in this build, or the file has errors; 2 usage or I/O failure.\n";

typedef struct replay_opts {
    int json;
    const char *file;
    lx_sgf_read_options read;
} replay_opts;

typedef struct replay_run {
    const replay_opts *o;
    const lx_game_module *module;
    const lx_diag_list *diags;
    size_t diags_before; /* diagnostics there were before this game's replay */
    int refused;  /* the current game had a move refused */
    int broken;   /* output failed: stop */
} replay_run;

static const char *player_name(lx_colour c)
{
    return c == LX_BLACK ? "B" : c == LX_WHITE ? "W" : NULL;
}

/* The module's description of the position, as members of `o`. */
static int add_description(json_t *o, const lx_replay_event *ev)
{
    if (!ev->module->describe_json)
        return 0;
    lx_buf b = LX_BUF_INIT;
    int rc = lx_buf_append_char(&b, '{') || ev->module->describe_json(ev->position, &b) ||
             lx_buf_append_char(&b, '}');
    json_t *members = rc == 0 ? json_loadb(b.data, b.len, 0, NULL) : NULL;
    if (!members || !json_is_object(members) || json_object_update(o, members) != 0) {
        cli_error("replay", "the %s module described a position in something other than JSON members",
                  ev->module->name);
        rc = -1;
    }
    json_decref(members);
    lx_buf_free(&b);
    return rc;
}

static int json_move(replay_run *run, const lx_replay_event *ev)
{
    json_t *o = json_object();
    json_object_set_new(o, "game", json_integer((json_int_t)ev->game));
    json_object_set_new(o, "move", json_integer((json_int_t)ev->move));
    json_object_set_new(o, "player", cli_json_string(player_name(ev->player)));
    if (!o || add_description(o, ev) != 0) {
        json_decref(o);
        return run->broken = 1;
    }
    return run->broken = cli_json_print(o) != 0;
}

static void text_move(const lx_replay_event *ev)
{
    printf("game %zu move %zu: %s", ev->game + 1, ev->move, player_name(ev->player));
    size_t n = lx_sgf_value_count(ev->tree, ev->prop);
    for (size_t i = 0; i < n; i++) {
        lx_sgf_value v = lx_sgf_get_value(ev->tree, ev->prop, i);
        printf("[%.*s]", (int)(v.len > 200 ? 200 : v.len), v.raw);
    }
    putchar('\n');
}

static int on_move(void *ctx, const lx_replay_event *ev)
{
    replay_run *run = ctx;
    if (run->o->json)
        return json_move(run, ev);
    text_move(ev);
    return 0;
}

static void print_error_record(replay_run *run, size_t game, size_t move, const char *code, const char *msg)
{
    json_t *o = json_object(), *e = json_object();
    json_object_set_new(e, "code", cli_json_string(code));
    json_object_set_new(e, "message", cli_json_string(msg));
    json_object_set_new(o, "game", json_integer((json_int_t)game));
    json_object_set_new(o, "move", json_integer((json_int_t)move));
    json_object_set_new(o, "error", e);
    if (cli_json_print(o) != 0)
        run->broken = 1;
}

static void on_refusal(void *ctx, const lx_replay_event *ev, const lx_game_error *err)
{
    replay_run *run = ctx;
    const char *code = err->code ? err->code : "ILLEGAL_MOVE";
    const char *msg = err->message.data ? err->message.data : "refused by the rules";
    run->refused = 1;
    if (run->o->json)
        print_error_record(run, ev->game, ev->move, code, msg);
    else
        printf("game %zu move %zu: refused: %s [%s]\n", ev->game + 1, ev->move, msg, code);
}

/* The game could not start (its root makes no playable game): an error record
 * with move 0 and the module's diagnostic. */
static void on_no_start(replay_run *run, size_t game)
{
    const lx_diag *d = lx_diag_count(run->diags) > run->diags_before ? lx_diag_get(run->diags, run->diags_before)
                                                                     : NULL;
    print_error_record(run, game, 0, d ? d->code : "GAME_NOT_STARTED",
                       d ? d->message : "the root node makes no game that can be played");
}

static void text_end(size_t game, const lx_game_module *m, const void *pos, const lx_game_result *res)
{
    if (!pos)
        printf("game %zu: could not start (see the diagnostics)\n", game + 1);
    else if (res->over && res->re[0])
        printf("game %zu: over, %s\n", game + 1, res->re);
    else
        printf("game %zu: not finished\n", game + 1);
    lx_buf b = LX_BUF_INIT;
    if (pos && m->draw && m->draw(pos, LX_DRAW_ASCII, 0, &b) == 0 && b.data)
        fputs(b.data, stdout);
    lx_buf_free(&b);
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    replay_run *run = ctx;
    if (run->refused)
        return; /* the error record ends that game */
    if (!run->o->json) {
        text_end(game, run->module, pos, res);
        return;
    }
    if (!pos) {
        on_no_start(run, game);
        return;
    }
    int over = res->over;
    json_t *o = json_object();
    json_object_set_new(o, "game", json_integer((json_int_t)game));
    json_object_set_new(o, "end", json_true());
    json_object_set_new(o, "winner", over ? cli_json_string(player_name(res->winner)) : json_null());
    json_object_set_new(o, "result", over && res->re[0] ? cli_json_stringn(res->re, strnlen(res->re, sizeof res->re))
                                                         : json_null());
    if (cli_json_print(o) != 0)
        run->broken = 1;
}

/* Replay one tree; CLI_OK, CLI_PROBLEMS, or -1 out of memory / output failed. */
static int replay_tree(const lx_sgf_tree *t, size_t game, const cli_input *in, const replay_opts *o,
                       lx_diag_list *diags)
{
    int gm = cli_tree_gm(t);
    const lx_game_module *m = gm > 0 ? lx_game_builtin_by_gm(gm) : NULL;
    if (!m) {
        fflush(stdout);
        if (gm > 0)
            cli_error("replay", "%s: game %zu: rules for GM[%d] are not available in this build", in->name,
                      game + 1, gm);
        else
            cli_error("replay", "%s: game %zu: GM is not a number, so no rules apply", in->name, game + 1);
        return CLI_PROBLEMS;
    }
    replay_run run = {o, m, diags, lx_diag_count(diags), 0, 0};
    lx_replay_hooks hooks = {&run, on_move, on_refusal, on_end};
    lx_replay_options ro = {0, 0, 0};
    if (lx_replay_tree(t, game, m, &ro, &hooks, diags) != 0 || run.broken)
        return -1;
    return run.refused ? CLI_PROBLEMS : CLI_OK;
}

/* Replay every tree of the document; the worst status, or -1. */
static int replay_doc(const cli_input *in, const lx_sgf_doc *doc, const replay_opts *o, lx_diag_list *diags)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    size_t game = 0;
    int got = r ? 0 : -1, status = CLI_OK;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0) {
        int rc = replay_tree(t, game++, in, o, diags);
        if (rc < 0) {
            got = -1;
            break;
        }
        if (rc > status)
            status = rc;
    }
    if (got == 0 && game == 0)
        lx_diag_add(diags, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET,
                    "the file holds no SGF game tree (none starts with \"(;\")");
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return got < 0 ? -1 : status;
}

static int replay_file(const replay_opts *o)
{
    cli_input in;
    if (cli_input_open(&in, "replay", o->file) != 0)
        return CLI_FAILURE;
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(in.bytes, in.len, 1, &o->read, diags) : NULL;
    int status = doc ? replay_doc(&in, doc, o, diags) : (diags && cli_count(diags, LX_FATAL) > 0 ? CLI_PROBLEMS : -1);
    if (status < 0 || fflush(stdout) != 0) {
        cli_error("replay", "%s: %s", in.name, status < 0 ? "out of memory or output failed" : "output failed");
        status = CLI_FAILURE;
    } else {
        size_t len = 0;
        const char *text = doc ? lx_sgf_doc_text(doc, &len) : "";
        lx_diag_list_resolve(diags, text, len);
        cli_print_diags(stderr, in.name, diags);
        if (status == CLI_OK && cli_count(diags, LX_ERROR) > 0)
            status = CLI_PROBLEMS;
    }
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    cli_input_close(&in);
    return status;
}

static int parse_args(int argc, char **argv, replay_opts *o)
{
    cli_args a;
    const char *arg;
    int is_opt, got;
    cli_args_init(&a, argc, argv);
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (o->file)
                return cli_usage_error("replay", "one FILE at a time (got '%s' and '%s')", o->file, arg);
            o->file = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (cli_args_is(&a, arg, "--json", NULL)) {
            o->json = 1;
        } else if ((got = cli_args_value(&a, arg, "--encoding", NULL, &o->read.encoding)) != 0) {
            if (got < 0)
                return CLI_FAILURE;
        } else {
            return cli_usage_error("replay", "unknown option '%s'", arg);
        }
    }
    if (!o->file)
        return cli_usage_error("replay", "no FILE given");
    return cli_check_encoding("replay", o->read.encoding);
}

int cli_replay(int argc, char **argv)
{
    replay_opts o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(argc, argv, &o);
    if (rc < 0)
        return CLI_OK;
    if (rc != CLI_OK)
        return rc;
    return replay_file(&o);
}

/* engine/htp.c - an HTP session over an engine (see ludex/htp.h): the
 * commands, the engine calls they make, and their replies.
 *
 * A reply is "=id text" or "?id message" and an empty line; text of several
 * lines (showboard, list_commands) starts on the line after the '=' and
 * keeps no empty line of its own, which would end the reply early.  The
 * session holds nothing of the game but the engine: the engine's rules
 * decide every move. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/htp_int.h"
#include "ludex/htp.h"
#include "ludex/version.h"

struct lx_htp {
    lx_engine *engine;
    lx_buf text;
    lx_game_error err; /* the engine's refusal of the command being answered */
};

typedef struct htp_command {
    const char *name;
    int args_min, args_max;
    int (*run)(lx_htp *h, char **argv, lx_buf *text);
    const char *usage;
} htp_command;

/* What an engine call came to: 0, or its refusal (after `prefix`) as the text. */
static int outcome(lx_htp *h, int rc, lx_buf *text, const char *prefix)
{
    if (rc == 0)
        return 0;
    lx_game_error *err = &h->err;
    lx_buf_clear(text);
    lx_buf_printf(text, "%s%s", prefix, err->message.data ? err->message.data : err->code ? err->code : "failed");
    return -1;
}

static int say(lx_buf *text, const char *s)
{
    lx_buf_clear(text);
    lx_buf_append_str(text, s);
    return -1;
}

static int need_engine(lx_htp *h, lx_buf *text)
{
    return h->engine ? 0 : say(text, "no engine");
}

static int read_colour(const char *s, lx_colour *c)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        return *c = LX_BLACK, 0;
    if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        return *c = LX_WHITE, 0;
    return -1;
}

static int read_int(const char *s, long lo, long hi, int *v)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (errno || end == s || *end || n < lo || n > hi)
        return -1;
    *v = (int)n;
    return 0;
}

/* ---- the commands ---------------------------------------------------------------------------- */

static int cmd_protocol_version(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv;
    return lx_buf_append_str(text, "2");
}

static int cmd_name(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv;
    return lx_buf_append_str(text, "ludex");
}

static int cmd_version(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv;
    return lx_buf_append_str(text, lx_version());
}

static int cmd_quit(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv, (void)text;
    return 0;
}

static int cmd_ignored(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv, (void)text;
    return 0;
}

static int cmd_boardsize(lx_htp *h, char **argv, lx_buf *text)
{
    int cols, rows;
    if (read_int(argv[1], 1, 1000000, &cols) != 0 || (argv[2] && read_int(argv[2], 1, 1000000, &rows) != 0))
        return say(text, "unacceptable size");
    if (!argv[2])
        rows = cols;
    if (need_engine(h, text) != 0)
        return -1;
    return outcome(h, lx_engine_new_game(h->engine, cols, rows, &h->err), text, "unacceptable size: ");
}

static int cmd_clear_board(lx_htp *h, char **argv, lx_buf *text)
{
    (void)argv;
    if (need_engine(h, text) != 0)
        return -1;
    return outcome(h, lx_engine_new_game(h->engine, 0, 0, &h->err), text, "");
}

static int cmd_play(lx_htp *h, char **argv, lx_buf *text)
{
    lx_colour c;
    if (read_colour(argv[1], &c) != 0)
        return say(text, "invalid color");
    if (need_engine(h, text) != 0)
        return -1;
    return outcome(h, lx_engine_play(h->engine, c, argv[2], &h->err), text, "illegal move: ");
}

static int cmd_genmove(lx_htp *h, char **argv, lx_buf *text)
{
    lx_colour c;
    if (read_colour(argv[1], &c) != 0)
        return say(text, "invalid color");
    if (need_engine(h, text) != 0)
        return -1;
    return outcome(h, lx_engine_genmove(h->engine, c, text, &h->err), text, "");
}

static int cmd_undo(lx_htp *h, char **argv, lx_buf *text)
{
    (void)argv;
    if (need_engine(h, text) != 0)
        return -1;
    return lx_engine_undo(h->engine) == 0 ? 0 : say(text, "cannot undo");
}

static int cmd_showboard(lx_htp *h, char **argv, lx_buf *text)
{
    (void)argv;
    if (need_engine(h, text) != 0)
        return -1;
    if (lx_buf_append_char(text, '\n') != 0 || lx_engine_show(h->engine, text) != 0)
        return say(text, "out of memory");
    while (text->len > 1 && text->data[text->len - 1] == '\n')
        text->data[--text->len] = '\0';
    return 0;
}

static int cmd_final_score(lx_htp *h, char **argv, lx_buf *text)
{
    (void)argv;
    if (need_engine(h, text) != 0)
        return -1;
    lx_game_result r;
    lx_engine_result(h->engine, &r);
    if (!r.over)
        return say(text, "the game is not over");
    return lx_buf_append_str(text, r.re[0] ? r.re : "0");
}

static int cmd_dice(lx_htp *h, char **argv, lx_buf *text)
{
    int d1, d2;
    if (read_int(argv[1], 1, 6, &d1) != 0 || read_int(argv[2], 1, 6, &d2) != 0)
        return say(text, "dice are two numbers from 1 to 6");
    if (need_engine(h, text) != 0)
        return -1;
    return lx_engine_set_dice(h->engine, d1, d2) == 0 ? 0 : say(text, "this game has no dice");
}

static int cmd_match(lx_htp *h, char **argv, lx_buf *text)
{
    int len, bs, ws, crawford = argv[4] != NULL;
    if (read_int(argv[1], 0, 32767, &len) != 0 || read_int(argv[2], 0, 32767, &bs) != 0 ||
        read_int(argv[3], 0, 32767, &ws) != 0 || (argv[4] && strcasecmp(argv[4], "crawford") != 0))
        return say(text, "usage: match LENGTH BLACK-SCORE WHITE-SCORE [crawford]");
    if (need_engine(h, text) != 0)
        return -1;
    return outcome(h, lx_engine_set_match(h->engine, len, bs, ws, crawford, &h->err), text, "");
}

static int cmd_known_command(lx_htp *h, char **argv, lx_buf *text);
static int cmd_list_commands(lx_htp *h, char **argv, lx_buf *text);

static const htp_command commands[] = {
    {"boardsize", 1, 2, cmd_boardsize, "boardsize N [M]"},
    {"clear_board", 0, 0, cmd_clear_board, "clear_board"},
    {"dice", 2, 2, cmd_dice, "dice D1 D2"},
    {"final_score", 0, 0, cmd_final_score, "final_score"},
    {"genmove", 1, 1, cmd_genmove, "genmove COLOR"},
    {"known_command", 1, 1, cmd_known_command, "known_command NAME"},
    {"list_commands", 0, 0, cmd_list_commands, "list_commands"},
    {"match", 3, 4, cmd_match, "match LENGTH BLACK-SCORE WHITE-SCORE [crawford]"},
    {"name", 0, 0, cmd_name, "name"},
    {"play", 2, 2, cmd_play, "play COLOR MOVE"},
    {"protocol_version", 0, 0, cmd_protocol_version, "protocol_version"},
    {"quit", 0, 0, cmd_quit, "quit"},
    {"showboard", 0, 0, cmd_showboard, "showboard"},
    {"time_left", 3, 3, cmd_ignored, "time_left COLOR SECONDS STONES"},
    {"time_settings", 3, 3, cmd_ignored, "time_settings MAIN BYO-YOMI STONES"},
    {"undo", 0, 0, cmd_undo, "undo"},
    {"version", 0, 0, cmd_version, "version"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const htp_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int cmd_known_command(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h;
    return lx_buf_append_str(text, find_command(argv[1]) ? "true" : "false");
}

static int cmd_list_commands(lx_htp *h, char **argv, lx_buf *text)
{
    (void)h, (void)argv;
    int rc = lx_buf_append_char(text, '\n');
    for (size_t i = 0; i < NCOMMANDS && rc == 0; i++)
        rc = lx_buf_printf(text, "%s%s", commands[i].name, i + 1 < NCOMMANDS ? "\n" : "");
    return rc;
}

/* ---- the session ----------------------------------------------------------------------------- */

lx_htp *lx_htp_new(lx_engine *engine)
{
    lx_htp *h = calloc(1, sizeof *h);
    if (h) {
        h->engine = engine;
        lx_game_error_init(&h->err);
    }
    return h;
}

void lx_htp_free(lx_htp *h)
{
    if (!h)
        return;
    lx_engine_free(h->engine);
    lx_buf_free(&h->text);
    lx_game_error_free(&h->err);
    free(h);
}

/* "=id text\n\n" or "?id message\n\n", without empty lines inside. */
static int reply_with(lx_buf *reply, int ok, const char *id, const lx_buf *text)
{
    if (lx_buf_printf(reply, "%c%s ", ok ? '=' : '?', id) != 0)
        return -1;
    const char *s = text->data ? text->data : "";
    for (size_t i = 0; s[i]; i++) {
        char c = s[i];
        if (c == '\n' && (s[i + 1] == '\n' || s[i + 1] == '\0'))
            continue;
        if (c == '\r')
            continue;
        if (lx_buf_append_char(reply, c) != 0)
            return -1;
    }
    return lx_buf_append_str(reply, "\n\n");
}

static int run_command(lx_htp *h, htp_words *w, lx_buf *text, int *quit)
{
    if (w->bad_id)
        return say(text, "the id is too long");
    if (w->too_long)
        return say(text, "the line is too long");
    if (w->argc == 0)
        return say(text, "no command");
    const htp_command *c = find_command(w->argv[0]);
    if (!c)
        return say(text, "unknown command");
    int nargs = w->argc - 1;
    if (nargs < c->args_min || nargs > c->args_max) {
        lx_buf_clear(text);
        lx_buf_printf(text, "syntax error: %s", c->usage);
        return -1;
    }
    char *argv[HTP_MAX_WORDS + 1] = {0};
    for (int i = 0; i < w->argc; i++)
        argv[i] = w->argv[i];
    *quit = c->run == cmd_quit;
    return c->run(h, argv, text) == 0 ? 0 : -1;
}

int lx_htp_line(lx_htp *h, const char *line, size_t len, lx_buf *reply)
{
    htp_words *w = malloc(sizeof *w);
    if (!w)
        return -1;
    int rc = 0;
    if (htp_cut_line(line, len, w)) {
        int quit = 0;
        lx_buf_clear(&h->text);
        int ok = run_command(h, w, &h->text, &quit) == 0;
        rc = reply_with(reply, ok, w->bad_id ? "" : w->id, &h->text) == 0 ? (ok && quit) : -1;
    }
    free(w);
    return rc;
}

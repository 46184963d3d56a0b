/* fuzz_server_command.c - libFuzzer harness for ludexd's command parser.
 *
 * The input is cut at new lines and each line parsed as a command
 * (src/service/commands.c is compiled into this harness: it needs neither
 * sockets nor a database).  The parser must never crash nor read out of
 * bounds; a parsed command's words must lie inside its own copy of the line,
 * be NUL-terminated and non-empty, hold no space and no control byte, and
 * number as many as argc says; a refusal must name a code and say why.
 * Each line is also read as a backgammon play (src/server/bg_play_text.c)
 * for dice taken from its length: the steps must be at most four, each from
 * a point (or the bar) to a lower point (or off). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "service/bg_play_text.h"
#include "service/commands.h"

static void check_words(const proto_cmd *cmd)
{
    if (cmd->verb == V_NONE || cmd->argc < 0 || cmd->argc > PROTO_MAX_WORDS)
        abort();
    for (int i = 0; i < cmd->argc; i++) {
        const char *w = cmd->argv[i];
        if (w < cmd->words || w >= cmd->words + sizeof cmd->words || !w[0])
            abort();
        for (const char *p = w; *p; p++)
            if (*p == ' ' || *p == '\t' || (unsigned char)*p < 0x20)
                abort();
    }
    if (cmd->game != G_NONE && (cmd->game < 0 || cmd->game >= G_COUNT))
        abort();
}

static void as_backgammon_play(const char *line, size_t len)
{
    char text[256];
    int dice[2] = {(int)(len % 6) + 1, (int)(len / 6 % 6) + 1};
    lx_bgammon_play p;
    if (len >= sizeof text)
        return;
    memcpy(text, line, len);
    text[len] = 0;
    for (int swap = 0; swap < 2; swap++) {
        if (bg_text_to_play(dice, text, swap, &p) != 0)
            continue;
        if (p.nsteps > 4)
            abort();
        for (int i = 0; i < p.nsteps; i++)
            if (p.step[i].from < 1 || p.step[i].from > 25 || p.step[i].to > 24 || p.step[i].to >= p.step[i].from)
                abort();
    }
}

static void one_line(const char *line, size_t len)
{
    as_backgammon_play(line, len);
    proto_cmd cmd;
    const char *code = NULL;
    char msg[160];
    msg[0] = 0;
    if (proto_parse(line, len, &cmd, &code, msg, sizeof msg) == 0)
        check_words(&cmd);
    else if (!code || !code[0] || !msg[0])
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        one_line(p, len);
        p += len + 1;
    }
    return 0;
}

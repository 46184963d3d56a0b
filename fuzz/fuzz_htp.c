/* fuzz_htp.c - libFuzzer harness for the HTP session (src/engine/htp*.c) and
 * the readers of GNU Backgammon's answers (src/engine/gnubg_parse.c).
 *
 * The input is cut at line feeds and each line given to a session: over no
 * engine, and over a Hex engine of the flat kind with a budget of a few
 * playouts when that kind exists.  Every line that holds a command must get
 * exactly one reply: '=' or '?', the id if one was given, and text that
 * ends with the only empty line of the reply.  The same input is read as a
 * gnubg `hint` answer and cube analysis, and each line as gnubg's move
 * notation played on the starting position for White: a play that reads
 * must leave 15 checkers a colour (blocked points are not its business:
 * the engine matches what it reads against ludex's legal plays). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gnubg_int.h"
#include "ludex/ludex.h"

/* The replies of one line: at most one, well formed. */
static void check_reply(const char *line, size_t n, const lx_buf *reply)
{
    if (reply->len == 0)
        return;
    const char *r = reply->data;
    if ((r[0] != '=' && r[0] != '?') || reply->len < 4 || strcmp(r + reply->len - 2, "\n\n") != 0)
        abort();
    const char *twice = strstr(r, "\n\n");
    if (twice != r + reply->len - 2)
        abort();
    (void)line, (void)n;
}

static void run_session(lx_htp *h, const uint8_t *data, size_t size)
{
    lx_buf reply = LX_BUF_INIT;
    size_t i = 0;
    while (i < size) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t n = nl ? (size_t)(nl - (data + i)) + 1 : size - i;
        lx_buf_clear(&reply);
        int rc = lx_htp_line(h, (const char *)data + i, n, &reply);
        if (rc < 0)
            abort();
        check_reply((const char *)data + i, n, &reply);
        i += n;
        if (rc == 1)
            break;
    }
    lx_buf_free(&reply);
}

static void gnubg_readers(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return;
    memcpy(text, data, size);
    text[size] = '\0';
    gnubg_hint_play plays[16];
    size_t n = gnubg_parse_plays(text, plays, 16);
    for (size_t i = 0; i < n; i++)
        if (strlen(plays[i].notation) >= sizeof plays[i].notation)
            abort();
    gnubg_cube_analysis c;
    if (gnubg_parse_cube(text, &c) == 0)
        (void)gnubg_cube_should_double(&c), (void)gnubg_cube_answer(&c);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        lx_bgammon_board b;
        lx_bgammon_board_start(&b, LX_BGAMMON_STANDARD);
        if (gnubg_apply_notation(&b, LX_WHITE, line) != 0)
            continue;
        for (int c = 0; c < 2; c++) {
            int total = 0;
            for (int p = 0; p < 26; p++)
                total += b.checkers[c][p];
            if (total != LX_BGAMMON_CHECKERS)
                abort();
        }
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    lx_htp *h = lx_htp_new(NULL);
    if (h)
        run_session(h, data, size);
    lx_htp_free(h);
    lx_engine_options o;
    lx_engine_options_init(&o, "hex-flat");
    o.playouts = 16;
    o.threads = 1;
    o.seed = 1;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine *e = lx_engine_new(&o, &err);
    lx_game_error_free(&err);
    if (e && (h = lx_htp_new(e)) != NULL) {
        run_session(h, data, size);
        lx_htp_free(h);
    } else {
        lx_engine_free(e);
    }
    gnubg_readers(data, size);
    return 0;
}

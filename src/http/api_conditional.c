/* http/api_conditional.c - GET, PUT and DELETE /api/v1/games/N/conditional: the logged-in
 * player's conditional moves on a board (Hex, Twixt).
 *
 * GET answers {"board":N,"from":M,"lines":[["e5","f6","g7","h8"],...]}: each line the
 * opponent's move first, then the answer, and so on, from move M, as history writes them; only
 * their player ever gets them.  PUT {"lines":[[...],...]} makes those the player's lines (the
 * service plays each move along its line and refuses an illegal one naming its place); DELETE
 * removes them.  Both answer as GET does.  The rules are the service's (svc_conditional_set);
 * this checks the body's shape: an array of lines, each an array of moves, each a word. */
#include <string.h>

#include "http/http_int.h"

static const json_field put_fields[] = {{"lines", JSON_ARRAY, 1}, {NULL, 0, 0}};

/* The lines as the service gives them ("e5 f6\ng7 h8\n") as JSON arrays of moves. */
static json_t *lines_json(const lx_buf *lines)
{
    json_t *all = json_array();
    const char *p = lines->data ? lines->data : "";
    while (all && *p) {
        const char *end = strchr(p, '\n');
        json_t *line = json_array();
        for (const char *w = p; line && w < end;) {
            const char *stop = memchr(w, ' ', (size_t)(end - w));
            if (!stop)
                stop = end;
            json_array_append_new(line, json_stringn(w, (size_t)(stop - w)));
            w = stop + 1;
        }
        json_array_append_new(all, line);
        p = end + 1;
    }
    return all;
}

static void answer(http_call *c, int rc, const lx_buf *lines, size_t from, const svc_status *st)
{
    if (rc != 0) {
        call_fail(c, st);
        return;
    }
    json_t *o = json_pack("{s:I,s:I,s:o}", "board", (json_int_t)c->board, "from", (json_int_t)from, "lines",
                          lines_json(lines));
    c->wait_board = st->wait_board;
    call_json(c, 200, o, st->wait_seq);
}

/* A move of the body: a word of 1 to 40 printable bytes. */
static int move_ok(const json_t *m)
{
    const char *t = json_string_value(m);
    size_t n = t ? strlen(t) : 0;
    if (n == 0 || n > 40)
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)t[i] <= 0x20 || t[i] == 0x7f)
            return 0;
    return 1;
}

/* The body's lines as the service reads them (one a '\n', moves apart by a space); 0, or -1 answered. */
static int lines_text(http_call *c, lx_buf *text)
{
    json_t *lines = json_object_get(c->args, "lines"), *line, *m;
    size_t i, j;
    json_array_foreach(lines, i, line) {
        if (!json_is_array(line) || !json_array_size(line)) {
            call_error(c, "BAD_REQUEST", "\"lines\" is an array of lines, each an array of moves (line %zu)", i + 1);
            return -1;
        }
        json_array_foreach(line, j, m) {
            if (!move_ok(m)) {
                call_error(c, "BAD_REQUEST", "line %zu, move %zu: a move is a string of 1 to 40 bytes, no blanks",
                           i + 1, j + 1);
                return -1;
            }
            if (lx_buf_printf(text, "%s%s", j ? " " : i ? "\n" : "", json_string_value(m)) != 0) {
                call_error(c, "INTERNAL", "out of memory");
                return -1;
            }
        }
    }
    return 0;
}

void api_game_conditional(http_call *c, enum evhttp_cmd_type m)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in: conditional moves are their player's own");
        return;
    }
    svc_status st;
    svc_status_init(&st);
    lx_buf lines = LX_BUF_INIT, text = LX_BUF_INIT;
    size_t from = 0;
    int rc;
    if (m == EVHTTP_REQ_GET) {
        rc = svc_conditional_get(c->d->s, c->user, c->board, G_NONE, &lines, &from, &st);
        answer(c, rc, &lines, from, &st);
    } else if (auth_check_csrf(c, 1) != 0) {
        /* answered */
    } else if (m == EVHTTP_REQ_DELETE) {
        rc = svc_conditional_set(c->d->s, c->user, c->board, G_NONE, "", 1, &lines, &from, &st);
        answer(c, rc, &lines, from, &st);
    } else if (json_body(c, put_fields) == 0 && lines_text(c, &text) == 0) {
        rc = svc_conditional_set(c->d->s, c->user, c->board, G_NONE, text.data ? text.data : "", 1, &lines, &from,
                                 &st);
        answer(c, rc, &lines, from, &st);
    }
    lx_buf_free(&lines);
    lx_buf_free(&text);
}

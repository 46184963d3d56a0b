/* http/api_preview.c - GET /api/v1/games/N/preview?move=8D%20WORD: a crossword play scored as if
 * it were played now, from the viewer's own rack, and not played.
 *
 * The page shows a running score while tiles are laid on the board.  The answer is
 * {"legal":true,"score":N,"words":["WORD",...],"bingo":BOOL}, or {"legal":false,"error":{"code":C,
 * "message":M}} with the refusal the play would get (PHONY, TILE_NOT_IN_RACK, ...): a word half
 * built is a question answered, not a failed request.  Only a player of the board may ask (NOT_A_PLAYER): the service scores
 * from that player's rack and nothing else hidden.  Nothing is written, so nothing is waited for
 * beyond the board's last change. */
#include <stdlib.h>
#include <string.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

static json_t *words_json(const lx_buf *words)
{
    json_t *a = json_array();
    const char *p = words->data ? words->data : "";
    while (a && *p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_array_append_new(a, json_stringn(p, n));
        p += n + (nl != NULL);
    }
    return a;
}

/* A refusal of the play itself (PHONY, TILE_NOT_IN_RACK, ...) answers the question "would it be
 * legal?" and is a 200; one of the request (no board, not a player, being read) is an error. */
static int play_refusal(const char *code)
{
    static const char *const request_errors[] = {"NOT_A_PLAYER", "NO_SUCH_BOARD", "WRONG_GAME", "GAME_OVER", "BUSY",
                                                 "INTERNAL"};
    if (!code)
        return 0;
    for (size_t i = 0; i < sizeof request_errors / sizeof request_errors[0]; i++)
        if (!strcmp(code, request_errors[i]))
            return 0;
    return 1;
}

void api_game_preview(http_call *c)
{
    struct evkeyvalq q;
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(c->req));
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in to score a play");
        return;
    }
    if (evhttp_parse_query_str(query ? query : "", &q) != 0) {
        call_error(c, "BAD_REQUEST", "the query string is not well formed");
        return;
    }
    const char *move = evhttp_find_header(&q, "move");
    size_t n = move ? strlen(move) : 0;
    int clean = n > 0 && n <= 200;
    for (size_t i = 0; clean && i < n; i++)
        clean = (unsigned char)move[i] >= 0x20 && move[i] != 0x7f;
    if (!clean) {
        evhttp_clear_headers(&q);
        call_error(c, "BAD_MOVE", "?move= is a play of 1 to 200 bytes: 8D WORD (across) or D8 WORD (down)");
        return;
    }
    svc_status st;
    long score = 0;
    int bingo = 0;
    lx_buf words = LX_BUF_INIT;
    svc_status_init(&st);
    if (svc_preview(c->d->s, c->user, c->board, move, &score, &bingo, &words, &st) != 0 && !play_refusal(st.code))
        call_fail(c, &st);
    else if (st.code) /* the question is answered: this play would be refused, and why */
        call_json(c, 200, json_pack("{s:b,s:{s:s,s:o}}", "legal", 0, "error", "code", st.code, "message",
                                    json_text(st.msg)), st.wait_seq);
    else
        call_json(c, 200, json_pack("{s:b,s:I,s:o,s:b}", "legal", 1, "score", (json_int_t)score, "words",
                                    words_json(&words), "bingo", bingo), st.wait_seq);
    lx_buf_free(&words);
    evhttp_clear_headers(&q);
}

/* http/api_consent.c - how games begin and what players offer, over HTTP:
 *   POST /api/v1/games/N/accept, /decline   answer the challenge or offer waiting for you
 *   POST /api/v1/games/N/draw, /takeback     offer a draw, ask to take back your last move
 *   POST /api/v1/games/N/rematch             a new game, the colours swapped -> 201 {"board":M}
 *   GET /api/v1/seeks?game=G, POST /api/v1/seeks {"game":G,"options":{...}}, POST /api/v1/join {"seek":ID}
 *   POST /api/v1/blocks {"user":U,"block":true|false}
 * The same service calls as the line protocol's accept, decline, draw, takeback,
 * rematch, seek, seeks, join, block and unblock. */
#include <string.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

static const json_field no_fields[] = {{NULL, 0, 0}};

static int logged_in(http_call *c, const json_field *fields)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in first");
        return 0;
    }
    return auth_check_csrf(c, 1) == 0 && json_body(c, fields) == 0;
}

void api_game_offer(http_call *c, const char *what)
{
    if (!logged_in(c, no_fields))
        return;
    svc_status st;
    svc_status_init(&st);
    int rc, agreed = 0;
    int64_t board = 0;
    const char *answered = "";
    json_t *o;
    if (!strcmp(what, "accept") || !strcmp(what, "decline")) {
        int yes = !strcmp(what, "accept");
        rc = svc_answer(c->d->s, c->user, c->board, yes, &answered, &st);
        o = json_pack("{s:s,s:b}", "answered", answered, "accepted", yes);
    } else if (!strcmp(what, "draw")) {
        rc = svc_offer_draw(c->d->s, c->user, c->board, &agreed, &st);
        o = json_pack("{s:s,s:b}", "offer", "draw", "agreed", agreed);
    } else if (!strcmp(what, "takeback")) {
        rc = svc_takeback(c->d->s, c->user, c->board, &st);
        o = json_pack("{s:s,s:b}", "offer", "takeback", "agreed", 0);
    } else {
        rc = svc_rematch(c->d->s, c->user, c->board, &board, &st);
        o = json_pack("{s:I}", "board", (json_int_t)board);
    }
    if (rc != 0) {
        json_decref(o);
        call_fail(c, &st);
        return;
    }
    c->wait_board = st.wait_board;
    call_json(c, board ? 201 : 200, o, st.wait_seq);
}

static const json_field seek_fields[] = {{"game", JSON_STRING, 1}, {"options", JSON_OBJECT, 0}, {NULL, 0, 0}};

void api_seek(http_call *c)
{
    if (!logged_in(c, seek_fields))
        return;
    proto_game kind = proto_game_of(json_str(c, "game"));
    char words[16][160], *argv[16];
    int argc;
    if (kind == G_NONE) {
        call_error(c, "UNKNOWN_GAME", "the games are twixt, hex, backgammon and crossword");
        return;
    }
    if (http_option_words(c, json_object_get(c->args, "options"), words, argv, &argc) != 0)
        return;
    int64_t id;
    svc_status st;
    svc_status_init(&st);
    if (svc_post_seek(c->d->s, c->user, kind, argc, argv, &id, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 201, json_pack("{s:I}", "seek", (json_int_t)id), st.wait_seq);
}

void api_seeks(http_call *c)
{
    struct evkeyvalq q;
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(c->req));
    if (evhttp_parse_query_str(query ? query : "", &q) != 0) {
        call_error(c, "BAD_REQUEST", "the query string is not well formed");
        return;
    }
    const char *game = evhttp_find_header(&q, "game");
    proto_game kind = game ? proto_game_of(game) : G_NONE;
    evhttp_clear_headers(&q);
    if (game && kind == G_NONE) {
        call_error(c, "UNKNOWN_GAME", "the games are twixt, hex, backgammon and crossword");
        return;
    }
    svc_seek k[100];
    long n = svc_seeks(c->d->s, kind, k, 100);
    json_t *list = json_array();
    for (long i = 0; i < n; i++)
        json_array_append_new(list, json_pack("{s:I,s:s,s:s,s:s}", "seek", (json_int_t)k[i].id, "game", k[i].kind,
                                              "user", k[i].user, "options", k[i].options));
    call_json(c, 200, json_pack("{s:o}", "seeks", list), 0);
}

static const json_field join_fields[] = {{"seek", JSON_INTEGER, 1}, {NULL, 0, 0}};

void api_join(http_call *c)
{
    if (!logged_in(c, join_fields))
        return;
    int64_t board;
    svc_status st;
    svc_status_init(&st);
    if (svc_join(c->d->s, c->user, (int64_t)json_int(c, "seek"), &board, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, board ? 201 : 200, json_pack("{s:o}", "board", board ? json_integer((json_int_t)board) : json_null()),
              st.wait_seq);
}

static const json_field block_fields[] = {{"user", JSON_STRING, 1}, {"block", JSON_TRUE, 1}, {NULL, 0, 0}};

void api_block(http_call *c)
{
    if (!logged_in(c, block_fields))
        return;
    svc_status st;
    svc_status_init(&st);
    int on = json_is_true(json_object_get(c->args, "block"));
    if (svc_block(c->d->s, c->user, json_str(c, "user"), on, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 200, json_pack("{s:s,s:b}", "user", json_str(c, "user"), "block", on), st.wait_seq);
}

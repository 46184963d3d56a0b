/* http/api_tournaments.c - the tournaments over HTTP: GET /api/v1/tournaments[?state=open|running|
 * finished], POST /api/v1/tournaments {name, game, format, options}, GET /api/v1/tournaments/ID,
 * POST /api/v1/tournaments/ID/join|leave|start.
 *
 * The same service calls as the line protocol's `tournament` and `tournaments`.  A new one's
 * options are a challenge's options object ({"size": 11}) plus the tournament's own settings in
 * it: {"players": "4-8", "start": "full"|"YYYY-MM-DD", "unrated": true, "rounds": "together",
 * "days": 3}. */
#include <stdlib.h>
#include <string.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

static const json_field no_fields[] = {{NULL, 0, 0}};
static const json_field new_fields[] = {{"name", JSON_STRING, 1}, {"game", JSON_STRING, 1}, {"format", JSON_STRING, 1},
                                        {"options", JSON_OBJECT, 0}, {NULL, 0, 0}};

static json_t *head_json(const svc_tournament *t)
{
    return json_pack("{s:I,s:o,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:b,s:b,s:s}", "id", (json_int_t)t->id, "name",
                     json_text(t->name), "game", t->game, "format", t->format, "state", t->state, "organizer",
                     t->organizer, "round", t->round, "players", t->players, "min_players", t->min_players,
                     "max_players", t->max_players, "rated", t->rated, "sequential", t->sequential, "options",
                     t->options);
}

static void list(http_call *c)
{
    struct evkeyvalq q;
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(c->req));
    if (evhttp_parse_query_str(query ? query : "", &q) != 0) {
        call_error(c, "BAD_REQUEST", "the query string is not well formed");
        return;
    }
    const char *word = evhttp_find_header(&q, "state");
    int state = word ? svc_tournament_state_of(word) : -1;
    evhttp_clear_headers(&q);
    if (word && state < 0) {
        call_error(c, "BAD_REQUEST", "state=open, running or finished");
        return;
    }
    svc_tournament *t = calloc(SVC_TOURNAMENTS_MAX, sizeof *t);
    svc_status st;
    svc_status_init(&st);
    long n = t ? svc_tournaments(c->d->s, c->user[0] ? c->user : NULL, state, t, SVC_TOURNAMENTS_MAX, &st) : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        free(t);
        call_fail(c, &st);
        return;
    }
    json_t *arr = json_array();
    for (long i = 0; i < n; i++) {
        json_t *o = head_json(&t[i]);
        if (c->user[0]) /* whether the one asking has entered it (the page offers Leave, not Join) */
            json_object_set_new(o, "entered", json_boolean(t[i].entered));
        json_array_append_new(arr, o);
    }
    free(t);
    call_json(c, 200, json_pack("{s:o}", "tournaments", arr), 0);
}

static void create(http_call *c)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in first");
        return;
    }
    if (auth_check_csrf(c, 1) != 0 || json_body(c, new_fields) != 0)
        return;
    char words[16][160], *argv[16];
    int argc;
    if (http_option_words(c, json_object_get(c->args, "options"), words, argv, &argc) != 0)
        return;
    int64_t id = 0;
    svc_status st;
    svc_status_init(&st);
    if (svc_tournament_new(c->d->s, c->user, json_str(c, "name"), json_str(c, "game"), json_str(c, "format"), argc,
                           argv, &id, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 201, json_pack("{s:I}", "id", (json_int_t)id), 0);
}

static json_t *view_json(const svc_tournament_view *v)
{
    json_t *o = head_json(&v->head), *rows = json_array(), *pairs = json_array();
    for (size_t i = 0; i < v->nrows; i++) {
        const svc_tournament_row *r = &v->rows[i];
        json_array_append_new(rows, json_pack("{s:i,s:s,s:f,s:[f,f],s:i,s:b}", "rank", r->rank, "user", r->user,
                                              "points", r->points, "tiebreak", r->tiebreak[0], r->tiebreak[1],
                                              "games", r->games, "withdrawn", r->withdrawn));
    }
    for (size_t i = 0; i < v->npairings; i++) {
        const svc_tournament_pairing *p = &v->pairings[i];
        json_t *e = json_pack("{s:i,s:i,s:s,s:s}", "round", p->round, "board", p->board, "first", p->first, "result",
                              p->result);
        json_object_set_new(e, "second", p->second[0] ? json_string(p->second) : json_null());
        json_object_set_new(e, "game", p->game ? json_integer(p->game) : json_null());
        json_array_append_new(pairs, e);
    }
    json_object_set_new(o, "standings", rows);
    json_object_set_new(o, "pairings", pairs);
    return o;
}

static void show(http_call *c, int64_t id)
{
    svc_tournament_view v;
    svc_status st;
    svc_status_init(&st);
    if (svc_tournament_show(c->d->s, id, &v, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    json_t *o = view_json(&v);
    svc_tournament_view_free(&v);
    call_json(c, 200, o, 0);
}

static void act(http_call *c, int64_t id, const char *what)
{
    int (*call)(srv *, const char *, int64_t, svc_status *) = !strcmp(what, "join") ? svc_tournament_join
                                                            : !strcmp(what, "leave") ? svc_tournament_leave
                                                            : svc_tournament_start;
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in first");
        return;
    }
    if (auth_check_csrf(c, 1) != 0 || json_body(c, no_fields) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    if (call(c->d->s, c->user, id, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 200, json_pack("{s:I,s:s}", "id", (json_int_t)id, "done", what), 0);
}

void api_tournaments(http_call *c, const char *rest, int post)
{
    if (!rest[0]) {
        post ? create(c) : list(c);
        return;
    }
    char *end;
    long long id = rest[0] == '/' && rest[1] >= '1' && rest[1] <= '9' ? strtoll(rest + 1, &end, 10) : 0;
    if (id <= 0) {
        call_error(c, "NOT_FOUND", "there is nothing at this address");
    } else if (!*end) {
        post ? call_error(c, "METHOD_NOT_ALLOWED", "this address does not take that method") : show(c, id);
    } else if (!strcmp(end, "/join") || !strcmp(end, "/leave") || !strcmp(end, "/start")) {
        post ? act(c, id, end + 1) : call_error(c, "METHOD_NOT_ALLOWED", "this address does not take that method");
    } else {
        call_error(c, "NOT_FOUND", "there is nothing at this address");
    }
}

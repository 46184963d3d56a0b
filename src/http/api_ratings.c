/* http/api_ratings.c - GET /api/v1/ratings?game=G[&user=U] and GET /api/v1/standings?game=G.
 *
 * The same Glicko-2 ratings as the line protocol's `ratings` and
 * `standings`: one entry per class of the game (Hex by board size,
 * Backgammon by match length), provisional while the deviation is over 110.
 * &history=N (1 to 100) adds each class's last N ratings as rated games' ends left
 * them, newest first ({id, at, board, rating, rd}); &before=ID pages back (ids below it). */
#include <stdlib.h>
#include <string.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

#define STANDINGS_MAX 100
#define HISTORY_MAX 100

static json_t *rating_json(const char *cls, const svc_rating *r, int with_user)
{
    json_t *o = json_pack("{s:s,s:f,s:f,s:f,s:i,s:b}", "class", cls, "rating", r->r, "rd", r->rd, "volatility",
                          r->sigma, "games", r->games, "provisional", r->rd > SVC_PROVISIONAL_RD);
    if (with_user)
        json_object_set_new(o, "user", json_string(r->user));
    return o;
}

/* The game named in the query (its classes in *classes), or 0 answered with an error. */
static int query_game(http_call *c, struct evkeyvalq *q, const char *const **classes, const char **game)
{
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(c->req));
    if (evhttp_parse_query_str(query ? query : "", q) != 0) {
        call_error(c, "BAD_REQUEST", "the query string is not well formed");
        return 0;
    }
    *game = evhttp_find_header(q, "game");
    int n = *game && proto_game_of(*game) != G_NONE ? ratings_classes(proto_game_of(*game), classes) : 0;
    if (!n) {
        evhttp_clear_headers(q);
        call_error(c, "UNKNOWN_GAME", "say which game: ?game=twixt, hex, backgammon or crossword");
    }
    return n;
}

/* ?history=N: 0 absent, N in 1..HISTORY_MAX, -1 anything else. */
static long history_wanted(const char *v)
{
    if (!v)
        return 0;
    char *end;
    long n = strtol(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end && n >= 1 && n <= HISTORY_MAX ? n : -1;
}

/* Each class's history (newest first) put in its entry of list: 0, or -1 answered with an error. */
static int history_json(http_call *c, const char *name, const char *game, long cap, int64_t before, json_t *list)
{
    svc_rating_point *p = calloc((size_t)SVC_CLASSES_MAX * (size_t)cap, sizeof *p);
    long k[SVC_CLASSES_MAX];
    svc_status st;
    svc_status_init(&st);
    int n = p ? svc_rating_history(c->d->s, name, proto_game_of(game), before, p, (size_t)cap, k, &st)
              : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        free(p);
        call_fail(c, &st);
        return -1;
    }
    for (int i = 0; i < n && i < (int)json_array_size(list); i++) {
        json_t *entry = json_array_get(list, (size_t)i), *h = json_array();
        for (long j = 0; j < k[i]; j++) {
            const svc_rating_point *q = &p[(size_t)i * (size_t)cap + (size_t)j];
            json_array_append_new(h, json_pack("{s:I,s:I,s:I,s:f,s:f}", "id", (json_int_t)q->id, "at",
                                               (json_int_t)q->at, "board", (json_int_t)q->board, "rating", q->r,
                                               "rd", q->rd));
        }
        json_object_set_new(entry, "history", h); /* class i's entry: ratings_classes' order both */
    }
    free(p);
    return 0;
}

void api_ratings(http_call *c)
{
    struct evkeyvalq q;
    const char *const *classes, *game;
    int n = query_game(c, &q, &classes, &game);
    if (!n)
        return;
    const char *user = evhttp_find_header(&q, "user"), *before = evhttp_find_header(&q, "before");
    char name[SVC_NAME_MAX + 1];
    long history = history_wanted(evhttp_find_header(&q, "history"));
    if (history < 0) {
        call_error(c, "BAD_REQUEST", "history=N wants a number of ratings from 1 to %d", HISTORY_MAX);
    } else if (before && (strspn(before, "0123456789") != strlen(before) || !*before || strlen(before) > 18)) {
        call_error(c, "BAD_REQUEST", "before=ID wants the id of a rating in the history (digits)");
    } else if (!user && !c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "whose? ?user=U, or log in");
    } else if (!svc_user_exists(c->d->s, user ? user : c->user, name)) {
        call_error(c, "NO_SUCH_USER", "there is no user '%.40s'", user);
    } else {
        json_t *list = json_array();
        for (int i = 0; i < n; i++) {
            svc_rating r;
            if (svc_rating_of(c->d->s, name, classes[i], &r) == 0)
                json_array_append_new(list, rating_json(classes[i], &r, 0));
        }
        if (history > 0 && history_json(c, name, game, history, before ? strtoll(before, NULL, 10) : 0, list) != 0) {
            json_decref(list);
            evhttp_clear_headers(&q);
            return;
        }
        call_json(c, 200, json_pack("{s:s,s:s,s:o}", "game", game, "user", name, "ratings", list), 0);
    }
    evhttp_clear_headers(&q);
}

void api_standings(http_call *c)
{
    struct evkeyvalq q;
    const char *const *classes, *game;
    if (!query_game(c, &q, &classes, &game))
        return;
    svc_rating *r = calloc(SVC_CLASSES_MAX * STANDINGS_MAX, sizeof *r);
    long k[SVC_CLASSES_MAX];
    svc_status st;
    svc_status_init(&st);
    int n = r ? svc_standings(c->d->s, proto_game_of(game), r, STANDINGS_MAX, k, &st)
              : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        call_fail(c, &st);
    } else {
        json_t *by_class = json_object();
        for (int i = 0; i < n; i++) {
            json_t *list = json_array();
            for (long j = 0; j < k[i]; j++)
                json_array_append_new(list, rating_json(classes[i], &r[i * STANDINGS_MAX + j], 1));
            json_object_set_new(by_class, classes[i], list);
        }
        call_json(c, 200, json_pack("{s:s,s:o}", "game", game, "standings", by_class), 0);
    }
    free(r);
    evhttp_clear_headers(&q);
}

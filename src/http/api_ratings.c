/* http/api_ratings.c - GET /api/v1/ratings?game=G[&user=U] and GET /api/v1/standings?game=G.
 *
 * The same Glicko-2 ratings as the line protocol's `ratings` and
 * `standings`: one entry per class of the game (Hex by board size,
 * Backgammon by match length), provisional while the deviation is over 110. */
#include <stdlib.h>
#include <string.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

#define STANDINGS_MAX 100

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

void api_ratings(http_call *c)
{
    struct evkeyvalq q;
    const char *const *classes, *game;
    int n = query_game(c, &q, &classes, &game);
    if (!n)
        return;
    const char *user = evhttp_find_header(&q, "user");
    char name[SVC_NAME_MAX + 1];
    if (!user && !c->user[0]) {
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

/* http/api_game.c - the game endpoints: list, challenge, state, moves and actions, record.
 * A move may carry a "comment" (kept with the move; in the state's move list and the record).
 *
 * Every rule is the service's: these handlers check the JSON's shape, call
 * the service and write its answer as JSON.  A game's state is written for
 * its viewer: a crossword rack only to the player who holds it, the drawing
 * never with a rack, and the actions only for the player whose turn it is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

/* ---- the state of a game --------------------------------------------------------------- */
static json_t *moves_json(const srv_game *sg, const svc_game_info *g, int viewer)
{
    json_t *a = json_array();
    lx_buf text = LX_BUF_INIT;
    for (size_t i = 0; a && i < g->nmoves; i++) {
        char colour[8];
        int seat;
        lx_buf_clear(&text);
        svc_game_move(sg, i, viewer, colour, &seat, &text);
        json_t *m = json_pack("{s:I,s:s,s:s,s:o}", "n", (json_int_t)(i + 1), "colour", colour, "player",
                              g->player[seat], "move", json_text(text.data ? text.data : ""));
        const char *comment = svc_game_move_comment(sg, i);
        if (m && comment)
            json_object_set_new(m, "comment", json_text(comment));
        json_array_append_new(a, m);
    }
    lx_buf_free(&text);
    return a;
}

static json_t *actions_json(unsigned acts)
{
    static const char *const names[] = {"move", "swap", "resign", "roll", "double", "take", "drop"};
    json_t *a = json_array();
    for (unsigned i = 0; a && i < sizeof names / sizeof names[0]; i++)
        if (acts & (1u << i))
            json_array_append_new(a, json_string(names[i]));
    return a;
}

static json_t *drawing(const srv_game *sg, int seat, int svg)
{
    lx_buf d = LX_BUF_INIT;
    int rc = svg ? svc_game_svg(sg, seat, &d) : svc_game_draw(sg, seat, 2, &d);
    json_t *v = rc == 0 ? json_text(d.data ? d.data : "") : json_null();
    lx_buf_free(&d);
    return v;
}

/* The scoreboard's public figures: {"score":[..]} (crossword points, backgammon match points with
 * "match"), {"pips":[..]}, {"bag":N,"unseen":N} (counts of tiles, never which). */
static json_t *scoreboard_json(const srv_game *sg, int seat)
{
    svc_scoreboard b;
    svc_game_scoreboard(sg, seat, &b);
    json_t *o = json_object();
    if (o && b.has_score)
        json_object_set_new(o, "score", json_pack("[I,I]", (json_int_t)b.score[0], (json_int_t)b.score[1]));
    if (o && b.has_pips) {
        json_object_set_new(o, "pips", json_pack("[i,i]", b.pips[0], b.pips[1]));
        json_object_set_new(o, "match", json_integer(b.match_length));
    }
    if (o && b.has_bag) {
        json_object_set_new(o, "bag", json_integer(b.bag));
        json_object_set_new(o, "unseen", json_integer(b.unseen));
    }
    return o;
}

/* "A 1\nB 3\n..." into {"A":1,"B":3,...}. */
static json_t *tile_values_json(const lx_buf *lines)
{
    json_t *o = json_object();
    char label[16];
    int value, used;
    for (const char *p = lines->data ? lines->data : ""; o && sscanf(p, "%15s %d%n", label, &value, &used) == 2; p += used)
        json_object_set_new(o, label, json_integer(value));
    return o;
}

/* What only some games have: the viewer's own rack, the dice and the cube; the scoreboard and
 * the tiles' values. */
static void game_extras(json_t *o, const srv_game *sg, int seat)
{
    lx_buf rack = LX_BUF_INIT;
    if (seat >= 0 && svc_game_rack(sg, seat, &rack) == 0)
        json_object_set_new(o, "rack", json_text(rack.data ? rack.data : ""));
    lx_buf_free(&rack);
    int dice[2], cube;
    if (svc_game_dice(sg, dice, &cube) == 0) {
        json_object_set_new(o, "dice", dice[0] ? json_pack("[i,i]", dice[0], dice[1]) : json_array());
        json_object_set_new(o, "cube", json_integer(cube));
    }
    json_object_set_new(o, "scoreboard", scoreboard_json(sg, seat));
    lx_buf values = LX_BUF_INIT;
    if (svc_game_tile_values(sg, &values) == 0)
        json_object_set_new(o, "tile_values", tile_values_json(&values));
    lx_buf_free(&values);
}

json_t *game_state_json(srv *s, srv_game *sg, const char *viewer, int full)
{
    (void)s;
    svc_game_info g;
    svc_game_describe(sg, &g);
    int seat = svc_game_seat_of(sg, viewer && viewer[0] ? viewer : NULL);
    json_t *o = json_pack("{s:I,s:s,s:[s,s],s:[s,s],s:o,s:o,s:I,s:o,s:b,s:o,s:o,s:o}", "board", (json_int_t)g.board,
                          "game", g.name, "players", g.player[0], g.player[1], "colours", g.colour[0], g.colour[1],
                          "to_move", g.to_move >= 0 ? json_string(g.player[g.to_move]) : json_null(), "to_move_seat",
                          g.to_move >= 0 ? json_integer(g.to_move) : json_null(), "moves_played", (json_int_t)g.nmoves,
                          "result", g.result[0] ? json_string(g.result) : json_null(), "over", g.result[0] != 0,
                          "viewer", seat >= 0 || (viewer && viewer[0]) ? json_string(viewer) : json_null(),
                          "viewer_seat", seat >= 0 ? json_integer(seat) : json_null(), "actions",
                          actions_json(svc_game_actions(sg, seat)));
    if (o) { /* the clock: absolute, so a cached state stays true until the game changes */
        json_object_set_new(o, "deadline", g.deadline ? json_integer((json_int_t)g.deadline) : json_null());
        json_object_set_new(o, "reminded", json_boolean(g.reminded));
        json_object_set_new(o, "waiting_for", g.waiting >= 0 ? json_string(g.player[g.waiting]) : json_null());
        int by;
        const char *offer = svc_game_offer(sg, &by);
        json_object_set_new(o, "offer", offer ? json_pack("{s:s,s:s}", "kind", offer, "by", g.player[by]) : json_null());
        json_object_set_new(o, "options", json_text(g.options));
        json_object_set_new(o, "public_chat", json_boolean(g.public_chat));
    }
    if (o && full) {
        json_object_set_new(o, "moves", moves_json(sg, &g, seat));
        json_object_set_new(o, "svg", drawing(sg, seat, 1));
        json_object_set_new(o, "text", drawing(sg, seat, 0));
    }
    if (o)
        game_extras(o, sg, seat);
    return o;
}

/* ---- GET /api/v1/games/N ----------------------------------------------------------------- */
static srv_game *the_game(http_call *c, svc_status *st)
{
    svc_status_init(st);
    srv_game *sg = svc_game(c->d->s, c->board, G_NONE, st);
    if (!sg)
        call_fail(c, st);
    return sg;
}

/* The state anyone not logged in sees, from the cache while the game has not changed. */
static void anonymous_state(http_call *c, srv_game *sg, uint64_t wait_seq)
{
    svc_game_info g;
    svc_game_describe(sg, &g);
    state_cache *slot = &c->d->states[(uint64_t)g.board % HTTP_STATE_CACHE];
    if (!slot->json || slot->board != g.board || slot->version != g.version) {
        json_t *o = game_state_json(c->d->s, sg, NULL, 1);
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        if (!text) {
            call_error(c, "INTERNAL", "out of memory");
            return;
        }
        free(slot->json);
        *slot = (state_cache){g.board, g.version, text};
    }
    call_json_text(c, slot->json, wait_seq);
}

void api_game_state(http_call *c)
{
    svc_status st;
    srv_game *sg = the_game(c, &st);
    if (sg && !c->user[0])
        anonymous_state(c, sg, st.wait_seq);
    else if (sg)
        call_json(c, 200, game_state_json(c->d->s, sg, c->user, 1), st.wait_seq);
}

void state_cache_free(http_door *d)
{
    for (size_t i = 0; i < HTTP_STATE_CACHE; i++)
        free(d->states[i].json);
}

/* ---- POST /api/v1/games/N/moves, /swap, /resign, /roll, /double, /take, /drop --------------- */
static const json_field move_fields[] = {{"move", JSON_STRING, 1}, {"n", JSON_INTEGER, 0}, {"comment", JSON_STRING, 0},
                                         {NULL, 0, 0}};
static const json_field action_fields[] = {{"n", JSON_INTEGER, 0}, {NULL, 0, 0}};
static const json_field resign_fields[] = {{"n", JSON_INTEGER, 0}, {"kind", JSON_STRING, 0}, {NULL, 0, 0}};

static void play_parsed(http_call *c, const char *action);

/* {"n","colour","player","move"} of the answer the mover's opponent's conditional moves gave. */
static json_t *answer_json(const srv_game *sg, const char *mover, const svc_played *p)
{
    svc_game_info g;
    svc_game_describe(sg, &g);
    const char *by = g.player[strcmp(g.player[0], mover) ? 0 : 1];
    return json_pack("{s:I,s:s,s:s,s:o}", "n", (json_int_t)p->answer_n, "colour", p->answer_colour, "player", by,
                     "move", json_text(p->answer_shown.data ? p->answer_shown.data : ""));
}

void api_game_play(http_call *c, const char *action)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in to play");
        return;
    }
    int resign = action && !strcmp(action, "resign");
    if (auth_check_csrf(c, 1) != 0 ||
        json_body(c, !action ? move_fields : resign ? resign_fields : action_fields) != 0)
        return;
    play_parsed(c, action);
}

/* 1 + the game of the call's board (for the metrics), 0 when it is not held. */
static int played_kind(http_call *c, svc_status *st)
{
    svc_game_info g;
    srv_game *sg = svc_game(c->d->s, c->board, G_NONE, st);
    if (!sg)
        return 0;
    svc_game_describe(sg, &g);
    return 1 + (int)g.kind;
}

/* The move of a request whose body is read (c->args). */
static void play_parsed(http_call *c, const char *action)
{
    char text[SVC_MOVE_MAX + 64]; /* a longer move is cut, still over SVC_MOVE_MAX: the service says BAD_MOVE */
    const char *kind = json_str(c, "kind");
    snprintf(text, sizeof text, "%s%s%s", action ? action : json_str(c, "move"), kind ? " " : "", kind ? kind : "");
    long long n = json_int(c, "n");
    if (n < 0 || n > 1000000) {
        call_error(c, "BAD_REQUEST", "\"n\" is a move number from 1");
        return;
    }
    svc_status st;
    svc_played played = {0};
    svc_status_init(&st);
    if (svc_play_commented(c->d->s, c->user, c->board, G_NONE, text, (long)n, action ? NULL : json_str(c, "comment"),
                           &played, &st) != 0) {
        svc_played_free(&played);
        call_fail(c, &st);
        return;
    }
    /* the new state without the drawings and the move list: a bot needs neither, a page GETs them */
    json_t *o = game_state_json(c->d->s, svc_game(c->d->s, c->board, G_NONE, &st), c->user, 0);
    if (o && !played.state_only) {
        json_t *m = json_pack("{s:I,s:s,s:s,s:o}", "n", (json_int_t)played.n, "colour", played.colour, "player",
                              c->user, "move", json_text(played.shown.data ? played.shown.data : ""));
        const char *comment = svc_game_move_comment(svc_game(c->d->s, c->board, G_NONE, &st), played.n - 1);
        if (m && comment)
            json_object_set_new(m, "comment", json_text(comment));
        json_object_set_new(o, "move", m);
    }
    if (o && played.answer_n) /* the opponent's conditional answer, played with it */
        json_object_set_new(o, "answer", answer_json(svc_game(c->d->s, c->board, G_NONE, &st), c->user, &played));
    if (!played.state_only) /* counted in the metrics once answered 200 (call.c) */
        c->played = played_kind(c, &st);
    svc_played_free(&played);
    c->wait_board = st.wait_board;
    call_json(c, 200, o, st.wait_seq);
}

/* ---- GET /api/v1/games/N/record ------------------------------------------------------------ */
void api_game_record(http_call *c)
{
    svc_status st;
    srv_game *sg = the_game(c, &st);
    if (!sg)
        return;
    svc_game_info g;
    svc_game_describe(sg, &g);
    lx_buf_clear(&c->body);
    if (svc_game_record(sg, NULL, &c->body, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    int gcg = g.kind == G_CROSSWORD;
    c->content_type = gcg ? "text/plain; charset=utf-8" : "application/x-go-sgf; charset=utf-8";
    snprintf(c->disposition, sizeof c->disposition, "attachment; filename=\"ludex-%lld.%s\"", (long long)g.board,
             gcg ? "gcg" : "sgf");
    call_answer(c, st.wait_seq);
}

/* ---- GET /api/v1/games ------------------------------------------------------------------------- */
static json_t *summary_json(srv *s, int64_t id, svc_status *st)
{
    svc_game_info g;
    srv_game *sg = svc_game(s, id, G_NONE, st);
    if (!sg) /* another server changed it since the list: being read, and the request runs again */
        return NULL;
    svc_game_describe(sg, &g);
    long left = svc_game_time_left(s, sg);
    json_t *o = json_pack("{s:I,s:s,s:[s,s],s:o,s:I,s:o,s:o,s:o}", "board", (json_int_t)g.board, "game", g.name, "players",
                     g.player[0], g.player[1], "to_move", g.to_move >= 0 ? json_string(g.player[g.to_move]) : json_null(),
                     "moves", (json_int_t)g.nmoves, "result", g.result[0] ? json_string(g.result) : json_null(),
                     "deadline", g.deadline ? json_integer((json_int_t)g.deadline) : json_null(), "time_left",
                     left >= 0 ? json_integer(left) : json_null());
    if (o) {
        json_object_set_new(o, "reminded", json_boolean(g.reminded));
        json_object_set_new(o, "waiting_for", g.waiting >= 0 ? json_string(g.player[g.waiting]) : json_null());
    }
    return o;
}

void api_games_list(http_call *c)
{
    struct evkeyvalq q;
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(c->req));
    if (evhttp_parse_query_str(query ? query : "", &q) != 0) {
        call_error(c, "BAD_REQUEST", "the query string is not well formed");
        return;
    }
    const char *user = evhttp_find_header(&q, "user"), *f = evhttp_find_header(&q, "filter");
    svc_filter filter = SVC_ALL;
    svc_status st;
    svc_status_init(&st);
    int64_t ids[200];
    long n = -1;
    if (f && !svc_filter_of(f, &filter))
        svc_fail(&st, "BAD_REQUEST", "filter is next, active, pending, finished or all");
    else
        n = svc_games_list_request(c->d->s, G_NONE, user ? user : c->user[0] ? c->user : NULL, filter, ids, 200, &st);
    const char *who = user ? user : c->user;
    json_t *mine = json_array(), *rest = json_array(); /* the games where it is the user's turn come first */
    for (long i = 0; i < n; i++) {
        json_t *one = summary_json(c->d->s, ids[i], &st);
        if (!one)
            continue;
        const char *tm = json_string_value(json_object_get(one, "to_move"));
        json_array_append_new(tm && who[0] && !strcmp(tm, who) ? mine : rest, one);
    }
    evhttp_clear_headers(&q);
    if (n < 0) {
        json_decref(mine);
        json_decref(rest);
        call_fail(c, &st);
        return;
    }
    json_array_extend(mine, rest);
    json_decref(rest);
    call_json(c, 200, json_pack("{s:o}", "games", mine), st.wait_seq);
}

/* ---- POST /api/v1/games ---------------------------------------------------------------------- */
/* {"size":"11","noswap":true} into "-size=11" "-noswap"; -1 (answered) on a bad option. */
int http_option_words(http_call *c, json_t *opts, char words[16][160], char *argv[16], int *argc)
{
    const char *key;
    json_t *v;
    *argc = 0;
    json_object_foreach(opts, key, v) {
        if (*argc == 16 || strlen(key) > 40 || strspn(key, "abcdefghijklmnopqrstuvwxyz") != strlen(key) || !key[0]) {
            call_error(c, "BAD_OPTION", "options are at most 16 lower-case names");
            return -1;
        }
        char *w = words[*argc];
        if (json_is_true(v))
            snprintf(w, 160, "-%s", key);
        else if (json_is_string(v) && strlen(json_string_value(v)) < 100 && !strchr(json_string_value(v), ' '))
            snprintf(w, 160, "-%s=%s", key, json_string_value(v));
        else if (json_is_integer(v))
            snprintf(w, 160, "-%s=%lld", key, (long long)json_integer_value(v));
        else if (json_is_false(v))
            continue;
        else {
            call_error(c, "BAD_OPTION", "option \"%s\" is a short string, a number, true or false", key);
            return -1;
        }
        argv[*argc] = w;
        (*argc)++;
    }
    return 0;
}

static const json_field challenge_fields[] = {{"game", JSON_STRING, 1}, {"opponent", JSON_STRING, 1},
                                              {"first", JSON_STRING, 0}, {"options", JSON_OBJECT, 0}, {NULL, 0, 0}};

void api_games_create(http_call *c)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in to challenge");
        return;
    }
    if (auth_check_csrf(c, 1) != 0 || json_body(c, challenge_fields) != 0)
        return;
    proto_game kind = proto_game_of(json_str(c, "game"));
    const char *opp = json_str(c, "opponent"), *first = json_str(c, "first");
    if (kind == G_NONE) {
        call_error(c, "UNKNOWN_GAME", "the games are twixt, hex, backgammon and crossword");
        return;
    }
    if (first && strcmp(first, c->user) && strcmp(first, opp)) {
        call_error(c, "BAD_REQUEST", "\"first\" is you or your opponent");
        return;
    }
    char words[16][160], *argv[16];
    int argc;
    if (http_option_words(c, json_object_get(c->args, "options"), words, argv, &argc) != 0)
        return;
    int opp_first = first && !strcmp(first, opp) && strcmp(first, c->user);
    svc_status st;
    int64_t board;
    svc_status_init(&st);
    if (svc_challenge(c->d->s, c->user, kind, opp_first ? opp : c->user, opp_first ? c->user : opp, argc, argv, &board,
                      &st) != 0) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 201, json_pack("{s:I}", "board", (json_int_t)board), st.wait_seq);
}

/* service/games.c - games held in memory, loaded from the store on first use.
 *
 * A game is loaded by replaying its stored moves through its rules; from
 * then on memory is the truth and every change also goes to the commit
 * queue.  A move and the hidden state after it (backgammon's next roll) may
 * land in two batches: when a crash came between them, the load does what
 * the server does between turns (rolls) and saves it.  Ids come from the
 * store in blocks (ids.c), so a challenge knows its board's id before the
 * commit, and no other server on the database has it.
 *
 * Every write of a game is conditional on the game's version (store_op's
 * guard): a token, unique to this server (its instance number in the high
 * half), that each write replaces.  A write computed from a version another
 * server has replaced is refused by the store; the loop then reloads the
 * game (games_reload) and the mover's command runs again on fresh memory.
 *
 * The map is a cache with a budget (game_cache.c): games_trim drops the least recently used
 * games nothing pins, and a dropped game is read again on its next use like one never held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/model.h"
#include "service/conditional.h"

const srv_rules *rules_for(proto_game kind)
{
    switch (kind) {
    case G_TWIXT: return &rules_twixt;
    case G_HEX: return &rules_hex;
    case G_BACKGAMMON: return &rules_backgammon;
    case G_CROSSWORD: return &rules_crossword;
    default: return NULL;
    }
}

static void game_free(void *p)
{
    srv_game *sg = p;
    if (!sg)
        return;
    if (sg->g)
        sg->rules->destroy(sg->g);
    for (size_t i = 0; i < sg->nmoves; i++)
        free(sg->moves[i].text), free(sg->moves[i].comment);
    free(sg->moves);
    conditional_free(sg);
    free(sg->options);
    free(sg->state_text);
    for (svc_watch *w = sg->watchers; w; w = w->next) /* the doors own them */
        w->linked = 0;
    free(sg);
}

void games_free_all(srv *s) { map_free(model_of(s)->games, game_free); }

static srv_game *game_new(proto_game kind, int64_t id, const char *p1, const char *p2, const char *options,
                          const char *state)
{
    srv_game *sg = calloc(1, sizeof *sg);
    if (!sg)
        return NULL;
    sg->id = id;
    sg->clock.seat = -1;
    sg->kind = kind;
    sg->rules = rules_for(kind);
    snprintf(sg->player[0], sizeof sg->player[0], "%s", p1);
    snprintf(sg->player[1], sizeof sg->player[1], "%s", p2);
    sg->options = strdup(options);
    sg->state_text = strdup(state);
    if (!sg->options || !sg->state_text) {
        game_free(sg);
        return NULL;
    }
    return sg;
}

static int put_game(srv *s, srv_game *sg)
{
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)sg->id);
    if (map_put(model_of(s)->games, key, sg) != 0)
        return -1;
    game_cache_add(s, sg);
    return 0;
}

srv_game *games_create(srv *s, int64_t id, proto_game kind, const char *p1, const char *p2, const char *options,
                       void *g, const char *state)
{
    if (!id)
        id = ids_next(s, IDS_GAMES);
    srv_game *sg = id > 0 ? game_new(kind, id, p1, p2, options, state) : NULL;
    if (!sg)
        return NULL;
    sg->version = games_new_version(s);
    sg->g = g;
    if (put_game(s, sg) != 0) {
        sg->g = NULL;
        game_free(sg);
        return NULL;
    }
    return sg;
}

static int replay_one(void *ctx, const store_move *m)
{
    srv_game *sg = ctx;
    char colour[8] = "";
    if (sg->rules->replay(sg->g, m->seat, m->text, colour) != 0)
        return -1;
    return games_append_move(sg, m->seat, m->text, colour);
}

/* The game as store `st` has it, not yet in the map: NULL when it has none (*unread set when
 * the store could not be read at all: a database away).  On the loop (bridge_of(s)->rstore) or on the
 * store thread (its own connection): it touches nothing of s but the log. */
static srv_game *load_fresh(srv *s, store *st, int64_t id, int *unread)
{
    store_game row;
    int found = st->be->game_get(st, id, &row);
    *unread = found < 0;
    if (found != 1)
        return NULL;
    proto_game kind = proto_game_of(row.kind);
    srv_game *sg = kind == G_NONE ? NULL : game_new(kind, id, row.player[0], row.player[1], row.options, "");
    lx_game_error err;
    lx_game_error_init(&err);
    if (sg && !(sg->g = sg->rules->create(row.options, &err)))
        srv_log(s, "board %lld: cannot make the game: %s", (long long)id, err.message.data ? err.message.data : "");
    lx_game_error_free(&err);
    if (sg && sg->g && (st->be->moves_each(st, id, replay_one, sg) != 0 || comments_load(st, sg) != 0 ||
                          conditional_load(st, sg) != 0)) {
        srv_log(s, "board %lld: a stored move does not replay", (long long)id);
        game_free(sg);
        sg = NULL;
    }
    if (sg && sg->g && sg->rules->restore(sg->g, row.state) != 0) {
        srv_log(s, "board %lld: bad hidden state", (long long)id);
        game_free(sg);
        sg = NULL;
    }
    if (sg && sg->g) {
        free(sg->state_text);
        sg->state_text = strdup(sg->rules->state(sg->g));
        clock_restore(sg, &row);
        sg->version = row.version;
    }
    if (sg && (!sg->g || !sg->state_text)) {
        game_free(sg);
        sg = NULL;
    }
    store_game_clear(&row);
    return sg;
}

/* The state as stored, then settled: dice a crash (or a refused commit) lost before they were saved. */
static void settle_loaded(srv *s, srv_game *sg)
{
    uint64_t seq;
    if (games_settle(s, sg, &seq) != 0)
        srv_log(s, "board %lld: cannot save its new hidden state", (long long)sg->id);
}

static srv_game *load(srv *s, int64_t id)
{
    int unread;
    model_of(s)->cache.misses++;
    srv_game *sg = load_fresh(s, bridge_of(s)->rstore, id, &unread);
    if (sg && put_game(s, sg) != 0) {
        game_free(sg);
        return NULL;
    }
    if (sg)
        settle_loaded(s, sg);
    return sg;
}

/* Move the fresh game's play into sg, keeping sg's identity and watchers. */
static void take_play(srv_game *sg, srv_game *fresh)
{
    srv_game old = *sg;
    sg->g = fresh->g;
    sg->moves = fresh->moves;
    sg->nmoves = fresh->nmoves;
    sg->cap = fresh->cap;
    sg->state_text = fresh->state_text;
    sg->clock = fresh->clock;
    memcpy(sg->forced_result, fresh->forced_result, sizeof sg->forced_result);
    sg->waiting = fresh->waiting;
    sg->waiting_until = fresh->waiting_until;
    memcpy(sg->offer, fresh->offer, sizeof sg->offer);
    sg->version = fresh->version;
    conditional_take(sg, fresh);
    sg->changes++;
    fresh->g = old.g;
    fresh->moves = old.moves;
    fresh->nmoves = old.nmoves;
    fresh->cap = old.cap;
    fresh->state_text = old.state_text;
    fresh->watchers = NULL;
    game_free(fresh);
}

static srv_game *held(srv *s, int64_t id)
{
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)id);
    srv_game *sg = map_get(model_of(s)->games, key);
    if (sg)
        game_cache_touch(s, sg);
    return sg;
}

/* sg as the store has it now (fresh, or NULL with unread set: read by load_fresh). */
static void take_fresh(srv *s, srv_game *sg, srv_game *fresh, int unread)
{
    sg->stale = unread;
    sg->quiet = sg->quiet && unread;
    if (!fresh) {
        sg->gone = !unread;
        sg->changes++;
        return;
    }
    take_play(sg, fresh);
    settle_loaded(s, sg);
}

void games_reload(srv *s, int64_t id)
{
    srv_game *sg = held(s, id);
    if (!sg)
        return;
    int unread;
    srv_game *fresh = load_fresh(s, bridge_of(s)->rstore, id, &unread);
    take_fresh(s, sg, fresh, unread);
}

void games_conflict(srv *s, int64_t id)
{
    srv_game *sg = held(s, id);
    if (!bridge_of(s)->dbj || !sg) {
        games_reload(s, id);
        return;
    }
    sg->stale = 1; /* read on its next use: off the loop by a request that runs again */
    sg->changes++;
}

void games_refused(srv *s, int64_t id)
{
    srv_game *sg = held(s, id);
    if (!sg)
        return;
    if (bridge_of(s)->dbj) {
        sg->stale = 1;
        sg->changes++;
    }
    games_read(s, id);
}

/* ---- reads off the loop (dbjobs.c) ---------------------------------------------------- */
typedef struct game_read {
    db_job base;
    srv *s;
    int64_t id;
    srv_game *fresh;
    int unread;
    void (*then)(srv *s, int64_t id); /* games_read_then's */
} game_read;

static void read_run(store *st, db_job *d)
{
    game_read *r = (game_read *)d;
    r->fresh = load_fresh(r->s, st, r->id, &r->unread);
}

static void read_discard(db_job *d)
{
    game_free(((game_read *)d)->fresh);
    free(d);
}

srv_game *games_load(srv *s, store *st, int64_t id, int *unread) { return load_fresh(s, st, id, unread); }

void games_drop_read(srv_game *fresh) { game_free(fresh); }

void games_put_read(srv *s, int64_t id, srv_game *fresh, int unread)
{
    srv_game *sg = held(s, id);
    model_of(s)->reads++;
    model_of(s)->cache.misses += !sg;
    if (!sg && fresh && put_game(s, fresh) == 0) {
        settle_loaded(s, fresh);
        fresh = NULL;
    } else if (sg && sg->stale && sg->write_seq <= bridge_of(s)->committed) {
        int quiet = sg->quiet; /* only hidden changes made it stale: nothing to tell */
        take_fresh(s, sg, fresh, unread);
        fresh = NULL;
        if (sg->watchers && !sg->stale && !sg->gone && !quiet && model_of(s)->game_read_again)
            model_of(s)->game_read_again(s, sg); /* its watchers are told (watch.c) */
    }
    game_free(fresh);
}

static void read_done(srv *s, db_job *d)
{
    game_read *r = (game_read *)d;
    games_put_read(s, r->id, r->fresh, r->unread);
    r->fresh = NULL;
    waits_read(s, r->base.ticket);
    if (r->then)
        r->then(s, r->id);
    read_discard(d);
}

uint64_t games_read(srv *s, int64_t id) { return games_read_then(s, id, NULL); }

uint64_t games_read_then(srv *s, int64_t id, void (*then)(srv *s, int64_t id))
{
    game_read *r = bridge_of(s)->dbj ? calloc(1, sizeof *r) : NULL;
    if (!r) { /* no store thread, or out of memory: at once */
        games_reload(s, id);
        return 0;
    }
    dbjobs_setup(&r->base, read_run, read_done, read_discard);
    r->s = s;
    r->id = id;
    r->then = then;
    r->base.ticket = svc_read_ticket(s);
    dbjobs_run(s, &r->base);
    return r->base.ticket;
}

/* The request running now can wait for a read of board id (once per board a run). */
static svc_wait *can_wait(srv *s, int64_t id)
{
    svc_wait *w = dbjobs_request(s);
    return w && w->read_board != id ? w : NULL;
}

/* Board id read off the loop for request w: 1 queued (w waits for it), 0 read at once. */
static int read_for(srv *s, svc_wait *w, int64_t id)
{
    w->read_board = id;
    if (!(w->read_ticket = games_read(s, id)))
        return 0;
    w->reading = 1;
    return 1;
}

srv_game *games_for_request(srv *s, int64_t id, int *reading)
{
    *reading = 0;
    srv_game *sg = id > 0 ? held(s, id) : NULL;
    if (id <= 0 || (sg && !sg->stale)) {
        model_of(s)->cache.hits += sg != NULL;
        return sg && !sg->gone ? sg : NULL;
    }
    svc_wait *w = can_wait(s, id);
    if (!w && bridge_of(s)->request && bridge_of(s)->request->read_board == id) /* read for this request: as it came */
        return sg && !sg->gone ? sg : NULL;
    if (!w || !read_for(s, w, id))
        return games_find(s, id);
    *reading = 1;
    return NULL;
}

int games_refresh_for_request(srv *s, srv_game *sg)
{
    svc_wait *w = sg->write_seq <= bridge_of(s)->committed ? can_wait(s, sg->id) : NULL;
    if (!w)
        return 0;
    sg->stale = 1;
    return read_for(s, w, sg->id);
}

srv_game *games_held(srv *s, int64_t id) { return held(s, id); }

srv_game *games_held_fresh(srv *s, int64_t id)
{
    srv_game *sg = held(s, id);
    return sg && !sg->stale && !sg->gone ? sg : NULL;
}

srv_game *games_find(srv *s, int64_t id)
{
    srv_game *sg = held(s, id);
    model_of(s)->cache.hits += sg && !sg->stale;
    if (sg && sg->stale)
        games_reload(s, id);
    if (sg && (sg->gone || sg->stale))
        return NULL;
    return sg ? sg : id > 0 ? load(s, id) : NULL;
}

/* ---- the budget (game_cache.c) --------------------------------------------------------- */
static void evict(srv *s, srv_game *sg)
{
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)sg->id);
    map_remove(model_of(s)->games, key);
    game_cache_remove(s, sg);
    model_of(s)->cache.evictions++;
    game_free(sg);
}

/* The boards the requests waiting now had read for their next run (each svc_wait's read_board):
 * their number, or -1 out of memory. */
static long boards_read_for_requests(srv *s, int64_t **out)
{
    size_t n = 0, cap = 0;
    int64_t *ids = NULL;
    for (svc_wait *w = bridge_of(s)->waits; w; w = w->next) {
        if (!w->read_board)
            continue;
        if (n == cap) {
            int64_t *more = realloc(ids, (cap = cap ? cap * 2 : 16) * sizeof *ids);
            if (!more) {
                free(ids);
                return -1;
            }
            ids = more;
        }
        ids[n++] = w->read_board;
    }
    *out = ids;
    return (long)n;
}

void games_trim(srv *s)
{
    if (model_of(s)->cache.bytes <= model_of(s)->cache.budget)
        return;
    int64_t *read_boards = NULL;
    long nread = boards_read_for_requests(s, &read_boards);
    if (nread < 0)
        return; /* out of memory: nothing dropped this time */
    srv_game *sg;
    while ((sg = game_cache_victim(s, read_boards, (size_t)nread)))
        evict(s, sg);
    free(read_boards);
}

int games_settle(srv *s, srv_game *sg, uint64_t *seq)
{
    *seq = 0;
    sg->rules->between_turns(sg->g);
    const char *st = sg->rules->state(sg->g);
    if (!strcmp(st, sg->state_text))
        return 0;
    char *copy = strdup(st);
    if (!copy)
        return -1;
    free(sg->state_text);
    sg->state_text = copy;
    store_op so = {.kind = STORE_GAME_STATE};
    so.game.id = sg->id;
    so.game.state = copy;
    if (!(*seq = svc_queue(s, &so, sg)))
        return -1;
    sg->write_seq = *seq;
    sg->changes++;
    return 0;
}

srv_game *svc_game(srv *s, int64_t board, proto_game kind, svc_status *st)
{
    listen_poll(s); /* other servers' changes that have arrived: seen before this command */
    int reading;
    srv_game *sg = games_for_request(s, board, &reading);
    if (!sg) { /* or being read off the loop: the door's request runs again once it has come */
        svc_fail(st, "NO_SUCH_BOARD", "there is no board '%lld'%s", (long long)board, reading ? " (reading it)" : "");
        return NULL;
    }
    if (kind != G_NONE && sg->kind != kind) {
        svc_fail(st, "WRONG_GAME", "board %lld is a %s game", (long long)board, sg->rules->name);
        return NULL;
    }
    if (sg->write_seq > st->wait_seq)
        st->wait_seq = sg->write_seq;
    return sg;
}

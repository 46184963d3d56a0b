/* service/listen.c - what the other servers on the database change, as they commit.
 *
 * With PostgreSQL several ludexd may share one database.  Each writes a
 * game only on the version it read (store_op's guard), and each batch that
 * wrote games sends NOTIFY ludex, 'BOARDS ID VERSION ID VERSION ...' (every
 * board it wrote, with its version after the batch) from inside its
 * transaction, delivered when it commits (pg_store.c).
 * Every server LISTENs on a connection of its own whose socket the event
 * loop watches: on readable, PQconsumeInput and PQnotifies (store_backend.
 * notifications) take what has arrived without ever waiting.
 *
 * svc_notified dispatches one payload by its first word:
 *   BOARDS ID VERSION ...  games changed: for each, when this server holds it with another
 *                     version and made none of it itself, the game is reloaded
 *                     from the store (at once when someone watches it, so its
 *                     watchers get the move within a notification's latency;
 *                     else on its next use).  A game with writes of ours still
 *                     in flight waits until they are decided: refused, they
 *                     reload it anyway; committed, it is reloaded then.
 *   USER INSTANCE NAME  a user changed (store_user_notice): when another server
 *                     (or ludex-admin) changed it, the user is read again on
 *                     the store thread and replaced when it has come
 *                     (users_changed).
 *   RATING INSTANCE CLASS USER R RD SIGMA GAMES  a rating another server
 *                     changed: held with these values (ratings_changed; without
 *                     them, forgotten and read again when next needed).
 *   SEEKS INSTANCE    another server made or took a seek: the seeks are read
 *                     again (seeks_changed).
 * Before a command reads a game (svc_game), what has arrived on the socket
 * is taken too (listen_poll: a receive that finds nothing costs a system
 * call), so a command that comes after another server's answer sees that
 * server's change even when the loop had not yet turned to the socket.
 * A lost connection is opened again once a second; what changed meanwhile is unknown, so every
 * game held is marked for a reload.  SQLite has one server per file and
 * no listener. */
#include <stdlib.h>
#include <string.h>

#include "service/svc_int.h"

static void stale_one(void *ctx, void *value)
{
    srv *s = ctx;
    srv_game *sg = value;
    if (sg->write_seq <= s->committed)
        sg->stale = 1;
}

/* A game changed by another server: fresh now (watched) or on its next use. */
static void board_fresh(srv *s, srv_game *sg)
{
    if (!sg->watchers) {
        sg->stale = 1;
        return;
    }
    if (s->dbj) { /* read off the loop; applied and told to the watchers when it has come */
        sg->stale = 1;
        games_read(s, sg->id);
        return;
    }
    games_reload(s, sg->id);
    if (!sg->stale && !sg->gone)
        watch_notified(s, sg);
}

static void board_changed(srv *s, long long id, long long version)
{
    if (id <= 0 || (uint32_t)((uint64_t)version >> 32) == s->instance)
        return; /* our own change, or not a board */
    char key[24];
    snprintf(key, sizeof key, "%lld", id);
    srv_game *sg = map_get(s->games, key);
    if (!sg || sg->version == version)
        return; /* not held, or held as it is */
    if (sg->write_seq > s->committed) { /* ours in flight: decide once they are */
        for (size_t i = 0; i < s->nlater; i++)
            if (s->later[i] == sg->id)
                return;
        if (s->nlater < sizeof s->later / sizeof s->later[0])
            s->later[s->nlater++] = sg->id;
        else
            sg->stale = 1;
        return;
    }
    board_fresh(s, sg);
}

int listen_shared(const srv *s) { return s->rstore->be->listen != NULL; }

/* "ID VERSION ID VERSION ...": every board a batch of another server wrote. */
static void boards_changed(srv *s, const char *list)
{
    char *end;
    for (const char *p = list; *p;) {
        long long id = strtoll(p, &end, 10);
        if (end == p)
            return;
        long long version = strtoll(end, &end, 10);
        board_changed(s, id, version);
        p = end;
    }
}

void svc_notified(srv *s, const char *payload)
{
    if (!strncmp(payload, "BOARDS ", 7))
        boards_changed(s, payload + 7);
    else if (!strncmp(payload, "USER ", 5))
        users_changed(s, payload + 5);
    else if (!strncmp(payload, "RATING ", 7))
        ratings_changed(s, payload + 7);
    else if (!strncmp(payload, "SEEKS ", 6))
        seeks_changed(s, payload + 6);
}

void listen_settled(srv *s)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->nlater; i++) {
        char key[24];
        snprintf(key, sizeof key, "%lld", (long long)s->later[i]);
        srv_game *sg = map_get(s->games, key);
        if (sg && sg->write_seq > s->committed)
            s->later[kept++] = s->later[i];
        else if (sg)
            board_fresh(s, sg);
    }
    s->nlater = kept;
}

static void each_payload(void *ctx, const char *payload) { svc_notified(ctx, payload); }

static void on_lost(srv *s);

static void on_notify(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    listen_poll(arg);
}

void listen_poll(srv *s)
{
    if (!s->lstore || s->polling)
        return;
    s->polling = 1;
    int lost = s->lstore->be->notifications(s->lstore, each_payload, s) != 0;
    s->polling = 0;
    if (lost)
        on_lost(s);
}

/* Listen on a connection of our own; 0, or -1 with err. */
static int listen_open(srv *s, char *err, size_t errcap)
{
    if (!(s->lstore = store_open(s->db, err, errcap)))
        return -1;
    int fd = s->lstore->be->listen(s->lstore, err, errcap);
    if (fd < 0 || !(s->listen_ev = event_new(s->base, fd, EV_READ | EV_PERSIST, on_notify, s)) ||
        event_add(s->listen_ev, NULL) != 0) {
        if (fd >= 0 && !err[0])
            snprintf(err, errcap, "out of memory");
        listen_close(s);
        return -1;
    }
    return 0;
}

static void on_retry(evutil_socket_t fd, short what, void *arg)
{
    srv *s = arg;
    char err[256] = "";
    (void)fd;
    (void)what;
    if (listen_open(s, err, sizeof err) != 0) {
        struct timeval second = {1, 0};
        evtimer_add(s->listen_retry, &second);
        return;
    }
    srv_log(s, "listening to the database again; every game held is read again on its next use");
    map_each(s->games, stale_one, s);
}

static void on_lost(srv *s)
{
    srv_log(s, "the database's notifications are lost; trying again every second");
    listen_close(s);
    map_each(s->games, stale_one, s);
    struct timeval second = {1, 0};
    evtimer_add(s->listen_retry, &second);
}

int listen_start(srv *s, char *err, size_t errcap)
{
    if (!s->rstore->be->listen)
        return 0; /* SQLite: the only server on its file */
    if (!(s->listen_retry = evtimer_new(s->base, on_retry, s))) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    return listen_open(s, err, errcap);
}

void listen_close(srv *s)
{
    if (s->listen_ev)
        event_free(s->listen_ev);
    s->listen_ev = NULL;
    if (s->lstore)
        store_close(s->lstore);
    s->lstore = NULL;
}

void listen_stop(srv *s)
{
    listen_close(s);
    if (s->listen_retry)
        event_free(s->listen_retry);
    s->listen_retry = NULL;
}

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
 * svc_notified hands one payload to the layer above that subscribed to its first word at open
 * (listen_subscribe; loop.c): BOARDS to the games held (board_notices.c), USER to the users
 * (users_changed), RATING to the ratings (ratings_changed), SEEKS to the seeks (seeks_changed).
 * This file knows no game, user, rating or seek: it reads, and tells.
 * Before a command reads a game (svc_game), what has arrived on the socket
 * is taken too (listen_poll: a receive that finds nothing costs a system
 * call), so a command that comes after another server's answer sees that
 * server's change even when the loop had not yet turned to the socket.
 * A lost connection is opened again once a second; what changed meanwhile is unknown, and the
 * subscriber told so (listen_on_lost: every game held is marked for a reload).  SQLite has one server per file and
 * no listener. */
#include <stdlib.h>
#include <string.h>

#include "service/bridge.h"

int listen_shared(const srv *s) { return bridge_of(s)->rstore->be->listen != NULL; }

int listen_subscribe(srv *s, const char *word, void (*heard)(srv *s, const char *args))
{
    if (bridge_of(s)->nnotice_subs >= LISTEN_SUBS_MAX || strlen(word) >= sizeof bridge_of(s)->notice_subs[0].word)
        return -1;
    listen_sub *sub = &bridge_of(s)->notice_subs[bridge_of(s)->nnotice_subs++];
    snprintf(sub->word, sizeof sub->word, "%s", word);
    sub->heard = heard;
    return 0;
}

void listen_on_lost(srv *s, void (*lost)(srv *s)) { bridge_of(s)->notices_lost = lost; }

void svc_notified(srv *s, const char *payload)
{
    for (int i = 0; i < bridge_of(s)->nnotice_subs; i++) {
        const listen_sub *sub = &bridge_of(s)->notice_subs[i];
        size_t n = strlen(sub->word);
        if (!strncmp(payload, sub->word, n) && payload[n] == ' ') {
            sub->heard(s, payload + n + 1);
            return;
        }
    }
}

/* Notices may have been missed: the subscriber says what every game held becomes. */
static void lost_notices(srv *s)
{
    if (bridge_of(s)->notices_lost)
        bridge_of(s)->notices_lost(s);
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
    if (!bridge_of(s)->lstore || bridge_of(s)->polling)
        return;
    bridge_of(s)->polling = 1;
    int lost = bridge_of(s)->lstore->be->notifications(bridge_of(s)->lstore, each_payload, s) != 0;
    bridge_of(s)->polling = 0;
    if (lost)
        on_lost(s);
}

/* Listen on a connection of our own; 0, or -1 with err. */
static int listen_open(srv *s, char *err, size_t errcap)
{
    if (!(bridge_of(s)->lstore = store_open(bridge_of(s)->db, err, errcap)))
        return -1;
    int fd = bridge_of(s)->lstore->be->listen(bridge_of(s)->lstore, err, errcap);
    if (fd < 0 || !(bridge_of(s)->listen_ev = event_new(bridge_of(s)->base, fd, EV_READ | EV_PERSIST, on_notify, s)) ||
        event_add(bridge_of(s)->listen_ev, NULL) != 0) {
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
        evtimer_add(bridge_of(s)->listen_retry, &second);
        return;
    }
    srv_log(s, "listening to the database again; every game held is read again on its next use");
    lost_notices(s);
}

static void on_lost(srv *s)
{
    srv_log(s, "the database's notifications are lost; trying again every second");
    listen_close(s);
    lost_notices(s);
    struct timeval second = {1, 0};
    evtimer_add(bridge_of(s)->listen_retry, &second);
}

int listen_start(srv *s, char *err, size_t errcap)
{
    if (!bridge_of(s)->rstore->be->listen)
        return 0; /* SQLite: the only server on its file */
    if (!(bridge_of(s)->listen_retry = evtimer_new(bridge_of(s)->base, on_retry, s))) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    return listen_open(s, err, errcap);
}

void listen_close(srv *s)
{
    if (bridge_of(s)->listen_ev)
        event_free(bridge_of(s)->listen_ev);
    bridge_of(s)->listen_ev = NULL;
    if (bridge_of(s)->lstore)
        store_close(bridge_of(s)->lstore);
    bridge_of(s)->lstore = NULL;
}

void listen_stop(srv *s)
{
    listen_close(s);
    if (bridge_of(s)->listen_retry)
        event_free(bridge_of(s)->listen_retry);
    bridge_of(s)->listen_retry = NULL;
}

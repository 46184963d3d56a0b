/* server/watch.c - watch BOARD / unwatch BOARD, and pushing moves to watchers.
 *
 * A watcher gets one line per new move, "* GAME BOARD N COLOUR MOVE",
 * between replies, never inside one.  The push is sent once the move's
 * batch has committed, like the mover's OK: a pending push waits in the
 * server's list (srv.pushes) by sequence number. */
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

typedef struct pending_push {
    uint64_t seq;
    int64_t board;
    char *line;
    struct pending_push *next;
} pending_push;

static void finish(conn *c) { reply_end(&c->reply); conn_finish(c); }

static void send_line(srv *s, int64_t board, const char *line)
{
    srv_game *sg = games_find(s, board);
    if (!sg)
        return;
    size_t n = strlen(line);
    for (srv_watcher *w = sg->watchers; w; w = w->next) {
        conn_push(w->c, line, n);
        conn_push(w->c, "\r\n", 2);
    }
}

void watch_notify(srv *s, srv_game *sg, const char *line)
{
    if (!sg->watchers)
        return;
    pending_push *p = calloc(1, sizeof *p);
    if (!p || !(p->line = strdup(line))) {
        free(p);
        return;
    }
    p->seq = sg->write_seq;
    p->board = sg->id;
    if (p->seq <= s->committed) {
        send_line(s, p->board, p->line);
        free(p->line);
        free(p);
        return;
    }
    if (s->pushes_tail)
        s->pushes_tail->next = p;
    else
        s->pushes = p;
    s->pushes_tail = p;
}

void watch_free_all(srv *s)
{
    while (s->pushes) {
        pending_push *p = s->pushes;
        s->pushes = p->next;
        free(p->line);
        free(p);
    }
    s->pushes_tail = NULL;
}

/* Sequence numbers only grow along the list. */
void watch_flush(srv *s, uint64_t committed)
{
    while (s->pushes && s->pushes->seq <= committed) {
        pending_push *p = s->pushes;
        s->pushes = p->next;
        if (!s->pushes)
            s->pushes_tail = NULL;
        send_line(s, p->board, p->line);
        free(p->line);
        free(p);
    }
}

static void unwatch(srv *s, conn *c, int64_t board)
{
    srv_game *sg = games_find(s, board);
    for (srv_watcher **w = sg ? &sg->watchers : NULL; w && *w; w = &(*w)->next)
        if ((*w)->c == c) {
            srv_watcher *dead = *w;
            *w = dead->next;
            free(dead);
            break;
        }
    for (size_t i = 0; i < c->nwatching; i++)
        if (c->watching[i] == board) {
            c->watching[i] = c->watching[--c->nwatching];
            break;
        }
}

void watch_drop_conn(srv *s, conn *c)
{
    while (c->nwatching > 0)
        unwatch(s, c, c->watching[c->nwatching - 1]);
}

void cmd_watch(conn *c, proto_cmd *cmd)
{
    char *end;
    long long id = strtoll(cmd->argv[0], &end, 10);
    srv_game *sg = cmd->argv[0][0] && !*end && id > 0 ? games_find(c->s, id) : NULL;
    if (!sg) {
        reply_err(&c->reply, "NO_SUCH_BOARD", "there is no board '%.40s'", cmd->argv[0]);
        finish(c);
        return;
    }
    int already = 0;
    for (size_t i = 0; i < c->nwatching; i++)
        already |= c->watching[i] == id;
    if (cmd->verb == V_UNWATCH) {
        if (already)
            unwatch(c->s, c, id);
        reply_ok(&c->reply, "not watching %lld", id);
    } else if (!already && c->nwatching == sizeof c->watching / sizeof c->watching[0]) {
        reply_err(&c->reply, "TOO_MANY_WATCHES", "a connection watches at most 16 boards");
    } else {
        srv_watcher *w = already ? NULL : calloc(1, sizeof *w);
        if (w) {
            w->c = c;
            w->next = sg->watchers;
            sg->watchers = w;
            c->watching[c->nwatching++] = id;
        }
        reply_ok(&c->reply, "watching %lld; each move comes as a line: * GAME BOARD N COLOUR MOVE", id);
    }
    finish(c);
}

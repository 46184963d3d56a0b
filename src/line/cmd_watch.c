/* line/cmd_watch.c - watch BOARD / unwatch BOARD: moves pushed as lines.
 *
 * A watcher gets one line per new move, "* GAME BOARD N COLOUR MOVE",
 * between replies, never inside one, once the move has committed.  The
 * subscription is a node in the connection (at most 16); the service
 * delivers each move once, in order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

static void on_move(void *ctx, const svc_event *e)
{
    conn *c = ctx;
    if (e->state_only)
        return;
    lx_buf line = LX_BUF_INIT;
    lx_buf_printf(&line, "* %s %lld %zu %s %s\r\n", proto_game_name(e->kind), (long long)e->board, e->n, e->colour,
                  e->move);
    conn_push(c, line.data ? line.data : "", line.len);
    lx_buf_free(&line);
}

static svc_watch *find_watch(conn *c, int64_t board)
{
    for (size_t i = 0; i < c->nwatching; i++)
        if (c->watches[i].board == board)
            return &c->watches[i];
    return NULL;
}

static void unwatch(conn *c, svc_watch *w)
{
    svc_watch_remove(c->s, w);
    svc_watch *last = &c->watches[--c->nwatching];
    if (w != last) { /* the node moves: take it off the list and put it back at its new place */
        svc_watch_remove(c->s, last);
        size_t seen = last->last_n;
        svc_status st;
        svc_status_init(&st);
        *w = (svc_watch){on_move, c, 0, 0, 0, NULL, 0};
        svc_watch_add(c->s, last->board, w, seen, &st);
    }
}

void watch_drop_conn(conn *c)
{
    while (c->nwatching > 0)
        unwatch(c, &c->watches[c->nwatching - 1]);
}

cmd_end cmd_watch(conn *c, proto_cmd *cmd)
{
    int64_t id = proto_number(cmd->argv[0]);
    svc_status st;
    svc_status_init(&st);
    if (!id || !svc_game(c->s, id, G_NONE, &st))
        return cmd_refuse(c, "NO_SUCH_BOARD", "there is no board '%.40s'", cmd->argv[0]);
    svc_watch *w = find_watch(c, id);
    if (cmd->verb == V_UNWATCH) {
        if (w)
            unwatch(c, w);
        reply_ok(&c->reply, "not watching %lld", (long long)id);
    } else if (!w && c->nwatching == LINE_MAX_WATCHES) {
        reply_err(&c->reply, "TOO_MANY_WATCHES", "a connection watches at most 16 boards");
    } else {
        if (!w) {
            w = &c->watches[c->nwatching++];
            *w = (svc_watch){on_move, c, 0, 0, 0, NULL, 0};
            svc_watch_add(c->s, id, w, (size_t)-1, &st);
        }
        reply_ok(&c->reply, "watching %lld; each move comes as a line: * GAME BOARD N COLOUR MOVE", (long long)id);
    }
    return CMD_ANSWERED;
}

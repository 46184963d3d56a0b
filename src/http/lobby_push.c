/* http/lobby_push.c - what the live streams are told besides moves, and when.
 *
 * The door adds a notifier to the service (svc_add_notifier):
 *   - a game that began or changed (a challenge, an answer, a move, an end) tells both players'
 *     lobby streams (GET /api/v1/events) "event: games" with {"board":N}: the page reads its
 *     lists and its count of turns again;
 *   - a message tells the lobby streams of its recipient and its sender "event: message"; a
 *     board's chat line also tells that board's streams "event: chat" {"board":N}: those of its
 *     two players, or every one when the board's chat is public (-publicchat).
 * An event names a board and a sender, never a text: the page reads the text through the API,
 * which checks who may read it.  Nothing is told before the batch holding the change has
 * committed (svc_wait_for), and a change the store refused is never told.  With several servers on
 * one PostgreSQL, another server's games (a challenge made there, an answer, a move, an end) come
 * as its notices (game_elsewhere, committed there) and are told the same way; messages made there
 * are found by the page's slow poll. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_int.h"

enum { PUSH_GAMES, PUSH_MESSAGE };

struct lobby_push {
    http_door *d;
    svc_wait w;
    int what;                           /* PUSH_GAMES or PUSH_MESSAGE */
    int64_t board;                      /* 0: a private message */
    int public_chat;
    char user[2][SVC_NAME_MAX + 1];     /* the players, or the recipient and the sender */
    lobby_push *prev, *next;
};

static void unlink_push(lobby_push *p)
{
    if (p->prev)
        p->prev->next = p->next;
    else
        p->d->pushes = p->next;
    if (p->next)
        p->next->prev = p->prev;
}

static void event_line(lx_buf *out, const char *event, json_t *data)
{
    char *text = data ? json_dumps(data, JSON_COMPACT) : NULL;
    json_decref(data);
    lx_buf_printf(out, "event: %s\ndata: %s\n\n", event, text ? text : "{}");
    free(text);
}

static void push_now(lobby_push *p)
{
    lx_buf text = LX_BUF_INIT;
    json_t *board = p->board ? json_integer((json_int_t)p->board) : json_null();
    if (p->what == PUSH_GAMES)
        event_line(&text, "games", json_pack("{s:o}", "board", board));
    else
        event_line(&text, "message", json_pack("{s:o,s:s}", "board", board, "from", p->user[1]));
    for (int i = 0; i < 2 && text.data; i++)
        if (p->user[i][0] && (i == 0 || strcmp(p->user[0], p->user[1])))
            sse_push_lobby(p->d, p->user[i], text.data);
    if (p->what == PUSH_MESSAGE && p->board && text.data) {
        const char *players[2] = {p->user[0], p->user[1]};
        lx_buf_clear(&text);
        event_line(&text, "chat", json_pack("{s:I}", "board", (json_int_t)p->board));
        if (text.data)
            sse_push_board(p->d, p->board, p->public_chat ? NULL : players, text.data);
    }
    lx_buf_free(&text);
}

static void on_committed(void *ctx)
{
    lobby_push *p = ctx;
    unlink_push(p);
    if (!p->w.refused)
        push_now(p);
    free(p);
}

/* Tell once batch seq has committed (at once when it has). */
static void push_after(http_door *d, lobby_push *p, uint64_t seq)
{
    p->d = d;
    p->next = d->pushes;
    if (d->pushes)
        d->pushes->prev = p;
    d->pushes = p;
    if (svc_wait_for(d->s, &p->w, seq, on_committed, p))
        on_committed(p);
}

static void on_game_changed(void *ctx, srv *s, srv_game *sg, const char *actor)
{
    http_door *d = ctx;
    svc_game_info g;
    (void)s;
    (void)actor;
    svc_game_describe(sg, &g); /* the game in hand: never read again here, on the loop */
    lobby_push *p = calloc(1, sizeof *p);
    if (!p)
        return;
    p->what = PUSH_GAMES;
    p->board = g.board;
    snprintf(p->user[0], sizeof p->user[0], "%s", g.player[0]);
    snprintf(p->user[1], sizeof p->user[1], "%s", g.player[1]);
    push_after(d, p, g.write_seq);
}

static void on_message_sent(void *ctx, srv *s, const svc_message *m, uint64_t wait_seq)
{
    http_door *d = ctx;
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = m->board ? svc_game(s, m->board, G_NONE, &st) : NULL;
    lobby_push *p = calloc(1, sizeof *p);
    if (!p)
        return;
    if (sg) {
        svc_game_info g;
        svc_game_describe(sg, &g);
        p->public_chat = g.public_chat;
    }
    p->what = PUSH_MESSAGE;
    p->board = m->board;
    snprintf(p->user[0], sizeof p->user[0], "%s", m->recipient);
    snprintf(p->user[1], sizeof p->user[1], "%s", m->sender);
    push_after(d, p, wait_seq);
}

/* Another server changed a game of these players: committed there, told now. */
static void on_game_elsewhere(void *ctx, srv *s, int64_t board, const char *const players[2])
{
    (void)s;
    lobby_push p = {.d = ctx, .what = PUSH_GAMES, .board = board};
    snprintf(p.user[0], sizeof p.user[0], "%s", players[0]);
    snprintf(p.user[1], sizeof p.user[1], "%s", players[1]);
    push_now(&p);
}

int lobby_push_start(http_door *d)
{
    svc_notifier n = {d, on_game_changed, NULL, NULL, on_message_sent, on_game_elsewhere};
    return svc_add_notifier(d->s, &n);
}

void lobby_push_stop(http_door *d)
{
    svc_remove_notifier(d->s, d);
    while (d->pushes) {
        lobby_push *p = d->pushes;
        unlink_push(p);
        svc_wait_cancel(d->s, &p->w);
        free(p);
    }
}

/* service/watch.c - watchers of a board: every move, in order, once, after its commit.
 *
 * A watcher is a node the door owns (svc_watch) on its game's list.  A move
 * or a change of hidden state queues a small trigger (board, batch); when the
 * batch has committed, each watcher of that board gets every committed move
 * above its last_n, which then advances.  So a watcher that joined late, or
 * came back with the number of the last move it saw (an SSE Last-Event-ID),
 * misses none and gets none twice, whatever order commits and joins come in.
 * The service formats nothing: the door turns an svc_event into its line,
 * its JSON, its mail. */
#include <stdlib.h>
#include <string.h>

#include "service/model.h"

typedef struct pending_push {
    uint64_t seq;
    int64_t board;
    int state_only;
    struct pending_push *next;
} pending_push;

size_t svc_game_committed_moves(srv *s, const srv_game *sg)
{
    size_t n = sg->nmoves;
    while (n > 0 && sg->moves[n - 1].seq > bridge_of(s)->committed)
        n--;
    return n;
}

/* A move's event, made once however many watchers it goes to. */
typedef struct built_event {
    size_t n;             /* 0: none made yet */
    lx_buf text;
    char re[32];
} built_event;

static void deliver_move(srv_game *sg, svc_watch *w, size_t n, built_event *b)
{
    const srv_move *m = &sg->moves[n - 1];
    if (b->n != n) {
        lx_buf_clear(&b->text);
        games_history_text(sg, n - 1, -1, &b->text); /* a watcher is anyone: an exchange shows its count only */
        b->re[0] = 0;
        if (n == sg->nmoves)
            games_result(sg, b->re);
        b->n = n;
    }
    svc_event e = {sg->id, sg->kind, 0, n, m->colour, sg->player[m->seat], b->text.data ? b->text.data : "", b->re};
    w->last_n = n;
    w->on_event(w->ctx, &e);
}

/* Bring one watcher up to the committed moves. */
static void catch_up(srv *s, srv_game *sg, svc_watch *w, built_event *b)
{
    size_t upto = svc_game_committed_moves(s, sg);
    while (w->last_n < upto)
        deliver_move(sg, w, w->last_n + 1, b);
}

static void send_state(srv_game *sg, svc_watch *w)
{
    svc_event e = {sg->id, sg->kind, 1, w->last_n, "", "", "", ""};
    w->on_event(w->ctx, &e);
}

static void deliver(srv *s, int64_t board, int state_only)
{
    srv_game *sg = games_find(s, board);
    built_event b = {0, LX_BUF_INIT, ""};
    for (svc_watch *w = sg ? sg->watchers : NULL, *nx; w; w = nx) {
        nx = w->next;
        catch_up(s, sg, w, &b);
        if (state_only && w->want_state)
            send_state(sg, w);
    }
    lx_buf_free(&b.text);
}

void watch_queue(srv *s, srv_game *sg, int state_only)
{
    if (!sg->watchers)
        return; /* a watcher who comes later catches up from the moves themselves */
    pending_push *p = calloc(1, sizeof *p);
    if (!p) {
        srv_log(s, "board %lld: out of memory for a push; watchers get it with the next move", (long long)sg->id);
        return;
    }
    p->seq = sg->write_seq;
    p->board = sg->id;
    p->state_only = state_only;
    if (p->seq <= bridge_of(s)->committed) {
        deliver(s, p->board, p->state_only);
        free(p);
        return;
    }
    if (model_of(s)->pushes_tail)
        model_of(s)->pushes_tail->next = p;
    else
        model_of(s)->pushes = p;
    model_of(s)->pushes_tail = p;
}

void watch_free_all(srv *s)
{
    while (model_of(s)->pushes) {
        pending_push *p = model_of(s)->pushes;
        model_of(s)->pushes = p->next;
        free(p);
    }
    model_of(s)->pushes_tail = NULL;
}

/* Sequence numbers only grow along the list. */
void watch_flush(srv *s, uint64_t committed)
{
    while (model_of(s)->pushes && model_of(s)->pushes->seq <= committed) {
        pending_push *p = model_of(s)->pushes;
        model_of(s)->pushes = p->next;
        if (!model_of(s)->pushes)
            model_of(s)->pushes_tail = NULL;
        deliver(s, p->board, p->state_only);
        free(p);
    }
}

int svc_watch_add(srv *s, int64_t board, svc_watch *w, size_t after_n, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    size_t committed = svc_game_committed_moves(s, sg);
    if (after_n != (size_t)-1 && after_n > committed && games_refresh_for_request(s, sg)) {
        /* the watcher has seen more than memory holds: another server's moves whose notice has
         * not come yet (a stream resumed here after its server stopped).  Read the game again
         * first - else those moves would reach it twice, once more when the notice comes. */
        svc_fail(st, "NO_SUCH_BOARD", "there is no board '%lld' (reading it)", (long long)board);
        return -1;
    }
    w->board = board;
    w->last_n = after_n < committed ? after_n : committed;
    w->next = sg->watchers;
    sg->watchers = w;
    w->linked = 1;
    built_event b = {0, LX_BUF_INIT, ""};
    catch_up(s, sg, w, &b);
    lx_buf_free(&b.text);
    return 0;
}

void svc_watch_remove(srv *s, svc_watch *w)
{
    if (!w->linked)
        return;
    srv_game *sg = games_find(s, w->board);
    for (svc_watch **p = sg ? &sg->watchers : NULL; p && *p; p = &(*p)->next)
        if (*p == w) {
            *p = w->next;
            break;
        }
    w->next = NULL;
    w->linked = 0;
}

void watch_notified(srv *s, srv_game *sg)
{
    watch_rewind(sg, sg->nmoves); /* moves taken back there: the ones played in their place come */
    deliver(s, sg->id, 1);
}

void watch_rewind(srv_game *sg, size_t n)
{
    for (svc_watch *w = sg->watchers; w; w = w->next)
        if (w->last_n > n)
            w->last_n = n;
}

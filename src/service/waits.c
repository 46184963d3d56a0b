/* service/waits.c - door answers held until their batch has committed, or their read has come.
 *
 * A door's svc_wait is a node it owns: svc_wait_for links it to the list, in the order added;
 * when commits are decided (waits_release) every node whose batch is done leaves the list,
 * oldest first, and is told (ready), or, when another server wrote its board first and its
 * request can run again, run again (again).  A request that waits for a job of the store thread
 * holds a ticket instead (svc_read_ticket) and runs again when the job is done (waits_read).
 * It knows batches and tickets only, no game and no user. */
#include <stdint.h>
#include <stdlib.h>

#include "service/bridge.h"

/* ---- waits ------------------------------------------------------------------------- */
void waits_unlink(srv *s, svc_wait *w)
{
    if (!w->linked)
        return;
    if (w->prev)
        w->prev->next = w->next;
    else
        bridge_of(s)->waits = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
    w->linked = 0;
}

int svc_wait_for(srv *s, svc_wait *w, uint64_t seq, void (*ready)(void *), void *ctx)
{
    waits_unlink(s, w);
    w->refused = 0;
    if (seq <= bridge_of(s)->committed && !w->reading)
        return 1;
    w->seq = seq;
    w->ready = ready;
    w->ctx = ctx;
    w->prev = NULL;
    w->next = bridge_of(s)->waits;
    if (bridge_of(s)->waits)
        bridge_of(s)->waits->prev = w;
    bridge_of(s)->waits = w;
    w->linked = 1;
    return 0;
}

uint64_t svc_read_ticket(srv *s) { return ++bridge_of(s)->read_tickets; }

/* The store thread's job `ticket` is done: the request waiting for it runs again. */
void waits_read(srv *s, uint64_t ticket) { waits_read_some(s, ticket, SIZE_MAX, 0); }

size_t waits_reading(srv *s, uint64_t ticket)
{
    size_t n = 0;
    for (svc_wait *w = bridge_of(s)->waits; w; w = w->next)
        n += w->reading && w->read_ticket == ticket;
    return n;
}

/* The list holds the newest first: the newest beyond `most` wait for `later`; the others are taken
 * out first (an again() may add or cancel waits), then run again oldest first. */
void waits_read_some(srv *s, uint64_t ticket, size_t most, uint64_t later)
{
    size_t n = waits_reading(s, ticket), skip = n > most ? n - most : 0;
    svc_wait *due = NULL;
    for (svc_wait *w = bridge_of(s)->waits, *nx; w; w = nx) {
        nx = w->next;
        if (!w->reading || w->read_ticket != ticket)
            continue;
        if (skip) {
            skip--;
            w->read_ticket = later;
            continue;
        }
        waits_unlink(s, w);
        w->next = due; /* oldest first */
        due = w;
    }
    while (due) {
        svc_wait *w = due;
        due = w->next;
        w->next = NULL;
        w->reading = 0;
        w->runs++;
        w->again(w->ctx);
    }
}

static int was_refused(const refused_batch *list, uint64_t seq)
{
    for (; list; list = list->next)
        if (list->seq == seq)
            return 1;
    return 0;
}

int commit_board_conflict(const commit_conflict *c, size_t n, uint64_t seq, int64_t board)
{
    for (size_t i = 0; board && i < n; i++)
        if (c[i].seq == seq && c[i].board == board && !c[i].rating)
            return 1;
    return 0;
}

/* A ready() may add or cancel waits: take the due ones out first, then call them. */
void waits_release(srv *s, uint64_t committed, const refused_batch *refused, const commit_conflict *conflicts,
                   size_t nconflicts)
{
    svc_wait *due = NULL;
    for (svc_wait *w = bridge_of(s)->waits, *nx; w; w = nx) {
        nx = w->next;
        if (w->seq <= committed && !w->reading) {
            waits_unlink(s, w);
            w->refused = was_refused(refused, w->seq)                               ? SVC_REFUSED_FULL
                         : commit_board_conflict(conflicts, nconflicts, w->seq, w->board) ? SVC_REFUSED_CONFLICT
                                                                                  : 0;
            w->next = due;
            due = w;
        }
    }
    svc_wait *ordered = NULL; /* oldest first, as they were added */
    while (due) {
        svc_wait *w = due;
        due = w->next;
        w->next = ordered;
        ordered = w;
    }
    while (ordered) {
        svc_wait *w = ordered;
        ordered = w->next;
        w->next = NULL;
        if (w->refused == SVC_REFUSED_CONFLICT && w->again && w->races < SVC_RACES_MAX) {
            w->races++; /* nothing of it was kept and the board is fresh again: as one server would answer */
            bridge_of(s)->races_run_again++;
            w->refused = 0;
            w->read_board = 0; /* stale: to be read again */
            w->again(w->ctx);
        } else {
            w->ready(w->ctx);
        }
    }
}

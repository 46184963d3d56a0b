/* service/request_jobs.c - a door's request and the store thread's jobs it waits for.
 *
 * A request the service may run again (svc_request) that needs something only the store can say
 * (a board, a user, a seek's take) queues a job for it under a new ticket (dbjobs_run_for) and
 * waits; the job's done keeps its answer for the request's next run (dbjobs_keep), which takes it
 * (dbjobs_answer).  A request cancelled meanwhile drops what was kept for it (svc_wait_cancel).
 * It joins the two halves below it, the jobs (dbjobs.c) and the waits (waits.c), which know
 * nothing of each other. */
#include <stdint.h>
#include <stdlib.h>

#include "service/bridge.h"

void svc_wait_cancel(srv *s, svc_wait *w)
{
    waits_unlink(s, w);
    w->reading = 0;
    if (w->read_ticket)
        dbjobs_forget(s, w->read_ticket);
    w->read_ticket = 0;
    if (bridge_of(s)->request == w)
        bridge_of(s)->request = NULL;
}

void svc_request(srv *s, svc_wait *w) { bridge_of(s)->request = w && w->again ? w : NULL; }

void svc_request_begin(svc_wait *w)
{
    w->runs = w->races = 0;
    w->read_board = w->read_seek = 0;
    w->read_user[0] = 0;
}

svc_wait *dbjobs_request(srv *s)
{
    svc_wait *w = bridge_of(s)->request;
    return bridge_of(s)->dbj && w && w->runs < SVC_RUNS_MAX && !w->reading ? w : NULL;
}

void dbjobs_run_for(srv *s, svc_wait *w, db_job *j)
{
    j->ticket = w->read_ticket = svc_read_ticket(s);
    w->reading = 1;
    dbjobs_run(s, j);
}

void dbjobs_keep(srv *s, db_job *j)
{
    j->next = bridge_of(s)->kept;
    bridge_of(s)->kept = j;
    waits_read(s, j->ticket);
}

/* Where the job kept for the request running now whose done is `done` is linked, or NULL. */
static db_job **kept_at(srv *s, void (*done)(srv *s, db_job *j))
{
    svc_wait *w = bridge_of(s)->request;
    for (db_job **at = &bridge_of(s)->kept; w && w->read_ticket && *at; at = &(*at)->next)
        if ((*at)->ticket == w->read_ticket && (*at)->done == done)
            return at;
    return NULL;
}

db_job *dbjobs_kept(srv *s, void (*done)(srv *s, db_job *j))
{
    db_job **at = kept_at(s, done);
    return at ? *at : NULL;
}

db_job *dbjobs_answer(srv *s, void (*done)(srv *s, db_job *j))
{
    db_job **at = kept_at(s, done), *j = at ? *at : NULL;
    if (j) {
        *at = j->next;
        bridge_of(s)->request->read_ticket = 0;
    }
    return j;
}

void dbjobs_forget(srv *s, uint64_t ticket)
{
    db_job **at = &bridge_of(s)->kept;
    while (*at)
        if (!ticket || (*at)->ticket == ticket) {
            db_job *j = *at;
            *at = j->next;
            j->discard(j);
        } else {
            at = &(*at)->next;
        }
}

/* service/mail_reads.c - what the mails telling of a change read from the store besides the
 * board (mail/notify.c): the board's last chat lines and the players' mail settings that memory
 * does not hold.
 *
 * The mails are written after the change is made, outside any request, so they cannot wait for
 * a read the way a request does (run again).  With a store on another machine they are told
 * later instead: the door keeps what the board said at the change (its texts, not the board),
 * and asks for these reads here.  They are made on the store thread once the change's batch has
 * committed (a change another server's write refused is told nothing), and the door writes its
 * mails when they have come.  With SQLite there is no store thread: read at once, and the mails
 * join the change's batch, as before. */
#include <stdlib.h>
#include <string.h>

#include "service/ops.h"

typedef struct mail_read_job {
    db_job base;
    svc_mail_reads *r; /* NULL: the door no longer waits (svc_mail_reads_now) */
    int64_t board;
    long nchat;
    store_message chat[SVC_MAIL_CHAT_LINES];
    user_row row[2];   /* name "": held, not read */
} mail_read_job;

static void job_read(store *st, mail_read_job *j)
{
    j->nchat = st->be->chat_of(st, j->board, j->chat, SVC_MAIL_CHAT_LINES);
    for (int i = 0; i < 2; i++)
        if (j->row[i].name[0])
            user_row_read(st, &j->row[i]);
}

static void job_run(store *st, db_job *d) { job_read(st, (mail_read_job *)d); }

static void job_discard(db_job *d)
{
    mail_read_job *j = (mail_read_job *)d;
    for (int i = 0; i < 2; i++)
        user_row_clear(&j->row[i]);
    free(j);
}

/* The players' settings as memory has them now, the users read taken into it first. */
static void answer(srv *s, svc_mail_reads *r, mail_read_job *j)
{
    r->kept = 1;
    r->nchat = j->nchat;
    if (j->nchat > 0)
        messages_to_doors(r->chat, j->chat, j->nchat);
    for (int i = 0; i < 2; i++) {
        srv_user *u = j->row[i].name[0] ? user_row_hold(s, &j->row[i])
                      : r->user[i][0] && user_name_valid(r->user[i]) ? map_get(model_of(s)->users, r->user[i])
                                                                     : NULL;
        r->found[i] = users_mail_of(u, &r->um[i]);
    }
}

static void job_done(srv *s, db_job *d)
{
    mail_read_job *j = (mail_read_job *)d;
    svc_mail_reads *r = j->r;
    if (bridge_of(s)->dbj)
        ops_of(s)->mail_reads++;
    if (r) {
        r->job = NULL;
        answer(s, r, j);
        r->done(r);
    }
    job_discard(d);
}

/* A job for r: the chat, and the players memory does not hold (with a store thread every player:
 * memory may drop one before the answer comes, and decides for those it still holds then); NULL
 * out of memory. */
static mail_read_job *job_for(srv *s, svc_mail_reads *r)
{
    mail_read_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->board = r->board;
    for (int i = 0; i < 2; i++)
        if (r->user[i][0] && user_name_valid(r->user[i]) && (bridge_of(s)->dbj || !map_get(model_of(s)->users, r->user[i])))
            snprintf(j->row[i].name, sizeof j->row[i].name, "%s", r->user[i]);
    return j;
}

static void told_nothing(svc_mail_reads *r)
{
    r->kept = 0;
    r->done(r);
}

static void queue_reads(srv *s, svc_mail_reads *r)
{
    mail_read_job *j = job_for(s, r);
    if (!j) { /* out of memory: no chat lines, the players memory holds */
        mail_read_job none = {.nchat = -1};
        answer(s, r, &none);
        r->done(r);
        return;
    }
    j->r = r;
    r->job = j;
    dbjobs_setup(&j->base, job_run, job_done, job_discard);
    dbjobs_run(s, &j->base);
}

static void hold_over(evutil_socket_t fd, short what, void *ctx)
{
    svc_mail_reads *r = ctx;
    (void)fd;
    (void)what;
    event_free(r->held);
    r->held = NULL;
    queue_reads(r->s, r);
}

static void change_decided(void *ctx)
{
    svc_mail_reads *r = ctx;
    srv *s = r->s;
    struct timeval tv = {ops_of(s)->mail_read_hold, 0};
    if (r->wait.refused) {
        told_nothing(r);
        return;
    }
    if (ops_of(s)->mail_read_hold > 0 && (r->held = evtimer_new(bridge_of(s)->base, hold_over, r))) { /* a testing aid */
        if (evtimer_add(r->held, &tv) == 0)
            return; /* the reads wait: an instance killed meanwhile */
        event_free(r->held);
        r->held = NULL;
    }
    queue_reads(s, r);
}

int svc_mail_reads_later(const srv *s) { return bridge_of(s)->dbj != NULL; }

void svc_mail_reads_start(srv *s, srv_game *sg, svc_mail_reads *r)
{
    r->s = s;
    r->board = sg->id;
    r->job = NULL;
    r->held = NULL;
    memset(&r->wait, 0, sizeof r->wait);
    if (!bridge_of(s)->dbj) { /* a local store: here and now, inside the change */
        queue_reads(s, r);
        return;
    }
    r->wait.board = sg->id;
    if (svc_wait_for(s, &r->wait, sg->write_seq, change_decided, r))
        change_decided(r);
}

void svc_mail_reads_now(srv *s, svc_mail_reads *r)
{
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)r->board);
    srv_game *was = model_of(s)->guard;
    if (r->wait.linked) /* the change is not decided: its mails kept only when it (and what followed) is */
        model_of(s)->guard = map_get(model_of(s)->games, key);
    svc_wait_cancel(s, &r->wait);
    if (r->held)
        event_free(r->held);
    r->held = NULL;
    if (r->job)
        r->job->r = NULL;
    r->job = NULL;
    mail_read_job *j = job_for(s, r);
    if (j) {
        job_read(bridge_of(s)->rstore, j);
        answer(s, r, j);
        job_discard(&j->base);
    } else {
        mail_read_job none = {.nchat = -1};
        answer(s, r, &none);
    }
    r->done(r);
    model_of(s)->guard = was;
}

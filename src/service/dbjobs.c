/* service/dbjobs.c - store work that must not run on the event loop: a round trip to a remote
 * database (several ludexd on one PostgreSQL) that decides a request, such as a signup's insert.
 *
 * One thread with its own store connection takes jobs from a queue, runs each job's `run`
 * against that connection, puts it on a done queue and writes one byte to the loop's wake-up
 * pipe; the loop then runs the job's `done` (loop.c's on_wake).  With a store that serves one
 * server and is read locally (SQLite) there is no thread: dbjobs_run runs `run` against the
 * loop's own connection and then `done`, at once - the same two functions either way. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "service/svc_int.h"

struct dbjobs {
    store *st;              /* the thread's own connection */
    pthread_mutex_t lock;
    pthread_cond_t more;
    db_job *todo, *todo_tail, *done;
    int stop;
    int notify_fd;
    pthread_t thread;
};

static void *worker(void *arg)
{
    dbjobs *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->todo && !p->stop)
            pthread_cond_wait(&p->more, &p->lock);
        if (!p->todo) /* stopping, and nothing left to run */
            break;
        db_job *j = p->todo;
        if (!(p->todo = j->next))
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->lock);
        j->run(p->st, j);
        pthread_mutex_lock(&p->lock);
        j->next = p->done;
        p->done = j;
        char b = 'd';
        if (write(p->notify_fd, &b, 1) < 0) {
            /* the pipe is full: the loop is awake already */
        }
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

dbjobs *dbjobs_start(const char *db, int notify_fd, char *err, size_t errcap)
{
    dbjobs *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    if (!(p->st = store_open(db, err, errcap))) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->more, NULL);
    p->notify_fd = notify_fd;
    if (pthread_create(&p->thread, NULL, worker, p) != 0) {
        snprintf(err, errcap, "cannot start the store thread");
        store_close(p->st);
        pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->more);
        free(p);
        return NULL;
    }
    return p;
}

/* Jobs still queued are run first (a signup's insert is not dropped half way); their answers
 * are dropped (discard), as the hash threads' are: the doors have let their clients go. */
void dbjobs_stop(dbjobs *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    store_close(p->st);
    for (db_job *j = p->done, *nx; j; j = nx) {
        nx = j->next;
        j->discard(j);
    }
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->more);
    free(p);
}

void dbjobs_run(srv *s, db_job *j)
{
    if (!s->dbj) { /* one server on a local store (SQLite): here and now */
        j->run(s->rstore, j);
        j->done(s, j);
        return;
    }
    j->next = NULL;
    pthread_mutex_lock(&s->dbj->lock);
    if (s->dbj->todo_tail)
        s->dbj->todo_tail->next = j;
    else
        s->dbj->todo = j;
    s->dbj->todo_tail = j;
    pthread_cond_signal(&s->dbj->more);
    pthread_mutex_unlock(&s->dbj->lock);
}

db_job *dbjobs_take_done(dbjobs *p)
{
    if (!p)
        return NULL;
    pthread_mutex_lock(&p->lock);
    db_job *j = p->done;
    if (j)
        p->done = j->next;
    pthread_mutex_unlock(&p->lock);
    return j;
}

svc_wait *dbjobs_request(srv *s)
{
    svc_wait *w = s->request;
    return s->dbj && w && w->runs < SVC_RUNS_MAX && !w->reading ? w : NULL;
}

void dbjobs_run_for(srv *s, svc_wait *w, db_job *j)
{
    j->ticket = w->read_ticket = svc_read_ticket(s);
    w->reading = 1;
    dbjobs_run(s, j);
}

void dbjobs_keep(srv *s, db_job *j)
{
    j->next = s->kept;
    s->kept = j;
    waits_read(s, j->ticket);
}

db_job *dbjobs_answer(srv *s, void (*done)(srv *s, db_job *j))
{
    svc_wait *w = s->request;
    for (db_job **at = &s->kept; w && w->read_ticket && *at; at = &(*at)->next)
        if ((*at)->ticket == w->read_ticket && (*at)->done == done) {
            db_job *j = *at;
            *at = j->next;
            w->read_ticket = 0;
            return j;
        }
    return NULL;
}

void dbjobs_forget(srv *s, uint64_t ticket)
{
    db_job **at = &s->kept;
    while (*at)
        if (!ticket || (*at)->ticket == ticket) {
            db_job *j = *at;
            *at = j->next;
            j->discard(j);
        } else {
            at = &(*at)->next;
        }
}

void dbjobs_setup(db_job *j, void (*run)(store *st, db_job *j), void (*done)(srv *s, db_job *j),
                  void (*discard)(db_job *j))
{
    j->run = run;
    j->done = done;
    j->discard = discard;
}

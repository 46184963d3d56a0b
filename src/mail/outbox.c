/* mail/outbox.c - handing committed mail to sendmail(1), off the loop.
 *
 * A few due mails are read from the outbox (only committed rows are there;
 * svc_outbox_claim: on the store thread with PostgreSQL, at once with
 * SQLite), then given to a worker thread that runs `sendmail -i -f FROM --
 * RCPT` for each with the message on its standard input, and, when the
 * thread is done, records each attempt: sent, or failed with the next try
 * later (30 s by default, doubling, at most an hour), so a mail is retried until the
 * MTA takes it.  The next round starts only once those records have
 * committed, so a mail is never read again while its "sent" is in flight:
 * one mail per event, sent once.  (Only a crash between sendmail's exit
 * and that commit can send one twice; nothing can lose it.)
 *
 * Several ludexd on one PostgreSQL each run a sender: reading the due mails
 * claims them for this instance (--mail-claim seconds, 60 by default; the
 * attempt's record ends the claim), so no two instances send one mail; a
 * claim left by an instance that died runs out and another sends it then. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mail/door_int.h"

#define OUTBOX_ROUND 32
#define OUTBOX_POLL_MS 1000 /* a new mail kicks the sender at once (outbox_kick); the poll is for retries */

extern char **environ;

struct outbox_sender {
    mail_door *d;
    svc_mail rows[OUTBOX_ROUND];
    long n;
    int busy;                  /* a round is out: being claimed, with the thread, or its records committing */
    int claiming;              /* the claim is on the store thread (svc_outbox_claim) */
    pthread_t thread;
    int thread_started;
    int done_pipe[2];
    struct event *done_ev, *poll_ev;
    svc_wait wait;
    uint64_t wait_seq;
    int refused_rounds;
    svc_wait kick;             /* a new mail's batch: poll as soon as it has committed */
    int kick_pending;
    uint64_t kick_seq, kick_waited;
};

/* Run sendmail for one message: 0 when it took it, else -1 with why. */
static int run_sendmail(const char *sendmail, const char *from, const svc_mail *m, char *why, size_t cap)
{
    int in[2];
    if (pipe(in) != 0)
        return snprintf(why, cap, "pipe: %s", strerror(errno)), -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    char *argv[] = {(char *)sendmail, "-i", "-f", (char *)from, "--", (char *)m->recipient, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, sendmail, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    if (rc != 0) {
        close(in[1]);
        return snprintf(why, cap, "%s: %s", sendmail, strerror(rc)), -1;
    }
    size_t len = strlen(m->message), off = 0;
    while (off < len) {
        ssize_t w = write(in[1], m->message + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    close(in[1]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (off == len && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status))
        snprintf(why, cap, "sendmail exited with %d", WEXITSTATUS(status));
    else
        snprintf(why, cap, "sendmail was killed");
    return -1;
}

static void *sender_thread(void *arg)
{
    outbox_sender *o = arg;
    for (long i = 0; i < o->n; i++) {
        svc_mail *m = &o->rows[i];
        m->attempts++;
        m->error[0] = 0;
        m->sent = run_sendmail(o->d->cfg.sendmail, o->d->from, m, m->error, sizeof m->error) == 0;
        if (!m->sent) {
            long first = o->d->cfg.retry_seconds > 0 ? o->d->cfg.retry_seconds : 30;
            long delay = first << (m->attempts < 8 ? m->attempts - 1 : 7);
            m->next_try = (int64_t)time(NULL) + (delay > 3600 ? 3600 : delay);
        }
    }
    char c = 'd';
    if (write(o->done_pipe[1], &c, 1) < 0) {
        /* the loop is gone */
    }
    return NULL;
}

static void free_rows(outbox_sender *o)
{
    for (long i = 0; i < o->n; i++)
        svc_mail_clear(&o->rows[i]);
    o->n = 0;
}

static void round_over(void *arg);

/* Record every attempt of the round; the next round waits for their commit. */
static void record_round(outbox_sender *o)
{
    svc_status st;
    svc_status_init(&st);
    for (long i = 0; i < o->n; i++) {
        if (svc_outbox_done(o->d->s, &o->rows[i], &st) != 0)
            break;
        if (!o->rows[i].sent)
            svc_log(o->d->s, "mail to %s not sent (attempt %d): %s", o->rows[i].recipient, o->rows[i].attempts,
                    o->rows[i].error);
    }
    o->wait_seq = st.wait_seq;
    if (svc_wait_for(o->d->s, &o->wait, o->wait_seq, round_over, o))
        round_over(o);
}

static void round_over(void *arg)
{
    outbox_sender *o = arg;
    if (o->wait.refused) { /* the store is full: the records are not in; try them again in a while */
        o->wait.refused = 0;
        o->refused_rounds++;
        struct timeval tv = {1, 0};
        event_add(o->poll_ev, &tv);
        return;
    }
    free_rows(o);
    o->busy = 0;
    struct timeval tv = {0, 0};
    event_add(o->poll_ev, &tv);
}

static void on_done(evutil_socket_t fd, short what, void *arg)
{
    outbox_sender *o = arg;
    char buf[16];
    (void)what;
    while (read(fd, buf, sizeof buf) > 0) {
    }
    pthread_join(o->thread, NULL);
    o->thread_started = 0;
    record_round(o);
}

/* The due mails claimed for this instance: the thread sends them, or the next poll comes. */
static void claimed(void *arg, svc_mail *rows, long n)
{
    outbox_sender *o = arg;
    struct timeval tv = {0, OUTBOX_POLL_MS * 1000};
    o->claiming = 0;
    o->n = n > 0 ? n : 0;
    for (long i = 0; i < o->n; i++)
        o->rows[i] = rows[i];
    if (o->n > 0) {
        if (pthread_create(&o->thread, NULL, sender_thread, o) == 0) {
            o->thread_started = 1;
            return;
        }
        free_rows(o);
    }
    o->busy = 0;
    event_add(o->poll_ev, &tv);
}

static void on_poll(evutil_socket_t fd, short what, void *arg)
{
    outbox_sender *o = arg;
    struct timeval tv = {0, OUTBOX_POLL_MS * 1000};
    (void)fd;
    (void)what;
    if (o->busy && o->refused_rounds && !o->thread_started && o->n) { /* records refused: record again */
        o->refused_rounds = 0;
        record_round(o);
        return;
    }
    if (!o->busy) { /* the claim runs off the loop; claimed goes on */
        o->busy = o->claiming = 1;
        if (svc_outbox_claim(o->d->s, o->d->cfg.claim_seconds > 0 ? o->d->cfg.claim_seconds : 60, OUTBOX_ROUND,
                             claimed, o) == 0)
            return;
        o->busy = o->claiming = 0;
    }
    event_add(o->poll_ev, &tv);
}

static void kicked(void *arg)
{
    outbox_sender *o = arg;
    o->kick_pending = 0;
    if (!o->busy)
        event_active(o->poll_ev, EV_TIMEOUT, 0);
    if (o->kick_seq > o->kick_waited) /* a later batch came meanwhile: wait for it too */
        outbox_kick(o, o->kick_seq);
}

void outbox_kick(outbox_sender *o, uint64_t seq)
{
    if (!o || seq == 0)
        return;
    if (seq > o->kick_seq)
        o->kick_seq = seq;
    if (o->kick_pending) /* one wait at a time: the later batch is waited for when this one is done */
        return;
    o->kick_pending = 1;
    o->kick_waited = o->kick_seq;
    if (svc_wait_for(o->d->s, &o->kick, o->kick_waited, kicked, o))
        kicked(o);
}

outbox_sender *outbox_start(mail_door *d, char *err, size_t errcap)
{
    outbox_sender *o = calloc(1, sizeof *o);
    if (!o || pipe(o->done_pipe) != 0) {
        free(o);
        snprintf(err, errcap, "mail: cannot start the sender");
        return NULL;
    }
    o->d = d;
    fcntl(o->done_pipe[0], F_SETFL, O_NONBLOCK);
    o->done_ev = event_new(d->base, o->done_pipe[0], EV_READ | EV_PERSIST, on_done, o);
    o->poll_ev = evtimer_new(d->base, on_poll, o);
    struct timeval tv = {0, 0};
    if (!o->done_ev || !o->poll_ev || event_add(o->done_ev, NULL) != 0 || event_add(o->poll_ev, &tv) != 0) {
        outbox_stop(o);
        snprintf(err, errcap, "mail: cannot start the sender");
        return NULL;
    }
    return o;
}

void outbox_stop(outbox_sender *o)
{
    if (!o)
        return;
    svc_wait_cancel(o->d->s, &o->wait);
    svc_wait_cancel(o->d->s, &o->kick);
    if (o->claiming) /* its mails are claimed until the claim runs out: then another instance's */
        svc_outbox_claim_cancel(o->d->s);
    if (o->thread_started) { /* its attempts are recorded; the service commits them as it closes */
        pthread_join(o->thread, NULL);
        svc_status st;
        svc_status_init(&st);
        for (long i = 0; i < o->n; i++)
            svc_outbox_done(o->d->s, &o->rows[i], &st);
    }
    if (o->done_ev)
        event_free(o->done_ev);
    if (o->poll_ev)
        event_free(o->poll_ev);
    close(o->done_pipe[0]);
    close(o->done_pipe[1]);
    free_rows(o);
    free(o);
}

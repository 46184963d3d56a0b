/* server/conn.c - one client connection: lines in, replies out, in order.
 *
 * Input is read with a libevent bufferevent.  A complete line is run as one
 * command; a line longer than PROTO_LINE_MAX bytes gets ERR LINE_TOO_LONG and
 * is skipped up to its end.  While a command waits (for a hash job or for
 * its batch to commit) the connection is `busy` and later lines stay in the
 * input buffer; when the reply goes out, reading resumes.  A reply held for
 * a commit sits in c->reply and the connection sits in the server's list of
 * waiters until conn_release_committed sees its batch committed.
 *
 * Each command gets one log line: when, who, which command (its first words
 * only: never a password), the status and how long it took. */
#include <event2/buffer.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

static void conn_input(conn *c);

static void conn_free(conn *c)
{
    lx_buf_free(&c->reply);
    free(c);
}

static void waiters_remove(srv *s, conn *c)
{
    if (!c->waiting)
        return;
    if (c->prev_wait)
        c->prev_wait->next_wait = c->next_wait;
    else
        s->waiters = c->next_wait;
    if (c->next_wait)
        c->next_wait->prev_wait = c->prev_wait;
    c->prev_wait = c->next_wait = NULL;
    c->waiting = 0;
}

static void conn_drop(conn *c)
{
    srv *s = c->s;
    if (c->dead)
        return;
    c->dead = 1;
    waiters_remove(s, c);
    watch_drop_conn(s, c);
    bufferevent_free(c->bev);
    c->bev = NULL;
    s->all[c->slot] = s->all[--s->nall];
    s->all[c->slot]->slot = c->slot;
    if (c->jobs == 0)
        conn_free(c);
}

void conn_job_done(conn *c)
{
    c->jobs--;
    if (c->dead && c->jobs == 0)
        conn_free(c);
}

/* The first words of the command, without passwords, for the log. */
static void log_words(const conn *c, char *out, size_t cap)
{
    size_t n = 0, words = 0;
    const char *p = c->line;
    int in_word = 0;
    for (size_t i = 0; i < c->line_len && n + 1 < cap; i++) {
        char ch = p[i] == '\t' ? ' ' : p[i];
        if (ch == ' ' && in_word) {
            in_word = 0;
            if (++words == 3)
                break;
        } else if (ch != ' ') {
            in_word = 1;
        }
        out[n++] = (ch >= 0x20 && ch < 0x7f) ? ch : '?';
    }
    out[n] = 0;
}

static void log_request(conn *c)
{
    char words[64], status[48];
    log_words(c, words, sizeof words);
    size_t i = 0;
    const char *r = c->reply.data ? c->reply.data : "";
    while (r[i] && r[i] != '\r' && r[i] != '\n' && i + 1 < sizeof status && i < 40) {
        status[i] = r[i];
        i++;
    }
    status[i] = 0;
    srv_log(c->s, "%s user=%s cmd=\"%s\" -> %s (%.3f ms)", c->addr, c->user[0] ? c->user : "-", words, status,
            (srv_now() - c->started) * 1e3);
}

static void send_reply(conn *c)
{
    c->s->requests++;
    if (!c->s->quiet)
        log_request(c);
    if (!c->dead)
        bufferevent_write(c->bev, c->reply.data, c->reply.len);
    lx_buf_clear(&c->reply);
    c->busy = 0;
    c->retried = 0;
}

void conn_finish(conn *c)
{
    srv *s = c->s;
    if (c->dead) {
        c->busy = 0;
        return;
    }
    if (c->wait_seq > s->committed) {
        c->waiting = 1;
        c->prev_wait = NULL;
        c->next_wait = s->waiters;
        if (s->waiters)
            s->waiters->prev_wait = c;
        s->waiters = c;
        return;
    }
    send_reply(c);
    if (!c->in_input)
        conn_input(c);
}

void conn_release_committed(srv *s, uint64_t committed)
{
    s->committed = committed;
    conn *c = s->waiters;
    while (c) {
        conn *next = c->next_wait;
        if (c->wait_seq <= committed) {
            waiters_remove(s, c);
            send_reply(c);
            conn_input(c);
        }
        c = next;
    }
}

void conn_push(conn *c, const char *text, size_t len)
{
    if (!c->dead)
        bufferevent_write(c->bev, text, len);
}

static void too_long(conn *c)
{
    c->line_len = 0;
    c->started = srv_now();
    c->busy = 1;
    c->wait_seq = 0;
    reply_err(&c->reply, "LINE_TOO_LONG", "a command line holds at most %d bytes", PROTO_LINE_MAX);
    reply_end(&c->reply);
    conn_finish(c);
}

/* Take the next complete line into c->line: 1, 0 when there is none yet. */
static int next_line(conn *c)
{
    struct evbuffer *in = bufferevent_get_input(c->bev);
    for (;;) {
        struct evbuffer_ptr eol = evbuffer_search_eol(in, NULL, NULL, EVBUFFER_EOL_LF);
        size_t avail = evbuffer_get_length(in);
        if (eol.pos < 0) {
            if (avail > PROTO_LINE_MAX + 1) {
                evbuffer_drain(in, avail);
                if (!c->skipping) {
                    c->skipping = 1;
                    too_long(c);
                }
            }
            return 0;
        }
        size_t len = (size_t)eol.pos;
        if (c->skipping || len > PROTO_LINE_MAX + 1) {
            evbuffer_drain(in, len + 1);
            int was = c->skipping;
            c->skipping = 0;
            if (!was) {
                too_long(c);
                if (c->busy)
                    return 0;
            }
            continue;
        }
        evbuffer_remove(in, c->line, len);
        evbuffer_drain(in, 1);
        c->line[len] = 0;
        c->line_len = len;
        return 1;
    }
}

static void conn_input(conn *c)
{
    c->in_input = 1;
    while (!c->dead && !c->busy && !c->closing && next_line(c)) {
        c->busy = 1;
        c->wait_seq = 0;
        c->retried = 0;
        c->started = srv_now();
        lx_buf_clear(&c->reply);
        cmd_run(c);
    }
    c->in_input = 0;
}

static void on_read(struct bufferevent *bev, void *arg)
{
    (void)bev;
    conn_input(arg);
}

static void on_write(struct bufferevent *bev, void *arg)
{
    conn *c = arg;
    if (c->closing && evbuffer_get_length(bufferevent_get_output(bev)) == 0)
        conn_drop(c);
}

static void on_event(struct bufferevent *bev, short what, void *arg)
{
    (void)bev;
    if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR))
        conn_drop(arg);
}

void conn_accept(srv *s, evutil_socket_t fd, const char *addr)
{
    if (s->nall == s->capall) {
        size_t cap = s->capall ? s->capall * 2 : 256;
        conn **all = realloc(s->all, cap * sizeof *all);
        if (!all) {
            evutil_closesocket(fd);
            return;
        }
        s->all = all;
        s->capall = cap;
    }
    conn *c = calloc(1, sizeof *c);
    if (!c || !(c->bev = bufferevent_socket_new(s->base, fd, BEV_OPT_CLOSE_ON_FREE))) {
        free(c);
        evutil_closesocket(fd);
        return;
    }
    c->s = s;
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    c->slot = s->nall;
    s->all[s->nall++] = c;
    bufferevent_setcb(c->bev, on_read, on_write, on_event, c);
    bufferevent_enable(c->bev, EV_READ | EV_WRITE);
}

void conn_close_all(srv *s)
{
    while (s->nall > 0)
        conn_drop(s->all[s->nall - 1]);
}

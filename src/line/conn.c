/* line/conn.c - the line door: listening, and each connection: lines in, replies out, in order.
 *
 * Input is read with a libevent bufferevent.  A complete line is run as one
 * command; a line longer than PROTO_LINE_MAX bytes gets ERR LINE_TOO_LONG and
 * is skipped up to its end.  While a command waits (for a hash job or for
 * its batch to commit) the connection is `busy` and later lines stay in the
 * input buffer; when the reply goes out, reading resumes.  A reply held for
 * a commit sits in c->reply until the service says its batch has committed
 * (svc_wait_for).
 *
 * Output is bounded (Redis's client output limits): while a client's unsent
 * output is over CONN_OUTPUT_SOFT its next lines are not read, so a client
 * that sends and never reads cannot grow the server, and one that stays so
 * for the line timeout (60 s) is disconnected; pushes to a watcher
 * that let CONN_OUTPUT_HARD pile up disconnect it (it can come back and
 * catch up from the history).
 *
 * Each command gets one log line: when, who, which command (its name and
 * board only: never a password), the status and how long it took. */
#include <arpa/inet.h>
#include <errno.h>
#include <event2/buffer.h>
#include <event2/listener.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "line/line_int.h"

struct line_door {
    srv *s;
    struct event_base *base;
    struct evconnlistener *listener;
    struct event *resume;         /* accepting again after a pause for want of descriptors */
    struct event *sweep;          /* once a second: slow and idle connections */
    line_config cfg;
    double logged;                /* when that was last logged */
    unsigned long pauses;
    conn **all;
    size_t nall, capall;
    int draining;                 /* line_door_drain: each connection closes after its reply */
};

static void conn_input(conn *c);
static void reply_committed(void *ctx);

static void conn_free(conn *c)
{
    lx_buf_free(&c->reply);
    free(c);
}

static void conn_drop(conn *c)
{
    line_door *d = c->door;
    if (c->dead)
        return;
    c->dead = 1;
    svc_metric_connection(c->s, SVC_DOOR_LINE, -1);
    svc_wait_cancel(c->s, &c->wait);
    watch_drop_conn(c);
    bufferevent_free(c->bev);
    c->bev = NULL;
    svc_connection_close(c->s, c->addr);
    conn_set_user(c, "");
    d->all[c->slot] = d->all[--d->nall];
    d->all[c->slot]->slot = c->slot;
    if (c->jobs == 0)
        conn_free(c);
}

void conn_set_user(conn *c, const char *name)
{
    if (!strcmp(c->user, name))
        return;
    if (c->user[0])
        svc_presence_remove(c->s, c->user);
    snprintf(c->user, sizeof c->user, "%s", name);
    if (c->user[0])
        svc_presence_add(c->s, c->user);
}

/* A service call that had c as its context is over: 1 when c lives on, 0 when it was freed. */
static int conn_call_done(conn *c)
{
    c->jobs--;
    if (c->dead && c->jobs == 0) {
        conn_free(c);
        return 0;
    }
    return 1;
}

/* The command's name for the log, and its board when it has one: never
 * another argument, since a password may be anywhere after the name
 * ("signup USER PASSWORD", "hex move BOARD USER PASSWORD MOVE"). */
static void log_words(const conn *c, char *out, size_t cap)
{
    char copy[96], *words[3] = {NULL, NULL, NULL}, *save = NULL; /* a name and a board fit in the first bytes */
    size_t n = c->line_len < sizeof copy - 1 ? c->line_len : sizeof copy - 1;
    memcpy(copy, c->line, n);
    copy[n] = 0;
    for (int i = 0; i < 3; i++)
        words[i] = strtok_r(i ? NULL : copy, " \t\r", &save);
    int two = words[0] && words[1] && (proto_game_of(words[0]) != G_NONE || proto_word_is(words[0], "set"));
    int board = two && words[2] && strspn(words[2], "0123456789") == strlen(words[2]) && strlen(words[2]) < 20;
    snprintf(out, cap, "%.20s%s%.20s%s%s", words[0] ? words[0] : "", two ? " " : "", two ? words[1] : "",
             board ? " " : "", board ? words[2] : "");
    for (char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
            *p = '?';
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
    if (svc_log_json(c->s)) {
        char code[40] = "OK";
        if (!strncmp(status, "ERR ", 4))
            sscanf(status + 4, "%39[A-Z_]", code);
        svc_log_entry e = {SVC_DOOR_LINE, NULL, c->addr, c->user, words, code,
                           !strcmp(code, "INTERNAL") || !strcmp(code, "STORAGE_FULL"), svc_now() - c->started};
        svc_log_request(c->s, &e);
        return;
    }
    svc_log(c->s, "%s user=%s cmd=\"%s\" -> %s (%.3f ms)", c->addr, c->user[0] ? c->user : "-", words, status,
            (svc_now() - c->started) * 1e3);
}

/* The reply in the metrics: OK or its ERR code, its time, and a move played when it is an OK. */
static void count_reply(conn *c)
{
    char code[40] = "OK";
    const char *r = c->reply.data ? c->reply.data : "";
    if (!strncmp(r, "ERR ", 4))
        sscanf(r + 4, "%39[A-Z_]", code);
    svc_metric_request(c->s, SVC_DOOR_LINE, code, svc_now() - c->started);
    if (c->played && !strncmp(r, "OK", 2))
        svc_metric_move(c->s, SVC_DOOR_LINE, (proto_game)(c->played - 1));
    c->played = 0;
}

static void send_reply(conn *c)
{
    svc_count_request(c->s);
    count_reply(c);
    if (!svc_quiet(c->s))
        log_request(c);
    if (!c->dead)
        bufferevent_write(c->bev, c->reply.data, c->reply.len);
    if (!c->dead && c->door->draining) { /* the instance stops: no next command here */
        bufferevent_disable(c->bev, EV_READ);
        c->closing = 1;
    }
    lx_buf_clear(&c->reply);
    c->busy = 0;
}

/* The command's one exit: its reply ended with the "." line, then sent now or, when the
 * service says so, once its batch has committed (reply_committed).  It never reads on. */
static void answer(conn *c)
{
    reply_end(&c->reply);
    if (c->dead) {
        c->busy = 0;
        return;
    }
    c->wait.board = c->wait_board;
    if (svc_wait_for(c->s, &c->wait, c->wait_seq, reply_committed, c))
        send_reply(c);
}

/* How a command (or its continuation) ended: answered, pending, or to run again. */
static void settle(conn *c, cmd_end end)
{
    while (end == CMD_AGAIN && !c->dead)
        end = cmd_run(c);
    if (end == CMD_ANSWERED)
        answer(c);
}

/* The service runs the command again (svc_wait.again): another server wrote its board first, or
 * a board the command needs has been read off the loop. */
static void run_again(void *ctx)
{
    conn *c = ctx;
    c->wait_seq = 0;
    c->wait_board = 0;
    lx_buf_clear(&c->reply);
    settle(c, cmd_run(c));
    conn_input(c);
}

static void reply_committed(void *ctx)
{
    conn *c = ctx;
    if (c->wait.refused) { /* nothing of this command was kept: its answer is that */
        lx_buf_clear(&c->reply);
        if (c->wait.refused == SVC_REFUSED_CONFLICT)
            reply_err(&c->reply, "CONFLICT", "the board kept changing under this command; nothing was changed: try again");
        else /* the store was full */
            reply_err(&c->reply, "STORAGE_FULL", "the server's disk is full; nothing was changed: try again later");
        reply_end(&c->reply);
    }
    send_reply(c);
    conn_input(c);
}

/* A slow call's answer: its continuation (a cmd_then) writes the reply, then the command ends here. */
static void call_back(void *ctx, const svc_status *st)
{
    conn *c = ctx;
    cmd_then *then = c->then;
    c->then = NULL;
    if (!conn_call_done(c) || c->dead)
        return;
    settle(c, then(c, st));
    conn_input(c);
}

svc_done_fn conn_call(conn *c, cmd_then *then)
{
    c->jobs++;
    c->then = then;
    return call_back;
}

void conn_call_answered(conn *c)
{
    c->jobs--;
    c->then = NULL;
}

static size_t pending_output(const conn *c) { return evbuffer_get_length(bufferevent_get_output(c->bev)); }

/* Dropped later, on the loop, not inside the push: the service may be
 * walking the watchers when a push finds a connection over its limit. */
static void drop_later(evutil_socket_t fd, short what, void *arg)
{
    conn *c = arg;
    (void)fd;
    (void)what;
    conn_drop(c);
    conn_call_done(c);
}

void conn_push(conn *c, const char *text, size_t len)
{
    if (c->dead || c->overflow)
        return;
    if (pending_output(c) + len <= CONN_OUTPUT_HARD) {
        bufferevent_write(c->bev, text, len);
        return;
    }
    struct timeval now = {0, 0};
    svc_log(c->s, "%s user=%s: over %d MiB of unsent output; disconnected", c->addr, c->user[0] ? c->user : "-",
            CONN_OUTPUT_HARD >> 20);
    c->overflow = 1;
    c->jobs++;
    if (event_base_once(c->door->base, -1, EV_TIMEOUT, drop_later, c, &now) != 0)
        c->jobs--;
}

/* Stop reading a client that does not read its replies, until its output drains. */
static void throttle(conn *c)
{
    c->throttled = 1;
    c->throttled_since = svc_now();
    bufferevent_disable(c->bev, EV_READ);
    bufferevent_setwatermark(c->bev, EV_WRITE, CONN_OUTPUT_SOFT / 2, 0);
}

static void too_long(conn *c)
{
    c->line_len = 0;
    c->started = svc_now();
    c->busy = 1;
    c->wait_seq = 0;
    reply_err(&c->reply, "LINE_TOO_LONG", "a command line holds at most %d bytes", PROTO_LINE_MAX);
    answer(c);
}

/* Where the first line in `in` ends: its length, and how many bytes end it
 * (LF, CR LF, CR NUL or a bare CR, as old telnet clients send); -1 when no
 * line is complete.  A CR that ends the data so far ends the line at once,
 * and an LF or NUL that then comes first is its second half. */
static long find_eol(conn *c, struct evbuffer *in, size_t *eol_len)
{
    if (c->after_cr && evbuffer_get_length(in) > 0) {
        unsigned char first;
        evbuffer_copyout(in, &first, 1);
        if (first == '\n' || first == 0)
            evbuffer_drain(in, 1);
        c->after_cr = 0;
    }
    /* a CR matters only before the first LF: search that far, not the whole
     * buffer for every line (pipelined input would cost its square) */
    struct evbuffer_ptr lf = evbuffer_search(in, "\n", 1, NULL);
    struct evbuffer_ptr cr = evbuffer_search_range(in, "\r", 1, NULL, lf.pos >= 0 ? &lf : NULL);
    *eol_len = 1;
    if (cr.pos < 0 || (lf.pos >= 0 && lf.pos < cr.pos))
        return lf.pos < 0 ? -1 : (long)lf.pos;
    long at = (long)cr.pos;
    unsigned char next;
    if (evbuffer_ptr_set(in, &cr, 1, EVBUFFER_PTR_ADD) == 0 && evbuffer_copyout_from(in, &cr, &next, 1) == 1)
        *eol_len = next == '\n' || next == 0 ? 2 : 1;
    else
        c->after_cr = 1;
    return at;
}

/* Take the next complete line into c->line: 1, 0 when there is none yet. */
static int next_line(conn *c)
{
    struct evbuffer *in = bufferevent_get_input(c->bev);
    for (;;) {
        size_t eol_len;
        long pos = find_eol(c, in, &eol_len);
        size_t avail = evbuffer_get_length(in);
        if (pos < 0) {
            if (avail > PROTO_LINE_MAX + 1) {
                evbuffer_drain(in, avail);
                if (!c->skipping) {
                    c->skipping = 1;
                    too_long(c);
                }
            }
            return 0;
        }
        size_t len = (size_t)pos;
        if (c->skipping || len > PROTO_LINE_MAX + 1) {
            evbuffer_drain(in, len + eol_len);
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
        evbuffer_drain(in, eol_len);
        c->line[len] = 0;
        c->line_len = len;
        return 1;
    }
}

/* The connection's loop: each complete line run as a command, in order, while none is running. */
static void conn_input(conn *c)
{
    if (c->in_input) /* a command's end reached from inside the loop: the loop goes on by itself */
        return;
    c->in_input = 1;
    while (!c->dead && !c->busy && !c->closing && !c->throttled) {
        if (pending_output(c) > CONN_OUTPUT_SOFT) {
            throttle(c);
            break;
        }
        if (!next_line(c)) {
            int partial = evbuffer_get_length(bufferevent_get_input(c->bev)) > 0 || c->skipping;
            if (!partial)
                c->partial_since = 0;
            else if (c->partial_since == 0)
                c->partial_since = svc_now();
            break;
        }
        c->partial_since = 0;
        c->last_active = svc_now();
        c->busy = 1;
        c->wait_seq = 0;
        c->wait_board = 0;
        svc_request_begin(&c->wait);
        c->started = svc_now();
        lx_buf_clear(&c->reply);
        settle(c, cmd_run(c));
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
    if (c->closing && evbuffer_get_length(bufferevent_get_output(bev)) == 0) {
        conn_drop(c);
        return;
    }
    if (c->throttled && pending_output(c) <= CONN_OUTPUT_SOFT / 2) {
        c->throttled = 0;
        bufferevent_setwatermark(bev, EV_WRITE, 0, 0);
        bufferevent_enable(bev, EV_READ);
        conn_input(c);
    }
}

static void on_event(struct bufferevent *bev, short what, void *arg)
{
    (void)bev;
    if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR))
        conn_drop(arg);
}

/* One line of refusal, written straight to the socket (it is new: its buffer is empty), then closed. */
static void refuse_conn(evutil_socket_t fd, int max)
{
    char line[160];
    int n = snprintf(line, sizeof line, "ERR TOO_MANY_CONNECTIONS at most %d connections from one address\r\n.\r\n",
                     max);
    if (send(fd, line, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
        /* the client is gone already */
    }
    evutil_closesocket(fd);
}

static void conn_accept(line_door *d, evutil_socket_t fd, const char *addr)
{
    if (!svc_connection_open(d->s, addr)) {
        refuse_conn(fd, svc_connections_max(d->s));
        return;
    }
    if (d->nall == d->capall) {
        size_t cap = d->capall ? d->capall * 2 : 256;
        conn **all = realloc(d->all, cap * sizeof *all);
        if (!all) {
            evutil_closesocket(fd);
            svc_connection_close(d->s, addr);
            return;
        }
        d->all = all;
        d->capall = cap;
    }
    conn *c = calloc(1, sizeof *c);
    if (!c || !(c->bev = bufferevent_socket_new(d->base, fd, BEV_OPT_CLOSE_ON_FREE))) {
        free(c);
        evutil_closesocket(fd);
        svc_connection_close(d->s, addr);
        return;
    }
    c->door = d;
    c->s = d->s;
    c->wait.again = run_again;
    c->last_active = svc_now();
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    c->slot = d->nall;
    d->all[d->nall++] = c;
    svc_metric_connection(d->s, SVC_DOOR_LINE, 1);
    bufferevent_setcb(c->bev, on_read, on_write, on_event, c);
    bufferevent_enable(c->bev, EV_READ | EV_WRITE);
}

static void on_accept(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int len, void *arg)
{
    (void)l;
    (void)len;
    char addr[64] = "?";
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((struct sockaddr_in *)sa)->sin_addr, addr, sizeof addr);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((struct sockaddr_in6 *)sa)->sin6_addr, addr, sizeof addr);
    conn_accept(arg, fd, addr);
}

/* Out of descriptors, accept() fails at once every time the listener is
 * woken: a listener left enabled spins a core.  Pause it for 100 ms (the
 * connections wait in the kernel's backlog) and log at most once a second. */
static void on_accept_error(struct evconnlistener *l, void *arg)
{
    line_door *d = arg;
    int e = EVUTIL_SOCKET_ERROR();
    double now = svc_now();
    if (now - d->logged >= 1.0) {
        svc_log(d->s, "accept: %s; accepting pauses for 100 ms at a time (%lu pauses so far)", strerror(e),
                d->pauses);
        d->logged = now;
    }
    if (e != EMFILE && e != ENFILE && e != ENOBUFS && e != ENOMEM)
        return;
    struct timeval pause = {0, 100000};
    d->pauses++;
    evconnlistener_disable(l);
    evtimer_add(d->resume, &pause);
}

static void on_resume(evutil_socket_t fd, short what, void *arg)
{
    line_door *d = arg;
    (void)fd;
    (void)what;
    if (d->listener)
        evconnlistener_enable(d->listener);
}

/* ---- slow and idle clients -------------------------------------------------- */
static void time_out(conn *c, const char *code, const char *why)
{
    lx_buf r = LX_BUF_INIT;
    reply_err(&r, code, "%s", why);
    reply_end(&r);
    bufferevent_write(c->bev, r.data ? r.data : "", r.len);
    lx_buf_free(&r);
    bufferevent_disable(c->bev, EV_READ);
    c->closing = 1; /* dropped once the reply has gone (on_write) */
}

/* A line begun and not ended within line_timeout (a client dripping bytes)
 * and a connection idle too long are closed; a watcher or a command still
 * running (a commit, a password check) is never idle. */
static void sweep_one(line_door *d, conn *c, double now)
{
    if (c->dead || c->closing)
        return;
    if (c->throttled && now - c->throttled_since > d->cfg.line_timeout) { /* it reads nothing: drop it */
        svc_log(c->s, "%s user=%s: its replies unread for %d s; disconnected", c->addr, c->user[0] ? c->user : "-",
                d->cfg.line_timeout);
        conn_drop(c);
        return;
    }
    if (c->busy)
        return;
    char msg[96];
    if (c->partial_since > 0 && now - c->partial_since > d->cfg.line_timeout) {
        snprintf(msg, sizeof msg, "a command line must end within %d s; closing", d->cfg.line_timeout);
        time_out(c, "TIMEOUT", msg);
        return;
    }
    int limit = c->user[0] ? d->cfg.login_idle_timeout : d->cfg.idle_timeout;
    if (c->nwatching == 0 && limit > 0 && now - c->last_active > limit) {
        snprintf(msg, sizeof msg, "idle for %d s; closing", limit);
        time_out(c, "IDLE", msg);
    }
}

static void on_sweep(evutil_socket_t fd, short what, void *arg)
{
    line_door *d = arg;
    (void)fd;
    (void)what;
    double now = svc_now();
    for (size_t i = d->nall; i-- > 0;)
        sweep_one(d, d->all[i], now);
}

line_door *line_door_open(srv *s, struct event_base *base, const line_config *cfg, char *err, size_t errcap)
{
    const char *spec = cfg->listen;
    struct sockaddr_storage ss;
    int len = sizeof ss;
    if (spec && evutil_parse_sockaddr_port(spec, (struct sockaddr *)&ss, &len) != 0) {
        snprintf(err, errcap, "bad --listen address '%s'", spec);
        return NULL;
    }
    line_door *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->s = s;
    d->base = base;
    d->cfg = *cfg;
    d->logged = -10;
    struct timeval second = {1, 0};
    if (!(d->resume = evtimer_new(base, on_resume, d)) ||
        !(d->sweep = event_new(base, -1, EV_PERSIST, on_sweep, d)) || event_add(d->sweep, &second) != 0) {
        if (d->resume)
            event_free(d->resume);
        if (d->sweep)
            event_free(d->sweep);
        free(d);
        return NULL;
    }
    if (!spec) /* a door that only serves sockets given to it (line_door_adopt) */
        return d;
    d->listener = evconnlistener_new_bind(base, on_accept, d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE | LEV_OPT_CLOSE_ON_EXEC, 4096,
                                          (struct sockaddr *)&ss, len);
    if (!d->listener) {
        snprintf(err, errcap, "cannot listen on %s: %s", spec, strerror(errno));
        event_free(d->resume);
        event_free(d->sweep);
        free(d);
        return NULL;
    }
    evconnlistener_set_error_cb(d->listener, on_accept_error);
    return d;
}

void line_door_adopt(line_door *d, evutil_socket_t fd, const char *addr)
{
    evutil_make_socket_nonblocking(fd);
    conn_accept(d, fd, addr);
}

void line_door_stop_listening(line_door *d)
{
    if (d && d->listener) {
        evtimer_del(d->resume);
        evconnlistener_free(d->listener);
        d->listener = NULL;
    }
}

void line_door_drain(line_door *d)
{
    static const char notice[] = "* NOTICE ludexd is stopping: connect again (to another instance)\r\n";
    if (!d)
        return;
    d->draining = 1;
    line_door_stop_listening(d);
    for (size_t i = 0; i < d->nall; i++) {
        conn *c = d->all[i];
        if (c->dead || c->closing)
            continue;
        bufferevent_write(c->bev, notice, sizeof notice - 1);
        if (!c->busy) { /* else after its reply (send_reply) */
            bufferevent_disable(c->bev, EV_READ);
            c->closing = 1;
        }
    }
}

size_t line_door_busy(const line_door *d)
{
    size_t n = 0;
    for (size_t i = 0; d && i < d->nall; i++)
        n += d->all[i]->busy;
    return n;
}

void line_door_close(line_door *d)
{
    if (!d)
        return;
    line_door_stop_listening(d);
    while (d->nall > 0)
        conn_drop(d->all[d->nall - 1]);
    event_free(d->resume);
    event_free(d->sweep);
    free(d->all);
    free(d);
}

/* mail/inbound.c - messages from ludex-mail: take one, decide whether to
 * run it, and answer only once what it did is durable.
 *
 * The answer goes where RFC 3834 says an automatic answer goes: to the
 * envelope sender (the Return-Path the delivery agent prepends), or to From
 * when there is no Return-Path; never to Reply-To, which a forger can point
 * at a third party.  That address is also the one a signup by mail gives
 * the account, and the one the hourly limit counts: whoever forges what,
 * no address gets more than --mail-limit answers an hour (and one refusal).
 *
 * The frame on the Unix socket is a line "LUDEX-MAIL 1 SENT TOTAL" and SENT
 * bytes of the message (TOTAL is its real size: a message over 1 MiB comes
 * as its first 64 KiB, enough for its headers, and is refused).  The answer
 * is one line: "OK what-happened" (the MTA's exit 0) or "TEMPFAIL why"
 * (exit 75: the MTA keeps the message and tries again later).
 *
 * Never a mail loop: automatic mail (Auto-Submitted other than "no",
 * Precedence bulk/list/junk, a list's headers, a bounce's null sender or
 * MAILER-DAEMON, our own X-Ludex or address) is taken and not answered.  A
 * message already applied (same Message-ID, or the same bytes when it has
 * none) is taken and not run again.  One answer address has so many
 * messages run an hour. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <sodium.h>

#include "mail/door_int.h"

#define FRAME_HEAD_MAX 100
#define SENDERS_MAX 10000

typedef struct sender_count {
    char addr[256];
    int n;
    struct sender_count *next;
} sender_count;

typedef struct mail_conn {
    mail_door *d;
    struct bufferevent *bev;
    size_t want, total;
    int have_head;
    mail_job *job;
} mail_conn;

/* ---- answering ludex-mail -------------------------------------------------------------------- */
static void conn_free(mail_conn *c)
{
    if (c->job)
        c->job->conn = NULL;
    bufferevent_free(c->bev);
    free(c);
}

static void on_flushed(struct bufferevent *bev, void *arg)
{
    (void)bev;
    conn_free(arg);
}

static void on_conn_event(struct bufferevent *bev, short what, void *arg)
{
    (void)bev;
    (void)what;
    conn_free(arg); /* ludex-mail went away: a job goes on, its answer goes nowhere */
}

static void answer_conn(mail_conn *c, const char *word, const char *text)
{
    c->job = NULL;
    bufferevent_disable(c->bev, EV_READ);
    bufferevent_setcb(c->bev, NULL, on_flushed, on_conn_event, c);
    evbuffer_add_printf(bufferevent_get_output(c->bev), "%s %s\n", word, text);
}

/* ---- a job's end -------------------------------------------------------------------------------- */
static void job_free(mail_job *j)
{
    mail_door *d = j->d;
    if (j->prev)
        j->prev->next_job = j->next_job;
    else
        d->jobs = j->next_job;
    if (j->next_job)
        j->next_job->prev = j->prev;
    svc_wait_cancel(d->s, &j->wait);
    mail_msg_free(&j->msg);
    lx_buf_free(&j->line_store);
    lx_buf_free(&j->reply);
    free(j);
}

static void job_answer(mail_job *j, const char *word, const char *text)
{
    if (j->conn)
        answer_conn(j->conn, word, text);
    job_free(j);
}

static void job_committed(void *arg)
{
    mail_job *j = arg;
    if (j->wait.refused) /* neither answered nor marked applied: the MTA tries again */
        job_answer(j, "TEMPFAIL", "the server's disk is full; nothing was applied");
    else
        job_answer(j, "OK", j->nlines ? "commands run and answered" : "answered");
}

void inbound_job_full(mail_job *j) { job_committed(j); }

/* Queue the answer to the sender and mark the message applied, then answer once committed. */
static void job_finish(mail_job *j)
{
    mail_door *d = j->d;
    svc_status st;
    svc_status_init(&st);
    char id[128], event[160], subject[600], irt[300];
    unsigned char h[crypto_hash_sha256_BYTES];
    char hex[17];
    crypto_hash_sha256(h, (const unsigned char *)j->id, strlen(j->id));
    sodium_bin2hex(hex, sizeof hex, h, 8);
    snprintf(id, sizeof id, "reply.%s", hex);
    snprintf(event, sizeof event, "reply.%s", hex);
    int subject_ran = j->nlines && strstr(j->msg.subject, j->lines[0]); /* it may hold a password */
    snprintf(subject, sizeof subject, "Re: %s", j->msg.subject[0] && !subject_ran ? j->msg.subject : "your commands");
    snprintf(irt, sizeof irt, "<%s>", j->msg.message_id);
    lx_buf msg = LX_BUF_INIT;
    int has_reply = j->reply.len > 0 && j->sender[0];
    if (has_reply) {
        lx_buf_printf(&j->reply, "\n-- \nludex game server.  Send 'help' for the commands.\n");
        mail_head hd = {j->sender, subject, id, j->msg.message_id[0] ? irt : NULL, j->msg.message_id[0] ? irt : NULL,
                        "auto-replied", "reply"};
        compose_mail(d, &hd, j->reply.data, NULL, NULL, NULL, 0, &msg);
    }
    if (svc_mail_answer(d->s, j->id, event, j->sender, has_reply ? msg.data : NULL, &st) != 0) {
        lx_buf_free(&msg);
        job_answer(j, "TEMPFAIL", st.msg);
        return;
    }
    lx_buf_free(&msg);
    if (has_reply)
        outbox_kick(d->sender, st.wait_seq);
    uint64_t seq = st.wait_seq > j->wait_seq ? st.wait_seq : j->wait_seq;
    d->handled++;
    j->wait.board = 0;
    if (svc_wait_for(d->s, &j->wait, seq, job_committed, j))
        job_committed(j);
}

/* The answer goes after the mails of the changes its commands made (notify.c tells them once
 * their batch has committed and their reads have come): a player's mails stay in order.  Parked
 * meanwhile, j first waits for its commands' batch, a refusal being its answer as ever.  (Each
 * line that wrote a board waited for its batch before the next line ran, run again by the
 * service if another server wrote the board first (run.c): what the answer tells is kept.) */
static void finish_parked(mail_job *j)
{
    if (j->parked == 2 && !notify_telling(j->d, j->told_upto)) {
        j->parked = 0;
        job_finish(j);
    }
}

static void commands_committed(void *arg)
{
    mail_job *j = arg;
    if (j->wait.refused) {
        j->parked = 0;
        job_committed(j);
        return;
    }
    j->parked = 2;
    finish_parked(j);
}

void inbound_job_ran(mail_job *j)
{
    if (j->dead) {
        job_free(j);
        return;
    }
    if (!notify_telling(j->d, j->d->told_seq)) {
        job_finish(j);
        return;
    }
    j->told_upto = j->d->told_seq;
    j->parked = 1;
    j->wait.board = 0;
    if (svc_wait_for(j->d->s, &j->wait, j->wait_seq, commands_committed, j))
        commands_committed(j);
}

void inbound_told(mail_door *d)
{
    for (mail_job *j = d->jobs, *n; j; j = n) {
        n = j->next_job;
        finish_parked(j);
    }
}

/* ---- deciding ------------------------------------------------------------------------------------ */
static int same_word(const char *a, const char *b) { return strcasecmp(a, b) == 0; }

/* Why a message is automatic (never answered), or NULL. */
static const char *automatic(const mail_door *d, const mail_msg *m)
{
    if (m->auto_submitted[0] && !same_word(m->auto_submitted, "no"))
        return "Auto-Submitted";
    if (same_word(m->precedence, "bulk") || same_word(m->precedence, "list") || same_word(m->precedence, "junk"))
        return "Precedence";
    if (m->has_list_id)
        return "a mailing list's";
    if (m->has_return_path && !m->return_path[0])
        return "a bounce's null sender";
    if (!strncasecmp(m->from, "mailer-daemon@", 14) || !strncasecmp(m->return_path, "mailer-daemon@", 14) ||
        !strncasecmp(m->from, "postmaster@", 11))
        return "MAILER-DAEMON";
    if (m->x_ludex[0] || !strcasecmp(m->from, d->from) || !strcasecmp(mail_answer_address(m), d->from))
        return "our own";
    return NULL;
}

/* 1 when the answer address may have one more message run this hour.  When
 * SENDERS_MAX addresses have written this hour a new one is refused (*full
 * set): letting it through would let whoever forged that many senders mail
 * anyone without limit. */
static int sender_allowed(mail_door *d, const char *addr, int *first_refusal, int *full)
{
    *first_refusal = 0;
    *full = 0;
    if (d->cfg.per_sender_hour <= 0)
        return 1;
    double now = svc_now();
    if (now - d->senders_since > 3600) {
        while (d->senders) {
            sender_count *n = d->senders->next;
            free(d->senders);
            d->senders = n;
        }
        d->senders_since = now;
    }
    sender_count *c = d->senders;
    size_t count = 0;
    for (; c && strcasecmp(c->addr, addr); c = c->next)
        count++;
    if (!c) {
        if (count >= SENDERS_MAX) {
            *full = 1;
            return 0;
        }
        if (!(c = calloc(1, sizeof *c)))
            return 1;
        snprintf(c->addr, sizeof c->addr, "%s", addr);
        c->next = d->senders;
        d->senders = c;
    }
    c->n++;
    *first_refusal = c->n == d->cfg.per_sender_hour + 1;
    return c->n <= d->cfg.per_sender_hour;
}

/* A reply to the verification mail proves the address: its token is in the id replied to. */
static void verify_by_reply(mail_job *j)
{
    const char *refs[2] = {j->msg.in_reply_to, j->msg.references};
    for (int i = 0; i < 2; i++) {
        const char *p = strstr(refs[i], "verify.");
        if (!p)
            continue;
        const char *at = strchr(p, '@'), *dot = NULL;
        for (const char *q = p; at && q < at; q++)
            if (*q == '.')
                dot = q;
        char user[SVC_NAME_MAX + 1], token[64];
        size_t ulen = dot ? (size_t)(dot - p) - 7 : 0, tlen = dot ? (size_t)(at - dot) - 1 : 0;
        if (!dot || dot < p + 7 || ulen == 0 || ulen > SVC_NAME_MAX || tlen == 0 || tlen >= sizeof token)
            continue;
        memcpy(user, p + 7, ulen);
        user[ulen] = 0;
        memcpy(token, dot + 1, tlen);
        token[tlen] = 0;
        svc_status st;
        svc_status_init(&st);
        if (svc_verify_address(j->d->s, user, token, &st) == 0) {
            if (st.wait_seq > j->wait_seq)
                j->wait_seq = st.wait_seq;
            lx_buf_printf(&j->reply, "Your address is verified for %s: mail from the server now reaches it.\n\n",
                          user);
        } else {
            lx_buf_printf(&j->reply, "The address was not verified: %s\n\n", st.msg);
        }
        return;
    }
}

static const char *const command_words[] = {
    "signup", "login", "password", "help", "quit", "set", "whoami", "verify", "address", "games", "small",
    "medium", "big", "large", "twixt", "hex", "backgammon", "crossword", "watch", "unwatch", "ratings", "standings",
    "accept", "decline", "block", "unblock", "seeks", "join", "takeback", "rematch", "vacation",
    "message", "chat", "messages", "tournament", "tournaments", NULL};

static void seen_got(void *arg, int seen);

static void start_job(mail_door *d, mail_conn *c, const char *raw, size_t len, size_t total)
{
    mail_job *j = calloc(1, sizeof *j);
    char err[200];
    if (!j) {
        answer_conn(c, "TEMPFAIL", "out of memory");
        return;
    }
    j->d = d;
    j->conn = c;
    c->job = j;
    j->next_job = d->jobs;
    if (d->jobs)
        d->jobs->prev = j;
    d->jobs = j;
    if (mail_parse(raw, len, &j->msg, err, sizeof err) != 0) {
        svc_log(d->s, "mail: a message not read: %s", err);
        job_answer(j, "OK", "not a mail message; dropped");
        return;
    }
    const char *why = automatic(d, &j->msg);
    if (why) {
        char text[120];
        snprintf(text, sizeof text, "ignored: %s mail is never answered", why);
        job_answer(j, "OK", text);
        return;
    }
    snprintf(j->sender, sizeof j->sender, "%s", mail_answer_address(&j->msg));
    snprintf(j->addr, sizeof j->addr, "mail:%s", j->sender);
    if (j->msg.message_id[0]) {
        snprintf(j->id, sizeof j->id, "%s", j->msg.message_id);
    } else {
        unsigned char h[crypto_hash_sha256_BYTES];
        crypto_hash_sha256(h, (const unsigned char *)raw, len);
        memcpy(j->id, "sha256:", 7);
        sodium_bin2hex(j->id + 7, sizeof j->id - 7, h, sizeof h);
    }
    for (mail_job *o = d->jobs; o; o = o->next_job)
        if (o != j && !strcmp(o->id, j->id)) {
            job_answer(j, "TEMPFAIL", "the same message is being applied; try again later");
            return;
        }
    j->total = total;
    j->pending++; /* the read of whether it was applied, on the store thread */
    svc_mail_seen(d->s, j->id, seen_got, j);
}

/* The rest of a message's start, once the store has said whether it was applied. */
static void seen_got(void *arg, int seen)
{
    mail_job *j = arg;
    mail_door *d = j->d;
    j->pending--;
    if (j->dead) {
        job_free(j);
        return;
    }
    if (seen != 0) {
        job_answer(j, seen > 0 ? "OK" : "TEMPFAIL", seen > 0 ? "already applied" : "the store cannot be read");
        return;
    }
    if (!j->sender[0]) {
        job_answer(j, "OK", "ignored: no sender to answer");
        return;
    }
    int first_refusal, full;
    if (!sender_allowed(d, j->sender, &first_refusal, &full)) {
        if (full) {
            job_answer(j, "OK", "ignored: too many senders this hour");
            return;
        }
        if (!first_refusal) {
            job_answer(j, "OK", "ignored: too many messages from this sender this hour");
            return;
        }
        lx_buf_printf(&j->reply, "Too many messages from %s this hour (at most %d): this one was not run,\n"
                                 "nor will the next ones be this hour.  Send it again later.\n",
                      j->sender, d->cfg.per_sender_hour);
        job_finish(j);
        return;
    }
    if (j->total > MAIL_MAX_BYTES) {
        lx_buf_printf(&j->reply, "Your message is %zu bytes; the server reads messages of at most %d bytes.\n"
                                 "Nothing in it was run.  Send the commands alone, without attachments.\n",
                      j->total, MAIL_MAX_BYTES);
        job_finish(j);
        return;
    }
    verify_by_reply(j);
    size_t max = (size_t)d->cfg.max_commands;
    j->nlines = mail_commands(&j->msg, command_words, &j->line_store, j->lines, max, &j->dropped, &j->ignored);
    if (j->dropped == (size_t)-1) { /* out of memory: nothing run, the MTA tries again */
        job_answer(j, "TEMPFAIL", "out of memory");
        return;
    }
    if (j->nlines == 0 && j->reply.len == 0)
        lx_buf_printf(&j->reply, "No command found in your message.  Send 'help' for the commands.\n");
    run_job(j);
}

/* ---- the socket --------------------------------------------------------------------------------- */
static void on_read(struct bufferevent *bev, void *arg)
{
    mail_conn *c = arg;
    struct evbuffer *in = bufferevent_get_input(bev);
    if (!c->have_head) {
        size_t n;
        char *line = evbuffer_readln(in, &n, EVBUFFER_EOL_LF);
        if (!line) {
            if (evbuffer_get_length(in) > FRAME_HEAD_MAX)
                answer_conn(c, "ERR", "expected 'LUDEX-MAIL 1 SENT TOTAL'");
            return;
        }
        unsigned long long sent, total;
        int ok = sscanf(line, "LUDEX-MAIL 1 %llu %llu", &sent, &total) == 2 && sent <= MAIL_MAX_BYTES + 1 &&
                 sent <= total;
        free(line);
        if (!ok) {
            answer_conn(c, "ERR", "expected 'LUDEX-MAIL 1 SENT TOTAL' with SENT at most 1 MiB + 1");
            return;
        }
        c->have_head = 1;
        c->want = (size_t)sent;
        c->total = (size_t)total;
    }
    if (evbuffer_get_length(in) < c->want)
        return;
    bufferevent_disable(bev, EV_READ);
    char *raw = malloc(c->want + 1);
    if (!raw) {
        answer_conn(c, "TEMPFAIL", "out of memory");
        return;
    }
    evbuffer_remove(in, raw, c->want);
    raw[c->want] = 0;
    start_job(c->d, c, raw, c->want, c->total);
    free(raw);
}

static void on_accept(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int len, void *arg)
{
    mail_door *d = arg;
    (void)l;
    (void)sa;
    (void)len;
    mail_conn *c = calloc(1, sizeof *c);
    struct bufferevent *bev = c ? bufferevent_socket_new(d->base, fd, BEV_OPT_CLOSE_ON_FREE) : NULL;
    if (!bev) {
        free(c);
        evutil_closesocket(fd);
        return;
    }
    c->d = d;
    c->bev = bev;
    bufferevent_setcb(bev, on_read, NULL, on_conn_event, c);
    struct timeval tv = {60, 0};
    bufferevent_set_timeouts(bev, &tv, &tv);
    bufferevent_enable(bev, EV_READ);
}

int inbound_start(mail_door *d, char *err, size_t errcap)
{
    struct sockaddr_un sun;
    memset(&sun, 0, sizeof sun);
    sun.sun_family = AF_UNIX;
    if (strlen(d->cfg.socket) >= sizeof sun.sun_path) {
        snprintf(err, errcap, "--mail-socket %s: the path is too long", d->cfg.socket);
        return -1;
    }
    snprintf(sun.sun_path, sizeof sun.sun_path, "%s", d->cfg.socket);
    struct stat sb;
    if (lstat(d->cfg.socket, &sb) == 0 && S_ISSOCK(sb.st_mode))
        unlink(d->cfg.socket); /* left by a server that stopped */
    d->listener = evconnlistener_new_bind(d->base, on_accept, d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 64,
                                          (struct sockaddr *)&sun, sizeof sun);
    if (!d->listener) {
        snprintf(err, errcap, "--mail-socket %s: %s", d->cfg.socket, strerror(errno));
        return -1;
    }
    chmod(d->cfg.socket, 0666); /* the MTA runs ludex-mail as its own user; the directory guards access */
    snprintf(d->socket_path, sizeof d->socket_path, "%s", d->cfg.socket);
    return 0;
}

void inbound_stop(mail_door *d)
{
    if (d->listener) {
        evconnlistener_free(d->listener);
        d->listener = NULL;
        unlink(d->socket_path);
    }
    for (mail_job *j = d->jobs, *n; j; j = n) {
        n = j->next_job;
        if (j->conn)
            conn_free(j->conn);
        if (j->pending)
            j->dead = 1;
        else
            job_free(j);
    }
    while (d->senders) {
        sender_count *n = d->senders->next;
        free(d->senders);
        d->senders = n;
    }
}

/* mail/door_int.h - the mail door's parts and how they meet (the parser has its own, mail_int.h). */
#ifndef LUDEX_MAIL_DOOR_INT_H
#define LUDEX_MAIL_DOOR_INT_H

#include <event2/bufferevent.h>
#include <event2/listener.h>

#include "mail/mail.h"
#include "mail/message.h"


typedef struct mail_job mail_job;
typedef struct outbox_sender outbox_sender;

struct mail_door {
    srv *s;
    struct event_base *base;
    mail_config cfg;
    char from[256];
    char domain[200];              /* the part of `from` after '@': Message-IDs end with it */
    struct evconnlistener *listener;
    char socket_path[512];
    mail_job *jobs;                /* messages being run */
    outbox_sender *sender;
    struct event *digest_ev;
    struct digest_round *digest;   /* the digest whose lists are being read (notify.c), or NULL */
    struct sender_count *senders;  /* messages per sender this hour (inbound.c) */
    double senders_since;
    unsigned long handled;
    struct told *told;             /* changes being told, oldest first (notify.c) */
    uint64_t told_seq;             /* changes told so far */
};

/* ---- composing (compose.c) ---------------------------------------------------------- */
/* Headers every mail of the door has: From, To, Subject, Date, Message-ID (id
 * without brackets, "@domain" added), optional In-Reply-To/References, and
 * Auto-Submitted (auto_value: "auto-replied" or "auto-generated"). */
typedef struct mail_head {
    const char *to;
    const char *subject;
    const char *id;            /* "board.12.7.alice": becomes <board.12.7.alice@domain> */
    const char *in_reply_to;   /* a whole msg-id with brackets, or NULL */
    const char *references;    /* msg-ids with brackets, or NULL */
    const char *auto_value;
    const char *tag;           /* X-Ludex: value */
} mail_head;
/* A text mail; with an attachment when name is not NULL (sent as base64). */
int compose_mail(const mail_door *d, const mail_head *h, const char *text, const char *att_name,
                 const char *att_type, const char *att, size_t att_len, lx_buf *out);

/* ---- telling (notify.c) ----------------------------------------------------------------- */
void notify_install(mail_door *d);
int notify_start_digests(mail_door *d);
void notify_stop_digests(mail_door *d); /* a digest's lists still being read then send nothing */
/* The board mail of game sg for the player in `seat` (what a move by mail is answered with too). */
int notify_board_text(mail_door *d, srv_game *sg, int seat, int size, lx_buf *out);
/* 1 while a change told (told_seq upto or before) has not queued its mails yet. */
int notify_telling(const mail_door *d, uint64_t upto);
/* Tell every change still being told now, its reads made at once (the door is closing). */
void notify_stop(mail_door *d);

/* ---- running a message's commands (run.c) ---------------------------------------------- */
/* Run line i of the job and on; calls inbound_job_ran(job) when every line has run, or
 * inbound_job_full(job) when the store refused a line's change for want of space. */
void run_job(mail_job *job);
/* What a command's call changed (st): the line waits for that batch before the next line runs. */
void run_hold(mail_job *job, const svc_status *st);

/* ---- consent and offers by mail (consent.c): one command's answer into the reply; 0 ---- */
int mail_run_consent(mail_job *job, proto_cmd *cmd);
int mail_run_tournament(mail_job *job, proto_cmd *cmd); /* tournament ..., tournaments (tournament.c) */
/* GAME conditional by mail (conditional.c): its answer into the reply; 0 with what the caller
 * holds the job for in st, or -1 */
int mail_run_conditional(mail_job *job, proto_cmd *cmd, svc_status *st);

/* ---- inbound (inbound.c) ------------------------------------------------------------------- */
int inbound_start(mail_door *d, char *err, size_t errcap);
void inbound_stop(mail_door *d);
void inbound_job_ran(mail_job *job);
void inbound_job_full(mail_job *job);
/* The mails of a change told are queued: the answers that waited for them go now. */
void inbound_told(mail_door *d);

#define MAIL_MAX_COMMANDS_CAP 200

struct mail_job {
    mail_door *d;
    struct mail_conn *conn;        /* ludex-mail's connection, NULL once it is gone */
    mail_msg msg;
    char id[256];                  /* the Message-ID, or "sha256:..." of the bytes when there is none */
    char sender[256];              /* where the answer goes: mail_answer_address, never Reply-To */
    char addr[300];                /* "mail:" + sender, for the service's limits */
    size_t total;                  /* the message's size as ludex-mail read it (it sends at most 1 MiB + 1) */
    char user[SVC_NAME_MAX + 1]; /* logged in by a command of this message ("" when none) */
    lx_buf line_store;
    const char *lines[MAIL_MAX_COMMANDS_CAP];
    size_t nlines, next, dropped, ignored;
    int pending;                   /* a service call with this job as its context is running */
    int dead;                      /* the door is closing: free when nothing is pending */
    int retried;                   /* line `next` runs again after its password check */
    int quit;
    int parked;                    /* ran, its answer after the mails of the changes told before
                                      (1: waiting for its commands' batch, 2: for those mails) */
    uint64_t told_upto;            /* those: the door's told_seq when it had run */
    uint64_t wait_seq;             /* the last batch of the message's commands */
    uint64_t line_seq;             /* the batch of the line running now, when it wrote a board */
    int64_t line_board;            /* that board (svc_status.wait_board), 0: none */
    size_t line_at, answer_at;     /* the reply's length when the line's run began, and after its echo */
    svc_wait wait;                 /* the line running now, as the service's request (svc_request) */
    lx_buf reply;                  /* the answer to the sender */
    mail_job *prev, *next_job;
};

/* ---- sending (outbox.c) ------------------------------------------------------------------------ */
outbox_sender *outbox_start(mail_door *d, char *err, size_t errcap);
/* Mail was queued in batch seq: send it as soon as that batch has committed. */
void outbox_kick(outbox_sender *o, uint64_t seq);
void outbox_stop(outbox_sender *o);

#endif

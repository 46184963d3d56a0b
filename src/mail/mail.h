/* mail/mail.h - the mail door of ludexd: play by mail, and mail that tells.
 *
 * Inbound: the MTA hands each message to ludex-mail, which passes it whole
 * to this door over a Unix socket; the door reads the commands in it, runs
 * them as service calls, queues the answer to the sender, and says "OK"
 * only once all of that has committed (else "TEMPFAIL", and the MTA tries
 * again).  Outbound: the door composes the mails the service's notifier
 * asks for (boards after moves, turns, verification codes, digests) into
 * the store's outbox, in the batch of the change they tell of, and a worker
 * thread hands committed ones to sendmail(1).  Like every door it holds no
 * game or account logic. */
#ifndef LUDEX_MAIL_H
#define LUDEX_MAIL_H

#include <event2/event.h>

#include "service/service.h"

typedef struct mail_door mail_door;

typedef struct mail_config {
    const char *socket;        /* the Unix socket ludex-mail connects to; NULL: no inbound mail */
    const char *from;          /* the server's address ("ludex@example.org"): From of every mail */
    const char *sendmail;      /* sendmail(1) path; NULL: mail is queued, never sent */
    int digest_interval;       /* seconds between digests (86400) */
    int per_sender_hour;       /* messages one sender may have run in an hour; 0: no limit */
    int max_commands;          /* command lines run from one message */
    int retry_seconds;         /* the first retry of a mail the MTA refused (then doubling, at most an hour) */
    int claim_seconds;         /* several ludexd on PostgreSQL: how long a mail being sent is this instance's (60) */
    int grace_seconds;         /* several ludexd on PostgreSQL: how long a board mail waits for its chat lines
                                  before it goes without them, were the instance to die meanwhile (60) */
} mail_config;

/* Start the door.  NULL with a message in err. */
mail_door *mail_door_open(srv *s, struct event_base *base, const mail_config *cfg, char *err, size_t errcap);
void mail_door_close(mail_door *d);

#endif

/* mail/door.c - starting and stopping the mail door: the inbound socket,
 * the notifier hooks, the digest timer and the outbox sender. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/door_int.h"

mail_door *mail_door_open(srv *s, struct event_base *base, const mail_config *cfg, char *err, size_t errcap)
{
    mail_door *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    d->s = s;
    d->base = base;
    d->cfg = *cfg;
    if (d->cfg.max_commands <= 0 || d->cfg.max_commands > MAIL_MAX_COMMANDS_CAP)
        d->cfg.max_commands = 50;
    snprintf(d->from, sizeof d->from, "%s", cfg->from);
    const char *at = strrchr(d->from, '@');
    if (!at || !svc_address_valid(d->from)) {
        snprintf(err, errcap, "--mail-from %s: not an e-mail address (ludex@example.org)", cfg->from);
        free(d);
        return NULL;
    }
    snprintf(d->domain, sizeof d->domain, "%s", at + 1);
    d->senders_since = svc_now();
    notify_install(d);
    if ((cfg->socket && inbound_start(d, err, errcap) != 0) || notify_start_digests(d) != 0 ||
        (cfg->sendmail && !(d->sender = outbox_start(d, err, errcap)))) {
        mail_door_close(d);
        if (!err[0])
            snprintf(err, errcap, "mail: cannot start");
        return NULL;
    }
    return d;
}

void mail_door_close(mail_door *d)
{
    if (!d)
        return;
    svc_remove_notifier(d->s, d);
    notify_stop(d); /* before the answers that wait for its mails */
    inbound_stop(d);
    outbox_stop(d->sender);
    notify_stop_digests(d);
    free(d);
}

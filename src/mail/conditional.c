/* mail/conditional.c - "GAME conditional BOARD [M1 R1 [M2 R2 ...] | clear]" by mail: the sender's
 * conditional moves on a board (Hex, Twixt), as on the line protocol (line/cmd_conditional.c).
 *
 * The mail must be logged in ('login USER PASSWORD' above the line, or a known address).  Moves
 * add a line, "clear" removes them, nothing lists them; the reply names how many lines are set,
 * from which move, and gives each.  Rules and privacy are the service's (svc_conditional_set). */
#include <stdio.h>
#include <string.h>

#include "mail/door_int.h"

int mail_run_conditional(mail_job *j, proto_cmd *cmd, svc_status *st)
{
    svc_status_init(st);
    if (!j->user[0]) {
        lx_buf_printf(&j->reply, "ERROR NOT_LOGGED_IN: put 'login USER PASSWORD' on a line above this one\n\n");
        return -1;
    }
    lx_buf lines = LX_BUF_INIT;
    size_t from = 0;
    int rc = svc_conditional_command(j->d->s, j->user, cmd, &lines, &from, st);
    if (rc != 0) {
        lx_buf_printf(&j->reply, "ERROR %s: %s\n\n", st->code, st->msg);
    } else {
        int n = 0;
        for (const char *p = lines.data ? lines.data : ""; *p; p++)
            n += *p == '\n';
        lx_buf_printf(&j->reply, "OK: %d line%s of conditional moves on board %lld from move %zu\n%s\n", n,
                      n == 1 ? "" : "s", (long long)proto_number(cmd->argv[0]), from, lines.data ? lines.data : "");
    }
    lx_buf_free(&lines);
    return rc;
}

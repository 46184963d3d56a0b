/* line/cmd_conditional.c - GAME conditional BOARD [M1 R1 [M2 R2 ...] | clear]: the logged-in
 * player's conditional moves on a board (Hex, Twixt).
 *
 * With moves, a line is added ("if my opponent plays M1 I answer R1, then if M2, R2 ..."); with
 * "clear" they are all removed; with nothing they are listed.  Every form answers with the lines
 * set: "OK N lines from move M", then one body line a line, its moves as history writes them.
 * The rules are the service's (svc_conditional_set); this only reads the words and writes. */
#include <stdio.h>
#include <string.h>

#include "line/line_int.h"

/* The reply: how many lines, from which move, and each line. */
static void reply_lines(conn *c, const lx_buf *lines, size_t from)
{
    const char *text = lines->data ? lines->data : "";
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    reply_ok(&c->reply, "%d line%s from move %zu", n, n == 1 ? "" : "s", from);
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        reply_body(&c->reply, p, (size_t)(end - p));
        p = end + 1;
    }
}

cmd_end cmd_conditional(conn *c, proto_cmd *cmd)
{
    if (!c->user[0])
        return cmd_refuse(c, "NOT_LOGGED_IN", "log in first: conditional moves are their player's own");
    lx_buf lines = LX_BUF_INIT;
    svc_status st;
    svc_status_init(&st);
    size_t from = 0;
    int rc = svc_conditional_command(c->s, c->user, cmd, &lines, &from, &st);
    if (rc == 0)
        reply_lines(c, &lines, from);
    lx_buf_free(&lines);
    return cmd_result(c, rc, &st);
}

/* line/cmd_messages.c - message USER TEXT, chat BOARD TEXT, messages; a board's chat under show.
 *
 * TEXT is the rest of the line as written (service/commands.c keeps it whole, past the
 * word limit).  `messages` lists the unread messages and the chat lines of
 * one's boards, oldest first, and marks them read; `GAME show BOARD` adds
 * the board's last chat lines for its players (a board's chat is its
 * players' only) and how many messages wait.  Rules and limits are the
 * service's. */
#include <stdio.h>
#include <stdlib.h>

#include "line/line_int.h"

#define MESSAGES_MAX 50    /* messages listed by one `messages`; the rest stay unread */
#define SHOW_CHAT_LINES 10

static cmd_end send_text(conn *c, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    int rc;
    if (cmd->verb == V_MESSAGE) {
        rc = svc_send_message(c->s, c->user, cmd->argv[0], cmd->text, &st);
    } else {
        int64_t board = proto_number(cmd->argv[0]);
        rc = !board ? svc_fail(&st, "NO_SUCH_BOARD", "there is no board '%.40s'", cmd->argv[0])
                    : svc_chat(c->s, c->user, board, cmd->text, &st);
    }
    if (rc == 0)
        reply_ok(&c->reply, "sent");
    return cmd_result(c, rc, &st);
}

static cmd_end list_unread(conn *c)
{
    svc_status st;
    svc_status_init(&st);
    svc_message *m = calloc(MESSAGES_MAX, sizeof *m);
    long n = m ? svc_messages_unread(c->s, c->user, m, MESSAGES_MAX, &st)
               : svc_fail(&st, "INTERNAL", "out of memory");
    if (n < 0) {
        free(m);
        return cmd_error(c, &st);
    }
    cmd_hold(c, &st);
    reply_ok(&c->reply, "%ld message%s", n, n == 1 ? "" : "s");
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        lx_buf_clear(&line);
        msg_text_line(&m[i], &line);
        reply_body(&c->reply, line.data ? line.data : "", line.len);
    }
    lx_buf_free(&line);
    free(m);
    return CMD_ANSWERED;
}

cmd_end cmd_messages(conn *c, proto_cmd *cmd)
{
    if (!c->user[0])
        return cmd_refuse(c, "NOT_LOGGED_IN", "log in first");
    return cmd->verb == V_MESSAGES ? list_unread(c) : send_text(c, cmd);
}

void cmd_show_chat(conn *c, int64_t board)
{
    svc_status st;
    svc_status_init(&st);
    svc_message m[SHOW_CHAT_LINES];
    long unread = 0;
    long n = svc_chat_of(c->s, board, c->user, m, SHOW_CHAT_LINES, c->user[0] ? &unread : NULL, &st);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        lx_buf_clear(&line);
        msg_text_line(&m[i], &line);
        reply_body(&c->reply, line.data ? line.data : "", line.len);
    }
    if (unread > 0) {
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%ld unread message%s ('messages' shows them)", unread, unread == 1 ? "" : "s");
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
}

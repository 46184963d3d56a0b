/* http/api_messages.c - messages and a board's chat:
 *   POST /api/v1/messages {"to":U,"text":T}      GET /api/v1/messages (the unread, marked read)
 *   POST /api/v1/games/N/chat {"text":T}         GET /api/v1/games/N/chat (its last lines)
 *
 * The same service calls as the line protocol's message, messages and chat:
 * the limits (500 bytes, 30 a minute) and the rule that a board's chat is
 * its two players' only are the service's.  Texts go out as JSON strings. */
#include <stdlib.h>

#include <event2/http.h>

#include "http/http_int.h"

#define MESSAGES_MAX 50
#define CHAT_LINES 50

static json_t *message_json(const svc_message *m)
{
    return json_pack("{s:I,s:o,s:s,s:o,s:I}", "id", (json_int_t)m->id, "board",
                     m->board ? json_integer((json_int_t)m->board) : json_null(), "from", m->sender, "text",
                     json_text(m->text), "created", (json_int_t)m->created);
}

static int logged_in(http_call *c)
{
    if (c->user[0])
        return 1;
    call_error(c, "NOT_LOGGED_IN", "log in to read or send messages");
    return 0;
}

static const json_field message_fields[] = {{"to", JSON_STRING, 1}, {"text", JSON_STRING, 1}, {NULL, 0, 0}};
static const json_field chat_fields[] = {{"text", JSON_STRING, 1}, {NULL, 0, 0}};

/* The answer to a send: 201 once durable, or the service's error. */
static void answer_sent(http_call *c, int rc, const svc_status *st)
{
    if (rc != 0)
        call_fail(c, st);
    else
        call_json(c, 201, json_pack("{s:b}", "sent", 1), st->wait_seq);
}

/* Read messages (board 0: the unread, marked read; else that board's chat) and answer with them. */
static void answer_list(http_call *c, int64_t board)
{
    svc_status st;
    svc_status_init(&st);
    size_t cap = board ? CHAT_LINES : MESSAGES_MAX;
    svc_message *m = calloc(cap, sizeof *m);
    long n = !m ? svc_fail(&st, "INTERNAL", "out of memory")
             : board ? svc_chat_of(c->d->s, board, c->user, m, cap, NULL, &st)
                     : svc_messages_unread(c->d->s, c->user, m, cap, &st);
    if (n < 0) {
        free(m);
        call_fail(c, &st);
        return;
    }
    json_t *list = json_array();
    for (long i = 0; i < n; i++)
        json_array_append_new(list, message_json(&m[i]));
    free(m);
    json_t *o = board ? json_pack("{s:I,s:o}", "board", (json_int_t)board, "chat", list)
                      : json_pack("{s:o}", "messages", list);
    call_json(c, 200, o, st.wait_seq);
}

void api_message_send(http_call *c)
{
    if (!logged_in(c) || auth_check_csrf(c, 1) != 0 || json_body(c, message_fields) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    answer_sent(c, svc_send_message(c->d->s, c->user, json_str(c, "to"), json_str(c, "text"), &st), &st);
}

void api_messages_unread(http_call *c)
{
    if (logged_in(c))
        answer_list(c, 0);
}

void api_game_chat_send(http_call *c)
{
    if (!logged_in(c) || auth_check_csrf(c, 1) != 0 || json_body(c, chat_fields) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    answer_sent(c, svc_chat(c->d->s, c->user, c->board, json_str(c, "text"), &st), &st);
}

void api_game_chat(http_call *c)
{
    if (logged_in(c))
        answer_list(c, c->board);
}

/* service/messages.c - messages between users, a board's chat, and the comments written with moves.
 *
 * A message goes to one user; a chat line goes to a board's other player
 * (a board's chat is its two players' only: watchers do not read it), so
 * both are rows of one table with a recipient and a "seen" mark, and "your
 * unread messages" is one indexed query.  Messages live in the store only:
 * they are read from the file, so no one reads a message that a crash could
 * still undo (the sender's answer waits for its commit as a move's does).
 *
 * A move's comment lives with the move in memory (srv_move.comment) and in
 * the store by (game, move number); the records write it as the move node's
 * C[] (a "#note" line in GCG).  A comment written with a move is held while
 * svc_play runs and attached in the move's own batch, before the notifier
 * runs, so the board mails that tell of the move show it.
 *
 * Every text is checked here once for every door: valid UTF-8, no control
 * characters, at most SVC_MESSAGE_MAX bytes.  Doors escape it for where
 * they show it (JSON, SGF); this file formats nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/text.h"
#include "service/rules_util.h"
#include "service/ops.h"

/* 0 when text may be sent or stored, else -1 (st BAD_TEXT or TEXT_TOO_LONG). */
static int text_check(const char *text, svc_status *st)
{
    size_t n = text ? strlen(text) : 0;
    if (n == 0)
        return svc_fail(st, "BAD_TEXT", "the text is empty");
    if (n > SVC_MESSAGE_MAX)
        return svc_fail(st, "TEXT_TOO_LONG", "a text holds at most %d bytes, not %zu", SVC_MESSAGE_MAX, n);
    if (lx_utf8_valid_prefix(text, n) != n)
        return svc_fail(st, "BAD_TEXT", "the text is not UTF-8");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        int c1 = c == 0xc2 && i + 1 < n && (unsigned char)text[i + 1] >= 0x80 && (unsigned char)text[i + 1] <= 0x9f;
        if (c < 0x20 || c == 0x7f || c1)
            return svc_fail(st, "BAD_TEXT", "the text holds a control character (a line break or a tab)");
    }
    return 0;
}

static int rate_check(srv *s, const char *from, svc_status *st)
{
    if (rate_limit_blocked(ops_of(s)->messages, from))
        return svc_fail(st, "RATE_LIMITED", "at most %d messages and chat lines a minute; wait a little",
                        SVC_MESSAGES_PER_MINUTE);
    return 0;
}

/* Queue a message row; counts against the sender's rate. */
static int send_row(srv *s, int64_t board, const char *from, const char *to, const char *text, svc_status *st)
{
    store_op op = {.kind = STORE_MESSAGE_ADD};
    op.message.board = board;
    snprintf(op.message.sender, sizeof op.message.sender, "%s", from);
    snprintf(op.message.recipient, sizeof op.message.recipient, "%s", to);
    snprintf(op.message.text, sizeof op.message.text, "%s", text);
    op.message.created = svc_clock_now(s);
    if (svc_commit(s, &op, NULL, st) != 0)
        return -1;
    rate_limit_fail(ops_of(s)->messages, from);
    svc_message m = {.board = board, .created = op.message.created};
    snprintf(m.sender, sizeof m.sender, "%s", from);
    snprintf(m.recipient, sizeof m.recipient, "%s", to);
    snprintf(m.text, sizeof m.text, "%s", text);
    notify_message_sent(s, &m, st->wait_seq);
    return 0;
}

int svc_send_message(srv *s, const char *from, const char *to, const char *text, svc_status *st)
{
    char name[STORE_NAME_MAX + 1];
    if (!svc_user_exists(s, to, name))
        return svc_fail(st, "NO_SUCH_USER", "there is no user '%.40s'", to);
    if (!strcmp(name, from))
        return svc_fail(st, "BAD_RECIPIENT", "a message goes to someone else");
    srv_user *u = users_find(s, name);
    if (u && users_blocks(u, from))
        return svc_fail(st, "BLOCKED", "%s does not take messages from you", name);
    if (text_check(text, st) != 0 || rate_check(s, from, st) != 0)
        return -1;
    return send_row(s, 0, from, name, text, st);
}

int svc_chat(srv *s, const char *from, int64_t board, const char *text, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    int seat = games_seat_of(sg, from);
    if (seat < 0)
        return svc_fail(st, "NOT_A_PLAYER", "only the players of board %lld chat there", (long long)board);
    if (text_check(text, st) != 0 || rate_check(s, from, st) != 0)
        return -1;
    const char *other = sg->player[1 - seat];
    return send_row(s, board, from, strcmp(other, from) ? other : "", text, st);
}

/* ---- reads off the loop (several servers on one database) ------------------------------------ */
/* What a request reads: board's chat (board != 0) or user's unread messages (list), and/or how
 * many messages user has unread (count); the rows in out (cap), their number in n. */
typedef struct message_read {
    db_job base;
    char user[STORE_NAME_MAX + 1];
    int64_t board;
    int list, count;
    size_t cap;
    store_message *out;
    long n, unread;
} message_read;

static void read_rows(store *st, message_read *r)
{
    r->n = !r->list ? 0
           : r->board ? st->be->chat_of(st, r->board, r->out, r->cap)
                      : st->be->messages_unread(st, r->user, r->out, r->cap);
    r->unread = r->count ? st->be->messages_unread_count(st, r->user) : 0;
}

static void message_run(store *st, db_job *d) { read_rows(st, (message_read *)d); }

static void message_discard(db_job *d)
{
    free(((message_read *)d)->out);
    free(d);
}

static void message_done(srv *s, db_job *d)
{
    ops_of(s)->message_reads++;
    dbjobs_keep(s, d);
}

static int same_read(const message_read *a, const message_read *b)
{
    return a->board == b->board && a->list == b->list && a->count == b->count && a->cap == b->cap &&
           !strcmp(a->user, b->user);
}

/* want's answer taken from the read kept for the request running now (0); else queued for the
 * store thread for that request (1: it runs again once the answer has come); else read now. */
static int messages_read(srv *s, message_read *want)
{
    message_read *r = (message_read *)dbjobs_answer(s, message_done);
    int mine = r && same_read(r, want);
    if (mine) {
        want->n = r->n;
        want->unread = r->unread;
        if (r->n > 0)
            memcpy(want->out, r->out, (size_t)r->n * sizeof *r->out);
    }
    if (r)
        message_discard(&r->base);
    if (mine)
        return 0;
    svc_wait *w = dbjobs_request(s);
    message_read *j = w ? calloc(1, sizeof *j) : NULL;
    if (j) {
        *j = *want;
        j->out = want->list ? calloc(want->cap ? want->cap : 1, sizeof *j->out) : NULL;
        if (j->out || !want->list) {
            dbjobs_setup(&j->base, message_run, message_done, message_discard);
            dbjobs_run_for(s, w, &j->base);
            return 1;
        }
        free(j);
    }
    read_rows(bridge_of(s)->rstore, want);
    return 0;
}

static int reading(svc_status *st) { return svc_fail(st, "BUSY", "the messages are being read"); }

_Static_assert(SVC_NAME_MAX == STORE_NAME_MAX, "a door's user names are the store's");
_Static_assert(SVC_MESSAGE_MAX <= STORE_MESSAGE_MAX, "the store holds every text the service allows");

void messages_to_doors(svc_message *out, const store_message *rows, long n)
{
    for (long i = 0; i < n; i++) {
        svc_message *m = &out[i];
        m->id = rows[i].id;
        m->board = rows[i].board;
        snprintf(m->sender, sizeof m->sender, "%s", rows[i].sender);
        snprintf(m->recipient, sizeof m->recipient, "%s", rows[i].recipient);
        snprintf(m->text, sizeof m->text, "%s", rows[i].text); /* the service wrote it: it fits */
        m->created = rows[i].created;
        m->seen = rows[i].seen;
    }
}

/* r read (messages_read) into rows of the store's own, then handed to the door's out: 0 (r->n -1
 * when they cannot be read, out of memory too), or 1 when they are being read for the request. */
static int messages_read_for_door(srv *s, message_read *r, svc_message *out)
{
    r->n = 0;
    if (!r->list && !r->count)
        return 0;
    r->out = r->list ? calloc(r->cap ? r->cap : 1, sizeof *r->out) : NULL;
    if (r->list && !r->out) {
        r->n = -1;
        return 0;
    }
    int later = messages_read(s, r);
    if (!later && r->n > 0)
        messages_to_doors(out, r->out, r->n);
    free(r->out);
    r->out = NULL;
    return later;
}

long svc_messages_unread(srv *s, const char *user, svc_message *out, size_t cap, svc_status *st)
{
    message_read r = {.list = 1, .cap = cap};
    snprintf(r.user, sizeof r.user, "%s", user);
    if (messages_read_for_door(s, &r, out))
        return reading(st);
    long n = r.n;
    if (n < 0)
        return svc_fail(st, "INTERNAL", "the messages cannot be read");
    if (n == 0)
        return 0;
    store_op op = {.kind = STORE_MESSAGES_SEEN};
    snprintf(op.message.recipient, sizeof op.message.recipient, "%s", user);
    op.message.id = out[n - 1].id;
    return svc_commit(s, &op, NULL, st) == 0 ? n : -1;
}

long svc_chat_of(srv *s, int64_t board, const char *viewer, svc_message *out, size_t cap, long *unread,
                 svc_status *st)
{
    if (unread)
        *unread = 0;
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    int allowed = messages_chat_public(sg) || (viewer && games_seat_of(sg, viewer) >= 0);
    message_read r = {.board = board, .list = allowed, .count = unread && viewer && viewer[0], .cap = cap};
    snprintf(r.user, sizeof r.user, "%s", r.count ? viewer : "");
    if (messages_read_for_door(s, &r, out))
        return reading(st);
    if (unread)
        *unread = r.unread < 0 ? 0 : r.unread;
    if (!allowed)
        return svc_fail(st, "NOT_A_PLAYER", "this board's chat is for its players (challenge with -publicchat)");
    return r.n < 0 ? svc_fail(st, "INTERNAL", "the chat cannot be read") : r.n;
}

/* ---- move comments ------------------------------------------------------------------------------- */
int svc_comment_move(srv *s, const char *actor, int64_t board, long n, const char *text, svc_status *st)
{
    srv_game *sg = svc_game(s, board, G_NONE, st);
    if (!sg)
        return -1;
    if (n < 1 || (size_t)n > sg->nmoves)
        return svc_fail(st, "NO_SUCH_MOVE", "board %lld has no move %ld", (long long)board, n);
    const srv_move *m = &sg->moves[n - 1];
    if (!actor || strcmp(sg->player[m->seat], actor))
        return svc_fail(st, "NOT_YOUR_MOVE", "a move's comment is written by the one who made it");
    if (m->comment)
        return svc_fail(st, "COMMENT_EXISTS", "move %ld has its comment already", n);
    if (text_check(text, st) != 0)
        return -1;
    return comments_attach(s, sg, (size_t)n, text, st);
}

int svc_play_commented(srv *s, const char *actor, int64_t board, proto_game kind, const char *text, long want_n,
                       const char *comment, svc_played *out, svc_status *st)
{
    if (comment && comment[0] && text_check(comment, st) != 0)
        return -1;
    model_of(s)->pending_comment = comment && comment[0] ? comment : NULL;
    int rc = svc_play(s, actor, board, kind, text, want_n, out, st);
    model_of(s)->pending_comment = NULL;
    return rc;
}

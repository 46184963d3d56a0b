/* mail/notify.c - the mails that tell: the board after every move (as the
 * classic server sent it), "your turn" to a player who is not connected, the
 * code that proves an address, and the daily digest.  The board text carries
 * the last move's comment and, for a player, the board's last chat lines.
 *
 * The service calls these hooks inside the call that made the change, so
 * each mail enters the outbox in the change's own batch.  With PostgreSQL
 * the chat lines are read after that batch (svc_mail_reads): a mail to a
 * player memory holds enters the batch without them, to wait a grace
 * period (--mail-grace), and is replaced by the whole mail, due at once,
 * when they have come; if the instance dies first, it goes as it is, once,
 * by whichever instance's sender claims it.  Each mail names
 * its event ("board.12.7.alice"): the outbox keeps one mail per event, so a
 * turn is told at most once per board and player however often the hook
 * runs.  Only a proved address gets anything but its verification code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mail/door_int.h"
#include "mail/result_words.h"

static const char *seat_name(const svc_game_info *g, int seat) { return g->player[seat]; }

/* "It is your turn" and the line that plays it, or whose turn it is, or the result in words. */
static void turn_lines(const srv_game *sg, const svc_game_info *g, int seat, lx_buf *out)
{
    if (g->to_move < 0) {
        lx_buf_append_str(out, "The game is over: ");
        mail_result_words(sg, g, out);
        lx_buf_append_str(out, ".\n");
    } else if (g->to_move == seat) {
        lx_buf_printf(out, "It is your turn: move %zu.  Answer with a line such as\n"
                           "    %s move %lld %s PASSWORD MOVE#%zu\n",
                      g->nmoves + 1, g->name, (long long)g->board, seat_name(g, seat), g->nmoves + 1);
    } else {
        lx_buf_printf(out, "It is %s's turn (move %zu).\n", seat_name(g, g->to_move), g->nmoves + 1);
    }
}

/* The board's last chat lines (m, n of them; none when n <= 0), for a player. */
static void chat_lines(int64_t board, const svc_message *m, long n, lx_buf *out)
{
    if (n > 0)
        lx_buf_printf(out, "\nThe board's chat, the last lines ('chat %lld TEXT' adds one):\n", (long long)board);
    for (long i = 0; i < n; i++) {
        lx_buf_append_str(out, "  ");
        msg_text_line(&m[i], out);
        lx_buf_append_char(out, '\n');
    }
}

/* The board text but its chat lines: the players, the last move and its comment, whose turn, the
 * moves and the board at display size `size`, as `seat` sees them. */
static void board_text(srv_game *sg, int seat, int size, lx_buf *out)
{
    svc_game_info g;
    svc_game_describe(sg, &g);
    lx_buf text = LX_BUF_INIT;
    char colour[8];
    int mover;
    lx_buf_printf(out, "%s board %lld: %s (%s) against %s (%s).\n", g.name, (long long)g.board, g.player[0],
                  g.colour[0], g.player[1], g.colour[1]);
    if (g.nmoves > 0 && svc_game_move(sg, g.nmoves - 1, seat, colour, &mover, &text) == 0)
        lx_buf_printf(out, "Move %zu: %s played %s.\n", g.nmoves, g.player[mover], text.data ? text.data : "");
    const char *comment = g.nmoves > 0 ? svc_game_move_comment(sg, g.nmoves - 1) : NULL;
    if (comment)
        lx_buf_printf(out, "Their comment: %s\n", comment);
    turn_lines(sg, &g, seat, out);
    lx_buf_printf(out, "\nMoves:\n");
    for (size_t i = 0; i < g.nmoves; i++) {
        lx_buf_clear(&text);
        svc_game_move(sg, i, seat, colour, &mover, &text);
        lx_buf_printf(out, "%4zu %s %s\n", i + 1, colour, text.data ? text.data : "");
    }
    if (g.nmoves == 0)
        lx_buf_printf(out, "  (none yet)\n");
    lx_buf_printf(out, "\n");
    lx_buf_clear(&text);
    svc_game_draw(sg, seat, size, &text);
    lx_buf_append(out, text.data ? text.data : "", text.len);
    lx_buf_free(&text);
}

int notify_board_text(mail_door *d, srv_game *sg, int seat, int size, lx_buf *out)
{
    svc_message m[SVC_MAIL_CHAT_LINES];
    svc_game_info g;
    svc_status st;
    svc_status_init(&st);
    svc_game_describe(sg, &g);
    board_text(sg, seat, size, out);
    long n = seat >= 0 ? svc_chat_of(d->s, g.board, g.player[seat], m, SVC_MAIL_CHAT_LINES, NULL, &st) : 0;
    chat_lines(g.board, m, n, out);
    return 0;
}

/* The ids a board's mails to `user` are threaded by: the first (its start) and the one before n. */
static void thread_ids(const mail_door *d, int64_t board, size_t n, const char *user, char *irt, size_t irtcap,
                       char *refs, size_t refscap)
{
    snprintf(irt, irtcap, "<board.%lld.%zu.%s@%s>", (long long)board, n ? n - 1 : 0, user, d->domain);
    if (n > 1)
        snprintf(refs, refscap, "<board.%lld.0.%s@%s> %s", (long long)board, user, d->domain, irt);
    else
        snprintf(refs, refscap, "%s", irt);
}

/* How a mail of a change told enters the outbox (told_start, told_done): at once; to wait
 * (without the chat lines still to be read: sent so if the instance dies before they have come);
 * or as the whole mail in place of the one waiting, due now. */
enum { QUEUE_NOW, QUEUE_WAITING, QUEUE_WHOLE };
#define NOTIFY_GRACE_SECONDS 60

static void queue_as(mail_door *d, int how, const char *event, const mail_head *h, const char *text,
                     const char *att_name, const char *att_type, const lx_buf *att)
{
    lx_buf msg = LX_BUF_INIT;
    svc_status st;
    svc_status_init(&st);
    int grace = d->cfg.grace_seconds > 0 ? d->cfg.grace_seconds : NOTIFY_GRACE_SECONDS;
    int rc = compose_mail(d, h, text, att_name, att_type, att ? att->data : NULL, att ? att->len : 0, &msg);
    if (rc == 0)
        rc = how == QUEUE_WHOLE ? svc_outbox_replace(d->s, event, msg.data, &st)
                                : svc_outbox_add_later(d->s, event, h->to, msg.data,
                                                       how == QUEUE_WAITING ? (int64_t)time(NULL) + grace : 0, &st);
    if (rc != 0)
        svc_log(d->s, "mail: cannot queue %s: %s", event, st.code ? st.msg : "out of memory");
    else if (how != QUEUE_WAITING)
        outbox_kick(d->sender, st.wait_seq);
    lx_buf_free(&msg);
}

static void queue(mail_door *d, const char *event, const mail_head *h, const char *text, const char *att_name,
                  const char *att_type, const lx_buf *att)
{
    queue_as(d, QUEUE_NOW, event, h, text, att_name, att_type, att);
}

/* The mails that tell of a change or remind, for the player in `seat`; board: the board text
 * with its chat lines at their display size. */
static void board_mail(mail_door *d, int how, const svc_game_info *g, int seat, const svc_user_mail *um,
                       const char *board, const char *over, const lx_buf *rec)
{
    char id[128], subject[400], irt[300], refs[620], att_name[64];
    lx_buf text = LX_BUF_INIT;
    snprintf(id, sizeof id, "board.%lld.%zu.%s", (long long)g->board, g->nmoves, um->name);
    const char *who = g->to_move < 0 ? "game over" : g->to_move == seat ? "your turn" : "their turn";
    /* a game over names its result in words, as the body does: "game over: bob wins by resignation (W+R)" */
    snprintf(subject, sizeof subject, "[ludex] %s %lld: %s v %s, move %zu, %s%s%s", g->name, (long long)g->board,
             g->player[0], g->player[1], g->nmoves, who, over[0] ? ": " : g->result[0] ? " " : "",
             over[0] ? over : g->result);
    thread_ids(d, g->board, g->nmoves, um->name, irt, sizeof irt, refs, sizeof refs);
    lx_buf_append_str(&text, board);
    lx_buf_printf(&text, "\nThe record is attached.  'help %s' by mail tells the commands.\n", g->name);
    int gcg = g->kind == G_CROSSWORD;
    snprintf(att_name, sizeof att_name, "%s-%lld.%s", g->name, (long long)g->board, gcg ? "gcg" : "sgf");
    mail_head h = {um->email, subject, id, g->nmoves ? irt : NULL, g->nmoves ? refs : NULL, "auto-generated", id};
    queue_as(d, how, id, &h, text.data, att_name, gcg ? "text/plain; charset=utf-8" : "application/x-go-sgf", rec);
    lx_buf_free(&text);
}

static void turn_mail(mail_door *d, int how, const svc_game_info *g, int seat, const svc_user_mail *um,
                      const char *board)
{
    char id[128], subject[200], irt[300], refs[620];
    lx_buf text = LX_BUF_INIT;
    snprintf(id, sizeof id, "turn.%lld.%zu.%s", (long long)g->board, g->nmoves, um->name);
    snprintf(subject, sizeof subject, "[ludex] %s %lld: your turn (move %zu) against %s", g->name,
             (long long)g->board, g->nmoves + 1, g->player[1 - seat]);
    thread_ids(d, g->board, g->nmoves, um->name, irt, sizeof irt, refs, sizeof refs);
    lx_buf_append_str(&text, board);
    lx_buf_printf(&text, "\nYou get this mail because you were not connected when your turn came\n"
                         "(at most one per board and turn).  'set notify off' stops them.\n");
    mail_head h = {um->email, subject, id, NULL, refs, "auto-generated", id};
    queue_as(d, how, id, &h, text.data, NULL, NULL, NULL);
    lx_buf_free(&text);
}

/* A quarter of the player's time is left (`left` seconds). */
static void reminder_mail(mail_door *d, int how, const svc_game_info *g, int seat, const svc_user_mail *um,
                          long left, const char *board)
{
    char id[128], subject[200], when[32], refs[300];
    lx_buf text = LX_BUF_INIT;
    svc_format_duration(left, when);
    snprintf(id, sizeof id, "nag.%lld.%zu.%s", (long long)g->board, g->nmoves, um->name);
    snprintf(subject, sizeof subject, "[ludex] %s %lld: %s left for your move %zu against %s", g->name,
             (long long)g->board, when, g->nmoves + 1, g->player[1 - seat]);
    snprintf(refs, sizeof refs, "<board.%lld.0.%s@%s>", (long long)g->board, um->name, d->domain);
    lx_buf_printf(&text, "A reminder: a quarter of your time is left (%s).  When it runs out the game\n"
                         "is lost on time.\n\n", when);
    lx_buf_append_str(&text, board);
    mail_head h = {um->email, subject, id, NULL, refs, "auto-generated", id};
    queue_as(d, how, id, &h, text.data, NULL, NULL, NULL);
    lx_buf_free(&text);
}

/* ---- a change told: what the board said then, the mails written when the reads have come ---- */
/* The chat lines and the settings of players memory does not hold are read from the store
 * (svc_mail_reads: with PostgreSQL on the store thread, after the change's batch has committed;
 * with SQLite at once, inside the change).  Meanwhile the board may change again, so what the
 * mails show of it is taken now, as text: each player's board text but its chat lines, at their
 * display size, or at every size when their settings are still to be read, and the record. */
enum { TOLD_NOTHING, TOLD_KNOWN, TOLD_READ };          /* what a player's settings are */
enum { MAIL_NONE, MAIL_BOARD, MAIL_TURN, MAIL_REMINDER }; /* which mail a player gets */

typedef struct told_seat {
    int settings;      /* TOLD_*; TOLD_KNOWN: um */
    svc_user_mail um;
    int present;       /* connected at the change (a player memory does not hold is not) */
    lx_buf body[4];    /* the board text but its chat, by display size - 1 */
} told_seat;

typedef struct told {
    svc_mail_reads reads; /* first: done() gets it */
    mail_door *d;
    uint64_t seq;         /* the door's count of changes told, this one's */
    svc_game_info g;      /* its strings below */
    char name[16], player[2][SVC_NAME_MAX + 1], actor[SVC_NAME_MAX + 1];
    char over[200];       /* a game over: its result in words (mail_result_words), for the subject; else "" */
    int reminder;         /* a reminder, `left` seconds left, rather than a change */
    int waiting;          /* the mails to players held were queued to wait (told_start): replaced */
    long left;
    told_seat seat[2];
    lx_buf rec;           /* the record, when a board mail may go */
    struct told *next;
} told;

static int mail_kind(const told *t, int seat, const svc_user_mail *um)
{
    if (!um->verified)
        return MAIL_NONE;
    if (t->reminder)
        return um->notify == SVC_NOTIFY_OFF ? MAIL_NONE : MAIL_REMINDER;
    if (um->notify == SVC_NOTIFY_BOARD)
        return MAIL_BOARD;
    if (um->notify == SVC_NOTIFY_TURN && t->g.to_move == seat && strcmp(t->actor, um->name) &&
        !t->seat[seat].present)
        return MAIL_TURN;
    return MAIL_NONE;
}

static void told_free(told *t)
{
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++)
            lx_buf_free(&t->seat[i].body[k]);
    lx_buf_free(&t->rec);
    free(t);
}

/* What sg says now, for a change or a reminder; NULL out of memory. */
static told *told_new(mail_door *d, srv_game *sg, const char *actor, int reminder, long left)
{
    told *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->d = d;
    t->reminder = reminder;
    t->left = left;
    svc_game_info g;
    svc_game_describe(sg, &g);
    snprintf(t->name, sizeof t->name, "%s", g.name);
    g.name = t->name;
    for (int i = 0; i < 2; i++) {
        snprintf(t->player[i], sizeof t->player[i], "%s", g.player[i]);
        g.player[i] = t->player[i];
    }
    t->g = g;
    snprintf(t->actor, sizeof t->actor, "%s", actor ? actor : "");
    if (g.to_move < 0 && g.result[0]) {
        lx_buf words = LX_BUF_INIT;
        mail_result_words(sg, &g, &words);
        snprintf(t->over, sizeof t->over, "%s", words.data ? words.data : "");
        lx_buf_free(&words);
    }
    return t;
}

/* The player in seat is told: their settings as memory holds them (or to be read), the board text. */
static void told_seat_take(told *t, srv *s, srv_game *sg, int seat)
{
    told_seat *ts = &t->seat[seat];
    if (!svc_user_mail_held(s, t->player[seat], &ts->um)) {
        ts->settings = TOLD_READ;
        memcpy(t->reads.user[seat], t->player[seat], sizeof t->reads.user[seat]); /* same size */
        for (int size = 1; size <= 4; size++)
            board_text(sg, seat, size, &ts->body[size - 1]);
        return;
    }
    ts->present = svc_user_present(s, ts->um.name);
    if (mail_kind(t, seat, &ts->um) == MAIL_NONE)
        return;
    ts->settings = TOLD_KNOWN;
    board_text(sg, seat, ts->um.display, &ts->body[ts->um.display - 1]);
}

/* The player's mail (QUEUE_*: QUEUE_WAITING has no chat lines, not read yet). */
static void write_mail(told *t, int how, int seat, const svc_user_mail *um)
{
    int kind = mail_kind(t, seat, um);
    if (kind == MAIL_NONE)
        return;
    lx_buf board = LX_BUF_INIT;
    const lx_buf *body = &t->seat[seat].body[um->display - 1];
    lx_buf_append(&board, body->data ? body->data : "", body->len);
    chat_lines(t->g.board, t->reads.chat, how == QUEUE_WAITING ? 0 : t->reads.nchat, &board);
    const char *text = board.data ? board.data : "";
    if (kind == MAIL_BOARD)
        board_mail(t->d, how, &t->g, seat, um, text, t->over, &t->rec);
    else if (kind == MAIL_TURN)
        turn_mail(t->d, how, &t->g, seat, um, text);
    else
        reminder_mail(t->d, how, &t->g, seat, um, t->left, text);
    lx_buf_free(&board);
}

static void told_unlink(told *t)
{
    mail_door *d = t->d;
    for (told **at = &d->told; *at; at = &(*at)->next)
        if (*at == t) {
            *at = t->next;
            break;
        }
}

static void told_done(svc_mail_reads *r)
{
    told *t = (told *)r;
    mail_door *d = t->d;
    for (int seat = 0; seat < 2 && r->kept; seat++) {
        told_seat *ts = &t->seat[seat];
        if (ts->settings == TOLD_KNOWN)
            write_mail(t, t->waiting ? QUEUE_WHOLE : QUEUE_NOW, seat, &ts->um);
        else if (ts->settings == TOLD_READ && r->found[seat])
            write_mail(t, QUEUE_NOW, seat, &r->um[seat]);
    }
    told_unlink(t);
    told_free(t);
    inbound_told(d);
}

/* Tell t once its reads have come, or free it when nobody is to be told. */
static void told_start(told *t, srv *s, srv_game *sg)
{
    mail_door *d = t->d;
    int any = 0, board = 0;
    for (int i = 0; i < 2; i++) {
        any |= t->seat[i].settings != TOLD_NOTHING;
        board |= t->seat[i].settings == TOLD_READ ||
                 (t->seat[i].settings == TOLD_KNOWN && mail_kind(t, i, &t->seat[i].um) == MAIL_BOARD);
    }
    if (!any) {
        told_free(t);
        return;
    }
    svc_status st;
    svc_status_init(&st);
    if (board && svc_game_record(sg, NULL, &t->rec, &st) != 0)
        lx_buf_clear(&t->rec);
    if (svc_mail_reads_later(s)) { /* in the change's batch, kept if the instance dies before the reads */
        t->waiting = 1;
        for (int i = 0; i < 2; i++)
            if (t->seat[i].settings == TOLD_KNOWN)
                write_mail(t, QUEUE_WAITING, i, &t->seat[i].um);
    }
    t->seq = ++d->told_seq;
    told **at = &d->told;
    while (*at)
        at = &(*at)->next;
    *at = t; /* oldest first */
    t->reads.done = told_done;
    svc_mail_reads_start(s, sg, &t->reads);
}

static void on_game_changed(void *ctx, srv *s, srv_game *sg, const char *actor)
{
    told *t = told_new(ctx, sg, actor, 0, 0);
    if (!t) {
        svc_log(s, "mail: out of memory: a change is not told");
        return;
    }
    for (int seat = 0; seat < 2; seat++)
        if (seat == 0 || strcmp(t->player[0], t->player[1]))
            told_seat_take(t, s, sg, seat);
    told_start(t, s, sg);
}

static void on_verify(void *ctx, srv *s, const char *user, const char *address, const char *token)
{
    mail_door *d = ctx;
    char id[128], subject[200], event[160];
    lx_buf text = LX_BUF_INIT;
    (void)s;
    snprintf(id, sizeof id, "verify.%s.%s", user, token);
    snprintf(event, sizeof event, "verify.%s.%s", user, token);
    snprintf(subject, sizeof subject, "[ludex] is this your address? code %s for %s", token, user);
    lx_buf_printf(&text,
                  "This address was given to the ludex game server for the user %s.\n\n"
                  "If it is yours, reply to this mail (the reply's text does not matter),\n"
                  "or send the line\n    verify %s\nwhile logged in as %s.  Until then the server sends\n"
                  "nothing else here.  If it is not yours, ignore this mail.\n",
                  user, token, user);
    mail_head h = {address, subject, id, NULL, NULL, "auto-generated", "verify"};
    queue(d, event, &h, text.data, NULL, NULL, NULL);
    lx_buf_free(&text);
}

/* A quarter of a player's time is left: one mail, whatever their notify mode but off. */
static void on_reminder(void *ctx, srv *s, srv_game *sg, int seat, long left)
{
    told *t = told_new(ctx, sg, NULL, 1, left);
    if (!t) {
        svc_log(s, "mail: out of memory: a reminder is not sent");
        return;
    }
    told_seat_take(t, s, sg, seat);
    told_start(t, s, sg);
}

void notify_install(mail_door *d)
{
    svc_notifier n = {d, on_game_changed, on_verify, on_reminder, NULL, NULL};
    svc_add_notifier(d->s, &n);
}

int notify_telling(const mail_door *d, uint64_t upto)
{
    return d->told && d->told->seq <= upto;
}

void notify_stop(mail_door *d)
{
    while (d->told)
        svc_mail_reads_now(d->s, &d->told->reads);
}

/* ---- the digest ------------------------------------------------------------------------------ */
/* One digest: who wants one, then each one's list of games, read off the loop (PostgreSQL),
 * each user's mail written when theirs has come.  It outlives a door closed meanwhile (d NULL:
 * nothing sent). */
typedef struct digest_round {
    mail_door *d;
    long period;
    int pending; /* lists not come yet, and one while the users are being gone through */
} digest_round;

typedef struct digest_user {
    digest_round *round;
    svc_user_mail um;
} digest_user;

static void digest_release(digest_round *r)
{
    if (--r->pending > 0)
        return;
    if (r->d)
        r->d->digest = NULL;
    free(r);
}

static void digest_mail(digest_round *r, const svc_user_mail *um, const int64_t *ids, long n)
{
    svc_status st;
    svc_status_init(&st);
    lx_buf text = LX_BUF_INIT;
    lx_buf_printf(&text, "Games where it is your turn, %s:\n\n", um->name);
    for (long i = 0; i < n; i++) {
        srv_game *sg = svc_game(r->d->s, ids[i], G_NONE, &st);
        svc_game_info g;
        if (!sg)
            continue;
        svc_game_describe(sg, &g);
        lx_buf_printf(&text, "  %s %lld against %s: move %zu\n", g.name, (long long)g.board,
                      g.player[strcmp(g.player[0], um->name) ? 0 : 1], g.nmoves + 1);
    }
    lx_buf_printf(&text, "\nOne mail a day ('set notify digest'); 'set notify off' stops it.\n");
    char id[128], subject[160];
    snprintf(id, sizeof id, "digest.%ld.%s", r->period, um->name);
    snprintf(subject, sizeof subject, "[ludex] your turn in %ld game%s", n, n == 1 ? "" : "s");
    mail_head h = {um->email, subject, id, NULL, NULL, "auto-generated", "digest"};
    queue(r->d, id, &h, text.data, NULL, NULL, NULL);
    lx_buf_free(&text);
}

static void digest_listed(srv *s, void *ctx, const int64_t *ids, long n, svc_status *st)
{
    digest_user *u = ctx;
    (void)st;
    if (s && u->round->d && n > 0)
        digest_mail(u->round, &u->um, ids, n);
    digest_release(u->round);
    free(u);
}

static int digest_one(void *ctx, const svc_user_mail *um)
{
    digest_round *r = ctx;
    digest_user *u = r->d ? malloc(sizeof *u) : NULL; /* none once the door has closed */
    if (!u)
        return 0;
    *u = (digest_user){r, *um};
    r->pending++;
    svc_games_list_then(r->d->s, G_NONE, um->name, SVC_NEXT, 200, digest_listed, u);
    return 0;
}

/* Every user who wants a digest has been gone through (off the loop with PostgreSQL). */
static void digest_users_done(srv *s, void *ctx, int rc)
{
    digest_round *r = ctx;
    if (s && rc != 0)
        svc_log(s, "mail: cannot read the users for the digest");
    digest_release(r);
}

static void on_digest(evutil_socket_t fd, short what, void *arg)
{
    mail_door *d = arg;
    (void)fd;
    (void)what;
    digest_round *r = d->digest ? NULL : malloc(sizeof *r); /* none while the last one's lists are read */
    if (!r)
        return;
    *r = (digest_round){d, (long)(time(NULL) / d->cfg.digest_interval), 1};
    d->digest = r;
    svc_users_with_notify(d->s, SVC_NOTIFY_DIGEST, digest_one, digest_users_done, r);
}

void notify_stop_digests(mail_door *d)
{
    if (d->digest_ev)
        event_free(d->digest_ev);
    d->digest_ev = NULL;
    if (d->digest)
        d->digest->d = NULL;
}

int notify_start_digests(mail_door *d)
{
    if (d->cfg.digest_interval <= 0)
        return 0;
    d->digest_ev = event_new(d->base, -1, EV_PERSIST, on_digest, d);
    struct timeval tv = {d->cfg.digest_interval, 0};
    return d->digest_ev && event_add(d->digest_ev, &tv) == 0 ? 0 : -1;
}

/* server/cmd_game.c - GAME challenge, move, swap, resign, show, history, record, games.
 *
 * A move is checked and played in memory by the game's rules (all or
 * nothing), then appended to the commit queue; the OK waits for the commit.
 * The loop runs one command at a time, so of two moves racing for the same
 * turn the first is played and the second finds the turn gone (or its #N
 * wrong).  Reads of a game (show, history, record) wait for the commit of the
 * game's last change, so no one sees a move that a crash could still undo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/server.h"

int display_size_of(const char *w);

static void finish(conn *c) { reply_end(&c->reply); conn_finish(c); }

static void fail(conn *c, const char *code, const char *msg)
{
    reply_err(&c->reply, code, "%s", msg);
    finish(c);
}

static srv_game *board_arg(conn *c, proto_cmd *cmd, const char *word)
{
    char *end;
    long long id = strtoll(word, &end, 10);
    srv_game *sg = *word && !*end && id > 0 ? games_find(c->s, id) : NULL;
    if (!sg) {
        reply_err(&c->reply, "NO_SUCH_BOARD", "there is no board '%.40s'", word);
        finish(c);
    } else if (sg->kind != cmd->game) {
        reply_err(&c->reply, "WRONG_GAME", "board %lld is a %s game", id, sg->rules->name);
        finish(c);
        sg = NULL;
    }
    return sg;
}

static void do_challenge(conn *c, proto_cmd *cmd)
{
    const srv_rules *r = rules_for(cmd->game);
    lx_buf canon = LX_BUF_INIT;
    lx_game_error err;
    lx_game_error_init(&err);
    for (int i = 0; i < 2; i++)
        if (!users_find(c->s, cmd->argv[i])) {
            reply_err(&c->reply, "NO_SUCH_USER", "there is no user '%.40s'", cmd->argv[i]);
            goto out;
        }
    void *g = NULL;
    if (r->options(cmd->argc - 2, cmd->argv + 2, &canon, &err) != 0 ||
        !(g = r->create(canon.data ? canon.data : "", &err))) {
        reply_err(&c->reply, err.code ? err.code : "BAD_OPTION", "%s", err.message.data ? err.message.data : "");
        goto out;
    }
    r->between_turns(g);
    srv_game *sg = games_create(c->s, cmd->game, users_find(c->s, cmd->argv[0])->name,
                                users_find(c->s, cmd->argv[1])->name, canon.data ? canon.data : "", g, r->state(g));
    if (!sg) {
        r->destroy(g);
        reply_err(&c->reply, "INTERNAL", "out of memory");
        goto out;
    }
    store_op op = {.kind = STORE_GAME_CREATE};
    op.game.id = sg->id;
    snprintf(op.game.kind, sizeof op.game.kind, "%s", r->name);
    memcpy(op.game.player, sg->player, sizeof op.game.player);
    op.game.options = sg->options;
    op.game.state = sg->state_text;
    op.game.created = (int64_t)time(NULL);
    if (cmd_commit(c, &op, sg) == 0)
        reply_ok(&c->reply, "%lld", (long long)sg->id);
out:
    lx_buf_free(&canon);
    lx_game_error_free(&err);
    finish(c);
}

/* Cut "MOVE#N" into the move and N (0 when there is no '#'); -1 when N is not a number. */
static int split_move_number(char *text, long *n)
{
    char *hash = strrchr(text, '#');
    *n = 0;
    if (!hash)
        return 0;
    char *end;
    *n = strtol(hash + 1, &end, 10);
    *hash = 0;
    return hash[1] && !*end && *n > 0 ? 0 : -1;
}

/* Who is acting: from USER PASSWORD in the command, or the login.  The user's
 * name; NULL when refused (reply made) or pending (*pending set). */
static const char *acting_user(conn *c, proto_cmd *cmd, int with_pw, int *pending)
{
    *pending = 0;
    if (!with_pw) {
        if (!c->user[0]) {
            fail(c, "NOT_LOGGED_IN", "give USER PASSWORD, or log in first");
            return NULL;
        }
        return c->user;
    }
    int rc = cmd_check_password(c, cmd->argv[1], cmd->argv[2]);
    *pending = rc < 0;
    return rc == 1 ? users_find(c->s, cmd->argv[1])->name : NULL;
}

static void push_move(srv *s, srv_game *sg)
{
    const srv_move *m = &sg->moves[sg->nmoves - 1];
    lx_buf line = LX_BUF_INIT;
    lx_buf_printf(&line, "* %s %lld %zu %s ", sg->rules->name, (long long)sg->id, sg->nmoves, m->colour);
    sg->rules->history_text(m->text, &line);
    watch_notify(s, sg, line.data ? line.data : "");
    lx_buf_free(&line);
}

static int persist_state(conn *c, srv_game *sg);

static int persist_move(conn *c, srv_game *sg, int seat, const char *stored)
{
    store_op op = {.kind = STORE_MOVE_APPEND};
    op.move.game_id = sg->id;
    op.move.n = (int)sg->nmoves;
    op.move.seat = seat;
    op.move.text = (char *)stored;
    if (cmd_commit(c, &op, sg) != 0)
        return -1;
    return persist_state(c, sg);
}

static int persist_state(conn *c, srv_game *sg)
{
    uint64_t seq;
    if (games_settle(c->s, sg, &seq) != 0)
        return -1;
    if (seq > c->wait_seq)
        c->wait_seq = seq;
    return 0;
}

static void play_text(conn *c, srv_game *sg, const char *user, char *text)
{
    long want;
    int seat = games_seat_of(sg, user);
    if (seat < 0) {
        reply_err(&c->reply, "NOT_A_PLAYER", "%s does not play on board %lld", user, (long long)sg->id);
        finish(c);
        return;
    }
    if (split_move_number(text, &want) != 0 || !text[0]) {
        fail(c, "BAD_MOVE", "write the move, then '#' and the move's number if you like: k10#7");
        return;
    }
    if (want && (size_t)want != sg->nmoves + 1) {
        reply_err(&c->reply, "WRONG_MOVE_NUMBER", "this would be move %zu, not move %ld", sg->nmoves + 1, want);
        finish(c);
        return;
    }
    lx_buf stored = LX_BUF_INIT;
    lx_game_error err;
    char colour[8] = "";
    lx_game_error_init(&err);
    if (sg->rules->play(sg->g, seat, text, &stored, colour, &err) != 0) {
        reply_err(&c->reply, err.code ? err.code : "ILLEGAL_MOVE", "%s", err.message.data ? err.message.data : "illegal move");
    } else if (stored.len == 0) {
        if (persist_state(c, sg) != 0)
            reply_err(&c->reply, "INTERNAL", "out of memory");
        else
            reply_ok(&c->reply, "%s", sg->state_text);
    } else if (games_append_move(sg, seat, stored.data ? stored.data : "", colour) != 0 ||
               persist_move(c, sg, seat, stored.data ? stored.data : "") != 0) {
        srv_log(c->s, "board %lld: out of memory after a move; stopping", (long long)sg->id);
        event_base_loopbreak(c->s->base);
        reply_err(&c->reply, "INTERNAL", "out of memory");
    } else {
        char re[32];
        sg->rules->result(sg->g, re);
        lx_buf shown = LX_BUF_INIT; /* crossword: the stored form holds the rack before the move */
        if (sg->kind == G_CROSSWORD)
            sg->rules->history_text(stored.data ? stored.data : "", &shown);
        lx_buf note = LX_BUF_INIT; /* backgammon: a game of the match ended */
        if (sg->rules->note)
            sg->rules->note(sg->g, &note);
        reply_ok(&c->reply, "%zu %s %s%s%s%s", sg->nmoves, colour,
                 sg->kind == G_CROSSWORD ? (shown.data ? shown.data : "") : stored.data ? stored.data : "",
                 re[0] ? " result " : "", re, note.data ? note.data : "");
        lx_buf_free(&shown);
        lx_buf_free(&note);
        push_move(c->s, sg);
    }
    lx_buf_free(&stored);
    lx_game_error_free(&err);
    finish(c);
}

static void do_move(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return;
    int with_pw = cmd->verb == V_MOVE ? cmd->argc == 4 : cmd->argc == 3;
    if (cmd->verb == V_MOVE && cmd->game == G_BACKGAMMON)
        with_pw = cmd->argc >= 4 && !strchr(cmd->argv[1], '/') && users_find(c->s, cmd->argv[1]) &&
                  !strchr(cmd->argv[2], '/');
    if (cmd->verb == V_MOVE && cmd->game == G_CROSSWORD) /* BOARD [USER PASSWORD] MOVE, MOVE one or two words */
        with_pw = cmd->argc >= 4;
    int pending;
    const char *user = acting_user(c, cmd, with_pw, &pending);
    if (!user)
        return;
    char text[PROTO_LINE_MAX + 1];
    text[0] = 0;
    if (cmd->verb == V_MOVE)
        for (int i = with_pw ? 3 : 1, n = 0; i < cmd->argc; i++)
            n += snprintf(text + n, sizeof text - (size_t)n, "%s%s", i > (with_pw ? 3 : 1) ? " " : "", cmd->argv[i]);
    else
        snprintf(text, sizeof text, "%s", cmd->verb == V_SWAP ? "swap" : "resign");
    play_text(c, sg, user, text);
}

static void header(conn *c, const srv_game *sg)
{
    char re[32];
    sg->rules->result(sg->g, re);
    int t = sg->rules->seat_to_move(sg->g);
    lx_buf h = LX_BUF_INIT;
    lx_buf_printf(&h, "board %lld: %s, %s (%s) vs %s; %zu moves; ", (long long)sg->id, sg->rules->name,
                  sg->player[0], sg->kind == G_BACKGAMMON ? "White" : "first", sg->player[1], sg->nmoves);
    if (re[0])
        lx_buf_printf(&h, "over, result %s", re);
    else
        lx_buf_printf(&h, "%s to move", t >= 0 ? sg->player[t] : "nobody");
    reply_body(&c->reply, h.data, h.len);
    lx_buf_free(&h);
}

static void do_show(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return;
    int size = 2;
    srv_user *u = c->user[0] ? users_find(c->s, c->user) : NULL;
    if (u)
        size = u->display;
    if (cmd->argc > 1 && !(size = display_size_of(cmd->argv[1]))) {
        fail(c, "BAD_SIZE", "display sizes are small, medium, big and large");
        return;
    }
    lx_buf d = LX_BUF_INIT;
    int viewer = u ? games_seat_of(sg, u->name) : -1;
    reply_ok(&c->reply, "%lld", (long long)sg->id);
    header(c, sg);
    sg->rules->show(sg->g, viewer, size, &d);
    reply_body(&c->reply, d.data ? d.data : "", d.len);
    lx_buf_free(&d);
    c->wait_seq = sg->write_seq;
    finish(c);
}

static void do_history(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return;
    reply_ok(&c->reply, "%zu moves", sg->nmoves);
    lx_buf line = LX_BUF_INIT;
    for (size_t i = 0; i < sg->nmoves; i++) {
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%zu %s ", i + 1, sg->moves[i].colour);
        sg->rules->history_text(sg->moves[i].text, &line);
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&line);
    c->wait_seq = sg->write_seq;
    finish(c);
}

static void do_record(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return;
    lx_buf rec = LX_BUF_INIT;
    int rc = cmd->argc < 2 ? sg->rules->record(sg, &rec)
             : sg->rules->record_as ? sg->rules->record_as(sg, cmd->argv[1], &rec) : 1;
    if (rc == 1) {
        fail(c, "BAD_ARG", sg->rules->record_as ? "the record's flavours: gnubg" : "this game's record has one form");
    } else if (rc != 0) {
        fail(c, "INTERNAL", "cannot write the record");
    } else {
        reply_ok(&c->reply, "%s", cmd->game == G_CROSSWORD ? "GCG" : "SGF");
        reply_body(&c->reply, rec.data ? rec.data : "", rec.len);
        c->wait_seq = sg->write_seq;
        finish(c);
    }
    lx_buf_free(&rec);
}

static void do_games(conn *c, proto_cmd *cmd)
{
    int64_t ids[200];
    const char *user = cmd->argc ? cmd->argv[0] : NULL;
    if (user && !users_find(c->s, user)) {
        reply_err(&c->reply, "NO_SUCH_USER", "there is no user '%.40s'", user);
        finish(c);
        return;
    }
    long n = 0;
    /* the newest games, from memory back: ids are dense and never reused */
    for (int64_t id = c->s->next_game_id - 1; id > 0 && n < 200; id--) {
        srv_game *sg = games_find(c->s, id);
        if (sg && sg->kind == cmd->game && (!user || games_seat_of(sg, user) >= 0))
            ids[n++] = id;
        if (c->s->next_game_id - id > 5000)
            break;
    }
    reply_ok(&c->reply, "%ld games", n);
    lx_buf line = LX_BUF_INIT;
    for (long i = 0; i < n; i++) {
        srv_game *sg = games_find(c->s, ids[i]);
        char re[32];
        sg->rules->result(sg->g, re);
        lx_buf_clear(&line);
        lx_buf_printf(&line, "%lld %s %s %zu %s", (long long)sg->id, sg->player[0], sg->player[1], sg->nmoves,
                      re[0] ? re : "playing");
        reply_body(&c->reply, line.data, line.len);
        if (sg->write_seq > c->wait_seq)
            c->wait_seq = sg->write_seq;
    }
    lx_buf_free(&line);
    finish(c);
}

void cmd_game(conn *c, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_CHALLENGE: do_challenge(c, cmd); return;
    case V_SHOW: do_show(c, cmd); return;
    case V_HISTORY: do_history(c, cmd); return;
    case V_RECORD: do_record(c, cmd); return;
    case V_GAMES: do_games(c, cmd); return;
    default: do_move(c, cmd); return;
    }
}

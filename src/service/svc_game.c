/* service/svc_game.c - games: challenge, play, and what a door may read of a game.
 *
 * A move is checked and played in memory by the game's rules (all or
 * nothing), then appended to the commit queue; the door answers once it has
 * committed.  The loop runs one call at a time, so of two moves racing for
 * the same turn the first is played and the second finds the turn gone (or
 * its number wrong).  Hidden information stays here: a crossword rack goes
 * only to its own player (svc_game_rack), and no drawing holds a rack or
 * the bag; backgammon dice are shown once rolled, never before. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "service/ops.h"
#include "service/conditional.h"

/* ---- play ------------------------------------------------------------------------- */
void svc_played_free(svc_played *p)
{
    lx_buf_free(&p->shown);
    lx_buf_free(&p->stored);
    lx_buf_free(&p->note);
    lx_buf_free(&p->answer_shown);
    lx_buf_free(&p->answer_stored);
}

static int persist_state(srv *s, srv_game *sg, svc_status *st)
{
    uint64_t seq;
    if (games_settle(s, sg, &seq) != 0)
        return -1;
    if (seq > st->wait_seq)
        st->wait_seq = seq;
    return 0;
}

static int persist_move(srv *s, srv_game *sg, int seat, const char *stored, svc_status *st)
{
    store_op op = {.kind = STORE_MOVE_APPEND};
    op.move.game_id = sg->id;
    op.move.n = (int)sg->nmoves;
    op.move.seat = seat;
    op.move.text = (char *)stored;
    if (svc_commit(s, &op, sg, st) != 0 || persist_state(s, sg, st) != 0)
        return -1;
    sg->moves[sg->nmoves - 1].seq = sg->write_seq;
    return 0;
}

/* The move is played in memory: record it, persist it, and say what it did. */
static int record_move(srv *s, srv_game *sg, int seat, const char *colour, svc_played *out, svc_status *st)
{
    const char *stored = out->stored.data ? out->stored.data : "";
    if (games_append_move(sg, seat, stored, colour) != 0 || persist_move(s, sg, seat, stored, st) != 0) {
        srv_log(s, "board %lld: out of memory after a move; stopping", (long long)sg->id);
        event_base_loopbreak(bridge_of(s)->base);
        return svc_fail(st, "INTERNAL", "out of memory");
    }
    out->n = sg->nmoves;
    snprintf(out->colour, sizeof out->colour, "%s", colour);
    sg->rules->result(sg->g, out->result);
    sg->rules->history_text(stored, &out->shown);
    if (sg->rules->note)
        sg->rules->note(sg->g, &out->note);
    watch_queue(s, sg, 0);
    return 0;
}

/* The answer the opponent's conditional moves give to the move just recorded (conditional.c): played
 * in the move's batch, its player's clock not charged, and told in out's answer_*. */
static int play_answer(srv *s, srv_game *sg, int seat, svc_played *out, svc_status *st)
{
    char *answer = NULL, colour[8] = "";
    if (conditional_answer(s, sg, seat, out->stored.data, &answer, st) != 0)
        return -1;
    if (!answer)
        return 0;
    svc_played reply = {0};
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = sg->rules->play(sg->g, 1 - seat, answer, &reply.stored, colour, &err);
    if (rc != 0) { /* checked from this very position when it was set: the lines end all the same */
        srv_log(s, "board %lld: the conditional answer %s does not play: %s", (long long)sg->id, answer,
                err.message.data ? err.message.data : "");
        rc = conditional_end(s, sg, st);
    } else if ((rc = record_move(s, sg, 1 - seat, colour, &reply, st)) == 0 && (rc = conditional_clock(s, sg, st)) == 0) {
        out->answer_n = reply.n;
        memcpy(out->answer_colour, reply.colour, sizeof out->answer_colour);
        memcpy(out->result, reply.result, sizeof out->result);
        lx_buf_free(&out->note);
        out->note = reply.note;
        out->answer_shown = reply.shown;
        out->answer_stored = reply.stored;
        memset(&reply, 0, sizeof reply);
    }
    svc_played_free(&reply);
    lx_game_error_free(&err);
    free(answer);
    return rc;
}

int players_later(srv *s, const srv_game *sg, int users, int rated)
{
    return (users && users_for_game(s, sg)) || (rated && ratings_for_move(s, sg));
}

static int play_once(srv *s, const char *actor, int64_t board, proto_game kind, const char *text, long want_n,
                     svc_played *out, svc_status *st)
{
    srv_game *sg = svc_game(s, board, kind, st);
    if (!sg)
        return -1;
    int seat = games_seat_of(sg, actor);
    if (seat < 0)
        return svc_fail(st, "NOT_A_PLAYER", "%s does not play on board %lld", actor, (long long)sg->id);
    if (!text[0])
        return svc_fail(st, "BAD_MOVE", "write the move, then '#' and the move's number if you like: k10#7");
    if (want_n && (size_t)want_n != sg->nmoves + 1)
        return svc_fail(st, "WRONG_MOVE_NUMBER", "this would be move %zu, not move %ld", sg->nmoves + 1, want_n);
    if (!sg->forced_result[0] && sg->clock.seat >= 0 && svc_clock_now(s) >= clock_deadline(sg)) {
        if (players_later(s, sg, 1, 1)) /* the loss on time is a game's end too */
            return svc_fail(st, "BUSY", "the players are being read");
        clock_time_out(s, sg, st); /* too late: the sweep has not run yet, but the time is up */
    }
    if (sg->forced_result[0])
        return svc_fail(st, "GAME_OVER", "the game is over: %s", sg->forced_result);
    if (sg->waiting)
        return svc_fail(st, "CHALLENGE_PENDING", "the game has not begun: it waits for %s to accept",
                        sg->player[sg->waiting - 1]);
    if (players_later(s, sg, 1, 1))
        return svc_fail(st, "BUSY", "the players are being read");
    sg->offer[0] = 0; /* a move answers any offer: it lapses */
    lx_game_error err;
    char colour[8] = "";
    int rc = 0;
    lx_game_error_init(&err);
    if (sg->rules->play(sg->g, seat, text, &out->stored, colour, &err) != 0) {
        rc = svc_fail(st, err.code ? err.code : "ILLEGAL_MOVE", "%s",
                      err.message.data ? err.message.data : "illegal move");
    } else if (out->stored.len == 0) { /* the server rolled, or the like: only the hidden state changed */
        out->state_only = 1;
        if ((rc = persist_state(s, sg, st)) != 0)
            svc_fail(st, "INTERNAL", "out of memory");
        out->state = sg->state_text;
        if (rc == 0)
            rc = clock_after_play(s, sg, st);
        watch_queue(s, sg, 1);
    } else {
        commit_hold(bridge_of(s)->cq);
        rc = record_move(s, sg, seat, colour, out, st);
        if (rc == 0)
            rc = comments_attach_pending(s, sg, actor, st); /* in the move's batch, before its mails */
        if (rc == 0)
            rc = clock_after_play(s, sg, st);
        if (rc == 0)
            rc = play_answer(s, sg, seat, out, st);
        if (rc == 0 && games_over(sg))
            rc = conditional_end(s, sg, st);
        if (rc == 0 && games_over(sg))
            rc = ratings_game_over(s, sg, st);
        if (rc == 0)
            notify_game_changed(s, sg, actor);
        commit_release(bridge_of(s)->cq);
        if (rc == 0)
            game_end_publish(s, sg); /* a tournament's next round, say */
    }
    lx_game_error_free(&err);
    return rc;
}

/* With other servers on the store, memory may still be a notification behind the store:
 * before a move is refused for the game's state, the store's version is asked, and a game
 * another server changed is read again (1: try the move once more).  Errors are rare, so
 * this round trip is too; a game with writes of ours in flight is as fresh as it can be. */
static int behind_store(srv *s, int64_t board, const svc_status *st)
{
    static const char *const settled[] = {"NO_SUCH_BOARD", "WRONG_GAME", "NOT_A_PLAYER", "BAD_MOVE", "INTERNAL",
                                          "BUSY"};
    for (size_t i = 0; i < sizeof settled / sizeof settled[0]; i++)
        if (!strcmp(st->code, settled[i]))
            return 0;
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)board);
    srv_game *sg = map_get(model_of(s)->games, key);
    if (!sg || sg->write_seq > bridge_of(s)->committed || (bridge_of(s)->request && bridge_of(s)->request->read_board == board) ||
        games_refresh_for_request(s, sg))
        return 0; /* ours in flight, or read for this request; or being read off the loop, and the
                     request runs again with it */
    store_game row;
    int behind = bridge_of(s)->rstore->be->game_get(bridge_of(s)->rstore, board, &row) == 1 && row.version != sg->version;
    store_game_clear(&row);
    if (behind)
        games_reload(s, board);
    return behind && !sg->stale && !sg->gone;
}

/* A move's text as a door hands it over: 1 to SVC_MOVE_MAX bytes, no control character and no '#'
 * (a move's number goes apart: MOVE#N on a line, "n" over HTTP).  0, or -1 (BAD_MOVE). */
static int move_text_check(const char *text, svc_status *st)
{
    size_t n = strlen(text);
    if (n == 0 || n > SVC_MOVE_MAX)
        return svc_fail(st, "BAD_MOVE", "a move is 1 to %d bytes in the server's syntax", SVC_MOVE_MAX);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f || text[i] == '#')
            return svc_fail(st, "BAD_MOVE", "a move holds no control characters and no '#' (its number goes apart:"
                                            " MOVE#N on a line, \"n\" over HTTP)");
    return 0;
}

int svc_play(srv *s, const char *actor, int64_t board, proto_game kind, const char *text, long want_n,
             svc_played *out, svc_status *st)
{
    if (move_text_check(text, st) != 0)
        return -1;
    int rc = play_once(s, actor, board, kind, text, want_n, out, st);
    if (rc != 0 && st->code && listen_shared(s) && behind_store(s, board, st)) {
        svc_played_free(out);
        memset(out, 0, sizeof *out);
        svc_status_init(st);
        rc = play_once(s, actor, board, kind, text, want_n, out, st);
    }
    return rc;
}

/* ---- reading a game ------------------------------------------------------------------ */
void svc_game_describe(const srv_game *sg, svc_game_info *info)
{
    memset(info, 0, sizeof *info);
    info->board = sg->id;
    info->kind = sg->kind;
    info->name = sg->rules->name;
    info->player[0] = sg->player[0];
    info->player[1] = sg->player[1];
    info->nmoves = sg->nmoves;
    info->version = sg->changes;
    games_result(sg, info->result);
    info->to_move = games_to_move(sg);
    info->waiting = sg->waiting && !sg->forced_result[0] ? sg->waiting - 1 : -1;
    info->deadline = info->waiting >= 0 ? sg->waiting_until : info->to_move >= 0 ? clock_deadline(sg) : 0;
    info->reminded = info->to_move >= 0 && sg->clock.nagged;
    for (int i = 0; i < 2; i++)
        games_colour_of(sg, i, info->colour[i]); /* as the seat plays now: a swap exchanges them */
    info->options = sg->options ? sg->options : "";
    info->public_chat = messages_chat_public(sg);
    info->write_seq = sg->write_seq;
}

int svc_game_move(const srv_game *sg, size_t i, int viewer, char colour[8], int *seat, lx_buf *out)
{
    if (i >= sg->nmoves)
        return -1;
    snprintf(colour, 8, "%s", sg->moves[i].colour);
    *seat = sg->moves[i].seat;
    return games_history_text(sg, i, viewer, out);
}

int svc_game_seat_of(const srv_game *sg, const char *user) { return user ? games_seat_of(sg, user) : -1; }

int svc_game_draw(const srv_game *sg, int viewer, int size, lx_buf *out)
{
    return sg->rules->show(sg->g, viewer, size, out);
}

int svc_game_svg(const srv_game *sg, int viewer, lx_buf *out) { return sg->rules->svg(sg->g, viewer, out); }

/* Skip an SGF property value from its '[' (escapes kept in mind): the index after its ']'. */
static size_t skip_value(const char *t, size_t i, size_t n)
{
    for (i++; i < n && t[i] != ']'; i++)
        if (t[i] == '\\')
            i++;
    return i < n ? i + 1 : n;
}

/* Write a result the rules did not make (a loss on time) into the record: the RE of
 * the last game tree's root (a backgammon match: its last game), or a GCG note. */
static int stamp_result(const srv_game *sg, lx_buf *out)
{
    if (sg->kind == G_CROSSWORD)
        return lx_buf_printf(out, "#note result %s\n", sg->forced_result);
    const char *t = out->data ? out->data : "";
    size_t n = out->len, root = 0;
    for (size_t i = 0; i + 1 < n; i++) /* the last tree that starts a line, or the first */
        if (t[i] == '(' && t[i + 1] == ';' && (i == 0 || t[i - 1] == '\n'))
            root = i;
    size_t i = root + 2, re_at = 0, re_end = 0;
    while (i < n && t[i] != ';' && t[i] != '(' && t[i] != ')') {
        size_t id = i;
        while (i < n && t[i] >= 'A' && t[i] <= 'Z')
            i++;
        int is_re = i - id == 2 && t[id] == 'R' && t[id + 1] == 'E';
        while (i < n && t[i] == '[') {
            size_t start = i;
            i = skip_value(t, i, n);
            if (is_re) {
                re_at = start;
                re_end = i;
            }
        }
        if (i == id)
            i++;
    }
    lx_buf fixed = LX_BUF_INIT;
    int rc = re_at ? lx_buf_append(&fixed, t, re_at) || lx_buf_printf(&fixed, "[%s]", sg->forced_result) ||
                         lx_buf_append(&fixed, t + re_end, n - re_end)
                   : lx_buf_append(&fixed, t, root + 2) || lx_buf_printf(&fixed, "RE[%s]", sg->forced_result) ||
                         lx_buf_append(&fixed, t + root + 2, n - root - 2);
    if (rc) {
        lx_buf_free(&fixed);
        return -1;
    }
    lx_buf_free(out);
    *out = fixed;
    return 0;
}

int svc_game_record(const srv_game *sg, const char *flavour, lx_buf *out, svc_status *st)
{
    int rc = !flavour ? sg->rules->record(sg, out)
             : sg->rules->record_as ? sg->rules->record_as(sg, flavour, out) : 1;
    if (rc == 0 && sg->forced_result[0])
        rc = stamp_result(sg, out);
    if (rc == 1)
        svc_fail(st, "BAD_ARG", sg->rules->record_as ? "the record's flavours: gnubg" : "this game's record has one form");
    else if (rc != 0)
        svc_fail(st, "INTERNAL", "cannot write the record");
    return rc;
}

long svc_game_check_record(const srv_game *sg, lx_diag_list *diags, svc_status *st)
{
    lx_buf rec = LX_BUF_INIT;
    int rc = svc_game_record(sg, NULL, &rec, st);
    const char *bytes = rec.data ? rec.data : "";
    if (rc == 0 && sg->rules->check_record) {
        rc = sg->rules->check_record(bytes, rec.len, diags);
    } else if (rc == 0) {
        lx_check_summary sum;
        rc = lx_check_document(bytes, rec.len, NULL, &sum, diags);
        lx_diag_list_resolve(diags, bytes, rec.len);
    }
    lx_buf_free(&rec);
    if (rc != 0)
        return st->code ? -1 : svc_fail(st, "INTERNAL", "out of memory while checking the record");
    return (long)lx_diag_count_at_least(diags, LX_ERROR);
}

int svc_game_rack(const srv_game *sg, int seat, lx_buf *out)
{
    return sg->rules->rack ? sg->rules->rack(sg->g, seat, out) : 1;
}

int svc_game_position(const srv_game *sg, int viewer, lx_buf *out)
{
    return sg->rules->position ? sg->rules->position(sg->g, viewer, out) : 1;
}

unsigned svc_game_actions(const srv_game *sg, int seat)
{
    if (seat < 0 || games_to_move(sg) != seat)
        return 0;
    return sg->rules->actions ? sg->rules->actions(sg->g, seat, sg->nmoves) : SVC_ACT_MOVE | SVC_ACT_RESIGN;
}

int svc_game_dice(const srv_game *sg, int dice[2], int *cube)
{
    return sg->rules->dice ? sg->rules->dice(sg->g, dice, cube) : 1;
}

void svc_game_scoreboard(const srv_game *sg, int viewer, svc_scoreboard *out)
{
    memset(out, 0, sizeof *out);
    if (sg->rules->scoreboard)
        sg->rules->scoreboard(sg->g, viewer, out);
}

int svc_game_tile_values(const srv_game *sg, lx_buf *out)
{
    if (!sg->rules->tile_values)
        return 1;
    sg->rules->tile_values(sg->g, out);
    return 0;
}

const char *svc_game_help(proto_game kind)
{
    const srv_rules *r = rules_for(kind);
    return r ? r->help : NULL;
}

/* line/cmd_game.c - GAME challenge, move, swap, resign, show, history, record, games.
 * A move's comment (after a word '#' alone) goes with it to the service.
 *
 * Each command's words become one service call; the answer is formatted
 * here as the line protocol has always written it.  Replies that show a
 * game wait for the commit of its last change (cmd_hold), so no one sees a
 * move that a crash could still undo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line/line_int.h"

/* The board a command names (proto_board: its id in *board), or NULL with the refusal in the reply. */
static srv_game *board_id_arg(conn *c, proto_cmd *cmd, const char *word, int64_t *board)
{
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = proto_board(c->s, cmd, word, board, &st);
    if (!sg)
        cmd_error(c, &st);
    else
        cmd_hold(c, &st);
    return sg;
}

static srv_game *board_arg(conn *c, proto_cmd *cmd, const char *word)
{
    int64_t board;
    return board_id_arg(c, cmd, word, &board);
}

static cmd_end do_challenge(conn *c, proto_cmd *cmd)
{
    svc_status st;
    int64_t board;
    svc_status_init(&st);
    if (!c->user[0])
        return cmd_refuse(c, "NOT_LOGGED_IN", "log in first: a challenge comes from one of its two players");
    int rc = svc_challenge(c->s, c->user, cmd->game, cmd->argv[0], cmd->argv[1], cmd->argc - 2, cmd->argv + 2,
                           &board, &st);
    if (rc == 0)
        reply_ok(&c->reply, "%lld", (long long)board);
    return cmd_result(c, rc, &st);
}

/* Who is acting: from USER PASSWORD in the command, or the login.  1 with the name; 0 when
 * not, *end saying how the command ends (refused, or pending: it runs again). */
static int acting_user(conn *c, proto_cmd *cmd, int with_pw, char name[SVC_NAME_MAX + 1], cmd_end *end)
{
    if (with_pw)
        return cmd_check_password(c, cmd->argv[1], cmd->argv[2], name, end);
    if (!c->user[0]) {
        *end = cmd_refuse(c, "NOT_LOGGED_IN", "give USER PASSWORD, or log in first");
        return 0;
    }
    snprintf(name, SVC_NAME_MAX + 1, "%s", c->user);
    return 1;
}

static void reply_played(conn *c, proto_game game, const svc_played *p)
{
    if (p->state_only) {
        reply_ok(&c->reply, "%s", p->state);
        return;
    }
    const lx_buf *text = game == G_CROSSWORD ? &p->shown : &p->stored; /* crossword: stored holds the rack */
    char answer[160] = ""; /* the opponent's conditional answer, played with it */
    if (p->answer_n)
        snprintf(answer, sizeof answer, " answered %zu %s %s", p->answer_n, p->answer_colour,
                 p->answer_stored.data ? p->answer_stored.data : "");
    reply_ok(&c->reply, "%zu %s %s%s%s%s%s", p->n, p->colour, text->data ? text->data : "", answer,
             p->result[0] ? " result " : "", p->result, p->note.data ? p->note.data : "");
}

static cmd_end play_text(conn *c, proto_cmd *cmd, int64_t board, const char *user, int with_pw)
{
    long want;
    char text[PROTO_LINE_MAX + 1];
    const char *code;
    char msg[160];
    svc_status st;
    svc_played played = {0};
    svc_status_init(&st);
    if (proto_play_text(cmd, with_pw, text, &want, &code, msg, sizeof msg) != 0)
        svc_fail(&st, code, "%s", msg);
    else if (svc_play_commented(c->s, user, board, cmd->game, text, want, cmd->text, &played, &st) == 0) {
        reply_played(c, cmd->game, &played);
        c->played = played.state_only || cmd->game == G_NONE ? 0 : 1 + (int)cmd->game;
    }
    svc_played_free(&played);
    return cmd_result(c, st.code != NULL, &st);
}

static int user_exists(void *s, const char *name) { return svc_user_exists(s, name, NULL); }

static cmd_end do_move(conn *c, proto_cmd *cmd)
{
    int64_t board;
    if (!board_id_arg(c, cmd, cmd->argv[0], &board))
        return CMD_ANSWERED;
    int with_pw = proto_play_names_user(cmd, c->user[0] != 0, user_exists, c->s);
    if (c->wait.reading) /* the user named is being read: the command runs again when it has come */
        return CMD_ANSWERED;
    char user[SVC_NAME_MAX + 1];
    cmd_end end;
    if (!acting_user(c, cmd, with_pw, user, &end))
        return end;
    return play_text(c, cmd, board, user, with_pw);
}

static void header(conn *c, const srv_game *sg)
{
    svc_game_info g;
    svc_game_describe(sg, &g);
    lx_buf h = LX_BUF_INIT;
    lx_buf_printf(&h, "board %lld: %s, %s (%s) vs %s; %zu moves; ", (long long)g.board, g.name, g.player[0],
                  g.kind == G_BACKGAMMON ? "White" : "first", g.player[1], g.nmoves);
    if (g.result[0])
        lx_buf_printf(&h, "over, result %s", g.result);
    else
        lx_buf_printf(&h, "%s to move", g.to_move >= 0 ? g.player[g.to_move] : "nobody");
    reply_body(&c->reply, h.data, h.len);
    lx_buf_free(&h);
}

static cmd_end do_show(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return CMD_ANSWERED;
    int size = svc_user_display(c->s, c->user);
    if (cmd->argc > 1 && !(size = svc_display_size_of(cmd->argv[1])))
        return cmd_refuse(c, "BAD_SIZE", "%s", proto_bad_size);
    svc_game_info g;
    svc_game_describe(sg, &g);
    lx_buf d = LX_BUF_INIT;
    reply_ok(&c->reply, "%lld", (long long)g.board);
    header(c, sg);
    svc_game_draw(sg, svc_game_seat_of(sg, c->user[0] ? c->user : NULL), size, &d);
    reply_body(&c->reply, d.data ? d.data : "", d.len);
    cmd_show_chat(c, g.board);
    lx_buf_free(&d);
    return CMD_ANSWERED;
}

static cmd_end do_history(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return CMD_ANSWERED;
    svc_game_info g;
    svc_game_describe(sg, &g);
    reply_ok(&c->reply, "%zu moves", g.nmoves);
    int viewer = svc_game_seat_of(sg, c->user[0] ? c->user : NULL);
    lx_buf line = LX_BUF_INIT, text = LX_BUF_INIT;
    for (size_t i = 0; i < g.nmoves; i++) { /* "N COLOUR MOVE" */
        char colour[8];
        int seat;
        lx_buf_clear(&line);
        lx_buf_clear(&text);
        svc_game_move(sg, i, viewer, colour, &seat, &text);
        lx_buf_printf(&line, "%zu %s %s", i + 1, colour, text.data ? text.data : "");
        reply_body(&c->reply, line.data, line.len);
    }
    lx_buf_free(&text);
    lx_buf_free(&line);
    return CMD_ANSWERED;
}

static cmd_end do_record(conn *c, proto_cmd *cmd)
{
    srv_game *sg = board_arg(c, cmd, cmd->argv[0]);
    if (!sg)
        return CMD_ANSWERED;
    lx_buf rec = LX_BUF_INIT;
    svc_status st;
    svc_status_init(&st);
    cmd_end end = CMD_ANSWERED;
    if (svc_game_record(sg, cmd->argc < 2 ? NULL : cmd->argv[1], &rec, &st) != 0) {
        c->wait_seq = 0;
        end = cmd_error(c, &st);
    } else {
        reply_ok(&c->reply, "%s", cmd->game == G_CROSSWORD ? "GCG" : "SGF");
        reply_body(&c->reply, rec.data ? rec.data : "", rec.len);
    }
    lx_buf_free(&rec);
    return end;
}

cmd_end cmd_game(conn *c, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_CHALLENGE: return do_challenge(c, cmd);
    case V_SHOW: return do_show(c, cmd);
    case V_HISTORY: return do_history(c, cmd);
    case V_RECORD: return do_record(c, cmd);
    case V_CONDITIONAL: return cmd_conditional(c, cmd);
    case V_GAMES: return cmd_list_games(c, cmd->game, cmd->argc ? cmd->argv[0] : NULL, SVC_ALL, 1);
    default: return do_move(c, cmd); /* move, swap, resign */
    }
}

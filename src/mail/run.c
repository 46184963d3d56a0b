/* mail/run.c - the commands of one message, run in order, each answered.
 *
 * The command language is the line protocol's (service/commands.c parses it for both), as
 * the classic play-by-mail server had it: every move names its board, user
 * and password ("twixt move 12 alice PASSWORD j12#7"); the sender's address
 * alone never authenticates.  "login USER PASSWORD" in a message stands for
 * the rest of it, and a challenge needs it (or a signup) above it, since a
 * challenge comes from one of its two players.  Each line's answer goes into
 * the reply with the line itself, its passwords masked.  A password check
 * that must run argon2id suspends the message; the line runs again when the
 * check is over (the service then has the credential in its cache). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/door_int.h"

enum { RAN = 0, SUSPENDED = 1, READING = 2, COMMITTING = 3 }; /* READING, COMMITTING: see run_request */

static void next_line(mail_job *j);

static const char mail_help[] =
    "Commands, one per line (in the Subject or the body; quoted lines and your\n"
    "signature are not read).  Every move names its board, your user name and\n"
    "your password; 'login USER PASSWORD' above other lines stands for them.\n\n"
    "  signup USER PASSWORD [EMAIL]      (the address defaults to yours)\n"
    "  login USER PASSWORD               password OLD NEW\n"
    "  GAME challenge USER1 USER2 [options]   (after login or signup; USER1 moves first)\n"
    "  GAME move BOARD USER PASSWORD MOVE[#N]\n"
    "  GAME swap BOARD USER PASSWORD     GAME resign BOARD USER PASSWORD\n"
    "  GAME show BOARD [SIZE]   GAME history BOARD   GAME record BOARD\n"
    "  games USER [next|active|finished|all]   help [GAME]\n"
    "  ratings GAME [USER]               standings GAME\n"
    "  tournament new NAME GAME FORMAT [options]   tournament join|leave|start|show ID   tournaments\n"
    "  set challenges open|ask|closed    accept BOARD    decline BOARD    block USER\n"
    "  GAME seek [options]   seeks   join SEEK   GAME draw BOARD   takeback BOARD\n"
    "  rematch BOARD                     vacation DAYS|off\n"
    "  small | medium | big | large [USER PASSWORD]   (the size of your boards)\n"
    "  set notify board|mail|digest|off  (board: every move, as the classic server;\n"
    "      mail: only when it is your turn and you are not connected; digest: daily)\n"
    "  address NEW-ADDRESS               verify [CODE]\n"
    "  message USER TEXT    chat BOARD TEXT    messages   (your unread messages and\n"
    "      your boards' chat; a board's chat is for its two players; 500 bytes, 30 a minute)\n"
    "  A move's comment goes on its line after a word '#' alone:\n"
    "      GAME move BOARD USER PASSWORD MOVE # COMMENT   (text below the line is not read)\n"
    "GAME is twixt, hex, backgammon or crossword.  Each time a move is made,\n"
    "both players receive the move list and the board (with 'set notify board',\n"
    "the default for players who sign up by mail), once their address is verified.\n";

/* The line as the reply quotes it: words at `mask` positions (bits) shown as ****. */
static void echo_line(mail_job *j, const char *line, unsigned mask)
{
    char copy[PROTO_LINE_MAX + 1];
    snprintf(copy, sizeof copy, "%s", line);
    lx_buf_append_str(&j->reply, "> ");
    int i = 0;
    for (char *save = NULL, *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save), i++)
        lx_buf_printf(&j->reply, "%s%s", i ? " " : "", i < 32 && (mask >> i & 1) ? "****" : w);
    lx_buf_append_char(&j->reply, '\n');
    j->answer_at = j->reply.len;
}

static void say_error(mail_job *j, const svc_status *st)
{
    lx_buf_printf(&j->reply, "ERROR %s: %s\n\n", st->code, st->msg);
}

void run_hold(mail_job *j, const svc_status *st)
{
    if (st->wait_seq > j->wait_seq)
        j->wait_seq = st->wait_seq;
    if (st->wait_board) {
        j->line_board = st->wait_board;
        j->line_seq = st->wait_seq > j->line_seq ? st->wait_seq : j->line_seq;
    }
}

static int need_user(mail_job *j)
{
    if (j->user[0])
        return 1;
    lx_buf_printf(&j->reply, "ERROR NOT_LOGGED_IN: put 'login USER PASSWORD' on a line above this one\n\n");
    return 0;
}

/* ---- suspended calls ------------------------------------------------------------------------------ */
static void resume(mail_job *j, int next)
{
    j->pending--;
    if (j->dead) {
        inbound_job_ran(j);
        return;
    }
    if (next) {
        next_line(j);
    } else {
        j->retried = 1;
    }
    run_job(j);
}

static void checked(void *ctx, const svc_status *st)
{
    mail_job *j = ctx;
    if (st->code && !j->dead)
        say_error(j, st);
    resume(j, st->code != NULL); /* a refusal ends the line; a success runs it again */
}

/* USER PASSWORD: 1 with the name, 0 refused (answered), -1 suspended. */
static int check_password(mail_job *j, const char *user, const char *pw, char name[SVC_NAME_MAX + 1])
{
    svc_status st;
    svc_status_init(&st);
    j->pending++;
    if (svc_authenticate(j->d->s, user, pw, j->addr, &st, checked, j) == SVC_PENDING)
        return -1;
    j->pending--;
    if (st.code) {
        say_error(j, &st);
        return 0;
    }
    snprintf(name, SVC_NAME_MAX + 1, "%s", st.user);
    return 1;
}

/* Who acts: USER PASSWORD when given, else the message's login.  1 with the
 * name, 0 refused (answered), -1 suspended. */
static int acting_user(mail_job *j, const char *user, const char *pw, char name[SVC_NAME_MAX + 1])
{
    if (user)
        return check_password(j, user, pw, name);
    if (!need_user(j))
        return 0;
    snprintf(name, SVC_NAME_MAX + 1, "%s", j->user);
    return 1;
}

static void hashed(void *ctx, const svc_status *st)
{
    mail_job *j = ctx;
    if (!j->dead) {
        if (st->code) {
            say_error(j, st);
        } else if (j->user[0] && !strcmp(j->user, st->user)) {
            lx_buf_printf(&j->reply, "OK: password changed\n\n");
            run_hold(j, st);
        } else {
            svc_status ns;
            svc_status_init(&ns);
            snprintf(j->user, sizeof j->user, "%s", st->user);
            svc_set_notify(j->d->s, j->user, SVC_NOTIFY_BOARD, &ns); /* a mail player wants the boards */
            run_hold(j, st);
            run_hold(j, &ns);
            lx_buf_printf(&j->reply, "OK: welcome, %s.  A code is on its way to %s: reply to that mail to\n"
                                     "verify the address; until then the server mails it nothing else.\n\n",
                          st->user, j->sender);
        }
    }
    resume(j, 1);
}

/* ---- account commands --------------------------------------------------------------------------------- */
static int do_signup(mail_job *j, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    j->pending++;
    const char *email = cmd->argc > 2 ? cmd->argv[2] : j->sender;
    if (svc_signup(j->d->s, cmd->argv[0], cmd->argv[1], email, j->addr, &st, hashed, j) == SVC_PENDING)
        return SUSPENDED;
    j->pending--;
    say_error(j, &st);
    return RAN;
}

static int do_login(mail_job *j, proto_cmd *cmd)
{
    char name[SVC_NAME_MAX + 1];
    int rc = check_password(j, cmd->argv[0], cmd->argv[1], name);
    if (rc < 0)
        return SUSPENDED;
    if (rc == 1) {
        snprintf(j->user, sizeof j->user, "%s", name);
        lx_buf_printf(&j->reply, "OK: logged in as %s for the rest of this message\n\n", name);
    }
    return RAN;
}

static int do_password(mail_job *j, proto_cmd *cmd)
{
    char name[SVC_NAME_MAX + 1];
    if (!need_user(j))
        return RAN;
    int rc = check_password(j, j->user, cmd->argv[0], name);
    if (rc != 1)
        return rc < 0 ? SUSPENDED : RAN;
    svc_status st;
    svc_status_init(&st);
    j->pending++;
    if (svc_set_password(j->d->s, j->user, cmd->argv[1], &st, hashed, j) == SVC_PENDING)
        return SUSPENDED;
    j->pending--;
    say_error(j, &st);
    return RAN;
}

/* "medium", "set display medium", "medium USER PASSWORD". */
static int do_size(mail_job *j, int size, char *const *w, int n)
{
    char name[SVC_NAME_MAX + 1];
    int rc = acting_user(j, n == 2 ? w[0] : NULL, n == 2 ? w[1] : NULL, name);
    if (rc != 1)
        return rc < 0 ? SUSPENDED : RAN;
    svc_status st;
    svc_status_init(&st);
    if (svc_set_display(j->d->s, name, size, &st) != 0) {
        say_error(j, &st);
        return RAN;
    }
    run_hold(j, &st);
    static const char *const names[] = {"small", "medium", "big", "large"};
    lx_buf_printf(&j->reply, "OK: %s's boards come %s\n\n", name, names[size - 1]);
    return RAN;
}

static int do_mail_setting(mail_job *j, proto_cmd *cmd)
{
    svc_status st;
    svc_status_init(&st);
    if (!need_user(j))
        return RAN;
    int rc, mode = -1;
    if (cmd->verb == V_SET_NOTIFY)
        rc = svc_set_notify(j->d->s, j->user, mode = svc_notify_mode_of(cmd->argv[0]), &st);
    else if (cmd->verb == V_VERIFY && cmd->argc)
        rc = svc_verify_address(j->d->s, j->user, cmd->argv[0], &st);
    else
        rc = svc_set_address(j->d->s, j->user, cmd->verb == V_ADDRESS ? cmd->argv[0] : "", &st);
    if (rc != 0) {
        say_error(j, &st);
        return RAN;
    }
    run_hold(j, &st);
    if (cmd->verb == V_SET_NOTIFY)
        lx_buf_printf(&j->reply, "OK: notify %s\n\n", svc_notify_name(mode));
    else if (cmd->verb == V_VERIFY && cmd->argc)
        lx_buf_printf(&j->reply, "OK: address verified\n\n");
    else
        lx_buf_printf(&j->reply, "OK: a code is on its way to the address; reply to that mail to verify it\n\n");
    return RAN;
}

/* ---- game commands --------------------------------------------------------------------------------- */
/* The board a command names (proto_board: its id in *board), or NULL with the refusal in the reply. */
static srv_game *board_of(mail_job *j, proto_cmd *cmd, const char *word, int64_t *board)
{
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = proto_board(j->d->s, cmd, word, board, &st);
    if (!sg)
        say_error(j, &st);
    else
        run_hold(j, &st);
    return sg;
}

static int do_challenge(mail_job *j, proto_cmd *cmd)
{
    svc_status st;
    int64_t board;
    svc_status_init(&st);
    if (!need_user(j))
        return RAN;
    if (svc_challenge(j->d->s, j->user, cmd->game, cmd->argv[0], cmd->argv[1], cmd->argc - 2, cmd->argv + 2, &board,
                      &st)) {
        say_error(j, &st);
        return RAN;
    }
    run_hold(j, &st);
    lx_buf_printf(&j->reply, "OK: board %lld, %s against %s; %s moves first\n\n", (long long)board, cmd->argv[0],
                  cmd->argv[1], cmd->argv[0]);
    return RAN;
}

static int user_exists(void *s, const char *name) { return svc_user_exists(s, name, NULL); }

static void say_played(mail_job *j, const svc_played *p, srv_game *sg)
{
    svc_game_info g;
    svc_game_describe(sg, &g);
    if (p->state_only) {
        lx_buf_printf(&j->reply, "OK: %s\n\n", p->state);
        return;
    }
    lx_buf_printf(&j->reply, "OK: move %zu %s %s%s%s%s\n", p->n, p->colour, p->shown.data ? p->shown.data : "",
                  p->result[0] ? ", result " : "", p->result, p->note.data ? p->note.data : "");
    if (p->answer_n) /* the opponent's conditional answer, played with it (the result above is after it) */
        lx_buf_printf(&j->reply, "Your opponent's conditional move answered it: move %zu %s %s\n", p->answer_n,
                      p->answer_colour, p->answer_shown.data ? p->answer_shown.data : "");
    if (g.to_move >= 0)
        lx_buf_printf(&j->reply, "It is %s's turn (move %zu).\n\n", g.player[g.to_move], g.nmoves + 1);
    else
        lx_buf_printf(&j->reply, "The game is over.\n\n");
}

static int do_play(mail_job *j, proto_cmd *cmd)
{
    int64_t board;
    srv_game *sg = board_of(j, cmd, cmd->argv[0], &board);
    if (!sg)
        return RAN;
    int with_pw = proto_play_names_user(cmd, j->user[0] != 0, user_exists, j->d->s);
    char name[SVC_NAME_MAX + 1];
    int rc = acting_user(j, with_pw ? cmd->argv[1] : NULL, with_pw ? cmd->argv[2] : NULL, name);
    if (rc != 1)
        return rc < 0 ? SUSPENDED : RAN;
    char text[PROTO_LINE_MAX + 1], msg[160];
    const char *code;
    long want;
    svc_status st;
    svc_played played = {0};
    svc_status_init(&st);
    if (proto_play_text(cmd, with_pw, text, &want, &code, msg, sizeof msg) != 0)
        svc_fail(&st, code, "%s", msg);
    if (!st.code && svc_play_commented(j->d->s, name, board, cmd->game, text, want, cmd->text, &played, &st) == 0)
        say_played(j, &played, sg);
    svc_played_free(&played);
    if (st.code) {
        lx_buf_printf(&j->reply, "ERROR %s: %s\nNothing changed on the board%s.\n\n", st.code, st.msg,
                      cmd->verb == V_MOVE ? "; if it was your turn, it still is" : "");
        return RAN;
    }
    run_hold(j, &st);
    return RAN;
}

static int do_show(mail_job *j, proto_cmd *cmd)
{
    int64_t board;
    srv_game *sg = board_of(j, cmd, cmd->argv[0], &board);
    if (!sg)
        return RAN;
    int size = svc_user_display(j->d->s, j->user);
    if (cmd->verb == V_SHOW && cmd->argc > 1 && !(size = svc_display_size_of(cmd->argv[1]))) {
        lx_buf_printf(&j->reply, "ERROR BAD_SIZE: %s\n\n", proto_bad_size);
        return RAN;
    }
    int seat = svc_game_seat_of(sg, j->user[0] ? j->user : NULL);
    if (cmd->verb == V_RECORD) {
        svc_status st;
        svc_status_init(&st);
        lx_buf rec = LX_BUF_INIT;
        if (svc_game_record(sg, cmd->argc > 1 ? cmd->argv[1] : NULL, &rec, &st) != 0)
            say_error(j, &st);
        else
            lx_buf_printf(&j->reply, "OK: the record of board %lld\n%s\n\n", (long long)board,
                          rec.data ? rec.data : "");
        lx_buf_free(&rec);
        return RAN;
    }
    lx_buf_append_str(&j->reply, "OK:\n");
    notify_board_text(j->d, sg, seat, size, &j->reply);
    lx_buf_append_char(&j->reply, '\n');
    return RAN;
}

static int do_conditional(mail_job *j, proto_cmd *cmd)
{
    svc_status st;
    if (mail_run_conditional(j, cmd, &st) == 0)
        run_hold(j, &st);
    return RAN;
}

static int do_games(mail_job *j, proto_game game, const char *user, svc_filter filter)
{
    int64_t ids[200];
    svc_status st;
    svc_status_init(&st);
    int next = filter == SVC_NEXT;
    long n = svc_games_list_request(j->d->s, game, user, filter, ids, 200, &st);
    if (n < 0) {
        say_error(j, &st);
        return RAN;
    }
    run_hold(j, &st);
    lx_buf_printf(&j->reply, "OK: %ld game%s%s\n", n, n == 1 ? "" : "s", next ? " where it is their turn" : "");
    for (long i = 0; i < n; i++) {
        srv_game *sg = svc_game(j->d->s, ids[i], G_NONE, &st);
        svc_game_info g;
        if (!sg)
            continue;
        svc_game_describe(sg, &g);
        long left = svc_game_time_left(j->d->s, sg);
        char when[48] = "";
        if (left >= 0) {
            svc_format_duration(left, when + 2);
            memcpy(when, ", ", 2);
            strcat(when, " left");
        }
        lx_buf_printf(&j->reply, "  %s %lld: %s v %s, %zu moves, %s%s%s\n", g.name, (long long)g.board, g.player[0],
                      g.player[1], g.nmoves, g.to_move < 0 ? "over " : "to move: ",
                      g.to_move < 0 ? g.result : g.player[g.to_move], g.to_move < 0 ? "" : when);
    }
    lx_buf_append_char(&j->reply, '\n');
    return RAN;
}

static int do_ratings(mail_job *j, proto_cmd *cmd)
{
    proto_game g = proto_game_of(cmd->argv[0]);
    const char *const *classes;
    int n = g == G_NONE ? 0 : ratings_classes(g, &classes);
    const char *user = cmd->argc > 1 ? cmd->argv[1] : j->user;
    char name[SVC_NAME_MAX + 1];
    if (!n) {
        lx_buf_printf(&j->reply, "ERROR UNKNOWN_GAME: %s\n\n", proto_unknown_game);
        return RAN;
    }
    if (cmd->verb == V_RATINGS && (!user[0] || !svc_user_exists(j->d->s, user, name))) {
        lx_buf_printf(&j->reply, "ERROR NO_SUCH_USER: whose? ratings GAME USER\n\n");
        return RAN;
    }
    svc_rating all[SVC_CLASSES_MAX][20];
    long counts[SVC_CLASSES_MAX];
    svc_status st;
    svc_status_init(&st);
    if (cmd->verb == V_STANDINGS && svc_standings(j->d->s, g, all[0], 20, counts, &st) < 0)
        n = 0; /* the store failed: an empty list, as before */
    lx_buf_printf(&j->reply, "OK:\n");
    for (int i = 0; i < n; i++) {
        svc_rating *r = all[i];
        long k = cmd->verb == V_RATINGS ? svc_rating_of(j->d->s, name, classes[i], r) == 0 : counts[i];
        for (long x = 0; x < k; x++)
            lx_buf_printf(&j->reply, "  %s %s %.0f (RD %.0f) after %d game%s%s\n", classes[i], r[x].user, r[x].r,
                          r[x].rd, r[x].games,
                          r[x].games == 1 ? "" : "s", r[x].rd > SVC_PROVISIONAL_RD ? ", provisional" : "");
    }
    lx_buf_append_char(&j->reply, '\n');
    return RAN;
}

/* message USER TEXT, chat BOARD TEXT, messages: as on the line protocol (TEXT: the rest of the line). */
static int do_messages(mail_job *j, proto_cmd *cmd)
{
    if (!need_user(j))
        return RAN;
    svc_status st;
    svc_status_init(&st);
    if (cmd->verb == V_MESSAGES) {
        svc_message *m = calloc(50, sizeof *m);
        long n = m ? svc_messages_unread(j->d->s, j->user, m, 50, &st) : svc_fail(&st, "INTERNAL", "out of memory");
        if (n >= 0) {
            lx_buf_printf(&j->reply, "OK: %ld unread message%s\n", n, n == 1 ? "" : "s");
            for (long i = 0; i < n; i++) {
                lx_buf_append_str(&j->reply, "  ");
                msg_text_line(&m[i], &j->reply);
                lx_buf_append_char(&j->reply, '\n');
            }
            lx_buf_append_char(&j->reply, '\n');
        }
        free(m);
    } else if (cmd->verb == V_MESSAGE) {
        if (svc_send_message(j->d->s, j->user, cmd->argv[0], cmd->text, &st) == 0)
            lx_buf_printf(&j->reply, "OK: sent\n\n");
    } else {
        int64_t board = proto_number(cmd->argv[0]);
        if ((!board ? svc_fail(&st, "NO_SUCH_BOARD", "there is no board '%.40s'", cmd->argv[0])
                    : svc_chat(j->d->s, j->user, board, cmd->text, &st)) == 0)
            lx_buf_printf(&j->reply, "OK: sent\n\n");
    }
    if (st.code)
        say_error(j, &st);
    else
        run_hold(j, &st);
    return RAN;
}

/* ---- the families of verbs (service/commands.h) ------------------------------------------------------ */
static int do_account(mail_job *j, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_SIGNUP: return do_signup(j, cmd);
    case V_LOGIN: return do_login(j, cmd);
    case V_PASSWORD: return do_password(j, cmd);
    case V_SET_DISPLAY: {
        int size = svc_display_size_of(cmd->argv[0]);
        if (size)
            return do_size(j, size, NULL, 0);
        lx_buf_printf(&j->reply, "ERROR BAD_SIZE: %s\n\n", proto_bad_size);
        return RAN;
    }
    case V_WHOAMI:
        lx_buf_printf(&j->reply, j->user[0] ? "OK: %s\n\n" : "ERROR NOT_LOGGED_IN: not logged in%s\n\n", j->user);
        return RAN;
    case V_QUIT:
        j->quit = 1;
        lx_buf_printf(&j->reply, "OK: the rest of the message was not read\n\n");
        return RAN;
    default: return do_mail_setting(j, cmd); /* set notify, verify, address */
    }
}

static int do_help(mail_job *j, proto_cmd *cmd)
{
    proto_game g = cmd->argc ? proto_game_of(cmd->argv[0]) : G_NONE;
    lx_buf_printf(&j->reply, "%s\n", g == G_NONE ? mail_help : svc_game_help(g));
    return RAN;
}

static int do_watch(mail_job *j, proto_cmd *cmd)
{
    (void)cmd;
    lx_buf_printf(&j->reply, "ERROR USAGE: watching needs a connection; by mail, 'set notify board' sends "
                             "every move\n\n");
    return RAN;
}

/* "games" with no user: by mail the list is "games USER [FILTER]" (run_mail_words). */
static int do_list(mail_job *j, proto_cmd *cmd)
{
    (void)cmd;
    lx_buf_printf(&j->reply, "ERROR USAGE: games USER [next|active|pending|finished|all]\n\n");
    return RAN;
}

static int do_game(mail_job *j, proto_cmd *cmd)
{
    switch (cmd->verb) {
    case V_CHALLENGE: return do_challenge(j, cmd);
    case V_SHOW: case V_HISTORY: case V_RECORD: return do_show(j, cmd);
    case V_CONDITIONAL: return do_conditional(j, cmd);
    case V_GAMES: return do_games(j, cmd->game, cmd->argc ? cmd->argv[0] : NULL, SVC_ALL);
    default: return do_play(j, cmd); /* move, swap, resign */
    }
}

static int (*const handlers[PF_COUNT])(mail_job *j, proto_cmd *cmd) = {
    [PF_ACCOUNT] = do_account, [PF_HELP] = do_help,         [PF_WATCH] = do_watch,
    [PF_RATINGS] = do_ratings, [PF_LIST] = do_list,         [PF_CONSENT] = mail_run_consent,
    [PF_MESSAGES] = do_messages, [PF_GAME] = do_game,         [PF_TOURNAMENT] = mail_run_tournament,
};

/* ---- one line ---------------------------------------------------------------------------------------- */
static unsigned password_mask(const proto_cmd *cmd, int game_words)
{
    switch (cmd->verb) {
    case V_SIGNUP: case V_LOGIN: return 1u << 2;
    case V_PASSWORD: return 3u << 1;
    case V_MOVE: case V_SWAP: case V_RESIGN: return cmd->argc >= 3 ? 1u << (game_words + 3) : 0;
    default: return 0;
    }
}

/* Lines the line protocol's parser does not know: "games USER [next]", "medium [USER PASSWORD]". */
static int run_mail_words(mail_job *j, const char *line, int *done)
{
    char copy[PROTO_LINE_MAX + 1], *w[4];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *t = strtok_r(copy, " \t", &save); t && n < 4; t = strtok_r(NULL, " \t", &save))
        w[n++] = t;
    *done = 1;
    int size = n ? svc_display_size_of(w[0]) : 0;
    if (size && (n == 1 || n == 3)) {
        if (!j->retried)
            echo_line(j, line, n == 3 ? 4u : 0);
        return do_size(j, size, w + 1, n - 1);
    }
    svc_filter filter = SVC_ALL;
    if (n >= 1 && n <= 3 && proto_word_is(w[0], "games") && (n < 3 || svc_filter_of(w[2], &filter))) {
        echo_line(j, line, 0);
        return do_games(j, G_NONE, n > 1 ? w[1] : (j->user[0] ? j->user : NULL), filter);
    }
    *done = 0;
    return RAN;
}

static int run_line(mail_job *j, const char *line)
{
    int done;
    int rc = run_mail_words(j, line, &done);
    if (done)
        return rc;
    proto_cmd cmd;
    const char *code;
    char msg[160];
    if (proto_parse(line, strlen(line), &cmd, &code, msg, sizeof msg) != 0) {
        echo_line(j, line, ~3u); /* not understood: which word is a password is not known */
        lx_buf_printf(&j->reply, "ERROR %s: %s\n\n", code, msg);
        return RAN;
    }
    if (!j->retried)
        echo_line(j, line, password_mask(&cmd, cmd.game == G_NONE ? 0 : 1));
    return handlers[cmd.family](j, &cmd);
}

/* The reply back to what it was at `at` (what a run of the line wrote is dropped). */
static void reply_back_to(mail_job *j, size_t at)
{
    j->reply.len = at;
    if (j->reply.data)
        j->reply.data[at] = '\0';
}

static void line_again(void *ctx);
static void line_committed(void *ctx);

/* The line j->next run as the job's request to the service (svc_request), as the line door runs
 * a command: when the service must read something first (several servers on one database), what
 * the run wrote is dropped and the line runs again once it has come (READING); when it wrote a
 * board, the next line waits for that batch (COMMITTING), and if another server wrote the board
 * first the service runs the line again on the fresh board (line_again), as for every door. */
static int run_request(mail_job *j)
{
    srv *s = j->d->s;
    j->line_at = j->answer_at = j->reply.len;
    j->line_board = 0;
    j->line_seq = 0;
    j->wait.again = line_again;
    svc_request(s, &j->wait);
    int rc = run_line(j, j->lines[j->next]);
    svc_request(s, NULL);
    if (rc == SUSPENDED)
        return rc;
    if (j->wait.reading) {
        reply_back_to(j, j->line_at);
        j->pending++;
        svc_wait_for(s, &j->wait, 0, NULL, j); /* linked while reading: waits_read finds it */
        return READING;
    }
    j->wait.board = j->line_board;
    if (j->line_board && !svc_wait_for(s, &j->wait, j->line_seq, line_committed, j)) {
        j->pending++;
        return COMMITTING;
    }
    j->wait.again = NULL;
    return rc;
}

/* What the line running now waited for has come: the job, or NULL when the door is closing (the
 * job is ended). */
static mail_job *line_back(void *ctx)
{
    mail_job *j = ctx;
    j->pending--;
    j->wait.again = NULL;
    if (!j->dead)
        return j;
    inbound_job_ran(j);
    return NULL;
}

/* The service runs the line again: what it waited for has been read, or another server wrote its
 * board first (nothing of the line was kept, the board is fresh again). */
static void line_again(void *ctx)
{
    mail_job *j = line_back(ctx);
    if (!j)
        return;
    reply_back_to(j, j->line_at);
    run_job(j);
}

/* The batch of the line that wrote a board was decided: the next line runs.  Refused, nothing of
 * it was kept: another server kept writing its board (its runs again spent), or the disk is full
 * (the message is left to the MTA, as before). */
static void line_committed(void *ctx)
{
    mail_job *j = line_back(ctx);
    if (!j)
        return;
    if (j->wait.refused == SVC_REFUSED_FULL) {
        inbound_job_full(j);
        return;
    }
    if (j->wait.refused) {
        reply_back_to(j, j->answer_at);
        lx_buf_printf(&j->reply, "ERROR CONFLICT: the board kept changing under this command; nothing was "
                                 "changed: try again\n\n");
    }
    next_line(j);
    run_job(j);
}

static void next_line(mail_job *j)
{
    j->next++;
    j->retried = 0;
    svc_request_begin(&j->wait);
}

void run_job(mail_job *j)
{
    while (j->next < j->nlines && !j->quit) {
        int rc = run_request(j);
        if (rc != RAN)
            return;
        next_line(j);
    }
    if (j->dropped)
        lx_buf_printf(&j->reply, "%zu more command lines were not run: at most %d from one message.\n", j->dropped,
                      j->d->cfg.max_commands);
    inbound_job_ran(j);
}

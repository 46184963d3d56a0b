/* service/commands.c - the classic command language: a line into a command, a move's words.
 *
 * Shapes checked here (A = any word):
 *   signup A A [A]     login A A       password A A      help [A]     quit
 *   set display A      watch A         unwatch A         whoami
 *   set notify A       verify [A]      address A       ratings A [A]     standings A
 *   games [A] [A]      accept A        decline A [text]  block A   unblock A  seeks [A]
 *   join A             takeback A      rematch A         vacation A   set challenges A
 *   GAME seek [options]    GAME draw A
 *   message A TEXT     chat A TEXT     messages      (TEXT: the rest of the line, as written)
 *   tournament A A [A ...]   tournaments [A]  (new NAME GAME FORMAT [options], join|leave|start|show ID)
 *   GAME move ... # COMMENT   (a word '#' alone: the rest of the line is the move's comment)
 *   GAME challenge A A [options...]    GAME move A A A A | GAME move A A
 *   (backgammon move: BOARD [USER PASSWORD] and a play of several words)
 *   GAME swap A [A A]  GAME resign A [A A]   GAME show A [A]
 *   GAME history A     GAME record A [A]   GAME games [A]
 *   GAME conditional A [A ...]   (moves in pairs, or "clear")
 * Anything else is an error that names what was wrong.  Bytes below 0x20
 * (other than tab) are refused: a reply must never echo a control byte.
 * The one verb table below gives each verb its shape and its family (the
 * door handler that runs it); the line and mail doors both read it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/commands.h"
#include "service/service.h"

typedef struct verb_shape {
    const char *name;
    proto_verb verb;
    proto_family family;
    int min, max;   /* words after the name */
} verb_shape;

static const verb_shape plain_verbs[] = {
    {"signup", V_SIGNUP, PF_ACCOUNT, 2, 3},       {"login", V_LOGIN, PF_ACCOUNT, 2, 2},
    {"password", V_PASSWORD, PF_ACCOUNT, 2, 2},   {"whoami", V_WHOAMI, PF_ACCOUNT, 0, 0},
    {"quit", V_QUIT, PF_ACCOUNT, 0, 0},           {"verify", V_VERIFY, PF_ACCOUNT, 0, 1},
    {"address", V_ADDRESS, PF_ACCOUNT, 1, 1},     {"help", V_HELP, PF_HELP, 0, 1},
    {"watch", V_WATCH, PF_WATCH, 1, 1},           {"unwatch", V_UNWATCH, PF_WATCH, 1, 1},
    {"ratings", V_RATINGS, PF_RATINGS, 1, 2},     {"standings", V_STANDINGS, PF_RATINGS, 1, 1},
    {"games", V_LIST, PF_LIST, 0, 2},             {"accept", V_ACCEPT, PF_CONSENT, 1, 1},
    {"decline", V_DECLINE, PF_CONSENT, 1, PROTO_MAX_WORDS - 1},
    {"block", V_BLOCK, PF_CONSENT, 1, 1},         {"unblock", V_UNBLOCK, PF_CONSENT, 1, 1},
    {"seeks", V_SEEKS, PF_CONSENT, 0, 1},         {"join", V_JOIN, PF_CONSENT, 1, 1},
    {"takeback", V_TAKEBACK, PF_CONSENT, 1, 1},   {"rematch", V_REMATCH, PF_CONSENT, 1, 1},
    {"vacation", V_VACATION, PF_CONSENT, 1, 1},   {"message", V_MESSAGE, PF_MESSAGES, 1, 1},
    {"chat", V_CHAT, PF_MESSAGES, 1, 1},          {"messages", V_MESSAGES, PF_MESSAGES, 0, 0},
    {"tournament", V_TOURNAMENT, PF_TOURNAMENT, 2, PROTO_MAX_WORDS - 1},
    {"tournaments", V_TOURNAMENTS, PF_TOURNAMENT, 0, 1},
};

/* "set WHAT A" */
static const verb_shape set_verbs[] = {
    {"display", V_SET_DISPLAY, PF_ACCOUNT, 1, 1},
    {"notify", V_SET_NOTIFY, PF_ACCOUNT, 1, 1},
    {"challenges", V_SET_CHALLENGES, PF_CONSENT, 1, 1},
};

/* "GAME verb ..." */
static const verb_shape game_verbs[] = {
    {"challenge", V_CHALLENGE, PF_GAME, 2, PROTO_MAX_WORDS - 2}, {"move", V_MOVE, PF_GAME, 2, PROTO_MAX_WORDS - 2},
    {"swap", V_SWAP, PF_GAME, 1, 3},        {"resign", V_RESIGN, PF_GAME, 1, 3},
    {"show", V_SHOW, PF_GAME, 1, 2},        {"history", V_HISTORY, PF_GAME, 1, 1},
    {"record", V_RECORD, PF_GAME, 1, 2},    {"games", V_GAMES, PF_GAME, 0, 1},
    {"seek", V_SEEK, PF_CONSENT, 0, PROTO_MAX_WORDS - 2}, {"draw", V_DRAW, PF_CONSENT, 1, 1},
    {"conditional", V_CONDITIONAL, PF_GAME, 1, PROTO_MAX_WORDS - 2},
};

#define COUNT(t) (sizeof t / sizeof t[0])

static int fail(const char **code, const char *c, char *msg, size_t cap, const char *text)
{
    *code = c;
    snprintf(msg, cap, "%s", text);
    return -1;
}

/* Split into words; the number of words, or -1 when there are too many. */
static int split(proto_cmd *cmd, const char *line, size_t len, char **words)
{
    memcpy(cmd->words, line, len);
    cmd->words[len] = 0;
    int n = 0;
    char *p = cmd->words;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            *p++ = 0;
        if (!*p)
            break;
        if (n == PROTO_MAX_WORDS)
            return -1;
        words[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
    return n;
}

/* The next word of the raw line from *i: [*b, *e); 0 when none is left. */
static int next_word(const char *line, size_t len, size_t *i, size_t *b, size_t *e)
{
    while (*i < len && (line[*i] == ' ' || line[*i] == '\t'))
        (*i)++;
    if (*i >= len)
        return 0;
    *b = *i;
    while (*i < len && line[*i] != ' ' && line[*i] != '\t')
        (*i)++;
    *e = *i;
    return 1;
}

static void word_copy(const char *line, size_t b, size_t e, char *w, size_t cap)
{
    size_t n = e - b < cap - 1 ? e - b : cap - 1;
    memcpy(w, line + b, n);
    w[n] = 0;
}

/* Where a line's free text is: the rest of the line after "message USER" or "chat BOARD"
 * ('#' and all), or after a word '#' alone in a GAME move (the move's comment).  *cut is
 * where the words end, [*at, *at + *tlen) the text, its end's blanks left out (*tlen 0:
 * none).  -1: a message or chat line without its text. */
static int find_text(const char *line, size_t len, size_t *cut, size_t *at, size_t *tlen)
{
    size_t i = 0, b0, e0, b1, e1, b, e;
    char w0[16], w1[16];
    *cut = len;
    *at = *tlen = 0;
    if (!next_word(line, len, &i, &b0, &e0) || !next_word(line, len, &i, &b1, &e1))
        return 0;
    word_copy(line, b0, e0, w0, sizeof w0);
    word_copy(line, b1, e1, w1, sizeof w1);
    if (proto_word_is(w0, "message") || proto_word_is(w0, "chat")) {
        if (!next_word(line, len, &i, &b, &e))
            return -1;
        *cut = e1;
    } else {
        if (proto_game_of(w0) == G_NONE || !proto_word_is(w1, "move"))
            return 0;
        do {
            if (!next_word(line, len, &i, &b, &e))
                return 0;
        } while (e - b != 1 || line[b] != '#');
        *cut = b;
        if (!next_word(line, len, &i, &b, &e)) /* '#' and nothing after it: no comment */
            return 0;
    }
    size_t end = len;
    while (end > b && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        end--;
    *at = b;
    *tlen = end - b;
    return 0;
}

static const verb_shape *find_shape(const verb_shape *t, size_t n, const char *word)
{
    for (size_t i = 0; i < n; i++)
        if (proto_word_is(word, t[i].name))
            return &t[i];
    return NULL;
}

static int take_args(proto_cmd *cmd, const verb_shape *v, char **rest, int nrest, const char **code, char *msg,
                     size_t cap)
{
    if (nrest < v->min || nrest > v->max) {
        char text[96];
        snprintf(text, sizeof text, "'%s' takes %d to %d words, not %d", v->name, v->min, v->max, nrest);
        return fail(code, "USAGE", msg, cap, text);
    }
    cmd->verb = v->verb;
    cmd->family = v->family;
    cmd->argc = nrest;
    for (int i = 0; i < nrest; i++)
        cmd->argv[i] = rest[i];
    return 0;
}

static int check_bytes(const char *line, size_t len, const char **code, char *msg, size_t cap)
{
    if (len > PROTO_LINE_MAX)
        return fail(code, "LINE_TOO_LONG", msg, cap, "a command line holds at most 4096 bytes");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return fail(code, "BAD_BYTE", msg, cap, "control characters are not allowed in a command");
    }
    return 0;
}

int proto_parse(const char *line, size_t len, proto_cmd *cmd, const char **code, char *msg, size_t msgcap)
{
    char *w[PROTO_MAX_WORDS];
    memset(cmd, 0, offsetof(proto_cmd, words));
    cmd->game = G_NONE;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (check_bytes(line, len, code, msg, msgcap) != 0)
        return -1;
    size_t cut, at, tlen;
    if (find_text(line, len, &cut, &at, &tlen) != 0)
        return fail(code, "USAGE", msg, msgcap, "the text goes after the name: message USER TEXT, chat BOARD TEXT");
    int n = split(cmd, line, cut, w);
    if (tlen) { /* after the words' NUL: at > cut, so it fits where the line was */
        memmove(cmd->words + cut + 1, line + at, tlen);
        cmd->words[cut + 1 + tlen] = 0;
        cmd->text = cmd->words + cut + 1;
    }
    if (n < 0)
        return fail(code, "USAGE", msg, msgcap, "too many words in one command");
    if (n == 0)
        return fail(code, "EMPTY", msg, msgcap, "empty command; try 'help'");
    if (n >= 2 && proto_word_is(w[0], "set")) {
        const verb_shape *set = find_shape(set_verbs, COUNT(set_verbs), w[1]);
        if (!set)
            return fail(code, "UNKNOWN_COMMAND", msg, msgcap,
                        "what can be set: 'set display SIZE', 'set notify MODE', 'set challenges MODE'");
        return take_args(cmd, set, w + 2, n - 2, code, msg, msgcap);
    }
    const verb_shape *v = find_shape(plain_verbs, COUNT(plain_verbs), w[0]);
    if (v)
        return take_args(cmd, v, w + 1, n - 1, code, msg, msgcap);
    cmd->game = proto_game_of(w[0]);
    if (cmd->game == G_NONE)
        return fail(code, "UNKNOWN_COMMAND", msg, msgcap, "unknown command; try 'help'");
    if (n < 2)
        return fail(code, "USAGE", msg, msgcap, "a game command needs a verb: challenge, move, show ...");
    v = find_shape(game_verbs, COUNT(game_verbs), w[1]);
    if (!v)
        return fail(code, "UNKNOWN_COMMAND", msg, msgcap, "unknown game command; try 'help'");
    if (v->verb == V_MOVE && cmd->game != G_BACKGAMMON && n - 2 != 2 && n - 2 != 4 &&
        !(cmd->game == G_CROSSWORD && n - 2 >= 2 && n - 2 <= 5))
        return fail(code, "USAGE", msg, msgcap, "'move' takes BOARD USER PASSWORD MOVE, or BOARD MOVE after login");
    if ((v->verb == V_SWAP || v->verb == V_RESIGN) && n - 2 == 2)
        return fail(code, "USAGE", msg, msgcap, "give BOARD USER PASSWORD, or BOARD alone after login");
    return take_args(cmd, v, w + 2, n - 2, code, msg, msgcap);
}

/* ---- a move's words ------------------------------------------------------------------------------------ */
int proto_play_names_user(const proto_cmd *cmd, int logged_in, proto_user_exists *exists, void *ctx)
{
    if (cmd->verb != V_MOVE)
        return cmd->argc == 3;
    if (cmd->game == G_BACKGAMMON) /* its play has several words, none of them a user */
        return cmd->argc >= 4 && !strchr(cmd->argv[1], '/') && exists(ctx, cmd->argv[1]) && !strchr(cmd->argv[2], '/');
    if (cmd->game == G_CROSSWORD) /* BOARD [USER PASSWORD] MOVE, MOVE one or two words; a typo is no login */
        return cmd->argc >= 4 && (!logged_in || exists(ctx, cmd->argv[1]));
    return cmd->argc == 4;
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

int proto_play_text(const proto_cmd *cmd, int with_password, char text[PROTO_LINE_MAX + 1], long *want_n,
                    const char **code, char *msg, size_t msgcap)
{
    int first = with_password ? 3 : 1;
    text[0] = 0;
    if (cmd->verb == V_MOVE)
        for (int i = first, n = 0; i < cmd->argc; i++)
            n += snprintf(text + n, PROTO_LINE_MAX + 1 - (size_t)n, "%s%s", i > first ? " " : "", cmd->argv[i]);
    else
        snprintf(text, PROTO_LINE_MAX + 1, "%s", cmd->verb == V_SWAP ? "swap" : "resign");
    if (split_move_number(text, want_n) != 0)
        return fail(code, "BAD_MOVE", msg, msgcap, "write the move, then '#' and the move's number if you like: k10#7");
    return 0;
}

int proto_conditional_text(const proto_cmd *cmd, char text[PROTO_LINE_MAX + 1])
{
    text[0] = 0;
    if (cmd->argc == 1)
        return PROTO_COND_LIST;
    if (cmd->argc == 2 && proto_word_is(cmd->argv[1], "clear"))
        return PROTO_COND_CLEAR;
    for (int i = 1, n = 0; i < cmd->argc; i++)
        n += snprintf(text + n, PROTO_LINE_MAX + 1 - (size_t)n, "%s%s", i > 1 ? " " : "", cmd->argv[i]);
    return PROTO_COND_ADD;
}

/* ---- words both doors read alike -------------------------------------------------------------------- */
int64_t proto_number(const char *word)
{
    char *end;
    long long v = strtoll(word, &end, 10);
    return *word && !*end && v > 0 ? v : 0;
}

const char proto_unknown_game[] = "games are twixt, hex, backgammon and crossword";
const char proto_bad_size[] = "display sizes are small, medium, big and large";

/* ---- texts both doors show alike: the line protocol's replies and the mail door's bodies show a
 * message the same way.  The text needs no escaping there: the service refuses control characters in
 * it, and a line reply's body lines are dot-stuffed by the reply writer.  JSON (HTTP) is written apart. */
int msg_text_line(const svc_message *m, lx_buf *out)
{
    if (m->board)
        return lx_buf_printf(out, "chat %lld %s: %s", (long long)m->board, m->sender, m->text);
    return lx_buf_printf(out, "message %s: %s", m->sender, m->text);
}

/* server/proto.c - cutting a command line into a command and its words.
 *
 * Shapes checked here (A = any word):
 *   signup A A [A]     login A A       password A A      help [A]     quit
 *   set display A      watch A         unwatch A         whoami
 *   set notify A       verify [A]      address A       ratings A [A]     standings A
 *   games [A] [A]
 *   GAME challenge A A [options...]    GAME move A A A A | GAME move A A
 *   (backgammon move: BOARD [USER PASSWORD] and a play of several words)
 *   GAME swap A [A A]  GAME resign A [A A]   GAME show A [A]
 *   GAME history A     GAME record A [A]   GAME games [A]
 * Anything else is an error that names what was wrong.  Bytes below 0x20
 * (other than tab) are refused: a reply must never echo a control byte. */
#include <stdio.h>
#include <string.h>

#include "line/proto.h"

typedef struct verb_shape {
    const char *name;
    proto_verb verb;
    int min, max;   /* words after the name */
} verb_shape;

static const verb_shape plain_verbs[] = {
    {"signup", V_SIGNUP, 2, 3},   {"login", V_LOGIN, 2, 2},     {"password", V_PASSWORD, 2, 2},
    {"help", V_HELP, 0, 1},       {"quit", V_QUIT, 0, 0},       {"watch", V_WATCH, 1, 1},
    {"unwatch", V_UNWATCH, 1, 1}, {"whoami", V_WHOAMI, 0, 0},     {"verify", V_VERIFY, 0, 1},
    {"address", V_ADDRESS, 1, 1},   {"ratings", V_RATINGS, 1, 2},   {"standings", V_STANDINGS, 1, 1},
    {"games", V_LIST, 0, 2},
};

static const verb_shape game_verbs[] = {
    {"challenge", V_CHALLENGE, 2, PROTO_MAX_WORDS - 2}, {"move", V_MOVE, 2, PROTO_MAX_WORDS - 2}, {"swap", V_SWAP, 1, 3},
    {"resign", V_RESIGN, 1, 3}, {"show", V_SHOW, 1, 2}, {"history", V_HISTORY, 1, 1},
    {"record", V_RECORD, 1, 2}, {"games", V_GAMES, 0, 1},
};

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
    int n = split(cmd, line, len, w);
    if (n < 0)
        return fail(code, "USAGE", msg, msgcap, "too many words in one command");
    if (n == 0)
        return fail(code, "EMPTY", msg, msgcap, "empty command; try 'help'");
    if (n >= 2 && proto_word_is(w[0], "set")) {
        static const verb_shape set_display = {"display", V_SET_DISPLAY, 1, 1};
        static const verb_shape set_notify = {"notify", V_SET_NOTIFY, 1, 1};
        if (proto_word_is(w[1], "notify"))
            return take_args(cmd, &set_notify, w + 2, n - 2, code, msg, msgcap);
        if (!proto_word_is(w[1], "display"))
            return fail(code, "UNKNOWN_COMMAND", msg, msgcap, "only 'set display SIZE' and 'set notify MODE' can be set");
        return take_args(cmd, &set_display, w + 2, n - 2, code, msg, msgcap);
    }
    const verb_shape *v = find_shape(plain_verbs, sizeof plain_verbs / sizeof plain_verbs[0], w[0]);
    if (v)
        return take_args(cmd, v, w + 1, n - 1, code, msg, msgcap);
    cmd->game = proto_game_of(w[0]);
    if (cmd->game == G_NONE)
        return fail(code, "UNKNOWN_COMMAND", msg, msgcap, "unknown command; try 'help'");
    if (n < 2)
        return fail(code, "USAGE", msg, msgcap, "a game command needs a verb: challenge, move, show ...");
    v = find_shape(game_verbs, sizeof game_verbs / sizeof game_verbs[0], w[1]);
    if (!v)
        return fail(code, "UNKNOWN_COMMAND", msg, msgcap, "unknown game command; try 'help'");
    if (v->verb == V_MOVE && cmd->game != G_BACKGAMMON && n - 2 != 2 && n - 2 != 4 &&
        !(cmd->game == G_CROSSWORD && n - 2 >= 2 && n - 2 <= 5))
        return fail(code, "USAGE", msg, msgcap, "'move' takes BOARD USER PASSWORD MOVE, or BOARD MOVE after login");
    if ((v->verb == V_SWAP || v->verb == V_RESIGN) && n - 2 == 2)
        return fail(code, "USAGE", msg, msgcap, "give BOARD USER PASSWORD, or BOARD alone after login");
    return take_args(cmd, v, w + 2, n - 2, code, msg, msgcap);
}

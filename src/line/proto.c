/* server/proto.c - cutting a command line into a command and its words.
 *
 * Shapes checked here (A = any word):
 *   signup A A [A]     login A A       password A A      help [A]     quit
 *   set display A      watch A         unwatch A         whoami
 *   set notify A       verify [A]      address A       ratings A [A]     standings A
 *   games [A] [A]      accept A        decline A [text]  block A   unblock A  seeks [A]
 *   join A             takeback A      rematch A         vacation A   set challenges A
 *   GAME seek [options]    GAME draw A
 *   message A TEXT     chat A TEXT     messages      (TEXT: the rest of the line, as written)
 *   GAME move ... # COMMENT   (a word '#' alone: the rest of the line is the move's comment)
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
    {"games", V_LIST, 0, 2},      {"accept", V_ACCEPT, 1, 1},     {"decline", V_DECLINE, 1, PROTO_MAX_WORDS - 1},
    {"block", V_BLOCK, 1, 1},     {"unblock", V_UNBLOCK, 1, 1},   {"seeks", V_SEEKS, 0, 1},
    {"join", V_JOIN, 1, 1},       {"takeback", V_TAKEBACK, 1, 1}, {"rematch", V_REMATCH, 1, 1},
    {"vacation", V_VACATION, 1, 1},
    {"message", V_MESSAGE, 1, 1}, {"chat", V_CHAT, 1, 1},      {"messages", V_MESSAGES, 0, 0},
};

static const verb_shape game_verbs[] = {
    {"challenge", V_CHALLENGE, 2, PROTO_MAX_WORDS - 2}, {"move", V_MOVE, 2, PROTO_MAX_WORDS - 2}, {"swap", V_SWAP, 1, 3},
    {"resign", V_RESIGN, 1, 3}, {"show", V_SHOW, 1, 2}, {"history", V_HISTORY, 1, 1},
    {"record", V_RECORD, 1, 2}, {"games", V_GAMES, 0, 1}, {"seek", V_SEEK, 0, PROTO_MAX_WORDS - 2},
    {"draw", V_DRAW, 1, 1},
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
        static const verb_shape set_display = {"display", V_SET_DISPLAY, 1, 1};
        static const verb_shape set_notify = {"notify", V_SET_NOTIFY, 1, 1};
        static const verb_shape set_challenges = {"challenges", V_SET_CHALLENGES, 1, 1};
        if (proto_word_is(w[1], "notify"))
            return take_args(cmd, &set_notify, w + 2, n - 2, code, msg, msgcap);
        if (proto_word_is(w[1], "challenges"))
            return take_args(cmd, &set_challenges, w + 2, n - 2, code, msg, msgcap);
        if (!proto_word_is(w[1], "display"))
            return fail(code, "UNKNOWN_COMMAND", msg, msgcap,
                        "what can be set: 'set display SIZE', 'set notify MODE', 'set challenges MODE'");
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

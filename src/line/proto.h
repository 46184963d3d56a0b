/* line/proto.h - the ludexd command language: one line into a command.
 *
 * A line is cut into words at spaces and tabs; the first word (or the first
 * two: "twixt move", "set display") names the command, case-insensitively.
 * Parsing knows nothing of games, users or sockets: it only checks the shape
 * of a command (which command, how many words) so that the handlers get
 * their arguments by position.  It is compiled into the fuzz harness as it is.
 */
#ifndef LUDEX_LINE_PROTO_H
#define LUDEX_LINE_PROTO_H

#include <stddef.h>

#include "service/game_kind.h"

#define PROTO_LINE_MAX 4096  /* bytes of a command line, its end of line not counted */
#define PROTO_MAX_WORDS 32

typedef enum proto_verb {
    V_NONE = 0,
    V_SIGNUP, V_LOGIN, V_PASSWORD, V_HELP, V_QUIT, V_SET_DISPLAY, V_WATCH, V_UNWATCH, V_WHOAMI,
    V_CHALLENGE, V_MOVE, V_SWAP, V_RESIGN, V_SHOW, V_HISTORY, V_RECORD, V_GAMES,
    V_SET_NOTIFY, V_VERIFY, V_ADDRESS, V_RATINGS, V_STANDINGS, V_LIST,
    V_SET_CHALLENGES, V_ACCEPT, V_DECLINE, V_BLOCK, V_UNBLOCK, V_SEEK, V_SEEKS, V_JOIN, V_DRAW, V_TAKEBACK,
    V_REMATCH, V_VACATION,
    V_MESSAGE, V_CHAT, V_MESSAGES
} proto_verb;


typedef struct proto_cmd {
    proto_verb verb;
    proto_game game;     /* for the GAME commands */
    int argc;            /* words after the command's name */
    char *argv[PROTO_MAX_WORDS];
    const char *text;    /* free text, NULL when none: a message's or chat line's (the rest of the line
                            after USER or BOARD, as written), a move's comment (after a word '#' alone) */
    char words[PROTO_LINE_MAX + 1]; /* the line's words, NUL-separated (then the text) */
} proto_cmd;

/* Parse one line (without its end of line; a trailing '\r' is ignored).
 * 0 with `cmd` filled in, or -1 with an error code (static string) in *code
 * and a sentence in msg. */
int proto_parse(const char *line, size_t len, proto_cmd *cmd, const char **code, char *msg, size_t msgcap);

#endif

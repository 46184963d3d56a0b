/* service/commands.h - the classic command language, for every door that speaks it.
 *
 * The line protocol and mail read the same commands ("twixt move 12 alice PASSWORD
 * j12#7", "login USER PASSWORD", "message USER TEXT" ...): this module is their one
 * grammar.  A line is cut into words at spaces and tabs; the first word (or the first
 * two: "twixt move", "set display") names the command, case-insensitively, and the
 * verb table gives its shape (how many words) and its family (which door handler runs
 * it).  A move's words are read here too: whether they give USER PASSWORD, and the
 * MOVE#N split.  Parsing knows nothing of sockets, mail, users or games' rules, and it
 * formats no door's replies; it is compiled into the fuzz harness as it is (with
 * game_kind.c).  The doors reach it through service/service.h. */
#ifndef LUDEX_SERVICE_COMMANDS_H
#define LUDEX_SERVICE_COMMANDS_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/buf.h"
#include "service/game_kind.h"

struct svc_message; /* service/service.h */

#define PROTO_LINE_MAX 4096  /* bytes of a command line, its end of line not counted */
#define PROTO_MAX_WORDS 32

typedef enum proto_verb {
    V_NONE = 0,
    V_SIGNUP, V_LOGIN, V_PASSWORD, V_HELP, V_QUIT, V_SET_DISPLAY, V_WATCH, V_UNWATCH, V_WHOAMI,
    V_CHALLENGE, V_MOVE, V_SWAP, V_RESIGN, V_SHOW, V_HISTORY, V_RECORD, V_GAMES,
    V_SET_NOTIFY, V_VERIFY, V_ADDRESS, V_RATINGS, V_STANDINGS, V_LIST,
    V_SET_CHALLENGES, V_ACCEPT, V_DECLINE, V_BLOCK, V_UNBLOCK, V_SEEK, V_SEEKS, V_JOIN, V_DRAW, V_TAKEBACK,
    V_REMATCH, V_VACATION,
    V_MESSAGE, V_CHAT, V_MESSAGES, V_CONDITIONAL, V_TOURNAMENT, V_TOURNAMENTS
} proto_verb;

/* Which handler of a door runs a verb: each door has one handler a family, so a new
 * verb is one row of the verb table (commands.c) and a case in its family's handlers. */
typedef enum proto_family {
    PF_ACCOUNT = 0, /* signup login password set-display set-notify verify address whoami quit */
    PF_HELP,        /* help [GAME] */
    PF_WATCH,       /* watch unwatch */
    PF_RATINGS,     /* ratings standings */
    PF_LIST,        /* games [USER] [FILTER] */
    PF_CONSENT,     /* set-challenges accept decline block unblock seek seeks join draw takeback
                       rematch vacation */
    PF_MESSAGES,    /* message chat messages */
    PF_GAME,        /* GAME challenge move swap resign show history record games conditional */
    PF_TOURNAMENT,  /* tournament new|join|leave|start|show, tournaments */
    PF_COUNT
} proto_family;

typedef struct proto_cmd {
    proto_verb verb;
    proto_family family;
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

/* ---- a move's words: GAME move BOARD [USER PASSWORD] MOVE[#N], GAME swap|resign BOARD [USER PASSWORD] ---- */
/* Does the account `name` exist?  (The door asks its service; a backgammon play or a
 * crossword word is told from a user name by it.) */
typedef int proto_user_exists(void *ctx, const char *name);
/* 1 when a move, swap or resign command gives USER PASSWORD (argv[1], argv[2]), 0 when the
 * login acts.  `logged_in`: the door has a login for this command. */
int proto_play_names_user(const proto_cmd *cmd, int logged_in, proto_user_exists *exists, void *ctx);
/* What is played: the move's words joined by one space ("swap" or "resign" for those), its
 * "#N" cut off into *want_n (0 without).  0, or -1 (BAD_MOVE in *code, a sentence in msg)
 * when what follows the '#' is not a move number. */
int proto_play_text(const proto_cmd *cmd, int with_password, char text[PROTO_LINE_MAX + 1], long *want_n,
                    const char **code, char *msg, size_t msgcap);

/* ---- GAME conditional BOARD [M1 R1 [M2 R2 ...] | clear] ---- */
/* What the command asks: PROTO_COND_LIST (nothing after BOARD), PROTO_COND_CLEAR ("clear"), or
 * PROTO_COND_ADD with the line its moves make in text (moves apart by one space). */
enum { PROTO_COND_LIST, PROTO_COND_ADD, PROTO_COND_CLEAR };
int proto_conditional_text(const proto_cmd *cmd, char text[PROTO_LINE_MAX + 1]);

/* ---- words both doors read alike ---------------------------------------------------------------------- */
/* A board's or a seek's number: digits only, above 0; 0 for any other word. */
int64_t proto_number(const char *word);
/* The sentence of a word that names no game (UNKNOWN_GAME), and of one that names no display size (BAD_SIZE). */
extern const char proto_unknown_game[];
extern const char proto_bad_size[];

/* ---- texts both doors show alike -------------------------------------------------------------------- */
/* "message FROM: TEXT" or "chat BOARD FROM: TEXT", without an end of line (the service
 * keeps control characters out of the text, so it is one line as it is).  0 or -1. */
int msg_text_line(const struct svc_message *m, lx_buf *out);

#endif

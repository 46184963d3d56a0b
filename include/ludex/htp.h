/* ludex/htp.h - an engine spoken to in the Go Text Protocol's Hex dialect (HTP),
 * as HexGui and MoHex speak it: one command a line in, one reply out.
 *
 * A session holds an engine (ludex/engine.h) and answers lines:
 *   [id] command [arguments]
 * with "=[id] result" or "?[id] message", each reply ended by an empty line.
 * As GTP version 2 says: control characters other than tab and line feed
 * are dropped (so CR LF ends a line as LF does), tabs count as spaces,
 * anything after '#' is a comment, and a line with nothing left is no
 * command and gets no reply.
 *
 * Commands: protocol_version, name, version, known_command, list_commands,
 * quit, boardsize N [M], clear_board, play COLOUR MOVE, genmove COLOUR,
 * undo, showboard, final_score, time_settings and time_left (accepted and
 * ignored: the budget is the engine's), and for Backgammon
 * dice D1 D2 (the roll the next genmove plays) and
 * match LENGTH BLACK WHITE [crawford] (a new game of a match at that score).
 * Colours are b, black, w, white (any case); moves are SGF values, as
 * lx_engine_play reads them ("e5", "swap-pieces", "resign", "31hefe",
 * "double").
 *
 * Nothing here prints or reads: the caller passes lines in and writes the
 * replies out (`ludex engine` does it on standard input and output). */
#ifndef LUDEX_HTP_H
#define LUDEX_HTP_H

#include <stddef.h>

#include "buf.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lx_htp lx_htp;

/* A session over `engine`, which it owns and frees (NULL: every command
 * about the game answers "? no engine").  NULL when out of memory. */
lx_htp *lx_htp_new(lx_engine *engine);
void lx_htp_free(lx_htp *h);

/* Answer one line (without or with its line end; any bytes).  The reply, if
 * any, is appended to `reply`.  Returns 1 after `quit` (the caller stops),
 * 0 otherwise, -1 when out of memory. */
int lx_htp_line(lx_htp *h, const char *line, size_t len, lx_buf *reply);

#ifdef __cplusplus
}
#endif
#endif

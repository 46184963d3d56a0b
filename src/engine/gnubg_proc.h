/* engine/gnubg_proc.h - GNU Backgammon as a child process, spoken to through
 * its text commands (internal to libludex).
 *
 * gnubg_proc.c starts `gnubg -t -q` with a socket pair as its standard input,
 * output and error, sends it lines of commands and reads what it prints until
 * a marker it was asked to print (see gnubg_proc_ask), never longer than a
 * deadline: a program that hangs or dies is killed (with every process it
 * started) and reported, never waited on.  It knows nothing of backgammon. */
#ifndef LX_ENGINE_GNUBG_PROC_H
#define LX_ENGINE_GNUBG_PROC_H

#include "ludex/buf.h"
#include "ludex/game.h"

typedef struct gnubg_proc gnubg_proc;

/* The program to run: `program` when given, else "gnubg" on PATH, else
 * /usr/games/gnubg (where Debian puts it).  NULL when none can be run. */
const char *gnubg_find_program(const char *program, char *buf, size_t cap);

/* Start the program and wait (at most `timeout` seconds) until it answers.
 * NULL with ENGINE_UNAVAILABLE (cannot be run) or ENGINE_FAILED (ran but
 * did not answer) in `err`. */
gnubg_proc *gnubg_proc_start(const char *program, double timeout, lx_game_error *err);

/* Send `commands` (lines, without the last newline) and put everything the
 * program prints in answer into `reply` (cleared first).  0; -1 with
 * ENGINE_FAILED when it died or did not answer within `timeout` seconds
 * (it is then killed: gnubg_proc_alive says 0). */
int gnubg_proc_ask(gnubg_proc *p, const char *commands, double timeout, lx_buf *reply, lx_game_error *err);

/* Non-zero while the program runs and answers. */
int gnubg_proc_alive(const gnubg_proc *p);

/* Kill it (and what it started) and forget it. */
void gnubg_proc_free(gnubg_proc *p);

#endif

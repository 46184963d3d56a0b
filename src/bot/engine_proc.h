/* bot/engine_proc.h - an engine program run as a child process, spoken to in HTP/GTP
 * over its standard input and output, with a time limit on every answer.
 *
 * Used from the bots' worker threads only: every call may block (never on the loop). */
#ifndef LUDEX_BOT_ENGINE_PROC_H
#define LUDEX_BOT_ENGINE_PROC_H

#include <sys/types.h>

#include "ludex/buf.h"

typedef struct engine_proc {
    pid_t pid;                /* 0 when not running */
    int to_child, from_child;
    char in[4096];            /* bytes read and not yet part of an answer */
    size_t inlen;
} engine_proc;

/* Start argv[0] (searched on PATH when it has no '/') with argv.  0, or -1 with err. */
int engine_proc_start(engine_proc *p, char *const argv[], char *err, size_t errcap);
/* Kill the child (if any) and reap it. */
void engine_proc_stop(engine_proc *p);

typedef enum engine_answer { ENGINE_OK, ENGINE_REFUSED, ENGINE_DEAD } engine_answer;
/* Send `command` (one line, no newline) and read its answer, at most `seconds`:
 * ENGINE_OK ("= text"), ENGINE_REFUSED ("? text"), with the text in `out`; or
 * ENGINE_DEAD when the child died, said something else or took too long (then
 * it has been stopped, and `out` says why). */
engine_answer engine_proc_ask(engine_proc *p, const char *command, double seconds, lx_buf *out);

/* Run argv to its end with `input` (at most a pipe's 64 KiB) on its standard input, at most
 * `seconds`, its standard output into `out` (at most 1 MiB).  0 when it exited 0; -1 with
 * the reason in `out` (killed when it took too long).  Input, unlike arguments, is not
 * shown to other users of the machine (ps). */
int engine_proc_run(char *const argv[], const char *input, double seconds, lx_buf *out);

#endif

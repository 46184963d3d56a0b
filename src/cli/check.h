/* check.h - what the files of `ludex check` share (check.c, check_walk.c,
 * check_jobs.c, check_progress.c): the list of files to check, the ordered
 * worker pool, and the progress line and total.
 *
 * The files are known before any is read (check_walk.c turns directories
 * into the files below them, with -r); workers check them in any order and
 * at once, and the calling thread prints each file's result in the order of
 * the list, so the output is the same for any number of workers. */
#ifndef LX_CLI_CHECK_H
#define LX_CLI_CHECK_H

#include <stddef.h>

/* ---- check_walk.c: the files ------------------------------------------------------- */

/* check_item.error of a directory with no record file below it (-r) */
enum { CHECK_NO_RECORDS = -1 };

typedef struct check_item {
    char *path;  /* owned */
    int error;   /* errno when it could not be listed or looked at (reported in turn),
                  * CHECK_NO_RECORDS, else 0 */
    size_t size; /* bytes, 0 when not known (standard input, a pipe) */
} check_item;

typedef struct check_items {
    check_item *v;
    size_t n, cap;
} check_items;

/* The files the operands name, in order.  Without `recursive` each operand
 * is one item, as given.  With it, an operand that is a directory becomes
 * every file below it whose name ends in .sgf, .gcg or .cgp (any case),
 * depth first, each directory's entries sorted by name (bytewise); symbolic
 * links to directories are not followed; a directory with none is an item
 * with the error CHECK_NO_RECORDS.  0, or -1 out of memory. */
int check_items_collect(const char *const *operands, int n, int recursive, check_items *out);
void check_items_free(check_items *l);

/* ---- check_jobs.c: the workers ------------------------------------------------------ */

typedef struct check_pool_spec {
    size_t n;                            /* items 0 .. n-1 */
    int jobs;                            /* workers at most (1: all on the calling thread) */
    void (*work)(void *ctx, size_t i);   /* on a worker thread; must not print */
    void (*deliver)(void *ctx, size_t i); /* on the calling thread, once per item, in order */
    void (*tick)(void *ctx);             /* on the calling thread now and then while it waits; may be NULL */
    void *ctx;
} check_pool_spec;

/* Run every item.  When no thread can be started, everything runs on the
 * calling thread (the same results, one at a time). */
void check_pool_run(const check_pool_spec *s);

/* ---- check_progress.c: the progress line and the total ------------------------------ */

typedef struct check_progress {
    int draw;            /* standard error is a terminal and there are several files */
    int shown;           /* a progress line is on the screen */
    size_t files_total, files, unread, games, errors, warnings;
    size_t bytes_total, bytes;
    double start, last_draw; /* seconds, monotonic */
} check_progress;

void check_progress_start(check_progress *p, size_t files, size_t bytes, int several);
/* A file printed: read (0: it could not be), what it held, its size. */
void check_progress_add(check_progress *p, int read, size_t games, size_t errors, size_t warnings, size_t bytes);
/* Draw the progress line (at most five times a second), when p->draw. */
void check_progress_show(check_progress *p);
/* Erase the progress line if it is on the screen. */
void check_progress_hide(check_progress *p);
/* Erase it, then the total on standard error: files, games, errors, warnings, MB, seconds. */
void check_progress_total(check_progress *p);

#endif

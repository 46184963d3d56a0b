/* check_progress.c - what `ludex check` says on standard error about a run of
 * several files: a progress line while it runs, when standard error is a
 * terminal (files, games, MB/s, time left), and a total at the end (files,
 * games, errors, warnings, MB, seconds).
 *
 * Both go to standard error, so standard output keeps only the files'
 * reports, the same bytes for the same input whatever the timing.  The
 * progress line is redrawn in place ("\r", erase to the end of the line)
 * and erased before anything else is printed.  Time left is the time so far
 * scaled by the bytes still to check. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli/check.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *plural(size_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

void check_progress_start(check_progress *p, size_t files, size_t bytes, int several)
{
    *p = (check_progress){0};
    p->draw = several && isatty(STDERR_FILENO);
    p->files_total = files;
    p->bytes_total = bytes;
    p->start = p->last_draw = now();
}

void check_progress_add(check_progress *p, int read, size_t games, size_t errors, size_t warnings, size_t bytes)
{
    if (!read) {
        p->unread++;
        p->bytes_total -= bytes < p->bytes_total ? bytes : p->bytes_total;
        return;
    }
    p->files++;
    p->games += games;
    p->errors += errors;
    p->warnings += warnings;
    p->bytes += bytes;
}

void check_progress_show(check_progress *p)
{
    double t = now(), elapsed = t - p->start;
    if (!p->draw || t - p->last_draw < 0.2 || elapsed < 0.3)
        return;
    p->last_draw = t;
    fprintf(stderr, "\rchecked %zu of %zu files, %zu %s, %.1f MB/s", p->files + p->unread, p->files_total,
            p->games, plural(p->games, "game", "games"), (double)p->bytes / 1e6 / elapsed);
    if (p->bytes > 0 && p->bytes < p->bytes_total)
        fprintf(stderr, ", about %.0f s left", elapsed * (double)(p->bytes_total - p->bytes) / (double)p->bytes);
    fputs("\033[K", stderr);
    fflush(stderr);
    p->shown = 1;
}

void check_progress_hide(check_progress *p)
{
    if (!p->shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = 0;
}

void check_progress_total(check_progress *p)
{
    double elapsed = now() - p->start;
    check_progress_hide(p);
    fprintf(stderr, "ludex check: %zu %s, %zu %s, %zu %s, %zu %s, %.1f MB in %.2f s", p->files,
            plural(p->files, "file", "files"), p->games, plural(p->games, "game", "games"), p->errors,
            plural(p->errors, "error", "errors"), p->warnings, plural(p->warnings, "warning", "warnings"),
            (double)p->bytes / 1e6, elapsed);
    if (p->unread > 0)
        fprintf(stderr, "; %zu %s could not be read", p->unread, plural(p->unread, "file", "files"));
    fputc('\n', stderr);
}

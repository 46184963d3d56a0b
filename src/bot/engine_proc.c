/* bot/engine_proc.c - run an engine program and ask it HTP questions with a deadline.
 *
 * The child is started with posix_spawn (safe in a threaded server), its
 * standard input and output on pipes and its standard error on ours.  An
 * answer is "= text" or "? text" (an optional id after the sign) ended by an
 * empty line; anything else, a closed pipe or a deadline passed counts as a
 * dead engine, which is killed: the caller starts a new one when it needs it. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bot/engine_proc.h"

extern char **environ;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A pipe whose ends are not inherited by any program started later. */
static int cloexec_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return -1;
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        close(fds[0]), close(fds[1]);
        return -1;
    }
    return 0;
}

int engine_proc_start(engine_proc *p, char *const argv[], char *err, size_t errcap)
{
    int in[2], out[2];
    memset(p, 0, sizeof *p);
    if (cloexec_pipe(in) != 0)
        return snprintf(err, errcap, "pipe: %s", strerror(errno)), -1;
    if (cloexec_pipe(out) != 0) {
        close(in[0]), close(in[1]);
        return snprintf(err, errcap, "pipe: %s", strerror(errno)), -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    int rc = posix_spawnp(&p->pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        close(in[1]), close(out[0]);
        p->pid = 0;
        return snprintf(err, errcap, "cannot run %s: %s", argv[0], strerror(rc)), -1;
    }
    p->to_child = in[1];
    p->from_child = out[0];
    return 0;
}

void engine_proc_stop(engine_proc *p)
{
    if (!p->pid)
        return;
    close(p->to_child);
    close(p->from_child);
    kill(p->pid, SIGKILL);
    while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR) {
    }
    p->pid = 0;
    p->inlen = 0;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w, n -= (size_t)w;
    }
    return 0;
}

/* The end of an answer in p->in (just past its empty line), or 0 when not there yet. */
static size_t answer_end(const engine_proc *p)
{
    for (size_t i = 0; i + 1 < p->inlen; i++)
        if (p->in[i] == '\n' && p->in[i + 1] == '\n')
            return i + 2;
    return 0;
}

static engine_answer dead(engine_proc *p, lx_buf *out, const char *why)
{
    lx_buf_clear(out);
    lx_buf_append_str(out, why);
    engine_proc_stop(p);
    return ENGINE_DEAD;
}

/* Read until an answer is complete or the deadline passes: its length, or 0. */
static size_t read_answer(engine_proc *p, double deadline, const char **why)
{
    size_t end;
    while (!(end = answer_end(p))) {
        double left = deadline - now();
        if (left <= 0)
            return *why = "the engine took too long", 0;
        if (p->inlen == sizeof p->in)
            return *why = "the engine's answer is too long", 0;
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        int n = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            continue;
        ssize_t r = read(p->from_child, p->in + p->inlen, sizeof p->in - p->inlen);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return *why = "the engine stopped", 0;
        /* CR LF and CR are line ends too */
        for (ssize_t i = 0; i < r; i++) {
            char c = p->in[p->inlen + (size_t)i];
            if (c == '\r')
                p->in[p->inlen + (size_t)i] = '\n';
        }
        p->inlen += (size_t)r;
    }
    return end;
}

engine_answer engine_proc_ask(engine_proc *p, const char *command, double seconds, lx_buf *out)
{
    if (!p->pid)
        return dead(p, out, "the engine is not running");
    if (write_all(p->to_child, command, strlen(command)) != 0 || write_all(p->to_child, "\n", 1) != 0)
        return dead(p, out, "the engine stopped");
    const char *why = NULL;
    size_t end = read_answer(p, now() + seconds, &why);
    if (!end)
        return dead(p, out, why);
    char sign = p->in[0];
    if (sign != '=' && sign != '?')
        return dead(p, out, "the engine's answer is not '= ...' or '? ...'");
    size_t i = 1;
    while (i < end && p->in[i] >= '0' && p->in[i] <= '9') /* an id */
        i++;
    while (i < end && (p->in[i] == ' ' || p->in[i] == '\t'))
        i++;
    size_t len = end - 2 >= i ? end - 2 - i : 0;
    lx_buf_clear(out);
    lx_buf_append(out, p->in + i, len);
    memmove(p->in, p->in + end, p->inlen - end);
    p->inlen -= end;
    return sign == '=' ? ENGINE_OK : ENGINE_REFUSED;
}

/* Everything the child writes until it closes its output (or the deadline, or 1 MiB): 0 or -1. */
static int read_to_end(engine_proc *p, double deadline, lx_buf *out)
{
    char buf[4096];
    for (;;) {
        double left = deadline - now();
        if (left <= 0 || out->len > (1u << 20))
            return -1;
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        int n = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (n <= 0)
            continue;
        ssize_t r = read(p->from_child, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r == 0 ? 0 : -1;
        lx_buf_append(out, buf, (size_t)r);
    }
}

int engine_proc_run(char *const argv[], const char *input, double seconds, lx_buf *out)
{
    engine_proc p;
    char err[256];
    lx_buf_clear(out);
    if (engine_proc_start(&p, argv, err, sizeof err) != 0) {
        lx_buf_append_str(out, err);
        return -1;
    }
    int written = strlen(input) < 65536 && write_all(p.to_child, input, strlen(input)) == 0;
    close(p.to_child);
    p.to_child = open("/dev/null", O_WRONLY | O_CLOEXEC); /* engine_proc_stop closes it */
    if (!written || read_to_end(&p, now() + seconds, out) != 0) {
        engine_proc_stop(&p);
        lx_buf_clear(out);
        lx_buf_append_str(out, "the program took too long or wrote too much");
        return -1;
    }
    int status = 0;
    close(p.to_child);
    close(p.from_child);
    while (waitpid(p.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    lx_buf_clear(out);
    lx_buf_printf(out, "the program failed (status %d)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return -1;
}

/* engine/gnubg_proc.c - GNU Backgammon as a child process (see gnubg_proc.h).
 *
 * The child gets one end of a socket pair as its standard input, output and
 * error: writing with MSG_NOSIGNAL means a dead child is an error code, not
 * a SIGPIPE in the caller, and no signal handler is touched.  It runs in a
 * process group of its own, so killing the group also ends whatever a
 * wrapper script started.  After each batch of commands we send
 * `set prompt MARK` and read until gnubg confirms it ("The prompt has been
 * set to `MARK'."): gnubg answers commands in order, so everything before
 * the confirmation answers our batch.  Nothing here waits without a deadline. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/engine_int.h"
#include "engine/gnubg_proc.h"

extern char **environ;

#define REPLY_MAX (16u << 20) /* more than any answer of gnubg's: a runaway program */

struct gnubg_proc {
    pid_t pid;
    int fd;
    unsigned long marks; /* markers sent so far */
};

static int executable(const char *path)
{
    return path && *path && access(path, X_OK) == 0;
}

const char *gnubg_find_program(const char *program, char *buf, size_t cap)
{
    if (program && *program) {
        if (strchr(program, '/'))
            return executable(program) ? program : NULL;
    } else {
        program = "gnubg";
    }
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        if (n > 0 && snprintf(buf, cap, "%.*s/%s", (int)n, path, program) < (int)cap && executable(buf))
            return buf;
        path = colon ? colon + 1 : NULL;
    }
    if (strcmp(program, "gnubg") == 0 && executable("/usr/games/gnubg"))
        return "/usr/games/gnubg";
    return NULL;
}

static void kill_child(gnubg_proc *p)
{
    if (p->pid > 0) {
        kill(-p->pid, SIGKILL);
        kill(p->pid, SIGKILL);
        while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        p->pid = 0;
    }
    if (p->fd >= 0) {
        close(p->fd);
        p->fd = -1;
    }
}

static int spawn(gnubg_proc *p, const char *program, lx_game_error *err)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return lx_game_fail(err, "ENGINE_UNAVAILABLE", "cannot make a socket pair for gnubg: %s", strerror(errno));
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    for (int fd = 0; fd < 3; fd++)
        posix_spawn_file_actions_adddup2(&fa, sv[1], fd);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &defaults);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {(char *)program, "-t", "-q", "-r", NULL};
    int rc = posix_spawn(&p->pid, program, &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        p->pid = 0;
        return lx_game_fail(err, "ENGINE_UNAVAILABLE", "cannot run %s: %s", program, strerror(rc));
    }
    p->fd = sv[0];
    fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* Milliseconds left before `deadline` (at least 0). */
static int ms_left(double deadline)
{
    double left = deadline - lx_engine_now();
    return left <= 0 ? 0 : left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
}

static int fail_and_kill(gnubg_proc *p, lx_game_error *err, const char *what)
{
    kill_child(p);
    return lx_game_fail(err, "ENGINE_FAILED", "gnubg %s", what);
}

static int send_all(gnubg_proc *p, const char *s, size_t len, double deadline, lx_game_error *err)
{
    while (len > 0) {
        ssize_t n = send(p->fd, s, len, MSG_NOSIGNAL);
        if (n > 0) {
            s += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd pf = {p->fd, POLLOUT, 0};
            if (poll(&pf, 1, ms_left(deadline)) > 0)
                continue;
            return fail_and_kill(p, err, "stopped reading its commands");
        }
        return fail_and_kill(p, err, "is gone (it died or closed its input)");
    }
    return 0;
}

/* Read until `mark` appears in `reply`. */
static int read_until(gnubg_proc *p, const char *mark, double deadline, lx_buf *reply, lx_game_error *err)
{
    size_t searched = 0, mlen = strlen(mark);
    char chunk[8192];
    for (;;) {
        if (reply->len >= mlen && strstr(reply->data + searched, mark))
            return 0;
        if (reply->len > mlen)
            searched = reply->len - mlen;
        struct pollfd pf = {p->fd, POLLIN, 0};
        int r = poll(&pf, 1, ms_left(deadline));
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return fail_and_kill(p, err, "did not answer in time (killed)");
        ssize_t n = read(p->fd, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
            continue;
        if (n <= 0)
            return fail_and_kill(p, err, "is gone (it died before answering)");
        for (ssize_t i = 0; i < n; i++)
            if (chunk[i] == '\0')
                chunk[i] = ' ';
        if (reply->len + (size_t)n > REPLY_MAX || lx_buf_append(reply, chunk, (size_t)n) != 0)
            return fail_and_kill(p, err, "answered with more than ludex can hold");
    }
}

int gnubg_proc_ask(gnubg_proc *p, const char *commands, double timeout, lx_buf *reply, lx_game_error *err)
{
    lx_buf_clear(reply);
    if (lx_buf_append_str(reply, "") != 0)
        return lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
    if (!gnubg_proc_alive(p))
        return lx_game_fail(err, "ENGINE_FAILED", "gnubg is not running");
    double deadline = lx_engine_now() + timeout;
    char mark[64], line[96];
    snprintf(mark, sizeof mark, "ludex-mark-%lu", ++p->marks);
    snprintf(line, sizeof line, "\nset prompt %s\n", mark);
    char confirm[96];
    snprintf(confirm, sizeof confirm, "`%s'", mark);
    if (send_all(p, commands, strlen(commands), deadline, err) != 0 ||
        send_all(p, line, strlen(line), deadline, err) != 0 || read_until(p, confirm, deadline, reply, err) != 0)
        return -1;
    return 0;
}

gnubg_proc *gnubg_proc_start(const char *program, double timeout, lx_game_error *err)
{
    gnubg_proc *p = calloc(1, sizeof *p);
    if (!p) {
        lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
        return NULL;
    }
    p->fd = -1;
    if (spawn(p, program, err) != 0) {
        free(p);
        return NULL;
    }
    lx_buf reply = LX_BUF_INIT;
    int rc = gnubg_proc_ask(p, "", timeout, &reply, err);
    lx_buf_free(&reply);
    if (rc != 0) {
        gnubg_proc_free(p);
        return NULL;
    }
    return p;
}

int gnubg_proc_alive(const gnubg_proc *p)
{
    return p && p->pid > 0 && p->fd >= 0;
}

void gnubg_proc_free(gnubg_proc *p)
{
    if (!p)
        return;
    kill_child(p);
    free(p);
}

/* server/ludex_mail.c - ludex-mail: the MTA's delivery agent for ludexd.
 *
 * An MTA runs it with one message on standard input (a pipe alias or a pipe
 * transport); it hands the message to the ludexd running on the same
 * database, over that server's Unix socket, and exits as the MTA expects:
 * 0 once ludexd has handled the message (its commands committed, or
 * answered with an error), 75 (EX_TEMPFAIL) when ludexd cannot be reached
 * or cannot commit, so the MTA keeps the message and retries; nothing is
 * lost, and ludexd never applies one Message-ID twice.  A message over
 * 1 MiB is not read past its first 64 KiB (its headers): ludexd answers it
 * with a short refusal.
 *
 * --mbox FILE hands every message of a mailbox in turn (a backlog, or a
 * benchmark), over --jobs connections at once. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ludex/version.h"

#define MAX_BYTES (1024 * 1024)
#define HEAD_BYTES (64 * 1024)
#define EX_USAGE 64
#define EX_TEMPFAIL 75

static void usage(int asked)
{
    fprintf(asked ? stdout : stderr,
            "usage: ludex-mail (--db FILE | --socket PATH) < message\n"
            "       ludex-mail (--db FILE | --socket PATH) --mbox FILE [--jobs N]\n"
            "       ludex-mail --help | --version\n"
            "Hands a mail to the ludexd serving database FILE (its socket FILE.mail).\n"
            "Exit 0: handled; 75: try again later (ludexd unreachable or its disk full).\n");
    exit(asked ? 0 : EX_USAGE);
}

static int connect_to(const char *path, char *why, size_t cap)
{
    struct sockaddr_un sun;
    memset(&sun, 0, sizeof sun);
    sun.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof sun.sun_path)
        return snprintf(why, cap, "%s: path too long", path), -1;
    memcpy(sun.sun_path, path, strlen(path) + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof sun) != 0) {
        snprintf(why, cap, "cannot reach ludexd at %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    struct timeval tv = {300, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    return fd;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Hand one message over fd: 0 handled, EX_TEMPFAIL with why. */
static int hand_over(int fd, const char *msg, size_t sent, size_t total, char *why, size_t cap)
{
    char head[80];
    int n = snprintf(head, sizeof head, "LUDEX-MAIL 1 %zu %zu\n", sent, total);
    if (write_all(fd, head, (size_t)n) != 0 || write_all(fd, msg, sent) != 0)
        return snprintf(why, cap, "ludexd went away: %s", strerror(errno)), EX_TEMPFAIL;
    char answer[512];
    size_t got = 0;
    while (got + 1 < sizeof answer) {
        ssize_t r = read(fd, answer + got, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || answer[got] == '\n')
            break;
        got++;
    }
    answer[got] = 0;
    if (!strncmp(answer, "OK", 2))
        return snprintf(why, cap, "%s", answer), 0;
    snprintf(why, cap, "%s", got ? answer : "ludexd gave no answer");
    return EX_TEMPFAIL;
}

/* One message on standard input. */
static int one_message(const char *sock)
{
    char *buf = malloc(MAX_BYTES + 1), why[600];
    size_t len = 0, total = 0;
    if (!buf)
        return fprintf(stderr, "ludex-mail: out of memory\n"), EX_TEMPFAIL;
    for (;;) {
        char chunk[65536];
        ssize_t r = read(0, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            fprintf(stderr, "ludex-mail: standard input: %s\n", strerror(errno));
            free(buf);
            return EX_TEMPFAIL;
        }
        if (r == 0)
            break;
        size_t room = MAX_BYTES + 1 - len, take = (size_t)r < room ? (size_t)r : room;
        memcpy(buf + len, chunk, take);
        len += take;
        total += (size_t)r;
    }
    size_t sent = total > MAX_BYTES ? (len < HEAD_BYTES ? len : HEAD_BYTES) : len;
    int fd = connect_to(sock, why, sizeof why), rc = EX_TEMPFAIL;
    if (fd >= 0) {
        rc = hand_over(fd, buf, sent, total, why, sizeof why);
        close(fd);
    }
    if (rc != 0)
        fprintf(stderr, "ludex-mail: %s\n", why);
    free(buf);
    return rc;
}

/* ---- a mailbox -------------------------------------------------------------------------------- */
typedef struct mbox {
    char *data;
    size_t len;
    size_t *start, *end;   /* each message's bytes, its "From " line left out */
    size_t n;
} mbox;

static int mbox_read(const char *path, mbox *m)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 20;
    m->data = malloc(cap);
    for (size_t r; m->data && (r = fread(m->data + m->len, 1, cap - m->len, f)) > 0;) {
        m->len += r;
        if (m->len == cap && !(m->data = realloc(m->data, cap *= 2)))
            break;
    }
    fclose(f);
    if (!m->data)
        return -1;
    size_t ncap = 1024;
    m->start = malloc(ncap * sizeof *m->start);
    m->end = malloc(ncap * sizeof *m->end);
    for (size_t i = 0; m->start && m->end && i < m->len;) {
        int at_from = (i == 0 || m->data[i - 1] == '\n') && m->len - i >= 5 && !memcmp(m->data + i, "From ", 5);
        char *nl = memchr(m->data + i, '\n', m->len - i);
        size_t next = nl ? (size_t)(nl - m->data) + 1 : m->len;
        if (at_from) {
            if (m->n && m->end[m->n - 1] == 0)
                m->end[m->n - 1] = i;
            if (m->n == ncap) {
                ncap *= 2;
                m->start = realloc(m->start, ncap * sizeof *m->start);
                m->end = realloc(m->end, ncap * sizeof *m->end);
                if (!m->start || !m->end)
                    return -1;
            }
            m->start[m->n] = next;
            m->end[m->n++] = 0;
        }
        i = next;
    }
    if (m->n && m->end[m->n - 1] == 0)
        m->end[m->n - 1] = m->len;
    return m->start && m->end ? 0 : -1;
}

/* Worker k of jobs: messages k, k + jobs, ... over one connection; the count not handled. */
static int mbox_worker(const char *sock, const mbox *m, size_t k, size_t jobs)
{
    char why[600];
    int fd = -1, bad = 0;
    for (size_t i = k; i < m->n; i += jobs) {
        if (fd < 0 && (fd = connect_to(sock, why, sizeof why)) < 0) {
            fprintf(stderr, "ludex-mail: %s\n", why);
            return (int)((m->n - i + jobs - 1) / jobs);
        }
        size_t len = m->end[i] - m->start[i];
        if (hand_over(fd, m->data + m->start[i], len, len, why, sizeof why) != 0) {
            fprintf(stderr, "ludex-mail: message %zu: %s\n", i + 1, why);
            bad++;
        }
        close(fd); /* ludexd answers one message per connection, as from an MTA */
        fd = -1;
    }
    return bad;
}

static int many_messages(const char *sock, const char *path, size_t jobs)
{
    mbox m = {0};
    if (mbox_read(path, &m) != 0)
        return fprintf(stderr, "ludex-mail: %s: %s\n", path, strerror(errno)), EX_USAGE;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t *pids = calloc(jobs, sizeof *pids);
    for (size_t k = 0; pids && k < jobs; k++)
        if ((pids[k] = fork()) == 0)
            _exit(mbox_worker(sock, &m, k, jobs) ? EX_TEMPFAIL : 0);
    int failed = 0;
    for (size_t k = 0; pids && k < jobs; k++) {
        int status;
        if (pids[k] > 0 && waitpid(pids[k], &status, 0) > 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            failed++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%zu messages in %.3f s (%.0f/s) over %zu connections at once%s\n", m.n, secs,
           secs > 0 ? (double)m.n / secs : 0.0, jobs, failed ? "; some were not handled" : "");
    free(pids);
    free(m.data);
    free(m.start);
    free(m.end);
    return failed ? EX_TEMPFAIL : 0;
}

int main(int argc, char **argv)
{
    const char *sock = NULL, *db = NULL, *mbox_path = NULL;
    long jobs = 1;
    for (int i = 1; i < argc; i += 2) { /* every option but --help and --version takes a value */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help"))
            usage(1);
        if (!strcmp(a, "--version")) {
            printf("ludex-mail %s\n", LX_VERSION_STRING);
            return 0;
        }
        if (!v)
            usage(0);
        if (!strcmp(a, "--socket"))
            sock = v;
        else if (!strcmp(a, "--db"))
            db = v;
        else if (!strcmp(a, "--mbox"))
            mbox_path = v;
        else if (!strcmp(a, "--jobs") && (jobs = strtol(v, NULL, 10)) >= 1 && jobs <= 256)
            ;
        else
            usage(0);
    }
    char path[4200];
    if (!sock && db && (!strncmp(db, "postgres://", 11) || !strncmp(db, "postgresql://", 13))) {
        fprintf(stderr, "ludex-mail: with a PostgreSQL database, give ludexd's --mail-socket as --socket PATH\n");
        return EX_USAGE;
    }
    if (!sock && db) {
        snprintf(path, sizeof path, "%s.mail", db);
        sock = path;
    }
    if (!sock)
        usage(0);
    return mbox_path ? many_messages(sock, mbox_path, (size_t)jobs) : one_message(sock);
}

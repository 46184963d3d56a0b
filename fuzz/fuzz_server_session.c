/* fuzz_server_session.c - libFuzzer harness for whole sessions of the line protocol.
 *
 * The input is one client's lines, sent over a socket pair to a real
 * ludexd service and line door (a SQLite database in a temporary directory,
 * argon2id at its minimum cost), kept from one input to the next so that
 * users, games and moves pile up as on a server.  Each session ends with
 * "quit".  The replies must be framed: every reply a status line "OK ..."
 * or "ERR CODE ...", body lines, then ".", pushes ("* ...") only between
 * replies, at most one reply per command line, and the session must end
 * within 10 s.  At exit every game stored gives a record `ludex check`
 * accepts.  Anything else, or a crash, a leak, a sanitizer report, is a
 * finding. */
#include <event2/event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "line/line.h"
#include "service/service.h"

static struct event_base *base;
static srv *service;
static line_door *door;
static char dir[] = "/tmp/ludex-fuzz-session.XXXXXX";

/* Every game the run stored must give a record that `ludex check` accepts. */
static void check_records(void)
{
    static int64_t ids[5000];
    svc_status st;
    svc_status_init(&st);
    long n = svc_games_list_request(service, G_NONE, NULL, SVC_ALL, ids, 5000, &st); /* no request: read at once */
    for (long i = 0; i < n; i++) {
        srv_game *sg = svc_game(service, ids[i], G_NONE, &st);
        lx_diag_list *d = lx_diag_list_new();
        long errors = sg && d ? svc_game_check_record(sg, d, &st) : 0;
        for (size_t k = 0; errors > 0 && k < lx_diag_count(d); k++)
            fprintf(stderr, "board %lld: %s [%s]\n", (long long)ids[i], lx_diag_get(d, k)->message,
                    lx_diag_get(d, k)->code);
        lx_diag_list_free(d);
        if (errors != 0)
            abort();
    }
}

/* The records checked, then the database goes with the run. */
static void clean_up(void)
{
    char p[128];
    check_records();
    const char *const files[] = {"db", "db-wal", "db-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        unlink(p);
    }
    rmdir(dir);
}

static void start(void)
{
    char db[64], err[256];
    if (!mkdtemp(dir))
        abort();
    atexit(clean_up);
    snprintf(db, sizeof db, "%s/db", dir);
    FILE *log = fopen("/dev/null", "w");
    /* the seeds sign up with short passwords: any length, so sessions reach the games */
    svc_config cfg = {db, "min", 1, 1, 0, 0, 0, log, 0, SVC_CHALLENGES_OPEN, 0, 0, 1, 0, 0};
    line_config lc = {NULL, 60, 300, 86400};
    if (!(base = event_base_new()) || !(service = svc_open(base, &cfg, err, sizeof err)) ||
        !(door = line_door_open(service, base, &lc, err, sizeof err)))
        abort();
}

/* Run the loop until the client's end reads EOF, collecting what it reads;
 * a session that has not ended in 10 s is a hang (abort). */
static size_t converse(int fd, char *out, size_t cap)
{
    size_t n = 0;
    struct timeval tick = {0, 2000};
    for (int i = 0;; i++) {
        if (i == 5000)
            abort();
        event_base_loopexit(base, &tick);
        event_base_dispatch(base);
        ssize_t r = recv(fd, out + n, cap - 1 - n, MSG_DONTWAIT);
        if (r == 0)
            break;
        if (r > 0)
            n += (size_t)r;
        if (n + 1 >= cap)
            abort(); /* 16 MB of replies to 2 KiB of commands */
    }
    out[n] = 0;
    return n;
}

/* Framing: the number of replies, or abort on a broken one. */
static int count_replies(const char *text)
{
    int replies = 0, in_reply = 0;
    for (const char *l = text; *l;) {
        const char *end = strstr(l, "\r\n");
        if (!end)
            abort(); /* every line ends with CR LF */
        if (!in_reply && !strncmp(l, "* ", 2)) {
        } else if (!in_reply) {
            if (strncmp(l, "OK", 2) && strncmp(l, "ERR ", 4))
                abort();
            in_reply = 1;
        } else if (end - l == 1 && l[0] == '.') {
            in_reply = 0;
            replies++;
        }
        l = end + 2;
    }
    if (in_reply)
        abort();
    return replies;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char out[16 << 20];
    if (!service)
        start();
    if (size > 2048)
        return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return 0;
    line_door_adopt(door, sv[0], "fuzz");
    int lines = 2; /* the empty line and "quit" we add; then each line end as the door counts them */
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\r' || (data[i] == '\n' && (i == 0 || data[i - 1] != '\r'));
    if (write(sv[1], data, size) != (ssize_t)size || write(sv[1], "\nquit\n", 6) != 6)
        abort();
    converse(sv[1], out, sizeof out);
    int replies = count_replies(out);
    if (replies < 1 || replies > lines) /* at most one per line: those past a "quit" go unanswered */
        abort();
    close(sv[1]);
    return 0;
}

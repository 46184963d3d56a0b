/* bench/http_load.c - load generator for ludexd's HTTP API: live push fan-out, durable moves/s.
 *
 *   http_load push HOST:PORT WATCHERS MOVES
 *   http_load api  HOST:PORT CLIENTS SECONDS [MAX_MOVES]
 *   http_load paced HOST:PORT CLIENTS RATE SECONDS [ACKED_FILE]
 *
 * push: users A and B sign up, A challenges B to a 19x19 Hex game without
 * swap, WATCHERS connections open GET /api/v1/games/N/events (Server-Sent
 * Events), then A and B play MOVES moves, one at a time.  For each move it
 * measures, from just before the move's POST is written, the time until the
 * last watcher has read that move's "id: K / event: move" block, and the
 * time until the mover has read its whole answer (ludexd answers after the
 * commit).  A plays in columns a-i and B in columns k-s, both in rows 1-12,
 * so neither touches a far edge and no one wins: MOVES is at most 216.
 *
 * api: CLIENTS keep-alive HTTP/1.1 connections, each its own user playing
 * random legal moves in a 19x19 Hex game against itself (one user may hold
 * both seats), one request in flight per connection, the next written as
 * soon as the answer is read; a finished game (a non-null "result", or 409
 * GAME_OVER) is followed by a new challenge.  After a warm-up it counts, for
 * SECONDS or until MAX_MOVES (default 500000) moves, the 200 answers to
 * moves - each one a durable move - and their latency, from writing the
 * request to reading the last byte of the answer.
 *
 * paced: an open loop for a server behind a load balancer whose instances restart.  CLIENTS
 * users (signed up one after the other first) play 19x19 Hex games against themselves; moves
 * are due at RATE a second in all, move i at start + i / RATE, each given to an idle client (a
 * due move waits while none is idle), and its latency counts from its due time, not from its
 * writing, so the waits a slow answer causes are counted (no coordinated omission).  A failed
 * connection, a 502/503/504 or TIMEOUT without an answer is retried once after RETRY_PAUSE on
 * a new connection (a 409 WRONG_MOVE_NUMBER to the retry means the first try was stored); a
 * second failure is a failed request and the client starts a fresh game.  "start T" (T on
 * CLOCK_MONOTONIC) is printed once the load starts, then a summary: moves due, acknowledged,
 * p50/p99/max, retried and failed; ACKED_FILE gets each acknowledged move as
 * "BOARD N MOVE DUE LATENCY" for the caller to check against the store.
 *
 * Plain sockets and epoll, one thread, 127.0.0.1 only.  Answers are read
 * whole by their Content-Length; event streams are decoded from their
 * chunked encoding.  Anything unexpected (a status, a missing field, a closed
 * connection, an event out of order, 10 s without an awaited answer; in paced
 * mode only what a restart cannot explain) ends the program with a message and
 * exit status 1. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define SIDE 19
#define CELLS (SIDE * SIDE)
#define TIMEOUT 10.0            /* seconds to wait for an answer or an event */
#define PASSWORD "http-load-pw"
#define IN_MAX (8u << 20)       /* a connection's unread input: more is an error */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("http_load: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p)
        die("out of memory");
    return p;
}

static const char *find(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (hay[i] == needle[0] && !memcmp(hay + i, needle, k))
            return hay + i;
    return NULL;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* p50, p99 and max of n seconds (sorted in place), as "p50 A ms, p99 B ms, max C ms". */
static const char *percentiles(double *v, size_t n, char out[96])
{
    qsort(v, n, sizeof *v, cmp);
    snprintf(out, 96, "p50 %.2f ms, p99 %.2f ms, max %.2f ms", n ? v[n / 2] * 1e3 : 0, n ? v[n * 99 / 100] * 1e3 : 0,
             n ? v[n - 1] * 1e3 : 0);
    return out;
}

/* ---- JSON, just enough: a top-level member of an object ---------------------------------- */
/* The value of top-level member key in the object s[0..n), or NULL. */
static const char *json_get(const char *s, size_t n, const char *key)
{
    size_t klen = strlen(key);
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') {
            size_t from = ++i;
            while (i < n && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            if (i >= n)
                return NULL;
            size_t j = i + 1;
            while (j < n && s[j] == ' ')
                j++;
            if (depth == 1 && i - from == klen && !memcmp(s + from, key, klen) && j < n && s[j] == ':') {
                for (j++; j < n && s[j] == ' '; j++)
                    ;
                return s + j;
            }
        } else if (s[i] == '{' || s[i] == '[') {
            depth++;
        } else if (s[i] == '}' || s[i] == ']') {
            depth--;
        }
    }
    return NULL;
}

static long json_long(const char *s, size_t n, const char *key, const char *what)
{
    const char *v = json_get(s, n, key);
    char *end;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v || end == v)
        die("%s: no number \"%s\" in %.200s", what, key, s);
    return x;
}

/* A string member without escapes into out. */
static void json_string(const char *s, size_t n, const char *key, char *out, size_t cap, const char *what)
{
    const char *v = json_get(s, n, key), *end = v && *v == '"' ? memchr(v + 1, '"', n - (size_t)(v + 1 - s)) : NULL;
    if (!end || (size_t)(end - v - 1) >= cap || memchr(v + 1, '\\', (size_t)(end - v - 1)))
        die("%s: no string \"%s\" in %.200s", what, key, s);
    memcpy(out, v + 1, (size_t)(end - v - 1));
    out[end - v - 1] = 0;
}

/* "result": 0 when null, 1 when a string; anything else is an error. */
static int json_result(const char *s, size_t n, const char *what)
{
    const char *v = json_get(s, n, "result");
    if (v && !strncmp(v, "null", 4))
        return 0;
    if (v && *v == '"')
        return 1;
    die("%s: no \"result\" in the answer", what);
}

/* ---- one HTTP/1.1 connection -------------------------------------------------------------- */
typedef struct conn {
    int fd;
    char name[32];          /* for messages */
    char *in;               /* bytes read and not yet consumed */
    size_t len, cap;
    size_t head;            /* length of the answer's head, blank line included; 0 until it is complete */
    int status;
    long clen;              /* Content-Length, -1 without one */
    int chunked;
    char held;              /* the byte after a whole answer, NUL meanwhile */
    char cookie[96];        /* "ludex_session=..." from Set-Cookie */
    char csrf[72];
} conn;

static struct sockaddr_in server;
static char host_header[64];

/* HOST:PORT, HOST a loopback address: this program loads only a server on this machine. */
static void set_server(const char *spec)
{
    char host[48];
    int port;
    if (sscanf(spec, "%47[^:]:%d", host, &port) != 2 || port <= 0 || port > 65535)
        die("bad address '%s' (HOST:PORT)", spec);
    server.sin_family = AF_INET;
    server.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &server.sin_addr) != 1 || ntohl(server.sin_addr.s_addr) >> 24 != 127)
        die("'%s' is not a loopback IPv4 address (127.x.x.x)", host);
    snprintf(host_header, sizeof host_header, "%s:%d", host, port);
}

/* Connect; -1 (errno set, nothing held) when the server cannot be reached. */
static int conn_try_open(conn *c, const char *name)
{
    snprintf(c->name, sizeof c->name, "%s", name);
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0)
        die("%s: socket: %s", c->name, strerror(errno));
    struct timeval tv = {(time_t)TIMEOUT, 0}; /* bounds every blocking read and write */
    int one = 1;
    setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (connect(c->fd, (const struct sockaddr *)&server, sizeof server) != 0) {
        int e = errno;
        close(c->fd);
        errno = e;
        return -1;
    }
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->cap = 16384;
    c->in = xrealloc(NULL, c->cap);
    c->len = c->head = 0;
    return 0;
}

static void conn_open(conn *c, const char *name)
{
    if (conn_try_open(c, name) != 0)
        die("%s: connect to %s: %s", c->name, host_header, strerror(errno));
}

static void conn_close(conn *c)
{
    close(c->fd);
    free(c->in);
    c->in = NULL;
}

/* Write a request (blocking, bounded by SO_SNDTIMEO); -1 when the connection fails. */
static int conn_write(conn *c, const char *method, const char *path, const char *body)
{
    char req[2048];
    int n = snprintf(req, sizeof req, "%s %s HTTP/1.1\r\nHost: %s\r\n%s%s%s%s%s%s", method, path, host_header,
                     c->cookie[0] ? "Cookie: " : "", c->cookie, c->cookie[0] ? "\r\n" : "",
                     c->csrf[0] ? "X-CSRF-Token: " : "", c->csrf, c->csrf[0] ? "\r\n" : "");
    if (body)
        n += snprintf(req + n, sizeof req - (size_t)n, "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                      strlen(body), body);
    else
        n += snprintf(req + n, sizeof req - (size_t)n, "Accept: text/event-stream\r\n\r\n");
    if ((size_t)n >= sizeof req)
        die("%s: request too long", c->name);
    for (int off = 0; off < n;) {
        ssize_t w = send(c->fd, req + off, (size_t)(n - off), MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (int)w;
    }
    return 0;
}

static void conn_send(conn *c, const char *method, const char *path, const char *body)
{
    if (conn_write(c, method, path, body) != 0)
        die("%s: write: %s", c->name, strerror(errno));
}

/* One read() into the input (grown as needed); its result, errno set when negative. */
static ssize_t conn_read(conn *c)
{
    if (c->cap - c->len < 16384) {
        if (c->cap * 2 > IN_MAX)
            die("%s: more than %u bytes of unread input", c->name, IN_MAX);
        c->cap *= 2;
        c->in = xrealloc(c->in, c->cap);
    }
    ssize_t n = read(c->fd, c->in + c->len, c->cap - c->len - 1);
    if (n > 0) {
        c->len += (size_t)n;
        c->in[c->len] = 0;
    }
    return n;
}

/* Read what there is (the socket is readable, or a blocking read is wanted); returns the byte count. */
static size_t conn_fill(conn *c)
{
    ssize_t n = conn_read(c);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        die("%s: no answer in %.0f s", c->name, TIMEOUT);
    if (n <= 0)
        die("%s: %s", c->name, n < 0 ? strerror(errno) : "the server closed the connection");
    return (size_t)n;
}

/* 1 once the answer's head is complete (status, clen, chunked, cookie set). */
static int conn_head(conn *c)
{
    if (c->head)
        return 1;
    const char *end = find(c->in, c->len, "\r\n\r\n");
    if (!end) {
        if (c->len > 65536)
            die("%s: an answer's head over 64 KiB", c->name);
        return 0;
    }
    c->head = (size_t)(end + 4 - c->in);
    if (sscanf(c->in, "HTTP/1.1 %d ", &c->status) != 1)
        die("%s: not an HTTP/1.1 answer: %.80s", c->name, c->in);
    c->clen = -1;
    c->chunked = 0;
    for (const char *p = strstr(c->in, "\r\n") + 2; p < end; p = strstr(p, "\r\n") + 2) {
        if (!strncasecmp(p, "Content-Length:", 15)) {
            c->clen = strtol(p + 15, NULL, 10);
        } else if (!strncasecmp(p, "Transfer-Encoding:", 18)) {
            c->chunked = !strncasecmp(p + 18 + strspn(p + 18, " "), "chunked", 7);
        } else if (!strncasecmp(p, "Set-Cookie:", 11)) {
            const char *v = p + 11 + strspn(p + 11, " ");
            size_t n = strcspn(v, ";\r");
            if (!strncmp(v, "ludex_session=", 14) && n < sizeof c->cookie) {
                memcpy(c->cookie, v, n);
                c->cookie[n] = 0;
            }
        }
    }
    return 1;
}

/* 1 when a whole answer with a Content-Length is in; *body is then NUL-terminated (until conn_consume). */
static int conn_answer(conn *c, const char **body, size_t *n)
{
    if (!conn_head(c))
        return 0;
    if (c->clen < 0 || c->chunked)
        die("%s: an answer without Content-Length (status %d)", c->name, c->status);
    if (c->len - c->head < (size_t)c->clen)
        return 0;
    char *b = c->in + c->head;
    c->head += (size_t)c->clen; /* now the whole answer */
    *n = (size_t)c->clen;
    c->held = b[*n];
    b[*n] = 0;
    *body = b;
    return 1;
}

/* Drop the first k bytes of the input. */
static void conn_drop(conn *c, size_t k)
{
    memmove(c->in, c->in + k, c->len - k);
    c->len -= k;
    c->in[c->len] = 0;
}

/* Done with the answer conn_answer gave. */
static void conn_consume(conn *c)
{
    c->in[c->head] = c->held;
    conn_drop(c, c->head);
    c->head = 0;
}

/* Write a request and read its whole answer, blocking; an error unless its status is want.
 * The body stays valid until conn_consume. */
static const char *conn_call(conn *c, const char *method, const char *path, const char *body, int want, size_t *n)
{
    const char *b;
    conn_send(c, method, path, body);
    while (!conn_answer(c, &b, n))
        conn_fill(c);
    if (c->status != want)
        die("%s: %s %s: status %d: %.200s", c->name, method, path, c->status, b);
    return b;
}

static void signup_body(char *out, size_t cap, const char *user)
{
    snprintf(out, cap, "{\"user\":\"%s\",\"password\":\"" PASSWORD "\"}", user);
}

/* A signup's answer: the session's cookie (already taken from the head) and CSRF token. */
static void took_session(conn *c, const char *b, size_t n)
{
    json_string(b, n, "csrf", c->csrf, sizeof c->csrf, c->name);
    if (!c->cookie[0])
        die("%s: the signup's answer sets no ludex_session cookie", c->name);
}

static void challenge_body(char *out, size_t cap, const char *opponent)
{
    snprintf(out, cap, "{\"game\":\"hex\",\"opponent\":\"%s\",\"options\":{\"size\":\"%d\",\"noswap\":true}}", opponent,
             SIDE);
}

static void raise_open_files(long need)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        die("getrlimit: %s", strerror(errno));
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            die("setrlimit: %s", strerror(errno));
    }
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)need)
        die("%ld open files are needed and the hard limit is %llu (ulimit -Hn)", need, (unsigned long long)rl.rlim_cur);
}

static unsigned name_tag(void) { return ((unsigned)time(NULL) ^ (unsigned)getpid() << 12) & 0xffffffu; }

static int epoll_add(int ep, int fd, uint64_t data)
{
    struct epoll_event e = {.events = EPOLLIN};
    e.data.u64 = data;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e) != 0)
        die("epoll_ctl: %s", strerror(errno));
    return 0;
}

/* ---- push: one game, many watchers ----------------------------------------------------------- */
typedef struct watcher {
    conn c;
    int streaming;          /* its head is read: 200, chunked */
    size_t chunk_left;      /* bytes of the current chunk still to come */
    int chunk_crlf;         /* the CRLF after a chunk's data is due */
    char *ev;               /* decoded event-stream text, not yet parsed */
    size_t evlen, evcap;
    long last;              /* the id of its last move event */
} watcher;

static int nwatchers, nmoves, opened;
static long *seen;          /* per move number: the watchers that have read it */
static double *first_seen;  /* per move number: when the first watcher read it */
static double *all_seen;    /* per move number: when the last of them read it */
static long events;

/* One event block (NUL-terminated, without its blank line), read at time t. */
static void watcher_block(watcher *w, const char *b, double t)
{
    long id = -1;
    int move = 0;
    const char *data = NULL;
    for (const char *p = b; *p;) {
        size_t len = strcspn(p, "\n");
        if (!strncmp(p, "id: ", 4))
            id = strtol(p + 4, NULL, 10);
        else if (len == 11 && !strncmp(p, "event: move", 11))
            move = 1;
        else if (!strncmp(p, "data: ", 6))
            data = p + 6;
        else if (p[0] != ':' && strncmp(p, "retry: ", 7) && strncmp(p, "event: ", 7))
            die("%s: an unexpected line in the event stream: %.*s", w->c.name, (int)len, p);
        p += len + (p[len] == '\n');
    }
    if (!move)
        return; /* retry:, a ping, a change that is not a move */
    if (id != w->last + 1 || id > nmoves || !data)
        die("%s: move event %ld after %ld (%s)", w->c.name, id, w->last, data ? data : "no data");
    if (json_long(data, strcspn(data, "\n"), "n", w->c.name) != id)
        die("%s: event %ld carries another move: %s", w->c.name, id, data);
    w->last = id;
    events++;
    if (++seen[id] == 1)
        first_seen[id] = t;
    if (seen[id] == nwatchers)
        all_seen[id] = t;
}

static void watcher_read(watcher *w)
{
    conn *c = &w->c;
    conn_fill(c);
    double t = now();
    if (!w->streaming) {
        if (!conn_head(c))
            return;
        if (c->status != 200 || !c->chunked)
            die("%s: status %d%s: %.200s", c->name, c->status, c->chunked ? "" : ", not chunked", c->in + c->head);
        conn_drop(c, c->head);
        c->head = 0;
        w->streaming = 1;
        opened++;
    }
    size_t p = 0; /* decode the chunks into w->ev */
    for (;;) {
        if (w->chunk_crlf) {
            if (c->len - p < 2)
                break;
            if (memcmp(c->in + p, "\r\n", 2))
                die("%s: a chunk does not end with CRLF", c->name);
            p += 2;
            w->chunk_crlf = 0;
        }
        if (!w->chunk_left) {
            const char *eol = find(c->in + p, c->len - p, "\r\n");
            char *end;
            if (!eol) {
                if (c->len - p > 64)
                    die("%s: a chunk size line over 64 bytes", c->name);
                break;
            }
            unsigned long size = strtoul(c->in + p, &end, 16);
            if (end == c->in + p)
                die("%s: a bad chunk size: %.20s", c->name, c->in + p);
            if (!size)
                die("%s: the event stream ended", c->name);
            p = (size_t)(eol + 2 - c->in);
            w->chunk_left = size;
        }
        size_t take = w->chunk_left < c->len - p ? w->chunk_left : c->len - p;
        if (!take)
            break;
        if (w->evlen + take + 1 > w->evcap) {
            w->evcap = w->evlen + take + 1 > 2 * w->evcap ? w->evlen + take + 1 : 2 * w->evcap;
            if (w->evcap > IN_MAX)
                die("%s: an event over %u bytes", c->name, IN_MAX);
            w->ev = xrealloc(w->ev, w->evcap);
        }
        memcpy(w->ev + w->evlen, c->in + p, take);
        w->evlen += take;
        p += take;
        if (!(w->chunk_left -= take))
            w->chunk_crlf = 1;
    }
    conn_drop(c, p);
    size_t q = 0; /* the whole event blocks */
    for (const char *e; (e = find(w->ev + q, w->evlen - q, "\n\n"));) {
        size_t len = (size_t)(e - (w->ev + q));
        w->ev[q + len] = 0;
        watcher_block(w, w->ev + q, t);
        q += len + 2;
    }
    memmove(w->ev, w->ev + q, w->evlen - q);
    w->evlen -= q;
}

/* The mover's answer to move k: 200, the move counted, the game not over. */
static void player_read(conn *c, conn *mover, int k, double *answered)
{
    const char *b;
    size_t n;
    conn_fill(c);
    if (c != mover || *answered)
        die("%s: %zu bytes no request asked for", c->name, c->len);
    if (!conn_answer(c, &b, &n))
        return;
    if (c->status != 200)
        die("%s: move %d: status %d: %.200s", c->name, k, c->status, b);
    if (json_long(b, n, "moves_played", c->name) != k)
        die("%s: move %d: moves_played is not %d", c->name, k, k);
    if (json_result(b, n, c->name))
        die("%s: move %d ended the game", c->name, k);
    *answered = now();
    conn_consume(c);
    if (c->len)
        die("%s: %zu bytes after the answer", c->name, c->len);
}

/* Wait once (at most 100 ms) and read every ready connection; data (u64) is the watcher's
 * index, or nwatchers + 0 / 1 for the players. */
static void push_step(int ep, watcher *ws, conn *players, conn *mover, int k, double *answered)
{
    struct epoll_event evs[256];
    int n = epoll_wait(ep, evs, 256, 100);
    if (n < 0 && errno != EINTR)
        die("epoll_wait: %s", strerror(errno));
    for (int i = 0; i < n; i++) {
        uint64_t d = evs[i].data.u64;
        if (d < (uint64_t)nwatchers)
            watcher_read(&ws[d]);
        else
            player_read(&players[d - (uint64_t)nwatchers], mover, k, answered);
    }
}

static void run_push(int nw, int nm)
{
    if (nw < 1 || nw > 100000 || nm < 1 || nm > 216)
        die("push: 1 to 100000 watchers, 1 to 216 moves");
    nwatchers = nw;
    nmoves = nm;
    raise_open_files(nw + 16L);
    unsigned tag = name_tag();
    char user[2][24], body[256], path[96];
    conn pl[2] = {{0}, {0}};
    for (int i = 0; i < 2; i++) {
        size_t n;
        snprintf(user[i], sizeof user[i], "hp%c%x", 'a' + i, tag);
        conn_open(&pl[i], i ? "player B" : "player A");
        signup_body(body, sizeof body, user[i]);
        const char *r = conn_call(&pl[i], "POST", "/api/v1/signup", body, 201, &n);
        took_session(&pl[i], r, n);
        conn_consume(&pl[i]);
    }
    size_t n;
    challenge_body(body, sizeof body, user[1]);
    const char *r = conn_call(&pl[0], "POST", "/api/v1/games", body, 201, &n);
    long board = json_long(r, n, "board", pl[0].name);
    conn_consume(&pl[0]);

    int ep = epoll_create1(0);
    if (ep < 0)
        die("epoll_create1: %s", strerror(errno));
    epoll_add(ep, pl[0].fd, (uint64_t)nw);
    epoll_add(ep, pl[1].fd, (uint64_t)nw + 1);
    watcher *ws = calloc((size_t)nw, sizeof *ws);
    seen = calloc((size_t)nm + 1, sizeof *seen);
    first_seen = calloc((size_t)nm + 1, sizeof *first_seen);
    all_seen = calloc((size_t)nm + 1, sizeof *all_seen);
    double *push_lat = calloc((size_t)nm, sizeof *push_lat), *answer_lat = calloc((size_t)nm, sizeof *answer_lat);
    double *first_lat = calloc((size_t)nm, sizeof *first_lat);
    if (!ws || !seen || !first_seen || !all_seen || !push_lat || !answer_lat || !first_lat)
        die("out of memory");
    snprintf(path, sizeof path, "/api/v1/games/%ld/events", board);
    double t_open = now();
    for (int i = 0; i < nw; i += 100) { /* a hundred at a time: each stream is open before the next hundred */
        int upto = i + 100 < nw ? i + 100 : nw;
        for (int j = i; j < upto; j++) {
            char name[32];
            snprintf(name, sizeof name, "watcher %d", j);
            conn_open(&ws[j].c, name);
            epoll_add(ep, ws[j].c.fd, (uint64_t)j);
            conn_send(&ws[j].c, "GET", path, NULL);
        }
        double t = now(), none = 0;
        while (opened < upto) {
            push_step(ep, ws, pl, NULL, 0, &none);
            if (now() - t > TIMEOUT)
                die("after %.0f s, %d of %d event streams are open", TIMEOUT, opened, upto);
        }
    }
    t_open = now() - t_open;

    snprintf(path, sizeof path, "/api/v1/games/%ld/moves", board);
    for (int k = 1; k <= nm; k++) {
        int i = (k - 1) / 2; /* A: columns a-i, B: columns k-s; rows 1-12 */
        snprintf(body, sizeof body, "{\"move\":\"%c%d\",\"n\":%d}", 'a' + i % 9 + (k % 2 ? 0 : 10), i / 9 + 1, k);
        conn *mover = &pl[k % 2 ? 0 : 1];
        double answered = 0, sent = now();
        conn_send(mover, "POST", path, body);
        while (!answered || seen[k] < nw) {
            push_step(ep, ws, pl, mover, k, &answered);
            if (now() - sent > TIMEOUT)
                die("move %d: after %.0f s, %ld of %d watchers have it and the mover %s its answer", k, TIMEOUT, seen[k],
                    nw, answered ? "has" : "does not have");
        }
        push_lat[k - 1] = all_seen[k] - sent;
        first_lat[k - 1] = first_seen[k] - sent;
        answer_lat[k - 1] = answered - sent;
    }
    char p1[96], p2[96], p3[96];
    printf("ludexd HTTP push: %d watchers of one 19x19 Hex game (streams opened in %.2f s), %d moves one at a time: "
           "move sent -> last watcher has it %s; -> first watcher has it %s; -> mover has the answer %s; "
           "%ld events read, 0 errors\n",
           nw, t_open, nm, percentiles(push_lat, (size_t)nm, p1), percentiles(first_lat, (size_t)nm, p3),
           percentiles(answer_lat, (size_t)nm, p2), events);
    for (int i = 0; i < nw; i++) {
        conn_close(&ws[i].c);
        free(ws[i].ev);
    }
    conn_close(&pl[0]);
    conn_close(&pl[1]);
    close(ep);
    free(ws);
    free(seen);
    free(first_seen);
    free(all_seen);
    free(first_lat);
    free(push_lat);
    free(answer_lat);
}

/* ---- api: many players, durable moves per second ------------------------------------------- */
typedef enum { P_SIGNUP, P_CHALLENGE, P_MOVE } phase;

typedef struct client {
    conn c;
    phase ph;
    int has_game;           /* has had a board once: set up */
    char user[24];
    long board;
    short order[CELLS];     /* this game's moves, a random order of the cells */
    int next;               /* moves played in this game */
    double sent;            /* when the request in flight was written */
} client;

static uint64_t rng = 0x2545f4914f6cdd1dull;

static unsigned rnd(unsigned n)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (unsigned)((rng * 0x2545f4914f6cdd1dull) >> 33) % n;
}

static double *lat;
static size_t nlat, caplat;
static long moves, games, game_over, ready;
static double answer_bytes;

/* Write the client's next request (signup, challenge or move); -1 when the connection fails. */
static int client_write(client *cl)
{
    char body[256], path[64];
    cl->sent = now();
    if (cl->ph == P_SIGNUP) {
        signup_body(body, sizeof body, cl->user);
        return conn_write(&cl->c, "POST", "/api/v1/signup", body);
    }
    if (cl->ph == P_CHALLENGE) {
        challenge_body(body, sizeof body, cl->user);
        return conn_write(&cl->c, "POST", "/api/v1/games", body);
    }
    int cell = cl->order[cl->next];
    snprintf(body, sizeof body, "{\"move\":\"%c%d\",\"n\":%d}", 'a' + cell % SIDE, cell / SIDE + 1, cl->next + 1);
    snprintf(path, sizeof path, "/api/v1/games/%ld/moves", cl->board);
    return conn_write(&cl->c, "POST", path, body);
}

static void client_send(client *cl)
{
    if (client_write(cl) != 0)
        die("%s: write: %s", cl->c.name, strerror(errno));
}

static void new_game(client *cl, long board)
{
    cl->board = board;
    for (int i = 0; i < CELLS; i++)
        cl->order[i] = (short)i;
    for (int i = CELLS - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1);
        short t = cl->order[i];
        cl->order[i] = cl->order[j];
        cl->order[j] = t;
    }
    cl->next = 0;
    cl->ph = P_MOVE;
    if (!cl->has_game) {
        cl->has_game = 1;
        ready++;
    }
}

static void on_answer(client *cl, const char *b, size_t n, double t)
{
    conn *c = &cl->c;
    if (cl->ph == P_SIGNUP || cl->ph == P_CHALLENGE) {
        if (c->status != 201)
            die("%s: %s: status %d: %.200s", c->name, cl->ph == P_SIGNUP ? "signup" : "challenge", c->status, b);
        if (cl->ph == P_SIGNUP) {
            took_session(c, b, n);
            cl->ph = P_CHALLENGE;
        } else {
            new_game(cl, json_long(b, n, "board", c->name));
        }
    } else if (c->status == 200) {
        if (json_long(b, n, "moves_played", c->name) != cl->next + 1)
            die("%s: board %ld: moves_played is not %d", c->name, cl->board, cl->next + 1);
        moves++;
        answer_bytes += (double)(c->head);
        if (nlat == caplat) {
            caplat = caplat ? caplat * 2 : 1 << 16;
            lat = xrealloc(lat, caplat * sizeof *lat);
        }
        lat[nlat++] = t - cl->sent;
        if (json_result(b, n, c->name) || ++cl->next == CELLS) {
            games++;
            cl->ph = P_CHALLENGE;
        }
    } else if (c->status == 409 && find(b, n, "\"GAME_OVER\"")) {
        game_over++;
        cl->ph = P_CHALLENGE;
    } else {
        die("%s: board %ld, move %d: status %d: %.200s", c->name, cl->board, cl->next + 1, c->status, b);
    }
}

static void run_api(int n, double secs, long max_moves)
{
    if (n < 1 || n > 100000 || secs <= 0 || secs > 3600 || max_moves < 1)
        die("api: 1 to 100000 clients, 0 to 3600 seconds, at least one move");
    raise_open_files(n + 16L);
    client *cs = calloc((size_t)n, sizeof *cs);
    int ep = epoll_create1(0);
    if (!cs || ep < 0)
        die("out of memory, or epoll_create1: %s", strerror(errno));
    unsigned tag = name_tag();
    rng ^= tag;
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "client %d", i);
        snprintf(cs[i].user, sizeof cs[i].user, "hl%x_%d", tag, i);
        conn_open(&cs[i].c, name);
        epoll_add(ep, cs[i].c.fd, (uint64_t)i);
        client_send(&cs[i]);
    }
    double t0 = now(), t_ready = 0, start = 0, checked = t0, bytes0 = 0;
    long moves_ready = 0, moves0 = 0, games0 = 0, over0 = 0;
    size_t lat0 = 0;
    const char *bound = "time";
    for (;;) {
        struct epoll_event evs[256];
        int k = epoll_wait(ep, evs, 256, 100);
        if (k < 0 && errno != EINTR)
            die("epoll_wait: %s", strerror(errno));
        for (int i = 0; i < k; i++) {
            client *cl = &cs[evs[i].data.u64];
            const char *b;
            size_t len;
            conn_fill(&cl->c);
            if (!conn_answer(&cl->c, &b, &len))
                continue;
            on_answer(cl, b, len, now());
            conn_consume(&cl->c);
            if (cl->c.len)
                die("%s: %zu bytes after an answer", cl->c.name, cl->c.len);
            client_send(cl);
        }
        double t = now();
        if (!t_ready && ready == n) {
            t_ready = t;
            moves_ready = moves;
        }
        if (!t_ready && t - t0 > 60)
            die("after 60 s, %ld of %d clients have signed up and have a game", ready, n);
        if (t_ready && !start && (t - t_ready >= 2.0 || moves - moves_ready >= 5L * n)) { /* warm-up over */
            start = t;
            moves0 = moves;
            games0 = games;
            over0 = game_over;
            lat0 = nlat;
            bytes0 = answer_bytes;
        }
        if (start && t - start >= secs)
            break;
        if (start && moves - moves0 >= max_moves) {
            bound = "count";
            break;
        }
        if (t - checked >= 1.0) {
            checked = t;
            for (int i = 0; i < n; i++)
                if (t - cs[i].sent > TIMEOUT)
                    die("%s: no answer in %.0f s", cs[i].c.name, TIMEOUT);
        }
    }
    double dur = now() - start;
    long m = moves - moves0;
    char p[96];
    printf("ludexd HTTP api: %d clients, closed loop, %.1f s (ended by %s): %ld durable moves, %.0f moves/s, latency %s; "
           "%ld games finished, %ld GAME_OVER answers; an answer %.1f KB on average, %.1f MB/s read\n",
           n, dur, bound, m, (double)m / dur, percentiles(lat + lat0, nlat - lat0, p), games - games0, game_over - over0,
           m ? (answer_bytes - bytes0) / (double)m / 1e3 : 0, (answer_bytes - bytes0) / dur / 1e6);
    for (int i = 0; i < n; i++)
        conn_close(&cs[i].c);
    close(ep);
    free(cs);
    free(lat);
}

/* ---- paced: an open loop at a fixed rate that rides out an instance's restart --------------- */
#define RETRY_PAUSE 0.1         /* seconds before a failed request's one retry */
#define GAME_MOVES 150          /* a fresh game after this many moves, far from the board's end */

typedef struct pacer {
    client cl;
    int open;               /* its connection is up (reopened lazily after a failure) */
    int in_move;            /* a move is in flight, or its retry waits */
    int attempt;            /* 0 for a request's first try, 1 for its retry */
    double due;             /* when the schedule wanted the move in flight */
    double retry_at;        /* when the waiting retry is to be written; 0 when none waits */
} pacer;

typedef struct acked_move {
    long board;
    int n, cell;
    double due, latency;
} acked_move;

static struct {
    pacer *ps;
    int n;
    int *idle, nidle;       /* clients free for the next due move */
    int ep;
    acked_move *acked;
    size_t nacked, capacked;
    long retried, acked_on_retry, failed, unexpected, reopened, challenge_retries;
} pc;

static void pacer_idle(pacer *p)
{
    p->in_move = 0;
    pc.idle[pc.nidle++] = (int)(p - pc.ps);
}

static void pacer_write(pacer *p);

/* A failed connection, a 502/503/504 or no answer in TIMEOUT: one retry after RETRY_PAUSE;
 * a move failing twice is a failed request, and the client starts a fresh game. */
static void pacer_failed(pacer *p)
{
    if (p->open) {
        conn_close(&p->cl.c);
        p->open = 0;
    }
    if (p->cl.ph == P_CHALLENGE) { /* not a move: tried until it works */
        pc.challenge_retries++;
    } else if (p->attempt == 0) {
        p->attempt = 1;
        pc.retried++;
    } else {
        pc.failed++;
        p->in_move = 0;
        p->cl.ph = P_CHALLENGE;
        p->attempt = 0;
    }
    p->retry_at = now() + RETRY_PAUSE;
}

static void pacer_write(pacer *p)
{
    p->retry_at = 0;
    if (!p->open) {
        char name[32];
        snprintf(name, sizeof name, "client %d", (int)(p - pc.ps));
        if (conn_try_open(&p->cl.c, name) != 0) {
            pacer_failed(p);
            return;
        }
        p->open = 1;
        pc.reopened++;
        epoll_add(pc.ep, p->cl.c.fd, (uint64_t)(p - pc.ps));
    }
    if (client_write(&p->cl) != 0)
        pacer_failed(p);
}

/* The move was stored (a 200, or on the retry a 409 WRONG_MOVE_NUMBER: the first try's commit). */
static void pacer_acked(pacer *p, int ended)
{
    if (pc.nacked == pc.capacked) {
        pc.capacked = pc.capacked ? pc.capacked * 2 : 1 << 16;
        pc.acked = xrealloc(pc.acked, pc.capacked * sizeof *pc.acked);
    }
    client *cl = &p->cl;
    pc.acked[pc.nacked++] = (acked_move){cl->board, cl->next + 1, cl->order[cl->next], p->due, now() - p->due};
    pc.acked_on_retry += p->attempt;
    p->in_move = 0;
    p->attempt = 0;
    if (ended || ++cl->next >= GAME_MOVES) {
        cl->ph = P_CHALLENGE;
        pacer_write(p);
    } else {
        pacer_idle(p);
    }
}

static void pacer_answer(pacer *p, const char *b, size_t n)
{
    conn *c = &p->cl.c;
    if (c->status == 502 || c->status == 503 || c->status == 504) {
        pacer_failed(p);
    } else if (p->cl.ph == P_CHALLENGE) {
        if (c->status != 201)
            die("%s: challenge: status %d: %.200s", c->name, c->status, b);
        new_game(&p->cl, json_long(b, n, "board", c->name));
        p->attempt = 0;
        pacer_idle(p);
    } else if (c->status == 200) {
        if (json_long(b, n, "moves_played", c->name) != p->cl.next + 1)
            die("%s: board %ld: moves_played is not %d", c->name, p->cl.board, p->cl.next + 1);
        pacer_acked(p, json_result(b, n, c->name));
    } else if (c->status == 409 && p->attempt == 1 && find(b, n, "\"WRONG_MOVE_NUMBER\"")) {
        pacer_acked(p, 1); /* whether that move ended the game is unknown: a fresh one */
    } else { /* not a transient failure: failed at once, and a fresh game */
        if (!pc.unexpected++)
            fprintf(stderr, "http_load: %s: board %ld, move %d: status %d: %.200s\n", c->name, p->cl.board,
                    p->cl.next + 1, c->status, b);
        pc.failed++;
        p->in_move = 0;
        p->attempt = 0;
        p->cl.ph = P_CHALLENGE;
        pacer_write(p);
    }
}

/* The connection is readable: an answer (or part of one), or its end. */
static void pacer_read(pacer *p)
{
    const char *b;
    size_t n;
    ssize_t got = conn_read(&p->cl.c);
    if (got < 0 && errno == EINTR)
        return;
    int waiting = (p->in_move || p->cl.ph == P_CHALLENGE) && !p->retry_at;
    if (got <= 0 || !waiting) { /* closed (nginx's keep-alive ended, or a failure), or bytes nobody asked for */
        if (waiting)
            return pacer_failed(p);
        conn_close(&p->cl.c);
        p->open = 0;
        return;
    }
    if (!conn_answer(&p->cl.c, &b, &n))
        return;
    int more = p->cl.c.len > p->cl.c.head;
    pacer_answer(p, b, n);
    if (p->open) {
        conn_consume(&p->cl.c);
        if (more)
            die("%s: bytes after an answer", p->cl.c.name);
    }
}

/* Sign up and start a game for each client, one after the other (before any restart). */
static void pacer_setup(int nclients, unsigned tag)
{
    for (int i = 0; i < nclients; i++) {
        pacer *p = &pc.ps[i];
        char name[32], body[256];
        size_t n;
        snprintf(name, sizeof name, "client %d", i);
        snprintf(p->cl.user, sizeof p->cl.user, "pl%x_%d", tag, i);
        conn_open(&p->cl.c, name);
        p->open = 1;
        signup_body(body, sizeof body, p->cl.user);
        const char *r = conn_call(&p->cl.c, "POST", "/api/v1/signup", body, 201, &n);
        took_session(&p->cl.c, r, n);
        conn_consume(&p->cl.c);
        challenge_body(body, sizeof body, p->cl.user);
        r = conn_call(&p->cl.c, "POST", "/api/v1/games", body, 201, &n);
        new_game(&p->cl, json_long(r, n, "board", name));
        conn_consume(&p->cl.c);
        epoll_add(pc.ep, p->cl.c.fd, (uint64_t)i);
        pacer_idle(p);
    }
}

/* Give each due move to an idle client; write the retries whose pause is over; fail what has
 * waited TIMEOUT for its answer.  Returns the milliseconds until something is next due. */
static int pacer_tick(double start, double rate, long total, long *next)
{
    double t = now(), wake = t + 0.1;
    for (; *next < total && start + (double)*next / rate <= t && pc.nidle; ++*next) {
        pacer *p = &pc.ps[pc.idle[--pc.nidle]];
        p->due = start + (double)*next / rate;
        p->in_move = 1;
        p->attempt = 0;
        pacer_write(p);
    }
    if (*next < total && pc.nidle && start + (double)*next / rate < wake)
        wake = start + (double)*next / rate;
    for (int i = 0; i < pc.n; i++) {
        pacer *p = &pc.ps[i];
        if (p->retry_at && p->retry_at <= t)
            pacer_write(p);
        else if (!p->retry_at && (p->in_move || p->cl.ph == P_CHALLENGE) && t - p->cl.sent > TIMEOUT)
            pacer_failed(p);
        if (p->retry_at && p->retry_at < wake)
            wake = p->retry_at;
    }
    return wake <= t ? 0 : (int)((wake - t) * 1e3) + 1;
}

/* Each acknowledged move as "BOARD N MOVE DUE LATENCY" (DUE on CLOCK_MONOTONIC, seconds). */
static void pacer_write_acked(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die("%s: %s", path, strerror(errno));
    for (size_t i = 0; i < pc.nacked; i++) {
        const acked_move *m = &pc.acked[i];
        fprintf(f, "%ld %d %c%d %.6f %.6f\n", m->board, m->n, 'a' + m->cell % SIDE, m->cell / SIDE + 1, m->due,
                m->latency);
    }
    if (fclose(f) != 0)
        die("%s: %s", path, strerror(errno));
}

static void run_paced(int n, double rate, double secs, const char *acked_path)
{
    if (n < 1 || n > 100000 || rate <= 0 || rate > 1e6 || secs <= 0 || secs > 3600)
        die("paced: 1 to 100000 clients, a rate above 0 and up to 1000000 a second, 0 to 3600 seconds");
    raise_open_files(n + 16L);
    pc.n = n;
    pc.ps = calloc((size_t)n, sizeof *pc.ps);
    pc.idle = calloc((size_t)n, sizeof *pc.idle);
    pc.ep = epoll_create1(0);
    if (!pc.ps || !pc.idle || pc.ep < 0)
        die("out of memory, or epoll_create1: %s", strerror(errno));
    unsigned tag = name_tag();
    rng ^= tag;
    pacer_setup(n, tag);
    long total = (long)(rate * secs), next = 0;
    double start = now() + 0.01;
    printf("start %.6f\n", start); /* for whoever restarts instances meanwhile, on the same clock */
    fflush(stdout);
    long resolved = 0;        /* moves acknowledged or failed */
    double progress = start;  /* when the last of them was */
    while (next < total || resolved < total) {
        struct epoll_event evs[256];
        int k = epoll_wait(pc.ep, evs, 256, pacer_tick(start, rate, total, &next));
        if (k < 0 && errno != EINTR)
            die("epoll_wait: %s", strerror(errno));
        for (int i = 0; i < k; i++)
            pacer_read(&pc.ps[evs[i].data.u64]);
        if ((long)pc.nacked + pc.failed > resolved) {
            resolved = (long)pc.nacked + pc.failed;
            progress = now();
        } else if (now() - progress > 3 * TIMEOUT) { /* a slow server is measured; a stuck one is not */
            die("paced: no move answered in %.0f s; %ld of %ld answered", 3 * TIMEOUT, resolved, total);
        }
    }
    double dur = now() - start;
    double *waits = calloc(pc.nacked + 1, sizeof *waits);
    if (!waits)
        die("out of memory");
    for (size_t i = 0; i < pc.nacked; i++)
        waits[i] = pc.acked[i].latency;
    char pcts[96];
    printf("ludexd HTTP paced: %d keep-alive clients, %.0f moves/s offered for %.0f s (open loop): %ld moves due, "
           "%zu acknowledged in %.1f s (%.0f moves/s); latency from when each move was due (waits and retry "
           "included) %s; %ld requests retried once after %.0f ms (%ld of them acknowledged on the retry), %ld "
           "failed after their retry (%ld of them unexpected answers, not retried); %ld connections reopened, "
           "%ld challenges retried\n",
           n, rate, secs, total, pc.nacked, dur, (double)pc.nacked / dur, percentiles(waits, pc.nacked, pcts),
           pc.retried, RETRY_PAUSE * 1e3, pc.acked_on_retry, pc.failed, pc.unexpected, pc.reopened,
           pc.challenge_retries);
    if (acked_path)
        pacer_write_acked(acked_path);
    free(waits);
    for (int i = 0; i < n; i++)
        if (pc.ps[i].open)
            conn_close(&pc.ps[i].cl.c);
    close(pc.ep);
    free(pc.ps);
    free(pc.idle);
    free(pc.acked);
}

int main(int argc, char **argv)
{
    if (argc >= 5 && argc <= 6 && !strcmp(argv[1], "api")) {
        set_server(argv[2]);
        run_api(atoi(argv[3]), atof(argv[4]), argc == 6 ? atol(argv[5]) : 500000);
        return 0;
    }
    if (argc >= 6 && argc <= 7 && !strcmp(argv[1], "paced")) {
        set_server(argv[2]);
        run_paced(atoi(argv[3]), atof(argv[4]), atof(argv[5]), argc == 7 ? argv[6] : NULL);
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "push")) {
        set_server(argv[2]);
        run_push(atoi(argv[3]), atoi(argv[4]));
        return 0;
    }
    fprintf(stderr, "usage: http_load push HOST:PORT WATCHERS MOVES\n"
                    "       http_load api HOST:PORT CLIENTS SECONDS [MAX_MOVES]\n"
                    "       http_load paced HOST:PORT CLIENTS RATE SECONDS [ACKED_FILE]\n");
    return 2;
}

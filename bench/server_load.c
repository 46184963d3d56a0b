/* bench/server_load.c - load generator for ludexd: N clients playing random games.
 *
 *   server_load HOST:PORT[,HOST:PORT...] CONNECTIONS SECONDS [RATE]
 *
 * With several addresses (several ludexd on one PostgreSQL), connection i
 * goes to address i modulo their number.
 * Without RATE every client sends its next move as soon as the last is
 * acknowledged (closed loop: the server's ceiling; latency then is
 * connections / throughput).  With RATE (moves per second, all clients
 * together) each client paces itself to RATE / CONNECTIONS moves a second,
 * and the latency is that of a server under that load.  Each gap is drawn
 * uniformly from half to one and a half times its mean, so that clients the
 * server answered together (in one commit, or released together from a wait)
 * do not march in step from then on, sending their moves in waves that real
 * players, each at their own pace, never would.
 *
 * Each connection signs up its own user, challenges itself to a 11x11 Hex
 * game (one user may hold both seats) and plays random legal moves in the
 * classic form "hex move BOARD USER PASSWORD CELL#N", one at a time, waiting
 * for each OK (which ludexd sends only once the move is committed); a won
 * game is followed by a new challenge.  One thread, poll() over every
 * socket.  Prints the acknowledged (durable) moves per second and the p50 /
 * p99 / max latency of a move, from sending its line to reading its reply.
 * Any ERR reply to a move is counted and reported (there should be none).
 *
 * For the memory benchmarks (bench/cache_bench, issue 30), from the environment:
 * SERVER_LOAD_SIDE (11): the Hex board's size (5 makes games of about 15 moves);
 * SERVER_LOAD_GAMES (0: none): stop once that many games are finished, whatever SECONDS says
 * (SECONDS then bounds the run only when it is reached first);
 * SERVER_LOAD_PROGRESS (0: none): every that many seconds a line "progress SECONDS MOVES GAMES
 * CONNECTS" on standard error (from the start, warm-up included);
 * SERVER_LOAD_RECONNECT (0): 1 closes a client's connection after each finished game and
 * opens a new one for its next challenge (connections coming and going; the user stays);
 * SERVER_LOAD_NEW_USERS (0): with SERVER_LOAD_RECONNECT, 1 signs up a new user on each new
 * connection, who asks its Hex ratings (three rating rows) before its challenge: the users and
 * rating rows ludexd has seen grow with history, as the games do (its users cache, issue 30). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* every client's password: 8 bytes at least and not the user name, as ludexd requires */
#define PASSWORD "server-load-pw"
#define MAX_SIDE 19
static int SIDE = 11;
#define CELLS (SIDE * SIDE)

typedef enum { S_SIGNUP, S_RATINGS, S_LOGIN, S_CHALLENGE, S_MOVE } phase;

typedef struct client {
    int fd;
    phase ph;
    char user[32];
    char base[24];      /* the user's name, before SERVER_LOAD_NEW_USERS's count */
    long board;
    int order[MAX_SIDE * MAX_SIDE];
    int next;           /* moves played in this game */
    double sent;
    double due;         /* paced: when to send the next line */
    int waiting;        /* a line is out, no reply yet */
    int reconnect;      /* SERVER_LOAD_RECONNECT: a game ended, a new connection for the next */
    char in[8192];
    size_t inlen;
} client;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static void shuffle(client *c)
{
    for (int i = 0; i < CELLS; i++)
        c->order[i] = i;
    for (int i = CELLS - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1), t = c->order[i];
        c->order[i] = c->order[j];
        c->order[j] = t;
    }
    c->next = 0;
}

static void send_line(client *c, const char *line)
{
    size_t n = strlen(line), off = 0;
    while (off < n) {
        ssize_t w = write(c->fd, line + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            perror("write");
            exit(1);
        }
        off += (size_t)w;
    }
    c->sent = now();
}

static void send_next(client *c)
{
    char line[256];
    switch (c->ph) {
    case S_SIGNUP:
        snprintf(line, sizeof line, "signup %s " PASSWORD "\n", c->user);
        break;
    case S_RATINGS: /* a new user (SERVER_LOAD_NEW_USERS) */
        snprintf(line, sizeof line, "ratings hex %s\n", c->user);
        break;
    case S_LOGIN: /* a new connection (SERVER_LOAD_RECONNECT) */
        snprintf(line, sizeof line, "login %s " PASSWORD "\n", c->user);
        break;
    case S_CHALLENGE:
        snprintf(line, sizeof line, "hex challenge %s %s -size=%d\n", c->user, c->user, SIDE);
        break;
    default: {
        int cell = c->order[c->next];
        snprintf(line, sizeof line, "hex move %ld %s " PASSWORD " %c%d#%d\n", c->board, c->user, 'a' + cell % SIDE,
                 cell / SIDE + 1, c->next + 1);
    }
    }
    send_line(c, line);
    c->waiting = 1;
}

static double interval; /* paced: seconds between one client's moves; 0 closed loop */

/* A whole reply in c->in: its length (through the "." line), else 0. */
static size_t reply_len(const client *c)
{
    const char *p = c->in, *end = c->in + c->inlen;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return 0;
        if ((nl - p == 1 && p[0] == '.') || (nl - p == 2 && p[0] == '.' && p[1] == '\r'))
            return (size_t)(nl + 1 - c->in);
        p = nl + 1;
    }
    return 0;
}

static double *lat;
static size_t nlat, caplat;
static long moves, errors, games, connects;
static client *clients;
static int reconnect_each_game, new_user_each_game;

static int connect_to(const struct sockaddr_in *sa);
static struct pollfd *polled;   /* every client's entry of poll(), by its index */
static const struct sockaddr_in *addrs;
static int naddrs;

/* SERVER_LOAD_RECONNECT: the connection closed after a finished game and a new one opened. */
static void reconnect(client *c)
{
    int i = (int)(c - clients);
    close(c->fd);
    c->fd = connect_to(&addrs[(i + connects) % naddrs]);
    polled[i].fd = c->fd;
    c->inlen = 0;
    c->reconnect = 0;
    c->ph = new_user_each_game ? S_SIGNUP : S_LOGIN;
    if (new_user_each_game)
        snprintf(c->user, sizeof c->user, "%s_%ld", c->base, connects);
    connects++;
}

static void on_reply(client *c, const char *r)
{
    double t = now() - c->sent;
    if (c->ph == S_SIGNUP || c->ph == S_LOGIN) {
        if (strncmp(r, "OK", 2) != 0) {
            fprintf(stderr, "%s refused: %.80s\n", c->ph == S_SIGNUP ? "signup" : "login", r);
            exit(1);
        }
        c->ph = c->ph == S_SIGNUP && new_user_each_game ? S_RATINGS : S_CHALLENGE;
    } else if (c->ph == S_RATINGS) {
        if (strncmp(r, "OK", 2) != 0) {
            fprintf(stderr, "ratings refused: %.80s\n", r);
            exit(1);
        }
        c->ph = S_CHALLENGE;
    } else if (c->ph == S_CHALLENGE) {
        if (strncmp(r, "OK ", 3) != 0) {
            fprintf(stderr, "challenge refused: %.80s\n", r);
            exit(1);
        }
        c->board = strtol(r + 3, NULL, 10);
        shuffle(c);
        c->ph = S_MOVE;
    } else if (strncmp(r, "OK", 2) == 0) {
        moves++;
        if (nlat == caplat) {
            caplat = caplat ? caplat * 2 : 1 << 16;
            lat = realloc(lat, caplat * sizeof *lat);
        }
        lat[nlat++] = t;
        c->next++;
        const char *nl = strchr(r, '\n');
        const char *res = strstr(r, " result ");
        if ((res && (!nl || res < nl)) || c->next == CELLS) {
            games++;
            c->ph = S_CHALLENGE;
            c->reconnect = reconnect_each_game;
        }
    } else {
        errors++;
        c->ph = S_CHALLENGE;
    }
    c->waiting = 0;
    if (c->reconnect)
        reconnect(c);
    c->due = c->sent + interval * (0.5 + rnd(1001) / 1000.0);
    if (interval == 0 || c->ph != S_MOVE)
        send_next(c);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int connect_to(const struct sockaddr_in *sa)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    if (fd < 0 || connect(fd, (const struct sockaddr *)sa, sizeof *sa) != 0) {
        perror("connect");
        exit(1);
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static void read_client(client *c)
{
    ssize_t n = read(c->fd, c->in + c->inlen, sizeof c->in - c->inlen);
    if (n <= 0) {
        fprintf(stderr, "server closed a connection\n");
        exit(1);
    }
    c->inlen += (size_t)n;
    size_t len;
    int fd = c->fd;
    while (c->fd == fd && (len = reply_len(c)) > 0) {
        char r[8192];
        memcpy(r, c->in, len);
        r[len] = 0;
        memmove(c->in, c->in + len, c->inlen - len);
        c->inlen -= len;
        on_reply(c, r);
    }
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: server_load HOST:PORT[,HOST:PORT...] CONNECTIONS SECONDS [RATE]\n");
        return 2;
    }
    struct sockaddr_in sa[8];
    int naddr = 0;
    for (const char *a = argv[1]; *a && naddr < 8; naddr++) {
        char host[64];
        int port;
        if (sscanf(a, "%63[^:]:%d", host, &port) != 2)
            return 2;
        memset(&sa[naddr], 0, sizeof sa[naddr]);
        sa[naddr].sin_family = AF_INET;
        sa[naddr].sin_port = htons((uint16_t)port);
        inet_pton(AF_INET, host, &sa[naddr].sin_addr);
        a = strchr(a, ',');
        a = a ? a + 1 : "";
    }
    int n = atoi(argv[2]);
    double secs = atof(argv[3]);
    double rate = argc == 5 ? atof(argv[4]) : 0;
    interval = rate > 0 ? n / rate : 0;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    const char *e;
    if ((e = getenv("SERVER_LOAD_SIDE")) && *e)
        SIDE = atoi(e) < 2 ? 2 : atoi(e) > MAX_SIDE ? MAX_SIDE : atoi(e);
    long stop_games = (e = getenv("SERVER_LOAD_GAMES")) ? atol(e) : 0;
    double progress = (e = getenv("SERVER_LOAD_PROGRESS")) ? atof(e) : 0, next_progress = progress;
    reconnect_each_game = (e = getenv("SERVER_LOAD_RECONNECT")) && atoi(e) == 1;
    new_user_each_game = reconnect_each_game && (e = getenv("SERVER_LOAD_NEW_USERS")) && atoi(e) == 1;
    client *cs = calloc((size_t)n, sizeof *cs);
    struct pollfd *pf = calloc((size_t)n, sizeof *pf);
    clients = cs, polled = pf, addrs = sa, naddrs = naddr;
    /* Names no earlier run on the same database has used: the time and the pid side by side (their
     * XOR, used before, repeated when the clock and the pid had moved on by matching bits between
     * two runs, and the later run's signups were refused USER_EXISTS). */
    unsigned long tag = (unsigned long)time(NULL) % 1000000000UL, pid = (unsigned long)getpid();
    for (int i = 0; i < n; i++) {
        cs[i].fd = connect_to(&sa[i % naddr]);
        snprintf(cs[i].base, sizeof cs[i].base, "l%lu_%lu_%d", tag, pid, i);
        snprintf(cs[i].user, sizeof cs[i].user, "%s", cs[i].base);
        pf[i].fd = cs[i].fd;
        pf[i].events = POLLIN;
        send_next(&cs[i]);
    }
    double start = 0, t0 = now();
    long moves0 = 0;
    size_t lat0 = 0;
    while (1) {
        if (poll(pf, (nfds_t)n, interval > 0 ? 1 : 1000) < 0 && errno != EINTR)
            return 1;
        double tp = now();
        for (int i = 0; interval > 0 && i < n; i++)
            if (!cs[i].waiting && cs[i].due <= tp)
                send_next(&cs[i]);
        for (int i = 0; i < n; i++)
            if (pf[i].revents & (POLLIN | POLLHUP | POLLERR))
                read_client(&cs[i]);
        double t = now();
        if (start == 0 && (t - t0 > 2.0 || moves > 5L * n)) { /* warm-up over: start measuring */
            start = t;
            moves0 = moves;
            lat0 = nlat;
        }
        if (progress > 0 && t - t0 >= next_progress) {
            fprintf(stderr, "progress %.1f %ld %ld %ld\n", t - t0, moves, games, connects);
            next_progress += progress;
        }
        if ((start && t - start >= secs) || (stop_games > 0 && games >= stop_games))
            break;
    }
    if (progress > 0) /* the last sample, at the end */
        fprintf(stderr, "progress %.1f %ld %ld %ld\n", now() - t0, moves, games, connects);
    double dur = now() - start;
    long m = moves - moves0;
    double *l = lat + lat0;
    size_t nl = nlat - lat0;
    qsort(l, nl, sizeof *l, cmp);
    if (rate > 0)
        printf("offered %.0f moves/s; ", rate);
    printf("ludexd load: %d connections, %s, %.1f s: %ld durable moves, %.0f moves/s, latency p50 %.2f ms, "
           "p99 %.2f ms, max %.2f ms; %ld games finished, %ld errors\n",
           n, rate > 0 ? argv[4] : "closed loop", dur, m, (double)m / dur, nl ? l[nl / 2] * 1e3 : 0, nl ? l[nl * 99 / 100] * 1e3 : 0,
           nl ? l[nl - 1] * 1e3 : 0, games, errors);
    return errors ? 1 : 0;
}

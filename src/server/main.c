/* server/main.c - ludexd: options, the listening socket, signals, the loop.
 *
 *   ludexd [--db PATH] [--listen HOST:PORT] [--pwhash-cost interactive|moderate|min]
 *          [--hash-threads N] [--quiet] [--log FILE]
 *
 * At start the soft limit on open files is raised to the hard limit (a
 * thousand connections need a thousand descriptors).  SIGTERM and SIGINT
 * stop accepting, let the commit thread finish the batch in hand, send the
 * replies that were waiting for it, and exit 0.  One wake-up pipe carries
 * the news of the commit and hash threads into the loop. */
#include <errno.h>
#include <event2/listener.h>
#include <fcntl.h>
#include <signal.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "server/server.h"

typedef struct options {
    const char *db, *listen, *log;
    const char *cost;
    int threads, quiet;
} options;

static void usage(void)
{
    fprintf(stderr, "usage: ludexd [--db PATH] [--listen HOST:PORT] [--pwhash-cost interactive|moderate|min]\n"
                    "              [--hash-threads N] [--quiet] [--log FILE]\n");
    exit(2);
}

static void parse_args(int argc, char **argv, options *o)
{
    *o = (options){"ludex.db", "127.0.0.1:7300", NULL, "interactive", 2, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "--db") && more)
            o->db = argv[++i];
        else if (!strcmp(a, "--listen") && more)
            o->listen = argv[++i];
        else if (!strcmp(a, "--log") && more)
            o->log = argv[++i];
        else if (!strcmp(a, "--pwhash-cost") && more)
            o->cost = argv[++i];
        else if (!strcmp(a, "--hash-threads") && more)
            o->threads = atoi(argv[++i]);
        else if (!strcmp(a, "--quiet"))
            o->quiet = 1;
        else
            usage();
    }
}

static int set_cost(srv *s, const char *cost)
{
    if (!strcmp(cost, "interactive")) {
        s->pw_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
        s->pw_mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    } else if (!strcmp(cost, "moderate")) {
        s->pw_ops = crypto_pwhash_OPSLIMIT_MODERATE;
        s->pw_mem = crypto_pwhash_MEMLIMIT_MODERATE;
    } else if (!strcmp(cost, "min")) { /* tests and benchmarks only: still argon2id */
        s->pw_ops = crypto_pwhash_OPSLIMIT_MIN;
        s->pw_mem = crypto_pwhash_MEMLIMIT_MIN;
    } else {
        return -1;
    }
    return 0;
}

static void raise_nofile(srv *s)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            srv_log(s, "cannot raise the open-file limit: %s", strerror(errno));
    }
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
        srv_log(s, "open-file limit %llu", (unsigned long long)rl.rlim_cur);
}

static void on_accept(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int len, void *arg)
{
    (void)l;
    (void)len;
    char addr[64] = "?";
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((struct sockaddr_in *)sa)->sin_addr, addr, sizeof addr);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((struct sockaddr_in6 *)sa)->sin6_addr, addr, sizeof addr);
    conn_accept(arg, fd, addr);
}

static void on_accept_error(struct evconnlistener *l, void *arg)
{
    (void)l;
    srv_log(arg, "accept: %s", strerror(errno));
}

/* The commit or hash threads have news. */
static void on_wake(evutil_socket_t fd, short what, void *arg)
{
    srv *s = arg;
    char buf[256];
    (void)what;
    while (read(fd, buf, sizeof buf) > 0) {
    }
    int failed;
    char err[256];
    uint64_t done = commit_done(s->cq, &failed, err, sizeof err);
    if (failed) {
        srv_log(s, "a commit failed (%s): stopping without acknowledging it", err);
        fflush(s->log);
        _exit(1);
    }
    if (done > s->committed) {
        conn_release_committed(s, done);
        watch_flush(s, done);
    }
    hash_job *j;
    while ((j = hashpool_take_done(s->hp))) {
        if (!j->c->dead)
            j->done(j->c, j);
        conn_job_done(j->c);
        hash_job_free(j);
    }
}

static struct evconnlistener *listener;

static void on_signal(evutil_socket_t sig, short what, void *arg)
{
    srv *s = arg;
    (void)what;
    srv_log(s, "signal %d: stopping", (int)sig);
    s->stopping = 1;
    if (listener) {
        evconnlistener_free(listener);
        listener = NULL;
    }
    struct timeval grace = {0, 300000};
    event_base_loopexit(s->base, &grace);
}

static int open_listener(srv *s, const char *spec)
{
    struct sockaddr_storage ss;
    int len = sizeof ss;
    if (evutil_parse_sockaddr_port(spec, (struct sockaddr *)&ss, &len) != 0) {
        fprintf(stderr, "ludexd: bad --listen address '%s'\n", spec);
        return -1;
    }
    listener = evconnlistener_new_bind(s->base, on_accept, s, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, 4096,
                                       (struct sockaddr *)&ss, len);
    if (!listener) {
        fprintf(stderr, "ludexd: cannot listen on %s: %s\n", spec, strerror(errno));
        return -1;
    }
    evconnlistener_set_error_cb(listener, on_accept_error);
    return 0;
}

static int open_stores(srv *s, const char *db)
{
    char err[256];
    if (!(s->wstore = store_open(db, err, sizeof err)) || !(s->rstore = store_open(db, err, sizeof err))) {
        fprintf(stderr, "ludexd: %s\n", err);
        return -1;
    }
    int64_t max = s->rstore->be->max_game_id(s->rstore);
    if (max < 0) {
        fprintf(stderr, "ludexd: cannot read the games\n");
        return -1;
    }
    s->next_game_id = max + 1;
    return 0;
}

static int start(srv *s, const options *o, int wake[2])
{
    if (sodium_init() < 0 || set_cost(s, o->cost) != 0) {
        fprintf(stderr, "ludexd: bad --pwhash-cost or no libsodium\n");
        return -1;
    }
    raise_nofile(s);
    if (open_stores(s, o->db) != 0 || !(s->base = event_base_new()) || open_listener(s, o->listen) != 0)
        return -1;
    if (pipe(wake) != 0 || fcntl(wake[0], F_SETFL, O_NONBLOCK) != 0 || fcntl(wake[1], F_SETFL, O_NONBLOCK) != 0)
        return -1;
    s->users = map_new();
    s->games = map_new();
    s->creds = cred_cache_new(1u << 16);
    s->fail_user = rate_limit_new(5, 60);
    s->fail_addr = rate_limit_new(20, 60);
    s->cq = commit_start(s, s->wstore, wake[1]);
    s->hp = hashpool_start(o->threads, s->pw_ops, s->pw_mem, wake[1]);
    return s->users && s->games && s->creds && s->fail_user && s->fail_addr && s->cq && s->hp ? 0 : -1;
}

static void shutdown_all(srv *s, struct event **evs, size_t nev)
{
    commit_stop(s->cq); /* commits what is queued */
    s->cq = NULL;
    hashpool_stop(s->hp);
    conn_close_all(s);
    for (size_t i = 0; i < nev; i++)
        if (evs[i])
            event_free(evs[i]);
    if (listener)
        evconnlistener_free(listener);
    watch_free_all(s);
    games_free_all(s);
    users_free_all(s);
    cred_cache_free(s->creds);
    rate_limit_free(s->fail_user);
    rate_limit_free(s->fail_addr);
    store_close(s->rstore);
    store_close(s->wstore);
    free(s->all);
    event_base_free(s->base);
}

int main(int argc, char **argv)
{
    options o;
    srv s = {0};
    int wake[2] = {-1, -1};
    parse_args(argc, argv, &o);
    s.log = stderr;
    s.quiet = o.quiet;
    if (o.log && !(s.log = fopen(o.log, "a"))) {
        fprintf(stderr, "ludexd: %s: %s\n", o.log, strerror(errno));
        return 2;
    }
    setvbuf(s.log, NULL, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    if (start(&s, &o, wake) != 0)
        return 1;
    struct event *evs[3];
    evs[0] = event_new(s.base, wake[0], EV_READ | EV_PERSIST, on_wake, &s);
    evs[1] = evsignal_new(s.base, SIGTERM, on_signal, &s);
    evs[2] = evsignal_new(s.base, SIGINT, on_signal, &s);
    for (int i = 0; i < 3; i++)
        event_add(evs[i], NULL);
    srv_log(&s, "ludexd %s listening on %s, database %s", LX_VERSION_STRING, o.listen, o.db);
    event_base_dispatch(s.base);
    uint64_t batches = 0, ops = 0;
    commit_stats(s.cq, &batches, &ops);
    srv_log(&s, "stopped: %lu requests, %llu changes in %llu commits", s.requests, (unsigned long long)ops,
            (unsigned long long)batches);
    shutdown_all(&s, evs, 3);
    return 0;
}

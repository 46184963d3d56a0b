/* server/main.c - ludexd: options, the service and its doors, signals, the loop.
 *
 *   ludexd [--db PATH|sqlite:PATH|postgresql://USER@HOST:PORT/DB] [--listen HOST:PORT] [--http HOST:PORT|off] [--web DIR]
 *          [--tls-cert FILE --tls-key FILE] [--pwhash-cost interactive|moderate|min]
 *          [--hash-threads N] [--signup-limit N] [--line-timeout S] [--idle-timeout S]
 *          [--login-idle-timeout S] [--quiet] [--log FILE]
 *          [--bot NAME=GAME[:SECONDS]]... [--bot-program PATH] [--bot-workers N]
 *          [--metrics [HOST:]PORT|off] [--drain-seconds S] [--log-format text|json]
 *
 * At start the soft limit on open files is raised to the hard limit (a
 * thousand connections need a thousand descriptors).  SIGTERM and SIGINT
 * drain: /readyz answers 503 at once, the doors stop accepting, live-update
 * streams are ended properly (a "retry:", then the final chunk), line clients
 * get a one-line notice, the commands and requests in flight are answered once
 * their commits are durable, and ludexd exits 0 when nothing is left in
 * flight or after --drain-seconds (10), whichever comes first.  A second
 * signal stops at once (still after the batch in hand).  SIGHUP reopens the log
 * file (after logrotate has moved it).  The service (service/)
 * holds every rule; the doors (line/, http/, mail/, bot/) only parse and format. */

#include <errno.h>
#include <stddef.h>
#include <event2/event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bot/bot.h"
#include "http/http.h"
#include "line/line.h"
#include "ludex/version.h"
#include "mail/mail.h"
#include "service/service.h"

/* The page's files when --web is not given: PREFIX/share/ludex/web beside an
 * installed bin/ludexd, else build/web beside build/ludexd (the page with the
 * WebAssembly replay, made by `make web`), else the repository's web/. */
static const char *default_web_dir(char *buf, size_t cap)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return "web";
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    *slash = 0;
    static const char *const tries[] = {"/../share/ludex/web", "/web", "/../web"};
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        snprintf(buf, cap, "%s%s", exe, tries[i]);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    return "web";
}

typedef struct options {
    const char *db, *listen, *log;
    const char *cost;
    int threads, quiet;
    const char *http, *web, *tls_cert, *tls_key;
    int signups, challenges;
    int line_timeout, idle_timeout, login_idle_timeout, max_per_address;
    const char *mail_from, *mail_socket, *sendmail;
    int digest_interval, mail_limit, mail_commands, mail_retry, clock_offset, mail_claim, mail_grace, id_block;
    const char *default_challenges;
    const char *bot_program;
    int bot_workers;
    bot_config bots;        /* --bot, repeated */
    int min_password;       /* --min-password: the shortest password a signup or change may set */
    int max_streams, http_header_timeout, http_body_timeout;   /* HTTP: live-update streams, request bounds; 0: defaults */
    int anon_streams_per_address, anon_streams_per_board;     /* streams without a session; 0: no limit */
    int cache_mb;           /* --cache-mb: MB the games held in memory may cost */
    const char *metrics;    /* --metrics [HOST:]PORT: the admin address (/metrics, /healthz, /readyz); NULL: none */
    int drain_seconds;      /* --drain-seconds: the longest a drain after SIGTERM lasts */
    const char *log_format; /* --log-format: "text" (default) or "json" (JSON lines) */
    int tournament_sweep;   /* --tournament-sweep: seconds between the tournaments' sweeps (a testing aid) */
} options;

/* The usage on standard output with status 0 when asked for (--help), else on standard error with 2. */
static void usage(int asked)
{
    fprintf(asked ? stdout : stderr, "usage: ludexd [--db PATH|postgresql://USER@HOST:PORT/DB] [--listen HOST:PORT]\n"
                    "              [--http HOST:PORT|off] [--web DIR]\n"
                    "              [--tls-cert FILE --tls-key FILE] [--pwhash-cost interactive|moderate|min]\n"
                    "              [--hash-threads N] [--min-password N] [--signup-limit N] [--challenge-limit N]\n"
                    "              [--max-per-address N] [--line-timeout S] [--idle-timeout S]\n"
                    "              [--max-streams N] [--http-header-timeout S] [--http-body-timeout S]\n"
                    "              [--anon-streams-per-address N] [--anon-streams-per-board N]\n"
                    "              [--login-idle-timeout S] [--quiet] [--log FILE] [--clock-offset S] [--id-block N]\n"
                    "              [--tournament-sweep S]\n"
                    "              [--cache-mb N] [--metrics [HOST:]PORT|off] [--drain-seconds S] [--log-format text|json]\n"
                    "              [--default-challenges open|ask|closed]\n"
                    "              [--mail-from ADDRESS [--mail-socket PATH|off] [--sendmail PATH|off]\n"
                    "               [--digest-interval S] [--mail-limit N] [--mail-commands N] [--mail-retry S]\n"
                    "               [--mail-claim S] [--mail-grace S]]\n"
                    "              [--bot NAME=GAME[:SECONDS]]... [--bot-program PATH] [--bot-workers N]\n"
                    "       ludexd --help | --version\n"
                    "The line protocol on --listen (default 127.0.0.1:7300), the web page and the HTTP API\n"
                    "on --http (default 127.0.0.1:7380); play by mail with --mail-from; see ludexd(8).\n");
    exit(asked ? 0 : 2);
}

/* An option that takes a value: where it goes, text or a whole number >= 0. */
typedef struct option_spec {
    const char *name;
    size_t offset;
    int number;
} option_spec;

#define TEXT_OPT(n, f) {n, offsetof(options, f), 0}
#define NUMBER_OPT(n, f) {n, offsetof(options, f), 1}
static const option_spec option_specs[] = {
    TEXT_OPT("--db", db), TEXT_OPT("--listen", listen), TEXT_OPT("--log", log), TEXT_OPT("--pwhash-cost", cost),
    TEXT_OPT("--http", http), TEXT_OPT("--web", web), TEXT_OPT("--tls-cert", tls_cert),
    TEXT_OPT("--tls-key", tls_key), NUMBER_OPT("--hash-threads", threads), NUMBER_OPT("--signup-limit", signups),
    NUMBER_OPT("--challenge-limit", challenges), NUMBER_OPT("--max-per-address", max_per_address),
    NUMBER_OPT("--max-streams", max_streams), NUMBER_OPT("--anon-streams-per-address", anon_streams_per_address),
    NUMBER_OPT("--anon-streams-per-board", anon_streams_per_board), NUMBER_OPT("--http-header-timeout", http_header_timeout),
    NUMBER_OPT("--http-body-timeout", http_body_timeout),
    NUMBER_OPT("--line-timeout", line_timeout), NUMBER_OPT("--idle-timeout", idle_timeout),
    NUMBER_OPT("--login-idle-timeout", login_idle_timeout), TEXT_OPT("--mail-from", mail_from),
    TEXT_OPT("--mail-socket", mail_socket), TEXT_OPT("--sendmail", sendmail),
    NUMBER_OPT("--digest-interval", digest_interval), NUMBER_OPT("--mail-limit", mail_limit),
    NUMBER_OPT("--mail-commands", mail_commands), NUMBER_OPT("--mail-retry", mail_retry),
    NUMBER_OPT("--mail-claim", mail_claim), NUMBER_OPT("--mail-grace", mail_grace),
    NUMBER_OPT("--clock-offset", clock_offset), NUMBER_OPT("--id-block", id_block),
    NUMBER_OPT("--tournament-sweep", tournament_sweep), TEXT_OPT("--default-challenges", default_challenges),
    TEXT_OPT("--bot-program", bot_program), NUMBER_OPT("--bot-workers", bot_workers),
    NUMBER_OPT("--min-password", min_password), NUMBER_OPT("--cache-mb", cache_mb),
    TEXT_OPT("--metrics", metrics), NUMBER_OPT("--drain-seconds", drain_seconds), TEXT_OPT("--log-format", log_format),
};

/* Set the option named `name` from `value`: 1 done, 0 no such option, -1 a bad number. */
static int set_option(options *o, const char *name, const char *value)
{
    for (size_t k = 0; k < sizeof option_specs / sizeof option_specs[0]; k++) {
        const option_spec *sp = &option_specs[k];
        if (strcmp(name, sp->name))
            continue;
        char *field = (char *)o + sp->offset, *end;
        if (!sp->number) {
            memcpy(field, &value, sizeof value);
            return 1;
        }
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 0 || v > 1000000000)
            return -1;
        int iv = (int)v;
        memcpy(field, &iv, sizeof iv);
        return 1;
    }
    return 0;
}

/* --bot NAME=GAME[:SECONDS]: one more bot. */
static void add_bot(options *o, const char *arg)
{
    char err[256];
    if (o->bots.nbots == BOT_MAX) {
        fprintf(stderr, "ludexd: at most %d bots\n", BOT_MAX);
        usage(0);
    }
    if (bot_spec_parse(arg, &o->bots.bots[o->bots.nbots], err, sizeof err) != 0) {
        fprintf(stderr, "ludexd: %s\n", err);
        usage(0);
    }
    o->bots.nbots++;
}

static void parse_args(int argc, char **argv, options *o, char *webbuf, size_t webcap)
{
    *o = (options){"ludex.db", "127.0.0.1:7300", NULL, "interactive", 2, 0, "127.0.0.1:7380",
                   default_web_dir(webbuf, webcap), NULL, NULL, 20, 30, 60, 300, 86400, 100,
                   NULL, NULL, "/usr/sbin/sendmail", 86400, 120, 50, 30, 0, 60, 60, 0, "ask", NULL, 2, {0}, SVC_MIN_PASSWORD,
                   HTTP_STREAMS_DEFAULT, HTTP_HEADER_TIMEOUT_DEFAULT, HTTP_BODY_TIMEOUT_DEFAULT, HTTP_SSE_ANON_PER_ADDRESS_DEFAULT, HTTP_SSE_ANON_PER_BOARD_DEFAULT,
                   SVC_CACHE_MB, NULL, 10, "text", 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = i + 1 < argc ? set_option(o, a, argv[i + 1]) : 0;
        if (!strcmp(a, "--bot") && i + 1 < argc) {
            add_bot(o, argv[++i]);
        } else if (rc == 1) {
            i++;
        } else if (rc < 0) {
            fprintf(stderr, "ludexd: %s takes a whole number, not '%s'\n", a, argv[i + 1]);
            usage(0);
        } else if (!strcmp(a, "--version")) {
            printf("ludexd %s\n", LX_VERSION_STRING);
            exit(0);
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else {
            usage(!strcmp(a, "--help"));
        }
    }
}

static void raise_nofile(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            fprintf(stderr, "ludexd: cannot raise the open-file limit: %s\n", strerror(errno));
    }
}

typedef struct doors {
    srv *s;
    struct event_base *base;
    line_door *line;
    http_door *http;
    mail_door *mail;
    bot_door *bots;
    admin_door *admin;      /* --metrics */
    struct event *drain;    /* after SIGTERM: checks every 50 ms whether anything is left in flight */
    double drain_until;     /* when the drain ends whatever is left */
    int drain_seconds;
    const char *log_path;   /* --log, reopened on SIGHUP */
    FILE *log;
} doors;

/* SIGHUP: open the log file anew (logrotate moved it) on the same stream. */
static void on_hangup(evutil_socket_t sig, short what, void *arg)
{
    doors *d = arg;
    (void)sig;
    (void)what;
    if (!d->log_path)
        return;
    FILE *f = fopen(d->log_path, "a");
    if (!f) {
        svc_log(d->s, "SIGHUP: cannot reopen %s: %s; logging on to the old file", d->log_path, strerror(errno));
        return;
    }
    fflush(d->log);
    dup2(fileno(f), fileno(d->log));
    fclose(f);
    svc_log(d->s, "SIGHUP: log reopened");
}

/* The loop ends once no request is in flight (each door's, and the answers waiting for a
 * commit), or when the drain's time is up. */
static void on_drain_tick(evutil_socket_t fd, short what, void *arg)
{
    doors *d = arg;
    (void)fd;
    (void)what;
    int settled = !line_door_busy(d->line) && !http_door_busy(d->http) && svc_settled(d->s);
    if (settled || svc_now() >= d->drain_until) {
        if (!settled)
            svc_log(d->s, "drain: %d s are up; stopping with requests in flight", d->drain_seconds);
        struct timeval flush = {0, 100000}; /* the last answers' bytes leave their buffers */
        event_base_loopexit(d->base, &flush);
        event_del(d->drain);
    }
}

static void on_signal(evutil_socket_t sig, short what, void *arg)
{
    doors *d = arg;
    struct timeval tick = {0, 50000};
    (void)what;
    if (d->drain) { /* a second signal: stop now */
        svc_log(d->s, "signal %d again: stopping", (int)sig);
        event_base_loopexit(d->base, NULL);
        return;
    }
    svc_log(d->s, "signal %d: draining (at most %d s)", (int)sig, d->drain_seconds);
    svc_drain(d->s);
    line_door_drain(d->line);
    http_door_drain(d->http);
    d->drain_until = svc_now() + d->drain_seconds;
    d->drain = event_new(d->base, -1, EV_PERSIST, on_drain_tick, d);
    if (!d->drain || event_add(d->drain, &tick) != 0)
        event_base_loopexit(d->base, NULL);
}

static int open_doors(doors *d, const options *o, char *err, size_t errcap)
{
    line_config lc = {o->listen, o->line_timeout, o->idle_timeout, o->login_idle_timeout};
    if (!(d->line = line_door_open(d->s, d->base, &lc, err, errcap)))
        return -1;
    if (!strcmp(o->http, "off"))
        return 0;
    http_config hc = {o->http, o->web, o->tls_cert, o->tls_key, o->max_streams, o->http_header_timeout,
                      o->http_body_timeout, o->anon_streams_per_address, o->anon_streams_per_board};
    return (d->http = http_door_open(d->s, d->base, &hc, err, errcap)) ? 0 : -1;
}

/* The mail door, when --mail-from names the server's address; its socket is DB.mail by default. */
static int open_mail(doors *d, const options *o, char *err, size_t errcap)
{
    char sock[4200];
    if (!o->mail_from)
        return 0;
    if (!o->mail_socket && (!strncmp(o->db, "postgres://", 11) || !strncmp(o->db, "postgresql://", 13))) {
        snprintf(err, errcap, "with a PostgreSQL --db, --mail-from needs --mail-socket PATH (or off)");
        return -1;
    }
    snprintf(sock, sizeof sock, "%s.mail", !strncmp(o->db, "sqlite:", 7) ? o->db + 7 : o->db);
    const char *path = o->mail_socket ? o->mail_socket : sock;
    mail_config mc = {strcmp(path, "off") ? path : NULL, o->mail_from, strcmp(o->sendmail, "off") ? o->sendmail : NULL,
                      o->digest_interval, o->mail_limit, o->mail_commands, o->mail_retry, o->mail_claim, o->mail_grace};
    return (d->mail = mail_door_open(d->s, d->base, &mc, err, errcap)) ? 0 : -1;
}

/* The ludex tool the bots run: --bot-program, else the one beside ludexd, else ludex on PATH. */
static const char *bot_program(const options *o, char *buf, size_t cap)
{
    if (o->bot_program)
        return o->bot_program;
    ssize_t n = readlink("/proc/self/exe", buf, cap - 8);
    if (n <= 0)
        return "ludex";
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    strcpy(slash + 1, "ludex");
    return access(buf, X_OK) == 0 ? buf : "ludex";
}

/* The bots' door, when --bot names any. */
static int open_bots(doors *d, options *o, char *err, size_t errcap)
{
    static char program[4200];
    if (o->bots.nbots == 0)
        return 0;
    o->bots.program = bot_program(o, program, sizeof program);
    o->bots.workers = o->bot_workers;
    return (d->bots = bot_door_open(d->s, d->base, &o->bots, err, errcap)) ? 0 : -1;
}

/* A testing aid (tests/server/pg_once): LUDEXD_TEST_MAIL_READ_HOLD=S holds a board mail's reads S
 * seconds after its change has committed, so a test can kill the instance in between. */
/* A testing aid's hold in seconds from the environment variable name (0: none): a window a test
 * kills the server inside. */
static int test_hold(const char *name)
{
    const char *v = getenv(name);
    long s = v ? strtol(v, NULL, 10) : 0;
    return s > 0 && s < 3600 ? (int)s : 0;
}

int main(int argc, char **argv)
{
    options o;
    doors d = {0};
    char err[256] = "", webbuf[4200];
    parse_args(argc, argv, &o, webbuf, sizeof webbuf);
    FILE *log = stderr;
    if (o.log && !(log = fopen(o.log, "a"))) {
        fprintf(stderr, "ludexd: %s: %s\n", o.log, strerror(errno));
        return 2;
    }
    setvbuf(log, NULL, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    raise_nofile();
    if (strcmp(o.log_format, "text") && strcmp(o.log_format, "json")) {
        fprintf(stderr, "ludexd: --log-format takes text or json, not '%s'\n", o.log_format);
        usage(0);
    }
    int challenges = svc_challenges_mode_of(o.default_challenges);
    if (challenges < 0) {
        fprintf(stderr, "ludexd: --default-challenges takes open, ask or closed, not '%s'\n", o.default_challenges);
        usage(0);
    }
    svc_config cfg = {o.db, o.cost, o.threads, o.quiet, o.signups, o.challenges, o.max_per_address, log,
                      o.clock_offset, challenges, o.id_block, test_hold("LUDEXD_TEST_MAIL_READ_HOLD"), o.min_password, o.tournament_sweep,
                      test_hold("LUDEXD_TEST_PAIR_HOLD")};
    if (!(d.base = event_base_new()) || !(d.s = svc_open(d.base, &cfg, err, sizeof err))) {
        fprintf(stderr, "ludexd: %s\n", err[0] ? err : "cannot start the event loop");
        return 1;
    }
    svc_cache_budget(d.s, (size_t)o.cache_mb << 20);
    svc_log_format(d.s, !strcmp(o.log_format, "json"));
    d.drain_seconds = o.drain_seconds;
    if (o.metrics && strcmp(o.metrics, "off") && !(d.admin = admin_door_open(d.s, d.base, o.metrics, err, sizeof err))) {
        fprintf(stderr, "ludexd: %s\n", err);
        return 1;
    }
    if (open_doors(&d, &o, err, sizeof err) != 0 || open_mail(&d, &o, err, sizeof err) != 0 ||
        open_bots(&d, &o, err, sizeof err) != 0) {
        fprintf(stderr, "ludexd: %s\n", err);
        return 1;
    }
    d.log_path = o.log;
    d.log = log;
    struct event *evs[3] = {evsignal_new(d.base, SIGTERM, on_signal, &d), evsignal_new(d.base, SIGINT, on_signal, &d),
                            evsignal_new(d.base, SIGHUP, on_hangup, &d)};
    for (int i = 0; i < 3; i++)
        event_add(evs[i], NULL);
    svc_log(d.s, "ludexd %s listening on %s, database %s", LX_VERSION_STRING, o.listen, o.db);
    event_base_dispatch(d.base);
    if (svc_failed(d.s)) { /* the store's state is unknown: exit at once, acknowledging nothing more */
        fflush(log);
        _exit(1);
    }
    unsigned long requests;
    uint64_t changes, batches;
    svc_stats(d.s, &requests, &changes, &batches);
    svc_log(d.s, "stopped: %lu requests, %llu changes in %llu commits", requests, (unsigned long long)changes,
            (unsigned long long)batches);
    for (int i = 0; i < SVC_CACHES; i++) { /* "boards cache: ...", then users and ratings */
        svc_cache_stats cs;
        svc_cache_stats_of(d.s, i, &cs);
        svc_log(d.s, "%s cache: %zu held (%zu KB of %zu KB), %lu hits, %lu misses, %lu evictions",
                i == SVC_CACHE_GAMES ? "boards" : cs.name, cs.held, cs.bytes >> 10, cs.budget >> 10, cs.hits, cs.misses,
                cs.evictions);
    }
    bot_door_close(d.bots);
    mail_door_close(d.mail);
    http_door_close(d.http);
    line_door_close(d.line);
    admin_door_close(d.admin);
    if (d.drain)
        event_free(d.drain);
    for (int i = 0; i < 3; i++)
        event_free(evs[i]);
    svc_close(d.s);
    event_base_free(d.base);
    return 0;
}

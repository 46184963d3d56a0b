/* service/log_json.c - the log as JSON lines (ludexd --log-format json), for log shippers.
 *
 * Every line is one JSON object: {"time","level","msg"} for what the server says of itself
 * (svc_log), and for each request answered {"time","level","door","request_id","user",
 * "request","outcome","duration_ms","addr"} (svc_log_request).  "request" is what the door
 * logs in text too (a command's name and board, a method and path): never an argument that may
 * be a password; "user" is the account the request acted as, "" for anyone.  A request id is
 * the one the client or the balancer gave (HTTP X-Request-ID, when it is short and plain) or
 * one made here: this process's random prefix and a counter.  Strings are escaped as JSON asks
 * (control characters as \u00XX; bytes that are not UTF-8 are the caller's to avoid: doors log
 * only ASCII they have checked). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "service/plumbing.h"

static void put_string(FILE *f, const char *v)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(v ? v : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void put_time(FILE *f)
{
    char when[32];
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    fprintf(f, "{\"time\":\"%s.%03ldZ\"", when, ts.tv_nsec / 1000000);
}

void log_json_message(srv *s, const char *level, const char *msg)
{
    FILE *f = plumbing_of(s)->log;
    put_time(f);
    fprintf(f, ",\"level\":\"%s\",\"msg\":", level);
    put_string(f, msg);
    fputs("}\n", f);
}

void svc_log_format(srv *s, int json)
{
    plumbing_of(s)->log_json = json;
    svc_random(&plumbing_of(s)->log_prefix, sizeof plumbing_of(s)->log_prefix);
}

int svc_log_json(const srv *s) { return ((const srv_plumbing *)s)->log_json; }

/* A request id the client gave is kept when it is 1..64 bytes of letters, digits, '-', '_', '.'. */
static int plain_id(const char *id)
{
    size_t n = id ? strlen(id) : 0;
    return n > 0 && n <= 64 && strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.") == n;
}

void svc_log_request(srv *s, const svc_log_entry *e)
{
    FILE *f = plumbing_of(s)->log;
    char id[72];
    if (plain_id(e->request_id))
        snprintf(id, sizeof id, "%s", e->request_id);
    else
        snprintf(id, sizeof id, "%08x-%llu", (unsigned)plumbing_of(s)->log_prefix,
                 (unsigned long long)++plumbing_of(s)->log_requests);
    put_time(f);
    fprintf(f, ",\"level\":\"%s\",\"door\":\"%s\",\"request_id\":", e->error ? "error" : "info", svc_door_name(e->door));
    put_string(f, id);
    fputs(",\"user\":", f);
    put_string(f, e->user);
    fputs(",\"request\":", f);
    put_string(f, e->request);
    fputs(",\"outcome\":", f);
    put_string(f, e->outcome);
    fprintf(f, ",\"duration_ms\":%.3f,\"addr\":", e->seconds * 1e3);
    put_string(f, e->addr);
    fputs("}\n", f);
}

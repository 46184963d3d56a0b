/* service/util.c - the server's clock and log line (its random bytes: random.c).
 *
 * Log lines are "TIME message", TIME in UTC with milliseconds. */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "service/plumbing.h"

double svc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void svc_log(srv *s, const char *fmt, ...)
{
    char when[32];
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    va_list ap;
    va_start(ap, fmt);
    if (plumbing_of(s)->log_json) {
        char msg[2048];
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        log_json_message(s, "info", msg);
        return;
    }
    fprintf(plumbing_of(s)->log, "%s.%03ldZ ", when, ts.tv_nsec / 1000000);
    vfprintf(plumbing_of(s)->log, fmt, ap);
    fputc('\n', plumbing_of(s)->log);
    va_end(ap);
}

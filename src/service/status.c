/* service/status.c - a call's answer: success, or a code and a sentence (svc_status).
 *
 * The one place an error of the service is written; each door turns the code into its own
 * form.  Calls nothing else of the service. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "service/plumbing.h"

void svc_status_init(svc_status *st) { memset(st, 0, sizeof *st); }

int svc_fail(svc_status *st, const char *code, const char *fmt, ...)
{
    va_list ap;
    st->code = code;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    return -1;
}

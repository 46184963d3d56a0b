/* line/reply.c - writing replies: a status line, dot-stuffed body, ".".
 *
 * Every reply is "OK ..." or "ERR CODE message", then body lines, then a
 * line holding only ".".  A body line that begins with '.' gets another '.'
 * in front so that no body line can be taken for the end.  Out of memory
 * while building a reply is not reported: lx_buf keeps what it had, and the
 * client sees a shorter body (the connection survives). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "line/line_int.h"

static void status_line(lx_buf *r, const char *head, const char *fmt, va_list ap)
{
    char text[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    for (char *p = text; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    lx_buf_append_str(r, head);
    if (text[0]) {
        lx_buf_append_char(r, ' ');
        lx_buf_append_str(r, text);
    }
    lx_buf_append_str(r, "\r\n");
}

void reply_ok(lx_buf *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status_line(r, "OK", fmt, ap);
    va_end(ap);
}

void reply_verr(lx_buf *r, const char *code, const char *fmt, va_list ap)
{
    char head[64];
    snprintf(head, sizeof head, "ERR %s", code);
    status_line(r, head, fmt, ap);
}

void reply_err(lx_buf *r, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    reply_verr(r, code, fmt, ap);
    va_end(ap);
}

void reply_status_err(lx_buf *r, const svc_status *st)
{
    reply_err(r, st->code ? st->code : "INTERNAL", "%s", st->msg);
}

void reply_body(lx_buf *r, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t stop = end > i && text[end - 1] == '\r' ? end - 1 : end;
        if (text[i] == '.')
            lx_buf_append_char(r, '.');
        lx_buf_append(r, text + i, stop - i);
        lx_buf_append_str(r, "\r\n");
        i = end + 1;
    }
}

void reply_end(lx_buf *r) { lx_buf_append_str(r, ".\r\n"); }

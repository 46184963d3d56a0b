/* mail/compose.c - writing a mail the way mail programs read it.
 *
 * Every mail of the door is RFC 5322 with MIME: From the server's address,
 * a Date, a Message-ID under the server's domain (so a player's mail
 * program threads a board's mails by In-Reply-To and References),
 * Auto-Submitted (no mail program should answer it automatically) and
 * X-Ludex (so ludex-mail knows its own mail if it comes back).  The text is
 * UTF-8 in quoted-printable, so no line is ever too long for SMTP, and a
 * record is attached in base64. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "mail/door_int.h"

static int put_date(lx_buf *out)
{
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
    return lx_buf_printf(out, "Date: %s\r\n", date);
}

/* Quoted-printable (RFC 2045): lines of at most 76 characters, CRLF ends. */
static int put_qp(const char *text, lx_buf *out)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t col = 0;
    int rc = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && rc == 0; p++) {
        if (*p == '\n') {
            rc = lx_buf_append(out, "\r\n", 2);
            col = 0;
            continue;
        }
        int plain = (*p >= 33 && *p <= 126 && *p != '=') || (*p == ' ' && p[1] != '\n' && p[1]);
        size_t w = plain ? 1 : 3;
        if (col + w > 75) {
            rc = lx_buf_append(out, "=\r\n", 3);
            col = 0;
        }
        if (plain) {
            rc |= lx_buf_append_char(out, (char)*p);
        } else {
            char e[3] = {'=', hex[*p >> 4], hex[*p & 15]};
            rc |= lx_buf_append(out, e, 3);
        }
        col += w;
    }
    return rc | lx_buf_append(out, "\r\n", 2);
}

static int put_base64(const char *data, size_t len, lx_buf *out)
{
    for (size_t i = 0; i < len; i += 57) {
        size_t n = len - i < 57 ? len - i : 57;
        char line[80];
        sodium_bin2base64(line, sizeof line, (const unsigned char *)data + i, n, sodium_base64_VARIANT_ORIGINAL);
        if (lx_buf_printf(out, "%s\r\n", line) != 0)
            return -1;
    }
    return 0;
}

static int put_head(const mail_door *d, const mail_head *h, lx_buf *out)
{
    int rc = lx_buf_printf(out, "From: ludex <%s>\r\nTo: %s\r\nSubject: %s\r\n", d->from, h->to, h->subject);
    rc |= put_date(out);
    rc |= lx_buf_printf(out, "Message-ID: <%s@%s>\r\n", h->id, d->domain);
    if (h->in_reply_to)
        rc |= lx_buf_printf(out, "In-Reply-To: %s\r\n", h->in_reply_to);
    if (h->references)
        rc |= lx_buf_printf(out, "References: %s\r\n", h->references);
    rc |= lx_buf_printf(out, "Auto-Submitted: %s\r\nX-Ludex: %s\r\nMIME-Version: 1.0\r\n", h->auto_value,
                        h->tag ? h->tag : "mail");
    return rc;
}

int compose_mail(const mail_door *d, const mail_head *h, const char *text, const char *att_name,
                 const char *att_type, const char *att, size_t att_len, lx_buf *out)
{
    lx_buf_clear(out);
    int rc = put_head(d, h, out);
    if (!att_name) {
        rc |= lx_buf_append_str(out, "Content-Type: text/plain; charset=utf-8\r\n"
                                     "Content-Transfer-Encoding: quoted-printable\r\n\r\n");
        return rc | put_qp(text, out);
    }
    unsigned char r[12];
    char boundary[40];
    svc_random(r, sizeof r);
    sodium_bin2hex(boundary, sizeof boundary, r, sizeof r);
    rc |= lx_buf_printf(out, "Content-Type: multipart/mixed; boundary=\"=_%s\"\r\n\r\n", boundary);
    rc |= lx_buf_printf(out, "--=_%s\r\nContent-Type: text/plain; charset=utf-8\r\n"
                             "Content-Transfer-Encoding: quoted-printable\r\n\r\n", boundary);
    rc |= put_qp(text, out);
    rc |= lx_buf_printf(out, "--=_%s\r\nContent-Type: %s; name=\"%s\"\r\n"
                             "Content-Disposition: attachment; filename=\"%s\"\r\n"
                             "Content-Transfer-Encoding: base64\r\n\r\n", boundary, att_type, att_name, att_name);
    rc |= put_base64(att, att_len, out);
    return rc | lx_buf_printf(out, "--=_%s--\r\n", boundary);
}

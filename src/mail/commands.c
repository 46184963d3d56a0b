/* mail/commands.c - the command lines of a parsed message (see message.h).
 *
 * People write commands in the Subject, in the body, or both, then their mail
 * program adds the rest: quoted replies, attributions, signatures, the
 * original message.  What is not a command's line is left out: a line counts
 * only when its first word is a command word, and the body is read only up
 * to where the quoted or forwarded part begins.  Lines are cleaned and
 * written into one buffer reserved up front, so the pointers handed out stay
 * valid. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "mail/message.h"

typedef struct collect {
    lx_buf *out;
    const char *const *words;
    const char **lines;
    size_t max, count, dropped, ignored;
    const char *subject_cmd; /* the Subject's command, or NULL */
    int body_cmds;           /* body commands seen so far */
} collect;

/* A line's bytes cleaned into dst (never longer): BOM and zero-width
 * characters out, NBSP and other blanks to ' ', then trimmed; its length. */
static size_t clean(const char *s, size_t n, char *dst)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *u = (const unsigned char *)s + i;
        size_t left = n - i;
        if (left >= 3 && ((u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) ||
                          (u[0] == 0xE2 && u[1] == 0x80 && u[2] >= 0x8B && u[2] <= 0x8D) ||
                          (u[0] == 0xE2 && u[1] == 0x81 && u[2] == 0xA0))) {
            i += 2;
        } else if (left >= 2 && u[0] == 0xC2 && u[1] == 0xA0) {
            dst[k++] = ' ', i++;
        } else if (left >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xAF || u[2] == 0x87)) {
            dst[k++] = ' ', i += 2;
        } else {
            dst[k++] = u[0] < 32 || u[0] == 127 ? ' ' : (char)u[0];
        }
    }
    size_t start = 0;
    while (start < k && dst[start] == ' ')
        start++;
    while (k > start && dst[k - 1] == ' ')
        k--;
    memmove(dst, dst + start, k - start);
    dst[k - start] = 0;
    return k - start;
}

static int starts_ci(const char *s, size_t n, const char *prefix)
{
    size_t p = strlen(prefix);
    return n >= p && !strncasecmp(s, prefix, p);
}

static int ends_ci(const char *s, size_t n, const char *suffix)
{
    size_t p = strlen(suffix);
    return n >= p && !strncasecmp(s + n - p, suffix, p);
}

static int contains_ci(const char *s, size_t n, const char *what)
{
    size_t w = strlen(what);
    for (size_t i = 0; i + w <= n; i++)
        if (!strncasecmp(s + i, what, w))
            return 1;
    return 0;
}

static int any_ci(int (*test)(const char *, size_t, const char *), const char *s, size_t n,
                  const char *const *list)
{
    for (; *list; list++)
        if (test(s, n, *list))
            return 1;
    return 0;
}

static const char *const wrote[] = {"wrote:", "schrieb:", "a \xC3\xA9" "crit :", "a \xC3\xA9" "crit:",
                                    "escribi\xC3\xB3:", "ha scritto:", "skrev:", "schreef:", "kirjoitti:",
                                    "napisa\xC5\x82:", NULL};
static const char *const attribution[] = {"On ", "Am ", "Le ", "El ", "Il ", "Op ", "Den ", NULL};
static const char *const original[] = {"original message", "forwarded message", "ursprüngliche nachricht",
                                       NULL};
static const char *const outlook_from[] = {"From:", "Von:", "De :", "De:", NULL};
static const char *const outlook_sent[] = {"Sent:", "Date:", "Gesendet:", "Datum:", "Envoy\xC3\xA9 :", NULL};

/* The next line of text from *pos (without its LF), trimmed; 0 at the end. */
static int next_line(const char *text, size_t len, size_t *pos, const char **s, size_t *n)
{
    if (*pos >= len)
        return 0;
    const char *nl = memchr(text + *pos, '\n', len - *pos);
    *s = text + *pos;
    *n = nl ? (size_t)(nl - *s) : len - *pos;
    *pos += *n + (nl != NULL);
    lx_trim(s, n);
    return 1;
}

/* Whether one of the two lines after pos (before any blank one) passes test
 * against list. */
static int ahead(const char *text, size_t len, size_t pos, int (*test)(const char *, size_t, const char *),
                 const char *const *list)
{
    const char *s;
    size_t n;
    for (int i = 0; i < 2 && next_line(text, len, &pos, &s, &n) && n > 0; i++)
        if (any_ci(test, s, n, list))
            return 1;
    return 0;
}

static int all_of(const char *s, size_t n, char c)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != c)
            return 0;
    return 1;
}

/* Whether the body stops at the line s (cleaned); pos is past it, blank
 * whether the line before was blank. */
static int stops(const char *s, size_t n, const char *text, size_t len, size_t pos, int blank)
{
    if (!strcmp(s, "--") || any_ci(ends_ci, s, n, wrote) || starts_ci(s, n, "Begin forwarded message") ||
        (n >= 10 && all_of(s, n, '_')))
        return 1;
    if (starts_ci(s, n, "---") && any_ci(contains_ci, s, n, original))
        return 1;
    if (any_ci(starts_ci, s, n, attribution) && ahead(text, len, pos, ends_ci, wrote))
        return 1;
    return blank && any_ci(starts_ci, s, n, outlook_from) && ahead(text, len, pos, starts_ci, outlook_sent);
}

static int is_command(const collect *c, const char *s)
{
    size_t w = strcspn(s, " ");
    for (const char *const *cw = c->words; cw && *cw; cw++)
        if (strlen(*cw) == w && w > 0 && !strncasecmp(s, *cw, w))
            return 1;
    return 0;
}

/* Keep the line written at the end of out (n bytes), or count it dropped. */
static void keep(collect *c, size_t n)
{
    if (c->count >= c->max) {
        c->dropped++;
        return;
    }
    c->lines[c->count++] = c->out->data + c->out->len;
    c->out->len += n + 1;
}

/* The Subject with its reply and forward prefixes stripped. */
static const char *strip_prefixes(const char *s)
{
    static const char *const prefixes[] = {"re", "fwd", "fw", "aw", "wg", "sv", "vs", "antw", "tr", "rif",
                                           "r", "ref", "odp", "enc", "res", "rv", "doorst", NULL};
    for (;;) {
        while (*s == ' ')
            s++;
        size_t k = 0;
        while (isalpha((unsigned char)s[k]))
            k++;
        const char *p = s + k;
        if (*p == '[' || *p == '(' || *p == '^') {
            char close = *p == '[' ? ']' : *p == '(' ? ')' : 0;
            p += 1 + strspn(p + 1, "0123456789");
            if (close && *p++ != close)
                return s;
        }
        while (*p == ' ')
            p++;
        int known = 0;
        for (const char *const *q = prefixes; *q && !known; q++)
            known = strlen(*q) == k && !strncasecmp(s, *q, k);
        if (!known || *p != ':')
            return s;
        s = p + 1;
    }
}

static void take_subject(collect *c, const char *subject)
{
    char *dst = c->out->data + c->out->len;
    size_t n = clean(subject, strlen(subject), dst);
    const char *s = strip_prefixes(dst);
    n -= (size_t)(s - dst);
    memmove(dst, s, n + 1);
    if (n == 0 || !is_command(c, dst))
        return;
    if (c->count < c->max)
        c->subject_cmd = dst;
    keep(c, n);
}

static void take_body(collect *c, const char *text, size_t len)
{
    size_t pos = 0, n;
    const char *raw;
    int blank = 1;
    while (next_line(text, len, &pos, &raw, &n)) {
        char *dst = c->out->data + c->out->len;
        n = clean(raw, n, dst);
        if (n == 0 || dst[0] == '>') {
            blank = n == 0;
            continue;
        }
        if (stops(dst, n, text, len, pos, blank))
            return;
        blank = 0;
        if (!is_command(c, dst)) {
            c->ignored++;
        } else if (!(c->body_cmds++ == 0 && c->subject_cmd && !strcmp(c->subject_cmd, dst))) {
            keep(c, n);
        }
    }
}

size_t mail_commands(const mail_msg *m, const char *const *command_words, lx_buf *out,
                     const char **lines, size_t max, size_t *dropped, size_t *ignored)
{
    collect c = {out, command_words, lines, max, 0, 0, 0, NULL, 0};
    const char *text = m->text.data ? m->text.data : "";
    lx_buf_clear(out);
    if (lx_buf_reserve(out, strlen(m->subject) + m->text.len + 4) != 0) {
        if (dropped)
            *dropped = (size_t)-1;
        if (ignored)
            *ignored = 0;
        return 0;
    }
    take_subject(&c, m->subject);
    take_body(&c, text, m->text.len);
    out->data[out->len] = 0;
    if (dropped)
        *dropped = c.dropped;
    if (ignored)
        *ignored = c.ignored;
    return c.count;
}

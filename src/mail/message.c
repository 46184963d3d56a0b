/* mail/message.c - one mail message: its header fields and the text of its
 * first text part, in UTF-8.
 *
 * Header blocks are read line by line (CRLF, LF or a bare CR), folded lines
 * joined, at most MAIL_MAX_HEADER_LINES lines and MAIL_MAX_HEADER_BYTES bytes
 * of each block considered.  MIME parts are walked in document order with an
 * explicit stack of open boundaries (MAIL_MAX_DEPTH), never by recursion:
 * a leaf part ends at the next delimiter line of any open boundary, a close
 * delimiter pops its multipart (and any left open inside it). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "mail/mail_int.h"
#include "mail/message.h"

#define NAME_CAP 64
#define VALUE_CAP 4096 /* of one unfolded field; the rest is cut */
#define BOUNDARY_CAP 128

/* ---- lines and header blocks ----------------------------------------------------- */

/* The length of the line at p (without its end); *next is past its end. */
static size_t line_at(const char *p, const char *end, const char **next)
{
    const char *q = p;
    while (q < end && *q != '\n' && *q != '\r')
        q++;
    size_t n = (size_t)(q - p);
    if (q < end && *q++ == '\r' && q < end && *q == '\n')
        q++;
    *next = q;
    return n;
}

static int is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return 0;
    return 1;
}

/* A field's line "Name: value" (blanks allowed before the colon): the
 * length of the name, with *value past the colon; 0 when it is not one. */
static size_t field_name(const char *s, size_t n, size_t *value)
{
    size_t i = 0;
    while (i < n && s[i] > 32 && s[i] < 127 && s[i] != ':')
        i++;
    size_t name = i;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (name == 0 || i >= n || s[i] != ':')
        return 0;
    *value = i + 1;
    return name;
}

typedef struct hdr_iter {
    const char *p, *end; /* after the block: where the body starts */
    size_t lines, bytes;
} hdr_iter;

static void append_cut(char *dst, size_t *len, size_t cap, const char *s, size_t n)
{
    size_t room = cap - 1 - *len;
    if (n > room)
        n = room;
    memcpy(dst + *len, s, n);
    *len += n;
    dst[*len] = 0;
}

/* The next field of the block: 1 with its name and unfolded value (cut at
 * their caps), 0 at the end of the block (a blank line, taken; or a line
 * that is not a field, left for the body).  Fields past the block's caps
 * are passed over. */
static int hdr_next(hdr_iter *it, char name[NAME_CAP], char value[VALUE_CAP])
{
    while (it->p < it->end) {
        const char *next, *line = it->p;
        size_t n = line_at(line, it->end, &next), v = 0, nlen;
        if (is_blank(line, n)) {
            it->p = next;
            return 0;
        }
        if ((nlen = field_name(line, n, &v)) == 0)
            return 0;
        size_t vlen = 0, nl = 0;
        value[0] = 0;
        append_cut(name, &nl, NAME_CAP, line, nlen);
        append_cut(value, &vlen, VALUE_CAP, line + v, n - v);
        it->bytes += (size_t)(next - line);
        it->lines++;
        while (next < it->end && (*next == ' ' || *next == '\t')) {
            const char *after;
            size_t m = line_at(next, it->end, &after);
            if (is_blank(next, m))
                break;
            append_cut(value, &vlen, VALUE_CAP, next, m);
            it->bytes += (size_t)(after - next);
            it->lines++;
            next = after;
        }
        it->p = next;
        if (it->lines <= MAIL_MAX_HEADER_LINES && it->bytes <= MAIL_MAX_HEADER_BYTES)
            return 1;
    }
    return 0;
}

/* ---- small values ------------------------------------------------------------------ */

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Copy s[0..n) into dst, cut on a UTF-8 boundary to fit cap. */
static void copy_cut(char *dst, size_t cap, const char *s, size_t n)
{
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, s, n);
    dst[n] = 0;
}

/* The first word of v (up to a blank, ';' or '('), printable ASCII, lowercased. */
static void keyword(const char *v, char *dst, size_t cap)
{
    size_t k = 0;
    for (const char *p = skip_blanks(v); *p > 32 && *p < 127 && *p != ';' && *p != '(' && k + 1 < cap; p++)
        dst[k++] = (char)tolower((unsigned char)*p);
    dst[k] = 0;
}

/* v trimmed, each control character or non-ASCII byte left out. */
static void printable(const char *v, char *dst, size_t cap)
{
    size_t k = 0;
    for (const char *p = skip_blanks(v); *p && k + 1 < cap; p++)
        if (*p >= 32 && *p < 127)
            dst[k++] = *p;
    while (k > 0 && dst[k - 1] == ' ')
        k--;
    dst[k] = 0;
}

/* ---- addresses and message ids ------------------------------------------------------ */

/* v with its comments replaced by a blank (quoted strings kept as they are). */
static void strip_comments(const char *v, char *out, size_t cap)
{
    size_t k = 0, depth = 0;
    int quoted = 0;
    for (const char *p = v; *p && k + 2 < cap; p++) {
        int escaped = *p == '\\' && p[1];
        if (depth) {
            p += escaped;
            depth += *p == '(' && !escaped;
            depth -= *p == ')' && !escaped;
            continue;
        }
        if (!quoted && *p == '(') {
            depth = 1;
            out[k++] = ' ';
            continue;
        }
        if (quoted && escaped) {
            out[k++] = *p++;
        } else if (*p == '"') {
            quoted = !quoted;
        }
        out[k++] = *p;
    }
    out[k] = 0;
}

/* The first character of set in s outside quoted strings (and, with
 * in_angle false, outside <...>), or NULL. */
static const char *find_outside(const char *s, const char *set, int in_angle)
{
    int quoted = 0, angle = 0;
    for (const char *p = s; *p; p++) {
        if (quoted) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                quoted = 0;
            continue;
        }
        if (*p == '"')
            quoted = 1;
        else if (strchr(set, *p) && (in_angle || !angle))
            return p;
        else if (*p == '<')
            angle = 1;
        else if (*p == '>')
            angle = 0;
    }
    return NULL;
}

/* A plain local@domain: the only kind kept. */
static int addr_ok(const char *s, size_t n)
{
    const char *at = memchr(s, '@', n);
    if (!at || at == s || at == s + n - 1 || s[0] == '-' || memchr(at + 1, '@', (size_t)(s + n - at - 1)))
        return 0;
    size_t local = (size_t)(at - s), domain = n - local - 1;
    for (size_t i = 0; i < local; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr(".!#%&'*+/=?^_{}~-", s[i]))
            return 0;
    for (size_t i = 0; i < domain; i++)
        if (!isalnum((unsigned char)at[1 + i]) && !strchr(".-", at[1 + i]))
            return 0;
    return at[1] != '.' && at[1] != '-';
}

/* The addr-spec of the first mailbox of an address list (group syntax
 * and route allowed), "" when there is none fit to keep. */
static void first_address(const char *v, char *dst, size_t cap)
{
    char s[VALUE_CAP];
    strip_comments(v, s, sizeof s);
    const char *start = s, *first = find_outside(s, ":<@,", 0);
    if (first && *first == ':')
        start = first + 1;
    const char *end = find_outside(start, ",;", 0);
    if (!end)
        end = start + strlen(start);
    const char *a = start, *lt = find_outside(start, "<", 0);
    if (lt && lt < end) {
        a = lt + 1;
        const char *gt = memchr(a, '>', (size_t)(end - a));
        end = gt ? gt : end;
        for (const char *c = a; c < end; c++)
            if (*c == ':')
                a = c + 1; /* a route: @a,@b:user@host */
    }
    size_t n = (size_t)(end - a);
    lx_trim(&a, &n);
    dst[0] = 0;
    if (n < cap && addr_ok(a, n))
        copy_cut(dst, cap, a, n);
}

static int id_ok(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] <= 32 || s[i] >= 127 || s[i] == '<' || s[i] == '>')
            return 0;
    return n > 0;
}

/* The first msg-id of v without its brackets (a bare one when there are
 * no brackets), "" when none. */
static void first_id(const char *v, char *dst, size_t cap)
{
    char s[VALUE_CAP];
    strip_comments(v, s, sizeof s);
    const char *a = strchr(s, '<'), *e;
    if (a) {
        e = strchr(++a, '>');
    } else {
        a = skip_blanks(s);
        e = a + strcspn(a, " \t");
    }
    dst[0] = 0;
    if (e && (size_t)(e - a) < cap && id_ok(a, (size_t)(e - a)))
        copy_cut(dst, cap, a, (size_t)(e - a));
}

/* Every <id> of v, with brackets, one space between, as many whole as fit. */
static void all_ids(const char *v, char *dst, size_t cap)
{
    size_t k = 0;
    dst[0] = 0;
    for (const char *a = strchr(v, '<'); a; a = strchr(a + 1, '<')) {
        const char *e = strchr(a, '>');
        if (!e)
            break;
        size_t n = (size_t)(e - a + 1);
        if (!id_ok(a + 1, n - 2))
            continue;
        if (k + (k > 0) + n >= cap)
            break;
        if (k)
            dst[k++] = ' ';
        memcpy(dst + k, a, n);
        k += n;
        dst[k] = 0;
        a = e;
    }
}

static void subject(const char *v, mail_msg *m)
{
    lx_buf t = LX_BUF_INIT;
    const char *s = skip_blanks(v);
    if (mail_decode_words(s, strlen(s), &t) != 0 || !t.data) {
        lx_buf_free(&t);
        return;
    }
    for (size_t i = 0; i < t.len; i++)
        if ((unsigned char)t.data[i] < 32 || t.data[i] == 127)
            t.data[i] = ' ';
    const char *d = t.data;
    size_t n = t.len;
    lx_trim(&d, &n);
    copy_cut(m->subject, sizeof m->subject, d, n);
    lx_buf_free(&t);
}

/* ---- MIME fields -------------------------------------------------------------------- */

typedef struct part_info {
    char type[64];             /* "text/plain", lowercased */
    char charset[48];          /* as given, printable ASCII; "" for none */
    char boundary[BOUNDARY_CAP];
    char cte[32];              /* lowercased; "" for none */
    int attachment;
} part_info;

static const part_info default_part = {"text/plain", "", "", "", 0};

/* One parameter value at p (quoted or a token): copied, printable ASCII;
 * returns past it. */
static const char *param_value(const char *p, char *dst, size_t cap)
{
    size_t k = 0;
    p = skip_blanks(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
            p += *p == '\\' && p[1];
            if (*p >= 32 && *p < 127 && k + 1 < cap)
                dst[k++] = *p;
        }
        p += *p == '"';
    } else {
        for (; *p > 32 && *p < 127 && *p != ';'; p++)
            if (k + 1 < cap)
                dst[k++] = *p;
    }
    dst[k] = 0;
    return p;
}

static void content_type(const char *v, part_info *pi)
{
    keyword(v, pi->type, sizeof pi->type);
    if (!strchr(pi->type, '/'))
        snprintf(pi->type, sizeof pi->type, "text/plain");
    const char *p = strchr(v, ';');
    while (p && *p) {
        char name[32], val[BOUNDARY_CAP + 1];
        size_t k = 0;
        for (p = skip_blanks(p + 1); *p && *p != '=' && *p != ';'; p++)
            if (*p > 32 && k + 1 < sizeof name)
                name[k++] = *p;
        name[k] = 0;
        if (*p != '=')
            continue;
        p = param_value(p + 1, val, sizeof val);
        if (!strcasecmp(name, "charset"))
            snprintf(pi->charset, sizeof pi->charset, "%.47s", val);
        else if (!strcasecmp(name, "boundary") && strlen(val) < BOUNDARY_CAP)
            memcpy(pi->boundary, val, strlen(val) + 1);
        p = strchr(p, ';');
    }
}

/* A Content-* field into pi; 1 when it was one. */
static int mime_field(const char *name, const char *v, part_info *pi)
{
    char word[32];
    if (!strcasecmp(name, "Content-Type"))
        content_type(v, pi);
    else if (!strcasecmp(name, "Content-Transfer-Encoding"))
        keyword(v, pi->cte, sizeof pi->cte);
    else if (!strcasecmp(name, "Content-Disposition"))
        keyword(v, word, sizeof word), pi->attachment = !strcmp(word, "attachment");
    else
        return 0;
    return 1;
}

static void top_field(mail_msg *m, const char *name, const char *v, part_info *pi)
{
    if (mime_field(name, v, pi))
        return;
    if (!strcasecmp(name, "From") && !m->from[0])
        first_address(v, m->from, sizeof m->from);
    else if (!strcasecmp(name, "Reply-To") && !m->reply_to[0])
        first_address(v, m->reply_to, sizeof m->reply_to);
    else if (!strcasecmp(name, "Return-Path") && !m->has_return_path)
        m->has_return_path = 1, first_address(v, m->return_path, sizeof m->return_path);
    else if (!strcasecmp(name, "Message-ID") && !m->message_id[0])
        first_id(v, m->message_id, sizeof m->message_id);
    else if (!strcasecmp(name, "In-Reply-To") && !m->in_reply_to[0])
        first_id(v, m->in_reply_to, sizeof m->in_reply_to);
    else if (!strcasecmp(name, "References") && !m->references[0])
        all_ids(v, m->references, sizeof m->references);
    else if (!strcasecmp(name, "Subject") && !m->subject[0])
        subject(v, m);
    else if (!strcasecmp(name, "Auto-Submitted") && !m->auto_submitted[0])
        keyword(v, m->auto_submitted, sizeof m->auto_submitted);
    else if (!strcasecmp(name, "Precedence") && !m->precedence[0])
        keyword(v, m->precedence, sizeof m->precedence);
    else if (!strcasecmp(name, "List-Id") || !strcasecmp(name, "List-Unsubscribe"))
        m->has_list_id = 1;
    else if (!strcasecmp(name, "X-Ludex") && !m->x_ludex[0])
        printable(v, m->x_ludex, sizeof m->x_ludex);
}

/* ---- the text ----------------------------------------------------------------------- */

/* s[0..n) with CRLF and CR as LF and NUL bytes left out, appended to out. */
static int append_lines(lx_buf *out, const char *s, size_t n)
{
    if (lx_buf_reserve(out, n) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\r')
            i += i + 1 < n && s[i + 1] == '\n';
        if (s[i] != 0)
            lx_buf_append_char(out, s[i] == '\r' ? '\n' : s[i]);
    }
    return 0;
}

/* A part's body, decoded and in UTF-8 (HTML turned into text), as m->text. */
static int take_text(mail_msg *m, const part_info *pi, const char *s, size_t n, const char *how)
{
    lx_buf raw = LX_BUF_INIT, utf = LX_BUF_INIT, html = LX_BUF_INIT;
    int rc = 0, is_html = !strcmp(pi->type, "text/html");
    if (!strcmp(pi->cte, "base64"))
        rc = mail_base64_decode(s, n, &raw);
    else if (!strcmp(pi->cte, "quoted-printable"))
        rc = mail_qp_decode(s, n, 0, &raw);
    else
        rc = lx_buf_append(&raw, s, n);
    if (rc == 0)
        rc = mail_to_utf8(pi->charset, raw.data ? raw.data : "", raw.len, &utf);
    if (rc == 0 && is_html)
        rc = mail_html_to_text(utf.data ? utf.data : "", utf.len, &html);
    const lx_buf *t = is_html ? &html : &utf;
    lx_buf_clear(&m->text);
    if (rc == 0)
        rc = append_lines(&m->text, t->data ? t->data : "", t->len);
    snprintf(m->content_note, sizeof m->content_note, "%.32s; charset=%.24s; %.16s%.33s", pi->type,
             pi->charset[0] ? pi->charset : "us-ascii", pi->cte[0] ? pi->cte : "7bit", how);
    lx_buf_free(&raw);
    lx_buf_free(&utf);
    lx_buf_free(&html);
    return rc;
}

typedef struct walk {
    const char *end;
    char bound[MAIL_MAX_DEPTH][BOUNDARY_CAP];
    int depth;
    part_info html; /* the first text/html part, kept in case no text/plain comes */
    const char *html_s;
    size_t html_n;
} walk;

typedef struct delim {
    const char *start, *after; /* the delimiter line, and past it */
    int level, close;
} delim;

/* Whether the line s[0..n) is "--boundary" or "--boundary--" (then *close),
 * with trailing blanks. */
static int delim_line(const char *s, size_t n, const char *b, int *close)
{
    size_t bl = strlen(b);
    if (n < 2 + bl || s[0] != '-' || s[1] != '-' || memcmp(s + 2, b, bl))
        return 0;
    s += 2 + bl, n -= 2 + bl;
    *close = n >= 2 && s[0] == '-' && s[1] == '-';
    if (*close)
        s += 2, n -= 2;
    return is_blank(s, n);
}

/* The next delimiter line of any open boundary (innermost first) from p. */
static int find_delim(const walk *w, const char *p, delim *d)
{
    while (w->depth > 0 && p < w->end) {
        const char *next;
        size_t n = line_at(p, w->end, &next);
        int close;
        for (int l = w->depth - 1; n >= 2 && p[0] == '-' && p[1] == '-' && l >= 0; l--)
            if (delim_line(p, n, w->bound[l], &close)) {
                *d = (delim){p, next, l, close};
                return 1;
            }
        p = next;
    }
    return 0;
}

/* From p, past the next delimiter that opens a part (closing ones pop
 * their multipart): 1 with *part at the part, 0 when none comes. */
static int next_part(walk *w, const char *p, const char **part)
{
    delim d;
    while (find_delim(w, p, &d)) {
        w->depth = d.level + 1;
        if (!d.close) {
            *part = d.after;
            return 1;
        }
        w->depth = d.level;
        p = d.after;
    }
    return 0;
}

/* A leaf's body: up to the line end before the next delimiter, or the end. */
static size_t leaf_len(const walk *w, const char *p)
{
    delim d;
    if (!find_delim(w, p, &d))
        return (size_t)(w->end - p);
    const char *e = d.start;
    if (e > p && e[-1] == '\n')
        e--;
    if (e > p && e[-1] == '\r')
        e--;
    return (size_t)(e - p);
}

/* A part's own header block at p: its Content-* fields; returns its body. */
static const char *part_headers(const walk *w, const char *p, part_info *pi)
{
    char name[NAME_CAP], value[VALUE_CAP];
    hdr_iter it = {p, w->end, 0, 0};
    *pi = default_part;
    while (hdr_next(&it, name, value))
        mime_field(name, value, pi);
    return it.p;
}

/* Walk the parts from the top entity (pi, body at p): 1 when a text/plain
 * part was taken, 0 when none, -1 when out of memory. */
static int walk_parts(walk *w, mail_msg *m, part_info pi, const char *p)
{
    for (int parts = 0; parts < MAIL_MAX_PARTS; parts++) {
        if (!strncmp(pi.type, "multipart/", 10) && pi.boundary[0] && w->depth < MAIL_MAX_DEPTH) {
            memcpy(w->bound[w->depth++], pi.boundary, BOUNDARY_CAP);
            if (!next_part(w, p, &p)) {
                if (parts > 0)
                    return 0;
                pi = default_part; /* no delimiter at all: read the body as text */
                const char *how = " (multipart without its boundary)";
                return take_text(m, &pi, p, (size_t)(w->end - p), how) ? -1 : 1;
            }
        } else {
            size_t n = leaf_len(w, p);
            if (!pi.attachment && !strcmp(pi.type, "text/plain"))
                return take_text(m, &pi, p, n, "") ? -1 : 1;
            if (!pi.attachment && !strcmp(pi.type, "text/html") && !w->html_s)
                w->html = pi, w->html_s = p, w->html_n = n;
            if (!next_part(w, p + n, &p))
                return 0;
        }
        p = part_headers(w, p, &pi);
    }
    return 0;
}

/* ---- the message -------------------------------------------------------------------- */

static int fail(mail_msg *m, char *err, size_t errcap, const char *what)
{
    mail_msg_free(m);
    if (errcap)
        snprintf(err, errcap, "%s", what);
    return -1;
}

int mail_parse(const char *raw, size_t len, mail_msg *m, char *err, size_t errcap)
{
    memset(m, 0, sizeof *m);
    if (errcap)
        err[0] = 0;
    if (len > MAIL_MAX_BYTES) {
        m->truncated = 1; /* read as far as the limit: whom to answer is in the headers */
        len = MAIL_MAX_BYTES;
    }
    if (!raw)
        raw = "";
    const char *p = raw, *end = raw + len;
    if (len >= 5 && !memcmp(raw, "From ", 5))
        line_at(raw, end, &p); /* an mbox separator line */
    char name[NAME_CAP], value[VALUE_CAP];
    hdr_iter it = {p, end, 0, 0};
    part_info pi = default_part;
    while (hdr_next(&it, name, value))
        top_field(m, name, value, &pi);
    if (it.lines == 0) /* (a first field over the caps is a field, only not read) */
        return fail(m, err, errcap,
                    "the message has no header: its first line is not a field \"Name: value\"");
    walk w = {.end = end};
    int rc = walk_parts(&w, m, pi, it.p);
    if (rc == 0 && w.html_s)
        rc = take_text(m, &w.html, w.html_s, w.html_n, "") ? -1 : 1;
    if (rc < 0)
        return fail(m, err, errcap, "out of memory while decoding the message's text");
    if (lx_buf_append(&m->text, "", 0) != 0) /* an empty text is "", not NULL */
        return fail(m, err, errcap, "out of memory while decoding the message's text");
    return 0;
}

void mail_msg_free(mail_msg *m)
{
    lx_buf_free(&m->text);
}

const char *mail_answer_address(const mail_msg *m)
{
    return m->has_return_path ? m->return_path : m->from;
}

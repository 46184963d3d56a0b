/* mail/html.c - an HTML mail part read as text, the way a person sees it.
 *
 * One pass, no tree and no recursion: tags are dropped, block elements and
 * <br> end lines, script/style/title contents are left out, and so is
 * everything inside <blockquote> (a quoted reply; nesting is counted).
 * White space runs collapse to one space outside <pre>.  Entities: the
 * numeric ones and the common named ones; an unknown one stays as typed. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/mail_int.h"

typedef struct html_state {
    lx_buf *out;
    int quote; /* open <blockquote>s */
    int pre;   /* open <pre>s */
    int space; /* a blank is due before the next character */
} html_state;

static int out_last(const html_state *h)
{
    return h->out->len ? h->out->data[h->out->len - 1] : '\n';
}

static int put_byte(html_state *h, char c)
{
    if (h->quote)
        return 0;
    if (!h->pre && (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f')) {
        h->space = 1;
        return 0;
    }
    if (c == '\r')
        return 0;
    if (h->space && out_last(h) != '\n' && out_last(h) != ' ' && lx_buf_append_char(h->out, ' ') != 0)
        return -1;
    h->space = 0;
    return lx_buf_append_char(h->out, c);
}

static int line_end(html_state *h)
{
    h->space = 0;
    if (h->quote)
        return 0;
    size_t n = h->out->len;
    if (n >= 2 && h->out->data[n - 1] == '\n' && h->out->data[n - 2] == '\n')
        return 0;
    return lx_buf_append_char(h->out, '\n');
}

static const struct {
    const char *name;
    unsigned cp;
} entities[] = {
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},     {"apos", '\''},
    {"nbsp", ' '},     {"copy", 0xA9},    {"reg", 0xAE},     {"hellip", 0x2026}, {"mdash", 0x2014},
    {"ndash", 0x2013}, {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
    {"laquo", 0xAB},   {"raquo", 0xBB},   {"euro", 0x20AC},  {"eacute", 0xE9},  {"egrave", 0xE8},
    {"agrave", 0xE0},  {"auml", 0xE4},    {"ouml", 0xF6},    {"uuml", 0xFC},    {"Auml", 0xC4},
    {"Ouml", 0xD6},    {"Uuml", 0xDC},    {"szlig", 0xDF},   {"ccedil", 0xE7},  {"ntilde", 0xF1},
    {"times", 0xD7},   {"middot", 0xB7},  {"bull", 0x2022},  {"deg", 0xB0},     {"shy", 0xAD},
};

/* The code point of the entity at s ("&...;"), with its length; 0 when none. */
static size_t entity(const char *s, size_t n, unsigned long *cp)
{
    size_t semi = 1;
    while (semi < n && semi < 12 && s[semi] != ';')
        semi++;
    if (semi >= n || s[semi] != ';' || semi < 2)
        return 0;
    char name[12];
    memcpy(name, s + 1, semi - 1);
    name[semi - 1] = 0;
    if (name[0] == '#') {
        int hex = name[1] == 'x' || name[1] == 'X';
        const char *digits = name + 1 + hex;
        if (!*digits || strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789") != strlen(digits))
            return 0;
        *cp = strtoul(digits, NULL, hex ? 16 : 10);
        return semi + 1;
    }
    for (size_t i = 0; i < sizeof entities / sizeof entities[0]; i++)
        if (!strcmp(name, entities[i].name)) {
            *cp = entities[i].cp;
            return semi + 1;
        }
    return 0;
}

static int put_entity(html_state *h, unsigned long cp)
{
    lx_buf one = LX_BUF_INIT;
    int rc = mail_put_utf8(&one, cp);
    for (size_t i = 0; rc == 0 && i < one.len; i++)
        rc = put_byte(h, one.data[i]);
    lx_buf_free(&one);
    return rc;
}

/* Where the tag starting at s[0] == '<' ends (just past its '>', quotes
 * respected), or n. */
static size_t tag_end(const char *s, size_t n)
{
    char q = 0;
    for (size_t i = 1; i < n; i++) {
        if (q) {
            if (s[i] == q)
                q = 0;
        } else if (s[i] == '"' || s[i] == '\'') {
            q = s[i];
        } else if (s[i] == '>') {
            return i + 1;
        }
    }
    return n;
}

/* Past the end tag "</name ...>" from s, or n when it never comes. */
static size_t skip_element(const char *s, size_t n, const char *name)
{
    size_t len = strlen(name);
    for (size_t i = 0; i + 2 + len <= n; i++)
        if (s[i] == '<' && s[i + 1] == '/' && !strncasecmp(s + i + 2, name, len))
            return i + tag_end(s + i, n - i);
    return n;
}

static int is_block(const char *name)
{
    static const char *const blocks[] = {"br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5",
                                         "h6", "ul", "ol", "table", "hr", "pre", "dt", "dd", "blockquote"};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        if (!strcmp(name, blocks[i]))
            return 1;
    return 0;
}

/* One tag at s[0] == '<': its effect, and how much of s it takes. */
static size_t tag(html_state *h, const char *s, size_t n, int *rc)
{
    if (n >= 4 && !strncmp(s, "<!--", 4)) {
        const char *e = NULL;
        for (size_t i = 4; i + 3 <= n && !e; i++)
            if (!strncmp(s + i, "-->", 3))
                e = s + i + 3;
        return e ? (size_t)(e - s) : n;
    }
    size_t i = 1, k = 0;
    int closing = i < n && s[i] == '/';
    i += (size_t)closing;
    char name[16];
    while (i < n && k < sizeof name - 1 && isalnum((unsigned char)s[i]))
        name[k++] = (char)tolower((unsigned char)s[i++]);
    name[k] = 0;
    if (k == 0 && !(i < n && s[i] == '!')) {
        *rc = put_byte(h, '<');
        return 1;
    }
    size_t end = tag_end(s, n);
    if (!closing && (!strcmp(name, "script") || !strcmp(name, "style") || !strcmp(name, "title")))
        return end + skip_element(s + end, n - end, name);
    if (is_block(name))
        *rc = line_end(h);
    if (!strcmp(name, "blockquote") && (closing ? h->quote > 0 : h->quote < 1000))
        h->quote += closing ? -1 : 1;
    if (!strcmp(name, "pre") && (closing ? h->pre > 0 : h->pre < 1000))
        h->pre += closing ? -1 : 1;
    return end;
}

int mail_html_to_text(const char *s, size_t n, lx_buf *out)
{
    html_state h = {out, 0, 0, 0};
    int rc = 0;
    size_t i = 0;
    while (rc == 0 && i < n) {
        unsigned long cp;
        size_t used;
        if (s[i] == '<') {
            i += tag(&h, s + i, n - i, &rc);
        } else if (s[i] == '&' && (used = entity(s + i, n - i, &cp)) > 0) {
            rc = put_entity(&h, cp);
            i += used;
        } else {
            rc = put_byte(&h, s[i++]);
        }
    }
    return rc;
}

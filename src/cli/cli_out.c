/* cli_out.c - printing diagnostics, and JSON lines through jansson.
 *
 * Human output follows the compiler convention "FILE:LINE:COL: severity:
 * message [CODE]" so editors can jump to the place.  JSON output is one
 * compact object per line with keys in the order they were added; every
 * string goes through cli_json_stringn, which replaces bytes that are not
 * UTF-8 (a file name, a message cut short) instead of failing. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

void cli_print_diag(FILE *f, const char *name, const lx_diag *d)
{
    if (d->line > 0)
        fprintf(f, "%s:%lu:%lu: ", name, (unsigned long)d->line, (unsigned long)d->col);
    else
        fprintf(f, "%s: ", name);
    fprintf(f, "%s: %s [%s]\n", lx_severity_name(d->severity), d->message ? d->message : "", d->code);
}

void cli_print_diags(FILE *f, const char *name, const lx_diag_list *l)
{
    /* a list past its limit ends with the library's TOO_MANY_DIAGNOSTICS */
    size_t n = lx_diag_count(l);
    for (size_t i = 0; i < n; i++)
        cli_print_diag(f, name, lx_diag_get(l, i));
}

size_t cli_count(const lx_diag_list *l, lx_severity min)
{
    return lx_diag_count_at_least(l, min);
}

/* ---- JSON ------------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    return len;
}

json_t *cli_json_stringn(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, k;
    while (i < len && (k = utf8_seq(u + i, len - i)) > 0)
        i += k;
    if (i == len)
        return json_stringn(s, len);
    lx_buf b = LX_BUF_INIT;
    int oom = lx_buf_append(&b, s, i);
    while (i < len && !oom) {
        k = utf8_seq(u + i, len - i);
        oom = k ? lx_buf_append(&b, s + i, k) : lx_buf_append(&b, "\xEF\xBF\xBD", 3);
        i += k ? k : 1;
    }
    json_t *j = oom ? NULL : json_stringn(b.data, b.len);
    lx_buf_free(&b);
    return j;
}

json_t *cli_json_string(const char *s)
{
    return s ? cli_json_stringn(s, strlen(s)) : json_null();
}

json_t *cli_json_diag(const lx_diag *d)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    json_object_set_new(o, "line", json_integer(d->line));
    json_object_set_new(o, "col", json_integer(d->col));
    json_object_set_new(o, "severity", json_string(lx_severity_name(d->severity)));
    json_object_set_new(o, "code", cli_json_string(d->code));
    json_object_set_new(o, "message", cli_json_string(d->message ? d->message : ""));
    return o;
}

json_t *cli_json_diags(const lx_diag_list *l)
{
    json_t *a = json_array();
    size_t n = lx_diag_count(l);
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, cli_json_diag(lx_diag_get(l, i)));
    return a;
}

int cli_json_print(json_t *obj)
{
    char *text = obj ? json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(obj);
    if (!text)
        return -1;
    fputs(text, stdout);
    fputc('\n', stdout);
    free(text);
    return 0;
}

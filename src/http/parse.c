/* http/parse.c - cookies, board paths and JSON fields, read without a socket.
 *
 * Nothing here allocates but jansson's own iteration, and every loop is
 * bounded by its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/parse.h"

const char *http_cookie_token(const char *header, char token[65])
{
    for (const char *p = header; p && *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        size_t n = strcspn(p, ";");
        if (n > 14 && !strncmp(p, "ludex_session=", 14)) {
            size_t len = n - 14 < 64 ? n - 14 : 64;
            memcpy(token, p + 14, len);
            token[len] = 0;
            return token;
        }
        p += n;
    }
    return NULL;
}

int http_board_path(const char *rest, int64_t *board, const char **what)
{
    if (strncmp(rest, "games/", 6) || rest[6] < '1' || rest[6] > '9')
        return 0;
    size_t digits = strspn(rest + 6, "0123456789");
    if (digits > 15)
        return 0;
    const char *end = rest + 6 + digits;
    if (*end && *end != '/')
        return 0;
    *board = strtoll(rest + 6, NULL, 10);
    *what = *end ? end + 1 : end;
    return 1;
}

static const char *type_name(int type)
{
    switch (type) {
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    default: return "true or false";
    }
}

static int type_ok(const json_t *v, int type)
{
    if (type == JSON_TRUE)
        return json_is_boolean(v);
    return json_typeof(v) == (json_type)type;
}

int http_check_fields(json_t *obj, const json_field *fields, char *err, size_t cap)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        const json_field *f = fields;
        while (f->name && strcmp(f->name, key))
            f++;
        if (!f->name)
            return snprintf(err, cap, "unknown field \"%.40s\"", key), -1;
        if (!type_ok(v, f->type))
            return snprintf(err, cap, "\"%s\" must be %s", f->name, type_name(f->type)), -1;
    }
    for (const json_field *f = fields; f->name; f++)
        if (f->required && !json_object_get(obj, f->name))
            return snprintf(err, cap, "\"%s\" is missing", f->name), -1;
    return 0;
}

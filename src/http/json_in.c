/* http/json_in.c - JSON request bodies, checked strictly, and text made safe for JSON out.
 *
 * A body is one JSON object (at most 64 KiB) whose fields are the handler's
 * list: a field of the wrong type, a missing required field and a field
 * the API does not know are each a 400 BAD_REQUEST that names the field, so
 * a client's typo is never silently ignored.  jansson parses (it bounds
 * nesting depth itself); duplicate keys are refused. */
#include <stdio.h>
#include <string.h>

#include <event2/buffer.h>

#include "base/text.h"
#include "http/http_int.h"

json_t *json_text(const char *text)
{
    size_t n = strlen(text);
    return json_stringn(text, lx_utf8_valid_prefix(text, n));
}

static int check_fields(http_call *c, const json_field *fields)
{
    char err[128];
    if (http_check_fields(c->args, fields, err, sizeof err) == 0)
        return 0;
    call_error(c, "BAD_REQUEST", "%s", err);
    return -1;
}

int json_body(http_call *c, const json_field *fields)
{
    struct evbuffer *in = evhttp_request_get_input_buffer(c->req);
    size_t n = evbuffer_get_length(in);
    if (n > HTTP_BODY_MAX)
        return call_error(c, "TOO_LARGE", "a request body holds at most %d bytes", HTTP_BODY_MAX), -1;
    const char *text = n ? (const char *)evbuffer_pullup(in, (ev_ssize_t)n) : "{}";
    json_error_t e;
    c->args = json_loadb(text, n ? n : 2, JSON_REJECT_DUPLICATES, &e);
    if (!c->args)
        return call_error(c, "BAD_JSON", "the body is not JSON: %s (line %d, column %d)", e.text, e.line, e.column), -1;
    if (!json_is_object(c->args))
        return call_error(c, "BAD_JSON", "the body must be a JSON object"), -1;
    return check_fields(c, fields);
}

const char *json_str(const http_call *c, const char *name)
{
    return json_string_value(json_object_get(c->args, name));
}

long long json_int(const http_call *c, const char *name) { return json_integer_value(json_object_get(c->args, name)); }

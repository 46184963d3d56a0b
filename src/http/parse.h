/* http/parse.h - the HTTP door's own parsing, with no socket and no service.
 *
 * What the door reads out of a request beyond what evhttp parses: the
 * session token in a Cookie header, a board's path, and a JSON body's
 * fields against a handler's list.  Pure functions, so the fuzz harness
 * (fuzz/fuzz_http_request.c) runs them as they are. */
#ifndef LUDEX_HTTP_PARSE_H
#define LUDEX_HTTP_PARSE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* The value of ludex_session in a Cookie header (at most 64 bytes kept), or NULL. */
const char *http_cookie_token(const char *header, char token[65]);

/* "games/N" or "games/N/what" (after /api/v1/): 1 with the board and what
 * follows its slash ("" for none), 0 when the path is not of that shape. */
int http_board_path(const char *rest, int64_t *board, const char **what);

typedef struct json_field {
    const char *name;
    int type;           /* JSON_STRING, JSON_INTEGER, JSON_OBJECT, JSON_TRUE (any boolean) */
    int required;
} json_field;

/* Check an object's fields against a NULL-terminated list: 0, or -1 with a
 * sentence in err (unknown field, wrong type, missing field). */
int http_check_fields(json_t *obj, const json_field *fields, char *err, size_t cap);

#endif

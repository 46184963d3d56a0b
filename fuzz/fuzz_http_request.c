/* fuzz_http_request.c - libFuzzer harness for the HTTP door's own parsing.
 *
 * The input is cut into three parts at the first two NUL bytes: a Cookie
 * header, a path after /api/v1/, and a JSON body (src/http/parse.c is
 * compiled in; it needs no socket).  The cookie's token must be at most 64
 * bytes and come from the header; a board path must give a positive board
 * and a suffix inside the path; a body that jansson parses (as the door
 * does: duplicates refused) is checked against the move fields and the
 * challenge fields, and a refusal must say why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/parse.h"

static const json_field move_fields[] = {{"move", JSON_STRING, 1}, {"n", JSON_INTEGER, 0}, {NULL, 0, 0}};
static const json_field challenge_fields[] = {{"game", JSON_STRING, 1}, {"opponent", JSON_STRING, 1},
                                              {"first", JSON_STRING, 0}, {"options", JSON_OBJECT, 0},
                                              {"flag", JSON_TRUE, 0}, {NULL, 0, 0}};

static void cookie(const char *h)
{
    char token[65];
    const char *t = http_cookie_token(h, token);
    if (t && (t != token || strlen(t) > 64 || !strstr(h, "ludex_session=")))
        abort();
}

static void path(const char *p)
{
    int64_t board;
    const char *what;
    if (http_board_path(p, &board, &what) && (board <= 0 || what < p || what > p + strlen(p)))
        abort();
}

static void body(const char *b, size_t n)
{
    json_error_t e;
    json_t *o = json_loadb(b, n, JSON_REJECT_DUPLICATES, &e);
    if (json_is_object(o)) {
        char err[128] = "";
        if (http_check_fields(o, move_fields, err, sizeof err) != 0 && !err[0])
            abort();
        err[0] = 0;
        if (http_check_fields(o, challenge_fields, err, sizeof err) != 0 && !err[0])
            abort();
    }
    json_decref(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size + 3);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    copy[size] = copy[size + 1] = copy[size + 2] = 0;
    const char *c = copy, *p = c + strlen(c) + 1;
    if (p > copy + size)
        p = copy + size + 1;
    const char *b = p + strlen(p) + 1;
    if (b > copy + size)
        b = copy + size + 2;
    cookie(c);
    path(p);
    body(b, (size_t)(copy + size - b > 0 ? copy + size - b : 0));
    free(copy);
    return 0;
}

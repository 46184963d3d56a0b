/* js/engine/engine.c - the Hex and Twixt search (libludex's engine) for the browser: the glue of
 * the WebAssembly build ludex-engine.js (make web-engine), which web/analysis-worker.js runs in
 * a Web Worker for the page's analysis board.
 *
 * One engine per position: made for a game kind and size, given the moves played so far, then
 * asked to think in slices (lxe_think: a search of so many seconds that goes on from the last,
 * the tree kept), each answered with what it thinks so far as JSON: the colour to move, its
 * chance to win, the playouts so far and the most visited moves with their visits and values.
 * One thread (a Web Worker is one), nothing read or written but its arguments. */
#include <emscripten/emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/buf.h"
#include "ludex/engine.h"

typedef struct lxe {
    lx_engine *e;
    long playouts;     /* playouts of every slice so far */
    double seconds;    /* and their time */
    lx_buf json;       /* the last answer */
    char error[256];   /* the last refusal */
} lxe;

/* What web/analysis-worker.js calls (each kept by EMSCRIPTEN_KEEPALIVE). */
lxe *lxe_new(const char *kind, int cols, int rows, const char *rules, unsigned seed);
const char *lxe_error(const lxe *x);
void lxe_free(lxe *x);
int lxe_play(lxe *x, const char *move);
const char *lxe_think(lxe *x, double seconds, int top);

static void say_error(lxe *x, const lx_game_error *err)
{
    snprintf(x->error, sizeof x->error, "%s: %s", err->code ? err->code : "ERROR",
             err->message.data ? err->message.data : "");
}

/* A new engine: kind "hex" or "twixt", cols x rows, rules (NULL: the default), seed (0: the clock). */
EMSCRIPTEN_KEEPALIVE lxe *lxe_new(const char *kind, int cols, int rows, const char *rules, unsigned seed)
{
    lxe *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    lx_engine_options o;
    lx_engine_options_init(&o, kind);
    o.cols = cols;
    o.rows = rows;
    o.rules = rules && rules[0] ? rules : NULL;
    o.threads = 1;
    o.seed = seed;
    lx_game_error err;
    lx_game_error_init(&err);
    x->e = lx_engine_new(&o, &err);
    if (x->e && lx_engine_new_game(x->e, cols, rows, &err) != 0) {
        lx_engine_free(x->e);
        x->e = NULL;
    }
    if (!x->e)
        say_error(x, &err);
    lx_game_error_free(&err);
    return x;
}

EMSCRIPTEN_KEEPALIVE const char *lxe_error(const lxe *x) { return x ? x->error : "out of memory"; }

EMSCRIPTEN_KEEPALIVE void lxe_free(lxe *x)
{
    if (!x)
        return;
    lx_engine_free(x->e);
    lx_buf_free(&x->json);
    free(x);
}

/* Play a move (SGF value, "e5") for the colour to move: 0, or -1 (lxe_error says why). */
EMSCRIPTEN_KEEPALIVE int lxe_play(lxe *x, const char *move)
{
    if (!x->e)
        return -1;
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = lx_engine_play(x->e, lx_engine_to_play(x->e), move, &err);
    if (rc != 0)
        say_error(x, &err);
    lx_game_error_free(&err);
    return rc;
}

/* Think `seconds` more from where the last slice stopped; what it thinks so far as JSON
 * ({"to_play":"B","over":false,"playouts":N,"seconds":S,"value":V,"moves":[{"move","visits","value"}...]}),
 * or NULL (lxe_error says why). */
EMSCRIPTEN_KEEPALIVE const char *lxe_think(lxe *x, double seconds, int top)
{
    if (!x->e)
        return NULL;
    lx_colour c = lx_engine_to_play(x->e);
    lx_buf_clear(&x->json);
    if (c == LX_NO_COLOUR) {
        lx_buf_printf(&x->json, "{\"to_play\":null,\"over\":true,\"playouts\":%ld,\"moves\":[]}", x->playouts);
        return x->json.data;
    }
    lx_engine_candidate cand[32];
    size_t n = 0;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_engine_set_budget(x->e, seconds, 0);
    int rc = lx_engine_analyse(x->e, c, cand, top > 0 && top < 32 ? (size_t)top : 32, &n, &err);
    if (rc != 0) {
        say_error(x, &err);
        lx_game_error_free(&err);
        return NULL;
    }
    lx_game_error_free(&err);
    long p;
    double s;
    lx_engine_last_search(x->e, &p, &s);
    x->playouts += p;
    x->seconds += s;
    lx_buf_printf(&x->json, "{\"to_play\":\"%s\",\"over\":false,\"playouts\":%ld,\"seconds\":%.3f,\"last\":%ld,"
                  "\"last_seconds\":%.4f,\"value\":%.4f,\"moves\":[",
                  c == LX_BLACK ? "B" : "W", x->playouts, x->seconds, p, s, n ? cand[0].value : 0.5);
    for (size_t i = 0; i < n; i++)
        lx_buf_printf(&x->json, "%s{\"move\":\"%s\",\"visits\":%ld,\"value\":%.4f}", i ? "," : "", cand[i].move,
                      cand[i].visits, cand[i].value);
    lx_buf_append_str(&x->json, "]}");
    return x->json.data;
}

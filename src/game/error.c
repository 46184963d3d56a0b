/* error.c - lx_game_error: how a game module says why it refused a move. */
#include <stdarg.h>
#include <stdio.h>

#include "ludex/game.h"

void lx_game_error_init(lx_game_error *e)
{
    e->code = NULL;
    e->message = (lx_buf)LX_BUF_INIT;
}

void lx_game_error_free(lx_game_error *e)
{
    lx_buf_free(&e->message);
    e->code = NULL;
}

int lx_game_fail(lx_game_error *e, const char *code, const char *fmt, ...)
{
    if (e == NULL)
        return -1; /* the caller asked only whether, not why */
    e->code = code;
    lx_buf_clear(&e->message);
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof small)
        n = (int)sizeof small - 1;
    lx_buf_append(&e->message, small, (size_t)n);
    return -1;
}

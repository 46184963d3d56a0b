/* write_options.c - how the SGF writer learns a game's own value syntax. */
#include <stdint.h>
#include <string.h>

#include "ludex/game.h"

static int module_value(void *ctx, const char *id, const char *raw, size_t len, lx_buf *out)
{
    const lx_game_module *m = ctx;
    return m->canonical_value(id, raw, len, out);
}

void lx_game_write_options(const lx_game_module *m, lx_sgf_write_options *wo)
{
    int drop = wo->drop_unknown;
    memset(wo, 0, sizeof *wo);
    wo->drop_unknown = drop;
    if (!m)
        return;
    wo->extra = m->props;
    wo->nextra = m->nprops;
    if (m->canonical_value) {
        wo->game_value = module_value;
        wo->ctx = (void *)(uintptr_t)m;
    }
}

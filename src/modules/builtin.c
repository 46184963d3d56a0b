/* builtin.c - the game modules built into this libludex.
 *
 * This is the one place that names every game folder (twixt/, hex/,
 * bgammon/, xword/); it sits above them so that game/ never points up.  A
 * game module joins by adding its lx_game_module to `builtins`. */
#include <strings.h>

#include "ludex/game.h"
#include "hex/hex_module.h"
#include "twixt/twixt_module.h"
#include "ludex/bgammon.h"

/* A GM with no module here is checked for syntax and the generic rules and
 * reported as "rules not checked". */
static const lx_game_module *const builtins[] = {&lx_hex_module, &lx_twixt_module, &lx_bgammon_module, NULL}; /* NULL-terminated */

const lx_game_module *lx_game_builtin_by_gm(int gm)
{
    for (const lx_game_module *const *m = builtins; *m; m++)
        if ((*m)->gm == gm && gm != 0)
            return *m;
    return NULL;
}

const lx_game_module *lx_game_builtin_by_name(const char *name)
{
    for (const lx_game_module *const *m = builtins; *m; m++)
        if (strcasecmp((*m)->name, name) == 0)
            return *m;
    return NULL;
}

lx_game_registry *lx_game_registry_new(void)
{
    lx_game_registry *reg = lx_game_registry_new_empty();
    if (!reg)
        return NULL;
    for (const lx_game_module *const *m = builtins; *m; m++) {
        if (lx_game_registry_add(reg, *m) != 0) {
            lx_game_registry_free(reg);
            return NULL;
        }
    }
    return reg;
}

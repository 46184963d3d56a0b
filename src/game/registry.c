/* registry.c - a registry of game modules, found by SGF GM number or by name,
 * and the names FF[4] gives to GM numbers.  The registry is an ordinary
 * object (no process-wide state); which modules are built in is decided one
 * layer up, in src/modules/builtin.c. */
#include <stdlib.h>
#include <strings.h>

#include "ludex/game.h"

struct lx_game_registry {
    const lx_game_module **mods;
    size_t n, cap;
};

lx_game_registry *lx_game_registry_new_empty(void)
{
    return calloc(1, sizeof(lx_game_registry));
}

void lx_game_registry_free(lx_game_registry *reg)
{
    if (!reg)
        return;
    free(reg->mods);
    free(reg);
}

int lx_game_registry_add(lx_game_registry *reg, const lx_game_module *m)
{
    if (!m || !m->name)
        return -1;
    if (reg->n == reg->cap) {
        size_t cap = reg->cap ? reg->cap * 2 : 8;
        const lx_game_module **p = realloc(reg->mods, cap * sizeof *p);
        if (!p)
            return -1;
        reg->mods = p;
        reg->cap = cap;
    }
    reg->mods[reg->n++] = m;
    return 0;
}

const lx_game_module *lx_game_by_gm(const lx_game_registry *reg, int gm)
{
    for (size_t i = reg->n; i-- > 0;)
        if (reg->mods[i]->gm == gm && gm != 0)
            return reg->mods[i];
    return NULL;
}

const lx_game_module *lx_game_by_name(const lx_game_registry *reg, const char *name)
{
    for (size_t i = reg->n; i-- > 0;)
        if (strcasecmp(reg->mods[i]->name, name) == 0)
            return reg->mods[i];
    return NULL;
}

static const char *const gm_names[] = {
    NULL, "Go", "Othello", "Chess", "Gomoku+Renju", "Nine Men's Morris", "Backgammon",
    "Chinese chess", "Shogi", "Lines of Action", "Ataxx", "Hex", "Jungle", "Neutron",
    "Philosopher's Football", "Quadrature", "Trax", "Tantrix", "Amazons", "Octi", "Gess",
    "Twixt", "Zertz", "Plateau", "Yinsh", "Punct", "Gobblet", "Hive", "Exxit", "Hnefatafl",
    "Kuba", "Tripples", "Chase", "Tumbling Down", "Sahara", "Byte", "Focus", "Dvonn", "Tamsk",
    "Gipf", "Kropki",
};

const char *lx_game_gm_name(int gm)
{
    if (gm <= 0 || (size_t)gm >= sizeof gm_names / sizeof gm_names[0])
        return NULL;
    return gm_names[gm];
}

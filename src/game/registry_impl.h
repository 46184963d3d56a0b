/* registry_impl.h - what the layer above game/ needs to fill a registry. */
#ifndef LX_GAME_REGISTRY_IMPL_H
#define LX_GAME_REGISTRY_IMPL_H

#include "ludex/game.h"

/* A registry with no modules in it. */
lx_game_registry *lx_game_registry_empty(void);

#endif

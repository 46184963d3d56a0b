/* hex_module.h - the Hex game module, for the list of built-in modules (modules/builtin.c). */
#ifndef LX_HEX_MODULE_H
#define LX_HEX_MODULE_H

#include "ludex/hex.h" /* extern const lx_game_module lx_hex_module */

#endif

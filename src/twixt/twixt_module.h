/* twixt_module.h - the Twixt game module, for the list of built-in modules (modules/builtin.c). */
#ifndef LX_TWIXT_MODULE_H
#define LX_TWIXT_MODULE_H

#include "ludex/twixt.h" /* extern const lx_game_module lx_twixt_module */

#endif

/* ludex/ludex.h - everything libludex offers, in one include. */
#ifndef LUDEX_H
#define LUDEX_H

#include "bgammon.h"
#include "buf.h"
#include "convert.h"
#include "diag.h"
#include "engine.h"
#include "game.h"
#include "hex.h"
#include "htp.h"
#include "position.h"
#include "sgf.h"
#include "twixt.h"
#include "version.h"
#include "xword.h"

#endif

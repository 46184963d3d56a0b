/* version.c - the version of the linked library. */
#include "ludex/version.h"

const char *lx_version(void) { return LX_VERSION_STRING; }

/* ludex/version.h - the library's version. */
#ifndef LUDEX_VERSION_H
#define LUDEX_VERSION_H

#define LX_VERSION_MAJOR 0
#define LX_VERSION_MINOR 1
#define LX_VERSION_PATCH 0
#define LX_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif
/* The version of the library actually linked, e.g. "0.1.0". */
const char *lx_version(void);
#ifdef __cplusplus
}
#endif
#endif

/* base/clock.h - the monotonic clock in seconds, for the time budgets of
 * searches and solvers (engine.c's lx_engine_now, the Hex solver's
 * deadline): never set back, unlike the time of day. */
#ifndef LX_BASE_CLOCK_H
#define LX_BASE_CLOCK_H

#include <time.h>

static inline double lx_clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif

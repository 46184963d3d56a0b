/* service/connections.c - how many connections each address holds, on every door.
 *
 * A door asks before it serves a new connection (svc_connection_open) and
 * says when one ends (svc_connection_close), so one address holds at most
 * max_per_address connections in all, whatever door it comes through.  A
 * count lives in the map only while it is above zero. */
#include <stdlib.h>

#include "service/ops.h"

int svc_connection_open(srv *s, const char *addr)
{
    int *n = map_get(ops_of(s)->conn_counts, addr);
    if (ops_of(s)->max_per_address > 0 && n && *n >= ops_of(s)->max_per_address)
        return 0;
    if (!n) {
        if (!(n = calloc(1, sizeof *n)) || map_put(ops_of(s)->conn_counts, addr, n) != 0) {
            free(n);
            return 0;
        }
    }
    ++*n;
    return 1;
}

void svc_connection_close(srv *s, const char *addr)
{
    int *n = map_get(ops_of(s)->conn_counts, addr);
    if (n && --*n <= 0)
        free(map_remove(ops_of(s)->conn_counts, addr));
}

int svc_connections_max(const srv *s) { return ops_of(s)->max_per_address; }

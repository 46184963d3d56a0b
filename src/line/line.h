/* line/line.h - the line-protocol door: TCP connections, one command per line.
 *
 * The door reads a line, parses it (service/commands.c), calls the service, and writes
 * the reply: "OK ..." or "ERR CODE message", body lines, ".".  It holds
 * no game or account logic: every rule is the service's, and every error
 * code comes from it.  A connection runs one command at a time; a reply the
 * service says must wait for a commit waits (svc_wait_for), and a command
 * whose password check runs on the hash threads runs again when it is over
 * (the verified credential is then in the service's cache).  Lines that
 * arrive meanwhile stay in the input buffer, so answers come back in order.
 * This header is what the rest of ludexd sees of the door: open, adopt a socket,
 * stop, close.  Its connections and commands are its own (line_int.h).
 */
#ifndef LUDEX_LINE_H
#define LUDEX_LINE_H

#include <event2/event.h>

#include "service/service.h"

typedef struct line_door line_door;

/* ---- the door (conn.c) --------------------------------------------------------- */
typedef struct line_config {
    const char *listen;      /* HOST:PORT; NULL: no listening socket (line_door_adopt only) */
    int line_timeout;        /* seconds a started command line may take to end, and a
                                client over its output limit may stay so */
    int idle_timeout;        /* seconds a connection not logged in may stay idle */
    int login_idle_timeout;  /* seconds a logged-in one may (watchers never time out) */
} line_config;

/* Listen.  NULL with a message in err. */
line_door *line_door_open(srv *s, struct event_base *base, const line_config *cfg, char *err, size_t errcap);
void line_door_stop_listening(line_door *d);
/* SIGTERM: stop listening; every connection gets a one-line notice ("* NOTICE ludexd is
 * stopping ...") and closes after the reply of the command it runs (at once when none).  The
 * commands running go on to their replies; line_door_busy counts them. */
void line_door_drain(line_door *d);
size_t line_door_busy(const line_door *d);
/* Serve a connected socket as if it had been accepted from `addr` (tests, fuzzing). */
void line_door_adopt(line_door *d, evutil_socket_t fd, const char *addr);
void line_door_close(line_door *d);

#endif

/* store/store.c - picking a backend for a location, and freeing rows.
 *
 * Only SQLite exists today: every location is a path to an SQLite file.  A
 * PostgreSQL backend will be chosen here by a "postgres://" prefix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

store *store_open(const char *location, char *err, size_t errcap)
{
    if (strncmp(location, "postgres://", 11) == 0 || strncmp(location, "postgresql://", 13) == 0) {
        snprintf(err, errcap, "no PostgreSQL backend in this build");
        return NULL;
    }
    return store_sqlite_backend.open(location, err, errcap);
}

void store_close(store *s)
{
    if (s)
        s->be->close(s);
}

void store_user_clear(store_user *u)
{
    free(u->pwhash);
    free(u->email);
    u->pwhash = u->email = NULL;
}

void store_game_clear(store_game *g)
{
    free(g->options);
    free(g->state);
    free(g->clock);
    g->options = g->state = g->clock = NULL;
}

void store_mail_clear(store_mail *m)
{
    free(m->message);
    m->message = NULL;
}

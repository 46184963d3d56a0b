/* store/pg_store.h - internals shared by the files of the PostgreSQL backend. */
#ifndef LUDEX_PG_STORE_H
#define LUDEX_PG_STORE_H

#include <libpq-fe.h>
#include <stddef.h>

#include "store/store.h"

/* Bring the schema up to date (see pg_migrate.c).  0, or -1 with err. */
int pg_store_migrate(PGconn *c, char *err, size_t errcap);
/* The schema version this build writes. */
int pg_store_schema_version(void);
/* The connection of a PostgreSQL store for statements of pg_tournaments.c between the store's
 * own batches: as it is within a transaction they began, else usable (reconnected if it was
 * lost); NULL with err when it cannot be. */
PGconn *pg_store_conn(store *s, char *err, size_t errcap);

#endif

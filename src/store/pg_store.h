/* store/pg_store.h - internals shared by the files of the PostgreSQL backend. */
#ifndef LUDEX_PG_STORE_H
#define LUDEX_PG_STORE_H

#include <libpq-fe.h>
#include <stddef.h>

/* Bring the schema up to date (see pg_migrate.c).  0, or -1 with err. */
int pg_store_migrate(PGconn *c, char *err, size_t errcap);
/* The schema version this build writes. */
int pg_store_schema_version(void);

#endif

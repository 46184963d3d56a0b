/* store/sqlite_store.h - internals shared by the files of the SQLite backend. */
#ifndef LUDEX_SQLITE_STORE_H
#define LUDEX_SQLITE_STORE_H

#include <sqlite3.h>
#include <stddef.h>

#include "store/store.h"

/* Bring the schema up to date (see sqlite_migrate.c).  0, or -1 with err. */
int sqlite_store_migrate(sqlite3 *db, char *err, size_t errcap);
/* The schema version this build writes. */
int sqlite_store_schema_version(void);
/* The database handle of an SQLite store (for sqlite_tournaments.c). */
sqlite3 *sqlite_store_db(store *s);

#endif

// The PostgreSQL store's schema as numbered migrations, applied in order at start.
//
// Contract:
// - Migrate applies every migration the database has not had, each with its row in
//   schema_migrations, in one transaction under an advisory lock: nodes starting together apply
//   each migration once, a failed migration leaves the schema as it was, and a node that finds
//   the schema current changes nothing.
// - A database with a migration this server does not know (written by a newer server) is
//   refused with StoreError before anything is changed.
// - Migrations are never edited once released: a change is a new migration.
#pragma once

#include <span>

#include "store/pg_connection.h"

namespace carc::server::store {

struct PgMigration {
  int version = 0;
  const char* name = "";
  const char* sql = "";
};

// Every migration, by version 1, 2, ...
std::span<const PgMigration> PgMigrations();

// Returns how many migrations it applied.
int Migrate(PgConnection& db);

}  // namespace carc::server::store

// The EventStore on PostgreSQL, for servers that share one database (several nodes, or a
// database the host already runs and backs up).
//
// Contract: as EventStore. Opening connects, applies the schema's migrations (postgres_schema.h)
// and refuses a database written by a newer server. Each entry is stored with its CRC-32, which
// is checked when it is read back. Durability kFull commits with synchronous_commit on (the
// commit is on the database's disk), kNormal with it off (safe from a crash of this server,
// not from one of the database's machine). A lost connection fails the calls that saw it, and
// the next call connects again.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"

namespace carc::server::store {

// `url` is a libpq connection URI (postgres://user:password@host:port/dbname?...) or key=value
// string. Throws StoreError (with the password hidden) when the database cannot be reached or
// its schema is newer than this server's.
std::unique_ptr<EventStore> OpenPostgresStore(const std::string& url, Durability durability);

}  // namespace carc::server::store

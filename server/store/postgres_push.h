// The PushStore (store/push_store.h) in PostgreSQL: the same rows and rules as the SQLite file,
// shared by every node of a cluster (one VAPID key for all of them).
//
// Contract: a connection of its own (store/pg_connection.h); throws StoreError when the
// database cannot be reached or refuses a statement.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/push_store.h"

namespace carc::server::store {

std::unique_ptr<PushStore> OpenPostgresPush(const std::string& url, Durability durability);

}  // namespace carc::server::store

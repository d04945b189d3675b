// The AccountStore (store/account_store.h) in the PostgreSQL database of the rooms' store: every
// node of a cluster reads the same accounts and sessions, so a session made on one node is
// valid on all of them.
//
// Contract: a connection of its own to `url` (whose schema the rooms' store has migrated), held
// under a mutex; its failures and reconnection are PgConnection's (store/pg_connection.h).
#pragma once

#include <memory>
#include <string>

#include "store/account_store.h"
#include "store/event_store.h"

namespace carc::server::store {

std::unique_ptr<AccountStore> OpenPostgresAccounts(const std::string& url, Durability durability);

}  // namespace carc::server::store

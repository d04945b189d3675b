// The AccountStore (store/account_store.h) in the SQLite file of the rooms' store.
//
// Contract: opens a connection of its own to the file at `path`, whose schema the rooms' store
// (sqlite_store.h) has made; both connections take turns through SQLite's locks and WAL, so an
// account write waits at most for one batch of room appends. Throws StoreError if it cannot.
#pragma once

#include <memory>
#include <string>

#include "store/account_store.h"
#include "store/event_store.h"

namespace carc::server::store {

std::unique_ptr<AccountStore> OpenSqliteAccounts(const std::string& path, Durability durability);

}  // namespace carc::server::store

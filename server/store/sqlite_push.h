// The PushStore (store/push_store.h) in the SQLite file of the rooms' store.
//
// Contract: a read-write connection of its own to the file at `path`, whose schema the rooms'
// store (sqlite_store.h) has made, with foreign keys on (a subscription goes with its session
// and its account) and secure_delete (a dropped endpoint is overwritten in the file). Throws
// StoreError if it cannot open it.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/push_store.h"

namespace carc::server::store {

std::unique_ptr<PushStore> OpenSqlitePush(const std::string& path, Durability durability);

}  // namespace carc::server::store

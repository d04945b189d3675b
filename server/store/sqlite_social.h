// The SocialStore (store/social_store.h) in the SQLite file of the rooms' store.
//
// Contract: a read-write connection of its own to the file at `path`, whose schema the rooms'
// store (sqlite_store.h) has made, with foreign keys on (every row goes with either account)
// and secure_delete. Each write that checks a limit runs in one BEGIN IMMEDIATE transaction.
// Throws StoreError if it cannot open the file.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/social_store.h"

namespace carc::server::store {

std::unique_ptr<SocialStore> OpenSqliteSocial(const std::string& path, Durability durability);

}  // namespace carc::server::store

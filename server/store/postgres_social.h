// The SocialStore (store/social_store.h) in PostgreSQL: the same rows and rules as the SQLite
// file, shared by every node of a cluster. A write that checks a limit locks the accounts it
// counts for (in id order, so two writes never wait on each other in a circle).
//
// Contract: a connection of its own (store/pg_connection.h); throws StoreError when the
// database cannot be reached or refuses a statement.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/social_store.h"

namespace carc::server::store {

std::unique_ptr<SocialStore> OpenPostgresSocial(const std::string& url, Durability durability);

}  // namespace carc::server::store

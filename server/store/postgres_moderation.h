// The ModerationStore (store/moderation_store.h) in the PostgreSQL database of the rooms' store,
// shared by every node of a cluster.
//
// Contract: a connection of its own to `url`, whose schema the rooms' store (postgres_store.h)
// has migrated. Each change and its audit entry are one transaction. Throws StoreError if it
// cannot connect.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/moderation_store.h"

namespace carc::server::store {

std::unique_ptr<ModerationStore> OpenPostgresModeration(const std::string& url,
                                                        Durability durability);

}  // namespace carc::server::store

// The ModerationStore (store/moderation_store.h) in the SQLite file of the rooms' store.
//
// Contract: a read-write connection of its own to the file at `path`, whose schema the rooms'
// store (sqlite_store.h) has made, with foreign keys on (roles and sanctions go with their
// account). Each change and its audit entry are one BEGIN IMMEDIATE transaction. Throws
// StoreError if it cannot open the file.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/moderation_store.h"

namespace carc::server::store {

std::unique_ptr<ModerationStore> OpenSqliteModeration(const std::string& path,
                                                      Durability durability);

}  // namespace carc::server::store

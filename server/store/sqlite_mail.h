// The MailStore (store/mail_store.h) in the SQLite file of the rooms' store.
//
// Contract: a read-write connection of its own to the file at `path`, whose schema the rooms'
// store (sqlite_store.h) has made, with foreign keys on (the address goes with its account) and
// secure_delete (a deleted address is overwritten in the file). Throws StoreError if it cannot
// open it.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/mail_store.h"

namespace carc::server::store {

std::unique_ptr<MailStore> OpenSqliteMail(const std::string& path, Durability durability);

}  // namespace carc::server::store

// The MailStore (store/mail_store.h) in PostgreSQL: the same rows and rules as the SQLite file,
// shared by every node of a cluster, so that one node sends each digest.
//
// Contract: a connection of its own (store/pg_connection.h); throws StoreError when the
// database cannot be reached or refuses a statement.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"
#include "store/mail_store.h"

namespace carc::server::store {

std::unique_ptr<MailStore> OpenPostgresMail(const std::string& url, Durability durability);

}  // namespace carc::server::store

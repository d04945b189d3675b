// Which store a server uses, from its --store setting.
//
// Contract: a store spec is "sqlite:PATH" (a SQLite file; its directory is created), or a
// PostgreSQL connection URI "postgres://..." / "postgresql://...". The empty spec is the default,
// the SQLite file carcassonne.sqlite in the data directory. Descriptions never show a password.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"

namespace carc::server::store {

// Why `spec` is no store spec, or "" when it is one.
std::string CheckStoreSpec(const std::string& spec);

// `spec` for people: the SQLite file's path, or the URI with its password hidden.
std::string DescribeStore(const std::string& spec, const std::string& data_dir);

// Opens the store `spec` names (the default one in `data_dir` for ""). Throws StoreError.
std::unique_ptr<EventStore> OpenStore(const std::string& spec, const std::string& data_dir,
                                      Durability durability);

}  // namespace carc::server::store

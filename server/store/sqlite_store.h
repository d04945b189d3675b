// The default EventStore: one SQLite file in the data directory, in WAL mode.
//
// Contract: as EventStore. Opening creates the file and its schema when missing and refuses a
// file whose schema is newer than this server knows. Each entry is stored with a CRC-32 that is
// checked when it is read back, so a damaged entry is reported instead of misread.
#pragma once

#include <memory>
#include <string>

#include "store/event_store.h"

namespace carc::server::store {

// The store file inside a data directory.
std::string StorePath(const std::string& data_dir);

// Opens (or creates) the store at `path`; the directory must exist. Throws StoreError with a
// message naming the file and the cause, also when one of the store's files (the database,
// its -wal, -shm or -journal) exists but is no regular file or cannot be opened for writing.
std::unique_ptr<EventStore> OpenSqliteStore(const std::string& path, Durability durability);

}  // namespace carc::server::store

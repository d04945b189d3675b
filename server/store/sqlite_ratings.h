// The RatingStore (store/rating_store.h) in the SQLite file of the rooms' store.
//
// Contract: a read-only connection of its own to the file at `path`, whose schema the rooms'
// store (sqlite_store.h) has made, so that a leaderboard never waits behind a batch of room
// appends (WAL readers do not block). Throws StoreError if it cannot open it.
#pragma once

#include <memory>
#include <string>

#include "store/rating_store.h"

namespace carc::server::store {

std::unique_ptr<RatingStore> OpenSqliteRatings(const std::string& path);

}  // namespace carc::server::store

// The RatingStore (store/rating_store.h) in the PostgreSQL database of the rooms' store: every
// node of a cluster reads the same ratings and leaderboards.
//
// Contract: a connection of its own to `url` (whose schema the rooms' store has migrated), held
// under a mutex; its failures and reconnection are PgConnection's (store/pg_connection.h).
#pragma once

#include <memory>
#include <string>

#include "store/rating_store.h"

namespace carc::server::store {

std::unique_ptr<RatingStore> OpenPostgresRatings(const std::string& url);

}  // namespace carc::server::store

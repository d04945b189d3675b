// The game archive over HTTP:
//   GET /api/games?player=NAME&limit=N   finished games, newest first (limit 1..100, default 20)
//   GET /api/games/{id}/record           the game's carcassonne-record/1 file
// Answers are JSON; errors are {"error": "..."} with 400 or 404.
#pragma once

#include <functional>
#include <string>

#include "store/event_store.h"

namespace carc::server {

// Handles `target` if it is an archive path (returns true); the reply may come on this thread.
bool ServeArchive(store::EventStore& store, const std::string& target,
                  const std::function<void(unsigned, std::string)>& reply);

}  // namespace carc::server

// The game archive and replays over HTTP:
//   GET  /api/games?player=NAME&limit=N  finished games, newest first (limit 1..100, default 20)
//   GET  /api/games/{id}/record          the game's carcassonne-record/1 file
//   GET  /api/games/{id}/replay          the game as a carc.v1.Replay (application/x-protobuf)
//   GET  /api/games/{id}/analysis        the game reviewed by the tree search (game_analysis.h)
//   POST /api/replay                     a carcassonne-record/1 body, answered with its Replay
// Errors are JSON {"error": "..."}: 400 (a bad query; for POST /api/replay a record that
// cannot be read, breaks a rule (with "turn", the index into turns when one is at fault, and
// "rule"), has more than 5,000 turns or draws, or is JSON nested deeper than
// codec::kMaxJsonDepth levels: "record nested deeper than 64 levels"), 404 (no such finished game:
// a game still running is never served), 405 (another method; Allow says which), 500, 503 (the
// store cannot be read). A body over kMaxApiUpload is refused with 413 before it gets here
// (http_api.h). Replays exist for archived games only, so they reveal nothing a finished game still
// hides. An archived game's record and replay never change: they carry an ETag and may be kept
// (kArchiveCacheControl); a request whose If-None-Match names that ETag gets 304 without the store
// being read, and a replay once built is kept in the ReplayCache.
//
// ServeArchive reads the store and parses records: run it on an API worker (net/api_workers.h),
// never on a network thread.
#pragma once

#include <string_view>

#include "app/game_analysis.h"
#include "net/http_api.h"
#include "store/event_store.h"

namespace carc::server {

inline constexpr std::string_view kReplayContentType = "application/x-protobuf";
inline constexpr std::string_view kArchiveCacheControl = "public, max-age=86400";

class ReplayCache;

// Whether the request's path is one ServeArchive answers.
bool IsArchivePath(const ApiRequest& request);

// Handles the request if its path is one of the above (returns true); the reply comes on this
// thread.
// `analyses` answers /analysis; without it that path is 503.
bool ServeArchive(store::EventStore& store, const ApiRequest& request, const ApiReply& reply,
                  GameAnalyses* analyses = nullptr, ReplayCache* cache = nullptr);

}  // namespace carc::server

// Move-by-move analysis of archived games, for a player to learn from their game:
// GET /api/games/{id}/analysis gives, for every decision of the game that offered a choice,
// the move the information-set tree search would have made, its estimate of the mover's final
// lead after that move and after the move played, and the difference (what the move played
// gave away, by the search's estimate).
//
// Contract: thread-safe; Get() answers without waiting for a search, but a request that starts an
// analysis reads the store and replays the game first: call it on an API worker. The cap is
// checked before that work, so a refused request costs neither. 200 with the analysis once it is
// done, 202 with its progress while it runs (the first request starts it: the client asks again),
// 404 when no game has that id, 503 when the server has no computer players or already runs
// --max-analyses analyses. The searches run on the computer players' pool (bots/bot_pool.h),
// one decision at a time per analysis, --analysis-ms each, from a copy of the game redrawn for
// the mover's view, so nothing is searched that the mover could not see. The newest kKept
// finished analyses are kept; a failed one (the pool's queue was full) is started again by the
// next request. Finished games only: a game still running is never analysed.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "app/metrics.h"
#include "bots/bot_pool.h"
#include "net/http_api.h"
#include "store/event_store.h"

namespace carc::server {

class GameAnalyses {
 public:
  static constexpr std::size_t kKept = 32;

  GameAnalyses(store::EventStore& store, bots::BotPool* pool, int max_running,
               std::chrono::milliseconds budget, Metrics& metrics);
  ~GameAnalyses();
  GameAnalyses(const GameAnalyses&) = delete;
  GameAnalyses& operator=(const GameAnalyses&) = delete;

  // The answer to GET /api/games/{id}/analysis.
  ApiResponse Get(store::RoomId id);

 private:
  enum class Status { kRunning, kDone, kFailed };
  struct Analysis;
  // Starts the search of the next decision with a choice, or finishes the analysis.
  void Next(const std::shared_ptr<Analysis>& a);
  void Reviewed(const std::shared_ptr<Analysis>& a, std::optional<bots::Choice> choice);
  ApiResponse Start(store::RoomId id);
  // The 503 when --max-analyses run already; nullopt when there is room for one more.
  std::optional<ApiResponse> Refusal();
  std::optional<ApiResponse> RefusalLocked();  // under mu_
  // Leaves the running state for `status`, once; under mu_.
  void Finish(Analysis& a, Status status);

  store::EventStore& store_;
  bots::BotPool* pool_;
  const int max_running_;
  const std::chrono::milliseconds budget_;
  Metrics& metrics_;
  mutable std::mutex mu_;
  std::map<store::RoomId, std::shared_ptr<Analysis>> analyses_;
  std::uint64_t started_ = 0;  // analyses ever started: the order in which they are dropped
};

}  // namespace carc::server

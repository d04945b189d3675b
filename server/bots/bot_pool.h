// The threads the computer players think on. A room hands a job (a copy of its game, a level)
// and hears the choice back through the job's callback; no room's strand and no I/O thread
// ever searches, so computer players cannot stall a room or a connection.
//
// Contract: thread-safe. Jobs run in the order they came (urgent ones first), each on one worker
// (the thread budget is the number of workers: --bot-threads). Submit() refuses a job when
// `max_queued` wait already; the room then plays the engine's fallback move instead (never waits on
// a full pool). Workers run at a lower scheduling priority than the rest of the process (nice
// `worker_nice`), so a busy pool leaves the I/O threads the CPU they need. A job whose cancel
// flag is set by the time it starts is dropped with nullopt; Stop() drops the waiting ones the
// same way and joins the workers after their current job (which sees the flag and stops).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "bots/bot_level.h"
#include "bots/computer_player.h"
#include "carc/engine/game.h"

namespace carc::bots {

// Figures for /metrics (read from any thread).
struct BotMetrics {
  std::atomic<std::uint64_t> moves{0};      // choices made
  std::atomic<std::uint64_t> refused{0};    // jobs refused: the queue was full
  std::atomic<std::uint64_t> cancelled{0};  // jobs dropped before or while running
  std::atomic<std::uint64_t> think_us{0};   // time spent choosing, in microseconds
  std::atomic<std::int64_t> queued{0};      // jobs waiting now
  std::atomic<std::int64_t> running{0};     // jobs running now
};

struct BotJob {
  std::unique_ptr<engine::State> state;  // the job's own copy; the seat to move decides
  BotLevel level;
  std::uint64_t seed = 0;
  // Set by the room when the answer is no longer wanted (the player came back, the room
  // closed); shared with the job.
  std::shared_ptr<std::atomic<bool>> cancel;
  // Goes ahead of the jobs waiting (a decision whose clock ran out).
  bool urgent = false;
  // Called on a worker thread with the choice, or nullopt when the job was dropped.
  std::function<void(std::optional<Choice>)> done;
};

class BotPool {
 public:
  BotPool(int threads, std::size_t max_queued, int worker_nice = 10);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // False, and `job.done` is not called, when the queue is full or the pool has stopped.
  bool Submit(BotJob job);
  void Stop();

  int threads() const { return static_cast<int>(workers_.size()); }
  const BotMetrics& metrics() const { return metrics_; }

 private:
  void Work(int nice);

  const std::size_t max_queued_;
  BotMetrics metrics_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<BotJob> queue_;
  std::atomic<bool> stopping_{false};  // written under mu_, read by running jobs too
  std::vector<std::thread> workers_;
};

}  // namespace carc::bots

// The threads the computer players think on. A room hands a job (a copy of its game, a level)
// and hears the choice back through the job's callback; no room's strand and no I/O thread
// ever searches, so computer players cannot stall a room or a connection.
//
// Contract: thread-safe. A job's budget is wall time from its Submit: its answer is due at
// Submit + level.budget (its deadline; an urgent job's is at once), and however long it waited,
// its search stops then. Jobs run earliest deadline first, each on one worker (the thread budget
// is the number of workers: --bot-threads). When every worker is busy and a job arrives whose
// deadline comes before a running job's, that job yields: its search stops, and it waits again
// with its own deadline (what it searched is lost; it answers by its deadline all the same). So
// a room's move is never later than its budget because of other rooms' long searches, and a
// host who fills rooms with long-thinking computers only makes every search shorter.
// Submit() refuses a job when `max_queued` wait already, or when its owner (the address that
// made its room) has `per_owner` jobs waiting or running; the room then plays the engine's
// fallback move instead (never waits on a full pool). Workers run at a lower scheduling priority
// than the rest of the process (nice `worker_nice`), so a busy pool leaves the I/O threads the
// CPU they need. A job whose cancel flag is set by the time it starts is dropped with nullopt;
// Stop() drops the waiting ones the same way and joins the workers after their current job
// (which sees the flag and stops).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bots/bot_level.h"
#include "bots/computer_player.h"
#include "carc/engine/game.h"

namespace carc::bots {

// Figures for /metrics (read from any thread).
struct BotMetrics {
  std::atomic<std::uint64_t> moves{0};          // choices made
  std::atomic<std::uint64_t> refused{0};        // jobs refused: the queue was full
  std::atomic<std::uint64_t> refused_owner{0};  // jobs refused: their owner's share was used
  std::atomic<std::uint64_t> yielded{0};        // searches stopped for an earlier deadline
  std::atomic<std::uint64_t> late{0};           // answers given after their deadline
  std::atomic<std::uint64_t> cancelled{0};      // jobs dropped before or while running
  std::atomic<std::uint64_t> think_us{0};       // time spent choosing, in microseconds
  std::atomic<std::int64_t> queued{0};          // jobs waiting now
  std::atomic<std::int64_t> running{0};         // jobs running now
};

struct BotJob {
  std::unique_ptr<engine::State> state;  // the job's own copy; the seat to move decides
  BotLevel level;
  std::uint64_t seed = 0;
  // Set by the room when the answer is no longer wanted (the player came back, the room
  // closed); shared with the job.
  std::shared_ptr<std::atomic<bool>> cancel;
  // Due at once (a decision whose clock ran out): the quickest answer.
  bool urgent = false;
  // Who the job counts against (the address that created the room, "analysis", ...); empty:
  // nobody's share.
  std::string owner;
  // Called on a worker thread with the choice, or nullopt when the job was dropped.
  std::function<void(std::optional<Choice>)> done;
};

class BotPool {
 public:
  BotPool(int threads, std::size_t max_queued, std::size_t per_owner = 0, int worker_nice = 10);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // False, and `job.done` is not called, when the queue is full, the owner's share is used or
  // the pool has stopped.
  bool Submit(BotJob job);
  void Stop();

  int threads() const { return static_cast<int>(workers_.size()); }
  const BotMetrics& metrics() const { return metrics_; }

 private:
  using Clock = std::chrono::steady_clock;
  struct Waiting {
    BotJob job;
    Clock::time_point deadline;
    std::uint64_t order = 0;  // ties: the first come
  };
  // What a worker is running, for Submit to ask it to yield.
  struct Running {
    Clock::time_point deadline;
    std::atomic<bool> yield{false};
  };
  void Work(int nice, std::size_t index);
  // The waiting job with the earliest deadline; under mu_, queue_ not empty.
  std::vector<Waiting>::iterator Earliest();
  void Release(const std::string& owner);  // under mu_

  const std::size_t max_queued_;
  const std::size_t per_owner_;
  BotMetrics metrics_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::vector<Waiting> queue_;
  std::uint64_t submitted_ = 0;
  std::map<std::string, std::size_t> per_owner_jobs_;  // waiting or running
  std::vector<std::unique_ptr<Running>> running_;      // per worker; deadline max(): idle
  std::atomic<bool> stopping_{false};  // written under mu_, read by running jobs too
  std::vector<std::thread> workers_;
};

}  // namespace carc::bots

// Whether a store's writes go through, for /healthz: a write that has waited long for the
// database (another process holding SQLite's write lock, a PostgreSQL that does not answer) or
// writes that fail make the store unhealthy, and the health check must say so at once, without
// itself waiting on the database.
//
// Contract: thread-safe, and never blocks on I/O: Begin/End bracket every write; Trouble()
// reads what they left. A write counts as stuck once it has waited kStuckAfter.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace carc::server::store {

class WriteHealth {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kStuckAfter{500};

  // A write starts; returns its ticket for End.
  std::uint64_t Begin();
  // The write ended: "" when it was written, else why not.
  void End(std::uint64_t ticket, const std::string& error);
  // "" while writes go through; else what is wrong ("busy: a write has waited 1.2 s for the
  // database", "writes fail: database is locked").
  std::string Trouble(Clock::time_point now = Clock::now()) const;

 private:
  mutable std::mutex mu_;
  std::uint64_t next_ = 0;
  std::map<std::uint64_t, Clock::time_point> in_progress_;  // by ticket: oldest first
  std::string failing_;  // the last write's error, until a write succeeds
};

// Brackets one write: End with the error of an exception thrown through it, or "" on Done().
class WriteScope {
 public:
  explicit WriteScope(WriteHealth& health) : health_(health), ticket_(health.Begin()) {}
  ~WriteScope() {
    if (!done_) health_.End(ticket_, "a write failed");
  }
  WriteScope(const WriteScope&) = delete;
  WriteScope& operator=(const WriteScope&) = delete;
  void Done() {
    done_ = true;
    health_.End(ticket_, "");
  }
  void Failed(const std::string& why) {
    done_ = true;
    health_.End(ticket_, why);
  }

 private:
  WriteHealth& health_;
  std::uint64_t ticket_;
  bool done_ = false;
};

}  // namespace carc::server::store

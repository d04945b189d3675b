// At most one log line per period for an event that can repeat thousands of times a second
// (refused connections, accept failures, slow readers): a flood must not become a flood of
// log lines.
//
// Contract: thread-safe. Tick() counts one event and returns how many events happened since
// the last line (this one included) when a line is due, 0 when this one is only counted.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>

namespace carc::server {

class LogThrottle {
 public:
  using Clock = std::chrono::steady_clock;

  explicit LogThrottle(Clock::duration period) : period_(period) {}

  std::uint64_t Tick(Clock::time_point now = Clock::now()) {
    std::lock_guard lock(mu_);
    ++pending_;
    if (logged_once_ && now - last_ < period_) return 0;
    logged_once_ = true;
    last_ = now;
    const std::uint64_t n = pending_;
    pending_ = 0;
    return n;
  }

 private:
  const Clock::duration period_;
  std::mutex mu_;
  bool logged_once_ = false;
  Clock::time_point last_{};
  std::uint64_t pending_ = 0;
};

}  // namespace carc::server

// A token bucket: `burst` at once, then `per_second` on average. Used for the messages of a
// connection (ws_session) and for chat (rooms/chat_gate.h).
//
// Contract: not thread-safe (each bucket belongs to one strand). Time is handed in, so that
// tests need no clock; a bucket starts full.
#pragma once

#include <algorithm>
#include <chrono>

namespace carc::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  TokenBucket(double burst, double per_second, Clock::time_point now)
      : burst_(burst), per_second_(per_second), tokens_(burst), refilled_(now) {}

  // Takes one token if there is one; false (nothing taken) if the bucket is empty.
  bool Take(Clock::time_point now) {
    if (now > refilled_) {
      const double elapsed = std::chrono::duration<double>(now - refilled_).count();
      tokens_ = std::min(burst_, tokens_ + elapsed * per_second_);
      refilled_ = now;
    }
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double burst_;
  double per_second_;
  double tokens_;
  Clock::time_point refilled_;
};

}  // namespace carc::server

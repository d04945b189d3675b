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

  // Gives back a token taken for work that did not happen (never past the burst).
  void Refund() { tokens_ = std::min(burst_, tokens_ + 1.0); }

  // Whether Take would succeed at `now`, without taking.
  bool Ready(Clock::time_point now) const {
    const double elapsed =
        now > refilled_ ? std::chrono::duration<double>(now - refilled_).count() : 0.0;
    return std::min(burst_, tokens_ + elapsed * per_second_) >= 1.0;
  }

  // Whether the bucket would be full at `now`: its owner has been quiet long enough to forget.
  bool Full(Clock::time_point now) const {
    const double elapsed =
        now > refilled_ ? std::chrono::duration<double>(now - refilled_).count() : 0.0;
    return tokens_ + elapsed * per_second_ >= burst_;
  }

 private:
  double burst_;
  double per_second_;
  double tokens_;
  Clock::time_point refilled_;
};

}  // namespace carc::server

// A token bucket per client address (AddressKey: an IPv6 /64 counts as one), for what must be
// metered per client rather than per connection: the HTTP API (--api-rate) and guesses of room
// codes (--code-guess-rate), whatever connections they come over.
//
// Contract: thread-safe. Take() never blocks on I/O and costs one map lookup. Memory is bounded:
// at most `max_addresses` buckets are kept; past that the full ones (addresses that have been
// quiet long enough to earn their burst back) are dropped, and if none is full every bucket is
// dropped, which can only be kinder to the addresses than keeping them. Time is handed in, so
// tests need no clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "net/token_bucket.h"

namespace carc::server {

class AddressRate {
 public:
  using Clock = TokenBucket::Clock;

  // `per_second` 0 turns the limit off (Take always succeeds).
  AddressRate(double burst, double per_second, std::size_t max_addresses = 100000)
      : burst_(burst), per_second_(per_second), max_addresses_(max_addresses) {}

  // Takes a token for `address`; false when its bucket is empty.
  bool Take(const std::string& address, Clock::time_point now = Clock::now());
  // Gives `address` back a token it took for something that did not happen after all (a sign-up
  // whose name was taken): taking first and refunding keeps a limit exact when requests race,
  // where checking first and taking on success let each of them through.
  void Refund(const std::string& address);
  // Whether `address` has a token, without taking it: for a limit on failures, which takes only
  // once the attempt has failed but must refuse before it is made.
  bool Ready(const std::string& address, Clock::time_point now = Clock::now()) const;
  // Seconds until `address` has a token again (at least 1): for Retry-After.
  int RetryAfter() const;
  bool enabled() const { return per_second_ > 0; }

 private:
  const double burst_;
  const double per_second_;
  const std::size_t max_addresses_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace carc::server

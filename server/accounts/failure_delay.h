// Growing delays after failed sign-ins, kept per key: one instance counts by account (the name's
// key: credential stuffing against one player), another by client address (one source trying
// many names). After `free_failures` failures in a row a key waits 1 s after its next failure,
// then 2 s, 4 s, ... up to `max_delay`; a success clears the key (the account instance only: an
// address that guessed one password right is not forgiven its other failures).
//
// Contract: thread-safe; never blocks on I/O. Memory is bounded: at most `max_keys` keys; past it
// the keys quiet for longest go first. A key quiet for `forget_after` starts over. Time is handed
// in, so tests need no clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace carc::server::accounts {

class FailureDelay {
 public:
  using Clock = std::chrono::steady_clock;
  struct Limits {
    int free_failures = 5;
    std::chrono::seconds max_delay{900};
    std::chrono::seconds forget_after{3600};
    std::size_t max_keys = 100000;
  };

  explicit FailureDelay(Limits limits) : limits_(limits) {}

  // Whole seconds `key` must still wait before it may try again; 0: it may try now.
  int Wait(const std::string& key, Clock::time_point now) const;
  void Failed(const std::string& key, Clock::time_point now);
  void Succeeded(const std::string& key);
  std::size_t size() const;

 private:
  struct Entry {
    int failures = 0;
    Clock::time_point last;
  };
  std::chrono::seconds DelayAfter(int failures) const;
  void Evict(Clock::time_point now);

  const Limits limits_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace carc::server::accounts

// The replays of archived games, kept once built: an archived game never changes, so its replay
// (about 1.5 ms of CPU to rebuild for a Castle game) is built once and then only copied.
//
// Contract: thread-safe. Holds at most `max_bytes` of replays, dropping the least recently used
// first; a replay larger than that is never kept. Get() returns nullptr when the game is not
// kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace carc::server {

class ReplayCache {
 public:
  explicit ReplayCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  std::shared_ptr<const std::string> Get(std::int64_t game);
  void Put(std::int64_t game, std::shared_ptr<const std::string> replay);

  std::uint64_t hits() const;
  std::uint64_t misses() const;
  std::size_t bytes() const;

 private:
  using Entry = std::pair<std::int64_t, std::shared_ptr<const std::string>>;
  const std::size_t max_bytes_;
  mutable std::mutex mu_;
  std::list<Entry> order_;  // most recently used first
  std::unordered_map<std::int64_t, std::list<Entry>::iterator> index_;
  std::size_t bytes_ = 0;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

}  // namespace carc::server

#include "app/replay_cache.h"

namespace carc::server {

std::shared_ptr<const std::string> ReplayCache::Get(std::int64_t game) {
  const std::lock_guard lock(mu_);
  const auto it = index_.find(game);
  if (it == index_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->second;
}

void ReplayCache::Put(std::int64_t game, std::shared_ptr<const std::string> replay) {
  if (!replay || replay->size() > max_bytes_) return;
  const std::lock_guard lock(mu_);
  if (index_.count(game) != 0) return;  // built twice at once: the first is as good
  bytes_ += replay->size();
  order_.emplace_front(game, std::move(replay));
  index_[game] = order_.begin();
  while (bytes_ > max_bytes_) {
    bytes_ -= order_.back().second->size();
    index_.erase(order_.back().first);
    order_.pop_back();
  }
}

std::uint64_t ReplayCache::hits() const {
  const std::lock_guard lock(mu_);
  return hits_;
}

std::uint64_t ReplayCache::misses() const {
  const std::lock_guard lock(mu_);
  return misses_;
}

std::size_t ReplayCache::bytes() const {
  const std::lock_guard lock(mu_);
  return bytes_;
}

}  // namespace carc::server

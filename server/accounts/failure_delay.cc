#include "accounts/failure_delay.h"

#include <algorithm>
#include <vector>

namespace carc::server::accounts {

std::chrono::seconds FailureDelay::DelayAfter(int failures) const {
  const int over = failures - limits_.free_failures;
  if (over <= 0) return std::chrono::seconds(0);
  // 2^(over-1) seconds, without overflowing for a key that has failed a million times.
  const int shift = std::min(over - 1, 30);
  return std::min(std::chrono::seconds(std::int64_t{1} << shift), limits_.max_delay);
}

int FailureDelay::Wait(const std::string& key, Clock::time_point now) const {
  std::lock_guard lock(mu_);
  const auto it = entries_.find(key);
  if (it == entries_.end() || now - it->second.last >= limits_.forget_after) return 0;
  const auto ready = it->second.last + DelayAfter(it->second.failures);
  if (now >= ready) return 0;
  const auto left = std::chrono::ceil<std::chrono::seconds>(ready - now).count();
  return static_cast<int>(std::max<std::int64_t>(left, 1));
}

void FailureDelay::Failed(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (entries_.size() >= limits_.max_keys) Evict(now);
    it = entries_.emplace(key, Entry{}).first;
  } else if (now - it->second.last >= limits_.forget_after) {
    it->second.failures = 0;
  }
  it->second.failures = std::min(it->second.failures + 1, 1 << 20);
  it->second.last = now;
}

void FailureDelay::Succeeded(const std::string& key) {
  std::lock_guard lock(mu_);
  entries_.erase(key);
}

std::size_t FailureDelay::size() const {
  std::lock_guard lock(mu_);
  return entries_.size();
}

void FailureDelay::Evict(Clock::time_point now) {
  // The forgotten first; if that frees too little, the quietest half.
  std::erase_if(entries_,
                [&](const auto& e) { return now - e.second.last >= limits_.forget_after; });
  if (entries_.size() < limits_.max_keys) return;
  std::vector<Clock::time_point> times;
  times.reserve(entries_.size());
  for (const auto& e : entries_) times.push_back(e.second.last);
  auto middle = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2);
  std::nth_element(times.begin(), middle, times.end());
  const auto cut = *middle;
  std::erase_if(entries_, [&](const auto& e) { return e.second.last <= cut; });
}

}  // namespace carc::server::accounts

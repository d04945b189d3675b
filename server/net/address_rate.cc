#include "net/address_rate.h"

#include <algorithm>
#include <cmath>

#include "net/connection_limiter.h"

namespace carc::server {

bool AddressRate::Take(const std::string& address, Clock::time_point now) {
  if (!enabled()) return true;
  const std::string key = AddressKey(address);
  const std::lock_guard lock(mu_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_addresses_) {
      std::erase_if(buckets_, [&](auto& entry) { return entry.second.Full(now); });
      if (buckets_.size() >= max_addresses_) buckets_.clear();
    }
    it = buckets_.emplace(key, TokenBucket(burst_, per_second_, now)).first;
  }
  return it->second.Take(now);
}

bool AddressRate::Ready(const std::string& address, Clock::time_point now) const {
  if (!enabled()) return true;
  const std::string key = AddressKey(address);
  const std::lock_guard lock(mu_);
  const auto it = buckets_.find(key);
  return it == buckets_.end() || it->second.Ready(now);
}

void AddressRate::Refund(const std::string& address) {
  if (!enabled()) return;
  const std::lock_guard lock(mu_);
  const auto it = buckets_.find(AddressKey(address));
  if (it != buckets_.end()) it->second.Refund();
}

int AddressRate::RetryAfter() const {
  if (!enabled()) return 1;
  return std::max(1, static_cast<int>(std::ceil(1.0 / per_second_)));
}

}  // namespace carc::server

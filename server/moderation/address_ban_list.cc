#include "moderation/address_ban_list.h"

namespace carc::server::moderation {

void AddressBanList::Replace(std::vector<Ban> bans) {
  {
    std::lock_guard lock(mu_);
    bans_.swap(bans);
  }
  // The old list is freed here, after the lock: no request waits on it.
}

std::optional<AddressBanList::Ban> AddressBanList::Find(std::string_view address,
                                                        std::int64_t now) const {
  const auto bytes = ParseIpAddress(address);
  if (!bytes) return std::nullopt;
  std::lock_guard lock(mu_);
  const Ban* found = nullptr;
  for (const Ban& ban : bans_) {
    if (ban.ends_at != 0 && ban.ends_at <= now) continue;
    if (!ban.range.Contains(*bytes)) continue;
    if (found == nullptr ||
        (found->ends_at != 0 && (ban.ends_at == 0 || ban.ends_at > found->ends_at))) {
      found = &ban;
    }
  }
  if (found == nullptr) return std::nullopt;
  return *found;
}

std::size_t AddressBanList::size() const {
  std::lock_guard lock(mu_);
  return bans_.size();
}

}  // namespace carc::server::moderation

#include "moderation/mute_list.h"

#include <chrono>

namespace carc::server::moderation {

void MuteList::Replace(std::map<std::int64_t, Mute> mutes) {
  {
    std::lock_guard lock(mu_);
    mutes_.swap(mutes);
  }
  // The old map is freed here, after the lock: a room's chat never waits on it.
}

std::optional<MuteList::Mute> MuteList::Of(std::int64_t account, std::int64_t now) const {
  std::lock_guard lock(mu_);
  const auto it = mutes_.find(account);
  if (it == mutes_.end() || (it->second.ends_at != 0 && it->second.ends_at <= now)) {
    return std::nullopt;
  }
  return it->second;
}

std::size_t MuteList::size() const {
  std::lock_guard lock(mu_);
  return mutes_.size();
}

std::optional<MuteList::Mute> MuteOfSession(const MuteList* mutes, std::int64_t account) {
  if (mutes == nullptr || account == 0) return std::nullopt;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  return mutes->Of(account, now);
}

}  // namespace carc::server::moderation

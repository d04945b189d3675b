#include "moderation/room_action_list.h"

namespace carc::server::moderation {

ModerationChange ChangeOf(const RoomModeration& applied, const RoomModeration& wanted) {
  ModerationChange change;
  if (wanted.closed && !applied.closed) change.close = *wanted.closed;
  change.reopen = applied.closed && !wanted.closed;
  for (const auto& [account, reason] : wanted.kicked) {
    if (applied.kicked.count(account) == 0) change.kicks.emplace_back(account, reason);
  }
  for (const auto& [account, reason] : applied.kicked) {
    if (wanted.kicked.count(account) == 0) change.unkicks.push_back(account);
  }
  return change;
}

std::vector<std::int64_t> RoomActionList::Replace(std::map<std::int64_t, RoomModeration> rooms) {
  std::vector<std::int64_t> changed;
  {
    std::lock_guard lock(mu_);
    // Both maps are ordered by id: one walk finds what was added, changed or dropped.
    auto a = rooms_.begin();
    auto b = rooms.begin();
    while (a != rooms_.end() || b != rooms.end()) {
      if (b == rooms.end() || (a != rooms_.end() && a->first < b->first)) {
        changed.push_back((a++)->first);
      } else if (a == rooms_.end() || b->first < a->first) {
        changed.push_back((b++)->first);
      } else {
        if (!(a->second == b->second)) changed.push_back(a->first);
        ++a;
        ++b;
      }
    }
    rooms_.swap(rooms);
  }
  return changed;
}

RoomModeration RoomActionList::For(std::int64_t room_id) const {
  std::lock_guard lock(mu_);
  const auto it = rooms_.find(room_id);
  return it == rooms_.end() ? RoomModeration{} : it->second;
}

std::size_t RoomActionList::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

}  // namespace carc::server::moderation

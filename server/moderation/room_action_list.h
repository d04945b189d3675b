// The moderators' actions on rooms in force (docs/moderation.md, "What a sanction does"), in
// memory: what a room asks when the moderation watch says its actions changed, when it is
// rebuilt from its log, and when someone joins it, without a store read on its strand. The watch
// replaces the whole list each time the audit log grows; the store keeps the actions, so a
// restart or another node of a cluster finds them again.
//
// Contract: thread-safe; For is one lock and one map lookup. ChangeOf is pure.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace carc::server::moderation {

// One room's actions in force.
struct RoomModeration {
  std::optional<std::string> closed;           // the close's reason, while the room is closed
  std::map<std::int64_t, std::string> kicked;  // account -> the kick's reason
  bool operator==(const RoomModeration&) const = default;
};

// What a room must do to go from the actions it applied to the actions in force.
struct ModerationChange {
  std::optional<std::string> close;  // close now, for this reason
  bool reopen = false;
  std::vector<std::pair<std::int64_t, std::string>> kicks;  // account, reason
  std::vector<std::int64_t> unkicks;
  bool empty() const { return !close && !reopen && kicks.empty() && unkicks.empty(); }
};
ModerationChange ChangeOf(const RoomModeration& applied, const RoomModeration& wanted);

class RoomActionList {
 public:
  // Replaces the list (rooms by their store id): the ids of the rooms whose actions changed
  // (added, changed or gone), in increasing order.
  std::vector<std::int64_t> Replace(std::map<std::int64_t, RoomModeration> rooms);
  // The actions in force on room `room_id` (none: an empty value).
  RoomModeration For(std::int64_t room_id) const;
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::map<std::int64_t, RoomModeration> rooms_;
};

}  // namespace carc::server::moderation

// The mutes in force, in memory (docs/moderation.md): what a room asks before it broadcasts a
// signed-in player's chat line, without a store read on its strand. The moderation watch
// (moderation_watch.h) replaces the whole list each time the sanctions change anywhere.
//
// Contract: thread-safe; Of is one lock and one map lookup. A mute whose end has passed counts
// for nothing even before the next replacement.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace carc::server::moderation {

class MuteList {
 public:
  struct Mute {
    std::int64_t ends_at = 0;  // 0: for ever
    std::string reason;
  };

  void Replace(std::map<std::int64_t, Mute> mutes);
  // The mute of `account` in force at `now` (seconds since the Unix epoch), if any.
  std::optional<Mute> Of(std::int64_t account, std::int64_t now) const;
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::map<std::int64_t, Mute> mutes_;
};

// The mute in force now on `account` (0: a guest, never muted) in `mutes` (null: none kept).
std::optional<MuteList::Mute> MuteOfSession(const MuteList* mutes, std::int64_t account);

}  // namespace carc::server::moderation

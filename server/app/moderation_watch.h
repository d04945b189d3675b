// Sanctions made anywhere take effect here (docs/moderation.md): every `period` the watch asks
// the store for the audit log's newest id (one indexed read), and when it grew (a ban or a mute
// made or lifted on another node, at the command line or on this node) reads every sanction in
// force, closes the sockets of each account newly banned (`close_banned`) and replaces the
// mutes the rooms ask (`mutes`), the address bans the HTTP sessions ask (`address_bans`) and the
// server's settings (`settings`: an admin's change on another node is one audit entry too), and
// the kicks and closed rooms (WatchRooms): the ids of the rooms whose actions changed go to
// `rooms_changed`, which has the rooms this node holds apply them.
//
// Contract: one thread of the watch's own; nothing of it runs on a network thread or a room's
// strand. `close_banned` is called on that thread and must be thread-safe. Its first read is at
// the start and closes nothing (no socket is open yet); a store that cannot be read is tried
// again at the next period. PollOnce is public for tests (it runs on the caller's thread).
// Stop (also the destructor) ends the thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "moderation/address_ban_list.h"
#include "moderation/mute_list.h"
#include "moderation/room_action_list.h"
#include "moderation/server_settings.h"
#include "store/moderation_store.h"
#include "sys/periodic_thread.h"

namespace carc::server {

struct ModerationWatchMetrics {
  std::atomic<std::uint64_t> polls{0};
  std::atomic<std::uint64_t> reloads{0};  // the audit log grew: the sanctions read again
  std::atomic<std::uint64_t> closed{0};   // accounts whose sockets a new ban closed
  std::atomic<std::uint64_t> store_errors{0};
  std::atomic<std::uint64_t> address_bans{0};  // in force at the last reload
  std::atomic<std::uint64_t> room_actions{0};  // kicks and closes in force at the last reload
};

// At most this many sanctions in force are read (the newest), and as many address bans; a
// server with more is told in its log.
inline constexpr int kMaxSanctionsInForce = 10000;

class ModerationWatch {
 public:
  // `account`, newly banned until `ends_at` (0: for ever): close its sockets.
  using CloseBanned = std::function<void(store::AccountId account, std::int64_t ends_at)>;
  using Now = std::function<std::int64_t()>;  // seconds since the Unix epoch

  ModerationWatch(store::ModerationStore& store, std::chrono::milliseconds period,
                  CloseBanned close_banned, moderation::MuteList& mutes,
                  moderation::AddressBanList& address_bans, moderation::SettingsBox& settings,
                  ModerationWatchMetrics& metrics, Now now = {});
  ~ModerationWatch();
  ModerationWatch(const ModerationWatch&) = delete;
  ModerationWatch& operator=(const ModerationWatch&) = delete;

  // Before the first poll: where the room actions in force go, and who is told which rooms'
  // changed (on the watch's thread; each first reading tells every room with an action).
  using RoomsChanged = std::function<void(const std::vector<std::int64_t>& room_ids)>;
  void WatchRooms(moderation::RoomActionList* rooms, RoomsChanged rooms_changed) {
    rooms_ = rooms;
    rooms_changed_ = std::move(rooms_changed);
  }

  void Start();
  void Stop();
  void PollOnce();

 private:
  store::ModerationStore& store_;
  const std::chrono::milliseconds period_;
  CloseBanned close_banned_;
  moderation::MuteList& mutes_;
  moderation::AddressBanList& address_bans_;
  moderation::SettingsBox& settings_;
  ModerationWatchMetrics& metrics_;
  Now now_;
  moderation::RoomActionList* rooms_ = nullptr;
  RoomsChanged rooms_changed_;
  std::int64_t seen_audit_ = -1;  // -1: not read yet
  std::set<store::AccountId> banned_;
  PeriodicThread thread_;  // last: stopped before the rest goes
};

}  // namespace carc::server

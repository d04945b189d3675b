// What the rooms count, and where they report refusals: an interface the application
// implements (app/metrics.h), so that rooms/ depends on nothing above it.
//
// Contract: thread-safe; the counters are atomics, Reject() and ObserveCommandLatency() are
// the implementation's to make safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace carc::server {

class RoomMetrics {
 public:
  std::atomic<std::int64_t> rooms_lobby{0};
  std::atomic<std::int64_t> rooms_playing{0};
  std::atomic<std::int64_t> rooms_finished{0};
  std::atomic<std::uint64_t> commands{0};
  std::atomic<std::uint64_t> games_finished{0};
  // Votes on absent players carried (ABANDON_POLICY_VOTE), by what they decided.
  std::atomic<std::uint64_t> absent_votes_skip{0};
  std::atomic<std::uint64_t> absent_votes_end{0};
  // Grace periods ended early by a player present (EndGracePeriod).
  std::atomic<std::uint64_t> grace_periods_ended{0};
  // Turn-based games: reminders sent, turns whose time ran out.
  std::atomic<std::uint64_t> turn_reminders{0};
  std::atomic<std::uint64_t> turns_expired{0};
  // Hints searched and sent (RoomOptions.hints); refusals are in carc_rejections_total.
  std::atomic<std::uint64_t> hints_given{0};
  // Placements previewed before they were sent (PreviewPlacement); refusals are in
  // carc_rejections_total.
  std::atomic<std::uint64_t> placement_previews{0};
  std::atomic<std::uint64_t> store_errors{0};
  std::atomic<std::uint64_t> rooms_restored{0};
  std::atomic<std::uint64_t> rooms_quarantined{0};
  // Room creations (CreateRoom, Rematch) refused by --max-rooms / --max-rooms-per-address.
  std::atomic<std::uint64_t> rooms_refused_max_rooms{0};
  std::atomic<std::uint64_t> rooms_refused_per_address{0};
  // Rooms disposed of by the sweeper, by why.
  std::atomic<std::uint64_t> rooms_disposed_empty_lobby{0};
  std::atomic<std::uint64_t> rooms_disposed_finished{0};
  std::atomic<std::uint64_t> rooms_disposed_abandoned{0};
  std::atomic<std::uint64_t> rooms_disposed_away_lobby{0};     // turn-based, host away too long
  std::atomic<std::uint64_t> rooms_refused_max_turn_based{0};  // --max-turn-based-rooms
  // Rooms the sweeper looked at: those one of whose disposal conditions began counting.
  std::atomic<std::uint64_t> rooms_swept{0};

  // A refused request, by its error code or rule reason.
  virtual void Reject(const std::string& reason) = 0;
  // Time from a command's arrival to its broadcast being ready to send.
  virtual void ObserveCommandLatency(double seconds) = 0;

 protected:
  RoomMetrics() = default;
  ~RoomMetrics() = default;
};

}  // namespace carc::server

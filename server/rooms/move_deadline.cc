#include "rooms/move_deadline.h"

#include <algorithm>

namespace carc::server {

const char* TurnBasedProblem(const TurnBasedRules& rules) {
  if (rules.move_seconds < kMinMoveSeconds || rules.move_seconds > kMaxMoveSeconds) {
    return "turn_based move_seconds must be 3600..1209600 (1 hour to 14 days)";
  }
  if (rules.reserve_seconds < 0 || rules.reserve_seconds > kMaxReserveSeconds) {
    return "turn_based reserve_seconds must be 0..1209600 (up to 14 days)";
  }
  return "";
}

MoveDeadline::MoveDeadline(int seats, TurnBasedRules rules)
    : rules_(rules),
      state_{std::vector<std::int64_t>(static_cast<std::size_t>(std::max(seats, 0)),
                                       rules.reserve_seconds)} {}

bool MoveDeadline::Switch(int seat, std::int64_t now) {
  if (seat == state_.seat) return false;
  if (state_.seat >= 0) {
    auto& reserve = state_.reserve[static_cast<std::size_t>(state_.seat)];
    const std::int64_t over = now - state_.turn_started - rules_.move_seconds;
    reserve = std::max<std::int64_t>(0, reserve - std::max<std::int64_t>(0, over));
  }
  const bool valid = seat >= 0 && static_cast<std::size_t>(seat) < state_.reserve.size();
  state_.seat = valid ? seat : -1;
  state_.turn_started = now;
  state_.reminded = false;
  state_.expired = false;
  return true;
}

std::int64_t MoveDeadline::RemindAt() const {
  return state_.turn_started + rules_.move_seconds * 4 / 5;
}

std::int64_t MoveDeadline::Deadline() const {
  if (state_.seat < 0) return state_.turn_started;
  return state_.turn_started + rules_.move_seconds +
         state_.reserve[static_cast<std::size_t>(state_.seat)];
}

MoveDeadline::Due MoveDeadline::Check(std::int64_t now) const {
  if (state_.seat < 0 || state_.expired) return Due::kNothing;
  if (now >= Deadline()) return Due::kExpire;
  if (!state_.reminded && now >= RemindAt()) return Due::kRemind;
  return Due::kNothing;
}

void MoveDeadline::Expired() {
  if (state_.seat < 0) return;
  state_.reserve[static_cast<std::size_t>(state_.seat)] = 0;
  state_.expired = true;
}

std::int64_t MoveDeadline::Left(std::int64_t now) const {
  if (state_.seat < 0) return -1;
  return std::max<std::int64_t>(0, Deadline() - now);
}

bool MoveDeadline::Restore(State s) {
  if (s.reserve.size() != state_.reserve.size() || s.seat < -1 ||
      s.seat >= static_cast<int>(s.reserve.size())) {
    return false;
  }
  for (const std::int64_t r : s.reserve) {
    if (r < 0 || r > rules_.reserve_seconds) return false;
  }
  state_ = std::move(s);
  return true;
}

}  // namespace carc::server

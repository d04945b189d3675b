#include "rooms/turn_based_log.h"

namespace carc::server {

TurnBasedRules TurnBasedRulesOf(const v1::RoomOptions& options) {
  return {static_cast<std::int64_t>(options.turn_based().move_seconds()),
          static_cast<std::int64_t>(options.turn_based().reserve_seconds())};
}

void ToStored(const MoveDeadline::State& state, carc::store::v1::TurnBasedState* out) {
  out->Clear();
  for (const std::int64_t r : state.reserve) out->add_reserve_seconds(r);
  out->set_seat(state.seat);
  out->set_turn_started(state.turn_started);
  out->set_reminded(state.reminded);
  out->set_expired(state.expired);
}

std::string LoadStored(const carc::store::v1::TurnBasedState& stored, MoveDeadline& clock) {
  MoveDeadline::State s;
  s.reserve.assign(stored.reserve_seconds().begin(), stored.reserve_seconds().end());
  s.seat = stored.seat();
  s.turn_started = stored.turn_started();
  s.reminded = stored.reminded();
  s.expired = stored.expired();
  if (!clock.Restore(std::move(s))) return "a turn-based clock that does not fit the room";
  return {};
}

void FillClock(const MoveDeadline& clock, v1::TurnBasedClock* out) {
  const MoveDeadline::State& s = clock.state();
  if (s.seat < 0) return;
  out->set_seat(s.seat);
  out->set_turn_started(s.turn_started);
  out->set_remind_at(clock.RemindAt());
  out->set_deadline(clock.Deadline());
  for (const std::int64_t r : s.reserve) out->add_reserve_seconds(r);
}

}  // namespace carc::server

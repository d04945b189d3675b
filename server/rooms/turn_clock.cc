#include "rooms/turn_clock.h"

#include <algorithm>

namespace carc::server {

namespace {

std::chrono::milliseconds Since(TurnClock::Clock::time_point from,
                                TurnClock::Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from);
}

}  // namespace

bool TurnClock::Switch(int next, Clock::time_point now) {
  if (!on() || next == state_.running_for) return false;
  if (state_.running_for >= 0) {
    Ms& bank = state_.bank[static_cast<std::size_t>(state_.running_for)];
    bank = std::max(Ms(0), bank - Since(state_.running_since, now)) + increment_;
  }
  state_.running_for = next;
  state_.running_since = now;
  return true;
}

TurnClock::Clock::time_point TurnClock::Deadline() const {
  if (state_.running_for < 0) return Clock::time_point::max();
  return state_.running_since + state_.bank[static_cast<std::size_t>(state_.running_for)];
}

void TurnClock::RanOut(Clock::time_point now) {
  if (state_.running_for < 0) return;
  state_.bank[static_cast<std::size_t>(state_.running_for)] = Ms(0);
  state_.running_since = now;
}

std::vector<std::uint32_t> TurnClock::RemainingMs(Clock::time_point now) const {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < state_.bank.size(); ++i) {
    Ms left = state_.bank[i];
    if (static_cast<int>(i) == state_.running_for) left -= Since(state_.running_since, now);
    out.push_back(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
  }
  return out;
}

std::vector<std::uint32_t> TurnClock::Readings() const {
  std::vector<std::uint32_t> out;
  for (const Ms b : state_.bank) out.push_back(static_cast<std::uint32_t>(b.count()));
  return out;
}

bool TurnClock::Load(const std::vector<std::uint32_t>& readings) {
  if (readings.size() != state_.bank.size()) return false;
  for (std::size_t i = 0; i < readings.size(); ++i) state_.bank[i] = Ms(readings[i]);
  return true;
}

void TurnClock::Resume(int next, Clock::time_point now) {
  state_.running_for = -1;  // no seat is charged for the downtime
  Switch(next, now);
}

}  // namespace carc::server

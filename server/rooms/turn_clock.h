// The turn clock of a room (RoomOptions.clock): a time bank per seat, charged while the seat
// is to act, plus an increment for each finished turn. When the running seat's bank is empty
// the room has the engine play its fallback move.
//
// Contract: not thread-safe (the room's strand); time is handed in, so that it is tested
// without a clock or a socket. An empty clock (no seats) is "off": it never runs. A bank never
// goes below zero. The whole state is a value (State), so that a room can undo a command the
// store refused.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace carc::server {

class TurnClock {
 public:
  using Clock = std::chrono::steady_clock;
  using Ms = std::chrono::milliseconds;

  struct State {
    std::vector<Ms> bank;  // per seat; empty: the clock is off
    int running_for = -1;  // the seat whose bank runs, or -1
    Clock::time_point running_since{};
  };

  TurnClock() = default;
  TurnClock(int seats, Ms initial, Ms increment)
      : increment_(increment), state_{std::vector<Ms>(static_cast<std::size_t>(seats), initial)} {}

  bool on() const { return !state_.bank.empty(); }
  int running_for() const { return state_.running_for; }

  // `next` is to act from `now` (-1: nobody, the game is over). The seat that was running is
  // charged its time and given the increment; nothing changes if `next` was already running
  // (a turn's second step). True if the running seat changed.
  bool Switch(int next, Clock::time_point now);
  // When the running seat's bank runs out (only while one runs).
  Clock::time_point Deadline() const;
  // The running seat's bank ran out at `now`.
  void RanOut(Clock::time_point now);
  // What is left per seat at `now`, the running seat's time charged.
  std::vector<std::uint32_t> RemainingMs(Clock::time_point now) const;

  // The banks as stored in the room's log (the running seat's current turn not charged), and
  // read back: false if the number of readings is not the number of seats.
  std::vector<std::uint32_t> Readings() const;
  bool Load(const std::vector<std::uint32_t>& readings);
  // After a restart: nobody's time ran while the server was down; `next` runs from `now`.
  void Resume(int next, Clock::time_point now);

  const State& state() const { return state_; }
  void Restore(State s) { state_ = std::move(s); }

 private:
  Ms increment_{0};
  State state_;
};

}  // namespace carc::server

// The clock of a turn-based room: a time per move in hours or days, and a reserve per player for
// the moves that take longer (a weekend away, a busy week). The turn's time runs from the moment
// the turn passed to the seat, in wall-clock time: a server that is down, restarted or replaced
// by another node in a cluster does not stop it (the players' days go on).
//
//   - At 80% of the move's time (not counting the reserve) the player is reminded, once a turn.
//   - Past the move's time the player's reserve runs; what a turn takes of it is gone for the
//     rest of the game.
//   - At the move's time plus what is left of the reserve the turn has expired: the room's
//     absent-player policy decides for the seat, and its reserve is empty from then on.
//
// Contract: pure and not thread-safe (the room's strand); times are seconds since the Unix
// epoch, handed in, so that tests drive it with a clock of their own. The whole state is a value
// (State) that the room writes with each command and reads back on a restart or a takeover.
#pragma once

#include <cstdint>
#include <vector>

namespace carc::server {

struct TurnBasedRules {
  std::int64_t move_seconds = 0;     // 3600 .. 14 days
  std::int64_t reserve_seconds = 0;  // per player, for the whole game: 0 .. 14 days
};

inline constexpr std::int64_t kMinMoveSeconds = 60 * 60;
inline constexpr std::int64_t kMaxMoveSeconds = 14 * 24 * 60 * 60;
inline constexpr std::int64_t kMaxReserveSeconds = 14 * 24 * 60 * 60;

// Why `rules` are refused (a reason naming the field), or "" when they hold.
const char* TurnBasedProblem(const TurnBasedRules& rules);

class MoveDeadline {
 public:
  struct State {
    std::vector<std::int64_t> reserve;  // seconds left per seat
    int seat = -1;                      // whose turn runs; -1: none (not started, or over)
    std::int64_t turn_started = 0;
    bool reminded = false;
    bool expired = false;  // the absent policy has had the turn (it may wait: once is enough)
    bool operator==(const State&) const = default;
  };
  enum class Due { kNothing, kRemind, kExpire };

  MoveDeadline(int seats, TurnBasedRules rules);

  // The turn is `seat`'s from `now` (-1: nobody's, the game is over). The seat whose turn it
  // was pays from its reserve what the turn took past the move's time. Nothing changes when
  // `seat` already has the turn (a turn of several commands). True when the turn changed.
  bool Switch(int seat, std::int64_t now);
  // What is due at `now` for the running turn: its expiry first, then its reminder.
  Due Check(std::int64_t now) const;
  // The reminder was sent: not again this turn.
  void Reminded() { state_.reminded = true; }
  // The turn expired and the absent policy decided for the seat: its reserve is spent.
  void Expired();

  std::int64_t RemindAt() const;  // while a turn runs
  std::int64_t Deadline() const;  // while a turn runs
  // Seconds the running turn has left at `now`, its reserve included (0 once expired; -1 when
  // no turn runs).
  std::int64_t Left(std::int64_t now) const;

  const State& state() const { return state_; }
  // A state read back from the log: false (nothing changed) when it does not fit the seats.
  bool Restore(State s);

 private:
  TurnBasedRules rules_;
  State state_;
};

}  // namespace carc::server

// Replaying a Castle game from its config and command log, and the uniform random player that
// selfplay, bench, the conformance tests and the server's bots use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {

struct LoggedCommand {
  Seat seat = 0;
  Command command;
  friend bool operator==(const LoggedCommand&, const LoggedCommand&) = default;
};

struct ReplayResult {
  CastleState state;
  std::size_t applied = 0;                   // commands accepted before any rejection
  RejectReason error = RejectReason::kNone;  // why command `applied` was refused, if it was
};

// Applies the commands in order and stops at the first one the rules refuse.
ReplayResult Replay(const CastleConfig& config, std::span<const LoggedCommand> commands);

// Every decision drawn uniformly from the complete legal-move list (a placement; a follower
// region or skip; a scoring choice; wall tile 1 used or kept), with its own seeded generator.
class RandomPlayer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  // The next command for the seat to move; the state must not be over.
  LoggedCommand Choose(const CastleState& state);

 private:
  Rng rng_;
};

// Plays one game to the end; appends the commands to `log` when given.
void PlayOut(CastleState& state, RandomPlayer& player, std::vector<LoggedCommand>* log = nullptr);

}  // namespace carc::engine::castle

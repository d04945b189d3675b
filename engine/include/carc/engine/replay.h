// Rebuilding a game from its config and command log.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "carc/engine/command.h"
#include "carc/engine/game_state.h"

namespace carc::engine {

struct LoggedCommand {
  Seat seat = 0;
  Command command;
  friend bool operator==(const LoggedCommand&, const LoggedCommand&) = default;
};

struct ReplayResult {
  GameState state;
  std::size_t applied = 0;                   // commands accepted before any rejection
  RejectReason error = RejectReason::kNone;  // why command `applied` was refused, if it was
};

// Applies the commands in order and stops at the first one the rules refuse.
ReplayResult Replay(const GameConfig& config, std::span<const LoggedCommand> commands);

}  // namespace carc::engine

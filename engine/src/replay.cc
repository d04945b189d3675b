#include "carc/engine/replay.h"

namespace carc::engine {

ReplayResult Replay(const GameConfig& config, std::span<const LoggedCommand> commands) {
  ReplayResult r{GameState(config), 0, RejectReason::kNone};
  for (const LoggedCommand& c : commands) {
    r.error = r.state.Apply(c.seat, c.command);
    if (r.error != RejectReason::kNone) break;
    ++r.applied;
  }
  return r;
}

}  // namespace carc::engine

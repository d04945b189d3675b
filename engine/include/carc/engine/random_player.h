// The uniform random player used by selfplay, bench, the conformance tests and fallback moves:
// every decision is drawn uniformly from the complete legal-move list (a placement, then a follower
// spot or skip; with the Count, an entry, a number of followers to redeploy or an exit, or a
// pass), with its own seeded generator.
#pragma once

#include <cstdint>
#include <vector>

#include "carc/engine/game_state.h"
#include "carc/engine/replay.h"

namespace carc::engine {

class RandomPlayer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}

  // The next command for the seat to move; the state must not be over.
  LoggedCommand Choose(const GameState& state);

  // Counters for the benchmark.
  std::uint64_t placement_decisions() const { return placement_decisions_; }
  std::uint64_t placements_offered() const { return placements_offered_; }

 private:
  Rng rng_;
  std::vector<Placement> placements_;
  std::vector<FollowerSpot> spots_;
  std::uint64_t placement_decisions_ = 0;
  std::uint64_t placements_offered_ = 0;
};

// Plays one game to the end with `player`; returns the command log when `log` is given.
void PlayOut(GameState& state, RandomPlayer& player, std::vector<LoggedCommand>* log = nullptr);

}  // namespace carc::engine

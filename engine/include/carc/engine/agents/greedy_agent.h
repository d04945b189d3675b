// The greedy player of any game (game.h): it weighs each legal move by the projected scores
// after it (State::ProjectedScores: the final scoring as if the game ended then, so open
// features, farms, the Count's city and the Castle's keep count for what they would bring) and
// plays the move that leaves its own projection furthest ahead of the best other seat's. When
// the same seat decides again before chance shows anything new (a follower after its tile, a
// choice of scoring), the move is weighed by the best continuation: it looks that far, no
// further. Ties are broken with its own seeded generator.
#pragma once

#include <cstdint>
#include <vector>

#include "carc/engine/game.h"
#include "carc/engine/rng.h"

namespace carc::engine {

class GreedyAgent {
 public:
  explicit GreedyAgent(std::uint64_t seed) : rng_(seed) {}

  // A move for the seat to move; the state must not be over.
  Move Choose(const State& state);

 private:
  Rng rng_;
  std::vector<Move> moves_;
};

// `seat`'s projected score minus the best projection among the other seats still playing.
int ProjectedLead(const State& state, Seat seat);

}  // namespace carc::engine

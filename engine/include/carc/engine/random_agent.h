// The uniform random player of any game (game.h): every decision drawn uniformly from the
// seat's whole legal-move list, with its own seeded generator. For each registered game it
// plays exactly the games that game's own RandomPlayer plays with the same seed (tests check).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "carc/engine/game.h"
#include "carc/engine/rng.h"

namespace carc::engine {

class RandomAgent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}

  // A move for the seat to move; the state must not be over.
  Move Choose(const State& state);
  // Counters for benchmarks: decisions taken, and legal moves offered in them.
  std::uint64_t decisions() const { return decisions_; }
  std::uint64_t offered() const { return offered_; }
  // The legal moves of the decision taken last.
  std::size_t last_offered() const { return last_offered_; }

 private:
  Rng rng_;
  std::vector<Move> scratch_;  // kept between calls
  std::size_t last_offered_ = 0;
  std::uint64_t decisions_ = 0;
  std::uint64_t offered_ = 0;
};

// Plays the game to its end with `agent`; appends (seat, move) to `log` when given.
void PlayOut(State& state, RandomAgent& agent, std::vector<SeatMove>* log = nullptr);

}  // namespace carc::engine

// A computer player of any game at a given level (bot_level.h).
//
// Contract: it sees only its seat's view. Choose() takes a copy of the game and redraws, before
// anything looks at it, what the seat to move cannot see (State::Determinize), so the stack's
// order and others' hidden tiles never reach a choice. It is a plain object with no thread of
// its own: the caller decides which thread runs Choose() (a room never does: see bot_pool.h).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "bots/bot_level.h"
#include "carc/engine/agents/mcts.h"
#include "carc/engine/game.h"
#include "carc/engine/rng.h"

namespace carc::bots {

struct Choice {
  engine::Move move;
  // mcts: the iterations run (all threads) and what they learnt of each root move.
  std::uint64_t iterations = 0;
  std::vector<engine::MoveStats> stats;
};

class ComputerPlayer {
 public:
  // `iterations_per_ms` 0: mcts searches by the clock for its budget. Otherwise it runs
  // budget × iterations_per_ms iterations whatever the time, so its moves do not depend on how
  // busy the machine is (the arena's yardstick games: a move is the same on any machine).
  ComputerPlayer(BotLevel level, std::uint64_t seed, std::uint64_t iterations_per_ms = 0)
      : level_(level), rng_(seed), iterations_per_ms_(iterations_per_ms) {}

  // A move for the seat to move in `state` (not over). mcts searches for its budget, on
  // `threads` threads at once (each its own tree, merged at the root), and stops early when
  // `cancelled` returns true; a decision with one legal move is answered at once.
  Choice Choose(const engine::State& state, const std::function<bool()>& cancelled = {},
                int threads = 1);

  const BotLevel& level() const { return level_; }

 private:
  BotLevel level_;
  engine::Rng rng_;
  std::uint64_t iterations_per_ms_;
};

}  // namespace carc::bots

#include "carc/engine/random_agent.h"

#include <cstdlib>

namespace carc::engine {

Move RandomAgent::Choose(const State& state) {
  const Move move = state.PickUniform(state.ToMove(), rng_, scratch_, last_offered_);
  if (last_offered_ == 0) std::abort();  // a game that is not over always has a legal move
  ++decisions_;
  offered_ += last_offered_;
  return move;
}

void PlayOut(State& state, RandomAgent& agent, std::vector<SeatMove>* log) {
  while (!state.IsOver()) {
    const Seat seat = state.ToMove();
    const Move move = agent.Choose(state);
    if (state.Apply(seat, move) != RejectReason::kNone) std::abort();  // legal by construction
    if (log != nullptr) log->push_back({seat, move});
  }
}

}  // namespace carc::engine

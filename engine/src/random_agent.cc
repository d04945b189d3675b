#include "carc/engine/random_agent.h"

#include <cstdlib>

namespace carc::engine {

Move RandomAgent::Choose(const State& state) {
  state.LegalMoves(state.ToMove(), legal_);
  if (legal_.empty()) std::abort();  // a game that is not over always has a legal move
  ++decisions_;
  offered_ += legal_.size();
  return legal_[rng_.Below(static_cast<std::uint32_t>(legal_.size()))];
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

#include "carc/engine/agents/greedy_agent.h"

#include <algorithm>
#include <limits>
#include <memory>

#include "carc/engine/agents/lead.h"

namespace carc::engine {

int ProjectedLead(const State& state, Seat seat) {
  return LeadOf(state.ProjectedScores(), state, seat);
}

namespace {

// The lead after `move`, looking `depth` more decisions ahead while `seat` keeps deciding with
// nothing new drawn.
int Weigh(const State& state, Seat seat, const Move& move, int depth) {
  const std::unique_ptr<State> next = state.Clone();
  next->KeepEvents(false);
  if (next->Apply(seat, move) != RejectReason::kNone) return std::numeric_limits<int>::min();
  if (depth == 0 || next->IsOver() || next->ToMove() != seat ||
      next->Observation() != state.Observation()) {
    return ProjectedLead(*next, seat);
  }
  std::vector<Move> moves;
  next->LegalMoves(seat, moves);
  if (moves.empty()) return ProjectedLead(*next, seat);
  int best = std::numeric_limits<int>::min();
  for (const Move& m : moves) best = std::max(best, Weigh(*next, seat, m, depth - 1));
  return best;
}

}  // namespace

Move GreedyAgent::Choose(const State& state) {
  const Seat seat = state.ToMove();
  state.LegalMoves(seat, moves_);
  if (moves_.size() <= 1) return moves_.empty() ? Move{kTimeoutMove, {}} : moves_.front();
  std::vector<std::size_t> best;
  int best_value = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const int v = Weigh(state, seat, moves_[i], 1);
    if (v > best_value) {
      best_value = v;
      best.assign(1, i);
    } else if (v == best_value) {
      best.push_back(i);
    }
  }
  return moves_[best[rng_.Below(static_cast<std::uint32_t>(best.size()))]];
}

}  // namespace carc::engine

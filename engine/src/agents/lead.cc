#include "carc/engine/agents/lead.h"

#include <algorithm>
#include <limits>

namespace carc::engine {

int LeadOf(std::span<const int> scores, const State& state, Seat seat) {
  int best_other = std::numeric_limits<int>::min();
  for (Seat s = 0; s < state.players(); ++s) {
    if (s != seat && !state.Resigned(s)) {
      best_other = std::max(best_other, scores[static_cast<std::size_t>(s)]);
    }
  }
  if (best_other == std::numeric_limits<int>::min()) best_other = 0;
  return scores[static_cast<std::size_t>(seat)] - best_other;
}

}  // namespace carc::engine

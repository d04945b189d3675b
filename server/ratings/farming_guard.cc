#include "ratings/farming_guard.h"

#include <algorithm>

namespace carc::ratings {

bool CountsAsRated(std::span<const FarmingFacts> players, const FarmingRules& rules) {
  return std::all_of(players.begin(), players.end(),
                     [&](const FarmingFacts& p) { return p.fixed || p.moves >= rules.min_moves; });
}

Damping FarmingDamping(std::span<const FarmingFacts> players,
                       const std::function<int(std::size_t, std::size_t)>& together,
                       const FarmingRules& rules) {
  const std::size_t n = players.size();
  Damping damping;
  damping.reach = rules.reach;
  damping.weights.assign(n * n, 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t q = 0; q < n; ++q) {
      if (q == i) continue;
      const FarmingFacts& them = players[q];
      double w = 1.0;
      if (!them.fixed && them.games < rules.provisional_games) {
        w *= static_cast<double>(them.games + 1) / static_cast<double>(rules.provisional_games + 1);
      }
      if (!them.fixed && !players[i].fixed) {
        w /= static_cast<double>(1 + std::max(0, together(i, q)));
      }
      damping.weights[i * n + q] = w;
    }
  }
  return damping;
}

}  // namespace carc::ratings

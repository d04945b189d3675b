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
  // What q counts for everyone else: less while q is provisional.
  const auto provisional = [&](const FarmingFacts& q) {
    if (q.fixed || q.games >= rules.provisional_games) return 1.0;
    return static_cast<double>(q.games + 1) / static_cast<double>(rules.provisional_games + 1);
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t q = i + 1; q < n; ++q) {
      // The pair's games together are one store read, alike for both of them.
      const double repeated = players[i].fixed || players[q].fixed
                                  ? 1.0
                                  : 1.0 / static_cast<double>(1 + std::max(0, together(i, q)));
      damping.weights[i * n + q] = provisional(players[q]) * repeated;
      damping.weights[q * n + i] = provisional(players[i]) * repeated;
    }
  }
  return damping;
}

}  // namespace carc::ratings

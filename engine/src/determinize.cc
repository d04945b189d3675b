// GameState::Determinize: the secrets of a base game redrawn for search (game.h).
#include <algorithm>

#include "carc/engine/game_state.h"

namespace carc::engine {

void GameState::Determinize(Seat seat, Rng& rng) {
  // The tiles `seat` cannot place: the stack and, with private hands, the others' hands. Their
  // kinds are known to it (the view's `unseen` counts), only where each one lies is not.
  const bool hands_hidden =
      config_.options.hand_size > 0 && config_.options.hand_visibility == HandVisibility::kPrivate;
  const auto hidden = [&](Seat s) { return hands_hidden && s != seat; };
  std::vector<TileKind> pool(bag_);
  for (Seat s = 0; s < config_.players; ++s) {
    if (!hidden(s)) continue;
    const auto& hand = hands_[static_cast<std::size_t>(s)];
    pool.insert(pool.end(), hand.begin(), hand.begin() + hand_count_[static_cast<std::size_t>(s)]);
  }
  // Sorted first: the stack's order is a secret, and the shuffle must not start from it.
  std::sort(pool.begin(), pool.end());
  rng.Shuffle(pool);
  auto next = pool.begin();
  for (Seat s = 0; s < config_.players; ++s) {
    if (!hidden(s)) continue;
    auto& hand = hands_[static_cast<std::size_t>(s)];
    for (int i = 0; i < hand_count_[static_cast<std::size_t>(s)]; ++i) {
      hand[static_cast<std::size_t>(i)] = *next++;
    }
  }
  bag_.assign(next, pool.end());
  // Reshuffles of unplaceable tiles (V-6) draw from the generator: it is a secret as well.
  rng_ = Rng(rng.Next());
}

}  // namespace carc::engine

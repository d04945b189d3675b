// CastleState::Determinize: the secrets of a Castle game redrawn for search (game.h).
#include <algorithm>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {

void CastleState::Determinize(Rng& rng) {
  // Sorted first: the stack's order is a secret, and the shuffle must not start from it.
  std::sort(bag_.begin(), bag_.end());
  rng.Shuffle(bag_);
  // K-3: the towers' face-down tiles and the five in the box come from the 18; those taken
  // (held face up, or used) are known to both seats, the rest could lie anywhere.
  std::array<int, kWallTileKinds + 1> left{};
  for (int k = 1; k <= kWallTileKinds; ++k) {
    left[static_cast<std::size_t>(k)] = kWallTileCopies - used_[static_cast<std::size_t>(k)];
  }
  for (const auto& held : held_) {
    for (const HeldWallTile& h : held) --left[h.kind];
  }
  std::vector<WallTile> pool;
  for (int k = 1; k <= kWallTileKinds; ++k) {
    for (int c = 0; c < left[static_cast<std::size_t>(k)]; ++c) {
      pool.push_back(static_cast<WallTile>(k));
    }
  }
  rng.Shuffle(pool);
  for (WallTile& t : towers_) {
    if (t == 0) continue;
    t = pool.back();
    pool.pop_back();
  }
  rng_ = Rng(rng.Next());
}

}  // namespace carc::engine::castle

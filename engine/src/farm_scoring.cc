// B-17: farm scoring at the end of the game, by the third-edition (c3) or first-edition (c1)
// method.
#include <algorithm>

#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

// C-1: the city of Carcassonne counts as one completed city for the farms that border it. It is
// no segment, so it stands here as an id above every real one.
constexpr SegmentId kCarcassonne = 0xFFFF;

struct Farm {
  SegmentId root = 0;
  std::array<std::uint8_t, kMaxPlayers> farmers{};
  std::vector<SegmentId> cities;  // roots of the completed cities it borders
};

}  // namespace

void GameState::ScoreFarms(std::vector<Event>* events) {
  std::vector<Farm> farms;
  for (const Follower& f : followers_) {
    if (KindOf(f.segment) != FeatureKind::kField) continue;
    const SegmentId root = graph_.Find(f.segment);
    auto it =
        std::find_if(farms.begin(), farms.end(), [&](const Farm& x) { return x.root == root; });
    if (it == farms.end()) it = farms.insert(farms.end(), Farm{root, {}, {}});
    ++it->farmers[static_cast<std::size_t>(f.player)];
  }
  if (farms.empty()) return;
  std::sort(farms.begin(), farms.end(),
            [](const Farm& a, const Farm& b) { return a.root < b.root; });

  // A farm borders a city where one of its field segments touches that city's segment on the
  // same tile (the catalog's `touches`); corner contact is not in the data, so never counts.
  for (int t = 0; t < num_placed_; ++t) {
    const TileDef& def = catalog_->Def(placed_[static_cast<std::size_t>(t)].kind);
    for (int i = 0; i < def.num_segments; ++i) {
      const SegmentDef& seg = def.segments[static_cast<std::size_t>(i)];
      if (seg.kind != FeatureKind::kField || (seg.touches == 0 && !seg.carcassonne)) continue;
      const SegmentId root = graph_.Find(MakeSegmentId(t, i));
      auto it = std::lower_bound(farms.begin(), farms.end(), root,
                                 [](const Farm& a, SegmentId r) { return a.root < r; });
      if (it == farms.end() || it->root != root) continue;
      if (seg.carcassonne) it->cities.push_back(kCarcassonne);
      for (int c = 0; c < def.num_segments; ++c) {
        if ((seg.touches & (1 << c)) == 0) continue;
        const SegmentId city = graph_.Find(MakeSegmentId(t, c));
        if (graph_.Open(city) == 0) it->cities.push_back(city);  // incomplete cities never count
      }
    }
  }
  for (Farm& farm : farms) {
    std::sort(farm.cities.begin(), farm.cities.end());
    farm.cities.erase(std::unique(farm.cities.begin(), farm.cities.end()), farm.cities.end());
  }

  auto emit = [&](const TileSet& tiles, int cities, int points,
                  const std::array<std::uint8_t, kMaxPlayers>& counts) {
    const unsigned winners = Award(FeatureKind::kField, ScoreReason::kFarm, points, counts);
    if (events == nullptr) return;
    FeatureScored e;
    e.kind = FeatureKind::kField;
    e.reason = ScoreReason::kFarm;
    e.tiles = Positions(tiles);
    e.cities = cities;
    e.points = points;
    e.followers = counts;
    e.winners = SeatsOf(winners);
    events->push_back(std::move(e));
  };

  if (config_.options.farm_scoring == FarmScoring::kC3) {
    // Each farm: its majority scores 3 per completed city it borders.
    for (const Farm& farm : farms) {
      const int n = static_cast<int>(farm.cities.size());
      emit(TilesOf(farm.root), n, 3 * n, farm.farmers);
    }
    return;
  }
  // c1: each completed city once; the majority of farmers over all farms bordering it scores 4.
  std::vector<SegmentId> cities;
  for (const Farm& farm : farms)
    cities.insert(cities.end(), farm.cities.begin(), farm.cities.end());
  std::sort(cities.begin(), cities.end());
  cities.erase(std::unique(cities.begin(), cities.end()), cities.end());
  for (SegmentId city : cities) {
    std::array<std::uint8_t, kMaxPlayers> counts{};
    for (const Farm& farm : farms) {
      if (!std::binary_search(farm.cities.begin(), farm.cities.end(), city)) continue;
      for (int s = 0; s < kMaxPlayers; ++s) {
        counts[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(
            counts[static_cast<std::size_t>(s)] + farm.farmers[static_cast<std::size_t>(s)]);
      }
    }
    if (city == kCarcassonne) {
      TileSet block;  // the block's tiles are the first ones placed
      for (int i = 0; i < kBlockTiles; ++i) block.set(static_cast<std::size_t>(i));
      emit(block, 1, 4, counts);
    } else {
      emit(TilesOf(city), 1, 4, counts);
    }
  }
}

}  // namespace carc::engine

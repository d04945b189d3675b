// B-17: farm scoring at the end of the game, by the third-edition (c3) or first-edition (c1)
// method.
#include <algorithm>
#include <bit>
#include <bitset>

#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

struct Farm {
  SegmentId root = 0;
  std::array<std::uint8_t, kMaxPlayers> farmers{};
  std::bitset<kMaxSegments> cities;  // roots of the completed cities it borders
  bool carcassonne = false;          // C-1: borders the city of Carcassonne
  int Cities() const { return static_cast<int>(cities.count()) + (carcassonne ? 1 : 0); }
};

}  // namespace

void GameState::ScoreFarms(std::vector<Event>* events) {
  std::vector<Farm> farms;
  for (const Follower& f : followers_) {
    if (KindOf(f.segment) != FeatureKind::kField) continue;
    const SegmentId root = graph_.Find(f.segment);
    auto it =
        std::find_if(farms.begin(), farms.end(), [&](const Farm& x) { return x.root == root; });
    if (it == farms.end()) it = farms.insert(farms.end(), Farm{root, {}, {}, false});
    ++it->farmers[static_cast<std::size_t>(f.player)];
  }
  if (farms.empty()) return;
  std::sort(farms.begin(), farms.end(),
            [](const Farm& a, const Farm& b) { return a.root < b.root; });

  // A farm borders a city where one of its field segments touches that city's segment on the
  // same tile (the catalog's `touches`); corner contact is not in the data, so never counts.
  // Only farms with farmers matter, so their own segments are walked, not the whole board.
  for (Farm& farm : farms) {
    SegmentId s = farm.root;
    do {
      const int t = TileOfSegment(s);
      const TileDef& def = catalog_->Def(placed_[static_cast<std::size_t>(t)].kind);
      const SegmentDef& seg = def.segments[static_cast<std::size_t>(LocalOfSegment(s))];
      farm.carcassonne = farm.carcassonne || seg.carcassonne;
      for (unsigned touches = seg.touches; touches != 0; touches &= touches - 1) {
        const SegmentId city = graph_.Find(MakeSegmentId(t, std::countr_zero(touches)));
        if (graph_.Open(city) == 0) farm.cities.set(city);  // incomplete cities never count
      }
      s = graph_.NextMember(s);
    } while (s != farm.root);
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
      const int n = farm.Cities();
      emit(TilesOf(farm.root), n, 3 * n, farm.farmers);
    }
    return;
  }
  // c1: each completed city once, in the order of their roots with Carcassonne last; the
  // majority of farmers over all farms bordering it scores 4.
  std::bitset<kMaxSegments> cities;
  bool carcassonne = false;
  for (const Farm& farm : farms) {
    cities |= farm.cities;
    carcassonne = carcassonne || farm.carcassonne;
  }
  auto counts_for = [&](auto borders) {
    std::array<std::uint8_t, kMaxPlayers> counts{};
    for (const Farm& farm : farms) {
      if (!borders(farm)) continue;
      for (int s = 0; s < kMaxPlayers; ++s) {
        counts[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(
            counts[static_cast<std::size_t>(s)] + farm.farmers[static_cast<std::size_t>(s)]);
      }
    }
    return counts;
  };
  for (std::size_t city = 0; city < cities.size(); ++city) {
    if (!cities.test(city)) continue;
    emit(TilesOf(static_cast<SegmentId>(city)), 1, 4,
         counts_for([&](const Farm& farm) { return farm.cities.test(city); }));
  }
  if (carcassonne) {
    TileSet block;  // the block's tiles are the first ones placed
    for (int i = 0; i < kBlockTiles; ++i) block.set(static_cast<std::size_t>(i));
    emit(block, 1, 4, counts_for([](const Farm& farm) { return farm.carcassonne; }));
  }
}

}  // namespace carc::engine

// The Count of Carcassonne (RULES.md section 3): the quarters of the city of Carcassonne and the
// fixed layout of its 12-tile block.
//
// Contract: quarters are numbered clockwise from the top as on the block (castle, market,
// blacksmith, cathedral), the order of C-3's `clockwise` option. The block lies with CO1 at
// (-2,-1) and CO7 at (0,0), every tile unrotated, as ../shared/tiles/count.json lays it out.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "carc/engine/types.h"

namespace carc::engine {

enum class Quarter : std::uint8_t { kCastle = 0, kMarket = 1, kBlacksmith = 2, kCathedral = 3 };
inline constexpr int kQuarters = 4;
inline constexpr std::array<std::string_view, kQuarters> kQuarterNames = {
    "castle", "market", "blacksmith", "cathedral"};

// C-4, C-5: which feature a quarter's followers may move onto.
constexpr FeatureKind QuarterServes(Quarter q) {
  constexpr FeatureKind kServes[kQuarters] = {FeatureKind::kCity, FeatureKind::kField,
                                              FeatureKind::kRoad, FeatureKind::kCloister};
  return kServes[static_cast<int>(q)];
}

// The quarter whose followers may move onto features of kind k.
constexpr Quarter QuarterFor(FeatureKind k) {
  constexpr Quarter kFor[kFeatureKinds] = {Quarter::kBlacksmith, Quarter::kCastle,
                                           Quarter::kCathedral, Quarter::kMarket};
  return kFor[static_cast<int>(k)];
}

// C-3 `clockwise`: the next quarter round the city.
constexpr Quarter NextQuarter(Quarter q) {
  return static_cast<Quarter>((static_cast<int>(q) + 1) % kQuarters);
}

inline constexpr int kBlockColumns = 4;
inline constexpr int kBlockRows = 3;
inline constexpr int kBlockTiles = kBlockColumns * kBlockRows;
// Board position of the block's north-west tile (CO1).
inline constexpr Pos kBlockOrigin = {-2, -1};

}  // namespace carc::engine

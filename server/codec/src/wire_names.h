// Engine <-> wire spellings shared by the codec's sources (not part of the public interface).
#pragma once

#include <string>

#include "carc/engine/count.h"
#include "carc/engine/tile_catalog.h"
#include "carc/engine/types.h"
#include "carc/v1/base_game.pb.h"

namespace carc::codec::detail {

// A tile kind as it goes on the wire: its id ("A".."X", "CO1".."CO12"), or "?" for a tile the
// viewer may not see.
inline std::string Letter(engine::TileKind k, const engine::TileCatalog& catalog) {
  if (k == engine::kNoTile || k >= catalog.num_kinds) return "?";
  return std::string(catalog.Def(k).id);
}

// Quarters too are shifted by one on the wire.
inline v1::Quarter QuarterToProto(engine::Quarter q) {
  return static_cast<v1::Quarter>(static_cast<int>(q) + 1);
}
// kQuarters (an invalid quarter, refused by the engine) for anything else.
inline engine::Quarter QuarterFromProto(v1::Quarter q) {
  const int i = static_cast<int>(q) - 1;
  return static_cast<engine::Quarter>(i >= 0 && i < engine::kQuarters ? i : engine::kQuarters);
}

// The wire enum is the engine's shifted by one, because proto3 reserves 0 for "unspecified".
inline v1::FeatureKind KindToProto(engine::FeatureKind k) {
  return static_cast<v1::FeatureKind>(static_cast<int>(k) + 1);
}

}  // namespace carc::codec::detail

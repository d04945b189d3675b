#include "carc/engine/feature_graph.h"

#include <utility>

namespace carc::engine {

void FeatureGraph::AddTile(int placed_index, const TileDef& def) {
  for (int i = 0; i < def.num_segments; ++i) {
    const SegmentId s = MakeSegmentId(placed_index, i);
    const SegmentDef& seg = def.segments[static_cast<std::size_t>(i)];
    parent_[s] = s;
    next_[s] = s;
    size_[s] = 1;
    open_[s] = static_cast<std::int16_t>(BitsIn4(seg.sides));
    pennants_[s] = seg.pennant ? 1 : 0;
    followers_[s] = 0;
  }
}

SegmentId FeatureGraph::Link(SegmentId ra, SegmentId rb) {
  if (ra == rb) return ra;
  // Union by size keeps trees shallow (log n) for the const Find(); the joins halve paths.
  if (size_[ra] < size_[rb]) std::swap(ra, rb);
  parent_[rb] = ra;
  size_[ra] = static_cast<std::uint16_t>(size_[ra] + size_[rb]);
  open_[ra] = static_cast<std::int16_t>(open_[ra] + open_[rb]);
  pennants_[ra] = static_cast<std::uint8_t>(pennants_[ra] + pennants_[rb]);
  followers_[ra] = static_cast<std::uint8_t>(followers_[ra] + followers_[rb]);
  std::swap(next_[ra], next_[rb]);  // splices the two circular member lists
  return ra;
}

SegmentId FeatureGraph::JoinAcrossEdge(SegmentId a, SegmentId b) {
  const SegmentId r = Link(FindHalving(a), FindHalving(b));
  open_[r] = static_cast<std::int16_t>(open_[r] - 2);
  return r;
}

SegmentId FeatureGraph::Join(SegmentId a, SegmentId b) {
  return Link(FindHalving(a), FindHalving(b));
}

}  // namespace carc::engine

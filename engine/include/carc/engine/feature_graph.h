// Connected features (roads, cities, fields) as a union-find over tile segments.
//
// Contract: segment id = placed-tile index * kMaxSegmentsPerTile + local segment index. Each
// root carries the feature's open edge count (0 = complete), pennants and follower count, and
// every feature keeps a circular member list so that its tiles can be listed when it scores.
#pragma once

#include <array>
#include <cstdint>

#include "carc/engine/tile_catalog.h"
#include "carc/engine/types.h"

namespace carc::engine {

inline constexpr int kMaxPlacedTiles = 96;
inline constexpr int kMaxSegments = kMaxPlacedTiles * kMaxSegmentsPerTile;

using SegmentId = std::uint16_t;

constexpr SegmentId MakeSegmentId(int placed_index, int local) {
  return static_cast<SegmentId>(placed_index * kMaxSegmentsPerTile + local);
}
constexpr int TileOfSegment(SegmentId s) {
  return s / kMaxSegmentsPerTile;
}
constexpr int LocalOfSegment(SegmentId s) {
  return s % kMaxSegmentsPerTile;
}

class FeatureGraph {
 public:
  // Registers the segments of a newly placed tile as singleton features.
  void AddTile(int placed_index, const TileDef& def);

  SegmentId Find(SegmentId s) const {
    while (parent_[s] != s) s = parent_[s];
    return s;
  }
  // Joins the features of a and b across one shared edge: the edge is no longer open on
  // either side (roads and cities). Returns the new root.
  SegmentId JoinAcrossEdge(SegmentId a, SegmentId b);
  // Joins two field features (half-edges carry no open count).
  SegmentId Join(SegmentId a, SegmentId b);

  // Closes one open edge without a partner (the table edge under V-7).
  void CloseEdge(SegmentId s) { --open_[Find(s)]; }

  int Open(SegmentId root) const { return open_[root]; }
  int Pennants(SegmentId root) const { return pennants_[root]; }
  int Followers(SegmentId root) const { return followers_[root]; }
  void AddFollower(SegmentId s, int delta) {
    followers_[Find(s)] = static_cast<std::uint8_t>(followers_[Find(s)] + delta);
  }
  SegmentId NextMember(SegmentId s) const { return next_[s]; }

  friend bool operator==(const FeatureGraph&, const FeatureGraph&) = default;

 private:
  SegmentId Link(SegmentId ra, SegmentId rb);
  // Find() that also points every other segment on the way at its grandparent (path halving):
  // field features grow long chains, and the joins change the graph anyway. Which tree shape
  // results depends only on the joins made, so equal histories still give equal graphs.
  SegmentId FindHalving(SegmentId s) {
    while (parent_[s] != s) {
      parent_[s] = parent_[parent_[s]];
      s = parent_[s];
    }
    return s;
  }

  std::array<SegmentId, kMaxSegments> parent_{};
  std::array<SegmentId, kMaxSegments> next_{};
  std::array<std::uint16_t, kMaxSegments> size_{};
  std::array<std::int16_t, kMaxSegments> open_{};
  std::array<std::uint8_t, kMaxSegments> pennants_{};
  std::array<std::uint8_t, kMaxSegments> followers_{};
};

}  // namespace carc::engine

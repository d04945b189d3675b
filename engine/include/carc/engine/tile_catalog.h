// The tile catalog: every tile kind of a set, its segments, and precomputed rotations.
//
// Contract: the catalog is immutable data compiled into the engine (no file is read at run time).
// Its contents are the facts of ../shared/tiles/base.json (and count.json for the Count's
// block); tests/codec/tile_data_test.cc compares them field by field, so a transcription error
// fails the build's tests.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "carc/engine/types.h"

namespace carc::engine {

inline constexpr int kMaxSegmentsPerTile = 10;
inline constexpr int kMaxTileKinds = 36;  // 24 base kinds + the Count's 12 block tiles
// The kinds that can be drawn come first (the block tiles, never in the stack, after them):
// what a board counts placements for.
inline constexpr int kMaxDrawnKinds = 24;
inline constexpr std::uint8_t kNoSegment = 0xFF;
// Past the 256 frontier constraints (FrontierCell::constraint): none.
inline constexpr int kNoConstraint = 256;

// One feature segment printed on a tile, in the tile's printed orientation.
struct SegmentDef {
  FeatureKind kind = FeatureKind::kField;
  std::string_view name;      // tile-local id from the data: "c1", "r2", "f1", "cloister"
  std::uint8_t sides = 0;     // roads and cities: bit s set when the segment reaches side s
  std::uint8_t halves = 0;    // fields: bit h set for each half-edge the field owns
  bool pennant = false;       // cities only
  std::uint16_t touches = 0;  // fields: bit i set when the field borders city segment i
  bool carcassonne = false;   // fields: borders the city of Carcassonne (C-1)
};

struct TileDef {
  char letter = '?';     // base tiles A..X; '#' for the Count's block tiles
  std::string_view id;   // "A".."X", or the block tile's "CO1".."CO12"
  int count = 0;         // copies in the set, the start tile included
  int start_copies = 0;  // copies of this kind that are the start tile (1 for D)
  int c1_number = 0;     // first-edition number of the same kind
  std::array<EdgeType, kSides> edges{};
  int num_segments = 0;
  std::array<SegmentDef, kMaxSegmentsPerTile> segments{};
  std::uint8_t cloister_segment = 0xFF;  // local index of the cloister, or kNoSegment
  std::string_view description;
};

// A tile kind turned by a rotation: which segment owns each side and half-edge.
struct RotatedTile {
  std::array<EdgeType, kSides> edges{};
  // Packed edge types, 2 bits per side (side s at bits 2s..2s+1), for one-compare matching.
  std::uint8_t signature = 0;
  std::array<std::uint8_t, kSides> side_segment{};      // road/city segment, or kNoSegment
  std::array<std::uint8_t, kHalfEdges> half_segment{};  // field segment, or kNoSegment
};

struct TileCatalog {
  int num_kinds = 0;
  int total_tiles = 0;
  TileKind start_kind = kNoTile;
  // The Count's block tiles CO1..CO12 are kinds block_first.. in row-major order (count 0: never
  // in the stack); kNoTile in a set without them.
  TileKind block_first = kNoTile;
  std::array<TileDef, kMaxTileKinds> tiles{};
  std::array<std::array<RotatedTile, 4>, kMaxTileKinds> rotated{};

  const TileDef& Def(TileKind k) const { return tiles[k]; }
  // fits[k][c]: bit r set when kind k at rotation r meets frontier constraint c
  // (FrontierCell::constraint).
  std::array<std::array<std::uint8_t, 256>, kMaxTileKinds> fits{};
  // fit_counts[c][k]: the number of rotations in fits[k][c] for the kinds that can be drawn,
  // laid out by constraint so that a board adds one frontier square's placements of every kind
  // in one pass. Row kNoConstraint is all 0: a square off the frontier offers nothing.
  std::array<std::array<std::uint16_t, kMaxDrawnKinds>, kNoConstraint + 1> fit_counts{};

  const RotatedTile& Rotated(TileKind k, int rotation) const { return rotated[k][rotation & 3]; }
  std::uint8_t FittingRotations(TileKind k, std::uint8_t constraint) const {
    return fits[k][constraint];
  }
  // The kind with this letter, or kNoTile.
  TileKind KindOf(char letter) const;
  // The kind with this id ("A", "CO7"), or kNoTile.
  TileKind KindOfId(std::string_view id) const;
  // The local segment index with this name on kind k, or kNoSegment.
  std::uint8_t SegmentIndex(TileKind k, std::string_view name) const;
};

// The base game: 24 kinds A..X, 72 tiles, D is the start tile.
const TileCatalog& BaseCatalog();
// The base game's 24 kinds (same indices) followed by the Count's 12 block tiles (C-1).
const TileCatalog& CountCatalog();

}  // namespace carc::engine

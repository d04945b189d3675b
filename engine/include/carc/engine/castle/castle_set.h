// The Castle's board and tile set as data (docs/castle-data.md): the engine names no tile and no
// space, so a transcription of the real components can replace the project's reconstruction.
//
// Contract: a CastleSet is immutable once built; a game holds it by shared pointer. Validate()
// lists what is wrong with a set; the engine only accepts sets that pass it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "carc/engine/types.h"

namespace carc::engine::castle {

// K-5: what a region is, and so what a follower on it is called (herald, knight, squire,
// merchant).
enum class Feature : std::uint8_t { kPath = 0, kTower = 1, kHouse = 2, kCourt = 3 };
inline constexpr int kFeatures = 4;
// How a path stops on its tile, for drawing; completion does not depend on it (K-6).
enum class PathEnd : std::uint8_t { kNone = 0, kSquare = 1, kBuilding = 2 };

struct Region {
  std::string id;
  Feature type = Feature::kCourt;
  bool fountain = false;  // paths, K-7
  int markets = 0;        // courts, K-11
  PathEnd end = PathEnd::kNone;
  friend bool operator==(const Region&, const Region&) = default;
};

inline constexpr std::int8_t kNoRegion = -1;

// One side of a tile: two halves (clockwise) and the path point between them, as region
// indices; `path` is kNoRegion when no path crosses the side.
struct SideDef {
  std::array<std::int8_t, 2> half{kNoRegion, kNoRegion};
  std::int8_t path = kNoRegion;
  friend bool operator==(const SideDef&, const SideDef&) = default;
};

struct TileDef {
  std::string id;
  int count = 1;
  std::vector<Region> regions;
  std::array<SideDef, kSides> sides{};  // N E S W, unrotated
  friend bool operator==(const TileDef&, const TileDef&) = default;
};

// Side `board_side` of a tile turned `rotation` quarter turns clockwise.
inline const SideDef& SideOf(const TileDef& def, int rotation, int board_side) {
  return def.sides[static_cast<std::size_t>((board_side - rotation + 2 * kSides) % kSides)];
}

// K-2: a half tile printed on the wall against side `side` of `space`; `edge` is written as that
// side of a tile in the space would be (half i faces half i).
struct StartSpace {
  std::string id;
  Pos space;
  int side = 0;
  std::vector<Region> regions;
  SideDef edge;
  friend bool operator==(const StartSpace&, const StartSpace&) = default;
};

// K-3: a corner tower covering two consecutive track fields.
struct CornerTower {
  std::array<int, 2> fields{};
  bool wall_tile = true;
  Pos corner;  // the grid point it stands on, for drawing
  friend bool operator==(const CornerTower&, const CornerTower&) = default;
};

struct BoardDef {
  std::string provenance;
  std::string note;
  std::vector<std::string> rows;  // '#' a space inside the wall, '.' outside
  std::vector<StartSpace> start_spaces;
  int track_length = 100;
  std::vector<CornerTower> corner_towers;
  friend bool operator==(const BoardDef&, const BoardDef&) = default;
};

struct CastleSet {
  BoardDef board;
  std::string tiles_provenance;
  std::string tiles_note;
  std::vector<TileDef> tiles;
  friend bool operator==(const CastleSet&, const CastleSet&) = default;

  // The largest board a set may have, in columns and in rows.
  static constexpr int kMaxBoardSide = 128;
  int width() const { return board.rows.empty() ? 0 : static_cast<int>(board.rows[0].size()); }
  int height() const { return static_cast<int>(board.rows.size()); }
  bool IsSpace(Pos p) const {
    return p.x >= 0 && p.y >= 0 && p.x < width() && p.y < height() &&
           board.rows[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] == '#';
  }
  int SpaceCount() const;
  int TileCount() const;  // the sum of the counts
};

// Empty when the set is usable; otherwise one line per problem (docs/castle-data.md, Checks).
std::string Validate(const CastleSet& set);

std::string_view FeatureName(Feature f);   // path tower house court
std::string_view FollowerName(Feature f);  // herald knight squire merchant
std::string_view SideName(int side);       // N E S W

}  // namespace carc::engine::castle

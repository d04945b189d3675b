// Commands: the only way a player changes a game.
#pragma once

#include <cstdint>
#include <variant>

#include "carc/engine/types.h"

namespace carc::engine {

// Put the current tile (or, with hands, the named tile from the hand) on the board.
struct PlaceTile {
  Pos pos;
  int rotation = 0;         // quarter turns clockwise, 0..3
  TileKind tile = kNoTile;  // kNoTile = the tile drawn this turn; with hands: which tile
  friend bool operator==(const PlaceTile&, const PlaceTile&) = default;
};

// Deploy a follower onto segment `segment` (tile-local index) of the tile just placed.
struct PlaceFollower {
  std::uint8_t segment = 0;
  friend bool operator==(const PlaceFollower&, const PlaceFollower&) = default;
};

// Deploy no follower this turn.
struct SkipFollower {
  friend bool operator==(const SkipFollower&, const SkipFollower&) = default;
};

using Command = std::variant<PlaceTile, PlaceFollower, SkipFollower>;

}  // namespace carc::engine

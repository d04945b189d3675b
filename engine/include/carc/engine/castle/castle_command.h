// The Castle's commands: the only way a player changes a Castle game.
#pragma once

#include <cstdint>
#include <variant>

#include "carc/engine/command.h"
#include "carc/engine/types.h"

namespace carc::engine::castle {

// K-4: put the drawn tile on space `pos` turned `rotation` quarter turns clockwise.
struct PlaceTile {
  Pos pos;
  int rotation = 0;
  friend bool operator==(const PlaceTile&, const PlaceTile&) = default;
};

// K-5: a follower from supply onto region `region` (tile-local index) of the tile just placed.
struct PlaceFollower {
  std::uint8_t region = 0;
  friend bool operator==(const PlaceFollower&, const PlaceFollower&) = default;
};

// K-9, K-10: score pending feature `feature` next (an index into CastleState::pending()), using
// wall tile 2 (tower) or 3 (house) on it when `double_it`.
struct ScoreFeature {
  std::uint8_t feature = 0;
  bool double_it = false;
  friend bool operator==(const ScoreFeature&, const ScoreFeature&) = default;
};

// K-10, wall tile 1, at the end of the owner's turn: use it for one more full turn, or keep it.
struct UseExtraTurn {
  friend bool operator==(const UseExtraTurn&, const UseExtraTurn&) = default;
};
struct EndTurn {
  friend bool operator==(const EndTurn&, const EndTurn&) = default;
};

// SkipFollower, Timeout and Resign mean what they mean in the base game (command.h). Timeout's
// fallback: the first legal placement; no follower; the first pending feature, not doubled;
// keep wall tile 1 (EndTurn).
using Command = std::variant<PlaceTile, PlaceFollower, engine::SkipFollower, ScoreFeature,
                             UseExtraTurn, EndTurn, engine::Timeout, engine::Resign>;

}  // namespace carc::engine::castle

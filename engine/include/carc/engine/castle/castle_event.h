// The Castle's events: what happened, in order; the diff rooms broadcast.
#pragma once

#include <array>
#include <cstdint>
#include <variant>
#include <vector>

#include "carc/engine/castle/castle_config.h"
#include "carc/engine/castle/castle_set.h"
#include "carc/engine/event.h"
#include "carc/engine/types.h"

namespace carc::engine::castle {

struct FollowerRef {
  Seat player = 0;
  Pos pos;
  int tile = 0;  // the kind of the tile it stands on (names `region`)
  std::uint8_t region = 0;
  Feature feature = Feature::kPath;
  friend bool operator==(const FollowerRef&, const FollowerRef&) = default;
};

// `tile` is an index into the set's tiles; the drawn tile is public (K-4).
struct TileDrawn {
  int tile = 0;
};
struct TileDiscarded {  // K-4: no legal place; the same player draws again
  Seat player = 0;
  int tile = 0;
};
struct TilePlaced {
  Seat player = 0;
  int tile = 0;
  Pos pos;
  int rotation = 0;
};
struct FollowerPlaced {
  FollowerRef follower;
};

enum class ScoreReason : std::uint8_t {
  kCompleted = 0,   // K-7, during the game
  kKeep = 1,        // K-11 a
  kCourt = 2,       // K-11 b
  kIncomplete = 3,  // K-11 c: wall tiles 4, 5, 6
  kWallTile9 = 4,   // K-11 c: wall tile 9
};

// One scoring: the feature's tiles (and start spaces, each counting as a tile), the followers per
// seat on it, and who scored (-1: nobody, K-7 ties). Keep scoring lists the empty area in `tiles`.
struct FeatureScored {
  ScoreReason reason = ScoreReason::kCompleted;
  Feature feature = Feature::kPath;
  std::vector<Pos> tiles;
  std::vector<int> start_spaces;  // indices into the board's start spaces
  std::array<std::uint8_t, kPlayers> followers{};
  Seat winner = -1;
  int points = 0;
  WallTile wall_tile = 0;  // the wall tile that changed this scoring (2, 3, 4-7, 8, 9), or 0
  std::vector<FollowerRef> returned;  // K-7: back to supply (merchants never)
};

// K-9: the marker landed on a field of corner tower `tower` (index in set order).
struct WallTileTaken {
  Seat player = 0;
  int tower = 0;
  WallTile kind = 0;
};
// K-8: the keep goes onto (or moves to) the house with a region at `pos`.
struct KeepMoved {
  Seat player = 0;
  Pos pos;
  int tile = 0;  // the kind of the tile at `pos`
  std::uint8_t region = 0;
  int size = 0;
};
// K-10: a wall tile was used and leaves the game.
struct WallTileUsed {
  Seat player = 0;
  WallTile kind = 0;
};
// K-11: the wall tiles still on the towers leave the wall, unseen.
struct WallTilesRemoved {
  int count = 0;
};
// K-12: most points wins; equal totals share the victory.
struct GameEnded {
  std::array<int, kPlayers> scores{};
  std::vector<Seat> winners;
};

using Event =
    std::variant<engine::TurnStarted, TileDrawn, TileDiscarded, TilePlaced, FollowerPlaced,
                 FeatureScored, WallTileTaken, KeepMoved, WallTileUsed, WallTilesRemoved,
                 engine::TurnTimedOut, engine::PlayerResigned, GameEnded>;

inline void Emit(std::vector<Event>* events, Event e) {
  if (events != nullptr) events->push_back(std::move(e));
}

}  // namespace carc::engine::castle

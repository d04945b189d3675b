// Commands: the only way a player changes a game.
#pragma once

#include <cstdint>
#include <variant>

#include "carc/engine/count.h"
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

// C-2, C-3: put a follower from supply into `quarter` of the city and move the Count to
// `count_to` (with count_move `free` any quarter, his own to leave him; otherwise the quarter the
// option dictates).
struct EnterCity {
  Quarter quarter = Quarter::kCastle;
  Quarter count_to = Quarter::kCastle;
  friend bool operator==(const EnterCity&, const EnterCity&) = default;
};

// C-4: move `followers` (1 or more) from the quarter that serves the completed feature onto it.
struct Redeploy {
  int followers = 1;
  friend bool operator==(const Redeploy&, const Redeploy&) = default;
};

// C-5, final scoring: move one follower from `quarter` onto the feature that segment `segment`
// of the tile at `pos` belongs to.
struct LeaveCity {
  Quarter quarter = Quarter::kCastle;
  Pos pos;
  std::uint8_t segment = 0;
  friend bool operator==(const LeaveCity&, const LeaveCity&) = default;
};

// Declines a Count decision: no follower into the city (C-2), none redeployed this round (C-4),
// or no more moves in final scoring (C-5).
struct Pass {
  friend bool operator==(const Pass&, const Pass&) = default;
};

// The seat to move ran out of time (sent by the room's clock, never by a client) or has
// resigned: the fallback move is played for the decision at hand. Fallback: in the tile step,
// the first placement of LegalPlacements() and no follower; in the follower step, no follower;
// in a Count decision (which may be another seat's than the turn's), Pass.
struct Timeout {
  friend bool operator==(const Timeout&, const Timeout&) = default;
};

// The seat leaves the game. Its followers stay and its points still count, but it cannot win;
// its later turns are played by Timeout. With fewer than two seats left the game ends at once
// (final scoring runs).
struct Resign {
  friend bool operator==(const Resign&, const Resign&) = default;
};

using Command = std::variant<PlaceTile, PlaceFollower, SkipFollower, Timeout, Resign, EnterCity,
                             Redeploy, LeaveCity, Pass>;

}  // namespace carc::engine

// Why a command was refused. A refused command never changes the state.
#pragma once

#include <cstdint>
#include <string_view>

namespace carc::engine {

enum class RejectReason : std::uint8_t {
  kNone = 0,         // accepted
  kGameOver,         // the game has ended
  kNotYourTurn,      // the seat is not the one the game waits for
  kWrongPhase,       // e.g. a follower before a tile, or a second tile
  kBadRotation,      // rotation outside 0..3
  kTileNotInHand,    // the named tile is not the current tile / not in the hand
  kOccupiedSquare,   // a tile already lies there
  kNotAdjacent,      // the square shares no side with a placed tile (B-5)
  kEdgeMismatch,     // a shared edge does not match (B-5)
  kOutsideBoard,     // outside the board limit (V-5) or the grid
  kNoSuchSegment,    // the tile has no segment with that index
  kNoFollowerLeft,   // the player's supply is empty (B-9)
  kFeatureOccupied,  // the connected feature already holds a follower (B-7)
  kFarmersDisabled,  // a farmer with option farmers off (B-20)
  kResigned,         // the seat has resigned and plays no more
  kBadQuarter,       // not one of the four quarters of the city (C-1)
  kQuarterBlocked,   // the Count stands in that quarter (C-2, C-4, C-5)
  kEmptyQuarter,     // the seat has not that many followers in the quarter (C-4, C-5)
  kBadCountMove,     // the Count may not move there under option count_move (C-3)
  kWrongTarget,      // not an incomplete feature that the quarter serves (C-5)
  kNoSuchFeature,    // not one of the completed features waiting to be scored (K-9)
  kCannotDouble,     // no usable wall tile 2 or 3 for that feature (K-10)
  kBadMove,          // no move of this game: an unknown type, or a field it does not have set
};

// A stable snake_case name, used on the wire and in CLI messages.
std::string_view Name(RejectReason r);
// The rule the reason enforces, e.g. "B-5", or "" when it is a matter of protocol.
std::string_view RuleOf(RejectReason r);

}  // namespace carc::engine

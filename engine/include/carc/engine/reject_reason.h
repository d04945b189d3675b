// Why a command was refused. A refused command never changes the state.
//
// The reason is what went wrong in the engine's terms; which rule of RULES.md that breaks, and
// how to say it to a player, depends on the game and on the decision at hand (a blocked quarter
// breaks C-2 when entering the city, C-4 when redeploying, C-5 in final scoring). The state that
// refused a command explains it: each game's Explain(reason) gives the Refusal.
#pragma once

#include <cstdint>
#include <string>
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
  kRedeployAmount,   // with count_redeploy=seed, neither all, one nor none of them (C-4)
  kBadCountMove,     // the Count may not move there under option count_move (C-3)
  kWrongTarget,      // not an incomplete feature that the quarter serves (C-5)
  kNoSuchFeature,    // not one of the completed features waiting to be scored (K-9)
  kCannotDouble,     // no usable wall tile 2 or 3 for that feature (K-10)
  kBadMove,          // no move of this game: an unknown type, or a field it does not have set
};

// A stable snake_case name, used on the wire, in metrics and in CLI messages.
std::string_view Name(RejectReason r);

// A refusal in the rules' words: the id of the rule it enforces in RULES.md ("B-5", "C-4",
// "K-4") and what was wrong in plain English ("a path must meet a path or the wall"). The rule is
// "" only for what no rule of the game covers: a seat that has resigned, a move the game does not
// have. Both point at static text.
struct Refusal {
  RejectReason reason = RejectReason::kNone;
  std::string_view rule;
  std::string_view text;
};

// The refusals no game's rules cover, the same in every game: kNone, a seat that has resigned,
// a move the game does not have (every other reason a game's Explain() does not know reads as
// that). Each game's Explain() ends with it.
Refusal WithoutRule(RejectReason r);

// "C-4: the Count's quarter is blocked", or the text alone when there is no rule.
std::string Describe(const Refusal& r);

}  // namespace carc::engine

// The base game's refusals in the rules' words (RULES.md sections 1-3). The same reason breaks a
// different rule depending on the decision the game waits for: a blocked quarter is C-2 when a
// follower enters the city, C-4 in a redeployment round, C-5 in final scoring.
#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

// The rule of the decision at hand, for reasons that belong to whichever decision it is.
std::string_view DecisionRule(Phase p) {
  switch (p) {
    case Phase::kPlaceTile:
      return "B-5";
    case Phase::kPlaceFollower:
      return "B-7";
    case Phase::kEnterCity:
      return "C-2";
    case Phase::kRedeploy:
      return "C-4";
    case Phase::kFinalMove:
      return "C-5";
    case Phase::kGameOver:
      return "B-15";
  }
  return "B-14";
}

std::string_view WaitsFor(Phase p) {
  switch (p) {
    case Phase::kPlaceTile:
      return "the game waits for a tile to be placed";
    case Phase::kPlaceFollower:
      return "the tile is placed: place a follower on it or skip";
    case Phase::kEnterCity:
      return "the game waits for the decision to put a follower into the city or pass";
    case Phase::kRedeploy:
      return "the game waits for a redeployment from the quarter or a pass";
    case Phase::kFinalMove:
      return "final scoring waits for a follower to leave the city or a pass";
    case Phase::kGameOver:
      return "the game is over";
  }
  return "not now";
}

}  // namespace

Refusal GameState::Explain(RejectReason r) const {
  const bool final_move = phase_ == Phase::kFinalMove;
  switch (r) {
    case RejectReason::kGameOver:
      return {r, "B-15", "the game is over"};
    case RejectReason::kNotYourTurn:
      if (InCountDecision()) return {r, DecisionRule(phase_), "another player decides now"};
      return {r, "B-3", "it is not your turn"};
    case RejectReason::kWrongPhase:
      return {r, phase_ == Phase::kPlaceFollower ? "B-14" : DecisionRule(phase_), WaitsFor(phase_)};
    case RejectReason::kBadRotation:
      return {r, "B-5", "the rotation must be 0, 1, 2 or 3"};
    case RejectReason::kTileNotInHand:
      if (config_.options.hand_size > 0) return {r, "V-2", "that tile is not in your hand"};
      return {r, "B-4", "that is not the tile you drew"};
    case RejectReason::kOccupiedSquare:
      return {r, "B-5", "a tile already lies on that square"};
    case RejectReason::kNotAdjacent:
      return {r, "B-5", "the tile must share a full edge with a placed tile"};
    case RejectReason::kEdgeMismatch:
      return {r, "B-5",
              "every edge the tile shares must match: city to city, road to road, field to field"};
    case RejectReason::kOutsideBoard:
      return {r, "V-5", "the square is outside the table (option board_limit)"};
    case RejectReason::kNoSuchSegment:
      return {r, final_move ? "C-5" : "B-7", "the tile has no such feature"};
    case RejectReason::kNoFollowerLeft:
      if (phase_ == Phase::kEnterCity) {
        return {r, "C-2", "you have no follower in supply to put into the city"};
      }
      return {r, "B-9", "you have no follower in supply"};
    case RejectReason::kFeatureOccupied:
      return {r, "B-7", "that feature already holds a follower"};
    case RejectReason::kFarmersDisabled:
      return {r, "B-20", "farmers are off in this game"};
    case RejectReason::kBadQuarter:
      return {r, "C-1", "not one of the city's four quarters"};
    case RejectReason::kQuarterBlocked:
      return {r, DecisionRule(phase_), "the Count's quarter is blocked"};
    case RejectReason::kEmptyQuarter:
      if (final_move) return {r, "C-5", "you have no follower in that quarter"};
      return {r, "C-4", "you have not that many followers in the quarter"};
    case RejectReason::kRedeployAmount:
      return {r, "C-4",
              "move all of your followers from the quarter, exactly one, or none (option "
              "count_redeploy=seed)"};
    case RejectReason::kBadCountMove:
      if (config_.options.count_move == CountMove::kClockwise) {
        return {r, "C-3", "the Count must move to the next quarter clockwise (option count_move)"};
      }
      return {r, "C-3",
              "the Count must move to the quarter that receives the follower (option count_move)"};
    case RejectReason::kWrongTarget:
      return {r, "C-5",
              "that quarter's followers cannot go there: castle to an incomplete city, "
              "blacksmith to an incomplete road, cathedral to an incomplete cloister, market to "
              "a farm"};
    default:
      break;
  }
  return WithoutRule(r);
}

}  // namespace carc::engine

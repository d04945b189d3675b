#include "carc/engine/reject_reason.h"

namespace carc::engine {

std::string_view Name(RejectReason r) {
  switch (r) {
    case RejectReason::kNone:
      return "none";
    case RejectReason::kGameOver:
      return "game_over";
    case RejectReason::kNotYourTurn:
      return "not_your_turn";
    case RejectReason::kWrongPhase:
      return "wrong_phase";
    case RejectReason::kBadRotation:
      return "bad_rotation";
    case RejectReason::kTileNotInHand:
      return "tile_not_in_hand";
    case RejectReason::kOccupiedSquare:
      return "occupied_square";
    case RejectReason::kNotAdjacent:
      return "not_adjacent";
    case RejectReason::kEdgeMismatch:
      return "edge_mismatch";
    case RejectReason::kOutsideBoard:
      return "outside_board";
    case RejectReason::kNoSuchSegment:
      return "no_such_segment";
    case RejectReason::kNoFollowerLeft:
      return "no_follower_left";
    case RejectReason::kFeatureOccupied:
      return "feature_occupied";
    case RejectReason::kFarmersDisabled:
      return "farmers_disabled";
    case RejectReason::kResigned:
      return "resigned";
    case RejectReason::kBadQuarter:
      return "bad_quarter";
    case RejectReason::kQuarterBlocked:
      return "quarter_blocked";
    case RejectReason::kEmptyQuarter:
      return "empty_quarter";
    case RejectReason::kRedeployAmount:
      return "redeploy_amount";
    case RejectReason::kBadCountMove:
      return "bad_count_move";
    case RejectReason::kWrongTarget:
      return "wrong_target";
    case RejectReason::kNoSuchFeature:
      return "no_such_feature";
    case RejectReason::kCannotDouble:
      return "cannot_double";
    case RejectReason::kBadMove:
      return "bad_move";
  }
  return "unknown";
}

Refusal WithoutRule(RejectReason r) {
  switch (r) {
    case RejectReason::kNone:
      return {r, "", ""};
    case RejectReason::kResigned:
      return {r, "", "you have resigned and play no more"};
    default:
      return {r, "", "not a move of this game"};
  }
}

std::string Describe(const Refusal& r) {
  if (r.rule.empty()) return std::string(r.text);
  std::string out(r.rule);
  out += ": ";
  out += r.text;
  return out;
}

}  // namespace carc::engine

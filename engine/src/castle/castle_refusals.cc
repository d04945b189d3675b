// The Castle's refusals in its own rules' words (RULES.md section 4): where the base game cites
// B-5 for a placement, The Castle cites K-4; a follower K-5.
#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {
namespace {

std::string_view WaitsFor(Phase p) {
  switch (p) {
    case Phase::kPlaceTile:
      return "the game waits for a tile to be placed";
    case Phase::kPlaceFollower:
      return "the tile is placed: place a follower on it or skip";
    case Phase::kChooseScoring:
      return "the game waits for the placing player to choose the next feature to score";
    case Phase::kExtraTurn:
      return "the game waits for wall tile 1 to be used or kept";
    case Phase::kGameOver:
      return "the game is over";
  }
  return "not now";
}

std::string_view PhaseRule(Phase p) {
  switch (p) {
    case Phase::kPlaceTile:
      return "K-4";
    case Phase::kPlaceFollower:
      return "K-5";
    case Phase::kChooseScoring:
      return "K-9";
    case Phase::kExtraTurn:
      return "K-10";
    case Phase::kGameOver:
      return "K-11";
  }
  return "K-4";
}

}  // namespace

Refusal CastleState::Explain(RejectReason r) const {
  switch (r) {
    case RejectReason::kGameOver:
      return {r, "K-11", "the game is over"};
    case RejectReason::kNotYourTurn:
      return {r, "K-1", "it is the other player's turn"};
    case RejectReason::kWrongPhase:
      return {r, PhaseRule(phase_), WaitsFor(phase_)};
    case RejectReason::kBadRotation:
      return {r, "K-4", "the rotation must be 0, 1, 2 or 3"};
    case RejectReason::kTileNotInHand:
      return {r, "K-4", "that is not the tile you drew"};
    case RejectReason::kOutsideBoard:
      return {r, "K-2", "not a space inside the castle wall"};
    case RejectReason::kOccupiedSquare:
      return {r, "K-4", "a tile already lies on that space"};
    case RejectReason::kNotAdjacent:
      return {r, "K-4", "the tile must share a full side with a start space or a placed tile"};
    case RejectReason::kEdgeMismatch:
      return {r, "K-4", "a path must meet a path or the wall"};
    case RejectReason::kNoSuchSegment:
      return {r, "K-5", "the tile has no such feature"};
    case RejectReason::kNoFollowerLeft:
      return {r, "K-5", "you have no follower in supply"};
    case RejectReason::kFeatureOccupied:
      return {r, "K-5", "that feature already holds a follower"};
    case RejectReason::kNoSuchFeature:
      return {r, "K-9", "not one of the completed features waiting to be scored"};
    case RejectReason::kCannotDouble:
      return {r, "K-10",
              "no wall tile 2 or 3 of yours can double that feature (you need the tile and "
              "strictly more followers on it)"};
    default:
      break;
  }
  return WithoutRule(r);
}

}  // namespace carc::engine::castle

#include "carc/engine/castle/castle_game.h"

#include <array>
#include <bit>
#include <string>
#include <vector>

namespace carc::engine::castle {
namespace {

class CastleGame final : public Game {
 public:
  // The set is checked once here, not for every new game.
  explicit CastleGame(std::shared_ptr<const CastleSet> set)
      : set_(std::move(set)), set_error_(set_ ? Validate(*set_) : "no board and tile set") {}

  std::string_view name() const override { return "castle"; }
  int min_players() const override { return kPlayers; }
  int max_players() const override { return kPlayers; }
  std::span<const OptionSpec> Options() const override { return CastleOptionSpecs(); }
  std::variant<std::unique_ptr<State>, std::string> NewState(
      const GameSetup& setup) const override {
    if (setup.players != kPlayers) return std::string("The Castle is for exactly 2 players (K-1)");
    CastleConfig config;
    config.set = set_;
    config.seed = setup.seed;
    config.first_player = -1;  // drawn from the seed: the players choose (K-1)
    for (const auto& [option, value] : setup.options) {
      if (std::string e = SetCastleOption(config.options, option, value); !e.empty()) return e;
    }
    if (!set_error_.empty()) return set_error_;
    if (std::string e = ValidateWithCheckedSet(config); !e.empty()) return e;
    return std::unique_ptr<State>(std::make_unique<CastleGameState>(config));
  }
  std::string MoveText(const Move& m) const override {
    const auto arg = [&](int i) { return std::to_string(m.args[static_cast<std::size_t>(i)]); };
    switch (m.type) {
      case kTimeoutMove:
        return "timeout";
      case kResignMove:
        return "resign";
      case kCastlePlaceTileMove:
        return "place_tile " + arg(0) + " " + arg(1) + " r" + arg(2);
      case kCastlePlaceFollowerMove:
        return "place_follower " + arg(0);
      case kCastleSkipFollowerMove:
        return "skip_follower";
      case kScoreFeatureMove:
        return "score_feature " + arg(0) + (m.args[1] != 0 ? " doubled" : "");
      case kUseExtraTurnMove:
        return "use_extra_turn";
      case kEndTurnMove:
        return "end_turn";
      default:
        return "move " + std::to_string(m.type);
    }
  }

 private:
  std::shared_ptr<const CastleSet> set_;
  std::string set_error_;
};

// How many of Move::args each move type uses, by type.
constexpr std::array<std::size_t, 8> kMoveFields = {0, 0, 3, 1, 0, 2, 0, 0};
static_assert(kMoveFields.size() == kCastleMoveTypes);

}  // namespace

Move MoveOf(const Command& command) {
  struct Encode {
    Move operator()(const engine::Timeout&) const { return {kTimeoutMove, {}}; }
    Move operator()(const engine::Resign&) const { return {kResignMove, {}}; }
    Move operator()(const PlaceTile& c) const {
      return {kCastlePlaceTileMove, {c.pos.x, c.pos.y, c.rotation}};
    }
    Move operator()(const PlaceFollower& c) const { return {kCastlePlaceFollowerMove, {c.region}}; }
    Move operator()(const engine::SkipFollower&) const { return {kCastleSkipFollowerMove, {}}; }
    Move operator()(const ScoreFeature& c) const {
      return {kScoreFeatureMove, {c.feature, c.double_it ? 1 : 0}};
    }
    Move operator()(const UseExtraTurn&) const { return {kUseExtraTurnMove, {}}; }
    Move operator()(const EndTurn&) const { return {kEndTurnMove, {}}; }
  };
  return std::visit(Encode{}, command);
}

RejectReason CommandOf(const Move& m, Command& out) {
  const auto& a = m.args;
  if (m.type >= kMoveFields.size()) return RejectReason::kBadMove;
  // A field the move does not have must stay 0: one move, one encoding.
  for (std::size_t i = kMoveFields[m.type]; i < a.size(); ++i) {
    if (a[i] != 0) return RejectReason::kBadMove;
  }
  switch (m.type) {
    case kTimeoutMove:
      out = engine::Timeout{};
      return RejectReason::kNone;
    case kResignMove:
      out = engine::Resign{};
      return RejectReason::kNone;
    case kCastlePlaceTileMove:
      if (a[2] < 0 || a[2] > 3) return RejectReason::kBadRotation;
      out = PlaceTile{{a[0], a[1]}, a[2]};
      return RejectReason::kNone;
    case kCastlePlaceFollowerMove:
      if (!FitsByte(a[0])) return RejectReason::kNoSuchSegment;
      out = PlaceFollower{static_cast<std::uint8_t>(a[0])};
      return RejectReason::kNone;
    case kCastleSkipFollowerMove:
      out = engine::SkipFollower{};
      return RejectReason::kNone;
    case kScoreFeatureMove:
      if (!FitsByte(a[0])) return RejectReason::kNoSuchFeature;
      if (a[1] != 0 && a[1] != 1) return RejectReason::kCannotDouble;
      out = ScoreFeature{static_cast<std::uint8_t>(a[0]), a[1] == 1};
      return RejectReason::kNone;
    case kUseExtraTurnMove:
      out = UseExtraTurn{};
      return RejectReason::kNone;
    case kEndTurnMove:
      out = EndTurn{};
      return RejectReason::kNone;
    default:
      return RejectReason::kBadMove;
  }
}

std::string_view CastleGameState::Decision() const {
  switch (game().phase()) {
    case Phase::kPlaceTile:
      return "place_tile";
    case Phase::kPlaceFollower:
      return "place_follower";
    case Phase::kChooseScoring:
      return "choose_scoring";
    case Phase::kExtraTurn:
      return "extra_turn";
    case Phase::kGameOver:
      break;
  }
  return "";
}

void CastleGameState::LegalMoves(Seat seat, std::vector<Move>& out) const {
  out.clear();
  if (seat != game().ToMove()) return;
  switch (game().phase()) {
    case Phase::kPlaceTile:
      game().WriteLegalPlacements(out, [](const Placement& p) {
        return Move{kCastlePlaceTileMove, {p.pos.x, p.pos.y, p.rotation}};
      });
      return;
    case Phase::kPlaceFollower:
      for (std::uint32_t m = game().LegalFollowerRegionMask(); m != 0; m &= m - 1) {
        out.push_back({kCastlePlaceFollowerMove, {std::countr_zero(m)}});
      }
      out.push_back({kCastleSkipFollowerMove, {}});
      return;
    case Phase::kChooseScoring:
      for (const ScoreFeature& c : game().LegalScoringChoices()) out.push_back(MoveOf(c));
      return;
    case Phase::kExtraTurn:
      out.push_back({kUseExtraTurnMove, {}});
      out.push_back({kEndTurnMove, {}});
      return;
    case Phase::kGameOver:
      return;
  }
}

Move CastleGameState::PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                                  std::size_t& offered) const {
  // The two decisions of every turn draw without building the move list.
  const Phase phase = seat == game().ToMove() ? game().phase() : Phase::kGameOver;
  if (phase == Phase::kPlaceTile) {
    return PickPlacement(rng, offered, [](const Placement& p) {
      return Move{kCastlePlaceTileMove, {p.pos.x, p.pos.y, p.rotation}};
    });
  }
  if (phase == Phase::kPlaceFollower) {
    const std::uint32_t regions = game().LegalFollowerRegionMask();
    const auto spots = static_cast<std::uint32_t>(std::popcount(regions));
    offered = spots + 1;  // and the skip, last
    const std::uint32_t pick = rng.Below(spots + 1);
    if (pick == spots) return {kCastleSkipFollowerMove, {}};
    return {kCastlePlaceFollowerMove, {NthSetBit(regions, pick)}};
  }
  return State::PickUniform(seat, rng, scratch, offered);
}

std::vector<int> CastleGameState::ProjectedScores() const {
  const auto scores = game().ProjectedScores();
  return {scores.begin(), scores.end()};
}

std::unique_ptr<Game> MakeCastleGame(std::shared_ptr<const CastleSet> set) {
  return std::make_unique<CastleGame>(std::move(set));
}

}  // namespace carc::engine::castle

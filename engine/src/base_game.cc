#include "carc/engine/base_game.h"

#include <array>
#include <string>

namespace carc::engine {
namespace {

bool IsQuarter(std::int32_t q) {
  return q >= 0 && q < kQuarters;
}

class BaseGame final : public Game {
 public:
  std::string_view name() const override { return "base"; }
  int min_players() const override { return kMinPlayers; }
  int max_players() const override { return kMaxPlayers; }
  std::span<const OptionSpec> Options() const override { return OptionSpecs(); }
  std::variant<std::unique_ptr<State>, std::string> NewState(
      const GameSetup& setup) const override {
    GameConfig config;
    config.players = setup.players;
    config.seed = setup.seed;
    config.host_first_player = setup.host;
    for (const auto& [option, value] : setup.options) {
      if (std::string e = SetOption(config.options, option, value); !e.empty()) return e;
    }
    if (std::string e = Validate(config); !e.empty()) return e;
    return std::unique_ptr<State>(std::make_unique<BaseState>(config));
  }
  std::string MoveText(const Move& m) const override {
    const auto arg = [&](int i) { return std::to_string(m.args[static_cast<std::size_t>(i)]); };
    switch (m.type) {
      case kTimeoutMove:
        return "timeout";
      case kResignMove:
        return "resign";
      case kPlaceTileMove:
        return "place_tile " + arg(0) + " " + arg(1) + " r" + arg(2) +
               (m.args[3] == kNoTile ? "" : " tile " + arg(3));
      case kPlaceFollowerMove:
        return "place_follower " + arg(0);
      case kSkipFollowerMove:
        return "skip_follower";
      case kEnterCityMove:
        return "enter_city " + arg(0) + " count_to " + arg(1);
      case kRedeployMove:
        return "redeploy " + arg(0);
      case kLeaveCityMove:
        return "leave_city " + arg(0) + " " + arg(1) + " " + arg(2) + " segment " + arg(3);
      case kPassMove:
        return "pass";
      default:
        return "move " + std::to_string(m.type);
    }
  }
};

// How many of Move::args each move type uses, by type.
constexpr std::array<std::size_t, 9> kMoveFields = {0, 0, 4, 1, 0, 2, 1, 4, 0};
static_assert(kMoveFields.size() == kBaseMoveTypes);

}  // namespace

Move MoveOf(const Command& command) {
  struct Encode {
    Move operator()(const Timeout&) const { return {kTimeoutMove, {}}; }
    Move operator()(const Resign&) const { return {kResignMove, {}}; }
    Move operator()(const PlaceTile& c) const {
      return {kPlaceTileMove, {c.pos.x, c.pos.y, c.rotation, c.tile}};
    }
    Move operator()(const PlaceFollower& c) const { return {kPlaceFollowerMove, {c.segment}}; }
    Move operator()(const SkipFollower&) const { return {kSkipFollowerMove, {}}; }
    Move operator()(const EnterCity& c) const {
      return {kEnterCityMove, {static_cast<int>(c.quarter), static_cast<int>(c.count_to)}};
    }
    Move operator()(const Redeploy& c) const { return {kRedeployMove, {c.followers}}; }
    Move operator()(const LeaveCity& c) const {
      return {kLeaveCityMove, {static_cast<int>(c.quarter), c.pos.x, c.pos.y, c.segment}};
    }
    Move operator()(const Pass&) const { return {kPassMove, {}}; }
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
      out = Timeout{};
      return RejectReason::kNone;
    case kResignMove:
      out = Resign{};
      return RejectReason::kNone;
    case kPlaceTileMove:
      if (a[2] < 0 || a[2] > 3) return RejectReason::kBadRotation;
      if (a[3] < 0 || a[3] > kNoTile) return RejectReason::kTileNotInHand;
      out = PlaceTile{{a[0], a[1]}, a[2], static_cast<TileKind>(a[3])};
      return RejectReason::kNone;
    case kPlaceFollowerMove:
      if (!FitsByte(a[0])) return RejectReason::kNoSuchSegment;
      out = PlaceFollower{static_cast<std::uint8_t>(a[0])};
      return RejectReason::kNone;
    case kSkipFollowerMove:
      out = SkipFollower{};
      return RejectReason::kNone;
    case kEnterCityMove:
      if (!IsQuarter(a[0]) || !IsQuarter(a[1])) return RejectReason::kBadQuarter;
      out = EnterCity{static_cast<Quarter>(a[0]), static_cast<Quarter>(a[1])};
      return RejectReason::kNone;
    case kRedeployMove:
      out = Redeploy{a[0]};
      return RejectReason::kNone;
    case kLeaveCityMove:
      if (!IsQuarter(a[0])) return RejectReason::kBadQuarter;
      if (!FitsByte(a[3])) return RejectReason::kNoSuchSegment;
      out = LeaveCity{static_cast<Quarter>(a[0]), {a[1], a[2]}, static_cast<std::uint8_t>(a[3])};
      return RejectReason::kNone;
    case kPassMove:
      out = Pass{};
      return RejectReason::kNone;
    default:
      return RejectReason::kBadMove;
  }
}

std::string_view BaseState::Decision() const {
  switch (game().phase()) {
    case Phase::kPlaceTile:
      return "place_tile";
    case Phase::kPlaceFollower:
      return "place_follower";
    case Phase::kEnterCity:
      return "enter_city";
    case Phase::kRedeploy:
      return "redeploy";
    case Phase::kFinalMove:
      return "final_move";
    case Phase::kGameOver:
      break;
  }
  return "";
}

void BaseState::LegalMoves(Seat seat, std::vector<Move>& out) const {
  out.clear();
  if (seat != game().ToMove()) return;
  switch (game().phase()) {
    case Phase::kPlaceTile: {
      // The hot path of every playout: the placements go through a buffer the state keeps, and
      // the moves are written in place.
      game().LegalPlacements(placements_);
      out.resize(placements_.size());
      for (std::size_t i = 0; i < placements_.size(); ++i) {
        const Placement& p = placements_[i];
        out[i] = {kPlaceTileMove, {p.pos.x, p.pos.y, p.rotation, p.tile}};
      }
      return;
    }
    case Phase::kPlaceFollower:
      game().LegalFollowerSpots(spots_);
      for (const FollowerSpot& s : spots_) {
        out.push_back({kPlaceFollowerMove, {s.segment}});
      }
      out.push_back({kSkipFollowerMove, {}});
      return;
    case Phase::kEnterCity:
      for (const CityEntry& e : game().LegalCityEntries()) {
        out.push_back(MoveOf(EnterCity{e.quarter, e.count_to}));
      }
      out.push_back({kPassMove, {}});
      return;
    case Phase::kRedeploy:
      // Pass first, then the numbers a redeployment may move, ascending.
      out.push_back({kPassMove, {}});
      for (const int n : game().RedeployCounts()) out.push_back({kRedeployMove, {n}});
      return;
    case Phase::kFinalMove:
      for (const CityExit& e : game().LegalCityExits()) {
        out.push_back(MoveOf(LeaveCity{e.quarter, e.pos, e.segment}));
      }
      out.push_back({kPassMove, {}});
      return;
    case Phase::kGameOver:
      return;
  }
}

Move BaseState::PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                            std::size_t& offered) const {
  // The two decisions of every turn draw without building the move list; the Count's go the
  // general way.
  const Phase phase = seat == game().ToMove() ? game().phase() : Phase::kGameOver;
  if (phase == Phase::kPlaceTile) {
    return PickPlacement(rng, offered, [](const Placement& p) {
      return Move{kPlaceTileMove, {p.pos.x, p.pos.y, p.rotation, p.tile}};
    });
  }
  if (phase == Phase::kPlaceFollower) {
    game().LegalFollowerSpots(spots_);
    offered = spots_.size() + 1;  // and the skip, last
    const std::uint32_t pick = rng.Below(static_cast<std::uint32_t>(offered));
    if (pick == spots_.size()) return {kSkipFollowerMove, {}};
    return {kPlaceFollowerMove, {spots_[pick].segment}};
  }
  return State::PickUniform(seat, rng, scratch, offered);
}

void BaseState::PlayOut(Rng& rng, PlayoutCounts* counts) {
  // Events are built by Apply only; a state that keeps them plays the general way.
  if (keeps_events()) return State::PlayOut(rng, counts);
  GameState& game = mutable_game();
  std::vector<Move> scratch;
  while (!game.IsOver()) {
    const bool placing = game.phase() == Phase::kPlaceTile;
    std::size_t offered = 0;
    // The two decisions of every turn go straight to the engine; the Count's and a resigned
    // seat's go the general way.
    if (!game.PlayRandomDecision(rng, offered)) {
      PlayOneUniform(rng, scratch, counts);
      continue;
    }
    if (counts != nullptr) counts->Add(placing, offered);
  }
}

std::uint64_t BaseState::Observation() const {
  // The drawn tile, when it is one: with hands the placement names its tile itself.
  const TileKind t = game().current_tile();
  return t == kNoTile ? 0 : std::uint64_t{t} + 1;
}

std::vector<Seat> BaseState::Winners() const {
  return game().IsOver() ? game().Leaders() : std::vector<Seat>{};
}

std::unique_ptr<Game> MakeBaseGame() {
  return std::make_unique<BaseGame>();
}

}  // namespace carc::engine

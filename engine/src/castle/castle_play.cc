#include "carc/engine/castle/castle_play.h"

#include <cstdlib>

namespace carc::engine::castle {

ReplayResult Replay(const CastleConfig& config, std::span<const LoggedCommand> commands) {
  ReplayResult result{CastleState(config), 0, RejectReason::kNone};
  for (const LoggedCommand& c : commands) {
    result.error = result.state.Apply(c.seat, c.command);
    if (result.error != RejectReason::kNone) break;
    ++result.applied;
  }
  return result;
}

LoggedCommand RandomPlayer::Choose(const CastleState& state) {
  const Seat seat = state.ToMove();
  const auto pick = [&](std::size_t n) { return rng_.Below(static_cast<std::uint32_t>(n)); };
  switch (state.phase()) {
    case Phase::kPlaceTile: {
      const auto legal = state.LegalPlacements();
      const Placement& p = legal[pick(legal.size())];
      return {seat, PlaceTile{p.pos, p.rotation}};
    }
    case Phase::kPlaceFollower: {
      const auto legal = state.LegalFollowerRegions();
      const std::size_t i = pick(legal.size() + 1);
      if (i == legal.size()) return {seat, engine::SkipFollower{}};
      return {seat, PlaceFollower{legal[i]}};
    }
    case Phase::kChooseScoring: {
      const auto legal = state.LegalScoringChoices();
      return {seat, legal[pick(legal.size())]};
    }
    case Phase::kExtraTurn:
      return {seat, pick(2) == 0 ? Command{UseExtraTurn{}} : Command{EndTurn{}}};
    case Phase::kGameOver:
      break;
  }
  std::abort();  // no decision in a finished game
}

void PlayOut(CastleState& state, RandomPlayer& player, std::vector<LoggedCommand>* log) {
  while (!state.IsOver()) {
    LoggedCommand c = player.Choose(state);
    if (state.Apply(c.seat, c.command) != RejectReason::kNone) std::abort();
    if (log != nullptr) log->push_back(std::move(c));
  }
}

}  // namespace carc::engine::castle

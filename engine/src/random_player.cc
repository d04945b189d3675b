#include "carc/engine/random_player.h"

namespace carc::engine {

LoggedCommand RandomPlayer::Choose(const GameState& state) {
  const Seat seat = state.ToMove();
  if (state.phase() == Phase::kPlaceTile) {
    state.LegalPlacements(placements_);
    ++placement_decisions_;
    placements_offered_ += placements_.size();
    const Placement& p = placements_[rng_.Below(static_cast<std::uint32_t>(placements_.size()))];
    return {seat, PlaceTile{p.pos, p.rotation, p.tile}};
  }
  switch (state.phase()) {
    case Phase::kEnterCity: {
      const std::vector<CityEntry> entries = state.LegalCityEntries();
      const std::uint32_t pick = rng_.Below(static_cast<std::uint32_t>(entries.size() + 1));
      if (pick == entries.size()) return {seat, Pass{}};
      return {seat, EnterCity{entries[pick].quarter, entries[pick].count_to}};
    }
    case Phase::kRedeploy: {
      // Drawn as 0..limit (0 = pass) so that games with count_redeploy=any replay as before.
      const std::vector<int> counts = state.RedeployCounts();
      const auto n = rng_.Below(static_cast<std::uint32_t>(counts.size() + 1));
      if (n == 0) return {seat, Pass{}};
      return {seat, Redeploy{counts[n - 1]}};
    }
    case Phase::kFinalMove: {
      const std::vector<CityExit> exits = state.LegalCityExits();
      const std::uint32_t pick = rng_.Below(static_cast<std::uint32_t>(exits.size() + 1));
      if (pick == exits.size()) return {seat, Pass{}};
      const CityExit& e = exits[pick];
      return {seat, LeaveCity{e.quarter, e.pos, e.segment}};
    }
    default:
      break;
  }
  state.LegalFollowerSpots(spots_);
  const std::uint32_t pick = rng_.Below(static_cast<std::uint32_t>(spots_.size() + 1));
  if (pick == spots_.size()) return {seat, SkipFollower{}};
  return {seat, PlaceFollower{spots_[pick].segment}};
}

void PlayOut(GameState& state, RandomPlayer& player, std::vector<LoggedCommand>* log) {
  while (!state.IsOver()) {
    const LoggedCommand c = player.Choose(state);
    state.Apply(c.seat, c.command);
    if (log != nullptr) log->push_back(c);
  }
}

}  // namespace carc::engine
